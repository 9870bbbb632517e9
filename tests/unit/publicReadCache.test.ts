import { PublicReadCache } from '../../src/http/publicReadCache.js';
import { ManualClock } from '../../src/lib/clock.js';
import { SharedReads, TurnRead } from '../../src/lib/sharedReads.js';

/** A version stamp whose reads the test releases by hand: each read returns the stamp as it stood when the read started. */
function stamp() {
  let value = 1;
  const reads: { started: number; release: () => void }[] = [];
  const read = () =>
    new Promise<number>((resolve) => {
      const seen = value;
      reads.push({ started: seen, release: () => resolve(seen) });
    });
  return {
    reads,
    read,
    write: () => void value++,
    releaseAll: () => {
      for (const r of reads.splice(0)) r.release();
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PublicReadCache version reads', () => {
  test('when many requests arrive while a read runs, then they share one further read', async () => {
    const s = stamp();
    const cache = new PublicReadCache({ version: s.read, clock: new ManualClock(0) });
    const first = cache.version();
    const rest = Array.from({ length: 50 }, () => cache.version());
    expect(s.reads).toHaveLength(1);
    s.releaseAll();
    await first;
    await settle();
    expect(s.reads).toHaveLength(1);
    s.releaseAll();
    expect(await Promise.all(rest)).toEqual(Array(50).fill(1));
  });

  test('when a write commits while a read that started before it runs, then a request arriving after the write sees the new stamp', async () => {
    const s = stamp();
    const cache = new PublicReadCache({ version: s.read, clock: new ManualClock(0) });
    const before = cache.version();
    s.write();
    const after = cache.version();
    s.releaseAll();
    expect(await before).toBe(1);
    await settle();
    s.releaseAll();
    expect(await after).toBe(2);
  });

  test('when a read fails, then the next request reads again', async () => {
    let calls = 0;
    const cache = new PublicReadCache({ version: () => (++calls === 1 ? Promise.reject(new Error('database away')) : Promise.resolve(7)), clock: new ManualClock(0) });
    const failed = cache.version();
    const queued = cache.version();
    await expect(failed).rejects.toThrow('database away');
    expect(await queued).toBe(7);
    expect(await cache.version()).toBe(7);
    expect(calls).toBe(3);
  });
});

describe('PublicReadCache version reads on a store that answers at once (embedded SQLite)', () => {
  /** A synchronous stamp, as the embedded file gives it: each read returns the stamp as it stands. */
  function syncStamp() {
    const s = { value: 1, reads: 0, fail: false };
    const read = () => {
      s.reads++;
      if (s.fail) throw new Error('database away');
      return s.value;
    };
    return { s, cache: new PublicReadCache({ version: () => Promise.resolve(read()), versionNow: read, clock: new ManualClock(0) }) };
  }

  test('when many requests arrive in one turn of the event loop, then one read at its end answers them all', async () => {
    const { s, cache } = syncStamp();
    const asked = Array.from({ length: 50 }, () => cache.version());
    expect(s.reads).toBe(0);
    expect(await Promise.all(asked)).toEqual(Array(50).fill(1));
    expect(s.reads).toBe(1);
    // The next turn reads again.
    expect(await cache.version()).toBe(1);
    expect(s.reads).toBe(2);
  });

  test('when a write commits after a request arrived but before the turn ends, then the request sees it (the read starts after every caller)', async () => {
    const { s, cache } = syncStamp();
    const early = cache.version();
    s.value = 2;
    const late = cache.version();
    expect(await Promise.all([early, late])).toEqual([2, 2]);
  });

  test('when a request arrives in the turn after a write, then it never gets a read made before the write', async () => {
    const { s, cache } = syncStamp();
    expect(await cache.version()).toBe(1);
    s.value = 2;
    expect(await cache.version()).toBe(2);
  });

  test('when the read fails, then every caller of the turn is refused and the next turn reads again', async () => {
    const { s, cache } = syncStamp();
    s.fail = true;
    const asked = [cache.version(), cache.version()];
    for (const a of asked) await expect(a).rejects.toThrow('database away');
    s.fail = false;
    expect(await cache.version()).toBe(1);
  });

  test('when the store turns out not to answer at once (PostgreSQL), then the shared asynchronous read is used from then on', async () => {
    const s = stamp();
    let sync = 0;
    const cache = new PublicReadCache({ version: s.read, versionNow: () => (sync++, undefined), clock: new ManualClock(0) });
    const first = cache.version();
    await settle();
    expect(s.reads).toHaveLength(1);
    s.releaseAll();
    expect(await first).toBe(1);
    const second = cache.version();
    expect(s.reads).toHaveLength(1);
    s.releaseAll();
    expect(await second).toBe(1);
    expect(sync).toBe(1);
  });
});

describe('SharedReads', () => {
  test('when callers ask for different keys, then each key has reads of its own', async () => {
    const loads: string[] = [];
    const releases: (() => void)[] = [];
    const shared = new SharedReads<string, string>((key) => {
      loads.push(key);
      return new Promise((resolve) => releases.push(() => resolve(`row ${key}`)));
    });
    const a1 = shared.read('a');
    const b1 = shared.read('b');
    const a2 = shared.read('a');
    const a3 = shared.read('a');
    expect(loads).toEqual(['a', 'b']);
    for (const release of releases.splice(0)) release();
    expect(await Promise.all([a1, b1])).toEqual(['row a', 'row b']);
    await settle();
    // The callers that came while the first read of "a" ran share the one after it.
    expect(loads).toEqual(['a', 'b', 'a']);
    for (const release of releases.splice(0)) release();
    expect(await Promise.all([a2, a3])).toEqual(['row a', 'row a']);
  });
});

describe('TurnRead', () => {
  test('when callers ask in one turn of the event loop, then one read made after the last of them answers them all; a later turn reads again', async () => {
    let value = 1;
    const reads: number[] = [];
    const turn = new TurnRead(() => {
      reads.push(value);
      return value;
    });
    const first = turn.read();
    value = 2; // committed after the first caller asked, before the turn ended: seen by it too
    const second = turn.read();
    expect(reads).toEqual([]);
    expect(await Promise.all([first, second])).toEqual([2, 2]);
    expect(reads).toEqual([2]);
    value = 3;
    expect(await turn.read()).toBe(3);
    expect(reads).toEqual([2, 3]);
  });

  test('when the read throws, then every caller of that turn gets the error and the next turn reads again', async () => {
    let fail = true;
    const turn = new TurnRead(() => {
      if (fail) throw new Error('database away');
      return 7;
    });
    const results = await Promise.allSettled([turn.read(), turn.read()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await turn.read()).toBe(7);
  });
});

describe('PublicReadCache computations in flight', () => {
  const json = (n: number) => ({ status: 200, body: { n } });
  /** A computation of `answer(n)`, n counting its runs, each held until `release`. */
  const held = (answer: (n: number) => { status: number; body: unknown }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const counter = { runs: 0 };
    const compute = async () => {
      const n = ++counter.runs;
      await gate;
      return answer(n);
    };
    return { compute, counter, release: () => release() };
  };

  test('when many requests ask for an answer not kept yet, then it is computed once and each gets it', async () => {
    const cache = new PublicReadCache({ version: async () => 7, clock: new ManualClock(0) });
    const { compute, counter, release } = held(json);
    const answers = Array.from({ length: 20 }, () => cache.answer('k', compute));
    await settle();
    release();
    const all = await Promise.all(answers);
    expect(counter.runs).toBe(1);
    expect(new Set(all.map((a) => a.raw))).toEqual(new Set(['{"n":1}']));
    expect(all.every((a) => a.status === 200 && a.headers?.ETag)).toBe(true);
  });

  test('when the answer in flight cannot be kept (a refusal) or its computation fails, then each waiting request computes its own', async () => {
    const cache = new PublicReadCache({ version: async () => 7, clock: new ManualClock(0) });
    const { compute: refuse, counter, release } = held((n) => ({ status: 404, body: { n } }));
    const answers = Array.from({ length: 5 }, () => cache.answer('missing', refuse));
    await settle();
    release();
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect(counter.runs).toBe(5);

    let failures = 0;
    const fail = async () => {
      failures++;
      throw new Error('database away');
    };
    const failed = await Promise.allSettled(Array.from({ length: 3 }, () => cache.answer('broken', fail)));
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(failures).toBe(3);
    // Nothing is left in flight: the next request computes afresh and is kept.
    expect((await cache.answer('broken', async () => json(1))).raw).toBe('{"n":1}');
  });

  test('when the stamp moves while an answer is computed, then requests under the new stamp do not wait for the old computation', async () => {
    let version = 1;
    const cache = new PublicReadCache({ version: async () => version, clock: new ManualClock(0) });
    const { compute, release } = held(json);
    const old = cache.answer('k', compute);
    await settle();
    version = 2;
    expect((await cache.answer('k', async () => json(2))).raw).toBe('{"n":2}');
    release();
    expect((await old).raw).toBe('{"n":1}');
  });
});
