import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { jest } from '@jest/globals';
import { DOMParser } from '@xmldom/xmldom';
import sharp from 'sharp';
import request from 'supertest';
import * as yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { LOOPBACK, makeTestPki, startTlsServer, testFetch, v4, type TestServer } from '../unit/outbound/tlsTestServer.js';
import { LocalObjectStore, type ObjectStore, type UploadTarget } from '../../src/services/storage/objectStore.js';
import { ProfileAssetsRepository } from '../../src/repositories/profileAssets.js';
import type { Schemas } from '../../src/contract/types.js';

type CreateRequest = Schemas['ApiProfileAssetUploadIntentCreateRequest'];

/** The embedded store, recording what the service asks of it. */
class RecordingStore implements ObjectStore {
  readonly kind = 'local' as const;
  puts: string[] = [];
  deletes: string[] = [];
  constructor(readonly inner: ObjectStore) {}
  async put(key: string, bytes: Buffer, contentType: string) {
    this.puts.push(key);
    return this.inner.put(key, bytes, contentType);
  }
  get(key: string) {
    return this.inner.get(key);
  }
  async delete(key: string) {
    this.deletes.push(key);
    return this.inner.delete(key);
  }
  uploadTarget(input: { key: string; contentType: string; byteLength: number; expiresAt: number }): Promise<UploadTarget> {
    return this.inner.uploadTarget(input);
  }
}

const IMAGE_HOST = 'images.example.test';
const START = Date.UTC(2026, 10, 21, 12, 0, 0);
const SVG_NS = 'http://www.w3.org/2000/svg';

let t: TestApp;
let store: RecordingStore;
let storeDir: string;
let images: TestServer & { handle: (h: (req: IncomingMessage, res: ServerResponse) => void) => void };
let owner: { id: string };
let ownerToken: string;
let n = 0;

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-uploads-'));
  store = new RecordingStore(new LocalObjectStore({ root: storeDir, secretKey: crypto.randomBytes(32), publicBaseUrl: 'http://marquee.test' }));
  const pki = await makeTestPki();
  images = await startTlsServer(await pki.leaf(IMAGE_HOST));
  // The import fetcher is the real guarded fetcher: it trusts the test authority, resolves these
  // made-up names from a table, and lets only the test server's own loopback address through.
  const { fetch } = testFetch(pki.ca, {
    [IMAGE_HOST]: [v4(LOOPBACK)],
    'loopback.example.test': [v4('127.0.0.2')],
    'private.example.test': [v4('10.0.0.5')],
    'metadata.example.test': [v4('169.254.169.254')],
    'mixed.example.test': [v4(LOOPBACK), v4('192.168.1.20')],
    'internal.example.test': [v4('10.1.2.3')],
  });
  t = await createTestApp({}, { store, outboundFetch: fetch });
  owner = await makeUser(t.services);
});
afterAll(async () => {
  await t.close();
  await images.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});
// A fresh token per test: the asset_upload_intent window (30 a minute) counts per token.
beforeEach(async () => {
  t.clock.set(START);
  ownerToken = (await makeToken(t.services, owner.id, ['assets:write'])).value;
});

// ---------------------------------------------------------------------------------------------
// Fixtures

const solidPng = (w = 48, h = 32, colour = '#ff00cc') => sharp({ create: { width: w, height: h, channels: 3, background: colour } }).png().toBuffer();
const solidJpeg = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } }).jpeg().toBuffer();
const solidWebp = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#33ff66' } }).webp().toBuffer();
const solidGif = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).gif().toBuffer();

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

const HTML_PAYLOAD = '<html><body><script>alert(document.domain)</script></body></html>';
/** A valid PNG with a script in a text chunk and an HTML page plus a ZIP entry appended after IEND. */
async function polyglotPng(): Promise<Buffer> {
  const png = await solidPng(24, 24);
  const iend = png.length - 12;
  const text = pngChunk('tEXt', Buffer.from(`Comment\0${HTML_PAYLOAD}`, 'latin1'));
  const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), crypto.randomBytes(64)]);
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend), Buffer.from(HTML_PAYLOAD), zip]);
}

const HOSTILE_SVG = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 20" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <style>@import url(https://evil.example/x.css); .a { fill: url(https://evil.example/p.svg#g) }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f0c"/></linearGradient><rect id="r" width="4" height="4"/></defs>
  <rect class="a" width="20" height="20" fill="url(#g)" onclick="steal()"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <use href="#r" x="8" y="8"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <a href="javascript:alert(2)"><text x="1" y="10" style="fill: url(http://evil.example/f)">hi</text></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></div></foreignObject>
