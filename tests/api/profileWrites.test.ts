import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import * as oauth from 'oauth4webapi';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { makeCommunityToken, makeToken, makeUser } from '../helpers/factories.js';
import { consentInBrowser, insecure, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import type { TestApp } from '../helpers/testApp.js';
import { PROVIDER_HOSTS } from '../../src/lib/linkProviders.js';
import { refreshSearch } from '../../src/services/directory/searchDocuments.js';
import { SUBMISSION_RECEIPT_TTL_MS } from '../../src/services/directory/profileWrites.js';
import type { ProfileRow, StoredOutboundLink } from '../../src/repositories/profiles.js';
import type { components } from '../../src/generated/openapi.js';

type UpdateBody = components['schemas']['ApiProfileUpdateRequest'];
type SubmitBody = components['schemas']['ApiProfileSubmitRequest'];

let s: ServedTestApp;
let t: TestApp;
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  t = s.t;
});
afterAll(() => s.close());

const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://client.example.test/callback';

/** A name no other test of this file uses (profiles share one database). */
const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;
/** A made-up lower-case word for search checks. */
const word = () => `zq${crypto.randomBytes(4).toString('hex').replace(/[0-9]/g, (d) => 'bdfgklmnpr'[Number(d)])}`;

async function userWith(scopes: string[]) {
  const user = await makeUser(t.services, { verified: true });
  return { user, token: (await makeToken(t.services, user.id, scopes)).value };
}
const ownerScopes = ['profile:write', 'profile:read'];
const contributorScopes = ['profile:write', 'profile:contribute'];

const stored = async (id: string) => (await t.repos.profiles.findById(id))!;
/** A published, public profile: owned (claimed) when `ownerUserId` is given, otherwise unclaimed and held by nobody. */
async function profile(opts: { type?: 'person' | 'community'; name?: string; ownerUserId?: string; headline?: string; bio?: string; pronouns?: string; timezone?: string } = {}) {
  const created = await t.services.directory.createProfile({ profileType: opts.type ?? 'person', displayName: opts.name ?? unique('Profile'), ...opts });
  return stored(created.id);
}
/** Sets stored columns the write routes never change (state, private fields, stored links). */
async function setStored(p: ProfileRow, columns: Record<string, unknown>): Promise<ProfileRow> {
  await t.db('profiles').where({ id: p.id }).update(columns);
  return (await t.repos.profiles.findById(p.id))!;
}
const update = (token: string, slug: string, body: UpdateBody) => callOp(t.app, 'updateCurrentUserProfile', { token, params: { slug }, body });
const submit = (token: string, body: SubmitBody, key?: string) => callOp(t.app, 'submitCommunityProfile', { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
const publicProfile = (slug: string) => callOp(t.app, 'getPublicProfileBySlug', { params: { slug } });
const search = async (q: string) => bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q, type: 'profile' } }), 200).results.map((r) => r.slug);
const auditOf = async (action: string, resourceId: string) => (await t.services.audit.list({ action, limit: 500 })).filter((r) => r.resourceId === resourceId);
const countProfiles = async (displayName: string) => Number((await t.db('profiles').where({ display_name: displayName }).count({ n: '*' }))[0].n);

/** An OAuth app of a fresh owner allowed the profile scopes. */
async function oauthApp(grants: ('authorization_code' | 'client_credentials')[]) {
  const owner = await makeUser(t.services, { verified: true });
  const created = await t.services.oauthApps.create(
    owner.id,
    { displayName: unique('App'), clientType: 'confidential', redirectUris: [REDIRECT], allowedGrants: grants, allowedScopes: ['public:read', 'profile:read', 'profile:write', 'profile:contribute'] },
    'web_session',
  );
  return { client: { client_id: created.application.clientId } as oauth.Client, auth: oauth.ClientSecretBasic(created.clientSecretValue!) };
}

/** An application-owned token (client credentials: no user authority, contract 5.9) with the profile write scopes. */
async function clientCredentialsToken() {
  const { client, auth } = await oauthApp(['client_credentials']);
  const res = await oauth.clientCredentialsGrantRequest(s.as, client, auth, new URLSearchParams({ scope: 'profile:write profile:contribute' }), insecure);
  const tokens = await oauth.processClientCredentialsResponse(s.as, client, res);
  expect(tokens.scope?.split(' ').sort()).toEqual(['profile:contribute', 'profile:write']);
  return tokens.access_token;
}

