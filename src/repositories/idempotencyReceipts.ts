import type { Queryable } from '../db/knex.js';
import { json } from './rows.js';

/**
 * A write made with an `Idempotency-Key`: who asked, the key, what was asked (SHA-256 of the
 * request body's canonical JSON), what it made (`target`: the column named by the table) and the
 * first answer, replayed as it was.
 */
export type IdempotencyReceipt<Target extends string, Response> = {
  id: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  response: Response;
  createdAt: number;
} & Record<Target, string>;

/**
 * One receipts table (unique per user and key; the unique pair is what makes concurrent writes
 * with one key produce one result). Every idempotent write keeps its receipts the same way, in
 * its own table: `profile_submission_receipts`, `event_create_receipts`, `profile_media_receipts`.
 */
export class IdempotencyReceiptStore<Target extends string, Response> {
  constructor(
    protected readonly db: Queryable,
    private readonly table: string,
    /** The receipt field naming what the write made, and its column. */
    private readonly target: { field: Target; column: string },
  ) {}

  private toReceipt(r: Record<string, unknown>): IdempotencyReceipt<Target, Response> {
    return {
      id: r.id as string,
      userId: r.user_id as string,
      idempotencyKey: r.idempotency_key as string,
      requestHash: r.request_hash as string,
      [this.target.field]: r[this.target.column] as string,
      response: json(r.response, {} as Response),
      createdAt: Number(r.created_at),
    } as IdempotencyReceipt<Target, Response>;
  }

  async find(userId: string, idempotencyKey: string): Promise<IdempotencyReceipt<Target, Response> | undefined> {
    const r = await this.db(this.table).where({ user_id: userId, idempotency_key: idempotencyKey }).first();
    return r ? this.toReceipt(r) : undefined;
  }

  /** Refused with a unique violation when the user already holds a receipt for this key. */
  async insert(r: IdempotencyReceipt<Target, Response>): Promise<void> {
    await this.db(this.table).insert({
      id: r.id,
      user_id: r.userId,
      idempotency_key: r.idempotencyKey,
      request_hash: r.requestHash,
      [this.target.column]: r[this.target.field],
      response: JSON.stringify(r.response),
      created_at: r.createdAt,
    });
  }

  /** Forgets the user's receipts made before `before` (their keys may then be used again). */
  async deleteOlderThan(userId: string, before: number): Promise<number> {
    return this.db(this.table).where({ user_id: userId }).andWhere('created_at', '<', before).delete();
  }

  /** Forgets up to `limit` receipts made before `before` (one batch of a maintenance sweep). */
  async deleteAllOlderThan(before: number, limit = 1000): Promise<number> {
    const batch = this.db(this.table).where('created_at', '<', before).orderBy('created_at').limit(limit).select('id');
    return this.db(this.table).whereIn('id', batch).delete();
  }
}
