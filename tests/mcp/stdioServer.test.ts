import { jest } from '@jest/globals';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { makeToken, makeUser, uniqueTitle } from '../helpers/factories.js';
import { TOOLS } from '../../src/mcp/tools/index.js';
import { portableSchema } from '../../src/mcp/schemas.js';
import { startStdio, type StdioSession } from './stdioHarness.js';
import { mcpToken } from './writeTools.js';

/**
 * The local stdio MCP server (contract 4.12) as a client starts it: the `marquee-mcp` bin in a
 * real child process, against the real app served on a loopback port, configured only through
 * the environment.
 */
// Each test starts real child processes: generous time when the machine is busy.
jest.setTimeout(60_000);
let s: ServedTestApp;
let dir: string;
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-stdio-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await s.close();
});

const SIX_READS = ['service_search', 'service_get_profile', 'service_get_event', 'service_list_upcoming_events', 'service_get_world', 'service_list_active_worlds'];
const INTAKE = [
  'service_event_intake_draft_save',
  'service_event_intake_draft_get',
  'service_event_intake_extract',
  'service_event_intake_publish',
  'service_event_intake_poster_upload_begin',
  'service_event_intake_poster_upload_complete',
  'service_event_intake_artwork_select',
  'service_event_intake_event_get',
  'service_event_intake_event_update',
  'service_event_intake_event_retract',
  'service_event_intake_draft_list',
  'service_event_intake_event_list',
];
const OWNER = ['service_event_create', 'service_event_update', 'service_profile_update', 'service_profile_submit', 'service_list_my_profiles'];
const BYTES = 'service_event_intake_poster_upload_bytes';

/** The environment of a client configuration pointing at the served app (the embedded storage needs the development switch). */
const env = (extra: Record<string, string | undefined> = {}) => ({ MARQUEE_API_BASE_URL: s.base, MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: '1', ...extra });

let sessions: StdioSession[] = [];
async function start(extra: Record<string, string | undefined> = {}) {
  const session = await startStdio(env(extra));
  sessions.push(session);
  return session;
}
afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

let n = 0;
/** A user with a personal token of `scopes` who owns (claimed) a public community. */
async function owner(scopes: string[]) {
  const user = await makeUser(s.t.services, { verified: true });
  const token = (await makeToken(s.t.services, user.id, scopes)).value;
  const community = await s.t.services.directory.createProfile({ profileType: 'community', displayName: `Stdio Crew ${++n} ${crypto.randomBytes(2).toString('hex')}`, ownerUserId: user.id, timezone: 'Europe/Berlin' });
  return { user, token, community };
}

const png = async () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 20, g: 30, b: 90 } } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><circle cx="300" cy="400" r="200" fill="#fc0"/></svg>') }])
    .png()
    .toBuffer();

