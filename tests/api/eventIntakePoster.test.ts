import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, saveDraft, stubPosterReader } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus, paramsFromLink } from '../helpers/contractClient.js';
import type { components } from '../../src/generated/openapi.js';

type PosterType = components['schemas']['PosterDeclaration']['contentType'];

let t: TestApp;
let token: string;
let draftId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
  token = (await makeContributor(t)).token;
  draftId = bodyOf(await saveDraft(t, token, { title: 'Poster checks' }), 200).draftId;
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 0)));

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', w = 320, h = 480) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 20, b: 90 } } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><circle cx="${w / 2}" cy="${h / 2}" r="${w / 3}" fill="#f90"/></svg>`) }])
    .toFormat(format)
    .toBuffer();
const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;

async function begin(contentType: PosterType, bytes: Buffer, declared: Partial<{ byteLength: number; sha256: string }> = {}) {
  return callOp(t.app, 'beginEventIntakePosterUpload', { token, params: { draftId }, body: { contentType, byteLength: declared.byteLength ?? bytes.length, sha256: declared.sha256 ?? sha(bytes) } });
}
/** Begins and expects 200: the transfer to upload to. */
const begun200 = async (contentType: PosterType, bytes: Buffer) => bodyOf(await begin(contentType, bytes), 200);
async function upload(transfer: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType = transfer.fields['Content-Type'], fields = transfer.fields) {
  paramsFromLink('uploadPosterToStorage', transfer.url); // the transfer names the contract's storage target
  return callOp(t.app, 'uploadPosterToStorage', { multipart: { fields, file: { field: 'file', bytes, contentType } } });
}
const complete = (posterAssetId: string) => callOp(t.app, 'completeEventIntakePosterUpload', { token, params: { draftId }, body: { posterAssetId } });
const selectArtwork = (as: string, posterAssetId: string, expectedVersion: number) =>
  callOp(t.app, 'selectEventIntakeArtwork', { token: as, params: { draftId }, body: { posterAssetId, expectedVersion } });
