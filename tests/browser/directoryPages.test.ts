import type { Page } from 'playwright-core';
import { jest } from '@jest/globals';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { problems } from '../../src/services/errors.js';
import { pageOfResult } from '../../src/http/web/ui/directory.js';
import { SLOW, WIDTHS, checkPage, openPage, scrollWidth, useDemoSite } from './pageKit.js';

// The directory's public pages — a person, a community, a world, and search — in a real browser
// on the demo directory: what they show, that they pass the page kit's checks at a phone's and a
// desktop's width, that they work without JavaScript, that everything not public is the one 404
// page, and that hostile text stays text.

const site = useDemoSite();
// Demo slugs (slugs are the names, slugified).
const NEON = 'neon-reverie';
const AURORA = 'dj-aurora-vex';
const ARCADE = 'midnight-arcade';


const get = (path: string) => fetch(`${site.s.base}${path}`);

/** Opens `path` at a width and hands the page to `check`, failing on any script error or console error. */
async function visit(path: string, width: { viewport: { width: number; height: number }; isMobile: boolean; hasTouch: boolean }, check: (page: Page) => Promise<void>, options = {}) {
  const { ctx, page, problems: seen } = await openPage(site.browser, width, options);
  try {
    const res = await page.goto(`${site.s.base}${path}`);
    expect(res?.status()).toBe(200);
    await check(page);
    expect(seen).toEqual([]);
  } finally {
    await ctx.close();
  }
}

/** The main text as written (the badges' capitals are the stylesheet's). */
const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';

