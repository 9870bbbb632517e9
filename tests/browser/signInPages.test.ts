import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { makeUser } from '../helpers/factories.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { launchChromium } from './chromium.js';

// The pages a person meets when signing in goes wrong, in a real browser at a phone's and a
// desktop's width: the wrong-password and throttled sign-in answers, the password-reset answer
// and the issuer's refusal of an unsupported response mode. Each is checked by axe-core (no
// violations), must fit the screen, and is kept as a screenshot under test-output/.
const SLOW = 90_000;
const OUTPUT_DIR = fileURLToPath(new URL('../../test-output/', import.meta.url));
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

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

/** axe-core's violations of the page (WCAG 2.x A and AA, best practices), as readable lines. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The page fits the screen, passes axe, shows `message` in its error or main text, and is kept as a screenshot. */
async function looksRight(page: Page, width: number, shot: string, message: string) {
  expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(width);
  await expect(page.locator('main').innerText()).resolves.toContain(message);
  const box = await page.getByText(message).first().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${shot}.png`), fullPage: true });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForLoadState('load'), page.waitForResponse((r) => r.url().endsWith('/login') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Sign in' }).click()]);
}

describe.each(WIDTHS)('sign-in trouble pages at $viewport.width px ($name)', ({ name, viewport, isMobile, hasTouch }) => {
  test(
    'when the password is wrong, then the form says so; after ten failures from this network it says when to try again, even with the right password',
    async () => {
      const user = await makeUser(s!.t.services);
      const ctx = await browser!.newContext({ viewport, isMobile, hasTouch });
      try {
        const page = await ctx.newPage();
        await page.goto(`${s!.base}/login`);
        await signIn(page, user.email, 'not the password');
        await looksRight(page, viewport.width, `sign-in-wrong-${viewport.width}`, 'Unknown e-mail or wrong password.');
        // The form is there again, ready for another try.
        expect(await page.getByLabel('Password').isVisible()).toBe(true);
        for (let i = 1; i < 10; i++) await signIn(page, user.email, 'not the password');
        await signIn(page, user.email, 'correct horse battery staple');
        await looksRight(page, viewport.width, `sign-in-throttled-${viewport.width}`, 'Too many failed sign-ins. Try again in 15 minutes.');
        expect(new URL(page.url()).pathname).toBe('/login');
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when someone asks for a reset link, then the answer page reads the same whether or not the address has an account',
    async () => {
      const user = await makeUser(s!.t.services);
      const ctx = await browser!.newContext({ viewport, isMobile, hasTouch });
      try {
        const page = await ctx.newPage();
        const texts: string[] = [];
        for (const email of [user.email, `nobody-${name}@nowhere.test`]) {
          await page.goto(`${s!.base}/forgot-password`);
          await page.getByLabel('E-mail').fill(email);
          await Promise.all([page.waitForURL(`${s!.base}/forgot-password`), page.getByRole('button', { name: 'Send me a link' }).click()]);
          await expect(page.getByRole('heading', { name: 'Check your e-mail' }).isVisible()).resolves.toBe(true);
          texts.push(await page.locator('main').innerText());
        }
        expect(texts[1]).toBe(texts[0]);
        await looksRight(page, viewport.width, `forgot-password-answer-${viewport.width}`, 'Check your e-mail');
        await s!.t.services.accountEmail.settled();
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when an authorization asks for a response mode the issuer does not offer, then the page says which mode is served and nothing goes to the client',
    async () => {
      const ctx = await browser!.newContext({ viewport, isMobile, hasTouch });
      try {
        const page = await ctx.newPage();
        const url = new URL(`${s!.base}/oauth/authorize`);
        for (const [k, v] of Object.entries({ response_type: 'code', client_id: 'mq_unknown', redirect_uri: 'https://client.example/cb', response_mode: 'form_post', scope: 'public:read', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })) url.searchParams.set(k, v);
        const res = await page.goto(url.href);
        expect(res!.status()).toBe(400);
        expect(new URL(page.url()).origin).toBe(s!.base);
        await looksRight(page, viewport.width, `oauth-response-mode-refused-${viewport.width}`, 'asked for its answer in a way Marquee does not offer');
        // The developer's part names the error and the refused mode.
        await expect(page.locator('main').innerText()).resolves.toContain('invalid_request: response_mode "form_post" is not supported');
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});
