/**
 * `make bench` (startup): the compiled server as `npm start` runs it, on the embedded default
 * (SQLite, in-memory rate limits) with demo data, in a fresh data directory. Builds dist/ first
 * when a source is newer than the last build. Reports, against the targets:
 *  - ms from spawn to the first answer of /healthz and of a public API read, on the first start
 *    (migrations and demo data load included) and on a restart over the same data;
 *  - resident memory (RSS) of the server and its child processes, idle after a few requests.
 *
 * `node --import tsx bench/startup.ts`
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIRST_ANSWER_TARGET_MS = 2000;
export const IDLE_RSS_TARGET_MB = 150;
/** The public read a newcomer is told to try first. */
export const PUBLIC_READ = '/api/v0/events/upcoming';

/**
 * `npm start`'s command line with the compiled tree at `distDir` (node's flags kept), as it runs
 * on Node 24: without bin/node24.mjs, which does nothing there.
 */
export function startCommand(distDir: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [node, ...args] = pkg.scripts.start.replace(/--import \.\/bin\/node24\.mjs\s+/, '').split(/\s+/);
  if (node !== 'node') throw new Error(`npm start does not run node: ${pkg.scripts.start}`);
  return [process.execPath, ...args.map((a) => (a.startsWith('dist/') ? path.join(distDir, a.slice('dist/'.length)) : a))];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  base: string;
  /** ms from spawn to the first 200 of /healthz. */
  healthyMs: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the compiled server and waits for /healthz; rejects with its output if it exits first. */
export async function startServer(opts: { distDir: string; dataDir: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<RunningServer> {
  const port = await freePort();
  const [cmd, ...args] = startCommand(opts.distDir);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', ...opts.env, MARQUEE_DATA_DIR: opts.dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_REQUESTS: '0' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SQLITE_FILE', 'PUBLIC_BASE_URL', 'S3_BUCKET']) if (!opts.env?.[name]) delete env[name];
  let out = '';
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: opts.dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b: Buffer) => (out += b));
  child.stderr!.on('data', (b: Buffer) => (out += b));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 60_000);
  let healthyMs: number | undefined;
  while (healthyMs === undefined) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz in time:\n${out}`);
    }
    try {
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      if (res.status === 200) healthyMs = performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return {
    child,
    port,
    base,
    healthyMs,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process and all its descendants, in MB (ps, Linux and macOS). */
export function treeRssMb(pid: number): { total: number; processes: { pid: number; rssMb: number; command: string }[] } {
  const ps = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' });
  const rows = ps.stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([p, pp, rss, ...command]) => ({ pid: Number(p), ppid: Number(pp), rssKb: Number(rss), command: command.join(' ') }));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (tree.has(r.ppid) && !tree.has(r.pid)) (tree.add(r.pid), (grew = true));
  }
  const processes = rows.filter((r) => tree.has(r.pid)).map((r) => ({ pid: r.pid, rssMb: r.rssKb / 1024, command: r.command }));
  return { total: processes.reduce((s, p) => s + p.rssMb, 0), processes };
}

/** Builds dist/ when a source is newer than the last build (codegen/build.mjs --if-stale). */
export function buildIfStale(): void {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'codegen', 'build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed');
}

async function firstRead(base: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}${PUBLIC_READ}`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${PUBLIC_READ} answered ${res.status}`);
  return performance.now() - t;
}

async function main() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-startup-'));
  const distDir = path.join(ROOT, 'dist');
  const rows: [string, number, number, string][] = [];
  try {
    for (const label of ['first start (migrate + demo data)', 'restart (data present)']) {
      const server = await startServer({ distDir, dataDir });
      try {
        const readMs = await firstRead(server.base);
        rows.push([`${label}: first answer`, server.healthyMs, FIRST_ANSWER_TARGET_MS, 'ms']);
        rows.push([`${label}: first public read`, server.healthyMs + readMs, FIRST_ANSWER_TARGET_MS, 'ms']);
        for (const p of ['/', PUBLIC_READ, '/api/v0/worlds/active', '/api/v0/search?q=vr', '/api/v0/openapi.json']) await (await fetch(`${server.base}${p}`)).arrayBuffer();
        await new Promise((r) => setTimeout(r, 2000));
        const rss = treeRssMb(server.child.pid!);
        rows.push([`${label}: idle RSS, ${rss.processes.length} process(es)`, rss.total, IDLE_RSS_TARGET_MB, 'MB']);
      } finally {
        await server.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nMarquee startup (compiled, \`npm start\`) — ${os.cpus().length} cores, SQLite, demo data\n`);
  console.log('measure'.padEnd(60), 'value'.padStart(8), 'target'.padStart(9), '');
  for (const [name, value, target, unit] of rows) {
    console.log(name.padEnd(60), value.toFixed(0).padStart(8), `< ${target}`.padStart(9), unit, value < target ? 'ok' : 'OVER');
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
