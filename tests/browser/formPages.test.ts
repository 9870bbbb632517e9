import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { makeUser } from '../helpers/factories.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { launchChromium } from './chromium.js';
import { SLOW, WIDTHS, checkPage, openPage, scrollWidth } from './pageKit.js';

// The sign-in, developer and consent pages on the shared layout and stylesheet, in a real
// browser at a phone's and a desktop's width: axe-core finds nothing, nothing overflows, every
// control is reached by keyboard, and the stylesheet (not an inline style) is what styles them.
const PASSWORD = 'correct horse battery staple';

let browser: Browser | undefined;
let s: ServedTestApp | undefined;
beforeAll(async () => {
  browser = await launchChromium();
  s = await serveTestApp({ rateLimitScale: 100 });
}, SLOW);
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/login' && r.request().method() === 'POST'), page.getByRole('button', { name: 'Sign in' }).click()]);
  await page.waitForLoadState('load');
}

/** The page is styled by the one stylesheet: its rules are applied (the primary button takes the accent colour). */
async function styledByStylesheet(page: Page) {
  const sheets = await page.evaluate<string[]>('[...document.styleSheets].map((s) => s.href || "inline")');
  expect(sheets).toHaveLength(1);
  expect(sheets[0]).toMatch(/\/assets\/site\.[^/]+\.css$/);
  const background = await page.locator('.btn.primary').first().evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
}

