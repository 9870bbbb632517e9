import { callOp, bodyOf } from '../helpers/contractClient.js';
import { SLOW, WIDTHS, checkPage, openPage, scrollWidth, useDemoSite } from './pageKit.js';

// The discovery page on demo data, in a real browser: what the upcoming list holds for the next
// seven days is there, live events are marked, the viewer's own time is added by the script (and
// only by it), and the page passes axe, fits a phone and is reachable by keyboard.
const site = useDemoSite();

const WEEK = 7 * 24 * 3600_000;

async function upcomingThisWeek() {
  const { events } = bodyOf(await callOp(site.s.t.app, 'listPublicUpcomingEvents', { query: { limit: 24 } }), 200);
  const now = site.s.t.clock.now();
  return events.filter((e) => e.status === 'in_progress' || (e.startAt ?? Date.parse(`${e.eventDate}T00:00:00Z`)) < now + WEEK);
}

describe.each(WIDTHS)('the discovery page at $viewport.width px ($name)', (width) => {
  test(
    "when it is opened, then this week's upcoming events and the active worlds are listed with links to their pages, and it passes axe, fits and is reachable by keyboard",
    async () => {
      const expected = await upcomingThisWeek();
      expect(expected.length).toBeGreaterThan(0);
      const { ctx, page, problems } = await openPage(site.browser, width, { timezoneId: 'Europe/London' });
      try {
        const res = await page.goto(`${site.s.base}/`);
        expect(res?.status()).toBe(200);
        const main = await page.locator('main').innerText();
        for (const e of expected) {
          expect(main).toContain(e.title);
          expect(await page.locator(`main a[href="/events/${e.slug}"]`).count()).toBeGreaterThan(0);
        }
        const { worlds } = bodyOf(await callOp(site.s.t.app, 'listPublicActiveWorlds', {}), 200);
        for (const w of worlds) expect(await page.locator(`main a[href="/worlds/${w.slug}"]`).count()).toBe(1);
        expect(await page.getByRole('link', { name: 'Subscribe to all events' }).getAttribute('href')).toBe(`${site.s.base.replace(/^http:/, 'webcal:')}/api/v0/events/calendar.ics`);
        await checkPage(page, width.viewport.width, `home-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

test(
  "when a viewer in another zone opens it, then each start is shown in the event's zone and, by the script, in the viewer's own",
  async () => {
    const [first] = await upcomingThisWeek();
    const zone = first.timezone === 'Pacific/Auckland' ? 'America/Los_Angeles' : 'Pacific/Auckland';
    const { ctx, page } = await openPage(site.browser, WIDTHS[0], { timezoneId: zone });
    try {
      await page.goto(`${site.s.base}/`);
      const card = page.locator('li.card', { has: page.locator(`a[href="/events/${first.slug}"]`) }).first();
      const local = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(first.startAt!);
      await expect(card.locator('.local').innerText()).resolves.toBe(`Your time: ${local}`);
      expect(await card.locator('.local').getAttribute('data-viewer-zone')).toBe(zone);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTHS[0].viewport.width);
    } finally {
      await ctx.close();
    }
  },
  SLOW,
);

test(
  'when JavaScript is off, then everything but the local-time line is there, and at 360 px nothing scrolls sideways',
  async () => {
    const expected = await upcomingThisWeek();
    const { ctx, page } = await openPage(site.browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, { javaScriptEnabled: false });
    try {
      await page.goto(`${site.s.base}/`);
      const main = await page.locator('main').innerText();
      for (const e of expected) expect(main).toContain(e.title);
      expect(await page.locator('.local').count()).toBe(0);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    } finally {
      await ctx.close();
    }
  },
  SLOW,
);
