import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { CookieJar, consentInBrowser, follow, insecure, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { ROUTE_CLASS_LIMITS } from '../../src/services/ratelimit/policy.js';

/**
 * Constrained Dynamic Client Registration (RFC 7591; contract 5.11, 8.3 rule 3, 6.2) through a
 * real OAuth client library against the app on a loopback port. Launch limits, unscaled; the
 * client address comes from a test header, so each test counts against networks of its own.
 */
let s: ServedTestApp;
const NETWORK_HEADER = 'x-test-network';
const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://client.example.test/callback';
const LOOPBACK_REDIRECT = 'http://127.0.0.1:33418/callback';

beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 1, clientIp: { source: 'header', header: NETWORK_HEADER } });
});
afterAll(() => s.close());

let networks = 0;
const freshNetwork = () => `203.0.113.${++networks}-${crypto.randomBytes(3).toString('hex')}`;
const mcpResource = () => `${s.base}/mcp`;

/** An RFC 7591 registration request, sent by oauth4webapi from `network` (a fresh one unless given). */
function register(metadata: Record<string, unknown>, network = freshNetwork()): Promise<Response> {
  return oauth.dynamicClientRegistrationRequest(s.as, metadata as Partial<oauth.Client>, { ...insecure, headers: { [NETWORK_HEADER]: network } });
}

/** A raw POST to the registration endpoint (bodies a client library would never send). */
function post(body: string, contentType: string, network = freshNetwork()): Promise<Response> {
  return fetch(s.as.registration_endpoint!, { method: 'POST', headers: { 'content-type': contentType, [NETWORK_HEADER]: network }, body });
}

async function registered(metadata: Record<string, unknown>, network?: string): Promise<oauth.Client> {
  return oauth.processDynamicClientRegistrationResponse(await register(metadata, network));
}

/** A 400 RFC 7591 error: plain JSON, never problem+json, and oauth4webapi sees the OAuth error. */
async function expectRefused(res: Response, error: 'invalid_client_metadata' | 'invalid_redirect_uri') {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.clone().json()).toEqual({ error, error_description: expect.any(String) });
  await expect(oauth.processDynamicClientRegistrationResponse(res)).rejects.toMatchObject({ error });
}

const jwtClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

