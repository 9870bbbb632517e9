import type { Knex } from 'knex';

/**
 * OAuth applications (contract 2.12, 4.9, 5.9, 5.11, 5.12): developer-registered apps (user- or
 * community-owned), dynamically registered MCP clients and Client ID Metadata Document clients
 * share one table; `registration` tells them apart. Redirect URIs, grants and scopes are JSON
 * arrays. Client secrets live in `oauth_client_secrets`, only as a display prefix and a keyed
 * verifier hash.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_applications', (t) => {
    t.string('id', 40).primary();
    t.string('client_id', 2048).notNullable().unique();
    t.string('registration', 24).notNullable(); // developer | dynamic | metadata_document
    t.string('client_type', 16).notNullable(); // public | confidential
    t.string('owner_kind', 16).nullable(); // user | community; null for dynamic and metadata-document clients
    t.string('owner_user_id', 40).nullable().references('users.id').onDelete('CASCADE');
    t.string('owner_community_profile_id', 40).nullable().references('profiles.id').onDelete('SET NULL');
    t.string('display_name', 120).notNullable();
    t.text('description').nullable();
    t.string('logo_url', 2048).nullable();
    t.string('docs_url', 2048).nullable();
    t.string('privacy_url', 2048).nullable();
    t.string('terms_url', 2048).nullable();
    t.text('redirect_uris').notNullable();
    t.text('allowed_grants').notNullable();
    t.text('allowed_scopes').notNullable();
    /** For dynamic and metadata-document clients: the one resource they may ask for. */
    t.string('resource', 2048).nullable();
    t.string('software_id', 255).nullable();
    t.string('trust_tier', 24).notNullable().defaultTo('standard');
    t.string('status', 16).notNullable().defaultTo('active');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('last_used_at').nullable();
    t.bigInteger('reviewed_at').nullable();
    t.bigInteger('revoked_at').nullable();
    t.string('revoke_reason', 200).nullable();
    t.index(['owner_user_id', 'created_at']);
    t.index(['owner_community_profile_id', 'created_at']);
  });
  await knex.schema.createTable('oauth_client_secrets', (t) => {
    t.string('id', 40).primary();
    t.string('application_id', 40).notNullable().references('oauth_applications.id').onDelete('CASCADE');
    t.string('secret_prefix', 24).notNullable();
    t.string('verifier_hash', 64).notNullable();
    t.string('label', 80).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('revoked_at').nullable();
    t.index(['application_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_client_secrets');
  await knex.schema.dropTable('oauth_applications');
}
