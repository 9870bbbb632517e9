import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, saveDraft } from '../helpers/factories.js';
import { bodyOf, call, callOp, expectStatus, operationFor } from '../helpers/contractClient.js';
import { ResponseValidator } from '../../src/contract/responseValidator.js';
import { loadConfig } from '../../src/config.js';
import { networkRef } from '../../src/http/clientAddress.js';
import { StandInParser } from '../helpers/standInTimeParser.js';

/**
 * Issue 15: the RateLimit headers describe the limit that answered (route class or quota) on
 * every response of a rate-limited route, Referrer-Policy everywhere, and anonymous buckets
 * keyed by the TCP peer unless the operator configured a trusted single-value header.
 */


type Headers = Record<string, string | string[] | undefined>;

/** The three RateLimit headers and Retry-After as numbers; fails unless all four are present integers. */
function limitHeaders(headers: Headers) {
  const out = {
    limit: Number(headers['ratelimit-limit']),
    remaining: Number(headers['ratelimit-remaining']),
    reset: Number(headers['ratelimit-reset']),
    retryAfter: Number(headers['retry-after']),
  };
  for (const [name, value] of Object.entries(out)) {
    if (!Number.isInteger(value)) throw new Error(`${name} header missing or not an integer: ${JSON.stringify(headers)}`);
  }
  return out;
}

/**
 * A refused answer's headers and problem describe one limit: nothing remains, Retry-After is the
 * wait until RateLimit-Reset (the test clock stands on whole seconds), and the problem repeats
 * both in `retryAfterSeconds` and its `quota` member.
 */
function expectOneLimit(res: { headers: Headers; body: unknown }, nowMs: number) {
  const h = limitHeaders(res.headers);
  expect(h.remaining).toBe(0);
  expect(h.retryAfter).toBeGreaterThanOrEqual(1);
  expect(h.reset).toBe(nowMs / 1000 + h.retryAfter);
  expect(res.body).toMatchObject({ status: 429, retryAfterSeconds: h.retryAfter });
  const quota = (res.body as { quota?: { limit: number; remaining: number; resetAt: number } }).quota;
  if (quota) expect(quota).toMatchObject({ limit: h.limit, remaining: 0, resetAt: h.reset * 1000 });
  return h;
}

