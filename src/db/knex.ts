import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import knexFactory, { type Knex } from 'knex';
import type pgModule from 'pg';
import { migrationSource } from './migrations/index.js';

let pgTypesSet = false;
/**
 * The PostgreSQL driver, loaded (by knex, and here) only for a PostgreSQL database: the SQLite
 * default never holds it. PostgreSQL returns BIGINT as strings; our timestamps are epoch ms, well
 * inside 2^53.
 */
function usePostgres(): void {
  if (pgTypesSet) return;
  const pg = createRequire(import.meta.url)('pg') as typeof pgModule;
  pg.types.setTypeParser(20, (value: string) => Number(value));
  pgTypesSet = true;
}

export type Db = Knex;
/** What a repository queries through: the pool, or one transaction of a unit of work. */
export type Queryable = Knex | Knex.Transaction;
export type Dialect = 'sqlite' | 'pg';

export interface DbOptions {
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  pgSchema?: string;
  /**
   * SQLite: how long a statement waits for another connection's write lock before it is refused
   * (`busy_timeout`); 5 s by default (the server), longer for operator commands, which nobody
   * waits on and which share the file with a running server.
   */
  sqliteBusyTimeoutMs?: number;
}

export function dialectOf(db: Queryable): Dialect {
  return db.client.config.client === 'pg' ? 'pg' : 'sqlite';
}

/** A unique or primary-key violation, in either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database could not be reached or dropped the connection (PostgreSQL restarting, the network
 * gone, no connection free in time), as opposed to a statement it refused: a retry may succeed
 * once it is back. SQLSTATE class 08 is a connection exception; 57P01–57P03 a server shutting
 * down or starting; 53300 too many connections.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { name?: string; code?: unknown; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.name === 'KnexTimeoutError') return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (/Connection terminated|not queryable|timeout exceeded when trying to connect/.test(e.message ?? '')) return true;
  }
  return false;
}

/** The rows of a `db.raw` result: PostgreSQL wraps them in `{ rows }`, SQLite returns them as they are. */
export function rawRows<T>(db: Queryable, result: unknown): T[] {
  return dialectOf(db) === 'pg' ? (result as { rows: T[] }).rows : (result as T[]);
}

/** Runs `fn` in the transaction already open on `db`, or in a new one. */
export function inTransaction<T>(db: Queryable, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Knex.Transaction) : db.transaction(fn);
}

export function knexConfig(options: DbOptions): Knex.Config {
  if (options.databaseUrl) {
    usePostgres();
    return {
      client: 'pg',
      connection: options.databaseUrl,
      searchPath: options.pgSchema ? [options.pgSchema] : undefined,
      pool: { min: 0, max: 10 },
      migrations: { migrationSource, tableName: 'knex_migrations', schemaName: options.pgSchema },
    };
  }
  return {
    client: SqliteClient() as unknown as typeof Knex.Client,
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        // journal_mode = WAL is set as the connection opens (MarqueeSqliteClient.acquireRawConnection).
        conn.pragma('foreign_keys = ON');
        conn.pragma(`busy_timeout = ${options.sqliteBusyTimeoutMs ?? 5000}`);
        conn.pragma('synchronous = NORMAL');
        // Reads of the database file through a memory map: pages already in the operating
        // system's cache cost a page fault the first time, not a read call each time. The map
        // takes no memory of its own; the pages it shows are the system's cache, given back
        // under pressure. A large directory's first search reads a few hundred pages.
        conn.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
        // A WAL that grew during a burst of writes is cut back to this size when it starts over.
        conn.pragma('journal_size_limit = 67108864');
        reusePreparedStatements(conn);
        done(null, conn);
      },
    },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  };
}

/** How much of the SQLite file is read through a memory map (SQLite caps it at its own maximum). */
const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}

/** Prepared statements kept per connection (knex prepares every query afresh). */
const STATEMENTS_PER_CONNECTION = 1000;

