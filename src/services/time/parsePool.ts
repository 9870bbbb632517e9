import os from 'node:os';
import { Piscina } from 'piscina';
import type { EngineInput, EngineOutcome, TimeParser } from './jobs.js';

/**
 * Runs parses off the request thread in a worker pool (piscina). The pool counts as cold until
 * a warm-up parse has finished in a worker; submissions meanwhile are accepted as pending jobs.
 * Lives on the request thread; each worker thread loads `workerModule` (parseWorkerEntry.ts).
 */
export class ParseWorkerPool implements TimeParser {
  private readonly pool: Piscina;
  private warm = false;
  readonly ready: Promise<void>;

  constructor(workerModule: URL, opts: { threads?: number; warmUp?: EngineInput } = {}) {
    const threads = opts.threads ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
    this.pool = new Piscina({
      filename: workerModule.href,
      // Workers load TypeScript through tsx, whatever runner started this process.
      execArgv: ['--import', 'tsx'],
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
    });
    const warmUp = opts.warmUp ?? { text: 'noon', timeZone: 'UTC', referenceInstant: Date.UTC(2026, 0, 1) };
    this.ready = this.pool.run(warmUp).then(
      () => {
        this.warm = true;
      },
      () => {
        this.warm = false;
      },
    );
  }

  isWarm(): boolean {
    return this.warm;
  }

  parse(input: EngineInput): Promise<EngineOutcome> {
    return this.pool.run(input) as Promise<EngineOutcome>;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
