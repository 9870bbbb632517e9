import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import * as yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, call, callOp, expectStatus } from '../helpers/contractClient.js';
import { LocalObjectStore, type ObjectStore, type UploadTarget } from '../../src/services/storage/objectStore.js';
import type { NewProfileAsset } from '../../src/services/directory/profileAssets.js';
import { downloadPublicProfileLogosZip } from '../../src/handlers/downloadPublicProfileLogosZip.js';
import type { ApiRequest } from '../../src/handlers/types.js';
import { loadDemoData } from '../../seeds/demo.js';
import { capturedEvents } from '../helpers/logCapture.js';

/** The embedded store, recording what the service asks of it, and able to fail on demand. */
class RecordingStore implements ObjectStore {
  readonly kind = 'local' as const;
  gets: string[] = [];
  puts: string[] = [];
  deletes: string[] = [];
  failing = false;
  constructor(readonly inner: ObjectStore) {}
  private check() {
    if (this.failing) throw new Error('storage is down');
  }
  async put(key: string, bytes: Buffer, contentType: string) {
    this.check();
    this.puts.push(key);
    return this.inner.put(key, bytes, contentType);
  }
  async get(key: string) {
    this.check();
    this.gets.push(key);
    return this.inner.get(key);
  }
  async delete(key: string) {
    this.check();
    this.deletes.push(key);
    return this.inner.delete(key);
  }
  uploadTarget(input: { key: string; contentType: string; byteLength: number; expiresAt: number }): Promise<UploadTarget> {
    return this.inner.uploadTarget(input);
  }
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Random pixels: a PNG that does not compress (larger than a stream's buffer). */
const noisePng = (edge = 128) => sharp(crypto.randomBytes(edge * edge * 3), { raw: { width: edge, height: edge, channels: 3 } }).png().toBuffer();
const solidWebp = (colour: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).webp().toBuffer();
const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" fill="#f0c"/></svg>',
);

/** A ZIP read back by an independent reader (yauzl): entry names, declared sizes and CRCs, and the bytes. */
async function readZip(bytes: Buffer) {
  const zip = await yauzl.fromBufferPromise(bytes, { strictFileNames: true, validateEntrySizes: true });
  const entries: { name: string; size: number; crc32: number; bytes: Buffer; modified: Date }[] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.push({ name: entry.fileName, size: entry.uncompressedSize, crc32: entry.crc32, bytes: Buffer.concat(chunks), modified: entry.getLastModDate() });
  }
  zip.close();
  return entries;
}

let t: TestApp;
let store: RecordingStore;
let storeDir: string;
let n = 0;

async function makeProfile(profileType: 'person' | 'community' = 'community') {
  return t.services.directory.createProfile({ profileType, displayName: `Asset Test ${profileType} ${++n}` });
}
async function addAsset(slug: string, input: Omit<NewProfileAsset, 'bytes'> & { bytes: Buffer | Promise<Buffer> }) {
  const bytes = await input.bytes;
  const asset = await t.services.profileAssets.addForDemo(slug, { ...input, bytes });
  return { ...asset, bytes };
}

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-assets-'));
  store = new RecordingStore(new LocalObjectStore({ root: storeDir, secretKey: crypto.randomBytes(32), publicBaseUrl: 'http://marquee.test' }));
  t = await createTestApp({}, { store });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

