import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as oauth from 'oauth4webapi';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { makeUser } from '../helpers/factories.js';
import { insecure, serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { launchChromium, startCallbackServer, type CallbackServer } from './chromium.js';

// A real browser, the real app on a loopback port and a client's redirect endpoint on another:
// sign-in and consent as a person does them, by keyboard, then the code exchanged by a client library.
const SLOW = 60_000;
const PASSWORD = 'correct horse battery staple';
const OUTPUT_DIR = fileURLToPath(new URL('../../test-output/', import.meta.url));
const PHONE = { width: 375, height: 667 };

let browser: Browser | undefined;
let s: ServedTestApp | undefined;
let callback: CallbackServer | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  callback = await startCallbackServer();
  s = await serveTestApp({ rateLimitScale: 100 });
}, SLOW);
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await callback?.close();
});

/** A signed-up user, a public app redirecting to the loopback callback, and a code + PKCE authorization URL. */
async function arrange(clientName: string) {
  const user = await makeUser(s!.t.services, { verified: true });
  const created = await s!.t.services.oauthApps.create(
    user.id,
    { displayName: clientName, clientType: 'public', redirectUris: [callback!.redirectUri], allowedScopes: ['public:read', 'profile:read', 'profile:write'] },
    'web_session',
  );
  const client: oauth.Client = { client_id: created.application.clientId };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(s!.as.authorization_endpoint!);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', callback!.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'profile:read profile:write');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { user, client, verifier, state, authorizationUrl: url.href };
}

/** The element that has keyboard focus: its name attribute, or its text for a button. */
const focused = (page: Page) =>
  page.evaluate<string>(`(() => { const e = document.activeElement; return e ? (e.getAttribute('name') === 'decision' ? e.textContent.trim() : e.getAttribute('name') ?? e.tagName) : ''; })()`);

/** Opens the authorization URL in a fresh browser profile and signs in by keyboard; returns on the consent page. */
async function signInToConsent(authorizationUrl: string, email: string, context: BrowserContextOptions = {}) {
  const ctx = await browser!.newContext(context);
  const page = await ctx.newPage();
  await page.goto(authorizationUrl);
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('password');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/oauth/interaction/'));
  await expect(page.getByRole('heading', { name: 'Allow access?' }).isVisible()).resolves.toBe(true);
  return { ctx, page };
}

const landedOnCallback = (page: Page) => page.waitForURL((url) => url.href.startsWith(callback!.redirectUri));

describe('sign-in and consent in a real browser (Chromium)', () => {
  test(
    'when a signed-out user signs in and allows by keyboard, then the client lands on its callback with a code that yields a working API token',
    async () => {
      const { user, client, verifier, state, authorizationUrl } = await arrange('Lantern Calendar');
      const { ctx, page } = await signInToConsent(authorizationUrl, user.email, { viewport: { width: 1024, height: 720 } });
      try {
        // The consent page names the client, the resource, the account and each scope in plain words.
        const text = await page.locator('main').innerText();
        expect(text).toContain('Lantern Calendar asks to use the Marquee API as ' + user.email);
        expect(text).toContain(callback!.redirectUri);
        const scopes = await page.locator('main li').allInnerTexts();
        expect(scopes.sort()).toEqual(['edit your profiles (profile:write)', 'see the profiles you own (profile:read)']);
        fs.mkdirSync(OUTPUT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(OUTPUT_DIR, 'consent.png'), fullPage: true });

        // "Allow" has the focus on arrival: Enter alone approves.
        expect(await focused(page)).toBe('Allow');
        const before = callback!.received.length;
        await Promise.all([landedOnCallback(page), page.keyboard.press('Enter')]);
        expect(callback!.received).toHaveLength(before + 1);
        const redirectedTo = callback!.received[before];
        expect(redirectedTo.href).toBe(page.url());
        expect(redirectedTo.searchParams.get('code')).toEqual(expect.any(String));
        expect(redirectedTo.searchParams.get('state')).toBe(state);

        const params = oauth.validateAuthResponse(s!.as, client, redirectedTo, state);
        const res = await oauth.authorizationCodeGrantRequest(s!.as, client, oauth.None(), params, callback!.redirectUri, verifier, insecure);
        const tokens = await oauth.processAuthorizationCodeResponse(s!.as, client, res);
        expect(tokens.scope?.split(' ').sort()).toEqual(['profile:read', 'profile:write']);
        const me = bodyOf(await callOp(s!.t.app, 'getCurrentApiCaller', { token: tokens.access_token }), 200);
        expect(me.credential).toMatchObject({ kind: 'oauth', clientId: client.client_id, subjectType: 'user', userId: user.id });
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the user denies by keyboard on a phone-sized screen, then the page fits the screen and the client lands on its callback with access_denied and no code',
    async () => {
      const { user, client, state, authorizationUrl } = await arrange('Lantern Calendar');
      const { ctx, page } = await signInToConsent(authorizationUrl, user.email, { viewport: PHONE, isMobile: true, hasTouch: true });
      try {
        // Usable on a 375 px wide phone: nothing scrolls sideways and both buttons are on screen.
        expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
        for (const name of ['Allow', 'Deny']) {
          const button = page.getByRole('button', { name, exact: true });
          expect(await button.isVisible()).toBe(true);
          const box = await button.boundingBox();
          expect(box).not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
        }

        // Tab moves from "Allow" to "Deny"; Enter denies.
        expect(await focused(page)).toBe('Allow');
        await page.keyboard.press('Tab');
        expect(await focused(page)).toBe('Deny');
        const before = callback!.received.length;
        await Promise.all([landedOnCallback(page), page.keyboard.press('Enter')]);
        expect(callback!.received).toHaveLength(before + 1);
        const redirectedTo = callback!.received[before];
        expect(redirectedTo.searchParams.get('error')).toBe('access_denied');
        expect(redirectedTo.searchParams.get('code')).toBeNull();
        expect(redirectedTo.searchParams.get('state')).toBe(state);
        expect(() => oauth.validateAuthResponse(s!.as, client, redirectedTo, state)).toThrow();
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});
