import type { Config } from '../../config.js';
import type { Schemas } from '../../contract/types.js';
import { constantTimeEqual, keyedHash, newId, randomToken } from '../../lib/crypto.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { DuplicateKeyError, type Repositories } from '../../repositories/index.js';
import {
  isDeveloperApplication,
  type DeveloperApplicationRow,
  type OAuthApplicationChanges,
  type OAuthApplicationRow,
  type OAuthClientSecretRow,
  type OAuthGrantType,
  type OAuthScope,
} from '../../repositories/oauthApplications.js';
import { activelyOwnedBy } from '../directory/ownership.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { AuditService } from '../audit.js';
import { actingUser, type Actor, type ServiceDeps } from '../context.js';
import { problems, type FieldError } from '../errors.js';

/** Client secret values: a fixed prefix, then base64url of 32 random bytes (shown once, stored hashed). */
export const CLIENT_SECRET_PREFIX = 'mqcs_';
const CLIENT_SECRET_PATTERN = /^mqcs_[A-Za-z0-9_-]{43}$/;
/** Characters after the fixed prefix kept for display (`activeSecretPrefixes`). */
const SECRET_DISPLAY_LENGTH = 12;
/** Client ids: opaque and random, `mq_` + 24 base64url characters (18 bytes). */
const CLIENT_ID_PREFIX = 'mq_';
const SECRET_PURPOSE = 'oauth-client-secret';

const DEFAULT_GRANTS: OAuthGrantType[] = ['authorization_code', 'refresh_token'];
const DEFAULT_SCOPES: OAuthScope[] = ['public:read'];
/** RFC 8252 §7.3: plain http is only for the loopback interface of a native app. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const METADATA_URL_FIELDS = ['logoUrl', 'docsUrl', 'privacyUrl', 'termsUrl'] as const;

export type OAuthApplicationSummary = Schemas['OAuthApplicationSummary'];

/** Who asked for a lifecycle change: an API credential (the actor) or the signed-in developer page. */
export type OAuthAppChannel = { actor: Actor } | 'web_session';

/** The keyed verifier of a presented client secret (what `oauth_client_secrets.verifier_hash` holds). */
export function clientSecretVerifier(config: Pick<Config, 'secretKey'>, presented: string): string {
  return keyedHash(config.secretKey, SECRET_PURPOSE, presented);
}

/** For the issuer: whether `presented` is the secret whose verifier is `storedHash` (constant-time compare). */
export function verifyClientSecret(config: Pick<Config, 'secretKey'>, storedHash: string, presented: string): boolean {
  if (!CLIENT_SECRET_PATTERN.test(presented)) return false;
  return constantTimeEqual(storedHash, clientSecretVerifier(config, presented));
}

/**
 * For the issuer: the active secret `presented` matches among `secrets` (as returned by
 * `findActiveByClientId`), or undefined. Every secret is compared, so the time taken does not
 * tell which one matched.
 */
export function matchClientSecret<S extends Pick<OAuthClientSecretRow, 'verifierHash' | 'revokedAt'>>(
  config: Pick<Config, 'secretKey'>,
  secrets: S[],
  presented: string,
): S | undefined {
  if (!CLIENT_SECRET_PATTERN.test(presented)) return undefined;
  const verifier = clientSecretVerifier(config, presented);
  let found: S | undefined;
  for (const s of secrets) if (constantTimeEqual(s.verifierHash, verifier) && s.revokedAt === null && !found) found = s;
  return found;
}

/** A new application row: the given fields over the defaults of a fresh, active, standard-tier app. */
export function newApplicationRow<F extends Pick<OAuthApplicationRow, 'clientId' | 'registration' | 'clientType' | 'displayName' | 'redirectUris' | 'allowedGrants' | 'allowedScopes'> & Partial<OAuthApplicationRow>>(
  now: number,
  fields: F,
): OAuthApplicationRow & F {
  return {
    id: newId('oap'),
    ownerKind: null,
    ownerUserId: null,
    ownerCommunityProfileId: null,
    description: null,
    logoUrl: null,
    docsUrl: null,
    privacyUrl: null,
    termsUrl: null,
    resource: null,
    softwareId: null,
    trustTier: 'standard',
    status: 'active',
    createdAt: now,
    updatedAt: now,
    lastUsedAt: null,
    reviewedAt: null,
    revokedAt: null,
    revokeReason: null,
    ...fields,
  };
}

