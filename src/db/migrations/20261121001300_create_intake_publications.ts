import type { Knex } from 'knex';

/**
 * One publication receipt per draft (contract 3: publish, and its idempotent replay). The
 * unique draft id makes two concurrent publishes of one draft create exactly one event; the
 * unique (user, key) pair refuses a key reused for another draft.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('intake_publications', (t) => {
    t.string('id', 40).primary();
    t.string('draft_id', 40).notNullable().unique();
    t.string('owner_user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('idempotency_key', 128).notNullable();
    t.bigInteger('draft_version').notNullable();
    t.string('event_id', 40).notNullable();
    t.string('event_path', 2048).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['owner_user_id', 'idempotency_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('intake_publications');
}
