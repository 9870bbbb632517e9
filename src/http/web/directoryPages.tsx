import type { Request } from 'express';
import type { Schemas } from '../../contract/types.js';
import { AppError } from '../../services/errors.js';
import { unstorableText } from '../../services/sanitize.js';
import type { PageResult, PublicPageDeps } from './publicPages.js';
import { ProfilePage } from './pages/Profile.js';
import { WorldPage } from './pages/World.js';
import { SearchPage } from './pages/Search.js';

/**
 * The loaders of the directory's pages: people, communities, worlds and search. Each calls the
 * services the API's reads call, so a page shows exactly what the public read returns; a
 * service's 404 (unknown, hidden, draft, opted out, or a person asked for as a community) becomes
 * the one 404 page in `pageRoute`.
 */

/** The `:slug` of a route (a named parameter is one segment). */
const slugOf = (req: Request): string => String(req.params.slug);

/** `/people/{slug}` and `/communities/{slug}`. */
export function loadProfile(deps: PublicPageDeps, type: 'person' | 'community') {
  const { services } = deps;
  return async (req: Request): Promise<PageResult> => {
    const profile = await services.publicDirectory.profile(slugOf(req), type);
    const events = type === 'community' ? await services.eventLists.ofCommunity(profile.slug, { limit: 24 }) : await services.eventLists.ofPerson(profile.slug);
    return { page: <ProfilePage signUp={deps.config.signUp === 'open'} baseUrl={deps.config.publicBaseUrl} data={{ profile, upcoming: events.events, moreUpcoming: events.nextCursor !== null }} /> };
  };
}

/** `/worlds/{slug}`. */
export function loadWorld(deps: PublicPageDeps) {
  const { services } = deps;
  return async (req: Request): Promise<PageResult> => {
    const world = await services.publicDirectory.world(slugOf(req));
    const events = await services.eventLists.ofWorld(world.slug);
    return { page: <WorldPage signUp={deps.config.signUp === 'open'} baseUrl={deps.config.publicBaseUrl} data={{ world, events }} /> };
  };
}

const SEARCH_TYPES: readonly Schemas['PublicSearchType'][] = ['all', 'person', 'community', 'profile', 'world', 'event'];
const MAX_QUERY = 200;
const CONTROLS = /[\u0000-\u001f\u007f]/g;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** One query parameter as text: absent, a string, or `null` when it was sent as a list or an object. */
function param(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/**
 * `/search?q=&type=&cursor=`: the API's search (same ranking, the same folding of accents and
 * case). A request the API would refuse with 400 (an unknown type, a cursor of another query,
 * an over-long text) is a readable message on the page with status 400; an unavailable search
 * backend (503) is the error page with `Retry-After`.
 */
export function loadSearch(deps: PublicPageDeps) {
  const baseUrl = deps.config.publicBaseUrl;
  return async (req: Request): Promise<PageResult> => {
    const q = param(req.query.q);
    const type = param(req.query.type);
    const cursor = param(req.query.cursor);
    // Text no valid query holds (the API refuses NUL and lone surrogates) is never echoed; controls
    // and bidirectional overrides are taken out of what is searched and shown back.
    const unstorable = q ? unstorableText(q) : undefined;
    const text = unstorable ? '' : (q ?? '').replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ');
    const shown = { q: text, type: SEARCH_TYPES.find((t) => t === type) ?? ('all' as const) };
    const refuse = (problem: string): PageResult => ({ page: <SearchPage signUp={deps.config.signUp === 'open'} baseUrl={baseUrl} data={{ ...shown, problem }} />, status: 400 });
    if (q === null || type === null || cursor === null) return refuse('This search address is malformed: each of q, type and cursor may be given once. Start a new search above.');
    if (unstorable) return refuse('The search text holds characters that are not text. Type it again.');
    if (type !== undefined && shown.type !== type) return refuse('That kind of result does not exist. Choose All, Events, People, Communities or Worlds.');
    if (shown.q.length > MAX_QUERY) return refuse(`The search text is too long: at most ${MAX_QUERY} characters.`);
    try {
      const response = await deps.services.search.search({ q: shown.q, type: shown.type, cursor: cursor || undefined });
      return { page: <SearchPage signUp={deps.config.signUp === 'open'} baseUrl={baseUrl} data={{ ...shown, response }} /> };
    } catch (err) {
      if (err instanceof AppError && err.status === 400) return refuse('This “More results” link does not belong to this search (or is damaged). Search again to start from the first results.');
      throw err;
    }
  };
}
