import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { IdempotencyReceiptStore, type IdempotencyReceipt } from './idempotencyReceipts.js';

/** An owner event create made with an `Idempotency-Key`: what was asked (its hash) and what was answered. */
export type EventCreateReceipt = IdempotencyReceipt<'eventId', Schemas['ApiEventWriteResponse']>;

/** The owner of `event_create_receipts` (unique per user and key). */
export class EventCreateReceiptsRepository extends IdempotencyReceiptStore<'eventId', Schemas['ApiEventWriteResponse']> {
  constructor(db: Queryable) {
    super(db, 'event_create_receipts', { field: 'eventId', column: 'event_id' });
  }
}