export function summarizeOAuthApp(a: DeveloperApplicationRow, activeSecrets: Pick<OAuthClientSecretRow, 'id' | 'secretPrefix' | 'label' | 'createdAt'>[]): OAuthApplicationSummary {
  const listed = a.status === 'active' ? activeSecrets : [];
  const s: OAuthApplicationSummary = {
    id: a.id,
    clientId: a.clientId,
    ownerKind: a.ownerKind,
    ownerUserId: a.ownerUserId,
    clientType: a.clientType,
    displayName: a.displayName,
    redirectUris: a.redirectUris,
    allowedGrants: a.allowedGrants,
    allowedScopes: a.allowedScopes,
    status: a.status,
    trustTier: a.trustTier,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    activeSecretPrefixes: listed.map((x) => `${CLIENT_SECRET_PREFIX}${x.secretPrefix}`),
    activeSecrets: listed.map((x) => ({
      secretId: x.id,
      prefix: `${CLIENT_SECRET_PREFIX}${x.secretPrefix}`,
      ...(x.label !== null ? { label: x.label } : {}),
      createdAt: x.createdAt,
    })),
  };
  if (a.ownerCommunityProfileId !== null) s.ownerCommunityProfileId = a.ownerCommunityProfileId;
  if (a.description !== null) s.description = a.description;
  if (a.logoUrl !== null) s.logoUrl = a.logoUrl;
  if (a.docsUrl !== null) s.docsUrl = a.docsUrl;
  if (a.privacyUrl !== null) s.privacyUrl = a.privacyUrl;
  if (a.termsUrl !== null) s.termsUrl = a.termsUrl;
  if (a.lastUsedAt !== null) s.lastUsedAt = a.lastUsedAt;
  if (a.reviewedAt !== null) s.reviewedAt = a.reviewedAt;
  if (a.revokedAt !== null) s.revokedAt = a.revokedAt;
  if (a.revokeReason !== null) s.revokeReason = a.revokeReason;
  return s;
}

/** Why a redirect URI is refused, or null when it is acceptable (exact string, matched exactly later). */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (uri.includes('#')) return 'must not contain a fragment (RFC 6749 §3.1.2)';
  if (url.username || url.password) return 'must not contain user information';
  if (url.hostname.includes('*')) return 'wildcards are not supported; register each URI exactly';
  if (url.protocol === 'https:') return url.hostname ? null : 'must name a host';
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname) ? null : 'http is only allowed for loopback redirects (127.0.0.1, [::1], localhost; RFC 8252 §7.3); use https';
  }
  return 'must use https (or http on a loopback address)';
}

/** Metadata links are shown to users on the consent page: https only. */
function metadataUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' || !url.hostname) return 'must be an https URL';
  if (url.username || url.password) return 'must not contain user information';
  return null;
}

/** Grant combinations an application may hold; `pointer` names the field the caller sent. */
function grantProblems(clientType: OAuthApplicationRow['clientType'], grants: OAuthGrantType[], pointer: string): FieldError[] {
  const errors: FieldError[] = [];
  if (grants.includes('client_credentials') && clientType !== 'confidential') {
    errors.push({ pointer, message: 'client_credentials is only allowed for confidential applications' });
  }
  // Refresh tokens are only ever issued with an authorization code (RFC 6749 §4.4.3).
  if (grants.includes('refresh_token') && !grants.includes('authorization_code')) {
    errors.push({ pointer, message: 'refresh_token requires authorization_code' });
  }
  return errors;
}

const cursorToKey = (cursor: string) => {
  const [createdAt, id] = decodeCursor<[number, string]>(cursor, ['number', 'string']);
  return { createdAt, id };
};