/** A user-delegated OAuth access token (code + PKCE, approved by `user` in the browser) with `scope`. */
async function delegatedToken(user: { email: string }, scope: string) {
  const { client, auth } = await oauthApp(['authorization_code']);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(s.as.authorization_endpoint!);
  for (const [k, v] of Object.entries({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', state, scope, code_challenge_method: 'S256', code_challenge: await oauth.calculatePKCECodeChallenge(verifier) })) url.searchParams.set(k, v);
  const { redirectedTo } = await consentInBrowser(s, url.href, { email: user.email, password: PASSWORD });
  const params = oauth.validateAuthResponse(s.as, client, redirectedTo, state);
  const tokens = await oauth.processAuthorizationCodeResponse(s.as, client, await oauth.authorizationCodeGrantRequest(s.as, client, auth, params, REDIRECT, verifier, insecure));
  return tokens.access_token;
}

describe('PATCH /api/v0/profiles/{slug} by the owner (contract 4.6)', () => {
  test('when the owner updates with the current revision, then the fields change, the revision strictly increases and the public read shows it', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id, headline: 'old headline' });
    const res = await update(token, p.slug, {
      expectedUpdatedAt: p.updatedAt,
      displayName: '  Aurora   Vex  ',
      aliases: ['AV', ' AV ', ''],
      tags: ['techno'],
      headline: 'Resident DJ',
      bio: 'Line one.\nLine two.',
      region: 'EU',
      timezone: 'Europe/Berlin',
      person: { pronouns: 'she/her', roleTags: ['dj'] },
    });
    expectStatus(res, 200);
    // The clock did not move: the revision still rises (decisions §1).
    expect(res.body).toEqual({ profileId: p.id, slug: p.slug, profileType: 'person', profilePath: `/api/v0/profiles/${p.slug}`, publiclyViewable: true, updatedAt: p.updatedAt + 1 });
    const pub = bodyOf(await publicProfile(p.slug), 200);
    expect(pub).toMatchObject({ displayName: 'Aurora Vex', aliases: ['AV'], headline: 'Resident DJ', bio: 'Line one.\nLine two.', region: 'EU', timezone: 'Europe/Berlin', person: { pronouns: 'she/her', roleTags: ['dj'] }, updatedAt: p.updatedAt + 1 });
    expect(pub.tags).toEqual(expect.arrayContaining(['techno', 'dj']));

    t.clock.advance(5_000);
    const later = bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt + 1, headline: 'Later' }), 200);
    expect(later.updatedAt).toBe(t.clock.now());
  });

  test('when optional text is null or blank, then it is cleared; omitted fields are kept', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id, headline: 'keep me', bio: 'clear me', pronouns: 'they/them', timezone: 'UTC' });
    const res = bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, bio: '   ', timezone: null, person: { pronouns: '' } }), 200);
    const after = await stored(p.id);
    expect(after).toMatchObject({ headline: 'keep me', bio: null, timezone: null, pronouns: null, displayName: p.displayName, updatedAt: res.updatedAt });
    const pub = bodyOf(await publicProfile(p.slug), 200);
    expect(pub.bio).toBeUndefined();
    expect(pub.person?.pronouns).toBeUndefined();
  });

  test('when nothing would change, then 200 with the same revision and no audit record', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id, headline: 'same' });
    const res = bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: ' same ', displayName: p.displayName }), 200);
    expect(res.updatedAt).toBe(p.updatedAt);
    expect(await auditOf('profile.updated', p.id)).toEqual([]);
  });

  test('when an owner edits a draft or opted-out profile, then it is written, publiclyViewable is false, and /me/profiles shows the new fields', async () => {
    const { user, token } = await userWith(ownerScopes);
    const draft = await setStored(await profile({ ownerUserId: user.id }), { publication_state: 'draft_private' });
    const optedOut = await setStored(await profile({ ownerUserId: user.id }), { public_surfacing_state: 'opted_out' });
    const name = unique('Draft Name');
    const res = await update(token, draft.slug, { expectedUpdatedAt: draft.updatedAt, displayName: name, headline: 'Draft headline', aliases: ['DN'], outboundLinks: [{ type: 'twitch', url: 'https://twitch.tv/draft' }] });
    expectStatus(res, 200);
    expect(res.body.publiclyViewable).toBe(false);
    expect(bodyOf(await update(token, optedOut.slug, { expectedUpdatedAt: optedOut.updatedAt, headline: 'x' }), 200).publiclyViewable).toBe(false);
    expectStatus(await publicProfile(draft.slug), 404);
    const inventory = bodyOf(await callOp(t.app, 'listCurrentApiUserProfiles', { token }), 200);
    expect(inventory.profiles.find((x) => x.id === draft.id)).toMatchObject({
      displayName: name,
      headline: 'Draft headline',
      aliases: ['DN'],
      publicationState: 'draft_private',
      updatedAt: res.body.updatedAt,
      // As written, with the automatic label; provenance stays internal (the summary is closed).
      outboundLinks: [{ type: 'twitch', url: 'https://twitch.tv/draft', label: 'Twitch', labelMode: 'automatic' }],
    });
  });

  test('when a user-delegated OAuth token of the owner is used, then the update is accepted and audited with the OAuth actor kind', async () => {
    const { user } = await userWith([]);
    const p = await profile({ ownerUserId: user.id });
    const token = await delegatedToken(user, 'profile:write');
    const res = bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'via OAuth' }), 200);
    expect(res.updatedAt).toBeGreaterThan(p.updatedAt);
    const [record] = await auditOf('profile.updated', p.id);
    expect(record).toMatchObject({ actorKind: 'oauth', metadata: { source: 'owner', writerUserId: user.id, fields: ['headline'] } });
  });
});