const objects = () => {
  const dir = path.join(t.config.dataDir, 'objects', 'posters', draftId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('poster upload (contract 2.2, 4.2; decisions §3)', () => {
  test.each(['png', 'jpeg', 'webp'] as const)('when a %s is uploaded as declared, then completion accepts it, twice, and the draft is untouched', async (format) => {
    const bytes = await image(format);
    const begun = await begin(MIME[format], bytes);
    expectStatus(begun, 200);
    expect(begun.body.expiresAt).toBe(t.clock.now() + 15 * 60_000);
    expect(Object.keys(begun.body.transfer.fields)).toEqual(['key', 'policy', 'signature', 'Content-Type']);
    expect(JSON.stringify(begun.body)).not.toContain(token);
    expect((await upload(begun.body.transfer, bytes)).status).toBe(204);
    expect((await complete(begun.body.posterAssetId)).body).toEqual({ posterAssetId: begun.body.posterAssetId });
    expect((await complete(begun.body.posterAssetId)).status).toBe(200);
    const draft = bodyOf(await callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId } }), 200);
    expect(draft.version).toBe(1);
    expect(draft.artworkAssetId).toBeUndefined();
  });

  test('when the declaration breaks 2.2, then begin answers 400', async () => {
    const bytes = await image('png');
    const gif = await callOp(t.app, 'beginEventIntakePosterUpload', { token, params: { draftId }, invalidBody: { contentType: 'image/gif', byteLength: bytes.length, sha256: sha(bytes) } });
    expect(gif.status).toBe(400);
    expect((await begin('image/png', bytes, { byteLength: 12582913 })).status).toBe(400);
    expect((await begin('image/png', bytes, { byteLength: 0 })).status).toBe(400);
    expect((await begin('image/png', bytes, { sha256: sha(bytes).toUpperCase() })).status).toBe(400);
    expect((await begin('image/png', bytes, { byteLength: 12582912 })).status).toBe(200);
  });

  /** Uploads `actual` for a poster declared from `declaredBytes`, bypassing the storage length check by declaring actual's length. */
  async function mismatch(declaredType: PosterType, actual: Buffer, declared: { byteLength?: number; sha256?: string } = {}) {
    const begun = await begin(declaredType, actual, declared);
    expectStatus(begun, 200);
    expect((await upload(begun.body.transfer, actual)).status).toBe(204);
    const res = await complete(begun.body.posterAssetId);
    expectStatus(res, 400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    // Nothing left behind: the upload is gone and so are its bytes.
    expect((await complete(begun.body.posterAssetId)).status).toBe(404);
    expect(objects()).not.toContain(begun.body.posterAssetId);
    return res.body.errors!.map((e) => e.pointer);
  }

  test('when the bytes are a PNG declared as JPEG, then 400 at /contentType', async () => {
    expect(await mismatch('image/jpeg', await image('png'))).toContain('/contentType');
  });

  test('when the digest does not match, then 400 at /sha256', async () => {
    const bytes = await image('webp');
    expect(await mismatch('image/webp', bytes, { sha256: sha(Buffer.concat([bytes, Buffer.from('x')])) })).toEqual(['/sha256']);
  });

  test.each(['png', 'jpeg'] as const)('when a %s is truncated (declared as cut), then 400 at /file', async (format) => {
    const whole = await image(format, 900, 1200);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await mismatch(MIME[format], cut)).toEqual(['/file']);
  });

  test('when the bytes are not an image, or a GIF, then 400 at /file', async () => {
    expect(await mismatch('image/png', crypto.randomBytes(4096))).toContain('/file');
    expect(await mismatch('image/png', await image('gif'))).toContain('/file');
  });

  test('when the storage form is forged, expired, changed or oversized, then the storage target refuses it and nothing is stored', async () => {
    const bytes = await image('png');
    const begun = await begun200('image/png', bytes);
    const f = begun.transfer.fields;
    const forged = await upload(begun.transfer, bytes, undefined, { ...f, signature: f.signature.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A')) });
    expect(forged.status).toBe(403);
    expect((await upload(begun.transfer, bytes, undefined, { ...f, key: `posters/${draftId}/pst_other` })).status).toBe(400);
    expect((await upload(begun.transfer, Buffer.concat([bytes, Buffer.alloc(1)]))).status).toBe(400);
    expect((await upload(begun.transfer, bytes, undefined, { ...f, 'Content-Type': 'image/webp' })).status).toBe(400);
    expect((await callOp(t.app, 'uploadPosterToStorage', { multipart: { fields: f } })).status).toBe(400);
    // An API bearer sent to storage is refused, not used.
    const withBearer = await callOp(t.app, 'uploadPosterToStorage', { token, multipart: { fields: f, file: { field: 'file', bytes, contentType: 'image/png' } } });
    expect(withBearer.status).toBe(403);
    expect(objects()).not.toContain(begun.posterAssetId);
    expect((await complete(begun.posterAssetId)).status).toBe(400); // nothing uploaded yet
    t.clock.advance(15 * 60_000);
    expect((await upload(begun.transfer, bytes)).status).toBe(403);
    expect((await complete(begun.posterAssetId)).status).toBe(404); // expired: gone
  });

  test('when more than 12582912 bytes are sent to storage, then 400 without holding them all', async () => {
    const declared = Buffer.alloc(12582912, 1);
    const begun = await begun200('image/png', declared);
    const res = await upload(begun.transfer, Buffer.alloc(12582913, 1));
    expect(res.status).toBe(400);
    expect(objects()).not.toContain(begun.posterAssetId);
  });

  test('when artwork is selected, then only a completed poster of this draft qualifies, the version must be current, and the poster stays private', async () => {
    const bytes = await image('jpeg', 2400, 3200);
    const pending = await begun200('image/jpeg', bytes);
    expect((await selectArtwork(token, pending.posterAssetId, 1)).status).toBe(404);
    await upload(pending.transfer, bytes);
    await complete(pending.posterAssetId);
    expect((await selectArtwork(token, pending.posterAssetId, 7)).status).toBe(409);
    const ok = await selectArtwork(token, pending.posterAssetId, 1);
    expectStatus(ok, 200);
    expect(ok.body.version).toBe(2);
    const art = await t.db('event_artwork').where({ id: ok.body.artworkAssetId }).first();
    expect(Math.max(art.width, art.height)).toBe(1600);
    expect(art.content_type).toBe('image/webp');
    // Neither the poster nor the artwork of an unpublished draft is served anywhere.
    const other = await makeContributor(t);
    expect((await selectArtwork(other.token, pending.posterAssetId, 2)).status).toBe(404);
  });
});

describe('posters per draft', () => {
  test('when 20 posters are begun on a draft, concurrently, then the one over answers 429 with the limit in the problem and its headers; another draft still has room', async () => {
    const own = bodyOf(await saveDraft(t, token, { title: 'Many posters' }), 200).draftId;
    const body = { contentType: 'image/png' as const, byteLength: 100, sha256: 'a'.repeat(64) };
    const beginOn = (id: string) => callOp(t.app, 'beginEventIntakePosterUpload', { token, params: { draftId: id }, body });
    for (let i = 0; i < 15; i++) expectStatus(await beginOn(own), 200);
    // Eight racing begins for the last five places.
    const raced = await Promise.all(Array.from({ length: 8 }, () => beginOn(own)));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = raced.find((r) => r.status === 429)!;
    expectStatus(refused, 429);
    expect(raced.filter((r) => r.status === 429)).toHaveLength(3);
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    // A draft lives 30 days after its last save (decisions §4); the clock stands still here.
    const draft = { expiresAt: t.clock.now() + 30 * 86_400_000 };
    expect(refused.body.quota).toEqual({ name: 'posters_per_draft', limit: 20, remaining: 0, resetAt: draft.expiresAt });
    expect(refused.headers['ratelimit-limit']).toBe('20');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBe(Math.ceil(draft.expiresAt / 1000));
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((draft.expiresAt - t.clock.now()) / 1000));
    expectStatus(await beginOn(draftId), 200);
  });
});
