import { isUniqueViolation, type Queryable } from '../db/knex.js';
import { bool, json } from './rows.js';
import { DEFAULT_TIME_ZONE } from '../services/time/engine/defaultZone.js';
import type { Schemas } from '../contract/types.js';

/** A parse outcome as stored: the contract's result without its requestId (the job's id). */
export type StoredTimeOutcome = Schemas['TimeParseResult'] extends infer R ? (R extends unknown ? Omit<R, 'requestId'> : never) : never;

export type TimeJobStatus = 'pending' | 'complete' | 'failed';

export interface TimeJobRow {
  id: string;
  userId: string;
  tokenId: string;
  continuationHash: string;
  idempotencyHash: string | null;
  requestHash: string;
  status: TimeJobStatus;
  outcome: StoredTimeOutcome | null;
  inputText: string | null;
  inputHash: string | null;
  retainInput: boolean;
  retentionRevoked: boolean;
  options: { timeZone: string; locale?: string; country?: string; subdivision?: string };
  referenceInstant: number;
  acceptedAt: number;
  expiresAt: number;
  completedAt: number | null;
}

const toJob = (r: Record<string, unknown>): TimeJobRow => ({
  id: r.id as string,
  userId: r.user_id as string,
  tokenId: r.token_id as string,
  continuationHash: r.continuation_hash as string,
  idempotencyHash: (r.idempotency_hash as string | null) ?? null,
  requestHash: r.request_hash as string,
  status: r.status as TimeJobStatus,
  outcome: json<StoredTimeOutcome | null>(r.outcome, null),
  inputText: (r.input_text as string | null) ?? null,
  inputHash: (r.input_hash as string | null) ?? null,
  retainInput: bool(r.retain_input),
  retentionRevoked: bool(r.retention_revoked),
  options: json(r.options, { timeZone: DEFAULT_TIME_ZONE }),
  referenceInstant: r.reference_instant as number,
  acceptedAt: r.accepted_at as number,
  expiresAt: r.expires_at as number,
  completedAt: (r.completed_at as number | null) ?? null,
});

export class TimeParseJobsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Inserts the job unless its account already has one pending (a unique index keeps one
   * pending job per account); false when refused for that reason.
   */
  async insertUnlessPending(j: TimeJobRow): Promise<boolean> {
    try {
      await this.insert(j);
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async insert(j: TimeJobRow): Promise<void> {
    await this.db('time_parse_jobs').insert({
      id: j.id,
      user_id: j.userId,
      token_id: j.tokenId,
      continuation_hash: j.continuationHash,
      idempotency_hash: j.idempotencyHash,
      request_hash: j.requestHash,
      status: j.status,
      outcome: j.outcome ? JSON.stringify(j.outcome) : null,
      input_text: j.inputText,
      input_hash: j.inputHash,
      retain_input: j.retainInput,
      retention_revoked: j.retentionRevoked,
      options: JSON.stringify(j.options),
      reference_instant: j.referenceInstant,
      accepted_at: j.acceptedAt,
      expires_at: j.expiresAt,
      completed_at: j.completedAt,
    });
  }

  async findById(id: string): Promise<TimeJobRow | undefined> {
    const r = await this.db('time_parse_jobs').where({ id }).first();
    return r ? toJob(r) : undefined;
  }

  async findByContinuationHash(hash: string): Promise<TimeJobRow | undefined> {
    const r = await this.db('time_parse_jobs').where({ continuation_hash: hash }).first();
    return r ? toJob(r) : undefined;
  }

  /** The newest job of an account under an idempotency key accepted after `since`. */
  async findByIdempotency(userId: string, idempotencyHash: string, since: number): Promise<TimeJobRow | undefined> {
    const r = await this.db('time_parse_jobs')
      .where({ user_id: userId, idempotency_hash: idempotencyHash })
      .andWhere('accepted_at', '>', since)
      .orderBy('accepted_at', 'desc')
      .first();
    return r ? toJob(r) : undefined;
  }

  async delete(id: string): Promise<void> {
    await this.db('time_parse_jobs').where({ id }).delete();
  }

  /** Moves a pending job to its outcome; opted-out expressions and their hashes go at once. */
  async finish(id: string, status: 'complete' | 'failed', outcome: StoredTimeOutcome, now: number): Promise<boolean> {
    const n = await this.db('time_parse_jobs')
      .where({ id, status: 'pending' })
      .update({
        status,
        outcome: JSON.stringify(outcome),
        completed_at: now,
        input_text: this.db.raw('CASE WHEN retain_input THEN input_text ELSE NULL END'),
        input_hash: this.db.raw('CASE WHEN retain_input THEN input_hash ELSE NULL END'),
      });
    return n > 0;
  }

  /** Pending jobs of an account older than `before` (an instance died mid-parse) become failed. */
  async failStalePending(userId: string, before: number, outcome: StoredTimeOutcome, now: number): Promise<number> {
    const stale = await this.db('time_parse_jobs').where({ user_id: userId, status: 'pending' }).andWhere('accepted_at', '<', before).select('id');
    let n = 0;
    for (const { id } of stale) if (await this.finish(id, 'failed', outcome, now)) n++;
    return n;
  }

  /** Retention turned off: unexpired jobs answer 410 from now on (flag only; data goes in batches). */
  async revokeRetention(userId: string, now: number): Promise<number> {
    return this.db('time_parse_jobs').where({ user_id: userId, retention_revoked: false }).andWhere('expires_at', '>', now).update({ retention_revoked: true });
  }

  /** Deletes retained expressions and stored results of an account, at most `batch` jobs per call. */
  async purgeRetainedBatch(userId: string, batch: number): Promise<number> {
    const ids = await this.db('time_parse_jobs')
      .where({ user_id: userId })
      .andWhere((w) => w.whereNotNull('input_text').orWhereNotNull('input_hash').orWhereNotNull('outcome'))
      .andWhereNot({ status: 'pending' })
      .limit(batch)
      .pluck('id');
    if (!ids.length) return 0;
    return this.db('time_parse_jobs').whereIn('id', ids).update({ input_text: null, input_hash: null, outcome: null, retention_revoked: true });
  }

  /** Opted-out expressions of expired jobs are removed (contract 4.10 rule 7), in batches. */
  async scrubExpiredOptedOut(now: number, batch: number): Promise<number> {
    const ids = await this.db('time_parse_jobs')
      .where({ retain_input: false })
      .andWhere('expires_at', '<=', now)
      .andWhere((w) => w.whereNotNull('input_text').orWhereNotNull('input_hash').orWhereNotNull('outcome'))
      .limit(batch)
      .pluck('id');
    if (!ids.length) return 0;
    return this.db('time_parse_jobs').whereIn('id', ids).update({ input_text: null, input_hash: null, outcome: null });
  }
}