describe('revisions (contract 4.6, 7; decisions §1)', () => {
  test('when expectedUpdatedAt is stale, then 409 STALE_VERSION and nothing changes', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id, headline: 'before' });
    bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'first' }), 200);
    const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'second' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ type: '/problems/stale-version', code: 'STALE_VERSION' });
    expect((await stored(p.id)).headline).toBe('first');
  });

  test('when eight updates race with the same revision, then exactly one lands and the others answer 409', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: `writer ${i}` })));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'STALE_VERSION')).toHaveLength(7);
    const winner = results.indexOf(won[0]);
    expect(await stored(p.id)).toMatchObject({ headline: `writer ${winner}`, updatedAt: p.updatedAt + 1 });
    expect(await auditOf('profile.updated', p.id)).toHaveLength(1);
  });

  test('when another write lands between the read and the write, then the compare-and-set refuses it with 409', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id });
    bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'first' }), 200);
    // This writer read the profile before that write committed.
    const spy = jest.spyOn(t.repos.profiles, 'findBySlug').mockResolvedValueOnce(p);
    try {
      const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'second' });
      expectStatus(res, 409);
      expect(res.body.code).toBe('STALE_VERSION');
    } finally {
      spy.mockRestore();
    }
    expect(await stored(p.id)).toMatchObject({ headline: 'first', updatedAt: p.updatedAt + 1 });
    expect(await auditOf('profile.updated', p.id)).toHaveLength(1);
  });

  test('when two contributors race on an unclaimed profile with the same revision, then one wins and the other is told to re-read', async () => {
    const [a, b] = [await userWith(contributorScopes), await userWith(contributorScopes)];
    const p = await profile();
    const results = await Promise.all([update(a.token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'a' }), update(b.token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'b' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await stored(p.id)).headline).toBe(results[0].status === 200 ? 'a' : 'b');
  });
});

describe('who may write (contract 4.6 rule 1, 5.10; 403/404 matrix)', () => {
  test('when a non-owner with only profile:write edits an unclaimed profile, then 403 INSUFFICIENT_SCOPE naming profile:contribute', async () => {
    const { token } = await userWith(['profile:write']);
    const p = await profile();
    const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'x' });
    expectStatus(res, 403);
    expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
    expect(res.headers['www-authenticate']).toMatch(/error="insufficient_scope".*scope="profile:write profile:contribute"/);
    expect((await stored(p.id)).headline).toBeNull();
  });

  test('when a non-owner with profile:contribute edits an unclaimed public profile, then it is written as a community contributor', async () => {
    const { user, token } = await userWith(contributorScopes);
    const p = await profile({ headline: 'old' });
    const res = bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'community fix', outboundLinks: [{ type: 'youtube', url: 'https://youtube.com/@fix' }] }), 200);
    expect(res.publiclyViewable).toBe(true);
    const [record] = await auditOf('profile.updated', p.id);
    expect(record).toMatchObject({
      result: 'accepted',
      routeClass: 'public_write',
      resourceType: 'profile',
      actorKind: 'api_token',
      metadata: { source: 'community_contributor', writerUserId: user.id, fields: ['headline', 'outboundLinks'] },
    });
    // The claim state and ownership are untouched (rule 7).
    expect(await stored(p.id)).toMatchObject({ claimState: 'unclaimed', ownerUserId: null, creationSource: p.creationSource });
  });

  test('when a profile is claimed by someone else, then 403 even with profile:contribute', async () => {
    const { token } = await userWith(contributorScopes);
    const owner = await makeUser(t.services);
    const p = await profile({ ownerUserId: owner.id });
    const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'takeover' });
    expectStatus(res, 403);
    expect(res.body.code).toBe('FORBIDDEN');
    // Claimed but its owner gone (SET NULL): still claimed, still refused.
    const orphan = await setStored(await profile({ ownerUserId: owner.id }), { owner_user_id: null });
    expectStatus(await update(token, orphan.slug, { expectedUpdatedAt: orphan.updatedAt, headline: 'x' }), 403);
  });

  test.each([
    ['a draft', { publication_state: 'draft_private' }],
    ['an opted-out profile', { public_surfacing_state: 'opted_out' }],
    ['a suppressed profile', { public_surfacing_state: 'suppressed' }],
    ['an archived profile', { public_surfacing_state: 'archived' }],
  ])("when a non-owner edits someone else's %s, then 404 exactly as for an unknown slug (nothing revealed)", async (_label, columns) => {
    const { token } = await userWith(contributorScopes);
    const owner = await makeUser(t.services);
    const claimed = await setStored(await profile({ ownerUserId: owner.id }), columns);
    const unclaimed = await setStored(await profile(), columns);
    const unknown = await update(token, `no-such-${crypto.randomBytes(4).toString('hex')}`, { expectedUpdatedAt: 0, headline: 'x' });
    expectStatus(unknown, 404);
    for (const p of [claimed, unclaimed]) {
      const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'x' });
      expectStatus(res, 404);
      expect(res.body).toEqual(unknown.body);
    }
  });

  test('when a community-owned token with both scopes writes, then 403 USER_AUTHORITY_REQUIRED', async () => {
    const { user } = await userWith([]);
    const crew = await profile({ type: 'community', ownerUserId: user.id });
    const community = await makeCommunityToken(t, user.id, crew.id, ['profile:write', 'profile:contribute']);
    const res = await update(community.value, crew.slug, { expectedUpdatedAt: crew.updatedAt, headline: 'x' });
    expectStatus(res, 403);
    expect(res.body.code).toBe('USER_AUTHORITY_REQUIRED');
    const unclaimed = await profile();
    expect((await update(community.value, unclaimed.slug, { expectedUpdatedAt: unclaimed.updatedAt, headline: 'x' })).body).toMatchObject({ code: 'USER_AUTHORITY_REQUIRED' });
  });

  test('when a client-credentials token with both scopes writes, then 403 USER_AUTHORITY_REQUIRED', async () => {
    const token = await clientCredentialsToken();
    const p = await profile();
    const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'x' });
    expectStatus(res, 403);
    expect(res.body.code).toBe('USER_AUTHORITY_REQUIRED');
    expect((await stored(p.id)).headline).toBeNull();
  });

  test('when the token lacks profile:write (only profile:contribute), or there is no token, then 403 / 401', async () => {
    const { user, token } = await userWith(['profile:contribute']);
    const p = await profile({ ownerUserId: user.id });
    const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'x' });
    expectStatus(res, 403);
    expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
    expectStatus(await callOp(t.app, 'updateCurrentUserProfile', { params: { slug: p.slug }, body: { expectedUpdatedAt: p.updatedAt } }), 401);
  });
});

