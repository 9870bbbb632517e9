import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { makeUser } from '../helpers/factories.js';
import { SLOW, WIDTHS, checkPage, openPage, useDemoSite, type Width } from './pageKit.js';

// The form pages' states that the page-by-page tests do not reach, in a real browser at a phone's
// and a desktop's width: the suggested edit of an unclaimed profile (empty, filled, refused, and a
// claimed profile's refusal), the contribution start page's refusals, a draft's questions and
// suggestions, its "changed elsewhere", refused-publish and possible-duplicate states, the
// correction page filled, refused and changed elsewhere, a media kit with a removed image, the
// account page listing owned profiles, and the rate-limit and cross-site refusal pages. Each
// passes axe-core, fits the screen and is reached by keyboard, and is kept as
// test-output/pages/states-<name>-<width>.png.
//
// A state the server renders is reached with JavaScript off, as a person without the script
// reaches it; axe-core runs as a script, so that document is then served, as it is, to a tab of
// the same width that runs scripts.
const PASSWORD = 'correct horse battery staple';
// A day and a doors time but no start: read as suggestions, with a question about the start.
const ANNOUNCEMENT = 'Polygon Painters present: Lantern Sculpting Evening\nSaturday 16 January 2027\nDoors open 19:30\nA relaxed evening of avatar sculpting.';
const site = useDemoSite();
// Each test starts in a fresh rate-limit window: every request here comes from one address.
afterEach(() => site.s?.t.clock.advance(61_000));

const REFUSED = /the server responded with a status of (400|403|409|429)/;

async function submit(page: Page, button: string | RegExp) {
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'), page.getByRole('button', { name: button, exact: typeof button === 'string' }).click()]);
  await page.waitForLoadState('load');
}

/**
 * A signed-in person's two views at one width: `plain` without JavaScript (the server's states)
 * and `live` with it (the same session), where each served document is checked.
 */
async function signedIn(width: Width, email: string) {
  const { browser, s } = site;
  const plain = await openPage(browser, width, { javaScriptEnabled: false });
  await plain.page.goto(`${s.base}/login?next=/account`);
  await plain.page.getByLabel('E-mail').fill(email);
  await plain.page.getByLabel('Password').fill(PASSWORD);
  await submit(plain.page, 'Sign in');
  expect(new URL(plain.page.url()).pathname).toBe('/account');
  const live = await openPage(browser, width, { storageState: await plain.ctx.storageState() });
  const w = width.viewport.width;
  return {
    plain,
    live,
    w,
    /** The live tab's page as it is now. */
    check: (name: string) => checkPage(live.page, w, `states-${name}-${w}`),
    /** The document the script-less tab shows, checked in a tab that runs scripts. */
    checkServed: (name: string, page: Page = plain.page) => checkServed(live.ctx, page, w, `states-${name}-${w}`),
    async close() {
      await plain.ctx.close();
      await live.ctx.close();
    },
  };
}

async function checkServed(ctx: BrowserContext, from: Page, width: number, shot: string) {
  await checkHtml(ctx, from.url(), await from.content(), width, shot);
}

async function checkHtml(ctx: BrowserContext, url: string, html: string, width: number, shot: string) {
  const tab = await ctx.newPage();
  try {
    await tab.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await tab.goto(url);
    await checkPage(tab, width, shot);
  } finally {
    await tab.close();
  }
}

/** The field's message: the text of the elements its aria-describedby names after the hint. */
const messageOf = (page: Page, name: string) =>
  page.locator(`[name="${name}"]`).evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  });

