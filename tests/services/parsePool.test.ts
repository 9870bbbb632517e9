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
