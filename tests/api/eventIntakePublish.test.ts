import { jest } from '@jest/globals';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, publishDraft, saveDraft, saveReadyDraft, stubPosterReader, type DraftFields, type PublishableFields } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus, paramsFromLink } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
  await loadDemoData(t.services);
});
afterAll(() => t.close());

const contributor = async () => (await makeContributor(t)).token;
/**
 * A draft ready to publish: Polygon Painters (demo data, Europe/Berlin) on 15 January 2027 at
 * 19:00 unless `fields` say otherwise, with a title unique to this call unless given.
 */
const readyDraft = (token: string, fields: Partial<PublishableFields> = {}) =>
  saveReadyDraft(t, token, { communitySlug: 'polygon-painters', eventDate: '2027-01-15', start: { time: '19:00' }, ...fields });
const publish = (token: string, draftId: string, expectedVersion: number, idempotencyKey: string) => publishDraft(t, token, draftId, expectedVersion, idempotencyKey);
const readDraft = async (token: string, draftId: string) => bodyOf(await callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId } }), 200);
const update = (token: string, draftId: string, body: { expectedVersion: number; patch: DraftFields }) => callOp(t.app, 'updateEventIntakeDraft', { token, params: { draftId }, body });
/** Follows a publish answer's `eventPath` to the public event. */
const followEventPath = async (eventPath: string) => bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: paramsFromLink('getPublicEventBySlug', eventPath) }), 200);

describe('publish readiness (decisions §4)', () => {
  test('when required fields are missing, then 400 with pointers into the draft record', async () => {
    const token = await contributor();
    const { draftId } = bodyOf(await saveDraft(t, token, { eventDate: '2027-02-30', communitySlug: 'dj-aurora-vex' }), 200);
    const res = await publish(token, draftId, 1, 'k1');
    expectStatus(res, 400);
    const pointers = res.body.errors!.map((e) => e.pointer).sort();
    expect(pointers).toEqual(['/fields/communitySlug', '/fields/eventDate', '/fields/start', '/fields/title']);
    expect((await readDraft(token, draftId)).publishedReceiptId).toBeUndefined();
  });

  test('when the start falls in a skipped DST hour, then 400; in a repeated hour, occurrence is needed and decides the instant', async () => {
    const token = await contributor();
    const gap = await readyDraft(token, { timezone: 'America/New_York', eventDate: '2027-03-14', start: { time: '02:30' } });
    const gapRes = await publish(token, gap, 1, 'gap');
    expectStatus(gapRes, 400);
    expect(gapRes.body.errors).toEqual([expect.objectContaining({ pointer: '/fields/start' })]);

    const fold = await readyDraft(token, { timezone: 'America/New_York', eventDate: '2027-11-07', start: { time: '01:30' } });
    const foldRes = await publish(token, fold, 1, 'fold');
    expectStatus(foldRes, 400);
    expect(foldRes.body.errors).toEqual([expect.objectContaining({ pointer: '/fields/start/occurrence' })]);
    await update(token, fold, { expectedVersion: 1, patch: { start: { time: '01:30', occurrence: 'later' } } });
    const ok = await publish(token, fold, 2, 'fold-2');
    expectStatus(ok, 200);
    const event = await followEventPath(ok.body.eventPath);
    expect(event.startAt).toBe(Date.UTC(2027, 10, 7, 6, 30)); // 01:30 EST (UTC-5), the later one
  });

  test('when timeTba is true, then a date-only event without a synthesised midnight or slot times', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token, { start: null, timeTba: true, lineup: [{ clientKey: 'a', position: 0, performerLabel: 'Someone', start: { time: '20:00' } }] });
    const res = await publish(token, draftId, 1, 'tba');
    const event = await followEventPath(bodyOf(res, 200).eventPath);
    expect(event).toMatchObject({ scheduleKind: 'date_only', eventDate: '2027-01-15', timezone: 'Europe/Berlin' });
    expect(event.startAt).toBeUndefined();
    expect(event.nextSlots).toBeUndefined();
    expect(event.slots![0].startAt).toBeUndefined();
    expect(event.watchSurfaceEnabled).toBe(false);
  });

  test('when the end is before the start, then it is the next day; a late slot too', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token, { timezone: 'UTC', start: { time: '22:00' }, end: { time: '02:00' }, lineup: [{ clientKey: 'a', position: 0, performerLabel: 'Late', start: { time: '00:30' } }] });
    const event = await followEventPath(bodyOf(await publish(token, draftId, 1, 'late'), 200).eventPath);
    expect(event.endAt! - event.startAt!).toBe(4 * 3_600_000);
    expect(event.slots![0].startAt).toBe(Date.UTC(2027, 0, 16, 0, 30));
  });
});

