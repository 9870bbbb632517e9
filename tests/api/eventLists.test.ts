import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { makeContributor, publishEvent } from '../helpers/factories.js';
import type { NewEvent } from '../../src/services/directory/directory.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const tag = () => crypto.randomBytes(3).toString('hex');

/** A fresh public community (and optionally a world) so each test reads only what it made. */
async function community(timezone = 'UTC') {
  return t.services.directory.createProfile({ profileType: 'community', displayName: `Crew ${tag()}`, timezone });
}

/** A timed event starting `inHours` from the clock's now, lasting `hours`. */
async function timedEvent(communitySlug: string, inHours: number, hours = 2, extra: Partial<NewEvent> = {}) {
  const startAt = t.clock.now() + inHours * HOUR;
  return t.services.directory.createEvent({
    communitySlug,
    title: `Night ${tag()}`,
    eventDate: new Date(startAt).toISOString().slice(0, 10),
    startAt,
    endAt: startAt + hours * HOUR,
    timezone: 'UTC',
    ...extra,
  });
}

async function allPages<T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>, between?: () => Promise<void>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const { items, nextCursor } = await fetchPage(cursor);
    out.push(...items);
    if (!nextCursor) return out;
    cursor = nextCursor;
    if (between) await between();
  }
  throw new Error('too many pages');
}

describe('GET /api/v0/communities/{slug}/events: discovery rules (decisions §4)', () => {
  test('when a community has scheduled, in-progress, ended, cancelled and retracted events, then only scheduled and in-progress ones are listed, soonest first', async () => {
    const c = await community();
    const inProgress = await timedEvent(c.slug, -1, 3);
    const later = await timedEvent(c.slug, 30);
    const soon = await timedEvent(c.slug, 5);
    await timedEvent(c.slug, -5, 2); // ended an hour... three hours ago
    const cancelled = await timedEvent(c.slug, 10);
    await t.db('events').where({ id: cancelled.id }).update({ status: 'cancelled' });
    const retracted = await timedEvent(c.slug, 12);
    await t.db('events').where({ id: retracted.id }).update({ retracted_at: t.clock.now() });

    const body = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug } }), 200);
    expect(body.events.map((e) => e.slug)).toEqual([inProgress.slug, soon.slug, later.slug]);
    expect(body.events.map((e) => e.status)).toEqual(['in_progress', 'scheduled', 'scheduled']);
    expect(body.nextCursor).toBeNull();
    for (const e of body.events) {
      expect(e.communitySlug).toBe(c.slug);
      expect(Array.isArray(e.nextSlots)).toBe(true);
    }
  });

  test('when an in-progress event reaches its end, then it leaves the list at that instant', async () => {
    const c = await community();
    const e = await timedEvent(c.slug, -1, 2);
    const before = t.clock.now();
    try {
      t.clock.set(e.endAt! - 1);
      expect(bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug } }), 200).events.map((x) => x.slug)).toEqual([e.slug]);
      t.clock.set(e.endAt!);
      expect(bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug } }), 200).events).toEqual([]);
    } finally {
      t.clock.set(before);
    }
  });

  test('when an event is date-only, then its card has its date and no start, end or next slots', async () => {
    const c = await community('Asia/Tokyo');
    const tomorrow = new Date(t.clock.now() + 2 * DAY).toISOString().slice(0, 10);
    const e = await t.services.directory.createEvent({ communitySlug: c.slug, title: 'All-day market', eventDate: tomorrow });
    const [card] = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug } }), 200).events;
    expect(card).toMatchObject({ slug: e.slug, scheduleKind: 'date_only', eventDate: tomorrow, status: 'scheduled', timezone: 'Asia/Tokyo' });
    expect(card).not.toHaveProperty('startAt');
    expect(card).not.toHaveProperty('nextSlots');
  });

  test('when the lineup has performers, then the card counts slots and participants and names the next slots', async () => {
    const c = await community();
    const dj = await t.services.directory.createProfile({ profileType: 'person', displayName: `DJ ${tag()}` });
    const start = t.clock.now() + 2 * HOUR;
    const e = await t.services.directory.createEvent({
      communitySlug: c.slug, title: 'Lineup night', eventDate: new Date(start).toISOString().slice(0, 10), startAt: start, endAt: start + 4 * HOUR, timezone: 'UTC',
      lineup: [0, 1, 2, 3].map((i) => ({ displayLabel: `Set ${i}`, roleLabel: 'dj', startAt: start + i * HOUR, endAt: start + (i + 1) * HOUR, ...(i === 0 ? { personSlug: dj.slug } : {}) })),
    });
    const [card] = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug } }), 200).events;
    expect(card).toMatchObject({ slug: e.slug, slotCount: 4, participantCount: 1 });
    expect(card.nextSlots!.map((s) => s.displayLabel)).toEqual(['Set 0', 'Set 1', 'Set 2']);
    expect(card.nextSlots![0].performer).toEqual({ displayName: dj.displayName, slug: dj.slug });
    // A performer who leaves public pages is no longer named on the card.
    // (Set behind the API, with the public-read stamp moved as every write path moves it.)
    await t.db('profiles').where({ id: dj.id }).update({ public_surfacing_state: 'opted_out' });
    await t.db('public_read_versions').where({ id: 1 }).increment('version', 1);
    const [after] = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug } }), 200).events;
    expect(after.nextSlots![0]).toMatchObject({ displayLabel: 'Set 0' });
    expect(after.nextSlots![0]).not.toHaveProperty('performer');
  });

  test('when the community is unknown or kept off public pages, then the same 404', async () => {
    const hidden = await community();
    await t.db('profiles').where({ id: hidden.id }).update({ public_surfacing_state: 'opted_out' });
    const a = await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: hidden.slug } });
    const b = await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: `no-such-${tag()}` } });
    expectStatus(a, 404);
    expectStatus(b, 404);
    expect({ ...a.body, detail: undefined, instance: undefined }).toEqual({ ...b.body, detail: undefined, instance: undefined });
    const person = await t.services.directory.createProfile({ profileType: 'person', displayName: `Solo ${tag()}` });
    expectStatus(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: person.slug } }), 404);
  });
});

