import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { call, callOp, expectStatus, operationFor } from '../helpers/contractClient.js';
import { ResponseValidator } from '../../src/contract/responseValidator.js';
import { serve } from '../../src/http/requestGuards.js';
import { formNonce } from '../helpers/developerPage.js';

/**
 * Issue 15: malformed requests answer the contract's problem (contract 7: 400 "malformed
 * request"), never a 500, and change nothing stored.
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof makeUser>>;
/** A personal token able to reach every operation exercised below. */
let token: { id: string; value: string };

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t.services);
  token = await makeToken(t.services, user.id, ['events:contribute', 'public:read', 'profile:write', 'assets:write', 'developer:read', 'developer:write', 'time:parse']);
});
afterAll(async () => {
  await t.close();
});

const validator = new ResponseValidator();
const PASSWORD = 'correct horse battery staple';

/**
 * Fails unless `res` is a problem with `status` and `code` the contract declares: for the
 * operation the request reaches when there is one, otherwise the shared Problem schema.
 */
function expectProblem(res: { status: number; headers: Record<string, unknown>; body: unknown }, status: number, code: string, reached?: { method: string; path: string }) {
  expect(res.status).toBe(status);
  const contentType = String(res.headers['content-type'] ?? '');
  expect(contentType).toMatch(/^application\/problem\+json/);
  const check = validator.check({ method: reached?.method, path: reached?.path, status: res.status, contentType, body: res.body });
  expect(check.errors).toEqual([]);
  expect(res.body).toMatchObject({ status, code });
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack
}

const sessionCookie = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))?.split(';')[0];

async function signedIn(): Promise<string> {
  const res = await request(t.app).post('/login').type('form').send({ email: user.email, password: PASSWORD, next: '/developer' });
  expect(res.status).toBe(303);
  return sessionCookie(res)!;
}

async function activeTokenIds(): Promise<string[]> {
  const { tokens } = await t.services.tokens.list(user.id, { includeRevoked: true, limit: 100 });
  return tokens.filter((x) => x.status === 'active').map((x) => x.id);
}

