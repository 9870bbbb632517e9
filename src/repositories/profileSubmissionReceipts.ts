import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { json } from './rows.js';

/** A community submission made with an `Idempotency-Key`: what was asked (its hash) and what was answered. */
export interface ProfileSubmissionReceipt {
  id: string;
  userId: string;
  idempotencyKey: string;
  /** SHA-256 (hex) of the request body's canonical JSON. */
  requestHash: string;
  profileId: string;
  response: Schemas['ApiProfileWriteResponse'];
  createdAt: number;
}

const toReceipt = (r: Record<string, unknown>): ProfileSubmissionReceipt => ({
  id: r.id as string,
  userId: r.user_id as string,
  idempotencyKey: r.idempotency_key as string,
  requestHash: r.request_hash as string,
  profileId: r.profile_id as string,
  response: json(r.response, {} as Schemas['ApiProfileWriteResponse']),
  createdAt: Number(r.created_at),
});

/** The owner of `profile_submission_receipts` (unique per user and key). */
export class ProfileSubmissionReceiptsRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: string, idempotencyKey: string): Promise<ProfileSubmissionReceipt | undefined> {
    const r = await this.db('profile_submission_receipts').where({ user_id: userId, idempotency_key: idempotencyKey }).first();
    return r ? toReceipt(r) : undefined;
  }

  /** Refused with a unique violation when the user already holds a receipt for this key. */
  async insert(r: ProfileSubmissionReceipt): Promise<void> {
    await this.db('profile_submission_receipts').insert({
      id: r.id,
      user_id: r.userId,
      idempotency_key: r.idempotencyKey,
      request_hash: r.requestHash,
      profile_id: r.profileId,
      response: JSON.stringify(r.response),
      created_at: r.createdAt,
    });
  }

  /** Forgets the user's receipts made before `before` (their keys may then be used again). */
  async deleteOlderThan(userId: string, before: number): Promise<number> {
    return this.db('profile_submission_receipts').where({ user_id: userId }).andWhere('created_at', '<', before).delete();
  }

  /** Forgets up to `limit` receipts made before `before` (one batch of a maintenance sweep). */
  async deleteAllOlderThan(before: number, limit = 1000): Promise<number> {
    const batch = this.db('profile_submission_receipts').where('created_at', '<', before).orderBy('created_at').limit(limit).select('id');
    return this.db('profile_submission_receipts').whereIn('id', batch).delete();
  }
}
