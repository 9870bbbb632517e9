import knexFactory from 'knex';
import { Redis } from 'ioredis';

/** Checks the real services the run was pointed at, and clears schemas left by aborted runs. */
export default async function globalSetup() {
  if (process.env.DATABASE_URL) {
    const db = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL });
    try {
      const { rows } = await db.raw("select nspname from pg_namespace where nspname like 'mq_test_%'");
      for (const { nspname } of rows as { nspname: string }[]) await db.raw('drop schema if exists ?? cascade', [nspname]);
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