describe('a path that is not valid percent-encoding', () => {
  // Operations with path parameters, reads and writes: the router's decoding threw a URIError (500).
  test.each([
    ['GET', '/api/v0/event-intake/%FF%FE'],
    ['PATCH', '/api/v0/event-intake/%FF'],
    ['POST', '/api/v0/event-intake/%C3%28/publish'],
    ['GET', '/api/v0/profiles/%E0%A4%A'],
    ['PATCH', '/api/v0/profiles/%FF'],
    ['DELETE', '/api/v0/events/%FF/contribution'],
    ['DELETE', '/api/v0/developer/tokens/%FF'],
    ['POST', '/api/v0/profile-assets/upload-intents/%FF'],
    ['GET', '/api/v0/time/parse/%FF%FF'],
    ['GET', '/api/v0/events/%FF/calendar.ics'],
  ])('when %s %s is called, then 400 MALFORMED_REQUEST, not a 500', async (method, path) => {
    const res = await call(t.app, method, path, { token: token.value, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    const reached = operationFor(method, path);
    expect(reached).toBeDefined();
    expectProblem(res, 400, 'MALFORMED_REQUEST', reached);
    expect(res.body.type).toBe('/problems/malformed-request');
  });

  test('when the undecodable part is not a path parameter, then 400 as well (not 404)', async () => {
    expectProblem(await call(t.app, 'GET', '/api/v0/%FF'), 400, 'MALFORMED_REQUEST');
    expectProblem(await call(t.app, 'GET', '/%FF%FE'), 400, 'MALFORMED_REQUEST');
  });

  test('when a browser calls the API with such a path, then the 400 is readable under CORS', async () => {
    const res = await request(t.app).get('/api/v0/profiles/%FF').set('Origin', 'https://client.example');
    expectProblem(res, 400, 'MALFORMED_REQUEST', operationFor('GET', '/api/v0/profiles/%FF'));
    expect(res.headers['access-control-allow-origin']).toBeDefined();
  });

  test('when a web page route with a parameter is called with it, then 400 problem and the credential is not revoked', async () => {
    const cookie = await signedIn();
    const before = await activeTokenIds();
    for (const path of ['/developer/tokens/%FF/revoke', '/developer/oauth-apps/%FF%FE/revoke', '/developer/oauth-apps/%FF/secrets']) {
      expectProblem(await call(t.app, 'POST', path, { headers: { Cookie: cookie } }), 400, 'MALFORMED_REQUEST');
    }
    expectProblem(await call(t.app, 'GET', '/developer/%FF', { headers: { Cookie: cookie } }), 400, 'MALFORMED_REQUEST');
    expect(await activeTokenIds()).toEqual(before);
    expect(before).toContain(token.id);
  });

  test('when an OAuth issuer path is undecodable, then 400 in OAuth error format (its own), not a 500', async () => {
    const res = await request(t.app).get('/oauth/interaction/%FF');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  test('when a path has valid escapes (%20, %C3%A9), then it is routed as before (404 for an unknown slug)', async () => {
    const res = await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: 'no such é' } });
    expectStatus(res, 404);
  });
});

describe('web form routes that read a body', () => {
  test.each([
    ['no body', undefined, undefined],
    ['a JSON body', 'application/json', JSON.stringify({ email: 'a@example.test', password: PASSWORD })],
    ['a text body', 'text/plain', 'email=a@example.test'],
    ['a form body with an undecodable escape', 'application/x-www-form-urlencoded', `email=%FF%FE&password=%`],
  ])('when POST /login has %s, then 400 MALFORMED_REQUEST and no session', async (_label, type, body) => {
    let req = request(t.app).post('/login');
    if (type) req = req.set('Content-Type', type);
    const res = await (body !== undefined ? req.send(body) : req);
    expectProblem(res, 400, 'MALFORMED_REQUEST');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('when a form has more fields than the parser takes, then 400 problem, not a 500', async () => {
    const res = await request(t.app).post('/login').type('form').send(Array.from({ length: 1100 }, (_, i) => `f${i}=x`).join('&'));
    expectProblem(res, 400, 'MALFORMED_REQUEST');
  });

  test('when the sign-in form is over its 16 KB limit, then 413 problem naming that limit', async () => {
    const res = await request(t.app).post('/login').type('form').send(`email=${'a'.repeat(20_000)}&password=x`);
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.body.detail).toContain('16384 bytes');
  });

  test('when malformed sign-in bodies name an account over and over, then none counts as a failed sign-in (no lockout)', async () => {
    // Ten counted failures lock an account (tests/web/signIn.test.ts); these are not attempts.
    const target = await makeUser(t.services);
    const email = encodeURIComponent(target.email);
    for (let i = 0; i < 11; i++) {
      expectProblem(await request(t.app).post('/login').type('form').send(`email=${email}&password=wrong%FF${i}`), 400, 'MALFORMED_REQUEST');
      expectProblem(await request(t.app).post('/login').set('Content-Type', 'application/json').send(JSON.stringify({ email: target.email, password: 'wrong' })), 400, 'MALFORMED_REQUEST');
    }
    const res = await request(t.app).post('/login').type('form').send({ email: target.email, password: PASSWORD });
    expect(res.status).toBe(303);
    expect(sessionCookie(res)).toBeDefined();
  });

  test('when the token and OAuth app forms get no body or JSON, then 400 problem and nothing is created', async () => {
    const cookie = await signedIn();
    const tokensBefore = (await t.services.tokens.list(user.id, { includeRevoked: true, limit: 100 })).tokens.length;
    const appsBefore = (await t.services.oauthApps.list(user.id, { includeRevoked: true, limit: 100 })).applications.length;
    for (const path of ['/developer/tokens', '/developer/oauth-apps']) {
      expectProblem(await request(t.app).post(path).set('Cookie', cookie), 400, 'MALFORMED_REQUEST');
      expectProblem(
        await request(t.app).post(path).set('Cookie', cookie).set('Content-Type', 'application/json').send(JSON.stringify({ label: 'x', displayName: 'x', redirectUris: 'https://a.example/cb' })),
        400,
        'MALFORMED_REQUEST',
      );
    }
    expect((await t.services.tokens.list(user.id, { includeRevoked: true, limit: 100 })).tokens).toHaveLength(tokensBefore);
    expect((await t.services.oauthApps.list(user.id, { includeRevoked: true, limit: 100 })).applications).toHaveLength(appsBefore);
  });

  test('when the token form is a proper form, then it still creates the token (201)', async () => {
    const cookie = await signedIn();
    const res = await request(t.app).post('/developer/tokens').set('Cookie', cookie).type('form').send({ formNonce: await formNonce(t.app, cookie, '/developer/tokens'), label: 'form token', scopes: 'public:read' });
    expect(res.status).toBe(201);
  });
});

describe('more than one Authorization credential', () => {
  // Contract 5.2 names one `Authorization: Bearer <token>` header. Two credentials are a malformed
  // request (contract 7, 400; RFC 6750 §3.1 invalid_request), not a bad token (401): refused
  // before either is looked at, whichever comes first.
  test('when two Authorization headers are sent, the valid one first, then 400 (not "first wins")', async () => {
    const res = await request(t.app).get('/api/v0/me').set('Authorization', [`Bearer ${token.value}`, 'Bearer service_someoneElsesTokenValue0000'] as unknown as string);
    expectProblem(res, 400, 'MALFORMED_REQUEST', operationFor('GET', '/api/v0/me'));
  });

  test('when two Authorization headers are sent, the valid one last, then 400 too', async () => {
    const res = await request(t.app).get('/api/v0/me').set('Authorization', ['Bearer service_someoneElsesTokenValue0000', `Bearer ${token.value}`] as unknown as string);
    expectProblem(res, 400, 'MALFORMED_REQUEST', operationFor('GET', '/api/v0/me'));
  });

  test('when two credentials are comma-joined in one header, then 400', async () => {
    const res = await request(t.app).get('/api/v0/me').set('Authorization', `Bearer ${token.value}, Bearer service_someoneElsesTokenValue0000`);
    expectProblem(res, 400, 'MALFORMED_REQUEST', operationFor('GET', '/api/v0/me'));
  });

  test('when a write is sent with two credentials, then it is refused and the token is not revoked', async () => {
    const victim = await makeToken(t.services, user.id, ['developer:write', 'developer:read']);
    const path = `/api/v0/developer/tokens/${victim.id}`;
    const res = await request(t.app).delete(path).set('Authorization', [`Bearer ${victim.value}`, 'Bearer service_someoneElsesTokenValue0000'] as unknown as string);
    expectProblem(res, 400, 'MALFORMED_REQUEST', operationFor('DELETE', path));
    expect(await activeTokenIds()).toContain(victim.id);
  });

  test('when one Authorization header carries one credential, then it is accepted as before', async () => {
    const res = await callOp(t.app, 'getCurrentApiCaller', { token: token.value });
    expectStatus(res, 200);
  });
});

/** Sends raw bytes to a real server and reads the whole answer until the server closes. */
function rawExchange(server: Server, bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    // Not half-closed: the server closes (Connection: close, or after a parser error).
    socket.write(bytes);
  });
}

