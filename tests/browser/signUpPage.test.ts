import type { Browser, Page } from 'playwright-core';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { launchChromium } from './chromium.js';
import { SLOW, WIDTHS, checkPage, openPage } from './pageKit.js';

// The sign-up page (SIGNUP=open, the embedded default) in a real browser at a phone's and a
// desktop's width: empty, filled, refused with messages beside their fields, and accepted, each
// state passing axe-core with nothing overflowing; and the whole flow without JavaScript.
const PASSWORD = 'a long enough passphrase';

let browser: Browser | undefined;
let s: ServedTestApp | undefined;
beforeAll(async () => {
  browser = await launchChromium();
  s = await serveTestApp();
}, SLOW);
afterAll(async () => {
  await s?.t.services.signUp.settled();
  await browser?.close();
  await s?.close();
});

async function submit(page: Page) {
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/signup' && r.request().method() === 'POST'), page.getByRole('button', { name: 'Create my account' }).click()]);
  await page.waitForLoadState('load');
}

describe.each(WIDTHS)('the sign-up page at $viewport.width px ($name)', (width) => {
  test(
    'when it is opened, filled, refused and accepted, then every state passes axe, fits the screen and is reached by keyboard',
    async () => {
      const { ctx, page, problems } = await openPage(browser!, width);
      try {
        // Reached from the sign-in page's offer.
        await page.goto(`${s!.base}/login`);
        await Promise.all([page.waitForURL(/\/signup$/), page.getByRole('main').getByRole('link', { name: 'Create an account' }).click()]);
        await checkPage(page, width.viewport.width, `sign-up-empty-${width.viewport.width}`);

        const email = `browser-${width.name}@example.test`;
        await page.getByLabel('E-mail').fill(email);
        await page.getByLabel('Display name').fill('   ');
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByLabel('Repeat the password').fill('not the same passphrase');
        await checkPage(page, width.viewport.width, `sign-up-filled-${width.viewport.width}`);

        await submit(page);
        await expect(page.getByRole('alert').textContent()).resolves.toBe('2 fields need your attention.');
        // Each message is read with its field.
        const name = page.getByRole('textbox', { name: 'Display name' });
        await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
        const description = (field: typeof name) =>
          field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' '));
        await expect(description(name)).resolves.toBe('Shown with what you publish. Enter the name others will see.');
        await expect(description(page.getByLabel('Repeat the password'))).resolves.toBe('The two passwords differ.');
        await expect(page.getByLabel('E-mail').inputValue()).resolves.toBe(email);
        await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
        await checkPage(page, width.viewport.width, `sign-up-error-${width.viewport.width}`);

        await page.getByLabel('Display name').fill(`Browser ${width.name}`);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByLabel('Repeat the password').fill(PASSWORD);
        await submit(page);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Check your e-mail');
        await checkPage(page, width.viewport.width, `sign-up-accepted-${width.viewport.width}`);
        // The refused post's 400 is the one resource the browser reports; nothing else went wrong.
        expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

test(
  'when JavaScript is off, then the sign-up form still posts and answers',
  async () => {
    const { ctx, page } = await openPage(browser!, WIDTHS[0], { javaScriptEnabled: false });
    try {
      await page.goto(`${s!.base}/signup`);
      await page.getByLabel('E-mail').fill('no-script@example.test');
      await page.getByLabel('Display name').fill('No Script');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Repeat the password').fill(PASSWORD);
      await submit(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Check your e-mail');
      await s!.t.services.signUp.settled();
      expect(await s!.t.db('users').where({ email: 'no-script@example.test', origin: 'signup' })).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  },
  SLOW,
);
