import { JSDOM } from 'jsdom';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { loadDemoData } from '../../seeds/demo.js';
import { Rng } from './generator.js';

// Hostile text stored where people write it (profile names, headlines, bios, link labels and
// addresses, event titles, summaries and lineup labels, world names and summaries), through the
// operator's write path, which stores it as given, then every public page that shows it, parsed
// by a real HTML parser: the text is there as text, and nothing of it became markup, a script,
// an event handler or a link anywhere but http(s).
const SEED = Number(process.env.FUZZ_SEED ?? 20261121) >>> 0;
const ROUNDS = Number(process.env.FUZZ_PAGE_ROUNDS ?? 12);

const PIECES = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</title><script>alert(2)</script>',
  '</style><style>*{display:none}</style>',
  '<a href="javascript:alert(3)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<!--',
  ']]>',
  '{{7*7}}',
  '&lt;b&gt;',
  '&amp;',
  '`${x}`',
  '🎉🌙',
  'مرحبا',
  'e\u0301',
  'Ünïcödé',
  'W'.repeat(300),
  '@everyone',
];
const URLS = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example/x', 'https://ok.example/"onmouseover="alert(1)', 'https://ok.example/<script>'];

function hostile(rng: Rng, max: number): string {
  const parts = Array.from({ length: rng.int(1, 4) }, () => (rng.chance(0.8) ? rng.pick(PIECES) : Math.random().toString(36).slice(2, 8)));
  const text = `${rng.pick(['Neon', 'Lantern', 'Quiet', 'Pixel'])} ${parts.join(' ')}`;
  return text.slice(0, max).trim();
}

const ALLOWED_URL = /^(?:https?:|webcal:|\/(?![/\\])|#)/i;

/** What a hostile page must never hold: a script but ours, a handler, a frame, a base, a refresh, a link of another scheme. */
function markupInjected(html: string): string[] {
  const doc = new JSDOM(html).window.document;
  const found: string[] = [];
  for (const s of doc.querySelectorAll('script')) if (!/^\/assets\/site\.[\w-]+\.js$/.test(s.getAttribute('src') ?? '')) found.push(`script ${s.outerHTML.slice(0, 80)}`);
  if (doc.querySelectorAll('script').length !== 1) found.push(`${doc.querySelectorAll('script').length} scripts`);
  for (const el of doc.querySelectorAll('*')) {
    for (const a of el.getAttributeNames()) if (/^on/i.test(a)) found.push(`${el.tagName} ${a}`);
    for (const a of ['href', 'src', 'action', 'formaction', 'poster', 'srcset']) {
      const v = el.getAttribute(a);
      if (v !== null && !ALLOWED_URL.test(v.trim())) found.push(`${el.tagName} ${a}=${v.slice(0, 60)}`);
    }
  }
  for (const tag of ['iframe', 'object', 'embed', 'base', 'style', 'svg image', 'meta[http-equiv]']) if (doc.querySelector(tag)) found.push(`a <${tag}> element`);
  for (const img of doc.querySelectorAll('img')) if (/evil|^x$/.test(img.getAttribute('src') ?? '')) found.push(`img ${img.getAttribute('src')}`);
  return found;
}

const text = (html: string) => (new JSDOM(html).window.document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 1000 });
  await loadDemoData(t.services);
}, 60_000);
afterAll(() => t.close());

