import type { Knex } from 'knex';

/**
 * Contributed events (contract 2.7, 4.3): who contributed the event, the contribution as the
 * contributor wrote it (wall times, lineup rows), its version, the artwork, and staff takeover.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.string('contributor_user_id', 40).nullable().references('users.id').onDelete('SET NULL');
    t.string('intake_draft_id', 40).nullable();
    t.text('contribution_fields').nullable();
    t.integer('contribution_version').nullable();
    t.string('venue_label', 120).nullable();
    t.string('artwork_asset_id', 40).nullable();
    t.bigInteger('staff_takeover_at').nullable();
    t.index(['contributor_user_id']);
    t.index(['community_profile_id', 'event_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['community_profile_id', 'event_date']);
    t.dropIndex(['contributor_user_id']);
    t.dropColumn('staff_takeover_at');
    t.dropColumn('artwork_asset_id');
    t.dropColumn('venue_label');
    t.dropColumn('contribution_version');
    t.dropColumn('contribution_fields');
    t.dropColumn('intake_draft_id');
    t.dropForeign(['contributor_user_id']);
    t.dropColumn('contributor_user_id');
  });
}
