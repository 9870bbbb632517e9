import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { insecure, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import type { TestApp } from '../helpers/testApp.js';
import { makeCommunityToken, makeContributor, makeToken, publishDraft, publishEvent, saveDraft } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { DRAFT_LIFETIME_MS } from '../../src/services/events/drafts.js';

/**
 * The contributor's own lists: live intake drafts (`GET /api/v0/event-intake`) and the events
 * published through intake (`GET /api/v0/me/contributions`), every answer checked against the
 * contract by `callOp`.
 */
let s: ServedTestApp;
let t: TestApp;
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  t = s.t;
  await loadDemoData(t.services);
});
afterAll(() => s.close());

const drafts = (token: string | undefined, query: { limit?: number; cursor?: string } = {}) => callOp(t.app, 'listEventIntakeDrafts', { token, query });
const contributions = (token: string | undefined, query: { limit?: number; cursor?: string } = {}) => callOp(t.app, 'listCurrentApiUserContributions', { token, query });

/** Every page of a list, following nextCursor with `limit` a page. */
async function allPages<T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}
const draftPages = (token: string, limit: number) =>
  allPages(async (cursor) => {
    const body = bodyOf(await drafts(token, { limit, cursor }), 200);
    return { items: body.drafts, nextCursor: body.nextCursor };
  });
const contributionPages = (token: string, limit: number) =>
  allPages(async (cursor) => {
    const body = bodyOf(await contributions(token, { limit, cursor }), 200);
    return { items: body.contributions, nextCursor: body.nextCursor };
  });

/** Descending (a, b) order of (time, id), the lists' order. */
const newestFirst = <T>(key: (x: T) => [number, string]) => (a: T, b: T) => {
  const [ka, ia] = key(a);
  const [kb, ib] = key(b);
  return kb - ka || (ib < ia ? -1 : ib > ia ? 1 : 0);
};

describe('listEventIntakeDrafts: the caller\'s live drafts', () => {
  test('when a contributor has drafts saved at different times and at the same instant, then all of them and only theirs come back, last saved first, ties by id, across pages', async () => {
    const a = await makeContributor(t);
    const b = await makeContributor(t);
    const start = t.clock.now();
    const ids: { id: string; at: number }[] = [];
    // Five drafts: two pairs saved in the same millisecond, one alone.
    for (const [i, offset] of [0, 1000, 1000, 2000, 2000].entries()) {
      t.clock.set(start + offset);
      const { draftId } = bodyOf(await saveDraft(t, a.token, { title: `Mine ${i}` }), 200);
      ids.push({ id: draftId, at: start + offset });
    }
    const theirs = bodyOf(await saveDraft(t, b.token, { title: 'Not yours' }), 200).draftId;
    t.clock.set(start + 3000);

    const pages = await draftPages(a.token, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const listed = pages.flat();
    const expected = [...ids].sort(newestFirst((d) => [d.at, d.id])).map((d) => d.id);
    expect(listed.map((d) => d.draftId)).toEqual(expected);
    expect(listed.map((d) => d.draftId)).not.toContain(theirs);
    // The other user sees only their own.
    expect(bodyOf(await drafts(b.token), 200)).toEqual({ drafts: [expect.objectContaining({ draftId: theirs, title: 'Not yours' })], nextCursor: null });

    // Saving a draft again moves it to the front.
    const oldest = expected[expected.length - 1];
    expectStatus(await callOp(t.app, 'updateEventIntakeDraft', { token: a.token, params: { draftId: oldest }, body: { expectedVersion: 1, patch: { summary: 'touched' } } }), 200);
    const first = bodyOf(await drafts(a.token, { limit: 1 }), 200);
    expect(first.drafts).toEqual([expect.objectContaining({ draftId: oldest, version: 2, updatedAt: start + 3000, expiresAt: start + 3000 + DRAFT_LIFETIME_MS })]);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  test('when a draft holds event fields and questions, then its summary shows them as held and null for what it does not hold', async () => {
    const { token } = await makeContributor(t);
    const now = t.clock.now();
    const { draftId } = bodyOf(
      await saveDraft(t, token, { title: 'Rooftop', communitySlug: 'neon-reverie', eventDate: '2027-01-09', timezone: 'Europe/Berlin', start: { time: '21:00' }, end: { time: '01:00', dayOffset: 1 }, questions: ['Which world?', 'Doors?'] }),
      200,
    );
    const bare = bodyOf(await saveDraft(t, token, {}), 200).draftId;
    const listed = bodyOf(await drafts(token), 200).drafts;
    expect(listed.find((d) => d.draftId === draftId)).toEqual({
      draftId,
      version: 1,
      createdAt: now,
      updatedAt: now,
      expiresAt: now + DRAFT_LIFETIME_MS,
      title: 'Rooftop',
      communitySlug: 'neon-reverie',
      eventDate: '2027-01-09',
      timeTba: null,
      timezone: 'Europe/Berlin',
      start: { time: '21:00' },
      end: { time: '01:00', dayOffset: 1 },
      posterCount: 0,
      questionCount: 2,
    });
    expect(listed.find((d) => d.draftId === bare)).toMatchObject({ title: null, communitySlug: null, eventDate: null, start: null, end: null, questionCount: 0 });
  });

  test('when a draft is published or expires, then it leaves the list (the published one stays readable by id)', async () => {
    const { token } = await makeContributor(t);
    const old = bodyOf(await saveDraft(t, token, { title: 'Will expire' }), 200).draftId;
    t.clock.advance(DRAFT_LIFETIME_MS - 1);
    const published = bodyOf(await saveDraft(t, token, { title: `Published ${crypto.randomBytes(3).toString('hex')}`, communitySlug: 'neon-reverie', eventDate: '2027-04-02', start: { time: '20:00' } }), 200).draftId;
    const kept = bodyOf(await saveDraft(t, token, { title: 'Kept' }), 200).draftId;
    expect(bodyOf(await drafts(token), 200).drafts.map((d) => d.draftId).sort()).toEqual([old, published, kept].sort());

    expectStatus(await publishDraft(t, token, published, 1, `pub-${published}`), 200);
    // One millisecond later the first draft is 30 days old: expired.
    t.clock.advance(1);
    expect(bodyOf(await drafts(token), 200)).toEqual({ drafts: [expect.objectContaining({ draftId: kept })], nextCursor: null });
    expect(bodyOf(await callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId: published } }), 200).publishedReceiptId).toEqual(expect.any(String));
    expectStatus(await callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId: old } }), 404);
  });

  test('when drafts are saved while a contributor pages, then no page repeats a draft and none listed before is skipped', async () => {
    const { token } = await makeContributor(t);
    const before: string[] = [];
    for (let i = 0; i < 6; i++) {
      t.clock.advance(10);
      before.push(bodyOf(await saveDraft(t, token, { title: `Before ${i}` }), 200).draftId);
    }
    const first = bodyOf(await drafts(token, { limit: 2 }), 200);
    t.clock.advance(10);
    // Real concurrent requests: four new saves beside the next page's read.
    const [second] = await Promise.all([drafts(token, { limit: 2, cursor: first.nextCursor! }), ...Array.from({ length: 4 }, (_, i) => saveDraft(t, token, { title: `During ${i}` }))]);
    const rest = bodyOf(second, 200);
    const tail = (await allPages(async (cursor) => {
      const body = bodyOf(await drafts(token, { limit: 2, cursor: cursor ?? rest.nextCursor! }), 200);
      return { items: body.drafts, nextCursor: body.nextCursor };
    })).flat();
    const seen = [...first.drafts, ...rest.drafts, ...tail].map((d) => d.draftId);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...before].reverse());
  });
});

