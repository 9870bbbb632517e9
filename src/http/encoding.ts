import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';
import compression from 'compression';

/**
 * Content coding of textual answers (RFC 9110 §8.4): brotli or gzip as the request's
 * `Accept-Encoding` prefers, identity otherwise. Two paths, one policy:
 * - answers whose bytes are in hand (every API answer through the pipeline's last stage and the
 *   lanes ahead of the app, the pages, the account pages, the page assets) go out through `sendEncoded`: an answer
 *   with a strong ETag that comes round again is compressed once more, harder, and that variant
 *   kept by its tag (a strong validator names exactly these bytes), so a kept public read, a
 *   cached page or openapi.json is not recompressed per request, and a one-off answer costs only
 *   a fast compression; each coding gets its own strong tag (`"…-br"`, `"…-gz"`);
 * - anything else written through express (OAuth answers, operational endpoints, streamed bodies)
 *   goes through the `compression` middleware, which leaves an answer that already carries a
 *   `Content-Encoding` alone.
 * Bodies under `MIN_BYTES` and non-textual media types (images, archives) are sent as they are.
 */
export const MIN_BYTES = 1024;

export type Coding = 'br' | 'gzip' | 'identity';

/** The textual media types worth compressing (everything the service answers except images and archives). */
const TEXTUAL = /^(text\/|application\/(json|problem\+json|[\w.+-]*\+json|yaml|x-yaml|javascript|xml|[\w.+-]*\+xml)|image\/svg\+xml)/i;
export const isTextual = (contentType: string | undefined) => contentType !== undefined && TEXTUAL.test(contentType);

/**
 * The coding the request prefers among brotli, gzip and identity by its q-values (RFC 9110
 * §12.5.3, `*` included); brotli first when both are equally acceptable, whatever the order they
 * are listed in (browsers list gzip first).
 */
export function negotiateCoding(req: IncomingMessage): Coding {
  const header = req.headers['accept-encoding'];
  if (!header) return 'identity';
  // Clients send a handful of distinct values: each is read once.
  let coding = negotiated.get(header);
  if (coding === undefined) {
    coding = codingOf(header);
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.delete(negotiated.keys().next().value as string);
    negotiated.set(header, coding);
  }
  return coding;
}

const MAX_NEGOTIATED = 256;
const negotiated = new Map<string, Coding>();

function codingOf(header: string): Coding {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const value = Number.isFinite(q) ? q : 0;
    if (name === 'br') br = value;
    else if (name === 'gzip' || name === 'x-gzip') gzip = value;
    else if (name === '*') any = value;
  }
  const qBr = br ?? any ?? 0;
  const qGzip = gzip ?? any ?? 0;
  if (qBr > 0 && qBr >= qGzip) return 'br';
  return qGzip > 0 ? 'gzip' : 'identity';
}

const SUFFIX: Record<Exclude<Coding, 'identity'>, string> = { br: '-br', gzip: '-gz' };

/** The strong tag of one coding of the representation tagged `etag` (the contract's tag alphabet). */
export function codedTag(etag: string, coding: Coding): string {
  if (coding === 'identity' || !/^"[A-Za-z0-9_-]+"$/.test(etag)) return etag;
  return `${etag.slice(0, -1)}${SUFFIX[coding]}"`;
}

/** The identity tag a coded tag was made from (itself when it names no coding). */
export const identityTag = (tag: string) => tag.replace(/-(br|gz)"$/, '"');

/** The smallest brotli window (log2 of its bytes, 10–24) holding a body of `length` bytes. */
export const brotliWindow = (length: number) =>
  Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(Math.max(1, length)))));

function compress(bytes: Buffer, coding: Exclude<Coding, 'identity'>, kept: boolean): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(bytes, { level: kept ? 9 : 6 });
  // Kept variants are compressed once, harder (quality 9: within a tenth of 11's size at a tenth
  // of its time); per-request bodies at brotli's fast end. The window fits the body: at the
  // default 4 MB window, quality 9 spends ~8 ms setting up its tables for a 6 KB search answer
  // (0.2 ms with a 8 KB window, for the same size), and a burst of newly kept answers, such as
  // hundreds of distinct searches, held the event loop for seconds.
  // Past 64 KB, quality 6: openapi.json (311 KB) is 61.1 KB in 5 ms against 59.4 KB in 98 ms at 9,
  // and a large feed kept anew as events end must not hold the loop for a tenth of a second.
  const quality = kept ? (bytes.length > 64 * 1024 ? 6 : 9) : 4;
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(bytes.length),
    },
  });
}

/**
 * Compressed variants kept by strong ETag and identity length, least recently used first out
 * beyond `MAX_KEPT_BYTES`. A strong tag names exactly one sequence of bytes, so a variant kept
 * under it is the compression of any body sent with it.
 */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
