import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../src/db/knex.js';
import { loadDemoData } from '../../seeds/demo.js';
import { loadScaleData } from '../../seeds/scale.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { call } from '../helpers/contractClient.js';
import { SCALE_SIZE } from '../fixtures/upgrade/capture.js';

/**
 * Migrations are history: a database that an earlier release migrated and filled, migrated to
 * this one, answers every public read exactly as a fresh install filled the same way does.
 *
 * The earlier release's database is the capture in tests/fixtures/upgrade/ (its own migrations
 * and demo load, run by its own code; see capture.ts for how to take one from the latest landed
 * release). Here it is rebuilt by this release's copies of those migrations, its rows restored as
 * that release wrote them, then `migrate latest` runs as an upgrade would.
 */
const PREVIOUS = 'e479dcc';
const dialect = process.env.DATABASE_URL ? 'pg' : 'sqlite';

interface Capture {
  commit: string;
  dialect: 'sqlite' | 'pg';
  migrations: string[];
  tables: Record<string, Record<string, unknown>[]>;
}
const capture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../fixtures/upgrade/${PREVIOUS}.${dialect}.json`), 'utf8')) as Capture;
const decode = (v: unknown) => (v && typeof v === 'object' && '$base64' in v ? Buffer.from((v as { $base64: string }).$base64, 'base64') : v);

/** The earlier release's database: its migrations (no later one), then its rows. */
async function restoreEarlierRelease(
  upTo: string = capture.migrations[capture.migrations.length - 1],
  tables: Record<string, Record<string, unknown>[]> = capture.tables,
): Promise<{ sqliteFile?: string; databaseSchema?: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-upgrade-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const where = databaseUrl
    ? { databaseSchema: `mq_test_${Math.floor(Date.now() / 1000).toString(36)}_${crypto.randomBytes(6).toString('hex')}` }
    : { sqliteFile: path.join(dir, 'upgrade.sqlite') };
  const db = createDb({ databaseUrl, sqliteFile: where.sqliteFile ?? '', pgSchema: where.databaseSchema });
  try {
    if (where.databaseSchema) await db.raw('create schema if not exists ??', [where.databaseSchema]);
    const wanted = capture.migrations.slice(0, capture.migrations.indexOf(upTo) + 1);
    for (;;) {
      const [done] = (await db.migrate.list()) as [{ name: string }[], unknown[]];
      if (done.length >= wanted.length) {
        expect(done.map((m) => m.name)).toEqual(wanted);
        break;
      }
      await db.migrate.up();
    }
    // Tables in an order their foreign keys accept: whatever fails waits for the next round.
    let pending = Object.entries(tables).filter(([, rows]) => rows.length);
    while (pending.length) {
      const failed: typeof pending = [];
      for (const [table, rows] of pending) {
        try {
          await db.transaction(async (trx) => {
            // The table as that release left it, including rows its migrations wrote.
            await trx(table).delete();
            // Only the columns the table has at that migration (an older one holds fewer).
            const columns = new Set(Object.keys(await trx(table).columnInfo()));
            const stored = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).flatMap(([k, v]) => (columns.has(k) ? [[k, decode(v)]] : [])));
            for (let i = 0; i < rows.length; i += 50) await trx(table).insert(rows.slice(i, i + 50).map(stored));
          });
        } catch (err) {
          failed.push([table, rows]);
          if (failed.length === pending.length) throw err;
        }
      }
      pending = failed;
    }
    if (databaseUrl) {
      // Serial columns continue after the restored rows, as they would after the rows were written.
      const { rows } = (await db.raw("select table_name, column_name from information_schema.columns where table_schema = current_schema() and column_default like 'nextval%'")) as {
        rows: { table_name: string; column_name: string }[];
      };
      for (const r of rows) {
        await db.raw('select setval(pg_get_serial_sequence(?, ?), coalesce((select max(??) from ??), 0) + 1, false)', [r.table_name, r.column_name, r.column_name, r.table_name]);
      }
    }
  } finally {
    await db.destroy();
  }
  return { ...where, dir };
}

/** Entity ids and playback keys are random per install, and so are the cursors that carry ids; everything else must match. */
const ID = /\b([a-z]{2,3})_[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])/g;
const normalise = (text: string) =>
  text
    .replace(ID, (_, prefix: string) => `${prefix}_…`)
    .replace(/([?&]cursor=)[^&"\s]+/g, '$1…')
    .replace(/("\w*[cC]ursor"\s*:\s*")[^"]*"/g, '$1…"');

describe(`a database of release ${PREVIOUS} migrated to this one`, () => {
  let upgraded: TestApp;
  let fresh: TestApp;
  let dir: string;

  beforeAll(async () => {
    const restored = await restoreEarlierRelease();
    dir = restored.dir;
    // createTestApp runs `migrate latest` on the restored database: the upgrade.
    upgraded = await createTestApp({ rateLimitScale: 1000, ...(restored.databaseSchema ? { databaseSchema: restored.databaseSchema } : { sqliteFile: restored.sqliteFile }) });
    fresh = await createTestApp({ rateLimitScale: 1000 });
    await loadDemoData(fresh.services);
    await loadScaleData(fresh.services, SCALE_SIZE);
  });
  afterAll(async () => {
    await upgraded?.close();
    await fresh?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const slugs = (table: string, where: (r: Record<string, unknown>) => boolean = () => true) =>
    (capture.tables[table] ?? []).filter(where).map((r) => r.slug as string).sort();

  /** The same GET on both: same status, same body (ids aside), each checked against the contract. */
  async function same(paths: string[]): Promise<number> {
    let compared = 0;
    for (const p of paths) {
      const [a, b] = [await call(upgraded.app, 'GET', p), await call(fresh.app, 'GET', p)];
      expect({ path: p, status: a.status }).toEqual({ path: p, status: b.status });
      expect({ path: p, body: normalise(a.text) }).toEqual({ path: p, body: normalise(b.text) });
      compared++;
    }
    return compared;
  }

  test('when every migration has run, then the upgraded database has the same migrations, tables and row counts as a fresh install', async () => {
    const [doneUpgraded] = (await upgraded.db.migrate.list()) as [{ name: string }[]];
    const [doneFresh] = (await fresh.db.migrate.list()) as [{ name: string }[]];
    expect(doneUpgraded.map((m) => m.name)).toEqual(doneFresh.map((m) => m.name));
    expect(doneFresh.length).toBeGreaterThanOrEqual(capture.migrations.length);
    for (const table of Object.keys(capture.tables)) {
      const count = async (t: TestApp) => Number(((await t.db(table).count({ n: '*' })) as { n: number | string }[])[0].n);
      expect({ table, rows: await count(upgraded) }).toEqual({ table, rows: await count(fresh) });
    }
  });

  test('when the public profiles, worlds and events are read, then both answer the same', async () => {
    const profiles = slugs('profiles', (r) => r.publication_state === 'published');
    expect(profiles.length).toBeGreaterThan(50);
    const communities = slugs('profiles', (r) => r.profile_type === 'community');
    const people = slugs('profiles', (r) => r.profile_type === 'person');
    const worlds = slugs('worlds');
    const events = slugs('events');
    const compared = await same([
      ...profiles.flatMap((s) => [`/api/v0/profiles/${s}`, `/api/v0/claims/${s}/status`, `/api/v0/profiles/${s}/assets`, `/api/v0/profiles/${s}/logos`]),
      ...communities.flatMap((s) => [`/api/v0/communities/${s}`, `/api/v0/communities/${s}/events`]),
      ...people.flatMap((s) => [`/api/v0/people/${s}`, `/api/v0/people/${s}/events`]),
      ...worlds.flatMap((s) => [`/api/v0/worlds/${s}`, `/api/v0/worlds/${s}/events`]),
      ...events.map((s) => `/api/v0/events/${s}`),
      '/api/v0/events/upcoming',
      '/api/v0/events/upcoming?limit=100',
      '/api/v0/worlds/active',
    ]);
    expect(compared).toBeGreaterThan(400);
  });

  test('when the calendars are read, then both feeds hold the same events', async () => {
    const communities = slugs('profiles', (r) => r.profile_type === 'community' && r.publication_state === 'published');
    await same(['/api/v0/events/calendar.ics', ...communities.slice(0, 10).map((s) => `/api/v0/communities/${s}/calendar.ics`), ...slugs('events').slice(0, 10).map((s) => `/api/v0/events/${s}/calendar.ics`)]);
  });

  test('when the directory is searched (one word, two words, a prefix, a kind, no hit, a typo), then both find the same, in the same order', async () => {
    const titles = [...(capture.tables.search_documents ?? [])].map((d) => d.title as string).sort();
    const words = [...new Set(titles.flatMap((t) => t.split(/\s+/)).filter((w) => /^\p{L}{4,}$/u.test(w)))].sort();
    expect(words.length).toBeGreaterThan(20);
    const pick = (n: number) => words.filter((_, i) => i % Math.max(1, Math.floor(words.length / n)) === 0).slice(0, n);
    const queries = [
      ...pick(20),
      ...pick(8).map((w, i) => `${w} ${words[(i * 7 + 3) % words.length]}`),
      ...pick(8).map((w) => w.slice(0, 3)),
      ...titles.slice(0, 5),
      'zzqxv',
      'neon revrie',
    ];
    const byKind = (kind: string) => (capture.tables.search_documents ?? []).filter((d) => d.kind === kind).map((d) => d.title as string);
    const paths = [
      ...queries.flatMap((q) => [`/api/v0/search?q=${encodeURIComponent(q)}`, `/api/v0/search?q=${encodeURIComponent(q)}&type=event`]),
      // Every document found by its own name, within its kind.
      ...(['world', 'community', 'person', 'event'] as const).flatMap((kind) => byKind(kind).map((title) => `/api/v0/search?q=${encodeURIComponent(title)}&type=${kind}`)),
    ];
    expect(await same(paths)).toBeGreaterThan(200);
  });
});

describe('a database from before the search projection, migrated to this one', () => {
  let upgraded: TestApp;
  let dir: string;

  beforeAll(async () => {
    // The directory's rows as they were before migration 20261125000200 (its own frozen builders index them).
    const { users, profiles, worlds, events } = capture.tables;
    const restored = await restoreEarlierRelease('20261125000100_add_time_window_to_events', { users, profiles, worlds, events });
    dir = restored.dir;
    upgraded = await createTestApp({ rateLimitScale: 1000, ...(restored.databaseSchema ? { databaseSchema: restored.databaseSchema } : { sqliteFile: restored.sqliteFile }) });
  });
  afterAll(async () => {
    await upgraded?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('when each public world, community and person is searched by its name, then it is found', async () => {
    const found = async (q: string, type: string, slug: string) => {
      const res = await call(upgraded.app, 'GET', `/api/v0/search?q=${encodeURIComponent(q)}&type=${type}&limit=50`);
      expect(res.status).toBe(200);
      return (res.body as { results: { slug: string }[] }).results.some((r) => r.slug === slug);
    };
    const missing: string[] = [];
    const published = capture.tables.profiles.filter((p) => p.publication_state === 'published' && p.public_surfacing_state === 'public');
    for (const p of published) if (!(await found(p.display_name as string, p.profile_type as string, p.slug as string))) missing.push(p.slug as string);
    for (const w of capture.tables.worlds.filter((r) => r.visibility_status === 'published')) if (!(await found(w.display_name as string, 'world', w.slug as string))) missing.push(w.slug as string);
    expect(published.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
    // Every document was written by the migration: one per profile, world and event.
    const count = Number(((await upgraded.db('search_documents').count({ n: '*' })) as { n: number | string }[])[0].n);
    expect(count).toBe(capture.tables.profiles.length + capture.tables.worlds.length + capture.tables.events.length);
  });
});
