import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { pageLaneStats } from '../../src/http/web/publicPages.js';

// Pages are public reads and count as the API operation they show: an anonymous page view takes
// one from the address's anonymous bucket (120 a minute), the one its anonymous API calls use,
// whether the page is rendered or answered kept by the page lane. Refused: a readable 429 page.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.services);
});
afterAll(() => t.close());

const SAME_HEADERS = ['content-type', 'content-security-policy', 'cache-control', 'etag', 'vary', 'x-frame-options', 'referrer-policy', 'x-content-type-options', 'permissions-policy', 'cross-origin-opener-policy'];

test('when one address views pages, then the 121st view within the minute is a 429 page saying when to come back, and its API reads and searches are refused too', async () => {
  const { events } = (await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 1 } })).body as { events: { slug: string }[] };
  const first = await request(t.app).get('/').expect(200);
  const laneBefore = pageLaneStats.answered;
  // The rest through the kept page (the lane) and a rendered event page, one address.
  const paths = Array.from({ length: 118 }, (_, i) => (i % 2 ? '/' : `/events/${events[0].slug}`));
  for (const path of paths) {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    if (path === '/') for (const h of SAME_HEADERS) expect([h, res.headers[h]]).toEqual([h, first.headers[h]]);
  }
  expect(first.headers['ratelimit-limit']).toBe('120');
  // Kept pages are answered by the page lane, before routing: every view but the event page's first.
  expect(pageLaneStats.answered - laneBefore).toBe(paths.length - 1);
  const refused = await request(t.app).get('/');
  expect(refused.status).toBe(429);
  expect(refused.headers['content-type']).toMatch(/^text\/html/);
  expect(refused.headers['cache-control']).toBe('no-store');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.headers['ratelimit-remaining']).toBe('0');
  expect(refused.text).toContain('Too many requests');
  expect(refused.text).toMatch(/Try again in \d+ seconds/);
  // The same bucket: the API refuses this address as well, and so do the share cards.
  expectStatus(await callOp(t.app, 'listPublicUpcomingEvents', {}), 429);
  expect((await request(t.app).get('/search?q=neon')).status).toBe(429);
  // Share cards are images, counted like the API's artwork downloads (their own, larger class).
  const card = await request(t.app).get('/cards/site.png');
  expect(card.status).toBe(200);
  expect(card.headers['ratelimit-limit']).toBe('1200');
});

describe('concurrent page views from one address', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
    await loadDemoData(fresh.services);
  });
  afterAll(() => fresh.close());

  test('when 130 views of kept and rendered pages arrive at once, then exactly 120 are served and 10 get the 429 page', async () => {
    // One view first, so the home page is kept and the rest race through the lane and the routes.
    await request(fresh.app).get('/').expect(200);
    const paths = Array.from({ length: 129 }, (_, i) => (i % 3 === 0 ? '/search?q=neon' : '/'));
    const statuses = (await Promise.all(paths.map((p) => request(fresh.app).get(p)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(119);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