describe('keyset pagination (decisions §1, §3)', () => {
  test('when pages are walked while events are inserted before and after the cursor, then no event is skipped or repeated', async () => {
    const c = await community();
    const original = [];
    // Several events share a start instant, so the id must break ties.
    for (let i = 0; i < 23; i++) original.push(await timedEvent(c.slug, 1 + (i % 7), 1));
    let inserts = 0;
    const inserted: { slug: string; startAt: number }[] = [];
    const seen = await allPages(
      async (cursor) => {
        const body = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug }, query: { limit: 4, ...(cursor ? { cursor } : {}) } }), 200);
        return { items: body.events, nextCursor: body.nextCursor };
      },
      async () => {
        // One event sorting before everything already read, one after everything.
        const early = await timedEvent(c.slug, 0.5, 1);
        const late = await timedEvent(c.slug, 100 + inserts++, 1);
        inserted.push({ slug: early.slug, startAt: early.startAt! }, { slug: late.slug, startAt: late.startAt! });
      },
    );
    const slugs = seen.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const e of original) expect(slugs).toContain(e.slug);
    // Every event inserted after the last page boundary it sorts behind is seen; none inserted before it is.
    for (const e of inserted) expect(slugs.includes(e.slug)).toBe(e.startAt > original.reduce((m, o) => Math.max(m, o.startAt!), 0));
    const starts = seen.map((e) => e.startAt!);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  test('when a cursor is garbage, from another list, or the limit is out of bounds, then 400 naming the parameter', async () => {
    const a = await community();
    const b = await community();
    for (let i = 0; i < 3; i++) await timedEvent(a.slug, i + 1);
    const first = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: a.slug }, query: { limit: 1 } }), 200);
    expect(first.nextCursor).toEqual(expect.any(String));
    const cases = [
      callOp(t.app, 'listPublicCommunityEvents', { params: { slug: b.slug }, query: { cursor: first.nextCursor! } }),
      callOp(t.app, 'listPublicUpcomingEvents', { query: { cursor: first.nextCursor! } }),
      callOp(t.app, 'listPublicUpcomingEvents', { query: { cursor: 'not-a-cursor' } }),
      callOp(t.app, 'listPublicUpcomingEvents', { query: { cursor: Buffer.from('["upcoming","x","y"]').toString('base64url') } }),
      callOp(t.app, 'listPublicActiveWorlds', { query: { cursor: first.nextCursor! } }),
    ];
    for (const res of await Promise.all(cases)) {
      expectStatus(res, 400);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ parameter: 'cursor' }));
    }
    for (const limit of [0, 25, -1]) {
      const res = await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit } });
      expectStatus(res, 400);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ parameter: 'limit' }));
    }
    expectStatus(await callOp(t.app, 'listPublicActiveWorlds', { query: { limit: 7 } }), 400);
  });
});

