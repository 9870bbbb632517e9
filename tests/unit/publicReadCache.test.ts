import { PublicReadCache } from '../../src/http/publicReadCache.js';
import { ManualClock } from '../../src/lib/clock.js';
import { SharedReads } from '../../src/lib/sharedReads.js';

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