/**
 * knex's better-sqlite3 client prepares each query's SQL again on every call; preparing costs
 * more than running most of our indexed reads. The connection keeps the statements of the
 * SQL texts it has seen (SQLite re-prepares a kept statement itself after a schema change) and
 * drops the oldest past STATEMENTS_PER_CONNECTION (lists of ids make many distinct texts).
 */
function reusePreparedStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const statements = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= STATEMENTS_PER_CONNECTION) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
}

interface CompiledQuery {
  sql: string;
  bindings?: unknown[];
}

/**
 * better-sqlite3 clears a statement's bindings after every run (`sqlite3_clear_bindings`), and
 * SQLite then expires the statement if its plan looked at the value of any parameter, so that it
 * is compiled again, with a new row constructor, on its next run. The planner looks at a value:
 * - for every `LIMIT ?` (which knex binds, `.first()` included);
 * - once `ANALYZE` has kept stat4 samples, for every parameter compared with an indexed column;
 * - in a statement with a join or an `ORDER BY`, for every `column = ?` some candidate plan uses as
 *   a filter (to guess whether the value is 0 or 1): most list reads and joins.
 * A kept statement was thus prepared afresh on every run (for a `select *` of events, 40 µs of a
 * 5 µs read). A trailing `LIMIT ?` whose value is a non-negative safe integer is therefore written
 * into the SQL text (a few distinct texts: the statement cache holds each once),
 * `refreshDirectoryStatistics` keeps no stat4 samples, and `unpinnedEqualities` hides the others.
 */
export function inlineTrailingLimit<T extends CompiledQuery>(query: T): T {
  const { sql, bindings } = query;
  if (!bindings?.length) return query;
  const match = / limit \?( offset \?)?$/i.exec(sql);
  if (!match) return query;
  const at = bindings.length - (match[1] ? 2 : 1);
  const limit = bindings[at];
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) return query;
  return { ...query, sql: `${sql.slice(0, match.index)} limit ${limit}${match[1] ?? ''}`, bindings: bindings.filter((_, i) => i !== at) };
}

/** SQL texts as rewritten by `unpinnedEqualities`, kept (the statement cache's bound: texts repeat). */
const unpinned = new Map<string, string>();

/**
 * `column = ?` (and `in (?)`, which SQLite reads as `=`) written `column = likely(?)`: the planner
 * sees a function, not a bare parameter, and does not look at its value, so the statement is not
 * compiled again on every run (see inlineTrailingLimit). `likely(X)` is X itself (a hint SQLite's
 * code generator drops); the comparison keeps its affinity and collation, and the same indexes
 * apply, OR branches included (an explicit `collate binary` there turned an indexed OR into a
 * scan of the table).
 */
export function unpinnedEqualities(sql: string): string {
  let out = unpinned.get(sql);
  if (out === undefined) {
    out = sql.replace(/(^|[^!<>=])=\s*\?(?![?\w])/g, '$1= likely(?)').replace(/\bin \(\?\)/gi, 'in (likely(?))');
    if (unpinned.size >= STATEMENTS_PER_CONNECTION) unpinned.delete(unpinned.keys().next().value as string);
    unpinned.set(sql, out);
  }
  return out;
}

type KnexClientClass = new (config: Knex.Config) => {
  _query(connection: unknown, query: CompiledQuery): Promise<unknown>;
  acquireRawConnection(): Promise<unknown>;
  destroy(callback?: unknown): Promise<void>;
};

/** How often the checkpointer thread copies committed pages from the WAL into the database file. */
const CHECKPOINT_INTERVAL_MS = 100;
/**
 * WAL frames (4 KiB pages) past which the checkpointer waits for the writer to pause and starts
 * the WAL over: a passive checkpoint never blocks, so under writes without a pause the WAL would
 * otherwise only grow.
 */
const WAL_RESTART_FRAMES = 4096;

