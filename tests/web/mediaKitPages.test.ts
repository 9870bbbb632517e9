import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import * as yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { signedInUser } from '../helpers/webSession.js';
import { LocalObjectStore } from '../../src/services/storage/objectStore.js';

// The media-kit page is HTML forms outside the API contract: raw supertest against the real app,
// checked against what the API's public reads, the public page and logos.zip answer.
const ORIGIN = 'http://marquee.test';

let t: TestApp;
let storeDir: string;
let n = 0;
beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-mediakit-'));
  const store = new LocalObjectStore({ root: storeDir, secretKey: crypto.randomBytes(32), publicBaseUrl: ORIGIN });
  t = await createTestApp({ publicBaseUrl: ORIGIN }, { store });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});
const quiet: { mockRestore(): void }[] = [];
beforeEach(() => {
  quiet.push(jest.spyOn(console, 'error').mockImplementation(() => undefined));
});
afterEach(() => {
  for (const spy of quiet.splice(0)) spy.mockRestore();
});

const png = (colour = '#ff00cc', w = 48, h = 32) => sharp({ create: { width: w, height: h, channels: 3, background: colour } }).png().toBuffer();

async function ownerWithProfile() {
  const { user, cookie } = await signedInUser(t, '/account');
  const profile = await t.services.directory.createProfile({ profileType: 'community', displayName: `Media Kit Test ${++n}`, ownerUserId: user.id });
  return { user, cookie, slug: profile.slug, kit: `/manage/${profile.slug}/media` };
}

async function readZip(bytes: Buffer) {
  const zip = await yauzl.fromBufferPromise(bytes, { strictFileNames: true, validateEntrySizes: true });
  const entries: { name: string; bytes: Buffer }[] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
  }
  zip.close();
  return entries;
}

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const logosZip = async (slug: string) => {
  const res = await request(t.app).get(`/api/v0/profiles/${slug}/logos.zip`).buffer(true).parse(binary);
  return { status: res.status, entries: res.status === 200 ? await readZip(res.body as Buffer) : [] };
};
const publicAssets = async (slug: string) => bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug } }), 200);
const upload = (cookie: string, kit: string, file: { bytes: Buffer; name: string; type: string }, fields: Record<string, string> = {}) => {
  let r = request(t.app).post(`${kit}/upload`).set('Cookie', cookie).set('Origin', ORIGIN);
  for (const [k, v] of Object.entries(fields)) r = r.field(k, v);
  return r.attach('file', file.bytes, { filename: file.name, contentType: file.type });
};
const post = (cookie: string, p: string, form: string) => request(t.app).post(p).set('Cookie', cookie).set('Origin', ORIGIN).type('form').send(form);
const enc = (fields: [string, string][]) => fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
const revisionOf = (html: string) => /name="mediaRevision" value="([^"]+)"/.exec(html)![1];

