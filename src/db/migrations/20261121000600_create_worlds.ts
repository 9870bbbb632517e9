import type { Knex } from 'knex';

/** Virtual-reality worlds that events take place in. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('worlds', (t) => {
    t.string('id', 40).primary();
    t.string('slug', 160).notNullable().unique();
    t.string('display_name', 120).notNullable();
    t.string('summary', 240).nullable();
    t.text('description').nullable();
    t.text('tags').notNullable().defaultTo('[]');
    t.text('platform_compatibility').notNullable().defaultTo('[]');
    t.string('vrchat_world_id', 64).nullable();
    t.string('hero_image_url', 2048).nullable();
    t.string('visibility_status', 24).notNullable().defaultTo('published');
    t.string('owner_user_id', 40).nullable().references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('worlds');
}
