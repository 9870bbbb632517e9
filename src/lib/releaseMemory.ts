/**
 * Gives memory back after a burst, once its workers have gone: the request thread's heap collected
 * as V8 does it under memory pressure (every generation, weak references cleared, and the freed
 * pages handed back to the system), asked of V8 through an in-process inspector session
 * (`HeapProfiler.collectGarbage`; no port is opened). V8 otherwise keeps the heap it grew to until
 * allocation asks for a collection, which an idle server never does; and a plain full collection
 * (`gc()`) leaves the pages it freed, and those of the workers' heaps, pooled and resident (some
 * 30 MB after a burst of posters). Where Node has no inspector, a full collection through
 * `--expose-gc` (`npm start` passes it); without either, nothing.
 *
 * The collection runs on the request thread and holds it for as long as it takes (tens of
 * milliseconds): it is asked for when a worker pool has been idle for minutes, never per request.
 */
import type { Session } from 'node:inspector';

type ExposedGc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

let pending: Promise<void> | undefined;

/** Starts a collection (several asked at once, such as each worker exiting, make one); settles when it is done. */
export function releaseMemory(): Promise<void> {
  // After the exits that asked for it have settled.
  pending ??= new Promise<void>((resolve) => setImmediate(resolve).unref())
    .then(collect)
    .catch(() => {})
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

function inspectorSession(): Session | undefined {
  try {
    const inspector = process.getBuiltinModule('node:inspector') as typeof import('node:inspector') | undefined;
    const session = inspector && new inspector.Session();
    session?.connect();
    return session;
  } catch {
    // A Node built without the inspector.
    return undefined;
  }
}

async function collect(): Promise<void> {
  const session = inspectorSession();
  if (session) {
    try {
      await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (err) => (err ? reject(err) : resolve())));
      return;
    } finally {
      session.disconnect();
    }
  }
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (gc) await gc({ type: 'major', execution: 'async' });
}