describe.each(WIDTHS)('form states at $viewport.width px ($name)', (width) => {
  test(
    'when a contributor suggests an edit to an unclaimed profile, then the empty, filled and refused form and the claimed profile refusal pass axe',
    async () => {
      const { s } = site;
      const user = await makeUser(s.t.services, { verified: true });
      const owner = await makeUser(s.t.services, { verified: true });
      const open = await s.t.services.directory.createProfile({ profileType: 'person', displayName: `Orbit Weaver ${width.name}`, headline: 'Visual artist' });
      const claimed = await s.t.services.directory.createProfile({ profileType: 'person', displayName: `Claimed Comet ${width.name}`, ownerUserId: owner.id });
      const v = await signedIn(width, user.email);
      try {
        const path = `/suggest/${open.slug}`;
        await v.live.page.goto(`${s.base}${path}`);
        await expect(v.live.page.getByText('What happens to your suggestion').isVisible()).resolves.toBe(true);
        await v.check('suggest-empty');

        await v.live.page.getByLabel('Headline').fill('Visual artist and stage designer');
        await v.live.page.getByLabel('Roles').fill('VJ, designer');
        await v.check('suggest-filled');

        // Refused by the server: a link whose address is not on its provider's host.
        await v.plain.page.goto(`${s.base}${path}`);
        await submit(v.plain.page, 'Add a link');
        await v.plain.page.locator('[name="links.0.type"]').selectOption('twitch');
        await v.plain.page.locator('[name="links.0.url"]').fill('https://twitch.tv.evil.example/orbit');
        await v.plain.page.getByLabel('Headline').fill('Visual artist and stage designer');
        await submit(v.plain.page, 'Publish the suggestion');
        await expect(v.plain.page.locator('[name="links.0.url"]').getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(messageOf(v.plain.page, 'links.0.url')).resolves.toBe('Must point at twitch.tv for a twitch link.');
        await expect(v.plain.page.getByLabel('Headline').inputValue()).resolves.toBe('Visual artist and stage designer');
        await v.checkServed('suggest-error');

        const refusal = await v.live.page.goto(`${s.base}/suggest/${claimed.slug}`);
        expect(refusal!.status()).toBe(403);
        await expect(v.live.page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('This profile is claimed');
        await v.check('suggest-claimed');
        expect(v.live.problems.filter((p) => !REFUSED.test(p))).toEqual([]);
      } finally {
        await v.close();
      }
    },
    SLOW,
  );

  test(
    'when the start page is sent an empty announcement or a file that is not an image, then each refusal beside its field passes axe',
    async () => {
      const { s } = site;
      const user = await makeUser(s.t.services, { verified: true });
      const v = await signedIn(width, user.email);
      try {
        const page = v.plain.page;
        await page.goto(`${s.base}/contribute`);
        await submit(page, 'Read the announcement');
        const text = page.getByLabel('Announcement text');
        await expect(text.getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(messageOf(page, 'sourceText')).resolves.toBe('Paste the announcement first.');
        await v.checkServed('contribute-start-empty-paste');

        await page.goto(`${s.base}/contribute`);
        await page.getByLabel('Poster image').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a poster') });
        await submit(page, 'Upload and read the poster');
        await expect(page.getByLabel('Poster image').getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(messageOf(page, 'file')).resolves.toBe('Choose a PNG, JPEG or WebP image.');
        await v.checkServed('contribute-start-not-image');
      } finally {
        await v.close();
      }
    },
    SLOW,
  );

  test(
    'when a draft has questions and suggestions, is saved from a stale page, is published too early or looks like an existing event, and its event is corrected, then every state passes axe',
    async () => {
      const { s } = site;
      const user = await makeUser(s.t.services, { verified: true });
      const v = await signedIn(width, user.email);
      const page = v.plain.page;
      try {
        // Questions and suggestions with the evidence behind them.
        await page.goto(`${s.base}/contribute`);
        await page.getByLabel('Announcement text').fill(ANNOUNCEMENT);
        await submit(page, 'Read the announcement');
        const draftUrl = page.url();
        expect(new URL(draftUrl).pathname).toMatch(/^\/contribute\/drf/);
        await expect(page.getByRole('heading', { name: 'Questions to answer' }).count()).resolves.toBe(1);
        await expect(page.locator('.suggestion .evidence li').count()).resolves.toBeGreaterThan(0);
        await v.checkServed('draft-suggestions');

        // Saved in another window meanwhile: this page's save is refused, the typed title kept beside the field.
        const other = await v.plain.ctx.newPage();
        await other.goto(draftUrl);
        await other.getByLabel('Venue').fill('The sculpting loft');
        await submit(other, 'Save the draft');
        await other.close();
        await page.getByLabel('Title', { exact: true }).fill('Lantern Sculpting, typed here');
        await submit(page, 'Save the draft');
        await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Changed elsewhere.');
        await v.checkServed('draft-conflict');

        // Publishing an empty draft: the refusals beside their fields.
        await page.goto(`${s.base}/contribute`);
        await submit(page, 'Start with an empty form');
        await submit(page, 'Publish the event');
        await expect(page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
        await v.checkServed('draft-publish-refused');

        // The same event twice: the second publish warns, with a checkbox for each look-alike.
        const title = `Twin Sculpting Jam ${width.name}`;
        const date = width.name === 'phone' ? '2027-02-06' : '2027-02-07';
        const publishNew = async () => {
          await page.goto(`${s.base}/contribute`);
          await submit(page, 'Start with an empty form');
          await page.getByLabel('Community', { exact: true }).fill('polygon-painters');
          await page.getByLabel('Title', { exact: true }).fill(title);
          await page.getByLabel('Date', { exact: true }).fill(date);
          await page.locator('[name="start.time"]').fill('19:00');
          await page.getByLabel('Time zone').selectOption('Europe/Berlin');
          await submit(page, 'Save the draft');
          await submit(page, 'Publish the event');
        };
        await publishNew();
        const eventPath = new URL(page.url()).pathname;
        expect(eventPath).toMatch(/^\/events\/twin-sculpting-jam-/);
        await publishNew();
        await expect(page.getByRole('group', { name: 'Possible duplicates' }).count()).resolves.toBe(1);
        await expect(page.getByRole('checkbox', { name: `Mine is not ${title}` }).count()).resolves.toBe(1);
        await v.checkServed('draft-duplicate');

        // Correcting the published event: filled (live), refused and changed elsewhere (no script).
        const slug = eventPath.split('/').pop()!;
        const edit = `${s.base}/account/contributions/${slug}/edit`;
        await v.live.page.goto(edit);
        await v.live.page.getByLabel('Venue').fill('The big studio');
        await v.live.page.getByLabel('Summary').fill('Bring a sculpting avatar.');
        await v.check('correction-filled');

        await page.goto(edit);
        await page.getByLabel('Date', { exact: true }).fill('2027-02-30');
        await submit(page, 'Save the correction');
        await expect(page.getByLabel('Date', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(page.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe('2027-02-30');
        await v.checkServed('correction-error');

        await page.goto(edit);
        const elsewhere = await v.plain.ctx.newPage();
        await elsewhere.goto(edit);
        s.t.clock.advance(1_000);
        await elsewhere.getByLabel('Venue').fill('The small studio');
        await submit(elsewhere, 'Save the correction');
        expect(new URL(elsewhere.url()).pathname).toBe(eventPath);
        await elsewhere.close();
        await page.getByLabel('Venue').fill('The rooftop');
        await submit(page, 'Save the correction');
        await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Changed elsewhere.');
        await v.checkServed('correction-conflict');
        expect(v.live.problems.filter((p) => !REFUSED.test(p))).toEqual([]);
      } finally {
        await v.close();
      }
    },
    SLOW * 2,
  );

  test(
    'when an owner has removed an image from a media kit and owns profiles, then the kit with its restore list and the account page listing them pass axe',
    async () => {
      const { s } = site;
      const user = await makeUser(s.t.services, { verified: true });
      const community = await s.t.services.directory.createProfile({ profileType: 'community', displayName: `Glass Harbor ${width.name}`, ownerUserId: user.id });
      await s.t.services.directory.createProfile({ profileType: 'person', displayName: `Ivo Lumen ${width.name}`, ownerUserId: user.id });
      const bytes = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#0f766e' } }).png().toBuffer();
      await s.t.services.profileAssets.addForDemo(community.slug, { bytes, mimeType: 'image/png', placements: ['gallery'], position: 0, label: 'Harbor stage', altText: 'A teal stage at dusk' });
      const v = await signedIn(width, user.email);
      try {
        const kit = `/manage/${community.slug}/media`;
        await v.plain.page.goto(`${s.base}${kit}`);
        await submit(v.plain.page, 'Remove Harbor stage');
        expect(new URL(v.plain.page.url()).pathname).toBe(kit);

        await v.live.page.goto(`${s.base}${kit}`);
        await expect(v.live.page.getByRole('button', { name: 'Restore Harbor stage' }).count()).resolves.toBe(1);
        await v.check('media-kit-removed');

        await v.live.page.goto(`${s.base}/account`);
        await expect(v.live.page.getByText(`Glass Harbor ${width.name}`).first().isVisible()).resolves.toBe(true);
        await expect(v.live.page.getByText(`Ivo Lumen ${width.name}`).first().isVisible()).resolves.toBe(true);
        await v.check('account-owned');
        expect(v.live.problems).toEqual([]);
      } finally {
        await v.close();
      }
    },
    SLOW,
  );
});

describe('the refusal pages of a form', () => {
  test(
    'when a form is sent from another site or too often, then the 403 and 429 pages pass axe at both widths',
    async () => {
      const { s } = site;
      const user = await makeUser(s.t.services, { verified: true });
      const p = await s.t.services.directory.createProfile({ profileType: 'person', displayName: 'Rate Limited Rook', ownerUserId: user.id });
      const v = await signedIn(WIDTHS[1], user.email);
      try {
        const url = `${s.base}/manage/${p.slug}`;
        const form = { expectedUpdatedAt: '1', op: 'add' };
        const crossSite = await v.plain.ctx.request.post(url, { form, headers: { Origin: 'https://elsewhere.example' }, maxRedirects: 0 });
        expect(crossSite.status()).toBe(403);
        const crossSiteHtml = await crossSite.text();
        expect(crossSiteHtml).toContain('Cross-site form submission refused.');

        let limited: Awaited<ReturnType<typeof v.plain.ctx.request.post>> | undefined;
        for (let i = 0; i < 200 && !limited; i++) {
          const res = await v.plain.ctx.request.post(url, { form, headers: { Origin: s.base }, maxRedirects: 0 });
          if (res.status() === 429) limited = res;
          else await res.dispose();
        }
        expect(limited).toBeDefined();
        expect(limited!.headers()['retry-after']).toBeDefined();
        const limitedHtml = await limited!.text();
        expect(limitedHtml).toContain('Too many requests');

        for (const width of WIDTHS) {
          const checker = await openPage(site.browser, width);
          try {
            await checkHtml(checker.ctx, url, crossSiteHtml, width.viewport.width, `states-cross-site-${width.viewport.width}`);
            await checkHtml(checker.ctx, url, limitedHtml, width.viewport.width, `states-rate-limited-${width.viewport.width}`);
          } finally {
            await checker.ctx.close();
          }
        }
      } finally {
        await v.close();
      }
    },
    SLOW,
  );
});
