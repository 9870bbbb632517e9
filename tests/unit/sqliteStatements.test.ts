import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { committedStatement, createDb, inlineTrailingLimit, unpinnedEqualities } from '../../src/db/knex.js';
import { Repositories } from '../../src/repositories/index.js';

describe('inlineTrailingLimit', () => {
  it('writes a trailing integer limit into the SQL and drops its binding', () => {
    expect(inlineTrailingLimit({ sql: 'select * from t where a = ? limit ?', bindings: ['x', 1] })).toEqual({ sql: 'select * from t where a = ? limit 1', bindings: ['x'] });
    expect(inlineTrailingLimit({ sql: 'select * from t where a = ? limit ? offset ?', bindings: ['x', 20, 40] })).toEqual({ sql: 'select * from t where a = ? limit 20 offset ?', bindings: ['x', 40] });
  });

  it('leaves anything else alone', () => {
    for (const query of [
      { sql: 'select * from t where a = ?', bindings: ['x'] },
      { sql: 'select * from t where a = ? limit ?', bindings: ['x', '1; drop table t'] },
      { sql: 'select * from t where a = ? limit ?', bindings: ['x', -1] },
      { sql: 'select * from t where a = ? limit ?', bindings: ['x', 1.5] },
      { sql: 'select * from (select * from t limit ?) where a = ?', bindings: [1, 'x'] },
    ]) {
      expect(inlineTrailingLimit(query)).toBe(query);
    }
  });
});

describe('unpinnedEqualities', () => {
  it('writes each equality with a parameter, and a one-value IN, with the parameter inside likely()', () => {
    expect(unpinnedEqualities('select * from t join u on u.t = t.id where t.a = ? and t.b=? and t.c in (?) order by t.d')).toBe(
      'select * from t join u on u.t = t.id where t.a = likely(?) and t.b= likely(?) and t.c in (likely(?)) order by t.d',
    );
    expect(unpinnedEqualities('update t set a = ?, b = ? where id = ?')).toBe('update t set a = likely(?), b = likely(?) where id = likely(?)');
  });

  it('leaves other comparisons, lists, limits and literals alone', () => {
    for (const sql of ['select * from t where a != ? and b <= ? and c >= ? and d < ? and e > ?', 'select * from t where a in (?, ?) limit ?', "select * from t where a = 'x' and b = c", 'insert into t (a, b) values (?, ?)']) {
      expect(unpinnedEqualities(sql)).toBe(sql);
    }
  });

  it('answers as the plain statements do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-unpinned-'));
    const db = createDb({ sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await db.schema.createTable('t', (t) => {
        t.increments('id');
        t.string('a').index();
        t.string('b').index();
        t.integer('n');
      });
      await db('t').insert(Array.from({ length: 60 }, (_, i) => ({ a: ['x', 'X', 'x ', '1'][i % 4], b: `b${i % 5}`, n: i % 3 })));
      const driver = (await db.client.acquireConnection()) as { prepare(sql: string): { all(...args: unknown[]): unknown[] } };
      try {
        for (const [sql, args] of [
          ['select id from t where a = ? order by n, id', ['x']],
          ['select id from t where a = ? and n = ? order by id desc', ['1', 2]],
          ['select id from t where n = ? order by a, id', ['2']],
          ['select t.id from t join t as u on u.id = t.id where t.a in (?) order by t.id', ['X']],
          ['select id from t where a = ? or b = ? order by id', ['x ', 'b3']],
        ] as const) {
          const plain = driver.prepare(sql).all(...args);
          expect(plain.length).toBeGreaterThan(0);
          expect(unpinnedEqualities(sql)).not.toBe(sql);
          expect(driver.prepare(unpinnedEqualities(sql)).all(...args)).toEqual(plain);
          // The same indexes serve it (an indexed OR stays one; a collated parameter made it a scan).
          const plan = (text: string) => (driver.prepare(`explain query plan ${text}`).all(...args) as { detail: string }[]).map((r) => r.detail.replace(/ \(.*\)$/, ''));
          expect(plan(unpinnedEqualities(sql))).toEqual(plan(sql));
        }
      } finally {
        await db.client.releaseConnection(driver);
      }
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite statements', () => {
  let dir: string;
  let db: Knex;
  let prepared: string[];

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-statements-'));
    db = createDb({ sqliteFile: path.join(dir, 'db.sqlite') });
    await db.schema.createTable('t', (t) => {
      t.increments('id');
      t.string('p').index();
    });
    await db('t').insert(Array.from({ length: 300 }, (_, i) => ({ p: `p${i % 30}` })));
    prepared = [];
    // The SQL texts the driver is asked to prepare, seen on the pool's one connection.
    const conn = (await db.client.acquireConnection()) as { prepare(sql: string): unknown };
    const prepare = conn.prepare;
    conn.prepare = (sql: string) => (prepared.push(sql), prepare(sql));
    await db.client.releaseConnection(conn);
  });

  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a limited read with its limit in the SQL, in and out of transactions', async () => {
    expect(await db('t').where({ p: 'p3' }).first()).toMatchObject({ p: 'p3' });
    expect(await db('t').where({ p: 'p4' }).orderBy('id').limit(2).offset(1)).toHaveLength(2);
    await db.transaction(async (trx) => expect(await trx('t').where({ p: 'p5' }).first()).toMatchObject({ p: 'p5' }));
    expect(prepared).toEqual([
      'select * from `t` where `p` = likely(?) limit 1',
      'select * from `t` where `p` = likely(?) order by `id` asc limit 2 offset ?',
      'BEGIN IMMEDIATE;',
      'select * from `t` where `p` = likely(?) limit 1',
      'COMMIT;',
    ]);
  });

  it('keeps row counts but no stat4 samples after refreshing the statistics, in a transaction holding the write lock from its start', async () => {
    await new Repositories(db).refreshDirectoryStatistics();
    // The write lock first: a plain ANALYZE reads, then is refused when another connection
    // committed meanwhile (a running server beside the operator command).
    expect(prepared.slice(0, 3)).toEqual(['BEGIN IMMEDIATE;', 'pragma analysis_limit = 1000', 'analyze']);
    expect(prepared.at(-1)).toBe('COMMIT;');
    expect(await db.raw("select count(*) as n from sqlite_stat1 where tbl = 't'")).toEqual([{ n: 1 }]);
    expect(await db.raw('select count(*) as n from sqlite_stat4')).toEqual([{ n: 0 }]);
  });
});

