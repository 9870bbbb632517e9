import { jest } from '@jest/globals';
import request from 'supertest';
import { OpenAPIBackend } from 'openapi-backend';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { call, contractErrors } from '../helpers/contractClient.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { operations, type OperationId } from '../../src/generated/contract.js';

/**
 * The direct lane (src/http/pipeline/fastLane.ts) runs a plain GET of an operation with nothing
 * to validate (`/me`, the rate-limit usage, the storage probe) through the pipeline's stages
 * without routing it through express and openapi-backend. Whichever way a request goes, the
 * answer must be the same: status, headers, body, refusals and rate limits.
 *
 * The same operation is reached through the full pipeline by its path with a trailing slash
 * (`/api/v0/me/`, routed to the same operation): the lane takes only the literal path.
 */
let t: TestApp;
/** Requests that went through openapi-backend (the full pipeline). */
let fullPipeline: jest.SpiedFunction<OpenAPIBackend['handleRequest']>;

beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100, clientIp: { source: 'header', header: 'x-client-ip' } });
});
afterAll(() => t.close());
beforeEach(() => {
  fullPipeline = jest.spyOn(OpenAPIBackend.prototype, 'handleRequest');
});
afterEach(() => fullPipeline.mockRestore());

// The compressed length moves with the counters in the body.
const VARYING_HEADERS = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'content-length']);
const fixedHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !VARYING_HEADERS.has(k)));
/** The body without the counters that move from one call to the next. */
const fixedBody = (body: unknown): unknown =>
  Array.isArray(body)
    ? body.map(fixedBody)
    : body && typeof body === 'object'
      ? Object.fromEntries(Object.entries(body).filter(([k]) => !['remaining', 'resetAt', 'retryAfterSeconds'].includes(k)).map(([k, v]) => [k, fixedBody(v)]))
      : body;

/** The same request by the path with a trailing slash, which the full pipeline routes to the same operation; checked against it. */
async function viaPipeline(path: string, headers: Record<string, string>, rawBody?: string) {
  let req = request(t.app).get(`${path}/`);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  const res = await (rawBody === undefined ? req : req.send(rawBody));
  expect(contractErrors({ method: 'get', path }, res).errors).toEqual([]);
  return res;
}

let address = 0;
const from = () => `198.51.100.${++address}`;

const DIRECT: OperationId[] = ['getCurrentApiCaller', 'getApiRateLimitUsage', 'probeProfileAssetUploadStorage'];

describe('the direct lane of operations with nothing to validate', () => {
  test.each(DIRECT)('when %s is called by each kind of caller, then the direct lane answers exactly as the full pipeline does', async (operationId) => {
    const user = await makeUser(t.services, { verified: true });
    const reader = (await makeToken(t.services, user.id, ['public:read'])).value;
    const narrow = (await makeToken(t.services, user.id, ['events:contribute'])).value;
    const callers: [string, Record<string, string>][] = [
      ['anonymous', {}],
      ['a token with public:read', { authorization: `Bearer ${reader}` }],
      ['a token without public:read', { authorization: `Bearer ${narrow}` }],
      ['an unknown token', { authorization: `Bearer mq_pat_${'A'.repeat(43)}` }],
      ['a malformed credential', { authorization: 'Basic Zm9vOmJhcg==' }],
      ['a credential with a body', { authorization: `Bearer ${reader}`, 'content-type': 'application/json', 'x-raw-body': '{}' }],
    ];
    const url = operations[operationId].path;
    for (const [who, headers] of callers) {
      const { 'x-raw-body': rawBody, ...sent } = headers;
      const ip = from();
      fullPipeline.mockClear();
      const direct = await call(t.app, 'GET', url, { headers: { ...sent, 'x-client-ip': ip }, rawBody });
      const lane = fullPipeline.mock.calls.length === 0;
      const full = await viaPipeline(url, { ...sent, 'x-client-ip': from() }, rawBody);
      expect(fullPipeline.mock.calls.length).toBe(lane ? 1 : 2);
      // Every caller but the one with a body goes the direct lane.
      expect([who, lane]).toEqual([who, rawBody === undefined]);
      expect([who, direct.status]).toEqual([who, full.status]);
      expect([who, fixedHeaders(direct.headers)]).toEqual([who, fixedHeaders(full.headers)]);
      expect([who, fixedBody(direct.body)]).toEqual([who, fixedBody(full.body)]);
      expect(contractErrors({ method: 'get', path: url }, direct).errors).toEqual([]);
      expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('when /me is answered by the direct lane, then it is the caller\'s own credential, logged and counted under its operation', async () => {
    const users = await Promise.all([1, 2, 3].map(() => makeUser(t.services)));
    const tokens = await Promise.all(users.map((u) => makeToken(t.services, u.id, ['public:read'])));
    const counted = async () => (await t.metrics.registry.getSingleMetric('marquee_http_requests_total')!.get()).values.find((v) => v.labels.operation_id === 'getCurrentApiCaller' && v.labels.status === '200')?.value ?? 0;
    const before = await counted();
    fullPipeline.mockClear();
    const answers = await Promise.all(tokens.flatMap((tok) => [tok, tok].map(() => call(t.app, 'GET', '/api/v0/me', { token: tok.value }))));
    expect(fullPipeline).not.toHaveBeenCalled();
    answers.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.credential).toMatchObject({ kind: 'api_token', tokenId: tokens[Math.floor(i / 2)].id, ownerUserId: users[Math.floor(i / 2)].id });
      expect(res.headers['cache-control']).toBe('private, no-store');
    });
    expect(await counted()).toBe(before + 6);
  });

  test('when two credentials or a credential in the query reach a direct-lane path, then the full pipeline refuses them', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    fullPipeline.mockClear();
    const twice = await call(t.app, 'GET', '/api/v0/me', { headers: { authorization: `Bearer ${value}, Bearer ${value}` } });
    expect(twice.status).toBe(400);
    expect(twice.headers['content-type']).toMatch(/^application\/problem\+json/);
    const inQuery = await call(t.app, 'GET', `/api/v0/me?access_token=${value}`);
    expect(inQuery.status).toBe(400);
    expect(fullPipeline).toHaveBeenCalledTimes(1);
  });

  test('when anonymous callers of the rate-limit usage pass their window, then the direct lane counts each and refuses the one over the limit', async () => {
    const app = await createTestApp({ rateLimitScale: 0.1 }, {}, { shareWith: t });
    try {
      const answers = [];
      for (let i = 0; i < 13; i++) answers.push(await call(app.app, 'GET', '/api/v0/usage/rate-limit'));
      expect(answers.slice(0, 12).map((r) => r.status)).toEqual(Array(12).fill(200));
      expect(answers.slice(0, 12).map((r) => Number(r.headers['ratelimit-remaining']))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      const refused = answers[12];
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(contractErrors({ method: 'get', path: '/api/v0/usage/rate-limit' }, refused).errors).toEqual([]);
      // The full pipeline refuses the next one too: one window, whichever lane counts.
      expect((await request(app.app).get('/api/v0/usage/rate-limit/')).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});
