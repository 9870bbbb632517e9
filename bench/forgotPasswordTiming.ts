/**
 * How long /forgot-password takes to answer for addresses that have an account and addresses
 * that do not, against a real listening server (SQLite file, or DATABASE_URL; mail to the
 * outbox). Each request comes from its own client address and names its own address, so no
 * request limit refuses any. Prints the median and p90 of each, in two orders: alternating
 * (known, unknown, known…) and in blocks (all known, then all unknown, where a request's
 * background work can spill into the next one's time).
 *
 *   node --import tsx bench/forgotPasswordTiming.ts [requests per kind, default 200]
 */
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateLatest } from '../src/db/knex.js';

const N = Number(process.argv[2] ?? 200);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-forgot-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const config = loadConfig(
  { NODE_ENV: 'test', PUBLIC_BASE_URL: 'http://marquee.test', MARQUEE_DATA_DIR: dir, CLIENT_IP_HEADER: 'x-bench-client' },
  { databaseUrl, databaseSchema: databaseUrl ? `mq_bench_forgot_${crypto.randomBytes(4).toString('hex')}` : undefined, logRequests: false, passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 } },
);
const db = createDb({ databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
await migrateLatest(db);
const built = await buildApp({ config, db });
const known: string[] = [];
for (let i = 0; i < 2 * N; i++) known.push((await built.services.users.create({ email: `bench-${i}@example.test`, password: 'bench password 123' })).email);
const server = http.createServer(built.app).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/forgot-password`;

let client = 0;
async function timed(email: string): Promise<number> {
  client++;
  const started = process.hrtime.bigint();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-bench-client': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` },
    body: new URLSearchParams({ email }),
  });
  await res.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200) throw new Error(`answered ${res.status}`);
  return ms;
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(2)} ms, p90 ${s[Math.floor(s.length * 0.9)].toFixed(2)} ms`;
};

// Warm-up (JIT, connections) with unknown addresses.
for (let i = 0; i < 20; i++) await timed(`warm-${i}@nowhere.test`);
await built.services.accountEmail.settled();

const alt = { known: [] as number[], unknown: [] as number[] };
for (let i = 0; i < N; i++) {
  alt.known.push(await timed(known[i]));
  alt.unknown.push(await timed(`nobody-${i}@nowhere.test`));
}
await built.services.accountEmail.settled();
const blocks = { known: [] as number[], unknown: [] as number[] };
for (let i = 0; i < N; i++) blocks.known.push(await timed(known[N + i]));
await built.services.accountEmail.settled();
for (let i = 0; i < N; i++) blocks.unknown.push(await timed(`nobody-block-${i}@nowhere.test`));
await built.services.accountEmail.settled();

console.log(`/forgot-password, ${N} requests each, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
console.log(`alternating  known:   ${stats(alt.known)}`);
console.log(`alternating  unknown: ${stats(alt.unknown)}`);
console.log(`blocks       known:   ${stats(blocks.known)}`);
console.log(`blocks       unknown: ${stats(blocks.unknown)}`);
await new Promise((resolve) => server.close(resolve));
await built.shutdown();
if (config.databaseSchema) await db.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