/** A community profile its owner actively holds (contract 2.12: claimed and owned by the caller). */
const activelyOwnedCommunity = (p: ProfileRow, userId: string) => p.profileType === 'community' && activelyOwnedBy(p, userId);

const differs = <T>(a: T, b: T) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * Developer-registered OAuth applications (contract 2.12, 4.9): registration, metadata updates,
 * client secret creation and revocation, for the user who owns them or who actively owns their
 * community. Secrets are returned once and stored only as prefix and keyed verifier hash.
 */
export class OAuthAppsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
  ) {}

  private get repos(): Repositories {
    return this.deps.repos;
  }

  // --- The API routes: the acting user, within the scopes of the credential asking ----------

  listForCaller(actor: Actor, opts: { includeRevoked?: boolean; limit?: number; cursor?: string }): Promise<Schemas['DeveloperOAuthAppsResponse']> {
    return this.list(actingUser(actor).userId, opts);
  }

  createForCaller(actor: Actor, input: Schemas['DeveloperOAuthAppCreateRequest']): Promise<Schemas['DeveloperOAuthAppCreateResponse']> {
    return this.create(actingUser(actor).userId, input, { actor });
  }

  updateForCaller(actor: Actor, clientId: string, input: Schemas['DeveloperOAuthAppUpdateRequest']): Promise<Schemas['DeveloperOAuthAppResponse']> {
    return this.update(actingUser(actor).userId, clientId, input, { actor });
  }

  createSecretForCaller(actor: Actor, clientId: string, input: Schemas['DeveloperOAuthAppSecretCreateRequest'] | undefined): Promise<Schemas['DeveloperOAuthAppSecretCreateResponse']> {
    return this.createSecret(actingUser(actor).userId, clientId, input ?? {}, { actor });
  }

  revokeSecretForCaller(actor: Actor, clientId: string, secretId: string): Promise<Schemas['DeveloperOAuthAppResponse']> {
    return this.revokeSecret(actingUser(actor).userId, clientId, secretId, { actor });
  }

  revokeForCaller(actor: Actor, clientId: string): Promise<Schemas['DeveloperOAuthAppResponse']> {
    return this.revoke(actingUser(actor).userId, clientId, { actor });
  }

  // --- The rules, for a user id (the API routes above and the developer page) -----------------

  async list(userId: string, opts: { includeRevoked?: boolean; limit?: number; cursor?: string }): Promise<Schemas['DeveloperOAuthAppsResponse']> {
    const communities = (await this.repos.profiles.communitiesOwnedBy(userId)).filter((p) => activelyOwnedCommunity(p, userId));
    const page = await this.repos.oauthApplications.listDeveloperApps(
      { userId, communityProfileIds: communities.map((p) => p.id) },
      { includeRevoked: opts.includeRevoked ?? false, limit: opts.limit ?? 50, after: opts.cursor ? cursorToKey(opts.cursor) : undefined },
    );
    const apps = page.applications.filter(isDeveloperApplication);
    const secrets = await this.repos.oauthApplications.activeSecretsOf(apps.map((a) => a.id));
    return {
      applications: apps.map((a) => summarizeOAuthApp(a, secrets.get(a.id) ?? [])),
      nextCursor: page.next ? encodeCursor([page.next.createdAt, page.next.id]) : null,
    };
  }

  async create(userId: string, input: Schemas['DeveloperOAuthAppCreateRequest'], channel: OAuthAppChannel): Promise<Schemas['DeveloperOAuthAppCreateResponse']> {
    const clientType = input.clientType ?? 'confidential';
    const allowedGrants = [...new Set(input.allowedGrants ?? DEFAULT_GRANTS)];
    const allowedScopes = [...new Set(input.allowedScopes ?? DEFAULT_SCOPES)];
    const errors = [
      ...grantProblems(clientType, allowedGrants, '/allowedGrants'),
      ...this.redirectProblems(input.redirectUris),
      ...this.metadataProblems(input),
    ];
    if (errors.length) throw problems.validation(errors);
    this.withinCallerScopes(channel, allowedScopes, []);

    let community: ProfileRow | undefined;
    if (input.ownerCommunitySlug !== undefined) community = await this.ownedCommunity(userId, input.ownerCommunitySlug);

    const now = this.deps.clock.now();
    for (let attempt = 0; ; attempt++) {
      const app: DeveloperApplicationRow = newApplicationRow(now, {
        clientId: `${CLIENT_ID_PREFIX}${randomToken(18)}`,
        registration: 'developer' as const,
        clientType,
        ownerKind: community ? ('community' as const) : ('user' as const),
        ownerUserId: userId,
        ownerCommunityProfileId: community?.id ?? null,
        displayName: input.displayName,
        description: input.description ?? null,
        logoUrl: input.logoUrl ?? null,
        docsUrl: input.docsUrl ?? null,
        privacyUrl: input.privacyUrl ?? null,
        termsUrl: input.termsUrl ?? null,
        redirectUris: input.redirectUris,
        allowedGrants,
        allowedScopes,
      });
      try {
        const created = await this.repos.withTransaction(async (repos) => {
          await repos.oauthApplications.insert(app);
          return clientType === 'confidential' ? await this.insertSecret(repos, app.id, null, now) : undefined;
        });
        await this.auditLifecycle('oauth_app.create', 'created', channel, app, {
          clientId: app.clientId,
          clientType,
          ownerKind: app.ownerKind,
          allowedGrants,
          allowedScopes,
          ...(created ? { secretId: created.row.id } : {}),
        });
        const response: Schemas['DeveloperOAuthAppCreateResponse'] = { application: summarizeOAuthApp(app, created ? [created.row] : []) };
        if (created) {
          response.clientSecretValue = created.value;
          response.secretId = created.row.id;
        }
        return response;
      } catch (err) {
        // A client-id collision (2^-144 per pair) is retried with fresh randomness.
        if (err instanceof DuplicateKeyError && attempt < 2) continue;
        throw err;
      }
    }
  }

  /**
   * Omitted fields are kept, `null` clears an optional text or URL field, arrays replace the
   * list. Revoked applications cannot change (404, like applications the caller cannot manage).
   */
  async update(userId: string, clientId: string, input: Schemas['DeveloperOAuthAppUpdateRequest'], channel: OAuthAppChannel): Promise<Schemas['DeveloperOAuthAppResponse']> {
    const errors: FieldError[] = [];
    if (input.redirectUris) errors.push(...this.redirectProblems(input.redirectUris));
    errors.push(...this.metadataProblems(input));
    if (errors.length) throw problems.validation(errors);

    for (let attempt = 0; ; attempt++) {
      const app = await this.manageable(userId, clientId, { activeOnly: true });
      const next = {
        displayName: input.displayName ?? app.displayName,
        description: input.description === undefined ? app.description : input.description,
        logoUrl: input.logoUrl === undefined ? app.logoUrl : input.logoUrl,
        docsUrl: input.docsUrl === undefined ? app.docsUrl : input.docsUrl,
        privacyUrl: input.privacyUrl === undefined ? app.privacyUrl : input.privacyUrl,
        termsUrl: input.termsUrl === undefined ? app.termsUrl : input.termsUrl,
        redirectUris: input.redirectUris ?? app.redirectUris,
        allowedGrants: input.allowedGrants ? [...new Set(input.allowedGrants)] : app.allowedGrants,
        allowedScopes: input.allowedScopes ? [...new Set(input.allowedScopes)] : app.allowedScopes,
      };
      const grantErrors = grantProblems(app.clientType, next.allowedGrants, '/allowedGrants');
      if (grantErrors.length) throw problems.validation(grantErrors);
      // Keeping a scope the app already has is no escalation; adding one needs the caller to hold it.
      this.withinCallerScopes(channel, next.allowedScopes, app.allowedScopes);

      const changes: OAuthApplicationChanges = {};
      for (const key of Object.keys(next) as (keyof typeof next)[]) {
        if (differs(next[key], app[key])) Object.assign(changes, { [key]: next[key] });
      }
      if (!Object.keys(changes).length) return { application: await this.summary(app) };

      const updatedAt = this.nextRevision(app);
      if (!(await this.repos.oauthApplications.updateIfCurrent(app.id, app.updatedAt, updatedAt, changes))) {
        if (attempt < 4) continue; // written or revoked meanwhile: read again (a revoked app then answers 404)
        throw problems.notFound('No such OAuth application.');
      }
      const updated: DeveloperApplicationRow = { ...app, ...changes, updatedAt };
      await this.auditLifecycle('oauth_app.update', 'updated', channel, updated, { clientId: app.clientId, changed: Object.keys(changes) });
      return { application: await this.summary(updated) };
    }
  }

  /** A new secret, returned once; existing secrets stay active (rotation) until the app is revoked. */
  async createSecret(
    userId: string,
    clientId: string,
    input: Schemas['DeveloperOAuthAppSecretCreateRequest'],
    channel: OAuthAppChannel,
  ): Promise<Schemas['DeveloperOAuthAppSecretCreateResponse']> {
    for (let attempt = 0; ; attempt++) {
      const app = await this.manageable(userId, clientId, { activeOnly: true });
      if (app.clientType !== 'confidential') {
        throw problems.validation([{ parameter: 'clientId', message: 'is a public client; public clients have no client secrets' }], 'Only confidential applications have client secrets.');
      }
      const now = this.deps.clock.now();
      const updatedAt = this.nextRevision(app);
      // The revision write (a row lock on PostgreSQL) orders this against a concurrent revocation:
      // a secret is never added to an application already revoked.
      const created = await this.repos.withTransaction(async (repos) => {
        if (!(await repos.oauthApplications.updateIfCurrent(app.id, app.updatedAt, updatedAt))) return undefined;
        return this.insertSecret(repos, app.id, input.label ?? null, now);
      });
      if (!created) {
        if (attempt < 4) continue;
        throw problems.notFound('No such OAuth application.');
      }
      await this.auditLifecycle('oauth_app.secret_create', 'created', channel, app, { clientId: app.clientId, secretId: created.row.id });
      return { application: await this.summary({ ...app, updatedAt }), clientSecretValue: created.value, secretId: created.row.id };
    }
  }

  /**
   * Retires one client secret and nothing else: the application and its other secrets stay
   * active, and the issuer refuses the secret from the commit on (it reads the active verifiers
   * on every authentication). The last secret may go too; the client then cannot authenticate
   * until a new one is made. Idempotent: a secret of the application already revoked answers
   * the application unchanged. A secret of another application, and applications the caller
   * cannot manage or that are revoked, are not found.
   */
  async revokeSecret(userId: string, clientId: string, secretId: string, channel: OAuthAppChannel): Promise<Schemas['DeveloperOAuthAppResponse']> {
    const notFound = () => problems.notFound('No such client secret.');
    for (let attempt = 0; ; attempt++) {
      const app = await this.manageable(userId, clientId, { activeOnly: true });
      const secret = await this.repos.oauthApplications.findSecret(app.id, secretId);
      if (!secret) throw notFound();
      if (secret.revokedAt !== null) return { application: await this.summary(app) };
      const now = this.deps.clock.now();
      const updatedAt = this.nextRevision(app);
      // The revision write orders this against concurrent writes of the application; the
      // secret's own `revoked_at IS NULL` guard lets exactly one of concurrent revocations
      // count, and its audit record commits with it.
      const outcome = await this.repos.withTransaction(async (repos) => {
        if (!(await repos.oauthApplications.updateIfCurrent(app.id, app.updatedAt, updatedAt))) return 'retry' as const;
        if (!(await repos.oauthApplications.revokeSecret(app.id, secret.id, now))) return 'already' as const;
        await this.audit.recordIn(repos, {
          action: 'oauth_app.secret_revoke',
          result: 'revoked',
          ...this.auditActorOf(channel),
          ownerRef: app.ownerCommunityProfileId ?? app.ownerUserId,
          resourceType: 'oauth_application',
          resourceId: app.id,
          metadata: { clientId: app.clientId, secretId: secret.id, prefix: `${CLIENT_SECRET_PREFIX}${secret.secretPrefix}` },
        });
        return 'revoked' as const;
      });
      if (outcome === 'revoked') return { application: await this.summary({ ...app, updatedAt }) };
      if (outcome === 'already') {
        const current = await this.manageable(userId, clientId, { activeOnly: true });
        return { application: await this.summary(current) };
      }
      if (attempt >= 4) throw notFound();
      // Written or revoked meanwhile: read again (a revoked application then answers 404).
    }
  }

  /** Idempotent: an already revoked application answers its record again. Others' applications are not found. */
  async revoke(userId: string, clientId: string, channel: OAuthAppChannel): Promise<Schemas['DeveloperOAuthAppResponse']> {
    for (let attempt = 0; ; attempt++) {
      const app = await this.manageable(userId, clientId, { activeOnly: false });
      if (app.status === 'revoked') return { application: await this.summary(app) };
      const now = this.deps.clock.now();
      const updatedAt = this.nextRevision(app);
      // Contract 3: revoking the app revokes its active client secrets, in the same unit of work.
      const secretsRevoked = await this.repos.withTransaction(async (repos) => {
        if (!(await repos.oauthApplications.revokeIfCurrent(app.id, app.updatedAt, now, updatedAt, 'revoked_by_owner'))) return undefined;
        return repos.oauthApplications.revokeSecretsOf(app.id, now);
      });
      if (secretsRevoked !== undefined) {
        await this.auditLifecycle('oauth_app.revoke', 'revoked', channel, app, { clientId: app.clientId, secretsRevoked });
        return { application: await this.summary({ ...app, status: 'revoked', revokedAt: now, revokeReason: 'revoked_by_owner', updatedAt }) };
      }
      if (attempt >= 4) throw problems.notFound('No such OAuth application.');
      // Written or revoked meanwhile: read again (a concurrent revocation then answers its record).
    }
  }

  /** Communities `userId` actively owns: those an application can be registered for (the developer page's choices). */
  async ownedCommunities(userId: string): Promise<{ id: string; slug: string; displayName: string }[]> {
    return (await this.repos.profiles.communitiesOwnedBy(userId))
      .filter((p) => activelyOwnedCommunity(p, userId))
      .map((p) => ({ id: p.id, slug: p.slug, displayName: p.displayName }))
      .sort((a, b) => a.slug.localeCompare(b.slug));
  }

  // --- Helpers ---------------------------------------------------------------------------------

  /**
   * The developer application `clientId` names, when `userId` may manage it: user-owned by them,
   * or owned by a community they actively own. Anything else is not found (its existence is not
   * revealed): other users' apps, dynamic and metadata-document clients, and with `activeOnly`
   * revoked ones.
   */
  private async manageable(userId: string, clientId: string, opts: { activeOnly: boolean }): Promise<DeveloperApplicationRow> {
    const app = await this.repos.oauthApplications.findByClientId(clientId);
    const notFound = () => problems.notFound('No such OAuth application.');
    if (!app || !isDeveloperApplication(app)) throw notFound();
    if (opts.activeOnly && app.status !== 'active') throw notFound();
    if (app.ownerKind === 'user') {
      if (app.ownerUserId !== userId) throw notFound();
    } else {
      const community = app.ownerCommunityProfileId ? await this.repos.profiles.findById(app.ownerCommunityProfileId) : undefined;
      if (!community || !activelyOwnedCommunity(community, userId)) throw notFound();
    }
    return app;
  }

  /**
   * `ownerCommunitySlug`: a community profile (otherwise 404) the caller actively owns (otherwise
   * 403). A community that is not public is not found unless the caller owns it.
   */
  private async ownedCommunity(userId: string, slug: string): Promise<ProfileRow> {
    const p = await this.repos.profiles.findBySlug(slug);
    if (!p || p.profileType !== 'community') throw problems.notFound('No such community.');
    if (activelyOwnedCommunity(p, userId)) return p;
    if (p.publicationState !== 'published' || p.publicSurfacingState !== 'public') throw problems.notFound('No such community.');
    throw problems.forbidden('Applications can only be registered for a claimed community you actively own.');
  }

  /** Through the API, a credential may only allow scopes it holds itself (as for personal tokens). */
  private withinCallerScopes(channel: OAuthAppChannel, requested: OAuthScope[], alreadyAllowed: OAuthScope[]): void {
    if (typeof channel === 'string' || !channel.actor.credential) return;
    const held = new Set<string>(channel.actor.credential.scopes);
    const kept = new Set<string>(alreadyAllowed);
    const beyond = requested.filter((s) => !held.has(s) && !kept.has(s));
    if (beyond.length) {
      throw problems.forbidden(`A credential can only allow scopes it holds itself; missing: ${beyond.join(' ')}.`);
    }
  }

  private redirectProblems(uris: string[]): FieldError[] {
    return uris.flatMap((uri, i) => {
      const message = redirectUriProblem(uri);
      return message ? [{ pointer: `/redirectUris/${i}`, message }] : [];
    });
  }

  private metadataProblems(input: Partial<Record<(typeof METADATA_URL_FIELDS)[number], string | null>>): FieldError[] {
    return METADATA_URL_FIELDS.flatMap((field) => {
      const value = input[field];
      const message = typeof value === 'string' ? metadataUrlProblem(value) : null;
      return message ? [{ pointer: `/${field}`, message }] : [];
    });
  }

  /** Decisions §1: the revision strictly increases, even for two writes in one millisecond. */
  private nextRevision(app: OAuthApplicationRow): number {
    return Math.max(this.deps.clock.now(), app.updatedAt + 1);
  }

  private async insertSecret(repos: Repositories, applicationId: string, label: string | null, now: number) {
    const value = `${CLIENT_SECRET_PREFIX}${randomToken(32)}`;
    const row: OAuthClientSecretRow = {
      id: newId('ocs'),
      applicationId,
      secretPrefix: value.slice(CLIENT_SECRET_PREFIX.length, CLIENT_SECRET_PREFIX.length + SECRET_DISPLAY_LENGTH),
      verifierHash: clientSecretVerifier(this.deps.config, value),
      label,
      createdAt: now,
      revokedAt: null,
    };
    await repos.oauthApplications.insertSecret(row);
    return { row, value };
  }

  private async summary(app: DeveloperApplicationRow): Promise<OAuthApplicationSummary> {
    return summarizeOAuthApp(app, app.status === 'active' ? await this.repos.oauthApplications.activeSecrets(app.id) : []);
  }

  /** Operator action (contract 8.3 rule 1: promotion is manual); any registration kind. */
  async setTrustTier(clientId: string, tier: 'standard' | 'trusted_partner'): Promise<{ clientId: string; trustTier: 'standard' | 'trusted_partner' }> {
    const app = await this.repos.oauthApplications.findByClientId(clientId);
    if (!app || !(await this.repos.oauthApplications.setTrustTier(app.id, tier, Math.max(this.deps.clock.now(), app.updatedAt + 1)))) {
      throw problems.notFound('No such OAuth application.');
    }
    await this.audit.recordChange({ action: 'oauth_app.trust_tier', result: tier, channel: 'operator', ownerRef: app.ownerCommunityProfileId ?? app.ownerUserId, resourceType: 'oauth_application', resourceId: app.id });
    return { clientId, trustTier: tier };
  }

  /** The actor fields of an audit record for `channel` (as `AuditService.recordChange` attributes them). */
  private auditActorOf(channel: OAuthAppChannel): { actor?: Actor; actorKind: string } {
    if (typeof channel === 'string') return { actorKind: channel };
    return { actor: channel.actor, actorKind: channel.actor.credential?.kind ?? 'anonymous' };
  }

  /** Contract 6.2: OAuth application lifecycle; ids and metadata only, never a secret. */
  private async auditLifecycle(
    action: 'oauth_app.create' | 'oauth_app.update' | 'oauth_app.secret_create' | 'oauth_app.revoke',
    result: string,
    channel: OAuthAppChannel,
    app: DeveloperApplicationRow,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.recordChange({ action, result, channel, ownerRef: app.ownerCommunityProfileId ?? app.ownerUserId, resourceType: 'oauth_application', resourceId: app.id, metadata });
  }

}