describe('profile asset lists', () => {
  test('when a profile has logos, gallery images and a banner, then the lists group them by placement with same-origin file URLs', async () => {
    const p = await makeProfile();
    const primary = await addAsset(p.slug, { bytes: SVG_LOGO, mimeType: 'image/svg+xml', placements: ['primary_logo'], position: 0, label: 'Main logo', altText: 'A pink square' });
    const second = await addAsset(p.slug, { bytes: noisePng(32), mimeType: 'image/png', placements: ['additional_logo'], position: 1 });
    const gallery = await addAsset(p.slug, { bytes: solidWebp('#123456'), mimeType: 'image/webp', placements: ['gallery', 'featured'], position: 2, label: 'Stage', caption: 'The stage', credit: 'Someone', creditUrl: 'https://example.com/someone' });
    const banner = await addAsset(p.slug, { bytes: solidWebp('#654321'), mimeType: 'image/webp', placements: ['banner'], position: 3 });

    const assets = bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug: p.slug } }), 200);
    expect(assets).toMatchObject({ slug: p.slug, profileType: 'community', displayName: p.displayName });
    expect(assets.assets.map((a) => a.assetId)).toEqual([primary.assetId, second.assetId, gallery.assetId, banner.assetId]);
    const kit = assets.mediaKit!;
    expect(kit.primaryLogo?.assetId).toBe(primary.assetId);
    expect(kit.logos.map((a) => a.assetId)).toEqual([primary.assetId, second.assetId]);
    expect(kit.additionalLogos.map((a) => a.assetId)).toEqual([second.assetId]);
    expect(kit.galleryAssets?.map((a) => a.assetId)).toEqual([gallery.assetId]);
    expect(kit.featuredAsset?.assetId).toBe(gallery.assetId);
    expect(kit.banner?.assetId).toBe(banner.assetId);
    expect(kit.profileImage).toBeUndefined();
    expect(kit.logoZipUrl).toBe(`/api/v0/profiles/${p.slug}/logos.zip`);
    expect(assets.assets[2]).toMatchObject({
      imageUrl: `/api/v0/profiles/${p.slug}/assets/${gallery.assetId}/file`,
      downloadUrl: `/api/v0/profiles/${p.slug}/assets/${gallery.assetId}/file`,
      mimeType: 'image/webp',
      byteSize: gallery.bytes.length,
      width: 64,
      height: 48,
      label: 'Stage',
      caption: 'The stage',
      credit: 'Someone',
      creditUrl: 'https://example.com/someone',
      placements: ['gallery', 'featured'],
    });
    expect(assets.assets[0]).toMatchObject({ altText: 'A pink square', mimeType: 'image/svg+xml', byteSize: SVG_LOGO.length });

    const logosRes = await callOp(t.app, 'getPublicProfileLogos', { params: { slug: p.slug } });
    expectStatus(logosRes, 200);
    expect(logosRes.headers['ratelimit-limit']).toBe('120');
    expect(logosRes.body.primaryLogo?.assetId).toBe(primary.assetId);
    expect(logosRes.body.logos.map((a) => a.assetId)).toEqual([primary.assetId, second.assetId]);
    expect(logosRes.body.additionalLogos?.map((a) => a.assetId)).toEqual([second.assetId]);
    expect(logosRes.body.logoZipUrl).toBe(`/api/v0/profiles/${p.slug}/logos.zip`);
  });

  test('when two assets claim the primary logo, then the first in media-kit order holds it and the other is an additional logo', async () => {
    const p = await makeProfile();
    const later = await addAsset(p.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['primary_logo'], position: 5 });
    const first = await addAsset(p.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['primary_logo'], position: 1 });
    const body = bodyOf(await callOp(t.app, 'getPublicProfileLogos', { params: { slug: p.slug } }), 200);
    expect(body.primaryLogo?.assetId).toBe(first.assetId);
    expect(body.additionalLogos?.map((a) => a.assetId)).toEqual([later.assetId]);
  });

  test('when a public profile has no assets, then both lists answer empty, without a ZIP URL', async () => {
    const p = await makeProfile('person');
    const assets = bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug: p.slug } }), 200);
    expect(assets.assets).toEqual([]);
    expect(assets.mediaKit).toEqual({ assets: [], logos: [], additionalLogos: [], galleryAssets: [] });
    const logos = bodyOf(await callOp(t.app, 'getPublicProfileLogos', { params: { slug: p.slug } }), 200);
    expect(logos).toEqual({ slug: p.slug, profileType: 'person', displayName: p.displayName, logos: [], additionalLogos: [] });
  });

  test('when an asset is removed, then it leaves the lists', async () => {
    const p = await makeProfile();
    const kept = await addAsset(p.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['gallery'], label: 'kept' });
    const gone = await addAsset(p.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['primary_logo'] });
    expect(await t.repos.profileAssets.markRemoved(gone.assetId!, t.clock.now())).toBe(true);
    const body = bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug: p.slug } }), 200);
    expect(body.assets.map((a) => a.assetId)).toEqual([kept.assetId]);
    expect(body.mediaKit?.logos).toEqual([]);
  });

  test('when the profile is hidden or unknown, then both lists answer the same 404', async () => {
    const p = await makeProfile();
    await addAsset(p.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['primary_logo'] });
    await t.db('profiles').where({ id: p.id }).update({ public_surfacing_state: 'suppressed' });
    for (const op of ['getPublicProfileAssets', 'getPublicProfileLogos'] as const) {
      const hidden = await callOp(t.app, op, { params: { slug: p.slug } });
      const unknown = await callOp(t.app, op, { params: { slug: 'no-such-profile-anywhere' } });
      expect(bodyOf(hidden, 404)).toEqual(bodyOf(unknown, 404));
    }
  });
});

