import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { makeUser } from '../helpers/factories.js';
import { checkPage, openPage, SLOW, useSite, WIDTHS } from './pageKit.js';

// The owner's profile editor in a real browser at a phone's and a desktop's width: empty, filled
// and refused, each state passing axe-core, fitting the screen and reached by keyboard; the
// provider host check as the owner types (script on); the link rows added and removed with the
// script off.
const PASSWORD = 'correct horse battery staple';

const site = useSite();

const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;

async function ownerWithProfile(opts: { headline?: string; bio?: string; links?: boolean } = {}) {
  const user = await makeUser(site.s.t.services, { verified: true });
  const p = await site.s.t.services.directory.createProfile({
    profileType: 'person',
    displayName: unique('Lumen'),
    ownerUserId: user.id,
    headline: opts.headline,
    bio: opts.bio,
    ...(opts.links ? { outboundLinks: [{ type: 'twitch', url: 'https://twitch.tv/lumen', label: 'Twitch', labelMode: 'automatic' }] } : {}),
  });
  return { user, p };
}

async function submit(page: Page, path: string, button: string) {
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'), page.getByRole('button', { name: button, exact: true }).click()]);
  await page.waitForLoadState('load');
}

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`${site.s.base}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await submit(page, '/login', 'Sign in');
  expect(new URL(page.url()).pathname).toBe(next);
}

const describedText = (page: Page, name: string) =>
  page.locator(`[name="${name}"]`).evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  });

describe.each(WIDTHS)('the profile editor at $viewport.width px ($name)', (width) => {
  test(
    'when it is shown empty, filled and refused, then every state passes axe, fits the screen and is reached by keyboard; the host check speaks as the owner types',
    async () => {
      const empty = await ownerWithProfile();
      const { ctx, page, problems } = await openPage(site.browser, width);
      try {
        await signIn(page, empty.user.email, `/manage/${empty.p.slug}`);
        await checkPage(page, width.viewport.width, `profile-edit-empty-${width.viewport.width}`);

        await page.getByLabel('Headline').fill('Ambient sets on Sundays');
        await page.getByLabel('About').fill('Plays long ambient sets.\n\nHosts a small club.');
        await page.getByLabel('Roles').fill('DJ, host');
        // With the script the row is added in place, inside the list of links (nothing is sent).
        await page.getByRole('button', { name: 'Add a link', exact: true }).click();
        await expect(page.locator('ol.link-rows > [data-row]').count()).resolves.toBe(1);
        await page.getByLabel('Type').selectOption('twitch');
        const url = page.getByLabel('Address (https://…)');
        await url.fill('https://twitch.tv.evil.example/lumen');
        // The live check, before anything is sent: the same words as the server's refusal.
        const message = 'Must point at twitch.tv for a twitch link.';
        await expect(describedText(page, 'links.0.url')).resolves.toBe(message);
        await expect(url.getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(page.locator('[data-host-message]').first().getAttribute('aria-live')).resolves.toBe('polite');
        await checkPage(page, width.viewport.width, `profile-edit-filled-${width.viewport.width}`);

        await submit(page, `/manage/${empty.p.slug}`, 'Save changes');
        await expect(page.getByRole('alert').first().textContent()).resolves.toBe('One field needs your attention.');
        await expect(describedText(page, 'links.0.url')).resolves.toBe(message);
        await expect(page.getByLabel('Headline').inputValue()).resolves.toBe('Ambient sets on Sundays');
        await checkPage(page, width.viewport.width, `profile-edit-error-${width.viewport.width}`);

        // Corrected as typed: the message goes away, and the save goes through.
        await page.getByLabel('Address (https://…)').fill('https://twitch.tv/lumen');
        await expect(describedText(page, 'links.0.url')).resolves.toBe('');
        await submit(page, `/manage/${empty.p.slug}`, 'Save changes');
        // (The row editor adds a status region of its own for what it does in place.)
        await expect(page.locator('.notice[role="status"]').textContent()).resolves.toContain('Your changes are saved.');
        const stored = (await site.s.t.repos.profiles.findById(empty.p.id))!;
        expect(stored.headline).toBe('Ambient sets on Sundays');
        expect(stored.outboundLinks.map((l) => l.url)).toEqual(['https://twitch.tv/lumen']);
        await checkPage(page, width.viewport.width, `profile-edit-saved-${width.viewport.width}`);
        const refused = 'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)';
        expect(problems).toEqual([refused]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

describe('the link rows without a script', () => {
  test(
    'when the owner adds a row, fills it and removes another, then the page re-renders each time and the save keeps what is left',
    async () => {
      const { user, p } = await ownerWithProfile({ headline: 'Night owl', links: true });
      const { ctx, page } = await openPage(site.browser, WIDTHS[1], { javaScriptEnabled: false });
      try {
        await signIn(page, user.email, `/manage/${p.slug}`);
        await submit(page, `/manage/${p.slug}`, 'Add a link');
        await expect(page.locator('[data-row]').count()).resolves.toBe(2);
        await page.locator('[name="links.1.type"]').selectOption('website');
        await page.locator('[name="links.1.url"]').fill('https://lumen.example.org');
        await page.locator('[name="links.1.label"]').fill('Home');
        await submit(page, `/manage/${p.slug}`, 'Remove link 1');
        await expect(page.locator('[data-row]').count()).resolves.toBe(1);
        await expect(page.locator('[name="links.0.url"]').inputValue()).resolves.toBe('https://lumen.example.org');
        await submit(page, `/manage/${p.slug}`, 'Save changes');
        await expect(page.getByRole('status').textContent()).resolves.toContain('Your changes are saved.');
        const stored = (await site.s.t.repos.profiles.findById(p.id))!;
        expect(stored.outboundLinks.map((l) => [l.type, l.url, l.label])).toEqual([['website', 'https://lumen.example.org/', 'Home']]);
        expect(stored.headline).toBe('Night owl');
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});