describe('per-field permissions (contract 4.6 rules 2 and 7)', () => {
  test('when a profile keeps bio and pronouns private, then the public read and search leave them out and a contributor writing them gets 403', async () => {
    const secret = word();
    const open = word();
    const p = await setStored(await profile({ headline: `headline ${open}`, bio: `bio ${secret}`, pronouns: 'xe/xem' }), { private_fields: JSON.stringify(['bio', 'pronouns']) });
    await refreshSearch.profile(t.repos, p);
    const pub = bodyOf(await publicProfile(p.slug), 200);
    expect(pub.headline).toBe(`headline ${open}`);
    expect(pub.bio).toBeUndefined();
    expect(pub.person?.pronouns).toBeUndefined();
    expect(await search(open)).toContain(p.slug);
    expect(await search(secret)).not.toContain(p.slug);

    const { token } = await userWith(contributorScopes);
    for (const body of [{ bio: 'mine now' }, { bio: null }, { person: { pronouns: 'he/him' } }]) {
      const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, ...body });
      expectStatus(res, 403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringMatching(/private/) });
    }
    expect(await stored(p.id)).toMatchObject({ bio: `bio ${secret}`, pronouns: 'xe/xem', updatedAt: p.updatedAt });
    // Fields the profile does not keep private stay open to contributors.
    expectStatus(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'public headline', person: { roleTags: ['vj'] } }), 200);
  });

  test('when the owner writes a private field, then it is stored and stays private', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await setStored(await profile({ ownerUserId: user.id }), { private_fields: JSON.stringify(['region']) });
    expectStatus(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, region: 'APAC' }), 200);
    expect(await stored(p.id)).toMatchObject({ region: 'APAC', privateFields: ['region'] });
    expect(bodyOf(await publicProfile(p.slug), 200).region).toBeUndefined();
  });

  test('when a body tries slug, claim state or visibility, then 400: the routes do not take them', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id });
    for (const extra of [{ slug: 'taken-over' }, { claimState: 'unclaimed' }, { privateFields: [] }, { publicationState: 'draft_private' }]) {
      const res = await callOp(t.app, 'updateCurrentUserProfile', { token, params: { slug: p.slug }, invalidBody: { expectedUpdatedAt: p.updatedAt, ...extra } });
      expectStatus(res, 400);
    }
    expect(await stored(p.id)).toMatchObject({ slug: p.slug, claimState: p.claimState, updatedAt: p.updatedAt });
  });
});

describe('validation (400 leaves the stored profile unchanged)', () => {
  test.each<[string, Omit<UpdateBody, 'expectedUpdatedAt'>, string]>([
    ['community details on a person', { community: { subtype: 'club' } }, '/community'],
    ['a display name that is blank once trimmed', { displayName: '      ' }, '/displayName'],
    ['a NUL character', { headline: 'bad\u0000text' }, '/headline'],
    ['an unpaired surrogate', { bio: 'bad \uD800 text' }, '/bio'],
    ['an unpaired surrogate in an alias', { aliases: ['ok', '\uDC00'] }, '/aliases/1'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, '/timezone'],
    ['a custom label mode without a label', { outboundLinks: [{ type: 'website', url: 'https://example.org/', labelMode: 'custom' }] }, '/outboundLinks/0/label'],
    ['the same link twice', { outboundLinks: [{ type: 'website', url: 'https://example.org/' }, { type: 'website', url: 'https://EXAMPLE.org' }] }, '/outboundLinks/1'],
  ])('when the body has %s, then 400 pointing at it', async (_label, body, pointer) => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id, headline: 'unchanged' });
    const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, ...body });
    expectStatus(res, 400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ pointer })]));
    expect(await stored(p.id)).toEqual(p);
  });

  test('when person details are sent for a community, then 400 /person', async () => {
    const { user, token } = await userWith(ownerScopes);
    const crew = await profile({ type: 'community', ownerUserId: user.id });
    const res = await update(token, crew.slug, { expectedUpdatedAt: crew.updatedAt, person: { pronouns: 'they' } });
    expectStatus(res, 400);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/person' })]);
  });
});

