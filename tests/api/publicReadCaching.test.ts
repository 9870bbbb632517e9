import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, publishEvent, stubPosterReader, type PublishableFields } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import ICAL from 'ical.js';
import { keptReadLaneStats } from '../../src/http/pipeline/fastLane.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
  await loadDemoData(t.services);
});
afterAll(() => t.close());

/** A fresh event of Neon Reverie (demo data) on 20 March 2027, 21:00–23:00 in Berlin (20:00–22:00 UTC). */
const published = async (fields: Partial<PublishableFields> = {}) => {
  const { token } = await makeContributor(t);
  const e = await publishEvent(t, token, { communitySlug: 'neon-reverie', eventDate: '2027-03-20', timezone: 'Europe/Berlin', start: { time: '21:00' }, end: { time: '23:00' }, ...fields });
  return { ...e, token };
};
const START = Date.UTC(2027, 2, 20, 20, 0);
const END = Date.UTC(2027, 2, 20, 22, 0);
const read = (app: TestApp, slug: string, headers: Record<string, string> = {}) => callOp(app.app, 'getPublicEventBySlug', { params: { slug }, headers });
/** Moves the row behind the API's back (no write path, so no version stamp): shows whether an answer was kept. */
const retitleBehindTheApi = (slug: string, title: string) => t.db('events').where({ slug }).update({ title });
/**
 * The same for an event's search document. On PostgreSQL the database itself moves the stamp
 * whenever search documents change (migration 20261207000200), so the change is made with its
 * triggers off for the transaction (session_replication_role), as no write path could.
 */
const retitleDocumentBehindTheApi = (slug: string, title: string) =>
  t.db.transaction(async (trx) => {
    if (t.dialect === 'pg') await trx.raw('set local session_replication_role = replica');
    await trx('search_documents').where({ slug }).update({ title });
  });

