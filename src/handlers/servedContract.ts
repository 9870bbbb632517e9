import crypto from 'node:crypto';
import { servedDocument } from '../contract/document.js';

export interface ServedRepresentation {
  body: string;
  etag: string;
}

const cache = new Map<string, { json: ServedRepresentation; yaml: ServedRepresentation }>();
const tag = (body: string) => `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** The served contract is rendered and hashed once per base URL. */
export function servedContract(publicBaseUrl: string) {
  let served = cache.get(publicBaseUrl);
  if (!served) {
    const { json, yaml } = servedDocument(publicBaseUrl);
    served = { json: { body: json, etag: tag(json) }, yaml: { body: yaml, etag: tag(yaml) } };
    cache.set(publicBaseUrl, served);
  }
  return served;
}

/** RFC 9110 §13.1.2: weak comparison of If-None-Match against the current tag. */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const value = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (value.trim() === '*') return true;
  return value.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
