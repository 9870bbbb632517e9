import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, publishEvent, stubPosterReader } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import type { EventRow } from '../../src/repositories/events.js';
import type { NewEvent } from '../../src/services/directory/directory.js';

// Every document is read back with ical.js (an independent RFC 5545 parser): TZID-local times
// are turned into instants through the VTIMEZONE components of the document itself.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
});
afterAll(() => t.close());

const iso = (s: string) => Date.parse(s);
let communities = 0;
/** A fresh public community (its own feed), in `timezone`. */
async function community(timezone = 'America/New_York') {
  return t.services.directory.createProfile({ profileType: 'community', displayName: `Calendar Crew ${++communities}`, timezone });
}
const event = (communitySlug: string, fields: Omit<NewEvent, 'communitySlug'>): Promise<EventRow> => t.services.directory.createEvent({ communitySlug, ...fields });
/** A timed UTC event row of `community`, written straight to the repository (no write path's checks). */
const eventRow = (community: { id: string; displayName: string }, key: string, startAt: number, endAt: number): EventRow => ({
  id: `evt_${key}`,
  slug: key,
  communityProfileId: community.id,
  worldId: null,
  title: key,
  summary: null,
  eventDate: new Date(startAt).toISOString().slice(0, 10),
  scheduleKind: 'timed',
  startAt,
  endAt,
  doorsOpenAt: null,
  timezone: 'UTC',
  status: 'scheduled',
  sourceType: 'manual',
  sourceLabel: community.displayName,
  sourceUrl: null,
  watchMode: 'event_stream',
  watchSurfaceEnabled: false,
  createdByUserId: null,
  createdAt: t.clock.now(),
  updatedAt: t.clock.now(),
  publishedAt: t.clock.now(),
});

interface ParsedEvent {
  component: ICAL.Component;
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  description: string | null;
  location: string | null;
  url: string | null;
  start: ICAL.Time;
  end: ICAL.Time | null;
  startTzid: string | null;
  endTzid: string | null;
  dtstamp: number;
  lastModified: number;
  created: number;
}
interface ParsedCalendar {
  text: string;
  calendar: ICAL.Component;
  timezones: string[];
  events: ParsedEvent[];
  byUid(uid: string): ParsedEvent | undefined;
}

const instant = (time: ICAL.Time) => time.toUnixTime() * 1000;
const text = (c: ICAL.Component, name: string) => {
  const v = c.getFirstPropertyValue(name);
  return v === null || v === undefined ? null : String(v);
};

function parse(body: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    const dtstart = component.getFirstProperty('dtstart')!;
    const dtend = component.getFirstProperty('dtend');
    const time = (name: string) => instant(component.getFirstPropertyValue(name) as ICAL.Time);
    return {
      component,
      uid: text(component, 'uid')!,
      sequence: Number(component.getFirstPropertyValue('sequence')),
      status: text(component, 'status')!,
      summary: text(component, 'summary')!,
      description: text(component, 'description'),
      location: text(component, 'location'),
      url: text(component, 'url'),
      start: dtstart.getFirstValue() as ICAL.Time,
      end: dtend ? (dtend.getFirstValue() as ICAL.Time) : null,
      startTzid: (dtstart.getParameter('tzid') as string | undefined) ?? null,
      endTzid: dtend ? ((dtend.getParameter('tzid') as string | undefined) ?? null) : null,
      dtstamp: time('dtstamp'),
      lastModified: time('last-modified'),
      created: time('created'),
    };
  });
  return {
    text: body,
    calendar,
    timezones: calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))),
    events,
    byUid: (uid) => events.find((e) => e.uid === uid),
  };
}

const uidOf = (e: { id: string }) => `${e.id}@marquee.test`;

async function eventCalendar(slug: string, headers?: Record<string, string>) {
  const res = await callOp(t.app, 'getPublicEventCalendar', { params: { slug }, headers });
  return res;
}
async function communityFeed(slug: string) {
  const res = await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug } });
  expectStatus(res, 200);
  return parse(res.text);
}
async function allFeed() {
  const res = await callOp(t.app, 'getPublicEventsCalendar');
  expectStatus(res, 200);
  return parse(res.text);
}
async function single(slug: string) {
  const res = await eventCalendar(slug);
  expectStatus(res, 200);
  return parse(res.text);
}