describe('GET /api/v0/events/upcoming', () => {
  test('when the directory has events of several communities, then the upcoming list pages through all discoverable ones in start order', async () => {
    const c1 = await community();
    const c2 = await community();
    const mine = [await timedEvent(c1.slug, 3), await timedEvent(c2.slug, 4), await timedEvent(c1.slug, 6)];
    const all = await allPages(async (cursor) => {
      const body = bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24, ...(cursor ? { cursor } : {}) } }), 200);
      return { items: body.events, nextCursor: body.nextCursor };
    });
    const order = all.map((e) => e.slug).filter((s) => mine.some((m) => m.slug === s));
    expect(order).toEqual(mine.map((m) => m.slug));
    expect(all.every((e) => e.status === 'scheduled' || e.status === 'in_progress')).toBe(true);
    // Every discoverable row of the table, each exactly once.
    const rows = await t.db('events').whereNull('retracted_at').whereNot('status', 'cancelled').where('window_end_at', '>', t.clock.now()).select('slug');
    expect(all.map((e) => e.slug).sort()).toEqual(rows.map((r: { slug: string }) => r.slug).sort());
  });

  test('when a contribution is published, then it appears in the upcoming list; when retracted, it is gone', async () => {
    const c = await community();
    const { token } = await makeContributor(t);
    const date = new Date(t.clock.now() + 3 * DAY).toISOString().slice(0, 10);
    const published = await publishEvent(t, token, { communitySlug: c.slug, eventDate: date, start: { time: '20:00' } });
    const list = async () => bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: c.slug } }), 200).events.map((e) => e.slug);
    expect(await list()).toEqual([published.slug]);
    expectStatus(await callOp(t.app, 'retractEventContribution', { params: { slug: published.slug }, token }), 200);
    expect(await list()).toEqual([]);
  });
});

describe('GET /api/v0/people/{slug}/events', () => {
  test('when a person performs in some events, then exactly those discoverable ones are listed, with no cursor', async () => {
    const c = await community();
    const dj = await t.services.directory.createProfile({ profileType: 'person', displayName: `Performer ${tag()}` });
    const withDj = [];
    for (let i = 0; i < 3; i++) {
      const start = t.clock.now() + (i + 1) * DAY;
      withDj.push(await t.services.directory.createEvent({ communitySlug: c.slug, title: `Set ${i}`, eventDate: new Date(start).toISOString().slice(0, 10), startAt: start, timezone: 'UTC', lineup: [{ displayLabel: 'Opening', personSlug: dj.slug }] }));
    }
    await timedEvent(c.slug, 5); // without the performer
    const past = t.clock.now() - 3 * DAY;
    await t.services.directory.createEvent({ communitySlug: c.slug, title: 'Old set', eventDate: new Date(past).toISOString().slice(0, 10), startAt: past, endAt: past + HOUR, timezone: 'UTC', lineup: [{ displayLabel: 'Old', personSlug: dj.slug }] });
    const body = bodyOf(await callOp(t.app, 'listPublicPersonEvents', { params: { slug: dj.slug } }), 200);
    expect(body.events.map((e) => e.slug)).toEqual(withDj.map((e) => e.slug));
    expect(body.nextCursor).toBeNull();
    expectStatus(await callOp(t.app, 'listPublicPersonEvents', { params: { slug: c.slug } }), 404);
  });

  test('when a person performs in more than 24 events, then the first 24 are listed', async () => {
    const c = await community();
    const dj = await t.services.directory.createProfile({ profileType: 'person', displayName: `Busy ${tag()}` });
    for (let i = 0; i < 26; i++) {
      const start = t.clock.now() + (i + 1) * HOUR;
      await t.services.directory.createEvent({ communitySlug: c.slug, title: `Gig ${i}`, eventDate: new Date(start).toISOString().slice(0, 10), startAt: start, timezone: 'UTC', lineup: [{ displayLabel: 'Set', personSlug: dj.slug }] });
    }
    const body = bodyOf(await callOp(t.app, 'listPublicPersonEvents', { params: { slug: dj.slug } }), 200);
    expect(body.events.map((e) => e.title)).toEqual(Array.from({ length: 24 }, (_, i) => `Gig ${i}`));
  });
});

