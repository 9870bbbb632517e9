import { committedStatement, pgPreparedRead, rawRows, type Queryable } from '../db/knex.js';

const SQL = 'select version from public_read_versions where id = 1';

/** The one-row version stamp of what anonymous public reads show (table `public_read_versions`). */
export class PublicReadVersionsRepository {
  /** On PostgreSQL outside a transaction: the stamp read as a prepared statement. */
  private readonly prepared: (() => Promise<{ version: number | string }[]>) | undefined;

  constructor(private readonly db: Queryable) {
    this.prepared = pgPreparedRead(db, 'marquee_public_read_version', SQL);
  }

  /**
   * The current stamp read at once, where the store answers synchronously (an embedded SQLite
   * file: a direct read of the committed stamp, committedStatement); undefined elsewhere.
   */
  currentNow(): number | undefined {
    const direct = committedStatement(this.db, SQL);
    if (!direct) return undefined;
    const row = direct.get() as { version: number } | undefined;
    return row ? Number(row.version) : 0;
  }

  /** The current stamp: one primary-key read. */
  async current(): Promise<number> {
    // Read on every cached public read: fixed SQL, no query building; on an embedded SQLite file
    // a direct read of the committed stamp (committedStatement), on PostgreSQL a prepared statement.
    const now = this.currentNow();
    if (now !== undefined) return now;
    const rows = this.prepared ? await this.prepared() : rawRows<{ version: number | string }>(this.db, await this.db.raw(SQL));
    return rows[0] ? Number(rows[0].version) : 0;
  }

  /** Moves the stamp on; called with the repositories of the write's own unit of work. */
  async bump(): Promise<void> {
    await this.db('public_read_versions').where('id', 1).increment('version', 1);
  }
}
