import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { loadDemoData } from '../../seeds/demo.js';
import { launchChromium } from './chromium.js';

/**
 * What every browser test of a page checks, in one place: the widths it is seen at, axe-core's
 * verdict, that nothing overflows a phone, that every control is reachable by keyboard, and a
 * screenshot kept under test-output/pages/ for review.
 */
export const SLOW = 120_000;
export const OUTPUT_DIR = fileURLToPath(new URL('../../test-output/pages/', import.meta.url));

export const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;
export type Width = (typeof WIDTHS)[number];

/** A browser context at a width (and any other options: time zone, JavaScript off, colour scheme). */
export async function openPage(browser: Browser, width: { viewport: { width: number; height: number }; isMobile?: boolean; hasTouch?: boolean }, options: BrowserContextOptions = {}) {
  const ctx = await browser.newContext({ viewport: width.viewport, isMobile: width.isMobile, hasTouch: width.hasTouch, ...options });
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  return { ctx, page, problems };
}

/** axe-core's violations of the page (WCAG 2.x A and AA, best practices), as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Wider than the viewport anywhere: the page scrolls sideways. */
export const scrollWidth = (page: Page) => page.evaluate<number>('document.scrollingElement.scrollWidth');

/**
 * Every visible link, button and field, in document order, is reached by Tab (and nothing is a
 * keyboard trap): the focused elements over as many presses as there are controls, plus one.
 */
export async function keyboardReachesEverything(page: Page): Promise<string[]> {
  const controls: string[] = await page.evaluate(`[...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter((el) => !el.hidden && el.getAttribute('tabindex') !== '-1' && !el.disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
    .map((el, i) => (el.dataset.kbd = String(i)))`);
  const reached = new Set<string>();
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.locator('body').focus();
  for (let i = 0; i <= controls.length; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate<string | undefined>('document.activeElement && document.activeElement.dataset.kbd');
    if (id !== undefined) reached.add(id);
  }
  return controls.filter((c) => !reached.has(c));
}

/** The page fits `width`, passes axe, every control is reachable by keyboard, and it is kept as `<shot>.png`. */
export async function checkPage(page: Page, width: number, shot: string) {
  expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
  expect(await keyboardReachesEverything(page)).toEqual([]);
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${shot}.png`), fullPage: true });
}

/**
 * A test file's browser and served app (with the demo directory loaded when `demo`), started before
 * its tests and closed after them. Read `site.browser` and `site.s` inside tests (they exist once started).
 */
export function useSite(opts: { demo?: boolean } = {}): { browser: Browser; s: ServedTestApp } {
  const site = {} as { browser: Browser; s: ServedTestApp };
  beforeAll(async () => {
    site.browser = await launchChromium();
    site.s = await serveTestApp();
    if (opts.demo) await loadDemoData(site.s.t.services);
  }, SLOW);
  afterAll(async () => {
    await site.browser?.close();
    await site.s?.close();
  });
  return site;
}

/** `useSite` with the demo directory loaded. */
export const useDemoSite = () => useSite({ demo: true });

/** The password the factories give every user they make. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** Signs in through the real sign-in form, asking to come back to `next`, and waits to be there. */
export async function signInThrough(page: Page, base: string, email: string, next: string, password = TEST_PASSWORD) {
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL((u) => u.pathname === new URL(next, base).pathname), page.getByRole('button', { name: 'Sign in' }).click()]);
}
