import type { Knex } from 'knex';

/** The columns of `api_tokens` a bearer check reads (its use record is not one of them). */
const CHECKED = ['token_prefix', 'verifier_hash', 'owner_kind', 'owner_user_id', 'owner_community_profile_id', 'scopes', 'trust_tier', 'status', 'expires_at'];

/**
 * The version stamp of personal-token rows: one row that the database itself moves on with every
 * change of a column a bearer check reads (revocation, scopes, expiry, ownership) and every
 * deletion, whichever code path or instance makes it. An instance may keep token rows it has
 * looked up only while the stamp it read before the lookup is still current, so a revoked token
 * is refused by every instance as soon as the revocation commits. Inserts do not move it: a
 * lookup that found nothing is never kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credential_versions', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable();
  });
  await knex('credential_versions').insert({ id: 1, version: 1 });
  if (knex.client.config.client === 'pg') {
    await knex.raw(`create function bump_credential_version() returns trigger language plpgsql as $$
      begin update credential_versions set version = version + 1 where id = 1; return null; end $$`);
    await knex.raw(`create trigger api_tokens_checked_update after update of ${CHECKED.join(', ')} on api_tokens for each statement execute function bump_credential_version()`);
    await knex.raw('create trigger api_tokens_delete after delete on api_tokens for each statement execute function bump_credential_version()');
  } else {
    const bump = 'begin update credential_versions set version = version + 1 where id = 1; end';
    await knex.raw(`create trigger api_tokens_checked_update after update of ${CHECKED.join(', ')} on api_tokens ${bump}`);
    await knex.raw(`create trigger api_tokens_delete after delete on api_tokens ${bump}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists api_tokens_checked_update' + (knex.client.config.client === 'pg' ? ' on api_tokens' : ''));
  await knex.raw('drop trigger if exists api_tokens_delete' + (knex.client.config.client === 'pg' ? ' on api_tokens' : ''));
  if (knex.client.config.client === 'pg') await knex.raw('drop function if exists bump_credential_version()');
  await knex.schema.dropTable('credential_versions');
}
