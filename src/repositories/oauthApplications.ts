import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { json } from './rows.js';

export type OAuthRegistration = 'developer' | 'dynamic' | 'metadata_document';
export type OAuthClientType = Schemas['OAuthApplicationSummary']['clientType'];
export type OAuthAppStatus = Schemas['OAuthApplicationSummary']['status'];
export type OAuthTrustTier = Schemas['OAuthApplicationSummary']['trustTier'];
export type OAuthGrantType = Schemas['OAuthGrantType'];
export type OAuthScope = Schemas['OAuthScope'];

/** One row of `oauth_applications`: developer apps, dynamic MCP clients and metadata-document clients alike. */
export interface OAuthApplicationRow {
  id: string;
  clientId: string;
  registration: OAuthRegistration;
  clientType: OAuthClientType;
  /** Null for dynamic and metadata-document clients. */
  ownerKind: 'user' | 'community' | null;
  ownerUserId: string | null;
  ownerCommunityProfileId: string | null;
  displayName: string;
  description: string | null;
  logoUrl: string | null;
  docsUrl: string | null;
  privacyUrl: string | null;
  termsUrl: string | null;
  /** Exactly as registered: redirect URIs are matched as strings (contract 5.7). */
  redirectUris: string[];
  allowedGrants: OAuthGrantType[];
  allowedScopes: OAuthScope[];
  /** For dynamic and metadata-document clients: the one resource they may ask for. */
  resource: string | null;
  softwareId: string | null;
  trustTier: OAuthTrustTier;
  status: OAuthAppStatus;
  createdAt: number;
  updatedAt: number;
  lastUsedAt: number | null;
  reviewedAt: number | null;
  revokedAt: number | null;
  revokeReason: string | null;
}

/** A developer-registered application: always owned by a user, possibly for a community. */
export type DeveloperApplicationRow = OAuthApplicationRow & { registration: 'developer'; ownerKind: 'user' | 'community'; ownerUserId: string };

export const isDeveloperApplication = (a: OAuthApplicationRow): a is DeveloperApplicationRow =>
  a.registration === 'developer' && a.ownerKind !== null && a.ownerUserId !== null;

/** One row of `oauth_client_secrets`: never the secret, only its display prefix and keyed verifier hash. */
export interface OAuthClientSecretRow {
  id: string;
  applicationId: string;
  /** Characters of the value after its fixed prefix, for display. */
  secretPrefix: string;
  verifierHash: string;
  label: string | null;
  createdAt: number;
  revokedAt: number | null;
}

/** What the issuer needs to authenticate a client: the active app and its active secrets' verifiers. */
export interface ActiveOAuthClient {
  application: OAuthApplicationRow;
  secrets: OAuthClientSecretRow[];
}

/** The metadata columns an owner may change (contract 4.9); `updatedAt` always moves with them. */
export type OAuthApplicationChanges = Partial<
  Pick<OAuthApplicationRow, 'displayName' | 'description' | 'logoUrl' | 'docsUrl' | 'privacyUrl' | 'termsUrl' | 'redirectUris' | 'allowedGrants' | 'allowedScopes'>
>;

const toApplication = (r: Record<string, unknown>): OAuthApplicationRow => ({
  id: r.id as string,
  clientId: r.client_id as string,
  registration: r.registration as OAuthRegistration,
  clientType: r.client_type as OAuthClientType,
  ownerKind: (r.owner_kind as OAuthApplicationRow['ownerKind']) ?? null,
  ownerUserId: (r.owner_user_id as string | null) ?? null,
  ownerCommunityProfileId: (r.owner_community_profile_id as string | null) ?? null,
  displayName: r.display_name as string,
  description: (r.description as string | null) ?? null,
  logoUrl: (r.logo_url as string | null) ?? null,
  docsUrl: (r.docs_url as string | null) ?? null,
  privacyUrl: (r.privacy_url as string | null) ?? null,
  termsUrl: (r.terms_url as string | null) ?? null,
  redirectUris: json<string[]>(r.redirect_uris, []),
  allowedGrants: json<OAuthGrantType[]>(r.allowed_grants, []),
  allowedScopes: json<OAuthScope[]>(r.allowed_scopes, []),
  resource: (r.resource as string | null) ?? null,
  softwareId: (r.software_id as string | null) ?? null,
  trustTier: r.trust_tier as OAuthTrustTier,
  status: r.status as OAuthAppStatus,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
  lastUsedAt: (r.last_used_at as number | null) ?? null,
  reviewedAt: (r.reviewed_at as number | null) ?? null,
  revokedAt: (r.revoked_at as number | null) ?? null,
  revokeReason: (r.revoke_reason as string | null) ?? null,
});

