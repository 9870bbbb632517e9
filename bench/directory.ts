/**
 * The public directory at scale: a generated directory of BENCH_DIRECTORY_SIZE entities (100 000
 * by default) loaded into the benchmark's database, then
 * - search latency (p50/p95/p99, one client, sequential, so each figure is one query's own
 *   time) for one-word, two-word and prefix queries drawn from the generated names;
 * - throughput of the upcoming list, the public event read (slugs rotated) and the 500-event
 *   calendar feed, under the same load as the bare-express baseline of the same run.
 */
import autocannon from 'autocannon';
import type { Services } from '../src/services/index.js';
import { generateDirectory } from '../seeds/scale.js';

export const DIRECTORY_SIZE = Number(process.env.BENCH_DIRECTORY_SIZE ?? 100_000);
const SEARCH_QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 300);

export interface LatencyResult {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  empty: number;
}

export interface ThroughputResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  total: number;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** A seeded shuffle-free pick: the same queries every run. */
function picker(seed: number) {
  let a = seed >>> 0;
  return <T>(xs: readonly T[]): T => {
    a = (Math.imul(a ^ (a >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    return xs[a % xs.length];
  };
}

/**
 * A GET that retries once when the pooled keep-alive connection was closed by the server while
 * idle (between the load phases): that reset is the client pool's, not an answer of the server.
 */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

async function latencies(name: string, urls: string[]): Promise<LatencyResult> {
  const times: number[] = [];
  let failures = 0;
  let empty = 0;
  for (const url of urls.slice(0, 20)) await get(url).then((r) => r.arrayBuffer()); // warm-up
  for (const url of urls) {
    const t0 = performance.now();
    const res = await get(url);
    const body = (await res.json()) as { results?: unknown[] };
    times.push(performance.now() - t0);
    if (!res.ok) failures++;
    else if (!body.results?.length) empty++;
  }
  times.sort((a, b) => a - b);
  return { name, count: urls.length, p50: pct(times, 0.5), p95: pct(times, 0.95), p99: pct(times, 0.99), failures, empty };
}

async function throughput(name: string, base: string, paths: string[], seconds: number, connections: number): Promise<ThroughputResult> {
  let i = 0;
  const opts = {
    url: base,
    connections,
    requests: [{ method: 'GET' as const, setupRequest: (req: { path?: string }) => ({ ...req, path: paths[i++ % paths.length] }) }],
  };
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: seconds });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, total: r.requests.total };
}

export async function benchDirectory(services: Services, baseUrl: string, opts: { seconds: number; connections: number }) {
  const started = performance.now();
  const batch = generateDirectory(DIRECTORY_SIZE, { seed: 7, now: services.clock.now() });
  await services.bulkLoad.load(batch);
  const loadSeconds = (performance.now() - started) / 1000;

  const pick = picker(11);
  const names = [...batch.profiles.filter((p) => p.publicSurfacingState === 'public').map((p) => p.displayName), ...batch.worlds.map((w) => w.displayName)];
  const words = (s: string) => s.split(/[\s:]+/).filter((w) => w.length >= 3);
  const q = (text: string) => `${baseUrl}/api/v0/search?q=${encodeURIComponent(text)}`;
  const oneWord = Array.from({ length: SEARCH_QUERIES }, () => q(pick(words(pick(names)).length ? words(pick(names)) : ['neon'])));
  const twoWords = Array.from({ length: SEARCH_QUERIES }, () => {
    const w = words(pick(names.filter((n) => words(n).length >= 2)));
    return q(`${w[0]} ${w[1]}`);
  });
  const prefix = Array.from({ length: SEARCH_QUERIES }, () => {
    const w = words(pick(names.filter((n) => words(n).length >= 2)));
    return q(`${w[0]} ${w[1].slice(0, Math.max(2, Math.ceil(w[1].length / 2)))}`);
  });
  const search = [
    await latencies('search, one word', oneWord),
    await latencies('search, two words', twoWords),
    await latencies('search, prefix of the last word', prefix),
  ];

  const now = services.clock.now();
  const upcomingSlugs = batch.events.filter((e) => e.status === 'scheduled' && (e.endAt ?? e.startAt ?? 0) > now).map((e) => e.slug);
  const eventPaths = Array.from({ length: 2000 }, () => `/api/v0/events/${pick(upcomingSlugs)}`);
  const reads = [
    await throughput('GET /api/v0/events/upcoming', baseUrl, ['/api/v0/events/upcoming'], opts.seconds, opts.connections),
    await throughput('GET /api/v0/events/{slug} (rotated)', baseUrl, eventPaths, opts.seconds, opts.connections),
    await throughput('GET /api/v0/events/calendar.ics (500)', baseUrl, ['/api/v0/events/calendar.ics'], opts.seconds, Math.min(4, opts.connections)),
  ];
  const feed = await get(`${baseUrl}/api/v0/events/calendar.ics`).then((r) => r.text());
  return { loadSeconds, counts: { profiles: batch.profiles.length, worlds: batch.worlds.length, events: batch.events.length }, search, reads, feedEvents: (feed.match(/BEGIN:VEVENT/g) ?? []).length, feedBytes: feed.length };
}
