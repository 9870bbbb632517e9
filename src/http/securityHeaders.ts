import type { NextFunction, Request, Response } from 'express';

/**
 * Headers every answer carries (API, problems, OAuth, MCP and the HTML pages); a route may add
 * its own (the pages' headers in src/http/web/pageHeaders.ts, asset files' sandbox CSP).
 *
 * - `X-Content-Type-Options: nosniff`: bodies are what their media type says.
 * - `Referrer-Policy: same-origin`: the pages carry OAuth interaction ids, consent transactions
 *   and the developer page's credentials in their URLs, so nothing of them (not even our origin)
 *   goes to another site. Not `no-referrer`: under it browsers send `Origin: null` on the pages'
 *   own form posts, which the same-origin check of those forms must refuse.
 * - `Permissions-Policy`: no page of this service uses a powerful browser feature, so all of
 *   them are turned off for the pages and anything they could embed.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), ' +
    'magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), ' +
    'serial=(), usb=(), xr-spatial-tracking=(), interest-cohort=(), browsing-topics=()',
};

/**
 * `Strict-Transport-Security` when the public base URL is https (a deployment behind TLS): one
 * year, this host only (subdomains may be other services of the operator). Over plain http the
 * header means nothing and is left out.
 */
export const HSTS = 'max-age=31536000';

export function securityHeaders(opts: { publicBaseUrl?: string } = {}) {
  const set = setSecurityHeaders(opts);
  return (_req: Request, res: Response, next: NextFunction): void => {
    set(res);
    next();
  };
}

/** The headers of `securityHeaders`, as name/value pairs (for the lanes, which answer before it). */
export function securityHeaderList(opts: { publicBaseUrl?: string } = {}): [string, string][] {
  return Object.entries({ ...SECURITY_HEADERS, ...(opts.publicBaseUrl?.startsWith('https://') ? { 'Strict-Transport-Security': HSTS } : {}) });
}

/** Sets the headers of `securityHeaders` on one answer (for the fast lane, which answers before it). */
export function setSecurityHeaders(opts: { publicBaseUrl?: string } = {}) {
  const headers = securityHeaderList(opts);
  return (res: Response): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
