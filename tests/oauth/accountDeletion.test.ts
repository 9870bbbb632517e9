import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { makeUser } from '../helpers/factories.js';
import { CookieJar, browse, follow, insecure, serveTestApp, signIn, type ServedTestApp } from '../helpers/oauthServer.js';

// Deleting an account on its account page ends what the OAuth issuer gave applications for it:
// its access tokens stop working at once and its refresh tokens no longer refresh.
let s: ServedTestApp;
const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://client.example.test/callback';

beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
});
afterAll(() => s.close());

test('when an account that authorized an application is deleted, then its access token is refused and its refresh token is invalid_grant', async () => {
  const developer = await makeUser(s.t.services, { verified: true });
  const created = await s.t.services.oauthApps.create(
    developer.id,
    { displayName: `App ${crypto.randomBytes(3).toString('hex')}`, clientType: 'confidential', redirectUris: [REDIRECT], allowedGrants: ['authorization_code', 'refresh_token'], allowedScopes: ['public:read', 'profile:read'] },
    'web_session',
  );
  const client = { client_id: created.application.clientId } as oauth.Client;
  const auth = oauth.ClientSecretBasic(created.clientSecretValue!);

  const user = await makeUser(s.t.services, { verified: true });
  const jar = new CookieJar();
  await signIn(jar, s.base, user.email, PASSWORD);
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(s.as.authorization_endpoint!);
  for (const [k, v] of Object.entries({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', state: 'st', code_challenge_method: 'S256', code_challenge: await oauth.calculatePKCECodeChallenge(verifier), scope: 'profile:read' })) url.searchParams.set(k, v);
  const consent = await follow(jar, s.base, url.href);
  const back = await follow(jar, s.base, consent.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
  const params = oauth.validateAuthResponse(s.as, client, new URL(back.url), 'st');
  const tokens = await oauth.processAuthorizationCodeResponse(s.as, client, await oauth.authorizationCodeGrantRequest(s.as, client, auth, params, REDIRECT, verifier, insecure));
  const me = () => fetch(`${s.base}/api/v0/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await me()).status).toBe(200);

  const deleted = await browse(jar, `${s.base}/account/delete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base },
    body: new URLSearchParams({ deletePassword: PASSWORD }).toString(),
  });
  expect(deleted.status).toBe(200);

  expect((await me()).status).toBe(401);
  const refreshed = await oauth.refreshTokenGrantRequest(s.as, client, auth, tokens.refresh_token!, insecure);
  await expect(oauth.processRefreshTokenResponse(s.as, client, refreshed)).rejects.toMatchObject({ error: 'invalid_grant' });
  const audit = await s.t.services.audit.list({ action: 'account.delete', limit: 10 });
  expect(audit.find((r) => r.ownerRef === user.id)?.metadata).toEqual({ sessions: 1, oauthAccessTokens: 1 });
  // The developer's application is theirs and stays.
  expect((await s.t.services.oauthApps.list(developer.id, { limit: 10 })).applications.map((a) => a.clientId)).toEqual([client.client_id]);
});
