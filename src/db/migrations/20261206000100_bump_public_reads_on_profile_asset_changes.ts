import type { Knex } from 'knex';

/**
 * What a public profile shows includes its media kit (avatar, banner, logos: the active rows of
 * `profile_assets`). Every change of those rows, whichever code path or instance makes it, moves
 * the public-read version stamp (`public_read_versions`) in the same transaction, by database
 * triggers, so kept public answers that show them stop being served as soon as it commits.
 */
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw(`create function bump_public_read_version() returns trigger language plpgsql as $$
      begin update public_read_versions set version = version + 1 where id = 1; return null; end $$`);
    for (const event of EVENTS) {
      await knex.raw(`create trigger profile_assets_public_${event} after ${event} on profile_assets for each statement execute function bump_public_read_version()`);
    }
  } else {
    for (const event of EVENTS) {
      await knex.raw(`create trigger profile_assets_public_${event} after ${event} on profile_assets begin update public_read_versions set version = version + 1 where id = 1; end`);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  for (const event of EVENTS) await knex.raw(`drop trigger if exists profile_assets_public_${event}${pg ? ' on profile_assets' : ''}`);
  if (pg) await knex.raw('drop function if exists bump_public_read_version()');
}
