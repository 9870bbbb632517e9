import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { Services } from '../../../services/index.js';
import { AppError } from '../../../services/errors.js';
import { logEvent } from '../../../lib/eventLog.js';
import { imageLibrary } from '../../../lib/imageLibrary.js';
import { cardVersion, eventCardModel, profileCardModel, SITE_CARD_MODEL, type CardModel } from './cardModel.js';
import { unstorableText } from '../../../services/sanitize.js';

/**
 * `GET /cards/events/{slug}.png`, `/cards/profiles/{slug}.png` and `/cards/site.png`: the share
 * cards link previews fetch. Each request reads the entity as its page does (unknown, hidden or
 * retracted → 404), then answers from a bounded in-memory cache keyed by slug and version; a
 * write that changes what the card shows changes its version, so a stale card is never served
 * for the current URL.
 */

export interface RenderedCard {
  png: Buffer;
  etag: string;
}

type Renderer = typeof import('./renderCard.js');
let renderer: Promise<Renderer> | undefined;
/** satori, resvg and the fonts load with the first card drawn, not at start. */
const loadRenderer = () => (renderer ??= import('./renderCard.js'));

/** Least-recently-used cards, bounded by their total bytes; a render in flight is shared. */
export class CardCache {
  private readonly entries = new Map<string, Promise<RenderedCard>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  renders = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, render: () => Promise<Buffer>): Promise<RenderedCard> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    this.renders++;
    const pending = render().then((png) => ({ png, etag: `"${crypto.createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` }));
    this.entries.set(key, pending);
    pending.then(
      (card) => {
        if (this.entries.get(key) !== pending) return;
        this.sizes.set(key, card.png.length);
        this.bytes += card.png.length;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === pending) this.entries.delete(key);
      },
    );
    return pending;
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      const size = this.sizes.get(key);
      if (size === undefined) continue; // still rendering
      this.entries.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }

  get size() {
    return this.entries.size;
  }
}

/** A card's picture from one of our own assets, read through the services (never fetched). */
async function readLocalImage(services: Services, path: string): Promise<Buffer | undefined> {
  const seg = (s: string) => decodeURIComponent(s);
  const artwork = /^\/api\/v0\/events\/([^/?#]+)\/artwork$/.exec(path);
  if (artwork) return (await services.posters.artworkFile(await services.publicEvents.artworkOf(seg(artwork[1]))))?.bytes;
  const asset = /^\/api\/v0\/profiles\/([^/?#]+)\/assets\/([^/?#]+)\/file$/.exec(path);
  if (asset) return (await services.profileAssets.file(seg(asset[1]), seg(asset[2]))).read();
  return undefined;
}

/** The picture decoded and cut to its box as a PNG; an unreadable or missing picture is left out. */
async function pictureOf(services: Services, model: CardModel, box: { width: number; height: number }): Promise<Buffer | undefined> {
  if (model.kind === 'site' || !model.image) return undefined;
  try {
    const bytes = await readLocalImage(services, model.image);
    if (!bytes) return undefined;
    const sharp = await imageLibrary();
    return await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(box.width, box.height, { fit: 'cover' }).png().toBuffer();
  } catch (err) {
    if (!(err instanceof AppError)) logEvent('warn', 'card_picture_unreadable', { error: err instanceof Error ? err.message : String(err) });
    return undefined;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A card asked for without its current version (an old link, or none): kept briefly. */
const SHORT = 'public, max-age=300';

export interface CardRouteDeps {
  services: Services;
  /** Bytes of PNG kept in memory (default 32 MiB, some 300 cards). */
  cacheBytes?: number;
  /** Answers a path that is not a public card with the site's one 404 page. */
  notFound: (req: Request, res: Response) => void;
}

export function cardRoutes(deps: CardRouteDeps): Router & { cache: CardCache } {
  const router = Router() as Router & { cache: CardCache };
  const cache = new CardCache(deps.cacheBytes ?? 32 * 1024 * 1024);
  router.cache = cache;

  const send = async (req: Request, res: Response, key: string, model: CardModel) => {
    const version = cardVersion(model);
    const card = await cache.get(`${key}\0${version}`, async () => {
      const r = await loadRenderer();
      const image = model.kind === 'site' ? undefined : await pictureOf(deps.services, model, r.PICTURE_BOX[model.kind]);
      return r.renderCard(model, image);
    });
    res.setHeader('Cache-Control', req.query.v === version ? IMMUTABLE : SHORT);
    res.setHeader('ETag', card.etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Made to be shown on other sites (chat apps, social networks).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(/\s*,\s*/).some((t) => t === card.etag || t === `W/${card.etag}` || t === '*')) return res.status(304).end();
    res.status(200).type('image/png').send(card.png);
  };

  const route = (load: (slug: string) => Promise<CardModel>, kind: string) => async (req: Request, res: Response) => {
    const slug = String(req.params.slug);
    try {
      await send(req, res, `${kind}\0${slug}`, await load(slug));
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return deps.notFound(req, res);
      logEvent('error', 'card_failed', { route: req.route?.path, error: err instanceof Error ? err.message : String(err) });
      res.status(err instanceof AppError && err.status === 503 ? 503 : 500).setHeader('Cache-Control', 'no-store').type('text/plain').send('The card could not be drawn.');
    }
  };

  // A slug no row can hold (NUL, a lone surrogate) names nothing: the 404 page, before any lookup.
  router.param('slug', (req, res, next, value: unknown) => (typeof value === 'string' && unstorableText(value) ? deps.notFound(req, res) : next()));
  router.get('/cards/events/:slug.png', route(async (slug) => eventCardModel(await deps.services.publicEvents.event(slug)), 'event'));
  router.get('/cards/profiles/:slug.png', route(async (slug) => profileCardModel(await deps.services.publicDirectory.profile(slug)), 'profile'));
  router.get('/cards/site.png', route(async () => SITE_CARD_MODEL, 'site'));
  return router;
}
