import crypto from 'node:crypto';
import fs from 'node:fs';
import { jest } from '@jest/globals';
import type { Browser, BrowserContext, Page, Request as PwRequest } from 'playwright-core';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { expectedLines, renderPoster, type PosterSpec } from '../fixtures/posters/generate.js';
import { loadDemoData } from '../../seeds/demo.js';
import { sessionForms } from '../../src/http/web/sessionForms.js';
import type { UserRow } from '../../src/repositories/users.js';
import type { PosterTextReader } from '../../src/services/posters/ocr.js';
import { launchChromium } from './chromium.js';
import { SLOW, WIDTHS, checkPage, openPage } from './pageKit.js';

// A contributor's whole way through the site in Chromium, as a person does it: create an account,
// confirm the address from the e-mail, sign in, turn a poster or a pasted announcement into a
// draft, answer its question, fix a field, publish, correct and retract it; with the script and
// without it, with the connection cut as publish is sent, and with one draft open in two tabs.
// Each form page is checked by axe-core (and fits, and is reached by keyboard) at a phone's and a
// desktop's width in its empty, filled and error states: test-output/pages/journey-<step>-<width>.png.
//
// Deterministic: the server runs on its manual clock, each page on Playwright's clock set to the
// server's time (the autosave's pause is run forward, never waited for); every wait is for a
// condition.

const PASSWORD = 'a long enough passphrase';
const DESKTOP = WIDTHS[1];

