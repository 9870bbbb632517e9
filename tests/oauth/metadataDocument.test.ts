import * as oauth from 'oauth4webapi';
import { makeUser } from '../helpers/factories.js';
import { CookieJar, follow, insecure, serveTestApp, signIn, type ServedTestApp } from '../helpers/oauthServer.js';
import { LOOPBACK, TEST_HOST, makeTestPki, startTlsServer, testFetch, v4, type TestServer } from '../unit/outbound/tlsTestServer.js';

const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'http://127.0.0.1:9/callback';

let s: ServedTestApp;
let docs: TestServer & { handle: (h: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) => void };
let clientId: string;
let document: Record<string, unknown>;

beforeAll(async () => {
  const pki = await makeTestPki();
  docs = await startTlsServer(await pki.leaf(TEST_HOST));
  clientId = `https://${TEST_HOST}:${docs.port}/oauth/client.json`;
  // The issuer's fetcher trusts the test authority and reaches the made-up host on loopback only.
  const { fetch } = testFetch(pki.ca, { [TEST_HOST]: [v4(LOOPBACK)] });
  s = await serveTestApp({ rateLimitScale: 100 }, { outboundFetch: fetch });
});
afterAll(async () => {
  await s.close();
  await docs.close();
});

beforeEach(() => {
  document = { client_id: clientId, client_name: 'Doc Client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'], response_types: ['code'] };
  docs.handle((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(document));
  });
});

