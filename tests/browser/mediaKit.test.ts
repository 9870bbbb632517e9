import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { makeUser } from '../helpers/factories.js';
import { checkPage, openPage, signInThrough, SLOW, useSite, WIDTHS } from './pageKit.js';

// The media-kit page in a real browser at a phone's and a desktop's width: empty, refused (the
// message beside the file field) and filled, each state passing axe-core, fitting the screen and
// reached by keyboard; the upload itself sent without the script, as the form posts it.
const PASSWORD = 'correct horse battery staple';

const site = useSite();

const signIn = (page: Page, email: string, next: string) => signInThrough(page, site.s.base, email, next, PASSWORD);

async function submit(page: Page, path: string, button: string) {
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'), page.getByRole('button', { name: button, exact: true }).click()]);
  await page.waitForLoadState('load');
}

describe.each(WIDTHS)('the media-kit page at $viewport.width px ($name)', (width) => {
  test(
    'when it is empty, refused and filled, then every state passes axe, fits the screen and is reached by keyboard; the upload works without the script',
    async () => {
      const user = await makeUser(site.s.t.services, { verified: true });
      const profile = await site.s.t.services.directory.createProfile({ profileType: 'community', displayName: `Neon ${width.name}`, ownerUserId: user.id });
      const kit = `/manage/${profile.slug}/media`;
      const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#4338ca' } }).png().toBuffer();

      const { ctx, page, problems } = await openPage(site.browser, width);
      try {
        await signIn(page, user.email, kit);
        await expect(page.getByText('Nothing in the media kit yet').isVisible()).resolves.toBe(true);
        await checkPage(page, width.viewport.width, `media-kit-empty-${width.viewport.width}`);

        await page.getByLabel('Image file').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a picture') });
        await page.getByLabel('Label').fill('Not a logo');
        // With the script the upload begins with the page's begin step, which refuses it; the message is put beside the file field.
        await submit(page, `${kit}/begin`, 'Upload');
        const file = page.getByLabel('Image file');
        await page.locator('input[type=file][aria-invalid="true"]').waitFor();
        await expect(file.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent)).resolves.toBe('Is not a PNG, SVG, JPEG or WebP image.');
        await expect(page.getByLabel('Label').inputValue()).resolves.toBe('Not a logo');
        await checkPage(page, width.viewport.width, `media-kit-error-${width.viewport.width}`);
        expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      } finally {
        await ctx.close();
      }

      // Without the script: the file is posted to the page, which uploads it through the transport.
      const plain = await openPage(site.browser, width, { javaScriptEnabled: false });
      try {
        await signIn(plain.page, user.email, kit);
        await plain.page.getByLabel('Image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
        await plain.page.getByLabel('Use it as').selectOption('primary_logo');
        await plain.page.getByLabel('Label').fill('Main logo');
        await plain.page.getByLabel('Description for people who cannot see it').fill('The word Neon in white on indigo');
        await submit(plain.page, `${kit}/upload`, 'Upload');
        expect(new URL(plain.page.url()).pathname).toBe(kit);
        await expect(plain.page.getByRole('status').textContent()).resolves.toContain('The image is uploaded');
      } finally {
        await plain.ctx.close();
      }

      const filled = await openPage(site.browser, width);
      try {
        await signIn(filled.page, user.email, kit);
        const preview = filled.page.getByRole('img', { name: 'The word Neon in white on indigo' });
        // The preview loads lazily: scrolled to, then read once it has loaded.
        await preview.scrollIntoViewIfNeeded();
        await filled.page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await preview.elementHandle());
        await expect(preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(120);
        await checkPage(filled.page, width.viewport.width, `media-kit-filled-${width.viewport.width}`);
        await filled.page.goto(`${site.s.base}/communities/${profile.slug}`);
        await expect(filled.page.getByRole('link', { name: /Download logos/ }).isVisible()).resolves.toBe(true);
        expect(filled.problems).toEqual([]);
      } finally {
        await filled.ctx.close();
      }
    },
    SLOW,
  );
});
