import type { Knex } from 'knex';

/**
 * Time-parse jobs (contract 3, 4.10): state lives here so any instance answers a poll. The
 * continuation token is never stored, only its keyed hash; an expression is kept only while
 * retention allows (with its keyed hash for abuse analysis).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('time_parse_jobs', (t) => {
    t.string('id', 40).primary();
    t.string('user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_id', 40).notNullable();
    t.string('continuation_hash', 64).notNullable().unique();
    t.string('idempotency_hash', 64).nullable();
    t.string('request_hash', 64).notNullable();
    t.string('status', 16).notNullable();
    t.text('outcome').nullable();
    t.text('input_text').nullable();
    t.string('input_hash', 64).nullable();
    t.boolean('retain_input').notNullable();
    t.boolean('retention_revoked').notNullable().defaultTo(false);
    t.text('options').notNullable();
    t.bigInteger('reference_instant').notNullable();
    t.bigInteger('accepted_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('completed_at').nullable();
    t.index(['user_id', 'idempotency_hash']);
    t.index(['user_id', 'accepted_at']);
    t.index(['expires_at']);
  });
  // One in-flight parse per account (contract 8.2), enforced by the database for every instance.
  await knex.raw("CREATE UNIQUE INDEX time_parse_jobs_one_pending ON time_parse_jobs (user_id) WHERE status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('time_parse_jobs');
}
