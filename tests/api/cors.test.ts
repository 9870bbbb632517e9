import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp } from '../helpers/contractClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('CORS on /api/v0 (contract 9.3)', () => {
  test('when a browser preflights a bearer JSON write, then it is allowed without reaching the route', async () => {
    // Raw: an OPTIONS preflight is answered by the CORS layer and is no contract operation.
    const res = await request(t.app)
      .options('/api/v0/event-intake/draft-1')
      .set('Origin', 'https://tools.example')
      .set('Access-Control-Request-Method', 'PATCH')
      .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
    const allowed = res.headers['access-control-allow-headers'].toLowerCase();
    for (const h of ['authorization', 'content-type', 'idempotency-key', 'x-service-upload-token', 'if-none-match', 'range']) {
      expect(allowed).toContain(h);
    }
  });

  test('when a browser reads a response, then rate-limit and authentication headers are exposed', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const res = await callOp(t.app, 'getCurrentApiCaller', { token: value, headers: { Origin: 'https://tools.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const exposed = res.headers['access-control-expose-headers'];
    // X-Request-Id: a browser client can quote the id of a failed call to the operator.
    for (const h of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'WWW-Authenticate', 'Location', 'X-Request-Id']) {
      expect(exposed).toContain(h);
    }
  });

  test('when a 401 problem goes to a browser, then it still carries CORS headers', async () => {
    const res = await callOp(t.app, 'getCurrentApiCaller', { headers: { Origin: 'https://tools.example' } });
    expect(res.status).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
