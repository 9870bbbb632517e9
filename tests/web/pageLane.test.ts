import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import request from 'supertest';
import { jest } from '@jest/globals';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, publishEvent } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { pageLaneStats } from '../../src/http/web/publicPages.js';
import { problems } from '../../src/services/errors.js';

// The page lane answers a kept page ahead of express with prepared bytes and headers. Its answers
// must be the route's answers: the same status, headers (but the per-request ones) and content, in
// every coding; revalidation, refusal and a failing rate-limit store as the route handles them; and
// a write made through another connection to the same database seen by the very next view.
let t: TestApp;
let other: TestApp;
let slug: string;
let token: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  await loadDemoData(t.services);
  ({ token } = await makeContributor(t));
  ({ slug } = await publishEvent(t, token, { communitySlug: 'neon-reverie', title: 'Lane Lantern Night', eventDate: '2031-05-10', timezone: 'Europe/Berlin', start: { time: '21:00' } }));
  // A second instance on the same database (its own connections), as another process would be.
  other = await createTestApp({ rateLimitScale: 100 }, {}, { shareWith: t });
  server = http.createServer(t.app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await other?.close();
  await t?.close();
});

/** Headers that differ between any two answers (the request's id, the clock, the window's count) or with the bytes' compression. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'content-length', 'connection', 'keep-alive']);
const stable = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([k]) => !PER_REQUEST.has(k)));

/** An answer with its bytes as sent (supertest would decode them), over real loopback HTTP. */
const raw = (path: string, acceptEncoding: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

const decode = (bytes: Buffer, coding: string | undefined) => (coding === 'br' ? zlib.brotliDecompressSync(bytes) : coding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString('utf8');

describe('the page lane', () => {
  test.each([
    ['brotli', 'gzip, deflate, br', 'br'],
    ['gzip', 'gzip', 'gzip'],
    ['identity', 'identity', undefined],
  ])('when a kept page is viewed again asking for %s, then the lane answers with the route\'s status, headers and content', async (_name, acceptEncoding, coding) => {
    for (const path of ['/', `/events/${slug}`]) {
      // A write first, so that the next view renders through the route.
      expectStatus(await callOp(t.app, 'updateEventContribution', { token, params: { slug }, body: { expectedUpdatedAt: bodyOf(await callOp(t.app, 'getEventContribution', { token, params: { slug } }), 200).updatedAt, patch: { summary: `Seen as ${_name} at ${path}` } } }), 200);
      const before = pageLaneStats.answered;
      const routed = await raw(path, acceptEncoding);
      expect(pageLaneStats.answered).toBe(before);
      const laned = await raw(path, acceptEncoding);
      expect(pageLaneStats.answered).toBe(before + 1);

      expect(laned.status).toBe(200);
      expect(routed.status).toBe(200);
      expect(stable(laned.headers)).toEqual(stable(routed.headers));
      expect(laned.headers['content-encoding']).toBe(coding);
      expect(Number(laned.headers['content-length'])).toBe(laned.body.length);
      expect(laned.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(laned.headers['x-request-id']).not.toBe(routed.headers['x-request-id']);
      expect(Number(laned.headers['ratelimit-remaining'])).toBe(Number(routed.headers['ratelimit-remaining']) - 1);
      const html = decode(laned.body, coding);
      expect(html).toBe(decode(routed.body, routed.headers['content-encoding']));
      expect(html).toMatch(/^<!doctype html>/);
    }
  });

  test('when a browser revalidates a kept page through the lane, then the coded tag it holds answers 304 with that tag', async () => {
    await raw(`/events/${slug}`, 'br');
    const held = await raw(`/events/${slug}`, 'br');
    const before = pageLaneStats.answered;
    const revalidated = await request(t.app).get(`/events/${slug}`).set('Accept-Encoding', 'br').set('If-None-Match', held.headers.etag!);
    expect(pageLaneStats.answered).toBe(before + 1);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(held.headers.etag);
    expect(revalidated.headers['content-security-policy']).toBe(held.headers['content-security-policy']);
    expect(revalidated.headers['x-request-id']).toBeDefined();
    // A tag of other bytes: the page itself.
    const stale = await request(t.app).get(`/events/${slug}`).set('If-None-Match', '"not-this-page-br"');
    expect(stale.status).toBe(200);
    expect(stale.text).toContain('Lane Lantern Night');
  });

  test('when another instance on the same database writes, then the next view of a kept page shows it', async () => {
    await request(t.app).get(`/events/${slug}`).expect(200);
    const before = pageLaneStats.answered;
    expect((await request(t.app).get(`/events/${slug}`).expect(200)).text).not.toContain('Written Elsewhere');
    expect(pageLaneStats.answered).toBe(before + 1);
    const record = bodyOf(await callOp(other.app, 'getEventContribution', { token, params: { slug } }), 200);
    expectStatus(await callOp(other.app, 'updateEventContribution', { token, params: { slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { title: 'Written Elsewhere' } } }), 200);
    const after = await request(t.app).get(`/events/${slug}`).expect(200);
    expect(after.text).toContain('Written Elsewhere');
    // Not from the lane: the page was rendered again, and is kept (and laned) from then on.
    expect(pageLaneStats.answered).toBe(before + 1);
    expect((await request(t.app).get(`/events/${slug}`).expect(200)).text).toBe(after.text);
    expect(pageLaneStats.answered).toBe(before + 2);
  });

  test('when the rate-limit store fails while the lane counts a view, then the route answers with its readable error page and the request id', async () => {
    await request(t.app).get('/').expect(200);
    const consume = jest.spyOn(t.services.rateLimits, 'consume').mockRejectedValue(problems.serviceUnavailable('The rate-limit store is unavailable.', 7));
    try {
      const failed = await request(t.app).get('/');
      expect(failed.status).toBe(503);
      expect(failed.headers['content-type']).toMatch(/^text\/html/);
      expect(failed.headers['retry-after']).toBe('7');
      expect(failed.headers['x-request-id']).toBeDefined();
      expect(failed.headers['cache-control']).toBe('no-store');
      // The lane tried, then handed the view to the route, which tried again.
      expect(consume).toHaveBeenCalledTimes(2);
    } finally {
      consume.mockRestore();
    }
    expect((await request(t.app).get('/')).status).toBe(200);
  });
});
