import type { Request, Response } from 'express';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { notModified } from '../../conditional.js';
import { sendEncoded } from '../../encoding.js';
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
export function sendPage(req: Request, res: Response, html: string, opts: SendPageOptions = {}) {
  const status = opts.status ?? 200;
  res.setHeader('Content-Security-Policy', PUBLIC_PAGE_POLICY);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Cache-Control', opts.cacheControl ?? 'public, max-age=0, must-revalidate');
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200) {
    const etag = opts.etag ?? etagOf(html);
    res.setHeader('ETag', etag);
    if (notModified(req.headers['if-none-match'], etag)) return sendEncoded(req, res.status(304), undefined);
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  sendEncoded(req, res.status(status), html);
}
