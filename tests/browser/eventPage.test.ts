import fs from 'node:fs';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import type { Schemas } from '../../src/contract/types.js';
import { loadDemoData } from '../../seeds/demo.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { makeContributor, makeToken, publishEvent } from '../helpers/factories.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { launchChromium } from './chromium.js';
import { SLOW, WIDTHS, checkPage, openPage, scrollWidth } from './pageKit.js';

// The public event page (/events/{slug}), the page people open from Discord or a calendar, in a
// real Chromium over the demo directory: a timed event with a lineup, a date-only event, a
// cancelled one and a retracted one. Expected times are computed here with Intl from the
// API's instants, never read back from the page's own formatting code.

let browser: Browser | undefined;
let s: ServedTestApp | undefined;
const slugs = { lineup: '', dateOnly: '', cancelled: '', retracted: '' };
const api: Record<string, Schemas['PublicEvent']> = {};

const readEvent = async (slug: string) => bodyOf(await callOp(s!.t.app, 'getPublicEventBySlug', { params: { slug } }), 200);

beforeAll(async () => {
  browser = await launchChromium();
  s = await serveTestApp();
  const { t } = s;
  await loadDemoData(t.services);
  const upcoming = bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } }), 200).events;
  const slugOf = (title: string) => upcoming.find((e) => e.title === title)!.slug!;
  slugs.lineup = slugOf('Neon Reverie: Night Shift');
  slugs.dateOnly = slugOf('Polygon Painters Open Studio Day');
  // The demo organiser cancels Synthwave Sunday through the owner event update.
  slugs.cancelled = slugOf('Neon Reverie: Synthwave Sunday');
  const organiser = (await t.services.users.findByEmail('demo@marquee.test'))!;
  const token = (await makeToken(t.services, organiser.id, ['events:write'])).value;
  expectStatus(await callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug: slugs.cancelled }, body: { status: 'cancelled' } }), 200);
  // A contribution published and then retracted by its contributor.
  const { token: contributor } = await makeContributor(t);
  const community = upcoming.find((e) => e.title === 'Lantern Readings')!.communitySlug!;
  const published = await publishEvent(t, contributor, { communitySlug: community, eventDate: '2026-12-12', start: { time: '20:00' }, timezone: 'Asia/Tokyo' });
  expectStatus(await callOp(t.app, 'retractEventContribution', { token: contributor, params: { slug: published.slug } }), 200);
  slugs.retracted = published.slug;
  for (const key of ['lineup', 'dateOnly', 'cancelled'] as const) api[key] = await readEvent(slugs[key]);
}, SLOW);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

/** Opens an event page with the browser's clock at the app's clock, so "starts in" is fixed. */
async function visit(page: Page, slug: string) {
  await page.clock.setFixedTime(s!.t.clock.now());
  const res = await page.goto(`${s!.base}/events/${slug}`);
  expect(res?.status()).toBe(200);
}

/** "Sun, Nov 22, 2026, 9:00 PM EST": the start as the server writes it in the event's zone. */
const inZone = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }).format(ms);
const utcCompact = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '') + 'Z';