describe('outbound links (contract 4.6 rules 3 and 4, 2.10)', () => {
  const fine = [
    { type: 'website' as const, url: 'https://example.org/' },
    { type: 'bandcamp' as const, url: 'https://artist.bandcamp.com/' },
    { type: 'kofi' as const, url: 'https://ko-fi.com/artist' },
  ];

  test.each([
    ['a lookalike host', 'https://twitch.tv.evil.com/x'],
    ['a host ending in the provider name', 'https://evil-twitch.tv/x'],
    ['userinfo before the host', 'https://twitch.tv@evil.com/x'],
    ['plain http', 'http://twitch.tv/x'],
    ['another provider', 'https://youtube.com/x'],
  ])('when a twitch link uses %s, then 400 with the pointer of that link and nothing changes', async (_label, url) => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id });
    const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, outboundLinks: [...fine, { type: 'twitch', url }] });
    expectStatus(res, 400);
    expect(res.body.errors).toEqual([{ pointer: '/outboundLinks/3/url', message: expect.any(String) }]);
    expect(await stored(p.id)).toEqual(p);
  });

  test.each(Object.entries(PROVIDER_HOSTS).map(([type, hosts]) => [type, hosts[0]] as const))('when a %s link points at %s, then it is accepted, and at another host it is refused', async (type, host) => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id });
    const ok = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, outboundLinks: [{ type: type as never, url: `https://${host}/someone` }] });
    expectStatus(ok, 200);
    const wrong = await update(token, p.slug, { expectedUpdatedAt: ok.body.updatedAt, outboundLinks: [{ type: type as never, url: `https://${host}.example.com/someone` }] });
    expectStatus(wrong, 400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ pointer: '/outboundLinks/0/url' })]);
  });

  test('when the owner writes links, then they replace the list, are owner_authored, and get automatic labels and normalised URLs', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await setStored(await profile({ ownerUserId: user.id }), { outbound_links: JSON.stringify([{ type: 'website', url: 'https://old.example.org/', label: 'Old', source: 'owner_authored' }]) });
    bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, outboundLinks: [{ type: 'twitch', url: ' https://TWITCH.tv/aurora ' }, { type: 'website', url: 'https://www.example.org/me', label: 'Home', labelMode: 'custom' }] }), 200);
    const pub = bodyOf(await publicProfile(p.slug), 200);
    expect(pub.outboundLinks).toEqual([
      { type: 'twitch', url: 'https://twitch.tv/aurora', label: 'Twitch', labelMode: 'automatic', source: 'owner_authored' },
      { type: 'website', url: 'https://www.example.org/me', label: 'Home', labelMode: 'custom', source: 'owner_authored' },
    ]);
  });

  test('when a contributor replaces the links, then hidden links are kept, unchanged links keep their provenance, new ones are community_submitted', async () => {
    const links: StoredOutboundLink[] = [
      { type: 'twitch', url: 'https://twitch.tv/aurora', label: 'Twitch', source: 'owner_authored', destination: { targetKey: 'twitch:aurora', kind: 'vrchat_user', status: 'resolved' } },
      { type: 'discord', url: 'https://discord.gg/private-room', label: 'Discord', source: 'owner_authored', visibility: 'private' },
      { type: 'website', url: 'https://example.org/unlisted', label: 'Site', source: 'owner_authored', visibility: 'unlisted' },
    ];
    const p = await setStored(await profile(), { outbound_links: JSON.stringify(links) });
    const { token } = await userWith(contributorScopes);
    // The contributor read the public profile: it shows only the Twitch link.
    expect(bodyOf(await publicProfile(p.slug), 200).outboundLinks?.map((l) => l.url)).toEqual(['https://twitch.tv/aurora']);
    bodyOf(await update(token, p.slug, {
      expectedUpdatedAt: p.updatedAt,
      outboundLinks: [
        { type: 'twitch', url: 'https://twitch.tv/aurora', label: 'Twitch' },
        { type: 'soundcloud', url: 'https://soundcloud.com/aurora' },
        // A hidden link's URL sent again does not make it public.
        { type: 'discord', url: 'https://discord.gg/private-room', label: 'Discord' },
      ],
    }), 200);
    expect((await stored(p.id)).outboundLinks).toEqual([
      { ...links[0], label: 'Twitch' },
      { type: 'soundcloud', url: 'https://soundcloud.com/aurora', label: 'SoundCloud', labelMode: 'automatic', source: 'community_submitted' },
      links[1],
      links[2],
    ]);
    const pub = bodyOf(await publicProfile(p.slug), 200);
    expect(pub.outboundLinks?.map((l) => [l.url, l.source])).toEqual([
      ['https://twitch.tv/aurora', 'owner_authored'],
      ['https://soundcloud.com/aurora', 'community_submitted'],
    ]);
    // An empty list removes what the contributor can see, and only that.
    const next = await stored(p.id);
    bodyOf(await update(token, p.slug, { expectedUpdatedAt: next.updatedAt, outboundLinks: [] }), 200);
    expect((await stored(p.id)).outboundLinks).toEqual([links[1], links[2]]);
  });

  test("when the owner resends a link with the same type and URL, then its stored visibility, destination and provenance are kept", async () => {
    const { user, token } = await userWith(ownerScopes);
    const links: StoredOutboundLink[] = [
      { type: 'discord', url: 'https://discord.gg/room', label: 'Discord', source: 'community_submitted', visibility: 'unlisted', destination: { targetKey: 'discord:room', kind: 'discord_guild', status: 'pending' } },
      { type: 'youtube', url: 'https://youtube.com/@gone', label: 'YouTube', source: 'owner_authored' },
    ];
    const p = await setStored(await profile({ ownerUserId: user.id }), { outbound_links: JSON.stringify(links) });
    bodyOf(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, outboundLinks: [{ type: 'discord', url: 'https://discord.gg/room', label: 'Our server' }] }), 200);
    expect((await stored(p.id)).outboundLinks).toEqual([{ ...links[0], label: 'Our server' }]);
  });
});

