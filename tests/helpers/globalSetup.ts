import knexFactory from 'knex';
import { Redis } from 'ioredis';

/** A test file's schema is named `mq_test_<creation second, base 36>_<random>`. */
const STALE_AFTER_SECONDS = 3 * 3600;

/**
 * Checks the real services the run was pointed at, and clears schemas left by aborted runs:
 * only those created hours ago (or of the older unnamed-time form), so that a run started beside
 * another one on the same database leaves the other's schemas alone.
 */
export default async function globalSetup() {
  if (process.env.DATABASE_URL) {
    const db = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL });
    try {
      const { rows } = await db.raw("select nspname from pg_namespace where nspname like 'mq_test_%'");
      const now = Math.floor(Date.now() / 1000);
      for (const { nspname } of rows as { nspname: string }[]) {
        const created = /^mq_test_([0-9a-z]+)_[0-9a-f]+$/.exec(nspname);
        if (created && now - parseInt(created[1], 36) < STALE_AFTER_SECONDS) continue;
        await db.raw('drop schema if exists ?? cascade', [nspname]);
      }
    } finally {
      await db.destroy();
    }
  }
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.ping();
    redis.disconnect();
  }
}
