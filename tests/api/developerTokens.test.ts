import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function developer(scopes = ['developer:read', 'developer:write', 'public:read', 'events:contribute']) {
  const user = await makeUser(t.services);
  return { user, token: (await makeToken(t.services, user.id, scopes)).value };
}

describe('personal API tokens (contract 4.9, decisions §2)', () => {
  test('when a token is created, then the raw value is returned once and only hashes are stored', async () => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperApiToken', { token, body: { label: 'CI bot', scopes: ['public:read'] } });
    expectStatus(res, 200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { tokenValue, token: summary } = res.body;
    expect(tokenValue).toMatch(/^service_[A-Za-z0-9_-]{43}$/);
    expect(summary).toMatchObject({ label: 'CI bot', scopes: ['public:read'], status: 'active', trustTier: 'personal', ownerKind: 'user' });
    expect(summary.tokenPrefix).toBe(tokenValue.slice(0, 20));

    const rows = await t.db('api_tokens').where({ id: summary.id });
    expect(JSON.stringify(rows)).not.toContain(tokenValue);
    expect(JSON.stringify(rows)).not.toContain(tokenValue.slice(20));

    const list = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token });
    expect(JSON.stringify(list.body)).not.toContain(tokenValue);
    expect(bodyOf(list, 200).tokens.map((x) => x.id)).toContain(summary.id);

    const audit = (await t.services.audit.list({ action: 'personal_token.create' })).find((r) => r.resourceId === summary.id);
    expect(audit).toMatchObject({ actorKind: 'api_token', actorRef: expect.stringMatching(/^tok_/) });
    expect(JSON.stringify(audit)).not.toContain(tokenValue);

    const me = await callOp(t.app, 'getCurrentApiCaller', { token: tokenValue });
    expect(bodyOf(me, 200).credential).toMatchObject({ kind: 'api_token', tokenId: summary.id, scopes: ['public:read'] });
  });

  test('when scopes are omitted, then the token gets public:read only', async () => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperApiToken', { token, body: { label: 'default' } });
    expect(bodyOf(res, 200).token.scopes).toEqual(['public:read']);
  });

  test('when a token asks for scopes its creator lacks, then 403 and nothing is created', async () => {
    const { user, token } = await developer(['developer:write', 'developer:read', 'public:read']);
    const res = await callOp(t.app, 'createCurrentDeveloperApiToken', { token, body: { label: 'escalate', scopes: ['time:parse'] } });
    expect(res.status).toBe(403);
    const list = await t.services.tokens.list(user.id, { includeRevoked: true });
    expect(list.tokens.map((x) => x.label)).not.toContain('escalate');
  });

  test.each([
    ['an unknown scope', { label: 'x', scopes: ['root:everything'] }, '/scopes/0'],
    ['an empty label', { label: '' }, '/label'],
    ['an 81-character label', { label: 'x'.repeat(81) }, '/label'],
    ['an unknown property', { label: 'x', owner: 'someone' }, '/owner'],
  ])('when the body has %s, then 400 with its pointer', async (_name, body, pointer) => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperApiToken', { token, invalidBody: body });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer }));
  });

  test('when expiresAt is in the past, then 400', async () => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperApiToken', { token, body: { label: 'old', expiresAt: t.clock.now() - 1 } });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/expiresAt' }));
  });

  test("when a user revokes another user's token, then 404 and the token keeps working", async () => {
    const victim = await developer();
    const victimToken = await makeToken(t.services, victim.user.id, ['public:read']);
    const attacker = await developer();
    const res = await callOp(t.app, 'revokeCurrentDeveloperApiToken', { params: { tokenId: victimToken.id }, token: attacker.token });
    expect(res.status).toBe(404);
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: victimToken.value })).status).toBe(200);
  });

  test('when a token is revoked twice, then both answers are 200 and revokedAt does not move', async () => {
    const { user, token } = await developer();
    const target = await makeToken(t.services, user.id, ['public:read']);
    const first = await callOp(t.app, 'revokeCurrentDeveloperApiToken', { params: { tokenId: target.id }, token });
    t.clock.advance(1000);
    const second = await callOp(t.app, 'revokeCurrentDeveloperApiToken', { params: { tokenId: target.id }, token });
    expectStatus(first, 200);
    expectStatus(second, 200);
    expect(second.body.token.status).toBe('revoked');
    expect(second.body.token.revokedAt).toBe(first.body.token.revokedAt);
    const revocations = (await t.services.audit.list({ action: 'personal_token.revoke' })).filter((r) => r.resourceId === target.id);
    expect(revocations).toHaveLength(1);
  });

  test('when the same token is revoked by concurrent requests, then exactly one revocation is recorded', async () => {
    const { user, token } = await developer();
    const target = await makeToken(t.services, user.id, ['public:read']);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => callOp(t.app, 'revokeCurrentDeveloperApiToken', { params: { tokenId: target.id }, token })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const revocations = (await t.services.audit.list({ action: 'personal_token.revoke' })).filter((r) => r.resourceId === target.id);
    expect(revocations).toHaveLength(1);
  });

  test('when the list is paged, then every token appears once and revoked ones only on request', async () => {
    const { user, token } = await developer();
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await makeToken(t.services, user.id, ['public:read'], `page-${i}`));
      t.clock.advance(1);
    }
    await t.services.tokens.revoke(user.id, made[0].id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token, query: { limit: 2, includeRevoked: true, cursor } });
      expectStatus(res, 200);
      seen.push(...res.body.tokens.map((x) => x.id));
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const m of made) expect(seen).toContain(m.id);
    const active = bodyOf(await callOp(t.app, 'listCurrentDeveloperApiTokens', { token, query: { limit: 100 } }), 200);
    expect(active.tokens.map((x) => x.id)).not.toContain(made[0].id);
    expect(active.nextCursor).toBeNull();
  });

  test('when the limit or cursor is out of bounds, then 400 naming the parameter', async () => {
    const { token } = await developer();
    const over = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token, query: { limit: 101 } });
    expectStatus(over, 400);
    expect(over.body.errors).toContainEqual(expect.objectContaining({ parameter: 'limit' }));
    const cursor = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token, query: { cursor: 'bm9wZQ' } });
    expectStatus(cursor, 400);
    expect(cursor.body.errors).toContainEqual(expect.objectContaining({ parameter: 'cursor' }));
  });
});
