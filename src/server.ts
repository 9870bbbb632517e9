import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError } from './config.js';
import { createDb, migrateLatest } from './db/knex.js';
import { buildApp } from './app.js';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../seeds/demo.js';
import { readyMessage, type DemoAccount } from './readyMessage.js';
import { ParseWorkerPool } from './services/time/parsePool.js';
import { serve } from './http/requestGuards.js';
import { logEvent } from './lib/eventLog.js';
import { releaseMemory } from './lib/releaseMemory.js';

/** The last response a connection is answering (or answered). */
const LAST_ANSWER = Symbol('lastAnswer');

/**
 * The demo data of a first start, loaded by the operator CLI's `demo load` in a process of its own
 * (this command line's node and flags; the entry beside this module, .js compiled or .ts under
 * tsx): the load renders its images with sharp and hashes passwords, and a separate process gives
 * all of that back when it exits instead of leaving libvips and the load's garbage in the server.
 */
async function loadDemoDataApart(): Promise<DemoAccount> {
  const cli = fileURLToPath(new URL(`./cli${path.extname(import.meta.url)}`, import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, cli, 'demo', 'load'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`loading the demo data failed (demo load exited with ${code})`);
  const { email, password } = JSON.parse(out) as DemoAccount;
  return { email, password };
}

async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
  await migrateLatest(db);
  // Rate limits fail closed (contract 8.3 rule 8): while Redis is away a command fails at once (no
  // offline queue, one retry, a short timeout), so rate-limited routes answer 503 instead of
  // waiting; the client keeps reconnecting at most a second apart and limits resume when it is back.
  // ioredis loads only when a Redis is configured.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: 2000,
        connectTimeout: 2000,
        retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
      })
    : undefined;
  let redisDown = false;
  redis?.on('error', (err: Error) => {
    if (!redisDown) logEvent('error', 'rate_limit_store_unavailable', { errorMessage: err.message.slice(0, 300), effect: 'rate-limited routes answer 503' });
    redisDown = true;
  });
  redis?.on('ready', () => {
    if (redisDown) logEvent('info', 'rate_limit_store_available');
    redisDown = false;
  });
  // Time parses run in a worker pool, started by the first parse; until a worker has loaded the
  // engine, submissions answer 202. The entry beside this module: .js when compiled, .ts under tsx.
  const { threads, idleSeconds } = config.timeParseWorkers;
  const timeParser = new ParseWorkerPool(new URL(`./services/time/parseWorkerEntry${path.extname(import.meta.url)}`, import.meta.url), {
    threads,
    eager: false,
    idleTimeoutMs: idleSeconds > 0 ? idleSeconds * 1000 : Infinity,
    onRelease: () => void releaseMemory(),
  });
  const { app, services, logger, shutdown: releaseApp } = await buildApp({ config, db, redis, timeParser, compileValidatorsOnFirstUse: true });

  let demo: DemoAccount | undefined;
  if (process.env.MARQUEE_DEMO_DATA !== '0' && config.env !== 'production') {
    const loaded = (await services.directory.countEvents()) > 0 ? undefined : await loadDemoDataApart();
    if (loaded) {
      console.log(`Loaded demo data. Demo account: ${loaded.email} / ${loaded.password}`);
    }
    // Loaded now or on an earlier start: the ready message names the account either way.
    demo = loaded ?? ((await services.users.findByEmail(DEMO_EMAIL)) ? { email: DEMO_EMAIL, password: DEMO_PASSWORD } : undefined);
  }

  const stopSweeper = services.maintenance.start();

  // `serve` answers HTTP parser errors (oversized headers, malformed messages) as problems.
  const server = serve(app, config.port, config.host, () => {
    logger.info(
      { host: config.host, port: config.port, publicBaseUrl: config.publicBaseUrl, database: config.databaseUrl ? 'postgresql' : 'sqlite', rateLimitStore: redis ? 'redis' : 'memory' },
      `Marquee listening on http://${config.host}:${config.port}`,
    );
    if (config.mail.smtpUrl) console.log('Account e-mail: SMTP');
    else (config.env === 'production' ? console.warn : console.log)(`Account e-mail: no SMTP_URL, messages are written to ${config.mail.outboxDir}`);
    console.log(readyMessage(config, demo));
    // What starting left behind (migrations, the demo data check, module loading) given back now.
    void releaseMemory();
  });

  // Graceful stop: the listener closes at once (new connections are refused), requests in flight
  // finish, and their answers close keep-alive connections so draining ends with the last of them.
  // Each open connection notes the last request it brought (kept on the socket: nothing is
  // allocated per request); a stop closes each connection after that answer.
  let draining = false;
  const connections = new Set<Socket & { [LAST_ANSWER]?: ServerResponse }>();
  const closeAfterAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) return closeAfterAnswer(res);
    (req.socket as Socket & { [LAST_ANSWER]?: ServerResponse })[LAST_ANSWER] = res;
  });

  const shutdown = () => {
    if (draining) return;
    draining = true;
    stopSweeper();
    for (const socket of connections) if (socket[LAST_ANSWER]) closeAfterAnswer(socket[LAST_ANSWER]);
    server.close(async () => {
      await Promise.all([...(services.timeJobs?.inFlight ?? [])]);
      await services.signUp.settled();
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
