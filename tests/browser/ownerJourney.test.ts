import ICAL from 'ical.js';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import * as yauzl from 'yauzl';
import { makeUser } from '../helpers/factories.js';
import { checkPage, openPage, SLOW, useSite, WIDTHS } from './pageKit.js';

// An owner's whole journey in a real browser, across the pages an owner uses: sign in, from the
// account page into the community's editor (a link with a provider host that is not the
// provider's is named beside its field as it is typed, and refused by the server with the typed
// value kept), the media kit (a logo uploaded straight to the upload transport with progress,
// then on the public page and inside logos.zip), and the community's events (two lineup slots,
// a performer found by the typeahead, the performer's stream chosen, published, then cancelled:
// the public page says so and the community calendar has the entry as STATUS:CANCELLED).
// Each step's page passes axe-core, fits and is reached by keyboard at 1280 and at 390 px.
// The same critical steps once more with JavaScript disabled.
const PASSWORD = 'correct horse battery staple';
const JOURNEY = 6 * SLOW;
const [PHONE, DESKTOP] = WIDTHS;

const site = useSite();

/** A verified owner of a community, and a performer (not owned) with a public Twitch stream link. */
async function ownerWithCommunity(name: string, performerName: string, handle: string) {
  const user = await makeUser(site.s.t.services, { verified: true });
  const community = await site.s.t.services.directory.createProfile({ profileType: 'community', displayName: name, ownerUserId: user.id, timezone: 'Europe/Berlin' });
  const performer = await site.s.t.services.directory.createProfile({
    profileType: 'person',
    displayName: performerName,
    outboundLinks: [{ type: 'twitch', url: `https://www.twitch.tv/${handle}`, label: 'Twitch' }],
  });
  return { user, community, performer };
}

/** Presses a button that sends its form, and waits for the page the server answers. */
async function press(page: Page, name: string, path?: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document' && (!path || new URL(r.url()).pathname === path)),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  await page.waitForLoadState('load');
  return response;
}

/** Follows a link to a new page. */
async function follow(page: Page, name: string | RegExp, path: string | RegExp) {
  await Promise.all([page.waitForURL((u) => (typeof path === 'string' ? u.pathname === path : path.test(u.pathname))), page.locator('main').getByRole('link', { name, exact: typeof name === 'string' }).first().click()]);
  await page.waitForLoadState('load');
}

