import type { EventRow, EventSlotRow } from '../../repositories/events.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { WorldRow } from '../../repositories/worlds.js';
import type { ServiceDeps } from '../context.js';
import { refreshSearch } from './searchDocuments.js';

/** A directory snapshot to add at once: rows with their slugs already unique. */
export interface DirectoryBatch {
  profiles: ProfileRow[];
  worlds: WorldRow[];
  events: EventRow[];
  slots: EventSlotRow[];
}

/**
 * Operator-side bulk loading of directory rows (scale data for tests and benchmarks): one
 * unit of work, batched inserts, and the search projection refreshed for everything added.
 */
export class DirectoryBulkLoadService {
  constructor(private readonly deps: ServiceDeps) {}

  async load(batch: DirectoryBatch): Promise<{ profiles: number; worlds: number; events: number; slots: number }> {
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.profiles.insertMany(batch.profiles);
      await repos.worlds.insertMany(batch.worlds);
      await repos.events.insertMany(batch.events, batch.slots);
      await refreshSearch.batch(repos, batch);
    });
    await this.deps.repos.refreshDirectoryStatistics();
    return { profiles: batch.profiles.length, worlds: batch.worlds.length, events: batch.events.length, slots: batch.slots.length };
  }
}
