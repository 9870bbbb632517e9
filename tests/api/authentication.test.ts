import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeToken, makeUser } from '../helpers/factories.js';
import { callOp, expectStatus } from '../helpers/contractClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('bearer credentials (contract 4.1, 5.2, 5.17)', () => {
  test('when no credential is sent to a protected route, then 401 with a bare challenge', async () => {
    const res = await callOp(t.app, 'getCurrentApiCaller');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="marquee"');
  });

  test.each([
    ['malformed', 'not a token at all!'],
    ['unknown', `service_${'A'.repeat(43)}`],
    ['a JWT we did not issue', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
  ])('when the token is %s, then 401 invalid_token', async (_name, token) => {
    const res = await callOp(t.app, 'getCurrentApiCaller', { token });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(res.body).toMatchObject({ type: '/problems/unauthorized', status: 401 });
  });

  test('when a token is revoked, then the very next request is refused with 401', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['public:read', 'developer:write']);
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(200);
    const revoke = await callOp(t.app, 'revokeCurrentDeveloperApiToken', { params: { tokenId: token.id }, token: token.value });
    expect(revoke.status).toBe(200);
    const after = await callOp(t.app, 'getCurrentApiCaller', { token: token.value });
    expect(after.status).toBe(401);
    expect(after.headers['www-authenticate']).toContain('invalid_token');
  });

  test('when a token row is changed outside this instance (another instance, an operator), then the very next request sees the change', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['public:read', 'developer:read']);
    const row = () => t.db('api_tokens').where({ id: token.id });
    // Several lookups first, concurrent and in turn, so whatever an instance keeps is warm.
    await Promise.all(Array.from({ length: 4 }, () => callOp(t.app, 'getCurrentApiCaller', { token: token.value })));
    expect((await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: token.value })).status).toBe(200);

    await row().update({ scopes: JSON.stringify(['public:read']) });
    expectStatus(await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: token.value }), 403);
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(200);

    await row().update({ expires_at: t.clock.now() - 1 });
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(401);
    await row().update({ expires_at: null });
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(200);

    await row().update({ status: 'revoked', revoked_at: t.clock.now() });
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(401);
    await row().update({ status: 'active', revoked_at: null });
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(200);

    await row().delete();
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(401);
  });

  test('when many tokens are used at once, then each request is answered for its own token', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => makeUser(t.services)));
    const tokens = await Promise.all(users.map((u) => makeToken(t.services, u.id, ['public:read'])));
    const calls = tokens.flatMap((tok, i) => Array.from({ length: 3 }, () => ({ tok, user: users[i] })));
    const answers = await Promise.all(calls.map(({ tok }) => callOp(t.app, 'getCurrentApiCaller', { token: tok.value })));
    answers.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).toContain(calls[i].user.id);
    });
  });

  test('when a token has expired, then 401', async () => {
    const user = await makeUser(t.services);
    const { tokenValue } = await t.services.tokens.create(user.id, { label: 'short', scopes: ['public:read'], expiresAt: t.clock.now() + 60_000 });
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: tokenValue })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: tokenValue })).status).toBe(401);
  });

  test('when a value differs from a real token only after its lookup prefix, then 401 (the verifier is checked), also once the real token has been used', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const forged = value.slice(0, -4) + (value.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: forged })).status).toBe(401);
    // The real token's row is kept and its value known to verify: the forged one still is not.
    for (let i = 0; i < 3; i++) expect((await callOp(t.app, 'getCurrentApiCaller', { token: value })).status).toBe(200);
    const [forgedAnswer, realAnswer] = await Promise.all([callOp(t.app, 'getCurrentApiCaller', { token: forged }), callOp(t.app, 'getCurrentApiCaller', { token: value })]);
    expectStatus(forgedAnswer, 401);
    expect(forgedAnswer.headers['www-authenticate']).toContain('invalid_token');
    expect(realAnswer.status).toBe(200);
  });

  test('when a token lacks the route scope, then 403 insufficient_scope naming it', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const res = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: value });
    expectStatus(res, 403);
    expect(res.body).toMatchObject({ type: '/problems/forbidden', code: 'INSUFFICIENT_SCOPE' });
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope", scope="developer:read"');
  });

  test('when a community-owned token calls an intake route, then 401 (contract 7: user credential required)', async () => {
    const user = await makeUser(t.services);
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Intake Crew', ownerUserId: user.id });
    const token = await makeCommunityToken(t, user.id, community.id, ['events:contribute']);
    const res = await callOp(t.app, 'saveEventIntakeDraft', { token: token.value, body: { patch: { title: 'x' } } });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('Bearer');
    // Elsewhere the same lack of user authority is a 403.
    const elsewhere = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: token.value });
    expect(elsewhere.status).toBe(403);
  });

  test('when a public read gets an invalid bearer, then 401 rather than silently anonymous', async () => {
    const res = await callOp(t.app, 'getOpenApiDocument', { token: `service_${'B'.repeat(43)}` });
    expect(res.status).toBe(401);
  });

  test('when a public read gets a valid bearer without public:read, then 403', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['developer:read']);
    expect((await callOp(t.app, 'getOpenApiDocument', { token: value })).status).toBe(403);
  });

  test('when authentication fails for a private object, then the answer is the same whether or not it exists', async () => {
    const owner = await makeUser(t.services);
    const { id } = await makeToken(t.services, owner.id, ['public:read']);
    const bad = `service_${'C'.repeat(43)}`;
    const existing = await callOp(t.app, 'revokeCurrentDeveloperApiToken', { params: { tokenId: id }, token: bad });
    const missing = await callOp(t.app, 'revokeCurrentDeveloperApiToken', { params: { tokenId: 'tok_doesnotexist' }, token: bad });
    expect(existing.status).toBe(401);
    expect(missing.status).toBe(401);
    expect(existing.body).toEqual(missing.body);
  });

  test('when tokens are validated, then audit records keep ids and results but never the value or address', async () => {
    const user = await makeUser(t.services);
    const { id, value } = await makeToken(t.services, user.id, ['public:read']);
    await callOp(t.app, 'getCurrentApiCaller', { token: value });
    await callOp(t.app, 'getCurrentApiCaller', { token: `service_${'D'.repeat(43)}` });
    const records = await t.services.audit.list({ action: 'personal_token.validate' });
    expect(records.find((r) => r.actorRef === id && r.result === 'accepted')).toBeTruthy();
    expect(records.find((r) => r.result === 'rejected_unknown')).toBeTruthy();
    const created = await t.services.audit.list({ action: 'personal_token.create' });
    expect(created.find((r) => r.resourceId === id)).toMatchObject({ actorKind: 'operator', ownerRef: user.id });
    const dump = JSON.stringify(await t.services.audit.list({ limit: 1000 }));
    expect(dump).not.toContain(value);
    expect(dump).not.toContain(value.slice(8, 30));
    expect(dump).not.toMatch(/127\.0\.0\.1|::ffff/);
  });
});
