import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v0/me (contract 2.13, 4.5)', () => {
  test('when a personal token calls, then it sees its class, owner, scopes, tier and public-read window', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['public:read', 'events:contribute']);
    const first = await callOp(t.app, 'getCurrentApiCaller', { token: token.value });
    expectStatus(first, 200);
    expect(first.body.credential).toEqual({
      kind: 'api_token',
      tokenId: token.id,
      ownerKind: 'user',
      ownerUserId: user.id,
      scopes: ['public:read', 'events:contribute'],
      trustTier: 'personal',
    });
    expect(first.body.rateLimit).toMatchObject({ routeClass: 'authenticated_public_read', limit: 600, remaining: 599, windowMs: 60000 });
    expect(first.headers['ratelimit-limit']).toBe('600');
    expect(first.headers['ratelimit-remaining']).toBe('599');
    const second = await callOp(t.app, 'getCurrentApiCaller', { token: token.value });
    expect(bodyOf(second, 200).rateLimit.remaining).toBe(598);
    // RateLimit-Reset is in seconds, on the app's (manual) clock: the window resets after now.
    expect(Number(second.headers['ratelimit-reset'])).toBeGreaterThan(t.clock.now() / 1000);
  });

  test('when any valid credential calls, then no particular scope is needed', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['developer:read']);
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: token.value })).status).toBe(200);
  });

  test('when an operator promotes the token, then the window is the trusted-partner one (100x)', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['public:read']);
    await t.services.tokens.setTrustTier(token.id, 'trusted_partner');
    const res = bodyOf(await callOp(t.app, 'getCurrentApiCaller', { token: token.value }), 200);
    expect(res.credential.trustTier).toBe('trusted_partner');
    expect(res.rateLimit.limit).toBe(60000);
  });

  test('when a community-owned token calls, then it is described as community-owned', async () => {
    const user = await makeUser(t.services);
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Owned Crew', ownerUserId: user.id });
    const token = await makeCommunityToken(t, user.id, community.id, ['public:read', 'developer:read']);
    const res = await callOp(t.app, 'getCurrentApiCaller', { token: token.value });
    expect(bodyOf(res, 200).credential).toMatchObject({ ownerKind: 'community', ownerCommunityProfileId: community.id });
    // …and it has no user authority on user-authority routes (contract 5.10).
    const list = await callOp(t.app, 'listCurrentDeveloperApiTokens', { token: token.value });
    expectStatus(list, 403);
    expect(list.body.code).toBe('USER_AUTHORITY_REQUIRED');
  });
});