describe('ETag, If-None-Match and Cache-Control on public reads', () => {
  test('when an anonymous caller reads an event, then a strong ETag and public must-revalidate; If-None-Match answers 304 with the same headers and no body', async () => {
    const e = await published();
    const first = await read(t, e.slug);
    expectStatus(first, 200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await read(t, e.slug, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(again.text ?? '').toBe('');
    // A tag that no longer matches gets the body.
    expect((await read(t, e.slug, { 'If-None-Match': '"stale"' })).status).toBe(200);
  });

  test('when an event changes, then its ETag changes and the old tag gets the new body', async () => {
    const e = await published({ summary: 'before' });
    const before = await read(t, e.slug);
    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token: e.token, params: { slug: e.slug } }), 200);
    expectStatus(await callOp(t.app, 'updateEventContribution', { token: e.token, params: { slug: e.slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { summary: 'after' } } }), 200);
    const after = await read(t, e.slug, { 'If-None-Match': before.headers.etag });
    expect(bodyOf(after, 200).summary).toBe('after');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  test('when lists, profiles, worlds and search are read anonymously, then each has an ETag and a matching If-None-Match answers 304', async () => {
    const reads = [
      () => callOp(t.app, 'listPublicUpcomingEvents', {}),
      () => callOp(t.app, 'getPublicCommunityProfileBySlug', { params: { slug: 'neon-reverie' } }),
      () => callOp(t.app, 'listPublicCommunityEvents', { params: { slug: 'neon-reverie' } }),
      () => callOp(t.app, 'listPublicActiveWorlds', {}),
      () => callOp(t.app, 'searchPublicCatalog', { query: { q: 'neon' } }),
    ];
    for (const call of reads) {
      const res = await call();
      expect(res.status).toBe(200);
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    const list = await callOp(t.app, 'listPublicUpcomingEvents', {});
    const notModified = await callOp(t.app, 'listPublicUpcomingEvents', { headers: { 'If-None-Match': list.headers.etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(list.headers.etag);
  });

  test('when the caller is authenticated, or reads about itself, then private, no-store', async () => {
    const e = await published();
    const user = await makeUser(t.services);
    const token = (await makeToken(t.services, user.id, ['public:read'])).value;
    const authed = await callOp(t.app, 'getPublicEventBySlug', { token, params: { slug: e.slug } });
    expectStatus(authed, 200);
    expect(authed.headers['cache-control']).toBe('private, no-store');
    const me = await callOp(t.app, 'getCurrentApiCaller', { token });
    expectStatus(me, 200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    const missing = await read(t, 'no-such-event');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('the response cache of anonymous public reads', () => {
  test('when nothing was written, then the second anonymous read is served from the cache (an authenticated read computes)', async () => {
    const e = await published();
    const title = bodyOf(await read(t, e.slug), 200).title;
    await retitleBehindTheApi(e.slug, 'changed behind the API');
    expect(bodyOf(await read(t, e.slug), 200).title).toBe(title);
    const user = await makeUser(t.services);
    const token = (await makeToken(t.services, user.id, ['public:read'])).value;
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { token, params: { slug: e.slug } }), 200).title).toBe('changed behind the API');
  });

  test('when the contributor corrects the event, then the next anonymous read shows the correction', async () => {
    const e = await published({ summary: 'first' });
    expect(bodyOf(await read(t, e.slug), 200).summary).toBe('first');
    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token: e.token, params: { slug: e.slug } }), 200);
    expectStatus(await callOp(t.app, 'updateEventContribution', { token: e.token, params: { slug: e.slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { summary: 'second' } } }), 200);
    expect(bodyOf(await read(t, e.slug), 200).summary).toBe('second');
  });

  test('when the event is retracted, then the next anonymous read answers 404 and the upcoming list drops it', async () => {
    const e = await published({ eventDate: '2026-11-22' });
    expect(bodyOf(await read(t, e.slug), 200).slug).toBe(e.slug);
    const listed = async () => bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } }), 200).events.some((x) => x.slug === e.slug);
    expect(await listed()).toBe(true);
    expectStatus(await callOp(t.app, 'retractEventContribution', { token: e.token, params: { slug: e.slug } }), 200);
    expect((await read(t, e.slug)).status).toBe(404);
    expect(await listed()).toBe(false);
  });

  test('when a second instance sharing the database retracts or edits, then this instance stops serving its cached answer at once', async () => {
    const second = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() }, { shareWith: t });
    try {
      const edited = await published({ summary: 'on instance one' });
      const retracted = await published();
      expect(bodyOf(await read(t, edited.slug), 200).summary).toBe('on instance one');
      expectStatus(await read(t, retracted.slug), 200);
      const record = bodyOf(await callOp(second.app, 'getEventContribution', { token: edited.token, params: { slug: edited.slug } }), 200);
      expectStatus(await callOp(second.app, 'updateEventContribution', { token: edited.token, params: { slug: edited.slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { summary: 'from instance two' } } }), 200);
      expectStatus(await callOp(second.app, 'retractEventContribution', { token: retracted.token, params: { slug: retracted.slug } }), 200);
      expect(bodyOf(await read(t, edited.slug), 200).summary).toBe('from instance two');
      expect((await read(t, retracted.slug)).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  test('when time passes the start and the end, then the cached answer gives way: scheduled, in_progress, ended; next slots and the upcoming list follow', async () => {
    const e = await published({
      eventDate: '2027-03-21',
      lineup: [
        { clientKey: 'a', position: 0, performerLabel: 'Opener', start: { time: '21:00' }, end: { time: '22:00' } },
        { clientKey: 'b', position: 1, performerLabel: 'Closer', start: { time: '22:00' }, end: { time: '23:00' } },
      ],
    });
    const day = 86_400_000;
    const at = async (ms: number) => {
      t.clock.set(ms);
      return bodyOf(await read(t, e.slug), 200);
    };
    const listed = async () => bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } }), 200).events.some((x) => x.slug === e.slug);
    const before = t.clock.now();
    try {
      const early = await at(START + day - 60_000);
      expect(early.status).toBe('scheduled');
      expect(early.nextSlots?.map((s) => s.displayLabel)).toEqual(['Opener', 'Closer']);
      expect(await listed()).toBe(true);
      expect((await at(START + day - 1)).status).toBe('scheduled');
      const started = await at(START + day);
      expect(started.status).toBe('in_progress');
      expect(started.nextSlots?.map((s) => s.displayLabel)).toEqual(['Opener', 'Closer']);
      expect((await at(START + day + 3_600_000)).nextSlots?.map((s) => s.displayLabel)).toEqual(['Closer']);
      expect((await at(END + day - 1)).status).toBe('in_progress');
      expect(await listed()).toBe(true);
      expect((await at(END + day)).status).toBe('ended');
      expect(await listed()).toBe(false);
    } finally {
      t.clock.set(before);
    }
  });
});

