import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { EDITOR_SCRIPT, STYLESHEET } from '../../src/http/web/ui/assets.js';
import { createAjv } from '../../src/contract/ajv.js';
import { componentSchema } from '../../src/mcp/schemas.js';
import type { Schemas } from '../../src/contract/types.js';
import { launchChromium } from './chromium.js';
import { OUTPUT_DIR, SLOW, WIDTHS, axeViolations, openPage, scrollWidth } from './pageKit.js';

// The editor script's generic parts (autosave, typeahead, direct upload, lineup rows) in a real
// browser, on fixture pages served with the real script and stylesheet under the pages' CSP, and
// fake endpoints that answer as the editor-script protocol says the pages do. Timers run on the
// page's own fake clock, so nothing here waits for a debounce to pass.

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'";

/** A promise the test settles: a fake endpoint holds its answer until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
type Gate = ReturnType<typeof gate>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
  `<link rel="stylesheet" href="${STYLESHEET.path}"><script src="${EDITOR_SCRIPT.path}" defer></script></head>` +
  `<body><main class="narrow"><h1>${title}</h1>${body}</main></body></html>`;

// --- the fake pages' state, reset before each test ---
const autosave = {
  mode: 'ok' as 'ok' | 'conflict' | 'invalid' | 'offline' | 'signedOut',
  version: 1,
  latest: { title: 'Neon Reverie', description: 'Late set.' },
  /** `dropped`: the connection closed before the fixture answered (the browser may send such a request again on another). */
  posts: [] as { body: URLSearchParams; contentType: string; accept: string; dropped?: boolean }[],
  hold: undefined as Gate | undefined,
};
const searches = { requests: [] as URL[], hold: new Map<string, Gate>(), invalid: [] as string[], aborted: [] as string[] };
const upload = {
  begin: 'ok' as 'ok' | 'refuse' | 'fail',
  begun: [] as URLSearchParams[],
  transfers: [] as { token: string | undefined; contentType: string; body: Buffer }[],
  completes: [] as URLSearchParams[],
  ordinary: [] as { contentType: string; length: number }[],
  hold: undefined as Gate | undefined,
  transferClosed: 0,
};
const rows = { posts: [] as URLSearchParams[] };

function reset() {
  Object.assign(autosave, { mode: 'ok', version: 1, latest: { title: 'Neon Reverie', description: 'Late set.' }, posts: [], hold: undefined });
  Object.assign(searches, { requests: [], hold: new Map(), invalid: [], aborted: [] });
  Object.assign(upload, { begin: 'ok', begun: [], transfers: [], completes: [], ordinary: [], hold: undefined, transferClosed: 0 });
  rows.posts = [];
}

// --- fixtures ---
const autosavePage = () =>
  page(
    'Edit the event',
    `<form class="form" method="post" action="/autosave" data-autosave="draft:d1" data-version-input="expectedVersion" data-reload-href="/autosave" data-unsaved>
<input type="hidden" name="expectedVersion" value="${autosave.version}">
<div class="field"><label for="field-title">Title</label><input id="field-title" name="title" value="${escapeHtml(autosave.latest.title)}"></div>
<div class="field"><label for="field-description">Description</label><textarea id="field-description" name="description">${escapeHtml(autosave.latest.description)}</textarea></div>
<p class="small muted" data-autosave-status></p>
<div class="actions"><button class="btn primary">Save</button></div></form>`,
  );
const typeaheadPage = () =>
  page(
    'Lineup',
    `<form class="form" method="post" action="/typeahead">
<div class="field"><label for="field-communitySlug">Community</label><input id="field-communitySlug" name="communitySlug" data-typeahead="community"></div>
<div class="field"><label for="field-performerLabel">Performer name</label><input id="field-performerLabel" name="performerLabel"></div>
<div class="field"><label for="field-performerSlug">Performer profile</label><input id="field-performerSlug" name="performerSlug" data-typeahead="person" data-label-input="performerLabel"></div>
<div class="actions"><button class="btn primary">Save</button></div></form>`,
  );
const uploadPage = () =>
  page(
    'Media kit',
    `<form class="form" method="post" action="/upload" enctype="multipart/form-data" data-direct-upload data-begin="/upload/begin" data-complete="/upload/complete">
<div class="field"><label for="field-file">Image</label><input id="field-file" type="file" name="file" accept="image/png"></div>
<div class="field"><label for="field-label">Label</label><input id="field-label" name="label" value="Logo"></div>
<div class="actions"><button class="btn primary">Upload</button></div></form>`,
  );
