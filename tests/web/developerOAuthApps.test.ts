import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { formBody, signedInUser } from '../helpers/webSession.js';
import { makeUser } from '../helpers/factories.js';
import { matchClientSecret } from '../../src/services/identity/oauthApps.js';
import { formNonce } from '../helpers/developerPage.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = () => signedInUser(t);
const form = formBody;
const SECRET = /mqcs_[A-Za-z0-9_-]{43}/;

describe('the developer page: OAuth applications', () => {
  test('when an app is registered on the page, then its secret is shown once, it is listed by prefix, and the issuer can verify the secret', async () => {
    const { user, cookie } = await signedIn();
    const created = await request(t.app)
      .post('/developer/oauth-apps')
      .set('Cookie', cookie)
      .type('form')
      .send(
        form([
          ['formNonce', await formNonce(t.app, cookie, '/developer/oauth-apps')],
          ['displayName', 'Stage Planner'],
          ['clientType', 'confidential'],
          ['redirectUris', 'https://planner.example/cb\r\nhttp://127.0.0.1:7777/cb\r\n'],
          ['grants', 'authorization_code'],
          ['grants', 'refresh_token'],
          ['scopes', 'public:read'],
          ['scopes', 'events:write'],
        ]),
      );
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const secret = SECRET.exec(created.text)![0];

    const { applications } = await t.services.oauthApps.list(user.id, {});
    expect(applications).toHaveLength(1);
    const app = applications[0];
    expect(app).toMatchObject({
      displayName: 'Stage Planner',
      clientType: 'confidential',
      redirectUris: ['https://planner.example/cb', 'http://127.0.0.1:7777/cb'],
      allowedScopes: ['public:read', 'events:write'],
      allowedGrants: ['authorization_code', 'refresh_token'],
    });
    expect(created.text).toContain(app.clientId);
    const found = await t.repos.oauthApplications.findActiveByClientId(app.clientId);
    expect(matchClientSecret(t.config, found!.secrets, secret)).toBeDefined();
    const audit = (await t.services.audit.list({ action: 'oauth_app.create' })).find((r) => r.resourceId === app.id);
    expect(audit?.actorKind).toBe('web_session');

    const again = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(again.status).toBe(200);
    expect(again.text).toContain('Stage Planner');
    expect(again.text).toContain(secret.slice(0, 17));
    expect(again.text).not.toContain(secret);
    // time:parse is never offered for OAuth applications (the token form still offers it).
    expect(again.text.match(/value="time:parse"/g)).toHaveLength(1);
  });

  test('when a new secret is made and the app revoked on the page, then both secrets stop verifying', async () => {
    const { user, cookie } = await signedIn();
    const { application, clientSecretValue } = await t.services.oauthApps.create(
      user.id,
      { displayName: 'Rotating', clientType: 'confidential', redirectUris: ['https://rotating.example/cb'] },
      'web_session',
    );
    const path = `/developer/oauth-apps/${encodeURIComponent(application.clientId)}`;
    const rotated = await request(t.app).post(`${path}/secrets`).set('Cookie', cookie).type('form').send(form([['formNonce', await formNonce(t.app, cookie, `${path}/secrets`)]]));
    expect(rotated.status).toBe(201);
    const second = SECRET.exec(rotated.text)![0];
    expect(second).not.toBe(clientSecretValue);
    expect((await t.repos.oauthApplications.findActiveByClientId(application.clientId))!.secrets).toHaveLength(2);

    const revoked = await request(t.app).post(`${path}/revoke`).set('Cookie', cookie).type('form').send('');
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe('/developer');
    expect(await t.repos.oauthApplications.findActiveByClientId(application.clientId)).toBeUndefined();
    expect(await t.repos.oauthApplications.activeSecrets(application.id)).toEqual([]);
  });

  test('when the form has an invalid redirect URI, then the page says why and nothing is created', async () => {
    const { user, cookie } = await signedIn();
    const res = await request(t.app)
      .post('/developer/oauth-apps')
      .set('Cookie', cookie)
      .type('form')
      .send(form([['formNonce', await formNonce(t.app, cookie, '/developer/oauth-apps')], ['displayName', 'Insecure'], ['clientType', 'public'], ['redirectUris', 'http://insecure.example/cb']]));
    expect(res.status).toBe(400);
    expect(res.text).toContain('/redirectUris/0');
    expect(res.text).toContain('loopback');
    expect((await t.services.oauthApps.list(user.id, { includeRevoked: true })).applications).toEqual([]);
  });

  test('when the form asks for time:parse or client_credentials on a public client, then 400 and nothing is created', async () => {
    const { user, cookie } = await signedIn();
    for (const extra of [
      ['scopes', 'time:parse'],
      ['grants', 'client_credentials'],
    ] as [string, string][]) {
      const res = await request(t.app)
        .post('/developer/oauth-apps')
        .set('Cookie', cookie)
        .type('form')
        .send(form([['formNonce', await formNonce(t.app, cookie, '/developer/oauth-apps')], ['displayName', 'Sneaky'], ['clientType', 'public'], ['redirectUris', 'https://sneaky.example/cb'], extra]));
      expect(res.status).toBe(400);
    }
    expect((await t.services.oauthApps.list(user.id, { includeRevoked: true })).applications).toEqual([]);
  });

  test('when the user owns a community, then the page can register an app for it', async () => {
    const { user, cookie } = await signedIn();
    const crew = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Page Crew', ownerUserId: user.id });
    const page = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(page.text).toContain(`<option value="${crew.slug}">Page Crew</option>`);
    const res = await request(t.app)
      .post('/developer/oauth-apps')
      .set('Cookie', cookie)
      .type('form')
      .send(form([['formNonce', await formNonce(t.app, cookie, '/developer/oauth-apps')], ['displayName', 'Crew App'], ['clientType', 'public'], ['redirectUris', 'https://crew.example/cb'], ['ownerCommunitySlug', crew.slug]]));
    expect(res.status).toBe(201);
    const { applications } = await t.services.oauthApps.list(user.id, {});
    expect(applications[0]).toMatchObject({ ownerKind: 'community', ownerCommunityProfileId: crew.id });
  });

  test('when the form is posted from another origin, then it is refused', async () => {
    const { user, cookie } = await signedIn();
    const res = await request(t.app)
      .post('/developer/oauth-apps')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(form([['formNonce', await formNonce(t.app, cookie, '/developer/oauth-apps')], ['displayName', 'Stolen'], ['redirectUris', 'https://evil.example/cb']]));
    expect(res.status).toBe(403);
    expect((await t.services.oauthApps.list(user.id, { includeRevoked: true })).applications).toEqual([]);
  });

  test("when someone revokes another user's app through the page, then nothing happens", async () => {
    const owner = await makeUser(t.services);
    const { application } = await t.services.oauthApps.create(owner.id, { displayName: 'Not yours', clientType: 'public', redirectUris: ['https://x.example/cb'] }, 'web_session');
    const { cookie } = await signedIn();
    const res = await request(t.app).post(`/developer/oauth-apps/${encodeURIComponent(application.clientId)}/revoke`).set('Cookie', cookie).type('form').send('');
    expect(res.status).toBe(303);
    expect((await t.repos.oauthApplications.findByClientId(application.clientId))?.status).toBe('active');
  });

  test('when an app name holds markup, then the page escapes it', async () => {
    const { user, cookie } = await signedIn();
    await t.services.oauthApps.create(user.id, { displayName: '<img src=x onerror=alert(1)>', clientType: 'public', redirectUris: ['https://x.example/cb'] }, 'web_session');
    const res = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).toContain('&lt;img src=x onerror=alert(1)');
  });
});
