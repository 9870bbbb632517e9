import type { IncomingHttpHeaders } from 'node:http';
import type { Credential } from '../services/context.js';
import { problems } from '../services/errors.js';

const REALM = 'marquee';
const CREDENTIAL_PARAMS = new Set(['access_token', 'accesstoken', 'bearer', 'bearer_token', 'token', 'api_key', 'apikey', 'api_token', 'id_token', 'refresh_token']);
const TOKEN_LIKE = [/^service_[A-Za-z0-9_-]{16,}$/, /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/];

/** Contract 4.1 / 5.2: a credential in any URL query parameter answers 400. */
export function assertNoCredentialInQuery(query: Record<string, unknown>): void {
  for (const [name, raw] of Object.entries(query)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    if (CREDENTIAL_PARAMS.has(name.toLowerCase()) || values.some((v) => TOKEN_LIKE.some((re) => re.test(v.trim())))) {
      throw problems.bearerInQuery(name);
    }
  }
}

export type PresentedCredential = { kind: 'none' } | { kind: 'bearer'; token: string } | { kind: 'malformed' };

/** `Authorization: Bearer <token>` only (RFC 6750 §2.1); anything else in that header is malformed. */
export function presentedCredential(headers: IncomingHttpHeaders): PresentedCredential {
  const header = headers.authorization;
  if (header === undefined) return { kind: 'none' };
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match ? { kind: 'bearer', token: match[1] } : { kind: 'malformed' };
}

export function challenge(error?: 'invalid_token' | 'insufficient_scope', extra: Record<string, string> = {}): string {
  const params: Record<string, string> = { realm: REALM };
  if (error) params.error = error;
  Object.assign(params, extra);
  return 'Bearer ' + Object.entries(params).map(([k, v]) => `${k}="${v.replace(/["\\]/g, '')}"`).join(', ');
}

export const invalidToken = (detail = 'The bearer credential is malformed, unknown, revoked or expired.') =>
  problems.unauthorized(detail, challenge('invalid_token', { error_description: 'The access token is invalid' }));

export const credentialRequired = () => problems.unauthorized('This route needs a bearer credential.', challenge());

/** Which security scheme of the contract a credential presents as. */
const schemeOf = (credential: Credential) =>
  credential.kind === 'api_token' ? 'bearerAuth' : credential.kind === 'web_session' ? 'sessionCookie' : 'oauth2';

/**
 * The one scope and authority guard (contract 5.10, 5.15). Reads the operation's security
 * requirements from the contract: the credential must satisfy a requirement of its own scheme,
 * holding every scope listed there.
 */
export interface GuardedOperation {
  security: readonly { readonly [scheme: string]: readonly string[] | undefined }[];
  userAuthority: boolean;
  /** Contract 7: intake and contribution routes answer 401 where others answer 403. */
  userAuthorityStatus?: 401 | 403;
  anonymous: boolean;
}

export function authorize(op: GuardedOperation, credential: Credential | undefined): void {
  if (!credential) {
    if (op.anonymous) return;
    throw credentialRequired();
  }
  const scheme = schemeOf(credential);
  const requirements = op.security.filter((req) => scheme in req);
  if (requirements.length === 0) {
    throw problems.forbidden('This kind of credential is not accepted on this route.');
  }
  const held = new Set<string>(credential.scopes);
  const satisfied = requirements.some((req) => (req[scheme] ?? []).every((scope) => held.has(scope)));
  if (!satisfied) {
    const needed = [...new Set(requirements.flatMap((req) => req[scheme] ?? []))];
    throw problems.insufficientScope(needed, challenge('insufficient_scope', { scope: needed.join(' ') }));
  }
  if (op.userAuthority && !credential.userId) {
    if (op.userAuthorityStatus === 401) {
      throw problems.unauthorized('This route needs a user credential (a user-owned personal token or a user-delegated OAuth token).', challenge('invalid_token', { error_description: 'A user credential is required' }));
    }
    throw problems.userAuthorityRequired();
  }
}
