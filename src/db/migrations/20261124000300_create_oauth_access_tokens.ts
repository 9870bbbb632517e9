import type { Knex } from 'knex';

/**
 * The state of issued JWT access tokens (contract 5.4): a JWT is verified by signature and
 * audience, then its `jti` is looked up here, so a revocation takes effect at once. Rows go
 * when the token would have expired anyway.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_access_tokens', (t) => {
    t.string('jti', 64).primary();
    t.string('client_id', 2048).notNullable();
    t.string('account_id', 40).nullable();
    t.string('resource', 2048).notNullable();
    t.text('scope').notNullable();
    t.string('grant_id', 64).nullable();
    t.bigInteger('issued_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('revoked_at').nullable();
    t.index(['grant_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_access_tokens');
}
