import type { Knex } from 'knex';

/**
 * Public media-kit assets of profiles (contract 2.11, 4.4, 4.7): one row per stored image.
 * The bytes live in the object store under `storage_key`; the row holds what the public reads
 * and the file download need (type, size, content hash for the ETag) and the placement
 * metadata an upload intent supplies. Rows are never deleted by the public API: removal sets
 * `status` to `removed` (the file then answers 404), so audit trails keep their targets.
 *
 * `placements` is a JSON array of AssetPlacement values (an asset can be `gallery` and
 * `featured` at once); a profile holds a handful of assets, so the service groups them in
 * memory rather than through a join table. `position` orders assets within the media kit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_assets', (t) => {
    t.string('id', 40).primary();
    t.string('profile_id', 40).notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('placements').notNullable().defaultTo('[]');
    t.integer('position').notNullable().defaultTo(0);
    t.string('label', 80).nullable();
    t.string('caption', 240).nullable();
    t.string('alt_text', 180).nullable();
    t.string('credit', 120).nullable();
    t.string('credit_url', 2048).nullable();
    t.string('storage_key', 200).notNullable().unique();
    t.string('mime_type', 32).notNullable();
    t.integer('byte_size').notNullable();
    t.string('sha256', 64).notNullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    // Provenance of the upload (direct upload file name or imported URL); never public.
    t.string('original_file_name', 180).nullable();
    t.string('source_url', 2048).nullable();
    t.string('status', 16).notNullable().defaultTo('active');
    t.string('created_by_user_id', 40).nullable().references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('removed_at').nullable();
    t.index(['profile_id', 'status', 'position'], 'profile_assets_profile_status_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_assets');
}