const row = (i: number | string, performer: string, start: string) => {
  const n = typeof i === 'number' ? String(i + 1) : '';
  const f = (name: string) => `lineup.${i}.${name}`;
  return `<div class="card" data-row><h2>Slot <span data-row-number>${n}</span></h2>
<div class="field"><label for="field-${f('performerLabel')}">Performer</label><span id="field-${f('performerLabel')}-hint" class="hint muted small">As announced.</span><input id="field-${f('performerLabel')}" name="${f('performerLabel')}" value="${performer}" aria-describedby="field-${f('performerLabel')}-hint"></div>
<div class="field"><label for="field-${f('start')}">Start</label><input id="field-${f('start')}" name="${f('start')}" value="${start}"></div>
<div class="actions"><button class="btn" name="op" value="up:${i}">Move slot <span data-row-number>${n}</span> up</button><button class="btn" name="op" value="down:${i}">Move slot <span data-row-number>${n}</span> down</button><button class="btn" name="op" value="remove:${i}">Remove slot <span data-row-number>${n}</span></button></div></div>`;
};
const rowsPage = () =>
  page(
    'Lineup rows',
    `<form class="form" method="post" action="/rows"><fieldset data-rows="lineup" data-max="3"><legend>Lineup</legend>
${row(0, 'Aurora', '20:00')}${row(1, 'Borealis', '21:00')}
<template data-row-template>${row('__i__', '', '')}</template>
<button class="btn" name="op" value="add">Add a slot</button></fieldset>
<div class="actions"><button class="btn primary" name="op" value="save">Save</button></div></form>`,
  );
const blankPage = (withScript: boolean) => {
  const html = page(
    'Nothing to enhance',
    `<form class="form" method="post" action="/blank"><div class="field"><label for="field-name">Name</label><input id="field-name" name="name" value="x"></div><fieldset><legend>Rows</legend><input type="file" aria-label="File"></fieldset><template><p>t</p></template><button class="btn">Send</button></form>`,
  );
  return withScript ? html : html.replace(/<script[^>]*><\/script>/, '');
};

// --- the fake search answer, shaped as the contract's PublicSearchResponse ---
const directory: (Schemas['PublicSearchResult'] & { profileType?: string })[] = [
  { entityType: 'profile', profileType: 'community', slug: 'neon-reverie', title: 'Neon Reverie', routePath: '/api/v0/profiles/neon-reverie', score: 800, trustLabel: 'claimed_verified', subtitle: 'Late-night club' },
  { entityType: 'profile', profileType: 'community', slug: 'neon-nights', title: 'Neon Nights', routePath: '/api/v0/profiles/neon-nights', score: 790, trustLabel: 'unclaimed' },
  { entityType: 'profile', profileType: 'community', slug: 'neo-tokyo', title: 'Neo Tokyo', routePath: '/api/v0/profiles/neo-tokyo', score: 780, trustLabel: 'unclaimed' },
  { entityType: 'profile', profileType: 'person', slug: 'dj-aurora', title: 'DJ Aurora', routePath: '/api/v0/profiles/dj-aurora', score: 800, trustLabel: 'claimed_unverified' },
];
const ajv = createAjv();
const validSearchAnswer = ajv.compile(componentSchema('PublicSearchResponse') as object);
function searchAnswer(q: string, type: string, limit: number): Schemas['PublicSearchResponse'] {
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const results = directory
    .filter((r) => r.profileType === type && words.every((w) => r.title.toLowerCase().split(/\s+/).some((t) => t.startsWith(w))))
    .slice(0, limit)
    .map((r) => ({ ...r, avatarAppearance: { borderColor: '#FFFFFF', borderEnabled: false, borderSoftnessPx: 0, borderWidthPx: 2, radiusPercent: 50 } }));
  return { query: q.trim(), type: type as Schemas['PublicSearchType'], results: results as Schemas['PublicSearchResult'][], nextCursor: null };
}

