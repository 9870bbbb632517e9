import { type QuotaCountersRepository, type CounterCharge } from '../../repositories/quotaCounters.js';
import { type UsersRepository } from '../../repositories/users.js';
import { AppError, problems, type QuotaState } from '../errors.js';
import type { ServiceDeps } from '../context.js';

const MINUTE = 60_000;

/** UTC fixed windows: the key of the period holding `now`, and when it ends. */
export function timeWindows(now: number) {
  const d = new Date(now);
  const minuteStart = Math.floor(now / MINUTE) * MINUTE;
  const dayEnd = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  const monthEnd = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  const iso = d.toISOString();
  return {
    minute: { key: `m:${minuteStart / MINUTE}`, endsAt: minuteStart + MINUTE },
    day: { key: `d:${iso.slice(0, 10)}`, endsAt: dayEnd },
    month: { key: `M:${iso.slice(0, 7)}`, endsAt: monthEnd },
  };
}

export interface TimeUsage {
  minute: { credentialCount?: number; accountCount: number; limit: number; resetAt: number };
  day: { count: number; allowance: number; resetAt: number };
  month: { count: number; allowance: number; resetAt: number };
}

/**
 * A refusal names the quota that refused, in the detail and the `quota` member; its RateLimit
 * headers describe that quota too (src/http/problem.ts), so they agree with Retry-After.
 */
const quotaExceeded = (what: string, quota: QuotaState, retryAfterSeconds: number) =>
  new AppError(429, '/problems/quota-exceeded', 'Time-parse quota exceeded', {
    detail: `The ${what} time-parse quota (${quota.limit}) is used up; retry after ${retryAfterSeconds} seconds.`,
    code: 'QUOTA_EXCEEDED',
    retryAfterSeconds,
    quota,
  });

/** One of the four counters a submission is charged against (contract 8.2). */
type Charge = CounterCharge & { what: string; name: QuotaState['name'] };

/**
 * Contract 8.2: per account 6 submissions a minute (per credential and for the account as a
 * whole), 250 a UTC day and 2000 a UTC month by default; operators change the daily and monthly
 * values, trust tiers never raise them. Counting is atomic in the database, so every instance
 * shares it, and time comes from the injected clock.
 */
export class TimeQuotaService {
  private readonly counters: QuotaCountersRepository;
  private readonly users: UsersRepository;

  constructor(private readonly deps: ServiceDeps) {
    this.counters = deps.repos.quotaCounters;
    this.users = deps.repos.users;
  }

  private async allowances(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw problems.notFound('No such user.');
    const { dailyAllowance, monthlyAllowance } = this.deps.config.timeParse;
    return { daily: user.timeDailyAllowance ?? dailyAllowance, monthly: user.timeMonthlyAllowance ?? monthlyAllowance };
  }

  /** Counts one accepted submission, or refuses with 429 and the wait until the refusing window ends. */
  async charge(userId: string, tokenId: string): Promise<void> {
    const now = this.deps.clock.now();
    const w = timeWindows(now);
    const { daily, monthly } = await this.allowances(userId);
    const perMinute = this.deps.config.timeParse.perMinute;
    const charges: Charge[] = [
      { what: 'per-credential minute', name: 'time_parse_credential_minute', scopeKey: `time:tok:${tokenId}`, periodKey: w.minute.key, limit: perMinute, expiresAt: w.minute.endsAt },
      { what: 'account minute', name: 'time_parse_account_minute', scopeKey: `time:acct:${userId}`, periodKey: w.minute.key, limit: perMinute, expiresAt: w.minute.endsAt },
      { what: 'daily', name: 'time_parse_day', scopeKey: `time:acct:${userId}`, periodKey: w.day.key, limit: daily, expiresAt: w.day.endsAt },
      { what: 'monthly', name: 'time_parse_month', scopeKey: `time:acct:${userId}`, periodKey: w.month.key, limit: monthly, expiresAt: w.month.endsAt },
    ];
    const refused = (await this.counters.chargeAll(charges)) as Charge | null;
    if (refused) {
      const quota: QuotaState = { name: refused.name, limit: refused.limit, remaining: 0, resetAt: refused.expiresAt };
      throw quotaExceeded(refused.what, quota, Math.max(1, Math.ceil((refused.expiresAt - now) / 1000)));
    }
  }