describe('the media-kit page', () => {
  test('when the owner uploads a PNG without the script, then it is in the public assets, on the public page and inside logos.zip', async () => {
    const { cookie, slug, kit } = await ownerWithProfile();
    const empty = await request(t.app).get(kit).set('Cookie', cookie);
    expect(empty.status).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.headers['content-security-policy']).toContain(`connect-src 'self' ${ORIGIN}`);
    expect(empty.text).toContain('Nothing in the media kit yet');
    expect(empty.text).toContain(`data-begin="${kit}/begin"`);

    const bytes = await png();
    const res = await upload(cookie, kit, { bytes, name: 'logo.png', type: 'image/png' }, { placement: 'primary_logo', label: 'Main logo', altText: 'A pink square' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${kit}?uploaded=1#kit`);
    expect(res.headers['ratelimit-limit']).toBeDefined();

    const assets = await publicAssets(slug);
    expect(assets.assets).toHaveLength(1);
    expect(assets.mediaKit!.primaryLogo!.label).toBe('Main logo');
    const url = assets.assets[0].imageUrl!;
    const file = await request(t.app).get(url).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    // Re-encoded, still the same picture.
    const meta = await sharp(file.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 48, 32]);

    const profilePage = await request(t.app).get(`/communities/${slug}`);
    expect(profilePage.status).toBe(200);
    expect(profilePage.text).toContain(url);
    const zip = await logosZip(slug);
    expect(zip.entries.map((e) => e.name)).toEqual([`${slug}-primary-logo.png`]);
    expect((await sharp(zip.entries[0].bytes).metadata()).width).toBe(48);

    const page = await request(t.app).get(`${kit}?uploaded=1`).set('Cookie', cookie);
    expect(page.text).toContain('The image is uploaded');
    expect(page.text).toContain(`src="${url}"`);
    expect(page.text).toContain('alt="A pink square"');
  });

  test('when the order changes, an image is removed and restored, then the public reads follow each step', async () => {
    const { cookie, slug, kit } = await ownerWithProfile();
    for (const [colour, label] of [['#ff0000', 'Red'], ['#00ff00', 'Green']]) {
      expect((await upload(cookie, kit, { bytes: await png(colour), name: `${label}.png`, type: 'image/png' }, { placement: 'additional_logo', label })).status).toBe(303);
    }
    const [red, green] = (await publicAssets(slug)).assets;
    expect([red.label, green.label]).toEqual(['Red', 'Green']);

    // Without the script a move re-renders the form in the new order; nothing is saved yet.
    let page = await request(t.app).get(kit).set('Cookie', cookie);
    const rows = (first: string, second: string): [string, string][] => [
      ['mediaRevision', revisionOf(page.text)],
      ['assets.0.assetId', first],
      ['assets.0.label', first === red.assetId ? 'Red' : 'Green'],
      ['assets.0.placements', 'additional_logo'],
      ['assets.1.assetId', second],
      ['assets.1.label', second === red.assetId ? 'Red' : 'Green'],
      ['assets.1.placements', 'additional_logo'],
    ];
    const moved = await post(cookie, `${kit}/kit`, enc([...rows(red.assetId!, green.assetId!), ['op', 'down:0']]));
    expect(moved.status).toBe(200);
    expect(moved.text.indexOf(`value="${green.assetId}"`)).toBeLessThan(moved.text.indexOf(`value="${red.assetId}"`));
    expect((await publicAssets(slug)).assets.map((a) => a.label)).toEqual(['Red', 'Green']);

    const saved = await post(cookie, `${kit}/kit`, enc([...rows(green.assetId!, red.assetId!), ['op', 'save']]));
    expect(saved.status).toBe(303);
    expect((await publicAssets(slug)).assets.map((a) => a.label)).toEqual(['Green', 'Red']);
    expect((await logosZip(slug)).entries.map((e) => e.name)).toEqual([`${slug}-logo-1.png`, `${slug}-logo-2.png`]);

    // A stale revision (the kit changed since the page was loaded) is refused with the current list.
    const stale = await post(cookie, `${kit}/kit`, enc([...rows(red.assetId!, green.assetId!), ['op', 'save']]));
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('changed in another window');

    page = await request(t.app).get(kit).set('Cookie', cookie);
    const removed = await post(cookie, `${kit}/remove`, enc([...rows(green.assetId!, red.assetId!), ['remove', green.assetId!]]));
    expect(removed.status).toBe(303);
    expect((await publicAssets(slug)).assets.map((a) => a.label)).toEqual(['Red']);
    expect((await logosZip(slug)).entries).toHaveLength(1);
    expect((await request(t.app).get(`/communities/${slug}`)).text).not.toContain(green.imageUrl!);
    page = await request(t.app).get(kit).set('Cookie', cookie);
    expect(page.text).toContain('Removed');
    expect(page.text).toContain('Restore Green');

    const restored = await post(cookie, `${kit}/restore`, enc([['mediaRevision', revisionOf(page.text)], ['assetId', green.assetId!]]));
    expect(restored.status).toBe(303);
    expect((await publicAssets(slug)).assets.map((a) => a.label).sort()).toEqual(['Green', 'Red']);
    expect((await request(t.app).get(`/communities/${slug}`)).text).toContain(green.imageUrl!);
    expect((await logosZip(slug)).entries).toHaveLength(2);
  });

  test('when a label or description is longer than the kit keeps, then a readable 400 is next to that field and nothing is saved, on either database', async () => {
    const { cookie, slug, kit } = await ownerWithProfile();
    expect((await upload(cookie, kit, { bytes: await png(), name: 'Logo.png', type: 'image/png' }, { placement: 'primary_logo', label: 'Logo' })).status).toBe(303);
    const [logo] = (await publicAssets(slug)).assets;
    const page = await request(t.app).get(kit).set('Cookie', cookie);
    for (const [field, max] of [['altText', 180], ['label', 80]] as const) {
      const res = await post(
        cookie,
        `${kit}/kit`,
        enc([['mediaRevision', revisionOf(page.text)], ['assets.0.assetId', logo.assetId!], ['assets.0.placements', 'primary_logo'], ['assets.0.label', 'Logo'], ['assets.0.altText', ''], [`assets.0.${field}`, 'é'.repeat(max + 1)], ['op', 'save']].filter(([k], i, all) => all.findLastIndex(([other]) => other === k) === i) as [string, string][]),
      );
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.text).toContain(`Must have at most ${max} characters.`);
      expect(res.text).toMatch(new RegExp(`name="assets\\.0\\.${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="assets\\.0\\.${field}"`));
    }
    const [after] = (await publicAssets(slug)).assets;
    expect([after.label, after.altText]).toEqual(['Logo', undefined]);
  });

  test('when someone else, or nobody, asks for the page, then it is the 404 page or the sign-in', async () => {
    const { slug, kit } = await ownerWithProfile();
    const other = await signedInUser(t, '/account');
    const page = await request(t.app).get(kit).set('Cookie', other.cookie);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Page not found');
    const unknown = await request(t.app).get('/manage/no-such-profile/media').set('Cookie', other.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe(page.text.replace(kit, '/manage/no-such-profile/media'));
    const write = await upload(other.cookie, kit, { bytes: await png(), name: 'x.png', type: 'image/png' });
    expect(write.status).toBe(404);
    expect((await publicAssets(slug)).assets).toHaveLength(0);
    const anonymous = await request(t.app).get(kit);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe(`/login?next=${encodeURIComponent(kit)}`);
  });

  test('when a form comes from another site, then it is refused and nothing changes', async () => {
    const { cookie, slug, kit } = await ownerWithProfile();
    const res = await request(t.app).post(`${kit}/upload`).set('Cookie', cookie).set('Origin', 'https://evil.example').attach('file', await png(), { filename: 'x.png', contentType: 'image/png' });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Cross-site form submission refused');
    const begin = await request(t.app).post(`${kit}/begin`).set('Cookie', cookie).set('Origin', 'https://evil.example').set('Accept', 'application/json').type('form').send({ fileName: 'x.png' });
    expect(begin.status).toBe(403);
    expect((await publicAssets(slug)).assets).toHaveLength(0);
  });

  test('when the file is not an image, too big, a hostile SVG or missing, then a readable 400 is next to the file field', async () => {
    const { cookie, slug, kit } = await ownerWithProfile();
    const pdf = await upload(cookie, kit, { bytes: Buffer.from('%PDF-1.4 not an image'), name: 'doc.pdf', type: 'application/pdf' }, { label: 'Kept label' });
    expect(pdf.status).toBe(400);
    expect(pdf.text).toContain('id="upload-file-error"');
    expect(pdf.text).toMatch(/upload-file-error[^>]*>Is a PDF file; only PNG, SVG, JPEG and WebP are accepted/);
    expect(pdf.text).toContain('aria-invalid="true"');
    expect(pdf.text).toContain('value="Kept label"');

    const big = await upload(cookie, kit, { bytes: Buffer.concat([await png(), Buffer.alloc(12582912)]), name: 'big.png', type: 'image/png' });
    expect(big.status).toBe(400);
    expect(big.text).toMatch(/upload-file-error[^>]*>Is larger than 12582912 bytes/);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example"/></foreignObject><script>alert(1)</script></svg>');
    const hostile = await upload(cookie, kit, { bytes: svg, name: 'x.svg', type: 'image/svg+xml' }, { placement: 'primary_logo' });
    // Either cleaned (and stored without the script) or refused next to the field: never stored as sent.
    if (hostile.status === 303) {
      const [asset] = (await publicAssets(slug)).assets;
      const stored = await request(t.app).get(asset.imageUrl!).buffer(true).parse(binary);
      expect((stored.body as Buffer).toString()).not.toMatch(/script|iframe|foreignObject/i);
    } else {
      expect(hostile.status).toBe(400);
      expect(hostile.text).toContain('id="upload-file-error"');
    }

    const none = await request(t.app).post(`${kit}/upload`).set('Cookie', cookie).set('Origin', ORIGIN).field('placement', 'banner').attach('file', Buffer.alloc(0), { filename: '', contentType: 'application/octet-stream' });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Choose an image file');

    const gallery = await upload(cookie, kit, { bytes: await png(), name: 'g.png', type: 'image/png' }, { placement: 'gallery' });
    expect(gallery.status).toBe(400);
    expect(gallery.text).toMatch(/upload-label-error[^>]*>Is required \(not blank\) for a gallery placement/);

    const nul = await upload(cookie, kit, { bytes: await png(), name: 'n.png', type: 'image/png' }, { label: 'a\u0000b', placement: ['x'.repeat(5000)].join('') });
    expect(nul.status).toBe(400);
    const urlencoded = await post(cookie, `${kit}/upload`, 'label=x');
    expect(urlencoded.status).toBe(400);
    expect(urlencoded.text).toContain('upload-file-error');
    const fuzz = await post(cookie, `${kit}/kit`, enc([['mediaRevision', 'x'.repeat(20000)], ['assets.0.assetId', '\u0001'], ['op', 'save']]));
    expect(fuzz.status).toBeLessThan(500);
  });

  test('when the script begins a direct upload, then it gets the transport with its header token, and completion answers where to go', async () => {
    const { cookie, slug, kit } = await ownerWithProfile();
    const bytes = await png('#123456');
    const refused = await request(t.app).post(`${kit}/begin`).set('Cookie', cookie).set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ fileName: 'x.gif', contentType: 'image/gif', byteLength: '10' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'file' })]);
    const tooBig = await request(t.app).post(`${kit}/begin`).set('Cookie', cookie).set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ fileName: 'x.png', contentType: 'image/png', byteLength: String(12582913) });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0].field).toBe('file');

    const begin = await request(t.app)
      .post(`${kit}/begin`)
      .set('Cookie', cookie)
      .set('Origin', ORIGIN)
      .set('Accept', 'application/json')
      .type('form')
      .send({ fileName: 'logo.png', contentType: 'image/png', byteLength: String(bytes.length), placement: 'primary_logo', label: 'Direct' });
    expect(begin.status).toBe(200);
    const { transfer, complete } = begin.body as { transfer: { url: string; method: string; fields: Record<string, string>; fileField: string; headers: Record<string, string> }; complete: { intentId: string } };
    expect(transfer).toMatchObject({ method: 'POST', fields: {}, fileField: 'file' });
    expect(transfer.url.startsWith(`${ORIGIN}/api/v0/profile-assets/upload-intents/`)).toBe(true);

    const early = await request(t.app).post(`${kit}/complete`).set('Cookie', cookie).set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send(complete);
    expect(early.status).toBe(409);

    const sent = await request(t.app).post(new URL(transfer.url).pathname).set(transfer.headers).attach(transfer.fileField, bytes, { filename: 'logo.png', contentType: 'image/png' });
    expect(sent.status).toBe(200);
    const done = await request(t.app).post(`${kit}/complete`).set('Cookie', cookie).set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send(complete);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ redirect: `${kit}?uploaded=1#kit` });
    const viaUrl = await request(t.app).post(`${kit}/complete?intentId=${encodeURIComponent(complete.intentId)}`).set('Cookie', cookie).set('Origin', ORIGIN).set('Accept', 'application/json').send({});
    expect(viaUrl.body).toEqual({ redirect: `${kit}?uploaded=1#kit` });
    expect((await publicAssets(slug)).mediaKit!.primaryLogo!.label).toBe('Direct');

    // Another person's intent is no one's to finish here.
    const other = await ownerWithProfile();
    const foreign = await request(t.app).post(`${other.kit}/complete`).set('Cookie', other.cookie).set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send(complete);
    expect(foreign.status).toBe(404);
  });

  test('when uploads run past the asset_upload_intent window, then the page answers a readable 429 and stores nothing', async () => {
    const { cookie, slug, kit } = await ownerWithProfile();
    const begin = () => request(t.app).post(`${kit}/begin`).set('Cookie', cookie).set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ fileName: 'x.png', fileType: 'image/png' });
    const first = await begin();
    expect(first.status).toBe(200);
    const limit = Number(first.headers['ratelimit-limit']);
    expect(limit).toBe(30);
    for (let i = 1; i < limit; i++) expect((await begin()).status).toBe(200);
    expect((await begin()).status).toBe(429);
    const page = await upload(cookie, kit, { bytes: await png(), name: 'late.png', type: 'image/png' });
    expect(page.status).toBe(429);
    expect(page.headers['retry-after']).toBeDefined();
    expect(page.text).toContain('Too many requests');
    expect((await publicAssets(slug)).assets).toHaveLength(0);
    // The list's writes count in another class (public_write): still open.
    const listPage = await request(t.app).get(kit).set('Cookie', cookie);
    expect(listPage.status).toBe(200);
  });
});
