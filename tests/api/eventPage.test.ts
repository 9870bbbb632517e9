import request from 'supertest';
import { JSDOM } from 'jsdom';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, publishEvent } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';

/**
 * The event page's HTML over the real HTTP stack: every string a user wrote through the write
 * paths (owner events, profiles, intake) arrives as text, never markup; URLs that are not
 * http(s) never become a link or an image, even when such a row predates today's write rules;
 * the status banners follow the clock. The HTML is read with jsdom, an independent parser.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
/** Saturday 5 December 2026, 19:00 UTC: two weeks after the test clock. */
const START = Date.parse('2026-12-05T19:00:00Z');

const HOSTILE = {
  community: '</a><script>alert("community")</script>',
  performer: '<img src=x onerror=alert("performer")>',
  linkLabel: '"><script>alert("link")</script>',
  title: '<script>alert("title")</script> Party',
  summary: '<img src=x onerror=alert("summary")> & "quotes"\n\n<b>bold</b> second paragraph',
  sourceLabel: '<svg onload=alert("source")>',
  mediaLabel: '<iframe src=javascript:alert("media")>',
  slotLabel: '<marquee onstart=alert("slot")>Set',
  roleLabel: '"><img src=x onerror=alert(1)>',
};

async function page(slug: string) {
  const res = await request(t.app).get(`/events/${slug}`);
  return { status: res.status, headers: res.headers, html: res.text, doc: new JSDOM(res.text).window.document };
}

/** Scripts are only our own file; no element carries an event handler; no link or image leaves http(s) or our paths. */
function inertnessProblems(doc: Document): string[] {
  const problems: string[] = [];
  for (const s of doc.querySelectorAll('script')) {
    if (!/^\/assets\/site\.[\w-]+\.js$/.test(s.getAttribute('src') ?? '') || s.textContent !== '') problems.push(`script: ${s.outerHTML}`);
  }
  for (const el of doc.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) problems.push(`handler ${a.name} on <${el.tagName}>`);
      if (['href', 'src', 'action', 'formaction', 'srcset', 'poster'].includes(a.name) && !/^(https?:\/\/|\/(?![/\\])|#|webcal:\/\/)/i.test(a.value)) problems.push(`${a.name}="${a.value}" on <${el.tagName}>`);
    }
  }
  for (const tag of ['iframe', 'svg:not(.icon):not([aria-hidden])', 'marquee', 'object', 'embed']) if (doc.querySelector(`main ${tag}`)) problems.push(`<${tag}> in main`);
  return problems;
}

async function hostileEvent() {
  const user = await makeUser(t.services);
  const token = (await makeToken(t.services, user.id, ['events:write', 'events:read'])).value;
  const community = await t.services.directory.createProfile({ profileType: 'community', displayName: HOSTILE.community, ownerUserId: user.id, timezone: 'Europe/Berlin' });
  const performer = await t.services.directory.createProfile({
    profileType: 'person',
    displayName: HOSTILE.performer,
    outboundLinks: [
      { type: 'twitch', url: 'https://www.twitch.tv/hostiledj', label: HOSTILE.linkLabel },
      { type: 'vrcdn', url: 'https://stream.vrcdn.live/live/hostiledj', label: 'VRCDN' },
    ],
  });
  const body = {
    title: HOSTILE.title,
    communitySlug: community.slug,
    startAt: START,
    endAt: START + 3 * HOUR,
    summary: HOSTILE.summary,
    sourceLabel: HOSTILE.sourceLabel,
    sourceUrl: 'https://example.com/announce?q=%3Cscript%3E',
    posterImageUrl: 'https://images.example/poster.png',
    mediaLinks: [{ type: 'watch' as const, label: HOSTILE.mediaLabel, url: 'https://www.youtube.com/watch?v=abc123' }],
    slotLinks: [{ displayLabel: HOSTILE.slotLabel, roleLabel: HOSTILE.roleLabel, personSlug: performer.slug, startAt: START + HOUR, selectedStreamId: 'twitch:hostiledj' }],
  };
  const created = bodyOf(await callOp(t.app, 'createCurrentUserCommunityEvent', { token, body }), 200);
  return { token, community, performer, body, slug: created.slug, eventId: created.eventId };
}

