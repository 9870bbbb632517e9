import type { Knex } from 'knex';
import { dialectOf, inTransaction, rawRows, type Dialect, type Queryable } from '../db/knex.js';
import { foldText, nameKey, searchWords } from '../lib/searchText.js';
import { toEvent, type EventRow } from './events.js';
import { toProfile, type ProfileRow } from './profiles.js';
import { toWorld, type WorldRow } from './worlds.js';

/** What a search document describes: the public search `type` values, finer than `entityType`. */
export type SearchKind = 'person' | 'community' | 'world' | 'event';

/**
 * One searchable entity as the projection stores it (migration 20261125000200): what results
 * show, what is matched, and what discovery filters on. Built by the services
 * (src/services/directory/searchDocuments.ts), refreshed in the transaction of every write.
 */
export interface SearchDocument {
  kind: SearchKind;
  entityId: string;
  slug: string;
  /** Display name or event title: matched first (exact, prefix, words). */
  title: string;
  /** Matched after the title (aliases, tags, role and category tags). */
  aliases: string[];
  tags: string[];
  /** Matched last (headline, bio, summary, description, venue). */
  text: (string | null)[];
  subtitle: string | null;
  summary: string | null;
  claimState: ProfileRow['claimState'] | null;
  creationSource: ProfileRow['creationSource'] | null;
  imageUrl: string | null;
  communityProfileId: string | null;
  communityName: string | null;
  /** A timed event's start. */
  startsAt: number | null;
  /** An event's time window (src/lib/eventWindow.ts): ended events are filtered at query time. */
  windowStartAt: number | null;
  windowEndAt: number | null;
  sourceType: string | null;
  sourceLabel: string | null;
  /** The discovery rules as of the last write (decisions §4), before the live check at query time. */
  visible: boolean;
  updatedAt: number;
}

/** An event as the projection needs it: the event row plus its window, retraction, venue and artwork. */
export type SearchableEvent = EventRow & { windowStartAt: number; windowEndAt: number; retractedAt: number | null; venueLabel: string | null; artworkAssetId: string | null; posterImageUrl?: string | null; thumbnailImageUrl?: string | null };

/** How the services turn source rows into documents (the rules live there, not here). */
export interface SearchDocumentBuilders {
  profile(p: ProfileRow): SearchDocument;
  world(w: WorldRow): SearchDocument;
  event(e: SearchableEvent, community: ProfileRow | undefined): SearchDocument;
}

export interface SearchHit {
  kind: SearchKind;
  entityId: string;
  slug: string;
  title: string;
  subtitle: string | null;
  summary: string | null;
  claimState: ProfileRow['claimState'] | null;
  creationSource: ProfileRow['creationSource'] | null;
  imageUrl: string | null;
  communityName: string | null;
  startsAt: number | null;
  sourceType: string | null;
  sourceLabel: string | null;
  /**
   * When an event hit stops being discoverable (the earlier of its document's and its row's window
   * end): the answer it is part of reads differently from then on. Null for other kinds.
   */
  endsAt: number | null;
  score: number;
}

/** `text`: the full-text match with the ranking tiers; `typo`: the query's words corrected to words of names (PostgreSQL). */
export type SearchMode = 'text' | 'typo';

export interface SearchQuery {
  /** Folded words (src/lib/searchText.ts); all must match, the last one as a prefix. */
  words: string[];
  /** Kinds to return; all when omitted. */
  kinds?: SearchKind[];
  now: number;
  limit: number;
  /** Keyset position: continue after this (score, entity id). */
  after?: { score: number; entityId: string };
  /** The mode of the page being continued; a first page tries `text`, then `typo` when it finds nothing. */
  mode?: SearchMode;
}

/** The search backend could not answer (missing index, statement timeout, lost connection). */
export class SearchUnavailableError extends Error {
  constructor(cause: unknown) {
    super('search backend unavailable', { cause });
  }
}

/** PostgreSQL refuses a search statement running longer than this (then the route answers 503). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;
/** Trigram similarity a word of the names needs to be offered as a query word's correction (pg_trgm's default). */
const TYPO_THRESHOLD = 0.3;
const INSERT_BATCH = 400;
/** `search_rank` rowids: the name-length bucket (0–99) times this, plus the document's id. */
const RANK_BUCKET = 2 ** 40;
/** Rank-ordered postings read per step of a tier. */
const RANK_BATCH = 200;
/** PostgreSQL: a projection of fewer documents than this scores a search's matches all at once. */
const PG_SMALL_DIRECTORY = 20_000;
/** PostgreSQL: the indexed expression of migration 20261206000300's word indexes, on `d`. */
const pgBucketedWords = (columns: string[]) =>
  `array_to_tsvector(string_to_array(btrim(replace(' ' || btrim(${columns.map((c) => `d.${c}`).join(" || ' ' || ")}), ' ', ' ' || least(99, length(d.name_folded))::text || '~')), ' '))`;