const toSecret = (r: Record<string, unknown>): OAuthClientSecretRow => ({
  id: r.id as string,
  applicationId: r.application_id as string,
  secretPrefix: r.secret_prefix as string,
  verifierHash: r.verifier_hash as string,
  label: (r.label as string | null) ?? null,
  createdAt: r.created_at as number,
  revokedAt: (r.revoked_at as number | null) ?? null,
});

const changeColumns = (c: OAuthApplicationChanges): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (c.displayName !== undefined) out.display_name = c.displayName;
  if (c.description !== undefined) out.description = c.description;
  if (c.logoUrl !== undefined) out.logo_url = c.logoUrl;
  if (c.docsUrl !== undefined) out.docs_url = c.docsUrl;
  if (c.privacyUrl !== undefined) out.privacy_url = c.privacyUrl;
  if (c.termsUrl !== undefined) out.terms_url = c.termsUrl;
  if (c.redirectUris !== undefined) out.redirect_uris = JSON.stringify(c.redirectUris);
  if (c.allowedGrants !== undefined) out.allowed_grants = JSON.stringify(c.allowedGrants);
  if (c.allowedScopes !== undefined) out.allowed_scopes = JSON.stringify(c.allowedScopes);
  return out;
};

export interface OAuthApplicationPage {
  applications: OAuthApplicationRow[];
  /** createdAt and id of the last row, for keyset paging. */
  next: { createdAt: number; id: string } | null;
}

/**
 * The owner of `oauth_applications` and `oauth_client_secrets`. Developer routes and the OAuth
 * issuer read the same rows; secrets reach this layer already hashed.
 */