/**
 * How long the checkpointer's restart waits for readers to leave the WAL. A restarting checkpoint
 * holds the write lock while it waits, so every writer waits with it: it is only tried once a
 * passive one has copied every committed frame (nothing left to copy under that lock; a restart
 * that copied gigabytes a bulk load left behind kept an operator command waiting past its busy
 * timeout), and gives up after this long, for the next turn.
 */
const WAL_RESTART_WAIT_MS = 50;

/**
 * The checkpointer thread's code: its own connection to the file, a passive checkpoint every
 * interval (it copies what is committed and never waits for the writer), then, when the WAL has
 * grown past its bound and that checkpoint copied all of it, a restarting one.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.restartWaitMs);
const timer = setInterval(() => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (r && r.log > workerData.restartFrames && r.checkpointed === r.log) db.pragma('wal_checkpoint(RESTART)');
  } catch {
    // Busy or locked: the next turn tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * WAL checkpoints of an embedded SQLite file off the request thread. SQLite's automatic
 * checkpoint runs inside the COMMIT that crosses 1000 WAL pages, on the event loop, copying pages
 * and syncing the file while every request waits; here the pool's connection never checkpoints
 * (`wal_autocheckpoint = 0`) and a worker thread with its own connection does it every
 * CHECKPOINT_INTERVAL_MS. Should the thread stop unasked, the connections checkpoint themselves again.
 */
class WalCheckpointer {
  private readonly worker: Worker;
  private readonly connections = new Set<SqliteConnection & { open?: boolean }>();
  private stopping = false;

  constructor(file: string) {
    const require = createRequire(import.meta.url);
    this.worker = new Worker(CHECKPOINTER_SOURCE, {
      eval: true,
      workerData: { file, driver: require.resolve('better-sqlite3'), intervalMs: CHECKPOINT_INTERVAL_MS, restartFrames: WAL_RESTART_FRAMES, restartWaitMs: WAL_RESTART_WAIT_MS },
    });
    this.worker.unref();
    const fallBack = () => {
      if (this.stopping) return;
      this.stopping = true;
      for (const conn of this.connections) if (conn.open !== false) conn.pragma('wal_autocheckpoint = 1000');
    };
    this.worker.on('error', fallBack);
    this.worker.on('exit', fallBack);
  }

  /** A connection of the pool: it leaves checkpoints to the thread (unless the thread has stopped). */
  adopt(conn: SqliteConnection): void {
    if (this.stopping) return;
    conn.pragma('wal_autocheckpoint = 0');
    this.connections.add(conn);
  }