describe('committedStatement', () => {
  let dir: string;
  let db: Knex;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-committed-'));
    db = createDb({ sqliteFile: path.join(dir, 'db.sqlite') });
    await db.schema.createTable('stamp', (t) => {
      t.integer('id').primary();
      t.integer('version');
    });
    await db('stamp').insert({ id: 1, version: 1 });
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const read = () => (committedStatement(db, 'select version from stamp where id = ?')!.get(1) as { version: number }).version;

  it('reads what has committed, at once, and nothing of a transaction still open', async () => {
    expect(read()).toBe(1);
    await db('stamp').where({ id: 1 }).update({ version: 2 });
    expect(read()).toBe(2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const trx = db.transaction(async (t) => {
      await t('stamp').where({ id: 1 }).update({ version: 3 });
      // Inside the transaction the statement is not offered: its own reads go through it.
      expect(committedStatement(t, 'select version from stamp where id = ?')).toBeUndefined();
      inside();
      await held;
    });
    await opened;
    expect(read()).toBe(2);
    release();
    await trx;
    expect(read()).toBe(3);
  });

  it('is not offered on an in-memory database, and its connection closes with the pool', async () => {
    const memory = createDb({ sqliteFile: ':memory:' });
    try {
      expect(committedStatement(memory, 'select 1')).toBeUndefined();
    } finally {
      await memory.destroy();
    }
    const statement = committedStatement(db, 'select version from stamp where id = ?')!;
    await db.destroy();
    expect(() => statement.get(1)).toThrow(/not open/);
    db = createDb({ sqliteFile: path.join(dir, 'db.sqlite') });
  });
});

describe('WAL checkpoints', () => {
  let dir: string;
  let file: string;
  let db: Knex;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-checkpoints-'));
    file = path.join(dir, 'db.sqlite');
    db = createDb({ sqliteFile: file });
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const autocheckpoint = async (on: Knex) => (await on.raw('pragma wal_autocheckpoint'))[0].wal_autocheckpoint as number;
  const checkpointer = (on: Knex) => (on.client as unknown as { checkpointer?: { worker: { terminate(): Promise<unknown> } } }).checkpointer;

  it('when the database is a file, then its connection leaves checkpoints to the checkpointer thread', async () => {
    expect(await autocheckpoint(db)).toBe(0);
    expect(checkpointer(db)).toBeDefined();
    const memory = createDb({ sqliteFile: ':memory:' });
    try {
      expect(await autocheckpoint(memory)).toBe(1000);
      expect(checkpointer(memory)).toBeUndefined();
    } finally {
      await memory.destroy();
    }
  });

  it('when the pool closes, then every commit is in the file and the WAL is gone', async () => {
    await db.schema.createTable('t', (t) => {
      t.increments('id');
      t.string('p');
    });
    for (let i = 0; i < 20; i++) await db.transaction((trx) => trx('t').insert(Array.from({ length: 50 }, () => ({ p: 'x'.repeat(200) }))));
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await db.destroy();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    db = createDb({ sqliteFile: file });
    expect(await db('t').count({ n: '*' })).toEqual([{ n: 1000 }]);
  });

  it('when the checkpointer thread stops unasked, then the connection checkpoints itself again', async () => {
    await db.raw('select 1');
    await checkpointer(db)!.worker.terminate();
    expect(await autocheckpoint(db)).toBe(1000);
  });
});

