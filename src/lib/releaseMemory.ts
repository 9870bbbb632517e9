/**
 * Gives memory back after a burst, once its workers have gone: a full garbage collection of the
 * request thread, started in the background. V8 otherwise keeps the heap it grew to (and the
 * external buffers its garbage still holds) until allocation asks for a collection, which an
 * idle server never does. Needs `--expose-gc` (`npm start` passes it); without it, nothing.
 */
type ExposedGc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

let pending = false;

export function releaseMemory(): void {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (!gc || pending) return;
  // Several releases at once (each worker exiting) make one collection, after their exits settled.
  pending = true;
  setImmediate(() => {
    pending = false;
    void Promise.resolve(gc({ type: 'major', execution: 'async' })).catch(() => {});
  }).unref();
}