describe('time parsing: every answer carries the limit that governs it (contract 8.2, 8.3 rule 9)', () => {
  let t: TestApp;
  const parser = new StandInParser();
  beforeAll(async () => {
    t = await createTestApp({}, { timeParser: parser });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    parser.warm = true;
    t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 10));
  });

  async function beta(opts: { granted?: boolean } = {}) {
    const user = await makeUser(t.services, { verified: true });
    if (opts.granted !== false) await t.services.users.setTimeApiAccess(user.id, true);
    return { user, token: (await makeToken(t.services, user.id, ['time:parse'])).value };
  }
  const submit = (token: string, text = 'in an hour') => callOp(t.app, 'parseTemporalExpression', { token, body: { text, timeZone: 'UTC' } });
  const settle = () => Promise.all([...t.services.timeJobs!.inFlight]);

  test('when the per-minute quota is spent, then the 429 has RateLimit-Limit/Remaining/Reset and Retry-After describing that minute', async () => {
    const { token } = await beta();
    for (let i = 0; i < 6; i++) expect((await submit(token)).status).toBe(200);
    const refused = await submit(token);
    expectStatus(refused, 429);
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    const h = expectOneLimit(refused, t.clock.now());
    expect(h.limit).toBe(6);
    // The minute ends at 12:01:00 UTC; the clock reads 12:00:10.
    expect(h.reset).toBe(Date.UTC(2026, 10, 21, 12, 1, 0) / 1000);
    expect(h.retryAfter).toBe(50);
    expect(refused.body).toMatchObject({ quota: { name: 'time_parse_credential_minute', limit: 6 } });
    expect(refused.body.detail).toContain('6');
    // The next minute has room again.
    t.clock.set(Date.UTC(2026, 10, 21, 12, 1, 0));
    expect((await submit(token)).status).toBe(200);
  });

  test('when the daily allowance is the tightest limit, then every answer reports it and its 429 waits for the end of the UTC day', async () => {
    const { user, token } = await beta();
    await t.services.timeQuota.setAllowances(user.id, { daily: 2 });
    const first = await submit(token);
    expect(first.status).toBe(200);
    // One of two left today is tighter than five of six left this minute.
    expect(limitHeaders({ ...first.headers, 'retry-after': '1' })).toMatchObject({ limit: 2, remaining: 1, reset: Date.UTC(2026, 10, 22) / 1000 });
    expect((await submit(token)).status).toBe(200);
    const refused = await submit(token);
    expectStatus(refused, 429);
    const h = expectOneLimit(refused, t.clock.now());
    expect(h).toMatchObject({ limit: 2, reset: Date.UTC(2026, 10, 22) / 1000 });
    expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', quota: { name: 'time_parse_day', limit: 2, remaining: 0 } });
  });

  test('when a parse is already in flight, then the 429 describes the one-at-a-time limit, not the minute window that still has room', async () => {
    const { token } = await beta();
    parser.warm = false;
    let release!: () => void;
    parser.gate = new Promise<void>((resolve) => (release = resolve));
    expect((await submit(token)).status).toBe(202);
    const refused = await submit(token);
    release();
    parser.gate = undefined;
    expectStatus(refused, 429);
    const h = expectOneLimit(refused, t.clock.now());
    expect(h).toMatchObject({ limit: 1, retryAfter: 1 });
    expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', quota: { name: 'time_parse_in_flight', limit: 1, remaining: 0 } });
    await settle();
  });

  test('when a continuation is polled, then its RateLimit headers are the authenticated public-read window that bounds polling', async () => {
    const { token } = await beta();
    parser.warm = false;
    const pending = bodyOf(await submit(token), 202);
    await settle();
    const polled = await callOp(t.app, 'getTemporalParseContinuation', { params: { continuationToken: pending.continuationToken }, token });
    expect(polled.status).toBe(200);
    // Contract 8.2: "Polling is bounded separately by the authenticated public-read class."
    expect(polled.headers['ratelimit-limit']).toBe('600');
    expect(polled.headers['ratelimit-remaining']).toBe('599');
  });

  test('when a time-parse submission is refused for another reason, then it still carries the quota window headers', async () => {
    const { token } = await beta({ granted: false });
    const refused = await submit(token);
    expectStatus(refused, 403);
    expect(refused.headers['ratelimit-limit']).toBe('6');
    expect(refused.headers['ratelimit-remaining']).toBe('6');
    expect(refused.headers['ratelimit-reset']).toBe(String(Date.UTC(2026, 10, 21, 12, 1, 0) / 1000));
  });
});

