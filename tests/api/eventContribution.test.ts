import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeContributor, makeUser, publishEvent, stubPosterReader, type PublishableFields } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import type { components } from '../../src/generated/openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
  await loadDemoData(t.services);
});
afterAll(() => t.close());

const contributor = async () => (await makeContributor(t)).token;
/** Publishes a fresh event of Neon Reverie (demo data) on 20 March 2027 at 21:00, unless `fields` say otherwise. */
const published = (token: string, fields: Partial<PublishableFields> = {}) =>
  publishEvent(t, token, { communitySlug: 'neon-reverie', eventDate: '2027-03-20', start: { time: '21:00' }, ...fields });
const record = (token: string, slug: string) => callOp(t.app, 'getEventContribution', { token, params: { slug } });
const correct = (token: string, slug: string, body: components['schemas']['EventContributionUpdateRequest']) =>
  callOp(t.app, 'updateEventContribution', { token, params: { slug }, body });
const retract = (token: string, slug: string) => callOp(t.app, 'retractEventContribution', { token, params: { slug } });
const publicEvent = (slug: string) => callOp(t.app, 'getPublicEventBySlug', { params: { slug } });

describe('published contributions (contract 4.3, decisions §3)', () => {
  test('when the contributor reads and corrects with the current revision, then the event changes and the revision rises', async () => {
    const token = await contributor();
    const e = await published(token, { summary: 'before' });
    const r = bodyOf(await record(token, e.slug), 200);
    expect(r).toMatchObject({ eventId: e.eventId, contributionVersion: 1, fields: { communitySlug: 'neon-reverie', summary: 'before', start: { time: '21:00' } } });
    const res = await correct(token, e.slug, { expectedUpdatedAt: r.updatedAt, patch: { summary: 'after', lineup: [{ clientKey: 'x', position: 0, personSlug: 'dj-aurora-vex', start: { time: '22:00' } }] } });
    expectStatus(res, 200);
    expect(res.body.changed).toBe(true);
    // The clock did not move: the revision still strictly increases (decisions §1).
    expect(res.body.updatedAt).toBe(r.updatedAt + 1);
    const after = (await record(token, e.slug)).body;
    expect(after).toMatchObject({ updatedAt: res.body.updatedAt, contributionVersion: 2, fields: { summary: 'after' } });
    const pub = bodyOf(await publicEvent(e.slug), 200);
    expect(pub.summary).toBe('after');
    expect(pub.slots).toEqual([expect.objectContaining({ displayLabel: 'DJ Aurora Vex', performer: expect.objectContaining({ slug: 'dj-aurora-vex' }) })]);
  });

  test('when the patch matches the published values, then changed: false and the revision stays', async () => {
    const token = await contributor();
    const e = await published(token, { summary: 'same' });
    const r = bodyOf(await record(token, e.slug), 200);
    const res = await correct(token, e.slug, { expectedUpdatedAt: r.updatedAt, patch: { summary: 'same' } });
    expect(res.body).toEqual({ eventId: e.eventId, updatedAt: r.updatedAt, changed: false });
  });

  test('when the revision is stale, then 409 STALE_VERSION; of eight racing corrections exactly one lands', async () => {
    const token = await contributor();
    const e = await published(token);
    const r = bodyOf(await record(token, e.slug), 200);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => correct(token, e.slug, { expectedUpdatedAt: r.updatedAt, patch: { summary: `writer ${i}` } })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409 && x.body.code === 'STALE_VERSION')).toHaveLength(7);
    expect(bodyOf(await record(token, e.slug), 200).contributionVersion).toBe(2);
  });

  test('when title or eventDate is cleared, or the correction breaks a publish rule, then 400 and nothing changes', async () => {
    const token = await contributor();
    const e = await published(token);
    const r = bodyOf(await record(token, e.slug), 200);
    const cleared = await correct(token, e.slug, { expectedUpdatedAt: r.updatedAt, patch: { title: null } });
    expectStatus(cleared, 400);
    expect(cleared.body.errors).toEqual([expect.objectContaining({ pointer: '/patch/title' })]);
    const broken = await correct(token, e.slug, { expectedUpdatedAt: r.updatedAt, patch: { eventDate: '2027-13-01' } });
    expectStatus(broken, 400);
    expect(broken.body.errors).toEqual([expect.objectContaining({ pointer: '/patch/eventDate' })]);
    // The community is no correctable field: the contract's patch has no communitySlug.
    const moved = await callOp(t.app, 'updateEventContribution', { token, params: { slug: e.slug }, invalidBody: { expectedUpdatedAt: r.updatedAt, patch: { communitySlug: 'x' } } });
    expect(moved.status).toBe(400);
    expect(bodyOf(await record(token, e.slug), 200).updatedAt).toBe(r.updatedAt);
  });

  test('when another user reads, corrects or retracts, then 403; a community token 401; unknown events 404', async () => {
    const token = await contributor();
    const other = await contributor();
    const e = await published(token);
    const r = bodyOf(await record(token, e.slug), 200);
    expect((await record(other, e.slug)).status).toBe(403);
    expect((await correct(other, e.slug, { expectedUpdatedAt: r.updatedAt, patch: { summary: 'hijack' } })).status).toBe(403);
    expect((await retract(other, e.slug)).status).toBe(403);
    const owner = await makeUser(t.services);
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: `Contribution Community ${e.slug}`, ownerUserId: owner.id });
    const ct = await makeCommunityToken(t, owner.id, community.id, ['events:contribute']);
    expect((await record(ct.value, e.slug)).status).toBe(401);
    expect((await record(token, 'no-such-event')).status).toBe(404);
    expect(bodyOf(await publicEvent(e.slug), 200).summary).toBeUndefined();
  });

  test('when staff take the event over, then correction and retraction answer 409 STAFF_TAKEOVER even with a fresh revision', async () => {
    const token = await contributor();
    const e = await published(token);
    await t.services.publishing.takeOver(e.slug);
    const r = bodyOf(await record(token, e.slug), 200);
    const res = await correct(token, e.slug, { expectedUpdatedAt: r.updatedAt, patch: { summary: 'mine again' } });
    expectStatus(res, 409);
    expect(res.body.code).toBe('STAFF_TAKEOVER');
    const del = await retract(token, e.slug);
    expectStatus(del, 409);
    expect(del.body.code).toBe('STAFF_TAKEOVER');
    expect((await publicEvent(e.slug)).status).toBe(200);
  });

  test('when the contributor retracts, then the event leaves every public read; a repeat answers changed: false', async () => {
    const token = await contributor();
    const e = await published(token);
    expect((await retract(token, e.slug)).body).toEqual({ eventId: e.eventId, changed: true });
    expect((await retract(token, e.slug)).body).toEqual({ eventId: e.eventId, changed: false });
    expect((await publicEvent(e.slug)).status).toBe(404);
    expect((await record(token, e.slug)).status).toBe(404);
    // A retracted event is no near duplicate any more.
    const again = await published(token, { title: (await t.db('events').where({ id: e.eventId }).first()).title });
    expect(again.eventId).not.toBe(e.eventId);
  });
});

