import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { routeClasses } from '../../src/generated/contract.js';
import { ROUTE_CLASS_LIMITS, WINDOW_MS } from '../../src/services/ratelimit/policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owner() {
  const user = await makeUser(t.services);
  const token = (await makeToken(t.services, user.id, ['profile:read', 'community:read', 'events:read'])).value;
  return { user, token };
}

describe('owner inventories (contract 4.5)', () => {
  test('when an owner lists profiles, then drafts and opted-out ones are included, and only their own', async () => {
    const { user, token } = await owner();
    const other = await makeUser(t.services);
    const mine = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Inventory Person', ownerUserId: user.id, pronouns: 'they/them' });
    const crew = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Inventory Crew', ownerUserId: user.id });
    await t.services.directory.createProfile({ profileType: 'community', displayName: 'Not Mine', ownerUserId: other.id });
    await t.db('profiles').where({ id: mine.id }).update({ public_surfacing_state: 'opted_out' });
    const res = await callOp(t.app, 'listCurrentApiUserProfiles', { token });
    expectStatus(res, 200);
    expect(res.body.profiles.map((p) => p.id).sort()).toEqual([mine.id, crew.id].sort());
    expect(res.body.profiles.find((p) => p.id === mine.id)).toMatchObject({ publicSurfacingState: 'opted_out', person: { pronouns: 'they/them' } });
    expect(res.body.nextCursor).toBeNull();
    const communities = bodyOf(await callOp(t.app, 'listCurrentApiUserCommunities', { token }), 200);
    expect(communities.communities.map((p) => p.id)).toEqual([crew.id]);
  });

  test('when the inventory is paged, then every profile appears exactly once', async () => {
    const { user, token } = await owner();
    for (let i = 0; i < 5; i++) await t.services.directory.createProfile({ profileType: 'community', displayName: `Paged Crew ${i}`, ownerUserId: user.id });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = bodyOf(await callOp(t.app, 'listCurrentApiUserCommunities', { token, query: { limit: 2, cursor } }), 200);
      seen.push(...page.communities.map((c) => c.slug));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(5);
  });

  test('when an owner lists events, then events of owned communities come with computed status', async () => {
    const { user, token } = await owner();
    const crew = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Events Crew', ownerUserId: user.id, timezone: 'UTC' });
    const now = t.clock.now();
    const past = await t.services.directory.createEvent({ communitySlug: crew.slug, title: 'Past Night', eventDate: '2026-11-01', startAt: Date.parse('2026-11-01T20:00:00Z'), endAt: Date.parse('2026-11-01T22:00:00Z') });
    const live = await t.services.directory.createEvent({ communitySlug: crew.slug, title: 'Live Now', eventDate: '2026-11-21', startAt: now - 3_600_000, endAt: now + 3_600_000 });
    const dated = await t.services.directory.createEvent({ communitySlug: crew.slug, title: 'Open Day', eventDate: '2026-12-24' });
    const res = bodyOf(await callOp(t.app, 'listCurrentApiUserEvents', { token }), 200);
    const byId = Object.fromEntries(res.events.map((e) => [e.id, e]));
    expect(byId[past.id]).toMatchObject({ status: 'ended', scheduleKind: 'timed', communitySlug: crew.slug });
    expect(byId[live.id].status).toBe('in_progress');
    expect(byId[dated.id]).toMatchObject({ status: 'scheduled', scheduleKind: 'date_only', eventDate: '2026-12-24' });
    expect(byId[dated.id].startAt).toBeUndefined();
  });

  test('when an owner pages through the events of two communities, then they come latest event date first, each exactly once', async () => {
    const { user, token } = await owner();
    const crews = [];
    for (const name of ['Order Crew A', 'Order Crew B']) crews.push(await t.services.directory.createProfile({ profileType: 'community', displayName: name, ownerUserId: user.id, timezone: 'UTC' }));
    // Dates out of order, and two events on one date in different communities.
    const dates = ['2027-03-05', '2026-12-01', '2027-08-20', '2027-03-05', '2025-06-30'];
    const made = [];
    for (const [i, eventDate] of dates.entries()) made.push(await t.services.directory.createEvent({ communitySlug: crews[i % 2].slug, title: `Ordered ${i}`, eventDate }));
    const seen: { id: string; eventDate: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = bodyOf(await callOp(t.app, 'listCurrentApiUserEvents', { token, query: { limit: 2, cursor } }), 200);
      seen.push(...page.events.map((e) => ({ id: e.id, eventDate: e.eventDate })));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((e) => e.eventDate)).toEqual([...dates].sort().reverse());
    expect(new Set(seen.map((e) => e.id))).toEqual(new Set(made.map((e) => e.id)));
  });

  test('when scope or user authority is missing, then 403', async () => {
    const user = await makeUser(t.services);
    const wrongScope = (await makeToken(t.services, user.id, ['public:read'])).value;
    expect((await callOp(t.app, 'listCurrentApiUserProfiles', { token: wrongScope })).status).toBe(403);
    const crew = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Authority Crew', ownerUserId: user.id });
    const community = await makeCommunityToken(t, user.id, crew.id, ['profile:read']);
    const res = await callOp(t.app, 'listCurrentApiUserProfiles', { token: community.value });
    expectStatus(res, 403);
    expect(res.body.code).toBe('USER_AUTHORITY_REQUIRED');
  });
});

describe('GET /api/v0/usage/rate-limit (contract 4.4)', () => {
  test('when called anonymously, then anonymous in anonymous_public_read, with the whole policy table', async () => {
    const res = await callOp(t.app, 'getApiRateLimitUsage');
    expectStatus(res, 200);
    expect(res.body.caller).toEqual({ authenticated: false, credentialKind: 'anonymous', quotaTier: 'standard', routeClass: 'anonymous_public_read' });
    // The contract's published anonymous window (8.3), checked literally; the full table is checked
    // against the contract text in rateLimits.test.ts.
    expect(res.body.currentWindow).toMatchObject({ routeClass: 'anonymous_public_read', limit: 120, windowMs: 60000 });
    // The served table is the policy table: every class of the contract, once, with its limits.
    const table = Object.fromEntries(res.body.policies.map((p) => [p.routeClass, [p.limit, p.trustedPartnerLimit, p.windowMs]]));
    expect(res.body.policies).toHaveLength(routeClasses.length);
    expect(table).toEqual(Object.fromEntries(routeClasses.map((c) => [c, [...ROUTE_CLASS_LIMITS[c], WINDOW_MS]])));
  });

  test('when called with a trusted-partner token, then authenticated and trusted in authenticated_public_read', async () => {
    const user = await makeUser(t.services);
    const token = await makeToken(t.services, user.id, ['public:read']);
    await t.services.tokens.setTrustTier(token.id, 'trusted_partner');
    const res = await callOp(t.app, 'getApiRateLimitUsage', { token: token.value });
    expectStatus(res, 200);
    expect(res.body.caller).toEqual({ authenticated: true, credentialKind: 'personal_api_token', quotaTier: 'trusted_partner', routeClass: 'authenticated_public_read' });
    expect(res.body.currentWindow).toMatchObject({ limit: 60000, remaining: 59999 });
  });
});
