import type { Knex } from 'knex';

/**
 * Public events and their lineup slots. A date-only event keeps `event_date` and no
 * `start_at` (contract 2.8: never a synthesised midnight).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.string('id', 40).primary();
    t.string('slug', 160).notNullable().unique();
    t.string('community_profile_id', 40).notNullable().references('profiles.id');
    t.string('world_id', 40).nullable().references('worlds.id').onDelete('SET NULL');
    t.string('title', 120).notNullable();
    t.string('summary', 240).nullable();
    t.string('event_date', 10).notNullable();
    t.string('schedule_kind', 16).notNullable();
    t.bigInteger('start_at').nullable();
    t.bigInteger('end_at').nullable();
    t.bigInteger('doors_open_at').nullable();
    t.string('timezone', 64).nullable();
    t.string('status', 16).notNullable().defaultTo('scheduled');
    t.string('source_type', 24).notNullable();
    t.string('source_label', 120).notNullable();
    t.string('source_url', 2048).nullable();
    t.string('watch_mode', 24).notNullable().defaultTo('event_stream');
    t.boolean('watch_surface_enabled').notNullable().defaultTo(false);
    t.string('created_by_user_id', 40).nullable().references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('published_at').nullable();
    t.bigInteger('retracted_at').nullable();
    t.index(['community_profile_id', 'start_at']);
    t.index(['status', 'start_at']);
  });
  await knex.schema.createTable('event_slots', (t) => {
    t.string('id', 40).primary();
    t.string('event_id', 40).notNullable().references('events.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('display_label', 120).notNullable();
    t.string('role_label', 48).notNullable().defaultTo('');
    t.string('person_profile_id', 40).nullable().references('profiles.id').onDelete('SET NULL');
    t.bigInteger('start_at').nullable();
    t.bigInteger('end_at').nullable();
    t.unique(['event_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_slots');
  await knex.schema.dropTable('events');
}