async function signIn(page: Page, email: string) {
  await page.goto(`${site.s.base}/login?next=${encodeURIComponent('/account')}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await press(page, 'Sign in', '/login');
  expect(new URL(page.url()).pathname).toBe('/account');
}

/**
 * The page as it stands (typed values, messages, rows added in place) passes axe, fits and is
 * reached by keyboard at the desktop's width and then at the phone's, with a screenshot of each;
 * the journey goes on at the desktop's width.
 */
async function checkStep(page: Page, step: string) {
  for (const width of [DESKTOP, PHONE]) {
    await page.setViewportSize(width.viewport);
    await checkPage(page, width.viewport.width, `journey-owner-${step}-${width.viewport.width}`);
  }
  await page.setViewportSize(DESKTOP.viewport);
}

/**
 * The text of the elements a field's `aria-describedby` names: its hint and its message (read
 * through attributes and locators, which work with the page's JavaScript off too).
 */
async function describedText(page: Page, name: string) {
  const ids = ((await page.locator(`[name="${name}"]`).getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

/** An image's natural width once it has loaded (the pages load pictures lazily: it is scrolled to first). */
async function loadedWidth(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await img.page().waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await img.elementHandle());
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

async function readZip(bytes: Buffer) {
  const zip = await yauzl.fromBufferPromise(bytes, { strictFileNames: true, validateEntrySizes: true });
  const entries: { name: string; bytes: Buffer }[] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
  }
  zip.close();
  return entries;
}

/** The community's logos.zip, downloaded as any client would, and each logo's format as sharp reads it. */
async function logosInZip(slug: string) {
  const res = await fetch(`${site.s.base}/api/v0/profiles/${encodeURIComponent(slug)}/logos.zip`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/zip/);
  const entries = await readZip(Buffer.from(await res.arrayBuffer()));
  return Promise.all(entries.map(async (e) => ({ name: e.name, ...(await sharp(e.bytes).metadata()) })));
}

/** The community calendar's VEVENT of an event (by its title), read with ical.js. */
async function calendarEntry(communitySlug: string, title: string) {
  const res = await fetch(`${site.s.base}/api/v0/communities/${encodeURIComponent(communitySlug)}/calendar.ics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  const vevents = new ICAL.Component(ICAL.parse(await res.text())).getAllSubcomponents('vevent').filter((v) => v.getFirstPropertyValue('summary') === title);
  expect(vevents).toHaveLength(1);
  const start = vevents[0].getFirstProperty('dtstart')!;
  return { status: String(vevents[0].getFirstPropertyValue('status')), start: `${String(start.getParameter('tzid'))} ${(start.getFirstValue() as ICAL.Time).toString()}` };
}

const png = (background: string) => sharp({ create: { width: 160, height: 80, channels: 3, background } }).png().toBuffer();
const REFUSED = 'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)';

test(
  'when an owner edits the community’s links, uploads a logo and publishes then cancels an event with the script on, then every step shows on the public pages, in logos.zip and as STATUS:CANCELLED in the community calendar',
  async () => {
    const { user, community, performer } = await ownerWithCommunity('Neon Harbour Collective', 'Aurora Vantablack', 'auroravantablack');
    const { ctx, page, problems } = await openPage(site.browser, DESKTOP);
    try {
      // ---- sign in, and from the account page into the community's editor -------------------
      await signIn(page, user.email);
      await expect(page.getByRole('heading', { name: 'Your profiles and communities' }).isVisible()).resolves.toBe(true);
      await checkStep(page, 'account');
      const manage = `/manage/${community.slug}`;
      await follow(page, `Edit ${community.displayName}`, manage);
      await checkStep(page, 'profile-empty');

      // ---- a Twitch link on another host: named beside the field as typed, then refused --------
      await page.getByRole('button', { name: 'Add a link', exact: true }).click();
      await expect(page.locator('ol.link-rows > [data-row]').count()).resolves.toBe(1);
      await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('links.0.type');
      await page.getByLabel('Type').selectOption('twitch');
      const wrong = 'https://twitch.tv.example.net/neonharbour';
      const message = 'Must point at twitch.tv for a twitch link.';
      await page.getByLabel('Address (https://…)').fill(wrong);
      await expect(describedText(page, 'links.0.url')).resolves.toBe(message);
      await expect(page.getByLabel('Address (https://…)').getAttribute('aria-invalid')).resolves.toBe('true');
      await page.getByLabel('Label (optional)').fill('Live on Twitch');
      await checkStep(page, 'profile-filled');

      const refused = await press(page, 'Save changes', manage);
      expect(refused.status()).toBe(400);
      await expect(page.getByRole('alert').first().textContent()).resolves.toBe('One field needs your attention.');
      await expect(describedText(page, 'links.0.url')).resolves.toBe(message);
      await expect(page.getByLabel('Address (https://…)').inputValue()).resolves.toBe(wrong);
      await expect(page.getByLabel('Label (optional)').inputValue()).resolves.toBe('Live on Twitch');
      await checkStep(page, 'profile-error');

      await page.getByLabel('Address (https://…)').fill('https://www.twitch.tv/neonharbour');
      await expect(describedText(page, 'links.0.url')).resolves.toBe('');
      const saved = await press(page, 'Save changes', manage);
      expect(saved.status()).toBe(303);
      await expect(page.locator('.notice[role="status"]').textContent()).resolves.toContain('Your changes are saved.');
      await checkStep(page, 'profile-saved');
      await follow(page, 'See the public page', `/communities/${community.slug}`);
      await expect(page.getByRole('link', { name: /Live on Twitch/ }).getAttribute('href')).resolves.toBe('https://www.twitch.tv/neonharbour');

      // ---- the media kit: a logo sent straight to the upload transport, with progress ---------
      const kit = `${manage}/media`;
      await page.goto(`${site.s.base}${manage}`);
      await follow(page, 'Media kit', kit);
      await expect(page.getByText('Nothing in the media kit yet').isVisible()).resolves.toBe(true);
      await checkStep(page, 'media-empty');

      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') sent.push(`${r.resourceType()} ${new URL(r.url()).pathname}`);
      });
      // The transport is held until the page has been looked at: the progress bar is up, the status says what is sent.
      let whileSending: { progress: boolean; status: string; cancel: boolean; token: boolean } | undefined;
      await page.route(/\/api\/v0\/profile-assets\/upload-intents\/[^/]+$/, async (route) => {
        try {
          const form = page.locator('form[data-direct-upload]');
          whileSending = {
            progress: await form.locator('progress').isVisible(),
            status: (await form.locator('[data-upload-status]').textContent()) ?? '',
            cancel: await form.getByRole('button', { name: 'Cancel upload' }).isVisible(),
            token: !!route.request().headers()['x-service-upload-token'],
          };
        } finally {
          await route.continue();
        }
      });
      await page.getByLabel('Image file').setInputFiles({ name: 'neon-harbour.png', mimeType: 'image/png', buffer: await png('#0f766e') });
      await page.getByLabel('Use it as').selectOption('primary_logo');
      await page.getByLabel('Label', { exact: true }).fill('Main logo');
      await page.getByLabel('Description for people who cannot see it').fill('A harbour light in teal');
      await checkStep(page, 'media-filled');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.waitForURL((u) => u.pathname === kit && u.searchParams.get('uploaded') === '1', { timeout: 10_000 }).catch((err: Error) => {
        throw new Error(`${err.message}\nsent: ${sent.join(', ')}\nproblems: ${problems.join(', ')}\nwhile sending: ${JSON.stringify(whileSending)}`);
      });
      await page.waitForLoadState('load');
      await page.unroute(/\/api\/v0\/profile-assets\/upload-intents\/[^/]+$/);
      expect(whileSending).toEqual({ progress: true, status: 'Uploading neon-harbour.png…', cancel: true, token: true });
      // The script's three steps, and never the form's own upload.
      expect(sent.filter((r) => r.startsWith('fetch') || r.startsWith('xhr'))).toEqual([
        `fetch ${kit}/begin`,
        expect.stringMatching(/^xhr \/api\/v0\/profile-assets\/upload-intents\/[^/]+$/),
        `fetch ${kit}/complete`,
      ]);
      expect(sent).not.toContain(`document ${kit}/upload`);
      await expect(page.locator('.notice[role="status"], [role="status"].notice').first().textContent()).resolves.toContain('The image is uploaded');
      const preview = page.getByRole('img', { name: 'A harbour light in teal' });
      await expect(loadedWidth(preview)).resolves.toBe(160);
      await checkStep(page, 'media-uploaded');

      await page.goto(`${site.s.base}/communities/${community.slug}`);
      const logo = page.getByRole('img', { name: 'A harbour light in teal' });
      await expect(loadedWidth(logo)).resolves.toBe(160);
      await expect(page.getByRole('link', { name: /Download logos/ }).isVisible()).resolves.toBe(true);
      await checkStep(page, 'public-community');
      const zipped = await logosInZip(community.slug);
      expect(zipped).toHaveLength(1);
      expect(zipped[0]).toMatchObject({ format: 'png', width: 160, height: 80 });

      // ---- the community's events: a new event with two slots and a performer's stream -------
      const events = `${manage}/events`;
      await page.goto(`${site.s.base}${manage}`);
      await follow(page, 'Events', events);
      await expect(page.getByText('No upcoming events.').isVisible()).resolves.toBe(true);
      await checkStep(page, 'events-empty');
      await follow(page, 'New event', `${events}/new`);
      await checkStep(page, 'event-new');

      // Three weeks after the injected clock's today (2026-11-21).
      const title = 'Harbour Lights Winter Session';
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Date', { exact: true }).fill('2026-12-12');
      await page.getByLabel('Time zone', { exact: true }).selectOption('Europe/Berlin');
      await page.getByLabel('Start', { exact: true }).fill('21:00');
      await page.getByLabel('End', { exact: true }).fill('02:00');
      await page.locator('[name="slots.0.displayLabel"]').fill('Harbour Opening Set');
      await page.getByLabel('Slot 1 start', { exact: true }).fill('21:00');

      // The second slot is added in place; its performer is found by name and taken with the keyboard.
      await page.getByRole('button', { name: 'Add a slot', exact: true }).click();
      await expect(page.locator('fieldset[data-rows="slots"] > [data-row]').count()).resolves.toBe(2);
      await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('slots.1.displayLabel');
      const person = page.locator('[name="slots.1.personSlug"]');
      await person.focus();
      await person.pressSequentially('aurora', { delay: 20 });
      const option = page.getByRole('option', { name: new RegExp(performer.displayName) });
      await option.waitFor({ state: 'visible' });
      await expect(person.getAttribute('aria-expanded')).resolves.toBe('true');
      await checkStep(page, 'event-typeahead');
      await person.focus();
      await person.press('ArrowDown');
      await expect(person.getAttribute('aria-activedescendant')).resolves.toBe(await option.getAttribute('id'));
      await person.press('Enter');
      await expect(person.inputValue()).resolves.toBe(performer.slug);
      await expect(page.locator('[name="slots.1.displayLabel"]').inputValue()).resolves.toBe(performer.displayName);
      await page.getByLabel('Slot 2 start', { exact: true }).fill('23:30');

      // The performer's streams are offered once the server knows the performer.
      await press(page, 'Show stream choices', `${events}/new`);
      await expect(page.locator('[name="slots.1.personSlug"]').inputValue()).resolves.toBe(performer.slug);
      const stream = page.locator('[name="slots.1.selectedStreamId"]');
      await stream.selectOption('twitch:auroravantablack');
      await expect(page.getByLabel('Title').inputValue()).resolves.toBe(title);
      await checkStep(page, 'event-filled');

      const created = await press(page, 'Publish the event', `${events}/new`);
      expect(created.status()).toBe(303);
      expect(new URL(page.url()).pathname).toMatch(/^\/manage\/events\/harbour-lights-winter-session/);
      await expect(page.locator('.notice[role="status"]').first().textContent()).resolves.toBe('The event is published.');
      const editPath = new URL(page.url()).pathname;
      const eventSlug = decodeURIComponent(editPath.split('/').pop()!);
      await checkStep(page, 'event-edit');

      // The public event page: both slots, and the second one's stream.
      await follow(page, 'see the public page', `/events/${eventSlug}`);
      const lineup = page.locator('ol.lineup > li');
      await expect(lineup.count()).resolves.toBe(2);
      await expect(lineup.nth(0).textContent()).resolves.toContain('Harbour Opening Set');
      await expect(lineup.nth(1).textContent()).resolves.toContain(performer.displayName);
      await expect(lineup.nth(1).locator('dl.stream code').first().textContent()).resolves.toBe('twitch:auroravantablack');
      await checkStep(page, 'public-event');
      await expect(calendarEntry(community.slug, title)).resolves.toEqual({ status: 'CONFIRMED', start: 'Europe/Berlin 2026-12-12T21:00:00' });

      // ---- cancelled, after the confirmation --------------------------------------------------
      await page.goto(`${site.s.base}${editPath}`);
      await follow(page, 'Cancel the event…', `${editPath}/cancel`);
      await checkStep(page, 'event-cancel');
      const cancelled = await press(page, 'Cancel the event', `${editPath}/cancel`);
      expect(cancelled.status()).toBe(303);
      await expect(page.locator('.notice[role="status"]').first().textContent()).resolves.toContain('The event is cancelled');
      await expect(page.getByRole('button', { name: 'Restore the event' }).isVisible()).resolves.toBe(true);
      await checkStep(page, 'event-cancelled');

      await page.goto(`${site.s.base}/events/${eventSlug}`);
      await expect(page.getByText('This event was cancelled.').isVisible()).resolves.toBe(true);
      await checkStep(page, 'public-event-cancelled');
      await expect(calendarEntry(community.slug, title)).resolves.toEqual({ status: 'CANCELLED', start: 'Europe/Berlin 2026-12-12T21:00:00' });

      // The only console errors are the browser's notes of the refused save.
      expect(problems.filter((p) => p !== REFUSED)).toEqual([]);
      expect(problems.length).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  },
  JOURNEY,
);

