import type { Knex } from 'knex';

/**
 * Fixed-window usage counters kept in the database (time-parse quotas, contract 8.2): one row
 * per scope and period, incremented atomically; rows past `expires_at` can be swept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quota_counters', (t) => {
    t.string('scope_key', 120).notNullable();
    t.string('period_key', 40).notNullable();
    t.integer('count').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.primary(['scope_key', 'period_key']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quota_counters');
}