  /**
   * The window a time-API answer reports in its RateLimit headers (contract 8.3 rule 9): of the
   * per-credential minute, the account minute, the day and the month, the one with the least
   * room left (the shortest on a tie), so `RateLimit-Remaining` never promises more than the
   * account may submit.
   *
   * `credentialOnly`: for a credential that cannot use the time API (no `time:parse`), only its
   * own per-minute window: the account's usage is not its business.
   */
  async window(userId: string, tokenId?: string, opts: { credentialOnly?: boolean } = {}): Promise<QuotaState> {
    if (opts.credentialOnly) {
      const minute = timeWindows(this.deps.clock.now()).minute;
      const [row] = tokenId ? await this.counters.read([{ scopeKey: `time:tok:${tokenId}`, periodKey: minute.key }]) : [];
      const limit = this.deps.config.timeParse.perMinute;
      return { name: 'time_parse_credential_minute', limit, remaining: Math.max(0, limit - (row?.count ?? 0)), resetAt: minute.endsAt };
    }
    const u = await this.usage(userId, tokenId);
    const candidates: QuotaState[] = [
      ...(u.minute.credentialCount !== undefined
        ? [{ name: 'time_parse_credential_minute' as const, limit: u.minute.limit, remaining: Math.max(0, u.minute.limit - u.minute.credentialCount), resetAt: u.minute.resetAt }]
        : []),
      { name: 'time_parse_account_minute', limit: u.minute.limit, remaining: Math.max(0, u.minute.limit - u.minute.accountCount), resetAt: u.minute.resetAt },
      { name: 'time_parse_day', limit: u.day.allowance, remaining: Math.max(0, u.day.allowance - u.day.count), resetAt: u.day.resetAt },
      { name: 'time_parse_month', limit: u.month.allowance, remaining: Math.max(0, u.month.allowance - u.month.count), resetAt: u.month.resetAt },
    ];
    return candidates.reduce((tightest, q) => (q.remaining < tightest.remaining ? q : tightest));
  }

  async usage(userId: string, tokenId?: string): Promise<TimeUsage> {
    const now = this.deps.clock.now();
    const w = timeWindows(now);
    const { daily, monthly } = await this.allowances(userId);
    const acct = `time:acct:${userId}`;
    const rows = await this.counters.read([
      { scopeKey: acct, periodKey: w.minute.key },
      { scopeKey: acct, periodKey: w.day.key },
      { scopeKey: acct, periodKey: w.month.key },
      ...(tokenId ? [{ scopeKey: `time:tok:${tokenId}`, periodKey: w.minute.key }] : []),
    ]);
    const count = (scope: string, period: string) => rows.find((r) => r.scopeKey === scope && r.periodKey === period)?.count ?? 0;
    return {
      minute: {
        accountCount: count(acct, w.minute.key),
        ...(tokenId ? { credentialCount: count(`time:tok:${tokenId}`, w.minute.key) } : {}),
        limit: this.deps.config.timeParse.perMinute,
        resetAt: w.minute.endsAt,
      },
      day: { count: count(acct, w.day.key), allowance: daily, resetAt: w.day.endsAt },
      month: { count: count(acct, w.month.key), allowance: monthly, resetAt: w.month.endsAt },
    };
  }

  async setAllowances(userId: string, values: { daily?: number | null; monthly?: number | null }): Promise<void> {
    for (const v of [values.daily, values.monthly]) {
      if (v !== undefined && v !== null && (!Number.isInteger(v) || v < 0)) throw problems.validation([{ message: 'allowances are non-negative integers' }]);
    }
    await this.users.update(userId, { timeDailyAllowance: values.daily, timeMonthlyAllowance: values.monthly }, this.deps.clock.now());
  }
}
