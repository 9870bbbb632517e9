import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { json } from './rows.js';

/** An owner event create made with an `Idempotency-Key`: what was asked (its hash) and what was answered. */
export interface EventCreateReceipt {
  id: string;
  userId: string;
  idempotencyKey: string;
  /** SHA-256 (hex) of the request body's canonical JSON. */
  requestHash: string;
  eventId: string;
  response: Schemas['ApiEventWriteResponse'];
  createdAt: number;
}

const toReceipt = (r: Record<string, unknown>): EventCreateReceipt => ({
  id: r.id as string,
  userId: r.user_id as string,
  idempotencyKey: r.idempotency_key as string,
  requestHash: r.request_hash as string,
  eventId: r.event_id as string,
  response: json(r.response, {} as Schemas['ApiEventWriteResponse']),
  createdAt: Number(r.created_at),
});

/** The owner of `event_create_receipts` (unique per user and key). */
export class EventCreateReceiptsRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: string, idempotencyKey: string): Promise<EventCreateReceipt | undefined> {
    const r = await this.db('event_create_receipts').where({ user_id: userId, idempotency_key: idempotencyKey }).first();
    return r ? toReceipt(r) : undefined;
  }

  /** Refused with a unique violation when the user already holds a receipt for this key. */
  async insert(r: EventCreateReceipt): Promise<void> {
    await this.db('event_create_receipts').insert({
      id: r.id,
      user_id: r.userId,
      idempotency_key: r.idempotencyKey,
      request_hash: r.requestHash,
      event_id: r.eventId,
      response: JSON.stringify(r.response),
      created_at: r.createdAt,
    });
  }

  /** Forgets the user's receipts made before `before` (their keys may then be used again). */
  async deleteOlderThan(userId: string, before: number): Promise<number> {
    return this.db('event_create_receipts').where({ user_id: userId }).andWhere('created_at', '<', before).delete();
  }

  /** Forgets up to `limit` receipts made before `before` (one batch of a maintenance sweep). */
  async deleteAllOlderThan(before: number, limit = 1000): Promise<number> {
    const batch = this.db('event_create_receipts').where('created_at', '<', before).orderBy('created_at').limit(limit).select('id');
    return this.db('event_create_receipts').whereIn('id', batch).delete();
  }
}
