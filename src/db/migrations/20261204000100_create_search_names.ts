import type { Knex } from 'knex';

/**
 * Names the directory is found by inside a text (extraction reads "… at Midnight Arcade 10pm",
 * "会場：静かな提灯会" against it): one row per name and alias of each person, community and world
 * document of the search projection, keyed by the folded name without spaces. Kept by
 * `SearchRepository` in the same write as the document.
 *
 * Existing documents are keyed here with the folding as it is on this migration's date (copied,
 * not imported, so later changes to the live folding do not change what this migration did).
 */
const LETTERS: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd',
  ł: 'l', Ł: 'l', ı: 'i', þ: 'th', Þ: 'th', ħ: 'h', Ħ: 'h', ŧ: 't', Ŧ: 't',
};
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;
const SPELLED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');
const key = (name: string) =>
  name
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .replace(SPELLED, (c) => LETTERS[c])
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '');

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