test('when hostile names, bios, labels, links, titles and summaries are stored, then every page that shows them renders them as inert text', async () => {
  const rng = new Rng(SEED ^ 0x9a9e5);
  const failures: string[] = [];
  const check = async (path: string, mustShow: string[]) => {
    const res = await request(t.app).get(path);
    if (res.status !== 200) return void failures.push(`${path} → ${res.status}`);
    for (const f of markupInjected(res.text)) failures.push(`${path}: ${f}`);
    const shown = text(res.text);
    for (const s of mustShow) if (!shown.includes(squash(s))) failures.push(`${path}: does not show ${JSON.stringify(s.slice(0, 60))}`);
  };
  for (let round = 0; round < ROUNDS; round++) {
    const person = await t.services.directory.createProfile({
      profileType: 'person',
      displayName: hostile(rng, 80),
      headline: hostile(rng, 160),
      bio: Array.from({ length: 3 }, () => hostile(rng, 300)).join('\n\n'),
      region: hostile(rng, 60),
      pronouns: hostile(rng, 30),
      roleTags: [hostile(rng, 30)],
      outboundLinks: [
        { type: 'website', label: hostile(rng, 60), url: rng.pick(URLS) },
        { type: 'twitch', label: hostile(rng, 60), url: `https://www.twitch.tv/${encodeURIComponent(hostile(rng, 20))}` },
      ] as never,
    });
    const community = await t.services.directory.createProfile({
      profileType: 'community',
      displayName: hostile(rng, 80),
      headline: hostile(rng, 160),
      bio: hostile(rng, 400),
      categoryTags: [hostile(rng, 30)],
      outboundLinks: [{ type: 'discord', label: hostile(rng, 60), url: rng.pick(URLS) }] as never,
    });
    const world = await t.services.directory.createWorld({ displayName: hostile(rng, 80), summary: hostile(rng, 240), description: hostile(rng, 400), tags: [hostile(rng, 30)] });
    await t.db('worlds').where({ id: world.id }).update({ visibility_status: 'published' });
    const start = t.clock.now() + rng.int(1, 72) * 3600_000;
    const event = await t.services.directory.createEvent({
      communitySlug: community.slug,
      title: hostile(rng, 120),
      summary: hostile(rng, 240),
      eventDate: new Date(start).toISOString().slice(0, 10),
      startAt: start,
      endAt: start + 2 * 3600_000,
      timezone: 'UTC',
      worldSlug: world.slug,
      lineup: [{ displayLabel: hostile(rng, 60), roleLabel: hostile(rng, 30), personSlug: person.slug, startAt: start }],
    });
    const e = await t.services.publicEvents.event(event.slug);
    const p = await t.services.publicDirectory.profile(person.slug);
    const c = await t.services.publicDirectory.profile(community.slug);
    const w = await t.services.publicDirectory.world(world.slug);
    await check(`/events/${encodeURIComponent(e.slug)}`, [e.title, ...(e.summary ? [e.summary.split('\n')[0]] : [])]);
    await check(`/people/${encodeURIComponent(p.slug)}`, [p.displayName, ...(p.headline ? [p.headline] : [])]);
    await check(`/communities/${encodeURIComponent(c.slug)}`, [c.displayName, e.title]);
    await check(`/worlds/${encodeURIComponent(w.slug)}`, [w.displayName]);
    await check(`/search?q=${encodeURIComponent(hostile(rng, 60))}`, []);
  }
  await check('/', []);
  if (failures.length) throw new Error(`page fuzz seed=${SEED}: ${failures.length} failures (first 30):\n${failures.slice(0, 30).join('\n')}`);
}, 300_000);

test('when a page or card path holds a NUL, then it is the one 404 page on either database (never a database error); undecodable bytes are refused before', async () => {
  const unknown = await request(t.app).get('/events/no-such-event');
  expect(unknown.status).toBe(404);
  for (const prefix of ['/events/', '/people/', '/communities/', '/worlds/']) {
    for (const slug of ['%00', 'a%00b']) {
      const res = await request(t.app).get(`${prefix}${slug}`);
      expect([prefix + slug, res.status, res.text]).toEqual([prefix + slug, 404, unknown.text]);
    }
    // Bytes that are no UTF-8 at all never reach a page: the app's path guard answers 400.
    expect((await request(t.app).get(`${prefix}%ED%A0%80`)).status).toBe(400);
  }
  for (const path of ['/cards/events/%00.png', '/cards/profiles/a%00b.png']) {
    const res = await request(t.app).get(path);
    expect([path, res.status, res.text]).toEqual([path, 404, unknown.text]);
  }
});
