import { newApplicationRow } from '../../src/services/identity/oauthApps.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { matchClientSecret, verifyClientSecret } from '../../src/services/identity/oauthApps.js';
import type { Schemas } from '../../src/contract/types.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type CreateBody = Schemas['DeveloperOAuthAppCreateRequest'];
const DEVELOPER_SCOPES = ['developer:read', 'developer:write', 'public:read'];
const SECRET = /^mqcs_[A-Za-z0-9_-]{43}$/;

/** A user with a personal token of exactly `scopes` (both developer scopes and public:read by default). */
async function developer(scopes = DEVELOPER_SCOPES) {
  const user = await makeUser(t.services);
  return { user, token: (await makeToken(t.services, user.id, scopes)).value };
}

const app = (overrides: Partial<CreateBody> = {}): CreateBody => ({
  displayName: 'Calendar Sync',
  clientType: 'confidential',
  redirectUris: ['https://sync.example/callback'],
  ...overrides,
});

async function createApp(token: string, body: CreateBody = app()) {
  return bodyOf(await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body }), 200);
}

/** A community profile owned (claimed) by `ownerUserId`, or unowned. */
const community = (displayName: string, ownerUserId?: string) => t.services.directory.createProfile({ profileType: 'community', displayName, ownerUserId });

describe('OAuth applications: registration (contract 2.12, 4.9)', () => {
  test('when a confidential app is created, then its secret is returned once, with no-store, and only a hash is stored', async () => {
    const { user, token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ description: 'Syncs events', docsUrl: 'https://sync.example/docs' }) });
    expectStatus(res, 200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { application, clientSecretValue } = res.body;
    expect(clientSecretValue).toMatch(SECRET);
    expect(application).toMatchObject({
      clientType: 'confidential',
      ownerKind: 'user',
      ownerUserId: user.id,
      displayName: 'Calendar Sync',
      description: 'Syncs events',
      docsUrl: 'https://sync.example/docs',
      redirectUris: ['https://sync.example/callback'],
      allowedGrants: ['authorization_code', 'refresh_token'],
      allowedScopes: ['public:read'],
      status: 'active',
      trustTier: 'standard',
    });
    expect(application.clientId).toMatch(/^mq_[A-Za-z0-9_-]{24}$/);
    expect(application.activeSecretPrefixes).toEqual([clientSecretValue!.slice(0, 17)]);

    // Stored: a display prefix and a verifier hash, never the value (nor its secret part).
    const appRows = await t.db('oauth_applications').where({ id: application.id });
    const secretRows = await t.db('oauth_client_secrets').where({ application_id: application.id });
    expect(secretRows).toHaveLength(1);
    expect(appRows[0].registration).toBe('developer');
    for (const row of [...appRows, ...secretRows]) {
      expect(JSON.stringify(row)).not.toContain(clientSecretValue);
      expect(JSON.stringify(row)).not.toContain(clientSecretValue!.slice(17));
    }
    expect(verifyClientSecret(t.config, secretRows[0].verifier_hash, clientSecretValue!)).toBe(true);
    const tampered = `${clientSecretValue!.slice(0, -1)}${clientSecretValue!.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyClientSecret(t.config, secretRows[0].verifier_hash, tampered)).toBe(false);

    // The list shows the prefix, never the secret.
    const list = await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token });
    expectStatus(list, 200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(list.body)).not.toContain(clientSecretValue);
    expect(list.body.applications.find((a) => a.id === application.id)?.activeSecretPrefixes).toEqual(application.activeSecretPrefixes);

    const audit = (await t.services.audit.list({ action: 'oauth_app.create' })).find((r) => r.resourceId === application.id);
    expect(audit).toMatchObject({ actorKind: 'api_token', ownerRef: user.id, resourceType: 'oauth_application' });
    expect(JSON.stringify(audit)).not.toContain(clientSecretValue!.slice(5));
  });

  test('when only a name and a redirect URI are sent, then the app is confidential with the default grants and scopes', async () => {
    const { token } = await developer();
    // clientType has a default, so the generated request type marks it present: send the raw JSON.
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, rawBody: JSON.stringify({ displayName: 'Minimal', redirectUris: ['https://min.example/cb'] }) });
    expectStatus(res, 200);
    expect(res.body.application).toMatchObject({ clientType: 'confidential', allowedGrants: ['authorization_code', 'refresh_token'], allowedScopes: ['public:read'] });
    expect(res.body.clientSecretValue).toMatch(SECRET);
  });

  test('when a public app is created with defaults, then it has no secret and the default grants and scopes', async () => {
    const { token } = await developer();
    const created = await createApp(token, app({ clientType: 'public', redirectUris: ['http://127.0.0.1:8765/callback'] }));
    expect(created.clientSecretValue).toBeUndefined();
    expect(created.application).toMatchObject({
      clientType: 'public',
      allowedGrants: ['authorization_code', 'refresh_token'],
      allowedScopes: ['public:read'],
      activeSecretPrefixes: [],
    });
    expect(await t.db('oauth_client_secrets').where({ application_id: created.application.id })).toHaveLength(0);
  });

  test('when the issuer looks a client up, then it gets the active app and secret verifiers that match the secret', async () => {
    const { token } = await developer();
    const { application, clientSecretValue } = await createApp(token);
    const found = await t.repos.oauthApplications.findActiveByClientId(application.clientId);
    expect(found?.application).toMatchObject({ id: application.id, registration: 'developer', allowedScopes: ['public:read'] });
    expect(matchClientSecret(t.config, found!.secrets, clientSecretValue!)?.id).toBe(found!.secrets[0].id);
    expect(matchClientSecret(t.config, found!.secrets, 'mqcs_' + 'x'.repeat(43))).toBeUndefined();
    expect(await t.repos.oauthApplications.findActiveByClientId('mq_unknown')).toBeUndefined();
  });

  test('when client_credentials is asked for a public app, then 400 and nothing is created', async () => {
    const { user, token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', {
      token,
      body: app({ displayName: 'Public CC', clientType: 'public', allowedGrants: ['client_credentials'] }),
    });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/allowedGrants' }));
    const listed = await t.services.oauthApps.list(user.id, { includeRevoked: true });
    expect(listed.applications.map((a) => a.displayName)).not.toContain('Public CC');
  });

  test('when a confidential app asks for client_credentials only, then it is registered', async () => {
    const { token } = await developer();
    const created = await createApp(token, app({ allowedGrants: ['client_credentials'] }));
    expect(created.application.allowedGrants).toEqual(['client_credentials']);
  });

  test('when refresh_token is asked without authorization_code, then 400', async () => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ allowedGrants: ['refresh_token', 'client_credentials'] }) });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/allowedGrants', message: expect.stringContaining('authorization_code') }));
  });

  test.each([
    ['plain http on a public host', 'http://sync.example/callback'],
    ['a fragment', 'https://sync.example/callback#done'],
    ['an empty fragment', 'https://sync.example/callback#'],
    ['user information', 'https://user:pass@sync.example/callback'],
    ['a private-use scheme', 'com.example.sync:/callback'],
    ['a javascript URL', 'javascript:alert(1)'],
  ])('when a redirect URI has %s, then 400 naming it', async (_name, uri) => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ redirectUris: ['https://sync.example/ok', uri] }) });
    expectStatus(res, 400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/redirectUris/1' }));
  });

  test.each([
    ['a relative redirect URI', { displayName: 'x', redirectUris: ['/callback'] }, '/redirectUris/0'],
    ['no redirect URI', { displayName: 'x', redirectUris: [] }, '/redirectUris'],
    ['time:parse among the scopes', { displayName: 'x', redirectUris: ['https://a.example/cb'], allowedScopes: ['time:parse'] }, '/allowedScopes/0'],
    ['an unknown grant', { displayName: 'x', redirectUris: ['https://a.example/cb'], allowedGrants: ['password'] }, '/allowedGrants/0'],
    ['an unknown property', { displayName: 'x', redirectUris: ['https://a.example/cb'], clientSecret: 'mine' }, '/clientSecret'],
  ])('when the body has %s, then 400 with its pointer', async (_name, body, pointer) => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, invalidBody: body });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer }));
  });

  test('when loopback and https redirect URIs are registered, then they are stored exactly as given', async () => {
    const { token } = await developer();
    const uris = ['http://127.0.0.1:51004/cb', 'http://[::1]/cb', 'http://localhost:3000/oauth/callback', 'https://Sync.example:8443/a/../cb?x=1&y=%20'];
    const created = await createApp(token, app({ clientType: 'public', redirectUris: uris }));
    expect(created.application.redirectUris).toEqual(uris);
    const row = await t.db('oauth_applications').where({ id: created.application.id }).first();
    expect(JSON.parse(row.redirect_uris)).toEqual(uris);
  });

  test('when a metadata link is not https, then 400 naming the field', async () => {
    const { token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ privacyUrl: 'http://sync.example/privacy', logoUrl: 'data:image/png;base64,AAAA' }) });
    expectStatus(res, 400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/privacyUrl' }), expect.objectContaining({ pointer: '/logoUrl' })]));
  });
});

describe('OAuth applications: who may call (contract 4.9, 5.10)', () => {
  test('when the token has developer:read only, then every write answers 403 and the list works', async () => {
    const { user, token: reader } = await developer(['developer:read', 'public:read']);
    const { application } = await t.services.oauthApps.create(user.id, app(), 'web_session');
    const params = { clientId: application.clientId };
    const writes = [
      await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token: reader, body: app() }),
      await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token: reader, params, body: { displayName: 'x' } }),
      await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token: reader, params }),
      await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token: reader, params }),
    ];
    for (const res of writes) {
      expectStatus(res, 403);
      expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
    }
    expect(bodyOf(await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token: reader }), 200).applications.map((a) => a.id)).toEqual([application.id]);
  });

  test('when the token has developer:write only, then the list answers 403', async () => {
    const { token } = await developer(['developer:write', 'public:read']);
    const res = await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token });
    expectStatus(res, 403);
    expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
  });

  test('when a community-owned token calls any app route, then 403 USER_AUTHORITY_REQUIRED (contract 5.10)', async () => {
    const user = await makeUser(t.services);
    const crew = await community('Token Crew', user.id);
    const { value: token } = await makeCommunityToken(t, user.id, crew.id, DEVELOPER_SCOPES);
    const { application } = await t.services.oauthApps.create(user.id, app({ ownerCommunitySlug: crew.slug }), 'web_session');
    const params = { clientId: application.clientId };
    const answers = [
      await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token }),
      await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ ownerCommunitySlug: crew.slug }) }),
      await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, body: { displayName: 'x' } }),
      await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params }),
      await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token, params }),
    ];
    for (const res of answers) {
      expectStatus(res, 403);
      expect(res.body.code).toBe('USER_AUTHORITY_REQUIRED');
    }
    expect((await t.repos.oauthApplications.findByClientId(application.clientId))?.status).toBe('active');
  });

  test('when an app would allow a scope the calling token lacks, then 403 and nothing is created', async () => {
    const { user, token } = await developer();
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ displayName: 'Escalate', allowedScopes: ['public:read', 'events:write'] }) });
    expectStatus(res, 403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.body.detail).toContain('events:write');
    expect((await t.services.oauthApps.list(user.id, { includeRevoked: true })).applications).toHaveLength(0);
  });

  test('when an update adds a scope the token lacks, then 403; keeping a scope set on the web page is allowed', async () => {
    const { user, token } = await developer();
    const { application } = await t.services.oauthApps.create(user.id, app({ allowedScopes: ['public:read', 'events:write'] }), 'web_session');
    const params = { clientId: application.clientId };
    const add = await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, body: { allowedScopes: ['public:read', 'events:write', 'profile:write'] } });
    expectStatus(add, 403);
    const keep = await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, body: { allowedScopes: ['events:write'] } });
    expect(bodyOf(keep, 200).application.allowedScopes).toEqual(['events:write']);
  });

  test("when a user calls any route with another user's app, then 404 and the app is unchanged", async () => {
    const owner = await developer();
    const { application } = await createApp(owner.token);
    const other = await developer();
    const params = { clientId: application.clientId };
    const answers = [
      await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token: other.token, params, body: { displayName: 'Hijacked' } }),
      await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token: other.token, params }),
      await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token: other.token, params }),
    ];
    for (const res of answers) {
      expectStatus(res, 404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const unknown = await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token: other.token, params: { clientId: 'mq_doesnotexist' } });
    expect(unknown.body).toEqual(answers[2].body);
    expect(bodyOf(await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token: other.token }), 200).applications).toEqual([]);
    const stored = await t.repos.oauthApplications.findByClientId(application.clientId);
    expect(stored).toMatchObject({ displayName: 'Calendar Sync', status: 'active', updatedAt: application.updatedAt });
    expect(await t.repos.oauthApplications.activeSecrets(application.id)).toHaveLength(1);
  });

  test('when a client was registered dynamically, then developer routes neither list nor manage it', async () => {
    const { user, token } = await developer();
    const now = t.clock.now();
    await t.repos.oauthApplications.insert(
      newApplicationRow(now, {
        id: 'oap_dynamic1',
        clientId: 'mq_dynamic_client_0001',
        registration: 'dynamic' as const,
        clientType: 'public' as const,
        displayName: 'Some MCP client',
        redirectUris: ['https://mcp.example/cb'],
        allowedGrants: ['authorization_code' as const],
        allowedScopes: ['mcp:read' as const],
        resource: 'http://marquee.test/mcp',
      }),
    );
    // Even an owner id on such a row (which the issuer never writes) would not make it manageable.
    await t.db('oauth_applications').where({ id: 'oap_dynamic1' }).update({ owner_kind: 'user', owner_user_id: user.id });
    expect(bodyOf(await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token, query: { includeRevoked: true } }), 200).applications).toEqual([]);
    expectStatus(await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token, params: { clientId: 'mq_dynamic_client_0001' } }), 404);
    expect((await t.repos.oauthApplications.findByClientId('mq_dynamic_client_0001'))?.status).toBe('active');
  });
});

describe('OAuth applications: community owners (contract 2.12)', () => {
  test('when the caller actively owns the community, then the app is community-owned and listed', async () => {
    const { user, token } = await developer();
    const crew = await community('Owned Crew', user.id);
    const { application } = await createApp(token, app({ ownerCommunitySlug: crew.slug }));
    expect(application).toMatchObject({ ownerKind: 'community', ownerUserId: user.id, ownerCommunityProfileId: crew.id });
    const list = bodyOf(await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token }), 200);
    expect(list.applications.map((a) => a.id)).toContain(application.id);
    const audit = (await t.services.audit.list({ action: 'oauth_app.create' })).find((r) => r.resourceId === application.id);
    expect(audit?.ownerRef).toBe(crew.id);
  });

  test('when the community belongs to someone else or to nobody, then 403', async () => {
    const { token } = await developer();
    const stranger = await makeUser(t.services);
    const theirs = await community('Their Crew', stranger.id);
    const nobodys = await community('Unclaimed Crew');
    for (const slug of [theirs.slug, nobodys.slug]) {
      const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ ownerCommunitySlug: slug }) });
      expectStatus(res, 403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  test('when the owner has not (or no longer) claimed it, then 403', async () => {
    const { user, token } = await developer();
    const crew = await community('Lapsed Crew', user.id);
    await t.db('profiles').where({ id: crew.id }).update({ claim_state: 'unclaimed' });
    expectStatus(await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ ownerCommunitySlug: crew.slug }) }), 403);
  });

  test('when the slug is unknown, names a person, or a private community of someone else, then 404', async () => {
    const { user, token } = await developer();
    const person = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Solo Person', ownerUserId: user.id });
    const stranger = await makeUser(t.services);
    const hidden = await community('Hidden Crew', stranger.id);
    await t.db('profiles').where({ id: hidden.id }).update({ public_surfacing_state: 'suppressed' });
    for (const slug of ['no-such-community', person.slug, hidden.slug]) {
      const res = await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token, body: app({ ownerCommunitySlug: slug }) });
      expectStatus(res, 404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  test('when the community changes hands, then its new owner manages the app and the creator no longer sees it', async () => {
    const creator = await developer();
    const crew = await community('Handover Crew', creator.user.id);
    const { application } = await createApp(creator.token, app({ ownerCommunitySlug: crew.slug }));
    const successor = await developer();
    await t.db('profiles').where({ id: crew.id }).update({ owner_user_id: successor.user.id });

    expect(bodyOf(await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token: creator.token }), 200).applications).toEqual([]);
    expectStatus(await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token: creator.token, params: { clientId: application.clientId }, body: { displayName: 'Mine' } }), 404);

    const listed = bodyOf(await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token: successor.token }), 200);
    expect(listed.applications.map((a) => a.id)).toEqual([application.id]);
    const renamed = await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token: successor.token, params: { clientId: application.clientId }, body: { displayName: 'Crew Sync' } });
    expect(bodyOf(renamed, 200).application).toMatchObject({ displayName: 'Crew Sync', ownerUserId: creator.user.id });
  });
});

describe('OAuth applications: update, secrets and revocation', () => {
  test('when fields are updated, then omitted ones are kept, null clears and updatedAt moves forward', async () => {
    const { token } = await developer();
    const { application } = await createApp(token, app({ description: 'Old text', docsUrl: 'https://sync.example/docs', termsUrl: 'https://sync.example/terms' }));
    const params = { clientId: application.clientId };
    const res = await callOp(t.app, 'updateCurrentDeveloperOAuthApp', {
      token,
      params,
      body: { displayName: 'Calendar Sync 2', description: null, docsUrl: null, redirectUris: ['https://sync.example/v2/callback'], allowedGrants: ['authorization_code', 'refresh_token', 'client_credentials'] },
    });
    expectStatus(res, 200);
    expect(res.headers['cache-control']).toBe('no-store');
    const updated = res.body.application;
    expect(updated).toMatchObject({
      displayName: 'Calendar Sync 2',
      termsUrl: 'https://sync.example/terms',
      redirectUris: ['https://sync.example/v2/callback'],
      allowedGrants: ['authorization_code', 'refresh_token', 'client_credentials'],
      clientType: 'confidential',
    });
    expect(updated.description).toBeUndefined();
    expect(updated.docsUrl).toBeUndefined();
    expect(updated.activeSecretPrefixes).toEqual(application.activeSecretPrefixes);
    expect(updated.updatedAt).toBeGreaterThan(application.updatedAt);
    const row = await t.db('oauth_applications').where({ id: application.id }).first();
    expect(row).toMatchObject({ description: null, docs_url: null, terms_url: 'https://sync.example/terms' });

    // Nothing to change: the same record, no new revision, no audit record.
    const same = bodyOf(await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, body: { displayName: 'Calendar Sync 2' } }), 200);
    expect(same.application.updatedAt).toBe(updated.updatedAt);
    const audits = (await t.services.audit.list({ action: 'oauth_app.update' })).filter((r) => r.resourceId === application.id);
    expect(audits).toHaveLength(1);
    expect(audits[0].metadata).toMatchObject({ changed: expect.arrayContaining(['displayName', 'description', 'docsUrl', 'redirectUris', 'allowedGrants']) });
  });

  test('when an update breaks a registration rule, then 400 and nothing changes', async () => {
    const { token } = await developer();
    const { application } = await createApp(token, app({ clientType: 'public' }));
    const params = { clientId: application.clientId };
    const grants = await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, body: { allowedGrants: ['authorization_code', 'client_credentials'] } });
    expectStatus(grants, 400);
    expect(grants.body.errors).toContainEqual(expect.objectContaining({ pointer: '/allowedGrants' }));
    const redirect = await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, body: { redirectUris: ['http://sync.example/cb'] } });
    expectStatus(redirect, 400);
    expect(redirect.body.errors).toContainEqual(expect.objectContaining({ pointer: '/redirectUris/0' }));
    const clientType = await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, invalidBody: { clientType: 'confidential' } });
    expectStatus(clientType, 400);
    expect(await t.repos.oauthApplications.findByClientId(application.clientId)).toMatchObject({ allowedGrants: ['authorization_code', 'refresh_token'], clientType: 'public', updatedAt: application.updatedAt });
  });

  test('when a new secret is created, then it is returned once and the older secret stays active', async () => {
    const { token } = await developer();
    const first = await createApp(token);
    const params = { clientId: first.application.clientId };
    t.clock.advance(1000);
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params, body: { label: 'rotation 2026-11' } });
    expectStatus(res, 200);
    expect(res.headers['cache-control']).toBe('no-store');
    const second = res.body.clientSecretValue;
    expect(second).toMatch(SECRET);
    expect(second).not.toBe(first.clientSecretValue);
    expect(res.body.application.activeSecretPrefixes).toEqual([first.clientSecretValue!.slice(0, 17), second.slice(0, 17)]);
    expect(res.body.application.updatedAt).toBeGreaterThan(first.application.updatedAt);

    const found = await t.repos.oauthApplications.findActiveByClientId(params.clientId);
    expect(matchClientSecret(t.config, found!.secrets, first.clientSecretValue!)).toBeDefined();
    expect(matchClientSecret(t.config, found!.secrets, second)).toMatchObject({ label: 'rotation 2026-11' });
    const rows = await t.db('oauth_client_secrets').where({ application_id: first.application.id });
    expect(JSON.stringify(rows)).not.toContain(second.slice(5));

    const list = await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token });
    expect(JSON.stringify(list.body)).not.toContain(second);
    const audit = (await t.services.audit.list({ action: 'oauth_app.secret_create' })).find((r) => r.resourceId === first.application.id);
    expect(JSON.stringify(audit)).not.toContain(second.slice(5));
  });

  test('when a secret is created without a body, then it works too', async () => {
    const { token } = await developer();
    const { application } = await createApp(token);
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params: { clientId: application.clientId } });
    expect(bodyOf(res, 200).application.activeSecretPrefixes).toHaveLength(2);
  });

  test('when a secret is asked for a public app, then 400 and no secret is stored', async () => {
    const { token } = await developer();
    const { application } = await createApp(token, app({ clientType: 'public' }));
    const res = await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params: { clientId: application.clientId } });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ parameter: 'clientId' }));
    expect(await t.db('oauth_client_secrets').where({ application_id: application.id })).toHaveLength(0);
  });

  test('when an app is revoked twice, then both answers are 200, its secrets are revoked and revokedAt does not move', async () => {
    const { token } = await developer();
    const { application } = await createApp(token);
    const params = { clientId: application.clientId };
    await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params });
    t.clock.advance(5000);
    const first = await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token, params });
    expectStatus(first, 200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.application).toMatchObject({ status: 'revoked', revokedAt: t.clock.now(), revokeReason: 'revoked_by_owner', activeSecretPrefixes: [] });
    t.clock.advance(1000);
    const second = await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token, params });
    expect(bodyOf(second, 200).application).toEqual(first.body.application);

    const secrets = await t.db('oauth_client_secrets').where({ application_id: application.id });
    expect(secrets).toHaveLength(2);
    for (const s of secrets) expect(Number(s.revoked_at)).toBe(first.body.application.revokedAt);
    expect(await t.repos.oauthApplications.findActiveByClientId(application.clientId)).toBeUndefined();
    expect(await t.repos.oauthApplications.activeSecrets(application.id)).toEqual([]);

    const revocations = (await t.services.audit.list({ action: 'oauth_app.revoke' })).filter((r) => r.resourceId === application.id);
    expect(revocations).toHaveLength(1);
    expect(revocations[0].metadata).toMatchObject({ secretsRevoked: 2 });
  });

  test('when an app is revoked by concurrent requests, then exactly one revocation is recorded', async () => {
    const { token } = await developer();
    const { application } = await createApp(token);
    const params = { clientId: application.clientId };
    const results = await Promise.all(Array.from({ length: 5 }, () => callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token, params })));
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
    const revocations = (await t.services.audit.list({ action: 'oauth_app.revoke' })).filter((r) => r.resourceId === application.id);
    expect(revocations).toHaveLength(1);
  });

  test('when a revoked app is updated or given a secret, then 404 and nothing changes', async () => {
    const { token } = await developer();
    const { application } = await createApp(token);
    const params = { clientId: application.clientId };
    const revoked = bodyOf(await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token, params }), 200).application;
    expectStatus(await callOp(t.app, 'updateCurrentDeveloperOAuthApp', { token, params, body: { displayName: 'Back again' } }), 404);
    expectStatus(await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params }), 404);
    expect(await t.db('oauth_client_secrets').where({ application_id: application.id }).whereNull('revoked_at')).toHaveLength(0);
    expect(await t.repos.oauthApplications.findByClientId(application.clientId)).toMatchObject({ displayName: 'Calendar Sync', updatedAt: revoked.updatedAt });
  });
});

describe('OAuth applications: the list', () => {
  test('when the list is paged, then every app appears once, newest first, and revoked ones only on request', async () => {
    const { user, token } = await developer();
    const crew = await community('Paging Crew', user.id);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const body = app({ displayName: `page-${i}`, clientType: i % 2 ? 'public' : 'confidential', ownerCommunitySlug: i % 3 === 0 ? crew.slug : undefined });
      made.push((await createApp(token, body)).application.id);
      // Two apps share a millisecond: the id breaks the tie.
      if (i !== 3) t.clock.advance(1);
    }
    await t.services.oauthApps.revoke(user.id, (await t.repos.oauthApplications.findById(made[2]))!.clientId, 'web_session');

    const seen: Schemas['OAuthApplicationSummary'][] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token, query: { limit: 2, includeRevoked: true, cursor } });
      expectStatus(res, 200);
      expect(res.body.applications.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.applications);
      cursor = res.body.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen.map((a) => a.id).sort()).toEqual([...made].sort());
    const keys = seen.map((a) => [a.createdAt, a.id] as const);
    for (let i = 1; i < keys.length; i++) {
      expect(keys[i - 1][0] > keys[i][0] || (keys[i - 1][0] === keys[i][0] && keys[i - 1][1] > keys[i][1])).toBe(true);
    }
    expect(seen.find((a) => a.id === made[2])?.status).toBe('revoked');

    const active = bodyOf(await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token, query: { limit: 100 } }), 200);
    expect(active.applications.map((a) => a.id).sort()).toEqual(made.filter((_, i) => i !== 2).sort());
    expect(active.nextCursor).toBeNull();
    expect(JSON.stringify(active)).not.toMatch(/mqcs_[A-Za-z0-9_-]{43}/);
  });

  test('when the limit or cursor is out of bounds, then 400 naming the parameter', async () => {
    const { token } = await developer();
    const over = await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token, query: { limit: 101 } });
    expectStatus(over, 400);
    expect(over.body.errors).toContainEqual(expect.objectContaining({ parameter: 'limit' }));
    const cursor = await callOp(t.app, 'listCurrentDeveloperOAuthApps', { token, query: { cursor: 'bm9wZQ' } });
    expectStatus(cursor, 400);
    expect(cursor.body.errors).toContainEqual(expect.objectContaining({ parameter: 'cursor' }));
  });
});

describe('OAuth applications: retiring one client secret', () => {
  /** An app with two secrets (the first from registration, a second labelled one). */
  async function appWithTwoSecrets() {
    const dev = await developer();
    const first = await createApp(dev.token);
    const params = { clientId: first.application.clientId };
    t.clock.advance(1000);
    const second = bodyOf(await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token: dev.token, params, body: { label: 'rotation' } }), 200);
    return { ...dev, first, second, params };
  }

  test('when secrets are made, then each answer names its secretId and the summary lists every active secret by id', async () => {
    const { first, second } = await appWithTwoSecrets();
    expect(first.secretId).toMatch(/^ocs_/);
    expect(first.application.activeSecrets).toEqual([{ secretId: first.secretId, prefix: first.clientSecretValue!.slice(0, 17), createdAt: first.application.createdAt }]);
    expect(second.application.activeSecrets.map((s) => s.secretId)).toEqual([first.secretId, second.secretId]);
    expect(second.application.activeSecrets[1]).toMatchObject({ label: 'rotation', prefix: second.clientSecretValue.slice(0, 17) });
    expect(second.application.activeSecrets.map((s) => s.prefix)).toEqual(second.application.activeSecretPrefixes);
    const { application: publicApp } = await createApp((await developer()).token, app({ clientType: 'public' }));
    expect(publicApp.activeSecrets).toEqual([]);
  });

  test('when one secret is revoked, then it alone stops matching, the app stays active, updatedAt moves and one audit record is written', async () => {
    const { token, first, second, params } = await appWithTwoSecrets();
    t.clock.advance(1000);
    const res = await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token, params: { ...params, secretId: first.secretId! } });
    expectStatus(res, 200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.application).toMatchObject({ status: 'active', activeSecretPrefixes: [second.clientSecretValue.slice(0, 17)] });
    expect(res.body.application.activeSecrets.map((s) => s.secretId)).toEqual([second.secretId]);
    expect(res.body.application.updatedAt).toBeGreaterThan(second.application.updatedAt);

    const found = await t.repos.oauthApplications.findActiveByClientId(params.clientId);
    expect(matchClientSecret(t.config, found!.secrets, first.clientSecretValue!)).toBeUndefined();
    expect(matchClientSecret(t.config, found!.secrets, second.clientSecretValue)).toBeDefined();
    const row = await t.db('oauth_client_secrets').where({ id: first.secretId }).first();
    expect(Number(row.revoked_at)).toBe(t.clock.now());

    const records = (await t.services.audit.list({ action: 'oauth_app.secret_revoke' })).filter((r) => r.resourceId === first.application.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ result: 'revoked', actorKind: 'api_token', resourceType: 'oauth_application', metadata: { clientId: params.clientId, secretId: first.secretId } });
    expect(JSON.stringify(records)).not.toContain(first.clientSecretValue!.slice(17));

    // Repeating it: 200, the application as it is, no second record.
    t.clock.advance(1000);
    const again = await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token, params: { ...params, secretId: first.secretId! } });
    expect(bodyOf(again, 200).application).toEqual(res.body.application);
    expect((await t.services.audit.list({ action: 'oauth_app.secret_revoke' })).filter((r) => r.resourceId === first.application.id)).toHaveLength(1);
  });

  test('when the last secret is revoked, then the app has none until a new one is made', async () => {
    const { token } = await developer();
    const created = await createApp(token);
    const params = { clientId: created.application.clientId };
    const res = await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token, params: { ...params, secretId: created.secretId! } });
    expect(bodyOf(res, 200).application).toMatchObject({ status: 'active', activeSecrets: [], activeSecretPrefixes: [] });
    expect((await t.repos.oauthApplications.findActiveByClientId(params.clientId))?.secrets).toEqual([]);
    const fresh = bodyOf(await callOp(t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params }), 200);
    expect(fresh.application.activeSecrets.map((s) => s.secretId)).toEqual([fresh.secretId]);
  });

  test('when concurrent requests revoke the same secret, then all answer 200 and exactly one revocation is recorded', async () => {
    const { token, first, params } = await appWithTwoSecrets();
    const results = await Promise.all(Array.from({ length: 5 }, () => callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token, params: { ...params, secretId: first.secretId! } })));
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
    for (const r of results) expect(bodyOf(r, 200).application.activeSecrets.map((s) => s.secretId)).not.toContain(first.secretId);
    expect((await t.services.audit.list({ action: 'oauth_app.secret_revoke' })).filter((r) => r.resourceId === first.application.id)).toHaveLength(1);
  });

  test("when another user names a secret of someone's app, or a secret of another app, or an unknown one, then 404 and nothing changes", async () => {
    const owner = await appWithTwoSecrets();
    const other = await developer();
    const otherApp = await createApp(other.token);
    const answers = [
      // Another user, with the owner's real client id and secret id.
      await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token: other.token, params: { ...owner.params, secretId: owner.first.secretId! } }),
      // The other user's own app, naming the owner's secret id (a secret of another application).
      await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token: other.token, params: { clientId: otherApp.application.clientId, secretId: owner.first.secretId! } }),
      // The owner, with an id that names nothing.
      await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token: owner.token, params: { ...owner.params, secretId: 'ocs_unknown' } }),
    ];
    for (const res of answers) {
      expectStatus(res, 404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(await t.repos.oauthApplications.activeSecrets(owner.first.application.id)).toHaveLength(2);
    expect(await t.repos.oauthApplications.activeSecrets(otherApp.application.id)).toHaveLength(1);
  });

  test('when the app is revoked, or the token lacks developer:write or user authority, then the secret route refuses', async () => {
    const { user, token, first, params } = await appWithTwoSecrets();
    const secretParams = { ...params, secretId: first.secretId! };
    const reader = (await makeToken(t.services, user.id, ['developer:read', 'public:read'])).value;
    const readOnly = await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token: reader, params: secretParams });
    expectStatus(readOnly, 403);
    expect(readOnly.body.code).toBe('INSUFFICIENT_SCOPE');
    const crew = await community('Secret Crew', user.id);
    const { value: crewToken } = await makeCommunityToken(t, user.id, crew.id, DEVELOPER_SCOPES);
    const crewAnswer = await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token: crewToken, params: secretParams });
    expectStatus(crewAnswer, 403);
    expect(crewAnswer.body.code).toBe('USER_AUTHORITY_REQUIRED');
    expectStatus(await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { params: secretParams }), 401);
    expect(await t.repos.oauthApplications.activeSecrets(first.application.id)).toHaveLength(2);

    await callOp(t.app, 'revokeCurrentDeveloperOAuthApp', { token, params });
    expectStatus(await callOp(t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token, params: secretParams }), 404);
  });
});
