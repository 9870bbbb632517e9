import type { Knex } from 'knex';

/**
 * Personal API tokens (contract 2.12, decisions §2): only the lookup prefix and a keyed
 * verifier hash of the whole value are stored, never the value.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_tokens', (t) => {
    t.string('id', 40).primary();
    t.string('token_prefix', 12).notNullable().unique();
    t.string('verifier_hash', 64).notNullable();
    t.string('owner_kind', 16).notNullable();
    t.string('owner_user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('owner_community_profile_id', 40).nullable();
    t.string('label', 80).notNullable();
    t.text('scopes').notNullable();
    t.string('trust_tier', 24).notNullable().defaultTo('personal');
    t.string('status', 16).notNullable().defaultTo('active');
    t.bigInteger('expires_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('last_used_at').nullable();
    t.string('last_used_route_class', 48).nullable();
    t.bigInteger('revoked_at').nullable();
    t.string('revoke_reason', 200).nullable();
    t.index(['owner_user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_tokens');
}
