import type { Browser, Page } from 'playwright-core';
import { makeUser } from '../helpers/factories.js';
import { checkPage, openPage, signInThrough, SLOW, useSite, WIDTHS } from './pageKit.js';

// The owner's event pages in a real browser at a phone's and a desktop's width: the community's
// events (empty), the event form empty, filled and refused, and the edit page after publishing,
// each state passing axe-core, fitting the screen and reached by keyboard. Without a script, the
// lineup's row buttons add and remove slots through the server.
const PASSWORD = 'correct horse battery staple';

const site = useSite();

let n = 0;
async function ownerWithCommunity() {
  const user = await makeUser(site.s.t.services, { verified: true });
  const community = await site.s.t.services.directory.createProfile({ profileType: 'community', displayName: `Browser Crew ${++n}`, ownerUserId: user.id, timezone: 'Europe/Berlin' });
  const performer = await site.s.t.services.directory.createProfile({
    profileType: 'person',
    displayName: `Aurora Browser ${n}`,
    outboundLinks: [{ type: 'twitch', url: `https://www.twitch.tv/aurorabrowser${n}`, label: 'Twitch' }],
  });
  return { user, community, performer };
}

const signIn = (page: Page, email: string, next: string) => signInThrough(page, site.s.base, email, next, PASSWORD);

async function press(page: Page, name: string | RegExp, exact = true) {
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name, exact }).click()]);
  await page.waitForLoadState('load');
}

describe.each(WIDTHS)('the owner’s event pages at $viewport.width px ($name)', (width) => {
  test(
    'when the list, the empty, filled and refused form and the edit page are shown, then every state passes axe, fits the screen and is reached by keyboard',
    async () => {
      const { user, community, performer } = await ownerWithCommunity();
      const { ctx, page, problems } = await openPage(site.browser, width);
      try {
        const w = width.viewport.width;
        await signIn(page, user.email, `/manage/${community.slug}/events`);
        await expect(page.getByText('No upcoming events.').isVisible()).resolves.toBe(true);
        await checkPage(page, w, `owner-events-${w}`);

        await Promise.all([page.waitForURL(/\/events\/new$/), page.getByRole('link', { name: 'New event' }).click()]);
        await checkPage(page, w, `owner-event-new-${w}`);

        await page.getByLabel('Title').fill('Browser Winter Session');
        await page.getByLabel('Date').fill('2026-12-11');
        await page.getByLabel('Start', { exact: true }).fill('21:00');
        await page.getByLabel('End', { exact: true }).fill('01:00');
        await page.getByLabel('Performer name').fill('Aurora Browser');
        await page.getByLabel('Performer profile (slug)', { exact: true }).fill(performer.slug);
        await page.getByLabel('Slot 1 start', { exact: true }).fill('10:00');
        await page.getByLabel('Summary').fill('Two sets, one night.');
        await checkPage(page, w, `owner-event-filled-${w}`);

        await press(page, 'Publish the event');
        await expect(page.getByRole('alert').first().textContent()).resolves.toBe('One field needs your attention.');
        const slotStart = page.getByLabel('Slot 1 start', { exact: true });
        await expect(slotStart.getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(slotStart.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent)).resolves.toBe('Starts after the event ends.');
        await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Browser Winter Session');
        await checkPage(page, w, `owner-event-error-${w}`);

        // Fixed, with the performer's stream chosen (now offered: the form knows the performer).
        await slotStart.fill('21:00');
        await page.getByLabel('Stream').selectOption(`twitch:aurorabrowser${n}`);
        await press(page, 'Publish the event');
        expect(new URL(page.url()).pathname).toMatch(/^\/manage\/events\/browser-winter-session-2026-12-11/);
        await expect(page.locator('.notice[role=status]').textContent()).resolves.toBe('The event is published.');
        await checkPage(page, w, `owner-event-edit-${w}`);

        // Cancel, after the confirmation page.
        await Promise.all([page.waitForURL(/\/cancel$/), page.getByRole('link', { name: 'Cancel the event…' }).click()]);
        await checkPage(page, w, `owner-event-cancel-${w}`);
        await press(page, 'Cancel the event');
        await expect(page.getByRole('button', { name: 'Restore the event' }).isVisible()).resolves.toBe(true);

        const refused = 'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)';
        expect(problems.filter((p) => p !== refused)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

test(
  'when the script is off, then the lineup’s buttons add, move and remove slots through the server, keeping what was typed',
  async () => {
    const { user, community } = await ownerWithCommunity();
    const { ctx, page } = await openPage(site.browser, WIDTHS[1], { javaScriptEnabled: false });
    try {
      await signIn(page, user.email, `/manage/${community.slug}/events/new`);
      await page.getByLabel('Title').fill('No Script Night');
      await page.getByLabel('Performer name').fill('First Act');
      await press(page, 'Add a slot');
      expect(await page.getByLabel('Performer name').count()).toBe(2);
      await expect(page.getByLabel('Title').inputValue()).resolves.toBe('No Script Night');
      await page.getByLabel('Performer name').nth(1).fill('Second Act');
      await press(page, 'Move slot 2 up');
      await expect(page.getByLabel('Performer name').nth(0).inputValue()).resolves.toBe('Second Act');
      await press(page, 'Remove slot 1');
      expect(await page.getByLabel('Performer name').count()).toBe(1);
      await expect(page.getByLabel('Performer name').inputValue()).resolves.toBe('First Act');
      await press(page, 'Add a participant');
      expect(await page.getByLabel('Person profile (slug)').count()).toBe(1);
      await press(page, 'Remove participant 1');
      expect(await page.getByLabel('Person profile (slug)').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  },
  SLOW,
);