describe('kept search answers', () => {
  const search = (app: TestApp, q: string, token?: string) => callOp(app.app, 'searchPublicCatalog', { query: { q, type: 'event' }, token });
  const found = async (app: TestApp, q: string, token?: string) => bodyOf(await search(app, q, token), 200).results.map((r) => `${r.slug} ${r.title}`);

  test('when nothing was written, then the second anonymous search is served from the cache (an authenticated search computes)', async () => {
    const e = await published({ title: 'Kestrel Nightfall' });
    expect(await found(t, 'kestrel nightfall')).toEqual([`${e.slug} Kestrel Nightfall`]);
    await retitleDocumentBehindTheApi(e.slug, 'changed behind the API');
    expect(await found(t, 'kestrel nightfall')).toEqual([`${e.slug} Kestrel Nightfall`]);
    // The same words spelled otherwise are another query, computed.
    expect(await found(t, 'Kestrel  NIGHTFALL')).toEqual([`${e.slug} changed behind the API`]);
    const user = await makeUser(t.services);
    const token = (await makeToken(t.services, user.id, ['public:read'])).value;
    expect(await found(t, 'kestrel nightfall', token)).toEqual([`${e.slug} changed behind the API`]);
  });

  test('when a second instance sharing the database corrects one event and retracts another, then this instance finds the correction and no longer the retracted one', async () => {
    const second = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() }, { shareWith: t });
    try {
      const edited = await published({ title: 'Osprey Tidewater' });
      const retracted = await published({ title: 'Osprey Lowland' });
      expect((await found(t, 'osprey')).sort()).toEqual([`${edited.slug} Osprey Tidewater`, `${retracted.slug} Osprey Lowland`].sort());
      const record = bodyOf(await callOp(second.app, 'getEventContribution', { token: edited.token, params: { slug: edited.slug } }), 200);
      expectStatus(
        await callOp(second.app, 'updateEventContribution', { token: edited.token, params: { slug: edited.slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { title: 'Osprey Tidewater Revisited' } } }),
        200,
      );
      expectStatus(await callOp(second.app, 'retractEventContribution', { token: retracted.token, params: { slug: retracted.slug } }), 200);
      expect(await found(t, 'osprey')).toEqual([`${edited.slug} Osprey Tidewater Revisited`]);
    } finally {
      await second.close();
    }
  });

  test('when the clock passes the end of an event found, then the kept answer gives way and the event is no longer found', async () => {
    const e = await published({ title: 'Heron Afterglow', eventDate: '2027-03-22' });
    const day = 86_400_000;
    const before = t.clock.now();
    try {
      t.clock.set(END + 2 * day - 60_000);
      expect(await found(t, 'heron afterglow')).toEqual([`${e.slug} Heron Afterglow`]);
      t.clock.set(END + 2 * day - 1);
      expect(await found(t, 'heron afterglow')).toEqual([`${e.slug} Heron Afterglow`]);
      t.clock.set(END + 2 * day);
      expect(await found(t, 'heron afterglow')).toEqual([]);
    } finally {
      t.clock.set(before);
    }
  });

  test('when the page holds fewer events than there are, then the one read past the page ending also ends the kept answer (no next page)', async () => {
    const early = await published({ title: 'Plover Harbour Jam', eventDate: '2027-03-23', end: { time: '21:30' } });
    const late = await published({ title: 'Plover Sunrise', eventDate: '2027-03-23', end: { time: '23:00' } });
    const before = t.clock.now();
    const page = async () => bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q: 'plover', type: 'event', limit: 1 } }), 200);
    try {
      const day = 86_400_000;
      t.clock.set(START + 3 * day);
      // The shorter name ranks first: the late event is on the page, the early one is the row read past it.
      const first = await page();
      expect(first.results.map((r) => r.slug)).toEqual([late.slug]);
      expect(first.nextCursor).not.toBeNull();
      // 21:30 in Berlin: the early one has ended, so there is no next page any more.
      t.clock.set(START + 3 * day + 90 * 60_000);
      const after = await page();
      expect(after.results.map((r) => r.slug)).toEqual([late.slug]);
      expect(after.nextCursor).toBeNull();
    } finally {
      t.clock.set(before);
    }
  });

  test('when anonymous searches run concurrently with a correction, then every search that starts after the correction answered finds the new title', async () => {
    const e = await published({ title: 'Sanderling Drift' });
    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token: e.token, params: { slug: e.slug } }), 200);
    const during = Array.from({ length: 20 }, () => found(t, 'sanderling'));
    const corrected = callOp(t.app, 'updateEventContribution', { token: e.token, params: { slug: e.slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { title: 'Sanderling Drift Revised' } } });
    const racing = Array.from({ length: 20 }, () => found(t, 'sanderling'));
    expectStatus(await corrected, 200);
    // Those racing the write see one title or the other, never anything else.
    for (const answer of await Promise.all([...during, ...racing])) expect([[`${e.slug} Sanderling Drift`], [`${e.slug} Sanderling Drift Revised`]]).toContainEqual(answer);
    const after = await Promise.all(Array.from({ length: 20 }, () => found(t, 'sanderling')));
    expect(new Set(after.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([`${e.slug} Sanderling Drift Revised`])]));
  });

  test('when the operator rebuilds the search projection, then kept answers stop being served', async () => {
    const e = await published({ title: 'Curlew Overture' });
    expect(await found(t, 'curlew overture')).toEqual([`${e.slug} Curlew Overture`]);
    await retitleDocumentBehindTheApi(e.slug, 'changed behind the API');
    expect(await found(t, 'curlew overture')).toEqual([`${e.slug} Curlew Overture`]);
    // The rebuild writes the document again from the event row: its title as stored.
    await t.services.search.rebuild();
    await retitleDocumentBehindTheApi(e.slug, 'after the rebuild, behind the API');
    expect(await found(t, 'curlew overture')).toEqual([`${e.slug} after the rebuild, behind the API`]);
  });
});

