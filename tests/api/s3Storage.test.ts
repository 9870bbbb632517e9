import crypto from 'node:crypto';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, saveReadyDraft } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus, getBytes, paramsFromLink } from '../helpers/contractClient.js';
import { postForm, s3Store, startS3Server, type S3TestServer } from '../helpers/s3Server.js';
import type { PosterTextReader } from '../../src/services/posters/ocr.js';

/**
 * The S3-compatible storage mode against a real S3-protocol server on loopback: posters go
 * straight from the client to the bucket by the presigned POST the API hands out, and every
 * object the app keeps (posters, artwork, profile assets) is written to, read from and deleted
 * from that bucket.
 */

/** A poster reader that keeps the bytes the app read from storage for it. */
class RecordingReader implements PosterTextReader {
  seen: Buffer[] = [];
  async read(image: Buffer) {
    this.seen.push(image);
    return { text: 'Bucket Night', confidence: 90 };
  }
  async close() {}
}

const START = Date.UTC(2026, 10, 21, 12, 0, 0);
let s3: S3TestServer;
let t: TestApp;
let reader: RecordingReader;
let token: string;
let communitySlug: string;

beforeAll(async () => {
  s3 = await startS3Server();
  reader = new RecordingReader();
  // The store reads the app's clock, as the store buildApp makes from the environment does.
  t = await createTestApp({ rateLimitScale: 100 }, { store: s3Store(s3, { now: () => t.clock.now() }), posterReader: () => reader });
  token = (await makeContributor(t)).token;
  const owner = await makeUser(t.services);
  communitySlug = (await t.services.directory.createProfile({ profileType: 'community', displayName: 'Bucket Brigade', ownerUserId: owner.id })).slug;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});
beforeEach(() => t.clock.set(START));

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const poster = (format: 'png' | 'jpeg' | 'webp', colour = '#5a2d82') =>
  sharp({ create: { width: 300, height: 420, channels: 3, background: colour } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="420"><circle cx="150" cy="210" r="90" fill="#f90"/></svg>') }])
    .toFormat(format)
    .toBuffer();
const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

async function begin(draftId: string, contentType: (typeof MIME)[keyof typeof MIME], bytes: Buffer) {
  return bodyOf(await callOp(t.app, 'beginEventIntakePosterUpload', { token, params: { draftId }, body: { contentType, byteLength: bytes.length, sha256: sha(bytes) } }), 200);
}
const complete = (draftId: string, posterAssetId: string) => callOp(t.app, 'completeEventIntakePosterUpload', { token, params: { draftId }, body: { posterAssetId } });
/** Each draft on a day of its own, so no two published ones are near-duplicates (same community, same day, similar title). */
let drafts = 0;
const newDraft = (title = `Bucket ${crypto.randomBytes(4).toString('hex')}`) =>
  saveReadyDraft(t, token, { title, communitySlug, eventDate: new Date(Date.UTC(2027, 0, 15) + drafts++ * 86_400_000).toISOString().slice(0, 10), start: { time: '19:00' } });

describe('posters by presigned POST', () => {
  test('when a poster is begun, then the transfer is a presigned POST to the bucket binding its key, type and exact length, with no API credential in it', async () => {
    const draftId = await newDraft();
    const bytes = await poster('png');
    const begun = await begin(draftId, 'image/png', bytes);
    expect(begun.transfer).toMatchObject({ method: 'POST', url: `${s3.endpoint}/${s3.bucket}`, fileField: 'file' });
    const { fields } = begun.transfer;
    expect(fields).toMatchObject({ key: `posters/${draftId}/${begun.posterAssetId}`, 'Content-Type': 'image/png', bucket: s3.bucket, 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([{ key: fields.key }, ['eq', '$Content-Type', 'image/png'], ['content-length-range', bytes.length, bytes.length]]));
    expect(JSON.stringify(begun)).not.toContain(token);
  });

  test.each(['png', 'jpeg', 'webp'] as const)('when a %s is posted to the bucket with its form and completed, then the bucket holds exactly those bytes and extraction reads them back through the API', async (format) => {
    const draftId = await newDraft();
    const bytes = await poster(format);
    const begun = await begin(draftId, MIME[format], bytes);
    const sent = await postForm(begun.transfer, bytes, MIME[format]);
    expect(sent.status).toBe(204);
    const stored = await s3.object(begun.transfer.fields.key);
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe(MIME[format]);

    expect(bodyOf(await complete(draftId, begun.posterAssetId), 200)).toEqual({ posterAssetId: begun.posterAssetId });
    reader.seen = [];
    const extracted = bodyOf(await callOp(t.app, 'extractEventIntakeDraft', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId } }), 200);
    expect(JSON.stringify(extracted)).toContain('Bucket Night');
    expect(reader.seen).toHaveLength(1);
    expect(reader.seen[0].equals(bytes)).toBe(true);
  });

  test('when artwork is selected and the event published, then the artwork is written to the bucket and the public artwork route serves those bytes', async () => {
    const draftId = await newDraft();
    const bytes = await poster('jpeg', '#1d6b5f');
    const begun = await begin(draftId, 'image/jpeg', bytes);
    expect((await postForm(begun.transfer, bytes, 'image/jpeg')).status).toBe(204);
    expectStatus(await complete(draftId, begun.posterAssetId), 200);
    const art = bodyOf(await callOp(t.app, 'selectEventIntakeArtwork', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId, expectedVersion: 1 } }), 200);
    const stored = await s3.object(`artwork/${art.artworkAssetId}.webp`);
    expect(stored?.contentType).toBe('image/webp');
    expect((await sharp(stored!.bytes).metadata()).format).toBe('webp');

    const published = bodyOf(await callOp(t.app, 'publishEventIntakeDraft', { token, params: { draftId }, body: { expectedVersion: art.version, idempotencyKey: `s3-${draftId}` } }), 200);
    const event = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: paramsFromLink('getPublicEventBySlug', published.eventPath) }), 200);
    const served = await callOp(t.app, 'downloadPublicEventArtwork', { params: paramsFromLink('downloadPublicEventArtwork', event.posterImageUrl!) });
    expectStatus(served, 200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Buffer.isBuffer(served.body) && served.body.equals(stored!.bytes)).toBe(true);
  });
});

