import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import sharp from 'sharp';
import { insecure, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import type { TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeToken, makeUser, publishDraft, saveDraft, uniqueTitle } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import type { components } from '../../src/generated/openapi.js';
import type { StoredOutboundLink } from '../../src/repositories/profiles.js';

type CreateBody = components['schemas']['ApiEventCreateRequest'];
type UpdateBody = components['schemas']['ApiEventUpdateRequest'];
type SlotLink = components['schemas']['SlotLinkInput'];

let s: ServedTestApp;
let t: TestApp;
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  t = s.t;
});
afterAll(() => s.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Saturday 5 December 2026, 19:00 UTC (20:00 in Berlin): two weeks after the test clock. */
const START = Date.parse('2026-12-05T19:00:00Z');

let n = 0;
/** A user with an `events:write` token who actively owns (claimed) a community in `timezone`. */
async function owner(opts: { timezone?: string; scopes?: string[] } = {}) {
  const user = await makeUser(t.services);
  const token = (await makeToken(t.services, user.id, opts.scopes ?? ['events:write', 'events:read'])).value;
  const community = await t.services.directory.createProfile({ profileType: 'community', displayName: `Owner Crew ${++n}`, ownerUserId: user.id, timezone: opts.timezone ?? 'Europe/Berlin' });
  return { user, token, community };
}
/** A public person profile with these outbound links. */
const performer = (name: string, outboundLinks: StoredOutboundLink[] = []) => t.services.directory.createProfile({ profileType: 'person', displayName: `${name} ${++n}`, outboundLinks });
const twitch = (login: string, extra: Partial<StoredOutboundLink> = {}): StoredOutboundLink => ({ type: 'twitch', url: `https://www.twitch.tv/${login}`, label: 'Twitch', ...extra });
const vrcdn = (name: string, extra: Partial<StoredOutboundLink> = {}): StoredOutboundLink => ({ type: 'vrcdn', url: `https://stream.vrcdn.live/live/${name}`, label: 'VRCDN', ...extra });

const event = (communitySlug: string, extra: Partial<CreateBody> = {}): CreateBody => ({ title: uniqueTitle(), communitySlug, startAt: START, ...extra });
const create = (token: string, body: CreateBody) => callOp(t.app, 'createCurrentUserCommunityEvent', { token, body });
const update = (token: string, slug: string, body: UpdateBody) => callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug }, body });
const read = async (slug: string) => bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200);
const created = async (token: string, body: CreateBody) => bodyOf(await create(token, body), 200);
const row = (id: string) => t.db('events').where({ id }).first();
const pointers = (res: { body: unknown }) => ((res.body as { errors?: { pointer?: string }[] }).errors ?? []).map((e) => e.pointer);
const png = () => sharp({ create: { width: 32, height: 16, channels: 3, background: '#3366ff' } }).png().toBuffer();

