import crypto from 'node:crypto';
import { keyedHash, newId } from '../../lib/crypto.js';
import type { StoredTimeOutcome, TimeParseJobsRepository, TimeJobRow } from '../../repositories/timeParseJobs.js';
import type { UsersRepository } from '../../repositories/users.js';
import type { Schemas } from '../../contract/types.js';
import { AppError, problems } from '../errors.js';
import { actingUser, type Actor, type ServiceDeps, type UserCaller } from '../context.js';
import type { TimeQuotaService } from './quota.js';
import { DEFAULT_TIME_ZONE } from './engine/defaultZone.js';

export const CONTINUATION_WINDOW_MS = 15 * 60_000;
/** The wait a refused submission is told while another parse of the account is in flight. */
const IN_FLIGHT_RETRY_SECONDS = 1;
/** A job pending this long was lost with its instance; it no longer blocks the account. */
const STALE_PENDING_MS = 2 * 60_000;

/** The contract's request; `timeZone` has a default there, so callers other than HTTP may leave it out. */
export type TimeParseRequestBody = Omit<Schemas['TimeParseRequest'], 'timeZone'> & { timeZone?: string };
export type TimeParseResult = Schemas['TimeParseResult'];

export interface EngineInput {
  text: string;
  timeZone: string;
  locale?: string;
  country?: string;
  subdivision?: string;
  /** Epoch ms: the request's referenceInstant, or the job's acceptance time (rule 2). */
  referenceInstant: number;
}

/** Everything of a result but the requestId, which the job supplies. */
export type EngineOutcome = StoredTimeOutcome;

export interface TimeParser {
  /** False while the worker pool is still starting: submissions then answer 202 at once. */
  isWarm(): boolean;
  parse(input: EngineInput): Promise<EngineOutcome>;
  /** The pool's state for metrics (worker pools only). */
  stats?(): TimeParserStats;
}

export interface TimeParserStats {
  workers: number;
  /** Parses waiting for a worker. */
  queued: number;
  /** Parses running in a worker. */
  active: number;
  warm: boolean;
}

export type SubmitResult = { kind: 'done'; body: TimeParseResult } | { kind: 'pending'; body: PendingBody; continuationToken: string };

export type PendingBody = Schemas['TimeParsePending'];

/**
 * A submission's or poll's outcome. A submission carries the account's quota window (contract
 * 8.2), which the response reports; a poll has none: polling is bounded by the authenticated
 * public-read class, whose window the pipeline reports.
 */
export interface TimeParseReply {
  result: SubmitResult;
  window?: { limit: number; remaining: number; resetAt: number };
}

const continuationExpired = () =>
  new AppError(410, '/problems/continuation-expired', 'Continuation expired', {
    detail: 'This continuation is past its 15-minute window; submit the expression again.',
    code: 'CONTINUATION_EXPIRED',
  });
const retentionDisabled = () =>
  new AppError(410, '/problems/retention-disabled', 'Result no longer retained', {
    detail: 'Retention was turned off for this account; the stored result was removed.',
    code: 'RETENTION_DISABLED',
  });

/**
 * The time-job state machine of contract section 3 and 4.10. Business rules only: the REST
 * handlers (and later MCP tools) call it; the parser is injected (a worker pool in the server).
 */
