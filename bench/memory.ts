/**
 * `make bench` (memory): the compiled server as `npm start` runs it (SQLite, demo data, a fresh
 * data directory), measured from outside by the resident memory (RSS) of its process tree:
 *  - idle after start and a few requests (target 150 MB);
 *  - the peak during a burst: posters of the generated extraction corpus (every layout, Latin and
 *    Japanese) uploaded, completed and extracted through the API (the offline OCR), then time
 *    parses through POST /api/v0/time/parse from many accounts (each has 6 a minute), and text
 *    extractions (the time engine on the request thread);
 *  - after the release period (target 250 MB): the OCR and time-parse workers' idle timeouts are
 *    shortened for the bench (OCR_WORKER_IDLE_SECONDS, TIME_PARSE_WORKER_IDLE_SECONDS), and the
 *    server is measured once both have passed; the defaults release within five minutes.
 * Also the request thread's V8 heap and external memory (/metrics) at each point.
 *
 * `node --import tsx bench/memory.ts`. Env: BENCH_MEMORY_POSTERS (default 20),
 * BENCH_MEMORY_PARSE_ACCOUNTS (default 200: 6 parses each, 1200), BENCH_MEMORY_EXTRACTIONS (text
 * extractions, default 300), BENCH_MEMORY_IDLE_SECONDS (the shortened idle timeouts, default 15;
 * `default` keeps the server's own), BENCH_MEMORY_WAIT_SECONDS (how long to watch after the
 * burst, default the idle timeout plus 15 s).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IDLE_RSS_TARGET_MB, buildIfStale, startServer, treeRssMb, PUBLIC_READ } from './startup.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/knex.js';
import { Repositories } from '../src/repositories/index.js';
import { createServices } from '../src/services/index.js';
import { RateLimits } from '../src/services/ratelimit/rateLimits.js';
import { SigningKeyFile } from '../src/services/oauth/signingKeys.js';
import { storageFromEnv } from '../src/services/storage/config.js';
import { systemClock } from '../src/lib/clock.js';
import { corpusPhrases } from './time.js';
import { POSTER_SEED, layoutFor, posterCases } from './extractionCorpus/posterScore.js';
import { chooseStyle, renderCasePoster } from './extractionCorpus/posters.js';
import { generateCases } from './extractionCorpus/generate.js';

export const RELEASED_RSS_TARGET_MB = 250;

const ROOT = path.resolve(import.meta.dirname, '..');
const POSTERS = Number(process.env.BENCH_MEMORY_POSTERS ?? 20);
const PARSE_ACCOUNTS = Number(process.env.BENCH_MEMORY_PARSE_ACCOUNTS ?? 200);
const EXTRACTIONS = Number(process.env.BENCH_MEMORY_EXTRACTIONS ?? 300);
const IDLE_SETTING = process.env.BENCH_MEMORY_IDLE_SECONDS ?? '15';
const IDLE_SECONDS = IDLE_SETTING === 'default' ? undefined : Number(IDLE_SETTING);

const mb = (bytes: number) => bytes / 1024 / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The request thread's heap and external memory from /metrics (prom-client's process metrics). */
async function heapOf(base: string): Promise<{ heapUsed: number; heapTotal: number; external: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)$`, 'm'))?.[1] ?? NaN);
  return { heapUsed: mb(value('nodejs_heap_size_used_bytes')), heapTotal: mb(value('nodejs_heap_size_total_bytes')), external: mb(value('nodejs_external_memory_bytes')) };
}

interface Snapshot {
  total: number;
  processes: string;
  heap: string;
}

async function snapshot(base: string, pid: number, rss = treeRssMb(pid)): Promise<Snapshot> {
  const heap = await heapOf(base).catch(() => undefined);
  // Threads of the server (Linux): the OCR and parse workers are threads of its process.
  const threads = (() => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) / 1024;
      // Anonymous memory (heaps, malloc) apart from file pages (the binary, memory-mapped files).
      return ` (${status.match(/^Threads:\s+(\d+)/m)?.[1]} threads; anon ${kb('RssAnon').toFixed(0)}, file ${kb('RssFile').toFixed(0)} MB)`;
    } catch {
      return '';
    }
  })();
  return {
    total: rss.total,
    processes: rss.processes.map((p) => `${p.command} ${p.rssMb.toFixed(0)}`).join(', ') + threads,
    heap: heap ? `heap ${heap.heapUsed.toFixed(0)}/${heap.heapTotal.toFixed(0)} MB, external ${heap.external.toFixed(0)} MB` : '',
  };
}

/** Accounts made on the server's own database, as the operator CLI makes them (the server keeps running). */
async function makeAccounts(env: NodeJS.ProcessEnv, parseAccounts: number) {
  const config = loadConfig(env, { passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
  try {
    const store = storageFromEnv(env, { dataDir: config.dataDir, secretKey: config.secretKey, publicBaseUrl: config.publicBaseUrl, clock: systemClock });
    const signingKeys = await new SigningKeyFile(config.oauthSigningKeysFile).loadOrCreate(systemClock.now());
    const services = createServices(
      { repos: new Repositories(db), clock: systemClock, config },
      { rateLimits: new RateLimits({ kind: 'memory' }, config.rateLimitKeyPrefix), store, posterReader: () => { throw new Error('no posters here'); }, signingKeys },
    );
    const tag = crypto.randomBytes(4).toString('hex');
    const contributor = await services.users.create({ email: `memory-${tag}@example.test`, password: 'benchmark password' });
    const contribute = (await services.tokens.create(contributor.id, { label: 'memory bench', scopes: ['events:contribute'] })).tokenValue;
    const parsers: string[] = [];
    for (let i = 0; i < parseAccounts; i++) {
      const u = await services.users.create({ email: `memory-${tag}-${i}@example.test`, password: 'benchmark password' });
      await services.users.verifyEmail(u.id);
      await services.users.setTimeApiAccess(u.id, true);
      parsers.push((await services.tokens.create(u.id, { label: 'memory bench', scopes: ['time:parse'] })).tokenValue);
    }
    return { contribute, parsers };
  } finally {
    await db.destroy();
  }
}

async function api(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Runs `jobs` with `n` at a time. */
async function pool<T>(items: T[], n: number, job: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await job(items[next++]);
  }));
}

export interface MemoryFigures {
  idle: Snapshot;
  peak: Snapshot;
  released: Snapshot;
  releaseSeconds: number;
  timeline: { at: number; total: number }[];
  posters: { ok: number; ms: number };
  parses: { ok: number; pending: number; refused: number };
  extractions: { ok: number };
}

export async function benchMemory(log: (line: string) => void = () => {}): Promise<MemoryFigures> {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-memory-'));
  const shortened = IDLE_SECONDS === undefined ? {} : { OCR_WORKER_IDLE_SECONDS: String(IDLE_SECONDS), TIME_PARSE_WORKER_IDLE_SECONDS: String(IDLE_SECONDS) };
  const env = { RATE_LIMIT_SCALE: '1000000', TIME_PARSE_DAILY_ALLOWANCE: '1000000', TIME_PARSE_MONTHLY_ALLOWANCE: '1000000', LOG_LEVEL: 'warn', ...shortened };
  const server = await startServer({ distDir: path.join(ROOT, 'dist'), dataDir, env });
  const pid = server.child.pid!;
  try {
    for (const p of ['/', PUBLIC_READ, '/api/v0/worlds/active', '/api/v0/search?q=vr', '/api/v0/openapi.json']) await (await fetch(`${server.base}${p}`)).arrayBuffer();
    await sleep(2000);
    const idle = await snapshot(server.base, pid);
    log(`idle: ${idle.total.toFixed(0)} MB (${idle.processes}; ${idle.heap})`);

    // What the burst needs, made before it: accounts, rendered posters, phrases.
    const accounts = await makeAccounts({ ...process.env, NODE_ENV: 'development', MARQUEE_DATA_DIR: dataDir, PORT: String(server.port), ...env }, PARSE_ACCOUNTS);
    const cases = posterCases(POSTER_SEED, POSTERS);
    const images = await Promise.all(
      cases.map(async (c, i) => {
        const { image, style } = await renderCasePoster(c, chooseStyle(c, POSTER_SEED * 100_003 + i, { layout: layoutFor(c) }));
        return { png: image, type: `image/${style.format ?? 'png'}` };
      }),
    );
    const phrases = corpusPhrases();
    const texts = generateCases(POSTER_SEED, EXTRACTIONS).map((c) => c.text);

    let peak = await snapshot(server.base, pid);
    const started = performance.now();
    const timeline: { at: number; total: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const rss = treeRssMb(pid);
        timeline.push({ at: (performance.now() - started) / 1000, total: rss.total });
        if (rss.total > peak.total) peak = await snapshot(server.base, pid, rss);
        await sleep(250);
      }
    })();

    // Posters: one draft holds 20; each is uploaded, completed and extracted.
    const posters = { ok: 0, ms: 0 };
    let draftId = '';
    for (const [i, { png, type }] of images.entries()) {
      if (i % 20 === 0) draftId = (await api(server.base, accounts.contribute, 'POST', '/api/v0/event-intake', { patch: { timezone: 'Europe/Berlin' } })).body.draftId;
      const sha256 = crypto.createHash('sha256').update(png).digest('hex');
      const begun = (await api(server.base, accounts.contribute, 'POST', `/api/v0/event-intake/${draftId}/poster-upload/begin`, { contentType: type, byteLength: png.length, sha256 })).body;
      const form = new FormData();
      for (const [k, v] of Object.entries(begun.transfer.fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(png)], { type }), 'poster');
      const target = new URL(begun.transfer.url, server.base);
      const stored = await fetch(`${server.base}${target.pathname}${target.search}`, { method: 'POST', body: form });
      const storedBody = await stored.text();
      if (stored.status >= 300) log(`poster ${i}: storage answered ${stored.status} ${storedBody.slice(0, 200)}`);
      const completed = await api(server.base, accounts.contribute, 'POST', `/api/v0/event-intake/${draftId}/poster-upload/complete`, { posterAssetId: begun.posterAssetId });
      if (completed.status !== 200) log(`poster ${i}: complete answered ${completed.status} ${JSON.stringify(completed.body).slice(0, 200)}`);
      const t = performance.now();
      const extracted = await api(server.base, accounts.contribute, 'POST', `/api/v0/event-intake/${draftId}/extract`, { posterAssetId: begun.posterAssetId });
      posters.ms += performance.now() - t;
      if (extracted.status === 200) posters.ok++;
      else log(`poster ${i}: extract answered ${extracted.status} ${JSON.stringify(extracted.body).slice(0, 200)}`);
    }
    log(`posters: ${posters.ok}/${images.length} extracted, ${(posters.ms / Math.max(1, images.length)).toFixed(0)} ms each`);

    // Time parses: six from each account (its minute's quota), one at a time per account (one may
    // be in flight), eight accounts at once.
    const parses = { ok: 0, pending: 0, refused: 0 };
    await pool(accounts.parsers.map((token, a) => ({ token, a })), 8, async ({ token, a }) => {
      for (let k = 0; k < 6; k++) {
        const phrase = phrases[(a * 6 + k) % phrases.length];
        const body = { text: phrase.text, timeZone: phrase.timeZone ?? 'UTC', ...(phrase.locale ? { locale: phrase.locale } : {}), ...(phrase.country ? { country: phrase.country } : {}) };
        let r = await api(server.base, token, 'POST', '/api/v0/time/parse', body);
        // A parse answered 202 is still in flight: the account's next one waits for it.
        for (let tries = 0; r.status === 429 && r.body?.quota?.name === 'time_parse_in_flight' && tries < 50; tries++) {
          await sleep(100);
          r = await api(server.base, token, 'POST', '/api/v0/time/parse', body);
        }
        if (r.status === 200) parses.ok++;
        else if (r.status === 202) parses.pending++;
        else {
          parses.refused++;
          if (parses.refused <= 3) log(`time parse answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        }
      }
    });
    log(`time parses: ${parses.ok} answered, ${parses.pending} pending, ${parses.refused} refused`);

    // Text extractions: the time engine and the readers on the request thread.
    const extractions = { ok: 0 };
    const textDraft = (await api(server.base, accounts.contribute, 'POST', '/api/v0/event-intake', { patch: { timezone: 'Europe/Berlin' } })).body.draftId;
    await pool(texts, 4, async (text) => {
      if ((await api(server.base, accounts.contribute, 'POST', `/api/v0/event-intake/${textDraft}/extract`, { sourceText: text.slice(0, 12000) })).status === 200) extractions.ok++;
    });
    log(`text extractions: ${extractions.ok}/${texts.length}`);
    const burstEnd = performance.now();
    log(`burst: ${((burstEnd - started) / 1000).toFixed(0)} s, peak ${peak.total.toFixed(0)} MB (${peak.processes}; ${peak.heap})`);

    // The release period: both idle timeouts, then a margin for the workers' exit and a GC.
    const releaseSeconds = Number(process.env.BENCH_MEMORY_WAIT_SECONDS ?? (IDLE_SECONDS ?? 300) + 15);
    let lastLog = performance.now();
    while ((performance.now() - burstEnd) / 1000 < releaseSeconds) {
      await sleep(1000);
      if (performance.now() - lastLog >= 15_000) {
        lastLog = performance.now();
        const s = await snapshot(server.base, pid);
        log(`+${((performance.now() - burstEnd) / 1000).toFixed(0)} s: ${s.total.toFixed(0)} MB (${s.processes}; ${s.heap})`);
      }
    }
    sampling = false;
    await sampler;
    const released = await snapshot(server.base, pid);
    log(`after ${releaseSeconds} s: ${released.total.toFixed(0)} MB (${released.processes}; ${released.heap})`);
    return { idle, peak, released, releaseSeconds, timeline, posters, parses, extractions };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatMemory(f: MemoryFigures): string {
  const idleNote = IDLE_SECONDS === undefined ? "the server's own idle timeouts" : `idle timeouts shortened to ${IDLE_SECONDS} s (OCR_WORKER_IDLE_SECONDS, TIME_PARSE_WORKER_IDLE_SECONDS)`;
  const rows: [string, Snapshot, number | undefined][] = [
    ['idle RSS after start', f.idle, IDLE_RSS_TARGET_MB],
    ['peak RSS during the burst', f.peak, undefined],
    [`RSS ${f.releaseSeconds} s after the burst`, f.released, RELEASED_RSS_TARGET_MB],
  ];
  const lines = [
    `\nMarquee memory (compiled, \`npm start\`) — ${os.cpus().length} cores, SQLite, demo data; ${idleNote}`,
    `burst: ${f.posters.ok} posters read and extracted (${(f.posters.ms / Math.max(1, f.posters.ok)).toFixed(0)} ms each), ` +
      `${f.parses.ok + f.parses.pending} time parses (${f.parses.pending} answered 202, ${f.parses.refused} refused), ${f.extractions.ok} text extractions`,
    `${'measure'.padEnd(40)} ${'RSS MB'.padStart(8)} ${'target'.padStart(9)}`,
  ];
  for (const [name, s, target] of rows) {
    lines.push(`${name.padEnd(40)} ${s.total.toFixed(0).padStart(8)} ${(target ? `< ${target}` : '').padStart(9)} ${target ? (s.total < target ? 'ok' : 'OVER') : '  '}  ${s.processes}; ${s.heap}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  benchMemory((line) => console.log(line))
    .then((f) => console.log(formatMemory(f)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
