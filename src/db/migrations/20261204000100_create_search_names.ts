import type { Knex } from 'knex';
import { foldText } from './frozen/searchProjection20261125.js';

/**
 * Names the directory is found by inside a text (extraction reads "… at Midnight Arcade 10pm",
 * "会場：静かな提灯会" against it): one row per name and alias of each person, community and world
 * document of the search projection, keyed by the folded name without spaces. Kept by
 * `SearchRepository` in the same write as the document.
 *
 * Existing documents are keyed here with the folding as it was on this migration's date (the
 * frozen copy in frozen/searchProjection20261125.ts, not the live folding, so later changes to it
 * do not change what this migration does).
 */
const key = (name: string) => foldText(name).replace(/ /g, '');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_names', (t) => {
    t.string('name_key', 200).notNullable();
    t.string('entity_id', 40).notNullable();
    t.string('kind', 16).notNullable();
    t.primary(['name_key', 'entity_id']);
    t.index(['entity_id'], 'search_names_entity_idx');
  });
  let after = 0;
  for (;;) {
    const docs: { id: number; entity_id: string; kind: string; title: string; aliases: string }[] = await knex('search_documents')
      .select('id', 'entity_id', 'kind', 'title', 'aliases')
      .whereIn('kind', ['person', 'community', 'world'])
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(1000);
    if (!docs.length) break;
    const rows = docs.flatMap((d) => {
      let aliases: unknown = [];
      try {
        aliases = JSON.parse(d.aliases);
      } catch {
        aliases = [];
      }
      const names = [d.title, ...(Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string') : [])];
      return [...new Set(names.map(key).filter((k) => k && k.length <= 200))].map((k) => ({ name_key: k, entity_id: d.entity_id, kind: d.kind }));
    });
    for (let i = 0; i < rows.length; i += 300) await knex('search_names').insert(rows.slice(i, i + 300));
    after = docs[docs.length - 1].id;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('search_names');
}