describe('errors of the HTTP parser, before express sees a request', () => {
  let server: Server;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = serve(t.app, 0, '127.0.0.1', () => resolve(s));
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('when the request headers exceed 16 KB, then 431 with a problem+json body and the connection closed', async () => {
    const res = await rawExchange(server, `GET /api/v0/worlds/active HTTP/1.1\r\nHost: marquee.test\r\nX-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers.connection).toBe('close');
    const body = JSON.parse(res.body);
    expect(validator.check({ status: 431, contentType: res.headers['content-type'], body }).errors).toEqual([]);
    expect(body).toMatchObject({ type: '/problems/request-header-fields-too-large', status: 431, code: 'HEADERS_TOO_LARGE' });
    expect(res.body).not.toContain('aaaa'); // the request is not echoed
  });

  test('when the request is not a well-formed HTTP message, then 400 problem+json', async () => {
    const res = await rawExchange(server, 'GET /api/v0/worlds/active HTTP/1.1\r\nHost marquee.test\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
    const body = JSON.parse(res.body);
    expect(validator.check({ status: 400, contentType: res.headers['content-type'], body }).errors).toEqual([]);
    expect(body).toMatchObject({ type: '/problems/malformed-request', code: 'MALFORMED_REQUEST' });
  });

  test('when a well-formed request follows on the same server, then it is answered normally', async () => {
    const res = await rawExchange(server, 'GET /healthz HTTP/1.1\r\nHost: marquee.test\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