describe('listCurrentApiUserContributions: the events the caller published through intake', () => {
  const fields = (eventDate: string) => ({ communitySlug: 'neon-reverie', eventDate, start: { time: '21:00' } });

  test('when a contributor published events (two in the same millisecond) and retracted one, then all of theirs come back latest first, ties by id, the retracted one marked, across pages', async () => {
    const a = (await makeContributor(t)).token;
    const b = (await makeContributor(t)).token;
    const start = t.clock.now();
    const published: { eventId: string; slug: string; at: number }[] = [];
    for (const [i, offset] of [0, 500, 500, 900].entries()) {
      t.clock.set(start + offset);
      const e = await publishEvent(t, a, fields(`2027-05-0${i + 1}`));
      published.push({ eventId: e.eventId, slug: e.slug, at: start + offset });
    }
    const theirs = await publishEvent(t, b, fields('2027-05-09'));
    t.clock.set(start + 1000);
    const retracted = published[1];
    expect(bodyOf(await callOp(t.app, 'retractEventContribution', { token: a, params: { slug: retracted.slug } }), 200).changed).toBe(true);

    const pages = await contributionPages(a, 3);
    expect(pages.map((p) => p.length)).toEqual([3, 1]);
    const listed = pages.flat();
    expect(listed.map((c) => c.eventId)).toEqual([...published].sort(newestFirst((e) => [e.at, e.eventId])).map((e) => e.eventId));
    expect(listed.map((c) => c.eventId)).not.toContain(theirs.eventId);
    expect(bodyOf(await contributions(b), 200).contributions.map((c) => c.eventId)).toEqual([theirs.eventId]);

    const gone = listed.find((c) => c.eventId === retracted.eventId)!;
    expect(gone).toMatchObject({ retracted: true, retractedAt: start + 1000, staffTakeover: false });
    expect(gone.pageUrl).toBeUndefined();
    const live = listed.find((c) => c.eventId === published[3].eventId)!;
    expect(live).toEqual({
      eventId: published[3].eventId,
      slug: published[3].slug,
      title: expect.any(String),
      scheduleKind: 'timed',
      eventDate: '2027-05-04',
      startAt: expect.any(Number),
      timezone: expect.any(String),
      communitySlug: 'neon-reverie',
      status: 'scheduled',
      eventPath: `/api/v0/events/${published[3].slug}`,
      pageUrl: `${t.config.publicBaseUrl}/events/${published[3].slug}`,
      publishedAt: start + 900,
      updatedAt: start + 900,
      contributionVersion: 1,
      retracted: false,
      staffTakeover: false,
    });
    // The page is the public event page.
    expect((await fetch(live.pageUrl!)).status).toBe(200);
  });

  test('when the contributor corrects with the listed updatedAt, then it lands and the list shows the new revision; a staff takeover is shown', async () => {
    const token = (await makeContributor(t)).token;
    const e = await publishEvent(t, token, fields('2027-06-12'));
    const listed = bodyOf(await contributions(token), 200).contributions[0];
    const corrected = bodyOf(await callOp(t.app, 'updateEventContribution', { token, params: { slug: e.slug }, body: { expectedUpdatedAt: listed.updatedAt, patch: { summary: 'Corrected' } } }), 200);
    expect(corrected.changed).toBe(true);
    expect(bodyOf(await contributions(token), 200).contributions[0]).toMatchObject({ eventId: e.eventId, updatedAt: corrected.updatedAt, contributionVersion: 2, staffTakeover: false });
    await t.services.publishing.takeOver(e.slug);
    expect(bodyOf(await contributions(token), 200).contributions[0]).toMatchObject({ eventId: e.eventId, staffTakeover: true, retracted: false });
  });
});

