import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { call } from '../helpers/contractClient.js';
import { POSTER_SPECS, renderPoster } from '../fixtures/posters/generate.js';

/** The real offline OCR reader, through HTTP: upload a poster, complete it, extract from it. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  const user = await makeUser(t.services);
  token = (await makeToken(t.services, user.id, ['events:contribute'])).value;
});
afterAll(() => t.close());

test('when a completed poster is extracted, then its title, date, time and lineup come back with poster evidence, and the draft is untouched', async () => {
  const spec = POSTER_SPECS[0];
  const png = await renderPoster(spec);
  const { draftId } = (await call(t.app, 'POST', '/api/v0/event-intake', { token, body: { patch: { timezone: 'Europe/Berlin' } } })).body;
  const begun = (await call(t.app, 'POST', `/api/v0/event-intake/${draftId}/poster-upload/begin`, { token, body: { contentType: 'image/png', byteLength: png.length, sha256: crypto.createHash('sha256').update(png).digest('hex') } })).body;
  await call(t.app, 'POST', new URL(begun.transfer.url).pathname, { multipart: { fields: begun.transfer.fields, file: { field: 'file', bytes: png, contentType: 'image/png' } } });
  await call(t.app, 'POST', `/api/v0/event-intake/${draftId}/poster-upload/complete`, { token, body: { posterAssetId: begun.posterAssetId } });

  // Today (2026) 29 November is a Sunday: the poster's weekday and date disagree, so it asks.
  const now = await call(t.app, 'POST', `/api/v0/event-intake/${draftId}/extract`, { token, body: { posterAssetId: begun.posterAssetId } });
  expect(now.body.event.eventDate).toBeNull();
  expect(now.body.questions).toContainEqual(expect.objectContaining({ fieldPath: '/event/eventDate', alternatives: expect.arrayContaining([expect.stringContaining('Saturday 28 Nov 2026')]) }));

  // Read a year earlier, when it was a Saturday, the poster resolves.
  t.clock.set(Date.UTC(2025, 10, 21, 12));
  const res = await call(t.app, 'POST', `/api/v0/event-intake/${draftId}/extract`, { token, body: { posterAssetId: begun.posterAssetId } });
  expect(res.status).toBe(200);
  expect(res.body.event.title?.toUpperCase()).toContain('NIGHT SIGNALS');
  if (process.env.DEBUG_POSTER) console.log(JSON.stringify(res.body, null, 1));
  // The poster says "SAT 29 NOV": in 2025 that is a Saturday.
  expect(res.body.event).toMatchObject({ eventDate: '2025-11-29', start: '21:00' });
  expect(res.body.lineup.length).toBeGreaterThanOrEqual(spec.lineup.length - 1);
  expect(res.body.evidence.filter((e: { origin: string }) => e.origin === 'poster').length).toBeGreaterThan(3);
  const draft = (await call(t.app, 'GET', `/api/v0/event-intake/${draftId}`, { token })).body;
  expect(draft).toEqual({ draftId, version: 1, fields: { timezone: 'Europe/Berlin' } });
  // A poster of another draft, or one never completed, cannot be read.
  expect((await call(t.app, 'POST', `/api/v0/event-intake/${draftId}/extract`, { token, body: { posterAssetId: 'pst_unknown' } })).status).toBe(404);
  expect((await call(t.app, 'POST', `/api/v0/event-intake/${draftId}/extract`, { token, body: {} })).status).toBe(400);

}, 60_000);