</svg>`);

async function claimedProfile(userId = owner.id, profileType: 'person' | 'community' = 'community') {
  return t.services.directory.createProfile({ profileType, displayName: `Upload Test ${++n}`, ownerUserId: userId });
}

function createIntent(slug: string, body: CreateRequest, token = ownerToken) {
  return callOp(t.app, 'createCurrentUserProfileAssetUploadIntent', { params: { slug }, token, body });
}

async function directIntent(slug: string, extra: Partial<CreateRequest> = {}) {
  return bodyOf(await createIntent(slug, { originalFileName: 'logo.png', mimeType: 'image/png', ...extra } as CreateRequest), 200);
}

function upload(intentId: string, uploadToken: string | undefined, file?: { bytes: Buffer; contentType?: string; filename?: string }, opts: { fields?: Record<string, string>; headers?: Record<string, string> } = {}) {
  return callOp(t.app, 'completeProfileAssetUploadIntent', {
    params: { intentId },
    headers: { ...(uploadToken !== undefined ? { 'x-service-upload-token': uploadToken } : {}), ...opts.headers },
    ...(file || opts.fields
      ? { multipart: { fields: opts.fields ?? {}, ...(file ? { file: { field: 'file', bytes: file.bytes, contentType: file.contentType ?? 'application/octet-stream', filename: file.filename ?? 'upload.bin' } } : {}) } }
      : {}),
  });
}

/** The bytes the public file route serves. */
async function servedFile(slug: string, assetId: string) {
  const res = await request(t.app)
    .get(`/api/v0/profiles/${slug}/assets/${assetId}/file`)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  return { status: res.status, headers: res.headers, bytes: res.body as Buffer };
}

const assetRows = (profileId: string) => t.db('profile_assets').where({ profile_id: profileId });
const intentRow = (id: string) => t.db('profile_asset_upload_intents').where({ id }).first();
/** Objects on disk under a profile's asset prefix (what the store really holds). */
function storedObjects(profileId: string): string[] {
  const dir = path.join(storeDir, 'profile-assets', profileId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.startsWith('.')) : [];
}

// ---------------------------------------------------------------------------------------------

describe('creating an upload intent (contract 2.11, 4.7)', () => {
  test('when the owner of a claimed profile asks, then a single-use intent with an absolute upload URL, the token header name and a 15-minute expiry; the token is stored only as a keyed hash', async () => {
    const p = await claimedProfile();
    const res = await createIntent(p.slug, { originalFileName: 'logo.png', mimeType: 'image/png', placements: ['primary_logo'], label: 'Main logo' });
    expectStatus(res, 200);
    const body = res.body;
    expect(body).toMatchObject({ profileId: p.id, slug: p.slug, profileType: 'community', profilePath: `/api/v0/profiles/${p.slug}`, uploadTokenHeader: 'x-service-upload-token', expiresAt: t.clock.now() + 15 * 60_000 });
    expect(body.uploadUrl).toBe(`http://marquee.test/api/v0/profile-assets/upload-intents/${body.intentId}`);
    expect(body.uploadToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['ratelimit-limit']).toBe('30');
    expect(res.headers['ratelimit-remaining']).toBeDefined();

    const row = await intentRow(body.intentId);
    expect(row.status).toBe('pending');
    expect(JSON.stringify(row)).not.toContain(body.uploadToken);
    expect(row.token_hash).not.toBe(crypto.createHash('sha256').update(body.uploadToken).digest('base64url'));
    const audits = await t.db('audit_records').where({ action: 'asset_upload_intent.created', resource_id: body.intentId });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ result: 'accepted', route_class: 'asset_upload_intent', actor_kind: 'api_token', owner_ref: owner.id, resource_type: 'profile_asset_upload_intent' });
    expect(JSON.stringify(audits)).not.toContain(body.uploadToken);
  });

  test('when two intents are created, then their tokens differ', async () => {
    const p = await claimedProfile();
    const a = await directIntent(p.slug);
    const b = await directIntent(p.slug);
    expect(a.uploadToken).not.toBe(b.uploadToken);
    expect(a.intentId).not.toBe(b.intentId);
  });

  test('when the profile is unclaimed, owned but unclaimed, or claimed by someone else, then 403 and no intent', async () => {
    const other = await makeUser(t.services);
    const unclaimed = await t.services.directory.createProfile({ profileType: 'person', displayName: `Nobody's ${++n}` });
    const notYetClaimed = await claimedProfile();
    await t.db('profiles').where({ id: notYetClaimed.id }).update({ claim_state: 'unclaimed' });
    const someoneElses = await claimedProfile(other.id);
    for (const p of [unclaimed, notYetClaimed, someoneElses]) {
      const res = await createIntent(p.slug, { originalFileName: 'a.png', mimeType: 'image/png' });
      expectStatus(res, 403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
      expect(await t.db('profile_asset_upload_intents').where({ profile_id: p.id })).toHaveLength(0);
    }
    const refusals = await t.db('audit_records').where({ action: 'asset_upload_intent.created', result: 'refused', owner_ref: owner.id });
    expect(refusals.length).toBeGreaterThanOrEqual(3);
  });

  test('when the profile is unknown, or not public and not the caller\'s, then 404; the owner of a draft profile may upload', async () => {
    expectStatus(await createIntent('no-such-profile-here', { originalFileName: 'a.png', mimeType: 'image/png' }), 404);
    const other = await makeUser(t.services);
    const hidden = await claimedProfile(other.id);
    await t.db('profiles').where({ id: hidden.id }).update({ publication_state: 'draft_private' });
    expectStatus(await createIntent(hidden.slug, { originalFileName: 'a.png', mimeType: 'image/png' }), 404);
    const mine = await claimedProfile();
    await t.db('profiles').where({ id: mine.id }).update({ publication_state: 'draft_private' });
    expectStatus(await createIntent(mine.slug, { originalFileName: 'a.png', mimeType: 'image/png' }), 200);
  });

  test('when the credential lacks assets:write, has no user authority, or is missing, then 403, 403 and 401', async () => {
    const p = await claimedProfile();
    const readOnly = (await makeToken(t.services, owner.id, ['public:read'])).value;
    const scope = await createIntent(p.slug, { originalFileName: 'a.png', mimeType: 'image/png' }, readOnly);
    expectStatus(scope, 403);
    expect(scope.body.code).toBe('INSUFFICIENT_SCOPE');
    const community = (await makeCommunityToken(t, owner.id, p.id, ['assets:write'])).value;
    const authority = await createIntent(p.slug, { originalFileName: 'a.png', mimeType: 'image/png' }, community);
    expectStatus(authority, 403);
    expect(authority.body.code).toBe('USER_AUTHORITY_REQUIRED');
    expectStatus(await callOp(t.app, 'createCurrentUserProfileAssetUploadIntent', { params: { slug: p.slug }, body: { originalFileName: 'a.png', mimeType: 'image/png' } }), 401);
  });

  test.each([
    ['both originalFileName and sourceUrl', { originalFileName: 'a.png', sourceUrl: 'https://images.example.test/a.png', mimeType: 'image/png' }, undefined],
    ['neither originalFileName nor sourceUrl', { mimeType: 'image/png' }, undefined],
    ['an http sourceUrl', { sourceUrl: 'http://images.example.test/a.png', mimeType: 'image/png' }, '/sourceUrl'],
    ['a sourceUrl with a user name', { sourceUrl: 'https://user:pw@images.example.test/a.png', mimeType: 'image/png' }, '/sourceUrl'],
    ['a sourceUrl on a loopback literal', { sourceUrl: 'https://127.0.0.1/a.png', mimeType: 'image/png' }, '/sourceUrl'],
    ['a sourceUrl on a private IPv6 literal', { sourceUrl: 'https://[fd00::1]/a.png', mimeType: 'image/png' }, '/sourceUrl'],
    ['a gallery placement without a label', { originalFileName: 'a.png', mimeType: 'image/png', placements: ['gallery'] }, '/label'],
    ['a gallery placement with a blank label', { originalFileName: 'a.png', mimeType: 'image/png', placements: ['gallery'], label: '   ' }, '/label'],
    ['featured without gallery', { originalFileName: 'a.png', mimeType: 'image/png', placements: ['featured'] }, '/placements'],
    ['a javascript: creditUrl', { originalFileName: 'a.png', mimeType: 'image/png', creditUrl: 'javascript:alert(1)' }, '/creditUrl'],
    ['an unaccepted type', { originalFileName: 'a.gif', mimeType: 'image/gif' }, undefined],
    ['a byteSize over 12 MB', { originalFileName: 'a.png', mimeType: 'image/png', byteSize: 12582913 }, undefined],
  ])('when the request has %s, then 400 and no intent', async (_what, body, pointer) => {
    const p = await claimedProfile();
    const res = await callOp(t.app, 'createCurrentUserProfileAssetUploadIntent', { params: { slug: p.slug }, token: ownerToken, invalidBody: body });
    expectStatus(res, 400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    if (pointer) expect(res.body.errors?.map((e) => e.pointer)).toContain(pointer);
    expect(await t.db('profile_asset_upload_intents').where({ profile_id: p.id })).toHaveLength(0);
  });

  test('when a credential exceeds the asset_upload_intent window, then 429 with Retry-After and the rate-limit headers', async () => {
    const p = await claimedProfile();
    const token = (await makeToken(t.services, owner.id, ['assets:write'])).value;
    for (let i = 0; i < 30; i++) expectStatus(await createIntent(p.slug, { originalFileName: 'a.png', mimeType: 'image/png' }, token), 200);
    const res = await createIntent(p.slug, { originalFileName: 'a.png', mimeType: 'image/png' }, token);
    expectStatus(res, 429);
    expect(res.headers['ratelimit-limit']).toBe('30');
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await t.db('profile_asset_upload_intents').where({ profile_id: p.id })).toHaveLength(30);
  });
});

