/**
 * Configuration of the local stdio MCP server (contract 4.12, 5.5), from its environment only.
 * Names follow the stdio server of the service our contract resembles, prefixed `MARQUEE_`, so
 * client configurations written for that server carry over.
 */
import fs from 'node:fs';

/** Where `make run` serves: the default for a self-hosted Marquee on this machine. */
export const DEFAULT_API_BASE_URL = 'http://localhost:3000';

export type OutputMode = 'compact' | 'detail';

/** Where the credential came from: a variable (read once) or a token file (read on each call, so a refreshed file is used). */
export type CredentialSource =
  | { kind: 'none' }
  | { kind: 'env'; variable: string; value: string }
  | { kind: 'file'; path: string };

export interface LocalConfig {
  /** The API root, always ending in `/api/v0`, without credentials, query or fragment. */
  apiBaseUrl: string;
  credential: CredentialSource;
  outputMode: OutputMode;
  /**
   * The only origin the poster bytes tool sends bytes to (`MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN`,
   * default the API's origin when that is HTTPS, or loopback HTTP under the development switch);
   * undefined when none qualifies, and then every upload is refused.
   */
  posterUploadOrigin?: string;
  /** Development switch: the embedded storage on `http://localhost` / `127.0.0.1` / `[::1]` is allowed. */
  allowInsecureLocalStorage: boolean;
}

export class LocalConfigError extends Error {}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` may receive poster bytes under the given switch: HTTPS, or loopback HTTP in development. */
export function isAcceptableStorageScheme(url: URL, allowInsecureLocalStorage: boolean): boolean {
  if (url.protocol === 'https:') return true;
  return allowInsecureLocalStorage && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Normalises an API base URL: http or https only; credentials, query and fragment dropped; the
 * path ends in `/api/v0` (kept when already there, cut after it when deeper, appended otherwise).
 */
export function normaliseApiBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new LocalConfigError('MARQUEE_API_BASE_URL must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LocalConfigError('MARQUEE_API_BASE_URL must use http or https');
  }
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  let path = url.pathname.replace(/\/+$/, '');
  const at = path.indexOf('/api/v0');
  if (at >= 0 && (path.length === at + 7 || path[at + 7] === '/')) path = path.slice(0, at + 7);
  else if (path.endsWith('/api')) path = `${path}/v0`;
  else path = `${path}/api/v0`;
  url.pathname = path;
  return url.href.replace(/\/+$/, '');
}

function flag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** A bearer value must be one header-safe token: no whitespace or control characters. */
function checkTokenShape(value: string, where: string): string {
  if (!/^[\x21-\x7e]+$/.test(value)) throw new LocalConfigError(`${where} does not hold a single bearer token`);
  return value;
}

/** The token a token file holds: the raw token, or JSON with `access_token`. Never echoes the content. */
export function tokenFromFile(path: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8').trim();
  } catch {
    throw new LocalConfigError('MARQUEE_OAUTH_TOKEN_FILE could not be read');
  }
  if (text === '') return undefined;
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new LocalConfigError('MARQUEE_OAUTH_TOKEN_FILE holds neither a token nor valid JSON');
    }
    const token = (parsed as { access_token?: unknown })?.access_token;
    if (typeof token !== 'string' || token.trim() === '') {
      throw new LocalConfigError('MARQUEE_OAUTH_TOKEN_FILE holds JSON without a non-empty access_token');
    }
    return checkTokenShape(token.trim(), 'MARQUEE_OAUTH_TOKEN_FILE');
  }
  return checkTokenShape(text, 'MARQUEE_OAUTH_TOKEN_FILE');
}

const CREDENTIAL_VARIABLES = ['MARQUEE_API_TOKEN', 'MARQUEE_OAUTH_ACCESS_TOKEN', 'MARQUEE_BEARER_TOKEN'] as const;

function credentialOf(env: NodeJS.ProcessEnv): CredentialSource {
  for (const variable of CREDENTIAL_VARIABLES) {
    const value = env[variable]?.trim();
    if (value) return { kind: 'env', variable, value: checkTokenShape(value, variable) };
  }
  const file = env.MARQUEE_OAUTH_TOKEN_FILE?.trim();
  if (file) {
    // Read now, so a missing or malformed file stops the server at start, not at the first call.
    return tokenFromFile(file) === undefined ? { kind: 'none' } : { kind: 'file', path: file };
  }
  return { kind: 'none' };
}

function uploadOriginOf(env: NodeJS.ProcessEnv, apiBaseUrl: string, allowInsecure: boolean): string | undefined {
  const raw = env.MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN?.trim();
  if (!raw) {
    const api = new URL(apiBaseUrl);
    return isAcceptableStorageScheme(api, allowInsecure) ? api.origin : undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LocalConfigError('MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN must be an absolute URL origin');
  }
  if (url.username || url.password) {
    throw new LocalConfigError('MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN must not carry credentials');
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new LocalConfigError('MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN must be an origin (scheme, host and port only)');
  }
  if (!isAcceptableStorageScheme(url, allowInsecure)) {
    throw new LocalConfigError(
      'MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN must use https (http is allowed only for localhost with MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE=1)',
    );
  }
  return url.origin;
}

/** Reads the configuration; a `LocalConfigError` names the variable at fault, never its secret value. */
export function loadLocalConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  const rawBase = env.MARQUEE_API_BASE_URL?.trim() || env.MARQUEE_PUBLIC_API_BASE_URL?.trim() || DEFAULT_API_BASE_URL;
  const apiBaseUrl = normaliseApiBaseUrl(rawBase);
  const mode = env.MARQUEE_MCP_OUTPUT_MODE?.trim().toLowerCase() || 'compact';
  if (mode !== 'compact' && mode !== 'detail') {
    throw new LocalConfigError('MARQUEE_MCP_OUTPUT_MODE must be compact or detail');
  }
  const allowInsecureLocalStorage = flag(env.MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE);
  return {
    apiBaseUrl,
    credential: credentialOf(env),
    outputMode: mode,
    posterUploadOrigin: uploadOriginOf(env, apiBaseUrl, allowInsecureLocalStorage),
    allowInsecureLocalStorage,
  };
}

/** The bearer to send now: the variable's value, or the token file's current content. */
export function currentCredential(source: CredentialSource): string | undefined {
  if (source.kind === 'env') return source.value;
  if (source.kind === 'file') return tokenFromFile(source.path);
  return undefined;
}