describe('the stamp and search documents on PostgreSQL', () => {
  test('when search documents change by any path (here behind the API), then each statement that changed rows moves the stamp once, and one that changed none does not', async () => {
    if (t.dialect !== 'pg') return;
    const found = async (q: string) => bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q, type: 'event' } }), 200).results.map((r) => `${r.slug} ${r.title}`);
    const e = await published({ title: 'Whimbrel Cadence' });
    expect(await found('whimbrel cadence')).toEqual([`${e.slug} Whimbrel Cadence`]);
    const stamp = () => t.services.publicDirectory.readVersion();
    const before = await stamp();
    await t.db('search_documents').where({ slug: e.slug }).update({ title: 'Whimbrel Cadence, retitled by an operator' });
    expect(await stamp()).toBe(before + 1);
    // The kept answer is not served: the database moved the stamp with the change.
    expect(await found('whimbrel cadence')).toEqual([`${e.slug} Whimbrel Cadence, retitled by an operator`]);
    await t.db('search_documents').where({ slug: 'no-such-document' }).update({ title: 'nothing' });
    await t.db('search_documents').where({ slug: 'no-such-document' }).delete();
    expect(await stamp()).toBe(before + 1);
    await t.services.search.rebuild();
    const rebuilt = await stamp();
    expect(rebuilt).toBeGreaterThan(before + 1);
    await t.db('search_documents').where({ slug: e.slug }).delete();
    expect(await stamp()).toBe(rebuilt + 1);
    expect(await found('whimbrel cadence')).toEqual([]);
  });
});