describe('create (contract 4.8, decisions §4)', () => {
  test('when an active owner creates an event, then it is published at once as manual, timed, dated in the community zone, and audited', async () => {
    const { user, token, community } = await owner({ timezone: 'Asia/Tokyo' });
    // 23:30 UTC on 5 December is 08:30 on 6 December in Tokyo.
    const startAt = Date.parse('2026-12-05T23:30:00Z');
    const res = await create(token, event(community.slug, { title: 'Morning Rave', startAt, endAt: startAt + 3 * HOUR, doorsOpenAt: startAt - HOUR }));
    expectStatus(res, 200);
    expect(res.body).toEqual({ eventId: expect.stringMatching(/^evt/), slug: 'morning-rave-2026-12-06', eventPath: '/api/v0/events/morning-rave-2026-12-06' });
    expect(res.headers['cache-control']).toBe('no-store');
    const e = await read(res.body.slug);
    expect(e).toMatchObject({
      id: res.body.eventId,
      title: 'Morning Rave',
      scheduleKind: 'timed',
      status: 'scheduled',
      eventDate: '2026-12-06',
      timezone: 'Asia/Tokyo',
      startAt,
      endAt: startAt + 3 * HOUR,
      doorsOpenAt: startAt - HOUR,
      communitySlug: community.slug,
      source: { sourceType: 'manual', label: community.displayName },
      watchMode: 'event_stream',
      watchSurfaceEnabled: false,
      mediaLinks: [],
      slots: [],
      participants: [],
    });
    // Window columns stored beside the schedule.
    expect(await row(res.body.eventId)).toMatchObject({ window_start_at: startAt, window_end_at: startAt + 3 * HOUR });
    const [audit] = await t.services.audit.list({ action: 'event.created', limit: 1 });
    expect(audit).toMatchObject({ result: 'accepted', routeClass: 'public_write', resourceType: 'event', resourceId: res.body.eventId, ownerRef: user.id, actorKind: 'api_token' });
    expect(audit.metadata).toMatchObject({ targetIds: [res.body.eventId, community.id] });
  });

  test('when the same title and date are created twice, then the second slug is suffixed', async () => {
    const { token, community } = await owner();
    const title = uniqueTitle();
    const first = await created(token, event(community.slug, { title }));
    const second = await created(token, event(community.slug, { title }));
    expect(second.slug).toBe(`${first.slug}-2`);
  });

  test('when no timezone is given and the community has none, then UTC; an explicit zone is canonicalised; an invalid one answers 400', async () => {
    const { token, community } = await owner();
    await t.db('profiles').where({ id: community.id }).update({ timezone: null });
    expect((await read((await created(token, event(community.slug))).slug)).timezone).toBe('UTC');
    expect((await read((await created(token, event(community.slug, { timezone: 'america/new_york' }))).slug)).timezone).toBe('America/New_York');
    const bad = await create(token, event(community.slug, { timezone: 'Mars/Olympus' }));
    expectStatus(bad, 400);
    expect(pointers(bad)).toEqual(['/timezone']);
  });

  test('when a sourceLabel and sourceUrl are given, then the source names them', async () => {
    const { token, community } = await owner();
    const e = await read((await created(token, event(community.slug, { sourceLabel: 'Box office', sourceUrl: 'https://tickets.example.com/night' }))).slug);
    expect(e.source).toEqual({ sourceType: 'manual', label: 'Box office', url: 'https://tickets.example.com/night' });
  });

  test.each([
    ['an end before the start', { endAt: START - HOUR }, '/endAt'],
    ['an end equal to the start', { endAt: START }, '/endAt'],
    ['an end more than 31 days after the start', { endAt: START + 31 * DAY + 1 }, '/endAt'],
    ['doors after the start', { doorsOpenAt: START + 1 }, '/doorsOpenAt'],
    ['a slot more than six hours before the start', { slotLinks: [{ displayLabel: 'Early', startAt: START - 7 * HOUR }] }, '/slotLinks/0/startAt'],
    ['a slot after the end', { endAt: START + 2 * HOUR, slotLinks: [{ displayLabel: 'Late', startAt: START + 3 * HOUR }] }, '/slotLinks/0/startAt'],
    ['a slot ending before it starts', { slotLinks: [{ displayLabel: 'Odd', startAt: START, endAt: START - 1 }] }, '/slotLinks/0/endAt'],
    ['an unknown world', { worldSlug: 'no-such-world' }, '/worldSlug'],
    ['an unknown performer', { slotLinks: [{ displayLabel: 'Ghost', personSlug: 'no-such-person', startAt: START }] }, '/slotLinks/0/personSlug'],
    ['a sourceUrl that is not http(s)', { sourceUrl: 'ftp://example.com/x' }, '/sourceUrl'],
    ['a sourceUrl with credentials', { sourceUrl: 'https://user:secret@example.com/x' }, '/sourceUrl'],
    ['a javascript: media link', { mediaLinks: [{ type: 'watch', label: 'Watch', url: 'javascript:alert(1)' }] }, '/mediaLinks/0/url'],
    ['a blank media link label', { mediaLinks: [{ type: 'watch', label: '   ', url: 'https://example.com/w' }] }, '/mediaLinks/0/label'],
  ] as [string, Partial<CreateBody>, string][])('when the event has %s, then 400 pointing at it and nothing is created', async (_, extra, pointer) => {
    const { token, community } = await owner();
    const before = await t.db('events').where({ community_profile_id: community.id }).count<{ c: number | string }[]>({ c: '*' });
    const res = await create(token, event(community.slug, extra));
    expectStatus(res, 400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(pointers(res)).toContain(pointer);
    const after = await t.db('events').where({ community_profile_id: community.id }).count<{ c: number | string }[]>({ c: '*' });
    expect(Number(after[0].c)).toBe(Number(before[0].c));
  });

  test('when a slot starts at the doors opening earlier than six hours before the start, then it is accepted', async () => {
    const { token, community } = await owner();
    const res = await create(token, event(community.slug, { doorsOpenAt: START - 8 * HOUR, slotLinks: [{ displayLabel: 'Warm-up', startAt: START - 8 * HOUR }] }));
    expectStatus(res, 200);
  });
});

describe('authority (contract 4.8, 5.10)', () => {
  test('when the caller does not own the community, then 403, nothing is created and the refusal is audited', async () => {
    const { community } = await owner();
    const stranger = await owner();
    const res = await create(stranger.token, event(community.slug));
    expectStatus(res, 403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await t.db('events').where({ community_profile_id: community.id }).first()).toBeUndefined();
    const [audit] = await t.services.audit.list({ action: 'event.created', limit: 1 });
    expect(audit).toMatchObject({ result: 'refused', ownerRef: stranger.user.id, routeClass: 'public_write', resourceType: 'event' });
  });

  test('when the community is unclaimed, or its recorded owner no longer holds the claim, then 403', async () => {
    const { token } = await owner();
    const unclaimed = await t.services.directory.createProfile({ profileType: 'community', displayName: `Unclaimed Crew ${++n}` });
    expectStatus(await create(token, event(unclaimed.slug)), 403);
    const lapsed = await owner();
    await t.db('profiles').where({ id: lapsed.community.id }).update({ claim_state: 'unclaimed' });
    expectStatus(await create(lapsed.token, event(lapsed.community.slug)), 403);
  });

  test('when a community-owned token with events:write is used, then 403 USER_AUTHORITY_REQUIRED', async () => {
    const { user, community } = await owner();
    const communityToken = await makeCommunityToken(t, user.id, community.id, ['events:write']);
    const res = await create(communityToken.value, event(community.slug));
    expectStatus(res, 403);
    expect(res.body.code).toBe('USER_AUTHORITY_REQUIRED');
    const e = await created((await makeToken(t.services, user.id, ['events:write'])).value, event(community.slug));
    const patch = await update(communityToken.value, e.slug, { title: 'By The Community Token' });
    expectStatus(patch, 403);
    expect(patch.body.code).toBe('USER_AUTHORITY_REQUIRED');
  });

  test('when a client-credentials OAuth token with events:write is used, then 403 USER_AUTHORITY_REQUIRED', async () => {
    const { user, community } = await owner();
    const app = await t.services.oauthApps.create(
      user.id,
      { displayName: `Sync ${crypto.randomBytes(3).toString('hex')}`, clientType: 'confidential', redirectUris: ['https://client.example.test/callback'], allowedGrants: ['client_credentials'], allowedScopes: ['public:read', 'events:write'] },
      'web_session',
    );
    const client: oauth.Client = { client_id: app.application.clientId };
    const grant = await oauth.clientCredentialsGrantRequest(s.as, client, oauth.ClientSecretBasic(app.clientSecretValue!), new URLSearchParams({ scope: 'events:write' }), insecure);
    const tokens = await oauth.processClientCredentialsResponse(s.as, client, grant);
    expect(tokens.scope).toBe('events:write');
    const res = await create(tokens.access_token, event(community.slug));
    expectStatus(res, 403);
    expect(res.body.code).toBe('USER_AUTHORITY_REQUIRED');
    const e = await created((await makeToken(t.services, user.id, ['events:write'])).value, event(community.slug));
    const patch = await update(tokens.access_token, e.slug, { title: 'By The Application' });
    expectStatus(patch, 403);
    expect(patch.body.code).toBe('USER_AUTHORITY_REQUIRED');
    expect((await read(e.slug)).title).not.toBe('By The Application');
  });

  test('when the token lacks events:write, then 403 INSUFFICIENT_SCOPE; without a token, 401', async () => {
    const { community, user } = await owner();
    const contributeOnly = (await makeToken(t.services, user.id, ['events:contribute', 'events:read'])).value;
    const res = await create(contributeOnly, event(community.slug));
    expectStatus(res, 403);
    expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
    const e = await created((await makeToken(t.services, user.id, ['events:write'])).value, event(community.slug));
    const patch = await update(contributeOnly, e.slug, { title: 'Without The Scope' });
    expectStatus(patch, 403);
    expect(patch.body.code).toBe('INSUFFICIENT_SCOPE');
    expectStatus(await callOp(t.app, 'createCurrentUserCommunityEvent', { body: event(community.slug) }), 401);
  });

  test('when the communitySlug is unknown, a person, or a draft community of someone else, then 404', async () => {
    const { token, user } = await owner();
    expectStatus(await create(token, event('no-such-community')), 404);
    const person = await performer('Not A Community');
    expectStatus(await create(token, event(person.slug)), 404);
    const hidden = await owner();
    await t.db('profiles').where({ id: hidden.community.id }).update({ publication_state: 'draft_private' });
    // Someone else's draft community is not revealed: the same 404 as an unknown slug.
    expectStatus(await create(token, event(hidden.community.slug)), 404);
    // Its own active owner may still write its events.
    expectStatus(await create(hidden.token, event(hidden.community.slug)), 200);
    expect(user.id).not.toBe(hidden.user.id);
  });

  test('when someone else updates the event, then 403; when the event is unknown or retracted, then 404', async () => {
    const { token, community } = await owner();
    const e = await created(token, event(community.slug));
    const stranger = await owner();
    const res = await update(stranger.token, e.slug, { title: 'Taken Over' });
    expectStatus(res, 403);
    expect((await read(e.slug)).title).not.toBe('Taken Over');
    expectStatus(await update(token, 'no-such-event', { title: 'Anything' }), 404);
    await t.db('events').where({ id: e.eventId }).update({ retracted_at: t.clock.now() });
    expectStatus(await update(token, e.slug, { title: 'Back Again' }), 404);
  });

  test('when the event moves to another community, then the caller must actively own both', async () => {
    const a = await owner();
    const mine = await t.services.directory.createProfile({ profileType: 'community', displayName: `Second Crew ${++n}`, ownerUserId: a.user.id });
    const theirs = await owner();
    const e = await created(a.token, event(a.community.slug));
    expectStatus(await update(a.token, e.slug, { communitySlug: theirs.community.slug }), 403);
    expectStatus(await update(a.token, e.slug, { communitySlug: 'no-such-community' }), 404);
    expect((await read(e.slug)).communitySlug).toBe(a.community.slug);
    expectStatus(await update(a.token, e.slug, { communitySlug: mine.slug }), 200);
    const [audit] = await t.services.audit.list({ action: 'event.updated', limit: 1 });
    expect(audit).toMatchObject({ result: 'accepted', routeClass: 'public_write', resourceType: 'event', resourceId: e.eventId, ownerRef: a.user.id });
    expect(audit.metadata).toMatchObject({ targetIds: [e.eventId, mine.id], movedFromCommunityProfileId: a.community.id, changed: ['communitySlug'] });
    const moved = await read(e.slug);
    // The default label follows the event to its new community.
    expect(moved).toMatchObject({ communitySlug: mine.slug, source: { sourceType: 'manual', label: mine.displayName } });
    // Now it is the second community's event: its owner keeps control, the first community's page no longer lists it.
    const listed = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: a.community.slug } }), 200);
    expect(listed.events.map((x) => x.slug)).not.toContain(e.slug);
  });

  test("when the community owner updates a contributor's event of that community, then the update is accepted and the contribution stays community-submitted", async () => {
    const { user, token, community } = await owner();
    const contributor = await makeUser(t.services);
    const contributeToken = (await makeToken(t.services, contributor.id, ['events:contribute'])).value;
    const draftId = bodyOf(await saveDraft(t, contributeToken, { communitySlug: community.slug, title: uniqueTitle(), eventDate: '2026-12-12', start: { time: '21:00' } }), 200).draftId;
    const published = bodyOf(await publishDraft(t, contributeToken, draftId, 1, `k-${draftId}`), 200);
    const slug = published.eventPath.split('/').pop()!;
    expectStatus(await update(token, slug, { summary: 'Curated by the crew' }), 200);
    expect(await read(slug)).toMatchObject({ summary: 'Curated by the crew', source: { sourceType: 'community', label: 'Community-submitted' } });
    expect(user.id).not.toBe(contributor.id);
  });
});

