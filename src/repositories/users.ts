import { dialectOf, type Queryable } from '../db/knex.js';
import { bool } from './rows.js';

export interface UserRow {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string | null;
  emailVerifiedAt: number | null;
  timeApiGrantedAt: number | null;
  retentionDefault: boolean;
  /** Operator-set time-parse allowances; null means the service default. */
  timeDailyAllowance: number | null;
  timeMonthlyAllowance: number | null;
  createdAt: number;
  updatedAt: number;
  /** `operator` (made with the CLI) or `signup` (made on the sign-up page). */
  origin: UserOrigin;
}

export type UserOrigin = 'operator' | 'signup';

const toUser = (r: Record<string, unknown>): UserRow => ({
  id: r.id as string,
  email: r.email as string,
  displayName: r.display_name as string,
  passwordHash: (r.password_hash as string | null) ?? null,
  emailVerifiedAt: (r.email_verified_at as number | null) ?? null,
  timeApiGrantedAt: (r.time_api_granted_at as number | null) ?? null,
  retentionDefault: bool(r.retention_default),
  timeDailyAllowance: (r.time_daily_allowance as number | null) ?? null,
  timeMonthlyAllowance: (r.time_monthly_allowance as number | null) ?? null,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
  origin: r.origin === 'signup' ? 'signup' : 'operator',
});

export class UsersRepository {
  constructor(private readonly db: Queryable) {}

  async insert(user: UserRow): Promise<void> {
    await this.db('users').insert({
      id: user.id,
      email: user.email,
      display_name: user.displayName,
      password_hash: user.passwordHash,
      email_verified_at: user.emailVerifiedAt,
      time_api_granted_at: user.timeApiGrantedAt,
      retention_default: user.retentionDefault,
      time_daily_allowance: user.timeDailyAllowance,
      time_monthly_allowance: user.timeMonthlyAllowance,
      created_at: user.createdAt,
      updated_at: user.updatedAt,
      origin: user.origin,
    });
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const row = await this.db('users').where({ id }).first();
    return row ? toUser(row) : undefined;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const row = await this.db('users').where({ email }).first();
    return row ? toUser(row) : undefined;
  }

  async update(
    id: string,
    changes: Partial<
      Pick<UserRow, 'email' | 'passwordHash' | 'emailVerifiedAt' | 'timeApiGrantedAt' | 'retentionDefault' | 'displayName' | 'timeDailyAllowance' | 'timeMonthlyAllowance'>
    >,
    now: number,
  ): Promise<boolean> {
    const patch: Record<string, unknown> = { updated_at: now };
    if (changes.email !== undefined) patch.email = changes.email;
    if (changes.passwordHash !== undefined) patch.password_hash = changes.passwordHash;
    if (changes.emailVerifiedAt !== undefined) patch.email_verified_at = changes.emailVerifiedAt;
    if (changes.timeApiGrantedAt !== undefined) patch.time_api_granted_at = changes.timeApiGrantedAt;
    if (changes.retentionDefault !== undefined) patch.retention_default = changes.retentionDefault;
    if (changes.displayName !== undefined) patch.display_name = changes.displayName;
    if (changes.timeDailyAllowance !== undefined) patch.time_daily_allowance = changes.timeDailyAllowance;
    if (changes.timeMonthlyAllowance !== undefined) patch.time_monthly_allowance = changes.timeMonthlyAllowance;
    return (await this.db('users').where({ id }).update(patch)) > 0;
  }

  /**
   * Holds the user's row until the unit of work ends, so per-account limits counted inside it
   * cannot be overshot by racing requests. SQLite writes one transaction at a time already.
   */
  async lockForUpdate(id: string): Promise<void> {
    if (dialectOf(this.db) === 'pg') await this.db('users').where({ id }).forUpdate().first('id');
  }

  /**
   * Deletes the account row. The database takes the rest along: its sessions, personal tokens,
   * OAuth applications, drafts, links and receipts go (ON DELETE CASCADE); events, profiles,
   * worlds and assets it made or owns stay, no longer linked to it (ON DELETE SET NULL).
   */
  async delete(id: string): Promise<boolean> {
    return (await this.db('users').where({ id }).delete()) > 0;
  }

  async count(): Promise<number> {
    const row = await this.db('users').count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }
}
