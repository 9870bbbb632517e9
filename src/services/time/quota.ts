import { type QuotaCountersRepository, type CounterCharge } from '../../repositories/quotaCounters.js';
import { type UsersRepository } from '../../repositories/users.js';
import { AppError, problems } from '../errors.js';
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

const quotaExceeded = (what: string, retryAfterSeconds: number) =>
  new AppError(429, '/problems/quota-exceeded', 'Time-parse quota exceeded', {
    detail: `The ${what} time-parse quota is used up; retry after ${retryAfterSeconds} seconds.`,
    code: 'QUOTA_EXCEEDED',
    retryAfterSeconds,
  });

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
    const charges: (CounterCharge & { what: string })[] = [
      { what: 'per-credential minute', scopeKey: `time:tok:${tokenId}`, periodKey: w.minute.key, limit: perMinute, expiresAt: w.minute.endsAt },
      { what: 'account minute', scopeKey: `time:acct:${userId}`, periodKey: w.minute.key, limit: perMinute, expiresAt: w.minute.endsAt },
      { what: 'daily', scopeKey: `time:acct:${userId}`, periodKey: w.day.key, limit: daily, expiresAt: w.day.endsAt },
      { what: 'monthly', scopeKey: `time:acct:${userId}`, periodKey: w.month.key, limit: monthly, expiresAt: w.month.endsAt },
    ];
    const refused = (await this.counters.chargeAll(charges)) as (CounterCharge & { what: string }) | null;
    if (refused) throw quotaExceeded(refused.what, Math.max(1, Math.ceil((refused.expiresAt - now) / 1000)));
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
