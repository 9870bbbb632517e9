import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeToken, makeUser } from '../helpers/factories.js';
import { call } from '../helpers/contractClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v0/me (contract 2.13, 4.5)', () => {
  test('when a personal token calls, then it sees its class, owner, scopes, tier and public-read window', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['public:read', 'events:contribute']);
    const first = await call(t.app, 'GET', '/api/v0/me', { token: token.value });
    expect(first.status).toBe(200);
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
    const second = await call(t.app, 'GET', '/api/v0/me', { token: token.value });
    expect(second.body.rateLimit.remaining).toBe(598);
    expect(Number(second.headers['ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
  });

  test('when any valid credential calls, then no particular scope is needed', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['developer:read']);
    expect((await call(t.app, 'GET', '/api/v0/me', { token: token.value })).status).toBe(200);
  });

  test('when an operator promotes the token, then the window is the trusted-partner one (100x)', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['public:read']);
    await t.services.tokens.setTrustTier(token.id, 'trusted_partner');
    const res = await call(t.app, 'GET', '/api/v0/me', { token: token.value });
    expect(res.body.credential.trustTier).toBe('trusted_partner');
    expect(res.body.rateLimit.limit).toBe(60000);
  });

  test('when a community-owned token calls, then it is described as community-owned', async () => {
    const user = await makeUser(t.services);
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Owned Crew', ownerUserId: user.id });
    const token = await makeCommunityToken(t.services, user.id, community.id, ['public:read', 'developer:read']);
    const res = await call(t.app, 'GET', '/api/v0/me', { token: token.value });
    expect(res.body.credential).toMatchObject({ ownerKind: 'community', ownerCommunityProfileId: community.id });
    // …and it has no user authority on user-authority routes (contract 5.10).
    const list = await call(t.app, 'GET', '/api/v0/developer/tokens', { token: token.value });
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('USER_AUTHORITY_REQUIRED');
  });
});