describe('GET /api/v0/worlds/{slug}/events and /api/v0/worlds/active', () => {
  test('when a world has upcoming, recently ended, long-ended and cancelled events, then upcoming and the last 30 days are listed', async () => {
    const c = await community();
    const w = await t.services.directory.createWorld({ displayName: `World ${tag()}` });
    const up1 = await timedEvent(c.slug, 2, 2, { worldSlug: w.slug });
    const up2 = await timedEvent(c.slug, 48, 2, { worldSlug: w.slug });
    const recent1 = await timedEvent(c.slug, -50, 2, { worldSlug: w.slug });
    const recent2 = await timedEvent(c.slug, -10, 2, { worldSlug: w.slug });
    await timedEvent(c.slug, -32 * 24, 2, { worldSlug: w.slug }); // ended 32 days ago
    const cancelled = await timedEvent(c.slug, 5, 2, { worldSlug: w.slug });
    await t.db('events').where({ id: cancelled.id }).update({ status: 'cancelled' });
    await timedEvent(c.slug, 3); // another world-less event
    const body = bodyOf(await callOp(t.app, 'getPublicWorldEventsBySlug', { params: { slug: w.slug } }), 200);
    expect(body.upcoming.map((e) => e.slug)).toEqual([up1.slug, up2.slug]);
    expect(body.recent.map((e) => e.slug)).toEqual([recent2.slug, recent1.slug]);
    expect(body.recent.every((e) => e.status === 'ended')).toBe(true);
    expect(body.upcoming[0].worldAssociation).toEqual({ confirmationState: 'confirmed' });
  });

  test('when a world is unknown or unpublished, then 404', async () => {
    const w = await t.services.directory.createWorld({ displayName: `Hidden ${tag()}` });
    await t.db('worlds').where({ id: w.id }).update({ visibility_status: 'draft' });
    expectStatus(await callOp(t.app, 'getPublicWorldEventsBySlug', { params: { slug: w.slug } }), 404);
    expectStatus(await callOp(t.app, 'getPublicWorldEventsBySlug', { params: { slug: `nope-${tag()}` } }), 404);
  });

  test('when worlds host upcoming events, then active worlds are ordered by their next event, with counts, and paged', async () => {
    const fresh = await createTestApp();
    try {
      const c = await fresh.services.directory.createProfile({ profileType: 'community', displayName: 'Hosts', timezone: 'UTC' });
      const mk = async (world: string | undefined, inHours: number) => {
        const startAt = fresh.clock.now() + inHours * HOUR;
        return fresh.services.directory.createEvent({ communitySlug: c.slug, title: `E ${tag()}`, eventDate: new Date(startAt).toISOString().slice(0, 10), startAt, endAt: startAt + HOUR, timezone: 'UTC', ...(world ? { worldSlug: world } : {}) });
      };
      const names = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
      const worlds = [];
      for (const n of names) worlds.push(await fresh.services.directory.createWorld({ displayName: n }));
      const hidden = await fresh.services.directory.createWorld({ displayName: 'Hidden' });
      await fresh.db('worlds').where({ id: hidden.id }).update({ visibility_status: 'draft' });
      await mk(hidden.slug, 1);
      // Next events: Charlie 2h, Alpha 5h (+1 more), Delta 9h, Bravo only an ended one.
      const charlieNext = await mk(worlds[2].slug, 2);
      await mk(worlds[0].slug, 5);
      await mk(worlds[0].slug, 30);
      await mk(worlds[3].slug, 9);
      await mk(worlds[1].slug, -10);
      // Two more worlds whose next events start at the same instant as Delta's: ties go by world id.
      const echo = await fresh.services.directory.createWorld({ displayName: 'Echo' });
      const foxtrot = await fresh.services.directory.createWorld({ displayName: 'Foxtrot' });
      await mk(echo.slug, 9);
      await mk(foxtrot.slug, 9);
      await mk(foxtrot.slug, 1.5).then((e) => fresh.db('events').where({ id: e.id }).update({ status: 'cancelled' }));
      const tied = [worlds[3], echo, foxtrot].sort((a, b) => (a.id < b.id ? -1 : 1)).map((w) => w.displayName);
      const seen = await allPages(async (cursor) => {
        const body = bodyOf(await callOp(fresh.app, 'listPublicActiveWorlds', { query: { limit: 1, ...(cursor ? { cursor } : {}) } }), 200);
        return { items: body.worlds, nextCursor: body.nextCursor };
      });
      expect(seen.map((w) => w.displayName)).toEqual(['Charlie', 'Alpha', ...tied]);
      expect(seen.map((w) => w.upcomingEventCount)).toEqual([1, 2, 1, 1, 1]);
      const firstPage = bodyOf(await callOp(fresh.app, 'listPublicActiveWorlds', {}), 200);
      expect(firstPage.worlds.map((w) => w.displayName)).toEqual(['Charlie', 'Alpha', ...tied]);
      expect(firstPage.nextCursor).toBeNull();
      expect(seen[0].nextEvent.slug).toBe(charlieNext.slug);
      expect(seen[0].activityLabel).toBe('Hosting upcoming events');
    } finally {
      await fresh.close();
    }
  });
});
