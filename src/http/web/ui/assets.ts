import crypto from 'node:crypto';
import { Router, type Response } from 'express';
import { SITE_CSS } from './styles.js';
import { enhancePage } from './client.js';
import { EDITOR_ENHANCERS } from './editor/index.js';
import { notModified } from '../../conditional.js';
import { sendEncoded } from '../../encoding.js';

/** A static file of the pages, named by the hash of its bytes so it can be cached for a year. */
export interface StaticAsset {
  path: string;
  body: Buffer;
  contentType: string;
  etag: string;
}

function asset(name: string, ext: string, text: string, contentType: string): StaticAsset {
  const body = Buffer.from(text);
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return { path: `/assets/${name}.${hash}.${ext}`, body, contentType, etag: `"${hash}"` };
}

export const STYLESHEET = asset('site', 'css', SITE_CSS.trim(), 'text/css; charset=utf-8');
// Under a loader that keeps function names (tsx, in development and tests) the compiled source
// calls `__name(fn, "name")`; the shim makes that a no-op, so the file is the same everywhere.
export const SCRIPT = asset('site', 'js', `"use strict";var __name=function(f){return f};(${enhancePage.toString()})();\n`, 'text/javascript; charset=utf-8');
/** The editing pages' second script: each part of ./editor run in turn, each guarded so one failure leaves the others working. */
export const EDITOR_SCRIPT = asset(
  'edit',
  'js',
  `"use strict";var __name=function(f){return f};${EDITOR_ENHANCERS.map((f) => `try{(${f.toString()})()}catch(e){console.error(e)}`).join(';\n')};\n`,
  'text/javascript; charset=utf-8',
);

/** The mark: a marquee's lit sign, in the accent colour (favicon and header). */
export const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4338ca"/>' +
  '<path d="M7 23V9h3.2l5.8 8.2L21.8 9H25v14h-3.4v-8.4l-5.6 7.7-5.6-7.7V23z" fill="#fff"/>' +
  '<g fill="#fbbf24"><circle cx="7" cy="5.5" r="1.3"/><circle cx="12.5" cy="5.5" r="1.3"/><circle cx="19.5" cy="5.5" r="1.3"/><circle cx="25" cy="5.5" r="1.3"/>' +
  '<circle cx="7" cy="26.5" r="1.3"/><circle cx="12.5" cy="26.5" r="1.3"/><circle cx="19.5" cy="26.5" r="1.3"/><circle cx="25" cy="26.5" r="1.3"/></g></svg>';
export const FAVICON = { ...asset('favicon', 'svg', MARK_SVG, 'image/svg+xml'), path: '/favicon.svg' };

const IMMUTABLE = 'public, max-age=31536000, immutable';

function send(res: Response, a: StaticAsset, cacheControl: string, ifNoneMatch: string | undefined) {
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', a.etag);
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  if (notModified(ifNoneMatch, a.etag)) return void sendEncoded(res.req, res.status(304), undefined);
  res.setHeader('Content-Type', a.contentType);
  sendEncoded(res.req, res.status(200), a.body);
}

/** The stylesheet, the script and the icon; `/favicon.ico` (asked for by habit) is the same icon. */
export function assetRoutes(): Router {
  const router = Router();
  for (const a of [STYLESHEET, SCRIPT, EDITOR_SCRIPT]) router.get(a.path, (req, res) => send(res, a, IMMUTABLE, req.headers['if-none-match']));
  router.get(['/favicon.svg', '/favicon.ico'], (req, res) => send(res, FAVICON, 'public, max-age=86400', req.headers['if-none-match']));
  return router;
}