test(
  'when the script is off, then the owner adds the link with the row button, is refused and corrected by the server, and uploads the logo through the form',
  async () => {
    const { user, community } = await ownerWithCommunity('Quiet Pier Society', 'Basalt Monotone', 'basaltmonotone');
    const { ctx, page, problems } = await openPage(site.browser, DESKTOP, { javaScriptEnabled: false });
    try {
      await signIn(page, user.email);
      const manage = `/manage/${community.slug}`;
      await follow(page, `Edit ${community.displayName}`, manage);

      await press(page, 'Add a link', manage);
      await expect(page.locator('ol.link-rows > [data-row]').count()).resolves.toBe(1);
      await page.getByLabel('Type').selectOption('twitch');
      await page.getByLabel('Address (https://…)').fill('https://www.twitch.example/quietpier');
      await page.getByLabel('Label (optional)').fill('Quiet Pier on Twitch');
      const refused = await press(page, 'Save changes', manage);
      expect(refused.status()).toBe(400);
      await expect(describedText(page, 'links.0.url')).resolves.toBe('Must point at twitch.tv for a twitch link.');
      await expect(page.getByLabel('Address (https://…)').inputValue()).resolves.toBe('https://www.twitch.example/quietpier');
      await page.getByLabel('Address (https://…)').fill('https://twitch.tv/quietpier');
      expect((await press(page, 'Save changes', manage)).status()).toBe(303);
      await follow(page, 'See the public page', `/communities/${community.slug}`);
      await expect(page.getByRole('link', { name: /Quiet Pier on Twitch/ }).getAttribute('href')).resolves.toBe('https://twitch.tv/quietpier');

      const kit = `${manage}/media`;
      await page.goto(`${site.s.base}${kit}`);
      await page.getByLabel('Image file').setInputFiles({ name: 'pier.png', mimeType: 'image/png', buffer: await png('#1e293b') });
      await page.getByLabel('Use it as').selectOption('primary_logo');
      await page.getByLabel('Description for people who cannot see it').fill('A pier at night');
      const uploaded = await press(page, 'Upload', `${kit}/upload`);
      expect(uploaded.status()).toBe(303);
      await expect(page.locator('[role="status"]').first().textContent()).resolves.toContain('The image is uploaded');

      await page.goto(`${site.s.base}/communities/${community.slug}`);
      // (No script to ask the image whether it loaded: its address is fetched instead.)
      const src = await page.getByRole('img', { name: 'A pier at night' }).getAttribute('src');
      const image = await fetch(new URL(src!, site.s.base));
      expect(image.status).toBe(200);
      await expect(sharp(Buffer.from(await image.arrayBuffer())).metadata()).resolves.toMatchObject({ width: 160, height: 80 });
      const zipped = await logosInZip(community.slug);
      expect(zipped.map((z) => [z.format, z.width, z.height])).toEqual([['png', 160, 80]]);
      expect(problems.filter((p) => p !== REFUSED)).toEqual([]);
    } finally {
      await ctx.close();
    }
  },
  JOURNEY,
);