describe('tool listing (contract 4.12)', () => {
  test('when no credential is configured, then exactly the six public reads are listed, each with schemas and read-only annotations', async () => {
    const c = await start();
    expect(c.tools.map((t) => t.name).sort()).toEqual([...SIX_READS].sort());
    for (const tool of c.tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }
    expect(c.client.getServerVersion()).toMatchObject({ name: 'marquee', version: expect.any(String) });
    expect(c.stderr()).toContain('public reads only');
  });

  test('when any non-empty credential is configured, then every local tool is listed (reads, twelve intake, five owner, poster bytes), hosted-only ones are not, and scopes are not checked', async () => {
    // A credential that is not even valid: listing never asks the API.
    const c = await start({ MARQUEE_API_TOKEN: 'service_not-a-real-token-at-all-0000000000' });
    const names = c.tools.map((t) => t.name);
    expect(names.sort()).toEqual([...SIX_READS, ...INTAKE, ...OWNER, BYTES].sort());
    expect(names).not.toContain('search');
    expect(names).not.toContain('fetch');
    // The definitions are the shared ones: same schemas as the tool files declare.
    for (const tool of c.tools.filter((t) => t.name !== BYTES)) {
      const shared = TOOLS.find((d) => d.name === tool.name)!;
      expect(tool.inputSchema).toEqual(portableSchema(shared.inputSchema));
      expect(tool.outputSchema).toEqual(portableSchema(shared.outputSchema));
    }
    const bytes = c.tools.find((t) => t.name === BYTES)!;
    expect(bytes.inputSchema).toMatchObject({ type: 'object', required: ['draftId', 'contentType', 'content'], additionalProperties: false });
    expect((bytes.inputSchema.properties as any).contentType.enum).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(bytes.outputSchema).toMatchObject({ type: 'object', required: ['posterAssetId'] });
    // A write with a credential lacking the scope: the route answers, not the listing.
    const denied = await c.fails('service_event_intake_draft_save', { patch: { title: 'x' } });
    expect(denied).toMatch(/^service_event_intake_draft_save request failed with 401: Unauthorized\./);
  });

  test('when the credential is blank, then it counts as none; when a write tool is called without one, then the call is refused in words', async () => {
    const c = await start({ MARQUEE_API_TOKEN: '   ', MARQUEE_OAUTH_ACCESS_TOKEN: '' });
    expect(c.tools).toHaveLength(6);
    await expect(c.client.callTool({ name: 'service_event_create', arguments: {} })).rejects.toThrow(/needs a credential: set MARQUEE_API_TOKEN/);
    await expect(c.client.callTool({ name: 'search', arguments: { query: 'x' } })).rejects.toThrow(/Unknown tool: search/);
  });
});

