import { QuotaCountersRepository } from '../repositories/quotaCounters.js';
import { WebSessionsRepository } from '../repositories/webSessions.js';
import type { Services } from './index.js';

/**
 * Periodic housekeeping in bounded batches: opted-out time-parse input and results of expired
 * jobs (contract 4.10 rule 7), expired quota counters and expired web sessions.
 */
export async function sweepOnce(services: Services): Promise<{ timeJobs: number; counters: number; sessions: number }> {
  const now = services.deps.clock.now();
  return {
    timeJobs: await services.timeRetention.scrubExpired(),
    counters: await new QuotaCountersRepository(services.deps.db).deleteExpired(now),
    sessions: await new WebSessionsRepository(services.deps.db).deleteExpired(now),
  };
}

export function startSweeper(services: Services, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOnce(services)
      .catch((err) => console.error('sweep failed', err instanceof Error ? err.message : typeof err))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
