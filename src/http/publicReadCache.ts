import type { OperationId } from '../generated/contract.js';
import type { Clock } from '../lib/clock.js';
import { trackFreshness } from '../lib/freshness.js';
import { SharedReads } from '../lib/sharedReads.js';
import { etagOf } from './publicCaching.js';
import type { Answer } from './pipeline/send.js';

/**
 * The anonymous public reads whose answers may be kept: their content changes only through
 * writes that move the public-read version stamp, and with time only where the computation
 * notes when (event status, next slots, discovery membership; src/lib/freshness.ts).
 */
export const CACHED_PUBLIC_READS: ReadonlySet<OperationId> = new Set([
  'getPublicEventBySlug',
  'listPublicUpcomingEvents',
  'listPublicCommunityEvents',
  'listPublicPersonEvents',
  'searchPublicCatalog',
  // Profiles and worlds: their rows move the stamp through refreshSearch, their media kits by the
  // triggers of migration 20261206000100; nothing in them changes with time.
  'getPublicProfileBySlug',
  'getPublicPersonProfileBySlug',
  'getPublicCommunityProfileBySlug',
  'getPublicClaimStatus',
  'getPublicProfileAssets',
  'getPublicProfileLogos',
  'getPublicWorldBySlug',
  // A world's events: upcoming and recent move with time, each noted (EventListService.ofWorld).
  'getPublicWorldEventsBySlug',
  // Active worlds: kept until the first end of any discoverable event that has a world (EventListService.activeWorlds).
  'listPublicActiveWorlds',
  // Calendars: an event's never changes with time; a feed until a listed event ends or leaves the
  // 30 days it looks back (CalendarService.feed). Kept with their own Cache-Control and file name.
  'getPublicEventCalendar',
  'getPublicCommunityCalendar',
  'getPublicEventsCalendar',
  // The contract as served: it changes only with a deployment; kept under its own tag.
  'getOpenApiDocument',
  'getOpenApiYamlDocument',
]);

/** Headers a kept answer may carry besides its ETag (a calendar's refresh hint and file name). */
const KEPT_HEADERS: ReadonlySet<string> = new Set(['Cache-Control', 'Content-Disposition']);

interface Entry {
  /** The JSON text (a string leaves in one write with the headers; a Buffer takes a second). */
  raw: string;
  bytes: number;
  etag: string;
  contentType: string;
  /** Headers of its own besides the ETag (KEPT_HEADERS), when it has any. */
  headers?: Readonly<Record<string, string>>;
  /** The version stamp the answer was computed under. */
  version: number;
  /** The first instant (injected clock) at which the computed answer would read differently. */
  validUntil: number;
  /** `moves` when the entry was last put at the most recently used end. */
  movedAt: number;
}

export interface PublicReadCacheDeps {
  /** The current public-read version stamp (shared by every instance). */
  version: () => Promise<number>;
  /**
   * The stamp read at once, where the database answers synchronously (an embedded SQLite file);
   * undefined where it cannot (PostgreSQL): `version()` is read there.
   */
  versionNow?: () => number | undefined;
  clock: Clock;
  /** Memory bound for the kept bodies. */
  maxBytes?: number;
}

/**
 * A kept text as `kept` gives it: the same object for as long as the entry lives, so what is made
 * from it once (a page's coded variants and headers) can be remembered against it.
 */
