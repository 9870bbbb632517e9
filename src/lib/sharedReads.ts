/**
 * Reads shared by concurrent callers without ever answering from before a caller arrived.
 *
 * A caller of `read(key)` gets the result of a read of `key` that starts after its call: it joins
 * the read queued to start next, or starts one when none runs. While a read runs, later callers
 * queue for the one after it, which starts when it ends. So a write committed before a caller
 * arrived is always seen (as with a read of its own), while under load one query answers a whole
 * batch of callers instead of each. At most one read per key runs at a time, and one waits.
 */
export class SharedReads<K, V> {
  private readonly running = new Map<K, Promise<V>>();
  private readonly queued = new Map<K, Promise<V>>();

  constructor(private readonly load: (key: K) => Promise<V>) {}

  read(key: K): Promise<V> {
    const queued = this.queued.get(key);
    if (queued) return queued;
    const running = this.running.get(key);
    if (!running) return this.start(key);
    const next = () => {
      this.queued.delete(key);
      return this.start(key);
    };
    const waiting = running.then(next, next);
    this.queued.set(key, waiting);
    return waiting;
  }

  private start(key: K): Promise<V> {
    const read: Promise<V> = this.load(key).finally(() => {
      if (this.running.get(key) === read) this.running.delete(key);
    });
    this.running.set(key, read);
    return read;
  }
}

/**
 * A read of a source that answers synchronously (an embedded SQLite file), shared by every caller
 * of one turn of the event loop: it is made at the end of the turn (`setImmediate`, after the poll
 * phase has taken in every request that arrived with the first caller's), so each caller gets a
 * read that started after it asked, and a burst of requests costs one read instead of one each.
 */
export class TurnRead<V> {
  private pending?: Promise<V>;

  constructor(private readonly load: () => V) {}

  read(): Promise<V> {
    return (this.pending ??= new Promise<V>((resolve, reject) => {
      setImmediate(() => {
        this.pending = undefined;
        try {
          resolve(this.load());
        } catch (err) {
          reject(err);
        }
      });
    }));
  }
}