describe('kept profile and world reads', () => {
  const anonymous = async (slug: string) => bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { params: { slug } }), 200);

  test('when nothing was written, then profile, claim-status and world reads are kept (an authenticated read computes)', async () => {
    const p = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Wren Halcyon' });
    const w = await t.services.directory.createWorld({ displayName: 'Halcyon Terrace' });
    expect((await anonymous(p.slug)).displayName).toBe('Wren Halcyon');
    expect(bodyOf(await callOp(t.app, 'getPublicPersonProfileBySlug', { params: { slug: p.slug } }), 200).displayName).toBe('Wren Halcyon');
    expect(bodyOf(await callOp(t.app, 'getPublicClaimStatus', { params: { slug: p.slug } }), 200).displayName).toBe('Wren Halcyon');
    expect(bodyOf(await callOp(t.app, 'getPublicWorldBySlug', { params: { slug: w.slug } }), 200).displayName).toBe('Halcyon Terrace');
    await t.db('profiles').where({ id: p.id }).update({ display_name: 'changed behind the API' });
    await t.db('worlds').where({ id: w.id }).update({ display_name: 'changed behind the API' });
    expect((await anonymous(p.slug)).displayName).toBe('Wren Halcyon');
    expect(bodyOf(await callOp(t.app, 'getPublicPersonProfileBySlug', { params: { slug: p.slug } }), 200).displayName).toBe('Wren Halcyon');
    expect(bodyOf(await callOp(t.app, 'getPublicClaimStatus', { params: { slug: p.slug } }), 200).displayName).toBe('Wren Halcyon');
    expect(bodyOf(await callOp(t.app, 'getPublicWorldBySlug', { params: { slug: w.slug } }), 200).displayName).toBe('Halcyon Terrace');
    const user = await makeUser(t.services);
    const token = (await makeToken(t.services, user.id, ['public:read'])).value;
    expect(bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { token, params: { slug: p.slug } }), 200).displayName).toBe('changed behind the API');
  });

  test('when the owner edits the profile on a second instance, then this instance shows the edit at once', async () => {
    const second = await createTestApp({ rateLimitScale: 100 }, {}, { shareWith: t });
    try {
      const owner = await makeUser(t.services, { verified: true });
      const ownerToken = (await makeToken(t.services, owner.id, ['profile:write', 'public:read'])).value;
      const c = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Gannet Collective', ownerUserId: owner.id, timezone: 'Europe/Lisbon' });
      expect((await anonymous(c.slug)).aliases).toEqual([]);
      expectStatus(await callOp(second.app, 'updateCurrentUserProfile', { token: ownerToken, params: { slug: c.slug }, body: { expectedUpdatedAt: c.updatedAt, aliases: ['Gannets'] } }), 200);
      expect((await anonymous(c.slug)).aliases).toEqual(['Gannets']);
    } finally {
      await second.close();
    }
  });

  test('when a media-kit row changes by any path (here behind the API), then the database moves the stamp and the profile, its assets and logos are read again', async () => {
    const [asset] = (await t.db('profile_assets').where({ status: 'active' }).orderBy('id').limit(1)) as { id: string; profile_id: string }[];
    expect(asset).toBeDefined();
    const slug = ((await t.db('profiles').where({ id: asset.profile_id }).first()) as { slug: string }).slug;
    const assetIds = async () => bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug } }), 200).assets.map((a) => a.assetId);
    const kit = async () => JSON.stringify((await anonymous(slug)).mediaKit ?? null);
    const logos = async () => JSON.stringify(bodyOf(await callOp(t.app, 'getPublicProfileLogos', { params: { slug } }), 200));
    const before = { ids: await assetIds(), kit: await kit(), logos: await logos() };
    expect(before.ids).toContain(asset.id);
    expect(before.kit).toContain(asset.id);
    await t.db('profile_assets').where({ id: asset.id }).update({ status: 'removed' });
    expect(await assetIds()).not.toContain(asset.id);
    expect(await kit()).not.toContain(asset.id);
    expect(await logos()).not.toContain(asset.id);
    await t.db('profile_assets').where({ id: asset.id }).update({ status: 'active' });
    expect({ ids: await assetIds(), kit: await kit(), logos: await logos() }).toEqual(before);
  });
});

