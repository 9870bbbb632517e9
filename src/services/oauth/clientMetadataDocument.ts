import type { Scope } from '../../generated/contract.js';
import {
  DEFAULT_MAX_URL_LENGTH,
  GuardedFetchError,
  guardedFetch,
  type GuardedFetch,
  type GuardedFetchErrorCode,
} from '../outbound/guardedFetch.js';

/**
 * Client ID Metadata Documents (contract 5.12): a hosted-MCP public client names itself by an
 * https URL; during authorization the issuer fetches that URL through the guarded fetcher and
 * accepts the document only when it describes exactly that client. An accepted document becomes
 * a dynamic MCP client: public, `token_endpoint_auth_method=none`, code flow.
 */

/** Contract 8.1: "Client metadata document: 5 KB". */
export const CLIENT_METADATA_DOCUMENT_MAX_BYTES = 5120;
export const CLIENT_METADATA_DOCUMENT_DEADLINE_MS = 5000;
const MAX_REDIRECT_URIS = 20;
const MAX_CLIENT_NAME_LENGTH = 200;

/**
 * What a document-named client may ever be granted: the dynamic MCP client scopes (5.11, 9.5).
 * 5.11 admits "profile/assets/events write scopes": `events:contribute` is one (decisions §7),
 * without which no self-registered assistant could use the intake tools of 5.18; `profile:read`
 * serves `service_list_my_profiles` beside `mcp:read`.
 */
export const CLIENT_METADATA_DOCUMENT_SCOPES = [
  'mcp:read',
  'public:read',
  'profile:read',
  'mcp:write',
  'assets:write',
  'events:write',
  'events:contribute',
  'profile:write',
  'profile:contribute',
] as const satisfies readonly Scope[];
export type ClientMetadataDocumentScope = (typeof CLIENT_METADATA_DOCUMENT_SCOPES)[number];

/** What an authorization request that names no scope gets: minimal reads, within the ceiling. */
export const MINIMAL_READ_SCOPES = ['mcp:read', 'public:read'] as const satisfies readonly ClientMetadataDocumentScope[];

export type ClientMetadataDocumentErrorCode =
  | 'client_id_url' // the client id is not an acceptable document URL
  | 'fetch' // the guarded fetch refused (see fetchCode)
  | 'content_type'
  | 'json' // not UTF-8 JSON, or not an object
  | 'client_id_mismatch'
  | 'client_secret' // a secret has no place in a public document
  | 'redirect_uris'
  | 'client_name'
  | 'scope'
  | 'token_endpoint_auth'
  | 'grant_types'
  | 'response_types';

export class ClientMetadataDocumentError extends Error {
  override readonly name = 'ClientMetadataDocumentError';
  constructor(
    readonly code: ClientMetadataDocumentErrorCode,
    message: string,
    /** Set when code is `fetch`: which guard refused. */
    readonly fetchCode?: GuardedFetchErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The normalized client an accepted document describes. */
export interface ClientMetadataDocumentClient {
  clientId: string;
  clientName: string | null;
  /** Compared exactly at authorization; kept as the document spells them. */
  redirectUris: string[];
  tokenEndpointAuthMethod: 'none';
  grantTypes: ('authorization_code' | 'refresh_token')[];
  responseTypes: ['code'];
  /** The most any authorization may grant: the document's scope, or every supported MCP scope. */
  scopeCeiling: ClientMetadataDocumentScope[];
  /** What a request that omits scope gets: minimal reads within the ceiling. */
  defaultScope: ClientMetadataDocumentScope[];
  /** Whether the document stated a scope (then the ceiling is that scope). */
  scopeDeclared: boolean;
  /** Scope tokens the document names that Marquee does not grant to these clients (ignored). */
  unsupportedScopes: string[];
}

function refuse(code: ClientMetadataDocumentErrorCode, message: string): never {
  throw new ClientMetadataDocumentError(code, message);
}

/**
 * Checks a URL-form client id: https, canonical (as the URL parser writes it back, so no dot
 * segments, default port or case variants), a path beyond `/`, no userinfo and no fragment.
 */
export function parseClientIdUrl(clientId: unknown): URL {
  if (typeof clientId !== 'string' || clientId.length > DEFAULT_MAX_URL_LENGTH) {
    refuse('client_id_url', 'The client id is not a URL of acceptable length.');
  }
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return refuse('client_id_url', 'The client id is not a URL.');
  }
  if (url.protocol !== 'https:') refuse('client_id_url', 'A client id URL must use https.');
  if (url.username !== '' || url.password !== '') refuse('client_id_url', 'A client id URL must not carry credentials.');
  if (clientId.includes('#')) refuse('client_id_url', 'A client id URL must not have a fragment.');
  if (url.pathname === '/' || url.pathname === '') refuse('client_id_url', 'A client id URL must have a path.');
  if (url.href !== clientId) refuse('client_id_url', 'A client id URL must be in canonical form.');
  return url;
}

/** True for client ids in URL form, which name a metadata document rather than a registration. */
export function isClientIdMetadataDocumentUrl(clientId: string): boolean {
  return clientId.startsWith('https://');
}

function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType);
}