describe('the upload transport: the token is the only credential', () => {
  test('when the token header is missing, then 403 and the intent stays usable', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    const res = await upload(intent.intentId, undefined, { bytes: await solidPng() });
    expectStatus(res, 403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() }), 200);
  });

  test('when a valid bearer is sent along, then 403: it is refused, never used, and the intent stays pending', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    const res = await callOp(t.app, 'completeProfileAssetUploadIntent', {
      params: { intentId: intent.intentId },
      token: ownerToken,
      headers: { 'x-service-upload-token': intent.uploadToken },
      multipart: { fields: {}, file: { field: 'file', bytes: await solidPng(), contentType: 'image/png', filename: 'a.png' } },
    });
    expectStatus(res, 403);
    expect(res.body.detail).toContain('upload transport');
    expect((await intentRow(intent.intentId)).status).toBe('pending');
    expect(await assetRows(p.id)).toHaveLength(0);
  });

  test('when the intent is unknown, the token wrong, or the intent expired, then the same 404 and nothing is stored', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    const png = await solidPng();
    const unknown = await upload('aui_doesnotexist00000000', intent.uploadToken, { bytes: png });
    const wrong = await upload(intent.intentId, crypto.randomBytes(32).toString('base64url'), { bytes: png });
    t.clock.advance(15 * 60_000);
    const expired = await upload(intent.intentId, intent.uploadToken, { bytes: png });
    const bodies = [bodyOf(unknown, 404), bodyOf(wrong, 404), bodyOf(expired, 404)];
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(await assetRows(p.id)).toHaveLength(0);
    expect(storedObjects(p.id)).toEqual([]);
  });

  test('when an intent is more than an hour past its expiry, then the maintenance sweep deletes it; a fresh one stays', async () => {
    const p = await claimedProfile();
    const old = await directIntent(p.slug);
    t.clock.advance(15 * 60_000 + 60 * 60_000 + 1);
    const fresh = await directIntent(p.slug);
    const swept = await t.services.maintenance.sweepOnce();
    expect(swept.uploadIntents).toBeGreaterThanOrEqual(1);
    expect(await intentRow(old.intentId)).toBeUndefined();
    expect(await intentRow(fresh.intentId)).toMatchObject({ status: 'pending' });
  });

  test('when a browser preflights the transport with the token header, then CORS allows it', async () => {
    // Raw: an OPTIONS preflight is answered by the CORS layer and is no contract operation.
    const res = await request(t.app)
      .options('/api/v0/profile-assets/upload-intents/aui_x')
      .set('Origin', 'https://tools.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-service-upload-token, content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-headers'].toLowerCase()).toContain('x-service-upload-token');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });
});