describe('kept community and person event lists', () => {
  test('when an event is published in a community, then its kept list shows it at once; when the event ends, it leaves the list and the person list', async () => {
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Sandpiper Assembly', timezone: 'Europe/Berlin' });
    const person = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Lark Ostrander' });
    const list = async () => bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: community.slug } }), 200).events.map((e) => e.slug);
    const personal = async () => bodyOf(await callOp(t.app, 'listPublicPersonEvents', { params: { slug: person.slug } }), 200).events.map((e) => e.slug);
    expect(await list()).toEqual([]);
    expect(await personal()).toEqual([]);
    const e = await published({
      communitySlug: community.slug,
      title: 'Sandpiper Night',
      eventDate: '2027-03-24',
      lineup: [{ clientKey: 'a', position: 0, performerLabel: 'Lark Ostrander', personSlug: person.slug, start: { time: '21:00' } }],
    });
    expect(await list()).toEqual([e.slug]);
    expect(await personal()).toEqual([e.slug]);
    const before = t.clock.now();
    try {
      t.clock.set(END + 4 * 86_400_000 - 1);
      expect(await list()).toEqual([e.slug]);
      expect(await personal()).toEqual([e.slug]);
      t.clock.set(END + 4 * 86_400_000);
      expect(await list()).toEqual([]);
      expect(await personal()).toEqual([]);
    } finally {
      t.clock.set(before);
    }
  });

  test('when the event read past a one-event page ends, then the kept page gives way and has no next page', async () => {
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Dunlin Hall', timezone: 'Europe/Berlin' });
    // First by start, on the page: 20:00–23:00 Berlin. Read past the page: 20:30–21:30.
    const first = await published({ communitySlug: community.slug, title: 'Dunlin Long Evening', eventDate: '2027-03-25', start: { time: '20:00' }, end: { time: '23:00' } });
    await published({ communitySlug: community.slug, title: 'Dunlin Short Set', eventDate: '2027-03-25', start: { time: '20:30' }, end: { time: '21:30' } });
    const pageOf = async () => bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: community.slug }, query: { limit: 1 } }), 200);
    const before = t.clock.now();
    const day = Date.UTC(2027, 2, 25);
    try {
      t.clock.set(day + 19 * 3_600_000 + 45 * 60_000); // 20:45 Berlin: both under way
      const during = await pageOf();
      expect(during.events.map((e) => e.slug)).toEqual([first.slug]);
      expect(during.nextCursor).not.toBeNull();
      t.clock.set(day + 20 * 3_600_000 + 30 * 60_000); // 21:30 Berlin: the short set has ended
      const after = await pageOf();
      expect(after.events.map((e) => e.slug)).toEqual([first.slug]);
      expect(after.nextCursor).toBeNull();
    } finally {
      t.clock.set(before);
    }
  });
});

