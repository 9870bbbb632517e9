import { threadId } from 'node:worker_threads';
import { ParseWorkerPool } from '../../src/services/time/parsePool.js';

describe('the parse worker pool', () => {
  test('when the pool has warmed up, then parses run on worker threads, not the request thread', async () => {
    const parser = new ParseWorkerPool(new URL('../helpers/stubParseWorkerEntry.ts', import.meta.url), { threads: 2 });
    try {
      expect(parser.isWarm()).toBe(false);
      await parser.ready;
      expect(parser.isWarm()).toBe(true);
      const results = await Promise.all(['a', 'b', 'c'].map((text) => parser.parse({ text, timeZone: 'UTC', referenceInstant: 0 })));
      for (const r of results) {
        const worker = Number(/thread (\d+)/.exec(String((r as { reason?: unknown }).reason))![1]);
        expect(worker).not.toBe(threadId);
      }
      await expect(parser.parse({ text: 'throw', timeZone: 'UTC', referenceInstant: 0 })).rejects.toThrow('boom');
    } finally {
      await parser.close();
    }
  });
});

describe('the lazily started parse worker pool (the server’s)', () => {
  const stub = new URL('../helpers/stubParseWorkerEntry.ts', import.meta.url);
  /** Resolves once `done()` holds, checking at each turn of the event loop (worker exits are events). */
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setImmediate(r));
  };

  test('when nothing has been parsed yet, then no worker runs and the pool is cold; the first parse starts one and warms it', async () => {
    const parser = new ParseWorkerPool(stub, { threads: 2, eager: false });
    try {
      expect(parser.stats().workers).toBe(0);
      expect(parser.isWarm()).toBe(false);
      const outcome = await parser.parse({ text: 'first', timeZone: 'UTC', referenceInstant: 0 });
      expect(String((outcome as { reason?: unknown }).reason)).toMatch(/^first on thread \d+$/);
      expect(parser.isWarm()).toBe(true);
      await parser.ready;
      expect(parser.stats().workers).toBeLessThanOrEqual(2);
    } finally {
      await parser.close();
    }
  });

  test('when its workers have been idle past the idle timeout, then they exit, the pool is cold again, and the next parse starts a worker', async () => {
    const parser = new ParseWorkerPool(stub, { threads: 1, eager: false, idleTimeoutMs: 1 });
    try {
      await parser.parse({ text: 'a', timeZone: 'UTC', referenceInstant: 0 });
      await until(() => parser.stats().workers === 0);
      expect(parser.isWarm()).toBe(false);
      const again = await parser.parse({ text: 'b', timeZone: 'UTC', referenceInstant: 0 });
      expect(String((again as { reason?: unknown }).reason)).toMatch(/^b on thread \d+$/);
    } finally {
      await parser.close();
    }
  }, 60_000);
});