function stringList(value: unknown, field: string, code: ClientMetadataDocumentErrorCode): string[] {
  if (!Array.isArray(value) || value.length === 0) refuse(code, `${field} must be a non-empty array of strings.`);
  for (const item of value) {
    if (typeof item !== 'string' || item.trim() === '' || item !== item.trim()) {
      refuse(code, `${field} must be a non-empty array of strings.`);
    }
  }
  return value as string[];
}

function redirectUriAllowed(raw: string): boolean {
  if (raw.length > DEFAULT_MAX_URL_LENGTH || raw.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return false;
  if (url.protocol === 'https:') return true;
  // RFC 8252 7.3: native apps may listen on the loopback interface over plain http.
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

const SCOPE_STRING = /^[\x21\x23-\x5B\x5D-\x7E]+(?: [\x21\x23-\x5B\x5D-\x7E]+)*$/; // RFC 6749 3.3

function scopesOf(document: Record<string, unknown>) {
  const supported: readonly string[] = CLIENT_METADATA_DOCUMENT_SCOPES;
  if (document.scope === undefined) {
    return {
      scopeCeiling: [...CLIENT_METADATA_DOCUMENT_SCOPES],
      scopeDeclared: false,
      unsupportedScopes: [],
    };
  }
  if (typeof document.scope !== 'string' || !SCOPE_STRING.test(document.scope)) {
    refuse('scope', 'scope must be a space-separated list of scope tokens.');
  }
  const tokens = [...new Set(document.scope.split(' '))];
  const scopeCeiling = CLIENT_METADATA_DOCUMENT_SCOPES.filter((s) => tokens.includes(s));
  if (!scopeCeiling.includes('mcp:read')) refuse('scope', 'A hosted MCP client needs mcp:read within its scope.');
  return { scopeCeiling, scopeDeclared: true, unsupportedScopes: tokens.filter((t) => !supported.includes(t)) };
}

/** Validates a parsed document against the client id it was fetched for. Pure. */
export function validateClientMetadataDocument(clientId: string, document: unknown): ClientMetadataDocumentClient {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    refuse('json', 'The document is not a JSON object.');
  }
  const doc = document as Record<string, unknown>;
  if (typeof doc.client_id !== 'string' || doc.client_id !== clientId) {
    refuse('client_id_mismatch', 'The document client_id does not equal its URL.');
  }
  if (doc.client_secret !== undefined || doc.client_secret_expires_at !== undefined) {
    refuse('client_secret', 'A client metadata document must not contain a client secret.');
  }

  const redirectUris = [...new Set(stringList(doc.redirect_uris, 'redirect_uris', 'redirect_uris'))];
  if (redirectUris.length > MAX_REDIRECT_URIS) refuse('redirect_uris', `At most ${MAX_REDIRECT_URIS} redirect_uris are accepted.`);
  for (const uri of redirectUris) {
    if (!redirectUriAllowed(uri)) {
      refuse('redirect_uris', 'Each redirect URI must be an absolute https URI, or http on a loopback host, without fragment.');
    }
  }

  let clientName: string | null = null;
  if (doc.client_name !== undefined) {
    if (typeof doc.client_name !== 'string' || doc.client_name.trim() === '' || doc.client_name.length > MAX_CLIENT_NAME_LENGTH) {
      refuse('client_name', `client_name must be a non-empty string of at most ${MAX_CLIENT_NAME_LENGTH} characters.`);
    }
    clientName = doc.client_name;
  }

  // The only method a public client shares with Marquee is `none`.
  if (doc.token_endpoint_auth_methods_supported !== undefined) {
    const methods = stringList(doc.token_endpoint_auth_methods_supported, 'token_endpoint_auth_methods_supported', 'token_endpoint_auth');
    if (!methods.includes('none')) refuse('token_endpoint_auth', 'No mutually supported token endpoint authentication method (none).');
  }
  if (doc.token_endpoint_auth_method !== undefined && doc.token_endpoint_auth_method !== 'none') {
    refuse('token_endpoint_auth', 'token_endpoint_auth_method must be none.');
  }

  let grantTypes: ClientMetadataDocumentClient['grantTypes'] = ['authorization_code'];
  if (doc.grant_types !== undefined) {
    const grants = stringList(doc.grant_types, 'grant_types', 'grant_types');
    if (!grants.includes('authorization_code')) refuse('grant_types', 'grant_types must include authorization_code.');
    if (grants.includes('refresh_token')) grantTypes = ['authorization_code', 'refresh_token'];
  }
  if (doc.response_types !== undefined) {
    const responses = stringList(doc.response_types, 'response_types', 'response_types');
    if (!responses.includes('code')) refuse('response_types', 'response_types must include code.');
  }

  const { scopeCeiling, scopeDeclared, unsupportedScopes } = scopesOf(doc);
  const defaultScope = MINIMAL_READ_SCOPES.filter((s) => scopeCeiling.includes(s));

  return {
    clientId,
    clientName,
    redirectUris,
    tokenEndpointAuthMethod: 'none',
    grantTypes,
    responseTypes: ['code'],
    scopeCeiling,
    defaultScope,
    scopeDeclared,
    unsupportedScopes,
  };
}

export interface ClientMetadataDocumentFetchOptions {
  /** The guarded fetcher; tests inject one with a test resolver and trust anchors. */
  fetch?: GuardedFetch;
  deadlineMs?: number;
}

/** Fetches the document a URL-form client id names (5 KB cap, no redirects) and validates it. */
export async function fetchClientMetadataDocument(
  clientId: string,
  options: ClientMetadataDocumentFetchOptions = {},
): Promise<ClientMetadataDocumentClient> {
  const url = parseClientIdUrl(clientId);
  const fetch = options.fetch ?? guardedFetch;
  let response;
  try {
    response = await fetch(url.href, {
      accept: 'application/json',
      maxBytes: CLIENT_METADATA_DOCUMENT_MAX_BYTES,
      deadlineMs: options.deadlineMs ?? CLIENT_METADATA_DOCUMENT_DEADLINE_MS,
    });
  } catch (e) {
    if (!(e instanceof GuardedFetchError)) throw e;
    throw new ClientMetadataDocumentError('fetch', `The client metadata document could not be fetched: ${e.message}`, e.code, {
      cause: e,
    });
  }
  if (!isJsonContentType(response.contentType)) refuse('content_type', 'The client metadata document is not served as JSON.');
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(response.body));
  } catch {
    refuse('json', 'The client metadata document is not valid UTF-8 JSON.');
  }
  return validateClientMetadataDocument(clientId, document);
}
