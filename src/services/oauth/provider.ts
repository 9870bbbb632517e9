import crypto from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import type { JWK } from 'jose';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories/index.js';
import { createAdapterClass, type ClientMetadataSource } from './adapter.js';
import type { IssuedAccessToken } from '../../repositories/oauthIssuer.js';
import { SIGNING_ALG } from './signingKeys.js';
import { API_RESOURCE_SCOPES, MCP_RESOURCE_SCOPES, ONLY_RESOURCE_METADATA, OAUTH_SCOPES, inferResource, resourcesOf } from './resources.js';

/** Contract 5.4: access tokens are short-lived. Ten minutes, as an operator would expect of a JWT nobody can recall from a cache. */
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** Contract 5.7: consent transactions last 30 minutes. */
export const INTERACTION_TTL_SECONDS = 30 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const SESSION_TTL_SECONDS = 14 * 24 * 3600;

export interface IssuerDeps {
  config: Config;
  repos: Repositories;
  clock: Clock;
  /** Private signing JWKs, newest first. */
  signingKeys: JWK[];
  /** Client metadata by client id (OAuth applications). */
  clients: ClientMetadataSource;
  /** Checks a presented client secret against the client's active secrets (stored hashed). */
  verifyClientSecret: (clientId: string, presented: string) => Promise<boolean>;
  /** Whether a user exists (the subject of a user-delegated grant). */
  userExists: (userId: string) => Promise<boolean>;
  /** Called once per access token, after its state is stored and before it is handed out. */
  onIssued?: (token: IssuedAccessToken, grantType: string) => Promise<void>;
}

/**
 * The OAuth 2.0 authorization server (contract 4.11, 5): oidc-provider with our adapter, keys,
 * resources and interaction pages. Plain OAuth 2.0: no `openid` scope and no id tokens.
 */
