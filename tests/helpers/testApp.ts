import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp, type AppDeps, type MarqueeApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDb, migrateLatest, type Db } from '../../src/db/knex.js';
import { ManualClock } from '../../src/lib/clock.js';

export interface TestApp extends MarqueeApp {
  config: Config;
  db: Db;
  clock: ManualClock;
  redis?: Redis;
  dialect: 'sqlite' | 'pg';
  close(): Promise<void>;
}

/**
 * Builds the real app in-process for one test file: its own database (a fresh SQLite file, or
 * its own PostgreSQL schema when DATABASE_URL is set), its own rate-limit keys (Redis when
 * REDIS_URL is set), a manual clock, and response checking against the contract turned on.
 */
export interface TestAppSharing {
  /**
   * Another test app whose database (schema or SQLite file), rate-limit keys, secret key and OAuth
   * signing keys this one uses too: a second instance of the same deployment. The first app owns
   * what they share and removes it when it closes.
   */
  shareWith?: TestApp;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'timeParser' | 'posterReader' | 'store' | 'outboundFetch' | 'logger'> = {},
  sharing: TestAppSharing = {},
): Promise<TestApp> {
  const id = crypto.randomBytes(6).toString('hex');
  const owner = sharing.shareWith?.config;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const config = loadConfig(
    { NODE_ENV: 'test', PUBLIC_BASE_URL: 'http://marquee.test', MARQUEE_DATA_DIR: dir },
    {
      databaseUrl,
      // The creation time in the name lets a later run tell an abandoned schema from a live one.
      databaseSchema: databaseUrl ? `mq_test_${Math.floor(Date.now() / 1000).toString(36)}_${id}` : undefined,
      sqliteFile: path.join(dir, 'test.sqlite'),
      redisUrl: process.env.REDIS_URL || undefined,
      secretKey: crypto.randomBytes(32),
      validateResponses: true,
      rateLimitKeyPrefix: `mqtest:${id}`,
      // Cheap hashing for tests; the memory-hard defaults are exercised by the password unit test.
      passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      logRequests: false,
      ...(owner && {
        databaseSchema: owner.databaseSchema,
        sqliteFile: owner.sqliteFile,
        secretKey: owner.secretKey,
        rateLimitKeyPrefix: owner.rateLimitKeyPrefix,
        oauthSigningKeysFile: owner.oauthSigningKeysFile,
      }),
      ...overrides,
    },
  );
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
  await migrateLatest(db);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  let built: MarqueeApp;
  try {
    built = await buildApp({ config, db, clock, redis, ...deps });
  } catch (err) {
    // Leave no open handle behind, or jest would wait forever.
    await db.destroy();
    redis?.disconnect();
    throw err;
  }
  return {
    ...built,
    config,
    db,
    clock,
    redis,
    dialect: databaseUrl ? 'pg' : 'sqlite',
    async close() {
      await built.shutdown();
      if (config.databaseSchema && !owner) await db.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
      await db.destroy();
      if (redis && owner) redis.disconnect();
      else if (redis) {
        const keys = await redis.keys(`mqtest:${id}:*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
