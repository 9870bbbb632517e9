import type { Knex } from 'knex';

/**
 * What the profile write routes (contract 4.6) keep beside a profile: the fields it keeps
 * private, and the receipts of community submissions made with an `Idempotency-Key`.
 *
 * `profiles.private_fields` is a JSON array of field names among `headline`, `bio`, `region`,
 * `timezone` and `pronouns`: the public read and the search projection leave them out and a
 * community contributor may not write them. The write routes never change it (rule 7).
 *
 * `profile_submission_receipts`: one row per (user, key); the unique pair makes concurrent
 * identical submissions create one profile. `request_hash` is the SHA-256 of the request body's
 * canonical JSON (RFC 8785), `response` the first answer, replayed as it was. Receipts count
 * for 24 hours (`created_at`); an older one is replaced by the next use of its key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.text('private_fields').notNullable().defaultTo('[]');
  });
  await knex.schema.createTable('profile_submission_receipts', (t) => {
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
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_submission_receipts');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('private_fields');
  });
}
