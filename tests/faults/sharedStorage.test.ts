import crypto from 'node:crypto';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, saveReadyDraft } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus, getBytes, paramsFromLink } from '../helpers/contractClient.js';
import { postForm, s3Store, startS3Server, type S3TestServer } from '../helpers/s3Server.js';
import type { PosterTextReader } from '../../src/services/posters/ocr.js';
import { describeWithSharedBackends, listen, type Listening } from './backends.js';

/** A poster reader that keeps the bytes its instance read from storage. */
class RecordingReader implements PosterTextReader {
  seen: Buffer[] = [];
  async read(image: Buffer) {
    this.seen.push(image);
    return { text: '', confidence: 0 };
  }
  async close() {}
}

/**
 * Two instances of one deployment behind a load balancer: one PostgreSQL schema, one Redis key
 * prefix and one S3 bucket (a real S3-protocol server on loopback). Whatever one instance
 * stores, poster, artwork or media-kit asset, the other serves.
 */
describeWithSharedBackends('two instances on one PostgreSQL, one Redis and one S3 bucket', () => {
  const readerA = new RecordingReader();
  const readerB = new RecordingReader();
  let s3: S3TestServer;
  let a: TestApp;
  let b: TestApp;
  let httpA: Listening;
  let httpB: Listening;
  let communitySlug: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    a = await createTestApp({}, { store: s3Store(s3, { now: () => a.clock.now() }), posterReader: () => readerA });
    b = await createTestApp({}, { store: s3Store(s3, { now: () => b.clock.now() }), posterReader: () => readerB }, { shareWith: a });
    httpA = await listen(a.app);
    httpB = await listen(b.app);
    const owner = await makeUser(a.services);
    communitySlug = (await a.services.directory.createProfile({ profileType: 'community', displayName: 'Shared Bucket Crew', ownerUserId: owner.id })).slug;
  });
  afterAll(async () => {
    await httpA?.close();
    await httpB?.close();
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  /** The bytes an instance serves at `urlPath` (the contract check is the callOp before it). */
  async function bytesAt(target: Listening, urlPath: string): Promise<Buffer> {
    const res = await getBytes(target.url, urlPath);
    expect(res.status).toBe(200);
    return res.bytes;
  }

  test('when a poster is uploaded through instance A, then instance B reads its bytes, and the artwork B derives from it is served by A', async () => {
    const { token } = await makeContributor(a);
    const draftId = await saveReadyDraft(a, token, { communitySlug, eventDate: '2027-02-12', start: { time: '20:00' } });
    const bytes = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#7b2d5a' } }).png().toBuffer();
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');

    const begun = bodyOf(await callOp(httpA.target, 'beginEventIntakePosterUpload', { token, params: { draftId }, body: { contentType: 'image/png', byteLength: bytes.length, sha256 } }), 200);
    expect(begun.transfer.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect((await postForm(begun.transfer, bytes, 'image/png')).status).toBe(204);
    expectStatus(await callOp(httpA.target, 'completeEventIntakePosterUpload', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId } }), 200);

    // B reads the poster A took in: extraction on B is handed exactly the uploaded bytes.
    readerB.seen = [];
    expectStatus(await callOp(httpB.target, 'extractEventIntakeDraft', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId } }), 200);
    expect(readerB.seen).toHaveLength(1);
    expect(readerB.seen[0].equals(bytes)).toBe(true);

    // B derives the artwork and writes it to the bucket; A publishes and serves it.
    const art = bodyOf(await callOp(httpB.target, 'selectEventIntakeArtwork', { token, params: { draftId }, body: { posterAssetId: begun.posterAssetId, expectedVersion: 1 } }), 200);
    const stored = await s3.object(`artwork/${art.artworkAssetId}.webp`);
    expect(stored?.contentType).toBe('image/webp');
    const published = bodyOf(await callOp(httpA.target, 'publishEventIntakeDraft', { token, params: { draftId }, body: { expectedVersion: art.version, idempotencyKey: `shared-${draftId}` } }), 200);
    const event = bodyOf(await callOp(httpA.target, 'getPublicEventBySlug', { params: paramsFromLink('getPublicEventBySlug', published.eventPath) }), 200);
    for (const target of [httpA, httpB]) {
      const served = await callOp(target.target, 'downloadPublicEventArtwork', { params: paramsFromLink('downloadPublicEventArtwork', event.posterImageUrl!) });
      expectStatus(served, 200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await bytesAt(target, event.posterImageUrl!)).equals(stored!.bytes)).toBe(true);
    }
  });

  test('when a media-kit logo is uploaded through instance B, then instance A lists it and serves its file and the logo archive from the bucket', async () => {
    const owner = await makeUser(a.services);
    const ownerToken = (await makeToken(a.services, owner.id, ['assets:write'])).value;
    const p = await a.services.directory.createProfile({ profileType: 'community', displayName: 'Shared Logo Club', ownerUserId: owner.id });
    const intent = bodyOf(
      await callOp(httpB.target, 'createCurrentUserProfileAssetUploadIntent', { params: { slug: p.slug }, token: ownerToken, body: { originalFileName: 'logo.png', mimeType: 'image/png', placements: ['primary_logo'] } }),
      200,
    );
    expect(new URL(intent.uploadUrl).pathname).toBe(`/api/v0/profile-assets/upload-intents/${intent.intentId}`);
    const logo = await sharp({ create: { width: 96, height: 96, channels: 4, background: '#00b3a4' } }).png().toBuffer();
    expectStatus(
      await callOp(httpB.target, 'completeProfileAssetUploadIntent', {
        params: { intentId: intent.intentId },
        headers: { [intent.uploadTokenHeader]: intent.uploadToken },
        multipart: { fields: {}, file: { field: 'file', bytes: logo, contentType: 'image/png', filename: 'logo.png' } },
      }),
      200,
    );
    const [key] = await s3.keys(`profile-assets/${p.id}/`);
    const stored = (await s3.object(key))!;

    const logos = bodyOf(await callOp(httpA.target, 'getPublicProfileLogos', { params: { slug: p.slug } }), 200);
    const assetId = logos.primaryLogo!.assetId!;
    const file = await callOp(httpA.target, 'downloadPublicProfileAssetFile', { params: { slug: p.slug, assetId } });
    expectStatus(file, 200);
    expect(file.headers.etag).toBe(`"${crypto.createHash('sha256').update(stored.bytes).digest('hex')}"`);
    expect((await bytesAt(httpA, `/api/v0/profiles/${p.slug}/assets/${assetId}/file`)).equals(stored.bytes)).toBe(true);
    expectStatus(await callOp(httpA.target, 'downloadPublicProfileLogosZip', { params: { slug: p.slug } }), 200);
    expect((await bytesAt(httpA, logos.logoZipUrl!)).includes(stored.bytes)).toBe(true);
  });
});
