import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { uniqueTitle } from '../helpers/factories.js';
import { OWNER_TOOLS } from '../../src/mcp/tools/owner.js';
import { portableSchema, requestBodySchema } from '../../src/mcp/schemas.js';
import { connect, mcpToken, mcpUser, textOf, ToolCaller, type User } from './writeTools.js';

/**
 * The owner write tools on the hosted `/mcp` (contract 4.12, 5.18; the MCP tools digest),
 * driven by the SDK's own client over Streamable HTTP with MCP-resource OAuth tokens.
 */
let s: ServedTestApp;
const clients: Client[] = [];
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await s.close();
});

const START = Date.parse('2026-12-05T19:00:00Z');
const HOUR = 3_600_000;
const EVENTS = 'mcp:read mcp:write events:write';
const PROFILES = 'mcp:read mcp:write profile:read profile:write profile:contribute';

async function caller(token?: string) {
  const client = await connect(s, token);
  clients.push(client);
  return new ToolCaller(client);
}
let n = 0;
const community = (user: User) => s.t.services.directory.createProfile({ profileType: 'community', displayName: `Agent Crew ${++n}`, ownerUserId: user.id, timezone: 'Europe/Berlin' });
const countEvents = async (communityProfileId: string) => (await s.t.db('events').where({ community_profile_id: communityProfileId })).length;