describe.each(WIDTHS)('directory pages at $viewport.width px ($name)', (width) => {
  const w = width.viewport.width;

  test(
    'when a community page is opened, then it shows its name, headline, tags, trust, calendar subscription, upcoming events and media kit',
    async () => {
      await visit(`/communities/${NEON}`, width, async (page) => {
        await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Neon Reverie');
        const text = await mainText(page);
        for (const shown of ['Weekly club nights in a rain-soaked cyber city', 'club', 'electronic', 'dance', 'Verified', 'America/New_York', 'Neon Reverie: Night Shift', 'Neon Reverie: Synthwave Sunday', 'Logos', 'Gallery', 'The rooftop stage of Midnight Arcade at night.'])
          expect(text).toContain(shown);
        const webcal = await page.getByRole('link', { name: /Subscribe to/ }).getAttribute('href');
        expect(webcal).toBe(`${site.s.base.replace(/^http:/, 'webcal:')}/api/v0/communities/${NEON}/calendar.ics`);
        expect(await page.getByRole('link', { name: 'Download .ics' }).getAttribute('href')).toBe(`/api/v0/communities/${NEON}/calendar.ics`);
        const zip = await page.getByRole('link', { name: 'Download logos (.zip)' }).getAttribute('href');
        expect(zip).toBe(`/api/v0/profiles/${NEON}/logos.zip`);
        expect((await get(zip!)).headers.get('content-type')).toMatch(/application\/zip/);
        // Every image of the media kit and the banner loads.
        const broken = await page.evaluate<string[]>(`Promise.all([...document.images].map((i) => i.decode().then(() => null, () => i.src))).then((r) => r.filter(Boolean))`);
        expect(broken).toEqual([]);
        expect(await page.getByRole('img', { name: 'A neon N inside a pink ring' }).count()).toBe(1);
        expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('profile');
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Weekly club nights in a rain-soaked cyber city');
        // With the script, the copy buttons show.
        expect(await page.getByRole('button', { name: 'Copy calendar address' }).isVisible()).toBe(true);
        await checkPage(page, w, `community-${w}`);
      });
    },
    SLOW,
  );

  test(
    'when a person page is opened, then it shows their name, roles, pronouns, time zone, avatar and upcoming appearances',
    async () => {
      await visit(`/people/${AURORA}`, width, async (page) => {
        await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('DJ Aurora Vex');
        const text = await mainText(page);
        for (const shown of ['she/her', 'America/Chicago', 'dj', 'Unclaimed', 'Upcoming appearances', 'Neon Reverie: Night Shift', 'Night Shift set']) expect(text).toContain(shown);
        expect(await page.locator('img.avatar').getAttribute('src')).toMatch(new RegExp(`^/api/v0/profiles/${AURORA}/assets/.+/file$`));
        // A person has no calendar subscription of their own.
        expect(await page.getByRole('link', { name: /Subscribe to/ }).count()).toBe(0);
        await checkPage(page, w, `person-${w}`);
      });
    },
    SLOW,
  );

  test(
    'when a world page is opened, then it shows its name, summary, tags, platforms and the events held there',
    async () => {
      await visit(`/worlds/${ARCADE}`, width, async (page) => {
        await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Midnight Arcade');
        const text = await mainText(page);
        for (const shown of ['A neon arcade hall with a rooftop stage', 'neon', 'PC, Android (Quest)', 'Upcoming events here', 'Neon Reverie: Night Shift', 'Neon Reverie: Synthwave Sunday']) expect(text).toContain(shown);
        expect(await page.getByRole('link', { name: 'Neon Reverie: Night Shift' }).first().getAttribute('href')).toMatch(/^\/events\//);
        await checkPage(page, w, `world-${w}`);
      });
    },
    SLOW,
  );

  test(
    'when a search has results, then each links to its page and the kind filter marks the current kind',
    async () => {
      await visit('/search?q=neon', width, async (page) => {
        const hrefs = await page.locator('ol.results h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(hrefs).toContain(`/communities/${NEON}`);
        expect(hrefs).toContain(`/worlds/${ARCADE}`);
        expect(hrefs.some((h) => h?.startsWith('/events/'))).toBe(true);
        expect(await page.getByRole('link', { name: 'All', exact: true }).getAttribute('aria-current')).toBe('page');
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
        await checkPage(page, w, `search-${w}`);
      });
    },
    SLOW,
  );
});

describe('search', () => {
  const apiSearch = async (query: { q: string; type?: 'all' | 'event' | 'person' | 'community' | 'world'; cursor?: string }) =>
    bodyOf(await callOp(site.s.t.app, 'searchPublicCatalog', { query }), 200);
  const resultHrefs = (page: Page) => page.locator('ol.results h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

  test(
    'when the query carries accents and capitals, then the page lists what the API returns, in its order',
    async () => {
      for (const q of ['NÉON RÊVERIE', 'Lántern', 'MIDNIGHT arcade']) {
        const api = await apiSearch({ q });
        expect(api.results.length).toBeGreaterThan(0);
        await visit(`/search?q=${encodeURIComponent(q)}`, WIDTHS[1], async (page) => {
          expect(await resultHrefs(page)).toEqual(api.results.map(pageOfResult));
          expect(await page.getByRole('searchbox').inputValue()).toBe(q);
        });
      }
    },
    SLOW,
  );

  test(
    'when there are more results than a page holds, then "More results" carries the cursor to the rest, and a type filter keeps only its kind',
    async () => {
      for (let i = 0; i < 23; i++) await site.s.t.services.directory.createProfile({ profileType: 'person', displayName: `Pagewalker ${String(i).padStart(2, '0')}` });
      await site.s.t.services.directory.createProfile({ profileType: 'community', displayName: 'Pagewalker Guild' });
      const first = await apiSearch({ q: 'pagewalker', type: 'person' });
      const second = await apiSearch({ q: 'pagewalker', type: 'person', cursor: first.nextCursor! });
      expect(second.nextCursor).toBeNull();
      await visit('/search?q=pagewalker&type=person', WIDTHS[0], async (page) => {
        expect(await page.getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe('page');
        expect(await resultHrefs(page)).toEqual(first.results.map(pageOfResult));
        const more = page.getByRole('link', { name: 'More results' });
        expect(new URL(`${site.s.base}${await more.getAttribute('href')}`).searchParams.get('cursor')).toBe(first.nextCursor);
        await Promise.all([page.waitForURL(/cursor=/), more.click()]);
        const rest = await resultHrefs(page);
        expect(rest).toEqual(second.results.map(pageOfResult));
        expect(rest.every((h) => h?.startsWith('/people/'))).toBe(true);
        expect(await page.getByRole('link', { name: 'More results' }).count()).toBe(0);
      });
    },
    SLOW,
  );

  test('when the query is empty, then the page guides; a bad cursor, an unknown type or a repeated parameter is a readable 400 page', async () => {
    const empty = await get('/search');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Type a name or a few words');
    for (const [path, message] of [
      ['/search?q=neon&cursor=not-a-cursor', 'does not belong to this search'],
      // A real cursor, of another query.
      [`/search?q=lantern&type=person&cursor=${encodeURIComponent((await apiSearch({ q: 'pagewalker', type: 'person' })).nextCursor!)}`, 'does not belong to this search'],
      ['/search?q=neon&type=planet', 'That kind of result does not exist'],
      ['/search?q=neon&q=lantern', 'malformed'],
      [`/search?q=${'a'.repeat(201)}`, 'too long'],
      ['/search?q=neon%00', 'not text'],
    ] as const) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('<form class="search"');
      expect(html).not.toMatch(/[\u0000\ufffd]/);
    }
    // Control characters and bidirectional overrides are searched as spaces and never echoed.
    const bell = await get(`/search?q=${encodeURIComponent('ne\u0007on \u202elantern')}`);
    expect(bell.status).toBe(200);
    const echoed = await bell.text();
    expect(echoed).not.toMatch(/[\u0007\u202e]/);
    expect(echoed).toContain('value="ne on lantern"');
  });

  test('when the search backend is unavailable, then the page says so with 503 and Retry-After, not a 500', async () => {
    const spy = jest.spyOn(site.s.t.services.search, 'search').mockRejectedValueOnce(problems.searchUnavailable(7));
    try {
      const res = await get('/search?q=neon');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(await res.text()).toContain('Temporarily unavailable');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('without JavaScript, and on a narrow phone', () => {
  test(
    'when scripts are off, then profiles and worlds show everything but the copy buttons',
    async () => {
      await visit(
        `/communities/${NEON}`,
        WIDTHS[0],
        async (page) => {
          const text = await mainText(page);
          for (const shown of ['Neon Reverie', 'Neon Reverie: Night Shift', 'Subscribe to', 'Download .ics', 'Download logos (.zip)', 'Gallery']) expect(text).toContain(shown);
          expect(await page.locator('button.copy').count()).toBeGreaterThan(0);
          expect(await page.locator('button.copy').evaluateAll((bs) => bs.filter((b) => (b as HTMLElement).offsetParent !== null).length)).toBe(0);
        },
        { javaScriptEnabled: false },
      );
      await visit(`/worlds/${ARCADE}`, WIDTHS[0], async (page) => expect(await mainText(page)).toContain('Neon Reverie: Night Shift'), { javaScriptEnabled: false });
      await visit('/search?q=lantern', WIDTHS[0], async (page) => expect(await page.locator('ol.results li').count()).toBeGreaterThan(0), { javaScriptEnabled: false });
    },
    SLOW,
  );

  test(
    'when the screen is 360 px wide, then no page scrolls sideways',
    async () => {
      const narrow = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
      for (const path of [`/communities/${NEON}`, `/people/${AURORA}`, `/worlds/${ARCADE}`, '/search?q=neon', '/search?q=pagewalker&type=all'])
        await visit(path, narrow, async (page) => {
          const scroll = await scrollWidth(page);
          expect([path, scroll <= 360]).toEqual([path, true]);
        });
    },
    SLOW,
  );
});

describe('what is not public', () => {
  test('when a profile is unknown, a draft, opted out or suppressed, or asked for under the other kind, then every answer is the same 404 page', async () => {
    const person = await site.s.t.services.directory.createProfile({ profileType: 'person', displayName: 'Hidden Harper', bio: 'a secret bio', headline: 'secret headline' });
    const community = await site.s.t.services.directory.createProfile({ profileType: 'community', displayName: 'Hidden Hall' });
    expect((await get(`/people/${person.slug}`)).status).toBe(200);
    const answers: Record<string, string> = {};
    // The rows below are moved behind the services' back: the version stamp moves with them, as
    // every write path moves it, so kept pages give way.
    const moved = () => site.s.t.db('public_read_versions').where({ id: 1 }).increment('version', 1);
    const grab = async (label: string, path: string) => {
      await moved();
      const res = await get(path);
      expect([label, res.status]).toEqual([label, 404]);
      answers[label] = await res.text();
    };
    await grab('person as a community', `/communities/${person.slug}`);
    await grab('community as a person', `/people/${community.slug}`);
    for (const [state, column] of [
      ['draft', { publication_state: 'draft_private' }],
      ['opted out', { publication_state: 'published', public_surfacing_state: 'opted_out' }],
      ['suppressed', { public_surfacing_state: 'suppressed' }],
    ] as const) {
      await site.s.t.db('profiles').where({ id: person.id }).update(column);
      await grab(state, `/people/${person.slug}`);
    }
    await site.s.t.db('profiles').where({ id: person.id }).update({ slug: `${person.slug}-gone` });
    await site.s.t.db('profiles').where({ id: community.id }).update({ slug: `${community.slug}-gone` });
    await grab('unknown', `/people/${person.slug}`);
    await grab('unknown community', `/communities/${person.slug}`);
    await grab('unknown person', `/people/${community.slug}`);
    // One address, one answer, whatever the reason; and the two community addresses alike.
    expect(answers.draft).toBe(answers.unknown);
    expect(answers['opted out']).toBe(answers.unknown);
    expect(answers.suppressed).toBe(answers.unknown);
    expect(answers['person as a community']).toBe(answers['unknown community']);
    expect(answers['community as a person']).toBe(answers['unknown person']);
    expect(answers.unknown).not.toContain('secret');
    expect((await get('/worlds/no-such-world')).status).toBe(404);
  });
});

describe('hostile content', () => {
  test(
    'when a profile holds markup in its name, bio and link labels and a javascript: link, then the page renders them as text and runs nothing; private and unlisted links never show',
    async () => {
      const owner = await makeUser(site.s.t.services, { verified: true });
      const token = (await makeToken(site.s.t.services, owner.id, ['profile:write'])).value;
      const hidden = [
        { type: 'website' as const, url: 'https://private.example.com/secret', label: 'Private link', visibility: 'private' },
        { type: 'website' as const, url: 'https://unlisted.example.com/secret', label: 'Unlisted link', visibility: 'unlisted' },
      ];
      const p = await site.s.t.services.directory.createProfile({ profileType: 'community', displayName: 'Hostile Host', ownerUserId: owner.id, outboundLinks: hidden });
      const name = '<script>alert("name")</script>Hostile Host';
      const bio = '<img src=x onerror="alert(\'bio\')">\n\n<script>alert("bio")</script> and <a href="javascript:alert(1)">a link</a>';
      const label = '<img src=x onerror="alert(\'label\')">';
      const written = await callOp(site.s.t.app, 'updateCurrentUserProfile', {
        token,
        params: { slug: p.slug },
        body: {
          expectedUpdatedAt: p.updatedAt,
          displayName: name,
          headline: '<b onmouseover="alert(1)">bold</b>',
          bio,
          outboundLinks: [{ type: 'website', url: 'https://example.com/hostile', label, labelMode: 'custom' }, ...hidden.map(({ type, url, label }) => ({ type, url, label, labelMode: 'custom' as const }))],
        },
      });
      expectStatus(written, 200);
      // The write service refuses a javascript: URL …
      const refused = await callOp(site.s.t.app, 'updateCurrentUserProfile', {
        token,
        params: { slug: p.slug },
        body: { expectedUpdatedAt: written.body.updatedAt, outboundLinks: [{ type: 'website', url: 'javascript:alert(document.domain)', label: 'Run me', labelMode: 'custom' }] },
      });
      expectStatus(refused, 400);
      // … so one stored before that rule (an import) is put in the row directly: the page must still not link it.
      const stored = await site.s.t.services.directory.findProfile(p.slug);
      const links = [...stored!.outboundLinks, { type: 'website' as const, url: 'javascript:alert(document.domain)', label: 'Run me' }];
      await site.s.t.db('profiles').where({ id: p.id }).update({ outbound_links: JSON.stringify(links) });
      expect(stored!.outboundLinks.filter((l) => l.visibility).map((l) => l.visibility)).toEqual(['private', 'unlisted']);

      for (const width of WIDTHS) {
        const { ctx, page, problems: seen } = await openPage(site.browser, width);
        const dialogs: string[] = [];
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        try {
          expect((await page.goto(`${site.s.base}/communities/${p.slug}`))?.status()).toBe(200);
          await page.locator('main').hover();
          await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(name);
          const text = await mainText(page);
          expect(text).toContain('<script>alert("bio")</script>');
          expect(text).toContain(label);
          expect(text).toContain('<b onmouseover="alert(1)">bold</b>');
          expect(await page.locator('main script, main img[src="x"], main b, [onerror], [onmouseover]').count()).toBe(0);
          const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
          expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
          expect(hrefs).toContain('https://example.com/hostile');
          expect(text).not.toContain('Run me');
          const html = await page.content();
          for (const secret of ['private.example.com', 'unlisted.example.com', 'Private link', 'Unlisted link']) expect(html).not.toContain(secret);
          expect(dialogs).toEqual([]);
          expect(seen).toEqual([]);
          await checkPage(page, width.viewport.width, `hostile-${width.viewport.width}`);
        } finally {
          await ctx.close();
        }
      }
      // The search result of it is as inert.
      const res = await get(`/search?q=${encodeURIComponent('hostile host')}`);
      const html = await res.text();
      expect(html).toContain('&lt;script');
      expect(html).not.toContain('<script>alert');
    },
    SLOW,
  );
});