describe('direct uploads', () => {
  test('when the owner uploads a PNG, then it becomes an active public asset with the intent\'s metadata, visible in the lists, the file route and the profile; the intent is consumed and audited', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug, { placements: ['profile_image', 'gallery', 'featured'], label: 'Portrait', caption: 'On stage', altText: 'A pink rectangle', credit: 'Photographer', creditUrl: 'https://example.com/photographer', position: 3 });
    const png = await solidPng(48, 32);
    const res = await upload(intent.intentId, intent.uploadToken, { bytes: png, contentType: 'image/png', filename: 'logo.png' });
    expectStatus(res, 200);
    const done = res.body;
    expect(done).toMatchObject({ intentId: intent.intentId, mimeType: 'image/png' });
    expect(done.assetIds).toHaveLength(1);
    const assetId = done.assetIds[0];
    expect(res.headers['cache-control']).toBe('no-store');

    const assets = bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug: p.slug } }), 200);
    const fileUrl = `/api/v0/profiles/${p.slug}/assets/${assetId}/file`;
    expect(assets.assets).toEqual([
      expect.objectContaining({ assetId, label: 'Portrait', caption: 'On stage', altText: 'A pink rectangle', credit: 'Photographer', creditUrl: 'https://example.com/photographer', placements: ['profile_image', 'gallery', 'featured'], width: 48, height: 32, mimeType: 'image/png', byteSize: done.byteSize, imageUrl: fileUrl }),
    ]);
    expect(assets.mediaKit?.profileImage?.assetId).toBe(assetId);
    expect(assets.mediaKit?.featuredAsset?.assetId).toBe(assetId);

    const served = await servedFile(p.slug, assetId);
    expect(served.status).toBe(200);
    expect(served.bytes.length).toBe(done.byteSize);
    expect((await sharp(served.bytes).metadata()).width).toBe(48);

    const profile = bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: p.slug } }), 200);
    expect(profile.avatarImageUrl).toBe(fileUrl);
    expect(profile.bannerImageUrl).toBeUndefined();
    expect(profile.mediaKit?.profileImage?.assetId).toBe(assetId);

    const row = await intentRow(intent.intentId);
    expect(row).toMatchObject({ status: 'consumed', asset_id: assetId });
    const asset = await t.db('profile_assets').where({ id: assetId }).first();
    expect(asset).toMatchObject({ status: 'active', storage_key: done.storageKey, original_file_name: 'logo.png', created_by_user_id: owner.id, position: 3 });
    const audits = await t.db('audit_records').where({ action: 'asset_upload.completed', resource_id: assetId });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ result: 'accepted', route_class: 'one_time_token', resource_type: 'profile_asset', owner_ref: owner.id, actor_kind: 'upload_token' });
    expect(JSON.stringify(audits)).not.toContain(intent.uploadToken);
  });

  test('when a banner and logos are uploaded, then the profile read carries bannerImageUrl, and /logos and logos.zip list the logo', async () => {
    const p = await claimedProfile();
    const banner = await directIntent(p.slug, { mimeType: 'image/webp', placements: ['banner'] });
    const bannerId = bodyOf(await upload(banner.intentId, banner.uploadToken, { bytes: await solidWebp() }), 200).assetIds[0];
    const logo = await directIntent(p.slug, { mimeType: 'image/jpeg', placements: ['primary_logo'] });
    const logoDone = bodyOf(await upload(logo.intentId, logo.uploadToken, { bytes: await solidJpeg() }), 200);
    const profile = bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: p.slug } }), 200);
    expect(profile.bannerImageUrl).toBe(`/api/v0/profiles/${p.slug}/assets/${bannerId}/file`);
    expect(profile.avatarImageUrl).toBeUndefined();
    const logos = bodyOf(await callOp(t.app, 'getPublicProfileLogos', { params: { slug: p.slug } }), 200);
    expect(logos.primaryLogo?.assetId).toBe(logoDone.assetIds[0]);
    const zip = await request(t.app)
      .get(`/api/v0/profiles/${p.slug}/logos.zip`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(zip.status).toBe(200);
    const archive = await yauzl.fromBufferPromise(zip.body as Buffer, { strictFileNames: true, validateEntrySizes: true });
    const names: string[] = [];
    for await (const entry of archive.eachEntry()) names.push(entry.fileName);
    archive.close();
    expect(names).toEqual([`${p.slug}-primary-logo.jpg`]);
  });

  test('when the same token completes a second time, then 409 and nothing new is stored', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() }), 200);
    const putsBefore = store.puts.length;
    const replay = await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng(10, 10) });
    expectStatus(replay, 409);
    expect(replay.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(store.puts.length).toBe(putsBefore);
    expect(await assetRows(p.id)).toHaveLength(1);
    // After its expiry a consumed intent is like any other: unknown.
    t.clock.advance(15 * 60_000);
    expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng(10, 10) }), 404);
  });

  test('when several uploads race with the same token, then exactly one stores its image and the others answer 409', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug, { placements: ['gallery'], label: 'Race' });
    const files = await Promise.all([1, 2, 3, 4, 5].map((i) => solidPng(16 + i, 16)));
    const putsBefore = store.puts.length;
    const results = await Promise.all(files.map((bytes) => upload(intent.intentId, intent.uploadToken, { bytes })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const r of results) if (r.status === 409) expect((r.body as { code?: string }).code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await assetRows(p.id)).toHaveLength(1);
    expect(storedObjects(p.id)).toHaveLength(1);
    // The losers were refused by the claim, before reading or storing any byte.
    expect(store.puts.length - putsBefore).toBe(1);
    expect((await intentRow(intent.intentId)).attempts).toBe(1);
  });

  test('when many completions claim the same pending intent at the same moment, then the database lets exactly one through', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    // Every claimant has already seen the intent pending: only the conditional UPDATE decides.
    const claims = await Promise.all(Array.from({ length: 8 }, () => t.repos.assetUploadIntents.claim(intent.intentId, t.clock.now())));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await intentRow(intent.intentId)).toMatchObject({ status: 'processing', attempts: 1 });
    // An expired intent cannot be claimed at all.
    const late = await directIntent(p.slug);
    expect(await t.repos.assetUploadIntents.claim(late.intentId, late.expiresAt)).toBe(false);
  });

  test('when a PNG polyglot carries a script in a text chunk and an HTML page and a ZIP after its end, then the stored file is the bare image', async () => {
    const p = await claimedProfile();
    const hostile = await polyglotPng();
    const intent = await directIntent(p.slug, { byteSize: hostile.length });
    const done = bodyOf(await upload(intent.intentId, intent.uploadToken, { bytes: hostile, contentType: 'image/png' }), 200);
    const served = await servedFile(p.slug, done.assetIds[0]);
    expect(served.bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.bytes.includes(Buffer.from('<html>'))).toBe(false);
    expect(served.bytes.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    expect(served.bytes.includes(Buffer.from('tEXt', 'latin1'))).toBe(false);
    // Nothing after the image: it ends with its IEND chunk.
    expect(served.bytes.subarray(-12).equals(Buffer.from('0000000049454e44ae426082', 'hex'))).toBe(true);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'png', width: 24, height: 24 });
  });

  test('when a JPEG carries EXIF metadata, then it is stored without it', async () => {
    const p = await claimedProfile();
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-marker', Artist: 'secret-location-marker' } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret-location-marker'))).toBe(true);
    const intent = await directIntent(p.slug, { mimeType: 'image/jpeg' });
    const done = bodyOf(await upload(intent.intentId, intent.uploadToken, { bytes: jpeg }), 200);
    const served = await servedFile(p.slug, done.assetIds[0]);
    expect(served.bytes.includes(Buffer.from('secret-location-marker'))).toBe(false);
    expect((await sharp(served.bytes).metadata()).format).toBe('jpeg');
  });

  test.each([
    ['a GIF declared as PNG', () => solidGif(), /GIF/],
    ['an HTML page declared as PNG', async () => Buffer.from(HTML_PAYLOAD), /HTML/],
    ['a JPEG for a PNG intent', () => solidJpeg(), /image\/jpeg but the intent declared image\/png/],
    ['a truncated PNG', async () => (await solidPng(200, 200, '#abcdef')).subarray(0, 120), /truncated or corrupt/],
    ['a PNG signature before random bytes', async () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), crypto.randomBytes(200)]), /truncated or corrupt/],
  ])('when the file is %s, then 400, nothing is stored, and the intent can be retried with a good file', async (_what, make, message) => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    const res = await upload(intent.intentId, intent.uploadToken, { bytes: await make(), contentType: 'image/png' });
    expectStatus(res, 400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors?.[0]).toMatchObject({ pointer: '/file', message: expect.stringMatching(message) });
    expect(await assetRows(p.id)).toHaveLength(0);
    expect(storedObjects(p.id)).toEqual([]);
    expect((await intentRow(intent.intentId)).status).toBe('pending');
    expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() }), 200);
  });

  test('when the file differs from the declared byteSize, then 400', async () => {
    const p = await claimedProfile();
    const png = await solidPng();
    const intent = await directIntent(p.slug, { byteSize: png.length + 1 });
    const res = await upload(intent.intentId, intent.uploadToken, { bytes: png });
    expectStatus(res, 400);
    expect(res.body.errors?.[0].message).toContain('byteSize');
    expect(await assetRows(p.id)).toHaveLength(0);
  });

  test('when the file is larger than 12582912 bytes, then it is cut off while streaming and refused with 400', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    const big = Buffer.concat([await solidPng(), Buffer.alloc(12582912)]);
    const res = await upload(intent.intentId, intent.uploadToken, { bytes: big });
    expectStatus(res, 400);
    expect(res.body.errors?.[0]).toMatchObject({ pointer: '/file', message: expect.stringContaining('12582912') });
    expect(await assetRows(p.id)).toHaveLength(0);
    expect(storedObjects(p.id)).toEqual([]);
  });

  test('when the form has no file, another field, or is not multipart, then 400 and nothing is stored', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    const noFile = await upload(intent.intentId, intent.uploadToken, undefined, { fields: { note: 'hello' } });
    expectStatus(noFile, 400);
    expect(noFile.body.errors?.map((e) => e.pointer).sort()).toEqual(['/file', '/note']);
    const extra = await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() }, { fields: { label: 'sneaky' } });
    expectStatus(extra, 400);
    const empty = await upload(intent.intentId, intent.uploadToken);
    expectStatus(empty, 400);
    const text = await callOp(t.app, 'completeProfileAssetUploadIntent', {
      params: { intentId: intent.intentId },
      headers: { 'x-service-upload-token': intent.uploadToken, 'Content-Type': 'text/plain' },
      rawBody: 'just text',
    });
    expect([400, 415]).toContain(text.status);
    expect(await assetRows(p.id)).toHaveLength(0);
    expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() }), 200);
  });

  test('when five completions have been refused, then the intent is spent and answers 404 even to a good file', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    for (let i = 0; i < 5; i++) expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidGif() }), 400);
    expect((await intentRow(intent.intentId)).status).toBe('failed');
    expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() }), 404);
    expect(await assetRows(p.id)).toHaveLength(0);
  });

  test('when the database refuses the asset row, then the stored object is deleted again and the intent stays pending', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug);
    const spy = jest.spyOn(ProfileAssetsRepository.prototype, 'insert').mockRejectedValueOnce(new Error('database unavailable'));
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() });
      expectStatus(res, 500);
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    const key = store.puts.at(-1)!;
    expect(key).toContain(`profile-assets/${p.id}/`);
    expect(store.deletes).toContain(key);
    expect(storedObjects(p.id)).toEqual([]);
    expect(await assetRows(p.id)).toHaveLength(0);
    expect(await t.db('audit_records').where({ action: 'asset_upload.completed', result: 'accepted' }).whereRaw('metadata like ?', [`%${intent.intentId}%`])).toHaveLength(0);
    expect((await intentRow(intent.intentId)).status).toBe('pending');
    expectStatus(await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() }), 200);
  });

  test('when an upload takes a single-valued placement, then the earlier asset gives it up (and is removed when it has no placement left)', async () => {
    const p = await claimedProfile();
    const first = await directIntent(p.slug, { placements: ['profile_image'] });
    const firstId = bodyOf(await upload(first.intentId, first.uploadToken, { bytes: await solidPng(10, 10) }), 200).assetIds[0];
    const logo = await directIntent(p.slug, { placements: ['primary_logo', 'gallery'], label: 'Old logo' });
    const logoId = bodyOf(await upload(logo.intentId, logo.uploadToken, { bytes: await solidPng(12, 12) }), 200).assetIds[0];

    const second = await directIntent(p.slug, { placements: ['profile_image', 'primary_logo'] });
    const secondId = bodyOf(await upload(second.intentId, second.uploadToken, { bytes: await solidPng(14, 14) }), 200).assetIds[0];

    const profile = bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: p.slug } }), 200);
    expect(profile.avatarImageUrl).toBe(`/api/v0/profiles/${p.slug}/assets/${secondId}/file`);
    expect(profile.mediaKit?.primaryLogo?.assetId).toBe(secondId);
    expect(profile.mediaKit?.galleryAssets?.map((a) => a.assetId)).toEqual([logoId]);
    expect(profile.mediaKit?.assets.find((a) => a.assetId === logoId)?.placements).toEqual(['gallery']);
    expect(profile.mediaKit?.assets.map((a) => a.assetId)).not.toContain(firstId);
    expect((await servedFile(p.slug, firstId)).status).toBe(404);
    expect(await t.db('profile_assets').where({ id: firstId }).first()).toMatchObject({ status: 'removed' });
  });
});