describe('owner tools: listing', () => {
  test('when listed, then the five owner tools carry the digest annotations and the contract schemas', async () => {
    const { token } = await mcpUser(s, EVENTS);
    const tools = new Map((await (await caller(token)).listed()).map((t) => [t.name, t]));
    for (const def of OWNER_TOOLS) {
      expect(tools.get(def.name)).toMatchObject({ inputSchema: portableSchema(def.inputSchema), outputSchema: portableSchema(def.outputSchema), annotations: def.annotations });
    }
    for (const name of ['service_event_create', 'service_profile_submit']) {
      expect(tools.get(name)!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    }
    for (const name of ['service_event_update', 'service_profile_update']) {
      expect(tools.get(name)!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
      expect(tools.get(name)!.description).toMatch(/explicitly approved/);
    }
    expect(tools.get('service_profile_submit')!.description).toMatch(/Search first/);
    // `update` is the REST update request itself.
    expect((tools.get('service_event_update')!.inputSchema.properties as Record<string, unknown>).update).toEqual(
      (({ $defs, ...rest }) => rest)(portableSchema(requestBodySchema('updateCurrentUserCommunityEvent')) as Record<string, unknown>),
    );
    expect(tools.get('service_event_create')!.inputSchema.required).toEqual(['title', 'communitySlug', 'startAt']);
  });
});

describe('owner event tools', () => {
  test('when an owner creates an event, then it is published once, the output carries canonicalUrl and the anonymous read-back, and a replay with the key returns the same event', async () => {
    const { user, token } = await mcpUser(s, EVENTS);
    const crew = await community(user);
    const mcp = await caller(token);
    const input = { title: uniqueTitle(), communitySlug: crew.slug, startAt: START, endAt: START + 3 * HOUR, summary: 'Made by an agent.', idempotencyKey: 'agent-create-1' };
    const created = await mcp.ok('service_event_create', input);
    expect(created).toMatchObject({ eventId: expect.stringMatching(/^evt/), slug: expect.any(String), eventPath: `/api/v0/events/${created.slug}` });
    expect(created.canonicalUrl).toBe(`${s.base}/events/${created.slug}`);
    expect(created.event).toMatchObject({ id: created.eventId, title: input.title, summary: 'Made by an agent.', startAt: START, communitySlug: crew.slug, source: { sourceType: 'manual' } });
    // The read-back is what the public read says.
    expect(created.event).toEqual(await (await fetch(`${s.base}/api/v0/events/${created.slug}`)).json());

    // A lost answer: the same call with the same key replays; one event exists.
    const again = await mcp.ok('service_event_create', input);
    expect(again.eventId).toBe(created.eventId);
    expect(await countEvents(crew.id)).toBe(1);
    // The same key with another body is refused.
    const conflict = await mcp.fails('service_event_create', { ...input, summary: 'Different.' });
    expect(conflict.text).toMatch(/409/);
    expect(conflict.text).toMatch(/IDEMPOTENCY_CONFLICT/);
    expect(await countEvents(crew.id)).toBe(1);
    // No result, success or error, carried the credential.
    for (const { result } of mcp.calls) expect(JSON.stringify(result)).not.toContain(token);
  });

  test('when an owner updates the event, then the read-back shows the change', async () => {
    const { user, token } = await mcpUser(s, EVENTS);
    const crew = await community(user);
    const mcp = await caller(token);
    const created = await mcp.ok('service_event_create', { title: uniqueTitle(), communitySlug: crew.slug, startAt: START });
    const title = uniqueTitle();
    const updated = await mcp.ok('service_event_update', { slug: created.slug, update: { title, summary: null, endAt: START + 2 * HOUR } });
    expect(updated).toMatchObject({ eventId: created.eventId, slug: created.slug, canonicalUrl: created.canonicalUrl });
    expect(updated.event).toMatchObject({ id: created.eventId, title, endAt: START + 2 * HOUR });
  });

  test('when an owner cancels through service_event_update, then the read-back says cancelled and discovery drops it; restoring brings it back', async () => {
    const { user, token } = await mcpUser(s, EVENTS);
    const crew = await community(user);
    const mcp = await caller(token);
    const created = await mcp.ok('service_event_create', { title: uniqueTitle(), communitySlug: crew.slug, startAt: START });
    const upcoming = async () => JSON.stringify(await (await fetch(`${s.base}/api/v0/communities/${crew.slug}/events`)).json());
    expect(await upcoming()).toContain(`"slug":"${created.slug}"`);
    const cancelled = await mcp.ok('service_event_update', { slug: created.slug, update: { status: 'cancelled' } });
    expect(cancelled.event).toMatchObject({ id: created.eventId, status: 'cancelled' });
    expect(await upcoming()).not.toContain(`"slug":"${created.slug}"`);
    const bad = await mcp.fails('service_event_update', { slug: created.slug, update: { status: 'ended' } });
    expect(bad.text).toMatch(/status/);
    const restored = await mcp.ok('service_event_update', { slug: created.slug, update: { status: 'scheduled' } });
    expect(restored.event).toMatchObject({ status: 'scheduled' });
    expect(await upcoming()).toContain(`"slug":"${created.slug}"`);
  });

  test('when the caller does not own the community, then 403 and nothing is created', async () => {
    const owner = await mcpUser(s, EVENTS);
    const crew = await community(owner.user);
    const stranger = await mcpUser(s, EVENTS);
    const { text } = await (await caller(stranger.token)).fails('service_event_create', { title: uniqueTitle(), communitySlug: crew.slug, startAt: START });
    expect(text).toMatch(/403/);
    expect(await countEvents(crew.id)).toBe(0);
  });

  test('when the token lacks events:write or mcp:write, then the event tools are refused and nothing is written', async () => {
    const { user } = await mcpUser(s, EVENTS);
    const crew = await community(user);
    for (const scope of ['mcp:read mcp:write', 'mcp:read events:write']) {
      const mcp = await caller(await mcpToken(s, user, scope));
      const refused = await refusedCall(mcp, 'service_event_create', { title: uniqueTitle(), communitySlug: crew.slug, startAt: START });
      expect(refused).toMatch(/INSUFFICIENT_SCOPE/);
      expect(refused).toContain('mcp:write events:write');
    }
    expect(await countEvents(crew.id)).toBe(0);
  });

  test('when the input breaks the create request schema, then the call fails as invalid input', async () => {
    const { user, token } = await mcpUser(s, EVENTS);
    const crew = await community(user);
    const mcp = await caller(token);
    const bad = await mcp.client
      .callTool({ name: 'service_event_create', arguments: { title: uniqueTitle(), communitySlug: crew.slug, startAt: START, status: 'cancelled' } })
      .catch((err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }));
    expect(bad.isError).toBe(true);
    expect(await countEvents(crew.id)).toBe(0);
  });
});

describe('owner profile tools', () => {
  test('when an owner lists their profiles and updates one with its revision, then the output carries the public read-back', async () => {
    const { user, token } = await mcpUser(s, PROFILES);
    const person = await s.t.services.directory.createProfile({ profileType: 'person', displayName: `Agent Person ${++n}`, ownerUserId: user.id });
    const mcp = await caller(token);
    const listed = await mcp.ok('service_list_my_profiles', {});
    const mine = listed.profiles.find((p: { slug: string }) => p.slug === person.slug);
    expect(mine).toMatchObject({ id: person.id, updatedAt: person.updatedAt });

    s.t.clock.advance(1000);
    const updated = await mcp.ok('service_profile_update', { slug: person.slug, update: { expectedUpdatedAt: mine.updatedAt, headline: 'Edited through MCP' } });
    expect(updated).toMatchObject({ profileId: person.id, slug: person.slug, publiclyViewable: true, canonicalUrl: `${s.base}/people/${person.slug}` });
    expect(updated.updatedAt).toBeGreaterThan(mine.updatedAt);
    expect(updated.profile).toMatchObject({ slug: person.slug, headline: 'Edited through MCP' });

    // The old revision is stale now.
    const stale = await mcp.fails('service_profile_update', { slug: person.slug, update: { expectedUpdatedAt: mine.updatedAt, headline: 'Late' } });
    expect(stale.text).toMatch(/409/);
  });

  test('when an owner edits a profile kept off public pages, then the write answers without a public read-back', async () => {
    const { user, token } = await mcpUser(s, PROFILES);
    const person = await s.t.services.directory.createProfile({ profileType: 'person', displayName: `Hidden Person ${++n}`, ownerUserId: user.id });
    await s.t.db('profiles').where({ id: person.id }).update({ publication_state: 'draft' });
    const updated = await (await caller(token)).ok('service_profile_update', { slug: person.slug, update: { expectedUpdatedAt: person.updatedAt, headline: 'Still private' } });
    expect(updated).toMatchObject({ profileId: person.id, publiclyViewable: false });
    expect(updated.profile).toBeUndefined();
    expect(updated.canonicalUrl).toBeUndefined();
  });

  test('when a contributor submits a profile with a key, then it is published unclaimed with its read-back, and the replay returns the same profile', async () => {
    const { token } = await mcpUser(s, PROFILES);
    const mcp = await caller(token);
    const input = { profileType: 'person', displayName: `Submitted Artist ${++n}`, tags: ['dj'], idempotencyKey: 'agent-submit-1' };
    const submitted = await mcp.ok('service_profile_submit', input);
    expect(submitted).toMatchObject({ profileType: 'person', publiclyViewable: true, canonicalUrl: `${s.base}/people/${submitted.slug}` });
    expect(submitted.profile).toMatchObject({ slug: submitted.slug, displayName: input.displayName });
    const again = await mcp.ok('service_profile_submit', input);
    expect(again.profileId).toBe(submitted.profileId);
    expect(await s.t.db('profiles').where({ display_name: input.displayName })).toHaveLength(1);
  });

  test('when the token lacks profile:contribute, then submit is refused; with profile:read missing, listing is refused', async () => {
    const { user } = await mcpUser(s, PROFILES);
    const writeOnly = await caller(await mcpToken(s, user, 'mcp:read mcp:write profile:write'));
    expect(await refusedCall(writeOnly, 'service_profile_submit', { profileType: 'person', displayName: `Refused ${++n}` })).toMatch(/profile:contribute/);
    expect(await refusedCall(writeOnly, 'service_list_my_profiles', {})).toMatch(/profile:read/);
  });

  test("when a writer without profile:contribute edits someone else's unclaimed profile, then 403 and nothing changes", async () => {
    const { user } = await mcpUser(s, PROFILES);
    const unclaimed = await s.t.services.directory.createProfile({ profileType: 'person', displayName: `Unclaimed ${++n}` });
    const mcp = await caller(await mcpToken(s, user, 'mcp:read mcp:write profile:write'));
    const { text, result } = await mcp.fails('service_profile_update', { slug: unclaimed.slug, update: { expectedUpdatedAt: unclaimed.updatedAt, headline: 'Hijack' } });
    expect(text).toMatch(/403/);
    expect(JSON.stringify(result)).not.toMatch(/Bearer|eyJ/);
    expect((await s.t.db('profiles').where({ id: unclaimed.id }).first()).headline).toBeNull();
  });
});

/**
 * A call refused for authority. The hosted endpoint refuses before any tool work, at the HTTP
 * layer (the MCP authorization spec's rule: 401 without a token, 403 `insufficient_scope` naming
 * the scopes the tool needs), so the SDK client throws with the problem's words.
 */
async function refusedCall(mcp: ToolCaller, name: string, args: Record<string, unknown>): Promise<string> {
  const err = await mcp.client.callTool({ name, arguments: args }).then(
    (result) => new Error(`not refused: ${JSON.stringify(result)}`),
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  );
  expect(err.message).toMatch(/"status":(401|403)/);
  return err.message;
}
