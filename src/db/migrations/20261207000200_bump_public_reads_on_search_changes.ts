import type { Knex } from 'knex';

/** Rows the public-read version stamp is spread over (migration 20261206000200). */
const SLOTS = 32;
const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * On PostgreSQL, every statement that changes rows of `search_documents` moves the public-read
 * version stamp once, in the same transaction, by a statement trigger that bumps the row of its
 * connection's backend (as the writes' own bump does): every write that changes what public reads
 * show refreshes its search document in its unit of work, so that write no longer sends a separate
 * statement for the stamp. SQLite has row triggers only (a bulk load would bump once per row); its
 * writes keep bumping the stamp themselves, with one statement per unit of work.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  // Statement triggers fire even when no row changed (and an upsert fires both its insert and
  // its update trigger): each looks at the rows its statement changed and bumps once if any.
  await knex.raw(`create function bump_public_read_version_slot() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from changed) then
        update public_read_versions set version = version + 1 where id = pg_backend_pid() % ${SLOTS} + 1;
      end if;
      return null;
    end $$`);
  for (const event of EVENTS) {
    await knex.raw(
      `create trigger search_documents_public_${event} after ${event} on search_documents referencing ${event === 'delete' ? 'old' : 'new'} table as changed for each statement execute function bump_public_read_version_slot()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  for (const event of EVENTS) await knex.raw(`drop trigger if exists search_documents_public_${event} on search_documents`);
  await knex.raw('drop function if exists bump_public_read_version_slot()');
}
