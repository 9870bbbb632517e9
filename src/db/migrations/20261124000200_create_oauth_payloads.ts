import type { Knex } from 'knex';

/**
 * The OAuth issuer's short-lived state (oidc-provider models: interactions, sessions, grants,
 * authorization codes, access and refresh tokens, replay detection), one row per model
 * instance. `id_hash` is a keyed hash of the instance id: for codes and refresh tokens the id
 * is the credential itself, so it is never stored (contract 5.7, 5.13). Rows expire at
 * `expires_at` and are swept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_payloads', (t) => {
    t.string('model', 32).notNullable();
    t.string('id_hash', 64).notNullable();
    t.text('payload').notNullable();
    t.string('grant_id', 64).nullable();
    t.string('uid_hash', 64).nullable();
    t.string('user_code_hash', 64).nullable();
    t.bigInteger('expires_at').nullable();
    t.bigInteger('consumed_at').nullable();
    t.primary(['model', 'id_hash']);
    t.index(['grant_id']);
    t.index(['uid_hash']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_payloads');
}