/** PostgreSQL: the indexed expression of migration 20261207000100's alias index (each exact name prefixed by its bucket), on `d`. */
const PG_BUCKETED_ALIASES = "string_to_array(replace(d.alias_set, '|', '|' || least(99, length(d.name_folded))::text || '~'), '|')";

/** The source rows a document `d` is checked live against (decisions §4)… */
const LIVE_JOINS = `left join profiles p on p.id = d.entity_id and d.kind in ('person', 'community')
      left join worlds w on w.id = d.entity_id and d.kind = 'world'
      left join events e on e.id = d.entity_id and d.kind = 'event'`;
/** …and the live test on them (binding: now). */
const LIVE_TEST = `(
          (p.id is not null and p.publication_state = 'published' and p.public_surfacing_state = 'public')
          or (w.id is not null and w.visibility_status = 'published')
          or (e.id is not null and e.retracted_at is null and e.status <> 'cancelled' and e.window_end_at > ?)
        )`;

/** One ranking tier of a search: its floor score, and the test (with its binding) of its matches. */
interface RankedTier {
  tier: number;
  test: string;
  binding?: string;
}
/** Upserts of at least this many documents refresh the planner's statistics. */
const LARGE_BATCH = 5000;
const READ_BATCH = 1000;
/** Bounds on what one document indexes (PostgreSQL: 256 positions per lexeme, 16383 positions, 2 KB lexemes). */
const MAX_INDEXED_WORDS = 2000;
const MAX_WORD_LENGTH = 200;

const indexable = (words: string[]) => words.filter((w) => w.length <= MAX_WORD_LENGTH);
const uniqueWords = (texts: (string | null)[]) => [...new Set(indexable(texts.flatMap((t) => searchWords(t))))];

/**
 * A weighted tsvector literal from words folded in JS (A name and slug, B aliases and tags,
 * C text): no text-search parser runs, so both databases see exactly the same words.
 */
function tsvectorLiteral(fields: [string[], 'A' | 'B' | 'C'][]): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const [words, weight] of fields) {
    for (const word of words) {
      position = Math.min(position + 1, 16383);
      const list = positions.get(word) ?? [];
      if (list.length < 256) list.push(`${position}${weight}`);
      positions.set(word, list);
    }
  }
  return [...positions].map(([word, list]) => `'${word}':${list.join(',')}`).join(' ');
}

/** The stored columns of a document: display fields as written, match fields folded. */
export function documentColumns(doc: SearchDocument, dialect: Dialect, db: Queryable): Record<string, unknown> {
  const nameWords = indexable(searchWords(doc.title));
  const slugWords = searchWords(doc.slug).filter((w) => !nameWords.includes(w));
  const keywordWords = indexable([...doc.aliases, ...doc.tags].flatMap((t) => searchWords(t)));
  const textWords = indexable(doc.text.flatMap((t) => searchWords(t))).slice(0, MAX_INDEXED_WORDS);
  const exactNames = [...new Set([...doc.aliases, ...doc.tags].map(foldText).filter(Boolean))];
  const row: Record<string, unknown> = {
    entity_id: doc.entityId,
    kind: doc.kind,
    slug: doc.slug,
    title: doc.title,
    subtitle: doc.subtitle,
    summary: doc.summary,
    aliases: JSON.stringify(doc.aliases),
    tags: JSON.stringify(doc.tags),
    claim_state: doc.claimState,
    creation_source: doc.creationSource,
    image_url: doc.imageUrl,
    community_profile_id: doc.communityProfileId,
    community_name: doc.communityName,
    starts_at: doc.startsAt,
    window_start_at: doc.windowStartAt,
    window_end_at: doc.windowEndAt,
    source_type: doc.sourceType,
    source_label: doc.sourceLabel,
    visible: doc.visible,
    updated_at: doc.updatedAt,
    name_folded: nameWords.join(' '),
    alias_set: exactNames.length ? `|${exactNames.join('|')}|` : '',
    fts_name: [...nameWords, ...slugWords].join(' '),
    fts_keywords: [...new Set(keywordWords)].join(' '),
    fts_body: [...new Set(textWords)].join(' '),
  };
  if (dialect === 'pg') {
    row.search_vector = db.raw('?::tsvector', [tsvectorLiteral([[[...nameWords, ...slugWords], 'A'], [keywordWords, 'B'], [textWords, 'C']])]);
  }
  return row;
}

/** Kinds whose names extraction finds inside a text (`search_names`). */
const NAMED_KINDS: SearchKind[] = ['person', 'community', 'world'];

