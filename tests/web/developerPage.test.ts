import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { formBody, signedInUser } from '../helpers/webSession.js';
import { formNonce } from '../helpers/developerPage.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { matchClientSecret } from '../../src/services/identity/oauthApps.js';
import { CREDENTIAL_SCOPE_WORDS, SCOPE_WORDS } from '../../src/services/oauth/scopeWords.js';
import { FORM_NONCE_TTL_MS } from '../../src/services/identity/formNonces.js';
import { formatInstant } from '../../src/http/web/ui/format.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = () => signedInUser(t);
const form = formBody;
const post = (path: string, cookie: string, fields: [string, string][]) => request(t.app).post(path).set('Cookie', cookie).type('form').send(form(fields));
const TOKEN_VALUE = /service_[A-Za-z0-9_-]{43}/;
const SECRET = /mqcs_[A-Za-z0-9_-]{43}/;
const tokenRows = (userId: string) => t.db('api_tokens').where({ owner_user_id: userId });

describe('the developer page: a refresh never makes a second credential', () => {
  test('when the same token form is sent twice, then one token exists and the second answer points at it without its value', async () => {
    const { user, cookie } = await signedIn();
    const fields: [string, string][] = [['formNonce', await formNonce(t.app, cookie, '/developer/tokens')], ['label', 'laptop'], ['scopes', 'public:read']];
    const first = await post('/developer/tokens', cookie, fields);
    expect(first.status).toBe(201);
    const value = TOKEN_VALUE.exec(first.text)![0];

    const again = await post('/developer/tokens', cookie, fields);
    expect(again.status).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.text).not.toMatch(TOKEN_VALUE);
    expect(again.text).toContain('This form was already sent, so nothing new was created');
    expect(again.text).toContain('shown once');
    const rows = await tokenRows(user.id);
    expect(rows).toHaveLength(1);
    expect(again.text).toContain(`href="#token-${rows[0].id}"`);
    expect(again.text).toContain(`id="token-${rows[0].id}"`);
    // Only a keyed hash of the nonce is kept, with the token's id; never the token.
    const claims = await t.db('web_form_nonces').where({ user_id: user.id });
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ purpose: 'api_token', created_ref: rows[0].id });
    expect(JSON.stringify(claims)).not.toContain(fields[0][1]);
    expect(JSON.stringify(claims)).not.toContain(value);
  });

  test('when the same token form is sent five times at once, then exactly one token is created', async () => {
    const { user, cookie } = await signedIn();
    const fields: [string, string][] = [['formNonce', await formNonce(t.app, cookie, '/developer/tokens')], ['label', 'raced'], ['scopes', 'public:read']];
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/developer/tokens', cookie, fields)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(answers.filter((a) => TOKEN_VALUE.test(a.text))).toHaveLength(1);
    expect(await tokenRows(user.id)).toHaveLength(1);
    expect((await t.services.audit.list({ action: 'personal_token.create' })).filter((r) => r.ownerRef === user.id)).toHaveLength(1);
  });

  test('when the application and new-secret forms are sent twice, then one application and one new secret exist', async () => {
    const { user, cookie } = await signedIn();
    const appFields: [string, string][] = [
      ['formNonce', await formNonce(t.app, cookie, '/developer/oauth-apps')],
      ['displayName', 'Once Only'],
      ['clientType', 'confidential'],
      ['redirectUris', 'https://once.example/cb'],
    ];
    const [a, b] = await Promise.all([post('/developer/oauth-apps', cookie, appFields), post('/developer/oauth-apps', cookie, appFields)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const { applications } = await t.services.oauthApps.list(user.id, {});
    expect(applications).toHaveLength(1);
    const clientId = applications[0].clientId;
    const repeat = a.status === 200 ? a : b;
    expect(repeat.text).not.toMatch(SECRET);
    const repeatLater = await post('/developer/oauth-apps', cookie, appFields);
    expect(repeatLater.text).toContain(`href="#app-${clientId}"`);

    const secretPath = `/developer/oauth-apps/${encodeURIComponent(clientId)}/secrets`;
    t.clock.advance(1000); // the new secret sorts after the first
    const secretFields: [string, string][] = [['formNonce', await formNonce(t.app, cookie, secretPath)]];
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(secretPath, cookie, secretFields)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const active = await t.repos.oauthApplications.activeSecrets(applications[0].id);
    expect(active).toHaveLength(2);
    const later = await post(secretPath, cookie, secretFields);
    expect(later.status).toBe(200);
    expect(later.text).toContain(`href="#secret-${active[1].id}"`);
    expect(later.text).toContain(`id="secret-${active[1].id}"`);
    expect(await t.repos.oauthApplications.activeSecrets(applications[0].id)).toHaveLength(2);
  });

  test('when a form has no nonce, a forged one, another user’s, or one past its time, then 400 and nothing is created', async () => {
    const { user, cookie } = await signedIn();
    const other = await signedIn();
    const own = await formNonce(t.app, cookie, '/developer/tokens');
    const [issued, random] = own.split('.');
    const forged = `${issued}.${random}.${'A'.repeat(32)}`;
    const othersNonce = await formNonce(t.app, other.cookie, '/developer/tokens');
    for (const nonce of [undefined, '', 'x', forged, othersNonce, `${own}x`]) {
      const res = await post('/developer/tokens', cookie, [...(nonce === undefined ? [] : [['formNonce', nonce] as [string, string]]), ['label', 'refused'], ['scopes', 'public:read']]);
      expect(res.status).toBe(400);
      expect(res.text).toContain('nothing was created');
    }
    t.clock.advance(FORM_NONCE_TTL_MS);
    const stale = await post('/developer/tokens', cookie, [['formNonce', own], ['label', 'stale']]);
    expect(stale.status).toBe(400);
    expect(await tokenRows(user.id)).toHaveLength(0);
    // The page answered carries fresh forms: sending again from it works.
    const fresh = await post('/developer/tokens', cookie, [['formNonce', /name="formNonce" value="([^"]+)"/.exec(stale.text)![1]], ['label', 'fresh']]);
    expect(fresh.status).toBe(201);
  });

  test('when a form is refused (a bad redirect URI), then its nonce is given back and the corrected form goes through', async () => {
    const { user, cookie } = await signedIn();
    const nonce = await formNonce(t.app, cookie, '/developer/oauth-apps');
    const bad = await post('/developer/oauth-apps', cookie, [['formNonce', nonce], ['displayName', 'Fixed'], ['clientType', 'public'], ['redirectUris', 'http://insecure.example/cb']]);
    expect(bad.status).toBe(400);
    const good = await post('/developer/oauth-apps', cookie, [['formNonce', nonce], ['displayName', 'Fixed'], ['clientType', 'public'], ['redirectUris', 'https://fixed.example/cb']]);
    expect(good.status).toBe(201);
    expect((await t.services.oauthApps.list(user.id, {})).applications).toHaveLength(1);
  });

  test('when the sweep runs after a nonce has expired, then its claim is removed', async () => {
    const { user, cookie } = await signedIn();
    await post('/developer/tokens', cookie, [['formNonce', await formNonce(t.app, cookie, '/developer/tokens')], ['label', 'swept']]);
    expect(await t.db('web_form_nonces').where({ user_id: user.id })).toHaveLength(1);
    t.clock.advance(FORM_NONCE_TTL_MS / 2);
    await t.services.maintenance.sweepOnce();
    expect(await t.db('web_form_nonces').where({ user_id: user.id })).toHaveLength(1);
    t.clock.advance(FORM_NONCE_TTL_MS / 2 + 1000);
    const swept = await t.services.maintenance.sweepOnce();
    expect(swept.formNonces).toBeGreaterThanOrEqual(1);
    expect(await t.db('web_form_nonces').where({ user_id: user.id })).toHaveLength(0);
  });
});

describe('the developer page: scopes in words and relative times', () => {
  test('when tokens and applications are listed, then scopes read as on the consent page with their names, and times relative to now in <time datetime>', async () => {
    const { user, cookie } = await signedIn();
    const createdAt = t.clock.now();
    const { token, tokenValue } = await t.services.tokens.create(user.id, { label: 'words', scopes: ['profile:write', 'time:parse'], expiresAt: createdAt + 3 * 86_400_000 + 2 * 3_600_000 });
    await t.services.oauthApps.create(user.id, { displayName: 'Worded', clientType: 'confidential', redirectUris: ['https://worded.example/cb'], allowedScopes: ['events:write'] }, 'web_session');
    t.clock.advance(3 * 86_400_000);
    bodyOf(await callOp(t.app, 'getCurrentApiCaller', { token: tokenValue }), 200);
    t.clock.advance(5 * 60_000);

    const page = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(page.status).toBe(200);
    const row = new RegExp(`<tr id="token-${token.id}">.*?</tr>`).exec(page.text)![0];
    expect(row).toContain(`${SCOPE_WORDS['profile:write']} <code>profile:write</code>`);
    expect(row).toContain(`${CREDENTIAL_SCOPE_WORDS['time:parse']} <code>time:parse</code>`);
    const exact = (at: number) => `<time datetime="${new Date(at).toISOString()}" data-ago title="${formatInstant(at, 'UTC')}">`;
    expect(row).toContain(`${exact(createdAt)}3 days ago</time>`);
    expect(row).toContain(`${exact(createdAt + 3 * 86_400_000)}5 minutes ago</time>`);
    expect(row).toContain(`${exact(createdAt + 3 * 86_400_000 + 2 * 3_600_000)}in 2 hours</time>`);
    expect(page.text).toContain(`${SCOPE_WORDS['events:write']} <code>events:write</code>`);
    // The forms offer the same words beside each scope name.
    expect(page.text).toContain(`value="developer:write"/> <span>${SCOPE_WORDS['developer:write']} <code>developer:write</code></span>`);
    // A token never used, without expiry, says so.
    await t.services.tokens.create(user.id, { label: 'idle', scopes: ['public:read'] });
    const idle = /<tr id="token-[^"]+"><td>idle<\/td>.*?<\/tr>/.exec((await request(t.app).get('/developer').set('Cookie', cookie)).text)![0];
    expect(idle.match(/<span class="muted">never<\/span>/g)).toHaveLength(2);
    expect(idle).toContain('>just now</time>');
  });
});

