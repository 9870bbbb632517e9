import type { Schemas } from '../../../contract/types.js';
import { Layout } from '../ui/Layout.js';
import { SearchResultItem } from '../ui/directory.js';

type SearchType = Schemas['PublicSearchType'];

export interface SearchData {
  /** The text as typed (shown back in the box), and the type asked for. */
  q: string;
  type: SearchType;
  /** The service's answer; absent when the request could not be searched. */
  response?: Schemas['PublicSearchResponse'];
  /** Why the request could not be searched (a 400 page). */
  problem?: string;
}

/** The filter links, in the order people scan them; `profile` (people and communities) has no link of its own. */
const FILTERS: { type: SearchType; label: string }[] = [
  { type: 'all', label: 'All' },
  { type: 'event', label: 'Events' },
  { type: 'person', label: 'People' },
  { type: 'community', label: 'Communities' },
  { type: 'world', label: 'Worlds' },
];

/** The address of a search page (omitting what is default). */
export function searchHref(q: string, type: SearchType, cursor?: string): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (type !== 'all') params.set('type', type);
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return qs ? `/search?${qs}` : '/search';
}

/** Search across events, people, communities and worlds, with the API's ranking. */
export function SearchPage({ baseUrl, signUp, data }: { baseUrl: string; signUp?: boolean; data: SearchData }) {
  const { q, type, response, problem } = data;
  const query = response?.query ?? q.trim();
  const results = response?.results ?? [];
  return (
    <Layout baseUrl={baseUrl} signUp={signUp} meta={{ title: query ? `Search: ${query}` : 'Search', path: searchHref(q, type), noindex: true }}>
      <h1>Search</h1>
      <form class="search" action="/search" method="get" role="search">
        <label for="search-q" class="muted">
          Search events, people, communities and worlds
        </label>
        <input id="search-q" type="search" name="q" value={q} maxLength={200} placeholder="A name, a place, a kind of event" />
        {type !== 'all' ? <input type="hidden" name="type" value={type} /> : null}
        <button class="btn primary" type="submit">
          Search
        </button>
      </form>
      <nav aria-label="Kind of result">
        <ul class="filters">
          {FILTERS.map((f) => (
            <li>
              <a href={searchHref(q, f.type)} aria-current={f.type === type ? 'page' : undefined}>
                {f.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {problem ? (
        <p class="banner cancelled" role="alert">
          {problem}
        </p>
      ) : !query ? (
        <div class="empty">
          <p>Type a name or a few words: an event’s title, a DJ, a community, a world. Accents and capitals do not matter, and a small typo is forgiven.</p>
          <p>
            Or see <a href="/">what is on this week</a>.
          </p>
        </div>
      ) : (
        <section aria-labelledby="results">
          <h2 id="results">{results.length ? `Results for “${query}”` : `Nothing found for “${query}”`}</h2>
          {results.length ? (
            <ol class="results">
              {results.map((r) => (
                <SearchResultItem r={r} />
              ))}
            </ol>
          ) : (
            <p class="empty">Try fewer words, another spelling, or another kind of result.</p>
          )}
          {response?.nextCursor ? (
            <p>
              <a class="btn" href={searchHref(q, type, response.nextCursor)} rel="next">
                More results
              </a>
            </p>
          ) : null}
        </section>
      )}
    </Layout>
  );
}
