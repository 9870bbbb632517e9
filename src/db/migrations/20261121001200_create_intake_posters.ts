import type { Knex } from 'knex';

/**
 * Posters uploaded for a draft (contract 2.2, 4.2) and the public artwork derived from one.
 * A poster is private for good; only the derived artwork of a published event is served.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('intake_posters', (t) => {
    t.string('id', 40).primary();
    t.string('draft_id', 40).notNullable().references('event_intake_drafts.id').onDelete('CASCADE');
    t.string('owner_user_id', 40).notNullable();
    t.string('content_type', 32).notNullable();
    t.integer('byte_length').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('storage_key', 200).notNullable();
    t.string('state', 16).notNullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('upload_expires_at').notNullable();
    t.bigInteger('completed_at').nullable();
    t.index(['draft_id']);
    t.index(['state', 'upload_expires_at']);
  });
  await knex.schema.createTable('event_artwork', (t) => {
    t.string('id', 40).primary();
    t.string('draft_id', 40).nullable();
    t.string('poster_id', 40).notNullable();
    t.string('storage_key', 200).notNullable();
    t.string('content_type', 32).notNullable();
    t.integer('byte_length').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['draft_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_artwork');
  await knex.schema.dropTable('intake_posters');
}