describe('update rules (contract 4.8)', () => {
  async function fullEvent() {
    const o = await owner();
    const world = await t.services.directory.createWorld({ displayName: `Owner World ${++n}` });
    const id = ++n;
    const dj = await performer('DJ Keep', [twitch(`keep${id}`)]);
    const e = await created(o.token, event(o.community.slug, {
      summary: 'Kept summary',
      notes: 'Door code 1234',
      endAt: START + 4 * HOUR,
      doorsOpenAt: START - HOUR,
      timezone: 'Europe/Paris',
      worldSlug: world.slug,
      sourceUrl: 'https://example.com/source',
      posterImageUrl: 'https://images.example.com/poster.png',
      bannerImageUrl: 'https://images.example.com/banner.png',
      thumbnailImageUrl: 'https://images.example.com/thumb.png',
      watchMode: 'performer_sequence',
      watchSurfaceEnabled: true,
      mediaLinks: [{ type: 'discord', label: 'Discord', url: 'https://discord.gg/crew' }, { type: 'stream', label: 'Stream key', url: 'https://example.com/stream', presentation: 'copy' }],
      participantLinks: [{ personSlug: dj.slug, roleLabel: 'Headliner' }],
      slotLinks: [{ displayLabel: 'Keep Set', personSlug: dj.slug, startAt: START + HOUR, endAt: START + 2 * HOUR, selectedStreamId: `twitch:keep${id}` }],
    }));
    return { ...o, world, dj, e };
  }

  test('when only the title is sent, then media, world, schedule, lineup, images, notes and watch settings are preserved', async () => {
    const { token, e } = await fullEvent();
    const before = await read(e.slug);
    const notesBefore = (await row(e.eventId)).notes;
    expectStatus(await update(token, e.slug, { title: 'Renamed Night' }), 200);
    const after = await read(e.slug);
    expect(after).toEqual({ ...before, title: 'Renamed Night' });
    expect((await row(e.eventId)).notes).toBe(notesBefore);
    expect(before).toMatchObject({ watchMode: 'performer_sequence', watchSurfaceEnabled: true, timezone: 'Europe/Paris', mediaLinks: [{ presentation: 'open' }, { presentation: 'copy' }] });
    expect(before.authoredMediaLinks).toEqual(before.mediaLinks);
    expect(before.worlds).toHaveLength(1);
  });

  test('when null is sent for the optional scalars, then each is cleared (the zone falls back to the community one)', async () => {
    const { token, e, community } = await fullEvent();
    const res = await update(token, e.slug, { doorsOpenAt: null, endAt: null, timezone: null, worldSlug: null, summary: null, notes: null, sourceUrl: null, posterImageUrl: null, bannerImageUrl: null, thumbnailImageUrl: null });
    expectStatus(res, 200);
    const after = await read(e.slug);
    for (const k of ['doorsOpenAt', 'endAt', 'summary', 'posterImageUrl', 'bannerImageUrl', 'thumbnailImageUrl'] as const) expect(after[k]).toBeUndefined();
    expect(after.timezone).toBe(community.timezone);
    expect(after.worlds).toEqual([]);
    expect(after.source.url).toBeUndefined();
    expect((await row(e.eventId)).notes).toBeNull();
    // Lineup and media are collections: null is not how they are cleared, and they stay.
    expect(after.slots).toHaveLength(1);
    expect(after.mediaLinks).toHaveLength(2);
  });

  test('when empty arrays are sent, then media links, and slots with participants together, are cleared', async () => {
    const { token, e } = await fullEvent();
    expectStatus(await update(token, e.slug, { mediaLinks: [] }), 200);
    const noMedia = await read(e.slug);
    expect(noMedia.mediaLinks).toEqual([]);
    expect(noMedia.slots).toHaveLength(1);
    expectStatus(await update(token, e.slug, { slotLinks: [], participantLinks: [] }), 200);
    const cleared = await read(e.slug);
    expect(cleared).toMatchObject({ slots: [], participants: [], slotCount: 0, participantCount: 0 });
    expect(await t.db('event_participants').where({ event_id: e.eventId })).toEqual([]);
  });

  test('when slotLinks or participantLinks is sent alone, then 400 (dependentRequired) and nothing changes', async () => {
    const { token, e } = await fullEvent();
    const before = await read(e.slug);
    const slotsOnly = await callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug: e.slug }, invalidBody: { slotLinks: [] } });
    expectStatus(slotsOnly, 400);
    expect(slotsOnly.body.errors).toContainEqual({ pointer: '/participantLinks', message: 'is required together with slotLinks' });
    const participantsOnly = await callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug: e.slug }, invalidBody: { participantLinks: [], title: 'Half a Lineup' } });
    expectStatus(participantsOnly, 400);
    expect(participantsOnly.body.errors).toContainEqual({ pointer: '/slotLinks', message: 'is required together with participantLinks' });
    expect(await read(e.slug)).toEqual(before);
  });

  test('when startAt moves without slotLinks, then the slots keep their instants, and a move they no longer fit is refused', async () => {
    const { token, e } = await fullEvent();
    // One hour earlier: the 20:00 slot still fits (it is before the end) and does not shift.
    expectStatus(await update(token, e.slug, { startAt: START - HOUR }), 200);
    const moved = await read(e.slug);
    expect(moved.startAt).toBe(START - HOUR);
    expect(moved.slots![0].startAt).toBe(START + HOUR);
    // A day later: the kept slot would start before the event, far outside the lead.
    const refused = await update(token, e.slug, { startAt: START + DAY, endAt: START + DAY + 4 * HOUR, doorsOpenAt: null });
    expectStatus(refused, 400);
    expect(pointers(refused)).toEqual(['/startAt']);
    expect(refused.body.errors![0].message).toMatch(/send slotLinks and participantLinks/);
    expect((await read(e.slug)).startAt).toBe(START - HOUR);
    // With a new schedule in the same request, the move is accepted.
    expectStatus(await update(token, e.slug, { startAt: START + DAY, endAt: START + DAY + 4 * HOUR, slotLinks: [{ displayLabel: 'Next Day', startAt: START + DAY + HOUR }], participantLinks: [] }), 200);
    expect((await read(e.slug)).eventDate).toBe('2026-12-06');
  });

  test('when the end is shortened before a kept slot, then 400 on /endAt', async () => {
    const { token, e } = await fullEvent();
    const res = await update(token, e.slug, { endAt: START + 30 * 60_000 });
    expectStatus(res, 400);
    expect(pointers(res)).toEqual(['/endAt']);
  });

  test('when sourceLabel is blank, then the label is the community name again', async () => {
    const { token, e, community } = await fullEvent();
    expectStatus(await update(token, e.slug, { sourceLabel: 'Promoter' }), 200);
    expect((await read(e.slug)).source.label).toBe('Promoter');
    expectStatus(await update(token, e.slug, { sourceLabel: '  ' }), 200);
    expect((await read(e.slug)).source.label).toBe(community.displayName);
  });

  test('when the same person is listed twice on the roster, then 400', async () => {
    const { token, e, dj } = await fullEvent();
    const res = await update(token, e.slug, { slotLinks: [], participantLinks: [{ personSlug: dj.slug }, { personSlug: dj.slug }] });
    expectStatus(res, 400);
    expect(pointers(res)).toEqual(['/participantLinks/1/personSlug']);
  });

  test('when the participants are replaced, then the roster follows their order with typed links and per-person source', async () => {
    const { token, e, dj } = await fullEvent();
    const mc = await performer('MC Roster', [{ type: 'soundcloud', url: 'https://soundcloud.com/mc', label: 'SoundCloud' }, { type: 'website', url: 'https://mc.example.com', label: 'Site', visibility: 'unlisted' }]);
    expectStatus(await update(token, e.slug, { slotLinks: [], participantLinks: [{ personSlug: mc.slug, roleLabel: 'Host', sourceLabel: 'Flyer', sourceUrl: 'https://example.com/flyer', notes: 'private' }, { personSlug: dj.slug }] }), 200);
    const after = await read(e.slug);
    expect(after.participants).toEqual([
      { slug: mc.slug, displayName: mc.displayName, trustLabel: 'unclaimed', roleLabel: 'Host', outboundLinks: [{ type: 'soundcloud', url: 'https://soundcloud.com/mc', label: 'SoundCloud' }], source: { sourceType: 'manual', label: 'Flyer', url: 'https://example.com/flyer' } },
      expect.objectContaining({ slug: dj.slug, roleLabel: '' }),
    ]);
    expect(JSON.stringify(after)).not.toContain('private');
  });
});

