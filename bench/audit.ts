/**
 * `make audit`: Lighthouse (the npm CLI, mobile: its default form factor and throttling) in
 * Debian's Chromium against the production build serving demo data, for the discovery page, an
 * event page and a community page. Prints performance, accessibility, best practices and SEO and
 * whether each reaches the goal (95); it asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServer } from './server.js';
import { rawGet } from './http.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOAL = 95;
// As the browser tests launch it (tests/browser/chromium.ts): no sandbox as root, no background connections.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

function lighthouse(url: string): Record<string, number> | string {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-audit-')), 'report.json');
  const r = spawnSync(
    path.join(ROOT, 'node_modules/.bin/lighthouse'),
    [url, '--quiet', '--output=json', `--output-path=${out}`, `--only-categories=${CATEGORIES.join(',')}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
    { env: { ...process.env, CHROME_PATH }, encoding: 'utf8', timeout: 240_000 },
  );
  if (r.status !== 0 || !fs.existsSync(out)) return `lighthouse failed: ${(r.stderr || r.error?.message || '').trim().split('\n').slice(-3).join(' ')}`;
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { categories: Record<string, { score: number | null }>; runtimeError?: { message: string } };
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  if (report.runtimeError) return `lighthouse: ${report.runtimeError.message}`;
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? NaN) * 100)]));
}

async function main() {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`Lighthouse needs Chromium at ${CHROME_PATH}: run \`make browser\``);
  const server = await startServer();
  try {
    const upcoming = JSON.parse((await rawGet(`${server.base}/api/v0/events/upcoming?limit=1`)).bytes.toString()) as { events: { slug: string }[] };
    const pages = ['/', `/events/${upcoming.events[0]?.slug}`, '/communities/neon-reverie'];
    console.log(`\nLighthouse (mobile), Chromium ${CHROME_PATH}; goal ≥ ${GOAL} in each category`);
    console.log('page'.padEnd(48), ...CATEGORIES.map((c) => c.padStart(15)), 'status'.padStart(8));
    for (const page of pages) {
      const { status } = await rawGet(`${server.base}${page}`);
      const scores = lighthouse(`${server.base}${page}`);
      if (typeof scores === 'string') {
        console.log(page.padEnd(48), scores);
        continue;
      }
      console.log(
        page.padEnd(48),
        ...CATEGORIES.map((c) => `${scores[c]} ${scores[c] >= GOAL ? 'PASS' : 'FAIL'}`.padStart(15)),
        String(status).padStart(8),
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
