import { jest } from '@jest/globals';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeContributor, makeUser, publishDraft, saveDraft, saveReadyDraft, stubPosterReader, type DraftFields } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import type { components } from '../../src/generated/openapi.js';

type Schemas = components['schemas'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
  await loadDemoData(t.services);
});
afterAll(() => t.close());

const contributor = (scopes?: string[]) => makeContributor(t, scopes);
const create = (token: string, patch: DraftFields = {}) => saveDraft(t, token, patch);
const read = (token: string, id: string) => callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId: id } });
const patch = (token: string, id: string, expectedVersion: number, p: DraftFields) =>
  callOp(t.app, 'updateEventIntakeDraft', { token, params: { draftId: id }, body: { expectedVersion, patch: p } });
/** A PATCH whose patch deliberately breaks the contract's DraftFields schema. */
const patchInvalid = (token: string, id: string, expectedVersion: number, p: unknown) =>
  callOp(t.app, 'updateEventIntakeDraft', { token, params: { draftId: id }, invalidBody: { expectedVersion, patch: p } });

describe('drafts: save, read, merge (contract 2.4, 2.5, 4.2)', () => {
  test('when a draft is patched, then present properties replace, null clears, omitted ones stay, arrays replace whole', async () => {
    const { token } = await contributor();
    const lineup = [
      { clientKey: 'a', position: 0, performerLabel: 'A' },
      { clientKey: 'b', position: 1, performerLabel: 'B' },
    ];
    const { draftId } = bodyOf(await create(token, { title: 'First', summary: 'keep me', venueLabel: 'Hall', lineup, questions: ['q1', 'q2'] }), 200);
    const res = await patch(token, draftId, 1, { title: 'Second', venueLabel: null, lineup: [{ clientKey: 'c', position: 0, performerLabel: 'C' }], questions: ['q3'] });
    expect(res.body).toEqual({ draftId, version: 2 });
    const draft = (await read(token, draftId)).body;
    expect(draft).toEqual({
      draftId,
      version: 2,
      fields: { title: 'Second', summary: 'keep me', lineup: [{ clientKey: 'c', position: 0, performerLabel: 'C' }], questions: ['q3'] },
    });
  });

  test('when the save route names an existing draft, then it applies the patch like PATCH; the id/version rules are enforced', async () => {
    const { token } = await contributor();
    const { draftId } = bodyOf(await create(token, { title: 'x' }), 200);
    const save = (body: Schemas['EventIntakeSaveRequest']) => callOp(t.app, 'saveEventIntakeDraft', { token, body });
    const saved = await save({ draftId, expectedVersion: 1, patch: { title: 'y' } });
    expect(saved.body).toEqual({ draftId, version: 2 });
    expect((await save({ draftId, patch: {} })).status).toBe(400);
    expect((await save({ expectedVersion: 1, patch: {} })).status).toBe(400);
    expect((await save({ draftId: 'drf_missing', expectedVersion: 1, patch: {} })).status).toBe(404);
  });

  test('when a patch holds an unknown property (top level, nested tentative, or a time point), then 400 naming it and nothing changes', async () => {
    const { token } = await contributor();
    const { draftId } = bodyOf(await create(token, { title: 'Stays' }), 200);
    for (const bad of [{ colour: 'red' }, { tentative: { questions: ['no nesting'] } }, { start: { time: '20:00', zone: 'UTC' } }, { lineup: [{ clientKey: 'a', position: 0, extra: 1 }] }]) {
      const res = await patchInvalid(token, draftId, 1, bad);
      expectStatus(res, 400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors!.length).toBeGreaterThan(0);
    }
    expect((await read(token, draftId)).body).toEqual({ draftId, version: 1, fields: { title: 'Stays' } });
  });

  test('when expectedVersion is stale, then 409 STALE_VERSION and the draft is unchanged', async () => {
    const { token } = await contributor();
    const { draftId } = bodyOf(await create(token, { title: 'v1' }), 200);
    await patch(token, draftId, 1, { title: 'v2' });
    const res = await patch(token, draftId, 1, { title: 'lost update' });
    expectStatus(res, 409);
    expect(res.body.code).toBe('STALE_VERSION');
    expect(bodyOf(await read(token, draftId), 200).fields.title).toBe('v2');
  });

  test('when eight writers race on the same version, then exactly one wins and the version rises by one', async () => {
    const { token } = await contributor();
    const { draftId } = bodyOf(await create(token, { title: 'race' }), 200);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => patch(token, draftId, 1, { title: `writer ${i}` })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const draft = bodyOf(await read(token, draftId), 200);
    expect(draft.version).toBe(2);
    expect(bodyOf(winner, 200).version).toBe(2);
  });

  test("when another user's draft is read, saved, extracted, uploaded to or published, then 404 as if missing", async () => {
    const owner = await contributor();
    const other = await contributor();
    const { draftId } = bodyOf(await create(owner.token, { title: 'mine', sourceText: 'Sat 9pm' }), 200);
    const attempts = [
      read(other.token, draftId),
      patch(other.token, draftId, 1, { title: 'theirs' }),
      callOp(t.app, 'extractEventIntakeDraft', { token: other.token, params: { draftId }, body: { sourceText: 'x' } }),
      callOp(t.app, 'beginEventIntakePosterUpload', { token: other.token, params: { draftId }, body: { contentType: 'image/png', byteLength: 10, sha256: 'a'.repeat(64) } }),
      callOp(t.app, 'publishEventIntakeDraft', { token: other.token, params: { draftId }, body: { expectedVersion: 1, idempotencyKey: 'k' } }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const missing = await read(other.token, 'drf_doesnotexist');
    expectStatus(missing, 404);
    expect(missing.body.detail).toBe(bodyOf(await read(other.token, draftId), 404).detail);
    expect(bodyOf(await read(owner.token, draftId), 200).fields.title).toBe('mine');
  });

  test('when the credential is missing, lacks the scope, or has no user authority, then 401, 403 and 401 (contract 4.1, 7)', async () => {
    const noScope = await contributor(['public:read']);
    const owner = await makeUser(t.services);
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: `Token Community ${Date.now()}`, ownerUserId: owner.id });
    const communityToken = await makeCommunityToken(t, owner.id, community.id, ['events:contribute']);
    expect((await callOp(t.app, 'saveEventIntakeDraft', { body: { patch: {} } })).status).toBe(401);
    expect((await create(noScope.token)).status).toBe(403);
    const res = await create(communityToken.value);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('Bearer');
  });

  test('when 20 unpublished drafts are live, then the 21st answers 429 QUOTA_EXCEEDED until the oldest expires 30 days after its last save', async () => {
    const { token } = await contributor();
    const start = t.clock.now();
    const first = bodyOf(await create(token, { title: 'oldest' }), 200).draftId;
    for (let i = 1; i < 20; i++) {
      t.clock.advance(1000);
      expect((await create(token, { title: `d${i}` })).status).toBe(200);
    }
    const refused = await create(token, { title: 'one too many' });
    expectStatus(refused, 429);
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBe(Math.ceil((start + 30 * 86_400_000 - t.clock.now()) / 1000));
    t.clock.set(start + 30 * 86_400_000);
    expect((await read(token, first)).status).toBe(404);
    expect((await create(token, { title: 'room again' })).status).toBe(200);
  });

  test('when creates race at the 20-draft limit, then exactly the free places are filled and the rest answer 429', async () => {
    const { token } = await contributor();
    for (let i = 0; i < 17; i++) await create(token, { title: `d${i}` });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => create(token, { title: `racer ${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429 && r.body.code === 'QUOTA_EXCEEDED')).toHaveLength(5);
  });
});

describe('draft limits (contract 2.1–2.4, 8.1): the limit accepted, one past it refused', () => {
  // The accepted patch is typed by the contract; the refused one is one past a limit, so it is not.
  const tp = <E extends object>(time: string, extra: E = {} as E) => ({ time, ...extra });
  const row = <E extends object>(i: number, extra: E = {} as E) => ({ clientKey: `k${i}`, position: i, ...extra });
  const s = (n: number) => 'x'.repeat(n);
  const cases: [string, DraftFields, unknown, string][] = [
    ['communitySlug 64', { communitySlug: s(64) }, { communitySlug: s(65) }, '/patch/communitySlug'],
    ['title 120', { title: s(120) }, { title: s(121) }, '/patch/title'],
    ['eventDate 10', { eventDate: s(10) }, { eventDate: s(11) }, '/patch/eventDate'],
    ['timezone 64', { timezone: s(64) }, { timezone: s(65) }, '/patch/timezone'],
    ['venueLabel 120', { venueLabel: s(120) }, { venueLabel: s(121) }, '/patch/venueLabel'],
    ['summary 240', { summary: s(240) }, { summary: s(241) }, '/patch/summary'],
    ['sourceUrl 2048', { sourceUrl: s(2048) }, { sourceUrl: s(2049) }, '/patch/sourceUrl'],
    ['worldSlug 64', { worldSlug: s(64) }, { worldSlug: s(65) }, '/patch/worldSlug'],
    ['sourceText 12000', { sourceText: s(12000) }, { sourceText: s(12001) }, '/patch/sourceText'],
    ['posterSourceId 200', { posterSourceId: s(200) }, { posterSourceId: s(201) }, '/patch/posterSourceId'],
    ['time 23:59', { start: tp('23:59') }, { start: tp('24:00') }, '/patch/start'],
    ['time 00:00 / 00:60', { start: tp('00:00') }, { start: tp('00:60') }, '/patch/start'],
    ['dayOffset 7', { end: tp('01:00', { dayOffset: 7 }) }, { end: tp('01:00', { dayOffset: 8 }) }, '/patch/end'],
    ['dayOffset -1', { doors: tp('20:00', { dayOffset: -1 }) }, { doors: tp('20:00', { dayOffset: -2 }) }, '/patch/doors'],
    ['occurrence later', { start: tp('01:30', { occurrence: 'later' }) }, { start: tp('01:30', { occurrence: 'last' }) }, '/patch/start'],
    ['poster byteLength 12582912', { posterDeclaration: { contentType: 'image/webp', byteLength: 12582912, sha256: 'f'.repeat(64) } }, { posterDeclaration: { contentType: 'image/webp', byteLength: 12582913, sha256: 'f'.repeat(64) } }, '/patch/posterDeclaration'],
    ['poster byteLength 1', { posterDeclaration: { contentType: 'image/png', byteLength: 1, sha256: '0'.repeat(64) } }, { posterDeclaration: { contentType: 'image/png', byteLength: 0, sha256: '0'.repeat(64) } }, '/patch/posterDeclaration'],
    ['poster sha256 lowercase hex', { posterDeclaration: { contentType: 'image/jpeg', byteLength: 5, sha256: 'a'.repeat(64) } }, { posterDeclaration: { contentType: 'image/jpeg', byteLength: 5, sha256: 'A'.repeat(64) } }, '/patch/posterDeclaration'],
    ['poster type', { posterDeclaration: { contentType: 'image/jpeg', byteLength: 5, sha256: 'a'.repeat(64) } }, { posterDeclaration: { contentType: 'image/gif', byteLength: 5, sha256: 'a'.repeat(64) } }, '/patch/posterDeclaration'],
    ['lineup 80 entries', { lineup: Array.from({ length: 80 }, (_, i) => row(i)) }, { lineup: Array.from({ length: 81 }, (_, i) => row(i % 80)) }, '/patch/lineup'],
    ['lineup position 79', { lineup: [row(79)] }, { lineup: [row(80)] }, '/patch/lineup'],
    ['lineup position 0', { lineup: [row(0)] }, { lineup: [row(-1)] }, '/patch/lineup'],
    ['clientKey 120', { lineup: [{ clientKey: s(120), position: 0 }] }, { lineup: [{ clientKey: s(121), position: 0 }] }, '/patch/lineup'],
    ['clientKey 1', { lineup: [{ clientKey: 'k', position: 0 }] }, { lineup: [{ clientKey: '', position: 0 }] }, '/patch/lineup'],
    ['performerLabel 120', { lineup: [row(0, { performerLabel: s(120) })] }, { lineup: [row(0, { performerLabel: s(121) })] }, '/patch/lineup'],
    ['personSlug 64', { lineup: [row(0, { personSlug: s(64) })] }, { lineup: [row(0, { personSlug: s(65) })] }, '/patch/lineup'],
    ['roleLabel 48', { lineup: [row(0, { roleLabel: s(48) })] }, { lineup: [row(0, { roleLabel: s(49) })] }, '/patch/lineup'],
    ['lineup slot time', { lineup: [row(0, { start: tp('21:00'), end: tp('02:00', { dayOffset: 1 }) })] }, { lineup: [row(0, { start: tp('9pm') })] }, '/patch/lineup'],
    ['questions 100', { questions: Array.from({ length: 100 }, () => 'q') }, { questions: Array.from({ length: 101 }, () => 'q') }, '/patch/questions'],
    ['question 2800', { questions: [s(2800)] }, { questions: [s(2801)] }, '/patch/questions'],
    ['acknowledgements 100', { duplicateAcknowledgements: Array.from({ length: 100 }, (_, i) => `evt_${i}`) }, { duplicateAcknowledgements: Array.from({ length: 101 }, (_, i) => `evt_${i}`) }, '/patch/duplicateAcknowledgements'],
    ['acknowledgement 200', { duplicateAcknowledgements: [s(200)] }, { duplicateAcknowledgements: [s(201)] }, '/patch/duplicateAcknowledgements'],
    ['acknowledgement 1', { duplicateAcknowledgements: ['e'] }, { duplicateAcknowledgements: [''] }, '/patch/duplicateAcknowledgements'],
    ['tentative holds event fields', { tentative: { title: s(120), lineup: [row(0)] } }, { tentative: { title: s(121) } }, '/patch/tentative'],
    ['timeTba boolean', { timeTba: true }, { timeTba: 'yes' }, '/patch/timeTba'],
  ];

  test.each(cases)('%s', async (_name, ok, bad, pointer) => {
    const { token } = await contributor();
    const { draftId } = bodyOf(await create(token), 200);
    const accepted = await patch(token, draftId, 1, ok);
    expect(accepted.status).toBe(200);
    const refused = await patchInvalid(token, draftId, 2, bad);
    expectStatus(refused, 400);
    expect(refused.body.errors!.some((e) => e.pointer?.startsWith(pointer))).toBe(true);
    expect(bodyOf(await read(token, draftId), 200).version).toBe(2);
  });

  test('draftId path 200 characters is read (404), 201 is refused (400)', async () => {
    const { token } = await contributor();
    expect((await read(token, 'd'.repeat(200))).status).toBe(404);
    expect((await read(token, 'd'.repeat(201))).status).toBe(400);
  });

  test('expectedVersion must be a positive integer', async () => {
    const { token } = await contributor();
    const { draftId } = bodyOf(await create(token), 200);
    for (const v of [0, -1, 1.5, '1']) {
      expect((await callOp(t.app, 'updateEventIntakeDraft', { token, params: { draftId }, invalidBody: { expectedVersion: v, patch: {} } })).status).toBe(400);
    }
  });
});

describe('publishing one draft twice at once (contract 4.2)', () => {
  test('when a publish of the same draft and key commits after the replay check but before the duplicate check, then the late one replays its receipt instead of answering 409', async () => {
    const { token } = await contributor();
    const draftId = await saveReadyDraft(t, token, { communitySlug: 'polygon-painters', eventDate: '2027-02-11', start: { time: '20:00' } });
    const body = [token, draftId, 1, `k-${draftId}`] as const;
    const sameDay = t.repos.events.sameDay.bind(t.repos.events);
    let winner: Awaited<ReturnType<typeof publishDraft>> | undefined;
    // The late request's duplicate check runs only after the other publish has committed.
    const spy = jest.spyOn(t.repos.events, 'sameDay').mockImplementation(async (...args) => {
      if (!winner) {
        spy.mockImplementation(sameDay);
        winner = await publishDraft(t, ...body);
      }
      return sameDay(...args);
    });
    try {
      const late = await publishDraft(t, ...body);
      const first = bodyOf(winner!, 200);
      expect(bodyOf(late, 200)).toEqual(first);
      const title = bodyOf(await read(token, draftId), 200).fields.title;
      expect((await t.db('events').where({ title }).select('id')).map((r: { id: string }) => r.id)).toEqual([first.eventId]);
    } finally {
      spy.mockRestore();
    }
  });

  test('when a different draft with a similar title is published the same day, then the duplicate check still answers 409 with the choice', async () => {
    const { token } = await contributor();
    const fields = { communitySlug: 'polygon-painters', eventDate: '2027-02-12', start: { time: '20:00' } };
    const one = await saveReadyDraft(t, token, { ...fields, title: 'Lantern walk' });
    const two = await saveReadyDraft(t, token, { ...fields, title: 'Lantern walk!' });
    const published = bodyOf(await publishDraft(t, token, one, 1, `k-${one}`), 200);
    const refused = await publishDraft(t, token, two, 1, `k-${two}`);
    expectStatus(refused, 409);
    expect(refused.body).toMatchObject({ code: 'NEAR_DUPLICATE', choices: [{ eventId: published.eventId }] });
  });
});
