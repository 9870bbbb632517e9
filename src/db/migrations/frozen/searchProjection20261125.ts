import type { Knex } from 'knex';

/**
 * The search projection as migration 20261125000200 built it on its date: the folding, the
 * document of each profile, world and event, and the stored columns, copied from the code of that
 * date and never changed since. A migration is history: importing the live repository or builders
 * would silently change what this migration does on a fresh install whenever they change, while
 * installs that ran it earlier keep the old result. Reads only the columns the tables had then.
 *
 * Migration 20261204000100 (search_names) keys its names with `foldText` from here too.
 */

const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd',
  ł: 'l', Ł: 'l', ı: 'i', þ: 'th', Þ: 'th', ħ: 'h', Ħ: 'h', ŧ: 't', Ŧ: 't',
};
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;
const SPELLED = new RegExp(`[${Object.keys(LETTERS_WITHOUT_DECOMPOSITION).join('')}]`, 'g');

/** Lower-case words without accents, separated by single spaces ("Café  Sonoré!" → "cafe sonore"). */
export function foldText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .replace(SPELLED, (c) => LETTERS_WITHOUT_DECOMPOSITION[c])
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

const searchWords = (text: string | null | undefined): string[] => {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
};

const json = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));

type Row = Record<string, unknown>;

interface Doc {
  kind: string;
  entityId: string;
  slug: string;
  title: string;
  aliases: string[];
  tags: string[];
  text: (string | null)[];
  subtitle: string | null;
  summary: string | null;
  claimState: string | null;
  creationSource: string | null;
  imageUrl: string | null;
  communityProfileId: string | null;
  communityName: string | null;
  startsAt: number | null;
  windowStartAt: number | null;
  windowEndAt: number | null;
  sourceType: string | null;
  sourceLabel: string | null;
  visible: boolean;
  updatedAt: number;
}

const SUMMARY_MAX = 240;
const INSERT_BATCH = 400;
const READ_BATCH = 1000;
const MAX_INDEXED_WORDS = 2000;
const MAX_WORD_LENGTH = 200;

function clip(text: string | null): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SUMMARY_MAX) return flat || null;
  const cut = flat.slice(0, SUMMARY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > SUMMARY_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

const base = { communityProfileId: null, communityName: null, startsAt: null, windowStartAt: null, windowEndAt: null, sourceType: null, sourceLabel: null, claimState: null, creationSource: null, imageUrl: null };

function profileDoc(p: Row): Doc {
  const person = p.profile_type === 'person';
  return {
    ...base,
    kind: p.profile_type as string,
    entityId: p.id as string,
    slug: p.slug as string,
    title: p.display_name as string,
    aliases: json(p.aliases, []),
    tags: [...new Set([...json<string[]>(p.tags, []), ...json<string[]>(person ? p.role_tags : p.category_tags, [])])],
    text: [str(p.headline), str(p.bio)],
    subtitle: str(p.headline),
    summary: clip(str(p.bio)),
    claimState: str(p.claim_state),
    creationSource: str(p.creation_source),
    visible: p.publication_state === 'published' && p.public_surfacing_state === 'public',
    updatedAt: Number(p.updated_at),
  };
}

function worldDoc(w: Row): Doc {
  return {
    ...base,
    kind: 'world',
    entityId: w.id as string,
    slug: w.slug as string,
    title: w.display_name as string,
    aliases: [],
    tags: json(w.tags, []),
    text: [str(w.summary), str(w.description)],
    subtitle: str(w.summary),
    summary: clip(str(w.description)),
    imageUrl: str(w.hero_image_url),
    visible: w.visibility_status === 'published',
    updatedAt: Number(w.updated_at),
  };
}

function eventDoc(e: Row, community: Row | undefined): Doc {
  const communityName = community ? (community.display_name as string) : null;
  const sourceLabel = str(e.source_label);
  return {
    ...base,
    kind: 'event',
    entityId: e.id as string,
    slug: e.slug as string,
    title: e.title as string,
    aliases: [],
    tags: [],
    text: [str(e.summary), str(e.venue_label)],
    subtitle: communityName,
    summary: clip(str(e.summary)),
    imageUrl: e.artwork_asset_id ? `/api/v0/events/${e.slug as string}/artwork` : null,
    communityProfileId: e.community_profile_id as string,
    communityName,
    startsAt: e.schedule_kind === 'timed' ? num(e.start_at) : null,
    windowStartAt: Number(e.window_start_at),
    windowEndAt: Number(e.window_end_at),
    sourceType: str(e.source_type),
    sourceLabel: e.source_type === 'community' ? 'Community-submitted' : sourceLabel || communityName || 'Organiser',
    visible: num(e.retracted_at) === null && e.status !== 'cancelled',
    updatedAt: Number(e.updated_at),
  };
}

const indexable = (words: string[]) => words.filter((w) => w.length <= MAX_WORD_LENGTH);

/** A weighted tsvector literal from words folded in JS (A name and slug, B aliases and tags, C text). */
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

function columns(doc: Doc, pg: boolean, knex: Knex): Row {
  const nameWords = indexable(searchWords(doc.title));
  const slugWords = searchWords(doc.slug).filter((w) => !nameWords.includes(w));
  const keywordWords = indexable([...doc.aliases, ...doc.tags].flatMap((t) => searchWords(t)));
  const textWords = indexable(doc.text.flatMap((t) => searchWords(t))).slice(0, MAX_INDEXED_WORDS);
  const exactNames = [...new Set([...doc.aliases, ...doc.tags].map(foldText).filter(Boolean))];
  const row: Row = {
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
  if (pg) row.search_vector = knex.raw('?::tsvector', [tsvectorLiteral([[[...nameWords, ...slugWords], 'A'], [keywordWords, 'B'], [textWords, 'C']])]);
  return row;
}

/**
 * Indexes the profiles, worlds and events already stored (an install upgraded to this migration),
 * reading each table by id in batches of 1000 and writing documents in batches of 400.
 */
export async function indexExistingRows(knex: Knex): Promise<number> {
  const pg = knex.client.config.client === 'pg';
  let total = 0;
  const write = async (docs: Doc[]) => {
    for (let i = 0; i < docs.length; i += INSERT_BATCH) {
      await knex('search_documents').insert(docs.slice(i, i + INSERT_BATCH).map((d) => columns(d, pg, knex)));
    }
    total += docs.length;
  };
  const pages = async (table: string, each: (rows: Row[]) => Promise<void>) => {
    let after = '';
    for (;;) {
      const rows: Row[] = await knex(table).where('id', '>', after).orderBy('id').limit(READ_BATCH);
      if (!rows.length) return;
      await each(rows);
      after = rows[rows.length - 1].id as string;
    }
  };
  await pages('profiles', (rows) => write(rows.map(profileDoc)));
  await pages('worlds', (rows) => write(rows.map(worldDoc)));
  await pages('events', async (rows) => {
    const ids = [...new Set(rows.map((r) => r.community_profile_id as string))];
    const communities = new Map(((await knex('profiles').whereIn('id', ids)) as Row[]).map((r) => [r.id as string, r]));
    await write(rows.map((r) => eventDoc(r, communities.get(r.community_profile_id as string))));
  });
  if (pg && total) await knex.raw('analyze search_documents');
  return total;
}