describe("kept world event lists", () => {
  const worldEvents = async (slug: string) => {
    const body = bodyOf(await callOp(t.app, 'getPublicWorldEventsBySlug', { params: { slug } }), 200);
    return { upcoming: body.upcoming.map((e) => e.slug), recent: body.recent.map((e) => e.slug) };
  };

  test('when an event in a world ends and then falls out of the last 30 days, then the kept list follows: upcoming, recent, gone', async () => {
    const world = await t.services.directory.createWorld({ displayName: 'Heron Rooftop' });
    expect(await worldEvents(world.slug)).toEqual({ upcoming: [], recent: [] });
    // 21:00–23:00 Berlin on 26 March 2027 (20:00–22:00 UTC).
    const e = await published({ title: 'Heron Rooftop Night', eventDate: '2027-03-26', worldSlug: world.slug });
    // Published: the kept empty list gives way at once.
    expect(await worldEvents(world.slug)).toEqual({ upcoming: [e.slug], recent: [] });
    // Kept: a change behind the API is not seen while nothing moves the stamp or passes an instant noted.
    const end = Date.UTC(2027, 2, 26, 22, 0);
    const before = t.clock.now();
    try {
      t.clock.set(end - 1);
      expect(await worldEvents(world.slug)).toEqual({ upcoming: [e.slug], recent: [] });
      t.clock.set(end);
      expect(await worldEvents(world.slug)).toEqual({ upcoming: [], recent: [e.slug] });
      t.clock.set(end + 30 * 86_400_000 - 1);
      expect(await worldEvents(world.slug)).toEqual({ upcoming: [], recent: [e.slug] });
      t.clock.set(end + 30 * 86_400_000);
      expect(await worldEvents(world.slug)).toEqual({ upcoming: [], recent: [] });
    } finally {
      t.clock.set(before);
    }
  });

  test('when a world has more upcoming events than the list shows and one past the list ends first, then the kept list gives way and shows it as recent', async () => {
    const world = await t.services.directory.createWorld({ displayName: 'Egret Pavilion' });
    const shown: string[] = [];
    // 24 long evenings from 20:00, one a minute apart (the list shows 24), then a short set that starts after them all and ends first.
    // Each of its own community (a community's near-duplicate titles on one day ask for an acknowledgement).
    const host = async (i: number) => (await t.services.directory.createProfile({ profileType: 'community', displayName: `Egret Circle ${i}`, timezone: 'Europe/Berlin' })).slug;
    for (let i = 0; i < 24; i++) {
      const minute = String(i).padStart(2, '0');
      shown.push((await published({ communitySlug: await host(i), title: `Egret Evening ${i}`, eventDate: '2027-03-27', worldSlug: world.slug, start: { time: `20:${minute}` }, end: { time: '23:59' } })).slug);
    }
    const short = await published({ communitySlug: await host(24), title: 'Egret Short Set', eventDate: '2027-03-27', worldSlug: world.slug, start: { time: '20:30' }, end: { time: '20:45' } });
    const day = Date.UTC(2027, 2, 27);
    const before = t.clock.now();
    try {
      // 20:40 Berlin (19:40 UTC): all under way; the short set is past the 24 shown.
      t.clock.set(day + 19 * 3_600_000 + 40 * 60_000);
      const during = await worldEvents(world.slug);
      expect(during.upcoming).toEqual(shown);
      expect(during.recent).toEqual([]);
      // 20:45 Berlin: the short set has ended and is recent, though it was never on the list.
      t.clock.set(day + 19 * 3_600_000 + 45 * 60_000);
      const after = await worldEvents(world.slug);
      expect(after.upcoming).toEqual(shown);
      expect(after.recent).toEqual([short.slug]);
    } finally {
      t.clock.set(before);
    }
  });
});

describe('kept active worlds', () => {
  /** The first page (each read kept, or not, on its own); other tests' worlds left out. */
  const active = async () => {
    const body = bodyOf(await callOp(t.app, 'listPublicActiveWorlds', { query: { limit: 6 } }), 200);
    return body.worlds.filter((w) => w.slug.startsWith('bittern-')).map((w) => `${w.displayName}:${w.upcomingEventCount}`);
  };

  test('when nothing was written, then the list is kept; when any world event ends (listed or not), it gives way and the counts follow', async () => {
    const early = await t.services.directory.createWorld({ displayName: 'Bittern Early' });
    const late = await t.services.directory.createWorld({ displayName: 'Bittern Late' });
    // 24 March 2027, Berlin (UTC+1). Early: 21:00–23:00. Late: 21:30–23:30 (its next event), a short
    // set 21:45–22:15 that is not its next event and ends first, and an encore the next day.
    await published({ title: 'Bittern Early Night', eventDate: '2027-03-24', worldSlug: early.slug });
    await published({ title: 'Bittern Late Night', eventDate: '2027-03-24', worldSlug: late.slug, start: { time: '21:30' }, end: { time: '23:30' } });
    await published({ title: 'Quillwort Acoustic Hour', eventDate: '2027-03-24', worldSlug: late.slug, start: { time: '21:45' }, end: { time: '22:15' } });
    await published({ title: 'Bittern Late Encore', eventDate: '2027-03-25', worldSlug: late.slug });
    const shortEnd = Date.UTC(2027, 2, 24, 21, 15);
    const earlyEnd = Date.UTC(2027, 2, 24, 22, 0);
    const before = t.clock.now();
    try {
      t.clock.set(shortEnd - 1);
      expect(await active()).toEqual(['Bittern Early:1', 'Bittern Late:3']);
      // Kept: a rename behind the API is not seen while nothing moves the stamp or passes an end.
      await t.db('worlds').where({ id: late.id }).update({ display_name: 'Bittern Late (renamed)' });
      expect(await active()).toEqual(['Bittern Early:1', 'Bittern Late:3']);
      // The short set, on no card of the list, ends: the kept list gives way.
      t.clock.set(shortEnd);
      expect(await active()).toEqual(['Bittern Early:1', 'Bittern Late (renamed):2']);
      t.clock.set(earlyEnd);
      expect(await active()).toEqual(['Bittern Late (renamed):2']);
    } finally {
      t.clock.set(before);
    }
  });
});

