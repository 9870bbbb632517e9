import type { Knex } from 'knex';

/**
 * Profile asset upload intents (contract 2.11, 3, 4.7): one row per single-use upload. The
 * upload token is kept only as a keyed hash (`token_hash`); the raw value is shown once.
 *
 * `status` moves pending → processing (one completion claimed it; concurrent ones are refused)
 * → consumed (the asset exists: `asset_id`). A refused completion puts the intent back to
 * pending while `attempts` stays under the limit, and to `failed` after the last one. Rows past
 * `expires_at` answer like unknown intents and can be purged.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_asset_upload_intents', (t) => {
    t.string('id', 40).primary();
    t.string('profile_id', 40).notNullable().references('profiles.id').onDelete('CASCADE');
    t.string('created_by_user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    // Keyed hash of the upload token (HMAC-SHA-256, base64url).
    t.string('token_hash', 64).notNullable();
    t.string('original_file_name', 180).nullable();
    t.string('source_url', 2048).nullable();
    t.string('mime_type', 32).notNullable();
    t.integer('byte_size').nullable();
    t.string('label', 80).nullable();
    t.string('caption', 240).nullable();
    t.string('alt_text', 180).nullable();
    t.string('credit', 120).nullable();
    t.string('credit_url', 2048).nullable();
    t.text('placements').notNullable().defaultTo('[]');
    t.integer('position').nullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('asset_id', 40).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('consumed_at').nullable();
    t.index(['profile_id'], 'profile_asset_upload_intents_profile_idx');
    t.index(['expires_at'], 'profile_asset_upload_intents_expiry_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_asset_upload_intents');
}
