import type { Knex } from 'knex';

/**
 * What owner event writes (contract 4.8) store beside the schedule: the event's private notes,
 * its three image URLs and its authored media links (a JSON array: at most eight, read with the
 * event, never queried); the roster (`event_participants`, one row per linked person, in the
 * owner's order); and per slot the explicit stream choice (contract 2.8: a normalized stream
 * id, null when none was chosen), its source and private notes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.text('notes').nullable();
    t.string('poster_image_url', 2048).nullable();
    t.string('banner_image_url', 2048).nullable();
    t.string('thumbnail_image_url', 2048).nullable();
    t.text('media_links').nullable();
  });
  await knex.schema.alterTable('event_slots', (t) => {
    t.string('selected_stream_id', 128).nullable();
    t.string('source_label', 120).nullable();
    t.string('source_url', 2048).nullable();
    t.text('notes').nullable();
  });
  await knex.schema.createTable('event_participants', (t) => {
    t.string('event_id', 40).notNullable().references('events.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('person_profile_id', 40).notNullable().references('profiles.id').onDelete('CASCADE');
    t.string('role_label', 48).notNullable().defaultTo('');
    t.string('source_label', 120).nullable();
    t.string('source_url', 2048).nullable();
    t.text('notes').nullable();
    t.primary(['event_id', 'position']);
    t.unique(['event_id', 'person_profile_id']);
    t.index(['person_profile_id'], 'event_participants_person_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_participants');
  await knex.schema.alterTable('event_slots', (t) => {
    t.dropColumn('notes');
    t.dropColumn('source_url');
    t.dropColumn('source_label');
    t.dropColumn('selected_stream_id');
  });
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('media_links');
    t.dropColumn('thumbnail_image_url');
    t.dropColumn('banner_image_url');
    t.dropColumn('poster_image_url');
    t.dropColumn('notes');
  });
}
