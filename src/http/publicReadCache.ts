import type { OperationId } from '../generated/contract.js';
import type { Clock } from '../lib/clock.js';
import { trackFreshness } from '../lib/freshness.js';
import { etagOf } from './publicCaching.js';
import type { Answer } from './pipeline/send.js';

/**
 * The anonymous public reads whose answers may be kept: their content changes only through
 * writes that move the public-read version stamp, and with time only where the computation
 * notes when (event status, next slots, discovery membership; src/lib/freshness.ts).
 */
export const CACHED_PUBLIC_READS: ReadonlySet<OperationId> = new Set(['getPublicEventBySlug', 'listPublicUpcomingEvents']);

interface Entry {
  /** The JSON bytes, encoded once (a string would be encoded again on every answer). */
  raw: Buffer;
  bytes: number;
  etag: string;
  contentType: string;
  /** The version stamp the answer was computed under. */
  version: number;
  /** The first instant (injected clock) at which the computed answer would read differently. */
  validUntil: number;
}

export interface PublicReadCacheDeps {
  /** The current public-read version stamp (one read per request; shared by every instance). */
  version: () => Promise<number>;
  clock: Clock;
  /** Memory bound for the kept bodies. */
  maxBytes?: number;
}

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
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(private readonly deps: PublicReadCacheDeps) {
    this.maxBytes = deps.maxBytes ?? 32 * 1024 * 1024;
  }

  /** The key of a validated request: the operation, its path parameters and its query. */
  static keyOf(operationId: OperationId, params: unknown, query: unknown): string {
    return `${operationId}\0${JSON.stringify(params ?? {})}\0${JSON.stringify(query ?? {})}`;
  }

  async answer(key: string, compute: () => Promise<Answer>): Promise<Answer> {
    const version = await this.deps.version();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.version === version && this.deps.clock.now() < hit.validUntil) {
        // Most recently used last.
        this.entries.delete(key);
        this.entries.set(key, hit);
        return { status: 200, raw: hit.raw, contentType: hit.contentType, headers: { ETag: hit.etag } };
      }
      this.drop(key, hit);
    }
    const { value: answer, until } = await trackFreshness(compute);
    if (answer.status !== 200 || answer.body === undefined || answer.raw !== undefined || answer.stream || answer.headers) return answer;
    const contentType = answer.contentType ?? 'application/json';
    if (!contentType.includes('json')) return answer;
    const raw = Buffer.from(JSON.stringify(answer.body));
    const entry: Entry = { raw, bytes: raw.length, etag: etagOf(raw), contentType, version, validUntil: until };
    if (entry.bytes <= this.maxBytes / 16) {
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      for (const [k, e] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.drop(k, e);
      }
    }
    return { status: 200, raw, contentType, headers: { ETag: entry.etag } };
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
