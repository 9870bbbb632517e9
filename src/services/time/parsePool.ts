import os from 'node:os';
import { Piscina } from 'piscina';
import type { EngineInput, EngineOutcome, TimeParser, TimeParserStats } from './jobs.js';

export interface ParseWorkerPoolOptions {
  /** Worker threads at most (default: the cores but one, 1 to 4). */
  threads?: number;
  /**
   * True (default): every thread starts with the pool and a warm-up parse runs at once. False: no
   * thread until the first parse, which starts one; the pool counts as cold until a parse has
   * finished in a worker, and again once idle workers have exited.
   */
  eager?: boolean;
  /** A lazily started worker idle this long exits, giving back the engine's memory (default: never). */
  idleTimeoutMs?: number;
  /** Called once the last worker has exited (the server then collects its own garbage). */
  onRelease?: () => void;
  warmUp?: EngineInput;
}

/**
 * Runs parses off the request thread in a worker pool (piscina). The pool counts as cold until
 * a parse (the warm-up, when eager) has finished in a worker; submissions meanwhile are accepted
 * as pending jobs. Lives on the request thread; each worker thread loads `workerModule`
 * (parseWorkerEntry.ts, or its compiled .js).
 */
export class ParseWorkerPool implements TimeParser {
  private readonly pool: Piscina;
  private warm = false;
  /** Parses handed to the pool and not yet settled (queued or running). */
  private inFlight = 0;
  /** Settles once the pool has been warm (or its eager warm-up failed). */
  readonly ready: Promise<void>;
  private settleReady!: () => void;

  constructor(workerModule: URL, opts: ParseWorkerPoolOptions = {}) {
    const threads = Math.max(1, opts.threads ?? Math.min(4, os.availableParallelism() - 1));
    const eager = opts.eager ?? true;
    this.ready = new Promise((resolve) => (this.settleReady = resolve));
    this.pool = new Piscina({
      filename: workerModule.href,
      // A TypeScript entry (development, tests) loads through tsx, whatever runner started this
      // process; the compiled server's workers load plain JavaScript.
      execArgv: workerModule.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [],
      minThreads: eager ? threads : 0,
      maxThreads: threads,
      idleTimeout: eager ? Infinity : (opts.idleTimeoutMs ?? Infinity),
    });
    // The last worker gone (idle timeout), the next parse loads the engine again: cold.
    let workers = 0;
    this.pool.on('workerCreate', () => workers++);
    this.pool.on('workerDestroy', () => {
      workers = Math.max(0, workers - 1);
      if (workers === 0) {
        this.warm = false;
        opts.onRelease?.();
      }
    });
    if (eager) {
      const warmUp = opts.warmUp ?? { text: 'noon', timeZone: 'UTC', referenceInstant: Date.UTC(2026, 0, 1) };
      this.pool.run(warmUp).then(
        () => this.warmed(),
        () => {
          this.warm = false;
          this.settleReady();
        },
      );
    }
  }

  private warmed() {
    this.warm = true;
    this.settleReady();
  }

  isWarm(): boolean {
    return this.warm;
  }

  parse(input: EngineInput): Promise<EngineOutcome> {
    this.inFlight++;
    return (this.pool.run(input) as Promise<EngineOutcome>)
      .then((outcome) => {
        this.warmed();
        return outcome;
      })
      .finally(() => {
        this.inFlight--;
      });
  }

  stats(): TimeParserStats {
    const queued = this.pool.queueSize;
    return { workers: this.pool.threads.length, queued, active: Math.max(0, this.inFlight - queued), warm: this.warm };
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
