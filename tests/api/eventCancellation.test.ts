import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, publishEvent, stubPosterReader, uniqueTitle } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';

/**
 * Cancelling and restoring an event (contract 3: a cancelled event "stays reachable by direct URL
 * and calendar export; leaves discovery"; decisions §4): the owner sets `status` through the
 * owner event update. Every public door is read through the HTTP stack; calendars are read back
 * with ical.js, an independent RFC 5545 parser.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
/** Saturday 5 December 2026, 19:00 UTC: two weeks after the test clock. */
const START = Date.parse('2026-12-05T19:00:00Z');

let n = 0;
async function owner() {
  const user = await makeUser(t.services);
  const token = (await makeToken(t.services, user.id, ['events:write', 'events:read'])).value;
  const community = await t.services.directory.createProfile({ profileType: 'community', displayName: `Cancel Crew ${++n}`, ownerUserId: user.id, timezone: 'Europe/Berlin' });
  return { user, token, community };
}

async function createEvent(token: string, communitySlug: string, extra: Record<string, unknown> = {}) {
  const world = await t.services.directory.createWorld({ displayName: `Cancel Hall ${++n}` });
  const body = bodyOf(await callOp(t.app, 'createCurrentUserCommunityEvent', { token, body: { title: uniqueTitle(), communitySlug, startAt: START, endAt: START + 3 * HOUR, worldSlug: world.slug, ...extra } }), 200);
  return { ...body, world };
}

const setStatus = (token: string, slug: string, status: 'scheduled' | 'cancelled', extra: Record<string, unknown> = {}) =>
  callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug }, body: { status, ...extra } as never });

/** Everything the public sees of one event, read anonymously through each door. */
async function publicView(e: { eventId: string; slug: string; world: { slug: string } }, title: string, communitySlug: string) {
  const read = await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } });
  const upcoming = bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } }), 200);
  const community = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: communitySlug } }), 200);
  const world = bodyOf(await callOp(t.app, 'getPublicWorldEventsBySlug', { params: { slug: e.world.slug } }), 200);
  const search = bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q: title } }), 200);
  const ics = await callOp(t.app, 'getPublicEventCalendar', { params: { slug: e.slug } });
  const feed = await callOp(t.app, 'getPublicEventsCalendar');
  const vevent = (text: string) => {
    const cal = new ICAL.Component(ICAL.parse(text));
    const v = cal.getAllSubcomponents('vevent').find((c) => c.getFirstPropertyValue('uid') === `${e.eventId}@marquee.test`);
    return v ? { status: String(v.getFirstPropertyValue('status')), sequence: Number(v.getFirstPropertyValue('sequence')) } : undefined;
  };
  // List cards name events by slug.
  const ids = (list: unknown) => JSON.stringify(list).includes(`"slug":"${e.slug}"`);
  return {
    readStatus: read.status,
    status: read.status === 200 ? (read.body as { status: string }).status : undefined,
    inUpcoming: ids(upcoming),
    inCommunity: ids(community),
    inWorld: ids(world),
    inSearch: search.results.some((r) => r.entityType === 'event' && r.slug === e.slug),
    single: ics.status === 200 ? vevent(ics.text) : undefined,
    feed: vevent(feed.text),
  };
}

