import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import { makeUser } from '../helpers/factories.js';
import { insecure, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { ROUTE_CLASS_LIMITS } from '../../src/services/ratelimit/policy.js';

let s: ServedTestApp;
beforeAll(async () => {
  // Launch limits, unscaled: the counts below are the contract's.
  s = await serveTestApp({ rateLimitScale: 1 });
});
afterAll(() => s.close());

async function confidentialApp() {
  const owner = await makeUser(s.t.services);
  const created = await s.t.services.oauthApps.create(
    owner.id,
    { displayName: `App ${crypto.randomBytes(3).toString('hex')}`, clientType: 'confidential', redirectUris: ['https://client.example.test/cb'], allowedGrants: ['client_credentials'] },
    'web_session',
  );
  return { client: { client_id: created.application.clientId } as oauth.Client, auth: oauth.ClientSecretBasic(created.clientSecretValue!) };
}

describe('OAuth endpoints: rate limits and audit (contract 8.3, 6.2)', () => {
  test('when the token endpoint is called N times in a window, then N are answered and the next one is 429 temporarily_unavailable with Retry-After', async () => {
    const app = await confidentialApp();
    const [limit] = ROUTE_CLASS_LIMITS.oauth_token;
    expect(limit).toBe(30); // contract 8.3
    const first = await oauth.clientCredentialsGrantRequest(s.as, app.client, app.auth, new URLSearchParams(), insecure);
    const tokens = await oauth.processClientCredentialsResponse(s.as, app.client, first);
    expect(first.headers.get('ratelimit-limit')).toBe(String(limit));
    for (let i = 1; i < limit; i++) {
      const res = await oauth.clientCredentialsGrantRequest(s.as, app.client, app.auth, new URLSearchParams(), insecure);
      expect([i, res.status]).toEqual([i, 200]);
    }
    const refused = await fetch(s.as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic bm90OnBhcnNlZA==' },
      body: 'grant_type=client_credentials',
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    // Revocation shares the class: refused too, before anything is parsed or revoked.
    const revoke = await oauth.revocationRequest(s.as, app.client, app.auth, tokens.access_token, insecure);
    expect(revoke.status).toBe(429);
    expectStatus(await callOp(s.t.app, 'getCurrentApiCaller', { token: tokens.access_token }), 200);
  });

});

describe('OAuth audit records (contract 6.2)', () => {
  let a: ServedTestApp;
  beforeAll(async () => {
    a = await serveTestApp({ rateLimitScale: 100 });
  });
  afterAll(() => a.close());

  test('when a token is issued, refused for a bad secret, presented forged and revoked, then each leaves an audit record with ids only', async () => {
    const owner = await makeUser(a.t.services);
    const created = await a.t.services.oauthApps.create(owner.id, { displayName: 'Audited', clientType: 'confidential', redirectUris: ['https://client.example.test/cb'], allowedGrants: ['client_credentials'] }, 'web_session');
    const client = { client_id: created.application.clientId };
    const secret = created.clientSecretValue!;
    const auth = oauth.ClientSecretBasic(secret);
    const tokens = await oauth.processClientCredentialsResponse(a.as, client, await oauth.clientCredentialsGrantRequest(a.as, client, auth, new URLSearchParams(), insecure));
    const jti = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).jti as string;
    await oauth.clientCredentialsGrantRequest(a.as, client, oauth.ClientSecretBasic('mqcs_' + 'z'.repeat(43)), new URLSearchParams(), insecure);
    expectStatus(await callOp(a.t.app, 'getCurrentApiCaller', { token: 'eyJhbGciOiJFUzI1NiJ9.eyJqdGkiOiJ4In0.c2ln' }), 401);
    await oauth.processRevocationResponse(await oauth.revocationRequest(a.as, client, auth, tokens.access_token, insecure));

    // Refused attempts are recorded off the request path: wait until they are in.
    let records = await a.t.services.audit.list({ limit: 500 });
    for (let i = 0; i < 50 && !records.some((r) => r.action === 'oauth_client_credentials'); i++) {
      await new Promise((r) => setImmediate(r));
      records = await a.t.services.audit.list({ limit: 500 });
    }
    expect(records.find((r) => r.action === 'oauth_token.issue' && r.resourceId === jti)).toMatchObject({ result: 'issued', actorRef: client.client_id });
    expect(records.find((r) => r.action === 'oauth_token.revoke' && r.resourceId === jti)).toMatchObject({ result: 'revoked' });
    expect(records.find((r) => r.action === 'oauth_token.validate')?.result).toMatch(/^rejected_/);
    expect(records.find((r) => r.action === 'oauth_client_credentials')?.result).toBe('rejected_invalid_client');
    const text = JSON.stringify(records);
    expect(text).not.toContain(tokens.access_token);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('eyJ');
  });
});