describe.each(WIDTHS)('the event page at $viewport.width px ($name)', (width) => {
  test(
    'when a timed event with a lineup is opened, then it shows what, when, where, who, and how to take it along; it passes axe, fits and works by keyboard',
    async () => {
      const e = api.lineup;
      const { ctx, page, problems } = await openPage(browser!, width, { timezoneId: 'America/New_York', locale: 'en-US' });
      try {
        await visit(page, slugs.lineup);
        const main = page.locator('main');
        await expect(page.locator('h1').innerText()).resolves.toBe(e.title);
        await expect(page.title()).resolves.toBe(`${e.title} · Marquee`);
        await expect(main.getByRole('link', { name: e.communityName!, exact: true }).getAttribute('href')).resolves.toBe(`/communities/${e.communitySlug}`);
        await expect(main.getByRole('link', { name: e.worlds![0].displayName }).getAttribute('href')).resolves.toBe(`/worlds/${e.worlds![0].slug}`);
        await expect(main.innerText()).resolves.toContain(e.summary!);
        // The start in the event's zone, in a <time> carrying the instant; the viewer shares that zone, so only "starts in".
        const start = page.locator('.when time');
        await expect(start.getAttribute('datetime')).resolves.toBe(new Date(e.startAt!).toISOString());
        await expect(start.innerText()).resolves.toBe(inZone(e.startAt!, 'America/New_York'));
        const hours = Math.round((e.startAt! - s!.t.clock.now()) / 3_600_000);
        await expect(page.locator('.when .local').innerText()).resolves.toBe(`starts ${new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }).format(hours, 'hour')}`);
        // The end, and the lineup with each slot's time and its performer's page.
        await expect(main.locator('.facts').innerText()).resolves.toContain(inZone(e.endAt!, 'America/New_York'));
        const rows = main.locator('ol.lineup > li');
        await expect(rows.count()).resolves.toBe(e.slots!.length);
        for (const [i, slot] of e.slots!.entries()) {
          const row = rows.nth(i);
          await expect(row.locator('time').getAttribute('datetime')).resolves.toBe(new Date(slot.startAt!).toISOString());
          await expect(row.locator('time').innerText()).resolves.toBe(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }).format(slot.startAt!));
          await expect(row.getByRole('link', { name: slot.displayLabel }).getAttribute('href')).resolves.toBe(`/people/${slot.performer!.slug}`);
        }
        // Add to calendar: the .ics, Google Calendar (UTC, the announced end) and the community's feed.
        await expect(main.getByRole('link', { name: 'Download .ics' }).getAttribute('href')).resolves.toBe(`/api/v0/events/${slugs.lineup}/calendar.ics`);
        const google = new URL((await main.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
        expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
        expect(Object.fromEntries(google.searchParams)).toEqual({
          action: 'TEMPLATE',
          text: e.title,
          dates: `${utcCompact(e.startAt!)}/${utcCompact(e.endAt!)}`,
          details: `${e.summary}\n\n${s!.base}/events/${slugs.lineup}`,
          location: e.worlds![0].displayName,
        });
        const subscribe = (await main.getByRole('link', { name: /^Subscribe to / }).getAttribute('href'))!;
        expect(subscribe).toBe(`${s!.base.replace(/^http:/, 'webcal:')}/api/v0/communities/${e.communitySlug}/calendar.ics`);
        const feed = await fetch(subscribe.replace(/^webcal:/, 'http:'));
        expect(feed.status).toBe(200);
        expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
        await feed.body?.cancel();
        // Provenance: an organiser's event.
        await expect(main.locator('section[aria-labelledby=source]').innerText()).resolves.toContain(`From the organiser: ${e.source.label}`);
        await checkPage(page, width.viewport.width, `event-lineup-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when a cancelled event is opened, then its page is still there with the cancellation banner',
    async () => {
      const { ctx, page, problems } = await openPage(browser!, width);
      try {
        await visit(page, slugs.cancelled);
        await expect(page.locator('h1').innerText()).resolves.toBe(api.cancelled.title);
        await expect(page.locator('.banner.cancelled').innerText()).resolves.toBe('This event was cancelled.');
        await expect(page.locator('#discord-text').innerText()).resolves.toMatch(/^Cancelled: /);
        // A cancelled event does not count down to a start that will not happen.
        expect(await page.locator('main').innerText()).not.toMatch(/starts in/);
        await checkPage(page, width.viewport.width, `event-cancelled-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when a date-only event is opened, then it shows its date and never a time',
    async () => {
      const e = api.dateOnly;
      const { ctx, page, problems } = await openPage(browser!, width, { timezoneId: 'Pacific/Auckland' });
      try {
        await visit(page, slugs.dateOnly);
        const date = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${e.eventDate}T00:00:00Z`));
        await expect(page.locator('.when').innerText()).resolves.toBe(date);
        await expect(page.locator('.when time').getAttribute('datetime')).resolves.toBe(e.eventDate);
        // No clock time anywhere (no synthesised midnight), and nothing for the script to convert.
        expect(await page.locator('main').innerText()).not.toMatch(/\b\d{1,2}:\d\d\b|\bAM\b|\bPM\b|midnight/i);
        await expect(page.locator('.local').count()).resolves.toBe(0);
        // Discord gets the date, not timestamps; Google Calendar an all-day entry.
        await expect(page.locator('#discord-text').innerText()).resolves.toBe(`${e.title}\n${date}\n${s!.base}/events/${slugs.dateOnly}`);
        const google = new URL((await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
        const next = new Date(Date.parse(`${e.eventDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        expect(google.searchParams.get('dates')).toBe(`${e.eventDate.replace(/-/g, '')}/${next.replace(/-/g, '')}`);
        await checkPage(page, width.viewport.width, `event-date-only-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

describe('the event page, beyond the two widths', () => {
  test(
    'when seen at 360 px, then no event page scrolls sideways',
    async () => {
      const { ctx, page } = await openPage(browser!, WIDTHS[0], { viewport: { width: 360, height: 740 } });
      try {
        for (const slug of [slugs.lineup, slugs.dateOnly, slugs.cancelled]) {
          await visit(page, slug);
          expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
        }
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the viewer is in another zone, then the script adds the start and each slot in the viewer’s own time',
    async () => {
      const e = api.lineup;
      const { ctx, page } = await openPage(browser!, WIDTHS[1], { timezoneId: 'America/Los_Angeles', locale: 'en-US' });
      try {
        await visit(page, slugs.lineup);
        const la = new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/Los_Angeles' });
        // The event's own time stays; the viewer's is added beside it.
        await expect(page.locator('.when time').innerText()).resolves.toBe(inZone(e.startAt!, 'America/New_York'));
        const local = await page.locator('.when .local').innerText();
        expect(local).toContain(`Your time: ${la.format(e.startAt!)}`);
        expect(local).toMatch(/PST|PDT/);
        const slotLa = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/Los_Angeles' });
        const rows = page.locator('ol.lineup > li');
        for (const [i, slot] of e.slots!.entries()) await expect(rows.nth(i).locator('.local').innerText()).resolves.toBe(`Your time: ${slotLa.format(slot.startAt!)}`);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when "Download .ics" is used, then the file it downloads is the event for an independent parser (ical.js)',
    async () => {
      const { ctx, page } = await openPage(browser!, WIDTHS[1]);
      try {
        for (const key of ['lineup', 'dateOnly'] as const) {
          const e = api[key];
          await visit(page, slugs[key]);
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .ics' }).click()]);
          expect(download.suggestedFilename()).toBe(`${slugs[key]}.ics`);
          const text = fs.readFileSync((await download.path())!, 'utf8');
          const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
          expect(vevent.getFirstPropertyValue('summary')).toBe(e.title);
          const dtstart = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
          if (e.scheduleKind === 'timed') {
            expect(dtstart.isDate).toBe(false);
            expect(dtstart.toJSDate().getTime()).toBe(e.startAt);
          } else {
            expect(dtstart.isDate).toBe(true);
            expect(dtstart.toString()).toBe(e.eventDate);
          }
        }
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when "Copy for Discord" is used, then the text carries the start’s epoch as Discord timestamps and the page’s address',
    async () => {
      const e = api.lineup;
      const { ctx, page } = await openPage(browser!, WIDTHS[1]);
      try {
        await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s!.base });
        await visit(page, slugs.lineup);
        const epoch = Math.floor(e.startAt! / 1000);
        const expected = `${e.title}\n<t:${epoch}:F> (<t:${epoch}:R>)\n${s!.base}/events/${slugs.lineup}`;
        await expect(page.locator('pre#discord-text').innerText()).resolves.toBe(expected);
        const button = page.getByRole('button', { name: 'Copy for Discord' });
        await button.click();
        await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(expected);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when JavaScript is off, then everything is there but the viewer-local times, and the copy buttons stay hidden',
    async () => {
      const e = api.lineup;
      const { ctx, page } = await openPage(browser!, WIDTHS[0], { javaScriptEnabled: false, timezoneId: 'America/Los_Angeles' });
      try {
        const res = await page.goto(`${s!.base}/events/${slugs.lineup}`);
        expect(res?.status()).toBe(200);
        const main = page.locator('main');
        await expect(page.locator('h1').innerText()).resolves.toBe(e.title);
        await expect(page.locator('.when time').innerText()).resolves.toBe(inZone(e.startAt!, 'America/New_York'));
        await expect(main.locator('ol.lineup > li').count()).resolves.toBe(e.slots!.length);
        await expect(main.getByRole('link', { name: 'Download .ics' }).isVisible()).resolves.toBe(true);
        await expect(main.getByRole('link', { name: 'Google Calendar' }).isVisible()).resolves.toBe(true);
        await expect(page.locator('#discord-text').innerText()).resolves.toContain(`<t:${Math.floor(e.startAt! / 1000)}:F>`);
        await expect(page.locator('.local').count()).resolves.toBe(0);
        await expect(page.locator('button.copy').first().isVisible()).resolves.toBe(false);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test('when the slug is unknown or the event was retracted, then both answer the same 404 page, byte for byte', async () => {
    const retracted = await fetch(`${s!.base}/events/${slugs.retracted}`);
    const unknown = await fetch(`${s!.base}/events/no-such-event-ever`);
    expect([retracted.status, unknown.status]).toEqual([404, 404]);
    const [a, b] = [await retracted.text(), await unknown.text()];
    expect(a).toContain('Page not found');
    expect(a).toBe(b);
    // Nothing of the address asked for is in the page.
    expect(a).not.toContain(slugs.retracted);
    expect(await (await fetch(`${s!.base}/events/x`)).text()).toBe(a);
  });
});