describe('one unit of work: profile, search document and audit record (contract 4.6 rule 6)', () => {
  test('when a community is renamed, then its search document and its events\' documents carry the new name in the same write', async () => {
    const { user, token } = await userWith(ownerScopes);
    const crew = await profile({ type: 'community', ownerUserId: user.id, name: unique('Crew') });
    const e = await t.services.directory.createEvent({ communitySlug: crew.slug, title: unique('Night'), eventDate: '2027-01-15' });
    const fresh = word();
    bodyOf(await update(token, crew.slug, { expectedUpdatedAt: crew.updatedAt, displayName: `Crew ${fresh}` }), 200);
    expect(await search(fresh)).toEqual([crew.slug]);
    const doc = await t.db('search_documents').where({ kind: 'event', entity_id: e.id }).first();
    expect(doc.community_name).toBe(`Crew ${fresh}`);
  });

  test('when the search refresh fails after the row was written, then the update rolls back whole: row, document and audit', async () => {
    const { user, token } = await userWith(ownerScopes);
    const p = await profile({ ownerUserId: user.id, headline: 'before' });
    const spy = jest.spyOn(refreshSearch, 'profile').mockRejectedValueOnce(new Error('search projection down'));
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'after' });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('search projection down');
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    expect(await stored(p.id)).toEqual(p);
    expect(await auditOf('profile.updated', p.id)).toEqual([]);
    // The revision is still the one the client holds: a retry goes through.
    expectStatus(await update(token, p.slug, { expectedUpdatedAt: p.updatedAt, headline: 'after' }), 200);
  });
});

