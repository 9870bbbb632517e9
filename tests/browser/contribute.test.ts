import type { Page } from 'playwright-core';
import { makeUser } from '../helpers/factories.js';
import { SLOW, WIDTHS, checkPage, openPage, useDemoSite } from './pageKit.js';

// The contribution wizard in a real browser with JavaScript turned off, at a phone's and a
// desktop's width: start, paste an announcement, fix what it could not read, publish, land on
// the event's page and correct it. Each state passes axe-core, fits the screen and is reached
// by keyboard.
const PASSWORD = 'correct horse battery staple';
const ANNOUNCEMENT = 'Polygon Painters present: Moonlit Sculpting Night\nA relaxed evening of avatar sculpting, 19:00 to 22:00.';
const site = useDemoSite();

async function submit(page: Page, button: string) {
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: button, exact: true }).click()]);
  await page.waitForLoadState('load');
}

describe.each(WIDTHS)('the contribution wizard at $viewport.width px ($name)', (width) => {
  test(
    'when an announcement is pasted, fixed, published and corrected without JavaScript, then every state passes axe and fits the screen',
    async () => {
      const { s, browser } = site;
      const user = await makeUser(s.t.services, { verified: true });
      const { ctx, page, problems } = await openPage(browser, width, { javaScriptEnabled: false });
      // axe-core runs as a script: each state reached without JavaScript is checked as the same
      // document, served to a second tab of the same width that runs scripts.
      const checker = await openPage(browser, width);
      const w = width.viewport.width;
      const check = async (shot: string) => {
        const html = await page.content();
        const url = page.url();
        const tab = await checker.ctx.newPage();
        await tab.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
        await tab.goto(url);
        await checkPage(tab, w, shot);
        await tab.close();
      };
      try {
        await page.goto(`${s.base}/contribute`);
        expect(new URL(page.url()).pathname).toBe('/login');
        await page.getByLabel('E-mail').fill(user.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await submit(page, 'Sign in');
        expect(new URL(page.url()).pathname).toBe('/contribute');
        await check(`contribute-start-${w}`);

        // An empty form first.
        await submit(page, 'Start with an empty form');
        expect(new URL(page.url()).pathname).toMatch(/^\/contribute\/drf/);
        await check(`contribute-empty-${w}`);

        await page.goto(`${s.base}/contribute`);
        await page.getByLabel('Announcement text').fill(ANNOUNCEMENT);
        await submit(page, 'Read the announcement');
        const draftPath = new URL(page.url()).pathname;
        expect(draftPath).toMatch(/^\/contribute\/drf/);
        await check(`contribute-filled-${w}`);

        // Publishing before the date is given: the refusals beside their fields.
        await submit(page, 'Publish the event');
        const date = page.getByLabel('Date', { exact: true });
        await expect(date.getAttribute('aria-invalid')).resolves.toBe('true');
        await check(`contribute-error-${w}`);

        const title = `Moonlit Sculpting Night on the ${width.name}`;
        await page.getByLabel('Community', { exact: true }).fill('polygon-painters');
        await page.getByLabel('Title', { exact: true }).fill(title);
        await date.fill(width.name === 'phone' ? '2027-01-16' : '2027-01-17');
        await page.locator('[name="start.time"]').fill('19:00');
        await page.getByLabel('Time zone').selectOption('Europe/Berlin');
        await submit(page, 'Save the draft');
        await expect(page.getByRole('status').first().textContent()).resolves.toContain('Saved.');
        await submit(page, 'Publish the event');
        const eventPath = new URL(page.url()).pathname;
        expect(eventPath).toMatch(/^\/events\/moonlit-sculpting-night-on-the-/);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(title);

        await page.goto(`${s.base}/account/contributions/${eventPath.split('/').pop()}/edit`);
        await check(`contribute-correct-${w}`);
        await page.getByLabel('Venue').fill('The big studio');
        await page.getByLabel('Title', { exact: true }).fill(`${title} (moved)`);
        await submit(page, 'Save the correction');
        expect(new URL(page.url()).pathname).toBe(eventPath);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('(moved)');
        expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
      } finally {
        await ctx.close();
        await checker.ctx.close();
      }
    },
    SLOW * 2,
  );
});