describe('kept calendar feeds', () => {
  /** The titles of a feed's entries, read with ical.js (an independent RFC 5545 parser). */
  const titles = (text: string) =>
    new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((v) => String(v.getFirstPropertyValue('summary')))
      .filter((title) => title.startsWith('Sandpiper'))
      .sort();
  const feed = (headers: Record<string, string> = {}) => callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: 'neon-reverie' }, headers });

  test('when nothing was written, then the feed is kept, with its own headers, through either lane; when a listed event ends, it gives way', async () => {
    const early = await published({ title: 'Sandpiper Dawn Chorus', eventDate: '2027-03-27', start: { time: '20:00' }, end: { time: '21:00' } });
    await published({ title: 'Sandpiper Moonlight Karaoke', eventDate: '2027-03-27', start: { time: '22:00' }, end: { time: '23:30' } });
    const earlyEnd = Date.UTC(2027, 2, 27, 20, 0);
    const before = t.clock.now();
    try {
      t.clock.set(earlyEnd - 1);
      const first = await feed();
      expectStatus(first, 200);
      expect(titles(first.text)).toEqual(['Sandpiper Dawn Chorus', 'Sandpiper Moonlight Karaoke']);
      // Retitled behind the API: nothing moves the stamp, no listed event has ended, the feed is kept.
      await retitleBehindTheApi(early.slug, 'Sandpiper Dawn Chorus (renamed)');
      const answered = keptReadLaneStats.answered;
      const kept = await feed();
      expectStatus(kept, 200);
      expect(keptReadLaneStats.answered).toBe(answered + 1);
      expect(kept.text).toBe(first.text);
      for (const name of ['etag', 'cache-control', 'content-type', 'content-disposition']) expect([name, kept.headers[name]]).toEqual([name, first.headers[name]]);
      expect(kept.headers['cache-control']).toBe('public, max-age=300');
      expect(kept.headers['content-disposition']).toBe('inline; filename="neon-reverie.ics"');
      // A revalidation of the kept feed (through express's fast lane) answers 304.
      const revalidated = await feed({ 'If-None-Match': first.headers.etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.etag).toBe(first.headers.etag);
      // The early set ends: the kept feed gives way, and the new title shows.
      t.clock.set(earlyEnd);
      const after = await feed();
      expect(titles(after.text)).toEqual(['Sandpiper Dawn Chorus (renamed)', 'Sandpiper Moonlight Karaoke']);
      expect(after.headers.etag).not.toBe(first.headers.etag);
    } finally {
      t.clock.set(before);
    }
  });

  test('when a feed is kept, then a publish through the API is seen at once', async () => {
    const first = await feed();
    expectStatus(first, 200);
    await published({ title: 'Sandpiper Newcomer Night', eventDate: '2027-03-28' });
    expect(titles((await feed()).text)).toContain('Sandpiper Newcomer Night');
  });
});

describe('the kept contract', () => {
  test('when openapi.json is read again, then the kept-read lane answers it under its own tag and Cache-Control, whole in every coding', async () => {
    const first = await callOp(t.app, 'getOpenApiDocument', {});
    expectStatus(first, 200);
    const answered = keptReadLaneStats.answered;
    const again = await callOp(t.app, 'getOpenApiDocument', { headers: { 'Accept-Encoding': 'identity' } });
    expectStatus(again, 200);
    expect(keptReadLaneStats.answered).toBe(answered + 1);
    // The first came compressed, under its coding's tag; the identity tag is the document's own.
    expect(again.headers.etag).toBe(String(first.headers.etag).replace(/-(gz|br)"$/, '"'));
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(again.text));
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
    expect((await callOp(t.app, 'getOpenApiDocument', { headers: { 'If-None-Match': String(first.headers.etag) } })).status).toBe(304);
  });
});
