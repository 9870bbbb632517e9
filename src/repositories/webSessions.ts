import type { Queryable } from '../db/knex.js';

export interface WebSessionRow {
  idHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

export class WebSessionsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(s: WebSessionRow): Promise<void> {
    await this.db('web_sessions').insert({
      id_hash: s.idHash,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
    });
  }

  async findLive(idHash: string, now: number): Promise<WebSessionRow | undefined> {
    const r = await this.db('web_sessions').where({ id_hash: idHash }).andWhere('expires_at', '>', now).first();
    return r ? { idHash: r.id_hash, userId: r.user_id, createdAt: r.created_at, expiresAt: r.expires_at } : undefined;
  }

  async delete(idHash: string): Promise<void> {
    await this.db('web_sessions').where({ id_hash: idHash }).delete();
  }

  /** Ends every session of a user (after a password reset); returns how many there were. */
  async deleteForUser(userId: string): Promise<number> {
    return this.db('web_sessions').where({ user_id: userId }).delete();
  }

  async deleteExpired(now: number): Promise<number> {
    return this.db('web_sessions').where('expires_at', '<=', now).delete();
  }
}