describe('refusals', () => {
  test('when the form is sent under another key, then nothing is at the poster\'s key and completion refuses it', async () => {
    const draftId = await newDraft();
    const bytes = await poster('png');
    const begun = await begin(draftId, 'image/png', bytes);
    const other = `posters/${draftId}/pst_elsewhere`;
    const sent = await postForm(begun.transfer, bytes, 'image/png', { ...begun.transfer.fields, key: other });
    // S3 itself refuses a form its policy does not cover (403); this server stores it where it was told.
    expect([204, 403]).toContain(sent.status);
    expect(await s3.object(begun.transfer.fields.key)).toBeUndefined();
    const refused = await complete(draftId, begun.posterAssetId);
    expectStatus(refused, 400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/posterAssetId' })]);
  });

  test('when the form is sent with another type and other bytes, then completion refuses them and deletes the object from the bucket', async () => {
    const draftId = await newDraft();
    const declared = await poster('png');
    const begun = await begin(draftId, 'image/png', declared);
    const other = await poster('webp');
    const sent = await postForm(begun.transfer, other, 'image/webp', { ...begun.transfer.fields, 'Content-Type': 'image/webp' });
    expect([204, 403]).toContain(sent.status);
    if (sent.status === 204) expect((await s3.object(begun.transfer.fields.key))?.bytes.equals(other)).toBe(true);

    const refused = await complete(draftId, begun.posterAssetId);
    expectStatus(refused, 400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(await s3.object(begun.transfer.fields.key)).toBeUndefined();
    // The upload is gone with its bytes.
    expectStatus(await complete(draftId, begun.posterAssetId), 404);
  });

  test('when the upload window passes before the bytes arrive, then completion answers 404 and the form no longer leads to a poster', async () => {
    const draftId = await newDraft();
    const bytes = await poster('png');
    const begun = await begin(draftId, 'image/png', bytes);
    // The presigned form expires when the upload does.
    const policy = JSON.parse(Buffer.from(begun.transfer.fields.Policy, 'base64').toString('utf8')) as { expiration: string };
    expect(Date.parse(policy.expiration)).toBeLessThanOrEqual(Date.now() + (begun.expiresAt - t.clock.now()));

    t.clock.set(begun.expiresAt);
    expectStatus(await complete(draftId, begun.posterAssetId), 404);
    // Bytes that arrive afterwards are refused by S3; on a server that stores them anyway, no poster takes them.
    const late = await postForm(begun.transfer, bytes, 'image/png');
    expect([204, 403]).toContain(late.status);
    expectStatus(await complete(draftId, begun.posterAssetId), 404);
    const extract = await callOp(t.app, 'extractEventIntakeDraft', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId } });
    expectStatus(extract, 404);
  });
});

