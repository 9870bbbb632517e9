import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, publishEvent, saveDraft } from '../helpers/factories.js';
import { bodyOf } from '../helpers/contractClient.js';
import { signedInUser } from '../helpers/webSession.js';
import { loadDemoData } from '../../seeds/demo.js';

// The contributor's own lists and the retraction of a contribution: HTML pages outside the API
// contract, driven with raw supertest against the real app; data made through the API.
const DAY = 24 * 60 * 60 * 1000;
const COMMUNITY = 'neon-reverie';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.services);
});
afterAll(() => t.close());
const quiet: { mockRestore(): void }[] = [];
beforeEach(() => {
  quiet.push(jest.spyOn(console, 'error').mockImplementation(() => undefined));
});
afterEach(() => {
  for (const spy of quiet.splice(0)) spy.mockRestore();
});

/** A signed-in person with a personal token to make their drafts and events through the API. */
async function contributor() {
  const { user, cookie } = await signedInUser(t, '/account/drafts');
  const token = (await makeToken(t.services, user.id, ['events:contribute'])).value;
  return { user, cookie, token };
}
const get = (cookie: string, path: string) => request(t.app).get(path).set('Cookie', cookie);
const retract = (cookie: string, slug: string, origin?: string) => {
  const req = request(t.app).post(`/account/contributions/${encodeURIComponent(slug)}/retract`).set('Cookie', cookie).type('form');
  return (origin ? req.set('Origin', origin) : req).send('');
};
/** The `href` of the link whose text is `text`. */
const hrefOf = (html: string, text: string) => new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(html)?.[1]?.replace(/&amp;/g, '&');
const published = (token: string, eventDate: string, title?: string) => publishEvent(t, token, { communitySlug: COMMUNITY, eventDate, start: { time: '21:00' }, timezone: 'Europe/Berlin', ...(title ? { title } : {}) });