describe('sanitizers shared with intake (contract 4.8)', () => {
  test.each([
    ['a NUL in the title', { title: 'Night\u0000Shift' }, '/title'],
    ['a line break in the title', { title: 'Night\nShift' }, '/title'],
    ['a lone surrogate in the summary', { summary: 'broken \ud800 text' }, '/summary'],
    ['a control character in the notes', { notes: 'bell \u0007' }, '/notes'],
    ['a NUL in a slot label', { slotLinks: [{ displayLabel: 'A\u0000', startAt: START }] }, '/slotLinks/0/displayLabel'],
    ['a blank title', { title: '   ' }, '/title'],
  ] as [string, Partial<CreateBody>, string][])('when the request has %s, then 400 pointing at it', async (_, extra, pointer) => {
    const { token, community } = await owner();
    const res = await create(token, event(community.slug, extra));
    expectStatus(res, 400);
    expect(pointers(res)).toEqual([pointer]);
  });

  test('when text is padded, blank or multi-line, then it is trimmed, blank is absent, and tabs and line feeds stay in the summary', async () => {
    const { token, community } = await owner();
    const e = await created(token, event(community.slug, { title: '  Padded Night  ', summary: 'Line one\r\n\tLine two', notes: '   ' }));
    const back = await read(e.slug);
    expect(back.title).toBe('Padded Night');
    expect(back.summary).toBe('Line one\n\tLine two');
    expect((await row(e.eventId)).notes).toBeNull();
    const blank = await created(token, event(community.slug, { summary: '   ' }));
    expect((await read(blank.slug)).summary).toBeUndefined();
  });

  test('when an intake draft with a control character in its title is published, then the same rule refuses it', async () => {
    // NUL itself never gets into a draft: the request pipeline refuses it in any request (tests/api/unstorableText.test.ts).
    const { community } = await owner();
    const contributor = await makeUser(t.services);
    const token = (await makeToken(t.services, contributor.id, ['events:contribute'])).value;
    const draftId = bodyOf(await saveDraft(t, token, { communitySlug: community.slug, title: 'Bad\u0007Title', eventDate: '2026-12-12', start: { time: '21:00' } }), 200).draftId;
    const res = await publishDraft(t, token, draftId, 1, `k-${draftId}`);
    expectStatus(res, 400);
    expect(pointers(res)).toEqual(['/fields/title']);
  });
});

