import { committedStatement, rawRows, type Queryable } from '../db/knex.js';

/** The one-row version stamp of what anonymous public reads show (table `public_read_versions`). */
export class PublicReadVersionsRepository {
  constructor(private readonly db: Queryable) {}

  /** The current stamp: one primary-key read. */
  async current(): Promise<number> {
    // Read on every cached public read: fixed SQL, no query building; on an embedded SQLite file
    // a direct read of the committed stamp (committedStatement).
    const sql = 'select version from public_read_versions where id = 1';
    const direct = committedStatement(this.db, sql);
    if (direct) {
      const row = direct.get() as { version: number } | undefined;
      return row ? Number(row.version) : 0;
    }
    const rows = rawRows<{ version: number | string }>(this.db, await this.db.raw(sql));
    return rows[0] ? Number(rows[0].version) : 0;
  }

  /** Moves the stamp on; called with the repositories of the write's own unit of work. */
  async bump(): Promise<void> {
    await this.db('public_read_versions').where('id', 1).increment('version', 1);
  }
}
