import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { metricsAccess } from '../../src/http/observability/metrics.js';
import type { TimeParserStats } from '../../src/services/time/jobs.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import { capturedLog } from '../helpers/logCapture.js';
import { StandInParser } from '../helpers/standInTimeParser.js';

/** A stand-in parser that reports pool state, as the worker pool does. */
class ReportingParser extends StandInParser {
  stats(): TimeParserStats {
    return { workers: 3, queued: 2, active: 1, warm: true };
  }
}

const LOGGED_FIELDS = ['level', 'time', 'pid', 'hostname', 'msg', 'requestId', 'method', 'route', 'operationId', 'routeClass', 'status', 'durationMs', 'aborted'];
const METRICS_TOKEN = 'metrics-' + 'x'.repeat(24);

let t: TestApp;
const log = capturedLog();
beforeAll(async () => {
  t = await createTestApp({ logRequests: true }, { logger: log.logger, timeParser: new ReportingParser() });
});
afterAll(() => t.close());

/** The log lines written while `act` ran, parsed. */
async function logged(act: () => Promise<unknown>): Promise<{ lines: Record<string, unknown>[]; text: string }> {
  const from = log.lines.length;
  await act();
  const raw = log.lines.slice(from);
  return { lines: raw.map((l) => JSON.parse(l) as Record<string, unknown>), text: raw.join('\n') };
}

