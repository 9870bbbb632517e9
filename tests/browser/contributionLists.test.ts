import type { Page } from 'playwright-core';
import { makeToken, makeUser, publishEvent, saveDraft } from '../helpers/factories.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { SLOW, WIDTHS, checkPage, openPage, useDemoSite } from './pageKit.js';

// Your drafts and your contributions in a real browser at a phone's and a desktop's width: empty
// and filled, the retraction's confirmation and the list after it, each passing axe-core,
// fitting the screen and reached by keyboard.
const PASSWORD = 'correct horse battery staple';
const site = useDemoSite();

async function go(page: Page, path: string) {
  const res = await page.goto(`${site.s.base}${path}`);
  expect(res?.status()).toBe(200);
}

describe.each(WIDTHS)('your drafts and contributions at $viewport.width px ($name)', (width) => {
  test(
    'when they are empty, filled, and a contribution is retracted, then every state passes axe, fits the screen and is reached by keyboard',
    async () => {
      const t = site.s.t;
      const w = width.viewport.width;
      const user = await makeUser(t.services, { verified: true });
      const token = (await makeToken(t.services, user.id, ['events:contribute'])).value;
      const { ctx, page, problems } = await openPage(site.browser, width);
      try {
        await page.goto(`${site.s.base}/login?next=/account/drafts`);
        await page.getByLabel('E-mail').fill(user.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await Promise.all([page.waitForURL(/\/account\/drafts$/), page.getByRole('button', { name: 'Sign in' }).click()]);
        await expect(page.getByText('You have no drafts right now.').isVisible()).resolves.toBe(true);
        await checkPage(page, w, `drafts-empty-${w}`);
        await go(page, '/account/contributions');
        await expect(page.getByText('You have not published any events yet.').isVisible()).resolves.toBe(true);
        await checkPage(page, w, `contributions-empty-${w}`);

        // Drafts: an empty one, a full one with a long title, one with open questions.
        bodyOf(await saveDraft(t, token, {}), 200);
        bodyOf(
          await saveDraft(t, token, {
            title: 'Neon Reverie presents: an exceptionally long-winded title for a rooftop night that keeps going',
            communitySlug: 'neon-reverie',
            eventDate: '2027-01-09',
            timezone: 'Europe/Berlin',
            start: { time: '21:00' },
            end: { time: '01:00', dayOffset: 1 },
          }),
          200,
        );
        t.clock.advance(3 * 24 * 3600 * 1000);
        bodyOf(await saveDraft(t, token, { title: 'Synthwave sunset', eventDate: '2027-02-14', timeTba: true, questions: ['Which world?'] }), 200);
        await go(page, '/account/drafts');
        await expect(page.getByRole('heading', { name: 'Untitled draft' }).isVisible()).resolves.toBe(true);
        await checkPage(page, w, `drafts-${w}`);

        // Contributions: two live, one retracted.
        const gone = await publishEvent(t, token, { communitySlug: 'neon-reverie', eventDate: '2027-03-01', timezone: 'Europe/Berlin', start: { time: '20:00' } });
        bodyOf(await callOp(t.app, 'retractEventContribution', { token, params: { slug: gone.slug } }), 200);
        await publishEvent(t, token, { communitySlug: 'neon-reverie', eventDate: '2027-03-08', timeTba: true });
        const kept = await publishEvent(t, token, { communitySlug: 'neon-reverie', eventDate: '2027-03-15', timezone: 'Europe/Berlin', start: { time: '21:00' }, end: { time: '23:30' } });
        await go(page, '/account/contributions');
        await expect(page.getByText('Retracted', { exact: true }).isVisible()).resolves.toBe(true);
        await checkPage(page, w, `contributions-${w}`);

        // The retraction: the confirmation says what it does, then the list notes it.
        await Promise.all([page.waitForURL(new RegExp(`/account/contributions/${kept.slug}/retract$`)), page.locator(`a[href="/account/contributions/${kept.slug}/retract"]`).click()]);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Retract this event?');
        await checkPage(page, w, `contribution-retract-${w}`);
        await Promise.all([page.waitForURL(/\/account\/contributions\?notice=retracted$/), page.getByRole('button', { name: 'Retract this event' }).click()]);
        await expect(page.getByRole('status').textContent()).resolves.toContain('The event is retracted');
        await checkPage(page, w, `contributions-retracted-${w}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});
