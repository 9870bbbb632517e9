import sharp from 'sharp';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { GuardedFetchError, type GuardedFetch } from '../../src/services/outbound/guardedFetch.js';
import { MEDIA_TOOLS } from '../../src/mcp/tools/media.js';
import { portableSchema } from '../../src/mcp/schemas.js';
import { connect, mcpToken, mcpUser, ToolCaller, type User } from './writeTools.js';

/**
 * The hosted media tools (contract 4.12): owner media management with an opaque media revision
 * and idempotent URL imports, and contributors' private proposals for unclaimed person profiles.
 * The import fetcher is a stand-in that serves made-up image URLs (the real guarded fetcher has
 * its own tests) and records what was fetched.
 */
let s: ServedTestApp;
const clients: Client[] = [];
const fetched: string[] = [];
let png: Buffer;
let jpeg: Buffer;

const IMAGES = 'https://images.example.test';
const stubFetch: GuardedFetch = async (url) => {
  fetched.push(url);
  const path = new URL(url).pathname;
  if (path.startsWith('/redirect')) throw new GuardedFetchError('redirect', 'redirect refused');
  if (path.endsWith('.png')) return { status: 200, contentType: 'image/png', body: png, url };
  if (path.endsWith('.jpg')) return { status: 200, contentType: 'image/jpeg', body: jpeg, url };
  throw new GuardedFetchError('status', 'not found', { status: 404 });
};

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#ff6633' } }).jpeg().toBuffer();
  s = await serveTestApp({ rateLimitScale: 100 }, { outboundFetch: stubFetch });
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await s.close();
});

const OWNER = 'mcp:read mcp:write assets:write';
const CONTRIBUTOR = 'mcp:read mcp:write assets:contribute';
async function caller(token?: string) {
  const client = await connect(s, token);
  clients.push(client);
  return new ToolCaller(client);
}
let n = 0;
const claimedPerson = (user: User) => s.t.services.directory.createProfile({ profileType: 'person', displayName: `Media Owner ${++n}`, ownerUserId: user.id });
const unclaimedPerson = () => s.t.services.directory.createProfile({ profileType: 'person', displayName: `Unclaimed Artist ${++n}` });
const publicAssets = async (slug: string) => (await (await fetch(`${s.base}/api/v0/profiles/${slug}/assets`)).json()) as { assets: { assetId: string; label?: string; placements: string[] }[] };

describe('media tools: listing', () => {
  test('when listed, then the three hosted media tools carry their contract-derived schemas and annotations', async () => {
    const { token } = await mcpUser(s, OWNER);
    const tools = new Map((await (await caller(token)).listed()).map((t) => [t.name, t]));
    for (const def of MEDIA_TOOLS) expect(tools.get(def.name)).toMatchObject({ inputSchema: portableSchema(def.inputSchema), outputSchema: portableSchema(def.outputSchema) });
    const manage = tools.get('service_profile_media_manage')!;
    // The placement members are the upload intent's own.
    expect((manage.inputSchema.properties as Record<string, { items?: unknown }>).placements.items).toEqual({ $ref: '#/$defs/AssetPlacement' });
    expect(manage.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.get('service_list_my_media_submissions')!.annotations).toMatchObject({ readOnlyHint: true });
  });
});

