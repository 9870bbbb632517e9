import crypto from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Services } from '../../services/index.js';
import type { PublicPageEntry } from '../../services/directory/pageIndex.js';

/** sitemaps.org: at most 50,000 URLs in one sitemap; past that, an index of sitemaps. */
export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Paths that are not public pages: the API, OAuth, MCP, storage and the account pages. */
const DISALLOWED = ['/api/', '/oauth/', '/mcp', '/storage/', '/login', '/logout', '/developer', '/forgot-password', '/reset-password', '/verify-email'];

export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}

const lastmod = (at: number | undefined) => (at === undefined ? null : h('lastmod', null, new Date(at).toISOString()));

/**
 * XML from Preact elements: every URL and date reaches the document as element text, which
 * preact-render-to-string escapes (`&`, `<`, `>`), so nothing a slug holds can break the markup.
 */
const xml = (root: VNode) => `<?xml version="1.0" encoding="UTF-8"?>\n${renderToString(root)}\n`;

export function urlset(baseUrl: string, entries: PublicPageEntry[]): string {
  return xml(h('urlset', { xmlns: SITEMAP_NS }, entries.map((e) => h('url', null, h('loc', null, `${baseUrl}${e.path}`), lastmod(e.updatedAt)))));
}

export function sitemapIndex(baseUrl: string, pages: PublicPageEntry[][]): string {
  const newest = (page: PublicPageEntry[]) => page.reduce<number | undefined>((max, e) => (e.updatedAt !== undefined && (max === undefined || e.updatedAt > max) ? e.updatedAt : max), undefined);
  return xml(h('sitemapindex', { xmlns: SITEMAP_NS }, pages.map((page, i) => h('sitemap', null, h('loc', null, `${baseUrl}/sitemap-${i + 1}.xml`), lastmod(newest(page))))));
}

function send(req: Request, res: Response, type: string, body: string) {
  const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return res.status(304).end();
  res.type(type).send(body);
}

/**
 * `/robots.txt` and `/sitemap.xml` (with `/sitemap-{n}.xml` when the public pages pass one
 * sitemap's limit). The sitemap lists what `services.publicPages` finds: the public pages only.
 */
export function crawlerRoutes(deps: { services: Services; baseUrl: string; maxUrls?: number }): Router {
  const router = Router();
  const max = deps.maxUrls ?? SITEMAP_MAX_URLS;
  const pagesOf = (entries: PublicPageEntry[]) => Array.from({ length: Math.ceil(entries.length / max) }, (_, i) => entries.slice(i * max, (i + 1) * max));

  router.get('/robots.txt', (req, res) => send(req, res, 'text/plain; charset=utf-8', robotsTxt(deps.baseUrl)));
  router.get('/sitemap.xml', async (req, res, next: NextFunction) => {
    try {
      const entries = await deps.services.publicPages.entries();
      const body = entries.length <= max ? urlset(deps.baseUrl, entries) : sitemapIndex(deps.baseUrl, pagesOf(entries));
      send(req, res, 'application/xml; charset=utf-8', body);
    } catch (err) {
      next(err);
    }
  });
  router.get(/^\/sitemap-([1-9][0-9]{0,5})\.xml$/, async (req, res, next: NextFunction) => {
    try {
      const entries = await deps.services.publicPages.entries();
      const n = Number(req.params[0]);
      const pages = entries.length > max ? pagesOf(entries) : [];
      if (n > pages.length) return next();
      send(req, res, 'application/xml; charset=utf-8', urlset(deps.baseUrl, pages[n - 1]!));
    } catch (err) {
      next(err);
    }
  });
  return router;
}
