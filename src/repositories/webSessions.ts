import type { Queryable } from '../db/knex.js';

export interface WebSessionRow {
  idHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  /** When the session was last used (moved on at most every few minutes); null before that. */
  lastSeenAt?: number | null;
  /** A short description of the browser ("Firefox on Linux"), when it could be told. */
  browser?: string | null;
}

const toRow = (r: Record<string, unknown>): WebSessionRow => ({
  idHash: r.id_hash as string,
  userId: r.user_id as string,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  lastSeenAt: r.last_seen_at === null || r.last_seen_at === undefined ? null : Number(r.last_seen_at),
  browser: (r.browser as string | null) ?? null,
});

export class WebSessionsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(s: WebSessionRow): Promise<void> {
    await this.db('web_sessions').insert({
      id_hash: s.idHash,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      last_seen_at: s.lastSeenAt ?? null,
      browser: s.browser ?? null,
    });
  }

  async findLive(idHash: string, now: number): Promise<WebSessionRow | undefined> {
    const r = await this.db('web_sessions').where({ id_hash: idHash }).andWhere('expires_at', '>', now).first();
    return r ? toRow(r) : undefined;
  }

  /** The user's live sessions, the most recently used first. */
  async listLive(userId: string, now: number): Promise<WebSessionRow[]> {
    const rows = await this.db('web_sessions').where({ user_id: userId }).andWhere('expires_at', '>', now);
    return rows.map(toRow).sort((a, b) => (b.lastSeenAt ?? b.createdAt) - (a.lastSeenAt ?? a.createdAt));
  }

  /** Notes a use of the session. */
  async touch(idHash: string, now: number): Promise<void> {
    await this.db('web_sessions').where({ id_hash: idHash }).update({ last_seen_at: now });
  }

  async delete(idHash: string): Promise<void> {
    await this.db('web_sessions').where({ id_hash: idHash }).delete();
  }

  /** Ends every session of a user but `keepIdHash` (when given); returns how many ended. */
  async deleteForUser(userId: string, keepIdHash?: string): Promise<number> {
    const q = this.db('web_sessions').where({ user_id: userId });
    if (keepIdHash) q.andWhereNot({ id_hash: keepIdHash });
    return q.delete();
  }

  async deleteExpired(now: number): Promise<number> {
    return this.db('web_sessions').where('expires_at', '<=', now).delete();
  }
}
