import crypto from 'node:crypto';
import fs from 'node:fs';
import { SignJWT, importJWK, type JWK } from 'jose';
import * as oauth from 'oauth4webapi';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import { makeUser } from '../helpers/factories.js';
import { AUTHORIZATION_CODE_TTL_SECONDS, INTERACTION_TTL_SECONDS } from '../../src/services/oauth/provider.js';
import { CookieJar, browse, follow, insecure, serveTestApp, signIn, type ServedTestApp } from '../helpers/oauthServer.js';

let s: ServedTestApp;
const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://client.example.test/callback';

beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
});
afterAll(() => s.close());

async function confidentialApp(grants: ('authorization_code' | 'refresh_token' | 'client_credentials')[] = ['authorization_code', 'refresh_token', 'client_credentials']) {
  const owner = await makeUser(s.t.services, { verified: true });
  const created = await s.t.services.oauthApps.create(
    owner.id,
    { displayName: `App ${crypto.randomBytes(3).toString('hex')}`, clientType: 'confidential', redirectUris: [REDIRECT], allowedGrants: grants, allowedScopes: ['public:read', 'profile:read'] },
    'web_session',
  );
  return { owner, client: { client_id: created.application.clientId } as oauth.Client, auth: oauth.ClientSecretBasic(created.clientSecretValue!), secret: created.clientSecretValue! };
}

function authorizeUrl(clientId: string, params: Record<string, string | undefined>): string {
  const url = new URL(s.as.authorization_endpoint!);
  const all: Record<string, string | undefined> = { client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', state: 'st', code_challenge_method: 'S256', ...params };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** An authorization request answered without ever reaching the client's redirect (an error page). */
async function refusedOnPage(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.headers.get('location')).toBeNull();
  return res.text();
}

/** An authorization request whose error goes back to the (registered) redirect URI. */
async function refusedToClient(url: string): Promise<URLSearchParams> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(REDIRECT);
  expect(location.searchParams.get('code')).toBeNull();
  return location.searchParams;
}

async function clientCredentialsToken(app: Awaited<ReturnType<typeof confidentialApp>>, scope?: string) {
  const res = await oauth.clientCredentialsGrantRequest(s.as, app.client, app.auth, new URLSearchParams(scope ? { scope } : {}), insecure);
  return oauth.processClientCredentialsResponse(s.as, app.client, res);
}

/** The issuer's own private key, to forge tokens that differ from a real one in exactly one way. */
async function issuerKey() {
  const { keys } = JSON.parse(fs.readFileSync(s.t.config.oauthSigningKeysFile, 'utf8')) as { keys: { jwk: JWK }[] };
  return { jwk: keys[0].jwk, key: await importJWK(keys[0].jwk, 'ES256') };
}

async function forge(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const { jwk, key } = await issuerKey();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'public:read', client_id: 'mq_forged', jti: crypto.randomUUID(), iss: s.base, aud: `${s.base}/api/v0`, iat: now, exp: now + 300, ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid, ...header })
    .sign(key);
}

