import type { Knex } from 'knex';

/**
 * The version stamp of what anonymous public reads show: one row, bumped inside every write's
 * unit of work that changes a profile, world or event. A response cache keeps an answer only
 * while the stamp it was computed under is still current, so every instance sharing the
 * database stops serving an edited or retracted event as soon as the write commits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_read_versions', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable();
  });
  await knex('public_read_versions').insert({ id: 1, version: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('public_read_versions');
}
