import { isUniqueViolation, type Queryable } from '../db/knex.js';

/** What a form nonce's claim is for. */
export type FormNoncePurpose = 'api_token' | 'oauth_app' | 'oauth_secret';

export interface FormNonceClaim {
  userId: string;
  purpose: FormNoncePurpose;
  /** The id of what the claim created (token id, client id); null while it is being created. */
  createdRef: string | null;
  createdAt: number;
  expiresAt: number;
}

/** Claimed one-time form nonces (`web_form_nonces`), by the keyed hash of the nonce. */
export class WebFormNoncesRepository {
  constructor(private readonly db: Queryable) {}

  /** Claims `nonceHash`; false when it was already claimed (by this or a concurrent request). */
  async claim(nonceHash: string, claim: Omit<FormNonceClaim, 'createdRef'>): Promise<boolean> {
    try {
      await this.db('web_form_nonces').insert({
        nonce_hash: nonceHash,
        user_id: claim.userId,
        purpose: claim.purpose,
        created_ref: null,
        created_at: claim.createdAt,
        expires_at: claim.expiresAt,
      });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async find(nonceHash: string): Promise<FormNonceClaim | undefined> {
    const r = await this.db('web_form_nonces').where({ nonce_hash: nonceHash }).first();
    return r
      ? { userId: r.user_id, purpose: r.purpose, createdRef: r.created_ref ?? null, createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) }
      : undefined;
  }

  /** Notes what the claim created. */
  async settle(nonceHash: string, createdRef: string): Promise<void> {
    await this.db('web_form_nonces').where({ nonce_hash: nonceHash }).update({ created_ref: createdRef });
  }

  /** Gives a claim back (its request created nothing), so the same form can be sent again. */
  async release(nonceHash: string): Promise<void> {
    await this.db('web_form_nonces').where({ nonce_hash: nonceHash }).whereNull('created_ref').delete();
  }

  async deleteExpired(now: number): Promise<number> {
    return this.db('web_form_nonces').where('expires_at', '<=', now).delete();
  }
}