export class TimeJobsService {
  private readonly jobs: TimeParseJobsRepository;
  private readonly users: UsersRepository;
  /** Background completions still running (tests and shutdown await them). */
  readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly quota: TimeQuotaService,
    private readonly parser: TimeParser,
    private readonly budgetMs = 1500,
  ) {
    this.jobs = deps.repos.timeParseJobs;
    this.users = deps.repos.users;
  }

  private hash(purpose: string, value: string) {
    return keyedHash(this.deps.config.secretKey, purpose, value);
  }

  /** Derived, never stored: a replay can hand the same token back, a database leak cannot. */
  private continuationFor(jobId: string) {
    return crypto.createHmac('sha256', this.deps.config.secretKey).update('time-continuation\0').update(jobId).digest('base64url');
  }

  /** Contract 5.16: verified e-mail and an operator grant (the route already requires a personal token with time:parse). */
  async assertAccess(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user?.emailVerifiedAt) throw problems.forbidden('The time API needs a verified e-mail address.');
    if (!user.timeApiGrantedAt) throw problems.forbidden('The time API is in closed beta; this account has no access grant.');
  }

  /**
   * The time API's window is its quota (contract 8.2), not a route-class bucket: the tightest of
   * its minute, day and month counts.
   */
  private async reply(caller: UserCaller | { userId: string; tokenId: string }, result: SubmitResult): Promise<TimeParseReply> {
    const { limit, remaining, resetAt } = await this.quota.window(caller.userId, caller.tokenId);
    return { result, window: { limit, remaining, resetAt } };
  }

  /** A submission by the acting user's credential. */
  async submitFor(actor: Actor, body: TimeParseRequestBody, idempotencyKey?: string): Promise<TimeParseReply> {
    const caller = actingUser(actor);
    return this.reply(caller, await this.submit(caller, body, idempotencyKey));
  }

  /** A poll by any time:parse credential of the same account (no quota window: see TimeParseReply). */
  async pollFor(actor: Actor, continuationToken: string): Promise<TimeParseReply> {
    const caller = actingUser(actor);
    return { result: await this.poll(caller.userId, continuationToken) };
  }

  async submit(caller: { userId: string; tokenId: string }, body: TimeParseRequestBody, idempotencyKey?: string): Promise<SubmitResult> {
    await this.assertAccess(caller.userId);
    const now = this.deps.clock.now();
    let referenceInstant = now;
    if (body.referenceInstant !== undefined) {
      referenceInstant = Date.parse(body.referenceInstant);
      if (Number.isNaN(referenceInstant)) throw problems.validation([{ pointer: '/referenceInstant', message: 'is not an ISO 8601 instant' }]);
    }
    const options = { timeZone: body.timeZone ?? DEFAULT_TIME_ZONE, locale: body.locale, country: body.country, subdivision: body.subdivision };
    const canonical = JSON.stringify({ text: body.text, ...options, referenceInstant: body.referenceInstant ?? null, retainInput: body.retainInput ?? null });
    const requestHash = this.hash('time-request', canonical);

    // Rule 3: same account + key within the window → the originally accepted job, no quota.
    const idempotencyHash = idempotencyKey ? this.hash('time-idempotency', `${caller.userId}\0${idempotencyKey}`) : null;
    if (idempotencyHash) {
      const earlier = await this.jobs.findByIdempotency(caller.userId, idempotencyHash, now - CONTINUATION_WINDOW_MS);
      if (earlier) {
        if (earlier.requestHash !== requestHash) {
          throw problems.idempotencyConflict('This Idempotency-Key was used within 15 minutes for a different request.');
        }
        return this.view(earlier, now);
      }
    }

    const user = (await this.users.findById(caller.userId))!;
    await this.jobs.failStalePending(caller.userId, now - STALE_PENDING_MS, { status: 'no_plan', reason: 'The parse was interrupted; submit it again.' }, now);
    const id = newId('tpr');
    const retain = body.retainInput !== false && user.retentionDefault;
    const job: TimeJobRow = {
      id,
      userId: caller.userId,
      tokenId: caller.tokenId,
      continuationHash: this.hash('time-continuation', this.continuationFor(id)),
      idempotencyHash,
      requestHash,
      status: 'pending',
      outcome: null,
      inputText: body.text,
      inputHash: this.hash('time-expression', body.text),
      retainInput: retain,
      retentionRevoked: false,
      options,
      referenceInstant,
      acceptedAt: now,
      expiresAt: now + CONTINUATION_WINDOW_MS,
      completedAt: null,
    };
    if (!(await this.jobs.insertUnlessPending(job))) {
      // The limit that refused is one parse at a time; its headers say so (not the minute
      // window, which may still have room).
      throw new AppError(429, '/problems/quota-exceeded', 'A parse is already in flight', {
        detail: 'One time parse at a time per account (limit 1); retry when the current one finishes.',
        code: 'QUOTA_EXCEEDED',
        retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS,
        quota: { name: 'time_parse_in_flight', limit: 1, remaining: 0, resetAt: now + IN_FLIGHT_RETRY_SECONDS * 1000 },
      });
    }
    try {
      await this.quota.charge(caller.userId, caller.tokenId);
    } catch (err) {
      await this.jobs.delete(id); // refused submissions leave nothing behind
      throw err;
    }

    const input: EngineInput = { text: body.text, ...options, referenceInstant };
    const work = this.run(job, input);
    if (this.parser.isWarm()) {
      const finished = await Promise.race([work.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), this.budgetMs).unref())]);
      if (finished) return this.view((await this.jobs.findById(id))!, this.deps.clock.now());
    }
    return this.view(job, now);
  }

  private run(job: TimeJobRow, input: EngineInput): Promise<void> {
    const p = (async () => {
      let outcome: EngineOutcome | undefined;
      try {
        outcome = await this.parser.parse(input);
      } catch {
        outcome = undefined;
      }
      const now = this.deps.clock.now();
      if (outcome) await this.jobs.finish(job.id, 'complete', outcome, now);
      else await this.jobs.finish(job.id, 'failed', { status: 'no_plan', reason: 'The parser failed on this expression.' }, now);
    })();
    const tracked = p.catch(() => {}).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return p;
  }

  private view(job: TimeJobRow, now: number): SubmitResult {
    if (job.status === 'pending') {
      const continuationToken = this.continuationFor(job.id);
      return {
        kind: 'pending',
        continuationToken,
        body: {
          requestId: job.id,
          status: 'pending',
          continuationToken,
          retryAfterSeconds: 1,
          estimatedWaitSeconds: 2,
          expiresAt: new Date(job.expiresAt).toISOString(),
        },
      };
    }
    if (job.retentionRevoked || !job.outcome) throw retentionDisabled();
    return { kind: 'done', body: { requestId: job.id, ...job.outcome } };
  }

  /** Rule 5: the continuation plus any valid time:parse token of the same account. */
  async poll(userId: string, continuationToken: string): Promise<SubmitResult> {
    const job = await this.jobs.findByContinuationHash(this.hash('time-continuation', continuationToken));
    if (!job || job.userId !== userId) throw problems.notFound('No such continuation.');
    const now = this.deps.clock.now();
    if (now >= job.expiresAt) throw continuationExpired();
    if (job.retentionRevoked) throw retentionDisabled();
    return this.view(job, now);
  }
}