describe('cancelling and restoring an event (contract 3, decisions §4)', () => {
  test('when the owner cancels, then the event leaves discovery at once but keeps its URL and its calendar entry (STATUS:CANCELLED, higher SEQUENCE); restoring brings it back', async () => {
    const { token, community } = await owner();
    const title = uniqueTitle();
    const e = await createEvent(token, community.slug, { title });

    const before = await publicView(e, title, community.slug);
    expect(before).toMatchObject({ readStatus: 200, status: 'scheduled', inUpcoming: true, inCommunity: true, inWorld: true, inSearch: true, single: { status: 'CONFIRMED', sequence: 0 }, feed: { status: 'CONFIRMED', sequence: 0 } });

    // Same clock instant as the create: the new SEQUENCE must still be higher.
    const cancelled = await setStatus(token, e.slug, 'cancelled');
    expect(bodyOf(cancelled, 200)).toEqual({ eventId: e.eventId, slug: e.slug, eventPath: `/api/v0/events/${e.slug}` });
    const after = await publicView(e, title, community.slug);
    expect(after).toMatchObject({ readStatus: 200, status: 'cancelled', inUpcoming: false, inCommunity: false, inWorld: false, inSearch: false, single: { status: 'CANCELLED' }, feed: { status: 'CANCELLED' } });
    expect(after.single!.sequence).toBeGreaterThan(before.single!.sequence);
    expect(after.feed!.sequence).toBe(after.single!.sequence);

    // The organiser still sees it in their own inventory, as cancelled.
    const mine = bodyOf(await callOp(t.app, 'listCurrentApiUserEvents', { token }), 200);
    expect(mine.events.find((x) => x.id === e.eventId)?.status).toBe('cancelled');

    const restored = await setStatus(token, e.slug, 'scheduled');
    expectStatus(restored, 200);
    const back = await publicView(e, title, community.slug);
    expect(back).toMatchObject({ readStatus: 200, status: 'scheduled', inUpcoming: true, inCommunity: true, inWorld: true, inSearch: true, single: { status: 'CONFIRMED' }, feed: { status: 'CONFIRMED' } });
    expect(back.single!.sequence).toBeGreaterThan(after.single!.sequence);
  });

  test('when a cancelled event is read anonymously from the read cache, then the cancellation shows on the very next read', async () => {
    const { token, community } = await owner();
    const e = await createEvent(token, community.slug);
    // Warm the kept answers of the event read and the upcoming list (and their ETags).
    const first = await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } });
    expect(bodyOf(first, 200).status).toBe('scheduled');
    await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } });
    expect(JSON.stringify(bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } }), 200))).toContain(`"slug":"${e.slug}"`);

    expectStatus(await setStatus(token, e.slug, 'cancelled'), 200);
    // A client holding the old entity tag gets the new answer, not 304.
    const revalidated = await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug }, headers: { 'If-None-Match': first.headers.etag } });
    expect(bodyOf(revalidated, 200).status).toBe('cancelled');
    expect(JSON.stringify(bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } }), 200))).not.toContain(`"slug":"${e.slug}"`);
  });

  test('when the status changes, then it is audited as event.cancelled / event.restored beside event.updated; setting the same status again records no change of status', async () => {
    const { user, token, community } = await owner();
    const e = await createEvent(token, community.slug);
    expectStatus(await setStatus(token, e.slug, 'cancelled', { summary: 'Venue flooded.' }), 200);
    expectStatus(await setStatus(token, e.slug, 'cancelled'), 200);
    expectStatus(await setStatus(token, e.slug, 'scheduled'), 200);
    const records = (await t.services.audit.search({ kind: 'event', actorRefs: [user.id], limit: 20 })).filter((r) => r.resourceId === e.eventId).reverse();
    expect(records.map((r) => r.action)).toEqual(['event.created', 'event.updated', 'event.cancelled', 'event.updated', 'event.updated', 'event.restored']);
    expect(records[2]).toMatchObject({ result: 'accepted', routeClass: 'public_write', metadata: { from: 'scheduled', to: 'cancelled', targetIds: [e.eventId, community.id] } });
    expect(records[5]).toMatchObject({ metadata: { from: 'cancelled', to: 'scheduled' } });
    expect(records[1].metadata).toMatchObject({ changed: ['status', 'summary'] });
    // Other fields changed in the same request.
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } }), 200).summary).toBe('Venue flooded.');
  });

  test('when someone other than the owner tries to cancel, then 403 and the event stays scheduled; the contributor\'s correction route has no status', async () => {
    const { token, community } = await owner();
    const e = await createEvent(token, community.slug);
    const stranger = await makeUser(t.services);
    const strangerToken = (await makeToken(t.services, stranger.id, ['events:write'])).value;
    const refused = await setStatus(strangerToken, e.slug, 'cancelled');
    expectStatus(refused, 403);
    // A token without events:write is refused before anything is read.
    const contributorOnly = (await makeToken(t.services, stranger.id, ['events:contribute'])).value;
    expectStatus(await setStatus(contributorOnly, e.slug, 'cancelled'), 403);
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } }), 200).status).toBe('scheduled');

    // A contributor cannot cancel through the contribution correction (no such field: 400).
    const { token: contributor } = await makeContributor(t);
    const published = await publishEvent(t, contributor, { communitySlug: community.slug, eventDate: '2026-12-12', start: { time: '20:00' }, timezone: 'Europe/Berlin' });
    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token: contributor, params: { slug: published.slug } }), 200);
    const viaContribution = await callOp(t.app, 'updateEventContribution', { token: contributor, params: { slug: published.slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { status: 'cancelled' } } as never });
    expectStatus(viaContribution, 400);
    // The community's owner may cancel the contributed event.
    expectStatus(await setStatus(token, published.slug, 'cancelled'), 200);
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: published.slug } }), 200).status).toBe('cancelled');
  });

  test('when the status is not one an owner may set, then 400 naming /status and nothing changes', async () => {
    const { token, community } = await owner();
    const e = await createEvent(token, community.slug);
    for (const status of ['ended', 'in_progress', 'CANCELLED', '', null, true]) {
      const res = await callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug: e.slug }, body: { status } as never });
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toContain('/status');
    }
    const stored = await t.db('events').where({ id: e.eventId }).first();
    expect(stored).toMatchObject({ status: 'scheduled', ical_sequence: 0 });
    // A create cannot start cancelled.
    const create = await callOp(t.app, 'createCurrentUserCommunityEvent', { token, body: { title: uniqueTitle(), communitySlug: community.slug, startAt: START, status: 'cancelled' } as never });
    expectStatus(create, 400);
  });

  test('when a retracted contribution is cancelled, then 404: retraction stays final', async () => {
    const { token, community } = await owner();
    const { token: contributor } = await makeContributor(t);
    const published = await publishEvent(t, contributor, { communitySlug: community.slug, eventDate: '2026-12-13', start: { time: '20:00' }, timezone: 'Europe/Berlin' });
    expectStatus(await callOp(t.app, 'retractEventContribution', { token: contributor, params: { slug: published.slug } }), 200);
    expectStatus(await setStatus(token, published.slug, 'cancelled'), 404);
    expectStatus(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: published.slug } }), 404);
  });

  test('when cancellations, restorations and edits arrive concurrently, then every write lands once: SEQUENCE counts them and the final status is the last write\'s', async () => {
    const { token, community } = await owner();
    const e = await createEvent(token, community.slug);
    const writes = Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? { summary: `edit ${i}` } : { status: i % 3 === 0 ? 'cancelled' : 'scheduled' }));
    const answers = await Promise.all(writes.map((body) => callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug: e.slug }, body: body as never })));
    for (const a of answers) expectStatus(a, 200);
    const stored = await t.db('events').where({ id: e.eventId }).first();
    expect(Number(stored.ical_sequence)).toBe(writes.length);
    const ics = new ICAL.Component(ICAL.parse((await callOp(t.app, 'getPublicEventCalendar', { params: { slug: e.slug } })).text)).getFirstSubcomponent('vevent')!;
    expect(Number(ics.getFirstPropertyValue('sequence'))).toBe(writes.length);
    // The calendar and the public read agree with the row, whichever write came last.
    const read = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: e.slug } }), 200);
    expect(read.status).toBe(stored.status === 'cancelled' ? 'cancelled' : 'scheduled');
    expect(String(ics.getFirstPropertyValue('status'))).toBe(stored.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED');
    const audited = (await t.services.audit.list({ action: 'event.updated', limit: 100 })).filter((r) => r.resourceId === e.eventId);
    expect(audited).toHaveLength(writes.length);
  });
});
