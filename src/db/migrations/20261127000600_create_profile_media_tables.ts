import type { Knex } from 'knex';

/**
 * What the hosted MCP media tools (contract 4.12) keep beside `profile_assets`.
 *
 * `profile_media_revisions`: one row per profile whose media kit was ever written; `revision`
 * grows by one on every media write (upload completion, URL import, metadata, placement and
 * order updates, soft delete, restore). Clients see it as an opaque media revision and send it
 * back with the next change; a write whose revision is stale changes nothing (409).
 *
 * `profile_media_receipts`: URL imports made with an idempotency key, one row per (user, key):
 * the SHA-256 of the request's canonical JSON and the first answer, kept 24 hours.
 *
 * `profile_media_submissions`: images a contributor proposed for an unclaimed person profile.
 * Private: the stored bytes are never served, the proposal is not public until reviewed (review
 * is not part of the API). `source_url` is kept for review only; its host is what the submitter
 * sees again. An idempotency key, when sent, is unique per submitter.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_media_revisions', (t) => {
    t.string('profile_id', 40).primary().references('profiles.id').onDelete('CASCADE');
    t.bigInteger('revision').notNullable();
  });
  await knex.schema.createTable('profile_media_receipts', (t) => {
    t.string('id', 40).primary();
    t.string('user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('idempotency_key', 128).notNullable();
    t.string('request_hash', 64).notNullable();
    t.string('profile_id', 40).notNullable();
    t.text('response').notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'idempotency_key']);
    t.index(['created_at']);
  });
  await knex.schema.createTable('profile_media_submissions', (t) => {
    t.string('id', 40).primary();
    t.string('profile_id', 40).notNullable().references('profiles.id').onDelete('CASCADE');
    t.string('submitted_by_user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('status', 24).notNullable();
    t.string('storage_key', 300).notNullable();
    t.string('mime_type', 40).notNullable();
    t.integer('byte_size').notNullable();
    t.string('sha256', 64).notNullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.string('source_url', 2048).notNullable();
    t.string('source_host', 255).notNullable();
    t.text('placements').notNullable();
    t.string('label', 80).nullable();
    t.string('caption', 240).nullable();
    t.string('alt_text', 180).nullable();
    t.string('credit', 120).nullable();
    t.string('credit_url', 2048).nullable();
    t.string('idempotency_key', 128).nullable();
    t.string('request_hash', 64).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['submitted_by_user_id', 'idempotency_key']);
    t.index(['submitted_by_user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_media_submissions');
  await knex.schema.dropTable('profile_media_receipts');
  await knex.schema.dropTable('profile_media_revisions');
}