describe('the draft quota (decisions §4: 20 live drafts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('when the 21st draft is refused, then its RateLimit headers, Retry-After and problem all describe the 20-draft limit', async () => {
    const { token } = await makeContributor(t);
    const start = t.clock.now();
    for (let i = 0; i < 20; i++) {
      expect((await saveDraft(t, token, { title: `d${i}` })).status).toBe(200);
      t.clock.advance(1000);
    }
    const refused = await saveDraft(t, token, { title: 'one too many' });
    expectStatus(refused, 429);
    const h = expectOneLimit(refused, t.clock.now());
    const oldestExpires = start + 30 * 86_400_000;
    expect(h).toMatchObject({ limit: 20, reset: oldestExpires / 1000 });
    expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', quota: { name: 'live_drafts', limit: 20, remaining: 0, resetAt: oldestExpires } });
    expect(refused.body.detail).toContain('20');
    // The route-class window (public_write, 30 a minute) is not what refused: it must not say "thousands remain".
    expect(h.remaining).toBe(0);
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('when an API operation answers, then it sends Referrer-Policy same-origin and keeps nosniff', async () => {
    const res = await callOp(t.app, 'getOpenApiDocument');
    expect(res.status).toBe(200);
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test('when a problem answers (unknown path, refused bearer), then it sends Referrer-Policy too', async () => {
    const missing = await call(t.app, 'GET', '/api/v0/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers['referrer-policy']).toBe('same-origin');
    const refused = await callOp(t.app, 'getCurrentApiCaller', { token: `service_${'z'.repeat(43)}` });
    expect(refused.status).toBe(401);
    expect(refused.headers['referrer-policy']).toBe('same-origin');
  });

  test('when an HTML page answers, then it sends Referrer-Policy and Permissions-Policy and keeps its own CSP', async () => {
    const request = (await import('supertest')).default;
    for (const path of ['/', '/login']) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const login = await request(t.app).get('/login');
    expect(login.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('anonymous buckets follow the TCP peer (contract 8.3 rules 4 and 7)', () => {
  const validator = new ResponseValidator();
  let t: TestApp;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    // The default configuration: no CLIENT_IP_HEADER.
    t = await createTestApp();
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  /** One request from the loopback address `from`, checked against the contract like `callOp`. */
  function from(address: string, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Headers; body: unknown }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', localAddress: address, headers: { accept: 'application/json', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = String(res.headers['content-type'] ?? '');
          const body = contentType.includes('json') ? JSON.parse(text) : text;
          const op = operationFor('GET', path);
          const check = validator.check({ method: op?.method, path: op?.path, status: res.statusCode!, contentType, body });
          if (!check.ok) return reject(new Error(`GET ${path} → ${res.statusCode} breaks the contract: ${check.errors.join('; ')}`));
          resolve({ status: res.statusCode!, headers: res.headers, body });
        });
      });
      req.on('error', reject);
      req.end();
    });
  }
  const openapi = '/api/v0/openapi.json';
  const me = '/api/v0/me';

  test('when the configuration names no client-address header, then the TCP peer is the address', () => {
    const config = loadConfig({ NODE_ENV: 'test', MARQUEE_DATA_DIR: t.config.dataDir }, { secretKey: t.config.secretKey });
    expect(config.clientIp).toEqual({ source: 'socket' });
    // IPv4-mapped peers are the same client as their IPv4 form.
    const peer = (remoteAddress: string) => ({ socket: { remoteAddress }, headers: {} }) as unknown as http.IncomingMessage;
    expect(networkRef(config, peer('::ffff:192.0.2.7'))).toBe(networkRef(config, peer('192.0.2.7')));
    expect(networkRef(config, peer('192.0.2.7'))).not.toBe(networkRef(config, peer('192.0.2.8')));
    // An IPv6 client is its /64: rotating the interface id does not open new buckets.
    expect(networkRef(config, peer('2001:db8:1:2::1'))).toBe(networkRef(config, peer('2001:db8:1:2:ffff:ffff:ffff:fffe')));
    expect(networkRef(config, peer('2001:db8:1:2::1'))).not.toBe(networkRef(config, peer('2001:db8:1:3::1')));
  });

  test('when one peer spends its anonymous bucket, then another peer still has its own, and a forged X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 120; i++) {
      const res = await from('127.0.0.1', openapi, { 'X-Forwarded-For': `198.51.100.${i}` });
      expect(res.status).toBe(200);
    }
    const spent = await from('127.0.0.1', openapi);
    expect(spent.status).toBe(429);
    expect(limitHeaders(spent.headers)).toMatchObject({ limit: 120, remaining: 0 });
    // Claiming to be someone else (or the other peer) does not move the caller to another bucket.
    for (const forged of ['198.51.100.250', '127.0.0.2', '127.0.0.2, 127.0.0.1']) {
      expect((await from('127.0.0.1', openapi, { 'X-Forwarded-For': forged, 'X-Real-IP': forged, Forwarded: `for=${forged.split(',')[0]}` })).status).toBe(429);
    }
    const other = await from('127.0.0.2', openapi);
    expect(other.status).toBe(200);
    expect(other.headers['ratelimit-limit']).toBe('120');
    expect(other.headers['ratelimit-remaining']).toBe('119');
  });

  test('when one peer sends made-up bearer tokens until refused, then a valid token holder on another peer is still served', async () => {
    for (let i = 0; i < 120; i++) {
      const res = await from('127.0.0.3', me, { Authorization: `Bearer service_${String(i).padStart(43, 'f')}` });
      expect(res.status).toBe(401);
    }
    // The attacker's own address is refused before any further token is checked (rule 4) ...
    const refused = await from('127.0.0.3', me, { Authorization: `Bearer service_${'g'.repeat(43)}` });
    expect(refused.status).toBe(429);
    expect(limitHeaders(refused.headers).remaining).toBe(0);
    // ... while the holder of a valid token, calling from elsewhere, is not.
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const served = await from('127.0.0.4', me, { Authorization: `Bearer ${value}` });
    expect(served.status).toBe(200);
    expect(bodyOf({ status: served.status, body: served.body }, 200)).toBeDefined();
  });
});