describe('profile asset file', () => {
  test('when a PNG is downloaded, then the stored bytes come back with their type, a content-hash ETag, cache and safety headers, in the profile_asset_file window', async () => {
    const p = await makeProfile();
    const png = await addAsset(p.slug, { bytes: noisePng(40), mimeType: 'image/png', placements: ['gallery'], label: 'Night Shift / Poster!' });
    const res = await callOp(t.app, 'downloadPublicProfileAssetFile', { params: { slug: p.slug, assetId: png.assetId! } });
    expectStatus(res, 200);
    const raw = await rawGet(`/api/v0/profiles/${p.slug}/assets/${png.assetId}/file`);
    expect(raw.body.equals(png.bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toBe(`"${sha256(png.bytes)}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${p.slug}-night-shift-poster.png"`);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    // Contract 8.3 rule 6: the file class (1200 a minute), anonymous or not.
    expect(res.headers['ratelimit-limit']).toBe('1200');
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const authed = await callOp(t.app, 'downloadPublicProfileAssetFile', { params: { slug: p.slug, assetId: png.assetId! }, token: value });
    expectStatus(authed, 200);
    expect(authed.headers['ratelimit-limit']).toBe('1200');
  });

  test('when If-None-Match carries the current ETag, then 304 without a body and without reading storage', async () => {
    const p = await makeProfile();
    const webp = await addAsset(p.slug, { bytes: solidWebp('#00ff00'), mimeType: 'image/webp', placements: ['gallery'] });
    const params = { slug: p.slug, assetId: webp.assetId! };
    const first = await callOp(t.app, 'downloadPublicProfileAssetFile', { params });
    expectStatus(first, 200);
    const readsBefore = store.gets.length;
    const again = await callOp(t.app, 'downloadPublicProfileAssetFile', { params, headers: { 'If-None-Match': String(first.headers.etag) } });
    expectStatus(again, 304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(store.gets.length).toBe(readsBefore);
    const stale = await callOp(t.app, 'downloadPublicProfileAssetFile', { params, headers: { 'If-None-Match': '"0000"' } });
    expectStatus(stale, 200);
  });

  test('when an SVG is downloaded, then it keeps its type and carries a CSP that runs no script', async () => {
    const p = await makeProfile();
    const logo = await addAsset(p.slug, { bytes: SVG_LOGO, mimeType: 'image/svg+xml', placements: ['primary_logo'] });
    const res = await callOp(t.app, 'downloadPublicProfileAssetFile', { params: { slug: p.slug, assetId: logo.assetId! } });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.has('script-src')).toBe(false);
    expect(directives.has('sandbox')).toBe(true);
    expect(directives.get('sandbox')).toEqual([]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${p.slug}-${logo.assetId}.svg"`);
    const raw = await rawGet(`/api/v0/profiles/${p.slug}/assets/${logo.assetId}/file`);
    expect(raw.body.equals(SVG_LOGO)).toBe(true);
  });

  test("when the asset is another profile's, removed, unknown, or its profile is hidden or unknown, then the same 404", async () => {
    const owner = await makeProfile();
    const other = await makeProfile();
    const own = await addAsset(owner.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['gallery'] });
    const removed = await addAsset(owner.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['gallery'] });
    await t.repos.profileAssets.markRemoved(removed.assetId!, t.clock.now());
    const hiddenProfile = await makeProfile();
    const hiddenAsset = await addAsset(hiddenProfile.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['gallery'] });
    await t.db('profiles').where({ id: hiddenProfile.id }).update({ public_surfacing_state: 'opted_out' });

    expectStatus(await callOp(t.app, 'downloadPublicProfileAssetFile', { params: { slug: owner.slug, assetId: own.assetId! } }), 200);
    const cases = [
      { slug: other.slug, assetId: own.assetId! },
      { slug: owner.slug, assetId: removed.assetId! },
      { slug: owner.slug, assetId: 'pas_unknown' },
      { slug: hiddenProfile.slug, assetId: hiddenAsset.assetId! },
      { slug: 'no-such-profile-anywhere', assetId: own.assetId! },
    ];
    const bodies = [];
    for (const params of cases) bodies.push(bodyOf(await callOp(t.app, 'downloadPublicProfileAssetFile', { params }), 404));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

/** GET through a real socket; resolves with what arrived, and whether the message completed. */
async function rawGet(urlPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean; error?: Error }> {
  const server = http.createServer(t.app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        let error: Error | undefined;
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => (error = err));
        res.on('close', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete, error }));
      });
      req.on('error', reject);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('logos.zip', () => {
  test('when a profile has logos, then a valid ZIP holds each logo byte for byte under stable names', async () => {
    const p = await makeProfile();
    const primary = await addAsset(p.slug, { bytes: noisePng(64), mimeType: 'image/png', placements: ['primary_logo'], position: 0 });
    const svgLogo = await addAsset(p.slug, { bytes: SVG_LOGO, mimeType: 'image/svg+xml', placements: ['additional_logo'], position: 1 });
    const webpLogo = await addAsset(p.slug, { bytes: solidWebp('#abcdef'), mimeType: 'image/webp', placements: ['additional_logo'], position: 2 });
    await addAsset(p.slug, { bytes: solidWebp('#000000'), mimeType: 'image/webp', placements: ['gallery'], position: 3 });

    const res = await callOp(t.app, 'downloadPublicProfileLogosZip', { params: { slug: p.slug } });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${p.slug}-logos.zip"`);
    expect(res.headers['ratelimit-limit']).toBe('120');

    const archive = await rawGet(`/api/v0/profiles/${p.slug}/logos.zip`);
    expect(archive.complete).toBe(true);
    const entries = await readZip(archive.body);
    const expected = [
      { name: `${p.slug}-primary-logo.png`, bytes: primary.bytes },
      { name: `${p.slug}-logo-2.svg`, bytes: SVG_LOGO },
      { name: `${p.slug}-logo-3.webp`, bytes: webpLogo.bytes },
    ];
    expect(entries.map((e) => e.name)).toEqual(expected.map((e) => e.name));
    entries.forEach((entry, i) => {
      expect(entry.size).toBe(expected[i].bytes.length);
      expect(entry.bytes.equals(expected[i].bytes)).toBe(true);
      expect(entry.crc32).toBe(zlib.crc32(expected[i].bytes));
    });
    expect(svgLogo.assetId).toBeDefined();

    // The same logos give the same archive.
    const again = await rawGet(`/api/v0/profiles/${p.slug}/logos.zip`);
    expect(again.body.equals(archive.body)).toBe(true);
  });

  test('when the archive is asked for, then the handler returns a stream that reads each logo from storage only as the archive reaches it', async () => {
    const p = await makeProfile();
    // Each logo (~480 KB of incompressible pixels) is larger than every buffer between storage and the reader.
    for (let i = 0; i < 3; i++) await addAsset(p.slug, { bytes: noisePng(400), mimeType: 'image/png', placements: [i === 0 ? 'primary_logo' : 'additional_logo'], position: i });
    const request: ApiRequest<'downloadPublicProfileLogosZip'> = {
      operationId: 'downloadPublicProfileLogosZip',
      params: { slug: p.slug },
      query: {},
      headers: {},
      body: undefined,
      actor: { networkRef: 'test' },
      baseUrl: t.config.publicBaseUrl,
    };
    store.gets = [];
    const result = await downloadPublicProfileLogosZip(request, t.services);
    expect(result.status).toBe(200);
    expect(result.raw).toBeUndefined();
    expect(result.stream).toBeInstanceOf(Readable);
    // Let the archive run until the unread stream pushes back (no timers: event-loop turns only).
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(store.gets.length).toBeLessThan(3);
    const chunks: Buffer[] = [];
    for await (const chunk of result.stream!) chunks.push(chunk as Buffer);
    expect(store.gets.length).toBe(3);
    expect((await readZip(Buffer.concat(chunks))).length).toBe(3);
  });

  test('when a logo is missing from storage mid-archive, then the connection is cut (no complete archive) and the server keeps answering', async () => {
    const p = await makeProfile();
    await addAsset(p.slug, { bytes: noisePng(96), mimeType: 'image/png', placements: ['primary_logo'], position: 0 });
    const lost = await addAsset(p.slug, { bytes: noisePng(96), mimeType: 'image/png', placements: ['additional_logo'], position: 1 });
    const row = await t.repos.profileAssets.findById(lost.assetId!);
    await store.inner.delete(row!.storageKey);
    const log = capturedEvents();
    try {
      const broken = await rawGet(`/api/v0/profiles/${p.slug}/logos.zip`);
      expect(broken.complete).toBe(false);
      await expect(readZip(broken.body)).rejects.toThrow();
      expect(log.events).toContainEqual(expect.objectContaining({ level: 'error', event: 'streamed_response_failed', requestId: expect.any(String) }));
    } finally {
      log.restore();
    }
    expectStatus(await callOp(t.app, 'getPublicProfileLogos', { params: { slug: p.slug } }), 200);
  });

  test('when a profile has no logos, or is hidden or unknown, then 404', async () => {
    const p = await makeProfile();
    await addAsset(p.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['gallery'] });
    expect(bodyOf(await callOp(t.app, 'downloadPublicProfileLogosZip', { params: { slug: p.slug } }), 404).code).toBe('NOT_FOUND');
    const hidden = await makeProfile();
    await addAsset(hidden.slug, { bytes: noisePng(16), mimeType: 'image/png', placements: ['primary_logo'] });
    await t.db('profiles').where({ id: hidden.id }).update({ publication_state: 'draft_private' });
    const hiddenRes = await callOp(t.app, 'downloadPublicProfileLogosZip', { params: { slug: hidden.slug } });
    const unknownRes = await callOp(t.app, 'downloadPublicProfileLogosZip', { params: { slug: 'no-such-profile-anywhere' } });
    expect(bodyOf(hiddenRes, 404)).toEqual(bodyOf(unknownRes, 404));
  });
});

