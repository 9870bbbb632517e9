import type { Knex } from 'knex';

/**
 * One-time form nonces of the developer page's create forms: a form carries a random nonce
 * (signed, with its issue time, for its user); the first POST that carries it claims it here,
 * so a refresh or a second send of the same POST creates nothing more. Only the keyed hash of
 * the nonce is stored, with what its claim created (an id, never a secret). A row lives until
 * its nonce expires; past that the nonce is refused by its own time, so deleting the row
 * (the sweep) never lets it be used again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('web_form_nonces', (t) => {
    t.string('nonce_hash', 64).primary();
    t.string('user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 24).notNullable();
    t.string('created_ref', 200).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['expires_at'], 'web_form_nonces_expiry_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('web_form_nonces');
}
