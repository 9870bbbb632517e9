import { Redis } from 'ioredis';
import { loadConfig, ConfigError } from './config.js';
import { createDb, migrateLatest } from './db/knex.js';
import { buildApp } from './app.js';
import { loadDemoDataIfEmpty } from '../seeds/demo.js';
import { ParseWorkerPool } from './services/time/parsePool.js';
import { serve } from './http/requestGuards.js';

async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
  await migrateLatest(db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  // Time parses run in a worker pool; until it has warmed up, submissions answer 202.
  const timeParser = new ParseWorkerPool(new URL('./services/time/parseWorkerEntry.ts', import.meta.url));
  const { app, services, shutdown: releaseApp } = await buildApp({ config, db, redis, timeParser });

  if (process.env.MARQUEE_DEMO_DATA !== '0' && config.env !== 'production') {
    const loaded = await loadDemoDataIfEmpty(services);
    if (loaded) {
      console.log(`Loaded demo data. Demo account: ${loaded.email} / ${loaded.password}`);
    }
  }

  const stopSweeper = services.maintenance.start();

  // `serve` answers HTTP parser errors (oversized headers, malformed messages) as problems.
  const server = serve(app, config.port, config.host, () => {
    console.log(`Marquee listening on http://${config.host}:${config.port} (public base URL ${config.publicBaseUrl})`);
    console.log(`Database: ${config.databaseUrl ? 'PostgreSQL' : config.sqliteFile}; rate limits: ${redis ? 'Redis' : 'in-memory'}`);
  });

  const shutdown = () => {
    stopSweeper();
    server.close(async () => {
      await Promise.all([...(services.timeJobs?.inFlight ?? [])]);
      await timeParser.close();
      await releaseApp();
      await db.destroy();
      redis?.disconnect();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : err);
  process.exit(1);
});