describe('OAuth attacks, each refused', () => {
  describe('PKCE and redirect URIs at /oauth/authorize (contract 5.7)', () => {
    test('when PKCE is missing, then the request is refused', async () => {
      const app = await confidentialApp();
      const params = await refusedToClient(authorizeUrl(app.client.client_id, { code_challenge_method: undefined }));
      expect(params.get('error')).toBe('invalid_request');
    });

    test('when the plain method is asked for, then the request is refused', async () => {
      const app = await confidentialApp();
      const params = await refusedToClient(authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }));
      expect(params.get('error')).toBe('invalid_request');
    });

    test.each([
      ['a prefix of the registered URI', 'https://client.example.test/call'],
      ['a trailing slash', 'https://client.example.test/callback/'],
      ['another case', 'https://CLIENT.example.test/Callback'],
      ['an extra query', 'https://client.example.test/callback?x=1'],
      ['another host', 'https://attacker.example/callback'],
      ['http instead of https', 'http://client.example.test/callback'],
    ])('when the redirect URI is %s, then the request is refused without redirecting', async (_what, redirect) => {
      const app = await confidentialApp();
      const html = await refusedOnPage(authorizeUrl(app.client.client_id, { redirect_uri: redirect, code_challenge: 'a'.repeat(43) }));
      expect(html).toContain('redirect_uri');
    });

    test('when the client id is unknown, then the request is refused without redirecting', async () => {
      await refusedOnPage(authorizeUrl('mq_unknown', { code_challenge: 'a'.repeat(43) }));
    });

    test('when time:parse is requested, then the scope is refused (OAuth is never granted the time API, contract 5.16)', async () => {
      const app = await confidentialApp();
      const params = await refusedToClient(authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope: 'time:parse' }));
      expect(params.get('error')).toBe('invalid_scope');
    });

    test('when a scope beyond the app\'s allowed scopes is requested, then it is refused', async () => {
      const app = await confidentialApp();
      const params = await refusedToClient(authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope: 'developer:write' }));
      expect(params.get('error')).toBe('invalid_scope');
    });
  });

  describe('response modes: only the advertised one (RFC 8414 response_modes_supported)', () => {
    test('when the metadata is read, then query is the only response mode advertised', () => {
      expect(s.as.response_modes_supported).toEqual(['query']);
    });

    test.each([['form_post'], ['fragment'], ['jwt'], ['web_message']])(
      'when response_mode=%s is asked for, then the request is refused on the error page with invalid_request, and nothing is sent to the client',
      async (mode) => {
        const app = await confidentialApp();
        const html = await refusedOnPage(authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope: 'public:read', response_mode: mode }));
        expect(html).toContain('invalid_request');
        expect(html).toContain('response_mode');
        expect(html).not.toContain('<form method="post" action="https://client.example.test');
      },
    );

    test('when a signed-in user would approve a form_post request, then no code is ever delivered by form or fragment', async () => {
      const app = await confidentialApp();
      const user = await makeUser(s.t.services, { verified: true });
      const jar = new CookieJar();
      await signIn(jar, s.base, user.email, PASSWORD);
      for (const mode of ['form_post', 'fragment']) {
        const { res, url } = await follow(jar, s.base, authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope: 'public:read', response_mode: mode }));
        expect([mode, res.status]).toEqual([mode, 400]);
        expect(url).not.toContain('/oauth/interaction/');
        expect(await res.text()).not.toMatch(/name="code"|#code=/);
      }
    });

    test('when response_mode=query is named explicitly, then the request goes on to sign-in and consent', async () => {
      const app = await confidentialApp();
      const res = await fetch(authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope: 'public:read', response_mode: 'query' }), { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/\/oauth\/interaction\//);
    });
  });

  describe('scopes of the requested resource (RFC 8707): a scope the resource does not have is invalid_scope, never a narrower token', () => {
    /** A confidential app allowed scopes of both resources. */
    async function wideApp() {
      const app = await confidentialApp();
      await s.t.services.oauthApps.update(app.owner.id, app.client.client_id, { allowedScopes: ['public:read', 'profile:read', 'developer:write', 'mcp:read', 'mcp:write', 'events:contribute'] }, 'web_session');
      return app;
    }
    const MCP = () => `${s.base}/mcp`;
    const API = () => `${s.base}/api/v0`;

    test.each<[string, () => string, string]>([
      ['a scope only the API has, for the MCP resource', MCP, 'developer:write'],
      ['a scope only the MCP resource has, for the API', API, 'mcp:read'],
      ['a valid MCP scope beside a foreign one', MCP, 'mcp:read developer:write'],
      ['a valid API scope beside a foreign one', API, 'public:read mcp:write'],
      ['a scope no resource has', API, 'public:read marquee:admin'],
    ])('when an authorization asks for %s, then it is sent back with invalid_scope and no code', async (_label, resource, scope) => {
      const app = await wideApp();
      const params = await refusedToClient(authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope, resource: resource() }));
      expect(params.get('error')).toBe('invalid_scope');
    });

    test('when an authorization asks for scopes its resource has, then it goes on to sign-in and consent', async () => {
      const app = await wideApp();
      for (const [resource, scope] of [[MCP(), 'mcp:read mcp:write events:contribute public:read'], [API(), 'public:read developer:write']]) {
        const res = await fetch(authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope, resource }), { redirect: 'manual' });
        expect([scope, res.status, res.headers.get('location')]).toEqual([scope, 303, expect.stringContaining('/oauth/interaction/')]);
      }
    });

    test('when a client-credentials request mixes a resource\'s scope with a foreign one, then invalid_scope and no token', async () => {
      const app = await wideApp();
      for (const [resource, scope] of [[MCP(), 'mcp:read developer:write'], [API(), 'public:read mcp:read']]) {
        const res = await oauth.clientCredentialsGrantRequest(s.as, app.client, app.auth, new URLSearchParams({ scope, resource }), insecure);
        await expect(oauth.processClientCredentialsResponse(s.as, app.client, res)).rejects.toMatchObject({ error: 'invalid_scope' });
      }
    });
  });

  describe('the token endpoint', () => {
    /** Signs in, approves, and returns what the code exchange needs. */
    async function code(app: Awaited<ReturnType<typeof confidentialApp>>) {
      const verifier = oauth.generateRandomCodeVerifier();
      const jar = new CookieJar();
      await signIn(jar, s.base, app.owner.email, PASSWORD);
      const consent = await follow(jar, s.base, authorizeUrl(app.client.client_id, { code_challenge: await oauth.calculatePKCECodeChallenge(verifier), scope: 'profile:read' }));
      const back = await follow(jar, s.base, consent.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
      const params = oauth.validateAuthResponse(s.as, app.client, new URL(back.url), 'st');
      return { verifier, params, jar, consentUrl: consent.url };
    }

    test('when the code verifier is wrong, then invalid_grant', async () => {
      const app = await confidentialApp();
      const { params } = await code(app);
      const res = await oauth.authorizationCodeGrantRequest(s.as, app.client, app.auth, params, REDIRECT, oauth.generateRandomCodeVerifier(), insecure);
      await expect(oauth.processAuthorizationCodeResponse(s.as, app.client, res)).rejects.toMatchObject({ error: 'invalid_grant' });
    });

    test('when the code is exchanged with another redirect URI, then invalid_grant', async () => {
      const app = await confidentialApp();
      const { params, verifier } = await code(app);
      const res = await oauth.authorizationCodeGrantRequest(s.as, app.client, app.auth, params, `${REDIRECT}/`, verifier, insecure);
      await expect(oauth.processAuthorizationCodeResponse(s.as, app.client, res)).rejects.toMatchObject({ error: 'invalid_grant' });
    });

    test('when another client exchanges the code, then invalid_grant', async () => {
      const app = await confidentialApp();
      const other = await confidentialApp();
      const { params, verifier } = await code(app);
      const res = await oauth.authorizationCodeGrantRequest(s.as, other.client, other.auth, params, REDIRECT, verifier, insecure);
      await expect(oauth.processAuthorizationCodeResponse(s.as, other.client, res)).rejects.toMatchObject({ error: 'invalid_grant' });
    });

    test('when a refresh token is used by another client, then invalid_grant', async () => {
      const app = await confidentialApp();
      const other = await confidentialApp();
      const { params, verifier } = await code(app);
      const tokens = await oauth.processAuthorizationCodeResponse(s.as, app.client, await oauth.authorizationCodeGrantRequest(s.as, app.client, app.auth, params, REDIRECT, verifier, insecure));
      const res = await oauth.refreshTokenGrantRequest(s.as, other.client, other.auth, tokens.refresh_token!, insecure);
      await expect(oauth.processRefreshTokenResponse(s.as, other.client, res)).rejects.toMatchObject({ error: 'invalid_grant' });
    });

    test('when the app is revoked, then its secret no longer authenticates', async () => {
      const app = await confidentialApp(['client_credentials']);
      await s.t.services.oauthApps.revoke(app.owner.id, app.client.client_id, 'web_session');
      const res = await oauth.clientCredentialsGrantRequest(s.as, app.client, app.auth, new URLSearchParams(), insecure);
      expect(res.status).toBe(401);
    });

    test('when a public app asks for client credentials, then it is refused', async () => {
      const owner = await makeUser(s.t.services);
      const created = await s.t.services.oauthApps.create(owner.id, { displayName: 'Public', clientType: 'public', redirectUris: [REDIRECT] }, 'web_session');
      const client = { client_id: created.application.clientId };
      const res = await oauth.clientCredentialsGrantRequest(s.as, client, oauth.None(), new URLSearchParams(), insecure);
      expect(res.status).toBeGreaterThanOrEqual(400);
      const body = (await res.json()) as { error: string; access_token?: string };
      expect(body.access_token).toBeUndefined();
      expect(body.error).toMatch(/unauthorized_client|invalid_client|invalid_request/);
    });

    test('when the code is exchanged after its 60-second lifetime, then invalid_grant', async () => {
      const app = await confidentialApp();
      const { params, verifier } = await code(app);
      const before = s.t.clock.now();
      s.t.clock.advance((AUTHORIZATION_CODE_TTL_SECONDS + 1) * 1000);
      try {
        const res = await oauth.authorizationCodeGrantRequest(s.as, app.client, app.auth, params, REDIRECT, verifier, insecure);
        await expect(oauth.processAuthorizationCodeResponse(s.as, app.client, res)).rejects.toMatchObject({ error: 'invalid_grant' });
      } finally {
        s.t.clock.set(before);
      }
    });

    test('when the consent form is posted again after it was used, then nothing is granted a second time', async () => {
      const app = await confidentialApp();
      const { jar, consentUrl } = await code(app);
      const again = await browse(jar, consentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
      expect(again.status).toBeGreaterThanOrEqual(400);
    });
  });

  describe('the consent page (contract 5.7)', () => {
    async function pendingConsent() {
      const app = await confidentialApp();
      const jar = new CookieJar();
      await signIn(jar, s.base, app.owner.email, PASSWORD);
      const consent = await follow(jar, s.base, authorizeUrl(app.client.client_id, { code_challenge: 'a'.repeat(43), scope: 'profile:read' }));
      expect(consent.url).toContain('/oauth/interaction/');
      return { app, jar, url: consent.url };
    }

    test('when a cross-origin page posts the consent, then it is refused', async () => {
      const { jar, url } = await pendingConsent();
      const res = await browse(jar, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example' }, body: 'decision=approve' });
      expect(res.status).toBe(403);
    });

    test('when another signed-in user posts the consent, then it is refused', async () => {
      const { jar, url } = await pendingConsent();
      const mallory = await makeUser(s.t.services, { verified: true });
      await signIn(jar, s.base, mallory.email, PASSWORD);
      const res = await browse(jar, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
      expect(res.status).toBe(403);
    });

    test('when the consent transaction is older than 30 minutes, then approving it grants nothing', async () => {
      const { jar, url } = await pendingConsent();
      const before = s.t.clock.now();
      s.t.clock.advance((INTERACTION_TTL_SECONDS + 1) * 1000);
      try {
        const res = await browse(jar, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.headers.get('location') ?? '').not.toContain('code=');
      } finally {
        s.t.clock.set(before);
      }
    });

    test.each([
      ['no body', {}, undefined],
      ['a JSON body', { 'content-type': 'application/json' }, '{"decision":"approve"}'],
      ['a text body', { 'content-type': 'text/plain' }, 'decision=approve'],
    ])('when the consent is posted with %s, then it is refused as no decision (400) and a real decision still works', async (_what, headers, body) => {
      const { jar, url } = await pendingConsent();
      const res = await browse(jar, url, { method: 'POST', headers: { ...headers, origin: s.base }, body });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const allowed = await browse(jar, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
      expect(allowed.status).toBeGreaterThanOrEqual(300);
      expect(allowed.status).toBeLessThan(400);
    });

    test('when the consent is posted without the interaction cookie, then it is refused', async () => {
      const { url } = await pendingConsent();
      const res = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
  });

  describe('access tokens at /api/v0 (contract 5.4, 5.5)', () => {
    test('when the JWT is signed with alg none, then 401', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
      const body = Buffer.from(JSON.stringify({ iss: s.base, aud: `${s.base}/api/v0`, exp: Math.floor(Date.now() / 1000) + 300, jti: 'x', client_id: 'x', scope: 'public:read' })).toString('base64url');
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: `${header}.${body}.` }), 401);
    });

    test('when the JWT names an unknown kid, then 401', async () => {
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: await forge({}, { kid: 'not-ours' }) }), 401);
    });

    test('when the signature is forged (signed by another key), then 401', async () => {
      const { jwk } = await issuerKey();
      const { privateKey } = await (await import('jose')).generateKeyPair('ES256');
      const token = await new SignJWT({ scope: 'public:read', client_id: 'x', jti: 'x' }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid }).setIssuer(s.base).setAudience(`${s.base}/api/v0`).setExpirationTime('5m').sign(privateKey);
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token }), 401);
    });

    test('when a validly signed JWT was never issued (unknown token id), then 401', async () => {
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: await forge({}) }), 401);
    });

    test('when an issued token is altered (scope widened, signature kept), then 401', async () => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      const [h, , sig] = access_token.split('.');
      const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
      const widened = Buffer.from(JSON.stringify({ ...claims, scope: 'public:read developer:write' })).toString('base64url');
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: `${h}.${widened}.${sig}` }), 401);
    });

    test('when the JWT has expired, then 401', async () => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
      // The same issued token id, re-signed with an expiry in the past.
      const expired = await forge({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 });
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: expired }), 401);
    });

    test('when an MCP-resource token is sent to /api/v0, then 401', async () => {
      const app = await confidentialApp(['client_credentials']);
      await s.t.services.oauthApps.update(app.owner.id, app.client.client_id, { allowedScopes: ['public:read', 'mcp:read'] }, 'web_session');
      const res = await oauth.clientCredentialsGrantRequest(s.as, app.client, app.auth, new URLSearchParams({ scope: 'mcp:read' }), insecure);
      const tokens = await oauth.processClientCredentialsResponse(s.as, app.client, res);
      const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
      expect(claims.aud).toBe(`${s.base}/mcp`);
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: tokens.access_token }), 401);
    });

    test('when the app that holds a live token is revoked, then its tokens stop working at once', async () => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: access_token }), 200);
      await s.t.services.oauthApps.revoke(app.owner.id, app.client.client_id, 'web_session');
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: access_token }), 401);
    });

    test('when another client tries to revoke a token it does not hold, then the token stays valid', async () => {
      const app = await confidentialApp(['client_credentials']);
      const other = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      await oauth.processRevocationResponse(await oauth.revocationRequest(s.as, other.client, other.auth, access_token, insecure));
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: access_token }), 200);
    });

    test('when revocation is asked with a wrong client secret, then 401 invalid_client', async () => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      const res = await oauth.revocationRequest(s.as, app.client, oauth.ClientSecretBasic('mqcs_' + 'y'.repeat(43)), access_token, insecure);
      expect(res.status).toBe(401);
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: access_token }), 200);
    });

    test.each([
      ['a secret that is not valid percent-encoding', (id: string) => `Basic ${Buffer.from(`${id}:%`).toString('base64')}`, 'not properly encoded'],
      ['a client id that is not valid percent-encoding', () => `Basic ${Buffer.from('%FF:secret').toString('base64')}`, 'not properly encoded'],
      ['credentials without a colon', (id: string) => `Basic ${Buffer.from(id).toString('base64')}`, 'invalid authorization header value format'],
      ['a header that is not base64', () => 'Basic !!!not-base64!!!', 'invalid authorization header value format'],
      ['another scheme', () => 'Bearer abc', 'invalid authorization header value format'],
    ])('when revocation of an access token comes with %s in the Basic header, then 400 invalid_request (as at the token endpoint) and the token stays valid', async (_name, header, description) => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      const res = await fetch(`${s.base}/oauth/revoke`, { method: 'POST', headers: { authorization: header(app.client.client_id), 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${access_token}` });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining(description) });
      // The token endpoint refuses the same header the same way.
      const atToken = await fetch(`${s.base}/oauth/token`, { method: 'POST', headers: { authorization: header(app.client.client_id), 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
      expect(atToken.status).toBe(400);
      expect(((await atToken.json()) as { error: string }).error).toBe('invalid_request');
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: access_token }), 200);
    });

    test('when revocation names its client both in the Basic header and the body, then 400 invalid_request', async () => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      const basic = `Basic ${Buffer.from(`${app.client.client_id}:${'x'.repeat(10)}`).toString('base64')}`;
      const res = await fetch(`${s.base}/oauth/revoke`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${access_token}&client_id=${app.client.client_id}&client_secret=x` });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
      expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: access_token }), 200);
    });

    test('when an OAuth access token is sent in the query string, then 400 and it is not used', async () => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      const res = await fetch(`${s.base}/api/v0/me?access_token=${access_token}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    });

    test('when an OAuth token calls the time API, then 403 (contract 5.16)', async () => {
      const app = await confidentialApp(['client_credentials']);
      const { access_token } = await clientCredentialsToken(app);
      expectStatus(await callOp(s.t.app, 'parseTemporalExpression', { token: access_token, body: { text: 'tomorrow at 9', timeZone: 'UTC' } }), 403);
    });
  });
  describe('parameters no stored value can hold (NUL), on every backend', () => {
    const formPost = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${s.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });

    test('when an authorization request names a client id with a NUL, then 400 and a page, never a 500', async () => {
      const res = await fetch(authorizeUrl('mq_client\u0000x', { code_challenge: 'c'.repeat(43) }), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).not.toMatch(/\u0000/);
    });

    test.each([
      ['/oauth/token', 'a refresh token', (id: string) => `grant_type=refresh_token&refresh_token=a%00b&client_id=${id}`],
      ['/oauth/token', 'an authorization code', (id: string) => `grant_type=authorization_code&code=a%00b&redirect_uri=${encodeURIComponent(REDIRECT)}&code_verifier=${'v'.repeat(43)}&client_id=${id}`],
      ['/oauth/token', 'a client id', (id: string) => `grant_type=client_credentials&client_id=${id}%00&client_secret=x`],
      ['/oauth/revoke', 'a client id', (id: string) => `token=opaque&client_id=${id}%00&client_secret=x`],
      ['/oauth/revoke', 'a token', (id: string) => `token=a%00b&client_id=${id}`],
    ])('when %s gets %s with a NUL, then 400 invalid_request, never a 500', async (path, _what, body) => {
      const app = await confidentialApp();
      const res = await formPost(path, body(app.client.client_id));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    });
  });
});
