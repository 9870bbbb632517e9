import type { JWK, JWTVerifyOptions } from 'jose';
import type Provider from 'oidc-provider';
import type { AdapterPayload } from 'oidc-provider';
import type { ServiceDeps, OAuthCredential } from '../context.js';
import type { OAuthApplicationRow } from '../../repositories/oauthApplications.js';
import type { Scope } from '../../generated/contract.js';
import { matchClientSecret } from '../identity/oauthApps.js';
import { MetadataDocumentClients } from './metadataDocumentClients.js';
import type { GuardedFetch } from '../outbound/guardedFetch.js';
import type { AuditService } from '../audit.js';
import { publicJwks, SIGNING_ALG } from './signingKeys.js';
import { ONLY_RESOURCE_METADATA, OAUTH_SCOPES, inferResource, resourcesOf, type ResourceIdentifiers } from './resources.js';

/** Why a presented OAuth access token was not accepted (never told to the caller in detail). */
export class AccessTokenRejected extends Error {
  constructor(readonly reason: 'malformed' | 'signature' | 'audience' | 'expired' | 'unknown' | 'revoked' | 'client') {
    super(reason);
  }
}

/** oidc-provider client metadata of an application (contract 5.7, 5.9, 5.11). */
export function clientMetadataOf(app: OAuthApplicationRow): AdapterPayload {
  const confidential = app.clientType === 'confidential';
  return {
    client_id: app.clientId,
    client_name: app.displayName,
    redirect_uris: app.redirectUris,
    grant_types: app.allowedGrants,
    response_types: app.allowedGrants.includes('authorization_code') ? ['code'] : [],
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    // The secret is never stored: authentication compares verifiers (see compareClientSecret).
    ...(confidential ? { client_secret: 'stored-hashed' } : {}),
    scope: app.allowedScopes.join(' '),
    // Dynamic and metadata-document clients are bound to one resource, the MCP resource (5.11,
    // 5.12); the scope ceiling above does not say which resource, so the issuer is told here.
    ...(app.resource !== null ? { [ONLY_RESOURCE_METADATA]: app.resource } : {}),
  };
}

/**
 * The OAuth issuer as the rest of Marquee sees it: the authorization server (oidc-provider) and
 * the resource side's check of access tokens. Both read the same state, so a revocation on one
 * instance is refused on every instance at the next request.
 *
 * oidc-provider (with koa and jose, some 40 MB resident) is loaded by the first request that
 * needs it (`provider()`: the /oauth endpoints), jose by the first token checked: a server whose
 * callers use API tokens and web sessions never holds them.
 */
export class OAuthIssuerService {
  readonly resources: ResourceIdentifiers;
  readonly publicKeys: { keys: JWK[] };

