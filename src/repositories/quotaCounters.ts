import { inTransaction, rawRows, type Queryable } from '../db/knex.js';

export interface CounterCharge {
  scopeKey: string;
  periodKey: string;
  limit: number;
  expiresAt: number;
}

export interface CounterState {
  scopeKey: string;
  periodKey: string;
  count: number;
}

export class QuotaCountersRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Adds one to every counter, atomically: when any would pass its limit, nothing is counted
   * and the first such charge is returned. Increments are row-locked upserts, so concurrent
   * callers cannot both take the last unit.
   */
  async chargeAll(charges: CounterCharge[]): Promise<CounterCharge | null> {
    const over = new Error('quota');
    let exceeded: CounterCharge | null = null;
    try {
      await inTransaction(this.db, async (trx) => {
        for (const c of charges) {
          const result = await trx.raw(
            `INSERT INTO quota_counters (scope_key, period_key, count, expires_at) VALUES (?, ?, 1, ?)
             ON CONFLICT (scope_key, period_key) DO UPDATE SET count = quota_counters.count + 1
             RETURNING count`,
            [c.scopeKey, c.periodKey, c.expiresAt],
          );
          const rows = rawRows<{ count: number | string }>(trx, result);
          if (Number(rows[0].count) > c.limit) {
            exceeded = c;
            throw over;
          }
        }
      });
    } catch (err) {
      if (err !== over) throw err;
    }
    return exceeded;
  }

  async read(keys: { scopeKey: string; periodKey: string }[]): Promise<CounterState[]> {
    if (!keys.length) return [];
    const rows = await this.db('quota_counters').where((w) => {
      for (const k of keys) w.orWhere({ scope_key: k.scopeKey, period_key: k.periodKey });
    });
    return rows.map((r: Record<string, unknown>) => ({ scopeKey: r.scope_key as string, periodKey: r.period_key as string, count: Number(r.count) }));
  }

  async deleteExpired(now: number, batch = 1000): Promise<number> {
    const keys = await this.db('quota_counters').where('expires_at', '<=', now).limit(batch).select('scope_key', 'period_key');
    let n = 0;
    for (const k of keys) n += await this.db('quota_counters').where(k).delete();
    return n;
  }
}