describe.each(WIDTHS)('sign-in, developer and consent pages at $viewport.width px ($name)', (width) => {
  test(
    'when the sign-in page is opened, then it passes axe, fits the screen and is reached by keyboard',
    async () => {
      const { ctx, page, problems } = await openPage(browser!, width);
      try {
        const res = await page.goto(`${s!.base}/login`);
        expect(res!.headers()['cache-control']).toBe('no-store');
        await styledByStylesheet(page);
        await checkPage(page, width.viewport.width, `sign-in-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when a signed-in developer with a token and an OAuth application opens the developer page, then its tables scroll inside their box and the page fits a phone',
    async () => {
      const user = await makeUser(s!.t.services, { verified: true });
      await s!.t.services.tokens.create(user.id, { label: 'Deploy bot for the stage crew', scopes: ['public:read', 'events:contribute'] }, 'web_session');
      await s!.t.services.oauthApps.create(
        user.id,
        { displayName: 'Stage Planner', clientType: 'confidential', redirectUris: ['https://planner.example/oauth/callback/with/a/long/path', 'http://127.0.0.1:8765/cb'] },
        'web_session',
      );
      const { ctx, page, problems } = await openPage(browser!, width);
      try {
        await page.goto(`${s!.base}/login?next=/developer`);
        await signIn(page, user.email);
        expect(new URL(page.url()).pathname).toBe('/developer');
        await expect(page.getByRole('cell', { name: 'Deploy bot for the stage crew', exact: true }).isVisible()).resolves.toBe(true);
        await expect(page.getByRole('cell', { name: 'Stage Planner', exact: true }).isVisible()).resolves.toBe(true);
        await styledByStylesheet(page);
        // The tables are wider than a phone; their boxes scroll, the page does not.
        const wraps = page.locator('.table-wrap');
        expect(await wraps.count()).toBe(2);
        for (const wrap of await wraps.all()) {
          const box = (await wrap.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(width.viewport.width);
        }
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width.viewport.width);
        await checkPage(page, width.viewport.width, `developer-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when a developer creates a token, refreshes the answer and retires a client secret, then one token exists, each state passes axe, and times read relative to the viewer',
    async () => {
      const user = await makeUser(s!.t.services, { verified: true });
      const created = await s!.t.services.oauthApps.create(
        user.id,
        { displayName: 'Leaky Planner', clientType: 'confidential', redirectUris: ['https://leaky.example/cb'], allowedScopes: ['public:read', 'events:write'] },
        'web_session',
      );
      await s!.t.services.oauthApps.createSecret(user.id, created.application.clientId, { label: 'rotation' }, 'web_session');
      const { ctx, page, problems } = await openPage(browser!, width);
      try {
        // The viewer's clock three days past the server's: the script says the times again against it.
        await page.clock.setFixedTime(s!.t.clock.now() + 3 * 86_400_000);
        await page.goto(`${s!.base}/login?next=/developer`);
        await signIn(page, user.email);
        const appRow = page.locator(`tr[id="app-${created.application.clientId}"]`);
        await expect(appRow.locator('time[data-ago]').first().innerText()).resolves.toBe('3 days ago');
        // Scopes in the consent page's words, their names beside them.
        await expect(appRow.getByText("create and change your communities' events").isVisible()).resolves.toBe(true);

        await page.getByLabel('Label').fill('Browser token');
        await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/developer/tokens'), page.getByRole('button', { name: 'Create token' }).click()]);
        await page.waitForLoadState('load');
        await expect(page.locator('.secret').innerText()).resolves.toMatch(/^service_/);
        await checkPage(page, width.viewport.width, `developer-created-${width.viewport.width}`);

        // A refresh sends the same POST again: nothing more is made, and the page says so.
        const again = await page.reload();
        expect(again!.request().method()).toBe('POST');
        expect(again!.status()).toBe(200);
        await expect(page.getByText('This form was already sent').isVisible()).resolves.toBe(true);
        expect(await page.locator('.secret').count()).toBe(0);
        const tokens = (await s!.t.services.tokens.list(user.id, { includeRevoked: true })).tokens;
        expect(tokens.map((t) => t.label)).toEqual(['Browser token']);
        await checkPage(page, width.viewport.width, `developer-repeat-${width.viewport.width}`);

        // One secret retired from its own button; the other stays.
        const first = created.application.activeSecrets[0];
        await Promise.all([page.waitForURL(/\/developer#app-/), page.getByRole('button', { name: `Revoke secret ${first.prefix}… of Leaky Planner` }).click()]);
        const left = await s!.t.repos.oauthApplications.activeSecrets(created.application.id);
        expect(left.map((x) => x.id)).not.toContain(first.secretId);
        expect(left).toHaveLength(1);
        await expect(page.getByRole('button', { name: /\(its last secret\)$/ }).isVisible()).resolves.toBe(true);
        await checkPage(page, width.viewport.width, `developer-secret-revoked-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when an application asks for access, then the consent page passes axe, fits the screen and starts on Allow',
    async () => {
      const user = await makeUser(s!.t.services, { verified: true });
      const { application } = await s!.t.services.oauthApps.create(
        user.id,
        { displayName: 'Lineup Helper', clientType: 'public', redirectUris: ['https://lineup.example/cb'], allowedScopes: ['public:read', 'profile:read', 'profile:write'] },
        'web_session',
      );
      const url = new URL(s!.as.authorization_endpoint!);
      for (const [k, v] of Object.entries({
        client_id: application.clientId,
        redirect_uri: 'https://lineup.example/cb',
        response_type: 'code',
        scope: 'profile:read profile:write',
        state: oauth.generateRandomState(),
        code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
        code_challenge_method: 'S256',
      }))
        url.searchParams.set(k, v);
      const { ctx, page, problems } = await openPage(browser!, width);
      try {
        await page.goto(url.href);
        await signIn(page, user.email);
        await page.waitForURL((u) => u.pathname.startsWith('/oauth/interaction/'));
        await expect(page.getByRole('heading', { name: 'Allow access?' }).isVisible()).resolves.toBe(true);
        await expect(page.locator('main').innerText()).resolves.toContain('Lineup Helper');
        await styledByStylesheet(page);
        expect(await page.evaluate<string | undefined>('document.activeElement?.textContent?.trim()')).toBe('Allow');
        await checkPage(page, width.viewport.width, `consent-${width.viewport.width}`);
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});