  private readonly documentClients: MetadataDocumentClients;
  private loadedProvider?: Promise<Provider>;
  private verifier?: Promise<(token: string, options: JWTVerifyOptions) => Promise<Record<string, unknown>>>;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly signingKeys: JWK[],
    private readonly audit: AuditService,
    /** The guarded fetcher for client metadata documents (tests inject one with test trust anchors). */
    outboundFetch?: GuardedFetch,
  ) {
    this.resources = resourcesOf(deps.config.publicBaseUrl);
    this.documentClients = new MetadataDocumentClients(deps, this.resources.mcp, outboundFetch);
    this.publicKeys = publicJwks(signingKeys);
  }

  /** The authorization server, made on first use. */
  provider(): Promise<Provider> {
    this.loadedProvider ??= import('./provider.js').then(({ createIssuer }) => this.createProvider(createIssuer));
    return this.loadedProvider;
  }

  private createProvider(createIssuer: typeof import('./provider.js').createIssuer): Provider {
    const { config, repos } = this.deps;
    const audit = this.audit;
    const provider = createIssuer({
      config,
      repos,
      clock: this.deps.clock,
      signingKeys: this.signingKeys,
      clients: async (clientId) => {
        if (MetadataDocumentClients.handles(clientId)) {
          const fromDocument = await this.documentClients.resolve(clientId);
          return fromDocument ? clientMetadataOf(fromDocument.application) : undefined;
        }
        const active = await repos.oauthApplications.findActiveByClientId(clientId);
        return active ? clientMetadataOf(active.application) : undefined;
      },
      verifyClientSecret: async (clientId, presented) => {
        const active = await repos.oauthApplications.findActiveByClientId(clientId);
        return !!active && !!matchClientSecret(config, active.secrets, presented);
      },
      userExists: async (userId) => !!(await repos.users.findById(userId)),
      // Contract 6.2: token issuance, with ids only.
      onIssued: async (t, grantType) =>
        audit.record({
          action: 'oauth_token.issue',
          result: 'issued',
          actorKind: 'oauth_client',
          actorRef: t.clientId,
          ownerRef: t.accountId,
          resourceType: 'oauth_access_token',
          resourceId: t.jti,
          metadata: { grantType, resource: t.resource, scope: t.scope },
        }),
    });
    // Contract 6.2: rejected client-credential attempts and revoked grants (refresh-token reuse included).
    const record = (entry: Parameters<AuditService['record']>[0]) => void audit.record(entry).catch(() => {});
    provider.on('grant.error', (ctx, err) => {
      const grantType = (ctx.oidc.params as { grant_type?: string } | undefined)?.grant_type;
      if (grantType !== 'client_credentials') return;
      record({ action: 'oauth_client_credentials', result: `rejected_${(err as { error?: string }).error ?? 'error'}`, actorKind: 'oauth_client', actorRef: ctx.oidc.client?.clientId ?? null, ownerRef: null });
    });
    provider.on('grant.revoked', (_ctx, grantId) => record({ action: 'oauth_grant.revoke', result: 'revoked', actorKind: 'issuer', actorRef: null, ownerRef: null, resourceType: 'oauth_grant', resourceId: grantId }));
    return provider;
  }

  /** A JWT's payload once its signature (by one of our published keys) and `options` hold; jose loads on first use. */
  private async verifyJwt(token: string, options: JWTVerifyOptions): Promise<Record<string, unknown>> {
    this.verifier ??= import('jose').then(({ createLocalJWKSet, jwtVerify }) => {
      const jwks = createLocalJWKSet(this.publicKeys);
      return async (t: string, o: JWTVerifyOptions) => (await jwtVerify(t, jwks, o)).payload;
    });
    return (await this.verifier)(token, options);
  }

  private rejected(reason: AccessTokenRejected['reason'], jti?: string): AccessTokenRejected {
    void this.audit
      .record({ action: 'oauth_token.validate', result: `rejected_${reason}`, actorKind: 'oauth', actorRef: jti ?? null, ownerRef: null })
      .catch(() => {});
    return new AccessTokenRejected(reason);
  }

  /**
   * Client authentication at the revocation endpoint (contract 5.13): confidential apps with an
   * active secret, public apps by their id alone. Undefined when it fails.
   */
  async authenticateClient(clientId: string, secret: string | undefined): Promise<OAuthApplicationRow | undefined> {
    const active = await this.deps.repos.oauthApplications.findActiveByClientId(clientId);
    if (!active) return undefined;
    if (active.application.clientType === 'confidential') {
      return secret !== undefined && matchClientSecret(this.deps.config, active.secrets, secret) ? active.application : undefined;
    }
    return secret === undefined ? active.application : undefined;
  }

  /**
   * RFC 7009 for a JWT access token (contract 5.13): issuer, audience (one of our resources),
   * client id and token id are checked before the token is marked revoked. A token that fails
   * any check is left alone, and the caller answers 200 all the same (RFC 7009 §2.2).
   */
  async revokeAccessToken(token: string, clientId: string): Promise<boolean> {
    let payload: Record<string, unknown>;
    try {
      payload = await this.verifyJwt(token, {
        issuer: this.issuer,
        audience: [this.resources.api, this.resources.mcp],
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
        // An expired token may still be revoked: it is dead either way.
        clockTolerance: Number.MAX_SAFE_INTEGER,
      });
    } catch {
      return false;
    }
    if (payload.client_id !== clientId || typeof payload.jti !== 'string') return false;
    const state = await this.deps.repos.oauthIssuer.findAccessToken(payload.jti);
    if (!state || state.clientId !== clientId) return false;
    const revoked = await this.deps.repos.oauthIssuer.revokeAccessToken(payload.jti, this.deps.clock.now());
    if (revoked) await this.audit.record({ action: 'oauth_token.revoke', result: 'revoked', actorKind: 'oauth_client', actorRef: clientId, ownerRef: state.accountId, resourceType: 'oauth_access_token', resourceId: payload.jti });
    return revoked;
  }

  /**
   * Contract 5.8 defaults of an authorization request: no scope asks for public reads (at the
   * MCP resource, `mcp:read public:read`) within what the client registered (decisions §7: a
   * client registered with `mcp:read` alone gets `mcp:read`); no resource means MCP when an MCP
   * scope is asked for, else the API. A client bound to one resource (dynamic and
   * metadata-document MCP clients) defaults to its own. A default with nothing left inside the
   * registration stays as it is, so the request is refused (`invalid_scope`), not granted nothing.
   */
  async authorizationDefaults(clientId: string, scope: string | undefined): Promise<{ scope: string; resource: string }> {
    if (MetadataDocumentClients.handles(clientId)) {
      const fromDocument = await this.documentClients.resolve(clientId);
      return { resource: this.resources.mcp, scope: scope ?? (fromDocument?.defaultScope || 'mcp:read public:read') };
    }
    const active = clientId ? await this.deps.repos.oauthApplications.findActiveByClientId(clientId) : undefined;
    const bound = active?.application.resource ?? undefined;
    const resource = bound ?? inferResource(scope, this.resources);
    if (scope !== undefined) return { resource, scope };
    const defaults = resource === this.resources.mcp ? ['mcp:read', 'public:read'] : ['public:read'];
    const registered: readonly string[] = active?.application.allowedScopes ?? defaults;
    const within = defaults.filter((s) => registered.includes(s));
    return { resource, scope: (within.length ? within : defaults).join(' ') };
  }

  get issuer(): string {
    return this.deps.config.publicBaseUrl;
  }

  /**
   * Contract 5.4, 5.5: signature, issuer, audience (this resource only) and expiry, then the
   * stored state of the token id: unknown or revoked tokens, and tokens of revoked clients, are
   * refused at once.
   */
  async authenticate(token: string, resource: 'api' | 'mcp'): Promise<OAuthCredential> {
    let payload: Record<string, unknown>;
    try {
      payload = await this.verifyJwt(token, {
        issuer: this.issuer,
        audience: this.resources[resource],
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED') throw this.rejected('expired');
      if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') throw this.rejected('audience');
      throw this.rejected('signature');
    }
    const jti = typeof payload.jti === 'string' ? payload.jti : undefined;
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : undefined;
    if (!jti || !clientId) throw this.rejected('malformed');
    const state = await this.deps.repos.oauthIssuer.findAccessToken(jti);
    if (!state || state.clientId !== clientId || state.resource !== this.resources[resource]) throw this.rejected('unknown', jti);
    if (state.revokedAt !== null) throw this.rejected('revoked', jti);
    const client = await this.deps.repos.oauthApplications.findActiveByClientId(clientId);
    if (!client) throw this.rejected('client', jti);
    const scopes = String(payload.scope ?? '')
      .split(' ')
      .filter((s): s is Scope => (OAUTH_SCOPES as readonly string[]).includes(s));
    const userId = state.accountId ?? undefined;
    const app = client.application;
    return {
      kind: 'oauth',
      tokenId: jti,
      clientId,
      applicationId: app.id,
      subjectType: userId ? 'user' : 'client',
      ownerKind: app.ownerKind ?? undefined,
      ownerUserId: userId ?? app.ownerUserId ?? undefined,
      ownerCommunityProfileId: app.ownerCommunityProfileId ?? undefined,
      scopes,
      trustTier: app.trustTier,
      resource: this.resources[resource],
      ...(userId ? { userId } : {}),
    };
  }
}