describe('POST /api/v0/profiles (contract 3, 4.6 rules 8–9)', () => {
  test('when a contributor submits, then 201: published, unclaimed, credited to the submitter, public and searchable, not in the submitter\'s inventory', async () => {
    const { user, token } = await userWith(['profile:contribute', 'profile:read']);
    const marker = word();
    const name = `Lumen ${marker}`;
    const res = await submit(token, { profileType: 'person', displayName: `  ${name} `, aliases: ['Lumen'], tags: ['ambient'], person: { roleTags: ['dj'] }, outboundLinks: [{ type: 'soundcloud', url: 'https://soundcloud.com/lumen' }] });
    expectStatus(res, 201);
    expect(res.headers.location).toBeUndefined();
    const slug = `lumen-${marker}`;
    expect(res.body).toEqual({ profileId: expect.any(String), slug, profileType: 'person', profilePath: `/api/v0/profiles/${slug}`, publiclyViewable: true, updatedAt: t.clock.now() });
    expect(await stored(res.body.profileId)).toMatchObject({
      displayName: name,
      claimState: 'unclaimed',
      creationSource: 'community',
      publicationState: 'published',
      publicSurfacingState: 'public',
      ownerUserId: null,
      submittedByUserId: user.id,
      publishedAt: t.clock.now(),
    });
    const pub = bodyOf(await publicProfile(slug), 200);
    expect(pub).toMatchObject({ trustLabel: 'community_submitted', source: { sourceType: 'community' }, person: { roleTags: ['dj'] } });
    expect(pub.outboundLinks).toEqual([{ type: 'soundcloud', url: 'https://soundcloud.com/lumen', label: 'SoundCloud', labelMode: 'automatic', source: 'community_submitted' }]);
    expect(await search(marker)).toEqual([slug]);
    const inventory = bodyOf(await callOp(t.app, 'listCurrentApiUserProfiles', { token }), 200);
    expect(inventory.profiles.map((p) => p.id)).not.toContain(res.body.profileId);
    const [record] = await auditOf('profile.submitted', res.body.profileId);
    expect(record).toMatchObject({ result: 'accepted', routeClass: 'public_write', resourceType: 'profile', actorKind: 'api_token', metadata: { source: 'community_contributor', writerUserId: user.id } });
    expect((record.metadata as { fields: string[] }).fields).toEqual(expect.arrayContaining(['displayName', 'aliases', 'tags', 'person.roleTags', 'outboundLinks']));
  });

  test('when a submitted profile is later edited by another contributor, then that works: it is unclaimed and public', async () => {
    const { token } = await userWith(['profile:contribute']);
    const created = bodyOf(await submit(token, { profileType: 'community', displayName: unique('Open Crew'), community: { subtype: 'club', categoryTags: ['techno'] } }), 201);
    const other = await userWith(contributorScopes);
    expectStatus(await update(other.token, created.slug, { expectedUpdatedAt: created.updatedAt, headline: 'Weekly', community: { subtype: null } }), 200);
    expect(await stored(created.profileId)).toMatchObject({ headline: 'Weekly', communitySubtype: null, categoryTags: ['techno'] });
  });

  test('when the same subject is submitted twice, then two profiles with suffixed slugs; nothing merges them', async () => {
    const { token } = await userWith(['profile:contribute']);
    const name = unique('Twin Star');
    const first = bodyOf(await submit(token, { profileType: 'person', displayName: name }), 201);
    const second = bodyOf(await submit(token, { profileType: 'person', displayName: name }), 201);
    expect(second.profileId).not.toBe(first.profileId);
    expect(second.slug).toBe(`${first.slug}-2`);
    expect(await countProfiles(name)).toBe(2);
  });

  test('when several submissions of one name race without a key, then each gets its own slug', async () => {
    const { token } = await userWith(['profile:contribute']);
    const name = unique('Race Crew');
    const results = await Promise.all(Array.from({ length: 4 }, () => submit(token, { profileType: 'community', displayName: name })));
    const slugs = results.map((r) => bodyOf(r, 201).slug).sort();
    const base = slugs[0];
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`, `${base}-4`]);
  });

  test('when the token has profile:write but not profile:contribute, or no user authority, then 403', async () => {
    const writer = await userWith(['profile:write']);
    const res = await submit(writer.token, { profileType: 'person', displayName: unique('Nope') });
    expectStatus(res, 403);
    expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
    const { user } = await userWith([]);
    const crew = await profile({ type: 'community', ownerUserId: user.id });
    const community = await makeCommunityToken(t, user.id, crew.id, ['profile:contribute']);
    expect((await submit(community.value, { profileType: 'person', displayName: unique('Nope') })).body).toMatchObject({ status: 403, code: 'USER_AUTHORITY_REQUIRED' });
    const app = await clientCredentialsToken();
    const name = unique('Nope');
    expect((await submit(app, { profileType: 'person', displayName: name })).body).toMatchObject({ status: 403, code: 'USER_AUTHORITY_REQUIRED' });
    expect(await countProfiles(name)).toBe(0);
  });

  test('when details of the other profile type, a bad link or bad text are sent, then 400 and nothing is created', async () => {
    const { token } = await userWith(['profile:contribute']);
    const name = unique('Bad Input');
    const cases: [SubmitBody, string][] = [
      [{ profileType: 'person', displayName: name, community: { subtype: 'club' } }, '/community'],
      [{ profileType: 'community', displayName: name, person: { roleTags: ['dj'] } }, '/person'],
      [{ profileType: 'person', displayName: name, outboundLinks: [{ type: 'instagram', url: 'https://instagram.com.evil.com/x' }] }, '/outboundLinks/0/url'],
      [{ profileType: 'person', displayName: `${name}\u0000` }, '/displayName'],
    ];
    for (const [body, pointer] of cases) {
      const res = await submit(token, body);
      expectStatus(res, 400);
      expect(res.body.errors).toEqual([expect.objectContaining({ pointer })]);
    }
    expect(await countProfiles(name)).toBe(0);
  });
});

describe('submission idempotency (contract 4.6 rule 9)', () => {
  test('when the same key and body are sent again, then the first result is replayed (201, same profile); member order does not matter', async () => {
    const { token } = await userWith(['profile:contribute']);
    const name = unique('Replay');
    const key = `key-${crypto.randomBytes(4).toString('hex')}`;
    const first = bodyOf(await submit(token, { profileType: 'person', displayName: name, tags: ['a', 'b'] }, key), 201);
    t.clock.advance(60_000);
    const again = await callOp(t.app, 'submitCommunityProfile', { token, headers: { 'Idempotency-Key': key, 'Content-Type': 'application/json' }, rawBody: `{"tags":["a","b"],  "displayName":${JSON.stringify(name)},"profileType":"person"}` });
    expect(bodyOf(again, 201)).toEqual(first);
    expect(await countProfiles(name)).toBe(1);
    expect(await auditOf('profile.submitted', first.profileId)).toHaveLength(1);
  });

  test('when the same key comes with a different body, then 409 IDEMPOTENCY_CONFLICT and nothing is created', async () => {
    const { token } = await userWith(['profile:contribute']);
    const key = `key-${crypto.randomBytes(4).toString('hex')}`;
    const name = unique('Conflict');
    bodyOf(await submit(token, { profileType: 'person', displayName: name }, key), 201);
    const res = await submit(token, { profileType: 'person', displayName: name, tags: ['extra'] }, key);
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ type: '/problems/idempotency-conflict', code: 'IDEMPOTENCY_CONFLICT' });
    expect(await countProfiles(name)).toBe(1);
  });

  test('when another account uses the same key, then it is its own submission', async () => {
    const a = await userWith(['profile:contribute']);
    const b = await userWith(['profile:contribute']);
    const key = 'shared-key-1';
    const name = unique('Per Account');
    const first = bodyOf(await submit(a.token, { profileType: 'person', displayName: name }, key), 201);
    const second = bodyOf(await submit(b.token, { profileType: 'person', displayName: name }, key), 201);
    expect(second.profileId).not.toBe(first.profileId);
  });

  test('when eight identical submissions with one key race, then exactly one profile exists and all answer it', async () => {
    const { user, token } = await userWith(['profile:contribute']);
    const name = unique('Concurrent');
    const key = `race-${crypto.randomBytes(4).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(token, { profileType: 'community', displayName: name, community: { categoryTags: ['live'] } }, key)));
    const bodies = results.map((r) => bodyOf(r, 201));
    expect(new Set(bodies.map((b) => b.profileId)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.slug)).size).toBe(1);
    expect(await countProfiles(name)).toBe(1);
    expect(Number((await t.db('profile_submission_receipts').where({ user_id: user.id }).count({ n: '*' }))[0].n)).toBe(1);
  });

  test('when a key is older than 24 hours, then it can be used for a new submission', async () => {
    const { token } = await userWith(['profile:contribute']);
    const key = `old-${crypto.randomBytes(4).toString('hex')}`;
    const first = bodyOf(await submit(token, { profileType: 'person', displayName: unique('Day One') }, key), 201);
    t.clock.advance(SUBMISSION_RECEIPT_TTL_MS - 1_000);
    expectStatus(await submit(token, { profileType: 'person', displayName: unique('Too Soon') }, key), 409);
    t.clock.advance(2_000);
    const later = bodyOf(await submit(token, { profileType: 'person', displayName: unique('Day Two') }, key), 201);
    expect(later.profileId).not.toBe(first.profileId);
  });

  test('when the maintenance sweep runs, then receipts past 24 hours are deleted and younger ones kept', async () => {
    const { user, token } = await userWith(['profile:contribute']);
    bodyOf(await submit(token, { profileType: 'person', displayName: unique('Old Receipt') }, `sweep-old-${crypto.randomBytes(3).toString('hex')}`), 201);
    t.clock.advance(SUBMISSION_RECEIPT_TTL_MS / 2);
    const young = `sweep-young-${crypto.randomBytes(3).toString('hex')}`;
    bodyOf(await submit(token, { profileType: 'person', displayName: unique('Young Receipt') }, young), 201);
    t.clock.advance(SUBMISSION_RECEIPT_TTL_MS / 2 + 1);
    const swept = await t.services.maintenance.sweepOnce();
    expect(swept.submissionReceipts).toBeGreaterThanOrEqual(1);
    expect((await t.db('profile_submission_receipts').where({ user_id: user.id })).map((r: { idempotency_key: string }) => r.idempotency_key)).toEqual([young]);
  });

  test('when the write fails after the receipt was written, then neither receipt nor profile stays, and the same key works afterwards', async () => {
    const { user, token } = await userWith(['profile:contribute']);
    const name = unique('Rolled Back');
    const key = `rb-${crypto.randomBytes(4).toString('hex')}`;
    const spy = jest.spyOn(refreshSearch, 'profile').mockRejectedValueOnce(new Error('down'));
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await submit(token, { profileType: 'person', displayName: name }, key)).status).toBe(500);
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    expect(await countProfiles(name)).toBe(0);
    expect(await t.db('profile_submission_receipts').where({ user_id: user.id })).toEqual([]);
    bodyOf(await submit(token, { profileType: 'person', displayName: name }, key), 201);
    expect(await countProfiles(name)).toBe(1);
  });
});

