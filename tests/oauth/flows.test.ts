import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { callOp, bodyOf, expectStatus } from '../helpers/contractClient.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { consentInBrowser, insecure, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';

let s: ServedTestApp;
const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://client.example.test/callback';

beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
});
afterAll(() => s.close());

async function makeApp(userId: string, input: { clientType: 'public' | 'confidential'; allowedGrants?: ('authorization_code' | 'refresh_token' | 'client_credentials')[]; allowedScopes?: string[] }) {
  const created = await s.t.services.oauthApps.create(
    userId,
    { displayName: `App ${crypto.randomBytes(3).toString('hex')}`, clientType: input.clientType, redirectUris: [REDIRECT], allowedGrants: input.allowedGrants, allowedScopes: input.allowedScopes as never },
    'web_session',
  );
  const client: oauth.Client = { client_id: created.application.clientId };
  const auth = created.clientSecretValue ? oauth.ClientSecretBasic(created.clientSecretValue) : oauth.None();
  return { client, auth, secret: created.clientSecretValue };
}

/** Drives the browser part of an authorization: sign-in, consent, redirect back with a code. */
async function authorize(opts: { client: oauth.Client; email: string; scope?: string; decision?: 'approve' | 'deny'; resource?: string }) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(s.as.authorization_endpoint!);
  url.searchParams.set('client_id', opts.client.client_id);
  url.searchParams.set('redirect_uri', REDIRECT);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (opts.scope) url.searchParams.set('scope', opts.scope);
  if (opts.resource) url.searchParams.set('resource', opts.resource);
  const { html, redirectedTo } = await consentInBrowser(s, url.href, { email: opts.email, password: PASSWORD }, opts.decision);
  return { html, redirectedTo, verifier, state };
}