describe('service_profile_media_manage (owner, mcp:write assets:write)', () => {
  test('when an owner imports by URL with key and revision, then the asset is public, the revision moves, and a replay returns the first answer', async () => {
    const { user, token } = await mcpUser(s, OWNER);
    const person = await claimedPerson(user);
    const mcp = await caller(token);
    const kit = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'get' });
    expect(kit).toMatchObject({ profileId: person.id, slug: person.slug, mediaRevision: 'mr_0', assets: [], removedAssets: [] });

    const input = { slug: person.slug, action: 'import_url', idempotencyKey: 'import-1', mediaRevision: kit.mediaRevision, sourceUrl: `${IMAGES}/avatar.png`, mimeType: 'image/png', placements: ['profile_image'], altText: 'Blue square' };
    const imported = await mcp.ok('service_profile_media_manage', input);
    expect(imported.mediaRevision).not.toBe(kit.mediaRevision);
    expect(imported.assets).toEqual([expect.objectContaining({ assetId: imported.changedAssetId, mimeType: 'image/png', placements: ['profile_image'], altText: 'Blue square', width: 40, height: 20 })]);
    // The bytes never crossed the JSON boundary: the answer names a URL, the public read serves the file.
    expect(JSON.stringify(imported)).not.toMatch(/base64|uploadToken|x-service-upload-token/);
    const file = await fetch(`${s.base}${imported.assets[0].imageUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(((await (await fetch(`${s.base}/api/v0/profiles/${person.slug}`)).json()) as { avatarImageUrl?: string }).avatarImageUrl).toBe(imported.assets[0].imageUrl);

    // A lost answer: the same call replays; one asset, one fetch.
    const fetches = fetched.length;
    expect(await mcp.ok('service_profile_media_manage', input)).toEqual(imported);
    expect(fetched.length).toBe(fetches);
    expect((await publicAssets(person.slug)).assets).toHaveLength(1);
    // The same key with another request is refused.
    expect((await mcp.fails('service_profile_media_manage', { ...input, altText: 'Other' })).text).toMatch(/409.*IDEMPOTENCY_CONFLICT/s);
    for (const { result } of mcp.calls) expect(JSON.stringify(result)).not.toContain(token);
  });

  test('when the revision is stale, then an import changes nothing and fetches nothing, and an update answers 409', async () => {
    const { user, token } = await mcpUser(s, OWNER);
    const person = await claimedPerson(user);
    const mcp = await caller(token);
    const first = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'stale-1', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/one.png`, mimeType: 'image/png' });
    const fetches = fetched.length;
    const stale = await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'stale-2', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/two.png`, mimeType: 'image/png' });
    expect(stale.text).toMatch(/409/);
    expect(stale.text).toMatch(/STALE_VERSION/);
    expect(fetched.length).toBe(fetches);
    expect((await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'update', mediaRevision: 'mr_0', assetId: first.changedAssetId, label: 'Late' })).text).toMatch(/409/);
    // A media write outside the tool (an upload completion) moves the revision too.
    await s.t.services.profileAssets.addForDemo(person.slug, { bytes: png, mimeType: 'image/png', placements: ['additional_logo'] });
    expect((await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'remove', mediaRevision: first.mediaRevision, assetId: first.changedAssetId })).text).toMatch(/409/);
    expect((await publicAssets(person.slug)).assets).toHaveLength(2);
  });

  test('when an owner updates, removes and restores an asset with the revision, then the public media kit follows each step', async () => {
    const { user, token } = await mcpUser(s, OWNER);
    const person = await claimedPerson(user);
    const mcp = await caller(token);
    const a = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'kit-a', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/a.png`, mimeType: 'image/png', placements: ['banner'], position: 5 });
    const b = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'kit-b', mediaRevision: a.mediaRevision, sourceUrl: `${IMAGES}/b.jpg`, mimeType: 'image/jpeg', placements: ['additional_logo'] });
    const aId = a.changedAssetId;
    const bId = b.changedAssetId;

    // Update: b takes the banner (single-valued: a loses it and stays), gets a gallery label, moves first.
    const updated = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'update', mediaRevision: b.mediaRevision, assetId: bId, placements: ['banner', 'gallery'], label: 'Live at the Lantern', position: 0 });
    expect(updated.changedAssetId).toBe(bId);
    const kit = await publicAssets(person.slug);
    expect(kit.assets.map((x) => x.assetId)).toEqual([bId, aId]);
    expect(kit.assets[0]).toMatchObject({ label: 'Live at the Lantern', placements: ['banner', 'gallery'] });
    expect(kit.assets[1].placements).toEqual([]);
    // The placement rules of the upload intent hold: gallery needs a label.
    expect((await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'update', mediaRevision: updated.mediaRevision, assetId: aId, placements: ['gallery'] })).text).toMatch(/400.*\/label/s);

    // Remove (soft): gone from the public kit and its file 404, listed as removed for the owner.
    const removed = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'remove', mediaRevision: updated.mediaRevision, assetId: aId });
    expect(removed.removedAssets).toEqual([expect.objectContaining({ assetId: aId })]);
    expect((await publicAssets(person.slug)).assets.map((x) => x.assetId)).toEqual([bId]);
    expect((await fetch(`${s.base}/api/v0/profiles/${person.slug}/assets/${aId}/file`)).status).toBe(404);

    // Restore: back in the kit.
    const restored = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'restore', mediaRevision: removed.mediaRevision, assetId: aId });
    expect(restored.removedAssets).toEqual([]);
    expect((await publicAssets(person.slug)).assets.map((x) => x.assetId).sort()).toEqual([aId, bId].sort());
    const audit = (await s.t.services.audit.list({ limit: 500 })).filter((r) => r.action.startsWith('profile_media.') && JSON.stringify(r.metadata).includes(person.id)).map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['profile_media.imported', 'profile_media.updated', 'profile_media.removed', 'profile_media.restored']));
  });

  test('when two changes race with the same revision, then exactly one lands and the other answers 409', async () => {
    const { user, token } = await mcpUser(s, OWNER);
    const person = await claimedPerson(user);
    const mcp = await caller(token);
    const a = await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'race-a', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/race.png`, mimeType: 'image/png' });
    const other = await caller(token);
    const results = await Promise.all(
      ['First', 'Second'].map((label, i) => (i ? other : mcp).call('service_profile_media_manage', { slug: person.slug, action: 'update', mediaRevision: a.mediaRevision, assetId: a.changedAssetId, label })),
    );
    expect(results.filter((r) => !r.isError)).toHaveLength(1);
    expect(results.filter((r) => r.isError)).toHaveLength(1);
  });

  test('when the call breaks the import rules, then 400 with pointers and nothing is stored', async () => {
    const { user, token } = await mcpUser(s, OWNER);
    const person = await claimedPerson(user);
    const mcp = await caller(token);
    const noKey = await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'import_url', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/k.png`, mimeType: 'image/png' });
    expect(noKey.text).toMatch(/400/);
    expect(noKey.text).toContain('/idempotencyKey');
    const plain = await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'http-1', mediaRevision: 'mr_0', sourceUrl: 'http://images.example.test/k.png', mimeType: 'image/png' });
    expect(plain.text).toContain('must be an https URL');
    const redirect = await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'redir-1', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/redirect.png`, mimeType: 'image/png' });
    expect(redirect.text).toMatch(/redirect/);
    const wrongType = await mcp.fails('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'type-1', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/photo.jpg`, mimeType: 'image/png' });
    expect(wrongType.text).toMatch(/400/);
    expect((await publicAssets(person.slug)).assets).toHaveLength(0);
    // A refused import kept no receipt: the key still works.
    await mcp.ok('service_profile_media_manage', { slug: person.slug, action: 'import_url', idempotencyKey: 'redir-1', mediaRevision: 'mr_0', sourceUrl: `${IMAGES}/fine.png`, mimeType: 'image/png' });
  });

  test('when the caller does not own the profile or lacks assets:write, then it is refused', async () => {
    const owner = await mcpUser(s, OWNER);
    const person = await claimedPerson(owner.user);
    const stranger = await mcpUser(s, OWNER);
    expect((await (await caller(stranger.token)).fails('service_profile_media_manage', { slug: person.slug, action: 'get' })).text).toMatch(/403/);
    const unclaimed = await unclaimedPerson();
    expect((await (await caller(owner.token)).fails('service_profile_media_manage', { slug: unclaimed.slug, action: 'get' })).text).toMatch(/403.*propose media as a contributor/s);
    const contributorOnly = await caller(await mcpToken(s, owner.user, CONTRIBUTOR));
    const refused = await contributorOnly.client.callTool({ name: 'service_profile_media_manage', arguments: { slug: person.slug, action: 'get' } }).then(
      () => 'not refused',
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/INSUFFICIENT_SCOPE/);
    expect(refused).toContain('mcp:write assets:write');
  });
});

