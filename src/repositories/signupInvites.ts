import type { Queryable } from '../db/knex.js';

export interface SignupInviteRow {
  id: string;
  /** SHA-256 of the token value (base64url); the value itself is never stored. */
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

const toRow = (r: Record<string, unknown>): SignupInviteRow => ({
  id: r.id as string,
  tokenHash: r.token_hash as string,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  usedAt: r.used_at === null || r.used_at === undefined ? null : Number(r.used_at),
});

/** The operator's single-use sign-up invites (`signup_invites`). */
export class SignupInvitesRepository {
  constructor(private readonly db: Queryable) {}

  async insert(row: SignupInviteRow): Promise<void> {
    await this.db('signup_invites').insert({ id: row.id, token_hash: row.tokenHash, created_at: row.createdAt, expires_at: row.expiresAt, used_at: row.usedAt });
  }

  /** An unused, unexpired invite (a read: nothing is consumed). */
  async findLive(tokenHash: string, now: number): Promise<SignupInviteRow | undefined> {
    const r = await this.db('signup_invites').where({ token_hash: tokenHash }).whereNull('used_at').andWhere('expires_at', '>', now).first();
    return r ? toRow(r) : undefined;
  }

  /**
   * Marks the invite used if it still is unused and unexpired, in one conditional UPDATE: of two
   * concurrent claims exactly one changes the row. Returns the claimed row, or undefined.
   */
  async claim(tokenHash: string, now: number): Promise<SignupInviteRow | undefined> {
    const changed = await this.db('signup_invites').where({ token_hash: tokenHash }).whereNull('used_at').andWhere('expires_at', '>', now).update({ used_at: now });
    if (changed !== 1) return undefined;
    const r = await this.db('signup_invites').where({ token_hash: tokenHash }).first();
    return r ? toRow(r) : undefined;
  }

  /** Removes invites expired at `before`, used or not (they can no longer be claimed). */
  async deleteExpired(before: number): Promise<number> {
    return this.db('signup_invites').where('expires_at', '<=', before).delete();
  }
}
