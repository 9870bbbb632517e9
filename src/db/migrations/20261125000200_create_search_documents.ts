import type { Knex } from 'knex';
import { indexExistingRows } from './frozen/searchProjection20261125.js';

const TRIGGERS = ['search_documents_ai', 'search_documents_ad', 'search_documents_au'];

/**
 * The public search projection (contract 4.4, 4.6 rule 6): one row per profile, world and
 * event, with its display fields, its discovery inputs (`visible`, the event window) and its
 * match fields, folded in JS (src/lib/searchText.ts) so both databases match the same words.
 *
 * - SQLite: `search_fts`, an FTS5 index over the documents (external content, kept in sync by
 *   triggers), `unicode61 remove_diacritics 2` tokenizer, prefix indexes of 2 and 3 characters.
 * - PostgreSQL: a weighted `search_vector` (A name and slug, B aliases and tags, C text) with a
 *   GIN index, and a trigram GIN index on the folded name for typo matching. `pg_trgm` is
 *   created once per database (in `public`, under an advisory lock so parallel migrations of
 *   several schemas do not race); without the privilege to create it, search works without the
 *   typo fallback. `unaccent` is not needed: folding happens before the text reaches SQL.
 *
 * Existing rows are indexed at the end, by the builders as they were on this migration's date
 * (frozen/searchProjection20261125.ts: copied, not imported, so later changes to the live search
 * code do not change what this migration does).
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.createTable('search_documents', (t) => {
    t.increments('id').primary();
    t.string('entity_id', 40).notNullable().unique();
    t.string('kind', 16).notNullable();
    t.string('slug', 160).notNullable();
    t.string('title', 200).notNullable();
    t.text('subtitle').nullable();
    t.text('summary').nullable();
    t.text('aliases').notNullable().defaultTo('[]');
    t.text('tags').notNullable().defaultTo('[]');
    t.string('claim_state', 24).nullable();
    t.string('creation_source', 24).nullable();
    t.string('image_url', 2048).nullable();
    t.string('community_profile_id', 40).nullable();
    t.string('community_name', 120).nullable();
    t.bigInteger('starts_at').nullable();
    t.bigInteger('window_start_at').nullable();
    t.bigInteger('window_end_at').nullable();
    t.string('source_type', 24).nullable();
    t.string('source_label', 120).nullable();
    t.boolean('visible').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.text('name_folded').notNullable();
    t.text('alias_set').notNullable();
    t.text('fts_name').notNullable();
    t.text('fts_keywords').notNullable();
    t.text('fts_body').notNullable();
    if (pg) t.specificType('search_vector', 'tsvector').notNullable();
    t.index(['kind'], 'search_documents_kind_idx');
    t.index(['community_profile_id'], 'search_documents_community_idx');
  });
  if (pg) {
    await knex.raw('create index search_documents_vector_idx on search_documents using gin (search_vector)');
    const schema = await trigramSchema(knex);
    if (schema) await knex.raw(`create index search_documents_name_trgm_idx on search_documents using gin (name_folded "${schema}".gin_trgm_ops)`);
  } else {
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
  }
  await indexExistingRows(knex);
}

/** The schema holding pg_trgm, created in `public` when absent; undefined when it cannot be created. */
async function trigramSchema(knex: Knex): Promise<string | undefined> {
  const find = async () => {
    const { rows } = await knex.raw("select n.nspname as schema from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname = 'pg_trgm'");
    return (rows as { schema: string }[])[0]?.schema.replace(/"/g, '""');
  };
  await knex.raw("select pg_advisory_xact_lock(hashtext('marquee:create extension pg_trgm'))");
  const existing = await find();
  if (existing) return existing;
  try {
    // A savepoint: a refusal (no privilege) must not abort the migration's transaction.
    await knex.transaction((trx) => trx.raw('create extension if not exists pg_trgm schema public'));
  } catch {
    return undefined;
  }
  return find();
}

export async function down(knex: Knex): Promise<void> {
  // pg_trgm stays: it belongs to the database, and other schemas may use it.
  if (knex.client.config.client !== 'pg') {
    for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
    await knex.raw('drop table if exists search_fts');
  }
  await knex.schema.dropTableIfExists('search_documents');
}