/** The `search_names` rows of a document: its name and aliases, by `nameKey`. */
function nameRows(doc: SearchDocument): { name_key: string; entity_id: string; kind: string }[] {
  if (!NAMED_KINDS.includes(doc.kind)) return [];
  const keys = new Set([doc.title, ...doc.aliases].map(nameKey).filter((k) => k && k.length <= 200));
  return [...keys].map((k) => ({ name_key: k, entity_id: doc.entityId, kind: doc.kind }));
}

/** A directory entry whose name (or alias) a text mentions. */
export interface NamedEntity {
  kind: 'person' | 'community' | 'world';
  slug: string;
  displayName: string;
  nameKey: string;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toHit = (r: Record<string, unknown>): SearchHit => ({
  kind: r.kind as SearchKind,
  entityId: r.entity_id as string,
  slug: r.slug as string,
  title: r.title as string,
  subtitle: (r.subtitle as string | null) ?? null,
  summary: (r.summary as string | null) ?? null,
  claimState: (r.claim_state as SearchHit['claimState']) ?? null,
  creationSource: (r.creation_source as SearchHit['creationSource']) ?? null,
  imageUrl: (r.image_url as string | null) ?? null,
  communityName: (r.community_name as string | null) ?? null,
  startsAt: num(r.starts_at),
  sourceType: (r.source_type as string | null) ?? null,
  sourceLabel: (r.source_label as string | null) ?? null,
  endsAt: earliest(num(r.window_end_at), num(r.event_window_end_at)),
  score: Number(r.score),
});
const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

const HIT_COLUMNS = `d.id, ${['kind', 'entity_id', 'slug', 'title', 'subtitle', 'summary', 'claim_state', 'creation_source', 'image_url', 'community_name', 'starts_at', 'source_type', 'source_label', 'window_end_at']
  .map((c) => `d.${c}`)
  .join(', ')}, e.window_end_at as event_window_end_at`;

/**
 * The search projection (`search_documents`, with `search_fts` on SQLite): the only code that
 * knows how search is stored and matched on each database.
 *
 * Ranking (integer scores, higher first, then entity id): 900 exact name or slug; 800 the name
 * starts with the query; 700 every word in the name (or slug); 600 an alias or tag equals the
 * query; 500 every word in name, aliases and tags; 300 otherwise (some word only in the text).
 * Within a tier shorter names come first (+99 − name length, floored at 0). All words must
 * match (AND), the last one as a prefix. PostgreSQL answers a query that matches nothing by
 * correcting each word no name holds to the most similar word one does (pg_trgm similarity),
 * then finding the corrected words in names (score 0–99: 99 − name length, shorter names first).
 *
 * Discovery is checked twice: the stored `visible` flag, and live against the source rows
 * (published and public profiles, published worlds, events neither retracted, cancelled nor
 * ended at `now`), so a write that forgot the projection can never surface hidden content.
 */
export class SearchRepository {
  /** `smallDirectory` and `rankBatch` stand for PG_SMALL_DIRECTORY and RANK_BATCH (tests read every way). */
  constructor(
    private readonly db: Queryable,
    private readonly options: { smallDirectory?: number; rankBatch?: number } = {},
  ) {}

  private get dialect(): Dialect {
    return dialectOf(this.db);
  }

  async upsert(doc: SearchDocument): Promise<void> {
    await this.upsertMany([doc]);
  }

  /**
   * Batched inserts-or-replaces (demo loads, rebuilds): one statement per 400 documents. A large
   * batch refreshes the planner's statistics, so the next searches use the indexes well.
   */
  async upsertMany(docs: SearchDocument[]): Promise<void> {
    const dialect = this.dialect;
    for (let i = 0; i < docs.length; i += INSERT_BATCH) {
      const rows = docs.slice(i, i + INSERT_BATCH).map((d) => documentColumns(d, dialect, this.db));
      await this.db('search_documents').insert(rows).onConflict('entity_id').merge();
      await this.writeNames(this.db, docs.slice(i, i + INSERT_BATCH), true);
    }
    if (docs.length >= LARGE_BATCH) await this.analyze(this.db);
  }

  /** The documents' `search_names` rows, replacing what they had (only named kinds have any). */
  private async writeNames(db: Queryable, docs: SearchDocument[], replace: boolean): Promise<void> {
    const named = docs.filter((d) => NAMED_KINDS.includes(d.kind));
    if (replace && named.length) await db('search_names').whereIn('entity_id', named.map((d) => d.entityId)).delete();
    const rows = docs.flatMap(nameRows);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await db('search_names').insert(rows.slice(i, i + INSERT_BATCH));
  }

