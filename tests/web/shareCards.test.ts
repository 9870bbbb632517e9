import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import type { TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser, uniqueTitle } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { eventShareImage, profileShareImage } from '../../src/http/web/cards/cardModel.js';
import { renderStats } from '../../src/http/web/cards/renderCard.js';

// Share cards as a link-preview bot meets them: a plain GET of the page with a bot's
// User-Agent, og:image read with an HTML parser, the image followed and decoded as a PNG.
const OUTPUT_DIR = fileURLToPath(new URL('../../test-output/cards/', import.meta.url));
const BOT = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';

let s: ServedTestApp;
let t: TestApp;
beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100 });
  t = s.t;
  await loadDemoData(t.services);
}, 60_000);
afterAll(() => s.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(url.startsWith('/') ? s.base + url : url, { headers: { 'user-agent': BOT, ...headers } });

/** The share-card members of a page's head, read as a parser reads them. */
function previewOf(html: string) {
  const doc = new JSDOM(html).window.document;
  const meta = (key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
  return {
    image: meta('og:image'),
    width: meta('og:image:width'),
    height: meta('og:image:height'),
    alt: meta('og:image:alt'),
    twitterCard: meta('twitter:card'),
    twitterImage: meta('twitter:image'),
    scripts: [...doc.querySelectorAll('script')].map((e) => e.getAttribute('src')),
  };
}

/** Follows an og:image: a 200 PNG of 1200×630, kept under test-output/cards/ to look at. */
async function cardAt(url: string, keepAs?: string) {
  expect(url.startsWith(`${s.base}/cards/`)).toBe(true);
  const res = await get(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 1200, height: 630 });
  if (keepAs) {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    fs.writeFileSync(path.join(OUTPUT_DIR, `${keepAs}.png`), bytes);
  }
  return { res, bytes };
}


let n = 0;
/** A user with an `events:write` token who owns a community. */
async function owner() {
  const user = await makeUser(t.services);
  const token = (await makeToken(t.services, user.id, ['events:write', 'events:read'])).value;
  const community = await t.services.directory.createProfile({ profileType: 'community', displayName: `Card Crew ${++n}`, ownerUserId: user.id, timezone: 'Asia/Tokyo' });
  return { token, community };
}
const START = Date.parse('2026-12-05T10:00:00Z');

describe('the discovery page', () => {
  test('when a bot fetches /, then og:image names the site card, which is a 1200×630 PNG cached for a year, and a second request is not drawn again', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const p = previewOf(await res.text());
    expect(p).toMatchObject({ width: '1200', height: '630', twitterCard: 'summary_large_image' });
    expect(p.image).toMatch(/\/cards\/site\.png\?v=[\w-]{12}$/);
    expect(p.twitterImage).toBe(p.image);
    expect(p.alt).toContain('Marquee');

    const first = await cardAt(p.image!, 'site');
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    const drawn = renderStats.cards;
    const second = await cardAt(p.image!);
    expect(renderStats.cards).toBe(drawn);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    const revalidated = await get(p.image!, { 'if-none-match': first.res.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
  });
});

describe('event cards', () => {
  test('when a page uses eventShareImage, then a bot following its og:image gets the event’s PNG; a changed title gives a new URL and other bytes, and the old URL is kept only briefly', async () => {
    const { token, community } = await owner();
    const created = bodyOf(await callOp(t.app, 'createCurrentUserCommunityEvent', { token, body: { title: 'Morning Rave', communitySlug: community.slug, startAt: START, endAt: START + 7_200_000 } }), 200);
    const before = await t.services.publicEvents.event(created.slug);
    // The event's own page, as a bot fetches it.
    const page1 = await get(`/events/${before.slug}`);
    expect(page1.status).toBe(200);
    const p1 = previewOf(await page1.text());
    expect(p1).toMatchObject({ width: '1200', height: '630', twitterCard: 'summary_large_image' });
    expect(p1.image).toBe(`${s.base}${eventShareImage(before).image}`);
    expect(p1.image).toBe(`${s.base}/cards/events/${before.slug}.png?v=${p1.image!.split('?v=')[1]}`);
    expect(p1.alt).toBe(`Morning Rave — Sat, Dec 5, 2026, 7:00 PM GMT+9 · Asia/Tokyo — by ${community.displayName}`);
    const card1 = await cardAt(p1.image!, 'event');
    expect(card1.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expectStatus(await callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug: created.slug }, body: { title: 'Evening Rave' } }), 200);
    const after = await t.services.publicEvents.event(created.slug);
    const p2 = previewOf(await (await get(`/events/${after.slug}`)).text());
    expect(p2.image).toBe(`${s.base}${eventShareImage(after).image}`);
    expect(p2.image).not.toBe(p1.image);
    const card2 = await cardAt(p2.image!);
    expect(card2.bytes.equals(card1.bytes)).toBe(false);

    // A link shared before the change: the current card, not cached for long.
    const old = await cardAt(p1.image!);
    expect(old.bytes.equals(card2.bytes)).toBe(true);
    expect(old.res.headers.get('cache-control')).toBe('public, max-age=300');

    // Cancelling changes the card too (it says so).
    expectStatus(await callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug: created.slug }, body: { status: 'cancelled' } }), 200);
    const cancelled = eventShareImage(await t.services.publicEvents.event(created.slug));
    expect(cancelled.imageAlt).toMatch(/^Cancelled: Evening Rave/);
    expect((await cardAt(`${s.base}${cancelled.image}`, 'event-cancelled')).bytes.equals(card2.bytes)).toBe(false);
  });

  test('when the event is unknown or retracted, then its card is the 404 page', async () => {
    expect((await get('/cards/events/no-such-event.png')).status).toBe(404);
    const { token, community } = await owner();
    const created = bodyOf(await callOp(t.app, 'createCurrentUserCommunityEvent', { token, body: { title: uniqueTitle(), communitySlug: community.slug, startAt: START } }), 200);
    const path = eventShareImage(await t.services.publicEvents.event(created.slug)).image;
    expect((await get(path)).status).toBe(200);
    await t.db('events').where({ id: created.eventId }).update({ retracted_at: t.clock.now() });
    const gone = await get(path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^text\/html/);
  });

  test('when the title is hostile (markup, bidi overrides, a word wider than the card, emoji), then the card still draws and the page’s meta carries it as text', async () => {
    const demo = (await t.services.eventLists.upcoming({ limit: 1 })).events[0];
    // As long as an event title can be stored (120); the renderer's own test draws 2,000-character words.
    const title = `<script>alert(1)</script>\u202Eevil\u202C\u2066iso\u2069${'W'.repeat(60)} 🎉 日本語 "q" & <b>`;
    expect(title.length).toBeLessThanOrEqual(120);
    const row = await t.services.directory.createEvent({ communitySlug: demo.communitySlug!, title, eventDate: '2026-12-24', timezone: 'Europe/Berlin' });
    const e = await t.services.publicEvents.event(row.slug);
    const page = await get(`/events/${e.slug}`);
    expect(page.status).toBe(200);
    const p = previewOf(await page.text());
    expect(p.scripts).toHaveLength(1); // only the site's own script
    expect(p.alt).toContain('<script>alert(1)</script>');
    expect(p.alt).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(p.alt).toContain('Thursday, December 24, 2026'); // a date-only event: no time
    await cardAt(p.image!, 'event-hostile');
  });
});