/** The README's example announcement ("From `make run` to a published event, in the browser"), as written there. */
function readmeExample(): string {
  const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## From `make run` to a published event, in the browser'));
  const block = /```text\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('the README has no example announcement');
  return block[1]
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

/** A poster that states only its doors time: its text asks when the event starts. */
const POSTER: PosterSpec = {
  id: 'journey',
  description: 'a workshop poster with a doors time and no start',
  width: 800,
  height: 1000,
  background: { kind: 'solid', color: '#f4f1e8' },
  textColor: '#141414',
  accentColor: '#8a1c1c',
  fontFamily: 'DejaVu Sans',
  title: ['LANTERN SCULPT'],
  dateLine: 'SAT 16 JAN · DOORS 19:00',
  lineup: [],
  venue: '@ Open Canvas Studio',
  footer: 'Bring a base mesh',
};

/**
 * The poster reader of this test: the text of the poster rendered here, found by the image's
 * hash (OCR itself is tested in tests/unit/ocr; here it would only make the journey slow).
 */
const known = new Map<string, string>();
const posterReader = (): PosterTextReader => ({
  read: async (image) => ({ text: known.get(crypto.createHash('sha256').update(image).digest('hex')) ?? '', confidence: 0.9 }),
  close: async () => undefined,
});

let browser: Browser;
let s: ServedTestApp;
const quiet: { mockRestore(): void }[] = [];
beforeAll(async () => {
  browser = await launchChromium();
  s = await serveTestApp({}, { posterReader });
  await loadDemoData(s.t.services);
}, SLOW);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});
beforeEach(() => {
  // The outbox names each message it writes on stderr.
  quiet.push(jest.spyOn(console, 'error').mockImplementation(() => undefined), jest.spyOn(console, 'log').mockImplementation(() => undefined));
});
afterEach(() => {
  for (const spy of quiet.splice(0)) spy.mockRestore();
});

const actorOf = (userId: string) => sessionForms(s.t.config, s.t.services).actorOf({ user: { id: userId } as UserRow, headers: {}, socket: {} } as never);
const pathOf = (page: Page) => new URL(page.url()).pathname;
const draftIdOf = (page: Page) => /^\/contribute\/(drf[^/?#]+)/.exec(pathOf(page))![1];

/** A page with its clock at the server's time (timers run only when the test runs them). */
async function clockedPage(ctx: BrowserContext, problems: string[]): Promise<Page> {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.clock.install({ time: s.t.clock.now() });
  return page;
}

/** Clicks a submit button and waits for the page its POST leads to. */
async function submit(page: Page, button: string) {
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.request().isNavigationRequest()), page.getByRole('button', { name: button, exact: true }).click()]);
  await page.waitForLoadState('load');
}

/** The confirmation link mailed to `email` (the outbox's .eml files). */
async function confirmationLink(email: string): Promise<string> {
  await s.t.services.signUp.settled();
  const dir = s.t.config.mail.outboxDir;
  for (const name of fs.readdirSync(dir).sort()) {
    const raw = fs.readFileSync(`${dir}/${name}`, 'utf8');
    if (/^To: (.+)$/m.exec(raw)?.[1].trim() !== email) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const link = new RegExp(`${s.base.replace(/[.]/g, '\\.')}/verify-email\\?token=[A-Za-z0-9_-]{43}`).exec(text);
    if (link) return link[0];
  }
  throw new Error(`no confirmation message to ${email}`);
}

/**
 * axe-core, the phone's width and the keyboard, at both widths. A page without script is checked
 * as the same document served to a tab that runs scripts (axe is one); a page with the script is
 * checked in place, its viewport set to each width.
 */
type Check = (step: string) => Promise<void>;
function checkerFor(page: Page, scripted: boolean): { check: Check; close(): Promise<void> } {
  const checkers: { ctx: BrowserContext; width: number }[] = [];
  return {
    async check(step) {
      if (scripted) {
        const before = page.viewportSize()!;
        for (const w of WIDTHS) {
          await page.setViewportSize(w.viewport);
          await checkPage(page, w.viewport.width, `journey-${step}-${w.viewport.width}`);
        }
        await page.setViewportSize(before);
        return;
      }
      if (!checkers.length) for (const w of WIDTHS) checkers.push({ ctx: (await openPage(browser, w)).ctx, width: w.viewport.width });
      const html = await page.content();
      const url = page.url();
      for (const { ctx, width } of checkers) {
        const tab = await ctx.newPage();
        await tab.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
        await tab.goto(url);
        await checkPage(tab, width, `journey-${step}-${width}`);
        await tab.close();
      }
    },
    async close() {
      for (const c of checkers) await c.ctx.close();
    },
  };
}

/** Creates an account on /signup, confirms it from the mailed link and signs in, checking each form page. */
async function signUpAndSignIn(page: Page, check: Check | undefined, name: string): Promise<{ email: string; id: string }> {
  const email = `journey-${crypto.randomBytes(4).toString('hex')}@example.test`;
  await page.goto(`${s.base}/contribute`);
  expect(pathOf(page)).toBe('/login');
  await Promise.all([page.waitForURL(/\/signup$/), page.getByRole('link', { name: 'Create an account' }).first().click()]);
  await check?.('signup-empty');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(`${PASSWORD} again`);
  await check?.('signup-filled');
  await submit(page, 'Create my account');
  await expect(page.getByLabel('Repeat the password').getAttribute('aria-invalid')).resolves.toBe('true');
  await check?.('signup-error');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await submit(page, 'Create my account');
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Check your e-mail');

  await page.goto(await confirmationLink(email));
  await check?.('verify-email');
  await submit(page, 'Confirm my e-mail address');
  const user = await s.t.services.users.require(email);
  expect(user.emailVerifiedAt).toBe(s.t.clock.now());

  await page.goto(`${s.base}/contribute`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await check?.('signin-filled');
  await submit(page, 'Sign in');
  expect(pathOf(page)).toBe('/contribute');
  return { email, id: user.id };
}

/** The browser's Back button, once the page has settled on the browser's error page. */
async function back(page: Page) {
  for (;;) {
    try {
      return await page.goBack();
    } catch (err) {
      // Still being replaced by the error page: wait for it, then press Back.
      if (!/Not attached to an active page/.test(String(err))) throw err;
      await page.waitForLoadState('load');
    }
  }
}

/** A verified user signed in (journeys about one step: the network, two tabs). */
async function signIn(page: Page) {
  const user = await makeUser(s.t.services, { verified: true });
  await page.goto(`${s.base}/login?next=/contribute`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await submit(page, 'Sign in');
  expect(pathOf(page)).toBe('/contribute');
  return user;
}

/** The autosave status of the draft form says `what`. */
const statusSays = (page: Page, what: RegExp) => page.locator('form[data-autosave] [data-autosave-status]').filter({ hasText: what }).waitFor();

/** The event's page: its heading and its start as an instant. */
async function expectEventPage(page: Page, title: string, startIso: string) {
  expect(pathOf(page)).toMatch(/^\/events\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(title);
  expect(await page.locator(`time[datetime="${startIso}"]`).count()).toBeGreaterThan(0);
}

/** From the contributions list: correct the only event (title → `title`), then retract it; its page is then the 404 page. */
async function correctAndRetract(page: Page, eventPath: string, title: string, check?: Check) {
  await page.goto(`${s.base}/account/contributions`);
  await Promise.all([page.waitForURL(/\/edit$/), page.getByRole('link', { name: 'Correct', exact: true }).click()]);
  await check?.('correct-filled');
  const field = page.getByLabel('Title', { exact: true });
  if (check) {
    // An impossible date first: the refusal beside its field.
    const date = page.getByLabel('Date', { exact: true });
    const was = await date.inputValue();
    await date.fill('2027-02-30');
    await submit(page, 'Save the correction');
    await expect(date.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(date.inputValue()).resolves.toBe('2027-02-30');
    await check('correct-error');
    await date.fill(was);
  }
  await field.fill(title);
  await submit(page, 'Save the correction');
  expect(pathOf(page)).toBe(eventPath);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(title);

  await page.goto(`${s.base}/account/contributions`);
  await Promise.all([page.waitForURL(/\/retract$/), page.getByRole('link', { name: 'Retract', exact: true }).click()]);
  await check?.('retract-confirm');
  await submit(page, 'Retract this event');
  await expect(page.getByRole('status').first().textContent()).resolves.toContain('The event is retracted');
  const gone = await page.goto(`${s.base}${eventPath}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
}

