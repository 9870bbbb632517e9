import crypto from 'node:crypto';
import { servedDocument } from '../../contract/document.js';
import type { Config } from '../../config.js';

export interface ServedRepresentation {
  body: string;
  /** A strong validator of `body` (RFC 9110 §8.8.3). */
  etag: string;
}

const tag = (body: string) => `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** The contract as this deployment serves it (contract 9.2), rendered and hashed once. */
export class ServedContractService {
  private served?: { json: ServedRepresentation; yaml: ServedRepresentation };

  constructor(private readonly config: Pick<Config, 'publicBaseUrl'>) {}

  private render() {
    if (!this.served) {
      const { json, yaml } = servedDocument(this.config.publicBaseUrl);
      this.served = { json: { body: json, etag: tag(json) }, yaml: { body: yaml, etag: tag(yaml) } };
    }
    return this.served;
  }

  json(): ServedRepresentation {
    return this.render().json;
  }

  yaml(): ServedRepresentation {
    return this.render().yaml;
  }
}
