import express from 'express';
import request from 'supertest';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { crawlerRoutes } from '../../src/http/web/crawlers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = 'http://marquee.test';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap read by an XML parser independent of the one that wrote it. */
function parseSitemap(text: string) {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(text, 'application/xml');
  expect(errors).toEqual([]);
  const root = doc.documentElement!;
  expect(root.namespaceURI).toBe(NS);
  const children = (el: XmlElement, name: string) => Array.from(el.getElementsByTagNameNS(NS, name));
  const entries = children(root, root.localName === 'urlset' ? 'url' : 'sitemap').map((el) => ({
    loc: children(el, 'loc')[0]?.textContent ?? '',
    lastmod: children(el, 'lastmod')[0]?.textContent ?? undefined,
  }));
  return { kind: root.localName, entries };
}

describe('robots.txt and sitemap.xml', () => {
  test('when robots.txt is read, then public pages are allowed, the API, OAuth, sign-in, developer and MCP paths are not, and the sitemap is named absolutely', async () => {
    const res = await request(t.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/oauth/', '/login', '/developer', '/mcp']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  test('when the directory holds public and hidden entities, then the sitemap lists the public pages with their last change and leaves out drafts, opted-out profiles, unpublished worlds and retracted events', async () => {
    const { directory } = t.services;
    const person = await directory.createProfile({ profileType: 'person', displayName: 'Listed Person & <Co>' });
    const crew = await directory.createProfile({ profileType: 'community', displayName: 'Listed Crew' });
    const optedOut = await directory.createProfile({ profileType: 'person', displayName: 'Opted Out Person' });
    await t.db('profiles').where({ id: optedOut.id }).update({ public_surfacing_state: 'opted_out' });
    const draft = await directory.createProfile({ profileType: 'community', displayName: 'Draft Crew' });
    await t.db('profiles').where({ id: draft.id }).update({ publication_state: 'draft_private' });
    const world = await directory.createWorld({ displayName: 'Listed World' });
    const hiddenWorld = await directory.createWorld({ displayName: 'Hidden World' });
    await t.db('worlds').where({ id: hiddenWorld.id }).update({ visibility_status: 'hidden' });
    const shown = await directory.createEvent({ communitySlug: crew.slug, title: 'Listed Night', eventDate: '2027-03-01' });
    const cancelled = await directory.createEvent({ communitySlug: crew.slug, title: 'Called Off Night', eventDate: '2027-03-02' });
    await t.db('events').where({ id: cancelled.id }).update({ status: 'cancelled' });
    const retracted = await directory.createEvent({ communitySlug: crew.slug, title: 'Retracted Night', eventDate: '2027-03-03' });
    await t.repos.events.retract(retracted.id, t.clock.now());

    const res = await request(t.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { kind, entries } = parseSitemap(res.text);
    expect(kind).toBe('urlset');
    const locs = entries.map((e) => e.loc);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toEqual(expect.arrayContaining([`${BASE}/people/${person.slug}`, `${BASE}/communities/${crew.slug}`, `${BASE}/worlds/${world.slug}`, `${BASE}/events/${shown.slug}`, `${BASE}/events/${cancelled.slug}`]));
    for (const hidden of [`/people/${optedOut.slug}`, `/communities/${draft.slug}`, `/worlds/${hiddenWorld.slug}`, `/events/${retracted.slug}`]) expect(locs).not.toContain(`${BASE}${hidden}`);
    expect(locs.some((loc) => loc.includes(draft.slug) || loc.includes(optedOut.slug) || loc.includes(hiddenWorld.slug) || loc.includes(retracted.slug))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
    const personEntry = entries.find((e) => e.loc === `${BASE}/people/${person.slug}`)!;
    expect(personEntry.lastmod).toBe(new Date(person.updatedAt).toISOString());

    // A conditional request for the same bytes is answered 304.
    const again = await request(t.app).get('/sitemap.xml').set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  test('when the public pages pass one sitemap\'s limit, then sitemap.xml is an index of sitemaps that together list every page once', async () => {
    const app = express().use(crawlerRoutes({ services: t.services, baseUrl: BASE, maxUrls: 2 }));
    const all = await t.services.publicPages.entries();
    expect(all.length).toBeGreaterThan(4);
    const index = parseSitemap((await request(app).get('/sitemap.xml')).text);
    expect(index.kind).toBe('sitemapindex');
    expect(index.entries.map((e) => e.loc)).toEqual(Array.from({ length: Math.ceil(all.length / 2) }, (_, i) => `${BASE}/sitemap-${i + 1}.xml`));
    const listed: string[] = [];
    for (const { loc } of index.entries) {
      const page = parseSitemap((await request(app).get(new URL(loc).pathname).expect(200)).text);
      expect(page.kind).toBe('urlset');
      expect(page.entries.length).toBeLessThanOrEqual(2);
      listed.push(...page.entries.map((e) => e.loc));
    }
    expect(listed).toEqual(all.map((e) => `${BASE}${e.path}`));
    expect((await request(app).get(`/sitemap-${index.entries.length + 1}.xml`)).status).toBe(404);
  });
});