describe('calendar documents (decisions §3)', () => {
  test('when one timed event is exported, then every field of its VEVENT and of the calendar is as stored', async () => {
    const crew = await community('Europe/Berlin');
    const world = await t.services.directory.createWorld({ displayName: 'Prism Hall' });
    const e = await event(crew.slug, { title: 'Prism Night; vol. 2', summary: 'Bring glow sticks, friends.', eventDate: '2027-02-12', startAt: iso('2027-02-12T20:00:00Z'), endAt: iso('2027-02-12T23:30:00Z'), timezone: 'Europe/Berlin', worldSlug: world.slug });
    const res = await eventCalendar(e.slug);
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${e.slug}.ics"`);
    expect(res.text.split('\n').every((line, i, all) => line.endsWith('\r') || (i === all.length - 1 && line === ''))).toBe(true);

    const cal = parse(res.text);
    expect(text(cal.calendar, 'version')).toBe('2.0');
    expect(text(cal.calendar, 'prodid')).toMatch(/Marquee/);
    expect(text(cal.calendar, 'method')).toBe('PUBLISH');
    expect(text(cal.calendar, 'x-wr-calname')).toBe('Prism Night; vol. 2');
    expect(cal.events).toHaveLength(1);
    const stored = (await t.repos.events.findBySlug(e.slug))!;
    const v = cal.events[0];
    expect(v).toMatchObject({
      uid: uidOf(e),
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Prism Night; vol. 2',
      location: 'Prism Hall',
      url: `http://marquee.test/events/${e.slug}`,
      startTzid: 'Europe/Berlin',
      endTzid: 'Europe/Berlin',
      dtstamp: stored.updatedAt,
      lastModified: stored.updatedAt,
      created: stored.createdAt,
    });
    expect(v.description).toBe(`Bring glow sticks, friends.\n\nHosted by ${crew.displayName}`);
    expect(v.start.toString()).toBe('2027-02-12T21:00:00');
    expect(v.end!.toString()).toBe('2027-02-13T00:30:00');
    expect(instant(v.start)).toBe(stored.startAt);
    expect(instant(v.end!)).toBe(stored.endAt);
    expect(cal.timezones).toEqual(['Europe/Berlin']);
  });

  test('when an event has several lineup slots, then DESCRIPTION lists them in order with local start times', async () => {
    const crew = await community('America/New_York');
    const e = await event(crew.slug, {
      title: 'Three Deck Thursday',
      eventDate: '2027-01-14',
      startAt: iso('2027-01-15T02:00:00Z'),
      endAt: iso('2027-01-15T05:30:00Z'),
      timezone: 'America/New_York',
      lineup: [
        { displayLabel: 'DJ Opal', roleLabel: 'DJ', startAt: iso('2027-01-15T02:00:00Z') },
        { displayLabel: 'Kestrel', roleLabel: 'Live set', startAt: iso('2027-01-15T03:00:00Z') },
        { displayLabel: 'Late Guest', startAt: iso('2027-01-15T05:00:00Z') },
      ],
    });
    const v = (await single(e.slug)).events[0];
    expect(v.description).toBe(
      [`Hosted by ${crew.displayName}`, '', 'Lineup (times in America/New_York):', '- 21:00 DJ Opal (DJ)', '- 22:00 Kestrel (Live set)', '- 2027-01-15 00:00 Late Guest'].join('\n'),
    );
  });

  test('when an event is date-only, then DTSTART is a DATE and DTEND the next day, with no time and no zone', async () => {
    const crew = await community('Pacific/Auckland');
    const e = await event(crew.slug, { title: 'Picnic Day', eventDate: '2026-12-05', timezone: 'Pacific/Auckland' });
    const cal = await single(e.slug);
    const v = cal.events[0];
    expect(v.start.isDate).toBe(true);
    expect(v.start.toString()).toBe('2026-12-05');
    expect(v.end!.isDate).toBe(true);
    expect(v.end!.toString()).toBe('2026-12-06');
    expect(v.startTzid).toBeNull();
    expect(v.component.getFirstProperty('dtstart')!.type).toBe('date');
    expect(cal.text).toContain('DTSTART;VALUE=DATE:20261205\r\n');
    expect(cal.text).not.toMatch(/DTSTART[^\r\n]*T000000/);
    expect(cal.timezones).toEqual([]);
  });

  test('when a timed event has no end, then its entry lasts one hour (the contract\'s default), says so, and the public read keeps no end', async () => {
    const crew = await community('America/New_York');
    const e = await event(crew.slug, { title: 'Open Mic', summary: 'Sign up at the door.', eventDate: '2027-01-20', startAt: iso('2027-01-21T01:00:00Z'), timezone: 'America/New_York' });
    for (const cal of [await single(e.slug), await communityFeed(crew.slug), await allFeed()]) {
      const v = cal.byUid(uidOf(e))!;
      expect(instant(v.start)).toBe(iso('2027-01-21T01:00:00Z'));
      // ical.js computes the end a calendar app shows: never the zero-length entry of a DTSTART alone.
      const shown = new ICAL.Event(v.component);
      expect(instant(shown.endDate)).toBe(iso('2027-01-21T02:00:00Z'));
      expect(shown.duration.toSeconds()).toBe(3600);
      expect(v.endTzid).toBe('America/New_York');
      expect(v.component.getFirstProperty('duration')).toBeNull();
      expect(v.description).toBe('Sign up at the door.\n\nEnd time not announced.\n\nHosted by ' + crew.displayName);
    }
    // The served contract states the same default.
    const served = JSON.stringify(bodyOf(await callOp(t.app, 'getOpenApiDocument'), 200));
    expect(served).toContain('DTEND one hour after DTSTART');
    expect(served).not.toMatch(/without an end has no `?DTEND/);
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } }), 200).endAt ?? null).toBeNull();
  });

  test('when a timed event has an end, then DTEND is that end, whatever its length', async () => {
    const crew = await community('Europe/Berlin');
    const e = await event(crew.slug, { title: 'Short Set', eventDate: '2027-01-23', startAt: iso('2027-01-23T19:00:00Z'), endAt: iso('2027-01-23T19:20:00Z'), timezone: 'Europe/Berlin' });
    const v = (await single(e.slug)).events[0];
    expect(instant(new ICAL.Event(v.component).endDate)).toBe(iso('2027-01-23T19:20:00Z'));
    expect(v.description ?? '').not.toContain('End time not announced');
  });

  test('when a timed event has no zone, then its instants are written in UTC', async () => {
    const crew = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Zoneless Crew' });
    const e = await event(crew.slug, { title: 'Anywhere Jam', eventDate: '2027-01-22', startAt: iso('2027-01-22T18:00:00Z'), endAt: iso('2027-01-22T19:00:00Z') });
    const cal = await single(e.slug);
    const v = cal.events[0];
    expect(v.startTzid).toBeNull();
    expect(v.start.zone?.tzid).toBe('UTC');
    expect(instant(v.start)).toBe(iso('2027-01-22T18:00:00Z'));
    expect(instant(v.end!)).toBe(iso('2027-01-22T19:00:00Z'));
    expect(cal.timezones).toEqual([]);
  });

  test('when an event names a zone by a link name, then it is written under the canonical TZID its VTIMEZONE carries', async () => {
    const crew = await community('America/New_York');
    const e = await event(crew.slug, { title: 'Alias Zone', eventDate: '2027-01-23', startAt: iso('2027-01-24T01:00:00Z'), endAt: iso('2027-01-24T02:00:00Z'), timezone: 'US/Eastern' });
    const cal = await single(e.slug);
    const v = cal.events[0];
    expect(cal.timezones).toEqual(['America/New_York']);
    expect([v.startTzid, v.endTzid, v.start.toString()]).toEqual(['America/New_York', 'America/New_York', '2027-01-23T20:00:00']);
    expect(instant(v.start)).toBe(iso('2027-01-24T01:00:00Z'));
  });
});

describe('daylight-saving changes', () => {
  test('when New York events fall on the night clocks go back, then each instant is exact; local times that name two instants are written in UTC', async () => {
    const crew = await community('America/New_York');
    // 1 November 2026: 01:00–02:00 happens twice (EDT −04:00, then EST −05:00).
    const across = await event(crew.slug, { title: 'Across the change', eventDate: '2026-11-01', startAt: iso('2026-11-01T04:30:00Z'), endAt: iso('2026-11-01T08:00:00Z'), timezone: 'America/New_York' });
    const firstOneThirty = await event(crew.slug, { title: 'First 01:30', eventDate: '2026-11-01', startAt: iso('2026-11-01T05:30:00Z'), endAt: iso('2026-11-01T09:00:00Z'), timezone: 'America/New_York' });
    const secondOneThirty = await event(crew.slug, { title: 'Second 01:30', eventDate: '2026-11-01', startAt: iso('2026-11-01T06:30:00Z'), endAt: iso('2026-11-01T09:00:00Z'), timezone: 'America/New_York' });
    const feed = await communityFeed(crew.slug);
    expect(feed.timezones).toEqual(['America/New_York']);

    const a = feed.byUid(uidOf(across))!;
    expect(a.startTzid).toBe('America/New_York');
    expect(a.start.toString()).toBe('2026-11-01T00:30:00');
    expect(a.end!.toString()).toBe('2026-11-01T03:00:00');
    expect(instant(a.start)).toBe(iso('2026-11-01T04:30:00Z'));
    expect(instant(a.end!)).toBe(iso('2026-11-01T08:00:00Z'));

    for (const [e, start] of [[firstOneThirty, '2026-11-01T05:30:00Z'], [secondOneThirty, '2026-11-01T06:30:00Z']] as const) {
      const v = feed.byUid(uidOf(e))!;
      expect(v.startTzid).toBeNull();
      expect(v.start.zone?.tzid).toBe('UTC');
      expect(instant(v.start)).toBe(iso(start));
      expect(instant(v.end!)).toBe(iso('2026-11-01T09:00:00Z'));
    }
  });

  test('when a Berlin event spans the night clocks go forward, then its local times and instants are both right', async () => {
    const crew = await community('Europe/Berlin');
    // 28 March 2027: 02:00 CET becomes 03:00 CEST.
    const e = await event(crew.slug, { title: 'Lost Hour', eventDate: '2027-03-28', startAt: iso('2027-03-28T00:30:00Z'), endAt: iso('2027-03-28T01:30:00Z'), timezone: 'Europe/Berlin' });
    const v = (await single(e.slug)).events[0];
    expect(v.startTzid).toBe('Europe/Berlin');
    expect(v.start.toString()).toBe('2027-03-28T01:30:00');
    expect(v.end!.toString()).toBe('2027-03-28T03:30:00');
    expect(instant(v.start)).toBe(iso('2027-03-28T00:30:00Z'));
    expect(instant(v.end!)).toBe(iso('2027-03-28T01:30:00Z'));
  });

  test('when a feed holds events on both sides of a change, then the same local time maps to the right instant on each side', async () => {
    const crew = await community('Europe/Berlin');
    // Berlin leaves summer time on 25 October 2026: 20:00 is 18:00Z before and 19:00Z after.
    const before = await event(crew.slug, { title: 'Summer side', eventDate: '2026-10-24', startAt: iso('2026-10-24T18:00:00Z'), endAt: iso('2026-10-24T21:00:00Z'), timezone: 'Europe/Berlin' });
    const after = await event(crew.slug, { title: 'Winter side', eventDate: '2026-10-31', startAt: iso('2026-10-31T19:00:00Z'), endAt: iso('2026-10-31T22:00:00Z'), timezone: 'Europe/Berlin' });
    const ny = await event(crew.slug, { title: 'New York side', eventDate: '2027-03-14', startAt: iso('2027-03-15T00:00:00Z'), endAt: iso('2027-03-15T02:00:00Z'), timezone: 'America/New_York' });
    const feed = await communityFeed(crew.slug);
    expect([...feed.timezones].sort()).toEqual(['America/New_York', 'Europe/Berlin']);
    expect(feed.events.map((v) => v.summary)).toEqual(['Summer side', 'Winter side', 'New York side']);
    const b = feed.byUid(uidOf(before))!;
    const w = feed.byUid(uidOf(after))!;
    expect([b.start.toString(), w.start.toString()]).toEqual(['2026-10-24T20:00:00', '2026-10-31T20:00:00']);
    expect([instant(b.start), instant(b.end!)]).toEqual([iso('2026-10-24T18:00:00Z'), iso('2026-10-24T21:00:00Z')]);
    expect([instant(w.start), instant(w.end!)]).toEqual([iso('2026-10-31T19:00:00Z'), iso('2026-10-31T22:00:00Z')]);
    const n = feed.byUid(uidOf(ny))!;
    // 14 March 2027 is New York's first evening of daylight time (−04:00).
    expect([n.startTzid, n.start.toString(), instant(n.start)]).toEqual(['America/New_York', '2027-03-14T20:00:00', iso('2027-03-15T00:00:00Z')]);
  });
});

describe('revisions, cancellation and retraction (contract 3)', () => {
  test('when a contribution is corrected, then its UID stays and SEQUENCE, DTSTAMP and LAST-MODIFIED rise', async () => {
    const crew = await community('America/New_York');
    const { token } = await makeContributor(t);
    const published = await publishEvent(t, token, { communitySlug: crew.slug, eventDate: '2027-04-10', start: { time: '21:00' }, timezone: 'America/New_York', summary: 'first' });
    const before = (await single(published.slug)).byUid(`${published.eventId}@marquee.test`)!;
    expect(before.sequence).toBe(0);
    expect(before.startTzid).toBe('America/New_York');
    expect(before.start.toString()).toBe('2027-04-10T21:00:00');

    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token, params: { slug: published.slug } }), 200);
    t.clock.advance(90_000);
    const corrected = bodyOf(await callOp(t.app, 'updateEventContribution', { token, params: { slug: published.slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { summary: 'second', start: { time: '22:00' } } } }), 200);
    expect(corrected.changed).toBe(true);

    const after = (await single(published.slug)).events[0];
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.sequence).toBe(1);
    expect(after.dtstamp).toBe(corrected.updatedAt);
    expect(after.lastModified).toBe(corrected.updatedAt);
    expect(after.lastModified).toBeGreaterThan(before.lastModified);
    expect(after.created).toBe(before.created);
    expect(after.start.toString()).toBe('2027-04-10T22:00:00');
    expect(after.description).toContain('second');
    // The community feed carries the same revision.
    expect((await communityFeed(crew.slug)).byUid(before.uid)!.sequence).toBe(1);
  });

  test('when an event is cancelled, then the single export and both feeds keep it with STATUS:CANCELLED', async () => {
    const crew = await community('America/New_York');
    const e = await event(crew.slug, { title: 'Called Off', eventDate: '2027-02-01', startAt: iso('2027-02-02T01:00:00Z'), endAt: iso('2027-02-02T03:00:00Z'), timezone: 'America/New_York' });
    await t.db('events').where({ id: e.id }).update({ status: 'cancelled' });
    for (const cal of [await single(e.slug), await communityFeed(crew.slug), await allFeed()]) {
      const v = cal.byUid(uidOf(e));
      expect(v).toBeDefined();
      expect(v!.status).toBe('CANCELLED');
      expect(instant(v!.start)).toBe(iso('2027-02-02T01:00:00Z'));
    }
    // The public read still knows it too (a cancelled event stays reachable by direct URL).
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } }), 200).status).toBe('cancelled');
  });

  test('when an event is retracted, then its export answers 404 and no feed holds it', async () => {
    const crew = await community('America/New_York');
    const { token } = await makeContributor(t);
    const published = await publishEvent(t, token, { communitySlug: crew.slug, eventDate: '2027-05-01', start: { time: '20:00' }, timezone: 'America/New_York' });
    const kept = await publishEvent(t, token, { communitySlug: crew.slug, eventDate: '2027-05-02', start: { time: '20:00' }, timezone: 'America/New_York' });
    const uid = `${published.eventId}@marquee.test`;
    expect((await communityFeed(crew.slug)).byUid(uid)).toBeDefined();
    expectStatus(await callOp(t.app, 'retractEventContribution', { token, params: { slug: published.slug } }), 200);

    const res = await eventCalendar(published.slug);
    expectStatus(res, 404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const feed = await communityFeed(crew.slug);
    expect(feed.byUid(uid)).toBeUndefined();
    expect(feed.byUid(`${kept.eventId}@marquee.test`)).toBeDefined();
    expect((await allFeed()).byUid(uid)).toBeUndefined();
  });
});

describe('feeds', () => {
  test('when events ended exactly 30 days ago or later, then they are in the feed; earlier ones are not', async () => {
    const crew = await community('UTC');
    const boundary = t.clock.now() - 30 * 86_400_000;
    const onBoundary = await event(crew.slug, { title: 'Ends on the boundary', eventDate: '2026-10-01', startAt: boundary - 3_600_000, endAt: boundary, timezone: 'UTC' });
    const justBefore = await event(crew.slug, { title: 'Ends just before', eventDate: '2026-10-01', startAt: boundary - 3_600_000, endAt: boundary - 1, timezone: 'UTC' });
    const boundaryDay = new Date(boundary).toISOString().slice(0, 10);
    const dayBefore = new Date(boundary - 86_400_000).toISOString().slice(0, 10);
    // A date-only event lasts its whole local date: one on the boundary's date is still within, the day before not.
    const dateOnlyIn = await event(crew.slug, { title: 'Date-only in', eventDate: boundaryDay, timezone: 'UTC' });
    const dateOnlyOut = await event(crew.slug, { title: 'Date-only out', eventDate: dayBefore, timezone: 'UTC' });
    const upcoming = await event(crew.slug, { title: 'Upcoming', eventDate: '2027-01-01', startAt: iso('2027-01-01T20:00:00Z'), timezone: 'UTC' });
    const uids = (await communityFeed(crew.slug)).events.map((v) => v.uid);
    expect(uids).toEqual(expect.arrayContaining([onBoundary, dateOnlyIn, upcoming].map(uidOf)));
    expect(uids).not.toContain(uidOf(justBefore));
    expect(uids).not.toContain(uidOf(dateOnlyOut));
    expect(uids).toHaveLength(3);
  });

  test('when a community has 501 events in the window, then its feed holds the 500 soonest, read in a bounded number of queries', async () => {
    const crew = await community('UTC');
    const rows: EventRow[] = [];
    for (let i = 0; i < 501; i++) {
      const startAt = iso('2030-01-01T00:00:00Z') + i * 3_600_000;
      const row = eventRow(crew, `cap${String(i).padStart(4, '0')}`, startAt, startAt + 1_800_000);
      rows.push(row);
      await t.repos.events.insert(row, i % 2 ? [] : [{ id: `slt_cap${i}`, eventId: row.id, position: 0, displayLabel: `Act ${i}`, roleLabel: 'DJ', personProfileId: null, startAt, endAt: null }]);
    }
    let queries = 0;
    const count = () => void (queries += 1);
    t.db.on('query', count);
    let feed: ParsedCalendar;
    try {
      feed = await communityFeed(crew.slug);
    } finally {
      t.db.removeListener('query', count);
    }
    expect(feed.events).toHaveLength(500);
    expect(feed.events.map((v) => v.uid)).toEqual(rows.slice(0, 500).map(uidOf));
    expect(feed.byUid(uidOf(rows[500]))).toBeUndefined();
    expect(feed.byUid(uidOf(rows[0]))!.description).toContain('- 00:00 Act 0 (DJ)');
    expect(queries).toBeLessThan(10);
    // The directory-wide feed is capped the same way, and keeps the events that end soonest (an
    // earlier test's 2027 event before these 2030 ones).
    const all = await allFeed();
    expect(all.events).toHaveLength(500);
    expect(all.events.some((v) => v.summary === 'Called Off')).toBe(true);
    expect(all.byUid(uidOf(rows[499]))).toBeUndefined();
  });

  test('when more events ended in the last 30 days than a feed holds, then every event not yet ended is kept, then the latest ended, in start order', async () => {
    const crew = await community('UTC');
    const now = t.clock.now();
    const row = (i: number, startAt: number, hours: number) => eventRow(crew, `past${String(i).padStart(4, '0')}`, startAt, startAt + hours * 3_600_000);
    // 510 events that ended within the last 30 days, an hour apart; one that started 20 days ago and
    // is still running (its start is older than most ended ones); one next week.
    const ended: EventRow[] = [];
    for (let i = 0; i < 510; i++) ended.push(row(i, now - 600 * 3_600_000 + i * 3_600_000, 0.5));
    const running = row(900, now - 20 * 86_400_000, 21 * 24);
    const next = row(901, now + 7 * 86_400_000, 2);
    for (const r of [...ended, running, next]) await t.repos.events.insert(r, []);
    const feed = await communityFeed(crew.slug);
    expect(feed.events).toHaveLength(500);
    const expected = [running, next, ...ended.slice(-498)].sort((a, b) => a.startAt! - b.startAt! || (a.id < b.id ? -1 : 1));
    expect(feed.events.map((v) => v.uid)).toEqual(expected.map(uidOf));
    expect(feed.byUid(uidOf(ended[11]))).toBeUndefined();
  });

  test('when the directory-wide feed is read, then it is named for Marquee and holds events of every community', async () => {
    const a = await community('UTC');
    const b = await community('UTC');
    const ea = await event(a.slug, { title: 'From A', eventDate: '2026-11-25', startAt: iso('2026-11-25T20:00:00Z'), timezone: 'UTC' });
    const eb = await event(b.slug, { title: 'From B', eventDate: '2026-11-26', startAt: iso('2026-11-26T20:00:00Z'), timezone: 'UTC' });
    const res = await callOp(t.app, 'getPublicEventsCalendar');
    expectStatus(res, 200);
    const all = parse(res.text);
    expect(text(all.calendar, 'x-wr-calname')).toBe('Marquee upcoming events');
    expect(all.calendar.getFirstProperty('refresh-interval')).not.toBeNull();
    expect(all.byUid(uidOf(ea))).toBeDefined();
    expect(all.byUid(uidOf(eb))).toBeDefined();
    // Each entry's URL is the event's public page, where a person opening it lands.
    expect(all.byUid(uidOf(ea))!.url).toBe(`http://marquee.test/events/${ea.slug}`);
    expect(all.byUid(uidOf(eb))!.url).toBe(`http://marquee.test/events/${eb.slug}`);
    const own = await communityFeed(a.slug);
    expect(text(own.calendar, 'x-wr-calname')).toBe(a.displayName);
    expect(own.events.map((v) => v.uid)).toEqual([uidOf(ea)]);
  });
});

describe('conditional requests and refusals', () => {
  test('when If-None-Match carries the current ETag, then 304 without a body; after a change, 200 with a new tag', async () => {
    const crew = await community('America/New_York');
    const e = await event(crew.slug, { title: 'Tagged', eventDate: '2027-03-01', startAt: iso('2027-03-02T01:00:00Z'), timezone: 'America/New_York' });
    const first = await eventCalendar(e.slug);
    expectStatus(first, 200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await eventCalendar(e.slug);
    expect(again.headers.etag).toBe(etag);
    expect(again.text).toBe(first.text);

    const cached = await eventCalendar(e.slug, { 'If-None-Match': etag });
    expectStatus(cached, 304);
    expect(cached.text ?? '').toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect((await eventCalendar(e.slug, { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);

    // Set behind the API, with the public-read stamp moved as every write path moves it (feeds are kept).
    await t.db('events').where({ id: e.id }).update({ status: 'cancelled' });
    await t.db('public_read_versions').where({ id: 1 }).increment('version', 1);
    const changed = await eventCalendar(e.slug, { 'If-None-Match': etag });
    expectStatus(changed, 200);
    expect(changed.headers.etag).not.toBe(etag);

    const feed = await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: crew.slug } });
    expectStatus(feed, 200);
    const feedTag = String(feed.headers.etag);
    expect((await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: crew.slug }, headers: { 'If-None-Match': feedTag } })).status).toBe(304);
    const allTag = String((await callOp(t.app, 'getPublicEventsCalendar')).headers.etag);
    expect((await callOp(t.app, 'getPublicEventsCalendar', { headers: { 'If-None-Match': allTag } })).status).toBe(304);
  });

  test('when the slug is unknown, or the community is not public, then 404 problems', async () => {
    const unknown = await eventCalendar('no-such-event');
    expectStatus(unknown, 404);
    expect(unknown.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expectStatus(await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: 'no-such-community' } }), 404);

    const hidden = await community('UTC');
    await event(hidden.slug, { title: 'Hidden crew event', eventDate: '2027-01-05', startAt: iso('2027-01-05T20:00:00Z') });
    expectStatus(await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: hidden.slug } }), 200);
    await t.db('profiles').where({ id: hidden.id }).update({ public_surfacing_state: 'opted_out' });
    await t.db('public_read_versions').where({ id: 1 }).increment('version', 1);
    expectStatus(await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: hidden.slug } }), 404);
    // A person is not a community.
    const person = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Solo Person' });
    expectStatus(await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: person.slug } }), 404);
  });
});
