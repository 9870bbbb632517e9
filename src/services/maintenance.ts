import { QuotaCountersRepository } from '../repositories/quotaCounters.js';
import { WebSessionsRepository } from '../repositories/webSessions.js';
import { IntakeRepository } from '../repositories/intake.js';
import type { Services } from './index.js';

/**
 * Periodic housekeeping in bounded batches: opted-out time-parse input and results of expired
 * jobs (contract 4.10 rule 7), expired quota counters and expired web sessions, intake drafts
 * 30 days after their last save (decisions §4) with their posters and unpublished artwork, and
 * poster uploads abandoned before completion.
 */
export async function sweepOnce(services: Services): Promise<{ timeJobs: number; counters: number; sessions: number; drafts: number; uploads: number }> {
  const now = services.deps.clock.now();
  const intake = new IntakeRepository(services.deps.db);
  const expired = await intake.deleteExpiredDrafts(now);
  const abandoned = await intake.deleteAbandonedUploads(now);
  for (const key of [...expired.storageKeys, ...abandoned]) await services.store.delete(key);
  return {
    drafts: expired.drafts,
    uploads: abandoned.length,
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
