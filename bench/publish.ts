/**
 * Publishing from outside (issue 27: 500 publishes a second on SQLite, 300 on PostgreSQL, with 16
 * contributors): the production build on core 0 (bench/server.ts), the client in its own process
 * on core 1 (bench/publishClient.mjs), 16 requests at a time over kept-alive connections.
 * - Ready drafts are made first, each contributor holding at most its 20 (the contract's limit),
 *   through the same client: that pass is measured too (new drafts per second).
 * - Then every draft is published once, under its own idempotency key, the contributors taking
 *   turns so that concurrent publishes come from different accounts.
 * - The baseline is bare express parsing and answering the same JSON bodies, in the same run.
 */
import crypto from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { readyDraftFields } from './intake.js';
import { ROOT, freePort, pinned, startServer, waitFor } from './server.js';

const SERVER_CORE = 0;
const LOAD_CORE = 1;
const DRAFTS_PER_CONTRIBUTOR = 20;

export interface PublishRow {
  name: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  failedWith: Record<string, number>;
}

interface Job {
  path: string;
  token?: string;
  body: unknown;
}

function client(base: string, concurrency: number, jobs: Job[], keepBodies = false): Promise<PublishRow & { bodies?: any[] }> {
  const [cmd, args] = pinned(LOAD_CORE, process.execPath, ['bench/publishClient.mjs']);
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stdin.end(JSON.stringify({ base, concurrency, jobs, keepBodies }));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve({ name: '', ...JSON.parse(out) }) : reject(new Error(`the write client exited with ${code}`))));
  });
}


export async function benchPublish(opts: { publishes: number; concurrency?: number }): Promise<{ rows: PublishRow[]; failed: string[] }> {
  const concurrency = opts.concurrency ?? 16;
  const contributors = Math.max(concurrency, Math.ceil(opts.publishes / DRAFTS_PER_CONTRIBUTOR));
  const rows: PublishRow[] = [];

  // Bare express, the same client and bodies.
  const port = await freePort();
  const [cmd, args] = pinned(SERVER_CORE, process.execPath, ['bench/baseline.mjs', 'express', String(port)]);
  const bare = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(`http://127.0.0.1:${port}/bare`, 30_000, bare);
    const jobs = Array.from({ length: opts.publishes }, () => ({ path: '/bare', body: { patch: readyDraftFields('neon-reverie') } }));
    await client(`http://127.0.0.1:${port}`, concurrency, jobs.slice(0, 2000));
    rows.push({ ...(await client(`http://127.0.0.1:${port}`, concurrency, jobs)), name: 'POST bare express JSON (baseline)' });
  } finally {
    const exited = new Promise((r) => bare.once('exit', r));
    bare.kill('SIGTERM');
    await exited;
  }

  const server = await startServer({ core: SERVER_CORE });
  try {
    const made = spawnSync(process.execPath, ['--import', './bin/node24.mjs', '--import', 'tsx', 'bench/publishSetup.ts', String(contributors)], { cwd: ROOT, env: server.env, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (made.status !== 0) throw new Error(`making contributors failed: ${made.stderr}`);
    const tokens = JSON.parse(made.stdout) as string[];
    // Draft i belongs to contributor i mod n: neighbours in the queue are different accounts.
    const drafts = await client(server.base, concurrency, Array.from({ length: contributors * DRAFTS_PER_CONTRIBUTOR }, (_, i) => ({ path: '/api/v0/event-intake', token: tokens[i % contributors], body: { patch: readyDraftFields('neon-reverie') } })), true);
    rows.push({ ...drafts, bodies: undefined, name: 'POST /api/v0/event-intake (new draft)' } as PublishRow);
    const ready = (drafts.bodies ?? []).map((b, i) => ({ id: b?.draftId as string | undefined, token: tokens[i % contributors] })).filter((d): d is { id: string; token: string } => !!d.id);
    const publish = ready.slice(0, opts.publishes).map((d) => ({ path: `/api/v0/event-intake/${d.id}/publish`, token: d.token, body: { expectedVersion: 1, idempotencyKey: `bench-${crypto.randomUUID()}` } }));
    rows.push({ ...(await client(server.base, concurrency, publish)), name: 'POST /api/v0/event-intake/{id}/publish' });
  } finally {
    await server.stop();
  }
  return { rows, failed: rows.filter((r) => r.failures > 0.01 * Math.max(1, r.count)).map((r) => r.name) };
}

export function printPublish(rows: PublishRow[], concurrency: number): void {
  const pg = !!process.env.DATABASE_URL;
  console.log(`\nwrites from outside — server (dist/src/main.js, ${pg ? 'PostgreSQL' : 'SQLite'}) on core ${SERVER_CORE}, client on core ${LOAD_CORE}, ${concurrency} contributors at once`);
  console.log('case'.padEnd(44), 'requests'.padStart(9), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs express'.padStart(11), 'failed'.padStart(7));
  for (const r of rows) {
    console.log(r.name.padEnd(44), String(r.count).padStart(9), r.perSecond.toFixed(0).padStart(9), r.p50.toFixed(2).padStart(8), r.p99.toFixed(2).padStart(8), (r.perSecond / rows[0].perSecond).toFixed(3).padStart(11), String(r.failures).padStart(7));
    if (r.failures) console.log(''.padEnd(44), 'failed with', JSON.stringify(r.failedWith));
  }
  const publish = rows.find((r) => r.name.endsWith('/publish'));
  if (!publish) return;
  const goal = pg ? 300 : 500;
  console.log(`\ngoals (issue 27, ${pg ? 'PostgreSQL' : 'SQLite'})`);
  console.log(`  ${publish.perSecond >= goal ? 'PASS' : 'FAIL'}  publish with ${concurrency} contributors: ≥ ${goal}/s (${publish.perSecond.toFixed(0)}/s, p99 ${publish.p99.toFixed(1)} ms)`);
}
