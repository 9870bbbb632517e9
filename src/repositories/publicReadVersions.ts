import type { Queryable } from '../db/knex.js';

/** The one-row version stamp of what anonymous public reads show (table `public_read_versions`). */
export class PublicReadVersionsRepository {
  constructor(private readonly db: Queryable) {}

  /** The current stamp: one primary-key read. */
  async current(): Promise<number> {
    const row = await this.db('public_read_versions').where('id', 1).first('version');
    return row ? Number(row.version) : 0;
  }

  /** Moves the stamp on; called with the repositories of the write's own unit of work. */
  async bump(): Promise<void> {
    await this.db('public_read_versions').where('id', 1).increment('version', 1);
  }
}
