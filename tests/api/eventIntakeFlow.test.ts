import crypto from 'node:crypto';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser, stubPosterReader } from '../helpers/factories.js';
import { callOp, expectStatus, paramsFromLink } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader({ text: '', confidence: 90 }) });
  await loadDemoData(t.services);
  const user = await makeUser(t.services);
  token = (await makeToken(t.services, user.id, ['events:contribute', 'public:read'])).value;
});
afterAll(() => t.close());

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
async function poster(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="100%" height="100%" fill="#1b1040"/><text x="60" y="200" font-size="90" fill="#fff" font-family="DejaVu Sans">NIGHT SHIFT</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const ANNOUNCEMENT = `**Lantern Lights: Winter Edition** 🏮
Sat Dec 5, 20:00-23:00 Asia/Tokyo
Hosted by Quiet Lantern Society
World: Lantern Garden
Poems, lanterns and quiet music.
21:00 Byte Bishop
https://example.org/lantern-lights`;

describe('event intake, end to end through HTTP (contract 3, 4.2, 4.3)', () => {
  test('when a contributor saves, extracts, uploads, selects artwork, publishes (losing the response), corrects and retracts, then every step holds', async () => {
    // Save.
    const saved = await callOp(t.app, 'saveEventIntakeDraft', { token, body: { patch: { sourceText: ANNOUNCEMENT } } });
    expectStatus(saved, 200);
    const { draftId } = saved.body;
    expect(saved.body.version).toBe(1);

    // Extract from text: proposals only; the draft stays at version 1.
    const extracted = await callOp(t.app, 'extractEventIntakeDraft', { token, params: { draftId }, body: {} });
    expectStatus(extracted, 200);
    expect(extracted.body.event).toMatchObject({ title: 'Lantern Lights: Winter Edition', communitySlug: 'quiet-lantern-society', eventDate: '2026-12-05', start: '20:00', end: '23:00', timezone: 'Asia/Tokyo' });
    expect(extracted.body.evidence).toContainEqual(expect.objectContaining({ fieldPath: '/event/communitySlug', origin: 'lookup' }));
    const readDraft = async () => {
      const res = await callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId } });
      expectStatus(res, 200);
      return res;
    };
    expect((await readDraft()).body.version).toBe(1);

    // Accept the proposal.
    const e = extracted.body.event;
    const v2 = await callOp(t.app, 'updateEventIntakeDraft', {
      token,
      params: { draftId },
      body: {
        expectedVersion: 1,
        patch: {
          title: e.title, communitySlug: e.communitySlug, eventDate: e.eventDate, timezone: e.timezone, start: { time: e.start! }, end: { time: e.end! },
          worldSlug: 'lantern-garden', summary: 'Poems, lanterns and quiet music.', sourceUrl: 'https://example.org/lantern-lights',
          lineup: [{ clientKey: 'r1', position: 0, personSlug: 'byte-bishop', roleLabel: 'Reader', start: { time: '21:00' } }],
        },
      },
    });
    expect(v2.body).toEqual({ draftId, version: 2 });

    // Upload a real PNG through the returned transfer, with no bearer.
    const png = await poster();
    const begun = await callOp(t.app, 'beginEventIntakePosterUpload', { token, params: { draftId }, body: { contentType: 'image/png', byteLength: png.length, sha256: sha(png) } });
    expectStatus(begun, 200);
    const { posterAssetId, transfer } = begun.body;
    expect(transfer).toMatchObject({ method: 'POST', fileField: 'file' });
    paramsFromLink('uploadPosterToStorage', transfer.url); // the transfer names the storage target of the contract
    const stored = await callOp(t.app, 'uploadPosterToStorage', { multipart: { fields: transfer.fields, file: { field: 'file', bytes: png, contentType: 'image/png' } } });
    expect(stored.status).toBe(204);
    const completed = await callOp(t.app, 'completeEventIntakePosterUpload', { token, params: { draftId }, body: { posterAssetId } });
    expect(completed.body).toEqual({ posterAssetId });
    // Completion neither selects artwork nor changes the version.
    const afterUpload = await readDraft();
    expect(afterUpload.body.version).toBe(2);
    expect(afterUpload.body.artworkAssetId).toBeUndefined();

    // Select artwork: version 3.
    const art = await callOp(t.app, 'selectEventIntakeArtwork', { token, params: { draftId }, body: { posterAssetId, expectedVersion: 2 } });
    expectStatus(art, 200);
    expect(art.body.version).toBe(3);

    // Publish, and lose the response.
    const idempotencyKey = 'pub-lantern-1';
    const publish = () => callOp(t.app, 'publishEventIntakeDraft', { token, params: { draftId }, body: { expectedVersion: 3, idempotencyKey } });
    await publish();
    // Recovery (contract 4.2 rule 2): read the draft, replay with the same version and key.
    const draft = await readDraft();
    expect(draft.body).toMatchObject({ draftId, version: 3, artworkAssetId: art.body.artworkAssetId, artworkSourceId: posterAssetId });
    const replay = await publish();
    expectStatus(replay, 200);
    expect(replay.body.receiptId).toBe(draft.body.publishedReceiptId);
    const slug = replay.body.eventPath.split('/').pop()!;
    expect(replay.body.eventPath).toBe(`/api/v0/events/${slug}`);

    // Public read.
    const pub = await callOp(t.app, 'getPublicEventBySlug', { params: paramsFromLink('getPublicEventBySlug', replay.body.eventPath) });
    expectStatus(pub, 200);
    expect(pub.body).toMatchObject({
      id: replay.body.eventId, title: 'Lantern Lights: Winter Edition', scheduleKind: 'timed', eventDate: '2026-12-05', timezone: 'Asia/Tokyo',
      startAt: Date.UTC(2026, 11, 5, 11, 0), endAt: Date.UTC(2026, 11, 5, 14, 0), status: 'scheduled',
      source: { sourceType: 'community', label: 'Community-submitted' }, communitySlug: 'quiet-lantern-society', posterImageUrl: `/api/v0/events/${slug}/artwork`,
    });
    expect(pub.body.slots![0]).toMatchObject({ position: 0, displayLabel: 'Byte Bishop', roleLabel: 'Reader', startAt: Date.UTC(2026, 11, 5, 12, 0), performer: { slug: 'byte-bishop' } });
    expect(pub.body.nextSlots).toEqual([expect.objectContaining({ displayLabel: 'Byte Bishop', startAt: Date.UTC(2026, 11, 5, 12, 0) })]);
    expect(pub.body.worlds).toEqual([expect.objectContaining({ slug: 'lantern-garden' })]);
    const artwork = await callOp(t.app, 'downloadPublicEventArtwork', { params: paramsFromLink('downloadPublicEventArtwork', pub.body.posterImageUrl!) });
    expect(artwork.status).toBe(200);
    expect(artwork.headers['content-type']).toBe('image/webp');

    // Correct: read the revision, send it back.
    const record = await callOp(t.app, 'getEventContribution', { token, params: { slug } });
    expectStatus(record, 200);
    expect(record.body).toMatchObject({ eventId: replay.body.eventId, contributionVersion: 1, fields: { title: 'Lantern Lights: Winter Edition', start: { time: '20:00' } } });
    t.clock.advance(1000);
    const corrected = await callOp(t.app, 'updateEventContribution', { token, params: { slug }, body: { expectedUpdatedAt: record.body.updatedAt, patch: { start: { time: '19:30' } } } });
    expectStatus(corrected, 200);
    expect(corrected.body).toMatchObject({ eventId: replay.body.eventId, changed: true });
    expect(corrected.body.updatedAt).toBeGreaterThan(record.body.updatedAt);
    const publicEvent = () => callOp(t.app, 'getPublicEventBySlug', { params: { slug } });
    const correctedEvent = await publicEvent();
    expectStatus(correctedEvent, 200);
    expect(correctedEvent.body.startAt).toBe(Date.UTC(2026, 11, 5, 10, 30));

    // Retract, twice; then every public read is 404.
    const retract = () => callOp(t.app, 'retractEventContribution', { token, params: { slug } });
    const retracted = await retract();
    expect(retracted.body).toEqual({ eventId: replay.body.eventId, changed: true });
    expect((await retract()).body).toEqual({ eventId: replay.body.eventId, changed: false });
    expect((await publicEvent()).status).toBe(404);
    expect((await callOp(t.app, 'downloadPublicEventArtwork', { params: { slug } })).status).toBe(404);
    expect((await callOp(t.app, 'getEventContribution', { token, params: { slug } })).status).toBe(404);

    // Publish, correction and retraction left audit records.
    const actions = (await t.services.audit.list({ limit: 100 })).map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['event.published', 'event.corrected', 'event.retracted']));
  });
});