describe('OAuth flows through a real OAuth client library (oauth4webapi)', () => {
  test('when the issuer is discovered, then RFC 8414 metadata names the contract endpoints, S256 only, and the resources publish RFC 9728 metadata', async () => {
    expect(s.as).toMatchObject({
      issuer: s.base,
      authorization_endpoint: `${s.base}/oauth/authorize`,
      token_endpoint: `${s.base}/oauth/token`,
      revocation_endpoint: `${s.base}/oauth/revoke`,
      jwks_uri: `${s.base}/oauth/jwks.json`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(s.as.scopes_supported).not.toContain('time:parse');
    const api = await (await fetch(`${s.base}/.well-known/oauth-protected-resource`)).json();
    expect(api).toMatchObject({ resource: `${s.base}/api/v0`, authorization_servers: [s.base] });
    const mcp = await (await fetch(`${s.base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(mcp).toMatchObject({ resource: `${s.base}/mcp`, authorization_servers: [s.base] });
    const jwks = (await (await fetch(`${s.base}/oauth/jwks.json`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  test('when a confidential app uses client credentials, then it gets a short-lived JWT for the API that /me describes as application-owned, without user authority', async () => {
    const owner = await makeUser(s.t.services);
    const { client, auth } = await makeApp(owner.id, { clientType: 'confidential', allowedGrants: ['client_credentials'], allowedScopes: ['public:read', 'profile:read'] });
    const res = await oauth.clientCredentialsGrantRequest(s.as, client, auth, new URLSearchParams(), insecure);
    const tokens = await oauth.processClientCredentialsResponse(s.as, client, res);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope).toBe('public:read'); // the default scope (contract 5.9)
    expect(tokens.expires_in).toBeLessThanOrEqual(600);
    const [, body] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    expect(claims).toMatchObject({ iss: s.base, aud: `${s.base}/api/v0`, client_id: client.client_id, scope: 'public:read' });
    expect(claims.jti).toEqual(expect.any(String));

    const me = bodyOf(await callOp(s.t.app, 'getCurrentApiCaller', { token: tokens.access_token }), 200);
    expect(me.credential).toMatchObject({ kind: 'oauth', clientId: client.client_id, subjectType: 'client', scopes: ['public:read'] });
    // No implicit user authority (contract 5.9, 5.10).
    const scoped = await oauth.processClientCredentialsResponse(s.as, client, await oauth.clientCredentialsGrantRequest(s.as, client, auth, new URLSearchParams({ scope: 'profile:read' }), insecure));
    expectStatus(await callOp(s.t.app, 'listCurrentApiUserProfiles', { token: scoped.access_token }), 403);
  });

  test('when a wrong or revoked client secret is used, then the token endpoint answers invalid_client', async () => {
    const owner = await makeUser(s.t.services);
    const { client } = await makeApp(owner.id, { clientType: 'confidential', allowedGrants: ['client_credentials'] });
    const res = await oauth.clientCredentialsGrantRequest(s.as, client, oauth.ClientSecretBasic('mqcs_' + 'x'.repeat(43)), new URLSearchParams(), insecure);
    expect(res.status).toBe(401);
    expect(await res.clone().json()).toMatchObject({ error: 'invalid_client' });
    await expect(oauth.processClientCredentialsResponse(s.as, client, res)).rejects.toThrow();
  });

  test('when the owner retires one client secret through the API, then the issuer refuses it at once and the other secret still works', async () => {
    const owner = await makeUser(s.t.services);
    const { value: token } = await makeToken(s.t.services, owner.id, ['developer:read', 'developer:write', 'public:read']);
    const created = bodyOf(
      await callOp(s.t.app, 'createCurrentDeveloperOAuthApp', { token, body: { displayName: 'Leaky', clientType: 'confidential', redirectUris: [REDIRECT], allowedGrants: ['client_credentials'] } }),
      200,
    );
    const client: oauth.Client = { client_id: created.application.clientId };
    const params = { clientId: client.client_id };
    const spare = bodyOf(await callOp(s.t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params }), 200);
    const grant = (secret: string) => oauth.clientCredentialsGrantRequest(s.as, client, oauth.ClientSecretBasic(secret), new URLSearchParams(), insecure);

    const before = await grant(created.clientSecretValue!);
    expect(before.status).toBe(200);
    expect((await oauth.processClientCredentialsResponse(s.as, client, before)).access_token).toEqual(expect.any(String));

    expectStatus(await callOp(s.t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token, params: { ...params, secretId: created.secretId! } }), 200);

    const after = await grant(created.clientSecretValue!);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: 'invalid_client' });
    // The same secret in the request body (client_secret_post) is refused the same way.
    const posted = await oauth.clientCredentialsGrantRequest(s.as, client, oauth.ClientSecretPost(created.clientSecretValue!), new URLSearchParams(), insecure);
    expect(posted.status).toBe(401);
    // The application and its other secret are untouched.
    expect((await grant(spare.clientSecretValue)).status).toBe(200);

    // Retiring the last secret leaves the client unable to authenticate until a new one is made.
    expectStatus(await callOp(s.t.app, 'revokeCurrentDeveloperOAuthAppSecret', { token, params: { ...params, secretId: spare.secretId } }), 200);
    expect((await grant(spare.clientSecretValue)).status).toBe(401);
    const fresh = bodyOf(await callOp(s.t.app, 'createCurrentDeveloperOAuthAppSecret', { token, params }), 200);
    expect((await grant(fresh.clientSecretValue)).status).toBe(200);
  });

  /** A user, a confidential app allowed `scope`, and the tokens of an approved code + PKCE authorization. */
  async function approvedTokens(scope: string) {
    const user = await makeUser(s.t.services, { verified: true });
    const { client, auth } = await makeApp(user.id, { clientType: 'confidential', allowedScopes: ['public:read', 'profile:write', 'profile:read'] });
    const { html, redirectedTo, verifier, state } = await authorize({ client, email: user.email, scope });
    const params = oauth.validateAuthResponse(s.as, client, redirectedTo, state);
    const exchange = () => oauth.authorizationCodeGrantRequest(s.as, client, auth, params, REDIRECT, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(s.as, client, await exchange());
    return { user, client, auth, html, tokens, exchange };
  }

  test('when a user signs in and approves, then code + PKCE yields an API token acting for the user, with the consented scopes in plain words', async () => {
    const { user, html, tokens } = await approvedTokens('profile:read profile:write');
    expect(html).toContain('edit your profiles'); // the contract's consent text for profile:write
    expect(tokens.scope?.split(' ').sort()).toEqual(['profile:read', 'profile:write']);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const me = bodyOf(await callOp(s.t.app, 'getCurrentApiCaller', { token: tokens.access_token }), 200);
    expect(me.credential).toMatchObject({ kind: 'oauth', subjectType: 'user', userId: user.id });
    expectStatus(await callOp(s.t.app, 'listCurrentApiUserProfiles', { token: tokens.access_token }), 200);
    // A scope the user did not grant is still refused.
    expectStatus(await callOp(s.t.app, 'listCurrentApiUserEvents', { token: tokens.access_token }), 403);
  });

  test('when a refresh token is used, then it rotates; reusing the rotated one is refused and ends the whole grant', async () => {
    const { client, auth, tokens } = await approvedTokens('profile:read');
    const refreshed = await oauth.processRefreshTokenResponse(s.as, client, await oauth.refreshTokenGrantRequest(s.as, client, auth, tokens.refresh_token!, insecure));
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.scope).toBe('profile:read');
    expectStatus(await callOp(s.t.app, 'listCurrentApiUserProfiles', { token: refreshed.access_token }), 200);

    const reuse = await oauth.refreshTokenGrantRequest(s.as, client, auth, tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(s.as, client, reuse)).rejects.toMatchObject({ error: 'invalid_grant' });
    // Reuse signals a stolen token: the newest refresh token and the live access tokens go too.
    const later = await oauth.refreshTokenGrantRequest(s.as, client, auth, refreshed.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(s.as, client, later)).rejects.toMatchObject({ error: 'invalid_grant' });
    expectStatus(await callOp(s.t.app, 'listCurrentApiUserProfiles', { token: refreshed.access_token }), 401);
  });

  test('when an authorization code is replayed, then the replay is refused and the tokens issued from it are revoked', async () => {
    const { client, exchange, tokens } = await approvedTokens('profile:read');
    expectStatus(await callOp(s.t.app, 'listCurrentApiUserProfiles', { token: tokens.access_token }), 200);
    await expect(oauth.processAuthorizationCodeResponse(s.as, client, await exchange())).rejects.toMatchObject({ error: 'invalid_grant' });
    expectStatus(await callOp(s.t.app, 'listCurrentApiUserProfiles', { token: tokens.access_token }), 401);
  });

  test('when the same code is exchanged twice at once, then exactly one exchange gets tokens', async () => {
    const user = await makeUser(s.t.services, { verified: true });
    const { client, auth } = await makeApp(user.id, { clientType: 'confidential', allowedScopes: ['public:read', 'profile:read'] });
    const { redirectedTo, verifier, state } = await authorize({ client, email: user.email, scope: 'profile:read' });
    const params = oauth.validateAuthResponse(s.as, client, redirectedTo, state);
    const responses = await Promise.all([1, 2].map(() => oauth.authorizationCodeGrantRequest(s.as, client, auth, params, REDIRECT, verifier, insecure)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(((await responses.find((r) => r.status === 400)!.json()) as { error: string }).error).toBe('invalid_grant');
  });

  test('when the same refresh token is used twice at once, then exactly one refresh succeeds', async () => {
    const { client, auth, tokens } = await approvedTokens('profile:read');
    const responses = await Promise.all([1, 2].map(() => oauth.refreshTokenGrantRequest(s.as, client, auth, tokens.refresh_token!, insecure)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(((await responses.find((r) => r.status === 400)!.json()) as { error: string }).error).toBe('invalid_grant');
  });

  test('when the user denies, then the client is sent back with access_denied and no code', async () => {
    const user = await makeUser(s.t.services, { verified: true });
    const { client } = await makeApp(user.id, { clientType: 'public' });
    const { redirectedTo, state } = await authorize({ client, email: user.email, decision: 'deny' });
    expect(redirectedTo.searchParams.get('code')).toBeNull();
    expect(() => oauth.validateAuthResponse(s.as, client, redirectedTo, state)).toThrow();
    expect(redirectedTo.searchParams.get('error')).toBe('access_denied');
  });

  test('when an access token is revoked (RFC 7009), then the API refuses it at once', async () => {
    const owner = await makeUser(s.t.services);
    const { client, auth } = await makeApp(owner.id, { clientType: 'confidential', allowedGrants: ['client_credentials'] });
    const tokens = await oauth.processClientCredentialsResponse(s.as, client, await oauth.clientCredentialsGrantRequest(s.as, client, auth, new URLSearchParams(), insecure));
    expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: tokens.access_token }), 200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(s.as, client, auth, tokens.access_token, insecure));
    expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: tokens.access_token }), 401);
  });
});