  /** Stops the thread after its current checkpoint; resolves when it has closed its connection. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage('stop');
    await exited;
  }
}

let sqliteClient: KnexClientClass | undefined;
/** knex's better-sqlite3 client, running each query with its trailing limit inlined (transactions included). */
function SqliteClient(): KnexClientClass {
  if (sqliteClient) return sqliteClient;
  const require = createRequire(import.meta.url);
  const Base = require('knex/lib/dialects/better-sqlite3/index.js') as KnexClientClass;
  sqliteClient = class MarqueeSqliteClient extends Base {
    /** The committed-state reader (committedStatement), opened on first use. */
    committed?: CommittedReader;
    /** WAL checkpoints on a worker thread (a file, not an in-memory database), from the first connection. */
    checkpointer?: WalCheckpointer;

    override _query(connection: unknown, query: CompiledQuery) {
      // A transaction takes the write lock as it begins, where SQLite waits (busy_timeout) for
      // another writer, such as the checkpointer restarting the WAL or another process; a deferred
      // one that read first is refused at once (SQLITE_BUSY) when its first write finds the lock taken.
      if (query.sql === 'BEGIN;') return super._query(connection, { ...query, sql: 'BEGIN IMMEDIATE;' });
      const inlined = inlineTrailingLimit(query);
      return super._query(connection, { ...inlined, sql: unpinnedEqualities(inlined.sql) });
    }

    override async acquireRawConnection() {
      const conn = (await super.acquireRawConnection()) as SqliteConnection;
      conn.pragma('journal_mode = WAL');
      const file = (this as unknown as { connectionSettings: { filename: string } }).connectionSettings.filename;
      if (file !== ':memory:' && file !== '') {
        this.checkpointer ??= new WalCheckpointer(file);
        this.checkpointer.adopt(conn);
      }
      return conn;
    }

    override async destroy(callback?: unknown) {
      this.committed?.connection.close();
      this.committed = undefined;
      // The thread first: the pool's connection, closing last, then checkpoints what is left.
      await this.checkpointer?.stop();
      this.checkpointer = undefined;
      return super.destroy(callback);
    }
  };
  return sqliteClient;
}

export function createDb(options: DbOptions): Knex {
  if (!options.databaseUrl && options.sqliteFile !== ':memory:') {
    fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  }
  return knexFactory(knexConfig(options));
}

/** A statement of the committed-state reader (better-sqlite3's Statement, as far as used here). */
export interface CommittedStatement {
  get(...params: unknown[]): unknown;
}

interface CommittedReader {
  connection: { prepare(sql: string): CommittedStatement; close(): void };
  statements: Map<string, CommittedStatement>;
}

/**
 * On an embedded SQLite file: a statement on a second, query-only connection to the same file,
 * which reads the last committed state at once (WAL: each statement starts a read of the newest
 * commit; nothing uncommitted of a transaction in progress on the pool's connection is seen)
 * without queueing behind the pool's one connection and knex's asynchronous query path. For tiny
 * reads made on every request (the public-read version stamp). Undefined on PostgreSQL, in a
 * transaction and on an in-memory database: query through knex there.
 */
export function committedStatement(db: Queryable, sql: string): CommittedStatement | undefined {
  if (db.isTransaction || !sqliteClient || !(db.client instanceof sqliteClient)) return undefined;
  const client = db.client as InstanceType<KnexClientClass> & { committed?: CommittedReader; connectionSettings: { filename: string } };
  const file = client.connectionSettings.filename;
  if (file === ':memory:') return undefined;
  if (!client.committed) {
    const require = createRequire(import.meta.url);
    const Database = require('better-sqlite3') as new (file: string, options: { fileMustExist: boolean }) => CommittedReader['connection'] & { pragma(sql: string): unknown };
    const connection = new Database(file, { fileMustExist: true });
    connection.pragma('query_only = ON');
    connection.pragma('busy_timeout = 5000');
    client.committed = { connection, statements: new Map() };
  }
  let statement = client.committed.statements.get(sql);
  if (!statement) client.committed.statements.set(sql, (statement = client.committed.connection.prepare(sql)));
  return statement;
}

/**
 * On PostgreSQL, outside a transaction: a tiny fixed read made on every request (a version
 * stamp), run as a named prepared statement on a pooled connection, so it is parsed and planned
 * once per connection and skips knex's query building. Undefined on SQLite and in a transaction:
 * query through knex there.
 */
export function pgPreparedRead<T>(db: Queryable, name: string, sql: string): (() => Promise<T[]>) | undefined {
  if (db.isTransaction || dialectOf(db) !== 'pg') return undefined;
  const client = db.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(connection: PgConnection): Promise<unknown> };
  return async () => {
    const connection = await client.acquireConnection();
    try {
      return (await connection.query({ name, text: sql })).rows as T[];
    } finally {
      await client.releaseConnection(connection);
    }
  };
}

interface PgConnection {
  query(query: { name: string; text: string }): Promise<{ rows: unknown[] }>;
}

export async function migrateLatest(db: Knex): Promise<void> {
  const schema = (db.client.config.migrations as Knex.MigratorConfig | undefined)?.schemaName;
  if (schema) await db.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
  await db.migrate.latest();
}