describe('upload storage probe', () => {
  test('when storage answers, then 200 with a real write, read and delete, the injected clock, and the anonymous window', async () => {
    const puts = store.puts.length;
    const res = await callOp(t.app, 'probeProfileAssetUploadStorage');
    expectStatus(res, 200);
    expect(res.body).toEqual({ checkedAt: t.clock.now(), configured: true, storageReachable: true });
    expect(res.headers['ratelimit-limit']).toBe('120');
    expect(res.headers['ratelimit-remaining']).toBeDefined();
    expect(res.headers['ratelimit-reset']).toBeDefined();
    const key = store.puts[puts];
    expect(key).toMatch(/^probes\//);
    expect(store.gets).toContain(key);
    expect(store.deletes).toContain(key);
    expect(await store.inner.get(key)).toBeUndefined();
  });

  test('when storage is unreachable, then 503 with the probe body', async () => {
    store.failing = true;
    const log = capturedEvents();
    try {
      t.clock.advance(1234);
      const res = await callOp(t.app, 'probeProfileAssetUploadStorage');
      expectStatus(res, 503);
      expect(res.body).toEqual({ checkedAt: t.clock.now(), configured: true, storageReachable: false });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(log.events).toContainEqual(expect.objectContaining({ level: 'warn', event: 'upload_storage_probe_failed' }));
    } finally {
      store.failing = false;
      log.restore();
    }
  });

  test('when a bearer token is sent in the URL, then 400 BEARER_IN_QUERY', async () => {
    const res = await call(t.app, 'GET', '/api/v0/profile-assets/upload-intents/probe?access_token=service_abc');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BEARER_IN_QUERY');
  });
});

describe('demo assets', () => {
  test('when the demo data is loaded, then its communities have real logos, files and a logos.zip', async () => {
    const demo = await createTestApp();
    try {
      await loadDemoData(demo.services);
      const logos = bodyOf(await callOp(demo.app, 'getPublicProfileLogos', { params: { slug: 'neon-reverie' } }), 200);
      expect(logos.primaryLogo?.mimeType).toBe('image/svg+xml');
      expect(logos.logos.map((l) => l.mimeType)).toEqual(['image/svg+xml', 'image/png']);
      const assets = bodyOf(await callOp(demo.app, 'getPublicProfileAssets', { params: { slug: 'neon-reverie' } }), 200);
      expect(assets.mediaKit?.galleryAssets?.[0]?.mimeType).toBe('image/webp');
      // The PNG logo decodes as the PNG it claims to be (an independent decoder: sharp/libvips).
      const png = logos.logos[1];
      const file = await callOp(demo.app, 'downloadPublicProfileAssetFile', { params: { slug: 'neon-reverie', assetId: png.assetId! } });
      expectStatus(file, 200);
      const server = http.createServer(demo.app).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const bytes = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${png.imageUrl}`)).arrayBuffer());
        expect((await sharp(bytes).metadata()).format).toBe('png');
        const zip = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${logos.logoZipUrl}`)).arrayBuffer());
        expect((await readZip(zip)).map((e) => e.name)).toEqual(['neon-reverie-primary-logo.svg', 'neon-reverie-logo-2.png']);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      await demo.close();
    }
  });
});