// --- the tiny server ---
const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
const html = (res: http.ServerResponse, body: string, status = 200) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'cache-control': 'no-store' });
  res.end(body);
};
const json = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
};
const problem = (res: http.ServerResponse, status: number, title: string, extra: Record<string, unknown> = {}) =>
  json(res, status, { type: '/problems/validation-failed', title, status, code: 'VALIDATION_FAILED', ...extra }, 'application/problem+json');

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const route = `${req.method} ${url.pathname}`;
  if (url.pathname === EDITOR_SCRIPT.path || url.pathname === STYLESHEET.path) {
    const a = url.pathname === EDITOR_SCRIPT.path ? EDITOR_SCRIPT : STYLESHEET;
    res.writeHead(200, { 'content-type': a.contentType });
    return res.end(a.body);
  }
  switch (route) {
    case 'GET /autosave':
      return html(res, autosavePage());
    case 'POST /autosave': {
      const body = new URLSearchParams((await readBody(req)).toString());
      const post = { body, contentType: req.headers['content-type'] ?? '', accept: req.headers.accept ?? '', dropped: false };
      autosave.posts.push(post);
      if (body.get('autosave') !== '1') {
        res.writeHead(303, { location: '/autosave?sent=1' });
        return res.end();
      }
      if (autosave.hold) {
        res.once('close', () => {
          if (!res.writableFinished) post.dropped = true;
        });
        await autosave.hold.opened;
        // Nobody is left to hear this answer; a save the browser sends again gets the version instead.
        if (post.dropped || res.destroyed) {
          post.dropped = true;
          return;
        }
      }
      if (autosave.mode === 'offline') return req.socket.destroy();
      if (autosave.mode === 'signedOut') return html(res, page('Sign in', '<p>Sign in to go on.</p>'));
      if (autosave.mode === 'conflict') return problem(res, 409, 'The draft changed since you loaded it', { type: '/problems/stale-version', code: 'STALE_VERSION' });
      if (autosave.mode === 'invalid')
        return problem(res, 400, 'Validation failed', {
          errors: [
            { pointer: '/patch/title', field: 'title', message: 'must not be blank' },
            { pointer: '/patch/other', message: 'the draft is closed for edits' },
          ],
        });
      autosave.version += 1;
      autosave.latest = { title: body.get('title') ?? '', description: body.get('description') ?? '' };
      return json(res, 200, { version: autosave.version, savedAt: '2031-05-04T20:15:00.000Z' });
    }
    case 'GET /typeahead':
      return html(res, typeaheadPage());
    case 'GET /api/v0/search': {
      searches.requests.push(url);
      const q = url.searchParams.get('q') ?? '';
      const held = searches.hold.get(q);
      res.on('close', () => {
        if (!res.writableFinished) searches.aborted.push(q);
      });
      if (held) await held.opened;
      const answer = searchAnswer(q, url.searchParams.get('type') ?? 'all', Number(url.searchParams.get('limit') ?? 20));
      if (!validSearchAnswer(answer)) searches.invalid.push(ajv.errorsText(validSearchAnswer.errors));
      if (res.destroyed) return;
      return json(res, 200, answer);
    }
    case 'GET /upload':
      return html(res, uploadPage());
    case 'POST /upload/begin': {
      upload.begun.push(new URLSearchParams((await readBody(req)).toString()));
      if (upload.begin === 'refuse') return problem(res, 400, 'Validation failed', { errors: [{ pointer: '/byteLength', field: 'file', message: 'the image is larger than 12 MiB' }] });
      if (upload.begin === 'fail') return json(res, 500, { type: '/problems/internal', title: 'Internal error', status: 500 }, 'application/problem+json');
      return json(res, 201, {
        transfer: { url: '/upload/transfer', fields: { key: 'assets/k1', policy: 'p1' }, fileField: 'file', headers: { 'x-service-upload-token': 'tok-1' } },
        complete: { uploadId: 'u1' },
      });
    }
    case 'POST /upload/transfer': {
      res.on('close', () => {
        if (!res.writableFinished) upload.transferClosed += 1;
      });
      const body = await readBody(req);
      upload.transfers.push({ token: req.headers['x-service-upload-token'] as string | undefined, contentType: req.headers['content-type'] ?? '', body });
      if (upload.hold) await upload.hold.opened;
      if (res.destroyed) return;
      res.writeHead(204);
      return res.end();
    }
    case 'POST /upload/complete':
      upload.completes.push(new URLSearchParams((await readBody(req)).toString()));
      return json(res, 200, { redirect: '/upload/done' });
    case 'GET /upload/done':
      return html(res, page('Uploaded', '<p>The image is in the media kit.</p>'));
    case 'POST /upload': {
      const body = await readBody(req);
      upload.ordinary.push({ contentType: req.headers['content-type'] ?? '', length: body.length });
      return html(res, page('Uploaded the ordinary way', '<p>The server took the file.</p>'));
    }
    case 'GET /rows':
      return html(res, rowsPage());
    case 'POST /rows':
      rows.posts.push(new URLSearchParams((await readBody(req)).toString()));
      return html(res, page('Lineup saved', '<p>Saved.</p>'));
    case 'GET /blank':
      return html(res, blankPage(url.searchParams.get('script') !== 'off'));
    default:
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not here');
  }
}

