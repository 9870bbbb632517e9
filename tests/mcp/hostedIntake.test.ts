import sharp from 'sharp';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { loadDemoData } from '../../seeds/demo.js';
import { INTAKE_TOOLS } from '../../src/mcp/tools/intake.js';
import { portableSchema } from '../../src/mcp/schemas.js';
import { connect, mcpUser, sha256, textOf, ToolCaller, uploadToTransfer } from './writeTools.js';

/**
 * The intake tools on the hosted `/mcp` (the ten of contract 4.12, 5.18, and the lists of one's own
 * drafts and contributions), driven by the SDK's own
 * client over Streamable HTTP with MCP-resource OAuth tokens, against the app on a port.
 */
let s: ServedTestApp;
const clients: Client[] = [];
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  await loadDemoData(s.t.services);
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await s.close();
});

const WRITE = 'mcp:read mcp:write events:contribute';
async function caller(token?: string) {
  const client = await connect(s, token);
  clients.push(client);
  return new ToolCaller(client);
}

const ANNOUNCEMENT = `**Lantern Lights: Winter Edition** 🏮
Sat Dec 5, 20:00-23:00 Asia/Tokyo
Hosted by Quiet Lantern Society
World: Lantern Garden
Poems, lanterns and quiet music.
21:00 Byte Bishop
https://example.org/lantern-lights`;