describe('idempotent publish (contract 3)', () => {
  test('when the same version and key are replayed, then the same result; another key or version is 409 IDEMPOTENCY_CONFLICT', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token);
    const first = await publish(token, draftId, 1, 'key-A');
    expectStatus(first, 200);
    expect((await publish(token, draftId, 1, 'key-A')).body).toEqual(first.body);
    for (const [v, k] of [[1, 'key-B'], [2, 'key-A']] as const) {
      const res = await publish(token, draftId, v, k);
      expectStatus(res, 409);
      expect(res.body.code).toBe('IDEMPOTENCY_CONFLICT');
    }
    expect((await readDraft(token, draftId)).publishedReceiptId).toBe(first.body.receiptId);
  });

  test('when a key that published one draft is used for another, then 409 and the second draft stays unpublished', async () => {
    const token = await contributor();
    const a = await readyDraft(token);
    const b = await readyDraft(token);
    await publish(token, a, 1, 'shared-key');
    const res = await publish(token, b, 1, 'shared-key');
    expectStatus(res, 409);
    expect(res.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await readDraft(token, b)).publishedReceiptId).toBeUndefined();
  });

  test('when the version is stale, then 409 STALE_VERSION and nothing is published', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token);
    await update(token, draftId, { expectedVersion: 1, patch: { summary: 'x' } });
    const res = await publish(token, draftId, 1, 'stale');
    expectStatus(res, 409);
    expect(res.body.code).toBe('STALE_VERSION');
  });

  test('when the draft was saved after the publish read it, then its receipt is not recorded and the draft stays unpublished', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token);
    const { owner_user_id: ownerUserId } = (await t.db('event_intake_drafts').where({ id: draftId }).first('owner_user_id')) as { owner_user_id: string };
    // The save lands between the publish's checks and its unit of work (version 1 -> 2).
    expectStatus(await update(token, draftId, { expectedVersion: 1, patch: { summary: 'saved meanwhile' } }), 200);
    const receipt = { id: `rcp_stale_${draftId}`, draftId, ownerUserId, idempotencyKey: 'late', draftVersion: 1, eventId: `evt_stale_${draftId}`, eventPath: '/api/v0/events/never', createdAt: Date.now() };
    const refused = new Error('not marked');
    await expect(
      t.repos.withTransaction(async (repos) => {
        if (!(await repos.intake.recordPublication(receipt))) throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await t.repos.intake.findPublicationOfDraft(draftId)).toBeUndefined();
    expect((await readDraft(token, draftId)).publishedReceiptId).toBeUndefined();
    // At the current version the same record is kept, and the draft is marked by it.
    expect(await t.repos.withTransaction((repos) => repos.intake.recordPublication({ ...receipt, draftVersion: 2 }))).toBe(true);
    expect((await t.repos.intake.findPublicationOfDraft(draftId))?.id).toBe(receipt.id);
  });

  test('when eight identical publishes race, then exactly one event exists and every answer is the same receipt', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token);
    const before = Number((await t.db('events').count({ n: '*' }).first())!.n);
    const results = await Promise.all(Array.from({ length: 8 }, () => publish(token, draftId, 1, 'race-key')));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => bodyOf(r, 200).receiptId)).size).toBe(1);
    expect(Number((await t.db('events').count({ n: '*' }).first())!.n)).toBe(before + 1);
  });

  test('when publishes with different keys race, then one wins and the rest are 409', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => publish(token, draftId, 1, `key-${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(Number((await t.db('events').where({ intake_draft_id: draftId }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  test('when the answer fails after the commit, then 503 RESPONSE_UNAVAILABLE; reading the draft and replaying recovers the receipt', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token);
    // The unit of work commits, then the connection fails before the service hears of it.
    const commit = t.repos.withTransaction.bind(t.repos);
    const spy = jest.spyOn(t.repos, 'withTransaction').mockImplementationOnce(async (fn) => {
      await commit(fn);
      throw new Error('connection lost after the commit');
    });
    const lost = await publish(token, draftId, 1, 'after-commit');
    spy.mockRestore();
    expectStatus(lost, 503);
    expect(lost.body.code).toBe('RESPONSE_UNAVAILABLE');
    expect(Number(lost.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const draft = await readDraft(token, draftId);
    expect(draft.publishedReceiptId).toBeDefined();
    const replay = await publish(token, draftId, 1, 'after-commit');
    expectStatus(replay, 200);
    expect(replay.body.receiptId).toBe(draft.publishedReceiptId);
  });

  test('when a published draft is saved or given artwork, then 409: it is read-only', async () => {
    const token = await contributor();
    const draftId = await readyDraft(token);
    await publish(token, draftId, 1, 'ro');
    const res = await update(token, draftId, { expectedVersion: 1, patch: { title: 'changed' } });
    expect(res.status).toBe(409);
    expect((await callOp(t.app, 'beginEventIntakePosterUpload', { token, params: { draftId }, body: { contentType: 'image/png', byteLength: 10, sha256: 'a'.repeat(64) } })).status).toBe(409);
  });
});

describe('near duplicates (decisions §4)', () => {
  test('when a similar title of the same community on the same day exists, then 409 NEAR_DUPLICATE with choices; acknowledging them publishes', async () => {
    const token = await contributor();
    const firstId = await readyDraft(token, { title: 'Winter Sculpting Jam', eventDate: '2027-02-01' });
    const first = await publish(token, firstId, 1, 'dup-1');
    expectStatus(first, 200);
    const secondId = await readyDraft(token, { title: 'Sculpting Jam (Winter)', eventDate: '2027-02-01' });
    const refused = await publish(token, secondId, 1, 'dup-2');
    expectStatus(refused, 409);
    expect(refused.body.code).toBe('NEAR_DUPLICATE');
    expect(refused.body.choices).toEqual([{ eventId: first.body.eventId, title: 'Winter Sculpting Jam', eventPath: first.body.eventPath }]);
    // Another day, or another title, is no duplicate.
    expect((await publish(token, await readyDraft(token, { title: 'Winter Sculpting Jam', eventDate: '2027-02-02' }), 1, 'dup-3')).status).toBe(200);
    expect((await publish(token, await readyDraft(token, { title: 'Texture Painting Basics', eventDate: '2027-02-01' }), 1, 'dup-4')).status).toBe(200);
    await update(token, secondId, { expectedVersion: 1, patch: { duplicateAcknowledgements: [first.body.eventId] } });
    expect((await publish(token, secondId, 2, 'dup-2b')).status).toBe(200);
  });
});

describe('publishes at once and taken slugs', () => {
  test('when sixteen contributors publish at once, then sixteen events, each with its audit record and search document, and the public-read stamp moved sixteen times', async () => {
    const tokens = await Promise.all(Array.from({ length: 16 }, () => contributor()));
    const drafts = await Promise.all(tokens.map((token, i) => readyDraft(token, { eventDate: `2027-05-${String(i + 1).padStart(2, '0')}` })));
    const stampBefore = await t.services.publicDirectory.readVersion();
    const results = await Promise.all(tokens.map((token, i) => publish(token, drafts[i], 1, `together-${i}`)));
    const eventIds = results.map((r) => bodyOf(r, 200).eventId);
    expect(new Set(eventIds).size).toBe(16);
    expect(await t.services.publicDirectory.readVersion()).toBe(stampBefore + 16);
    const audited = (await t.services.audit.list({ action: 'event.published', limit: 1000 })).map((r) => r.resourceId);
    expect(audited).toEqual(expect.arrayContaining(eventIds));
    const documents = await t.db('search_documents').whereIn('entity_id', eventIds).select('entity_id', 'kind', 'visible');
    expect(documents).toHaveLength(16);
    expect(documents.every((d: { kind: string; visible: unknown }) => d.kind === 'event' && Boolean(d.visible))).toBe(true);
    for (const r of results) expect((await followEventPath(bodyOf(r, 200).eventPath)).id).toBe(bodyOf(r, 200).eventId);
  });

  test('when another community published the same title on the same day, then the slug takes the next suffix and both events read', async () => {
    const title = 'Slug Sharing Night';
    const token = await contributor();
    const first = bodyOf(await publish(token, await readyDraft(token, { title, eventDate: '2027-06-01' }), 1, 'slug-1'), 200);
    const second = bodyOf(await publish(token, await readyDraft(token, { title, eventDate: '2027-06-01', communitySlug: 'neon-reverie' }), 1, 'slug-2'), 200);
    expect(first.eventPath).toBe('/api/v0/events/slug-sharing-night-2027-06-01');
    expect(second.eventPath).toBe('/api/v0/events/slug-sharing-night-2027-06-01-2');
    expect((await followEventPath(first.eventPath)).id).toBe(first.eventId);
    expect((await followEventPath(second.eventPath)).id).toBe(second.eventId);
    expect(await t.db('search_documents').whereIn('entity_id', [first.eventId, second.eventId]).pluck('slug')).toEqual(expect.arrayContaining(['slug-sharing-night-2027-06-01', 'slug-sharing-night-2027-06-01-2']));
  });
});
