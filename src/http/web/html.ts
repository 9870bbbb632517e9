import crypto from 'node:crypto';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Characters a page never echoes: C0 controls other than tab, line feed and carriage return, DEL,
 * C1 controls, lone surrogates, and bidirectional embedding, override and isolate controls (which
 * would make echoed text read differently from what it holds). Each becomes U+FFFD.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes text for HTML element content and quoted attribute values. */
export const esc = (value: unknown): string =>
  String(value ?? '')
    .replace(UNPRINTABLE, '\ufffd')
    .replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The pages' only styles: one stylesheet, allowed by its hash in the pages' Content-Security-Policy
 * (src/http/web/pageHeaders.ts). Pages use classes, never `style` attributes or inline scripts.
 */
export const PAGE_STYLE = `
body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}
header{display:flex;justify-content:space-between;align-items:center;border-bottom:1px solid #ddd;margin-bottom:1.5rem}
a{color:#3b5bdb}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:.3rem;text-align:left;font-size:.9rem}
input[type=text],input[type=email],input[type=password]{box-sizing:border-box;width:100%;max-width:24rem;padding:.4rem}button{min-height:2.75rem;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;cursor:pointer}
.secret{font-family:monospace;background:#fff3bf;padding:.6rem;word-break:break-all}.error{color:#c92a2a}
fieldset{border:1px solid #ddd}label{display:block;margin:.3rem 0}
.home{text-decoration:none;color:inherit}.inline{display:inline}
`;

export const PAGE_STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

export function page(title: string, body: string, user?: { email: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Marquee</title>
<style>${PAGE_STYLE}</style></head><body>
<header><h1><a href="/" class="home">Marquee</a></h1><nav>${
    user
      ? `${esc(user.email)} · <a href="/developer">Developer</a> · <form method="post" action="/logout" class="inline"><button>Sign out</button></form>`
      : '<a href="/login">Sign in</a>'
  }</nav></header>
<main><h2>${esc(title)}</h2>${body}</main></body></html>`;
}