describe('image URLs (contract 2.8)', () => {
  async function ownerWithAsset() {
    const o = await owner();
    const artist = await performer('Poster Artist');
    const asset = await t.services.profileAssets.addForDemo(artist.slug, { bytes: await png(), mimeType: 'image/png', placements: ['gallery'], position: 0, label: 'Poster' });
    return { ...o, artist, asset, path: `/api/v0/profiles/${artist.slug}/assets/${asset.assetId}/file` };
  }

  test('when an absolute https URL or an active profile asset path is given, then the readback shows it (root-relative stays root-relative)', async () => {
    const { token, community, path } = await ownerWithAsset();
    const e = await created(token, event(community.slug, { posterImageUrl: path, bannerImageUrl: 'https://cdn.example.com/banner.webp', thumbnailImageUrl: `${s.base}${path}` }));
    const back = await read(e.slug);
    expect(back).toMatchObject({ posterImageUrl: path, bannerImageUrl: 'https://cdn.example.com/banner.webp', thumbnailImageUrl: path });
    const list = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: community.slug } }), 200);
    expect(list.events.find((x) => x.slug === e.slug)).toMatchObject({ posterImageUrl: path, bannerImageUrl: 'https://cdn.example.com/banner.webp' });
    // Search shows the event's own thumbnail, and its poster once the thumbnail is cleared.
    const hit = async () => bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q: e.slug.split('-').slice(0, 3).join(' '), type: 'event' } }), 200).results.find((r) => r.slug === e.slug);
    expect((await hit())?.imageUrl).toBe(path);
    await update(token, e.slug, { thumbnailImageUrl: null, posterImageUrl: 'https://cdn.example.com/poster.webp' });
    expect((await hit())?.imageUrl).toBe('https://cdn.example.com/poster.webp');
  });

  test('when the event is in a world, then the world card shows the asset image as an absolute URL', async () => {
    const { token, community, path } = await ownerWithAsset();
    const world = await t.services.directory.createWorld({ displayName: `Image World ${++n}` });
    const e = await created(token, event(community.slug, { worldSlug: world.slug, posterImageUrl: path, mediaLinks: [{ type: 'event_page', label: 'Page', url: 'https://example.com/page' }] }));
    const cards = bodyOf(await callOp(t.app, 'getPublicWorldEventsBySlug', { params: { slug: world.slug } }), 200);
    expect(cards.upcoming.find((c) => c.slug === e.slug)).toMatchObject({ posterImageUrl: `${s.base}${path}`, mediaLinks: [{ type: 'event_page', label: 'Page', url: 'https://example.com/page', presentation: 'open' }] });
  });

  test.each([
    ['an unknown asset', (p: { artist: { slug: string } }) => `/api/v0/profiles/${p.artist.slug}/assets/pas_unknown/file`],
    ['an asset named under another profile', (p: { asset: { assetId?: string }; community: { slug: string } }) => `/api/v0/profiles/${p.community.slug}/assets/${p.asset.assetId}/file`],
    ['another root-relative path', () => '/api/v0/events/some-event/artwork'],
    ['a root-relative path with a query', (p: { path: string }) => `${p.path}?v=2`],
    ['a javascript: URL', () => 'javascript:alert(1)'],
    ['a data: URL', () => 'data:image/png;base64,AAAA'],
    ['a plain http URL', () => 'http://images.example.com/poster.png'],
    ['credentials in the URL', () => 'https://user:pw@images.example.com/poster.png'],
  ] as [string, (p: never) => string][])('when the poster is %s, then 400 on /posterImageUrl', async (_, url) => {
    const o = await ownerWithAsset();
    const res = await create(o.token, event(o.community.slug, { posterImageUrl: url(o as never) }));
    expectStatus(res, 400);
    expect(pointers(res)).toEqual(['/posterImageUrl']);
  });

  test('when the asset has been removed, then it can no longer be used', async () => {
    const o = await ownerWithAsset();
    await t.repos.profileAssets.markRemoved(o.asset.assetId!, t.clock.now());
    const res = await create(o.token, event(o.community.slug, { bannerImageUrl: o.path }));
    expectStatus(res, 400);
    expect(pointers(res)).toEqual(['/bannerImageUrl']);
  });

  test('when an event has intake artwork, then it is the poster unless a poster URL is set', async () => {
    const { token, community } = await owner();
    const e = await created(token, event(community.slug));
    await t.db('events').where({ id: e.eventId }).update({ artwork_asset_id: 'art_1' });
    expect((await read(e.slug)).posterImageUrl).toBe(`/api/v0/events/${e.slug}/artwork`);
    expectStatus(await update(token, e.slug, { posterImageUrl: 'https://cdn.example.com/p.png' }), 200);
    expect((await read(e.slug)).posterImageUrl).toBe('https://cdn.example.com/p.png');
  });
});

