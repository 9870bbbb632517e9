import { committedStatement, pgPreparedRead, type CommittedStatement, type Queryable } from '../db/knex.js';
import { SharedReads, TurnRead } from '../lib/sharedReads.js';
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

  /**
   * The bearer lookup of every authenticated request, kept while the token-row version stamp is
   * unchanged (KeptLookups): on an embedded SQLite file the stamp and the row are direct reads of
   * committed state, on PostgreSQL reads through the pool.
   */
  async findByPrefix(prefix: string): Promise<ApiTokenRow | undefined> {
    const direct = committedStatement(this.db, ROW_SQL);
    if (direct) {
      const r = await keptLookups(this.db).findDirect(prefix, committedStatement(this.db, STAMP_SQL)!, direct);
      return r ? toToken(r) : undefined;
    }
    if (this.db.isTransaction) {
      const r = await this.db('api_tokens').where({ token_prefix: prefix }).first();
      return r ? toToken(r) : undefined;
    }
    const r = await keptLookups(this.db).find(prefix);
    return r ? toToken(r) : undefined;
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
    if (!this.db.isTransaction) keptLookups(this.db, false)?.used(id, now, routeClass);
  }
}

const ROW_SQL = 'select * from api_tokens where token_prefix = ? limit 1';
const STAMP_SQL = 'select version from credential_versions where id = 1';

/** Token rows kept per database at most (least recently used go first). */
const MAX_KEPT_ROWS = 10_000;

/**
 * Bearer lookups, kept while the token-row version stamp is unchanged: the database moves
 * `credential_versions` on with every change of a column a bearer check reads and every
 * deletion (triggers; its migration), so a revoked, narrowed or expired-early
 * token is refused by every instance as soon as the change commits. Each lookup first reads the
 * stamp (reads shared by concurrent requests: src/lib/sharedReads.ts, each seeing every commit
 * before it arrived), then the row: a row is kept under a stamp no newer than itself. Lookups that
 * find nothing are not kept (a token created since must be found). Concurrent lookups of the same
 * token share their reads too (PostgreSQL); on an embedded SQLite file both reads are direct and
 * synchronous (`findDirect`).
 */
class KeptLookups {
  private readonly stamps: SharedReads<'stamp', number>;
  /** The stamp on an embedded SQLite file (findDirect). */
  private turnStamps?: TurnRead<number>;
  private readonly rows: SharedReads<string, Record<string, unknown> | undefined>;
  /** By lookup prefix, least recently used first. */
  private readonly kept = new Map<string, { version: number; row: Record<string, unknown> }>();
  /** Token id → lookup prefix of the rows kept, for this instance's own use records. */
  private readonly prefixes = new Map<string, string>();

  constructor(db: Queryable) {
    const stamp = pgPreparedRead<{ version: number | string }>(db, 'marquee_credential_version', 'select version from credential_versions where id = 1');
    this.stamps = new SharedReads(async () => Number((stamp ? (await stamp())[0] : await db('credential_versions').where({ id: 1 }).first('version'))?.version ?? 0));
    this.rows = new SharedReads((prefix) => db('api_tokens').where({ token_prefix: prefix }).first());
  }

  async find(prefix: string): Promise<Record<string, unknown> | undefined> {
    const version = await this.stamps.read('stamp');
    // Read after the stamp: a change committed between the two reads leaves the row newer than
    // the stamp it is kept under, so the next lookup reads it again; never the other way round.
    return this.hit(prefix, version) ?? this.keep(prefix, version, await this.rows.read(prefix));
  }

  /**
   * The same on an embedded SQLite file, where both reads are direct reads of committed state
   * that answer at once: the stamp is read once per turn of the event loop for every lookup of
   * the turn (TurnRead: each still sees every commit before it arrived), then the row if needed.
   */
  async findDirect(prefix: string, stamp: CommittedStatement, row: CommittedStatement): Promise<Record<string, unknown> | undefined> {
    this.turnStamps ??= new TurnRead(() => Number((stamp.get() as { version: number | null } | undefined)?.version ?? 0));
    const version = await this.turnStamps.read();
    return this.hit(prefix, version) ?? this.keep(prefix, version, row.get(prefix) as Record<string, unknown> | undefined);
  }

  private hit(prefix: string, version: number): Record<string, unknown> | undefined {
    const hit = this.kept.get(prefix);
    if (!hit || hit.version !== version) return undefined;
    this.kept.delete(prefix);
    this.kept.set(prefix, hit);
    return hit.row;
  }

  private keep(prefix: string, version: number, row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    this.forget(prefix);
    if (!row) return undefined;
    if (this.kept.size >= MAX_KEPT_ROWS) this.forget(this.kept.keys().next().value as string);
    this.kept.set(prefix, { version, row });
    this.prefixes.set(row.id as string, prefix);
    return row;
  }

  /** This instance's own use record, kept in step (the stamp does not move for it). */
  used(id: string, at: number, routeClass: RouteClass): void {
    const prefix = this.prefixes.get(id);
    const hit = prefix === undefined ? undefined : this.kept.get(prefix);
    if (!hit) return;
    hit.row.last_used_at = at;
    hit.row.last_used_route_class = routeClass;
  }

  private forget(prefix: string): void {
    const hit = this.kept.get(prefix);
    if (!hit) return;
    this.kept.delete(prefix);
    this.prefixes.delete(hit.row.id as string);
  }
}

const kept = new WeakMap<object, KeptLookups>();
function keptLookups(db: Queryable): KeptLookups;
function keptLookups(db: Queryable, create: false): KeptLookups | undefined;
function keptLookups(db: Queryable, create = true): KeptLookups | undefined {
  let lookups = kept.get(db);
  if (!lookups && create) kept.set(db, (lookups = new KeptLookups(db)));
  return lookups;
}