export function createIssuer(deps: IssuerDeps): Provider {
  const { config, repos } = deps;
  const resources = resourcesOf(config.publicBaseUrl);
  const resourceServer = (audience: string, scopes: readonly string[]): ResourceServer => ({
    scope: scopes.join(' '),
    audience,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: SIGNING_ALG } },
  });
  const scopesAt = (indicator: string): readonly string[] | undefined =>
    indicator === resources.api ? API_RESOURCE_SCOPES : indicator === resources.mcp ? MCP_RESOURCE_SCOPES : undefined;
  /**
   * A request naming a scope that none of its resources has (`developer:write` for the MCP
   * resource, `mcp:read` for the API, an unknown scope) is refused with `invalid_scope`, the
   * whole request, even beside valid scopes: oidc-provider would otherwise issue a token with
   * only the scopes the resource has, or with none (RFC 6749 3.3 allows the narrower grant; we
   * refuse, so a client never holds less than it asked for without being told).
   */
  const refuseScopesOutside = (ctx: KoaContextWithOIDC, indicator: string) => {
    const params = (ctx.oidc.params ?? {}) as { scope?: unknown; resource?: unknown };
    if (typeof params.scope !== 'string' || params.scope === '') return;
    const named = ([] as unknown[]).concat(params.resource ?? indicator).filter((r): r is string => typeof r === 'string');
    const available = new Set(named.flatMap((r) => scopesAt(r) ?? []));
    const foreign = params.scope.split(' ').filter((s) => s !== '' && !available.has(s));
    if (foreign.length) throw new errors.InvalidScope('requested scope is not available at the requested resource', foreign[0]);
  };
  const cookieKey = crypto.createHmac('sha256', config.secretKey).update('oauth-cookies').digest('base64url');

  const configuration: Configuration = {
    adapter: createAdapterClass({ repos, secretKey: config.secretKey, clock: deps.clock, clients: deps.clients }),
    jwks: { keys: deps.signingKeys as never },
    // `time:parse` is known so that asking for it fails as invalid_scope: no client may hold it (contract 5.16).
    scopes: [...OAUTH_SCOPES, 'time:parse'],
    claims: {},
    // Set from `oauth_applications.resource` by clientMetadataOf; never accepted from a client (no registration feature).
    extraClientMetadata: { properties: [ONLY_RESOURCE_METADATA] },
    responseTypes: ['code'],
    // One signing key type (ES256) for everything the issuer signs.
    // The only response mode served is `query` (the metadata's response_modes_supported);
    // src/http/oauth.ts refuses any other before a request gets here.
    clientDefaults: { id_token_signed_response_alg: SIGNING_ALG, grant_types: ['authorization_code'], response_types: ['code'], response_modes: ['query'], token_endpoint_auth_method: 'client_secret_basic' },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    // Contract 5.7: PKCE (S256, the only method oidc-provider offers) for every client.
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      revocation: '/oauth/revoke',
      registration: '/oauth/register',
      jwks: '/oauth/jwks.json',
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (ctx, _client, oneOf) => oneOf ?? inferResource(ctx.oidc.params?.scope as string | undefined, resources),
        // Token requests keep the resource bound to the code or refresh token (contract 5.8).
        useGrantedResource: async () => true,
        getResourceServerInfo: async (ctx, indicator, client) => {
          // A client bound to one resource (dynamic MCP clients, 5.11) is refused any other.
          const only = (client as unknown as Record<string, unknown> | undefined)?.[ONLY_RESOURCE_METADATA];
          if (typeof only === 'string' && indicator !== only) throw new errors.InvalidTarget('this client may only request its registered resource');
          const scopes = scopesAt(indicator);
          if (!scopes) throw new errors.InvalidTarget();
          refuseScopesOutside(ctx, indicator);
          return resourceServer(indicator, scopes);
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      ClientCredentials: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
    },
    // Contract 5.7: refresh tokens rotate on every refresh; a rotated one is refused afterwards.
    rotateRefreshToken: () => true,
    issueRefreshToken: async (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.kind === 'AuthorizationCode',
    findAccount: async (_ctx, sub) => ((await deps.userExists(sub)) ? { accountId: sub, claims: async () => ({ sub }) } : undefined),
    interactions: { url: (_ctx, interaction) => `/oauth/interaction/${interaction.uid}` },
    cookies: {
      keys: [cookieKey],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    // Browser-based public clients (MCP clients) call the token endpoint cross-origin; confidential ones never do.
    clientBasedCORS: (_ctx, _origin, client) => client.clientAuthMethod === 'none',
    formats: {
      customizers: {
        // Every JWT access token's state is stored before it is handed out, so it can be revoked (contract 5.4).
        jwt: async (_ctx, token, jwt) => {
          const p = jwt.payload as { jti: string; client_id: string; sub?: string; aud: string | string[]; scope?: string; iat: number; exp: number };
          const issued: IssuedAccessToken = {
            jti: p.jti,
            clientId: p.client_id,
            accountId: token.kind === 'ClientCredentials' ? null : ((token as { accountId?: string }).accountId ?? null),
            resource: Array.isArray(p.aud) ? p.aud[0] : p.aud,
            scope: p.scope ?? '',
            grantId: (token as { grantId?: string }).grantId ?? null,
            issuedAt: p.iat * 1000,
            expiresAt: p.exp * 1000,
            revokedAt: null,
          };
          await repos.oauthIssuer.recordAccessToken(issued);
          await deps.onIssued?.(issued, token.kind === 'ClientCredentials' ? 'client_credentials' : String(token.gty ?? 'authorization_code'));
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Authorization error</title></head><body><main><h1>Authorization could not continue</h1><p><strong>${esc(out.error)}</strong>: ${esc(out.error_description)}</p></main></body></html>`;
    },
  };

  const provider = new Provider(config.publicBaseUrl, configuration);
  // Client secrets are stored hashed (contract 2.12): compare against the active verifiers.
  provider.Client.prototype.compareClientSecret = async function compareClientSecret(this: { clientId: string }, actual: string) {
    return deps.verifyClientSecret(this.clientId, actual);
  } as never;
  return provider;
}