export class OAuthApplicationsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(a: OAuthApplicationRow): Promise<void> {
    await this.db('oauth_applications').insert({
      id: a.id,
      client_id: a.clientId,
      registration: a.registration,
      client_type: a.clientType,
      owner_kind: a.ownerKind,
      owner_user_id: a.ownerUserId,
      owner_community_profile_id: a.ownerCommunityProfileId,
      display_name: a.displayName,
      description: a.description,
      logo_url: a.logoUrl,
      docs_url: a.docsUrl,
      privacy_url: a.privacyUrl,
      terms_url: a.termsUrl,
      redirect_uris: JSON.stringify(a.redirectUris),
      allowed_grants: JSON.stringify(a.allowedGrants),
      allowed_scopes: JSON.stringify(a.allowedScopes),
      resource: a.resource,
      software_id: a.softwareId,
      trust_tier: a.trustTier,
      status: a.status,
      created_at: a.createdAt,
      updated_at: a.updatedAt,
      last_used_at: a.lastUsedAt,
      reviewed_at: a.reviewedAt,
      revoked_at: a.revokedAt,
      revoke_reason: a.revokeReason,
    });
  }

  async findByClientId(clientId: string): Promise<OAuthApplicationRow | undefined> {
    const r = await this.db('oauth_applications').where({ client_id: clientId }).first();
    return r ? toApplication(r) : undefined;
  }

  async findById(id: string): Promise<OAuthApplicationRow | undefined> {
    const r = await this.db('oauth_applications').where({ id }).first();
    return r ? toApplication(r) : undefined;
  }

  /**
   * For the issuer: an active application (any registration) and its active secrets' verifier
   * hashes. Revoked or unknown clients answer undefined; the service compares the hashes.
   */
  async findActiveByClientId(clientId: string): Promise<ActiveOAuthClient | undefined> {
    const r = await this.db('oauth_applications').where({ client_id: clientId, status: 'active' }).first();
    if (!r) return undefined;
    const application = toApplication(r);
    return { application, secrets: await this.activeSecrets(application.id) };
  }

  /** Developer applications of a user and of the communities given, newest first; `after` continues a page. */
  async listDeveloperApps(
    owners: { userId: string; communityProfileIds: string[] },
    opts: { includeRevoked: boolean; limit: number; after?: { createdAt: number; id: string } },
  ): Promise<OAuthApplicationPage> {
    const q = this.db('oauth_applications')
      .where({ registration: 'developer' })
      .andWhere((w) => {
        w.where((u) => u.where({ owner_kind: 'user', owner_user_id: owners.userId }));
        if (owners.communityProfileIds.length) {
          w.orWhere((c) => c.where({ owner_kind: 'community' }).whereIn('owner_community_profile_id', owners.communityProfileIds));
        }
      });
    if (!opts.includeRevoked) q.andWhere({ status: 'active' });
    if (opts.after) {
      const { createdAt, id } = opts.after;
      q.andWhere((w) => w.where('created_at', '<', createdAt).orWhere((w2) => w2.where('created_at', createdAt).andWhere('id', '<', id)));
    }
    const rows = (await q.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(opts.limit + 1)).map(toApplication);
    const more = rows.length > opts.limit;
    const applications = rows.slice(0, opts.limit);
    const last = applications[applications.length - 1];
    return { applications, next: more && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /**
   * Applies `changes` to an active application whose revision is still `expectedUpdatedAt`
   * (a compare-and-set, so revisions strictly increase under concurrent writes). False when the
   * application is revoked, gone or was written meanwhile.
   */
  async updateIfCurrent(id: string, expectedUpdatedAt: number, updatedAt: number, changes: OAuthApplicationChanges = {}): Promise<boolean> {
    const n = await this.db('oauth_applications')
      .where({ id, status: 'active', updated_at: expectedUpdatedAt })
      .update({ ...changeColumns(changes), updated_at: updatedAt });
    return n > 0;
  }

  /** Marks an active application revoked (compare-and-set on its revision); false when it was not. */
  async revokeIfCurrent(id: string, expectedUpdatedAt: number, now: number, updatedAt: number, reason: string): Promise<boolean> {
    const n = await this.db('oauth_applications')
      .where({ id, status: 'active', updated_at: expectedUpdatedAt })
      .update({ status: 'revoked', revoked_at: now, revoke_reason: reason, updated_at: updatedAt });
    return n > 0;
  }

  async setTrustTier(id: string, tier: OAuthTrustTier, updatedAt: number): Promise<boolean> {
    return (await this.db('oauth_applications').where({ id }).update({ trust_tier: tier, updated_at: updatedAt })) > 0;
  }

  /** Last-use bookkeeping for the issuer; not a revision change. */
  async recordUse(id: string, now: number): Promise<void> {
    await this.db('oauth_applications').where({ id }).update({ last_used_at: now });
  }

  async insertSecret(s: OAuthClientSecretRow): Promise<void> {
    await this.db('oauth_client_secrets').insert({
      id: s.id,
      application_id: s.applicationId,
      secret_prefix: s.secretPrefix,
      verifier_hash: s.verifierHash,
      label: s.label,
      created_at: s.createdAt,
      revoked_at: s.revokedAt,
    });
  }

  /** Active secrets of one application, oldest first. */
  async activeSecrets(applicationId: string): Promise<OAuthClientSecretRow[]> {
    const rows = await this.db('oauth_client_secrets').where({ application_id: applicationId }).whereNull('revoked_at').orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toSecret);
  }

  /** Active secrets of several applications, by application id, oldest first. */
  async activeSecretsOf(applicationIds: string[]): Promise<Map<string, OAuthClientSecretRow[]>> {
    const out = new Map<string, OAuthClientSecretRow[]>(applicationIds.map((id) => [id, []]));
    if (!applicationIds.length) return out;
    const rows = await this.db('oauth_client_secrets')
      .whereIn('application_id', [...new Set(applicationIds)])
      .whereNull('revoked_at')
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    for (const s of rows.map(toSecret)) out.get(s.applicationId)?.push(s);
    return out;
  }

  /** One secret of one application (active or revoked), or undefined when `secretId` is not one of its secrets. */
  async findSecret(applicationId: string, secretId: string): Promise<OAuthClientSecretRow | undefined> {
    const r = await this.db('oauth_client_secrets').where({ id: secretId, application_id: applicationId }).first();
    return r ? toSecret(r) : undefined;
  }

  /** Revokes one active secret of an application; false when it was not active (already revoked, or not its secret). */
  async revokeSecret(applicationId: string, secretId: string, now: number): Promise<boolean> {
    const n = await this.db('oauth_client_secrets').where({ id: secretId, application_id: applicationId }).whereNull('revoked_at').update({ revoked_at: now });
    return n > 0;
  }

  /** Revokes every active secret of an application; returns how many. */
  async revokeSecretsOf(applicationId: string, now: number): Promise<number> {
    return this.db('oauth_client_secrets').where({ application_id: applicationId }).whereNull('revoked_at').update({ revoked_at: now });
  }
}
