import type { Knex } from 'knex';

/**
 * Receipts of owner event creates (`POST /api/v0/events`) made with an `Idempotency-Key`, so a
 * retried create (REST or the hosted MCP tool `service_event_create`) publishes one event.
 * One row per (user, key): the unique pair makes concurrent identical creates publish once.
 * `request_hash` is the SHA-256 of the request body's canonical JSON (RFC 8785), `response` the
 * first answer, replayed as it was. Receipts count for 24 hours (`created_at`); an older one is
 * replaced by the next use of its key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_create_receipts', (t) => {
    t.string('id', 40).primary();
    t.string('user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('idempotency_key', 128).notNullable();
    t.string('request_hash', 64).notNullable();
    t.string('event_id', 40).notNullable();
    t.text('response').notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'idempotency_key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_create_receipts');
}
