import { committedStatement, dialectOf, pgPreparedRead, rawRows, type Queryable } from '../db/knex.js';

/** The stamp is the sum of the table's rows (migration 20261206000200: 32 slots), in both databases. */
const SQL = 'select sum(version) as version from public_read_versions';
/** Rows of the stamp; a write bumps one of them. */
const SLOTS = 32;

/**
 * The version stamp of what anonymous public reads show (table `public_read_versions`): the sum
 * of its rows, so writers on different rows do not wait for each other's row lock.
 */
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
    const row = direct.get() as { version: number | null } | undefined;
    return Number(row?.version ?? 0);
  }

  /** The current stamp: one primary-key read. */
  async current(): Promise<number> {
    // Read on every cached public read: fixed SQL, no query building; on an embedded SQLite file
    // a direct read of the committed stamp (committedStatement), on PostgreSQL a prepared statement.
    const now = this.currentNow();
    if (now !== undefined) return now;
    const rows = this.prepared ? await this.prepared() : rawRows<{ version: number | string }>(this.db, await this.db.raw(SQL));
    return Number(rows[0]?.version ?? 0);
  }

  /**
   * Moves the stamp on for a write that has just changed `search_documents` in this unit of
   * work: on PostgreSQL the statement that changed them already did (the triggers of migration
   * 20261207000200, the same row as `bump`), so nothing more is sent; elsewhere `bump`.
   */
  async bumpAfterSearchWrite(): Promise<void> {
    if (dialectOf(this.db) !== 'pg') await this.bump();
  }

  /**
   * Moves the stamp on; called with the repositories of the write's own unit of work, as late in
   * it as it can be (the row stays locked until the commit). On PostgreSQL the row is the slot of
   * the connection's backend, so the pool's connections bump different rows; SQLite has one
   * writer, which bumps row 1.
   */
  async bump(): Promise<void> {
    if (dialectOf(this.db) === 'pg') await this.db.raw(`update public_read_versions set version = version + 1 where id = pg_backend_pid() % ${SLOTS} + 1`);
    else await this.db('public_read_versions').where('id', 1).increment('version', 1);
  }
}
