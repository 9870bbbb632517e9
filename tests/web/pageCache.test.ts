import request from 'supertest';
import { jest } from '@jest/globals';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, publishEvent, stubPosterReader } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { SESSION_COOKIE } from '../../src/services/identity/webSessions.js';

let t: TestApp;
let slug: string;
let token: string;
/** 20 March 2027, 21:00–23:00 in Berlin (20:00–22:00 UTC). */
const START = Date.UTC(2027, 2, 20, 20, 0);

beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { posterReader: stubPosterReader() });
  await loadDemoData(t.services);
  ({ token } = await makeContributor(t));
  ({ slug } = await publishEvent(t, token, { communitySlug: 'neon-reverie', title: 'Cached Lantern Night', eventDate: '2027-03-20', timezone: 'Europe/Berlin', start: { time: '21:00' }, end: { time: '23:00' } }));
});
afterAll(() => t.close());

const home = (headers: Record<string, string> = {}) => {
  let req = request(t.app).get('/');
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req.expect(200);
};
/** Moves the row behind the services' back (no write path, so no version stamp): shows whether a page was kept. */
const retitleBehindTheServices = (title: string) => t.db('events').where({ slug }).update({ title });
const liveSection = (html: string) => html.match(/<section aria-labelledby="live-now">[\s\S]*?<\/section>/)?.[0] ?? '';

describe('kept anonymous pages', () => {
  test('when the home page is read anonymously, then it is kept until a write bumps the version stamp or the clock passes an event start, and never for a signed-in browser', async () => {
    const load = jest.spyOn(t.services.eventLists, 'upcoming');
    t.clock.set(START - 3 * 3600_000);
    const first = await home();
    expect(first.text).toContain('Cached Lantern Night');
    expect(liveSection(first.text)).toBe('');

    // Kept: the same bytes and tag, the loader not run again, a change behind the services unseen.
    await retitleBehindTheServices('Changed Behind The Back');
    const calls = load.mock.calls.length;
    const again = await home();
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(load.mock.calls.length).toBe(calls);
    // A browser with a session is never served (nor does it fill) the kept page.
    expect((await home({ Cookie: `${SESSION_COOKIE}=not-a-session` })).text).toContain('Changed Behind The Back');
    expect((await home()).text).toBe(first.text);

    // The clock passes the start: the event is live now, without any write.
    t.clock.set(START + 60_000);
    const live = await home();
    expect(liveSection(live.text)).toContain('Changed Behind The Back');
    expect(live.headers.etag).not.toBe(first.headers.etag);
    expect((await home()).text).toBe(live.text);

    // A write through the services bumps the stamp: the next anonymous read shows it.
    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token, params: { slug } }), 200);
    expectStatus(await callOp(t.app, 'updateEventContribution', { token, params: { slug }, body: { expectedUpdatedAt: record.updatedAt, patch: { title: 'Retitled Through The API' } } }), 200);
    const written = await home();
    expect(liveSection(written.text)).toContain('Retitled Through The API');
    load.mockRestore();
  });

  test('when a kept page is revalidated, then its tag answers 304', async () => {
    const first = await home();
    const revalidated = await request(t.app).get('/').set('If-None-Match', first.headers.etag!);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
  });

  test('when an event page is read anonymously, then it is kept until a write or its start, when the "live now" banner appears', async () => {
    t.clock.set(START - 3 * 3600_000);
    const page = () => request(t.app).get(`/events/${slug}`).expect(200);
    const first = await page();
    expect(first.text).not.toContain('banner live');
    const title = (await t.db('events').where({ slug }).first('title')).title as string;
    await t.db('events').where({ slug }).update({ title: 'Moved Behind The Back' });
    expect((await page()).text).toBe(first.text);
    t.clock.set(START + 60_000);
    const live = await page();
    expect(live.text).toContain('banner live');
    expect(live.text).toContain('Moved Behind The Back');
    await t.db('events').where({ slug }).update({ title });
  });

  test('when community, person, world and search pages are read anonymously, then each is kept until a write moves the stamp or an event on it ends', async () => {
    t.clock.set(START - 3 * 3600_000);
    const world = await t.services.directory.createWorld({ displayName: 'Kept Observatory' });
    const person = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Kept Wren Halloway' });
    const { slug: eventSlug } = await publishEvent(t, token, {
      communitySlug: 'neon-reverie',
      title: 'Observatory Dusk Set',
      eventDate: '2027-03-20',
      timezone: 'Europe/Berlin',
      start: { time: '21:30' },
      end: { time: '22:30' },
      worldSlug: world.slug,
      lineup: [{ clientKey: 'a', position: 0, performerLabel: 'Kept Wren Halloway', personSlug: person.slug, start: { time: '21:30' } }],
    });
    const pages = [`/communities/neon-reverie`, `/people/${person.slug}`, `/worlds/${world.slug}`, `/search?q=observatory`];
    const read = async (path: string) => (await request(t.app).get(path).expect(200)).text;
    const first = await Promise.all(pages.map(read));
    for (const html of first) expect(html).toContain('Observatory Dusk Set');
    // Kept: a change behind the services is not seen.
    await t.db('events').where({ slug: eventSlug }).update({ title: 'Observatory Moved Behind' });
    expect(await Promise.all(pages.map(read))).toEqual(first);
    // A write through the services moves the stamp: every page shows it at once.
    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token, params: { slug: eventSlug } }), 200);
    expectStatus(await callOp(t.app, 'updateEventContribution', { token, params: { slug: eventSlug }, body: { expectedUpdatedAt: record.updatedAt, patch: { title: 'Observatory Retitled Set' } } }), 200);
    const written = await Promise.all(pages.map(read));
    for (const html of written.slice(0, 3)) expect(html).toContain('Observatory Retitled Set');
    // The clock passes the end (22:30 Berlin, 21:30 UTC): the world page lists it as recent, the person page no longer.
    t.clock.set(Date.UTC(2027, 2, 20, 21, 30));
    const ended = await Promise.all(pages.map(read));
    expect(ended[1]).not.toContain('Observatory Retitled Set');
    expect(ended[2]).toContain('Observatory Retitled Set');
    expect(ended[2]).not.toBe(written[2]);
  });
});