let browser: Browser | undefined;
let server: http.Server | undefined;
let base = '';
beforeAll(async () => {
  browser = await launchChromium();
  server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  // Connections stay open between requests (no keep-alive timeout): a held answer's test never races
  // the server closing an idle connection as the browser sends on it.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, SLOW);
afterAll(async () => {
  await browser?.close();
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  }
});
beforeEach(reset);

const DESKTOP = WIDTHS[1];
/** A page at a width with its clock under the test's control, and the browser's complaints collected. */
async function open(path: string, width: (typeof WIDTHS)[number] = DESKTOP) {
  const opened = await openPage(browser!, width);
  await opened.page.clock.install({ time: Date.parse('2031-05-04T20:00:00Z') });
  await opened.page.goto(`${base}${path}`);
  return opened;
}
const text = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
const attr = (page: Page, selector: string, name: string) => page.locator(selector).first().getAttribute(name);
/** Waits for a condition the page's requests bring about (polled; bounded only by the test's own timeout budget). */
const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 3000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
};
/** A screenshot kept under test-output/pages/ for review. */
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`), fullPage: true });
};
/** The browser's complaints, less the ones a refused or unanswered request is expected to log. */
const unexpected = (problems: string[]) => problems.filter((p) => !/Failed to load resource: (the server responded with a status of (400|409)|net::ERR_(INTERNET_DISCONNECTED|EMPTY_RESPONSE|CONNECTION_RESET))/.test(p));
const statusSays = (page: Page, selector: string, pattern: RegExp) => page.locator(selector).filter({ hasText: pattern }).waitFor();

describe('autosave (form[data-autosave])', () => {
  test(
    'when the person stops typing for 1.5 s, then the form is saved once, the version moves on, "Saved" says when, and the form hears marquee:saved',
    async () => {
      const { ctx, page, problems } = await open('/autosave');
      try {
        await page.evaluate(() => {
          (window as any).savedEvents = 0;
          document.querySelector('form')!.addEventListener('marquee:saved', () => (window as any).savedEvents++);
        });
        await page.getByLabel('Title').fill('Neon Reverie: closing night');
        await page.clock.runFor(1000);
        await page.getByLabel('Title').fill('Neon Reverie: the closing night');
        await page.clock.runFor(1000);
        expect(autosave.posts).toHaveLength(0);
        await page.clock.runFor(600);
        await statusSays(page, '[data-autosave-status]', /^Saved at /);
        expect(autosave.posts).toHaveLength(1);
        const sent = autosave.posts[0];
        expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
        expect(sent.accept).toBe('application/json');
        expect(Object.fromEntries(sent.body)).toEqual({ expectedVersion: '1', title: 'Neon Reverie: the closing night', description: 'Late set.', autosave: '1' });
        expect(await page.locator('input[name=expectedVersion]').inputValue()).toBe('2');
        expect(await attr(page, '[data-autosave-status] time', 'datetime')).toBe('2031-05-04T20:15:00.000Z');
        expect(await attr(page, '[data-autosave-status]', 'aria-live')).toBe('polite');
        expect(await page.evaluate(() => (window as any).savedEvents)).toBe(1);

        // Leaving a changed field saves at once, with the version the last save returned.
        await page.getByLabel('Description').fill('Late set, then the afterparty.');
        await page.getByLabel('Description').blur();
        await until(() => autosave.posts.length === 2, 'the save on blur');
        expect(autosave.posts[1].body.get('expectedVersion')).toBe('2');
        await until(async () => (await page.locator('input[name=expectedVersion]').inputValue()) === '3', 'the second version');
        // Leaving an unchanged field sends nothing.
        await page.getByLabel('Title').focus();
        await page.getByLabel('Title').blur();
        await page.clock.runFor(2000);
        expect(autosave.posts).toHaveLength(2);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the draft changed elsewhere (409), then the status offers the latest version, and after the reload what was typed is shown beside its field with "Use mine"',
    async () => {
      autosave.mode = 'conflict';
      const { ctx, page, problems } = await open('/autosave');
      try {
        await page.getByLabel('Title', { exact: true }).fill('My own title');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /Changed elsewhere/);
        const link = page.getByRole('link', { name: 'Reload the latest version' });
        expect(await link.getAttribute('href')).toBe('/autosave');
        expect(await axeViolations(page)).toEqual([]);
        // Typing on after the conflict keeps the newest text, and sends nothing.
        await page.getByLabel('Title', { exact: true }).fill('My own title, again');
        await page.clock.runFor(1600);
        expect(autosave.posts).toHaveLength(1);

        // Meanwhile someone else saved; the link opens their version.
        autosave.latest = { title: 'Their title', description: 'Late set.' };
        autosave.version = 7;
        autosave.mode = 'ok';
        await Promise.all([page.waitForURL(`${base}/autosave`), link.click()]);
        await page.waitForLoadState('load');
        expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Their title');
        await statusSays(page, '[data-autosave-status]', /What you typed before reloading is shown beside its field/);
        expect(await text(page, '.unsaved-offer[data-unsaved-for=title] p')).toBe('Your unsaved text: My own title, again');
        // The description was not changed, so nothing is offered for it.
        expect(await page.locator('.unsaved-offer').count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Use mine for Title' }).click();
        expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('My own title, again');
        expect(await page.locator('.unsaved-offer').count()).toBe(0);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-title');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /^Saved at /);
        expect(autosave.posts[1].body.get('expectedVersion')).toBe('7');
        expect(autosave.posts[1].body.get('title')).toBe('My own title, again');
        expect(await page.evaluate(() => sessionStorage.getItem('draft:d1'))).toBeNull();
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the save is refused (400), then each message stands next to its field as the server draws it, and a later save clears it',
    async () => {
      autosave.mode = 'invalid';
      const { ctx, page, problems } = await open('/autosave');
      try {
        await page.getByLabel('Title').fill(' ');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /^Not saved/);
        expect(await text(page, '[data-autosave-status]')).toBe('Not saved: one field needs your attention. The draft is closed for edits.');
        expect(await text(page, '#field-title-error')).toBe('Must not be blank.');
        expect(await page.locator('#field-title-error').evaluate((el) => [el.className, el.previousElementSibling?.id])).toEqual(['field-error error', 'field-title']);
        expect(await attr(page, '#field-title', 'aria-invalid')).toBe('true');
        expect(await attr(page, '#field-title', 'aria-describedby')).toBe('field-title-error');
        expect(await axeViolations(page)).toEqual([]);

        autosave.mode = 'ok';
        await page.getByLabel('Title').fill('A real title');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /^Saved at /);
        expect(await page.locator('#field-title-error').count()).toBe(0);
        expect(await attr(page, '#field-title', 'aria-invalid')).toBeNull();
        expect(await attr(page, '#field-title', 'aria-describedby')).toBeNull();
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the save gets no answer, then the status says so, and it is tried again when the browser is back online or on the next input',
    async () => {
      const { ctx, page, problems } = await open('/autosave');
      try {
        await ctx.setOffline(true);
        await page.getByLabel('Title').fill('Typed on a train');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /Not saved — offline\? Retrying/);
        await ctx.setOffline(false);
        await statusSays(page, '[data-autosave-status]', /^Saved at /);
        expect(autosave.posts.map((p) => p.body.get('title'))).toEqual(['Typed on a train']);

        autosave.mode = 'offline';
        await page.getByLabel('Title').fill('Typed in a tunnel');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /Not saved — offline\? Retrying/);
        autosave.mode = 'ok';
        await page.getByLabel('Title').fill('Typed in a tunnel!');
        await statusSays(page, '[data-autosave-status]', /^Saved at /);
        // (Chromium itself may send a request again whose connection was dropped unanswered.)
        expect([...new Set(autosave.posts.map((p) => p.body.get('title')))]).toEqual(['Typed on a train', 'Typed in a tunnel', 'Typed in a tunnel!']);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the answer is a page instead of JSON (signed out), then the status says the text was not saved and is still here',
    async () => {
      autosave.mode = 'signedOut';
      const { ctx, page, problems } = await open('/autosave');
      try {
        await page.getByLabel('Title').fill('Typed after the session ended');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /^Not saved/);
        expect(await text(page, '[data-autosave-status]')).toBe('Not saved: You may have been signed out; sign in again in another tab. Your text is still here; it is tried again as you type.');
        expect(await page.locator('input[name=expectedVersion]').inputValue()).toBe('1');
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the form is sent while a save is under way, then it waits for that save and is sent with the version it returned, and nothing is autosaved after',
    async () => {
      autosave.hold = gate();
      const { ctx, page, problems } = await open('/autosave');
      const seen: string[] = [];
      page.on('request', (r) => seen.push(`${r.method()} ${r.url()} sent`));
      page.on('requestfailed', (r) => seen.push(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`));
      page.on('requestfinished', (r) => seen.push(`${r.method()} ${r.url()} finished`));
      try {
        await page.getByLabel('Title').fill('Sent right after typing');
        // Leaving the field saves at once; the save is under way once the status says so.
        await page.getByLabel('Description').focus();
        await statusSays(page, '[data-autosave-status]', /^Saving…$/);
        // The page holds the send while its save is unanswered (the fixture holds every autosave
        // answer until the gate opens, whenever the request reaches it).
        await page.getByRole('button', { name: 'Save' }).click();
        await statusSays(page, '[data-autosave-status]', /^Saving before sending…$/);
        expect(autosave.posts.filter((p) => p.body.get('autosave') !== '1')).toHaveLength(0);
        const sent = page.waitForURL(`${base}/autosave?sent=1`, { timeout: SLOW / 2 });
        autosave.hold.open();
        await sent.catch(async (err: Error) => {
          // What the browser did with its requests, beside what reached the fixture.
          throw new Error(`${err.message}\nbrowser: ${seen.join('; ')}\nfixture: ${autosave.posts.length} posts\nstatus: ${await text(page, '[data-autosave-status]')}`);
        });
        // A request whose connection closed unanswered is one the browser's network stack may send
        // again on a new connection (the page sent it once); what the page heard is what counts.
        expect(autosave.posts.filter((p) => !p.dropped).map((p) => [p.body.get('autosave'), p.body.get('expectedVersion')])).toEqual([
          ['1', '1'],
          [null, '2'],
        ]);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

describe('typeahead (input[data-typeahead])', () => {
  test(
    'when a name is typed, then a listbox of matching communities opens, arrows move through it, Enter fills the slug, Escape closes it, and unknown text stays',
    async () => {
      const { ctx, page, problems } = await open('/typeahead');
      try {
        const input = page.getByRole('combobox', { name: 'Community' });
        expect(await input.getAttribute('aria-expanded')).toBe('false');
        const listId = (await input.getAttribute('aria-controls'))!;
        expect(await page.locator(`[id="${listId}"]`).getAttribute('role')).toBe('listbox');
        await input.fill('neon');
        await page.clock.runFor(300);
        await page.locator(`[id="${listId}"]:not([hidden])`).waitFor();
        expect(await input.getAttribute('aria-expanded')).toBe('true');
        expect(searches.requests.map((u) => Object.fromEntries(u.searchParams))).toEqual([{ q: 'neon', type: 'community', limit: '8' }]);
        const options = page.getByRole('option');
        expect(await options.allTextContents()).toEqual(['Neon Reverie neon-reverie', 'Neon Nights neon-nights']);

        await input.press('ArrowDown');
        const first = await options.nth(0).getAttribute('id');
        expect(await input.getAttribute('aria-activedescendant')).toBe(first);
        expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
        await input.press('ArrowDown');
        expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
        await input.press('ArrowDown');
        expect(await input.getAttribute('aria-activedescendant')).toBe(first);
        await input.press('ArrowUp');
        expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
        expect(await axeViolations(page)).toEqual([]);
        await input.press('Enter');
        expect(await input.inputValue()).toBe('neon-nights');
        expect(await input.getAttribute('aria-expanded')).toBe('false');
        expect(await input.getAttribute('aria-activedescendant')).toBeNull();
        expect(page.url()).toBe(`${base}/typeahead`);

        await input.fill('neon r');
        await page.clock.runFor(300);
        await page.locator(`[id="${listId}"]:not([hidden])`).waitFor();
        await input.press('Escape');
        expect(await page.locator(`[id="${listId}"]`).isHidden()).toBe(true);
        expect(await input.inputValue()).toBe('neon r');

        await input.fill('Starlight Collective');
        await page.clock.runFor(300);
        await until(() => searches.requests.length === 3, 'the third search');
        await page.locator('[role=status]').filter({ hasText: 'No suggestions; what you typed stays.' }).waitFor();
        expect(await input.getAttribute('aria-expanded')).toBe('false');
        await input.blur();
        expect(await input.inputValue()).toBe('Starlight Collective');
        expect(searches.invalid).toEqual([]);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when an earlier question answers after a later one, then it is aborted and its answer never shows',
    async () => {
      const held = gate();
      searches.hold.set('neo', held);
      const { ctx, page, problems } = await open('/typeahead');
      try {
        const input = page.getByRole('combobox', { name: 'Community' });
        await input.fill('neo');
        await page.clock.runFor(300);
        await until(() => searches.requests.length === 1, 'the first search');
        await input.fill('neon');
        await page.clock.runFor(300);
        await page.getByRole('option').first().waitFor();
        await until(() => searches.aborted.includes('neo'), 'the first search to be aborted');
        held.open();
        expect(await page.getByRole('option').allTextContents()).toEqual(['Neon Reverie neon-reverie', 'Neon Nights neon-nights']);
        expect(searches.invalid).toEqual([]);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when a performer is chosen with a pointer, then the slug is filled and the empty name takes the profile name, but a name already typed stays',
    async () => {
      const { ctx, page, problems } = await open('/typeahead');
      try {
        const input = page.getByRole('combobox', { name: 'Performer profile' });
        await input.fill('auro');
        await page.clock.runFor(300);
        await page.getByRole('option', { name: 'DJ Aurora dj-aurora' }).click();
        expect(await input.inputValue()).toBe('dj-aurora');
        expect(await page.getByLabel('Performer name').inputValue()).toBe('DJ Aurora');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-performerSlug');

        await page.getByLabel('Performer name').fill('Aurora (live)');
        await input.fill('dj au');
        await page.clock.runFor(300);
        await page.getByRole('option', { name: 'DJ Aurora dj-aurora' }).click();
        expect(await input.inputValue()).toBe('dj-aurora');
        expect(await page.getByLabel('Performer name').inputValue()).toBe('Aurora (live)');
        expect(searches.requests.every((u) => u.searchParams.get('type') === 'person')).toBe(true);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

describe('direct upload (form[data-direct-upload])', () => {
  const bytes = crypto.randomBytes(3_000_000);
  const file = { name: 'logo.png', mimeType: 'image/png', buffer: bytes };

  test(
    'when a file is sent, then it is declared to data-begin, sent to the transfer with progress, completed and the page follows the redirect',
    async () => {
      upload.hold = gate();
      const { ctx, page, problems } = await open('/upload');
      try {
        await page.getByLabel('Image').setInputFiles(file);
        await page.getByRole('button', { name: 'Upload' }).click();
        await until(() => upload.transfers.length === 1, 'the transfer');
        await page.waitForFunction(() => {
          const p = document.querySelector('progress');
          return !!p && !p.hidden && p.max > 3_000_000 && p.value === p.max;
        });
        expect(await text(page, '[data-upload-status]')).toBe('Uploading logo.png: 100%');
        expect(await page.getByRole('button', { name: 'Cancel upload' }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);

        expect(Object.fromEntries(upload.begun[0])).toEqual({
          label: 'Logo',
          fileName: 'logo.png',
          contentType: 'image/png',
          byteLength: '3000000',
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        });
        const sent = upload.transfers[0];
        expect(sent.token).toBe('tok-1');
        expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
        const body = sent.body.toString('latin1');
        expect(body.indexOf('name="key"')).toBeLessThan(body.indexOf('name="policy"'));
        expect(body.indexOf('name="policy"')).toBeLessThan(body.indexOf('name="file"; filename="logo.png"'));
        expect(sent.body.includes(bytes)).toBe(true);

        const done = page.waitForURL(`${base}/upload/done`);
        upload.hold.open();
        await done;
        expect(upload.completes.map((c) => Object.fromEntries(c))).toEqual([{ uploadId: 'u1' }]);
        expect(upload.ordinary).toEqual([]);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the upload is cancelled, then the transfer stops, nothing is completed and the form is ready again',
    async () => {
      upload.hold = gate();
      const { ctx, page, problems } = await open('/upload');
      try {
        await page.getByLabel('Image').setInputFiles(file);
        await page.getByRole('button', { name: 'Upload' }).click();
        await until(() => upload.transfers.length === 1, 'the transfer');
        await page.getByRole('button', { name: 'Cancel upload' }).click();
        expect(await text(page, '[data-upload-status]')).toBe('Upload cancelled.');
        await until(() => upload.transferClosed === 1, 'the transfer to be dropped');
        upload.hold.open();
        expect(await page.getByRole('button', { name: 'Cancel upload' }).isHidden()).toBe(true);
        expect(await page.getByRole('button', { name: 'Upload', exact: true }).isEnabled()).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-file');
        expect(upload.completes).toEqual([]);
        expect(page.url()).toBe(`${base}/upload`);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the upload is refused with a problem, then the message stands next to the file input and nothing is sent',
    async () => {
      upload.begin = 'refuse';
      const { ctx, page, problems } = await open('/upload');
      try {
        await page.getByLabel('Image').setInputFiles(file);
        await page.getByRole('button', { name: 'Upload' }).click();
        await page.locator('#field-file-error').waitFor();
        expect(await text(page, '#field-file-error')).toBe('The image is larger than 12 MiB.');
        expect(await attr(page, '#field-file', 'aria-invalid')).toBe('true');
        expect(await attr(page, '#field-file', 'aria-describedby')).toBe('field-file-error');
        expect(await axeViolations(page)).toEqual([]);
        expect(upload.transfers).toEqual([]);
        expect(upload.ordinary).toEqual([]);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when the direct path fails without a verdict (a 500 from data-begin), then the form is sent the ordinary way with the file',
    async () => {
      upload.begin = 'fail';
      const { ctx, page } = await open('/upload');
      try {
        await page.getByLabel('Image').setInputFiles(file);
        await Promise.all([page.waitForURL(`${base}/upload`), page.getByRole('button', { name: 'Upload' }).click()]);
        await page.getByRole('heading', { name: 'Uploaded the ordinary way' }).waitFor();
        expect(upload.ordinary).toHaveLength(1);
        expect(upload.ordinary[0].contentType).toMatch(/^multipart\/form-data/);
        expect(upload.ordinary[0].length).toBeGreaterThan(3_000_000);
        expect(upload.transfers).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

describe('rows (fieldset[data-rows])', () => {
  /** Every row's names, ids and references carry its place, and every reference names an element that exists. */
  const consistent = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('fieldset[data-rows] [data-row]')].flatMap((row, i) => {
        const wrong: string[] = [];
        row.querySelectorAll<HTMLInputElement>('input[name]').forEach((el) => {
          if (!el.name.startsWith(`lineup.${i}.`)) wrong.push(`name ${el.name} in row ${i}`);
          if (el.id !== `field-${el.name}`) wrong.push(`id ${el.id} of ${el.name}`);
          if (!el.labels?.length) wrong.push(`no label for ${el.name}`);
          for (const ref of (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) if (!document.getElementById(ref)) wrong.push(`dangling ${ref}`);
        });
        row.querySelectorAll<HTMLButtonElement>('button[name=op]').forEach((b) => {
          if (!b.value.endsWith(`:${i}`)) wrong.push(`button ${b.value} in row ${i}`);
        });
        row.querySelectorAll('[data-row-number]').forEach((el) => {
          if (el.textContent !== String(i + 1)) wrong.push(`number ${el.textContent} in row ${i}`);
        });
        return wrong;
      }),
    );
  const values = (page: Page) =>
    page.evaluate(() => [...document.querySelectorAll<HTMLElement>('fieldset[data-rows] [data-row]')].map((row) => [...row.querySelectorAll('input')].map((i) => i.value).join(' ')));

  test(
    'when rows are added, moved and removed, then they are renumbered in place, focus follows, the change is announced and the form sends the new order',
    async () => {
      const { ctx, page, problems } = await open('/rows');
      try {
        expect(await consistent(page)).toEqual([]);
        await page.getByRole('button', { name: 'Add a slot' }).click();
        expect(await page.locator('[data-row]').count()).toBe(3);
        expect(await consistent(page)).toEqual([]);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('lineup.2.performerLabel');
        expect(await text(page, 'fieldset[data-rows] > [role=status]')).toBe('Row 3 added.');
        // data-max="3": full.
        expect(await page.getByRole('button', { name: 'Add a slot' }).isDisabled()).toBe(true);
        await page.keyboard.type('Cassiopeia');
        await page.getByLabel('Start').nth(2).fill('22:00');
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Move slot 3 up' }).click();
        expect(await values(page)).toEqual(['Aurora 20:00', 'Cassiopeia 22:00', 'Borealis 21:00']);
        expect(await consistent(page)).toEqual([]);
        expect(await text(page, 'fieldset[data-rows] > [role=status]')).toBe('Row 3 moved up to row 2.');
        expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.value)).toBe('up:1');
        await page.keyboard.press('Enter');
        expect(await values(page)).toEqual(['Cassiopeia 22:00', 'Aurora 20:00', 'Borealis 21:00']);
        expect(await text(page, 'fieldset[data-rows] > [role=status]')).toBe('Row 2 moved up to row 1.');
        await page.keyboard.press('Enter');
        expect(await text(page, 'fieldset[data-rows] > [role=status]')).toBe('Row 1 is already first.');

        await page.getByRole('button', { name: 'Move slot 2 down' }).click();
        expect(await values(page)).toEqual(['Cassiopeia 22:00', 'Borealis 21:00', 'Aurora 20:00']);
        expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.value)).toBe('down:2');

        await page.getByRole('button', { name: 'Remove slot 1' }).click();
        expect(await values(page)).toEqual(['Borealis 21:00', 'Aurora 20:00']);
        expect(await consistent(page)).toEqual([]);
        expect(await text(page, 'fieldset[data-rows] > [role=status]')).toBe('Row 1 removed.');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('lineup.0.performerLabel');
        expect(await page.getByRole('button', { name: 'Add a slot' }).isEnabled()).toBe(true);
        // The hint still describes its field after the renumbering.
        expect(await attr(page, '[name="lineup.1.performerLabel"]', 'aria-describedby')).toBe('field-lineup.1.performerLabel-hint');

        // Enter in a field is not a press of the first row's button.
        await page.locator('[name="lineup.0.start"]').press('Enter');
        expect(await values(page)).toEqual(['Borealis 21:00', 'Aurora 20:00']);
        expect(rows.posts).toEqual([]);

        await Promise.all([page.waitForURL(`${base}/rows`), page.getByRole('button', { name: 'Save' }).click()]);
        await page.getByRole('heading', { name: 'Lineup saved' }).waitFor();
        expect([...rows.posts[0]]).toEqual([
          ['lineup.0.performerLabel', 'Borealis'],
          ['lineup.0.start', '21:00'],
          ['lineup.1.performerLabel', 'Aurora'],
          ['lineup.1.start', '20:00'],
          ['op', 'save'],
        ]);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );

  test(
    'when JavaScript is off, then the row buttons send the form for the server to redraw it',
    async () => {
      const { ctx, page } = await openPage(browser!, DESKTOP, { javaScriptEnabled: false });
      try {
        await page.goto(`${base}/rows`);
        await Promise.all([page.waitForURL(`${base}/rows`), page.getByRole('button', { name: 'Move slot 2 up' }).click()]);
        await page.getByRole('heading', { name: 'Lineup saved' }).waitFor();
        expect(rows.posts[0].get('op')).toBe('up:1');
        expect(rows.posts[0].get('lineup.1.performerLabel')).toBe('Borealis');
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

describe.each(WIDTHS)('the fixtures with their widgets open at $viewport.width px ($name)', (width) => {
  test(
    'when the listbox, an autosave message, the upload progress and the rows are showing, then axe finds nothing and nothing overflows',
    async () => {
      const { ctx, page, problems } = await open('/typeahead', width);
      try {
        await page.getByRole('combobox', { name: 'Community' }).fill('neon');
        await page.clock.runFor(300);
        await page.getByRole('option').first().waitFor();
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width.viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `editor-typeahead-${width.viewport.width}`);

        autosave.mode = 'conflict';
        await page.goto(`${base}/autosave`);
        await page.getByLabel('Title').fill('A title long enough to wrap on a phone, typed while someone else saved');
        await page.clock.runFor(1600);
        await statusSays(page, '[data-autosave-status]', /Changed elsewhere/);
        autosave.mode = 'ok';
        await page.getByRole('link', { name: 'Reload the latest version' }).click();
        await page.locator('.unsaved-offer').waitFor();
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width.viewport.width);
        expect(await axeViolations(page)).toEqual([]);

        await shot(page, `editor-autosave-conflict-${width.viewport.width}`);

        await page.goto(`${base}/rows`);
        await page.getByRole('button', { name: 'Add a slot' }).click();
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width.viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `editor-rows-${width.viewport.width}`);

        upload.hold = gate();
        await page.goto(`${base}/upload`);
        await page.getByLabel('Image').setInputFiles({ name: 'a-poster-with-a-rather-long-file-name.png', mimeType: 'image/png', buffer: crypto.randomBytes(200_000) });
        await page.getByRole('button', { name: 'Upload' }).click();
        await page.getByRole('button', { name: 'Cancel upload' }).waitFor();
        await until(() => upload.transfers.length === 1, 'the transfer');
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width.viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `editor-upload-${width.viewport.width}`);
        upload.hold.open();
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});

describe('a page without the markup', () => {
  test(
    'when the script runs on a page with a form, a fieldset, a file input and a template but none of the markers, then the page is left exactly as rendered',
    async () => {
      const { ctx, page, problems } = await open('/blank');
      try {
        const withScript = await page.evaluate(() => document.body.outerHTML);
        await page.goto(`${base}/blank?script=off`);
        expect(withScript).toBe(await page.evaluate(() => document.body.outerHTML));
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    SLOW,
  );
});