/** One sample of a metric from the Prometheus text, by its labels. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    const has = Object.entries(labels).every(([k, v]) => labelText.split(',').includes(`${k}="${v}"`));
    if (has) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('the JSON request log', () => {
  test('when a contract operation is called, then one JSON line records its request id, route template, operationId and route class', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    let requestId = '';
    const { lines } = await logged(async () => {
      const res = await callOp(t.app, 'getCurrentApiCaller', { token: value });
      expectStatus(res, 200);
      requestId = String(res.headers['x-request-id']);
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      requestId,
      method: 'GET',
      route: '/api/v0/me',
      operationId: 'getCurrentApiCaller',
      routeClass: 'authenticated_public_read',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('when a public read is called anonymously and with a token, then each line names the class the call counted against', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const { lines } = await logged(async () => {
      expectStatus(await callOp(t.app, 'getApiRateLimitUsage', {}), 200);
      expectStatus(await callOp(t.app, 'getApiRateLimitUsage', { token: value }), 200);
      expectStatus(await callOp(t.app, 'listPublicUpcomingEvents', {}), 200);
      expectStatus(await callOp(t.app, 'listPublicUpcomingEvents', { token: value }), 200);
    });
    expect(lines.map((l) => [l.operationId, l.routeClass])).toEqual([
      ['getApiRateLimitUsage', 'anonymous_public_read'],
      ['getApiRateLimitUsage', 'authenticated_public_read'],
      ['listPublicUpcomingEvents', 'anonymous_public_read'],
      ['listPublicUpcomingEvents', 'authenticated_public_read'],
    ]);
  });

  test('when tokens and time expressions travel in the path, query, Authorization header and body, then no line holds any of them', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['time:parse', 'public:read']);
    const continuation = 'C'.repeat(43);
    const password = 'correct horse battery staple';
    const { lines, text } = await logged(async () => {
      await callOp(t.app, 'getTemporalParseContinuation', { params: { continuationToken: continuation }, token: value });
      await callOp(t.app, 'parseTemporalExpression', { token: value, body: { text: `next fortnight at quarter past nine ${value}`, timeZone: 'Europe/Berlin' } });
      await request(t.app).get(`/api/v0/me?access_token=${value}`);
      await request(t.app).get(`/api/v0/nowhere/${value}`).set('Authorization', `Bearer ${value}`);
      await request(t.app).post('/login').type('form').send({ email: 'someone@example.org', password });
    });
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(LOGGED_FIELDS).toEqual(expect.arrayContaining(Object.keys(line)));
      expect(line.requestId).toEqual(expect.any(String));
    }
    expect(lines.map((l) => l.route)).toEqual(['/api/v0/time/parse/{continuationToken}', '/api/v0/time/parse', '/api/v0/me', '(unmatched)', '/login']);
    expect(lines[1]).toMatchObject({ operationId: 'parseTemporalExpression', routeClass: 'time_parse' });
    for (const secret of [value, continuation.slice(0, 10), 'access_token', 'fortnight', 'quarter past', 'Europe/Berlin', password, 'someone@example.org', 'Bearer']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('log and metrics configuration', () => {
  test('when LOG_LEVEL is unset, then the log is silent under test and at info otherwise; an unknown level is refused', () => {
    const env = { MARQUEE_DATA_DIR: t.config.dataDir, MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url') };
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).logLevel).toBe('info');
    expect(loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(() => loadConfig({ ...env, LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
  });

  test('when METRICS_TOKEN is short or holds spaces, then the configuration is refused', () => {
    const env = { MARQUEE_DATA_DIR: t.config.dataDir, MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url') };
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'has spaces in the middle' })).toThrow(ConfigError);
    expect(loadConfig({ ...env, METRICS_TOKEN: METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
  });
});

describe('the request id', () => {
  test('when the caller sends a short safe X-Request-Id, then it is echoed and logged', async () => {
    const id = 'edge-7f3a.b_01';
    const { lines } = await logged(async () => {
      const res = await request(t.app).get('/').set('X-Request-Id', id);
      expect(res.headers['x-request-id']).toBe(id);
    });
    expect(lines[0]).toMatchObject({ requestId: id, route: '/', status: 200 });
  });

  test.each([
    ['spaces and markup', 'id with <script>'],
    ['a header-injection attempt', 'abc%0d%0aSet-Cookie:x'],
    ['65 characters', 'a'.repeat(65)],
    ['a quote', 'abc"def'],
  ])('when the caller sends an unsafe X-Request-Id (%s), then a fresh id is used and the sent one is never logged', async (_label, sent) => {
    const { lines, text } = await logged(async () => {
      const res = await request(t.app).get('/').set('X-Request-Id', sent);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
    expect(lines[0].requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(text).not.toContain(sent);
  });

  test('when a refusal answers (a 404 problem), then it carries a request id too', async () => {
    const res = await request(t.app).get('/api/v0/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and readiness', () => {
  test('when the process is up, then /healthz answers 200 without asking any dependency', async () => {
    const { lines } = await logged(async () => {
      const res = await request(t.app).get('/healthz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    });
    // Probes are frequent: their lines are debug, below the log's info level.
    expect(lines).toEqual([]);
  });

  test('when the database (and Redis, when configured) answer, then /readyz answers 200 with each check', async () => {
    const res = await request(t.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: t.redis ? { database: 'ok', rateLimitStore: 'ok' } : { database: 'ok' } });
  });

  test('when the database is closed, then /readyz answers 503 problem+json naming the database and no connection detail', async () => {
    // A second app over its own connection pool to the same database, which is then closed.
    const db = createDb({ databaseUrl: t.config.databaseUrl, sqliteFile: t.config.sqliteFile, pgSchema: t.config.databaseSchema });
    const built = await buildApp({ config: t.config, db, clock: t.clock });
    try {
      await db.destroy();
      const res = await request(built.app).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ type: '/problems/not-ready', status: 503, code: 'NOT_READY', checks: { database: 'unavailable' } });
      const text = JSON.stringify(res.body);
      for (const detail of [t.config.sqliteFile, 'postgres', '127.0.0.1', 'Unable']) expect(text).not.toContain(detail);
      // Liveness does not depend on the database.
      expect((await request(built.app).get('/healthz')).status).toBe(200);
    } finally {
      await built.shutdown();
    }
  });

  test('when the rate-limit store cannot be reached, then /readyz answers 503 naming it', async () => {
    // Loopback port 1: nothing listens; no offline queue, so the ping fails at once.
    const redis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const built = await buildApp({ config: t.config, db: t.db, clock: t.clock, redis });
    try {
      const res = await request(built.app).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'NOT_READY', checks: { database: 'ok', rateLimitStore: 'unavailable' } });
      expect(JSON.stringify(res.body)).not.toContain(':1');
    } finally {
      await built.shutdown();
      redis.disconnect();
    }
  });
});

describe('Prometheus metrics', () => {
  test('when an operation is called, then /metrics counts it by operationId, method and status and observes its latency', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const earlier = (await request(t.app).get('/metrics')).text;
    const before = sample(earlier, 'marquee_http_requests_total', { operation_id: 'getCurrentApiCaller', method: 'GET', status: '200' }) ?? 0;
    const observedBefore = sample(earlier, 'marquee_http_request_duration_seconds_count', { operation_id: 'getCurrentApiCaller' }) ?? 0;
    expectStatus(await callOp(t.app, 'getCurrentApiCaller', { token: value }), 200);
    const res = await request(t.app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(res.text, 'marquee_http_requests_total', { operation_id: 'getCurrentApiCaller', method: 'GET', status: '200' })).toBe(before + 1);
    expect(sample(res.text, 'marquee_http_request_duration_seconds_count', { operation_id: 'getCurrentApiCaller' })).toBe(observedBefore + 1);
    // Process metrics of the default set are there too.
    expect(res.text).toContain('process_cpu_user_seconds_total');
  });

  test('when a route class refuses with 429, then the refusal is counted under that route class', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['developer:read']);
    const refusals = async () => sample((await request(t.app).get('/metrics')).text, 'marquee_rate_limit_refusals_total', { route_class: 'developer_credential_management' }) ?? 0;
    const before = await refusals();
    for (let i = 0; i < 30; i++) expectStatus(await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: value }), 200);
    expectStatus(await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: value }), 429);
    expect(await refusals()).toBe(before + 1);
  });

  test('when an anonymous caller is refused on a route whose x-route-class is for credentials, then the refusal counts under the anonymous class that refused', async () => {
    const fresh = await createTestApp();
    try {
      const refusals = async (routeClass: string) => sample((await request(fresh.app).get('/metrics')).text, 'marquee_rate_limit_refusals_total', { route_class: routeClass });
      // getApiRateLimitUsage: x-route-class authenticated_public_read; anonymous calls count as anonymous_public_read (120 a minute).
      for (let i = 0; i < 120; i++) expectStatus(await callOp(fresh.app, 'getApiRateLimitUsage', {}), 200);
      expectStatus(await callOp(fresh.app, 'getApiRateLimitUsage', {}), 429);
      // A credential from the exhausted address is refused by the anonymous bucket before it is checked.
      expectStatus(await callOp(fresh.app, 'getApiRateLimitUsage', { token: 'mq_pat_not-a-real-token' }), 429);
      expect(await refusals('anonymous_public_read')).toBe(2);
      expect(await refusals('authenticated_public_read')).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  test('when the time-parse pool reports its state, then workers, queued and active parses are gauges', async () => {
    const text = (await request(t.app).get('/metrics')).text;
    expect(sample(text, 'marquee_time_parse_pool_workers', {})).toBe(3);
    expect(sample(text, 'marquee_time_parse_pool_queued', {})).toBe(2);
    expect(sample(text, 'marquee_time_parse_pool_active', {})).toBe(1);
    expect(sample(text, 'marquee_time_parse_pool_warm', {})).toBe(1);
  });

  test('when a metrics token is configured, then /metrics refuses callers without it (401) and serves the bearer of it', async () => {
    const guarded = await createTestApp({ metricsToken: METRICS_TOKEN });
    try {
      const none = await request(guarded.app).get('/metrics');
      expect(none.status).toBe(401);
      expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.text).not.toContain('marquee_http_requests_total');
      expect((await request(guarded.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}x`)).status).toBe(401);
      const ok = await request(guarded.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('marquee_http_requests_total');
    } finally {
      await guarded.close();
    }
  });

  test('when production has no metrics token, then metrics are not served; with one, they need it', () => {
    expect(metricsAccess({ env: 'production', metricsToken: undefined })).toEqual({ kind: 'disabled' });
    expect(metricsAccess({ env: 'production', metricsToken: METRICS_TOKEN })).toEqual({ kind: 'token', token: METRICS_TOKEN });
    expect(metricsAccess({ env: 'development', metricsToken: undefined })).toEqual({ kind: 'open' });
  });

  test('when two apps run in one process, then each has its own registry', async () => {
    const other = await createTestApp();
    try {
      expect(other.metrics.registry).not.toBe(t.metrics.registry);
      await request(other.app).get('/healthz');
      // Only the one request the other app answered, whatever this file's app has counted.
      expect(sample((await request(other.app).get('/metrics')).text, 'marquee_http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('security headers of the pages', () => {
  test('when the sign-in page is served, then it carries a CSP of our own stylesheet and script only, framing refusals, COOP and no-store', async () => {
    const res = await request(t.app).get('/login');
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('sha256-');
    // No inline style or script: the stylesheet and the script are files of ours.
    expect(res.text).not.toMatch(/<style/i);
    expect([...res.text.matchAll(/<script[^>]*>/gi)].every((m) => /\ssrc="\/assets\//.test(m[0]))).toBe(true);
    expect(res.text).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.text).not.toMatch(/\sstyle=|\son[a-z]+=/i);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // The public base URL is http here: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('when the start page is served, then it carries the page policy (no inline script) and may be cached, revalidated by its ETag', async () => {
    const res = await request(t.app).get('/');
    const policy = res.headers['content-security-policy'];
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await request(t.app).get('/').set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  test('when the public base URL is https, then answers carry Strict-Transport-Security', async () => {
    const secure = await createTestApp({ publicBaseUrl: 'https://marquee.test' });
    try {
      const page = await request(secure.app).get('/login');
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
      expect((await request(secure.app).get('/api/v0/openapi.json')).headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});
