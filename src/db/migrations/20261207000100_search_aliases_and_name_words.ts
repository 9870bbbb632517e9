import type { Knex } from 'knex';

/**
 * PostgreSQL: the alias tier and typo matching read what they need, not every document holding a
 * query's words (SQLite is unchanged: this migration does nothing there).
 *
 * - `search_documents_alias_idx`: a partial GIN index (visible documents) of each exact name (alias
 *   or tag, as `alias_set` holds them) prefixed by the name-length bucket ("12~language exchange").
 *   The tier "an alias or tag equals the query" is read bucket by bucket from it, finding only its
 *   members, where the tier's word index found every document with the query's words in a name or
 *   keyword and scored each to keep none.
 * - `search_name_words`: the words of visible documents' names, with a trigram index. A
 *   query that matches nothing is answered, on PostgreSQL, by correcting each word no name holds
 *   to the most similar word that one does (pg_trgm similarity), then reading the corrected words
 *   in names as the ranking tiers read theirs; this replaces the trigram similarity of every name
 *   to the whole query (`search_documents_name_trgm_idx`, dropped), which scored every name
 *   sharing a few trigrams with it. Words are added by statement triggers on `search_documents`
 *   (sorted, without a unique index, so concurrent writers never wait on each other's new words;
 *   a word may be listed twice) and never removed: a word whose documents are gone only offers a
 *   correction that finds nothing.
 */
const ALIAS_INDEX = 'search_documents_alias_idx';
const ADD_WORDS = 'search_name_words_add';
const TRIGGERS = ['search_name_words_ai', 'search_name_words_au'];

/** The bucketed exact names of a document, as the repository spells them (with `d.`). */
const bucketedAliases = "string_to_array(replace(alias_set, '|', '|' || least(99, length(name_folded))::text || '~'), '|')";

/** The schema holding pg_trgm (quoted for SQL), or undefined when the database has none. */
async function trigramSchema(knex: Knex): Promise<string | undefined> {
  const { rows } = await knex.raw("select n.nspname as schema from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname = 'pg_trgm'");
  const schema = (rows as { schema: string }[])[0]?.schema;
  return schema === undefined ? undefined : `"${schema.replace(/"/g, '""')}"`;
}

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  await knex.raw(`create index ${ALIAS_INDEX} on search_documents using gin ((${bucketedAliases})) with (fastupdate = off) where visible`);
  await knex.raw('drop index if exists search_documents_name_trgm_idx');
  await knex.raw('create table search_name_words (word text collate "C" not null)');
  await knex.raw('create index search_name_words_word_idx on search_name_words (word)');
  const trgm = await trigramSchema(knex);
  if (trgm) await knex.raw(`create index search_name_words_trgm_idx on search_name_words using gin (word ${trgm}.gin_trgm_ops)`);
  // One insert per statement, of every new row's words, sorted and absent.
  await knex.raw(`create function ${ADD_WORDS}() returns trigger language plpgsql as $$
    begin
      insert into search_name_words (word)
        select w from (select distinct w from new_documents d, unnest(string_to_array(d.name_folded, ' ')) as w where d.visible and w <> '') n
        where not exists (select 1 from search_name_words s where s.word = n.w)
        order by w;
      return null;
    end $$`);
  await knex.raw(`create trigger ${TRIGGERS[0]} after insert on search_documents referencing new table as new_documents for each statement execute function ${ADD_WORDS}()`);
  await knex.raw(`create trigger ${TRIGGERS[1]} after update on search_documents referencing new table as new_documents for each statement execute function ${ADD_WORDS}()`);
  await knex.raw(`insert into search_name_words (word)
      select distinct w from search_documents d, unnest(string_to_array(d.name_folded, ' ')) as w where d.visible and w <> '' order by w`);
  await knex.raw('analyze search_name_words');
  await knex.raw('analyze search_documents');
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name} on search_documents`);
  await knex.raw(`drop function if exists ${ADD_WORDS}()`);
  await knex.raw('drop table if exists search_name_words');
  await knex.raw(`drop index if exists ${ALIAS_INDEX}`);
  const trgm = await trigramSchema(knex);
  if (trgm) await knex.raw(`create index if not exists search_documents_name_trgm_idx on search_documents using gin (name_folded ${trgm}.gin_trgm_ops)`);
}