describe('refusals of both lists', () => {
  const both = [
    ['listEventIntakeDrafts', drafts],
    ['listCurrentApiUserContributions', contributions],
  ] as const;

  test.each(both)('%s: when called anonymously, then 401 with a Bearer challenge', async (_name, list) => {
    const res = await list(undefined);
    expectStatus(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  test.each(both)('%s: when the token lacks events:contribute (even with events:read), then 403', async (_name, list) => {
    const { token } = await makeContributor(t, ['events:read', 'profile:read', 'public:read']);
    const res = await list(token);
    expectStatus(res, 403);
    expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
  });

  test.each(both)('%s: when a community-owned token with events:contribute calls, then 401 as on every intake route', async (_name, list) => {
    const { user } = await makeContributor(t);
    const community = await t.db('profiles').where({ slug: 'neon-reverie' }).first();
    const ct = await makeCommunityToken(t, user.id, community.id, ['events:contribute']);
    const res = await list(ct.value);
    expectStatus(res, 401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  test.each(both)('%s: when a client-credentials OAuth token with events:contribute calls, then 401 and no user\'s list is read', async (_name, list) => {
    const { user, token } = await makeContributor(t);
    expectStatus(await saveDraft(t, token, { title: 'Owner draft' }), 200);
    const app = await t.services.oauthApps.create(
      user.id,
      { displayName: `Sync ${crypto.randomBytes(3).toString('hex')}`, clientType: 'confidential', redirectUris: ['https://client.example.test/callback'], allowedGrants: ['client_credentials'], allowedScopes: ['public:read', 'events:contribute'] },
      'web_session',
    );
    const client: oauth.Client = { client_id: app.application.clientId };
    const grant = await oauth.clientCredentialsGrantRequest(s.as, client, oauth.ClientSecretBasic(app.clientSecretValue!), new URLSearchParams({ scope: 'events:contribute' }), insecure);
    const tokens = await oauth.processClientCredentialsResponse(s.as, client, grant);
    expect(tokens.scope).toBe('events:contribute');
    const res = await list(tokens.access_token);
    expectStatus(res, 401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  test.each(both)('%s: when the cursor is malformed, belongs to the other list, or the limit is out of bounds, then 400 VALIDATION_FAILED', async (name, list) => {
    const { token } = await makeContributor(t);
    const otherList = name === 'listEventIntakeDrafts' ? 'contributions' : 'drafts';
    const foreign = Buffer.from(JSON.stringify([otherList, t.clock.now(), 'x'])).toString('base64url');
    for (const query of [{ cursor: 'not-a-cursor' }, { cursor: Buffer.from('[1,2]').toString('base64url') }, { cursor: foreign }, { limit: 0 }, { limit: 101 }]) {
      const res = await list(token, query);
      expectStatus(res, 400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  test('when a personal token of a user with both lists empty calls, then empty lists with a null cursor', async () => {
    const user = (await makeContributor(t)).user;
    const token = (await makeToken(t.services, user.id, ['events:contribute'])).value;
    expect(bodyOf(await drafts(token), 200)).toEqual({ drafts: [], nextCursor: null });
    expect(bodyOf(await contributions(token), 200)).toEqual({ contributions: [], nextCursor: null });
  });
});