describe('the event page renders what users wrote as text (decisions §3)', () => {
  test('when titles, summaries, labels and links written through the owner event and profile paths hold markup, then the page shows them as text and nothing in it can run', async () => {
    const { slug } = await hostileEvent();
    const { status, headers, html, doc } = await page(slug);
    expect(status).toBe(200);
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(inertnessProblems(doc)).toEqual([]);
    // Every hostile string is there, as text.
    expect(doc.querySelector('h1')!.textContent).toBe(HOSTILE.title);
    expect(doc.title).toBe(`${HOSTILE.title} · Marquee`);
    const main = doc.querySelector('main')!.textContent!;
    for (const text of [HOSTILE.community, HOSTILE.performer, HOSTILE.linkLabel, '<img src=x onerror=alert("summary")> & "quotes"', '<b>bold</b> second paragraph', HOSTILE.sourceLabel, HOSTILE.mediaLabel, HOSTILE.slotLabel, HOSTILE.roleLabel]) {
      expect(main).toContain(text);
    }
    // The raw bytes hold no tag a user wrote.
    expect(html).not.toMatch(/<script>alert|<img src=x|<svg onload|<iframe|<marquee/i);
    // The summary's paragraphs stay paragraphs, and the meta description is the escaped text.
    expect([...doc.querySelectorAll('.summary p')].map((p) => p.textContent)).toEqual(['<img src=x onerror=alert("summary")> & "quotes"', '<b>bold</b> second paragraph']);
    expect(doc.querySelector('meta[name=description]')!.getAttribute('content')).toContain(`by ${HOSTILE.community}. <img src=x onerror=alert("summary")> & "quotes" <b>bold</b> second paragraph`);
    // External links are marked as such.
    const watch = [...doc.querySelectorAll('a')].find((a) => a.textContent === HOSTILE.mediaLabel)!;
    expect(watch.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc123');
    expect(watch.getAttribute('rel')).toBe('noopener nofollow ugc');
    // The poster, described by the (escaped) title; the organiser's source link.
    expect(doc.querySelector('figure.art img')!.getAttribute('src')).toBe('https://images.example/poster.png');
    expect(doc.querySelector('figure.art img')!.getAttribute('alt')).toBe(`Poster of ${HOSTILE.title}`);
    expect(doc.querySelector('section[aria-labelledby=source]')!.textContent).toContain(`From the organiser: ${HOSTILE.sourceLabel}`);
    expect([...doc.querySelectorAll('a')].find((a) => a.textContent === 'Original announcement')!.getAttribute('href')).toBe('https://example.com/announce?q=%3Cscript%3E');
    // The selected stream is shown with its URLs to copy.
    expect(doc.querySelector('.stream')!.textContent).toContain('twitch:hostiledj');
  });

  test('when a write names a javascript: URL, then it is refused; when such URLs are already stored, then the page renders no link or image for them', async () => {
    const { token, community, slug, eventId } = await hostileEvent();
    for (const extra of [
      { mediaLinks: [{ type: 'watch' as const, label: 'Watch', url: 'javascript:alert(1)' }] },
      { sourceUrl: 'javascript:alert(1)' },
      { posterImageUrl: 'javascript:alert(1)' },
    ]) {
      const res = await callOp(t.app, 'createCurrentUserCommunityEvent', { token, body: { title: 'Refused Link Night', communitySlug: community.slug, startAt: START, ...extra } });
      expectStatus(res, 400);
    }
    // Rows from before the write rules (or an import) may still hold them.
    await t.db('events').where({ id: eventId }).update({
      media_links: JSON.stringify([
        { type: 'watch', label: 'Script link', url: 'javascript:alert(1)', presentation: 'open' },
        { type: 'other', label: 'Data link', url: 'data:text/html,<script>alert(1)</script>', presentation: 'copy' },
        { type: 'other', label: 'Protocol-relative', url: '//evil.example/x', presentation: 'open' },
      ]),
      source_url: 'javascript:alert(1)',
      poster_image_url: 'javascript:alert(1)',
    });
    const { status, doc } = await page(slug);
    expect(status).toBe(200);
    expect(inertnessProblems(doc)).toEqual([]);
    expect(doc.querySelector('main img')).toBeNull();
    expect([...doc.querySelectorAll('a')].map((a) => a.textContent)).not.toEqual(expect.arrayContaining(['Script link', 'Data link', 'Protocol-relative', 'Original announcement']));
    expect(doc.querySelectorAll('[data-copy^="data:"], [data-copy^="javascript:"]').length).toBe(0);
  });

  test('when the performer stops offering the chosen stream, then the slot says "Stream unavailable" and no other stream is shown in its place', async () => {
    const { slug, performer } = await hostileEvent();
    await t.db('profiles').where({ id: performer.id }).update({ outbound_links: JSON.stringify(performer.outboundLinks.filter((l) => l.type !== 'twitch')) });
    const { doc } = await page(slug);
    const slot = doc.querySelector('ol.lineup > li')!;
    expect(slot.textContent).toContain('Stream unavailable');
    expect(slot.querySelector('.stream')).toBeNull();
    expect(slot.textContent).not.toContain('stream.vrcdn.live/live/hostiledj.live.ts');
  });

  test('when a contributor publishes through intake, then the page says the event is community-submitted, with its hostile text inert', async () => {
    const { token } = await makeContributor(t);
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Intake Hall', timezone: 'Asia/Tokyo' });
    const published = await publishEvent(t, token, {
      communitySlug: community.slug,
      eventDate: '2026-12-12',
      start: { time: '20:00' },
      timezone: 'Asia/Tokyo',
      title: '<script>alert("intake")</script> Readings',
      summary: '<a href="javascript:alert(1)">click</a>',
    });
    const { doc } = await page(published.slug);
    expect(inertnessProblems(doc)).toEqual([]);
    expect(doc.querySelector('h1')!.textContent).toBe('<script>alert("intake")</script> Readings');
    expect(doc.querySelector('.summary')!.textContent).toBe('<a href="javascript:alert(1)">click</a>');
    expect(doc.querySelector('section[aria-labelledby=source]')!.textContent).toContain('Community-submitted');
    expect(doc.querySelector('section[aria-labelledby=source]')!.textContent).not.toContain('From the organiser');
  });
});

describe('the event page follows the clock and the public read rules', () => {
  test('when the event is under way, then it says "Live now"; after its end, that it has ended; the page meta names it as an article with its calendar', async () => {
    const { slug } = await hostileEvent();
    const before = await page(slug);
    expect(before.doc.querySelector('.banner')).toBeNull();
    expect(before.doc.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(`http://marquee.test/events/${slug}`);
    expect(before.doc.querySelector('meta[property="og:type"]')!.getAttribute('content')).toBe('article');
    expect(before.doc.querySelector('link[rel=alternate][type="text/calendar"]')!.getAttribute('href')).toBe(`/api/v0/events/${slug}/calendar.ics`);
    const now = t.clock.now();
    try {
      t.clock.set(START + HOUR);
      expect((await page(slug)).doc.querySelector('.banner.live')!.textContent).toMatch(/^Live now/);
      t.clock.set(START + 4 * HOUR);
      expect((await page(slug)).doc.querySelector('.banner.ended')!.textContent).toBe('This event has ended.');
    } finally {
      t.clock.set(now);
    }
  });

  test('when the event is retracted or never existed, then the page is the one 404 page, the same bytes', async () => {
    const { token } = await makeContributor(t);
    const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Retract Hall', timezone: 'UTC' });
    const published = await publishEvent(t, token, { communitySlug: community.slug, eventDate: '2026-12-14', start: { time: '18:00' }, timezone: 'UTC' });
    expect((await page(published.slug)).status).toBe(200);
    expectStatus(await callOp(t.app, 'retractEventContribution', { token, params: { slug: published.slug } }), 200);
    const retracted = await page(published.slug);
    const unknown = await page('never-was-an-event');
    expect([retracted.status, unknown.status]).toEqual([404, 404]);
    expect(retracted.html).toBe(unknown.html);
  });
});
