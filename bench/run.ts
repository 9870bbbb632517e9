/**
 * `make bench`: first the pages and public reads from outside the server's process (bench/http.ts:
 * the production build and wrk pinned to different cores, against bare node:http and bare
 * express); then, in-process, requests/s and p50/p99 latency of Marquee routes against a bare
 * express route returning a small JSON body (the baseline), each as a ratio to the baseline. Rate limits keep counting but are scaled so nothing is
 * refused. Later issues add their own cases to CASES.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';
import http, { type RequestListener } from 'node:http';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateLatest } from '../src/db/knex.js';
import { ParseWorkerPool } from '../src/services/time/parsePool.js';
import { benchBatch, benchEngineIsolated, corpusFiles } from './time.js';
import { scoreCorpus } from './timeCorpus.js';
import { printSweep, sweep as sweepGenerated, DEFAULT_SEED as GENERATED_SEED } from './timeGenerated/sweep.js';
import { printExtractionBench } from './extractionCorpus/bench.js';
import { benchIntake, type LoopResult } from './intake.js';
import { benchOwnerWrites } from './ownerWrites.js';
import { loadDemoData } from '../seeds/demo.js';
import { DIRECTORY_SIZE, benchDirectory } from './directory.js';
import { benchHttp, benchSearchRotated } from './http.js';
import { benchPublish, printPublish } from './publish.js';
import { benchMemory, formatMemory } from './memory.js';
// First among the poster pieces: it points fontconfig at the poster fonts before any text is drawn.
import { formatPosterScore, scorePosters } from './extractionCorpus/posterScore.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * BENCH_ONLY=me,directory,intake…: run only the cases whose name (or section: http, publish, search-scale, path, intake,
 * owner, directory, time, memory) contains one of these words; the baselines always run.
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const wanted = (name: string) => !ONLY || name.includes('baseline') || ONLY.some((s) => name.includes(s));

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  total: number;
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  opts: { method?: 'GET' | 'POST'; body?: string; connections?: number; headersPerConnection?: Record<string, string>[] } = {},
): Promise<Result> {
  if (!wanted(name)) return { name, rps: NaN, p50: NaN, p99: NaN, non2xx: 0, total: 0 };
  let client = 0;
  const perConnection = opts.headersPerConnection;
  const setupClient = perConnection ? (c: { setHeaders(h: Record<string, string>): void }) => c.setHeaders({ ...headers, ...perConnection[client++ % perConnection.length] }) : undefined;
  const request = { url, headers, method: opts.method ?? 'GET', body: opts.body, connections: opts.connections ?? CONNECTIONS, setupClient };
  // A short warm-up, then the measured run.
  await autocannon({ ...request, duration: 1 });
  const r = await autocannon({ ...request, duration: DURATION });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, total: r.requests.total };
}

function listen(app: RequestListener): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = http.createServer(app).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

async function main() {
  // The pages and reads measured from outside the server's process (bench/http.ts), first,
  // while nothing else of this run holds the cores.
  const outside = wanted('http') ? await benchHttp({ seconds: DURATION }) : { failed: [] };
  if (outside.failed.length) console.error(`\nmore than 1 % of requests did not succeed in: ${outside.failed.join('; ')}; those figures are not valid`);
  // Publishing from outside the server's process, 16 contributors at once (bench/publish.ts).
  if (wanted('publish')) {
    const published = await benchPublish({ publishes: Number(process.env.BENCH_PUBLISHES ?? 6000) });
    printPublish(published.rows, 16);
    if (published.failed.length) console.error(`\nmore than 1 % of requests did not succeed in: ${published.failed.join('; ')}; those figures are not valid`);
  }
  // Search with many distinct queries rotated at generated directories' sizes (BENCH_SEARCH_SIZES, default 100 000 and 1 000 000).
  if (wanted('search-scale')) {
    for (const size of (process.env.BENCH_SEARCH_SIZES ?? '100000,1000000').split(',').map(Number)) {
      await benchSearchRotated({ size, count: Number(process.env.BENCH_SEARCH_QUERIES ?? 600), seconds: DURATION });
    }
  }
  console.log('\nThe tables below are measured in-process (autocannon in the server\'s own process): their ratios understate the server.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-'));
  const config = loadConfig(
    { NODE_ENV: 'development', MARQUEE_DATA_DIR: dir, RATE_LIMIT_SCALE: '1000000', LOG_REQUESTS: '0' },
    {
      secretKey: crypto.randomBytes(32),
      databaseUrl: process.env.DATABASE_URL || undefined,
      // A throwaway schema, dropped at the end, when measuring on PostgreSQL.
      databaseSchema: process.env.DATABASE_URL ? `mq_bench_${crypto.randomBytes(4).toString('hex')}` : undefined,
      // The time API's quotas (6 a minute) would refuse a benchmark; everything else is as served.
      timeParse: { perMinute: 1e9, dailyAllowance: 1e9, monthlyAllowance: 1e9 },
    },
  );
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
  await migrateLatest(db);
  const timeParser = new ParseWorkerPool(new URL('../src/services/time/parseWorkerEntry.ts', import.meta.url));
  const { app, services } = await buildApp({ config, db, timeParser });
  await timeParser.ready;
  const user = await services.users.create({ email: `bench-${Date.now()}@example.test`, password: 'benchmark password' });
  await services.users.verifyEmail(user.id);
  await services.users.setTimeApiAccess(user.id, true);
  const { tokenValue } = await services.tokens.create(user.id, { label: 'bench', scopes: ['public:read', 'time:parse'] });
  const oauthApp = await services.oauthApps.create(
    user.id,
    { displayName: 'bench', clientType: 'confidential', redirectUris: ['https://bench.example/cb'], allowedGrants: ['client_credentials'], allowedScopes: ['public:read'] },
    'web_session',
  );
  const clientAuth = `Basic ${Buffer.from(`${oauthApp.application.clientId}:${oauthApp.clientSecretValue}`).toString('base64')}`;

  const bare = express();
  bare.get('/bare', (_req, res) => res.json({ ok: true, service: 'marquee', version: '0.1.0' }));
  bare.post('/bare', express.json(), (req, res) => res.json({ ok: true, fields: Object.keys(req.body?.patch ?? {}).length }));
  await loadDemoData(services);
  // One contributor per client: the 20-unpublished-drafts limit is per user.
  let made = 0;
  const makeContributors = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const u = await services.users.create({ email: `bench-contributor-${made++}-${Date.now()}@example.test`, password: 'benchmark password' });
        return (await services.tokens.create(u.id, { label: 'bench', scopes: ['events:contribute'] })).tokenValue;
      }),
    );
  const contributors = await makeContributors(CONNECTIONS);
  const readers: string[] = [];
  const makeReaders = async (n: number) => {
    while (readers.length < n) readers.push((await services.tokens.create(user.id, { label: `bench reader ${readers.length}`, scopes: ['public:read'] })).tokenValue);
    return readers.slice(0, n);
  };
  const pathRows: { connections: number; reads: Result[]; writes: LoopResult[] }[] = [];
  let intake: LoopResult[] = [];
  let ownerWrites: LoopResult[] = [];
  let directory: Awaited<ReturnType<typeof benchDirectory>> | undefined;

  const marquee = await listen(app);
  const baseline = await listen(bare);
  const results: Result[] = [];
  try {
    results.push(await measure('bare express JSON (baseline)', `${baseline.url}/bare`));
    results.push(await measure('GET /api/v0/me (personal token)', `${marquee.url}/api/v0/me`, { authorization: `Bearer ${tokenValue}` }));
    const issued = (await (await fetch(`${marquee.url}/oauth/token`, { method: 'POST', headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json()) as { access_token: string };
    results.push(await measure('GET /api/v0/me (OAuth JWT)', `${marquee.url}/api/v0/me`, { authorization: `Bearer ${issued.access_token}` }));
    results.push(
      await measure(
        'POST /oauth/token (client credentials)',
        `${marquee.url}/oauth/token`,
        { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
        { method: 'POST', body: 'grant_type=client_credentials' },
      ),
    );
    results.push(await measure('GET /api/v0/openapi.json (anonymous)', `${marquee.url}/api/v0/openapi.json`));
    // The same search through REST and through the hosted MCP endpoint (a 2026-07-28 request:
    // no handshake, per-request _meta, one JSON answer), both anonymous, on the demo directory.
    results.push(await measure('GET /api/v0/search?q=neon (anonymous)', `${marquee.url}/api/v0/search?q=neon`));
    results.push(
      await measure(
        'POST /mcp tools/call service_search (anon)',
        `${marquee.url}/mcp`,
        { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'service_search' },
        {
          method: 'POST',
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'service_search',
              arguments: { query: 'neon' },
              _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
            },
          }),
        },
      ),
    );
    // One in-flight parse per account (contract 8.2): one connection, warm pool.
    results.push(
      await measure(
        'POST /api/v0/time/parse (warm, 1 conn)',
        `${marquee.url}/api/v0/time/parse`,
        { authorization: `Bearer ${tokenValue}`, 'content-type': 'application/json' },
        { method: 'POST', body: JSON.stringify({ text: 'next saturday at noon', timeZone: 'Europe/Berlin' }), connections: 1 },
      ),
    );
    // The request path at 16 and 50 connections: each case against bare express at the same count.
    if (wanted('path')) {
      const upcoming = (await (await fetch(`${marquee.url}/api/v0/events/upcoming?limit=1`)).json()) as { events: { slug: string }[] };
      const slug = upcoming.events[0]?.slug;
      for (const connections of [16, 50]) {
        const rows: Result[] = [];
        const at = (name: string) => `${name} @${connections}`;
        rows.push(await measure(at('path: bare express JSON (baseline)'), `${baseline.url}/bare`, {}, { connections }));
        if (slug) rows.push(await measure(at('path: GET /api/v0/events/{slug} (anon)'), `${marquee.url}/api/v0/events/${slug}`, {}, { connections }));
        rows.push(await measure(at('path: GET /api/v0/events/upcoming (anon)'), `${marquee.url}/api/v0/events/upcoming`, {}, { connections }));
        rows.push(await measure(at('path: GET /api/v0/me (personal token)'), `${marquee.url}/api/v0/me`, { authorization: `Bearer ${tokenValue}` }, { connections }));
        // Concurrent lookups of one token share their reads; a token per connection shares none.
        const perConnection = (await makeReaders(connections)).map((token) => ({ authorization: `Bearer ${token}` }));
        rows.push(await measure(at('path: GET /api/v0/me (a token each)'), `${marquee.url}/api/v0/me`, {}, { connections, headersPerConnection: perConnection }));
        const writers = connections <= contributors.length ? contributors.slice(0, connections) : [...contributors, ...(await makeContributors(connections - contributors.length))];
        const writes = await benchIntake({ baseUrl: marquee.url, bareUrl: baseline.url, tokens: writers, communitySlug: 'neon-reverie', seconds: DURATION });
        pathRows.push({ connections, reads: rows, writes });
      }
    }
    if (wanted('intake')) intake = await benchIntake({ baseUrl: marquee.url, bareUrl: baseline.url, tokens: contributors, communitySlug: 'neon-reverie', seconds: DURATION });
    if (wanted('owner')) ownerWrites = await benchOwnerWrites({ services, baseUrl: marquee.url, bareUrl: baseline.url, clients: CONNECTIONS, seconds: DURATION });
    if (wanted('directory')) directory = await benchDirectory(services, marquee.url, { seconds: DURATION, connections: CONNECTIONS });
    // The bare baseline again, after the directory load, for the directory's ratios.
    results.push(await measure('bare express JSON (baseline, again)', `${baseline.url}/bare`));
  } finally {
    marquee.close();
    baseline.close();
    await Promise.all([...(services.timeJobs?.inFlight ?? [])]);
    await timeParser.close();
    if (config.databaseSchema) await db.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const base = results[0];
  console.log(`\nMarquee bench — ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION}s per case, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}\n`);
  console.log('case'.padEnd(40), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'req/s ratio'.padStart(12), 'p50 ratio'.padStart(10), 'p99 ratio'.padStart(10), 'non-2xx'.padStart(8));
  for (const r of results) {
    console.log(
      r.name.padEnd(40),
      r.rps.toFixed(0).padStart(9),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      (r.rps / base.rps).toFixed(3).padStart(12),
      // Latencies come in whole milliseconds: a ratio to a baseline under 1 ms says nothing.
      (base.p50 >= 1 ? (r.p50 / base.p50).toFixed(2) : 'n/a').padStart(10),
      (base.p99 >= 1 ? (r.p99 / base.p99).toFixed(2) : 'n/a').padStart(10),
      String(r.non2xx).padStart(8),
    );
  }
  const byName = (name: string) => results.find((r) => r.name === name)!;
  const personal = byName('GET /api/v0/me (personal token)');
  const viaOAuth = byName('GET /api/v0/me (OAuth JWT)');
  console.log(`\n/me with an OAuth JWT vs a personal token: ${(viaOAuth.rps / personal.rps).toFixed(2)}x req/s, p99 ${viaOAuth.p99.toFixed(1)} vs ${personal.p99.toFixed(1)} ms`);
  const restSearch = byName('GET /api/v0/search?q=neon (anonymous)');
  const mcpSearch = byName('POST /mcp tools/call service_search (anon)');
  console.log(`search through MCP vs REST: ${(mcpSearch.rps / restSearch.rps).toFixed(2)}x req/s, p99 ${mcpSearch.p99.toFixed(1)} vs ${restSearch.p99.toFixed(1)} ms`);
  console.log(`\nevent intake writes, ${contributors.length} concurrent contributors`.padEnd(41), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'req/s ratio'.padStart(12), 'p50 ratio'.padStart(10), 'p99 ratio'.padStart(10), 'failed'.padStart(8));
  const loopTable = (rows: LoopResult[]) => {
    for (const r of rows) {
      console.log(r.name.padEnd(40), r.perSecond.toFixed(0).padStart(9), r.p50.toFixed(2).padStart(8), r.p99.toFixed(2).padStart(8), (r.perSecond / rows[0].perSecond).toFixed(3).padStart(12), (r.p50 / rows[0].p50).toFixed(2).padStart(10), (r.p99 / rows[0].p99).toFixed(2).padStart(10), String(r.failures).padStart(8));
      if (r.failures) console.log(''.padEnd(40), 'failed with', JSON.stringify(r.failedWith));
    }
  };
  loopTable(intake);
  console.log(`\nowner writes, ${CONNECTIONS} concurrent owners`.padEnd(41), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'req/s ratio'.padStart(12), 'p50 ratio'.padStart(10), 'p99 ratio'.padStart(10), 'failed'.padStart(8));
  loopTable(ownerWrites);
  if (pathRows.length) {
    console.log('\nrequest path at 16 and 50 connections'.padEnd(41), 'conns'.padStart(6), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'req/s ratio'.padStart(12), 'non-2xx'.padStart(8));
    for (const { connections, reads, writes } of pathRows) {
      const bare = reads[0];
      for (const r of reads) {
        console.log(r.name.replace(/^path: /, '').replace(/ @\d+$/, '').padEnd(40), String(connections).padStart(6), r.rps.toFixed(0).padStart(9), r.p50.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), (r.rps / bare.rps).toFixed(3).padStart(12), String(r.non2xx).padStart(8));
      }
      for (const w of writes) {
        console.log(w.name.padEnd(40), String(connections).padStart(6), w.perSecond.toFixed(0).padStart(9), w.p50.toFixed(1).padStart(8), w.p99.toFixed(1).padStart(8), (w.perSecond / writes[0].perSecond).toFixed(3).padStart(12), String(w.failures).padStart(8));
      }
    }
  }
  if (directory) {
    const again = byName('bare express JSON (baseline, again)');
    const d = directory;
    console.log(`\npublic directory: ${d.counts.profiles} profiles, ${d.counts.worlds} worlds, ${d.counts.events} events (${DIRECTORY_SIZE} generated, loaded in ${d.loadSeconds.toFixed(1)} s)`);
    console.log('search latency, 1 client'.padEnd(40), 'queries'.padStart(9), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'no result'.padStart(10), 'failed'.padStart(8));
    for (const r of d.search) console.log(r.name.padEnd(40), String(r.count).padStart(9), r.p50.toFixed(2).padStart(8), r.p95.toFixed(2).padStart(8), r.p99.toFixed(2).padStart(8), String(r.empty).padStart(10), String(r.failures).padStart(8));
    console.log('reads at scale'.padEnd(40), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'req/s ratio'.padStart(12), 'non-2xx'.padStart(10));
    console.log(again.name.padEnd(40), again.rps.toFixed(0).padStart(9), again.p50.toFixed(1).padStart(8), again.p99.toFixed(1).padStart(8), '1.000'.padStart(12), String(again.non2xx).padStart(10));
    for (const r of d.reads) console.log(r.name.padEnd(40), r.rps.toFixed(0).padStart(9), r.p50.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), (r.rps / again.rps).toFixed(3).padStart(12), String(r.non2xx).padStart(10));
    console.log(`calendar feed: ${d.feedEvents} events, ${(d.feedBytes / 1024).toFixed(0)} KiB`);
  }
  // A rare refusal is the contract at work (e.g. a time parse over its budget still in flight when
  // the next arrives answers 429); more than 1 % makes a case's figures meaningless.
  const invalid = [...results.map((r) => ({ name: r.name, bad: r.non2xx, total: r.total })), ...(directory?.reads ?? []).map((r) => ({ name: r.name, bad: r.non2xx, total: r.total })), ...(directory?.search ?? []).map((r) => ({ name: r.name, bad: r.failures, total: r.count })), ...[...intake, ...ownerWrites].map((r) => ({ name: r.name, bad: r.failures, total: Math.round(r.perSecond * DURATION) }))].filter((r) => r.bad > 0.01 * Math.max(1, r.total));
  if (invalid.length) {
    console.error(`\nmore than 1 % of requests did not succeed in: ${invalid.map((r) => r.name).join('; ')}; those figures are not valid`);
    process.exit(1);
  }
  // Extraction on the generated announcement corpus (bench/extractionCorpus/); poster scores hook in there.
  if (wanted('extraction')) await printExtractionBench();
  // Posters: generated-corpus announcements rendered, read by the offline OCR, extracted with
  // their layout (BENCH_POSTERS cases, seed 1): fields right by field, language and layout, ms per
  // poster, and the first confidently wrong fields as reproductions.
  if (wanted('poster')) {
    console.log('');
    console.log(formatPosterScore(await scorePosters({ count: Number(process.env.BENCH_POSTERS ?? 120) }), { wrong: 10 }));
  }
  // The compiled server's memory over a burst of OCR and parses (bench/memory.ts): its own
  // process, on SQLite whatever this run's database (once, in the SQLite run).
  if (wanted('memory') && !process.env.DATABASE_URL) console.log(formatMemory(await benchMemory()));
  if (!wanted('time')) return;
  // Each comparison runs in a fresh process: the cases above leave a large heap and live pools behind.
  for (const [title, which, rounds] of [
    ['time parser, in-process, bench phrases', 'bench', 200],
    ['time parser, in-process, corpus phrases', 'corpus', 20],
  ] as const) {
    const { chronoAlone, engine, phrases } = benchEngineIsolated(which, rounds);
    console.log(`\n${title} (${phrases})`.padEnd(41), 'parses/s'.padStart(9), 'mean µs'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'cost ratio'.padStart(12));
    for (const [name, r] of [['chrono-node alone (baseline)', chronoAlone], ['Marquee engine (plan + execute)', engine]] as const) {
      console.log(name.padEnd(40), r.perSecond.toFixed(0).padStart(9), r.meanUs.toFixed(1).padStart(8), r.p50.toFixed(3).padStart(8), r.p99.toFixed(3).padStart(8), (r.meanUs / chronoAlone.meanUs).toFixed(2).padStart(12));
    }
  }
  const batch = benchBatch();
  console.log(`\ntime parser, batch mode, cold process over ${batch.lines} corpus lines`.padEnd(41), 'wall ms'.padStart(9), 'ratio'.padStart(9));
  console.log('chrono-node alone (baseline)'.padEnd(40), batch.chronoMs.toFixed(0).padStart(9), '1.00'.padStart(9));
  console.log('Marquee engine (bin/time-parse.mjs)'.padEnd(40), batch.engineMs.toFixed(0).padStart(9), (batch.engineMs / batch.chronoMs).toFixed(2).padStart(9));
  const line = (name: string, t: { correct: number; total: number; confidentlyWrong: number }) =>
    console.log(name.padEnd(40), `${t.correct}/${t.total}`.padStart(9), `${((100 * t.correct) / t.total).toFixed(1)} %`.padStart(9), String(t.confidentlyWrong).padStart(18));
  for (const file of corpusFiles()) {
    const score = await scoreCorpus(file);
    console.log(`\ntime parser accuracy, ${path.basename(file)}`.padEnd(41), 'right'.padStart(9), 'accuracy'.padStart(9), 'confidently wrong'.padStart(18));
    line('chrono-node alone (baseline)', score.chrono);
    line('Marquee engine', score.engine);
  }
  const generatedCases = 50_000;
  console.log(`\ntime parser accuracy, generated corpus (${generatedCases} cases, seed ${GENERATED_SEED}), by template family`);
  printSweep(sweepGenerated(generatedCases, GENERATED_SEED), GENERATED_SEED, 10);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
