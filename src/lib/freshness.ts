import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long an answer computed from the clock stays true. Code that derives something from the
 * current time (an event's status, its next slots, discovery membership) notes the next instant
 * its result would change; a caller that keeps the answer (the public-read response cache) runs
 * the computation inside `trackFreshness` and keeps it no later than the earliest noted instant.
 * Outside a tracked computation, noting costs one lookup and does nothing.
 */
const tracked = new AsyncLocalStorage<{ until: number }>();

/** The answer being computed changes at `at` (epoch ms), as the clock passes it. */
export function changesAt(at: number): void {
  const store = tracked.getStore();
  if (store && at < store.until) store.until = at;
}

/** Runs `fn`, returning its value and the earliest instant noted while it ran (Infinity if none). */
export async function trackFreshness<T>(fn: () => Promise<T>): Promise<{ value: T; until: number }> {
  const store = { until: Infinity };
  const value = await tracked.run(store, fn);
  return { value, until: store.until };
}
