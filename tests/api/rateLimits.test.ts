import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import { contractDocument } from '../../src/contract/document.js';
import { routeClasses } from '../../src/generated/contract.js';
import { ROUTE_CLASS_LIMITS, WINDOW_MS } from '../../src/services/ratelimit/policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route-class rate limits (contract 8.3)', () => {
  test('when the policy table is read against the launch defaults the contract publishes, then every class has exactly those limits', () => {
    // The contract states the defaults in prose (RouteClass); read them from there, not from a copy.
    const text: string = (contractDocument() as { components: { schemas: Record<string, { description: string }> } }).components.schemas.RouteClass.description;
    expect(text).toContain('fixed 60-second windows');
    expect(WINDOW_MS).toBe(60_000);
    const published = Object.fromEntries([...text.matchAll(/`([a-z_]+)`\s+(\d+)\/(\d+)/g)].map((m) => [m[1], [Number(m[2]), Number(m[3])]]));
    // time_parse: "6 per minute per credential … with no trusted-partner multiplier".
    const timeParse = /`time_parse`[^]*?(\d+) per minute per credential[^]*?no trusted-partner\s+multiplier/.exec(text);
    expect(timeParse).not.toBeNull();
    published.time_parse = [Number(timeParse![1]), Number(timeParse![1])];
    expect(Object.keys(published).sort()).toEqual([...routeClasses].sort());
    expect(ROUTE_CLASS_LIMITS).toEqual(published);
  });

  test('when a token makes 30 credential-management calls, then the 31st is 429 with Retry-After and limit headers', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['developer:read']);
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: value })).status);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: value });
    expectStatus(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-limit']).toBe('30');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.body).toMatchObject({ type: '/problems/rate-limited', code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    // The block is audited once per window, not once per refused request.
    await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: value });
    const blocks = (await t.services.audit.list({ action: 'rate_limit.blocked' })).filter((r) => r.routeClass === 'developer_credential_management');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ actorKind: 'api_token', metadata: { quotaTier: 'standard', limit: 30, windowMs: 60000 } });
    // Other classes of the same token are separate buckets.
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: value })).status).toBe(200);
  });

  test('when concurrent requests race for the last slots, then exactly the limit is served', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['developer:read']);
    const results = await Promise.all(Array.from({ length: 40 }, () => callOp(t.app, 'listCurrentDeveloperApiTokens', { token: value })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(30);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
  });

  test('when invalid tokens are tried, then each failure counts against the anonymous bucket and the bucket then refuses before validation', async () => {
    const app = await createTestApp();
    try {
      for (let i = 0; i < 120; i++) {
        const res = await callOp(app.app, 'getCurrentApiCaller', { token: `service_${String(i).padStart(43, 'x')}` });
        expect(res.status).toBe(401);
      }
      const before = (await app.services.audit.list({ action: 'personal_token.validate', limit: 1000 })).length;
      const refused = await callOp(app.app, 'getCurrentApiCaller', { token: `service_${'y'.repeat(43)}` });
      expect(refused.status).toBe(429);
      // Refused before validation: no further validation result was recorded.
      expect((await app.services.audit.list({ action: 'personal_token.validate', limit: 1000 })).length).toBe(before);
      // The anonymous public-read bucket is the same one, so anonymous reads are refused too.
      expect((await callOp(app.app, 'getOpenApiDocument')).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  test('when an anonymous caller hits a protected route, then it counts against the anonymous bucket', async () => {
    const app = await createTestApp();
    try {
      const res = await callOp(app.app, 'getCurrentApiCaller');
      expect(res.status).toBe(401);
      expect(res.headers['ratelimit-limit']).toBe('120');
    } finally {
      await app.close();
    }
  });

  test('when X-Forwarded-For is sent without a configured trusted header, then it does not open a new bucket', async () => {
    const app = await createTestApp();
    try {
      for (let i = 0; i < 120; i++) await callOp(app.app, 'getOpenApiDocument', { headers: { 'X-Forwarded-For': `10.0.0.${i}` } });
      const res = await callOp(app.app, 'getOpenApiDocument', { headers: { 'X-Forwarded-For': '10.9.9.9' } });
      expect(res.status).toBe(429);
    } finally {
      await app.close();
    }
  });

  test('when the operator configures a trusted client-address header, then each address has its own bucket', async () => {
    const app = await createTestApp({ clientIp: { source: 'header', header: 'x-real-ip' } });
    try {
      for (let i = 0; i < 120; i++) await callOp(app.app, 'getOpenApiDocument', { headers: { 'X-Real-IP': '192.0.2.1' } });
      expect((await callOp(app.app, 'getOpenApiDocument', { headers: { 'X-Real-IP': '192.0.2.1' } })).status).toBe(429);
      expect((await callOp(app.app, 'getOpenApiDocument', { headers: { 'X-Real-IP': '192.0.2.2' } })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
