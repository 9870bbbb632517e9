import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { VNode } from 'preact';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../services/errors.js';
import { logEvent } from '../../lib/eventLog.js';
import { changesAt, trackFreshness } from '../../lib/freshness.js';
import type { PublicReadCache } from '../publicReadCache.js';
import { SESSION_COOKIE } from '../../services/identity/webSessions.js';
import { preparePage, renderDocument, sendPage, type PreparedPage } from './ui/render.js';
import { negotiateCoding, type Coding } from '../encoding.js';
import type { KeptText } from '../publicReadCache.js';
import type { LaneResponse } from '../pipeline/context.js';
import { REQUEST_ID_HEADER } from '../observability/requestId.js';
import { assetRoutes } from './ui/assets.js';
import { ErrorPage, NotFoundPage } from './pages/NotFound.js';
import { HomePage, type HomeData } from './pages/Home.js';
import { EventPage } from './pages/Event.js';
import { loadProfile, loadSearch, loadWorld } from './directoryPages.js';
import { cardRoutes } from './cards/cardRoutes.js';
import { crawlerRoutes } from './crawlers.js';
import { operations, type OperationId, type RouteClass } from '../../generated/contract.js';
import { networkRef } from '../clientAddress.js';
import { noteRoute, routeOf } from '../observability/routeInfo.js';
import { rateLimitHeaders, type RateLimitWindow } from '../../services/ratelimit/rateLimits.js';
import { TooManyPage } from './pages/NotFound.js';
import { unstorableText } from '../../services/sanitize.js';

const WEEK_MS = 7 * 24 * 3600_000;

export interface PublicPageDeps {
  config: Config;
  services: Services;
  clock: Clock;
  /** The kept anonymous public reads: pages that opt in keep their anonymous renderings there. */
  cache?: PublicReadCache;
}

/**
 * Pages are public reads like the API operations they show, and count as those do: each page
 * names its operation, and an anonymous page view takes one from the address's anonymous bucket
 * of that operation's class (contract 8.3), the bucket the same address's anonymous API calls
 * draw on. So the pages are no way around the API's limits. A refusal is a readable 429 page.
 */
async function admitPage(deps: PublicPageDeps, req: Request, res: Response, operationId: OperationId): Promise<boolean> {
  return admitted(deps, req, res, await countPageView(deps, req, operationId));
}

/** Counts one view of a page that shows `operationId` in the address's anonymous bucket of its class. */
function countPageView(deps: PublicPageDeps, req: IncomingMessage, operationId: OperationId): Promise<RateLimitWindow> {
  const routeClass = (operations[operationId].anonymousRouteClass ?? 'anonymous_public_read') as RouteClass;
  return deps.services.rateLimits.consume(routeClass, { key: `ip:${networkRef(deps.config, req)}`, tier: 'standard' });
}

/** Sets the window's headers; a refused view gets the readable 429 page. Whether the view may go on. */
function admitted(deps: PublicPageDeps, req: IncomingMessage, res: ServerResponse, window: RateLimitWindow): boolean {
  for (const [name, value] of Object.entries(rateLimitHeaders(window))) res.setHeader(name, value);
  if (window.allowed) return true;
  res.setHeader('Retry-After', String(window.retryAfterSeconds));
  const path = (req.url ?? '/').split('?', 1)[0];
  sendPage(req, res, renderDocument(<TooManyPage baseUrl={deps.config.publicBaseUrl} path={path} retryAfterSeconds={window.retryAfterSeconds} />), { status: 429, cacheControl: 'no-store' });
  return false;
}

/** URLs (path and query as sent) whose anonymous rendering was kept, with the operation they count as. */
const MAX_KNOWN_PAGES = 10_000;
interface KnownPage {
  countsAs: OperationId;
  /** The route's pattern, for the request log and metrics (never the concrete path). */
  template: string;
}
class KnownPages {
  private readonly urls = new Map<string, KnownPage>();
  remember(url: string, page: KnownPage) {
    if (this.urls.has(url)) return;
    if (this.urls.size >= MAX_KNOWN_PAGES) this.urls.delete(this.urls.keys().next().value as string);
    this.urls.set(url, page);
  }
  get(url: string) {
    return this.urls.get(url);
  }
}
/** One list per cache: the page routes fill it, the page lane (given the same cache) reads it. */
const knownPagesOf = new WeakMap<PublicReadCache, KnownPages>();
const knownPages = (cache: PublicReadCache) => {
  let known = knownPagesOf.get(cache);
  if (!known) knownPagesOf.set(cache, (known = new KnownPages()));
  return known;
};

/** What a page route answers: a page to render, or "not public" (the one 404 page). */
export type PageResult = { page: VNode; status?: number } | { notFound: true };

export interface PageRouteOptions {
  /** The API operation this page shows: its anonymous rate-limit class is the page's. */
  countsAs: OperationId;
  /**
   * Keep the rendered page for anonymous requests (no session cookie) in the public-read cache:
   * served while the public-read version stamp is unchanged and until the first instant its
   * loader noted (`changesAt`, src/lib/freshness.ts), exactly as the kept API reads. Only for a
   * page whose content depends on its URL, the public data and the clock alone.
   */
  cached?: boolean;
}

