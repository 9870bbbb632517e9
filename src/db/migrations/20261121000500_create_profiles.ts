import type { Knex } from 'knex';

/** Person and community profiles of the public directory (contract 2.10). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profiles', (t) => {
    t.string('id', 40).primary();
    t.string('slug', 160).notNullable().unique();
    t.string('profile_type', 16).notNullable();
    t.string('display_name', 80).notNullable();
    t.text('aliases').notNullable().defaultTo('[]');
    t.text('tags').notNullable().defaultTo('[]');
    t.string('headline', 160).nullable();
    t.text('bio').nullable();
    t.string('region', 80).nullable();
    t.string('timezone', 80).nullable();
    t.string('pronouns', 80).nullable();
    t.text('role_tags').notNullable().defaultTo('[]');
    t.string('community_subtype', 40).nullable();
    t.text('category_tags').notNullable().defaultTo('[]');
    t.text('outbound_links').notNullable().defaultTo('[]');
    t.string('claim_state', 24).notNullable().defaultTo('unclaimed');
    t.string('publication_state', 24).notNullable().defaultTo('published');
    t.string('public_surfacing_state', 24).notNullable().defaultTo('public');
    t.string('creation_source', 24).notNullable();
    t.string('owner_user_id', 40).nullable().references('users.id').onDelete('SET NULL');
    t.string('submitted_by_user_id', 40).nullable().references('users.id').onDelete('SET NULL');
    t.bigInteger('claimed_at').nullable();
    t.bigInteger('published_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['owner_user_id']);
    t.index(['profile_type', 'public_surfacing_state']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profiles');
}
