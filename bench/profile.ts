/**
 * Profiles one route under load, the server alone in this process and the load generator
 * (autocannon) in a child process, so the CPU profile (V8's sampling profiler, as
 * `node --cpu-prof` records it, started once the server is ready and stopped when the load ends)
 * holds only the server's work:
 *
 *   node --import tsx bench/profile.ts event /tmp/event.cpuprofile
 *   node --import tsx bench/profileSummary.ts /tmp/event.cpuprofile
 *
 * Cases: `event` (anonymous GET /api/v0/events/{slug}), `upcoming`, `me` (personal token),
 * `event-auth` (the event read with a personal token), and with browsers' Accept-Encoding: `event-coded`,
 * `profile`, `world`, `search` (one word of a generated name). Prints requests/s, latency and the
 * server's CPU time a request, beside a bare express route measured in the same run.
 * PROFILE_SECONDS (default 10),
 * PROFILE_CONNECTIONS (default 50), BENCH_DIRECTORY_SIZE (default 2000).
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import http from 'node:http';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateLatest } from '../src/db/knex.js';
import { generateDirectory } from '../seeds/scale.js';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const SIZE = Number(process.env.BENCH_DIRECTORY_SIZE ?? 2000);

async function main() {
  const which = process.argv[2] ?? 'event';
  const out = process.argv[3] ?? path.join(os.tmpdir(), `marquee-${which}.cpuprofile`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-profile-'));
  const config = loadConfig(
    { NODE_ENV: 'development', MARQUEE_DATA_DIR: dir, RATE_LIMIT_SCALE: '1000000', LOG_REQUESTS: '0', PUBLIC_READ_CACHE: process.env.PUBLIC_READ_CACHE },
    { secretKey: crypto.randomBytes(32), databaseUrl: process.env.DATABASE_URL || undefined, databaseSchema: process.env.DATABASE_URL ? `mq_prof_${crypto.randomBytes(4).toString('hex')}` : undefined },
  );
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
  await migrateLatest(db);
  const { app, services } = await buildApp({ config, db });
  const user = await services.users.create({ email: `profile-${Date.now()}@example.test`, password: 'profile password' });
  await services.users.verifyEmail(user.id);
  const { tokenValue } = await services.tokens.create(user.id, { label: 'profile', scopes: ['public:read'] });
  const batch = generateDirectory(SIZE, { seed: 7, now: services.clock.now() });
  await services.bulkLoad.load(batch);
  const now = services.clock.now();
  const slug = batch.events.find((e) => e.status === 'scheduled' && (e.endAt ?? e.startAt ?? 0) > now)!.slug;
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = http.createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bearer = ['-H', `authorization=Bearer ${tokenValue}`];
  // As browsers and HTTP client libraries ask (the outside bench sends the same).
  const coded = ['-H', 'accept-encoding=gzip, deflate, br, zstd'];
  const profileSlug = batch.profiles[0].slug;
  const worldSlug = batch.worlds[0].slug;
  const cases: Record<string, string[]> = {
    event: [`${base}/api/v0/events/${slug}`],
    'event-auth': [...bearer, `${base}/api/v0/events/${slug}`],
    upcoming: [`${base}/api/v0/events/upcoming`],
    me: [...bearer, `${base}/api/v0/me`],
    profile: [...coded, `${base}/api/v0/profiles/${profileSlug}`],
    world: [...coded, `${base}/api/v0/worlds/${worldSlug}`],
    search: [...coded, `${base}/api/v0/search?q=${encodeURIComponent(batch.profiles[0].displayName.split(' ')[0])}`],
    'event-coded': [...coded, `${base}/api/v0/events/${slug}`],
  };
  const args = cases[which];
  if (!args) throw new Error(`unknown case ${which}; one of ${Object.keys(cases).join(', ')}`);
  // The baseline of the same run: a bare express route answering a small JSON body.
  const bare = express();
  bare.get('/bare', (_req, res) => res.json({ ok: true, service: 'marquee', version: '0.1.0' }));
  const bareServer = await new Promise<import('node:http').Server>((resolve) => {
    const s = bare.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseline = await load([`http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/bare`]);
  bareServer.close();
  // Warm up (JIT, statement caches) before the profiler starts.
  for (let i = 0; i < 200; i++) await fetch(args.at(-1)!, { headers: args.includes(bearer[1]) ? { authorization: `Bearer ${tokenValue}` } : {} }).then((r) => r.arrayBuffer());
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const measured = await load(args);
  const { profile } = await session.post('Profiler.stop');
  for (const [name, r] of [['bare express (baseline)', baseline], [which, measured]] as const) {
    console.log(`${name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  ${r.cpuUsPerRequest.toFixed(0)} µs CPU a request  ratio ${(r.rps / baseline.rps).toFixed(3)}`);
  }
  fs.writeFileSync(out, JSON.stringify(profile));
  console.log(`profile written to ${out}`);
  server.close();
  if (config.databaseSchema) await db.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

/** Runs autocannon in a child process against `args`; the server's own CPU time per request. */
async function load(args: string[]) {
  const bin = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'autocannon');
  const cpu = process.cpuUsage();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(bin, ['-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited with ${code}`))));
  });
  const used = process.cpuUsage(cpu);
  const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, cpuUsPerRequest: (used.user + used.system) / Math.max(1, r.requests.total) };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
