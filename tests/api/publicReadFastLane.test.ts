import { jest } from '@jest/globals';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { bodyOf, call, callOp, contractErrors, expectStatus } from '../helpers/contractClient.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { operations } from '../../src/generated/contract.js';
import { PublicReadCache } from '../../src/http/publicReadCache.js';
import { keptReadLaneStats } from '../../src/http/pipeline/fastLane.js';
import { loadDemoData } from '../../seeds/demo.js';

/**
 * The lanes of kept reads (src/http/pipeline/fastLane.ts) answer a kept anonymous public read
 * without routing and validating it again: the kept-read lane ahead of express (a plain GET),
 * the fast lane inside it (a conditional GET). Whatever lane answers, the answer must be the
 * one the full pipeline gives: headers, body, rate limit and refusals.
 */
let t: TestApp;
let slug: string;
/** Requests the fast lane (inside express) looked up. */
let laneHits: jest.SpiedFunction<PublicReadCache['current']>;
/** Requests the kept-read lane (ahead of express) answered, from `answeredFrom` on. */
let answeredFrom = 0;
const keptLaneAnswered = () => keptReadLaneStats.answered - answeredFrom;

// Anonymous public reads: 12 a minute at this scale (120 × 0.1).
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 0.1 });
  await loadDemoData(t.services);
  // Read with a token: the anonymous bucket of this address is left whole for the window test.
  const token = (await makeToken(t.services, (await makeUser(t.services)).id, ['public:read'])).value;
  slug = bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { token, query: { limit: 1 } }), 200).events[0]!.slug!;
});
afterAll(() => t.close());
beforeEach(() => {
  laneHits = jest.spyOn(PublicReadCache.prototype, 'current');
  answeredFrom = keptReadLaneStats.answered;
});
afterEach(() => laneHits.mockRestore());

const VARYING = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset']);
const fixedHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !VARYING.has(k)));
/** Each test reads from its own address (one anonymous bucket each), as a client behind its own IP. */
let address = 0;
const from = () => `198.51.100.${++address}`;

describe('the fast lane of kept public reads', () => {
  test('when a kept event is read again, then the fast lane answers with the same status, headers and body as the full pipeline', async () => {
    const app = await createTestApp({ rateLimitScale: 100, clientIp: { source: 'header', header: 'x-client-ip' } }, {}, { shareWith: t });
    try {
      const first = await call(app.app, 'GET', `/api/v0/events/${slug}`, { headers: { 'x-client-ip': from() } });
      const second = await call(app.app, 'GET', `/api/v0/events/${slug}`, { headers: { 'x-client-ip': from() } });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      // The first was computed and kept; the second answered by the kept-read lane.
      expect(keptLaneAnswered()).toBe(1);
      expect(laneHits).not.toHaveBeenCalled();
      expect(fixedHeaders(second.headers)).toEqual(fixedHeaders(first.headers));
      expect(second.text).toBe(first.text);
      expect(contractErrors({ method: 'get', path: operations.getPublicEventBySlug.path }, second).errors).toEqual([]);
      expect(second.headers['ratelimit-remaining']).toBe(first.headers['ratelimit-remaining']);
      // Logged and counted like any other request: its own id, its operation in the metrics.
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      const counted = async () => (await app.metrics.registry.getSingleMetric('marquee_http_requests_total')!.get()).values.find((v) => v.labels.operation_id === 'getPublicEventBySlug' && v.labels.status === '200')?.value;
      const before = await counted();
      await call(app.app, 'GET', `/api/v0/events/${slug}`);
      expect(await counted()).toBe((before ?? 0) + 1);
      const notModified = await call(app.app, 'GET', `/api/v0/events/${slug}`, { headers: { 'If-None-Match': first.headers.etag } });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.etag).toBe(first.headers.etag);
      // The conditional read went on to the fast lane inside express, which answered it from the entry.
      expect(keptLaneAnswered()).toBe(2);
      expect(await Promise.all(laneHits.mock.results.map((r) => r.value))).toEqual([expect.objectContaining({ status: 200 })]);
      // Coded as asked, from the same entry: the coding's own strong tag, the same bytes once decoded.
      const coded = await call(app.app, 'GET', `/api/v0/events/${slug}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(keptLaneAnswered()).toBe(3);
      expect(coded.status).toBe(200);
      if (Number(first.headers['content-length']) >= 1024) {
        expect(coded.headers['content-encoding']).toBe('gzip');
        expect(coded.headers.etag).toBe(first.headers.etag.replace(/"$/, '-gz"'));
      }
      expect(coded.headers.vary).toBe(first.headers.vary);
      expect(coded.text).toBe(first.text);
    } finally {
      await app.close();
    }
  });

  test('when anonymous reads of a kept event pass the window, then the fast lane still counts each and refuses the one over the limit', async () => {
    const url = `/api/v0/events/${slug}`;
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push(await call(t.app, 'GET', url));
    expect(answers.slice(0, 12).map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(answers.slice(0, 12).map((r) => Number(r.headers['ratelimit-remaining']))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const refused = answers[12];
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(contractErrors({ method: 'get', path: operations.getPublicEventBySlug.path }, refused).errors).toEqual([]);
    // The kept-read lane answered from the second read on, the refusal included.
    expect(keptLaneAnswered()).toBeGreaterThanOrEqual(12);
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  test('when a kept URL comes with a credential, a credential in the query or a body, then the full pipeline answers it', async () => {
    const app = await createTestApp({ rateLimitScale: 100 }, {}, { shareWith: t });
    try {
      const url = `/api/v0/events/${slug}`;
      expectStatus(await callOp(app.app, 'getPublicEventBySlug', { params: { slug } }), 200);
      laneHits.mockClear();
      const forged = await callOp(app.app, 'getPublicEventBySlug', { params: { slug }, token: 'mq_pat_made_up_token_value' });
      expect(forged.status).toBe(401);
      expect(forged.headers['www-authenticate']).toMatch(/^Bearer/);
      const inQuery = await call(app.app, 'GET', `${url}?access_token=mq_pat_made_up_token_value`);
      expect(inQuery.status).toBe(400);
      const withBody = await call(app.app, 'GET', url, { rawBody: '{"x":"\\u0000"}' });
      expect(withBody.status).not.toBe(500);
      expect(laneHits).not.toHaveBeenCalled();
      expect(keptLaneAnswered()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
