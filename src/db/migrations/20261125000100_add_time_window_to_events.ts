import type { Knex } from 'knex';
import { SHORT_EVENT_SPAN_MS, eventWindow } from './frozen/eventWindow20261125.js';

/**
 * Each event's time window as instants (`window_start_at`, `window_end_at`, and `window_long`
 * for windows over two days; see src/lib/eventWindow.ts), so discovery lists, world pages and calendar feeds filter and page
 * by index: keyset on (window start, id), per community, per world and per performer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.bigInteger('window_start_at').nullable();
    t.bigInteger('window_end_at').nullable();
    t.boolean('window_long').notNullable().defaultTo(false);
  });
  const rows: { id: string; schedule_kind: 'timed' | 'date_only'; event_date: string; start_at: unknown; end_at: unknown; timezone: string | null }[] =
    await knex('events').select('id', 'schedule_kind', 'event_date', 'start_at', 'end_at', 'timezone');
  for (const r of rows) {
    const w = eventWindow({
      scheduleKind: r.schedule_kind,
      eventDate: r.event_date,
      startAt: r.start_at === null ? null : Number(r.start_at),
      endAt: r.end_at === null ? null : Number(r.end_at),
      timezone: r.timezone,
    });
    await knex('events').where({ id: r.id }).update({ window_start_at: w.startsAt, window_end_at: w.endsAt, window_long: w.endsAt - w.startsAt > SHORT_EVENT_SPAN_MS });
  }
  await knex.schema.alterTable('events', (t) => {
    t.index(['window_long', 'window_start_at', 'id'], 'events_window_start_idx');
    t.index(['community_profile_id', 'window_long', 'window_start_at', 'id'], 'events_community_window_idx');
    t.index(['world_id', 'window_long', 'window_start_at', 'id'], 'events_world_window_idx');
    t.index(['window_end_at'], 'events_window_end_idx');
  });
  await knex.schema.alterTable('event_slots', (t) => {
    t.index(['person_profile_id'], 'event_slots_person_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_slots', (t) => {
    t.dropIndex(['person_profile_id'], 'event_slots_person_idx');
  });
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['window_end_at'], 'events_window_end_idx');
    t.dropIndex(['world_id', 'window_long', 'window_start_at', 'id'], 'events_world_window_idx');
    t.dropIndex(['community_profile_id', 'window_long', 'window_start_at', 'id'], 'events_community_window_idx');
    t.dropIndex(['window_long', 'window_start_at', 'id'], 'events_window_start_idx');
    t.dropColumn('window_long');
    t.dropColumn('window_end_at');
    t.dropColumn('window_start_at');
  });
}