async function authorize(scope?: string) {
  const user = await makeUser(s.t.services, { verified: true });
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(s.as.authorization_endpoint!);
  for (const [k, v] of Object.entries({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', state: 'st', code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...(scope ? { scope } : {}) })) url.searchParams.set(k, v);
  const jar = new CookieJar();
  await signIn(jar, s.base, user.email, PASSWORD);
  const consent = await follow(jar, s.base, url.href);
  return { consent, jar, verifier };
}

describe('Client ID Metadata Document clients (contract 5.12)', () => {
  test('when an MCP client names its metadata document as client_id, then the document is fetched, the consent names it, and the code flow yields an MCP token with minimal reads', async () => {
    const { consent, jar, verifier } = await authorize();
    expect(consent.url).toContain('/oauth/interaction/');
    expect(await consent.res.text()).toContain('Doc Client');
    expect(docs.seen[0]).toMatchObject({ method: 'GET', url: '/oauth/client.json', servername: TEST_HOST });
    const back = await follow(jar, s.base, consent.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base }, body: 'decision=approve' });
    const client = { client_id: clientId };
    const params = oauth.validateAuthResponse(s.as, client, new URL(back.url), 'st');
    const tokens = await oauth.processAuthorizationCodeResponse(s.as, client, await oauth.authorizationCodeGrantRequest(s.as, client, oauth.None(), params, REDIRECT, verifier, insecure));
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ aud: `${s.base}/mcp`, client_id: clientId });
    expect(String(claims.scope).split(' ').sort()).toEqual(['mcp:read', 'public:read']);
  });

  test('when a document declares events:contribute with mcp:write (decisions §7), then an authorization for intake reaches the consent page naming it', async () => {
    const intakeClient = `https://${TEST_HOST}:${docs.port}/oauth/intake-client.json`;
    document = { ...document, client_id: intakeClient, client_name: 'Intake Doc Client', scope: 'mcp:read mcp:write events:contribute profile:read' };
    const user = await makeUser(s.t.services, { verified: true });
    const url = new URL(s.as.authorization_endpoint!);
    for (const [k, v] of Object.entries({ client_id: intakeClient, redirect_uri: REDIRECT, response_type: 'code', state: 'st', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', scope: 'mcp:read mcp:write events:contribute' })) url.searchParams.set(k, v);
    const jar = new CookieJar();
    await signIn(jar, s.base, user.email, PASSWORD);
    const consent = await follow(jar, s.base, url.href);
    expect(consent.url).toContain('/oauth/interaction/');
    expect(await consent.res.text()).toContain('events:contribute');
    expect((await s.t.repos.oauthApplications.findByClientId(intakeClient))?.allowedScopes).toEqual(['mcp:read', 'profile:read', 'mcp:write', 'events:contribute']);
  });

  test('when the document names another client_id, then the client is unknown and nothing is authorized', async () => {
    document.client_id = `${clientId}?other`;
    const fresh = `https://${TEST_HOST}:${docs.port}/oauth/mismatch.json`;
    const url = new URL(s.as.authorization_endpoint!);
    for (const [k, v] of Object.entries({ client_id: fresh, redirect_uri: REDIRECT, response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })) url.searchParams.set(k, v);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('location')).toBeNull();
  });

  test('when the document redirects, then it is refused and the client is unknown', async () => {
    docs.handle((_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', `https://${TEST_HOST}:${docs.port}/elsewhere.json`);
      res.end();
    });
    const other = `https://${TEST_HOST}:${docs.port}/oauth/redirecting.json`;
    const url = new URL(s.as.authorization_endpoint!);
    for (const [k, v] of Object.entries({ client_id: other, redirect_uri: REDIRECT, response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })) url.searchParams.set(k, v);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(docs.seen.filter((r) => r.url === '/elsewhere.json')).toHaveLength(0);
  });

  test.each([
    ['is over 5 KB', (d: Record<string, unknown>) => ({ ...d, padding: 'x'.repeat(6000) }), 'oversized.json'],
    ['is not JSON', () => '<html>not a document</html>', 'html.json'],
  ])('when the document %s, then the client is unknown and nothing is authorized', async (_what, shape, file) => {
    const id = `https://${TEST_HOST}:${docs.port}/oauth/${file}`;
    docs.handle((_req, res) => {
      const body = shape({ ...document, client_id: id });
      res.setHeader('content-type', typeof body === 'string' ? 'text/html' : 'application/json');
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    const url = new URL(s.as.authorization_endpoint!);
    for (const [k, v] of Object.entries({ client_id: id, redirect_uri: REDIRECT, response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })) url.searchParams.set(k, v);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await s.t.repos.oauthApplications.findByClientId(id)).toBeUndefined();
  });

  test('when a document client asks for the API resource, then it is refused', async () => {
    const url = new URL(s.as.authorization_endpoint!);
    for (const [k, v] of Object.entries({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', state: 'st', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', resource: `${s.base}/api/v0`, scope: 'public:read' })) url.searchParams.set(k, v);
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? 'http://x/');
    expect(location.searchParams.get('code')).toBeNull();
    expect(location.searchParams.get('error')).toBe('invalid_target');
  });
});

describe('Client ID Metadata Document clients behind refused addresses (contract 5.12)', () => {
  test.each([
    ['a private address', '10.0.0.5'],
    ['the cloud metadata address', '169.254.169.254'],
    ['loopback', '127.0.0.1'],
  ])('when the document host resolves to %s, then nothing is fetched and the client is unknown', async (_what, address) => {
    const pki = await makeTestPki();
    // Nothing is allowed past the address policy here: not even the loopback test address.
    const { fetch, calls } = testFetch(pki.ca, { [TEST_HOST]: [v4(address)] }, []);
    const served = await serveTestApp({ rateLimitScale: 100 }, { outboundFetch: fetch });
    try {
      const id = `https://${TEST_HOST}/oauth/client.json`;
      const url = new URL(served.as.authorization_endpoint!);
      for (const [k, v] of Object.entries({ client_id: id, redirect_uri: REDIRECT, response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })) url.searchParams.set(k, v);
      const res = await globalThis.fetch(url, { redirect: 'manual' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('location')).toBeNull();
      expect(calls).toContain(TEST_HOST);
      expect(await served.t.repos.oauthApplications.findByClientId(id)).toBeUndefined();
    } finally {
      await served.close();
    }
  });
});
