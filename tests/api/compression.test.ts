import http from 'node:http';
import zlib from 'node:zlib';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { STYLESHEET } from '../../src/http/web/ui/assets.js';

let served: ServedTestApp;
let eventSlug: string;
beforeAll(async () => {
  served = await serveTestApp({ rateLimitScale: 100 });
  await loadDemoData(served.t.services);
  eventSlug = bodyOf(await callOp(served.t.app, 'listPublicUpcomingEvents', {}), 200).events[0]!.slug!;
});
afterAll(() => served.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** A GET over real HTTP, the body as sent on the wire (nothing decoded). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${served.base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;
const suffix = { br: '-br', gzip: '-gz' } as const;

describe('compressed answers', () => {
  const cases = () => [
    { name: 'openapi.json', path: '/api/v0/openapi.json' },
    { name: 'a JSON read (an event)', path: `/api/v0/events/${eventSlug}` },
    { name: 'a JSON list (upcoming)', path: '/api/v0/events/upcoming' },
    { name: 'the home page', path: '/' },
    { name: 'the stylesheet', path: STYLESHEET.path },
  ];

  test('when a page, openapi.json or a JSON read is asked for with br, gzip or identity, then each coding decodes to the identity bytes under its own strong ETag, and revalidation answers 304 in every coding', async () => {
    for (const { name, path } of cases()) {
      const identity = await get(path);
      expect([name, identity.status]).toEqual([name, 200]);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.bytes.length).toBeGreaterThan(1024);
      const tag = identity.headers.etag!;
      expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      for (const coding of ['br', 'gzip'] as const) {
        // The first time a fast compression; when the tag comes round again, a harder one, kept:
        // the third is served from it, byte for byte the same.
        const first = await get(path, { 'Accept-Encoding': `${coding}, identity;q=0.5` });
        const second = await get(path, { 'Accept-Encoding': coding });
        const third = await get(path, { 'Accept-Encoding': coding });
        for (const coded of [first, second, third]) {
          expect([name, coding, coded.status, coded.headers['content-encoding']]).toEqual([name, coding, 200, coding]);
          expect(coded.headers.vary).toMatch(/accept-encoding/i);
          expect(coded.headers.etag).toBe(`${tag.slice(0, -1)}${suffix[coding]}"`);
          expect(Number(coded.headers['content-length'])).toBe(coded.bytes.length);
          expect(coded.bytes.length).toBeLessThan(identity.bytes.length);
          expect(decode[coding](coded.bytes).equals(identity.bytes)).toBe(true);
        }
        expect(third.bytes.equals(second.bytes)).toBe(true);
        expect(second.bytes.length).toBeLessThanOrEqual(first.bytes.length);
        const revalidated = await get(path, { 'Accept-Encoding': coding, 'If-None-Match': first.headers.etag! });
        expect([name, coding, revalidated.status, revalidated.bytes.length]).toEqual([name, coding, 304, 0]);
        expect(revalidated.headers.etag).toBe(first.headers.etag);
        // The identity tag still matches, and a stale coded tag does not.
        expect((await get(path, { 'Accept-Encoding': coding, 'If-None-Match': tag })).status).toBe(304);
        expect((await get(path, { 'Accept-Encoding': coding, 'If-None-Match': '"stale-br"' })).status).toBe(200);
      }
      // brotli is preferred when both are equally acceptable.
      expect((await get(path, { 'Accept-Encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
      expect((await get(path, { 'Accept-Encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    }
  });

  test('when compressed answers are read through the contract client, then they still conform to the contract', async () => {
    const { app } = served.t;
    for (const headers of [{ 'Accept-Encoding': 'br' }, { 'Accept-Encoding': 'gzip' }, { 'Accept-Encoding': 'identity' }]) {
      expect(bodyOf(await callOp(app, 'getOpenApiDocument', { headers }), 200).openapi).toMatch(/^3\.1/);
      expect(bodyOf(await callOp(app, 'getPublicEventBySlug', { params: { slug: eventSlug }, headers }), 200).slug).toBe(eventSlug);
      expectStatus(await callOp(app, 'listPublicUpcomingEvents', { headers }), 200);
      expectStatus(await callOp(app, 'searchPublicCatalog', { query: { q: 'neon' }, headers }), 200);
    }
  });

  test('when a body is tiny, or binary, then it is sent as it is; a streamed archive still arrives whole', async () => {
    // A small problem document.
    const tiny = await get('/api/v0/no-such-path', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.status).toBe(404);
    expect(tiny.bytes.length).toBeLessThan(1024);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.bytes.toString()).status).toBe(404);
    // An image and the (streamed) logo archive.
    const gallery = bodyOf(await callOp(served.t.app, 'getPublicProfileAssets', { params: { slug: 'neon-reverie' } }), 200);
    const png = gallery.assets.find((a) => a.mimeType === 'image/png')!;
    const image = await get(new URL(png.downloadUrl!, served.base).pathname, { 'Accept-Encoding': 'br, gzip' });
    expect([image.status, image.headers['content-encoding']]).toEqual([200, undefined]);
    expect(image.bytes.subarray(1, 4).toString()).toBe('PNG');
    const zip = await get('/api/v0/profiles/neon-reverie/logos.zip', { 'Accept-Encoding': 'br, gzip' });
    expect([zip.status, zip.headers['content-encoding']]).toEqual([200, undefined]);
    expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
    const identityZip = await get('/api/v0/profiles/neon-reverie/logos.zip');
    expect(zip.bytes.length).toBe(identityZip.bytes.length);
  });

  test('when a textual answer is not sent by the pipeline (the OAuth discovery document), then the compression middleware codes it', async () => {
    const path = '/.well-known/oauth-authorization-server';
    const identity = await get(path);
    expect(identity.status).toBe(200);
    expect(identity.bytes.length).toBeGreaterThanOrEqual(1024);
    const coded = await get(path, { 'Accept-Encoding': 'gzip' });
    expect(coded.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(coded.bytes).equals(identity.bytes)).toBe(true);
  });
});