/** The 404 page: the same bytes for every path that is not a public page (contract 5.17). */
export function sendNotFound(req: Request, res: Response, baseUrl: string) {
  sendPage(req, res, renderDocument(<NotFoundPage baseUrl={baseUrl} path={req.path} />), { status: 404, cacheControl: 'no-store' });
}

const anonymous = (req: IncomingMessage) => !req.headers.authorization && !(req.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`);
const pageKey = (url: string) => `page\0${url}`;

/**
 * Runs a page's loader: a service's 404 becomes the one 404 page, a 503 or any other failure a
 * readable error page (logged), never a problem document or a stack. With `cached`, anonymous
 * renderings are kept (see `PageRouteOptions`); the stamp is read before the page is computed,
 * so a page racing a write is filed under the older stamp and never outlives it.
 */
export function pageRoute(deps: PublicPageDeps, load: (req: Request) => Promise<PageResult>, opts: PageRouteOptions) {
  const baseUrl = deps.config.publicBaseUrl;
  return async (req: Request, res: Response, _next: NextFunction) => {
    try {
      if (!(await admitPage(deps, req, res, opts.countsAs))) return;
      const cache = opts.cached && deps.cache && anonymous(req) ? deps.cache : undefined;
      const key = pageKey(req.originalUrl);
      const version = cache && (await cache.version());
      if (cache && version !== undefined) {
        const hit = cache.kept(key, version);
        if (hit) return sendPage(req, res, hit.raw, { etag: hit.etag });
      }
      const { value: result, until } = await trackFreshness(() => load(req));
      if ('notFound' in result) return sendNotFound(req, res, baseUrl);
      const html = renderDocument(result.page);
      const status = result.status ?? 200;
      const kept = cache && version !== undefined && status === 200 ? cache.keep(key, { raw: html, contentType: 'text/html', version, validUntil: until }) : undefined;
      if (kept && cache) knownPages(cache).remember(req.originalUrl, { countsAs: opts.countsAs, template: routeOf(req, res).template });
      sendPage(req, res, html, { status, etag: kept?.etag });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return sendNotFound(req, res, baseUrl);
      const status = err instanceof AppError && err.status === 503 ? 503 : 500;
      if (status === 500) logEvent('error', 'page_failed', { route: req.route?.path, error: err instanceof Error ? err.message : String(err) });
      if (status === 503) res.setHeader('Retry-After', String((err as AppError).options.retryAfterSeconds ?? 5));
      sendPage(req, res, renderDocument(<ErrorPage baseUrl={baseUrl} path={req.path} status={status} />), { status, cacheControl: 'no-store' });
    }
  };
}

/** The discovery page's data: live now, the coming week, and the active worlds. */
export async function loadHome(services: Services, now: number): Promise<HomeData> {
  const [upcoming, worlds] = await Promise.all([services.eventLists.upcoming({ limit: 24 }), services.eventLists.activeWorlds({ limit: 6 })]);
  const live = upcoming.events.filter((e) => e.status === 'in_progress');
  const week = upcoming.events.filter((e) => {
    if (e.status !== 'scheduled') return false;
    const starts = e.startAt ?? Date.parse(`${e.eventDate}T00:00:00Z`);
    // An event joins "this week" as the clock comes within seven days of it.
    if (starts >= now + WEEK_MS) changesAt(starts - WEEK_MS);
    return starts < now + WEEK_MS;
  });
  return { live, week, more: upcoming.nextCursor !== null || week.length + live.length < upcoming.events.length, worlds: worlds.worlds };
}

/**
 * The public pages of the directory (decisions §3): server-rendered from the same services as
 * the API and MCP, following exactly the public read rules.
 */
export function publicPageRoutes(deps: PublicPageDeps): Router {
  const router = Router();
  const baseUrl = deps.config.publicBaseUrl;
  router.use(assetRoutes());
  // A slug no row can hold (NUL, a lone surrogate) names nothing: the one 404 page, before any lookup.
  router.param('slug', (req, res, next, value: unknown) => (typeof value === 'string' && unstorableText(value) ? sendNotFound(req, res, baseUrl) : next()));
  // Share cards are images drawn on demand (counted as the API's artwork downloads); the sitemap
  // reads every public slug (counted as a search).
  const admit = (operationId: OperationId) => (req: Request, res: Response, next: NextFunction) =>
    admitPage(deps, req, res, operationId).then((admitted) => admitted && next(), next);
  router.use('/cards', admit('downloadPublicEventArtwork'));
  router.get(/^\/sitemap(?:-[0-9]+)?\.xml$/, admit('searchPublicCatalog'));
  router.use(cardRoutes({ services: deps.services, notFound: (req, res) => sendNotFound(req, res, baseUrl) }));
  router.use(crawlerRoutes({ services: deps.services, baseUrl }));
  router.get(
    '/',
    pageRoute(deps, async () => ({ page: <HomePage signUp={deps.config.signUp === 'open'} baseUrl={baseUrl} data={await loadHome(deps.services, deps.clock.now())} /> }), { cached: true, countsAs: 'listPublicUpcomingEvents' }),
  );
  router.get(
    '/events/:slug',
    pageRoute(deps, async (req) => ({ page: <EventPage signUp={deps.config.signUp === 'open'} baseUrl={baseUrl} event={await deps.services.publicEvents.event(String(req.params.slug))} /> }), { cached: true, countsAs: 'getPublicEventBySlug' }),
  );
  router.get('/people/:slug', pageRoute(deps, loadProfile(deps, 'person'), { cached: true, countsAs: 'getPublicPersonProfileBySlug' }));
  router.get('/communities/:slug', pageRoute(deps, loadProfile(deps, 'community'), { cached: true, countsAs: 'getPublicCommunityProfileBySlug' }));
  router.get('/worlds/:slug', pageRoute(deps, loadWorld(deps), { cached: true, countsAs: 'getPublicWorldBySlug' }));
  router.get('/search', pageRoute(deps, loadSearch(deps), { cached: true, countsAs: 'searchPublicCatalog' }));
  return router;
}

/**
 * The page lane: a plain anonymous GET (no credential, no session cookie, no body) of a URL whose
 * page is kept and current is answered as the request arrives, before express and its routers,
 * with what the first middlewares would do (request id, log line and metrics, the security
 * headers), the page's rate limit and the same answer as the page route. Anything else goes on
 * to the app (`next`). Like the API's fast lane (src/http/pipeline/fastLane.ts), and for the
 * same reason: the answer is known, so only what every request must get is done.
 *
 * Its answers are made once per kept page and coding (`preparePage`: the coded bytes and every
 * fixed header) and written with the request's id and rate-limit window in one `writeHead`. The
 * version stamp is the shared read of the cache (`version`: on an embedded SQLite file one read
 * at the end of the event loop's turn for every request of the turn). A conditional request or a refused one is
 * answered with the route's own send (`sendPage`, the 429 page). Being ahead of express, the lane
 * uses Node's request and response alone, and gives the response the `locals` express would.
 */
/** How many requests the page lane answered (in this process), for tests and diagnosis. */
export const pageLaneStats = { answered: 0 };

export type { LaneResponse } from '../pipeline/context.js';

export interface PageLaneDeps extends PublicPageDeps {
  /** Starts the request's log line and metrics (src/http/observability/requestLog.ts); its id. */
  beginRequest: (req: IncomingMessage, res: LaneResponse) => string;
  /** The headers every answer carries (src/http/securityHeaders.ts). */
  securityHeaders: readonly (readonly [string, string])[];
}

export function pageLane(deps: PageLaneDeps) {
  const { cache, securityHeaders } = deps;
  /** Each kept page's prepared answers, by coding, for as long as the cache keeps the page. */
  const prepared = new WeakMap<KeptText, Partial<Record<Coding, PreparedPage>>>();
  const preparedAnswer = (page: KeptText, coding: Coding) => {
    let byCoding = prepared.get(page);
    if (!byCoding) prepared.set(page, (byCoding = {}));
    return (byCoding[coding] ??= preparePage(page, coding, securityHeaders));
  };

  const answer = (req: IncomingMessage, res: LaneResponse, next: () => void, known: KnownPage, version: number) => {
    const url = req.url!;
    const hit = cache!.kept(pageKey(url), version);
    if (!hit) return next();
    const requestId = deps.beginRequest(req, res);
    noteRoute(res, { template: known.template });
    pageLaneStats.answered++;
    countPageView(deps, req, known.countsAs)
      .then((window) => {
        if (window.allowed && req.headers['if-none-match'] === undefined) {
          const page = preparedAnswer(hit, negotiateCoding(req));
          // The window's headers as rateLimitHeaders names them, written with the rest at once.
          res.writeHead(200, [
            REQUEST_ID_HEADER,
            requestId,
            'RateLimit-Limit',
            String(window.limit),
            'RateLimit-Remaining',
            String(window.remaining),
            'RateLimit-Reset',
            String(Math.ceil(window.resetAt / 1000)),
            ...page.headers,
          ]);
          return void res.end(page.body);
        }
        res.setHeader(REQUEST_ID_HEADER, requestId);
        for (const [name, value] of securityHeaders) res.setHeader(name, value);
        if (admitted(deps, req, res, window)) sendPage(req, res, hit.raw, { etag: hit.etag });
      })
      .catch((err: unknown) => {
        // Nothing sent yet (the rate-limit store is away): the route answers, with its error page.
        if (!res.headersSent) {
          res.setHeader(REQUEST_ID_HEADER, requestId);
          return next();
        }
        logEvent('error', 'page_failed', { route: known.template, error: err instanceof Error ? err.message : String(err) });
        res.destroy();
      });
  };

  return (req: IncomingMessage, res: LaneResponse, next: () => void) => {
    if (!cache || req.method !== 'GET' || !anonymous(req) || req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0') return next();
    const known = knownPages(cache).get(req.url!);
    if (!known) return next();
    cache.version().then(
      (version) => answer(req, res, next, known, version),
      // The stamp could not be read (the database is away): the route answers.
      () => next(),
    );
  };
}
