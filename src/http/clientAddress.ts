import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';
import { keyedHash } from '../lib/crypto.js';

const UNKNOWN = 'unknown';

/**
 * Contract 8.3 rule 7: the client address comes only from the socket (when the operator says
 * the service faces clients directly) or one operator-configured single-value header. Caller-
 * supplied forwarded-for headers are never read; without configuration everyone shares one
 * "unknown" bucket. Only a keyed hash of the address is kept.
 */
export function networkRef(config: Config, req: IncomingMessage): string {
  let address = UNKNOWN;
  if (config.clientIp.source === 'socket') {
    address = req.socket.remoteAddress ?? UNKNOWN;
  } else if (config.clientIp.source === 'header') {
    const value = req.headers[config.clientIp.header];
    // A single-value header: a list means something in front is misconfigured or spoofed.
    if (typeof value === 'string' && value.trim() && !value.includes(',')) address = value.trim();
  }
  return keyedHash(config.secretKey, 'network', address).slice(0, 22);
}
