import type { NextFunction, Request, Response } from 'express';

/**
 * The Content-Security-Policy of the sign-in, account, developer and consent pages. Like the
 * public pages (ui/render.ts) they load only our own stylesheet, script and icon (no inline style
 * or script at all, so no `'unsafe-inline'` and no hashes). `formAction` lists where the page's
 * forms may post (and, as browsers apply it, where the redirects after a submission may go);
 * `null` leaves form-action out for a page whose submission ends, through redirects, on an
 * OAuth client's redirect URI not known yet. `connect` (the editing pages: `'self'`, and the
 * storage origin where uploads go straight to it) lists where the editor script may send requests.
 */
export function pagePolicy(formAction: readonly string[] | null = ["'self'"], connect?: readonly string[]): string {
  const directives = [
    "default-src 'none'",
    "style-src 'self'",
    "script-src 'self'",
    "img-src 'self'",
    ...(connect?.length ? [`connect-src ${connect.join(' ')}`] : []),
    "base-uri 'none'",
    ...(formAction ? [`form-action ${formAction.join(' ')}`] : []),
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/**
 * Headers of every HTML page, beside the app-wide ones (src/http/securityHeaders.ts):
 * - the page policy above, and `X-Frame-Options: DENY` for browsers without frame-ancestors;
 * - `Cross-Origin-Opener-Policy: same-origin`: no other site's window keeps a handle on ours;
 * - `Cross-Origin-Resource-Policy: same-origin`: no other site embeds the pages;
 * - `Cache-Control: no-store` where a page holds a form, a session's content or a secret shown
 *   once (the sign-in, developer and consent pages); the start page is public and may be cached.
 */
export function pageHeaders(opts: { noStore: boolean; formAction?: readonly string[] | null; connect?: readonly string[] }) {
  const policy = pagePolicy(opts.formAction === undefined ? undefined : opts.formAction, opts.connect);
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (opts.noStore) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
