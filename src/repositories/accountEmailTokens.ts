import type { Queryable } from '../db/knex.js';

/** `change_email`: confirms a new address (the row's `email`) before it replaces the account's. */
export type AccountEmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export interface AccountEmailTokenRow {
  id: string;
  userId: string;
  purpose: AccountEmailTokenPurpose;
  /** SHA-256 of the token value (base64url); the value itself is never stored. */
  tokenHash: string;
  email: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

const toRow = (r: Record<string, unknown>): AccountEmailTokenRow => ({
  id: r.id as string,
  userId: r.user_id as string,
  purpose: r.purpose as AccountEmailTokenPurpose,
  tokenHash: r.token_hash as string,
  email: r.email as string,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  usedAt: r.used_at === null || r.used_at === undefined ? null : Number(r.used_at),
});

/** The single-use links of e-mail verification and password reset (`account_email_tokens`). */
export class AccountEmailTokensRepository {
  constructor(private readonly db: Queryable) {}

  async insert(row: AccountEmailTokenRow): Promise<void> {
    await this.db('account_email_tokens').insert({
      id: row.id,
      user_id: row.userId,
      purpose: row.purpose,
      token_hash: row.tokenHash,
      email: row.email,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      used_at: row.usedAt,
    });
  }

  /** An unused, unexpired token of `purpose` (a read: nothing is consumed). */
  async findLive(tokenHash: string, purpose: AccountEmailTokenPurpose, now: number): Promise<AccountEmailTokenRow | undefined> {
    const r = await this.db('account_email_tokens')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .first();
    return r ? toRow(r) : undefined;
  }

  /**
   * Marks the token used if it still is unused and unexpired, in one conditional UPDATE: of two
   * concurrent claims exactly one changes the row (PostgreSQL re-checks the condition after the
   * first commits; SQLite writes one at a time). Returns the claimed row, or undefined.
   */
  async claim(tokenHash: string, purpose: AccountEmailTokenPurpose, now: number): Promise<AccountEmailTokenRow | undefined> {
    const changed = await this.db('account_email_tokens')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now });
    if (changed !== 1) return undefined;
    const r = await this.db('account_email_tokens').where({ token_hash: tokenHash }).first();
    return r ? toRow(r) : undefined;
  }

  /** Removes the user's unused tokens of `purpose` (all but `keepId`, when given). */
  async deleteUnused(userId: string, purpose: AccountEmailTokenPurpose, keepId?: string): Promise<number> {
    const q = this.db('account_email_tokens').where({ user_id: userId, purpose }).whereNull('used_at');
    if (keepId) q.andWhereNot({ id: keepId });
    return q.delete();
  }

  /** Removes tokens expired at `before`, used or not (they can no longer be claimed). */
  async deleteExpired(before: number): Promise<number> {
    return this.db('account_email_tokens').where('expires_at', '<=', before).delete();
  }
}
