import type { Knex } from 'knex';

/** Rows the public-read version stamp is spread over (the stamp is their sum). */
const SLOTS = 32;

/**
 * The public-read version stamp becomes the sum of SLOTS rows instead of one row. Every write
 * that changes a public read bumps one row in its own transaction; on PostgreSQL a write bumps the
 * row of its connection's backend, so concurrent writers no longer queue on one row lock until
 * each commits. The sum still moves with every committed write, on any instance, and the new rows
 * start at 0 so the stamp reads as before. The triggers on `profile_assets` keep bumping row 1.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('public_read_versions').insert(Array.from({ length: SLOTS - 1 }, (_, i) => ({ id: i + 2, version: 0 })));
}

/** Back to one row holding the sum, so the stamp does not move backwards. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('update public_read_versions set version = (select sum(version) from public_read_versions) where id = 1');
  await knex('public_read_versions').where('id', '>', 1).delete();
}