describe('profile cards', () => {
  test('when a person with an avatar and a community are shared, then each card is a PNG, and the person’s avatar is drawn from our own asset', async () => {
    const mira = (await t.services.search.search({ q: 'Mira Sandoval', type: 'person', limit: 1 })).results[0];
    const person = await t.services.publicDirectory.profile(mira.slug);
    expect(person.avatarImageUrl).toMatch(/^\/api\/v0\/profiles\//);
    const page = await get(`/people/${person.slug}`);
    expect(page.status).toBe(200);
    const p = previewOf(await page.text());
    expect(p).toMatchObject({ width: '1200', height: '630', twitterCard: 'summary_large_image' });
    expect(p.image).toBe(`${s.base}${profileShareImage(person).image}`);
    expect(p.alt).toBe('Mira Sandoval — vj · artist');
    const { bytes } = await cardAt(p.image!, 'person');
    // Mira's avatar is yellow and orange; nothing else on the right of the card is.
    const { data, info } = await sharp(bytes).extract({ left: 820, top: 120, width: 316, height: 440 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let warm = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i] > 200 && data[i + 2] < 120) warm++;
    expect(warm).toBeGreaterThan(10_000);

    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Ünïcödé Сообщество Κοινότητα', headline: 'x'.repeat(160) });
    await cardAt(`${s.base}${profileShareImage(await t.services.publicDirectory.profile(community.slug)).image}`, 'community');
  });

  test('when the profile is unknown or hidden, then its card is the 404 page', async () => {
    expect((await get('/cards/profiles/nobody-at-all.png')).status).toBe(404);
    const person = await t.services.directory.createProfile({ profileType: 'person', displayName: `Hidden Person ${++n}` });
    const path = profileShareImage(await t.services.publicDirectory.profile(person.slug)).image;
    expect((await get(path)).status).toBe(200);
    await t.db('profiles').where({ id: person.id }).update({ public_surfacing_state: 'suppressed' });
    expect((await get(path)).status).toBe(404);
  });
});
