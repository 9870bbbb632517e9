import { type TimeParseJobsRepository } from '../../repositories/timeParseJobs.js';
import { type UsersRepository } from '../../repositories/users.js';
import { problems } from '../errors.js';
import type { ServiceDeps } from '../context.js';

const PURGE_BATCH = 500;

/** Contract 4.10 rule 7: retention of time-parse input, per request and per account. */
export class TimeRetentionService {
  private readonly jobs: TimeParseJobsRepository;
  private readonly users: UsersRepository;

  constructor(private readonly deps: ServiceDeps) {
    this.jobs = deps.repos.timeParseJobs;
    this.users = deps.repos.users;
  }

  /**
   * Turning retention off acts at once (unexpired continuations answer 410 from now on) and
   * deletes retained expressions and stored results in bounded batches off the caller's path;
   * the returned promise settles with the number of jobs purged.
   */
  async setAccountDefault(userId: string, retain: boolean): Promise<{ purged: Promise<number> }> {
    if (!(await this.users.update(userId, { retentionDefault: retain }, this.deps.clock.now()))) throw problems.notFound('No such user.');
    if (retain) return { purged: Promise.resolve(0) };
    await this.jobs.revokeRetention(userId, this.deps.clock.now());
    const purged = (async () => {
      let total = 0;
      for (;;) {
        const n = await this.jobs.purgeRetainedBatch(userId, PURGE_BATCH);
        total += n;
        if (n < PURGE_BATCH) return total;
        await new Promise((r) => setImmediate(r));
      }
    })();
    return { purged };
  }

  /** Sweeper step: opted-out expressions, hashes and results of expired jobs are removed. */
  scrubExpired(batch = PURGE_BATCH): Promise<number> {
    return this.jobs.scrubExpiredOptedOut(this.deps.clock.now(), batch);
  }
}
