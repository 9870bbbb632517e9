import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, saveDraft } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus, paramsFromLink } from '../helpers/contractClient.js';
import { POSTER_SPECS, renderPoster } from '../fixtures/posters/generate.js';

/** The real offline OCR reader, through HTTP: upload a poster, complete it, extract from it. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  token = (await makeContributor(t)).token;
});
afterAll(() => t.close());

test('when a completed poster is extracted, then its title, date, time and lineup come back with poster evidence, and the draft is untouched', async () => {
  const spec = POSTER_SPECS[0];
  const png = await renderPoster(spec);
  const { draftId } = bodyOf(await saveDraft(t, token, { timezone: 'Europe/Berlin' }), 200);
  const sha256 = crypto.createHash('sha256').update(png).digest('hex');
  const begun = bodyOf(await callOp(t.app, 'beginEventIntakePosterUpload', { token, params: { draftId }, body: { contentType: 'image/png', byteLength: png.length, sha256 } }), 200);
  paramsFromLink('uploadPosterToStorage', begun.transfer.url); // the transfer names the contract's storage target
  await callOp(t.app, 'uploadPosterToStorage', { multipart: { fields: begun.transfer.fields, file: { field: 'file', bytes: png, contentType: 'image/png' } } });
  await callOp(t.app, 'completeEventIntakePosterUpload', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId } });
  const extract = (body: { posterAssetId?: string }) => callOp(t.app, 'extractEventIntakeDraft', { token, params: { draftId }, body });

  // Today (2026) 29 November is a Sunday: the poster's weekday and date disagree, so it asks.
  const now = bodyOf(await extract({ posterAssetId: begun.posterAssetId }), 200);
  expect(now.event.eventDate).toBeNull();
  expect(now.questions).toContainEqual(expect.objectContaining({ fieldPath: '/event/eventDate', alternatives: expect.arrayContaining([expect.stringContaining('Saturday 28 Nov 2026')]) }));

  // Read a year earlier, when it was a Saturday, the poster resolves.
  t.clock.set(Date.UTC(2025, 10, 21, 12));
  const res = await extract({ posterAssetId: begun.posterAssetId });
  expectStatus(res, 200);
  expect(res.body.event.title?.toUpperCase()).toContain('NIGHT SIGNALS');
  if (process.env.DEBUG_POSTER) console.log(JSON.stringify(res.body, null, 1));
  // The poster says "SAT 29 NOV": in 2025 that is a Saturday.
  expect(res.body.event).toMatchObject({ eventDate: '2025-11-29', start: '21:00' });
  expect(res.body.lineup.length).toBeGreaterThanOrEqual(spec.lineup.length - 1);
  expect(res.body.evidence.filter((e) => e.origin === 'poster').length).toBeGreaterThan(3);
  const draft = (await callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId } })).body;
  expect(draft).toEqual({ draftId, version: 1, fields: { timezone: 'Europe/Berlin' } });
  // A poster of another draft, or one never completed, cannot be read.
  expect((await extract({ posterAssetId: 'pst_unknown' })).status).toBe(404);
  expect((await extract({})).status).toBe(400);

}, 60_000);
