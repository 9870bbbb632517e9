import type { Knex } from 'knex';

/** Accounts that sign in on the web and own credentials. Timestamps are epoch ms. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.string('id', 40).primary();
    t.string('email', 320).notNullable().unique();
    t.string('display_name', 80).notNullable();
    t.string('password_hash', 255).nullable();
    t.bigInteger('email_verified_at').nullable();
    t.bigInteger('time_api_granted_at').nullable();
    t.boolean('retention_default').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