  /**
   * Public people, communities and worlds whose name or alias has one of these keys (`nameKey`),
   * checked live against the source rows as search is.
   */
  async named(keys: string[], kinds: NamedEntity['kind'][] = ['person', 'community', 'world']): Promise<NamedEntity[]> {
    const out: NamedEntity[] = [];
    const unique = [...new Set(keys)].filter((k) => k && k.length <= 200);
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const profileKinds = kinds.filter((k) => k !== 'world');
      if (profileKinds.length) {
        const rows: { kind: string; slug: string; display_name: string; name_key: string }[] = await this.db('search_names as n')
          .join('profiles as p', 'p.id', 'n.entity_id')
          .whereIn('n.name_key', chunk)
          .whereIn('n.kind', profileKinds)
          .where({ 'p.publication_state': 'published', 'p.public_surfacing_state': 'public' })
          .select('n.kind', 'p.slug', 'p.display_name', 'n.name_key');
        for (const r of rows) out.push({ kind: r.kind as NamedEntity['kind'], slug: r.slug, displayName: r.display_name, nameKey: r.name_key });
      }
      if (kinds.includes('world')) {
        const rows: { slug: string; display_name: string; name_key: string }[] = await this.db('search_names as n')
          .join('worlds as w', 'w.id', 'n.entity_id')
          .whereIn('n.name_key', chunk)
          .where({ 'n.kind': 'world', 'w.visibility_status': 'published' })
          .select('w.slug', 'w.display_name', 'n.name_key');
        for (const r of rows) out.push({ kind: 'world', slug: r.slug, displayName: r.display_name, nameKey: r.name_key });
      }
    }
    return out.sort((a, b) => a.nameKey.localeCompare(b.nameKey) || a.slug.localeCompare(b.slug));
  }

  /** Fresh planner statistics for the projection (PostgreSQL; SQLite's FTS needs none). */
  private async analyze(db: Queryable): Promise<void> {
    if (dialectOf(db) === 'pg') await db.raw('analyze search_documents');
  }

  async remove(type: 'profile' | 'world' | 'event', entityId: string): Promise<void> {
    await this.db('search_names').where({ entity_id: entityId }).delete();
    await this.db('search_documents')
      .where({ entity_id: entityId })
      .whereIn('kind', type === 'profile' ? ['person', 'community'] : [type])
      .delete();
  }

  /** A community's new name on its events' documents (their subtitle). */
  async renameCommunity(communityProfileId: string, name: string): Promise<void> {
    await this.db('search_documents').where({ community_profile_id: communityProfileId, kind: 'event' }).update({ community_name: name, subtitle: name });
  }

