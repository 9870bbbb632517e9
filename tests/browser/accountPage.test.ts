import type { Browser, Page } from 'playwright-core';
import { makeUser } from '../helpers/factories.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { launchChromium } from './chromium.js';
import { SLOW, WIDTHS, checkPage, openPage } from './pageKit.js';

// The account page in a real browser at a phone's and a desktop's width: as shown, with forms
// filled, and with a refused form's messages beside their fields, each state passing axe-core,
// fitting the screen and reached by keyboard.
const PASSWORD = 'correct horse battery staple';

let browser: Browser | undefined;
let s: ServedTestApp | undefined;
beforeAll(async () => {
  browser = await launchChromium();
  s = await serveTestApp();
}, SLOW);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function submit(page: Page, path: string, button: string) {
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'), page.getByRole('button', { name: button }).click()]);
  await page.waitForLoadState('load');
}

describe.each(WIDTHS)('the account page at $viewport.width px ($name)', (width) => {
  test(
    'when it is shown, filled and refused, then every state passes axe, fits the screen and is reached by keyboard',
    async () => {
      const user = await makeUser(s!.t.services, { verified: true });
      const { ctx, page, problems } = await openPage(browser!, width);
      try {
        await page.goto(`${s!.base}/login?next=/account`);
        await page.getByLabel('E-mail').fill(user.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await submit(page, '/login', 'Sign in');
        expect(new URL(page.url()).pathname).toBe('/account');
        await expect(page.getByRole('cell', { name: /this browser/ }).isVisible()).resolves.toBe(true);
        await checkPage(page, width.viewport.width, `account-${width.viewport.width}`);

        await page.getByLabel('Current password').fill('not my password at all');
        await page.getByLabel('New password', { exact: true }).fill('a fresh and longer passphrase');
        await page.getByLabel('Repeat the new password').fill('a fresh and longer passphrase');
        await checkPage(page, width.viewport.width, `account-filled-${width.viewport.width}`);

        await submit(page, '/account/password', 'Change the password');
        await expect(page.getByRole('alert').textContent()).resolves.toBe('One field needs your attention.');
        const current = page.getByLabel('Current password');
        await expect(current.getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(current.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent)).resolves.toBe('That is not your current password.');
        await checkPage(page, width.viewport.width, `account-error-${width.viewport.width}`);

        await page.getByLabel('Display name').fill(`Renamed on ${width.name}`);
        await submit(page, '/account/name', 'Save the name');
        await expect(page.getByRole('status').textContent()).resolves.toBe('Your display name is saved.');
        await checkPage(page, width.viewport.width, `account-saved-${width.viewport.width}`);

        // The deletion page, which says what goes and what stays, empty and refused.
        await Promise.all([page.waitForURL(/\/account\/delete$/), page.getByRole('link', { name: 'Delete your account' }).click()]);
        await checkPage(page, width.viewport.width, `account-delete-${width.viewport.width}`);
        await page.getByLabel('Your password').fill('not my password at all');
        await submit(page, '/account/delete', 'Delete my account');
        await expect(page.getByLabel('Your password').getAttribute('aria-invalid')).resolves.toBe('true');
        await checkPage(page, width.viewport.width, `account-delete-error-${width.viewport.width}`);
        const refused = 'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)';
        expect(problems).toEqual([refused, refused]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});
