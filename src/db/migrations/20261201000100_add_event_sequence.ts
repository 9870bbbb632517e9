import type { Knex } from 'knex';

/**
 * The RFC 5545 `SEQUENCE` of an event's calendar entry: a counter that every write of the event
 * moves on by one, so a change (a cancellation above all) always reaches subscribed calendars
 * with a higher number than the entry they hold, even when two writes fall in one second.
 * Existing events start from the number their entries carried until now: the whole seconds
 * between creation and the last write, rounded up.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.integer('ical_sequence').notNullable().defaultTo(0);
  });
  await knex('events')
    .where('updated_at', '>', knex.ref('created_at'))
    .update({ ical_sequence: knex.raw('(updated_at - created_at + 999) / 1000') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('ical_sequence');
  });
}