const posterPng = () =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="100%" height="100%" fill="#1b1040"/></svg>`))
    .png()
    .toBuffer();

describe('intake tools: listing', () => {
  test('when an MCP client with an intake token lists tools, then the twelve intake tools are listed with the contract schemas and annotations', async () => {
    const { token } = await mcpUser(s, WRITE);
    const tools = await (await caller(token)).listed();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const def of INTAKE_TOOLS) {
      const listed = byName.get(def.name);
      expect(listed).toBeDefined();
      // The contract's schemas in their portable spelling (src/mcp/schemas.ts).
      expect(listed!.inputSchema).toEqual(portableSchema(def.inputSchema));
      expect(listed!.outputSchema).toEqual(portableSchema(def.outputSchema));
      expect(listed!.annotations).toMatchObject(def.annotations);
    }
    // The inputs are the REST bodies plus the path parameter (contract 4.12: the REST schemas of 4.2 and 4.3).
    const publish = byName.get('service_event_intake_publish')!;
    expect(publish.inputSchema.required).toEqual(['draftId', 'expectedVersion', 'idempotencyKey']);
    expect((publish.inputSchema.properties as Record<string, { pattern?: string }>).idempotencyKey.pattern).toBe('^[A-Za-z0-9._:-]+$');
    expect(byName.get('service_event_intake_event_retract')!.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
  });
});

describe('intake tools: the whole flow through hosted MCP', () => {
  test('when an agent saves, extracts, uploads a poster, selects artwork, publishes, loses the answer, replays, reads, corrects and retracts twice, then every step holds', async () => {
    const { token } = await mcpUser(s, WRITE);
    const mcp = await caller(token);

    // Save a new draft from the announcement.
    const saved = await mcp.ok('service_event_intake_draft_save', { patch: { sourceText: ANNOUNCEMENT } });
    expect(saved).toEqual({ draftId: expect.any(String), version: 1 });
    const { draftId } = saved;

    // Extract: proposals only, the draft stays at version 1.
    const extracted = await mcp.ok('service_event_intake_extract', { draftId });
    expect(extracted.event).toMatchObject({ title: 'Lantern Lights: Winter Edition', communitySlug: 'quiet-lantern-society', eventDate: '2026-12-05', start: '20:00', end: '23:00', timezone: 'Asia/Tokyo' });
    expect((await mcp.ok('service_event_intake_draft_get', { draftId })).version).toBe(1);

    // Accept the proposals (save with draftId and expectedVersion).
    const e = extracted.event;
    const v2 = await mcp.ok('service_event_intake_draft_save', {
      draftId,
      expectedVersion: 1,
      patch: { title: e.title, communitySlug: e.communitySlug, eventDate: e.eventDate, timezone: e.timezone, start: { time: e.start }, end: { time: e.end }, worldSlug: 'lantern-garden', summary: 'Poems, lanterns and quiet music.' },
    });
    expect(v2).toEqual({ draftId, version: 2 });

    // Poster: begin, send the bytes to the transfer as a client would (no bearer), complete.
    const png = await posterPng();
    const begun = await mcp.ok('service_event_intake_poster_upload_begin', { draftId, contentType: 'image/png', byteLength: png.length, sha256: sha256(png) });
    expect(begun.transfer).toMatchObject({ method: 'POST', fileField: 'file', url: `${s.base}/storage/uploads` });
    const stored = await uploadToTransfer(begun.transfer, png, 'image/png');
    expect(stored.status).toBe(204);
    const completed = await mcp.ok('service_event_intake_poster_upload_complete', { draftId, posterAssetId: begun.posterAssetId });
    expect(completed).toEqual({ posterAssetId: begun.posterAssetId });
    const afterUpload = await mcp.ok('service_event_intake_draft_get', { draftId });
    expect(afterUpload.version).toBe(2);
    expect(afterUpload.artworkAssetId).toBeUndefined();

    // Artwork: version 3.
    const art = await mcp.ok('service_event_intake_artwork_select', { draftId, posterAssetId: begun.posterAssetId, expectedVersion: 2 });
    expect(art).toEqual({ artworkAssetId: expect.any(String), version: 3 });

    // Publish, and lose the answer: the agent never reads it.
    const idempotencyKey = `mcp-pub-${draftId.slice(-8)}`;
    await mcp.call('service_event_intake_publish', { draftId, expectedVersion: 3, idempotencyKey });
    // Recovery (contract 4.2 rule 2): read the draft, replay with the same version and key.
    const draft = await mcp.ok('service_event_intake_draft_get', { draftId });
    expect(draft).toMatchObject({ draftId, version: 3, publishedReceiptId: expect.any(String), artworkAssetId: art.artworkAssetId });
    const replay = await mcp.ok('service_event_intake_publish', { draftId, expectedVersion: 3, idempotencyKey });
    expect(replay.receiptId).toBe(draft.publishedReceiptId);
    const slug = replay.eventPath.split('/').pop();
    // One event was published, by this user.
    expect(await s.t.db('events').where({ title: 'Lantern Lights: Winter Edition' })).toHaveLength(1);
    // A changed key against the published draft is a conflict, not a second event.
    const conflict = await mcp.fails('service_event_intake_publish', { draftId, expectedVersion: 3, idempotencyKey: `${idempotencyKey}-other` });
    expect(conflict.text).toContain('409');

    // The contribution record, then a correction with its revision.
    const record = await mcp.ok('service_event_intake_event_get', { slug });
    expect(record).toMatchObject({ eventId: replay.eventId, fields: { title: 'Lantern Lights: Winter Edition', start: { time: '20:00' } } });
    s.t.clock.advance(1000);
    const corrected = await mcp.ok('service_event_intake_event_update', { slug, expectedUpdatedAt: record.updatedAt, patch: { start: { time: '19:30' } } });
    expect(corrected).toMatchObject({ eventId: replay.eventId, changed: true });
    expect(corrected.updatedAt).toBeGreaterThan(record.updatedAt);
    const publicRead = await fetch(`${s.base}/api/v0/events/${slug}`);
    expect(((await publicRead.json()) as { startAt: number }).startAt).toBe(Date.UTC(2026, 11, 5, 10, 30));
    // The old revision is stale now.
    const stale = await mcp.fails('service_event_intake_event_update', { slug, expectedUpdatedAt: record.updatedAt, patch: { summary: 'late' } });
    expect(stale.text).toContain('409');

    // Retract twice: the second answers changed: false; the event is gone from public reads.
    expect(await mcp.ok('service_event_intake_event_retract', { slug })).toEqual({ eventId: replay.eventId, changed: true });
    expect(await mcp.ok('service_event_intake_event_retract', { slug })).toEqual({ eventId: replay.eventId, changed: false });
    expect((await fetch(`${s.base}/api/v0/events/${slug}`)).status).toBe(404);

    // Every write went through the same services as REST: each left its audit record, by an OAuth credential.
    const records = (await s.t.services.audit.list({ limit: 500 })).filter((r) => r.resourceId === replay.eventId);
    expect(records.map((r) => r.action)).toEqual(expect.arrayContaining(['event.published', 'event.corrected', 'event.retracted']));
    expect(records.filter((r) => r.action === 'event.published').every((r) => r.actorKind === 'oauth')).toBe(true);

    // No call result carried the credential.
    for (const { result } of mcp.calls) expect(JSON.stringify(result)).not.toContain(token);
  });
});

describe('intake tools: authority (contract 5.18)', () => {
  test('when the token has mcp:read and events:contribute only, then reads work and every intake write is refused', async () => {
    const writer = await mcpUser(s, WRITE);
    const { draftId } = await (await caller(writer.token)).ok('service_event_intake_draft_save', { patch: { title: 'Readable' } });
    // The same user, a second token with read scopes only.
    const { mcpToken } = await import('./writeTools.js');
    const readOnly = await mcpToken(s, writer.user, 'mcp:read events:contribute');
    const mcp = await caller(readOnly);
    expect(await mcp.ok('service_event_intake_draft_get', { draftId })).toMatchObject({ draftId, fields: { title: 'Readable' } });
    const refused = await refusedCall(mcp, 'service_event_intake_draft_save', { draftId, expectedVersion: 1, patch: { title: 'Changed' } });
    expect(refused).toMatch(/INSUFFICIENT_SCOPE/);
    expect(refused).toMatch(/mcp:write events:contribute/);
    expect(refused).not.toContain(readOnly);
    // On the wire: 403 with the step-up challenge naming the scopes the tool needs.
    const raw = await fetch(`${s.base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${readOnly}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'service_event_intake_publish', arguments: { draftId, expectedVersion: 1, idempotencyKey: 'k1' } } }),
    });
    expect(raw.status).toBe(403);
    const challenge = raw.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="mcp:write events:contribute"');
    expect(challenge).toContain(`resource_metadata="${s.base}/.well-known/oauth-protected-resource/mcp"`);
    expect(await raw.text()).not.toContain(readOnly);
    expect((await mcp.ok('service_event_intake_draft_get', { draftId })).fields).toEqual({ title: 'Readable' });
  });

  test('when the token lacks events:contribute, then even a draft read is refused', async () => {
    const { token } = await mcpUser(s, 'mcp:read mcp:write');
    const mcp = await caller(token);
    expect(await refusedCall(mcp, 'service_event_intake_draft_get', { draftId: 'drf_anything' })).toMatch(/events:contribute/);
    expect(await refusedCall(mcp, 'service_event_intake_draft_save', { patch: { title: 'Nope' } })).toMatch(/events:contribute/);
  });

  test("when an agent reads or writes another user's draft, then 404 and nothing changes", async () => {
    const owner = await mcpUser(s, WRITE);
    const { draftId } = await (await caller(owner.token)).ok('service_event_intake_draft_save', { patch: { title: 'Mine' } });
    const other = await mcpUser(s, WRITE);
    const mcp = await caller(other.token);
    expect((await mcp.fails('service_event_intake_draft_get', { draftId })).text).toContain('404');
    expect((await mcp.fails('service_event_intake_draft_save', { draftId, expectedVersion: 1, patch: { title: 'Theirs' } })).text).toContain('404');
    expect((await (await caller(owner.token)).ok('service_event_intake_draft_get', { draftId })).fields).toEqual({ title: 'Mine' });
  });

  test('when an anonymous client calls an intake tool, then it is refused without a result', async () => {
    const mcp = await caller();
    expect(await refusedCall(mcp, 'service_event_intake_draft_get', { draftId: 'drf_whatever' })).toMatch(/"status":401/);
  });
});

