import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { IdempotencyReceiptStore, type IdempotencyReceipt } from './idempotencyReceipts.js';

/** A community submission made with an `Idempotency-Key`: what was asked (its hash) and what was answered. */
export type ProfileSubmissionReceipt = IdempotencyReceipt<'profileId', Schemas['ApiProfileWriteResponse']>;

/** The owner of `profile_submission_receipts` (unique per user and key). */
export class ProfileSubmissionReceiptsRepository extends IdempotencyReceiptStore<'profileId', Schemas['ApiProfileWriteResponse']> {
  constructor(db: Queryable) {
    super(db, 'profile_submission_receipts', { field: 'profileId', column: 'profile_id' });
  }
}
