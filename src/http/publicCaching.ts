import crypto from 'node:crypto';
import type { OperationId } from '../generated/contract.js';
import { notModified } from './conditional.js';
import type { RequestContext } from './pipeline/context.js';
import type { Answer } from './pipeline/send.js';

/** Anonymous public reads: anyone may keep them, but must ask again (with the ETag) before reuse. */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Authenticated answers and answers about the caller: never stored. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** GETs open to anonymous callers whose answer is still about the caller, not the directory. */
const CALLER_SPECIFIC: ReadonlySet<OperationId> = new Set(['getApiRateLimitUsage', 'probeProfileAssetUploadStorage']);

/** A strong validator from the representation's bytes (SHA-256, base64url, as the contract's ETag pattern). */
export const etagOf = (bytes: string | Buffer): string => `"${crypto.createHash('sha256').update(bytes).digest('base64url')}"`;

const headerName = (headers: Record<string, string>, name: string) => Object.keys(headers).find((k) => k.toLowerCase() === name);

/**
 * HTTP caching of GET answers, in one place for every operation:
 * - public reads (GETs the contract opens to anonymous callers): a strong `ETag` on every 200
 *   with a body in hand (a handler's own tag, as on files and calendars, is kept), and
 *   `If-None-Match` with a current tag answers 304 without a body, with the same `ETag` and
 *   `Cache-Control`; `Cache-Control` is `public, max-age=0, must-revalidate` for anonymous
 *   callers and `private, no-store` for authenticated ones, unless the handler set its own;
 * - every other GET (answers about the caller, such as /me): `private, no-store`;
 * - refusals of GETs: `no-store`.
 * Streamed bodies keep the handler's headers only (their bytes are not known in advance).
 */
export function withHttpCaching(ctx: RequestContext, answer: Answer): Answer {
  const { meta, operationId } = ctx;
  if (!meta || !operationId || meta.method !== 'get') return answer;
  const headers = { ...answer.headers };
  const cacheControl = headerName(headers, 'cache-control');
  if (answer.status >= 400) {
    if (!cacheControl) headers['Cache-Control'] = 'no-store';
    return { ...answer, headers };
  }
  const publicRead = meta.anonymous && !CALLER_SPECIFIC.has(operationId);
  if (!cacheControl) headers['Cache-Control'] = publicRead && !ctx.credential ? PUBLIC_REVALIDATE : PRIVATE_NO_STORE;
  if (!publicRead || answer.status !== 200 || answer.stream) return { ...answer, headers };
  let raw = answer.raw;
  const etagHeader = headerName(headers, 'etag');
  let etag = etagHeader ? headers[etagHeader] : undefined;
  if (!etag) {
    const type = answer.contentType ?? 'application/json';
    if (raw === undefined) {
      if (answer.body === undefined) return { ...answer, headers };
      raw = type.includes('json') ? JSON.stringify(answer.body) : (answer.body as string | Buffer);
    }
    etag = etagOf(raw);
    headers.ETag = etag;
  }
  if (notModified(ctx.req.headers['if-none-match'], etag)) return { status: 304, headers };
  return raw === undefined ? { ...answer, headers } : { ...answer, raw, body: undefined, headers };
}