describe('SVG uploads', () => {
  test('when an SVG carries scripts, handlers and external references, then it is stored sanitized: an independent XML parser finds none of them, the drawing remains, and the file is served with a sandboxing CSP', async () => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug, { originalFileName: 'logo.svg', mimeType: 'image/svg+xml', placements: ['primary_logo'] });
    const done = bodyOf(await upload(intent.intentId, intent.uploadToken, { bytes: HOSTILE_SVG, contentType: 'image/svg+xml', filename: 'logo.svg' }), 200);
    expect(done.mimeType).toBe('image/svg+xml');
    const served = await servedFile(p.slug, done.assetIds[0]);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    const csp = String(served.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const text = served.bytes.toString('utf8');
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement!;
    expect(root.localName).toBe('svg');
    expect(root.namespaceURI).toBe(SVG_NS);
    const all = Array.from(doc.getElementsByTagName('*'));
    const names = all.map((e) => (e.localName ?? '').toLowerCase());
    expect(names).not.toContain('script');
    expect(names).not.toContain('foreignobject');
    expect(names).not.toContain('iframe');
    expect(names).not.toContain('div');
    for (const el of all) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.toLowerCase().startsWith('on')).toBe(false);
        if (attr.localName === 'href') expect(attr.value.startsWith('#')).toBe(true);
        expect(attr.value).not.toMatch(/url\(\s*['"]?\s*(?!#)/i);
        expect(attr.value).not.toMatch(/javascript:/i);
      }
    }
    for (const style of all.filter((e) => e.localName === 'style')) {
      expect(style.textContent).not.toMatch(/@import|url\(\s*['"]?https?:/i);
    }
    expect(text).not.toContain('evil.example');
    // The drawing is still there: the gradient, the shape and the same-document <use>.
    expect(names).toEqual(expect.arrayContaining(['lineargradient', 'rect', 'use', 'text']));
    const useRefs = all.filter((e) => e.localName === 'use').map((e) => e.getAttribute('href') ?? e.getAttributeNS('http://www.w3.org/1999/xlink', 'href'));
    expect(useRefs).toEqual([null, '#r']);
    const audit = await t.db('audit_records').where({ action: 'asset_upload.completed', resource_id: done.assetIds[0] }).first();
    expect(String(audit.metadata)).toContain('script');
  });

  test.each([
    ['a DOCTYPE with entities (billion laughs)', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="${SVG_NS}"><text>&b;</text></svg>`, /DOCTYPE/],
    ['an external entity', `<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg xmlns="${SVG_NS}"/>`, /DOCTYPE/],
    ['markup that is not well-formed', `<svg xmlns="${SVG_NS}"><rect></svg>`, /well-formed/],
    ['an HTML page with an SVG inside', `<html><body><svg xmlns="${SVG_NS}"/></body></html>`, /root <html>/],
    ['an SVG root outside the SVG namespace', '<svg><rect width="1" height="1"/></svg>', /namespace/],
    ['an SVG whose root is only a script', `<svg xmlns="${SVG_NS}" viewBox="0 0 1 1"><script>alert(1)</script></svg>`, null],
  ])('when the SVG is %s, then it is refused or stored without anything active', async (_what, svg, refusal) => {
    const p = await claimedProfile();
    const intent = await directIntent(p.slug, { originalFileName: 'x.svg', mimeType: 'image/svg+xml' });
    const res = await upload(intent.intentId, intent.uploadToken, { bytes: Buffer.from(svg), contentType: 'image/svg+xml' });
    if (refusal) {
      expectStatus(res, 400);
      expect(res.body.errors?.[0]).toMatchObject({ pointer: '/file', message: expect.stringMatching(refusal) });
      expect(await assetRows(p.id)).toHaveLength(0);
      expect(storedObjects(p.id)).toEqual([]);
    } else {
      const done = bodyOf(res, 200);
      const served = await servedFile(p.slug, done.assetIds[0]);
      expect(served.bytes.toString('utf8')).not.toMatch(/script|alert/i);
    }
  });
});

describe('imports from sourceUrl', () => {
  const serveImage = (bytes: Buffer, type = 'image/png') =>
    images.handle((_req, res) => {
      res.setHeader('content-type', type);
      res.end(bytes);
    });

  async function importIntent(slug: string, sourceUrl: string, extra: Partial<CreateRequest> = {}) {
    return bodyOf(await createIntent(slug, { sourceUrl, mimeType: 'image/png', ...extra } as CreateRequest), 200);
  }

  test('when the intent names a public https image, then the transport without a body imports it through the guarded fetcher and stores it', async () => {
    const p = await claimedProfile();
    const png = await solidPng(30, 20);
    serveImage(png);
    const sourceUrl = `https://${IMAGE_HOST}:${images.port}/media/logo.png?v=1`;
    const intent = await importIntent(p.slug, sourceUrl, { placements: ['banner'], byteSize: png.length });
    const done = bodyOf(await upload(intent.intentId, intent.uploadToken), 200);
    expect(images.seen).toHaveLength(1);
    expect(images.seen[0]).toMatchObject({ method: 'GET', url: '/media/logo.png?v=1', servername: IMAGE_HOST });
    expect(images.seen[0].headers.authorization).toBeUndefined();
    expect(images.seen[0].headers.cookie).toBeUndefined();
    const asset = await t.db('profile_assets').where({ id: done.assetIds[0] }).first();
    expect(asset).toMatchObject({ status: 'active', source_url: sourceUrl });
    const profile = bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: p.slug } }), 200);
    expect(profile.bannerImageUrl).toBe(`/api/v0/profiles/${p.slug}/assets/${done.assetIds[0]}/file`);
    const created = await t.db('audit_records').where({ action: 'asset_upload_intent.created', resource_id: intent.intentId }).first();
    expect(String(created.metadata)).toContain(IMAGE_HOST);
    expect(String(created.metadata)).not.toContain('v=1');
  });

  test.each([
    ['resolves to loopback', 'loopback.example.test'],
    ['resolves to a private address', 'private.example.test'],
    ['resolves to the cloud metadata address', 'metadata.example.test'],
    ['resolves to a public and a private address', 'mixed.example.test'],
  ])('when the host %s, then 400 on /sourceUrl, no connection is made and nothing is stored', async (_what, host) => {
    const p = await claimedProfile();
    serveImage(await solidPng());
    const intent = await importIntent(p.slug, `https://${host}:${images.port}/logo.png`);
    const res = await upload(intent.intentId, intent.uploadToken);
    expectStatus(res, 400);
    expect(res.body.errors?.[0]).toMatchObject({ pointer: '/sourceUrl', message: expect.stringContaining('not public') });
    expect(images.seen).toHaveLength(0);
    expect(await assetRows(p.id)).toHaveLength(0);
    expect(storedObjects(p.id)).toEqual([]);
  });

  test('when the image URL redirects to a private host, then the redirect is not followed: 400 and nothing stored', async () => {
    const p = await claimedProfile();
    images.handle((_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', `https://internal.example.test:${images.port}/admin.png`);
      res.end();
    });
    const intent = await importIntent(p.slug, `https://${IMAGE_HOST}:${images.port}/moved.png`);
    const res = await upload(intent.intentId, intent.uploadToken);
    expectStatus(res, 400);
    expect(res.body.errors?.[0].message).toContain('redirect');
    expect(images.seen.map((s) => s.url)).toEqual(['/moved.png']);
    expect(await assetRows(p.id)).toHaveLength(0);
  });

  test('when the imported body is HTML, too large, or an error status, then 400 and nothing is stored', async () => {
    const p = await claimedProfile();
    serveImage(Buffer.from(HTML_PAYLOAD), 'image/png');
    const html = await importIntent(p.slug, `https://${IMAGE_HOST}:${images.port}/fake.png`);
    const htmlRes = await upload(html.intentId, html.uploadToken);
    expectStatus(htmlRes, 400);
    expect(htmlRes.body.errors?.[0]).toMatchObject({ pointer: '/sourceUrl', message: expect.stringContaining('HTML') });

    images.handle((_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.setHeader('content-length', String(12582913));
      res.end();
    });
    const big = await importIntent(p.slug, `https://${IMAGE_HOST}:${images.port}/big.png`);
    const bigRes = await upload(big.intentId, big.uploadToken);
    expectStatus(bigRes, 400);
    expect(bigRes.body.errors?.[0].message).toContain('12582912');

    images.handle((_req, res) => {
      res.statusCode = 404;
      res.end('not here');
    });
    const missing = await importIntent(p.slug, `https://${IMAGE_HOST}:${images.port}/gone.png`);
    expectStatus(await upload(missing.intentId, missing.uploadToken), 400);
    expect(await assetRows(p.id)).toHaveLength(0);
    expect(storedObjects(p.id)).toEqual([]);
  });

  test('when an import intent is sent a body, then 400 before anything is fetched, and it can still be completed without one', async () => {
    const p = await claimedProfile();
    serveImage(await solidPng());
    const intent = await importIntent(p.slug, `https://${IMAGE_HOST}:${images.port}/logo.png`);
    const res = await upload(intent.intentId, intent.uploadToken, { bytes: await solidPng() });
    expectStatus(res, 400);
    expect(images.seen).toHaveLength(0);
    const row = await intentRow(intent.intentId);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expectStatus(await upload(intent.intentId, intent.uploadToken), 200);
  });
});