describe('service_profile_media_submit and service_list_my_media_submissions (contributors)', () => {
  test('when a contributor proposes an image for an unclaimed person, then it is private, pending review, listed only for them, and a replay returns it', async () => {
    const { token } = await mcpUser(s, CONTRIBUTOR);
    const artist = await unclaimedPerson();
    const mcp = await caller(token);
    const input = { slug: artist.slug, sourceUrl: `${IMAGES}/proposal.png?signature=secret-sig`, mimeType: 'image/png', placements: ['profile_image'], credit: 'Photo: the artist', idempotencyKey: 'proposal-1' };
    const proposed = await mcp.ok('service_profile_media_submit', input);
    expect(proposed).toMatchObject({ submissionId: expect.any(String), profileSlug: artist.slug, status: 'pending_review', mimeType: 'image/png', width: 40, height: 20, sourceHost: 'images.example.test', placements: ['profile_image'] });
    // Sanitized: no storage key, no full source URL with its signature.
    expect(JSON.stringify(proposed)).not.toMatch(/secret-sig|media-submissions|storage/);
    // Nothing public changed.
    expect((await publicAssets(artist.slug)).assets).toEqual([]);
    // A replay returns the same proposal; one row.
    expect((await mcp.ok('service_profile_media_submit', input)).submissionId).toBe(proposed.submissionId);
    expect(await s.t.db('profile_media_submissions').where({ profile_id: artist.id })).toHaveLength(1);

    const mine = await mcp.ok('service_list_my_media_submissions', {});
    expect(mine.submissions.map((x: { submissionId: string }) => x.submissionId)).toContain(proposed.submissionId);
    const someoneElse = await mcpUser(s, CONTRIBUTOR);
    expect((await (await caller(someoneElse.token)).ok('service_list_my_media_submissions', {})).submissions).toEqual([]);
  });

  test('when the profile is claimed, a community or unknown, then the proposal is refused and nothing is stored', async () => {
    const { user, token } = await mcpUser(s, CONTRIBUTOR);
    const mcp = await caller(token);
    const claimed = await claimedPerson(user);
    expect((await mcp.fails('service_profile_media_submit', { slug: claimed.slug, sourceUrl: `${IMAGES}/x.png`, mimeType: 'image/png' })).text).toMatch(/403/);
    const crew = await s.t.services.directory.createProfile({ profileType: 'community', displayName: `Media Crew ${++n}` });
    expect((await mcp.fails('service_profile_media_submit', { slug: crew.slug, sourceUrl: `${IMAGES}/x.png`, mimeType: 'image/png' })).text).toMatch(/404/);
    expect((await mcp.fails('service_profile_media_submit', { slug: 'no-such-person', sourceUrl: `${IMAGES}/x.png`, mimeType: 'image/png' })).text).toMatch(/404/);
    expect(await s.t.db('profile_media_submissions').where({ submitted_by_user_id: user.id })).toHaveLength(0);
  });

  test('when the token has mcp:read and assets:contribute only, then the history reads and a proposal is refused', async () => {
    const { user } = await mcpUser(s, CONTRIBUTOR);
    const reader = await caller(await mcpToken(s, user, 'mcp:read assets:contribute'));
    expect((await reader.ok('service_list_my_media_submissions', {})).submissions).toEqual([]);
    const artist = await unclaimedPerson();
    const refused = await reader.client.callTool({ name: 'service_profile_media_submit', arguments: { slug: artist.slug, sourceUrl: `${IMAGES}/x.png`, mimeType: 'image/png' } }).then(
      () => 'not refused',
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/INSUFFICIENT_SCOPE/);
    expect(refused).toContain('mcp:write assets:contribute');
  });
});

describe('media receipts', () => {
  test('when a day has passed, then the sweep forgets URL-import receipts', async () => {
    expect((await s.t.db('profile_media_receipts')).length).toBeGreaterThan(0);
    s.t.clock.advance(24 * 3_600_000 + 1);
    const swept = await s.t.services.maintenance.sweepOnce();
    expect(swept.mediaReceipts).toBeGreaterThan(0);
    expect(await s.t.db('profile_media_receipts')).toHaveLength(0);
  });
});
