import crypto from 'node:crypto';
import type { Schemas } from '../../contract/types.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { searchWords } from '../../lib/searchText.js';
import { changesAt } from '../../lib/freshness.js';
import { SearchUnavailableError, type SearchHit, type SearchKind, type SearchMode } from '../../repositories/search.js';
import type { ServiceDeps } from '../context.js';
import { problems } from '../errors.js';
import { trustLabelOf } from './publicReads.js';
import { searchDocumentBuilders } from './searchDocuments.js';

export type PublicSearchType = Schemas['PublicSearchType'];

export interface SearchInput {
  q?: string;
  type?: PublicSearchType;
  limit?: number;
  cursor?: string;
}

const DEFAULT_LIMIT = 20;
/** Seconds a client waits before asking again after a 503 SEARCH_UNAVAILABLE. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The frame of a profile image in results. Profiles do not store an appearance yet (the public
 * profile read returns none), so every profile result carries this default: a round avatar
 * without a border.
 */
export const DEFAULT_AVATAR_APPEARANCE: Schemas['AvatarAppearance'] = { borderColor: '#FFFFFF', borderEnabled: false, borderSoftnessPx: 0, borderWidthPx: 2, radiusPercent: 50 };

const KINDS: Record<PublicSearchType, SearchKind[] | undefined> = {
  all: undefined,
  profile: ['person', 'community'],
  person: ['person'],
  community: ['community'],
  world: ['world'],
  event: ['event'],
};

const ROUTES: Record<SearchKind, (slug: string) => string> = {
  person: (slug) => `/api/v0/profiles/${slug}`,
  community: (slug) => `/api/v0/profiles/${slug}`,
  world: (slug) => `/api/v0/worlds/${slug}`,
  event: (slug) => `/api/v0/events/${slug}`,
};

/**
 * Cursor (decisions in openapi/paths/api_v0_search.yaml): base64url JSON
 * `["search.<mode>.<fingerprint>", score, entityId]`. The fingerprint is a hash of the folded
 * words and the type, so a cursor replayed with other parameters or on another list is a 400.
 */
function fingerprintOf(words: string[], type: PublicSearchType): string {
  return crypto.createHash('sha256').update(`search\0${type}\0${words.join(' ')}`).digest('base64url').slice(0, 22);
}

function readCursor(cursor: string | undefined, fingerprint: string): { mode: SearchMode; after: { score: number; entityId: string } } | undefined {
  if (cursor === undefined) return undefined;
  const [tag, score, entityId] = decodeCursor<[string, number, string]>(cursor, ['string', 'number', 'string']);
  const m = /^search\.(text|typo)\.(.+)$/.exec(tag);
  if (!m || m[2] !== fingerprint) throw problems.validation([{ parameter: 'cursor', message: 'this cursor belongs to another query, type or list' }]);
  return { mode: m[1] as SearchMode, after: { score, entityId } };
}

function resultOf(h: SearchHit): Schemas['PublicSearchResult'] {
  const out: Schemas['PublicSearchResult'] = {
    entityType: h.kind === 'person' || h.kind === 'community' ? 'profile' : h.kind,
    slug: h.slug,
    title: h.title,
    routePath: ROUTES[h.kind](h.slug),
    score: h.score,
  };
  if (h.subtitle) out.subtitle = h.subtitle;
  if (h.summary) out.summary = h.summary;
  if (h.imageUrl) out.imageUrl = h.imageUrl;
  if (h.kind === 'person' || h.kind === 'community') {
    out.profileType = h.kind;
    out.trustLabel = trustLabelOf({ claimState: h.claimState ?? 'unclaimed', creationSource: h.creationSource ?? 'concierge' });
    out.avatarAppearance = DEFAULT_AVATAR_APPEARANCE;
  }
  if (h.kind === 'event') {
    if (h.startsAt !== null) out.startsAt = h.startsAt;
    out.source = { sourceType: (h.sourceType ?? 'manual') as NonNullable<Schemas['ProvenanceSource']['sourceType']>, label: h.sourceLabel ?? 'Organiser' };
  }
  return out;
}

/** Public discovery search (contract 4.4, decisions §4) over the search projection. */
export class SearchService {
  constructor(private readonly deps: ServiceDeps) {}

  async search(input: SearchInput): Promise<Schemas['PublicSearchResponse']> {
    const query = (input.q ?? '').replace(/\s+/g, ' ').trim();
    const type = input.type ?? 'all';
    const limit = input.limit ?? DEFAULT_LIMIT;
    const words = searchWords(query);
    const fingerprint = fingerprintOf(words, type);
    const continued = readCursor(input.cursor, fingerprint);
    if (!words.length) return { query, type, results: [], nextCursor: null };
    let page;
    try {
      page = await this.deps.repos.search.query({ words, kinds: KINDS[type], now: this.deps.clock.now(), limit, after: continued?.after, mode: continued?.mode });
    } catch (err) {
      if (err instanceof SearchUnavailableError) throw problems.searchUnavailable(RETRY_AFTER_SECONDS);
      throw err;
    }
    // An event leaves discovery when its window ends (decisions §4): the answer, with the row read
    // past the page that decides whether there is a next one, reads differently from then on.
    for (const hit of page.hits) if (hit.endsAt !== null) changesAt(hit.endsAt);
    const hits = page.hits.slice(0, limit);
    const last = hits[hits.length - 1];
    return {
      query,
      type,
      results: hits.map(resultOf),
      nextCursor: page.hits.length > limit ? encodeCursor([`search.${page.mode}.${fingerprint}`, last.score, last.entityId]) : null,
    };
  }

  /** Rebuilds the projection from profiles, worlds and events (operators, demo loads); returns the document count. */
  async rebuild(): Promise<number> {
    const count = await this.deps.repos.search.rebuild(searchDocumentBuilders);
    // What search answers may have changed: kept public answers computed before stop being served.
    await this.deps.repos.publicReadVersions.bump();
    return count;
  }
}
