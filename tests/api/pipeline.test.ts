import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { call } from '../helpers/contractClient.js';

let t: TestApp;
let contributor: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.services);
  contributor = (await makeToken(t.services, user.id, ['events:contribute', 'public:read'])).value;
});
afterAll(() => t.close());

const lineupEntry = (i: number) => ({ clientKey: `row-${i}`, position: i % 80, performerLabel: `Performer ${i}` });

describe('request pipeline: every failure is a problem the contract declares', () => {
  test('when a path is unknown, then 404 problem', async () => {
    const res = await call(t.app, 'GET', '/api/v0/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: '/problems/not-found', status: 404, code: 'NOT_FOUND' });
  });

  test('when the method is not one the path has, then 405 problem with Allow', async () => {
    const res = await call(t.app, 'PUT', '/api/v0/me');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body).toMatchObject({ type: '/problems/method-not-allowed', status: 405 });
  });

  test('when a bearer token is sent in the query, then 400 and the token is not even checked', async () => {
    const res = await call(t.app, 'GET', `/api/v0/me?access_token=${contributor}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BEARER_IN_QUERY', errors: [{ parameter: 'access_token' }] });
    const disguised = await call(t.app, 'GET', `/api/v0/openapi.json?x=${contributor}`);
    expect(disguised.status).toBe(400);
    const audits = await t.services.audit.list({ action: 'personal_token.validate' });
    expect(audits.filter((a) => a.result === 'accepted')).toHaveLength(0);
  });

  test('when the JSON body is malformed, then 400 malformed-request', async () => {
    const res = await call(t.app, 'POST', '/api/v0/event-intake', { token: contributor, rawBody: '{"patch": {"title": "x"' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: '/problems/malformed-request', code: 'MALFORMED_REQUEST' });
  });

  test('when a draft patch carries an unknown property, then 400 naming its JSON pointer', async () => {
    const res = await call(t.app, 'POST', '/api/v0/event-intake', { token: contributor, body: { patch: { title: 'Night', colour: 'red' } } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/patch/colour' }));
  });

  test('when a time point is not HH:MM, then 400 pointing into the patch', async () => {
    const res = await call(t.app, 'POST', '/api/v0/event-intake', { token: contributor, body: { patch: { start: { time: '25:00' } } } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/patch/start/time' }));
  });

  test('when a lineup has 81 entries, then 400; 80 entries pass validation', async () => {
    const over = await call(t.app, 'POST', '/api/v0/event-intake', {
      token: contributor,
      body: { patch: { lineup: Array.from({ length: 81 }, (_, i) => lineupEntry(i)) } },
    });
    expect(over.status).toBe(400);
    expect(over.body.errors).toContainEqual(expect.objectContaining({ pointer: '/patch/lineup' }));
    const atLimit = await call(t.app, 'POST', '/api/v0/event-intake', {
      token: contributor,
      body: { patch: { lineup: Array.from({ length: 80 }, (_, i) => lineupEntry(i)) } },
    });
    expect(atLimit.status).not.toBe(400);
  });

  test('when the body is over the size limit, then 413', async () => {
    const big = JSON.stringify({ patch: { sourceText: 'x'.repeat(t.config.jsonBodyLimitBytes + 1) } });
    const res = await call(t.app, 'POST', '/api/v0/event-intake', { token: contributor, rawBody: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ type: '/problems/payload-too-large', status: 413 });
  });

  test('when the body is not JSON at all, then 415', async () => {
    const res = await call(t.app, 'POST', '/api/v0/event-intake', {
      token: contributor,
      rawBody: 'title=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect([400, 415]).toContain(res.status);
  });

  test('when the Authorization scheme is not Bearer, then 401 with a challenge', async () => {
    const res = await call(t.app, 'GET', '/api/v0/me', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="marquee", error="invalid_token"/);
  });

  test('when an operation is in the contract but not built yet, then 501 only after auth and validation', async () => {
    const submitter = (await makeToken(t.services, (await makeUser(t.services)).id, ['profile:contribute'])).value;
    const anonymous = await call(t.app, 'POST', '/api/v0/profiles', { body: { profileType: 'person', displayName: 'Night' } });
    expect(anonymous.status).toBe(401);
    expect((await call(t.app, 'POST', '/api/v0/profiles', { token: submitter, body: { profileType: 'person' } })).status).toBe(400);
    const res = await call(t.app, 'POST', '/api/v0/profiles', { token: submitter, body: { profileType: 'person', displayName: 'Night' } });
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({ type: '/problems/not-implemented', code: 'NOT_IMPLEMENTED' });
  });

  test('when an unexpected error happens, then a bare 500 problem without stack or message', async () => {
    const original = t.services.caller.describe;
    t.services.caller.describe = async () => {
      throw new Error('secret internals at /srv/marquee');
    };
    const user = await makeUser(t.services);
    const token = (await makeToken(t.services, user.id, ['public:read'])).value;
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await request(t.app).get('/api/v0/me').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ type: '/problems/internal', title: 'Internal server error', status: 500, code: 'INTERNAL' });
      expect(res.text).not.toContain('secret internals');
    } finally {
      t.services.caller.describe = original;
      spy.mockRestore();
    }
  });
});