describe('stream selection (contract 2.8)', () => {
  async function lineupOwner() {
    const o = await owner();
    const id = ++n;
    const dj = await performer('DJ Stream', [
      twitch(`djstream${id}`),
      vrcdn(`djstream${id}`),
      { type: 'vrcdn', url: `https://vrcdn.video/djstream${id}-set.mp4`, label: 'Last set' },
      twitch(`hidden${id}`, { visibility: 'unlisted' }),
    ]);
    return { ...o, dj, id };
  }
  const slot = (personSlug: string, extra: Partial<SlotLink> = {}): SlotLink => ({ displayLabel: 'Set', personSlug, startAt: START + HOUR, ...extra });

  test('when a candidate is selected, then the slot carries it with PC and Quest URLs', async () => {
    const { token, community, dj, id } = await lineupOwner();
    const e = await created(token, event(community.slug, { participantLinks: [{ personSlug: dj.slug }], slotLinks: [slot(dj.slug, { selectedStreamId: `vrcdn:djstream${id}` })] }));
    const [s0] = (await read(e.slug)).slots!;
    expect(s0).toMatchObject({
      streamStatus: 'selected',
      stream: { streamId: `vrcdn:djstream${id}`, pcUrl: `rtspt://stream.vrcdn.live/live/djstream${id}`, questUrl: `https://stream.vrcdn.live/live/djstream${id}.live.ts` },
    });
    expect((await t.db('event_slots').where({ event_id: e.eventId }).first()).selected_stream_id).toBe(`vrcdn:djstream${id}`);
  });

  test.each([
    ['not one of the performer\'s streams', (id: number) => `twitch:someoneelse${id}`, /not one of the performer's discovery-visible stream links/],
    ['a direct video file', (id: number) => `vrcdn:djstream${id}-set`, /direct video file, not a live stream/],
    ['an unlisted link', (id: number) => `twitch:hidden${id}`, /not one of/],
  ] as [string, (id: number) => string, RegExp][])('when the selection is %s, then 400 on its pointer', async (_, streamId, message) => {
    const { token, community, dj, id } = await lineupOwner();
    const res = await create(token, event(community.slug, { slotLinks: [slot(dj.slug), slot(dj.slug, { startAt: START + 2 * HOUR, selectedStreamId: streamId(id) })] }));
    expectStatus(res, 400);
    expect(res.body.errors).toEqual([{ pointer: '/slotLinks/1/selectedStreamId', message: expect.stringMatching(message) }]);
  });

  test('when a stream is selected for a slot without a performer, then 400', async () => {
    const { token, community, id } = await lineupOwner();
    const res = await create(token, event(community.slug, { slotLinks: [{ displayLabel: 'Open deck', startAt: START, selectedStreamId: `twitch:djstream${id}` }] }));
    expectStatus(res, 400);
    expect(pointers(res)).toEqual(['/slotLinks/0/selectedStreamId']);
  });

  test('when the schedule is replaced, then an omitted choice is kept for the same performer and start, lost for a moved slot, and null clears it', async () => {
    const { token, community, dj, id } = await lineupOwner();
    const other = await performer('DJ Other', [twitch(`other${id}`)]);
    const e = await created(token, event(community.slug, {
      participantLinks: [{ personSlug: dj.slug }, { personSlug: other.slug }],
      slotLinks: [slot(dj.slug, { selectedStreamId: `twitch:djstream${id}` }), slot(other.slug, { startAt: START + 2 * HOUR, selectedStreamId: `twitch:other${id}` })],
    }));
    // Same performer and start, choice omitted: kept. The other slot moved by 30 minutes: lost.
    expectStatus(await update(token, e.slug, { participantLinks: [], slotLinks: [slot(dj.slug, { displayLabel: 'Renamed set' }), slot(other.slug, { startAt: START + 2.5 * HOUR })] }), 200);
    const replaced = (await read(e.slug)).slots!;
    expect(replaced[0]).toMatchObject({ displayLabel: 'Renamed set', streamStatus: 'selected', stream: { streamId: `twitch:djstream${id}` } });
    expect(replaced[1].stream).toBeUndefined();
    expect(replaced[1].streamStatus).toBeUndefined();
    // null clears the explicit choice.
    expectStatus(await update(token, e.slug, { participantLinks: [], slotLinks: [slot(dj.slug, { selectedStreamId: null })] }), 200);
    const cleared = (await read(e.slug)).slots!;
    expect(cleared[0].stream).toBeUndefined();
    expect(cleared[0].streamStatus).toBeUndefined();
  });

  test('when the performer removes the selected link, then the slot is unavailable and no other stream link is substituted', async () => {
    const { token, community, dj, id } = await lineupOwner();
    const e = await created(token, event(community.slug, { slotLinks: [slot(dj.slug, { selectedStreamId: `twitch:djstream${id}` })] }));
    const kept = dj.outboundLinks.filter((l) => !(l.type === 'twitch' && l.url.endsWith(`/djstream${id}`)));
    await t.db('profiles').where({ id: dj.id }).update({ outbound_links: JSON.stringify(kept) });
    const [s0] = (await read(e.slug)).slots!;
    expect(s0.streamStatus).toBe('unavailable');
    expect(s0.stream).toBeUndefined();
    // The performer still offers vrcdn:djstream…, which is not substituted.
    expect(s0.performer!.outboundLinks.map((l) => l.type)).toContain('vrcdn');
  });

  test('when the selected link is made unlisted, then the slot is unavailable too', async () => {
    const { token, community, dj, id } = await lineupOwner();
    const e = await created(token, event(community.slug, { slotLinks: [slot(dj.slug, { selectedStreamId: `vrcdn:djstream${id}` })] }));
    const hidden = dj.outboundLinks.map((l) => (l.type === 'vrcdn' && l.url.includes('/live/') ? { ...l, visibility: 'unlisted' } : l));
    await t.db('profiles').where({ id: dj.id }).update({ outbound_links: JSON.stringify(hidden) });
    const [s0] = (await read(e.slug)).slots!;
    expect(s0).toMatchObject({ streamStatus: 'unavailable' });
    expect(s0.stream).toBeUndefined();
  });

  test('when an unrelated field changes, then playbackKey stays; when the stream choice changes, then it changes', async () => {
    const { token, community, dj, id } = await lineupOwner();
    const e = await created(token, event(community.slug, { slotLinks: [slot(dj.slug, { selectedStreamId: `twitch:djstream${id}` })] }));
    const first = (await read(e.slug)).slots![0].playbackKey;
    expectStatus(await update(token, e.slug, { title: 'Unrelated Rename', summary: 'New words' }), 200);
    expect((await read(e.slug)).slots![0].playbackKey).toBe(first);
    // A replacement keeping the choice keeps the key too.
    expectStatus(await update(token, e.slug, { participantLinks: [], slotLinks: [slot(dj.slug)] }), 200);
    expect((await read(e.slug)).slots![0].playbackKey).toBe(first);
    expectStatus(await update(token, e.slug, { participantLinks: [], slotLinks: [slot(dj.slug, { selectedStreamId: `vrcdn:djstream${id}` })] }), 200);
    const changed = (await read(e.slug)).slots![0].playbackKey;
    expect(changed).not.toBe(first);
  });

  test('when watchMode is set, then the readback has it; by default it is event_stream', async () => {
    const { token, community } = await lineupOwner();
    const e = await created(token, event(community.slug));
    expect((await read(e.slug)).watchMode).toBe('event_stream');
    expectStatus(await update(token, e.slug, { watchMode: 'performer_sequence' }), 200);
    expect((await read(e.slug)).watchMode).toBe('performer_sequence');
  });
});

describe('atomic writes', () => {
  test('when several PATCHes of one event race, then the final slots and roster are exactly one request\'s', async () => {
    const { token, community } = await owner();
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => performer(`Racer ${i}`)));
    const e = await created(token, event(community.slug));
    const bodies: UpdateBody[] = people.map((p, i) => ({
      summary: `writer ${i}`,
      participantLinks: [{ personSlug: p.slug }],
      slotLinks: [0, 1, 2, 3].map((j) => ({ displayLabel: `w${i}-s${j}`, personSlug: p.slug, startAt: START + j * HOUR })),
    }));
    const results = await Promise.all(bodies.map((body) => update(token, e.slug, body)));
    for (const r of results) expectStatus(r, 200);
    const back = await read(e.slug);
    const winner = Number(/writer (\d)/.exec(back.summary!)![1]);
    expect(back.slots!.map((x) => x.displayLabel)).toEqual([0, 1, 2, 3].map((j) => `w${winner}-s${j}`));
    expect(back.participants!.map((p) => p.slug)).toEqual([people[winner].slug]);
    expect(await t.db('event_slots').where({ event_id: e.eventId })).toHaveLength(4);
  });
});

