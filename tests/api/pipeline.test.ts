import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { call, callOp, expectStatus } from '../helpers/contractClient.js';
import { buildApp, type MarqueeApp } from '../../src/app.js';
import { handlers } from '../../src/handlers/index.js';
import { NOT_IMPLEMENTED } from '../../src/handlers/types.js';
import { capturedEvents } from '../helpers/logCapture.js';

let t: TestApp;
/** The same app with one operation of the contract marked not built (501). */
let unbuilt: MarqueeApp;
let contributor: string;

beforeAll(async () => {
  t = await createTestApp();
  unbuilt = await buildApp({ config: t.config, db: t.db, clock: t.clock, redis: t.redis, handlers: { ...handlers, submitCommunityProfile: NOT_IMPLEMENTED } });
  const user = await makeUser(t.services);
  contributor = (await makeToken(t.services, user.id, ['events:contribute', 'public:read'])).value;
});
afterAll(async () => {
  await unbuilt.shutdown();
  await t.close();
});

const lineupEntry = (i: number) => ({ clientKey: `row-${i}`, position: i % 80, performerLabel: `Performer ${i}` });

describe('request pipeline: every failure is a problem the contract declares', () => {
  test('when a path is unknown, then 404 problem', async () => {
    // Raw: a path no operation declares.
    const res = await call(t.app, 'GET', '/api/v0/no-such-thing');
    expectStatus(res, 404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: '/problems/not-found', status: 404, code: 'NOT_FOUND' });
  });

  test('when the method is not one the path has, then 405 problem with Allow', async () => {
    // Raw: a method the contract does not declare on this path.
    const res = await call(t.app, 'PUT', '/api/v0/me');
    expectStatus(res, 405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body).toMatchObject({ type: '/problems/method-not-allowed', status: 405 });
  });

  test('when a bearer token is sent in the query, then 400 and the token is not even checked', async () => {
    // Raw: query parameters the contract does not declare (a credential in the URL).
    const res = await call(t.app, 'GET', `/api/v0/me?access_token=${contributor}`);
    expectStatus(res, 400);
    expect(res.body).toMatchObject({ code: 'BEARER_IN_QUERY', errors: [{ parameter: 'access_token' }] });
    const disguised = await call(t.app, 'GET', `/api/v0/openapi.json?x=${contributor}`);
    expectStatus(disguised, 400);
    const audits = await t.services.audit.list({ action: 'personal_token.validate' });
    expect(audits.filter((a) => a.result === 'accepted')).toHaveLength(0);
  });

  test('when the JSON body is malformed, then 400 malformed-request', async () => {
    const res = await callOp(t.app, 'saveEventIntakeDraft', { token: contributor, rawBody: '{"patch": {"title": "x"' });
    expectStatus(res, 400);
    expect(res.body).toMatchObject({ type: '/problems/malformed-request', code: 'MALFORMED_REQUEST' });
  });

  test('when a draft patch carries an unknown property, then 400 naming its JSON pointer', async () => {
    const res = await callOp(t.app, 'saveEventIntakeDraft', { token: contributor, invalidBody: { patch: { title: 'Night', colour: 'red' } } });
    expectStatus(res, 400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/patch/colour' }));
  });

  test('when a time point is not HH:MM, then 400 pointing into the patch', async () => {
    const res = await callOp(t.app, 'saveEventIntakeDraft', { token: contributor, body: { patch: { start: { time: '25:00' } } } });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/patch/start/time' }));
  });

  test('when a lineup has 81 entries, then 400; 80 entries pass validation', async () => {
    const over = await callOp(t.app, 'saveEventIntakeDraft', {
      token: contributor,
      body: { patch: { lineup: Array.from({ length: 81 }, (_, i) => lineupEntry(i)) } },
    });
    expectStatus(over, 400);
    expect(over.body.errors).toContainEqual(expect.objectContaining({ pointer: '/patch/lineup' }));
    const atLimit = await callOp(t.app, 'saveEventIntakeDraft', {
      token: contributor,
      body: { patch: { lineup: Array.from({ length: 80 }, (_, i) => lineupEntry(i)) } },
    });
    expect(atLimit.status).not.toBe(400);
  });

  test('when the body is over the size limit, then 413', async () => {
    const big = JSON.stringify({ patch: { sourceText: 'x'.repeat(t.config.jsonBodyLimitBytes + 1) } });
    const res = await callOp(t.app, 'saveEventIntakeDraft', { token: contributor, rawBody: big });
    expectStatus(res, 413);
    expect(res.body).toMatchObject({ type: '/problems/payload-too-large', status: 413 });
  });

  test('when the body is not JSON at all, then 415', async () => {
    const res = await callOp(t.app, 'saveEventIntakeDraft', {
      token: contributor,
      rawBody: 'title=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect([400, 415]).toContain(res.status);
  });

  test('when the Authorization scheme is not Bearer, then 401 with a challenge', async () => {
    const res = await callOp(t.app, 'getCurrentApiCaller', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expectStatus(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="marquee", error="invalid_token"/);
  });

  test('when an operation is in the contract but not built yet, then 501 only after auth and validation', async () => {
    const submitter = (await makeToken(t.services, (await makeUser(t.services)).id, ['profile:contribute'])).value;
    const anonymous = await callOp(unbuilt.app, 'submitCommunityProfile', { body: { profileType: 'person', displayName: 'Night' } });
    expectStatus(anonymous, 401);
    expect((await callOp(unbuilt.app, 'submitCommunityProfile', { token: submitter, invalidBody: { profileType: 'person' } })).status).toBe(400);
    const res = await callOp(unbuilt.app, 'submitCommunityProfile', { token: submitter, body: { profileType: 'person', displayName: 'Night' } });
    expectStatus(res, 501);
    expect(res.body).toMatchObject({ type: '/problems/not-implemented', code: 'NOT_IMPLEMENTED' });
  });

  test('when an unexpected error happens, then a bare 500 problem without stack or message, and one JSON event with its request id and no credential', async () => {
    const user = await makeUser(t.services);
    const token = (await makeToken(t.services, user.id, ['public:read'])).value;
    const original = t.services.caller.describe;
    t.services.caller.describe = async () => {
      throw new Error(`secret internals at /srv/marquee for ${token}`);
    };
    const log = capturedEvents();
    try {
      // Raw: the bare 500 is checked exactly here, not against the operation's declared answers.
      const res = await request(t.app).get('/api/v0/me').set('Authorization', `Bearer ${token}`);
      expectStatus(res, 500);
      expect(res.body).toEqual({ type: '/problems/internal', title: 'Internal server error', status: 500, code: 'INTERNAL' });
      expect(res.text).not.toContain('secret internals');
      expect(log.events).toEqual([
        expect.objectContaining({ level: 'error', event: 'unexpected_error', requestId: res.headers['x-request-id'], errorName: 'Error', errorMessage: expect.stringContaining('secret internals'), stack: expect.arrayContaining([expect.stringMatching(/^at /)]) }),
      ]);
      expect(JSON.stringify(log.events)).not.toContain(token);
    } finally {
      t.services.caller.describe = original;
      log.restore();
    }
  });
});

describe('request pipeline: the stages run in one fixed order', () => {
  const STORAGE_DETAIL = 'Send no Authorization header to the storage target: the signed policy in the form authorises the upload.';

  test('when a valid bearer is sent to the storage target, then 403 before the form or its policy is looked at, and the upload is never handled', async () => {
    const received = jest.spyOn(t.services.posters, 'receiveUpload');
    try {
      // No policy, signature or file: validation would answer 400 and the policy check 403 with another detail.
      const res = await callOp(t.app, 'uploadPosterToStorage', { token: contributor, multipart: { fields: { key: 'posters/none/pst_none' } } });
      expectStatus(res, 403);
      expect(res.body).toMatchObject({ type: '/problems/forbidden', code: 'FORBIDDEN', detail: STORAGE_DETAIL });
      // One-time-token transports are not rate-limited by class (contract 8.3 rule 6).
      expect(res.headers['ratelimit-limit']).toBeUndefined();
      expect(received).not.toHaveBeenCalled();
    } finally {
      received.mockRestore();
    }
  });

  test('when an unknown or malformed bearer is sent to the storage target, then 401 first: authentication runs before the refusal', async () => {
    const unknown = await callOp(t.app, 'uploadPosterToStorage', { token: 'not-a-real-token', multipart: { fields: { key: 'posters/none/pst_none' } } });
    expectStatus(unknown, 401);
    expect(unknown.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    const malformed = await callOp(t.app, 'uploadPosterToStorage', { headers: { Authorization: 'Basic dXNlcjpwYXNz' }, multipart: { fields: { key: 'posters/none/pst_none' } } });
    expectStatus(malformed, 401);
  });

  test('when a bearer is in the query and the header is malformed too, then the URL check answers first', async () => {
    // Raw: an undeclared query parameter carrying a credential.
    const res = await call(t.app, 'GET', `/api/v0/me?access_token=${contributor}`, { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expectStatus(res, 400);
    expect(res.body.code).toBe('BEARER_IN_QUERY');
  });

  test('when an anonymous call with an invalid body reaches a protected route, then 401 (the guard runs before validation) and it still counts', async () => {
    const res = await callOp(t.app, 'saveEventIntakeDraft', { invalidBody: { patch: { colour: 'red' } } });
    expectStatus(res, 401);
    expect(res.headers['ratelimit-limit']).toBeDefined();
  });

  test('when a body of an undeclared media type is also invalid, then 415: the media type is checked before the schema', async () => {
    const res = await callOp(t.app, 'saveEventIntakeDraft', {
      token: contributor,
      rawBody: JSON.stringify({ patch: { colour: 'red' } }),
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expectStatus(res, 415);
    expect(res.headers['ratelimit-limit']).toBeDefined();
  });

  test('when a request fails validation or reaches an operation not built yet, then the answer still carries the rate-limit headers', async () => {
    const invalid = await callOp(t.app, 'saveEventIntakeDraft', { token: contributor, invalidBody: { patch: { colour: 'red' } } });
    expectStatus(invalid, 400);
    expect(invalid.headers['ratelimit-remaining']).toBeDefined();
    const submitter = (await makeToken(t.services, (await makeUser(t.services)).id, ['profile:contribute'])).value;
    const notBuilt = await callOp(unbuilt.app, 'submitCommunityProfile', { token: submitter, body: { profileType: 'person', displayName: 'Night' } });
    expectStatus(notBuilt, 501);
    expect(notBuilt.headers['ratelimit-remaining']).toBeDefined();
  });
});