/** The user's published events, over the API (their contributions) and the public search. */
async function publishedCount(userId: string, title: string) {
  const token = (await makeToken(s.t.services, userId, ['events:contribute', 'public:read'])).value;
  const mine = bodyOf(await callOp(s.t.app, 'listCurrentApiUserContributions', { token }), 200) as { contributions: { title: string }[] };
  const listed = mine.contributions.filter((c) => c.title === title).length;
  const found = bodyOf(await callOp(s.t.app, 'searchPublicCatalog', { query: { q: title, type: 'event' } }), 200) as { results: { title: string }[] };
  return { listed, searched: found.results.filter((r) => r.title === title).length };
}

describe('a contributor end to end', () => {
  test(
    'when a new user signs up, confirms, drops a poster (direct upload), answers, fixes, publishes, corrects and retracts with JavaScript, then each step lands where it should',
    async () => {
      const image = await renderPoster(POSTER);
      known.set(crypto.createHash('sha256').update(image).digest('hex'), expectedLines(POSTER).join('\n'));
      const { ctx, problems } = await openPage(browser, DESKTOP, { timezoneId: 'Europe/Berlin' });
      const page = await clockedPage(ctx, problems);
      const { check, close } = checkerFor(page, true);
      try {
        const user = await signUpAndSignIn(page, undefined, 'Lantern Maker');

        // The poster through the file input: begun, sent to the storage target with progress, completed.
        const posts: PwRequest[] = [];
        page.on('request', (r) => {
          if (r.method() === 'POST') posts.push(r);
        });
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let transferUrl = '';
        const begun = page.waitForResponse((r) => r.url().endsWith('/contribute/poster/begin'));
        await page.route(
          (url) => url.pathname.startsWith('/storage/'),
          async (route) => {
            transferUrl = route.request().url();
            await held;
            await route.continue();
          },
        );
        await page.locator('#f-file').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: image });
        await check('contribute-poster-chosen');
        await page.getByRole('button', { name: 'Upload and read the poster' }).click();
        const target = ((await (await begun).json()) as { transfer: { url: string } }).transfer.url;
        const progress = page.locator('form[data-direct-upload] progress');
        await progress.waitFor({ state: 'visible' });
        await page.locator('[data-upload-status]').filter({ hasText: /Uploading lantern\.png/ }).waitFor();
        release();
        await page.waitForURL(/\/contribute\/drf[^/]+$/);
        expect(transferUrl).toBe(target);
        expect(posts.map((r) => new URL(r.url()).pathname)).toEqual(['/contribute/poster/begin', new URL(target).pathname, '/contribute/poster/complete']);
        const draftId = draftIdOf(page);
        const actor = actorOf(user.id);
        const uploaded = await s.t.services.drafts.read(actor, draftId);
        expect(uploaded.fields.posterSourceId).toMatch(/^pst/);
        expect(uploaded.fields.posterDeclaration).toMatchObject({ contentType: 'image/png', byteLength: image.length });

        // What the poster says is proposed; its doors-only time is asked about.
        await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('LANTERN SCULPT');
        const question = page.getByLabel(/When does the event start\?/);
        await expect(question.isVisible()).resolves.toBe(true);
        await check('draft-poster-filled');

        // The answer and the fixes, saved as typed: "Saved", and the stored draft has them.
        await question.fill('19:30');
        await page.getByLabel('Community', { exact: true }).fill('polygon-painters');
        await page.getByLabel('Title', { exact: true }).fill('Lantern Sculpt Night');
        await page.getByLabel('Time zone').selectOption('Europe/Berlin');
        await page.clock.runFor(1600);
        await statusSays(page, /^Saved at/);
        const autosaved = await s.t.services.drafts.read(actor, draftId);
        expect(autosaved.fields).toMatchObject({ title: 'Lantern Sculpt Night', communitySlug: 'polygon-painters', timezone: 'Europe/Berlin', start: { time: '19:30' } });
        await check('draft-autosaved');

        // Saving confirms the suggestions the form shows (the date, the venue) and takes the answered question away; then publish.
        await submit(page, 'Save the draft');
        await expect(page.getByRole('status').first().textContent()).resolves.toContain('Saved.');
        const confirmed = await s.t.services.drafts.read(actor, draftId);
        expect(confirmed.fields).toMatchObject({ eventDate: '2027-01-16', venueLabel: 'Open Canvas Studio', start: { time: '19:30' } });
        expect(confirmed.fields.questions ?? []).toEqual([]);
        await submit(page, 'Publish the event');
        const eventPath = pathOf(page);
        await expectEventPage(page, 'Lantern Sculpt Night', '2027-01-16T18:30:00.000Z');

        await correctAndRetract(page, eventPath, 'Lantern Sculpt Night (moved)');
        expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
      } finally {
        await close();
        await ctx.close();
      }
    },
    SLOW * 3,
  );

  test(
    "when a new user does the same without JavaScript, pasting the README's example, then the form fills as the README says and every form state passes axe at both widths",
    async () => {
      const { ctx, page, problems } = await openPage(browser, DESKTOP, { javaScriptEnabled: false });
      const { check, close } = checkerFor(page, false);
      try {
        const user = await signUpAndSignIn(page, check, 'Rooftop Fan');
        await check('contribute-empty');
        await submit(page, 'Read the announcement');
        await expect(page.getByLabel('Announcement text').getAttribute('aria-invalid')).resolves.toBe('true');
        await check('contribute-error');

        const example = readmeExample();
        await page.getByLabel('Announcement text').fill(example);
        await check('contribute-filled');
        await submit(page, 'Read the announcement');
        const draftId = draftIdOf(page);

        // As the README says: the community, the world (as the venue) and both DJs from the demo directory.
        await expect(page.getByLabel('Community', { exact: true }).inputValue()).resolves.toBe('neon-reverie');
        await expect(page.getByLabel('Venue', { exact: true }).inputValue()).resolves.toBe('Midnight Arcade');
        await expect(page.locator('[name="lineup.0.performerLabel"]').inputValue()).resolves.toBe('DJ Aurora Vex');
        await expect(page.locator('[name="lineup.1.performerLabel"]').inputValue()).resolves.toBe('Byte Bishop');
        await expect(page.locator('[name="lineup.0.personSlug"]').inputValue()).resolves.toBe('dj-aurora-vex');
        await expect(page.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe('2026-12-12');
        const question = page.getByLabel(/When does the event start\?/);
        await expect(question.isVisible()).resolves.toBe(true);
        await check('draft-filled');

        // Publishing before the questions are answered: the refusals beside their fields.
        await submit(page, 'Publish the event');
        expect(pathOf(page)).toBe(`/contribute/${draftId}/publish`);
        await expect(page.locator('[aria-invalid="true"]').count()).resolves.toBeGreaterThan(0);
        await check('draft-error');

        await page.getByLabel(/When does the event start\?/).fill('21:30');
        // The zone is left empty: the community's (New York) applies.
        await page.getByLabel('Title', { exact: true }).fill('Rooftop Session: Winter Edition');
        await submit(page, 'Save the draft');
        await expect(page.getByRole('status').first().textContent()).resolves.toContain('Saved.');
        const saved = await s.t.services.drafts.read(actorOf(user.id), draftId);
        expect(saved.fields).toMatchObject({ title: 'Rooftop Session: Winter Edition', communitySlug: 'neon-reverie', venueLabel: 'Midnight Arcade', start: { time: '21:30' } });
        expect(saved.fields.lineup?.map((r) => r.personSlug)).toEqual(['dj-aurora-vex', 'byte-bishop']);
        await submit(page, 'Publish the event');
        const eventPath = pathOf(page);
        await expectEventPage(page, 'Rooftop Session: Winter Edition', '2026-12-13T02:30:00.000Z');
        await expect(page.getByText('DJ Aurora Vex').first().isVisible()).resolves.toBe(true);

        await correctAndRetract(page, eventPath, 'Rooftop Session: Winter Edition (new date soon)', check);
        expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
      } finally {
        await close();
        await ctx.close();
      }
    },
    SLOW * 4,
  );

  test.each([
    { js: false, retry: 'reloads the page, which sends the same form again' },
    { js: true, retry: 'goes back, is told it was published and follows it to the event' },
  ])(
    'when the connection is cut as publish is sent (JavaScript $js) and the user $retry, then the same event page answers and exactly one event exists',
    async ({ js }) => {
      const { ctx, problems } = await openPage(browser, DESKTOP, { javaScriptEnabled: js });
      const page = await clockedPage(ctx, problems);
      try {
        const user = await signIn(page);
        const title = `Cut Cable Jam ${js ? 'scripted' : 'plain'}`;
        await submit(page, 'Start with an empty form');
        await page.getByLabel('Community', { exact: true }).fill('polygon-painters');
        await page.getByLabel('Title', { exact: true }).fill(title);
        await page.getByLabel('Date', { exact: true }).fill(js ? '2027-01-16' : '2027-01-23');
        await page.locator('[name="start.time"]').fill('19:00');
        await page.getByLabel('Time zone').selectOption('Europe/Berlin');
        await submit(page, 'Save the draft');
        expect(await s.t.services.drafts.read(actorOf(user.id), draftIdOf(page))).toMatchObject({ fields: { title, communitySlug: 'polygon-painters', timezone: 'Europe/Berlin' } });

        // The publish POST reaches the server, which publishes; the browser never hears back.
        let reached = 0;
        let sentTo = '';
        let cut!: () => void;
        const wasCut = new Promise<void>((resolve) => (cut = resolve));
        let sent!: { url: string; headers: Record<string, string>; body: Buffer | null };
        await page.route('**/publish', async (route) => {
          if (reached++ > 0) return route.continue();
          sent = { url: route.request().url(), headers: await route.request().allHeaders(), body: route.request().postDataBuffer() };
          const answer = await route.fetch({ maxRedirects: 0 });
          expect(answer.status()).toBe(303);
          sentTo = answer.headers().location;
          await route.abort('connectionreset');
          cut();
        });
        await page.getByRole('button', { name: 'Publish the event', exact: true }).click().catch(() => undefined);
        await wasCut;
        await page.waitForLoadState('load');
        expect(await publishedCount(user.id, title)).toEqual({ listed: 1, searched: 1 });

        if (!js) {
          // The browser's error page; reloading it sends the same publish form again. Chromium
          // shows that page in a renderer of its own, which automation cannot always follow
          // through a reload, so what the reload sends is sent as the browser sent it (the same
          // form, headers and cookies, from the same context), and the page follows the answer.
          // The error page is committed first, so that its navigation cannot land after ours.
          await page.waitForURL(/^chrome-error:/);
          const headers = Object.fromEntries(Object.entries(sent.headers).filter(([k]) => ['content-type', 'origin', 'referer'].includes(k)));
          const again = await ctx.request.post(sent.url, { headers, data: sent.body ?? undefined, maxRedirects: 0 });
          reached++;
          expect(again.status()).toBe(303);
          await page.goto(new URL(again.headers().location, s.base).href);
        } else {
          // Back on the draft (read again, never kept): it says it was published and where it is.
          await back(page);
          await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Published contribution');
          expect(await page.getByRole('button', { name: 'Publish the event' }).count()).toBe(0);
          await Promise.all([page.waitForURL(/\/account\/contributions$/), page.getByRole('link', { name: 'your contributions' }).first().click()]);
          await Promise.all([page.waitForURL(/\/events\//), page.getByRole('link', { name: title, exact: true }).click()]);
        }
        expect(reached).toBe(js ? 1 : 2);
        const eventPath = pathOf(page);
        expect(eventPath).toBe(sentTo);
        await expectEventPage(page, title, js ? '2027-01-16T18:00:00.000Z' : '2027-01-23T18:00:00.000Z');
        expect(await publishedCount(user.id, title)).toEqual({ listed: 1, searched: 1 });
        const mine = await s.t.services.publishing.contributions(actorOf(user.id), {});
        expect(mine.contributions.map((c) => `/events/${c.slug}`)).toEqual([eventPath]);
        expect(problems.filter((p) => !/status of 4\d\d|ERR_CONNECTION_RESET/.test(p))).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW * 2,
  );

  test(
    'when two tabs edit one draft, then the older tab is told it changed elsewhere, keeps its text through the reload with "Use mine", and nothing typed in either is lost',
    async () => {
      const { ctx, problems } = await openPage(browser, DESKTOP);
      const a = await clockedPage(ctx, problems);
      try {
        const user = await signIn(a);
        await submit(a, 'Start with an empty form');
        const draftId = draftIdOf(a);
        const url = a.url();
        // Tab B opens the draft now, at its first version.
        const b = await clockedPage(ctx, problems);
        await b.goto(url);

        await a.getByLabel('Title', { exact: true }).fill('Two Tabs Tea Party');
        await a.clock.runFor(1600);
        await statusSays(a, /^Saved at/);

        await b.getByLabel('Venue', { exact: true }).fill('The greenhouse');
        await b.clock.runFor(1600);
        await statusSays(b, /Changed elsewhere/);
        await check2(b, 'draft-conflict');
        await Promise.all([b.waitForURL(url), b.getByRole('link', { name: 'Reload the latest version' }).click()]);
        // The latest version (A's title), and B's unsaved text beside its field.
        await expect(b.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Two Tabs Tea Party');
        await expect(b.getByLabel('Venue', { exact: true }).inputValue()).resolves.toBe('');
        await expect(b.locator('[data-unsaved-for="venueLabel"]').textContent()).resolves.toContain('Your unsaved text: The greenhouse');
        await check2(b, 'draft-unsaved-offer');
        await b.getByRole('button', { name: 'Use mine for Venue' }).click();
        await expect(b.getByLabel('Venue', { exact: true }).inputValue()).resolves.toBe('The greenhouse');
        await b.clock.runFor(1600);
        await statusSays(b, /^Saved at/);

        const stored = await s.t.services.drafts.read(actorOf(user.id), draftId);
        expect(stored.fields).toMatchObject({ title: 'Two Tabs Tea Party', venueLabel: 'The greenhouse' });
        // Tab A, reloaded, shows both.
        await a.reload();
        await expect(a.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Two Tabs Tea Party');
        await expect(a.getByLabel('Venue', { exact: true }).inputValue()).resolves.toBe('The greenhouse');
        expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW * 2,
  );
});

/** A scripted page's state checked at both widths. */
const check2 = (page: Page, step: string) => checkerFor(page, true).check(step);
