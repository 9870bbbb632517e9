import type { Knex } from 'knex';

/**
 * Durable audit records (contract 6.2). No secrets and no raw network addresses: actors
 * are ids, networks are keyed hashes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_records', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('occurred_at').notNullable();
    t.string('action', 64).notNullable();
    t.string('result', 32).notNullable();
    t.string('actor_kind', 32).notNullable();
    t.string('actor_ref', 64).nullable();
    t.string('owner_ref', 64).nullable();
    t.string('route_class', 48).nullable();
    t.string('resource_type', 48).nullable();
    t.string('resource_id', 200).nullable();
    t.string('network_ref', 64).nullable();
    t.text('metadata').nullable();
    t.index(['action', 'occurred_at']);
    t.index(['actor_ref', 'occurred_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_records');
}
