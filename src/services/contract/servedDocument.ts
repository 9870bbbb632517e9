import crypto from 'node:crypto';
import { servedJson, servedYaml } from '../../contract/document.js';
import type { Config } from '../../config.js';

export interface ServedRepresentation {
  body: string;
  /** A strong validator of `body` (RFC 9110 §8.8.3). */
  etag: string;
}

const tag = (body: string) => `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** The contract as this deployment serves it (contract 9.2), each representation rendered and hashed once, when first asked for. */
export class ServedContractService {
  private served: { json?: ServedRepresentation; yaml?: ServedRepresentation } = {};

  constructor(private readonly config: Pick<Config, 'publicBaseUrl'>) {}

  private static representation(body: string): ServedRepresentation {
    return { body, etag: tag(body) };
  }

  json(): ServedRepresentation {
    return (this.served.json ??= ServedContractService.representation(servedJson(this.config.publicBaseUrl)));
  }

  yaml(): ServedRepresentation {
    return (this.served.yaml ??= ServedContractService.representation(servedYaml(this.config.publicBaseUrl)));
  }
}
