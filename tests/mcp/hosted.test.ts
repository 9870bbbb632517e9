/**
 * The hosted MCP endpoint `/mcp` through real clients: the MCP SDK's own Client over Streamable
 * HTTP (legacy `initialize`), raw 2026-07-28 requests (no handshake, per-request `_meta`), and
 * plain HTTP for the transport's refusals (contract 4.12, 5.5, 5.14, 6.2, 7, 8.3, 9.4).
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { SignJWT, importJWK, type JWK } from 'jose';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { loadDemoData } from '../../seeds/demo.js';
import { HOSTED_TOOLS } from '../../src/mcp/hosted/server.js';
import { PUBLIC_READ_TOOLS } from '../../src/mcp/tools/publicReads.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { capturedLog } from '../helpers/logCapture.js';
import {
  expectContractProblem,
  MODERN,
  clientCredentialsToken,
  confidentialApp,
  connectClient,
  expectMatchesOutputSchema,
  jsonRpcOf,
  postMcp,
  revokeToken,
} from '../helpers/mcp.js';

let s: ServedTestApp;
let anonymous: Client;
const clients: Client[] = [];

const challenge = (error?: string, scope = 'mcp:read') =>
  `Bearer ${error ? `error="${error}", ` : ''}resource_metadata="${s.base}/.well-known/oauth-protected-resource/mcp", scope="${scope}"`;

/** Calls a tool with the SDK client and checks a success against the tool's advertised output schema. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === name)!;
  const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: Record<string, any>; content: { type: string; text: string }[] };
  if (!result.isError) expectMatchesOutputSchema(tool.outputSchema, result.structuredContent);
  return result;
}

beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  await loadDemoData(s.t.services);
  anonymous = await connectClient(s);
  clients.push(anonymous);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await s.close();
});

describe('discovery: legacy initialize and 2026-07-28 server/discover', () => {
  test('when the SDK client connects (legacy initialize), then the server names itself and lists every hosted tool, write tools included', async () => {
    expect(anonymous.getServerVersion()).toMatchObject({ name: 'marquee', version: expect.any(String) });
    expect(anonymous.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await anonymous.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(HOSTED_TOOLS.map((t) => t.name));
    expect(names).toEqual(expect.arrayContaining(['service_search', 'service_get_profile', 'service_get_event', 'service_list_upcoming_events', 'service_get_world', 'service_list_active_worlds', 'search', 'fetch']));
    // Contract 9.5: write tools are advertised to anonymous callers too.
    expect(HOSTED_TOOLS.some((t) => !t.authority.anonymous && names.includes(t.name))).toBe(true);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    for (const read of PUBLIC_READ_TOOLS) {
      expect(tools.find((t) => t.name === read.name)!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }
  });

  test('when a client sends server/discover without initialize and without client info, then the result carries the server identity in its metadata', async () => {
    const res = await postMcp(s, 'server/discover');
    expect(res.status).toBe(200);
    const message = await jsonRpcOf(res);
    expect(message.error).toBeUndefined();
    expect(message.result.supportedVersions).toContain(MODERN);
    expect(message.result.capabilities.tools).toBeDefined();
    expect(message.result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'marquee', version: expect.any(String) });
  });

  test('when a 2026-07-28 client calls tools/list and tools/call with no handshake, then both answer and identify the server', async () => {
    const list = await jsonRpcOf(await postMcp(s, 'tools/list'));
    expect(list.result.tools.map((t: { name: string }) => t.name)).toContain('service_search');
    expect(list.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('marquee');
    const res = await postMcp(s, 'tools/call', { name: 'service_search', arguments: { query: 'neon' } });
    expect(res.status).toBe(200);
    const called = await jsonRpcOf(res);
    expect(called.result.isError).toBeFalsy();
    expect(called.result.structuredContent.results.length).toBeGreaterThan(0);
    expect(called.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('marquee');
  });

  test('when a modern request lacks its _meta envelope but claims the modern revision in its header, then it is refused as invalid', async () => {
    const res = await postMcp(s, 'tools/list', {}, { modern: true, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }) });
    const message = await jsonRpcOf(res);
    expect(message.error?.code).toBe(-32602);
  });

  test('when GET /mcp is tried (no sessions, no standalone stream), then 405 and Allow: POST', async () => {
    const res = await fetch(`${s.base}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('the six anonymous read tools and the search/fetch aliases', () => {
  test('when service_search is called, then it returns typed results; a blank query returns none; a limit above 50 is clamped, not refused', async () => {
    const found = await call(anonymous, 'service_search', { query: 'neon' });
    expect(found.isError).toBeFalsy();
    expect(found.structuredContent!.results.length).toBeGreaterThan(0);
    expect(found.structuredContent!.results.map((r: { entityType: string }) => r.entityType)).toEqual(expect.arrayContaining(['profile', 'event']));
    expect(found.content[0]!.text).toMatch(/results? for "neon"/);

    const blank = await call(anonymous, 'service_search', { query: '   ' });
    expect(blank.structuredContent).toEqual({ query: '', type: 'all', results: [], nextCursor: null });

    const clamped = await call(anonymous, 'service_search', { query: 'e', limit: 500 });
    expect(clamped.isError).toBeFalsy();
    expect(clamped.structuredContent!.results.length).toBeLessThanOrEqual(50);
  });

  test('when the upcoming and active-world lists are called, then their limits default to 8 and 3 and clamp at 24 and 6', async () => {
    const upcoming = await call(anonymous, 'service_list_upcoming_events');
    expect(upcoming.structuredContent!.events.length).toBeGreaterThan(0);
    expect(upcoming.structuredContent!.events.length).toBeLessThanOrEqual(8);
    const many = await call(anonymous, 'service_list_upcoming_events', { limit: 1000 });
    expect(many.isError).toBeFalsy();
    expect(many.structuredContent!.events.length).toBeLessThanOrEqual(24);
    const one = await call(anonymous, 'service_list_upcoming_events', { limit: 1 });
    expect(one.structuredContent!.events).toHaveLength(1);

    const worlds = await call(anonymous, 'service_list_active_worlds', { limit: 99 });
    expect(worlds.isError).toBeFalsy();
    expect(worlds.structuredContent!.worlds.length).toBeGreaterThan(0);
    expect(worlds.structuredContent!.worlds.length).toBeLessThanOrEqual(6);
    expect((await call(anonymous, 'service_list_active_worlds')).structuredContent!.worlds.length).toBeLessThanOrEqual(3);
  });

  test('when an event, a profile and a world are read by slug, then each matches its output schema', async () => {
    const { structuredContent: upcoming } = await call(anonymous, 'service_list_upcoming_events', { limit: 1 });
    const event = await call(anonymous, 'service_get_event', { slug: upcoming!.events[0].slug });
    expect(event.structuredContent).toMatchObject({ slug: upcoming!.events[0].slug, title: upcoming!.events[0].title });

    const communitySlug = event.structuredContent!.communitySlug as string;
    const profile = await call(anonymous, 'service_get_profile', { slug: communitySlug });
    expect(profile.structuredContent).toMatchObject({ slug: communitySlug, profileType: 'community' });
    const asCommunity = await call(anonymous, 'service_get_profile', { slug: communitySlug, profileType: 'community' });
    expect(asCommunity.structuredContent!.slug).toBe(communitySlug);

    const { structuredContent: active } = await call(anonymous, 'service_list_active_worlds', { limit: 1 });
    const world = await call(anonymous, 'service_get_world', { slug: active!.worlds[0].slug });
    expect(world.structuredContent).toMatchObject({ slug: active!.worlds[0].slug });
  });

  test('when a slug holds NUL, then the result is an isError with status 400 (the API text rule), not an internal error', async () => {
    const event = await call(anonymous, 'service_get_event', { slug: 'a\u0000b' });
    expect(event.isError).toBe(true);
    expect(event.content[0]!.text).toContain('"status":400');
    expect(event.content[0]!.text).toContain('VALIDATION_FAILED');
  });

  test('when a slug is unknown (or names another kind of profile), then the result is an isError saying it was not found for that slug', async () => {
    const event = await call(anonymous, 'service_get_event', { slug: 'no-such-event' });
    expect(event.isError).toBe(true);
    expect(event.structuredContent).toBeUndefined();
    expect(event.content[0]!.text).toMatch(/^No public event was found for that slug\./);
    expect(event.content[0]!.text).toContain('"status":404');

    const world = await call(anonymous, 'service_get_world', { slug: 'no-such-world' });
    expect(world.content[0]!.text).toMatch(/^No public world was found for that slug\./);

    const { structuredContent: upcoming } = await call(anonymous, 'service_list_upcoming_events', { limit: 1 });
    const communitySlug = (await call(anonymous, 'service_get_event', { slug: upcoming!.events[0].slug })).structuredContent!.communitySlug;
    const wrongKind = await call(anonymous, 'service_get_profile', { slug: communitySlug, profileType: 'person' });
    expect(wrongKind.isError).toBe(true);
    expect(wrongKind.content[0]!.text).toMatch(/^No public profile was found for that slug\./);
  });

  test('when a tool input breaks its schema, then the result is an isError 400 naming the field', async () => {
    const result = await call(anonymous, 'service_get_event', {});
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^service_get_event request failed with 400: Invalid request\./);
    expect(result.content[0]!.text).toContain('/slug');
  });

  test('when search and fetch are called, then search returns {id,title,url} documents whose url is the public page, and fetch returns each as {id,title,text,url,metadata}', async () => {
    const found = await call(anonymous, 'search', { query: 'neon' });
    const results = found.structuredContent!.results as { id: string; title: string; url: string }[];
    expect(results.length).toBeGreaterThan(0);
    const pageOf = { event: 'events', world: 'worlds' } as const;
    for (const kind of ['profile', 'event'] as const) {
      const hit = results.find((r) => r.id.startsWith(`${kind}:`))!;
      const slug = hit.id.slice(kind.length + 1);
      const doc = await call(anonymous, 'fetch', { id: hit.id });
      expect(doc.isError).toBeFalsy();
      expect(doc.structuredContent).toMatchObject({ id: hit.id, title: hit.title, url: hit.url, metadata: { type: kind, slug } });
      expect(doc.structuredContent!.text).toContain(hit.title);
      // The URL is the entity's public page, not its JSON read; a profile's page follows its type.
      const metadata = doc.structuredContent!.metadata as { profileType?: string };
      const section = kind === 'profile' ? (metadata.profileType === 'person' ? 'people' : 'communities') : pageOf[kind];
      expect(hit.url).toBe(`${s.base}/${section}/${encodeURIComponent(slug)}`);
      expect(hit.url).not.toContain('/api/');
    }
    const person = results.find((r) => r.url.startsWith(`${s.base}/people/`));
    const community = results.find((r) => r.url.startsWith(`${s.base}/communities/`));
    for (const hit of [person, community].filter((h) => h !== undefined)) {
      const slug = hit.id.slice('profile:'.length);
      const read = (await (await fetch(`${s.base}/api/v0/profiles/${encodeURIComponent(slug)}`)).json()) as { profileType: string };
      expect(hit.url.startsWith(`${s.base}/${read.profileType === 'person' ? 'people' : 'communities'}/`)).toBe(true);
    }
    const { structuredContent: active } = await call(anonymous, 'service_list_active_worlds', { limit: 1 });
    const world = await call(anonymous, 'fetch', { id: `world:${active!.worlds[0].slug}` });
    expect(world.structuredContent).toMatchObject({ metadata: { type: 'world' }, url: `${s.base}/worlds/${active!.worlds[0].slug}` });

    expect((await call(anonymous, 'search', { query: ' ' })).structuredContent).toEqual({ results: [] });
    const missing = await call(anonymous, 'fetch', { id: 'event:no-such-event' });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/^fetch request failed with 404/);
  });
});

describe('authentication on /mcp (contract 5.5, 5.14)', () => {
  async function issuerKey() {
    const { keys } = JSON.parse(fs.readFileSync(s.t.config.oauthSigningKeysFile, 'utf8')) as { keys: { jwk: JWK }[] };
    return { jwk: keys[0]!.jwk, key: await importJWK(keys[0]!.jwk, 'ES256') };
  }

  test('when an MCP-resource token calls, then it is accepted and counted in the authenticated_mcp window', async () => {
    const app = await confidentialApp(s, ['public:read', 'mcp:read']);
    const token = await clientCredentialsToken(s, app, 'mcp:read');
    const res = await postMcp(s, 'tools/call', { name: 'service_search', arguments: { query: 'neon' } }, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe(String(300 * 100));
    const client = await connectClient(s, token);
    clients.push(client);
    expect((await call(client, 'service_get_world', { slug: 'midnight-arcade' })).isError).toBeFalsy();
  });

  test('when a trusted partner\'s MCP token calls, then its authenticated_mcp window is 100 times the standard one', async () => {
    const app = await confidentialApp(s, ['public:read', 'mcp:read']);
    await s.t.services.oauthApps.setTrustTier(app.client.client_id, 'trusted_partner');
    const token = await clientCredentialsToken(s, app, 'mcp:read');
    const res = await postMcp(s, 'tools/list', {}, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe(String(30000 * 100));
  });

  test('when no credential is sent, then the anonymous_mcp_public_read window applies', async () => {
    const res = await postMcp(s, 'tools/list');
    expect(res.headers.get('ratelimit-limit')).toBe(String(60 * 100));
  });

  test.each([
    ['garbage', async () => 'not-a-token'],
    ['an API-resource OAuth token', async () => clientCredentialsToken(s, await confidentialApp(s, ['public:read']), 'public:read')],
    ['a personal API token', async () => (await makeToken(s.t.services, (await makeUser(s.t.services)).id, ['public:read', 'mcp:read'])).value],
  ])('when the bearer is %s, then 401 with the MCP challenge', async (_what, tokenOf) => {
    const token = await tokenOf();
    const res = await postMcp(s, 'tools/list', {}, { token });
    await expectContractProblem(res, 401);
    expect(res.headers.get('www-authenticate')).toBe(challenge('invalid_token'));
    expect(res.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/i);
    const body = await res.text();
    expect(body).not.toContain(token);
  });

  test('when the SDK client connects with an API-resource token, then initialize is refused with 401', async () => {
    const token = await clientCredentialsToken(s, await confidentialApp(s, ['public:read']), 'public:read');
    await expect(connectClient(s, token)).rejects.toThrow(/401/);
  });

  test('when an MCP token has expired, then 401 with the challenge', async () => {
    const app = await confidentialApp(s, ['public:read', 'mcp:read']);
    const token = await clientCredentialsToken(s, app, 'mcp:read');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.aud).toBe(`${s.base}/mcp`);
    const { jwk, key } = await issuerKey();
    // The same issued token id, re-signed by the issuer's own key with an expiry in the past.
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid }).sign(key);
    const res = await postMcp(s, 'tools/list', {}, { token: expired });
    await expectContractProblem(res, 401);
    expect(res.headers.get('www-authenticate')).toBe(challenge('invalid_token'));
  });

  test('when an MCP token is revoked, then it stops working at once', async () => {
    const app = await confidentialApp(s, ['public:read', 'mcp:read']);
    const token = await clientCredentialsToken(s, app, 'mcp:read');
    expect((await postMcp(s, 'tools/list', {}, { token })).status).toBe(200);
    await revokeToken(s, app, token);
    const res = await postMcp(s, 'tools/list', {}, { token });
    await expectContractProblem(res, 401);
    expect(res.headers.get('www-authenticate')).toBe(challenge('invalid_token'));
  });

  test('when a bearer is sent in the URL query, then 400 before anything looks at it', async () => {
    const res = await fetch(`${s.base}/mcp?access_token=abc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
  });

  test('when a write tool is called anonymously, then 401 with the challenge naming mcp:read and the tool\'s scopes; with mcp:read only, then 403 insufficient_scope naming the tool\'s scopes', async () => {
    const write = HOSTED_TOOLS.find((t) => !t.authority.anonymous && t.authority.scopes.includes('mcp:write'))!;
    expect(write).toBeDefined();
    const scopes = write.authority.anonymous ? [] : write.authority.scopes;
    const anon = await postMcp(s, 'tools/call', { name: write.name, arguments: {} });
    await expectContractProblem(anon, 401);
    expect(anon.headers.get('www-authenticate')).toBe(challenge(undefined, ['mcp:read', ...scopes.filter((x) => x !== 'mcp:read')].join(' ')));

    const token = await clientCredentialsToken(s, await confidentialApp(s, ['public:read', 'mcp:read']), 'mcp:read');
    const res = await postMcp(s, 'tools/call', { name: write.name, arguments: {} }, { token });
    await expectContractProblem(res, 403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="${scopes.join(' ')}", resource_metadata="${s.base}/.well-known/oauth-protected-resource/mcp", error_description="This tool needs more scopes"`,
    );
    // The same through the SDK client, which surfaces the HTTP refusal.
    const client = await connectClient(s, token);
    clients.push(client);
    await expect(client.callTool({ name: write.name, arguments: {} })).rejects.toThrow(/403/);
  });

  test('when a token has the tool\'s scopes but no user behind it, then the call is an isError 403 (user authority), not a challenge', async () => {
    const write = HOSTED_TOOLS.find((t) => !t.authority.anonymous && t.authority.userAuthority)!;
    const scopes = write.authority.anonymous ? [] : write.authority.scopes;
    const app = await confidentialApp(s, ['public:read', ...new Set(['mcp:read', ...scopes])]);
    const token = await clientCredentialsToken(s, app, scopes.join(' '));
    const message = await jsonRpcOf(await postMcp(s, 'tools/call', { name: write.name, arguments: {} }, { token }));
    expect(message.result.isError).toBe(true);
    expect(message.result.content[0].text).toMatch(/403/);
  });
});

describe('media type, CORS, rate limits, audit and logs', () => {
  test('when Content-Type is missing or not JSON, then 415 as a JSON-RPC error; application/json; charset=utf-8 is accepted', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } } });
    const base = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' };
    const missing = await fetch(`${s.base}/mcp`, { method: 'POST', headers: base, body: new Blob([body]) });
    expect(missing.status).toBe(415);
    expect((await missing.json()) as object).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    const text = await fetch(`${s.base}/mcp`, { method: 'POST', headers: { ...base, 'content-type': 'text/plain' }, body });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { message: string } }).error.message).toMatch(/application\/json/);
    const form = await fetch(`${s.base}/mcp`, { method: 'POST', headers: { ...base, 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(form.status).toBe(415);
    const latin1 = await fetch(`${s.base}/mcp`, { method: 'POST', headers: { ...base, 'content-type': 'application/json; charset=latin1' }, body });
    expect(latin1.status).toBe(415);
    const charset = await fetch(`${s.base}/mcp`, { method: 'POST', headers: { ...base, 'content-type': 'application/json; charset=utf-8' }, body });
    expect(charset.status).toBe(200);
    expect((await jsonRpcOf(charset)).result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('marquee');
  });

  test('when a bad credential comes with a non-JSON body, then authorization answers first (401, not 415)', async () => {
    const res = await fetch(`${s.base}/mcp`, { method: 'POST', headers: { 'content-type': 'text/plain', authorization: 'Bearer nope' }, body: 'x' });
    await expectContractProblem(res, 401);
  });

  test('when the body is not JSON, then a JSON-RPC parse error', async () => {
    const res = await fetch(`${s.base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  test('when a browser preflights /mcp, then the MCP headers are allowed and the challenge and rate-limit headers are readable', async () => {
    const res = await fetch(`${s.base}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://assistant.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'mcp-method, mcp-name, mcp-protocol-version, authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
    for (const h of ['mcp-method', 'mcp-name', 'mcp-protocol-version', 'authorization', 'content-type']) expect(allowed).toContain(h);
    const answer = await postMcp(s, 'tools/list', {}, { headers: { origin: 'https://assistant.example' } });
    const exposed = answer.headers.get('access-control-expose-headers')!.toLowerCase().split(',');
    for (const h of ['www-authenticate', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']) expect(exposed).toContain(h);
  });

  test('when a tool is called, then an audit record names the tool and the route class, and holds neither arguments nor credential', async () => {
    const secretQuery = `audit-${crypto.randomBytes(4).toString('hex')}`;
    await call(anonymous, 'service_search', { query: secretQuery });
    const app = await confidentialApp(s, ['public:read', 'mcp:read']);
    const token = await clientCredentialsToken(s, app, 'mcp:read');
    await postMcp(s, 'tools/call', { name: 'service_get_world', arguments: { slug: 'midnight-arcade' } }, { token });
    const records = await s.t.services.audit.list({ action: 'mcp.tools_call', limit: 10 });
    const search = records.find((r) => r.resourceId === 'service_search' && r.routeClass === 'anonymous_mcp_public_read');
    expect(search).toMatchObject({ result: 'ok', actorKind: 'anonymous', resourceType: 'mcp_tool' });
    const authenticated = records.find((r) => r.resourceId === 'service_get_world' && r.routeClass === 'authenticated_mcp');
    expect(authenticated).toMatchObject({ result: 'ok', actorKind: 'oauth', actorRef: expect.any(String) });
    const all = JSON.stringify(records);
    expect(all).not.toContain(secretQuery);
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split('.')[2]);
  });
});

describe('the anonymous MCP window at its contract limit (60 a minute per address)', () => {
  let limited: ServedTestApp;
  beforeAll(async () => {
    limited = await serveTestApp();
  });
  afterAll(() => limited.close());

  test('when one address sends 61 requests in a window, then the 61st answers 429 with Retry-After and the rate-limit headers, and the block is audited', async () => {
    const answers = await Promise.all(Array.from({ length: 61 }, () => postMcp(limited, 'tools/list')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 200)).toHaveLength(60);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused).toBeDefined();
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    await expectContractProblem(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-limit')).toBe('60');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const blocks = await limited.t.services.audit.list({ action: 'rate_limit.blocked' });
    expect(blocks.some((b) => b.routeClass === 'anonymous_mcp_public_read')).toBe(true);
  });

});

describe('credentials never reach answers or logs', () => {
  let logged: ServedTestApp;
  const requestLog = capturedLog();
  beforeAll(async () => {
    logged = await serveTestApp({ logRequests: true, rateLimitScale: 100 }, { logger: requestLog.logger });
  });
  afterAll(() => logged.close());

  test('when calls carry valid and invalid credentials, then no credential appears in any answer or request log line', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    const log = jest.spyOn(console, 'log').mockImplementation(capture);
    const error = jest.spyOn(console, 'error').mockImplementation(capture);
    const warn = jest.spyOn(console, 'warn').mockImplementation(capture);
    try {
      const app = await confidentialApp(logged, ['public:read', 'mcp:read']);
      const valid = await clientCredentialsToken(logged, app, 'mcp:read');
      const personal = (await makeToken(logged.t.services, app.owner.id, ['public:read'])).value;
      const answers: string[] = [];
      for (const token of [valid, personal, `${valid}x`]) {
        for (const name of ['service_get_event', 'service_search']) {
          const res = await postMcp(logged, 'tools/call', { name, arguments: { slug: 'no-such-event', query: 'x' } }, { token });
          answers.push(`${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50)); // request log lines are written on 'finish'
      const requestLines = requestLog.lines.map((line) => JSON.parse(line) as { method: string; route: string });
      expect(requestLines.some((line) => line.method === 'POST' && line.route === '/mcp')).toBe(true);
      lines.push(...requestLog.lines);
      for (const text of [...lines, ...answers]) {
        for (const token of [valid, personal]) {
          expect(text).not.toContain(token);
          expect(text).not.toContain(token.slice(-24));
        }
      }
    } finally {
      log.mockRestore();
      error.mockRestore();
      warn.mockRestore();
    }
  });
});
