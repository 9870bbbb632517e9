import type { Knex } from 'knex';

/** Operator-set daily and monthly time-parse allowances per account (null = service default). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('time_daily_allowance').nullable();
    t.integer('time_monthly_allowance').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('time_daily_allowance');
    t.dropColumn('time_monthly_allowance');
  });
}
