import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser, saveDraft, stubPosterReader } from '../helpers/factories.js';
import { bodyOf, call, callOp, expectStatus } from '../helpers/contractClient.js';

/**
 * Text no field can hold — NUL (PostgreSQL text refuses it) and lone surrogates (no valid
 * Unicode) — answers 400 VALIDATION_FAILED naming where, in any path or query parameter or
 * anywhere in a JSON body, and never reaches the database. Found by the contract fuzzer
 * (tests/fuzz): on PostgreSQL a NUL in a slug or an id answered 500.
 */
let t: TestApp;
let token: { id: string; value: string };
let userId: string;

beforeAll(async () => {
  t = await createTestApp({}, { posterReader: stubPosterReader() });
  const user = await makeUser(t.services);
  userId = user.id;
  token = await makeToken(t.services, user.id, ['events:contribute', 'public:read', 'profile:write', 'developer:read', 'developer:write']);
});
afterAll(async () => {
  await t.close();
});

const errorsOf = (res: { body: unknown }) => (res.body as { errors?: unknown[] }).errors;

describe('NUL in a path parameter', () => {
  test.each([
    ['GET', '/api/v0/profiles/a%00b', 'slug'],
    ['GET', '/api/v0/people/%00', 'slug'],
    ['GET', '/api/v0/events/a%00b/artwork', 'slug'],
    ['GET', '/api/v0/event-intake/%00', 'draftId'],
    ['PATCH', '/api/v0/events/a%00b/contribution', 'slug'],
    ['POST', '/api/v0/developer/oauth-apps/%00/secrets', 'clientId'],
    ['DELETE', '/api/v0/developer/oauth-apps/mq_x/secrets/a%00b', 'secretId'],
  ])('when %s %s is called, then 400 VALIDATION_FAILED naming the parameter, not a 500', async (method, path, parameter) => {
    const res = await call(t.app, method, path, { token: token.value, body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(errorsOf(res)).toEqual([{ parameter, message: 'must not contain NUL characters' }]);
  });

  test('when a token is revoked by an id holding NUL, then 400 and the token stays active', async () => {
    const res = await call(t.app, 'DELETE', '/api/v0/developer/tokens/a%00b', { token: token.value });
    expect(res.status).toBe(400);
    const { tokens } = await t.services.tokens.list(userId, { includeRevoked: true, limit: 100 });
    expect(tokens.filter((x) => x.status === 'active').map((x) => x.id)).toContain(token.id);
  });
});

describe('NUL and lone surrogates in a JSON body or a query', () => {
  test('when a draft is saved with NUL in its title, then 400 with the pointer and no draft is stored', async () => {
    const before = await t.db('event_intake_drafts').count({ n: '*' }).first();
    const res = await saveDraft(t, token.value, { title: 'Night\u0000Funk' });
    expectStatus(res, 400);
    expect(errorsOf(res)).toEqual([{ pointer: '/patch/title', message: 'must not contain NUL characters' }]);
    expect(await t.db('event_intake_drafts').count({ n: '*' }).first()).toEqual(before);
  });

  test('when a draft is saved with a lone surrogate, then 400 with the pointer and no draft is stored', async () => {
    const before = await t.db('event_intake_drafts').count({ n: '*' }).first();
    const res = await saveDraft(t, token.value, { title: 'Night', venueLabel: 'Club \ud800' });
    expectStatus(res, 400);
    expect(errorsOf(res)).toEqual([{ pointer: '/patch/venueLabel', message: 'must be valid Unicode text (it holds a lone surrogate)' }]);
    expect(await t.db('event_intake_drafts').count({ n: '*' }).first()).toEqual(before);
  });

  test('when an id in a body holds NUL, then 400 with its pointer, not a 500', async () => {
    const draftId = bodyOf(await saveDraft(t, token.value, { title: 'Poster night' }), 200).draftId;
    const res = await callOp(t.app, 'completeEventIntakePosterUpload', { token: token.value, params: { draftId }, invalidBody: { posterAssetId: 'ast\u0000x' } });
    expectStatus(res, 400);
    expect(errorsOf(res)).toEqual([{ pointer: '/posterAssetId', message: 'must not contain NUL characters' }]);
  });

  test('when a search query holds NUL, then 400 naming the parameter', async () => {
    const res = await callOp(t.app, 'searchPublicCatalog', { token: token.value, query: { q: 'a\u0000b' } });
    expectStatus(res, 400);
    expect(errorsOf(res)).toEqual([{ parameter: 'q', message: 'must not contain NUL characters' }]);
  });

  test('when a body is nested thousands of levels deep, then 400, not a 500', async () => {
    const res = await callOp(t.app, 'saveEventIntakeDraft', { token: token.value, rawBody: '['.repeat(5000) + ']'.repeat(5000) });
    expectStatus(res, 400);
  });

  test('when text holds ordinary Unicode (accents, CJK, emoji, a surrogate pair), then it is accepted', async () => {
    const res = await saveDraft(t, token.value, { title: 'Café 東京 🎶' });
    expectStatus(res, 200);
  });
});

describe('HTML pages', () => {
  test('when the sign-in page is asked to continue to a path holding control and bidi characters, then the page does not echo them', async () => {
    const res = await request(t.app).get(`/login?next=${encodeURIComponent('/x\u0007\u001b[31m\u202eevil\u0085')}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('name="next"');
    expect(res.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(res.text).toContain('/x\ufffd\ufffd[31m\ufffdevil\ufffd');
  });
});

describe('web forms and page paths', () => {
  const PASSWORD = 'correct horse battery staple';
  const sessionCookie = (res: request.Response) =>
    ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))?.split(';')[0];

  test('when the sign-in form names an e-mail address holding NUL, then 400 VALIDATION_FAILED with the field, not a 500, and no session', async () => {
    const res = await request(t.app).post('/login').type('form').send('email=a%00b%40example.test&password=x');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ pointer: '/email', message: 'must not contain NUL characters' }] });
    expect(sessionCookie(res)).toBeUndefined();
  });

  test('when a developer page path names an OAuth application, secret or token id holding NUL, then 400 naming it, not a 500', async () => {
    const user = await makeUser(t.services);
    const cookie = sessionCookie(await request(t.app).post('/login').type('form').send({ email: user.email, password: PASSWORD }))!;
    for (const [path, parameter] of [
      ['/developer/oauth-apps/%00/secrets', 'clientId'],
      ['/developer/oauth-apps/a%00b/revoke', 'clientId'],
      ['/developer/tokens/%00/revoke', 'tokenId'],
      ['/developer/oauth-apps/mq_x/secrets/%00/revoke', 'secretId'],
    ]) {
      const res = await request(t.app).post(path).set('Cookie', cookie).type('form').send('confirm=1');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ parameter, message: 'must not contain NUL characters' }] });
    }
  });
});
