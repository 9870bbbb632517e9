/**
 * The local server's HTTP client of `/api/v0`: one request, the configured bearer only where the
 * operation needs a caller, never a redirect followed (a redirect could carry the bearer, or a
 * write, somewhere else).
 */
import { currentCredential, type LocalConfig } from './config.js';
import type { Redactor } from './redact.js';

export const API_TIMEOUT_MS = 60_000;

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: unknown;
}

/** The request did not produce an answer (unreachable, timed out, redirected, unreadable). */
export class ApiRequestFailed extends Error {}

/** The credential could not be read (a token file gone or broken): nothing was sent. */
export class CredentialUnavailable extends Error {}

export interface ApiRequest {
  method: string;
  /** A contract path with its parameters filled in (`/api/v0/events/neon-night`). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the configured bearer (false for anonymous reads and read-backs). */
  authenticated: boolean;
}

const API_PREFIX = '/api/v0';

export class ApiClient {
  constructor(
    private readonly config: LocalConfig,
    private readonly redactor: Redactor,
    readonly userAgent: string,
  ) {}

  /** The absolute URL of a contract path under the configured API base (which may sit under a path prefix). */
  urlOf(path: string): URL {
    const rest = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path;
    return new URL(`${this.config.apiBaseUrl}${rest.startsWith('/') || rest === '' ? rest : `/${rest}`}`);
  }

  /** The absolute URL of a public page (src/lib/pagePaths.ts) on the deployment whose API this is. */
  pageUrlOf(pagePath: string): string {
    const site = this.config.apiBaseUrl.endsWith(API_PREFIX) ? this.config.apiBaseUrl.slice(0, -API_PREFIX.length) : this.config.apiBaseUrl;
    return new URL(`${site}${pagePath}`).href;
  }

  /** The bearer to send now, remembered by the redactor before it leaves. */
  credential(): string | undefined {
    const token = currentCredential(this.config.credential);
    this.redactor.add(token);
    return token;
  }

  async send(req: ApiRequest): Promise<ApiAnswer> {
    const url = this.urlOf(req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      'user-agent': this.userAgent,
      ...(req.headers ?? {}),
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (req.authenticated) {
      let token: string | undefined;
      try {
        token = this.credential();
      } catch (err) {
        throw new CredentialUnavailable(err instanceof Error ? err.message : 'the credential could not be read');
      }
      if (token) headers.authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await fetch(url, {
        method: req.method.toUpperCase(),
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (err) {
      throw new ApiRequestFailed(this.redactor.text(describeFetchError(err)));
    }
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
      await res.body?.cancel();
      throw new ApiRequestFailed(`the API answered a redirect (${res.status}), which is not followed`);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new ApiRequestFailed(this.redactor.text(`the answer could not be read (${describeFetchError(err)})`));
    }
    let body: unknown;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    return { status: res.status, headers: res.headers, body };
  }
}

/** A fetch failure in words: the cause's message where undici hides it behind "fetch failed". */
export function describeFetchError(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return 'the request timed out';
    const cause = (err as { cause?: unknown }).cause;
    const causeMessage = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
    return causeMessage ? `${err.message}: ${causeMessage}` : err.message;
  }
  return String(err);
}
