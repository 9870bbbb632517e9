import type { Knex } from 'knex';

/**
 * Single-use links sent by e-mail (decisions §6): e-mail verification and password reset. Only
 * the SHA-256 of the random token is stored (`token_hash`); the raw value exists in the message
 * alone. `used_at` is set by the one request that claims the token; a newer link of the same
 * purpose removes the user's older unused ones. `email` is the address the link was sent to,
 * so a verification only confirms that address.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_email_tokens', (t) => {
    t.string('id', 40).primary();
    t.string('user_id', 40).notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 24).notNullable();
    t.string('token_hash', 64).notNullable().unique('account_email_tokens_hash_unique');
    t.string('email', 320).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.index(['user_id', 'purpose'], 'account_email_tokens_user_idx');
    t.index(['expires_at'], 'account_email_tokens_expiry_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_email_tokens');
}