export interface KeptText {
  readonly raw: string;
  /** Its length in UTF-8 bytes. */
  readonly bytes: number;
  readonly etag: string;
  /** Its media type as computed (a kept API answer's `application/json`, a calendar's, a page's HTML type). */
  readonly contentType: string;
  /** Headers of its own besides the ETag (`Cache-Control`, `Content-Disposition`), when it has any. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request URL whose answer is kept: the operation and the cache key it was validated into. */
export interface KnownUrl {
  operationId: OperationId;
  key: string;
}

/** Request URLs remembered for the fast lane (a bound against unbounded distinct queries). */
const MAX_KNOWN_URLS = 10_000;

/**
 * Answers of anonymous public reads, kept in this process. An entry is served only while the
 * version stamp read for this request equals the one it was computed under (so a write committed
 * through any instance sharing the database ends it at once: an edited or retracted event is
 * never served from here) and the injected clock is before its `validUntil`. There is no fixed
 * time to live. The stamp is read before the answer is computed, so an answer racing a write is
 * filed under the older stamp and never outlives it. Least recently used entries go first when
 * the bodies pass `maxBytes`.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly urls = new Map<string, KnownUrl>();
  /** Computations under way, by stamp and key: settled (never rejected) once each has finished. */
  private readonly computing = new Map<string, Promise<void>>();
  private bytes = 0;
  /** Entries put at the most recently used end so far (insertions and moves). */
  private moves = 0;
  private readonly maxBytes: number;
  /** Stamp reads, shared by concurrent requests (src/lib/sharedReads.ts). */
  private readonly stamps: SharedReads<'stamp', number>;
  /** The stamp read due at the end of this turn of the event loop (synchronous stores), shared by every request of the turn. */
  private turnStamp?: Promise<number>;
  /** Whether the store answers the stamp synchronously: unknown until first asked. */
  private synchronous?: boolean;

  constructor(private readonly deps: PublicReadCacheDeps) {
    this.maxBytes = deps.maxBytes ?? 32 * 1024 * 1024;
    this.stamps = new SharedReads(() => deps.version());
  }