describe('public reads', () => {
  test('when a public event is searched and read, then the answers are the API public reads, sent without the configured bearer', async () => {
    const { token, community } = await owner(['events:write']);
    const title = uniqueTitle();
    const created = await (await fetch(`${s.base}/api/v0/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, communitySlug: community.slug, startAt: Date.parse('2026-12-05T19:00:00Z') }),
    })).json();
    // The bearer is revoked: a read that sent it would answer 401.
    const revoked = await makeUser(s.t.services);
    const dead = await makeToken(s.t.services, revoked.id, ['public:read']);
    await s.t.services.tokens.revoke(revoked.id, dead.id);
    const c = await start({ MARQUEE_API_TOKEN: dead.value });

    const found = await c.ok('service_search', { query: title, type: 'event' });
    expect(found.results.map((r: any) => r.slug)).toEqual([created.slug]);
    const event = await c.ok('service_get_event', { slug: created.slug });
    expect(event).toMatchObject({ id: created.eventId, title, communitySlug: community.slug });
    expect(await c.ok('service_get_profile', { slug: community.slug, profileType: 'community' })).toMatchObject({ slug: community.slug, profileType: 'community' });
    expect(await c.ok('service_list_upcoming_events', { limit: 500 })).toMatchObject({ events: expect.any(Array) });
    // A blank query answers without a request.
    expect(await c.ok('service_search', { query: '   ' })).toEqual({ query: '', type: 'all', results: [], nextCursor: null });

    const missing = await c.fails('service_get_event', { slug: 'no-such-event-anywhere' });
    const [words, problemLine] = missing.split('\n');
    expect(words).toBe('service_get_event request failed with 404: No public event was found for that slug (slug "no-such-event-anywhere").');
    expect(JSON.parse(problemLine!.replace(/^Problem: /, ''))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Only the person kind was asked for: a community answers 404.
    expect(await c.fails('service_get_profile', { slug: community.slug, profileType: 'person' })).toMatch(/404: No public profile was found/);
    // Input checked against the schema before any request.
    expect(await c.fails('service_get_event', { slug: '' })).toMatch(/^service_get_event input is invalid: \/slug/);
  });

  test('when output mode is detail, then the text is the same JSON, pretty-printed', async () => {
    const c = await start({ MARQUEE_MCP_OUTPUT_MODE: 'detail' });
    const result = await c.call('service_search', { query: '' });
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text).toBe(JSON.stringify(result.structuredContent, null, 2));
  });
});

describe('the intake flow through the stdio server (contract 4.2, 4.3, 4.12)', () => {
  test('when a contributor saves, uploads poster bytes, completes, selects artwork, publishes, loses the answer, replays, corrects and retracts twice, then every step holds', async () => {
    const { token, community } = await owner(['events:contribute']);
    const c = await start({ MARQUEE_API_TOKEN: token });
    const title = uniqueTitle();

    const saved = await c.ok('service_event_intake_draft_save', {
      patch: { title, communitySlug: community.slug, eventDate: '2026-12-05', start: { time: '20:00' }, timezone: 'Europe/Berlin', sourceText: `${title}\nSat Dec 5, 20:00 Europe/Berlin` },
    });
    expect(saved).toEqual({ draftId: expect.any(String), version: 1 });
    const { draftId } = saved;

    const extracted = await c.ok('service_event_intake_extract', { draftId });
    expect(extracted.event).toMatchObject({ eventDate: '2026-12-05' });

    // Poster bytes: signature and size checked locally, sent to the embedded storage without the bearer
    // (the storage refuses any bearer with 403), then completed.
    const bytes = await png();
    const uploaded = await c.ok(BYTES, { draftId, contentType: 'image/png', content: bytes.toString('base64') });
    expect(uploaded).toEqual({ posterAssetId: expect.any(String) });
    expect(await s.t.db('intake_posters').where({ id: uploaded.posterAssetId }).first()).toMatchObject({ draft_id: draftId, state: 'completed', content_type: 'image/png', byte_length: bytes.length });
    // Completing again is safe and answers the same poster.
    expect(await c.ok('service_event_intake_poster_upload_complete', { draftId, posterAssetId: uploaded.posterAssetId })).toEqual(uploaded);
    const art = await c.ok('service_event_intake_artwork_select', { draftId, posterAssetId: uploaded.posterAssetId, expectedVersion: 1 });
    expect(art).toMatchObject({ version: 2 });
    // The draft is found again by listing (a lost draftId is not lost work): its poster and artwork show.
    expect((await c.ok('service_event_intake_draft_list', {})).drafts).toEqual([
      expect.objectContaining({ draftId, version: 2, title, posterCount: 1, artworkAssetId: art.artworkAssetId, start: { time: '20:00' } }),
    ]);

    // Publish; the answer is "lost"; the draft read shows the receipt; the replay answers the same receipt.
    const key = `stdio-${draftId}`;
    const published = await c.ok('service_event_intake_publish', { draftId, expectedVersion: 2, idempotencyKey: key });
    const draft = await c.ok('service_event_intake_draft_get', { draftId });
    expect(draft.publishedReceiptId).toBe(published.receiptId);
    expect(await c.ok('service_event_intake_publish', { draftId, expectedVersion: 2, idempotencyKey: key })).toEqual(published);

    const slug = published.eventPath.split('/').pop();
    const read = await c.ok('service_get_event', { slug });
    expect(read).toMatchObject({ id: published.eventId, title, communitySlug: community.slug });

    const record = await c.ok('service_event_intake_event_get', { slug });
    const corrected = await c.ok('service_event_intake_event_update', { slug, expectedUpdatedAt: record.updatedAt, patch: { title: `${title} (corrected)` } });
    expect(corrected).toMatchObject({ eventId: published.eventId, changed: true });
    // A stale revision: the route's 409 in words.
    expect(await c.fails('service_event_intake_event_update', { slug, expectedUpdatedAt: record.updatedAt, patch: { title: 'again' } })).toMatch(
      /^service_event_intake_event_update request failed with 409: Stale version\./,
    );
    expect(await c.ok('service_event_intake_event_retract', { slug })).toEqual({ eventId: published.eventId, changed: true });
    expect(await c.ok('service_event_intake_event_retract', { slug })).toEqual({ eventId: published.eventId, changed: false });
    expect(await c.fails('service_get_event', { slug })).toMatch(/404/);
    // Published, the draft leaves the drafts list; the contributions list shows the event, retracted.
    expect(await c.ok('service_event_intake_draft_list', {})).toEqual({ drafts: [], nextCursor: null });
    expect((await c.ok('service_event_intake_event_list', { limit: 10 })).contributions).toEqual([
      expect.objectContaining({ eventId: published.eventId, slug, title: `${title} (corrected)`, retracted: true, contributionVersion: 2 }),
    ]);
    expect(c.stderr()).not.toContain(token);
  });

  test('when the poster bytes break the local checks, then nothing is begun: wrong signature, not base64, over 12 MiB', async () => {
    const { token } = await owner(['events:contribute']);
    const c = await start({ MARQUEE_API_TOKEN: token });
    const { draftId } = await c.ok('service_event_intake_draft_save', { patch: { title: 'Poster checks' } });
    const bytes = await png();
    expect(await c.fails(BYTES, { draftId, contentType: 'image/jpeg', content: bytes.toString('base64') })).toMatch(/is image\/png by its signature, but contentType says image\/jpeg/);
    expect(await c.fails(BYTES, { draftId, contentType: 'image/png', content: Buffer.from('GIF89a and more').toString('base64') })).toMatch(/not a PNG, JPEG or WebP image/);
    expect(await c.fails(BYTES, { draftId, contentType: 'image/png', content: 'not base64 at all!' })).toMatch(/is not base64/);
    expect(await c.fails(BYTES, { draftId, contentType: 'image/gif', content: bytes.toString('base64') })).toMatch(/input is invalid: \/contentType/);
    const huge = Buffer.alloc(12_582_913, 0);
    bytes.copy(huge);
    expect(await c.fails(BYTES, { draftId, contentType: 'image/png', content: huge.toString('base64') })).toMatch(/decodes to 12582913 bytes; a poster is at most 12582912 bytes/);
    // Nothing reached the API's poster uploads.
    expect(await s.t.db('intake_posters').where({ draft_id: draftId })).toEqual([]);
  });

  test('when the development switch is off, then the embedded http storage is refused before any byte is sent', async () => {
    const { token } = await owner(['events:contribute']);
    const c = await start({ MARQUEE_API_TOKEN: token, MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: undefined });
    const { draftId } = await c.ok('service_event_intake_draft_save', { patch: { title: 'No switch' } });
    const text = await c.fails(BYTES, { draftId, contentType: 'image/png', content: (await png()).toString('base64') });
    expect(text).toMatch(/refused the upload: no poster upload origin is configured/);
    expect(text).toContain('Nothing was sent to storage');
  });
});

describe('owner writes with read-back (contract 4.8, 4.12)', () => {
  test('when an owner creates and updates an event, then each answer adds canonicalUrl and the anonymous public read-back', async () => {
    const { token, community } = await owner(['events:write']);
    const c = await start({ MARQUEE_API_TOKEN: token });
    const title = uniqueTitle();
    const startAt = Date.parse('2026-12-12T19:00:00Z');
    const created = await c.ok('service_event_create', { title, communitySlug: community.slug, startAt, idempotencyKey: `stdio-${crypto.randomBytes(6).toString("hex")}` });
    expect(created).toMatchObject({ eventId: expect.any(String), slug: expect.any(String), eventPath: `/api/v0/events/${created.slug}` });
    expect(created.canonicalUrl).toBe(`${s.base}/events/${created.slug}`);
    expect(created.eventPath).toBe(`/api/v0/events/${created.slug}`);
    expect(created.event).toMatchObject({ id: created.eventId, title, startAt, communitySlug: community.slug });

    const updated = await c.ok('service_event_update', { slug: created.slug, update: { title: `${title} II` } });
    expect(updated.event).toMatchObject({ id: created.eventId, title: `${title} II` });
    // Another owner's event: the route's 403 in words, no read-back.
    const other = await owner(['events:write']);
    const c2 = await start({ MARQUEE_API_TOKEN: other.token });
    expect(await c2.fails('service_event_update', { slug: created.slug, update: { title: 'Hijack' } })).toMatch(/^service_event_update request failed with 403: Forbidden\./);
  });
});

describe('credentials (contract 5.5)', () => {
  test('when the credential is an API-resource OAuth access token in a token file (JSON) or variable, then it is used; a token file with a raw token works too', async () => {
    const { user, token: personal, community } = await owner(['profile:read']);
    const access = await mcpToken(s, user, 'profile:read', `${s.base}/api/v0`);
    const jsonFile = path.join(dir, 'token.json');
    fs.writeFileSync(jsonFile, JSON.stringify({ access_token: access, token_type: 'Bearer' }));
    const viaFile = await start({ MARQUEE_OAUTH_TOKEN_FILE: jsonFile });
    expect((await viaFile.ok('service_list_my_profiles', {})).profiles.map((p: any) => p.slug)).toContain(community.slug);

    const viaVariable = await start({ MARQUEE_OAUTH_ACCESS_TOKEN: access });
    expect((await viaVariable.ok('service_list_my_profiles', {})).profiles.map((p: any) => p.slug)).toContain(community.slug);

    const rawFile = path.join(dir, 'token.txt');
    fs.writeFileSync(rawFile, `${personal}\n`);
    const viaRaw = await start({ MARQUEE_OAUTH_TOKEN_FILE: rawFile });
    expect((await viaRaw.ok('service_list_my_profiles', {})).profiles.map((p: any) => p.slug)).toContain(community.slug);
    // The file is read on every call: once it is gone, nothing is sent, and the call says why.
    fs.rmSync(rawFile);
    expect(await viaRaw.fails('service_list_my_profiles', {})).toBe('service_list_my_profiles was not sent: MARQUEE_OAUTH_TOKEN_FILE could not be read.');

    // An MCP-resource token is refused by /api/v0 (contract 5.5): the route's 401, the token nowhere.
    const mcpOnly = await mcpToken(s, user, 'mcp:read profile:read');
    const wrongResource = await start({ MARQUEE_BEARER_TOKEN: mcpOnly });
    const refused = await wrongResource.fails('service_list_my_profiles', {});
    expect(refused).toMatch(/^service_list_my_profiles request failed with 401/);
    for (const session of [viaFile, viaVariable, viaRaw, wrongResource]) {
      expect(session.stderr()).not.toContain(access);
      expect(session.stderr()).not.toContain(personal);
      expect(session.stderr()).not.toContain(mcpOnly);
    }
    expect(refused).not.toContain(mcpOnly);
  });

  test('when the configuration is wrong, then the server stops at start with a message naming the variable and never the secret', async () => {
    const { spawnSync } = await import('node:child_process');
    const { BIN } = await import('./stdioHarness.js');
    const run = (extra: Record<string, string>) =>
      spawnSync(process.execPath, [BIN], { env: { PATH: process.env.PATH!, ...extra }, input: '', encoding: 'utf8', timeout: 30_000 });
    const secretJson = path.join(dir, 'broken.json');
    fs.writeFileSync(secretJson, '{"access_token": "s3cr3t-value-', 'utf8');
    const cases: [Record<string, string>, RegExp][] = [
      [{ MARQUEE_API_BASE_URL: 'ftp://marquee.example' }, /MARQUEE_API_BASE_URL must use http or https/],
      [{ MARQUEE_MCP_OUTPUT_MODE: 'verbose' }, /MARQUEE_MCP_OUTPUT_MODE must be compact or detail/],
      [{ MARQUEE_OAUTH_TOKEN_FILE: path.join(dir, 'missing') }, /MARQUEE_OAUTH_TOKEN_FILE could not be read/],
      [{ MARQUEE_OAUTH_TOKEN_FILE: secretJson }, /MARQUEE_OAUTH_TOKEN_FILE holds neither a token nor valid JSON/],
      [{ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'http://storage.example' }, /MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN must use https/],
      [{ MARQUEE_API_TOKEN: 'two words' }, /MARQUEE_API_TOKEN does not hold a single bearer token/],
    ];
    for (const [extra, message] of cases) {
      const res = run(extra);
      expect(res.status).toBe(2);
      expect(res.stderr).toMatch(message);
      expect(res.stderr).not.toContain('s3cr3t');
      expect(res.stderr).not.toContain('two words');
      expect(res.stdout).toBe('');
    }
  });
});
