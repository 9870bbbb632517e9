import { committedStatement, type Queryable } from '../db/knex.js';
import { SharedReads } from '../lib/sharedReads.js';
import { json } from './rows.js';
import type { RouteClass, Scope } from '../generated/contract.js';

export type TokenStatus = 'active' | 'revoked';
export type PersonalTrustTier = 'personal' | 'trusted_partner';

export interface ApiTokenRow {
  id: string;
  tokenPrefix: string;
  verifierHash: string;
  ownerKind: 'user' | 'community';
  ownerUserId: string;
  ownerCommunityProfileId: string | null;
  label: string;
  scopes: Scope[];
  trustTier: PersonalTrustTier;
  status: TokenStatus;
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
  lastUsedAt: number | null;
  lastUsedRouteClass: RouteClass | null;
  revokedAt: number | null;
  revokeReason: string | null;
}

const toToken = (r: Record<string, unknown>): ApiTokenRow => ({
  id: r.id as string,
  tokenPrefix: r.token_prefix as string,
  verifierHash: r.verifier_hash as string,
  ownerKind: r.owner_kind as ApiTokenRow['ownerKind'],
  ownerUserId: r.owner_user_id as string,
  ownerCommunityProfileId: (r.owner_community_profile_id as string | null) ?? null,
  label: r.label as string,
  scopes: json<Scope[]>(r.scopes, []),
  trustTier: r.trust_tier as PersonalTrustTier,
  status: r.status as TokenStatus,
  expiresAt: (r.expires_at as number | null) ?? null,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
  lastUsedAt: (r.last_used_at as number | null) ?? null,
  lastUsedRouteClass: (r.last_used_route_class as RouteClass | null) ?? null,
  revokedAt: (r.revoked_at as number | null) ?? null,
  revokeReason: (r.revoke_reason as string | null) ?? null,
});

export interface TokenPage {
  tokens: ApiTokenRow[];
  /** createdAt and id of the last row, for keyset paging. */
  next: { createdAt: number; id: string } | null;
}

export class ApiTokensRepository {
  constructor(private readonly db: Queryable) {}

  async insert(t: ApiTokenRow): Promise<void> {
    await this.db('api_tokens').insert({
      id: t.id,
      token_prefix: t.tokenPrefix,
      verifier_hash: t.verifierHash,
      owner_kind: t.ownerKind,
      owner_user_id: t.ownerUserId,
      owner_community_profile_id: t.ownerCommunityProfileId,
      label: t.label,
      scopes: JSON.stringify(t.scopes),
      trust_tier: t.trustTier,
      status: t.status,
      expires_at: t.expiresAt,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
      last_used_at: t.lastUsedAt,
      last_used_route_class: t.lastUsedRouteClass,
      revoked_at: t.revokedAt,
      revoke_reason: t.revokeReason,
    });
  }

  /** The bearer lookup of every authenticated request: on an embedded SQLite file, a direct read of committed state. */
  async findByPrefix(prefix: string): Promise<ApiTokenRow | undefined> {
    const direct = committedStatement(this.db, 'select * from api_tokens where token_prefix = ? limit 1');
    const r = direct ? direct.get(prefix) : this.db.isTransaction ? await this.db('api_tokens').where({ token_prefix: prefix }).first() : await sharedLookups(this.db).read(prefix);
    return r ? toToken(r as Parameters<typeof toToken>[0]) : undefined;
  }

  async findById(id: string): Promise<ApiTokenRow | undefined> {
    const r = await this.db('api_tokens').where({ id }).first();
    return r ? toToken(r) : undefined;
  }

  /** Newest first; `after` continues from a previous page. */
  async listByOwner(
    ownerUserId: string,
    opts: { includeRevoked: boolean; limit: number; after?: { createdAt: number; id: string } },
  ): Promise<TokenPage> {
    const q = this.db('api_tokens').where({ owner_user_id: ownerUserId });
    if (!opts.includeRevoked) q.andWhere({ status: 'active' });
    if (opts.after) {
      const { createdAt, id } = opts.after;
      q.andWhere((w) => w.where('created_at', '<', createdAt).orWhere((w2) => w2.where('created_at', createdAt).andWhere('id', '<', id)));
    }
    const rows = (await q.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(opts.limit + 1)).map(toToken);
    const more = rows.length > opts.limit;
    const tokens = rows.slice(0, opts.limit);
    const last = tokens[tokens.length - 1];
    return { tokens, next: more && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /** Marks an active token revoked; returns false when it was not active. */
  async revoke(id: string, now: number, reason: string | null): Promise<boolean> {
    const n = await this.db('api_tokens')
      .where({ id, status: 'active' })
      .update({ status: 'revoked', revoked_at: now, updated_at: now, revoke_reason: reason });
    return n > 0;
  }

  async setTrustTier(id: string, tier: PersonalTrustTier, now: number): Promise<boolean> {
    return (await this.db('api_tokens').where({ id }).update({ trust_tier: tier, updated_at: now })) > 0;
  }

  async recordUse(id: string, now: number, routeClass: RouteClass): Promise<void> {
    await this.db('api_tokens').where({ id }).update({ last_used_at: now, last_used_route_class: routeClass });
  }
}

/**
 * Bearer lookups through the pool, shared by concurrent requests presenting the same token
 * (src/lib/sharedReads.ts: each still sees every write committed before it arrived, so a revoked
 * token is refused at once). One set per database; each caller maps the shared raw row itself.
 */
const lookups = new WeakMap<object, SharedReads<string, unknown>>();
function sharedLookups(db: Queryable): SharedReads<string, unknown> {
  let shared = lookups.get(db);
  if (!shared) lookups.set(db, (shared = new SharedReads((prefix) => db('api_tokens').where({ token_prefix: prefix }).first())));
  return shared;
}
