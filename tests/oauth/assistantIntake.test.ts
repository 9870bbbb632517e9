import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { makeUser } from '../helpers/factories.js';
import { consentInBrowser, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { loadDemoData } from '../../seeds/demo.js';

/**
 * The flagship agent flow (contract 5.11, 5.14, 5.18; decisions §7): an AI assistant with no
 * developer-registered app finds the issuer from the 401 challenge of `/mcp`, registers itself
 * (RFC 7591), gets the user's consent (code + PKCE, through the real sign-in and consent pages)
 * and contributes an event with the hosted intake tools until it is public. Every OAuth step is
 * the MCP SDK client's own (`StreamableHTTPClientTransport` with an `OAuthClientProvider`), as
 * assistants built on it do, against the app on a real port.
 */
let s: ServedTestApp;
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  await loadDemoData(s.t.services);
});
afterAll(() => s.close());

const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://assistant.example.test/oauth/callback';

/** An assistant's OAuth state, kept in memory as a desktop assistant keeps it on disk. */
class AssistantAuth implements OAuthClientProvider {
  registered?: OAuthClientInformationMixed;
  stored?: OAuthTokens;
  verifier?: string;
  /** Where the assistant would open the user's browser. */
  pendingAuthorization?: URL;

  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Lantern Assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return 'assistant-state-1';
  }
  clientInformation() {
    return this.registered;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.registered = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.pendingAuthorization = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier!;
  }
}

const ANNOUNCEMENT = `**Lantern Lights: Assistant Edition** 🏮
Sat Dec 12, 20:00-23:00 Asia/Tokyo
Hosted by Quiet Lantern Society
World: Lantern Garden
Poems, lanterns and quiet music.`;

type Structured = Record<string, unknown> & { event?: Record<string, string> };
const structured = (result: unknown): Structured => {
  const r = result as CallToolResult;
  if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.content)}`);
  return r.structuredContent as Structured;
};

/** An anonymous (or `token`) raw tools/call of `name`; returns the challenge's scope parameter. */
async function challengedScope(name: string, token?: string): Promise<{ status: number; scope: string | undefined }> {
  const res = await fetch(`${s.base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
  });
  await res.arrayBuffer();
  return { status: res.status, scope: /scope="([^"]*)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1] };
}

describe('the scopes the intake tools ask for are scopes a self-registered assistant can get', () => {
  test('when an intake tool is called without a token, then the 401 challenge names mcp:read and the tool\'s scopes, and a registration asking for exactly those is accepted', async () => {
    for (const [tool, expected] of [
      ['service_event_intake_publish', 'mcp:read mcp:write events:contribute'],
      ['service_event_intake_draft_get', 'mcp:read events:contribute'],
    ]) {
      const challenge = await challengedScope(tool);
      expect([tool, challenge]).toEqual([tool, { status: 401, scope: expected }]);
      const registration = await fetch(`${s.base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: [REDIRECT], scope: challenge.scope }) });
      expect([tool, registration.status]).toEqual([tool, 201]);
      expect(((await registration.json()) as { scope: string }).scope.split(' ').sort()).toEqual(expected.split(' ').sort());
    }
  });
});

describe('a self-registered AI assistant contributes an event through hosted MCP', () => {
  test('when an assistant meets the 401 challenge, registers itself, is approved and calls save, extract and publish, then the event is public', async () => {
    const developerApps = await s.t.db('oauth_applications').count<{ n: number }[]>({ n: '*' });
    const user = await makeUser(s.t.services, { verified: true });
    const auth = new AssistantAuth();
    const transport = new StreamableHTTPClientTransport(new URL(`${s.base}/mcp`), { authProvider: auth });
    const client = new Client({ name: 'lantern-assistant', version: '1.0.0' });
    await client.connect(transport); // anonymous: the public read tools need no token

    // The first intake call meets the 401 challenge; the SDK discovers the issuer from it,
    // registers the assistant and sends the user to the authorization page.
    const save = { name: 'service_event_intake_draft_save', arguments: { patch: { sourceText: ANNOUNCEMENT } } };
    await expect(client.callTool(save)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(auth.registered).toMatchObject({ client_id: expect.stringMatching(/^mqd_/), token_endpoint_auth_method: 'none' });
    expect(String((auth.registered as { scope?: string }).scope).split(' ').sort()).toEqual(['events:contribute', 'mcp:read', 'mcp:write']);
    const row = await s.t.repos.oauthApplications.findByClientId(auth.registered!.client_id);
    expect(row).toMatchObject({ registration: 'dynamic', clientType: 'public', ownerUserId: null, resource: `${s.base}/mcp` });
    const pending = auth.pendingAuthorization!;
    expect(pending.searchParams.get('resource')).toBe(`${s.base}/mcp`);
    expect(pending.searchParams.get('code_challenge_method')).toBe('S256');

    // The user signs in and approves on the consent page, which names what the assistant may do.
    const { html, redirectedTo } = await consentInBrowser(s, pending.href, { email: user.email, password: PASSWORD });
    expect(html).toContain('Lantern Assistant');
    expect(html).toContain('events:contribute');
    expect(`${redirectedTo.origin}${redirectedTo.pathname}`).toBe(REDIRECT);
    expect(redirectedTo.searchParams.get('state')).toBe('assistant-state-1');
    await transport.finishAuth(redirectedTo.searchParams.get('code')!);
    expect(String(auth.stored?.scope).split(' ').sort()).toEqual(['events:contribute', 'mcp:read', 'mcp:write']);

    // Save, extract, accept the proposals, publish.
    const saved = structured(await client.callTool(save));
    const draftId = saved.draftId as string;
    expect(saved.version).toBe(1);
    const extracted = structured(await client.callTool({ name: 'service_event_intake_extract', arguments: { draftId } }));
    const e = extracted.event!;
    expect(e).toMatchObject({ title: 'Lantern Lights: Assistant Edition', communitySlug: 'quiet-lantern-society', eventDate: '2026-12-12', start: '20:00', timezone: 'Asia/Tokyo' });
    const accepted = structured(
      await client.callTool({
        name: 'service_event_intake_draft_save',
        arguments: { draftId, expectedVersion: 1, patch: { title: e.title, communitySlug: e.communitySlug, eventDate: e.eventDate, timezone: e.timezone, start: { time: e.start }, end: { time: e.end } } },
      }),
    );
    expect(accepted.version).toBe(2);
    const published = structured(await client.callTool({ name: 'service_event_intake_publish', arguments: { draftId, expectedVersion: 2, idempotencyKey: 'assistant-publish-1' } }));
    const slug = String(published.eventPath).split('/').pop()!;

    // Anyone can read it now (the answer checked against the contract).
    const read = bodyOf(await callOp(s.t.app, 'getPublicEventBySlug', { params: { slug } }), 200);
    expect(read).toMatchObject({ title: 'Lantern Lights: Assistant Edition', startAt: Date.UTC(2026, 11, 12, 11, 0) });
    // No developer registered an app for any of this.
    expect(await s.t.db('oauth_applications').count<{ n: number }[]>({ n: '*' })).toEqual([{ n: Number(developerApps[0].n) + 1 }]);
    await client.close();
  });
});
