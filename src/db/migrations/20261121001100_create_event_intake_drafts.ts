import type { Knex } from 'knex';

/**
 * Event-intake drafts (contract 2.4, 2.5, 4.2): the draft fields as one JSON document, a
 * strictly increasing version, and the artwork and publication it ends up with. A draft
 * expires 30 days after its last save (decisions §4).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_intake_drafts', (t) => {
    t.string('id', 40).primary();
    t.string('owner_user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('version').notNullable();
    t.text('fields').notNullable();
    t.string('artwork_asset_id', 40).nullable();
    t.string('artwork_source_id', 40).nullable();
    t.string('published_receipt_id', 40).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['owner_user_id', 'expires_at']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_intake_drafts');
}