describe('/account/drafts', () => {
  test('when nobody is signed in, then both lists send them to sign in', async () => {
    for (const path of ['/account/drafts', '/account/contributions', '/account/contributions/x/retract']) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
  });

  test('when the person has no drafts, then the page invites them to contribute', async () => {
    const { cookie } = await contributor();
    const res = await get(cookie, '/account/drafts');
    expect(res.status).toBe(200);
    expect(res.text).toContain('You have no drafts right now.');
    expect(hrefOf(res.text, 'Contribute an event')).toBe('/contribute');
    expect(res.text).not.toContain('More drafts');
  });

  test('when the person has drafts, then only theirs are listed, last saved first, each with what it holds, its age, its expiry and "Continue"', async () => {
    const me = await contributor();
    const other = await contributor();
    const start = t.clock.now();
    const bare = bodyOf(await saveDraft(t, me.token, {}), 200).draftId;
    t.clock.advance(1000);
    const full = bodyOf(
      await saveDraft(t, me.token, { title: 'Rooftop <b>Set</b>', communitySlug: COMMUNITY, eventDate: '2027-01-09', timezone: 'Europe/Berlin', start: { time: '21:00' }, end: { time: '01:00', dayOffset: 1 }, questions: ['Which world?', 'Doors?'] }),
      200,
    ).draftId;
    t.clock.advance(1000);
    const odd = bodyOf(await saveDraft(t, me.token, { title: 'Odd date', eventDate: '2027-13-45', timeTba: true }), 200).draftId;
    const theirs = bodyOf(await saveDraft(t, other.token, { title: 'Not yours' }), 200).draftId;
    t.clock.set(start + 3 * DAY);

    const res = await get(me.cookie, '/account/drafts');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(res.headers[h]).toMatch(/^\d+$/);
    const order = [odd, full, bare].map((id) => res.text.indexOf(`href="/contribute/${id}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(res.text).not.toContain(theirs);
    expect(res.text).not.toContain('Not yours');
    // The untitled one, the full one (its title escaped) and the one whose date is no date.
    expect(res.text).toContain('Untitled draft');
    expect(res.text).toContain('Rooftop &lt;b>Set&lt;/b>');
    expect(res.text).toContain(COMMUNITY);
    expect(res.text).toContain('Saturday, January 9, 2027');
    expect(res.text).toContain('21:00 – 01:00 (next day)');
    expect(res.text).toContain('(Europe/Berlin)');
    expect(res.text).toContain('2 open questions');
    expect(res.text).toContain('2027-13-45');
    expect(res.text).toContain('Time to be announced');
    expect(res.text).toMatch(/Saved <time[^>]*>3 days ago<\/time>; expires <time[^>]*>in 27 days<\/time>/);
  });

  test('when there are more drafts than a page shows, then "More drafts" follows the service cursor; a bad cursor or page size is a readable 400 page', async () => {
    const me = await contributor();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(bodyOf(await saveDraft(t, me.token, { title: `Paged ${i}` }), 200).draftId);
      t.clock.advance(1000);
    }
    const first = await get(me.cookie, '/account/drafts?limit=2');
    expect(first.status).toBe(200);
    expect(first.text).toContain('Paged 2');
    expect(first.text).toContain('Paged 1');
    expect(first.text).not.toContain('Paged 0');
    const more = hrefOf(first.text, 'More drafts')!;
    expect(more).toMatch(/^\/account\/drafts\?cursor=[^&]+&limit=2$/);
    const second = await get(me.cookie, more);
    expect(second.status).toBe(200);
    expect(second.text).toContain('Paged 0');
    expect(second.text).not.toContain('Paged 1');
    expect(second.text).not.toContain('More drafts');
    expect(hrefOf(second.text, 'Back to the latest')).toBe('/account/drafts');

    // Another list's cursor, a malformed one, repeated ones, NUL, a page size out of bounds.
    const otherListCursor = Buffer.from(JSON.stringify(['contributions', 1, 'x'])).toString('base64url');
    for (const query of [`cursor=${otherListCursor}`, 'cursor=not-a-cursor', 'cursor=a&cursor=b', 'cursor=%00', `cursor=${'a'.repeat(600)}`, 'limit=0', 'limit=101', 'limit=two']) {
      const res = await get(me.cookie, `/account/drafts?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toMatch(/page cursor|between 1 and 100/);
      expect(hrefOf(res.text, 'Back to the list')).toBe('/account/drafts');
    }
  });
});

describe('/account/contributions', () => {
  test('when the person has published nothing, then the page says so and invites them to contribute', async () => {
    const { cookie } = await contributor();
    const res = await get(cookie, '/account/contributions');
    expect(res.status).toBe(200);
    expect(res.text).toContain('You have not published any events yet.');
    expect(hrefOf(res.text, 'Contribute an event')).toBe('/contribute');
  });

  test('when the person has published events, then only theirs are listed, latest first, with their page, Correct and Retract, paged by the service cursor', async () => {
    const me = await contributor();
    const other = await contributor();
    const a = await published(me.token, '2027-03-01');
    t.clock.advance(1000);
    const b = await published(me.token, '2027-03-02');
    t.clock.advance(1000);
    const c = await published(me.token, '2027-03-03');
    const theirs = await published(other.token, '2027-03-04');

    const res = await get(me.cookie, '/account/contributions?limit=2');
    expect(res.status).toBe(200);
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(res.headers[h]).toMatch(/^\d+$/);
    const cAt = res.text.indexOf(`href="/events/${c.slug}"`);
    const bAt = res.text.indexOf(`href="/events/${b.slug}"`);
    expect(cAt).toBeGreaterThan(0);
    expect(bAt).toBeGreaterThan(cAt);
    expect(res.text).not.toContain(a.slug);
    expect(res.text).not.toContain(theirs.slug);
    expect(res.text).toContain(`href="/account/contributions/${c.slug}/edit"`);
    expect(res.text).toContain(`href="/account/contributions/${c.slug}/retract"`);
    expect(res.text).toContain(`href="/communities/${COMMUNITY}"`);
    expect(res.text).toContain('Wednesday, March 3, 2027');
    expect(res.text).toContain('9:00 PM');

    const second = await get(me.cookie, hrefOf(res.text, 'More contributions')!);
    expect(second.status).toBe(200);
    expect(second.text).toContain(`href="/events/${a.slug}"`);
    expect(second.text).not.toContain(c.slug);
    expect(second.text).not.toContain('More contributions');

    // The drafts list's cursor names another list.
    const draftCursor = Buffer.from(JSON.stringify(['drafts', t.clock.now(), 'drf_x'])).toString('base64url');
    const bad = await get(me.cookie, `/account/contributions?cursor=${draftCursor}`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('page cursor');
  });

  test('when a contribution is retracted from the browser, then it asks first, refuses a cross-site post, retracts, notes it, keeps it listed without a link, and its public page is the 404 page', async () => {
    const me = await contributor();
    const event = await published(me.token, '2027-05-01');
    expect((await request(t.app).get(`/events/${event.slug}`)).status).toBe(200);

    const confirm = await get(me.cookie, `/account/contributions/${event.slug}/retract`);
    expect(confirm.status).toBe(200);
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(confirm.headers[h]).toMatch(/^\d+$/);
    expect(confirm.text).toContain('Retract this event?');
    expect(confirm.text).toContain('disappears at once');
    expect(confirm.text).toContain('The record is kept');
    expect(confirm.text).toContain(`action="/account/contributions/${event.slug}/retract"`);

    const crossSite = await retract(me.cookie, event.slug, 'https://evil.example');
    expect(crossSite.status).toBe(403);
    expect((await request(t.app).get(`/events/${event.slug}`)).status).toBe(200);

    const done = await retract(me.cookie, event.slug);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/account/contributions?notice=retracted');
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(done.headers[h]).toMatch(/^\d+$/);

    const list = await get(me.cookie, done.headers.location);
    expect(list.text).toContain('The event is retracted');
    expect(list.text).toContain('Retracted</span>');
    expect(list.text).not.toContain(`href="/events/${event.slug}"`);
    expect(list.text).not.toContain(`/account/contributions/${event.slug}/retract`);
    expect(list.text).not.toContain(`/account/contributions/${event.slug}/edit`);

    const gone = await request(t.app).get(`/events/${event.slug}`);
    const unknown = await request(t.app).get('/events/never-was-an-event');
    expect(gone.status).toBe(404);
    expect(gone.text).toBe(unknown.text);

    // Sent again: nothing changes, and the page says so; the confirmation page is gone.
    const again = await retract(me.cookie, event.slug);
    expect(again.headers.location).toBe('/account/contributions?notice=already-retracted');
    expect((await get(me.cookie, `/account/contributions/${event.slug}/retract`)).status).toBe(404);
  });

  test('when someone else\'s or an unknown contribution is asked for, then it is the 404 page and nothing changes', async () => {
    const owner = await contributor();
    const me = await contributor();
    const event = await published(owner.token, '2027-05-02');
    for (const slug of [event.slug, 'no-such-event']) {
      const page = await get(me.cookie, `/account/contributions/${slug}/retract`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('You have no published event at this address');
      expect((await retract(me.cookie, slug)).status).toBe(404);
    }
    expect((await request(t.app).get(`/events/${event.slug}`)).status).toBe(200);
    expect((await get(me.cookie, '/account/contributions/a%00b/retract')).status).toBe(400);
  });

  test('when staff have taken the event over, then the list offers no retraction and a retraction is a readable 409 page', async () => {
    const me = await contributor();
    const event = await published(me.token, '2027-05-03');
    await t.services.publishing.takeOver(event.slug);
    const list = await get(me.cookie, '/account/contributions');
    expect(list.text).toContain('Staff have taken this event over');
    expect(list.text).not.toContain(`/account/contributions/${event.slug}/retract`);
    const res = await retract(me.cookie, event.slug);
    expect(res.status).toBe(409);
    expect(res.text).toContain('Changed elsewhere');
    expect(res.text).toContain('Staff have taken this event over');
    expect((await request(t.app).get(`/events/${event.slug}`)).status).toBe(200);
  });

  test('when a retraction post is not a form, then it is refused with 400 and nothing changes', async () => {
    const me = await contributor();
    const event = await published(me.token, '2027-05-04');
    const res = await request(t.app).post(`/account/contributions/${event.slug}/retract`).set('Cookie', me.cookie).set('Content-Type', 'application/json').send('{"x":[1]}');
    expect(res.status).toBe(400);
    expect((await request(t.app).get(`/events/${event.slug}`)).status).toBe(200);
  });

  test('when retractions are sent faster than the public write limit allows, then the next one is a readable 429 page counted in the session\'s own bucket', async () => {
    const me = await contributor();
    const event = await published(me.token, '2027-05-05');
    for (let i = 0; i < 30; i++) expect((await retract(me.cookie, 'no-such-event')).status).toBe(404);
    const refused = await retract(me.cookie, event.slug);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.text).toContain('Too many requests for now');
    expect((await request(t.app).get(`/events/${event.slug}`)).status).toBe(200);
    // Reading the lists is another route class, still open.
    expect((await get(me.cookie, '/account/contributions')).status).toBe(200);
  });
});