describe('intake tools: errors', () => {
  test('when a stale version is saved, then the error says 409 with title and detail, and never the credential', async () => {
    const { token } = await mcpUser(s, WRITE);
    const mcp = await caller(token);
    const { draftId } = await mcp.ok('service_event_intake_draft_save', { patch: { title: 'v1' } });
    await mcp.ok('service_event_intake_draft_save', { draftId, expectedVersion: 1, patch: { title: 'v2' } });
    const { text, result } = await mcp.fails('service_event_intake_draft_save', { draftId, expectedVersion: 1, patch: { title: 'v3' } });
    expect(text).toMatch(/409/);
    expect(text.length).toBeGreaterThan(20);
    expect(JSON.stringify(result)).not.toContain(token);
  });

  test('when the input breaks the contract schema, then the call fails as invalid input and nothing is saved', async () => {
    const { user, token } = await mcpUser(s, WRITE);
    const mcp = await caller(token);
    const before = await s.t.db('event_intake_drafts').where({ owner_user_id: user.id });
    const bad = await mcp.client.callTool({ name: 'service_event_intake_publish', arguments: { draftId: 'drf_x', expectedVersion: 1, idempotencyKey: 'has spaces' } }).catch((err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }));
    expect(bad.isError).toBe(true);
    const unknown = await mcp.client.callTool({ name: 'service_event_intake_draft_save', arguments: { patch: { title: 'x', surprise: true } } }).catch((err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }));
    expect(unknown.isError).toBe(true);
    expect(await s.t.db('event_intake_drafts').where({ owner_user_id: user.id })).toHaveLength(before.length);
  });
});

