import type { Knex } from 'knex';

const OLD_TRIGGERS = ['search_documents_ai', 'search_documents_ad', 'search_documents_au'];
const NEW_TRIGGERS = ['search_rank_ai', 'search_rank_ad', 'search_rank_au'];
/** Rank keys: the name-length bucket (0–99) times this, plus the document's id. */
const RANK_BUCKET = 2 ** 40;
/** PostgreSQL: the word indexes of the tiers, by the match columns they hold. */
const PG_WORD_INDEXES = {
  search_documents_name_words_idx: ['fts_name'],
  search_documents_keyword_words_idx: ['fts_name', 'fts_keywords'],
  search_documents_all_words_idx: ['fts_name', 'fts_keywords', 'fts_body'],
};

/**
 * PostgreSQL: the words of these columns, each prefixed by the name-length bucket ("12~neon"), as
 * a tsvector. A tier's test for one bucket is then a lookup of that bucket's words alone, and a
 * prefix query stays a prefix ('12~ne':*). The repository spells the same expression.
 */
const bucketedWords = (columns: string[]) =>
  `array_to_tsvector(string_to_array(btrim(replace(' ' || btrim(${columns.join(" || ' ' || ")}), ' ', ' ' || least(99, length(name_folded))::text || '~')), ' '))`;

/**
 * Search reads results in rank order and stops at the page's end, instead of scoring every match.
 *
 * Within a ranking tier (src/repositories/search.ts) results are ordered by name length, then id.
 * SQLite: `search_rank`, a contentless FTS5 index (rows deleted by rowid, `contentless_delete`)
 * replaces `search_fts`. Its rowid is the rank key `min(99, length(name_folded)) × 2^40 + id`, so
 * FTS5, which walks a match in rowid order, yields the shortest names first and a page reads a
 * few hundred postings whatever the number of matches. Only documents stored as visible are
 * indexed (the rest can never be results). Columns: `name` (name and slug words), `keywords`
 * (aliases and tags), `body` (the text) and `kind` (the document's kind as one word, so a search
 * of one kind walks only that kind). Prefix indexes of 1, 2 and 3 characters answer a short
 * prefix from one list instead of merging every word that starts with it.
 *
 * PostgreSQL: GIN cannot walk a match in another order, so the order comes from the words: partial
 * GIN indexes (visible documents) of each tier's words (name; name, aliases and tags; all), each
 * word prefixed by its document's name-length bucket ("12~neon"), and a B-tree index of (bucket,
 * folded name) for the starts-with tier. A tier is read bucket by bucket, shortest first, each
 * bucket one small lookup, until the page is full.
 *
 * Both databases: B-tree indexes on the folded name (pattern operators on PostgreSQL, for the
 * starts-with tier) and on the slug, for the exact-name tier.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.raw(`create index search_documents_name_idx on search_documents (name_folded${pg ? ' text_pattern_ops' : ''})`);
  await knex.raw('create index search_documents_slug_idx on search_documents (slug)');
  if (pg) {
    const bucket = 'least(99, length(name_folded))';
    await knex.raw(`create index search_documents_name_length_idx on search_documents ((${bucket}), name_folded text_pattern_ops) where visible`);
    for (const [name, columns] of Object.entries(PG_WORD_INDEXES)) {
      // Without a pending list: a search looks each index up a hundred times, and a pending list
      // (fastupdate, up to 4 MB of unsorted entries after a run of writes) is read in full by each.
      await knex.raw(`create index ${name} on search_documents using gin (${bucketedWords(columns)}) with (fastupdate = off) where visible`);
    }
    await knex.raw('analyze search_documents');
    return;
  }
  for (const name of OLD_TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  await knex.raw('drop table if exists search_fts');
  await knex.raw(`create virtual table search_rank using fts5(
      name, keywords, body, kind,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`);
  const rank = (row: 'new' | 'old') => `(min(99, length(${row}.name_folded)) * ${RANK_BUCKET} + ${row}.id)`;
  const insert = `insert into search_rank(rowid, name, keywords, body, kind) select ${rank('new')}, new.fts_name, new.fts_keywords, new.fts_body, new.kind where new.visible = 1;`;
  const remove = `delete from search_rank where rowid = ${rank('old')};`;
  await knex.raw(`create trigger search_rank_ai after insert on search_documents begin ${insert} end`);
  await knex.raw(`create trigger search_rank_ad after delete on search_documents begin ${remove} end`);
  await knex.raw(`create trigger search_rank_au after update on search_documents begin ${remove} ${insert} end`);
  await knex.raw(`insert into search_rank(rowid, name, keywords, body, kind)
      select min(99, length(name_folded)) * ${RANK_BUCKET} + id, fts_name, fts_keywords, fts_body, kind from search_documents where visible = 1`);
  await knex.raw("insert into search_rank(search_rank) values ('optimize')");
}

export async function down(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  if (!pg) {
    for (const name of NEW_TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
    await knex.raw('drop table if exists search_rank');
    await knex.raw(`create virtual table search_fts using fts5(
      fts_name, fts_keywords, fts_body,
      content = 'search_documents', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`);
    await knex.raw(`create trigger search_documents_ai after insert on search_documents begin
      insert into search_fts(rowid, fts_name, fts_keywords, fts_body) values (new.id, new.fts_name, new.fts_keywords, new.fts_body);
    end`);
    await knex.raw(`create trigger search_documents_ad after delete on search_documents begin
      insert into search_fts(search_fts, rowid, fts_name, fts_keywords, fts_body) values ('delete', old.id, old.fts_name, old.fts_keywords, old.fts_body);
    end`);
    await knex.raw(`create trigger search_documents_au after update on search_documents begin
      insert into search_fts(search_fts, rowid, fts_name, fts_keywords, fts_body) values ('delete', old.id, old.fts_name, old.fts_keywords, old.fts_body);
      insert into search_fts(rowid, fts_name, fts_keywords, fts_body) values (new.id, new.fts_name, new.fts_keywords, new.fts_body);
    end`);
    await knex.raw("insert into search_fts(search_fts) values ('rebuild')");
  }
  if (pg) for (const name of ['search_documents_name_length_idx', ...Object.keys(PG_WORD_INDEXES)]) await knex.raw(`drop index if exists ${name}`);
  for (const name of ['search_documents_slug_idx', 'search_documents_name_idx']) await knex.raw(`drop index if exists ${name}`);
}
