import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { createTestApp, type TestApp } from './testApp.js';
import type { Config } from '../../src/config.js';
import type { AppDeps } from '../../src/app.js';
import { answerClientError } from '../../src/http/requestGuards.js';

export interface ServedTestApp {
  t: TestApp;
  base: string;
  as: oauth.AuthorizationServer;
  close(): Promise<void>;
}

/** Options every oauth4webapi call needs here: the test server speaks plain HTTP on loopback. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/**
 * The real app on a real loopback port, with the issuer's public base URL set to that port, so
 * an OAuth client library can discover and talk to it as it would to a deployment.
 */
export async function serveTestApp(overrides: Partial<Config> = {}, deps: Pick<AppDeps, 'outboundFetch' | 'logger' | 'posterReader'> = {}): Promise<ServedTestApp> {
  const server = http.createServer();
  // As the production server answers parser errors (src/http/requestGuards.ts `serve`).
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await createTestApp({ publicBaseUrl: base, ...overrides }, deps);
  server.on('request', t.app);
  const issuer = new URL(base);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  return {
    t,
    base,
    as,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/** A browser's cookie jar, enough for the sign-in and consent pages (no domains, no expiry). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A browser-like request: no automatic redirects, cookies kept. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.store(res);
  return res;
}

/** Follows redirects on this server until one leaves it (or a page answers); returns the last response and URL. */
export async function follow(jar: CookieJar, base: string, start: string, init: RequestInit = {}): Promise<{ res: Response; url: string }> {
  let url = start;
  let res = await browse(jar, url, init);
  for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
    url = new URL(res.headers.get('location')!, url).href;
    if (!url.startsWith(base)) break;
    res = await browse(jar, url);
  }
  return { res, url: res.status >= 300 && res.status < 400 ? new URL(res.headers.get('location')!, url).href : url };
}

/** Signs `email` in through the real sign-in form; the jar then holds the session cookie. */
export async function signIn(jar: CookieJar, base: string, email: string, password: string): Promise<void> {
  const res = await browse(jar, `${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email, password, next: '/developer' }).toString(),
  });
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
}

/**
 * The user's part of an authorization, as a browser does it: sign in, open the authorization
 * URL, read the consent page, post the decision (same origin), and follow the redirects back to
 * the client. Returns the consent page's HTML and the URL the client was sent to.
 */
export async function consentInBrowser(s: ServedTestApp, authorizationUrl: string, user: { email: string; password: string }, decision: 'approve' | 'deny' = 'approve') {
  const jar = new CookieJar();
  await signIn(jar, s.base, user.email, user.password);
  const consent = await follow(jar, s.base, authorizationUrl);
  if (consent.res.status !== 200 || !consent.url.includes('/oauth/interaction/')) throw new Error(`expected the consent page, got ${consent.res.status} at ${consent.url}`);
  const html = await consent.res.text();
  const back = await follow(jar, s.base, consent.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base },
    body: new URLSearchParams({ decision }).toString(),
  });
  return { html, redirectedTo: new URL(back.url) };
}