function authorizationUrl(client: oauth.Client, opts: { redirectUri: string; challenge: string; state: string; scope?: string; resource?: string }): URL {
  const url = new URL(s.as.authorization_endpoint!);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', opts.state);
  url.searchParams.set('code_challenge', opts.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (opts.scope) url.searchParams.set('scope', opts.scope);
  if (opts.resource) url.searchParams.set('resource', opts.resource);
  return url;
}

/** Drives a code + PKCE authorization in a signed-in browser and exchanges the code as a public client. */
async function authorizeAndExchange(client: oauth.Client, opts: { redirectUri: string; scope?: string; resource?: string }) {
  const user = await makeUser(s.t.services, { verified: true });
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = authorizationUrl(client, { ...opts, state, challenge: await oauth.calculatePKCECodeChallenge(verifier) });
  const { html, redirectedTo } = await consentInBrowser(s, url.href, { email: user.email, password: PASSWORD });
  const params = oauth.validateAuthResponse(s.as, client, redirectedTo, state);
  const res = await oauth.authorizationCodeGrantRequest(s.as, client, oauth.None(), params, opts.redirectUri, verifier, insecure);
  return { user, html, tokens: await oauth.processAuthorizationCodeResponse(s.as, client, res) };
}

describe('POST /oauth/register: constrained Dynamic Client Registration (contract 5.11)', () => {
  test('when the issuer is discovered, then its metadata names the registration endpoint', () => {
    expect(s.as.registration_endpoint).toBe(`${s.base}/oauth/register`);
  });

  test('when an MCP client registers, then it gets 201 RFC 7591 client information for a public client, without secret or registration access token, stored as a dynamic MCP client', async () => {
    const res = await register({
      redirect_uris: [LOOPBACK_REDIRECT, REDIRECT],
      client_name: 'Assistant Connector',
      software_id: 'assistant-connector',
      software_version: '1.2.3',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp:read public:read',
      logo_uri: 'https://client.example.test/logo.png', // unknown to us: ignored (RFC 7591 §2)
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('ratelimit-limit')).toEqual(expect.any(String));
    const client = await oauth.processDynamicClientRegistrationResponse(res);
    expect(client).toEqual({
      client_id: expect.stringMatching(/^mqd_[A-Za-z0-9_-]{24}$/),
      client_id_issued_at: Math.floor(s.t.clock.now() / 1000),
      redirect_uris: [LOOPBACK_REDIRECT, REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp:read public:read',
      client_name: 'Assistant Connector',
      software_id: 'assistant-connector',
    });
    const row = await s.t.repos.oauthApplications.findByClientId(client.client_id);
    expect(row).toMatchObject({
      registration: 'dynamic',
      clientType: 'public',
      ownerKind: null,
      ownerUserId: null,
      resource: mcpResource(),
      allowedGrants: ['authorization_code', 'refresh_token'],
      allowedScopes: ['mcp:read', 'public:read'],
      redirectUris: [LOOPBACK_REDIRECT, REDIRECT],
      softwareId: 'assistant-connector',
      status: 'active',
    });
    expect(await s.t.repos.oauthApplications.activeSecrets(row!.id)).toEqual([]);
  });

  test('when a registration omits scope, grants and auth method, then it gets public reads only, the code grant and no secret', async () => {
    const client = await registered({ redirect_uris: [REDIRECT] });
    expect(client).toMatchObject({ scope: 'mcp:read public:read', grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'none' });
    expect(client.client_name).toBeUndefined();
    expect(client.client_secret).toBeUndefined();
  });

  test('when mcp:write comes with a write scope of contract 9.5, then the registration is accepted with that ceiling', async () => {
    const client = await registered({ redirect_uris: [REDIRECT], scope: 'profile:write mcp:write mcp:read events:write' });
    expect(client.scope).toBe('mcp:read mcp:write events:write profile:write');
  });

  test('when an assistant asks for events:contribute with mcp:write (decisions §7: an events write scope of 5.11), then the registration is accepted with that ceiling', async () => {
    const client = await registered({ redirect_uris: [REDIRECT], scope: 'events:contribute mcp:write mcp:read' });
    expect(client.scope).toBe('mcp:read mcp:write events:contribute');
    const reader = await registered({ redirect_uris: [REDIRECT], scope: 'mcp:read profile:read events:contribute' });
    expect(reader.scope).toBe('mcp:read profile:read events:contribute');
  });

  test('when the registration names the MCP resource, then it is accepted', async () => {
    const client = await registered({ redirect_uris: [REDIRECT], resource: mcpResource() });
    expect(client.client_id).toMatch(/^mqd_/);
  });

  test.each([
    ['a secret auth method (client_secret_post)', { token_endpoint_auth_method: 'client_secret_post' }],
    ['a confidential client (client_secret_basic)', { token_endpoint_auth_method: 'client_secret_basic' }],
    ['private_key_jwt', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['a client secret of its own', { client_secret: 'chosen-by-client' }],
    ['developer:read', { scope: 'mcp:read developer:read' }],
    ['time:parse', { scope: 'mcp:read time:parse' }],
    ['mcp:write alone', { scope: 'mcp:read mcp:write' }],
    ['mcp:write with public:read only', { scope: 'mcp:read public:read mcp:write' }],
    ['no mcp:read', { scope: 'public:read' }],
    ['an unknown scope', { scope: 'mcp:read openid' }],
    ['assets:contribute (not an owner write scope of 5.11)', { scope: 'mcp:read mcp:write assets:contribute' }],
    ['mcp:write with profile:read only (a read scope)', { scope: 'mcp:read mcp:write profile:read' }],
    ['a malformed scope', { scope: ['mcp:read'] }],
    ['grant_types client_credentials', { grant_types: ['client_credentials'] }],
    ['client_credentials beside the code grant', { grant_types: ['authorization_code', 'client_credentials'] }],
    ['refresh_token without the code grant', { grant_types: ['refresh_token'] }],
    ['the implicit grant', { grant_types: ['implicit'] }],
    ['response_types token', { response_types: ['token'] }],
    ['response_types code and token', { response_types: ['code', 'token'] }],
    ['the API resource', { resource: 'API' }],
    ['the API resource among resources', { resources: ['MCP', 'API'] }],
    ['another server as resource', { resource: 'https://elsewhere.example.test/mcp' }],
    ['an over-long client_name', { client_name: 'n'.repeat(121) }],
    ['a client_name with control characters', { client_name: 'Bank\u0000' }],
    ['an over-long software_id', { software_id: 's'.repeat(256) }],
    ['a software_version that is not a string', { software_version: 2 }],
  ])('when the registration asks for %s, then it is refused with invalid_client_metadata', async (_label, extra) => {
    const resolved = Object.fromEntries(
      Object.entries(extra).map(([k, v]) => [k, v === 'API' ? `${s.base}/api/v0` : Array.isArray(v) ? v.map((x) => (x === 'API' ? `${s.base}/api/v0` : x === 'MCP' ? mcpResource() : x)) : v]),
    );
    await expectRefused(await register({ redirect_uris: [REDIRECT], ...resolved }), 'invalid_client_metadata');
  });

  test.each([
    ['missing redirect_uris', {}],
    ['empty redirect_uris', { redirect_uris: [] }],
    ['a redirect URI that is not a list', { redirect_uris: REDIRECT }],
    ['http on a host that is not loopback', { redirect_uris: ['http://client.example.test/callback'] }],
    ['a fragment', { redirect_uris: ['https://client.example.test/callback#frag'] }],
    ['a custom scheme', { redirect_uris: ['javascript:alert(1)'] }],
    ['user information', { redirect_uris: ['https://user:pass@client.example.test/callback'] }],
    ['a relative URI', { redirect_uris: ['/callback'] }],
    ['too many URIs', { redirect_uris: Array.from({ length: 21 }, (_, i) => `https://client.example.test/cb${i}`) }],
  ])('when the registration has %s, then it is refused with invalid_redirect_uri', async (_label, metadata) => {
    await expectRefused(await register(metadata), 'invalid_redirect_uri');
  });

  test.each([['http://localhost:8976/cb'], ['http://[::1]:8976/cb'], ['http://127.0.0.1/cb']])('when a native client registers the loopback redirect %s over http, then it is accepted (RFC 8252)', async (uri) => {
    expect((await registered({ redirect_uris: [uri] })).redirect_uris).toEqual([uri]);
  });

  test('when the body is larger than 16 KB, then it is refused as RFC 7591 JSON, not problem+json', async () => {
    const body = JSON.stringify({ redirect_uris: [REDIRECT], client_name: 'x', padding: 'p'.repeat(17 * 1024) });
    await expectRefused(await post(body, 'application/json'), 'invalid_client_metadata');
  });

  test('when the body is not JSON, then it is refused as RFC 7591 JSON, not problem+json', async () => {
    await expectRefused(await post(new URLSearchParams({ redirect_uris: REDIRECT }).toString(), 'application/x-www-form-urlencoded'), 'invalid_client_metadata');
    await expectRefused(await post('{"redirect_uris": [', 'application/json'), 'invalid_client_metadata');
    await expectRefused(await post('["https://client.example.test/callback"]', 'application/json'), 'invalid_client_metadata');
  });

  test('when another method is used, then it answers 405 and no management endpoint exists', async () => {
    const res = await fetch(s.as.registration_endpoint!);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    const client = await registered({ redirect_uris: [REDIRECT] });
    const management = await fetch(`${s.as.registration_endpoint}/${client.client_id}`);
    expect(management.status).toBeGreaterThanOrEqual(400);
  });

  test('when a browser client sends a CORS preflight, then POST with a JSON body is allowed from any origin, without credentials', async () => {
    const res = await fetch(s.as.registration_endpoint!, {
      method: 'OPTIONS',
      headers: { origin: 'https://assistant.example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('Dynamic clients at the authorization server: MCP resource only', () => {
  test('when a registered client runs code + PKCE for the MCP resource, then it gets an MCP-audience token, and its refresh keeps that resource', async () => {
    const client = await registered({ redirect_uris: [REDIRECT], client_name: 'Flow Client', grant_types: ['authorization_code', 'refresh_token'] });
    const { user, html, tokens } = await authorizeAndExchange(client, { redirectUri: REDIRECT, scope: 'mcp:read public:read', resource: mcpResource() });
    expect(html).toContain('Flow Client');
    expect(tokens.scope?.split(' ').sort()).toEqual(['mcp:read', 'public:read']);
    expect(jwtClaims(tokens.access_token)).toMatchObject({ iss: s.base, aud: mcpResource(), client_id: client.client_id, sub: user.id });
    await expect(s.t.services.oauth.authenticate(tokens.access_token, 'mcp')).resolves.toMatchObject({ clientId: client.client_id, resource: mcpResource(), userId: user.id });
    await expect(s.t.services.oauth.authenticate(tokens.access_token, 'api')).rejects.toThrow();

    expect(tokens.refresh_token).toEqual(expect.any(String));
    const refreshed = await oauth.processRefreshTokenResponse(s.as, client, await oauth.refreshTokenGrantRequest(s.as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect(jwtClaims(refreshed.access_token)).toMatchObject({ aud: mcpResource(), client_id: client.client_id });
  });

  test('when a loopback-redirect client omits resource but asks for an MCP scope, then the MCP resource is inferred and granted', async () => {
    const client = await registered({ redirect_uris: [LOOPBACK_REDIRECT] });
    const { tokens } = await authorizeAndExchange(client, { redirectUri: LOOPBACK_REDIRECT, scope: 'mcp:read' });
    expect(jwtClaims(tokens.access_token)).toMatchObject({ aud: mcpResource(), scope: 'mcp:read' });
    // Registered without refresh_token: none is issued.
    expect(tokens.refresh_token).toBeUndefined();
  });

  test('when a dynamic client names neither scope nor resource, then it is authorized for its own resource (MCP) with public reads only', async () => {
    const client = await registered({ redirect_uris: [REDIRECT] });
    const { tokens } = await authorizeAndExchange(client, { redirectUri: REDIRECT });
    expect(jwtClaims(tokens.access_token)).toMatchObject({ aud: mcpResource() });
    expect(String(jwtClaims(tokens.access_token).scope).split(' ').sort()).toEqual(['mcp:read', 'public:read']);
  });

  test('when a client registered with mcp:read alone omits scope at authorization, then the public-reads default is clipped to its registration: mcp:read', async () => {
    const client = await registered({ redirect_uris: [REDIRECT], scope: 'mcp:read' });
    const { tokens } = await authorizeAndExchange(client, { redirectUri: REDIRECT });
    expect(jwtClaims(tokens.access_token)).toMatchObject({ aud: mcpResource(), scope: 'mcp:read' });
  });

  test('when a self-registered assistant is authorized for intake, then its MCP token carries events:contribute', async () => {
    const client = await registered({ redirect_uris: [REDIRECT], scope: 'mcp:read mcp:write events:contribute' });
    const { html, tokens } = await authorizeAndExchange(client, { redirectUri: REDIRECT, scope: 'mcp:read mcp:write events:contribute', resource: mcpResource() });
    expect(html).toContain('events:contribute');
    expect(String(jwtClaims(tokens.access_token).scope).split(' ').sort()).toEqual(['events:contribute', 'mcp:read', 'mcp:write']);
  });

  test.each<[string, { scope: string; resource?: 'API' }]>([
    ['names the API resource', { scope: 'public:read', resource: 'API' }],
  ])('when a dynamic client %s at the authorize endpoint, then it is sent back with invalid_target and no code', async (_label, opts) => {
    const client = await registered({ redirect_uris: [REDIRECT] });
    const resource = opts.resource === 'API' ? `${s.base}/api/v0` : undefined;
    const url = authorizationUrl(client, { redirectUri: REDIRECT, scope: opts.scope, resource, state: 'st', challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()) });
    const { url: landed } = await follow(new CookieJar(), s.base, url.href);
    const back = new URL(landed);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_target');
    expect(back.searchParams.get('code')).toBeNull();
  });

  test('when a dynamic client asks the authorize endpoint for a scope beyond its registration, then it gets no code', async () => {
    const client = await registered({ redirect_uris: [REDIRECT] }); // mcp:read public:read
    const url = authorizationUrl(client, { redirectUri: REDIRECT, scope: 'mcp:read mcp:write profile:write', resource: mcpResource(), state: 'st', challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()) });
    const { url: landed } = await follow(new CookieJar(), s.base, url.href);
    const back = new URL(landed);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('code')).toBeNull();
  });

  test('when a dynamic client exists, then developer routes never list or manage it, and its MCP token opens no developer route', async () => {
    const client = await registered({ redirect_uris: [REDIRECT] });
    const developer = await makeUser(s.t.services, { verified: true });
    const token = (await makeToken(s.t.services, developer.id, ['developer:read', 'developer:write'])).value;
    const listed = bodyOf(await callOp(s.t.app, 'listCurrentDeveloperOAuthApps', { token, headers: { [NETWORK_HEADER]: freshNetwork() } }), 200);
    expect(listed.applications.map((a) => a.clientId)).not.toContain(client.client_id);
    expectStatus(await callOp(s.t.app, 'revokeCurrentDeveloperOAuthApp', { token, params: { clientId: client.client_id }, headers: { [NETWORK_HEADER]: freshNetwork() } }), 404);
    expect((await s.t.repos.oauthApplications.findByClientId(client.client_id))?.status).toBe('active');

    const { tokens } = await authorizeAndExchange(client, { redirectUri: REDIRECT, scope: 'mcp:read', resource: mcpResource() });
    expectStatus(await callOp(s.t.app, 'listCurrentDeveloperOAuthApps', { token: tokens.access_token, headers: { [NETWORK_HEADER]: freshNetwork() } }), 401);
  });
});

describe('Dynamic registration rate limits (contract 8.3 rule 3) and audit (6.2)', () => {
  const [perNetwork] = ROUTE_CLASS_LIMITS.oauth_dynamic_client_registration;

  async function expectTooMany(res: Response, limit: number) {
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.any(String) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  }

  test('when one network registers N times in a window, then N are accepted and the next is 429 temporarily_unavailable, checked before the body is read', async () => {
    expect(perNetwork).toBe(10); // contract 8.3
    const network = freshNetwork();
    for (let i = 0; i < perNetwork; i++) {
      const res = await register({ redirect_uris: [`https://net-${networks}.example.test/cb`] }, network);
      expect([i, res.status]).toEqual([i, 201]);
    }
    await expectTooMany(await register({ redirect_uris: [REDIRECT] }, network), perNetwork);
    // Not even a malformed body is read once the network's bucket is spent.
    await expectTooMany(await post('not json', 'text/plain', network), perNetwork);
    // Another network is unaffected.
    expect((await register({ redirect_uris: [REDIRECT] })).status).toBe(201);
  });

  test('when registrations are answered, then the RateLimit headers describe the window that binds: the network\'s 10, not an aggregate\'s 100 or 250, consistent with Retry-After on the 429', async () => {
    const network = freshNetwork();
    const software = `bound-${crypto.randomBytes(3).toString('hex')}`;
    for (let i = 0; i < perNetwork; i++) {
      const res = await register({ redirect_uris: [`https://${software}.example.test/cb`], software_id: software }, network);
      expect([i, res.status, res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-remaining')]).toEqual([i, 201, String(perNetwork), String(perNetwork - i - 1)]);
    }
    const last = await register({ redirect_uris: [REDIRECT] }, network);
    await expectTooMany(last.clone(), perNetwork);
    // Retry-After and RateLimit-Reset name the same moment (the network window's end).
    expect(Number(last.headers.get('ratelimit-reset')) - Math.ceil(s.t.clock.now() / 1000)).toBeLessThanOrEqual(Number(last.headers.get('retry-after')));
    // A refusal of the metadata reports the network's window too.
    const refusedNet = freshNetwork();
    const refused = await register({ redirect_uris: ['http://bad.example.test/cb'] }, refusedNet);
    expect([refused.status, refused.headers.get('ratelimit-limit'), refused.headers.get('ratelimit-remaining')]).toEqual([400, String(perNetwork), String(perNetwork - 1)]);
  });

  test('when refused registrations are sent, then they count against the network too', async () => {
    const network = freshNetwork();
    for (let i = 0; i < perNetwork; i++) expect((await register({ redirect_uris: ['http://bad.example.test/cb'] }, network)).status).toBe(400);
    await expectTooMany(await register({ redirect_uris: [REDIRECT] }, network), perNetwork);
  });

  test('when one software identity registers 10x the network quota across networks, then the next registration of it is refused, however it is spelled', async () => {
    const software = `Acme-Connector-${crypto.randomBytes(3).toString('hex')}`;
    const redirect = `https://${software.toLowerCase()}.example.test/cb`;
    const aggregate = perNetwork * 10;
    for (let i = 0; i < aggregate; i++) {
      const spelled = i % 2 ? software.toLowerCase() : ` ${software.toUpperCase()} `;
      // Nine per network: the last one is a network's first, so the software window binds then.
      const res = await register({ redirect_uris: [redirect], software_id: spelled }, `sw-${software}-${Math.floor(i / (perNetwork - 1))}`);
      expect([i, res.status]).toEqual([i, 201]);
      if (i === aggregate - 1) expect([res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-remaining')]).toEqual([String(aggregate), '0']);
    }
    const network = freshNetwork();
    await expectTooMany(await register({ redirect_uris: [redirect], software_id: software }, network), aggregate);
    expect((await register({ redirect_uris: [redirect], software_id: `${software}-other` }, network)).status).toBe(201);
  });

  test('when one redirect hostname is registered 25x the network quota across networks, then the next registration naming it is refused', async () => {
    const host = `rh-${crypto.randomBytes(3).toString('hex')}.example.test`;
    const aggregate = perNetwork * 25;
    for (let i = 0; i < aggregate; i++) {
      const res = await register({ redirect_uris: [`https://${host}/cb${i}`] }, `rh-${host}-${Math.floor(i / perNetwork)}`);
      expect([i, res.status]).toEqual([i, 201]);
    }
    const network = freshNetwork();
    await expectTooMany(await register({ redirect_uris: [REDIRECT, `https://${host.toUpperCase()}/cb`] }, network), aggregate);
    expect((await register({ redirect_uris: [REDIRECT] }, network)).status).toBe(201);
  });

  test('when registrations are accepted and refused, then each is audited with a keyed network reference, never the address', async () => {
    const network = freshNetwork();
    const client = await registered({ redirect_uris: [REDIRECT], software_id: 'audited-connector' }, network);
    await expectRefused(await register({ redirect_uris: [REDIRECT], scope: 'mcp:read developer:write' }, network), 'invalid_client_metadata');
    const records = await s.t.services.audit.list({ action: 'oauth_app.dynamic_registration', limit: 500 });
    const accepted = records.find((r) => (r.metadata as { clientId?: string } | null)?.clientId === client.client_id);
    expect(accepted).toMatchObject({ result: 'accepted', actorKind: 'anonymous', routeClass: 'oauth_dynamic_client_registration', resourceType: 'oauth_application' });
    expect(accepted!.metadata).toMatchObject({ allowedScopes: ['mcp:read', 'public:read'], redirectHosts: ['client.example.test'], softwareId: 'audited-connector' });
    const refused = records.find((r) => r.result === 'refused' && r.networkRef === accepted!.networkRef);
    expect(refused).toMatchObject({ routeClass: 'oauth_dynamic_client_registration', metadata: { error: 'invalid_client_metadata', reason: 'scope' } });
    expect(accepted!.networkRef).toEqual(expect.any(String));
    expect(JSON.stringify([accepted, refused])).not.toContain(network);
  });

  test('when the network limit is hit, then one rate_limit.blocked record is written for the window', async () => {
    const network = freshNetwork();
    for (let i = 0; i < perNetwork; i++) await register({ redirect_uris: [REDIRECT] }, network);
    const before = (await s.t.services.audit.list({ action: 'rate_limit.blocked', limit: 500 })).filter((r) => r.routeClass === 'oauth_dynamic_client_registration').length;
    await register({ redirect_uris: [REDIRECT] }, network);
    await register({ redirect_uris: [REDIRECT] }, network);
    const after = (await s.t.services.audit.list({ action: 'rate_limit.blocked', limit: 500 })).filter((r) => r.routeClass === 'oauth_dynamic_client_registration');
    expect(after.length).toBe(before + 1);
    expect(JSON.stringify(after)).not.toContain(network);
  });
});