describe('the developer page: retiring one client secret', () => {
  async function appWithTwoSecrets(userId: string) {
    const created = await t.services.oauthApps.create(userId, { displayName: 'Leaky App', clientType: 'confidential', redirectUris: ['https://leaky.example/cb'] }, 'web_session');
    const second = await t.services.oauthApps.createSecret(userId, created.application.clientId, {}, 'web_session');
    return { created, second, clientId: created.application.clientId };
  }

  test('when the owner presses a secret’s revoke button, then that secret alone stops verifying and the change is audited for the page', async () => {
    const { user, cookie } = await signedIn();
    const { created, second, clientId } = await appWithTwoSecrets(user.id);
    const action = `/developer/oauth-apps/${encodeURIComponent(clientId)}/secrets/${encodeURIComponent(created.secretId!)}/revoke`;
    const page = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(page.text).toContain(`action="${action}"`);
    expect(page.text).toContain(`aria-label="Revoke secret ${created.clientSecretValue!.slice(0, 17)}… of Leaky App"`);

    const res = await post(action, cookie, []);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/developer#app-${clientId}`);
    const found = await t.repos.oauthApplications.findActiveByClientId(clientId);
    expect(matchClientSecret(t.config, found!.secrets, created.clientSecretValue!)).toBeUndefined();
    expect(matchClientSecret(t.config, found!.secrets, second.clientSecretValue)).toBeDefined();
    const records = (await t.services.audit.list({ action: 'oauth_app.secret_revoke' })).filter((r) => r.resourceId === created.application.id);
    expect(records).toHaveLength(1);
    expect(records[0].actorKind).toBe('web_session');

    const after = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(after.text).not.toContain(`action="${action}"`);
    expect(after.text).toContain(`aria-label="Revoke secret ${second.clientSecretValue.slice(0, 17)}… of Leaky App (its last secret)"`);
    // Again: nothing more happens.
    expect((await post(action, cookie, [])).status).toBe(303);
    expect((await t.services.audit.list({ action: 'oauth_app.secret_revoke' })).filter((r) => r.resourceId === created.application.id)).toHaveLength(1);
  });

  test('when the revoke is posted from another origin, or by another user, then the secret stays active', async () => {
    const { user, cookie } = await signedIn();
    const { created, clientId } = await appWithTwoSecrets(user.id);
    const action = `/developer/oauth-apps/${encodeURIComponent(clientId)}/secrets/${encodeURIComponent(created.secretId!)}/revoke`;
    const crossSite = await request(t.app).post(action).set('Cookie', cookie).set('Origin', 'https://evil.example').type('form').send('');
    expect(crossSite.status).toBe(403);
    const intruder = await signedIn();
    const foreign = await post(action, intruder.cookie, []);
    expect(foreign.status).toBe(303);
    expect(foreign.headers.location).toBe('/developer');
    const anonymous = await request(t.app).post(action).type('form').send('');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toMatch(/^\/login/);
    expect(await t.repos.oauthApplications.activeSecrets(created.application.id)).toHaveLength(2);
    expect((await t.services.audit.list({ action: 'oauth_app.secret_revoke' })).filter((r) => r.resourceId === created.application.id)).toHaveLength(0);
  });

  test('when the new-secret form is posted from another origin, then no secret is made', async () => {
    const { user, cookie } = await signedIn();
    const { created, clientId } = await appWithTwoSecrets(user.id);
    const path = `/developer/oauth-apps/${encodeURIComponent(clientId)}/secrets`;
    const res = await request(t.app)
      .post(path)
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(form([['formNonce', await formNonce(t.app, cookie, path)]]));
    expect(res.status).toBe(403);
    expect(await t.repos.oauthApplications.activeSecrets(created.application.id)).toHaveLength(2);
  });
});
