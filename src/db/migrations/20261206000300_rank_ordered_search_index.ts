import type { Knex } from 'knex';

const OLD_TRIGGERS = ['search_documents_ai', 'search_documents_ad', 'search_documents_au'];
const NEW_TRIGGERS = ['search_rank_ai', 'search_rank_ad', 'search_rank_au'];

/**
 * Search reads results in rank order and stops at the page's end, instead of scoring every match.
 *
 * Within a ranking tier (src/repositories/search.ts) results are ordered by name length, then id.
 * SQLite: `search_rank`, a contentless FTS5 index (rows deleted by rowid, `contentless_delete`)
 * replaces `search_fts`. Its rowid is the rank key `min(99, length(name_folded)) << 40 | id`, so
 * FTS5, which walks a match in rowid order, yields the shortest names first and a page reads a
 * few hundred postings whatever the number of matches. Only documents stored as visible are
 * indexed (the rest can never be results). Columns: `name` (name and slug words), `keywords`
 * (aliases and tags), `body` (the text) and `kind` (the document's kind as one word, so a search
 * of one kind walks only that kind). Prefix indexes of 1, 2 and 3 characters answer a short
 * prefix from one list instead of merging every word that starts with it.
 *
 * Both databases: B-tree indexes on the folded name and on the slug, for the exact-name tier.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.alterTable('search_documents', (t) => {
    t.index(['name_folded'], 'search_documents_name_idx');
    t.index(['slug'], 'search_documents_slug_idx');
  });
  if (pg) return;
  for (const name of OLD_TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  await knex.raw('drop table if exists search_fts');
  await knex.raw(`create virtual table search_rank using fts5(
      name, keywords, body, kind,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`);
  const rank = (row: 'new' | 'old') => `((min(99, length(${row}.name_folded)) << 40) | ${row}.id)`;
  const insert = `insert into search_rank(rowid, name, keywords, body, kind) select ${rank('new')}, new.fts_name, new.fts_keywords, new.fts_body, new.kind where new.visible = 1;`;
  const remove = `delete from search_rank where rowid = ${rank('old')};`;
  await knex.raw(`create trigger search_rank_ai after insert on search_documents begin ${insert} end`);
  await knex.raw(`create trigger search_rank_ad after delete on search_documents begin ${remove} end`);
  await knex.raw(`create trigger search_rank_au after update on search_documents begin ${remove} ${insert} end`);
  await knex.raw(`insert into search_rank(rowid, name, keywords, body, kind)
      select (min(99, length(name_folded)) << 40) | id, fts_name, fts_keywords, fts_body, kind from search_documents where visible = 1`);
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
  await knex.schema.alterTable('search_documents', (t) => {
    t.dropIndex(['slug'], 'search_documents_slug_idx');
    t.dropIndex(['name_folded'], 'search_documents_name_idx');
  });
}