describe('profile assets in the bucket', () => {
  async function claimedCommunity() {
    const owner = await makeUser(t.services);
    const ownerToken = (await makeToken(t.services, owner.id, ['assets:write'])).value;
    const p = await t.services.directory.createProfile({ profileType: 'community', displayName: `Bucket Logos ${crypto.randomBytes(3).toString('hex')}`, ownerUserId: owner.id });
    return { p, ownerToken };
  }

  test('when a logo is uploaded through its intent, then it is stored in the bucket and the asset file, the lists and the logo archive serve it from there', async () => {
    const { p, ownerToken } = await claimedCommunity();
    const intent = bodyOf(
      await callOp(t.app, 'createCurrentUserProfileAssetUploadIntent', { params: { slug: p.slug }, token: ownerToken, body: { originalFileName: 'logo.png', mimeType: 'image/png', placements: ['primary_logo'], label: 'Logo' } }),
      200,
    );
    const logo = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff00cc' } }).png().toBuffer();
    const done = await callOp(t.app, 'completeProfileAssetUploadIntent', {
      params: { intentId: intent.intentId },
      headers: { [intent.uploadTokenHeader]: intent.uploadToken },
      multipart: { fields: {}, file: { field: 'file', bytes: logo, contentType: 'image/png', filename: 'logo.png' } },
    });
    expectStatus(done, 200);
    const keys = await s3.keys(`profile-assets/${p.id}/`);
    expect(keys).toHaveLength(1);
    const stored = (await s3.object(keys[0]))!;
    expect(stored.contentType).toBe('image/png');

    const listed = bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug: p.slug } }), 200);
    expect(listed.assets).toHaveLength(1);
    const assetId = listed.assets[0].assetId!;
    const file = await callOp(t.app, 'downloadPublicProfileAssetFile', { params: { slug: p.slug, assetId } });
    expectStatus(file, 200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.isBuffer(file.body) && file.body.equals(stored.bytes)).toBe(true);
    expect(file.headers.etag).toBe(`"${sha(stored.bytes)}"`);

    expectStatus(await callOp(t.app, 'downloadPublicProfileLogosZip', { params: { slug: p.slug } }), 200);
    // Raster logos are stored in the archive as they are.
    expect((await bytesAt(`/api/v0/profiles/${p.slug}/logos.zip`)).includes(stored.bytes)).toBe(true);
  });

  test('when the upload storage is probed, then a round trip through the bucket succeeds and leaves nothing behind', async () => {
    const probed = bodyOf(await callOp(t.app, 'probeProfileAssetUploadStorage'), 200);
    expect(probed).toMatchObject({ checkedAt: t.clock.now(), configured: true, storageReachable: true });
    expect(await s3.keys('probes/')).toEqual([]);
  });

  test('when the configured bucket does not exist, then the probe answers 503 unreachable', async () => {
    let other: TestApp | undefined;
    try {
      other = await createTestApp({}, { store: s3Store({ ...s3, env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } }, { now: () => other!.clock.now() }) });
      const probed = await callOp(other.app, 'probeProfileAssetUploadStorage');
      expectStatus(probed, 503);
      expect(probed.body).toMatchObject({ configured: true, storageReachable: false });
    } finally {
      await other?.close();
    }
  });
});

describe('maintenance', () => {
  test('when an unpublished draft expires, then its poster and its artwork are deleted from the bucket; a published event keeps its artwork', async () => {
    const posterWithArtwork = async (draftId: string) => {
      const bytes = await poster('png', '#2b4c7e');
      const begun = await begin(draftId, 'image/png', bytes);
      expect((await postForm(begun.transfer, bytes, 'image/png')).status).toBe(204);
      expectStatus(await complete(draftId, begun.posterAssetId), 200);
      const art = bodyOf(await callOp(t.app, 'selectEventIntakeArtwork', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId, expectedVersion: 1 } }), 200);
      return { posterKey: begun.transfer.fields.key, artworkKey: `artwork/${art.artworkAssetId}.webp`, version: art.version };
    };
    const kept = await newDraft();
    const keptObjects = await posterWithArtwork(kept);
    expectStatus(await callOp(t.app, 'publishEventIntakeDraft', { token, params: { draftId: kept }, body: { expectedVersion: keptObjects.version, idempotencyKey: `s3-${kept}` } }), 200);
    const dropped = await newDraft();
    const droppedObjects = await posterWithArtwork(dropped);
    for (const key of [keptObjects.posterKey, keptObjects.artworkKey, droppedObjects.posterKey, droppedObjects.artworkKey]) expect(await s3.object(key)).toBeDefined();

    t.clock.advance(31 * 86_400_000);
    const swept = await t.services.maintenance.sweepOnce();
    expect(swept.drafts).toBeGreaterThanOrEqual(2);
    expect(await s3.object(droppedObjects.posterKey)).toBeUndefined();
    expect(await s3.object(droppedObjects.artworkKey)).toBeUndefined();
    expect(await s3.object(keptObjects.posterKey)).toBeUndefined();
    expect(await s3.object(keptObjects.artworkKey)).toBeDefined();
  });
});

/** The bytes of a binary answer (its contract check is the callOp before). */
async function bytesAt(urlPath: string): Promise<Buffer> {
  const res = await getBytes(t.app, urlPath);
  expect(res.status).toBe(200);
  return res.bytes;
}