describe("intake tools: the caller's own drafts and contributions", () => {
  const ready = (title: string) => ({ title, communitySlug: 'neon-reverie', eventDate: '2027-03-27', start: { time: '21:00' } });

  test('when an agent lost its draft ids, then it pages through its live drafts, finds the published event among its contributions, and sees a retraction', async () => {
    const owner = await mcpUser(s, WRITE);
    const mcp = await caller(owner.token);
    const saved: string[] = [];
    for (const title of ['First idea', 'Second idea', 'Third idea']) {
      s.t.clock.advance(1000);
      saved.push((await mcp.ok('service_event_intake_draft_save', { patch: { title, questions: ['Which world?'] } })).draftId);
    }
    s.t.clock.advance(1000);
    const title = `Agent Night ${saved[0].slice(-6)}`;
    const toPublish = (await mcp.ok('service_event_intake_draft_save', { patch: ready(title) })).draftId;
    const published = await mcp.ok('service_event_intake_publish', { draftId: toPublish, expectedVersion: 1, idempotencyKey: `k-${toPublish.slice(-8)}` });
    // Someone else's draft and event never appear.
    const other = await caller((await mcpUser(s, WRITE)).token);
    const foreignDraft = (await other.ok('service_event_intake_draft_save', { patch: { title: 'Not yours' } })).draftId;

    // One draft a page, following nextCursor: the three live drafts, last saved first; the published one is not listed.
    const listed: Record<string, any>[] = [];
    let cursor: string | undefined;
    do {
      const page = await mcp.ok('service_event_intake_draft_list', { limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.drafts.length).toBeLessThanOrEqual(1);
      listed.push(...page.drafts);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(listed.map((d) => d.draftId)).toEqual([...saved].reverse());
    expect(listed.map((d) => d.draftId)).not.toContain(foreignDraft);
    expect(listed[0]).toMatchObject({ title: 'Third idea', version: 1, questionCount: 1, posterCount: 0, eventDate: null });

    const events = await mcp.ok('service_event_intake_event_list', {});
    expect(events.nextCursor).toBeNull();
    expect(events.contributions).toEqual([
      expect.objectContaining({ eventId: published.eventId, title, eventPath: published.eventPath, pageUrl: `${s.base}/events/${published.eventPath.split('/').pop()}`, retracted: false, status: 'scheduled' }),
    ]);
    expect((await other.ok('service_event_intake_event_list', {})).contributions).toEqual([]);

    // The listed revision is what a correction needs.
    const slug = events.contributions[0].slug;
    s.t.clock.advance(1000);
    const corrected = await mcp.ok('service_event_intake_event_update', { slug, expectedUpdatedAt: events.contributions[0].updatedAt, patch: { summary: 'Now with a summary.' } });
    expect(corrected.changed).toBe(true);
    expect(await mcp.ok('service_event_intake_event_retract', { slug })).toEqual({ eventId: published.eventId, changed: true });
    const after = (await mcp.ok('service_event_intake_event_list', {})).contributions[0];
    expect(after).toMatchObject({ eventId: published.eventId, retracted: true, retractedAt: expect.any(Number), contributionVersion: 2 });
    expect(after.pageUrl).toBeUndefined();
  });

  test('when the token has mcp:read and events:contribute only, then both lists work; without events:contribute or anonymously they are refused; a bad cursor is a 400 tool error', async () => {
    const writer = await mcpUser(s, WRITE);
    const { draftId } = await (await caller(writer.token)).ok('service_event_intake_draft_save', { patch: { title: 'Listed to a reader' } });
    const { mcpToken } = await import('./writeTools.js');
    const reader = await caller(await mcpToken(s, writer.user, 'mcp:read events:contribute'));
    expect((await reader.ok('service_event_intake_draft_list', {})).drafts.map((d: { draftId: string }) => d.draftId)).toEqual([draftId]);
    expect(await reader.ok('service_event_intake_event_list', {})).toEqual({ contributions: [], nextCursor: null });

    const noContribute = await caller((await mcpUser(s, 'mcp:read mcp:write')).token);
    for (const name of ['service_event_intake_draft_list', 'service_event_intake_event_list']) {
      const refused = await refusedCall(noContribute, name, {});
      expect(refused).toMatch(/INSUFFICIENT_SCOPE/);
      expect(refused).toMatch(/events:contribute/);
      expect(await refusedCall(await caller(), name, {})).toMatch(/"status":401/);
      const bad = await reader.fails(name, { cursor: 'not-a-cursor' });
      expect(bad.text).toContain('400');
      expect(bad.text).toContain('VALIDATION_FAILED');
    }
    // A drafts cursor is refused by the contributions list.
    s.t.clock.advance(1000);
    await (await caller(writer.token)).ok('service_event_intake_draft_save', { patch: { title: 'Second' } });
    const { nextCursor } = await reader.ok('service_event_intake_draft_list', { limit: 1 });
    expect(nextCursor).toEqual(expect.any(String));
    expect((await reader.fails('service_event_intake_event_list', { cursor: nextCursor })).text).toContain('400');
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
