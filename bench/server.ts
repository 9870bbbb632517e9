/**
 * The production server (`dist/src/main.js`, as `npm start` runs it) in its own process for the
 * out-of-process benchmarks (bench/http.ts) and the Lighthouse audit (bench/audit.ts): a fresh
 * data directory (SQLite, or PostgreSQL when DATABASE_URL is set), demo data loaded on its first
 * start, rate limits scaled so nothing is refused, no request log; optionally pinned to one core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const NODE_ARGS = ['--import', './bin/node24.mjs', '--max-semi-space-size=4', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];

export interface RunningServer {
  base: string;
  env: NodeJS.ProcessEnv;
  /** Runs the compiled CLI against the same database; its JSON output. */
  cli(args: string[]): unknown;
  /** Bytes the database takes on disk: the SQLite file and its WAL, or the schema's tables with their indexes. */
  databaseBytes(): Promise<number>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** `taskset -c <core>` before a command when a core is given and the machine has it. */
export const pinned = (core: number | undefined, cmd: string, args: string[]): [string, string[]] =>
  core !== undefined && os.cpus().length > core ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args];

/** Waits until `url` answers (any status), or fails after `ms`. */
export async function waitFor(url: string, ms = 60_000, child?: ChildProcess): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the process serving ${url} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function startServer(opts: { core?: number } = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, 'dist/src/main.js'))) throw new Error('dist/src/main.js is missing: run `make build` (or `npm run build`) first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-server-'));
  const port = await freePort();
  const schema = process.env.DATABASE_URL ? `mq_bench_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    MARQUEE_DATA_DIR: dir,
    MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url'),
    RATE_LIMIT_SCALE: '1000000',
    LOG_REQUESTS: '0',
    LOG_LEVEL: 'warn',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  };
  const [cmd, args] = pinned(opts.core, process.execPath, [...NODE_ARGS, 'dist/src/main.js']);
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 120_000, child);
  // Demo data is loaded before the server listens; the first answer of each kind compiles its code.
  return {
    base,
    env,
    cli(cliArgs) {
      const r = spawnSync(process.execPath, ['--import', './bin/node24.mjs', 'dist/src/cli.js', ...cliArgs], { cwd: ROOT, env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`cli ${cliArgs.join(' ')} failed: ${r.stderr}`);
      return JSON.parse(r.stdout);
    },
    async databaseBytes() {
      if (!schema) return fs.readdirSync(dir).filter((f) => f.startsWith('marquee.sqlite')).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
      const pg = await import('pg');
      const client = new pg.default.Client(process.env.DATABASE_URL);
      await client.connect();
      try {
        const { rows } = await client.query(
          "select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = $1 and c.relkind in ('r', 'm')",
          [schema],
        );
        return Number(rows[0].n);
      } finally {
        await client.end();
      }
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
      if (schema) {
        const pg = await import('pg');
        const client = new pg.default.Client(process.env.DATABASE_URL);
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    },
  };
}