  /**
   * The version stamp, from a read that starts after this call: a write committed before the
   * request arrived is always seen. Concurrent requests share reads: under load one read answers
   * a whole batch of requests instead of each.
   * - Where the store answers synchronously (an embedded SQLite file), the read is made once at
   *   the end of the event loop's turn (`setImmediate`, after the poll phase has taken in every
   *   request that arrived with this one), for every caller of the turn: each caller asked
   *   before it, so each gets a read that started after it arrived.
   * - Elsewhere (PostgreSQL) callers share the running query's successor (SharedReads).
   */
  version(): Promise<number> {
    if (this.synchronous === false || !this.deps.versionNow) return this.stamps.read('stamp');
    return (this.turnStamp ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.turnStamp = undefined;
        try {
          const now = this.deps.versionNow!();
          if (now !== undefined) return resolve(now);
          this.synchronous = false;
        } catch (err) {
          return reject(err);
        }
        resolve(this.stamps.read('stamp'));
      });
    }));
  }

  /**
   * The version stamp from a read made now, when the database answers synchronously (embedded
   * SQLite); undefined otherwise. Equally fresh as `version()`, without a promise per request.
   */
  versionNow(): number | undefined {
    return this.deps.versionNow?.();
  }

  /**
   * Notes that an anonymous GET of exactly `url` (path and query as sent, no body) was validated
   * into `key`: a later request for the same URL is the same valid request, so the fast lane
   * (src/http/pipeline/fastLane.ts) may answer it from the entry without routing or validating.
   */
  rememberUrl(url: string, known: KnownUrl): void {
    if (this.urls.has(url)) return;
    if (this.urls.size >= MAX_KNOWN_URLS) this.urls.delete(this.urls.keys().next().value as string);
    this.urls.set(url, known);
  }

  knownUrl(url: string): KnownUrl | undefined {
    return this.urls.get(url);
  }

  /** The kept answer of `key` when it is still current (stamp and clock), else nothing. */
  async current(key: string): Promise<Answer | undefined> {
    const version = await this.version();
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version || this.deps.clock.now() >= hit.validUntil) return undefined;
    return this.hitAnswer(key, hit);
  }

  private hitAnswer(key: string, hit: Entry): Answer {
    this.touch(key, hit);
    return { status: 200, raw: hit.raw, contentType: hit.contentType, headers: { ...hit.headers, ETag: hit.etag } };
  }

  /**
   * Most recently used last. An entry put there fewer than half the entries' count of moves ago
   * is still in the newer half (each move or insertion puts one entry behind it), far from the
   * eviction end, and stays where it is: hits on hot entries do not reorder the map each time.
   */
  private touch(key: string, hit: Entry): void {
    if (this.moves - hit.movedAt < this.entries.size / 2) return;
    this.entries.delete(key);
    this.entries.set(key, hit);
    hit.movedAt = ++this.moves;
  }

  /** The key of a validated request: the operation, its path parameters and its query. */
  static keyOf(operationId: OperationId, params: unknown, query: unknown): string {
    return `${operationId}\0${JSON.stringify(params ?? {})}\0${JSON.stringify(query ?? {})}`;
  }

  /**
   * The kept answer of `key` when current, else `compute`d (and kept when it can be). Requests
   * for a key already being computed under the same stamp wait for that computation and take its
   * kept answer, so a burst of requests for an answer not kept yet (a large feed, a search many
   * ask at once) computes it once; when it was not kept (a refusal, a file), each computes its own.
   */
  async answer(key: string, compute: () => Promise<Answer>): Promise<Answer> {
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.version === version && this.deps.clock.now() < hit.validUntil) return this.hitAnswer(key, hit);
      this.drop(key, hit);
    }
    const flight = `${version}\0${key}`;
    const running = this.computing.get(flight);
    if (running) {
      await running;
      const done = this.entries.get(key);
      if (done && done.version === version && this.deps.clock.now() < done.validUntil) return this.hitAnswer(key, done);
      return this.computeAndKeep(key, version, compute);
    }
    let finished!: () => void;
    this.computing.set(flight, new Promise<void>((resolve) => (finished = resolve)));
    try {
      return await this.computeAndKeep(key, version, compute);
    } finally {
      this.computing.delete(flight);
      finished();
    }
  }

  private async computeAndKeep(key: string, version: number, compute: () => Promise<Answer>): Promise<Answer> {
    const { value: answer, until } = await trackFreshness(compute);
    const text = PublicReadCache.keepable(answer);
    if (!text) return answer;
    const entry = this.keep(key, { ...text, version, validUntil: until });
    return { status: 200, raw: text.raw, contentType: text.contentType, headers: { ...text.headers, ETag: entry.etag } };
  }

  /**
   * What of a computed answer can be kept: a 200 with a JSON body, or with a text of its own (a
   * calendar, the contract) whose other headers are KEPT_HEADERS, under its own strong ETag when
   * it set one (a hash of those bytes: the calendars', the contract's). Anything else (a file, a
   * stream, headers about this request) is not kept.
   */
  private static keepable(answer: Answer): { raw: string; contentType: string; etag?: string; headers?: Record<string, string> } | undefined {
    if (answer.status !== 200 || answer.stream) return undefined;
    const contentType = answer.contentType ?? 'application/json';
    if (answer.raw === undefined) {
      if (answer.body === undefined || answer.headers || !contentType.includes('json')) return undefined;
      return { raw: JSON.stringify(answer.body), contentType };
    }
    if (typeof answer.raw !== 'string') return undefined;
    const { ETag: etag, ...headers } = answer.headers ?? {};
    if (etag !== undefined && !/^"[A-Za-z0-9_-]+"$/.test(etag)) return undefined;
    if (Object.keys(headers).some((name) => !KEPT_HEADERS.has(name))) return undefined;
    return { raw: answer.raw, contentType, ...(etag ? { etag } : {}), ...(Object.keys(headers).length ? { headers } : {}) };
  }

  /**
   * A kept text under another kind of key (a rendered page: src/http/web/publicPages.tsx), when
   * current under `version` (read before the text was computed) and the clock.
   */
  kept(key: string, version: number): KeptText | undefined {
    // (A kept API answer is a KeptText too: the fast lane prepares its coded answers from it.)
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.version !== version || this.deps.clock.now() >= hit.validUntil) return void this.drop(key, hit);
    this.touch(key, hit);
    return hit;
  }

  /** Keeps a text computed under `version` until `validUntil` (from `trackFreshness`); its strong ETag. */
  keep(key: string, text: { raw: string; contentType: string; etag?: string; headers?: Readonly<Record<string, string>>; version: number; validUntil: number }): { etag: string } {
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    const entry: Entry = { ...text, bytes: Buffer.byteLength(text.raw), etag: text.etag ?? etagOf(text.raw), movedAt: ++this.moves };
    if (entry.bytes <= this.maxBytes / 16) {
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      for (const [k, e] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.drop(k, e);
      }
    }
    return entry;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
