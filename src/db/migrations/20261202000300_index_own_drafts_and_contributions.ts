import type { Knex } from 'knex';

/**
 * The contributor's own lists: live drafts by last save (`listEventIntakeDrafts`) and
 * contributed events by publication (`listCurrentApiUserContributions`), both newest first
 * with the id as tie-break, read by keyset from these indexes. The contributor-only index on
 * events is covered by the new one's leading column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_intake_drafts', (t) => {
    t.index(['owner_user_id', 'updated_at', 'id'], 'event_intake_drafts_owner_saved_index');
  });
  await knex.schema.alterTable('events', (t) => {
    t.index(['contributor_user_id', 'published_at', 'id'], 'events_contributor_published_index');
    t.dropIndex(['contributor_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.index(['contributor_user_id']);
    t.dropIndex(['contributor_user_id', 'published_at', 'id'], 'events_contributor_published_index');
  });
  await knex.schema.alterTable('event_intake_drafts', (t) => {
    t.dropIndex(['owner_user_id', 'updated_at', 'id'], 'event_intake_drafts_owner_saved_index');
  });
}