describe('public event read (contract 2.8, decisions §4)', () => {
  test('when an event is in progress, then status in_progress and nextSlots hold the current and next slots, at most three', async () => {
    const token = await contributor();
    const lineup = ['20:00', '21:00', '22:00', '23:00', '00:00'].map((time, i) => ({ clientKey: `s${i}`, position: i, performerLabel: `Act ${i}`, start: { time } }));
    const e = await published(token, { eventDate: '2026-11-21', timezone: 'UTC', start: { time: '20:00' }, end: { time: '01:00' }, lineup });
    t.clock.set(Date.UTC(2026, 10, 21, 21, 30));
    const pub = bodyOf(await publicEvent(e.slug), 200);
    expect(pub.status).toBe('in_progress');
    expect(pub.nextSlots!.map((s) => s.displayLabel)).toEqual(['Act 1', 'Act 2', 'Act 3']);
    expect(pub.slots![4].startAt).toBe(Date.UTC(2026, 10, 22, 0, 0));
    expect(pub.slots![1].discord!.shortTime).toBe(`<t:${Date.UTC(2026, 10, 21, 21) / 1000}:t>`);
    expect(new Set(pub.slots!.map((s) => s.playbackKey)).size).toBe(5);
    t.clock.set(Date.UTC(2026, 10, 22, 2, 0));
    expect(bodyOf(await publicEvent(e.slug), 200).status).toBe('ended');
    t.clock.set(Date.UTC(2026, 10, 21, 12, 0));
  });

  test('when an owner-created demo event is read, then it carries a manual source; a date-only one has no times', async () => {
    const timed = await t.db('events').where({ title: 'Neon Reverie: Night Shift' }).first();
    const pub = bodyOf(await publicEvent(timed.slug), 200);
    expect(pub).toMatchObject({ scheduleKind: 'timed', source: { sourceType: 'manual' }, communitySlug: 'neon-reverie', worlds: [expect.objectContaining({ slug: 'midnight-arcade' })] });
    expect(pub.slots!.length).toBeGreaterThan(0);
    const dateOnly = await t.db('events').where({ title: 'Polygon Painters Open Studio Day' }).first();
    const day = bodyOf(await publicEvent(dateOnly.slug), 200);
    expect(day.scheduleKind).toBe('date_only');
    expect(day.startAt).toBeUndefined();
    expect((await publicEvent('no-such-event')).status).toBe(404);
  });
});
