import type { Knex } from 'knex';

/**
 * Self-service sign-up: the operator's single-use invite links (`signup_invites`; only the SHA-256
 * of the random token is stored, as for the account e-mail links; `used_at` is set by the one
 * sign-up that claims it), and where each account came from (`users.origin`: `operator` for
 * accounts the CLI made, `signup` for accounts made on the sign-up page; an unconfirmed `signup`
 * account cannot sign in with its password until its address is confirmed).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('signup_invites', (t) => {
    t.string('id', 40).primary();
    t.string('token_hash', 64).notNullable().unique('signup_invites_hash_unique');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.index(['expires_at'], 'signup_invites_expiry_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.string('origin', 16).notNullable().defaultTo('operator');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('origin');
  });
  await knex.schema.dropTable('signup_invites');
}
