import type { Knex } from 'knex';

/**
 * What the account page lists about each signed-in browser: when it was last seen (moved on at
 * most every few minutes, not per request) and a short description of the browser ("Firefox on
 * Linux", made from its User-Agent at sign-in; the header itself is not kept).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('web_sessions', (t) => {
    t.bigInteger('last_seen_at').nullable();
    t.string('browser', 80).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('web_sessions', (t) => {
    t.dropColumn('last_seen_at');
    t.dropColumn('browser');
  });
}
