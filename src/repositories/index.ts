import type { Knex } from 'knex';
import { dialectOf, inTransaction, isUniqueViolation, rawRows, type Queryable } from '../db/knex.js';
import { AccountEmailTokensRepository } from './accountEmailTokens.js';
import { SignupInvitesRepository } from './signupInvites.js';
import { ApiTokensRepository } from './apiTokens.js';
import { AssetUploadIntentsRepository } from './assetUploadIntents.js';
import { AuditRepository } from './audit.js';
import { EventCreateReceiptsRepository } from './eventCreateReceipts.js';
import { EventsRepository } from './events.js';
import { IntakeRepository } from './intake.js';
import { OAuthApplicationsRepository } from './oauthApplications.js';
import { OAuthIssuerRepository } from './oauthIssuer.js';
import { ProfileAssetsRepository } from './profileAssets.js';
import { ProfileMediaRepository } from './profileMedia.js';
import { ProfilesRepository } from './profiles.js';
import { ProfileSubmissionReceiptsRepository } from './profileSubmissionReceipts.js';
import { PublicReadVersionsRepository } from './publicReadVersions.js';
import { QuotaCountersRepository } from './quotaCounters.js';
import { SearchRepository } from './search.js';
import { TimeParseJobsRepository } from './timeParseJobs.js';
import { UsersRepository } from './users.js';
import { WebSessionsRepository } from './webSessions.js';
import { WebFormNoncesRepository } from './webFormNonces.js';
import { WorldsRepository } from './worlds.js';

/** Rows of each index an SQLite ANALYZE reads (SQLite's `analysis_limit`): enough for the planner's row counts. */
const SQLITE_ANALYSIS_LIMIT = 1000;

/** A write refused by a unique index (another request got there first). */
export class DuplicateKeyError extends Error {
  constructor(cause: unknown) {
    super('duplicate key', { cause });
  }
}

/**
 * Every repository, over one connection pool or one transaction. The composition root builds
 * it once; services receive it and never see knex. Each table has one owning repository.
 */
export class Repositories {
  readonly users: UsersRepository;
  readonly webSessions: WebSessionsRepository;
  /** Claimed one-time nonces of the developer page's create forms. */
  readonly webFormNonces: WebFormNoncesRepository;
  /** Single-use e-mail verification and password-reset links. */
  readonly accountEmailTokens: AccountEmailTokensRepository;
  readonly signupInvites: SignupInvitesRepository;
  readonly apiTokens: ApiTokensRepository;
  readonly audit: AuditRepository;
  readonly profiles: ProfilesRepository;
  readonly profileAssets: ProfileAssetsRepository;
  readonly assetUploadIntents: AssetUploadIntentsRepository;
  /** Media revisions, idempotent URL imports and contributors' media proposals. */
  readonly profileMedia: ProfileMediaRepository;
  /** Receipts of community profile submissions made with an `Idempotency-Key`. */
  readonly profileSubmissionReceipts: ProfileSubmissionReceiptsRepository;
  readonly worlds: WorldsRepository;
  readonly events: EventsRepository;
  /** Receipts of owner event creates made with an `Idempotency-Key`. */
  readonly eventCreateReceipts: EventCreateReceiptsRepository;
  readonly intake: IntakeRepository;
  readonly quotaCounters: QuotaCountersRepository;
  readonly timeParseJobs: TimeParseJobsRepository;
  readonly oauthApplications: OAuthApplicationsRepository;
  readonly oauthIssuer: OAuthIssuerRepository;
  /** The public search projection (documents derived from profiles, worlds and events). */
  readonly search: SearchRepository;
  /** The version stamp of anonymous public reads (bumped by every write that changes them). */
  readonly publicReadVersions: PublicReadVersionsRepository;

  constructor(private readonly db: Queryable) {
    this.users = new UsersRepository(db);
    this.webSessions = new WebSessionsRepository(db);
    this.webFormNonces = new WebFormNoncesRepository(db);
    this.accountEmailTokens = new AccountEmailTokensRepository(db);
    this.signupInvites = new SignupInvitesRepository(db);
    this.apiTokens = new ApiTokensRepository(db);
    this.audit = new AuditRepository(db);
    this.profiles = new ProfilesRepository(db);
    this.profileAssets = new ProfileAssetsRepository(db);
    this.assetUploadIntents = new AssetUploadIntentsRepository(db);
    this.profileMedia = new ProfileMediaRepository(db);
    this.profileSubmissionReceipts = new ProfileSubmissionReceiptsRepository(db);
    this.worlds = new WorldsRepository(db);
    this.events = new EventsRepository(db);
    this.eventCreateReceipts = new EventCreateReceiptsRepository(db);
    this.intake = new IntakeRepository(db);
    this.quotaCounters = new QuotaCountersRepository(db);
    this.timeParseJobs = new TimeParseJobsRepository(db);
    this.oauthApplications = new OAuthApplicationsRepository(db);
    this.oauthIssuer = new OAuthIssuerRepository(db);
    this.search = new SearchRepository(db);
    this.publicReadVersions = new PublicReadVersionsRepository(db);
  }

  /**
   * The unit of work: `fn` gets repositories bound to one transaction, committed when it
   * resolves and rolled back when it throws. Nested calls join the outer transaction. A
   * unique-index refusal surfaces as `DuplicateKeyError`, whatever the dialect.
   */
  async withTransaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    try {
      return await (this.db as Knex).transaction((trx) => fn(new Repositories(trx)));
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateKeyError(err);
      throw err;
    }
  }

  /**
   * Refreshes the query planner's statistics of the directory tables after a bulk load (which
   * otherwise plans list reads from the counts of an empty table until autovacuum catches up).
   */
  async refreshDirectoryStatistics(): Promise<void> {
    if (dialectOf(this.db) === 'pg') await this.db.raw('analyze profiles, worlds, events, event_slots');
    else {
      // ANALYZE holds the write lock for as long as it reads: a full one over a million entities
      // would keep a running server's writes waiting past their busy timeout. An approximate one
      // (analysis_limit: a sample of each index) holds it for milliseconds, in one transaction
      // with the clean-up below, which takes the lock as it begins (BEGIN IMMEDIATE, waiting out
      // another writer). Row counts only (sqlite_stat1): with stat4 samples SQLite compiles again
      // every statement comparing an indexed column with a parameter, on every run (see
      // inlineTrailingLimit).
      await inTransaction(this.db, async (trx) => {
        await trx.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`);
        await trx.raw('analyze');
        if (rawRows(trx, await trx.raw("select 1 from sqlite_master where name = 'sqlite_stat4'")).length) {
          await trx.raw('delete from sqlite_stat4');
          await trx.raw('analyze sqlite_schema');
        }
      });
    }
  }

  /** Whether the database answers (readiness). */
  async ping(): Promise<void> {
    await this.db.raw('select 1');
  }
}