  async count(): Promise<number> {
    const row = await this.db('search_documents').count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /**
   * Rebuilds the whole projection from profiles, worlds and events, in one transaction, reading
   * the sources by id in batches of 1000 and writing documents in batches of 400. Without
   * `names` the name keys are left alone (the projection's first migration, which runs before
   * `search_names` exists; the migration that creates it keys the documents).
   */
  async rebuild(build: SearchDocumentBuilders, opts: { names?: boolean } = {}): Promise<number> {
    const names = opts.names ?? true;
    return inTransaction(this.db, async (trx) => {
      const dialect = dialectOf(trx);
      await trx('search_documents').delete();
      if (names) await trx('search_names').delete();
      let total = 0;
      const write = async (docs: SearchDocument[]) => {
        for (let i = 0; i < docs.length; i += INSERT_BATCH) {
          await trx('search_documents').insert(docs.slice(i, i + INSERT_BATCH).map((d) => documentColumns(d, dialect, trx)));
        }
        if (names) await this.writeNames(trx, docs, false);
        total += docs.length;
      };
      const pages = async (table: string, each: (rows: Record<string, unknown>[]) => Promise<void>) => {
        let after = '';
        for (;;) {
          const rows: Record<string, unknown>[] = await trx(table).where('id', '>', after).orderBy('id').limit(READ_BATCH);
          if (!rows.length) return;
          await each(rows);
          after = rows[rows.length - 1].id as string;
        }
      };
      await pages('profiles', (rows) => write(rows.map((r) => build.profile(toProfile(r)))));
      await pages('worlds', (rows) => write(rows.map((r) => build.world(toWorld(r)))));
      await pages('events', async (rows) => {
        const ids = [...new Set(rows.map((r) => r.community_profile_id as string))];
        const communities = new Map((await trx('profiles').whereIn('id', ids)).map((r: Record<string, unknown>) => [r.id as string, toProfile(r)]));
        await write(rows.map((r) => build.event(toSearchableEvent(r), communities.get(r.community_profile_id as string))));
      });
      await this.analyze(trx);
      return total;
    });
  }

  /**
   * One page of results, best first, by (score desc, entity id asc), reading `limit + 1`. A
   * first page (no `mode`) that matches nothing falls back to trigram similarity on PostgreSQL.
   * Any failure of the backend surfaces as `SearchUnavailableError`.
   */
  async query(q: SearchQuery): Promise<{ hits: SearchHit[]; mode: SearchMode }> {
    if (!q.words.length) return { hits: [], mode: q.mode ?? 'text' };
    try {
      return await this.guarded(async (db) => {
        if (q.mode !== 'typo') {
          const hits = await this.rankedPage(db, q);
          if (hits.length || q.mode === 'text' || this.dialect !== 'pg') return { hits, mode: 'text' as const };
        }
        return { hits: await this.typoPage(db, q), mode: 'typo' as const };
      });
    } catch (err) {
      throw new SearchUnavailableError(err);
    }
  }

  /** PostgreSQL: the statements of one search share a transaction with a statement timeout. */
  private guarded<T>(fn: (db: Queryable) => Promise<T>): Promise<T> {
    if (this.dialect !== 'pg') return fn(this.db);
    return (this.db as Knex).transaction(async (trx) => {
      // For this transaction only. Without enable_seqscan the planner, which prices GIN prefix
      // matches high, would rather read the whole table than the index.
      // Nor index scans: in id or name-length order with the match as a filter, they would read
      // most of the table to find a rare word; every lookup here is a bitmap of matches.
      await trx.raw("select set_config('statement_timeout', ?, true), set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)", [
        String(SEARCH_STATEMENT_TIMEOUT_MS),
      ]);
      return fn(trx);
    });
  }

  /** Live discovery rules on the source rows (decisions §4), joined to the documents `d`. */
  private discoverable(pg: boolean): string {
    const yes = pg ? 'true' : '1';
    return `
      ${LIVE_JOINS}
      where d.visible = ${yes}
        and (d.window_end_at is null or d.window_end_at > ?)
        and ${LIVE_TEST}`;
  }

  /**
   * PostgreSQL: one bucket's page of `test`'s matches, by entity id. Each match's score (`score`)
   * is computed and tested (`keep`) from the document alone, the survivors sorted, and only then
   * checked live against the source rows, in that order until `limit` pass: a bucket holding
   * hundreds of matches costs a few source-row lookups, not one per match. Bindings: those of
   * `score`, `now` for the stored window, those of `test` and `keep`, then `now` for the live check.
   */
  private static pgBucketPage(opts: { score: string; test: string; keep: string; limit: number }): string {
    return `select ${HIT_COLUMNS}, d.score from (
        select d.*, ${opts.score} as score, d.entity_id collate "C" as rank_id from search_documents d
        where d.visible = true and (d.window_end_at is null or d.window_end_at > ?) and ${opts.test}
        order by rank_id
      ) d
      ${LIVE_JOINS}
      where ${opts.keep} and ${LIVE_TEST}
      order by d.rank_id limit ${opts.limit}`;
  }

  private kindFilter(kinds: SearchKind[] | undefined): { sql: string; bindings: string[] } {
    if (!kinds?.length) return { sql: '', bindings: [] };
    return { sql: ` and d.kind in (${kinds.map(() => '?').join(', ')})`, bindings: kinds };
  }

  /** Keyset continuation and order over the scored subquery `s`. */
  private page(pg: boolean, q: SearchQuery): { sql: string; bindings: (string | number)[] } {
    const id = pg ? 's.entity_id collate "C"' : 's.entity_id';
    const where = q.after ? `where s.score < ? or (s.score = ? and ${id} > ?)` : '';
    return {
      sql: `${where} order by s.score desc, ${id} asc limit ?`,
      bindings: [...(q.after ? [q.after.score, q.after.score, q.after.entityId] : []), q.limit + 1],
    };
  }

  /** The ranking tiers' score expression over the document `d`, with its bindings. */
  private scoreOf(words: string[], pg: boolean): { sql: string; bindings: string[] } {
    const last = words.length - 1;
    const phrase = words.join(' ');
    // Word tests on space-padded folded text: every word whole, the last one as a prefix.
    const allWordsIn = (column: string) => words.map(() => `(' ' || ${column} || ' ') like ?`).join(' and ');
    const wordPatterns = words.map((w, i) => (i === last ? `% ${w}%` : `% ${w} %`));
    const sql = `(case
        when d.name_folded = ? or d.slug = ? then 900
        when d.name_folded like ? then 800
        when ${allWordsIn('d.fts_name')} then 700
        when d.alias_set like ? then 600
        when ${allWordsIn(`d.fts_name || ' ' || d.fts_keywords`)} then 500
        else 300 end) + (99 - ${pg ? 'least' : 'min'}(99, length(d.name_folded)))`;
    return { sql, bindings: [phrase, words.join('-'), `${phrase}%`, ...wordPatterns, `%|${phrase}|%`, ...wordPatterns] };
  }

  /**
   * A page read in rank order (migration 20261206000300). Scores are tiers 100 apart with the
   * name's length inside a tier, so a tier's results are its matches by (name length, id): the
   * order of the rank key, `min(99, length(name)) × 2^40 + id`. Tier by tier, best first, the
   * tier's matches (a superset of its members) are walked in rank order a batch at a time; each
   * batch's documents are scored exactly and checked live as before, and those of the tier are
   * kept. A tier stops once it holds the page and has finished the length it reached, so a page
   * costs a few batches however many documents match. Exact names and slugs (the top tier) are
   * looked up by index.
   *
   * SQLite walks `search_rank`, whose rowids are rank keys; PostgreSQL reads a tier bucket by
   * bucket from indexes whose words carry their bucket; a small directory scores every match at
   * once instead.
   */
  private async rankedPage(db: Queryable, q: SearchQuery): Promise<SearchHit[]> {
    const pg = this.dialect === 'pg';
    if (pg && (await this.smallDirectory(db))) return this.wholePage(db, q);
    const { words } = q;
    const need = q.limit + 1;
    const phrase = words.join(' ');
    const score = this.scoreOf(words, pg);
    const kinds = this.kindFilter(q.kinds);
    const after = q.after;
    const inPage = (r: Record<string, unknown>, tier: number) => {
      const s = Number(r.score);
      if (s < tier || s > tier + 99) return false;
      return !after || s < after.score || (s === after.score && (r.entity_id as string) > after.entityId);
    };
    const byRank = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      Number(b.score) - Number(a.score) || ((a.entity_id as string) < (b.entity_id as string) ? -1 : 1);
    const out: Record<string, unknown>[] = [];
    if (!after || after.score >= 900) {
      const rows = rawRows<Record<string, unknown>>(
        db,
        await db.raw(`select ${HIT_COLUMNS}, ${score.sql} as score from search_documents d ${this.discoverable(pg)} and (d.name_folded = ? or d.slug = ?)${kinds.sql}`, [
          ...score.bindings,
          q.now,
          q.now,
          phrase,
          words.join('-'),
          ...kinds.bindings,
        ]),
      );
      out.push(...rows.filter((r) => inPage(r, 900)).sort(byRank).slice(0, need));
    }
    const hits = `select ${HIT_COLUMNS}, ${score.sql} as score from search_documents d ${this.discoverable(false)} and d.id in (select value from json_each(?))${kinds.sql}`;
    const candidatesSql = `select d.id, d.entity_id, ${score.sql} as score from search_documents d
        where d.visible = 1 and (d.window_end_at is null or d.window_end_at > ?) and d.id in (select value from json_each(?))${kinds.sql}`;
    const byCandidate = (a: { entityId: string; score: number }, b: { entityId: string; score: number }) => b.score - a.score || (a.entityId < b.entityId ? -1 : 1);
    const tiers = pg ? this.pgTiers(words) : this.sqliteTiers(words, q.kinds);
    const batch = this.options.rankBatch ?? RANK_BATCH;
    // PostgreSQL, several words and nothing yet: whether any document holds them all (the last
    // tier's test, which every tier's match passes) is looked up first, so words that never meet
    // cost one walk of the buckets, not one per tier.
    if (pg && words.length > 1 && !after && !out.length) {
      const everywhere = tiers[tiers.length - 1];
      const probe = SearchRepository.pgBucketPage({ score: '0', test: `${everywhere.test}${kinds.sql}`, keep: 'true', limit: 1 });
      const any = await db.raw(`select x.id from generate_series(0, 99) as b(n) cross join lateral (${probe}) x limit 1`, [q.now, everywhere.binding ?? '', ...kinds.bindings, q.now]);
      if (!rawRows(db, any).length) return [];
    }
    for (const { tier, test, binding } of tiers) {
      if (out.length >= need) break;
      if (after && after.score < tier) continue;
      const wanted = need - out.length;
      // Continuing inside this tier: from the cursor's name length on.
      const fromBucket = after && after.score <= tier + 99 ? tier + 99 - after.score : 0;
      if (pg) {
        // One statement: bucket by bucket, each bucket's matches scored, checked live, kept when
        // of this tier and past the cursor, by id; the buckets stop once the page is full.
        const cursor = after ? ' and (d.score < ? or (d.score = ? and d.rank_id > ?))' : '';
        const page = SearchRepository.pgBucketPage({ score: score.sql, test: `${test}${kinds.sql}`, keep: `d.score between ${tier} and ${tier + 99}${cursor}`, limit: wanted });
        const sql = `select x.* from generate_series(?::int, 99) as b(n) cross join lateral (${page}) x limit ${wanted}`;
        const bindings = [fromBucket, ...score.bindings, q.now, binding ?? '', ...kinds.bindings, ...(after ? [after.score, after.score, after.entityId] : []), q.now];
        out.push(...rawRows<Record<string, unknown>>(db, await db.raw(sql, bindings)));
        continue;
      }
      // Candidates come from the documents alone (stored flag and window, exact score); only the
      // few that would make the page are checked live against the source rows, in rank order, and
      // the walk goes on when one of them fails.
      const candidates: { id: number; entityId: string; score: number; bucket: number }[] = [];
      const verified: Record<string, unknown>[] = [];
      let from = fromBucket * RANK_BUCKET;
      let exhausted = false;
      for (;;) {
        while (!exhausted) {
          const ranks = rawRows<{ rowid: number }>(db, await db.raw('select rowid from search_rank where search_rank match ? and rowid >= ? order by rowid limit ?', [test, from, batch])).map((r) => Number(r.rowid));
          exhausted = ranks.length < batch;
          if (!ranks.length) break;
          const scored = new Map(
            rawRows<{ id: number; entity_id: string; score: number }>(db, await db.raw(candidatesSql, [...score.bindings, q.now, JSON.stringify(ranks.map((r) => r % RANK_BUCKET)), ...kinds.bindings])).map((r) => [Number(r.id), r]),
          );
          for (const key of ranks) {
            const row = scored.get(key % RANK_BUCKET);
            if (row && inPage(row, tier)) candidates.push({ id: Number(row.id), entityId: row.entity_id, score: Number(row.score), bucket: Math.floor(key / RANK_BUCKET) });
          }
          from = ranks[ranks.length - 1] + 1;
          // A length is read to its end: inside it the order is by entity id, not by rowid.
          const open = wanted - verified.length;
          const lastBucket = Math.floor(ranks[ranks.length - 1] / RANK_BUCKET);
          if (candidates.length >= open && lastBucket > candidates.sort(byCandidate)[open - 1].bucket) break;
        }
        candidates.sort(byCandidate);
        const next = candidates.splice(0, wanted - verified.length);
        if (!next.length) break;
        const live = new Map(rawRows<Record<string, unknown>>(db, await db.raw(hits, [...score.bindings, q.now, q.now, JSON.stringify(next.map((c) => c.id)), ...kinds.bindings])).map((r) => [Number(r.id), r]));
        for (const c of next) {
          const row = live.get(c.id);
          if (row) verified.push(row);
        }
        if (verified.length >= wanted) break;
      }
      out.push(...verified);
    }
    return out.map(toHit);
  }

  /** SQLite: each tier's FTS5 expression over `search_rank` (walked in rowid, that is rank, order). */
  private sqliteTiers(words: string[], kinds: SearchKind[] | undefined): RankedTier[] {
    const last = words.length - 1;
    const terms = words.map((w, i) => `"${w}"${i === last ? ' *' : ''}`).join(' AND ');
    const ofKind = kinds?.length ? ` AND kind : (${kinds.map((k) => `"${k}"`).join(' OR ')})` : '';
    return [
      { tier: 800, test: `name : ^ "${words.join(' ')}" *` },
      { tier: 700, test: `name : (${terms})` },
      { tier: 600, test: `keywords : (${words.map((w) => `"${w}"`).join(' AND ')})` },
      { tier: 500, test: `{name keywords} : (${terms})` },
      { tier: 300, test: `{name keywords body} : (${terms})` },
    ].map((t) => ({ ...t, test: t.test + ofKind }));
  }

  /**
   * PostgreSQL: each tier's test for the bucket `b.n`, on the indexes of migration
   * 20261206000300: (bucket, folded name) for the starts-with tier, else the tier's words
   * prefixed by their bucket ('#' in the tsquery stands for the bucket).
   */
  private pgTiers(words: string[]): RankedTier[] {
    const last = words.length - 1;
    const tsquery = (prefix: boolean) => words.map((w, i) => `'#~${w}'${prefix && i === last ? ':*' : ''}`).join(' & ');
    const wordsOf = (columns: string[]) => `${pgBucketedWords(columns)} @@ replace(?, '#', b.n::text)::tsquery`;
    return [
      { tier: 800, test: 'least(99, length(d.name_folded)) = b.n and d.name_folded like ?', binding: `${words.join(' ')}%` },
      { tier: 700, test: wordsOf(['fts_name']), binding: tsquery(true) },
      { tier: 600, test: `${PG_BUCKETED_ALIASES} @> array[b.n::text || '~' || ?]`, binding: words.join(' ') },
      { tier: 500, test: wordsOf(['fts_name', 'fts_keywords']), binding: tsquery(true) },
      { tier: 300, test: wordsOf(['fts_name', 'fts_keywords', 'fts_body']), binding: tsquery(true) },
    ];
  }

  /** PostgreSQL: the tsquery of every word, the last one as a prefix. */
  private static tsquery(words: string[]): string {
    return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
  }

  /**
   * PostgreSQL: whether the projection holds fewer than PG_SMALL_DIRECTORY documents (the
   * planner's count, kept by ANALYZE; -1 before the first). Then every match scored at once is
   * cheaper than the tiers' hundred bucket lookups each, which pay off on a large directory.
   */
  private async smallDirectory(db: Queryable): Promise<boolean> {
    const rows = rawRows<{ n: string | number }>(db, await db.raw("select reltuples as n from pg_class where oid = 'search_documents'::regclass"));
    return Number(rows[0]?.n ?? -1) < (this.options.smallDirectory ?? PG_SMALL_DIRECTORY);
  }

  /** PostgreSQL: a page from every match scored, checked live and sorted (a small directory). */
  private async wholePage(db: Queryable, q: SearchQuery): Promise<SearchHit[]> {
    const score = this.scoreOf(q.words, true);
    const kinds = this.kindFilter(q.kinds);
    const page = this.page(true, q);
    const sql = `select * from (
        select ${HIT_COLUMNS}, ${score.sql} as score
        from search_documents d
        ${this.discoverable(true)}
        and d.search_vector @@ ?::tsquery${kinds.sql}
      ) s ${page.sql}`;
    const result = await db.raw(sql, [...score.bindings, q.now, q.now, SearchRepository.tsquery(q.words), ...kinds.bindings, ...page.bindings]);
    return rawRows<Record<string, unknown>>(db, result).map(toHit);
  }

  /**
   * PostgreSQL only: a query that matched nothing, with its misspelt words corrected. Each word no
   * name holds (the last one: that no name word starts with) is replaced by the word of the names
   * most similar to it by trigrams (`search_name_words`, migration 20261207000100; ties by the
   * word); when every word is held, or one has no similar word, there is no answer. The corrected
   * words are then matched in names (the last one as a prefix when it was not corrected) and read
   * bucket by bucket as the ranking tiers are: score 99 − the name's length (at least 0), then id.
   */
  private async typoPage(db: Queryable, q: SearchQuery): Promise<SearchHit[]> {
    if (this.dialect !== 'pg') return [];
    const found = rawRows<{ schema: string }>(db, await db.raw("select n.nspname as schema from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname = 'pg_trgm'"));
    if (!found.length) return [];
    const ext = `"${found[0].schema.replace(/"/g, '""')}"`;
    await db.raw("select set_config('pg_trgm.similarity_threshold', ?, true)", [String(TYPO_THRESHOLD)]);
    const last = q.words.length - 1;
    // Per word: whether a name holds it, and its nearest word of the names.
    const parts = q.words.map(
      (_, i) => `select ${i} as i,
          exists (select 1 from search_name_words where word ${i === last ? 'like' : '='} ?) as known,
          (select word from search_name_words where word operator(${ext}.%) ? order by ${ext}.similarity(word, ?) desc, word limit 1) as near`,
    );
    const bindings = q.words.flatMap((w, i) => [i === last ? `${w}%` : w, w, w]);
    const rows = rawRows<{ i: number; known: boolean; near: string | null }>(db, await db.raw(parts.join(' union all '), bindings));
    const byWord = new Map(rows.map((r) => [Number(r.i), r]));
    if (q.words.every((_, i) => byWord.get(i)?.known)) return [];
    const terms: string[] = [];
    for (const [i, w] of q.words.entries()) {
      const r = byWord.get(i);
      if (r?.known) terms.push(`'#~${w}'${i === last ? ':*' : ''}`);
      else if (r?.near && /^[\p{L}\p{N}]+$/u.test(r.near)) terms.push(`'#~${r.near}'`);
      else return [];
    }
    const need = q.limit + 1;
    const kinds = this.kindFilter(q.kinds);
    const after = q.after;
    const cursor = after ? 'd.score < ? or (d.score = ? and d.rank_id > ?)' : 'true';
    const page = SearchRepository.pgBucketPage({
      score: '(99 - least(99, length(d.name_folded)))',
      test: `${pgBucketedWords(['fts_name'])} @@ replace(?, '#', b.n::text)::tsquery${kinds.sql}`,
      keep: `(${cursor})`,
      limit: need,
    });
    const sql = `select x.* from generate_series(?::int, 99) as b(n) cross join lateral (${page}) x limit ${need}`;
    const fromBucket = after ? Math.max(0, Math.min(99, 99 - after.score)) : 0;
    const result = await db.raw(sql, [fromBucket, q.now, terms.join(' & '), ...kinds.bindings, ...(after ? [after.score, after.score, after.entityId] : []), q.now]);
    return rawRows<Record<string, unknown>>(db, result).map(toHit);
  }
}

/** An events row (any schema since the time window) as the projection needs it. */
export function toSearchableEvent(r: Record<string, unknown>): SearchableEvent {
  return {
    ...toEvent(r),
    windowStartAt: Number(r.window_start_at),
    windowEndAt: Number(r.window_end_at),
    retractedAt: num(r.retracted_at),
    venueLabel: (r.venue_label as string | null) ?? null,
    artworkAssetId: (r.artwork_asset_id as string | null) ?? null,
  };
}