const kept = new Map<string, Buffer>();
let keptBytes = 0;

/**
 * Tags sent once: a variant is compressed hard and kept only when its tag comes round a second
 * time, so a one-off answer (a search nobody repeats) costs a fast compression and evicts nothing.
 */
const MAX_SEEN = 20_000;
const seen = new Set<string>();

/** `length` is the identity length of `body`; a string is made bytes only when it must be compressed. */
function variant(body: string | Buffer, length: number, coding: Exclude<Coding, 'identity'>, etag: string | undefined, hard = false): Buffer {
  const bytes = () => (typeof body === 'string' ? Buffer.from(body) : body);
  if (!etag) return compress(bytes(), coding, false);
  const key = `${coding}\0${etag}\0${length}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  if (!seen.delete(key) && !hard) {
    if (seen.size >= MAX_SEEN) seen.delete(seen.values().next().value as string);
    seen.add(key);
    return compress(bytes(), coding, false);
  }
  const made = compress(bytes(), coding, true);
  kept.set(key, made);
  keptBytes += made.length;
  for (const [k, v] of kept) {
    if (keptBytes <= MAX_KEPT_BYTES) break;
    kept.delete(k);
    keptBytes -= v.length;
  }
  return made;
}

/**
 * The coded variant of a body tagged with the strong `etag` that is known to be asked for again
 * (a kept page): compressed hard at once and kept as `variant` keeps them, so bytes that come
 * back under the same tag (a page rendered again after an unrelated write) are not compressed
 * again. Identity (or a body under `MIN_BYTES`) is the body itself.
 */
export function keptVariant(body: string, length: number, coding: Coding, etag: string): { bytes: string | Buffer; coding: Coding } {
  if (coding === 'identity' || length < MIN_BYTES) return { bytes: body, coding: 'identity' };
  return { bytes: variant(body, length, coding, etag, true), coding };
}

/** Adds `Accept-Encoding` to the answer's `Vary` once. */
function varyOnCoding(res: ServerResponse): void {
  const vary = res.getHeader('Vary');
  const value = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (value === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return;
  res.setHeader('Vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Writes a complete answer whose headers (status, `Content-Type`, an optional strong `ETag`) are
 * set: compressed as the request prefers when textual and at least `MIN_BYTES`, and then tagged
 * with the coding's own strong tag. `bytes` undefined ends a bodiless answer: a 304 carries the
 * tag the client presented when that was a coded tag of the current representation.
 */
/**
 * A body as it is best written: a long string as bytes. Node writes a string the socket cannot
 * take at once by encoding what is left again on each later write, so a 300 KB string left at a
 * tenth of the speed of the same bytes as a Buffer (openapi.json uncompressed: 263 → 2 800/s).
 */
export const sendable = (bytes: string | Buffer, length: number): string | Buffer => (typeof bytes === 'string' && length > LONG_STRING ? Buffer.from(bytes) : bytes);
const LONG_STRING = 16 * 1024;

export function sendEncoded(req: IncomingMessage, res: ServerResponse, bytes: string | Buffer | undefined): void {
  const etag = res.getHeader('ETag') as string | undefined;
  if (bytes === undefined) {
    if (res.statusCode === 304 && etag) {
      varyOnCoding(res);
      const held = presentedCodedTag(req.headers['if-none-match'], etag);
      if (held) res.setHeader('ETag', held);
    }
    return void res.end();
  }
  if (!isTextual(res.getHeader('Content-Type') as string | undefined) || res.getHeader('Content-Encoding') !== undefined) return void res.end(bytes);
  varyOnCoding(res);
  const coding = negotiateCoding(req);
  // A string leaves in one write with the headers.
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  if (coding === 'identity' || length < MIN_BYTES) {
    res.setHeader('Content-Length', length);
    return void res.end(sendable(bytes, length));
  }
  const coded = variant(bytes, length, coding, etag);
  if (etag) res.setHeader('ETag', codedTag(etag, coding));
  res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', coded.length);
  res.end(coded);
}

/** The coded tag of `etag` among the client's If-None-Match, if any. */
function presentedCodedTag(ifNoneMatch: string | string[] | undefined, etag: string): string | undefined {
  if (!ifNoneMatch) return undefined;
  const value = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  for (const candidate of value.split(',')) {
    const tag = candidate.trim().replace(/^W\//, '');
    if (tag !== etag && identityTag(tag) === etag) return tag;
  }
  return undefined;
}

/** An HTML page without a validator (the account pages), compressed as the request prefers; it has left when this returns. */
export function sendHtml(res: Response, html: string): void {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  sendEncoded(res.req, res, html);
}

/** The catch-all: express answers that do not pass through `sendEncoded` (same threshold and coding preference). */
export const compressRest = () => compression({ threshold: MIN_BYTES, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