describe('opted-out identities (digest: 400 covers an identity that opted out of being listed)', () => {
  test('when a submission names an opted-out person by display name or alias (after NFKC, case folding and space collapsing), then 400', async () => {
    const base = unique('Quiet Star');
    await setStored(await profile({ name: base }), { public_surfacing_state: 'opted_out', aliases: JSON.stringify(['Stille Straße']) });
    const { token } = await userWith(['profile:contribute']);
    const byName = await submit(token, { profileType: 'person', displayName: `  ${base.toUpperCase().replace(' ', '   ')} ` });
    expectStatus(byName, 400);
    expect(byName.body.errors).toEqual([{ pointer: '/displayName', message: expect.stringMatching(/asked not to be listed/) }]);
    const byAlias = await submit(token, { profileType: 'person', displayName: unique('Someone'), aliases: ['ok', 'STILLE STRASSE'] });
    expectStatus(byAlias, 400);
    expect(byAlias.body.errors).toEqual([expect.objectContaining({ pointer: '/aliases/1' })]);
    const fullwidth = await submit(token, { profileType: 'person', displayName: 'Ｓｔｉｌｌｅ Straße' });
    expectStatus(fullwidth, 400);
    // Another type, or another name, is not that identity.
    expectStatus(await submit(token, { profileType: 'community', displayName: base }), 201);
    expectStatus(await submit(token, { profileType: 'person', displayName: `${base}s` }), 201);
  });
});
