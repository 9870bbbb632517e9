import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { call } from '../helpers/contractClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route-class rate limits (contract 8.3)', () => {
  test('when a token makes 30 credential-management calls, then the 31st is 429 with Retry-After and limit headers', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['developer:read']);
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await call(t.app, 'GET', '/api/v0/developer/tokens', { token: value })).status);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await call(t.app, 'GET', '/api/v0/developer/tokens', { token: value });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-limit']).toBe('30');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.body).toMatchObject({ type: '/problems/rate-limited', code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    // The block is audited once per window, not once per refused request.
    await call(t.app, 'GET', '/api/v0/developer/tokens', { token: value });
    const blocks = (await t.services.audit.list({ action: 'rate_limit.blocked' })).filter((r) => r.routeClass === 'developer_credential_management');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ actorKind: 'api_token', metadata: { quotaTier: 'standard', limit: 30, windowMs: 60000 } });
    // Other classes of the same token are separate buckets.
    expect((await call(t.app, 'GET', '/api/v0/me', { token: value })).status).toBe(200);
  });

  test('when concurrent requests race for the last slots, then exactly the limit is served', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['developer:read']);
    const results = await Promise.all(Array.from({ length: 40 }, () => call(t.app, 'GET', '/api/v0/developer/tokens', { token: value })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(30);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
  });

  test('when invalid tokens are tried, then each failure counts against the anonymous bucket and the bucket then refuses before validation', async () => {
    const app = await createTestApp();
    try {
      for (let i = 0; i < 120; i++) {
        const res = await call(app.app, 'GET', '/api/v0/me', { token: `service_${String(i).padStart(43, 'x')}` });
        expect(res.status).toBe(401);
      }
      const before = (await app.services.audit.list({ action: 'personal_token.validate', limit: 1000 })).length;
      const refused = await call(app.app, 'GET', '/api/v0/me', { token: `service_${'y'.repeat(43)}` });
      expect(refused.status).toBe(429);
      // Refused before validation: no further validation result was recorded.
      expect((await app.services.audit.list({ action: 'personal_token.validate', limit: 1000 })).length).toBe(before);
      // The anonymous public-read bucket is the same one, so anonymous reads are refused too.
      expect((await call(app.app, 'GET', '/api/v0/openapi.json')).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  test('when an anonymous caller hits a protected route, then it counts against the anonymous bucket', async () => {
    const app = await createTestApp();
    try {
      const res = await call(app.app, 'GET', '/api/v0/me');
      expect(res.status).toBe(401);
      expect(res.headers['ratelimit-limit']).toBe('120');
    } finally {
      await app.close();
    }
  });

  test('when X-Forwarded-For is sent without a configured trusted header, then it does not open a new bucket', async () => {
    const app = await createTestApp();
    try {
      for (let i = 0; i < 120; i++) await call(app.app, 'GET', '/api/v0/openapi.json', { headers: { 'X-Forwarded-For': `10.0.0.${i}` } });
      const res = await call(app.app, 'GET', '/api/v0/openapi.json', { headers: { 'X-Forwarded-For': '10.9.9.9' } });
      expect(res.status).toBe(429);
    } finally {
      await app.close();
    }
  });

  test('when the operator configures a trusted client-address header, then each address has its own bucket', async () => {
    const app = await createTestApp({ clientIp: { source: 'header', header: 'x-real-ip' } });
    try {
      for (let i = 0; i < 120; i++) await call(app.app, 'GET', '/api/v0/openapi.json', { headers: { 'X-Real-IP': '192.0.2.1' } });
      expect((await call(app.app, 'GET', '/api/v0/openapi.json', { headers: { 'X-Real-IP': '192.0.2.1' } })).status).toBe(429);
      expect((await call(app.app, 'GET', '/api/v0/openapi.json', { headers: { 'X-Real-IP': '192.0.2.2' } })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
