import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { notModified } from '../../conditional.js';
import { codedTag, keptVariant, type Coding, sendEncoded } from '../../encoding.js';
import { etagOf } from '../../publicCaching.js';

/** A whole HTML document from a page component (Preact escapes every text and attribute). */
export function renderDocument(page: VNode): string {
  return `<!doctype html>${renderToString(page)}`;
}

/**
 * Characters a form page never echoes: C0 controls other than tab, line feed and carriage
 * return, DEL, C1 controls, lone surrogates, and bidirectional embedding, override and isolate
 * controls (which would make echoed text read differently from what it holds). Each becomes
 * U+FFFD. The pages' own markup holds none of them.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A whole document of a page that echoes what a visitor typed (sign-in, developer, consent). */
export function renderFormPage(page: VNode): string {
  return renderDocument(page).replace(UNPRINTABLE, '\ufffd');
}

/**
 * The Content-Security-Policy of the public pages: their stylesheet and script are our own files
 * (no inline script or style at all), images may come from our origin or any https host (profile
 * images are absolute URLs), forms post only to us.
 */
export const PUBLIC_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "script-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every public page, whatever its status. */
const PAGE_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', PUBLIC_PAGE_POLICY],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** `Cache-Control` of a public page: kept by browsers and shared caches, but revalidated before each use. */
const PUBLIC_PAGE_CACHING = 'public, max-age=0, must-revalidate';

export interface SendPageOptions {
  status?: number;
  /** `Cache-Control` of a public page; `no-store` for error pages and pages with a session. */
  cacheControl?: string;
  /** The page's strong ETag when already known (a kept page); else made from its bytes. */
  etag?: string;
}

/**
 * Sends a rendered page with the pages' headers, a strong ETag of its bytes and `304 Not
 * Modified` when the browser already holds them; compressed as the request prefers, each coding
 * with its own tag (src/http/encoding.ts).
 */
export function sendPage(req: IncomingMessage, res: ServerResponse, html: string, opts: SendPageOptions = {}) {
  const status = opts.status ?? 200;
  for (const [name, value] of PAGE_HEADERS) res.setHeader(name, value);
  res.setHeader('Cache-Control', opts.cacheControl ?? PUBLIC_PAGE_CACHING);
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200) {
    const etag = opts.etag ?? etagOf(html);
    res.setHeader('ETag', etag);
    if (notModified(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      return sendEncoded(req, res, undefined);
    }
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.statusCode = status;
  sendEncoded(req, res, html);
}

/**
 * A kept page's `200` answer in one content coding, made once: its bytes and every header that
 * does not change per request, as a flat name/value list for `writeHead`. The same headers and
 * bytes `sendPage` gives the page (`headers` adds what every answer carries, the security headers).
 */
export interface PreparedPage {
  body: string | Buffer;
  headers: readonly string[];
}

export function preparePage(page: { raw: string; bytes: number; etag: string }, coding: Coding, headers: readonly (readonly [string, string])[]): PreparedPage {
  const coded = keptVariant(page.raw, page.bytes, coding, page.etag);
  const list: string[] = [];
  for (const [name, value] of [...headers, ...PAGE_HEADERS]) list.push(name, value);
  list.push('Cache-Control', PUBLIC_PAGE_CACHING, 'Vary', 'Accept-Encoding', 'ETag', codedTag(page.etag, coded.coding), 'Content-Type', 'text/html; charset=utf-8');
  if (coded.coding !== 'identity') list.push('Content-Encoding', coded.coding);
  list.push('Content-Length', String(typeof coded.bytes === 'string' ? page.bytes : coded.bytes.length));
  return { body: coded.bytes, headers: list };
}
