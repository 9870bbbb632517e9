const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

export function page(title: string, body: string, user?: { email: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Marquee</title>
<style>
body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}
header{display:flex;justify-content:space-between;align-items:center;border-bottom:1px solid #ddd;margin-bottom:1.5rem}
a{color:#3b5bdb}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:.3rem;text-align:left;font-size:.9rem}
input[type=text],input[type=email],input[type=password]{width:100%;max-width:24rem;padding:.4rem}button{min-height:2.75rem;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;cursor:pointer}
.secret{font-family:monospace;background:#fff3bf;padding:.6rem;word-break:break-all}.error{color:#c92a2a}
fieldset{border:1px solid #ddd}label{display:block;margin:.3rem 0}
</style></head><body>
<header><h1><a href="/" style="text-decoration:none;color:inherit">Marquee</a></h1><nav>${
    user
      ? `${esc(user.email)} · <a href="/developer">Developer</a> · <form method="post" action="/logout" style="display:inline"><button>Sign out</button></form>`
      : '<a href="/login">Sign in</a>'
  }</nav></header>
<main><h2>${esc(title)}</h2>${body}</main></body></html>`;
}