describe('discovery shows owner-created events', () => {
  test('when an owner creates an event, then the upcoming list, the community list and /me/events show it, and notes appear in none of them', async () => {
    const { token, community } = await owner();
    // The soonest event of this file (the day after the test clock): first on the upcoming list.
    const e = await created(token, event(community.slug, { startAt: Date.parse('2026-11-22T19:00:00Z'), notes: 'SECRET-NOTE-owner' }));
    const upcoming = await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } });
    expectStatus(upcoming, 200);
    expect(upcoming.body.events.map((x) => x.slug)).toContain(e.slug);
    const mine = await callOp(t.app, 'listCurrentApiUserEvents', { token });
    expectStatus(mine, 200);
    expect(mine.body.events.find((x) => x.id === e.eventId)).toMatchObject({ slug: e.slug, sourceType: 'manual', sourceLabel: community.displayName, status: 'scheduled' });
    const listed = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: community.slug } }), 200);
    expect(listed.events.map((x) => x.slug)).toContain(e.slug);
    for (const body of [upcoming.body, mine.body, listed, await read(e.slug)]) expect(JSON.stringify(body)).not.toContain('SECRET-NOTE');
  });
});

describe('instants beyond the calendar (found by the contract fuzzer)', () => {
  test('when startAt is past the end of year 9999, then 400 pointing at it and nothing is created, not a 500', async () => {
    const { token, community } = await owner();
    const before = await t.db('events').count({ n: '*' }).first();
    const res = await callOp(t.app, 'createCurrentUserCommunityEvent', { token, invalidBody: event(community.slug, { startAt: 8_640_000_000_000_001 }) });
    expectStatus(res, 400);
    expect(pointers(res)).toEqual(['/startAt']);
    expect(await t.db('events').count({ n: '*' }).first()).toEqual(before);
  });

  test('when startAt is late on the last day of year 9999, then the contract does not refuse the instant', async () => {
    const { token, community } = await owner();
    const res = await create(token, event(community.slug, { startAt: Date.UTC(9999, 11, 31, 20, 0, 0) }));
    expect([200, 400]).toContain(res.status);
    if (res.status === 400) expect(pointers(res)).not.toContain('/startAt');
  });
});
