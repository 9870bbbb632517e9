import type { DraftRow } from '../../repositories/intake.js';
import type { Schemas } from '../../contract/types.js';
import { newId } from '../../lib/crypto.js';
import { actingUser, type Actor, type ServiceDeps } from '../context.js';
import { AppError, problems } from '../errors.js';
import { errorFields, logEvent } from '../../lib/eventLog.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';

export const DRAFT_LIFETIME_MS = 30 * 24 * 3_600_000;
export const LIVE_DRAFT_LIMIT = 20;
/** Page size of the contributor's own lists when `limit` is omitted (the inventories' default). */
export const OWN_LIST_DEFAULT_LIMIT = 50;

/**
 * A keyset cursor of one of the contributor's own lists: base64url of `[list, key, id]`. The
 * list's name is part of it, so a cursor of one list replayed on another answers 400.
 */
export function readOwnListCursor(list: string, cursor: string | undefined): { key: number; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const [tag, key, id] = decodeCursor<[string, number, string]>(cursor, ['string', 'number', 'string']);
  if (tag !== list) throw problems.validation([{ parameter: 'cursor', message: 'this cursor belongs to another list' }]);
  return { key, id };
}

/** The next page's cursor of a keyset read that fetched `limit + 1` rows, or null at the end. */
export function nextOwnListCursor<T>(list: string, rows: T[], limit: number, keyOf: (row: T) => [number, string]): string | null {
  return rows.length > limit ? encodeCursor([list, ...keyOf(rows[limit - 1])]) : null;
}

export type DraftFields = Schemas['DraftFields'];
export type DraftRecord = Schemas['DraftRecord'];

/**
 * Contract 2.4 merge: a present property replaces the stored value, `null` clears it (the
 * property is then absent from the record), an omitted property is kept; arrays and objects
 * (lineup, time points, tentative) are replaced whole.
 */
export function mergeDraftFields(stored: DraftFields, patch: DraftFields): DraftFields {
  const out: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out as DraftFields;
}

export function draftRecord(d: DraftRow): DraftRecord {
  const r: DraftRecord = { draftId: d.id, version: d.version, fields: d.fields };
  if (d.publishedReceiptId) r.publishedReceiptId = d.publishedReceiptId;
  if (d.artworkAssetId) r.artworkAssetId = d.artworkAssetId;
  if (d.artworkSourceId) r.artworkSourceId = d.artworkSourceId;
  return r;
}

/** What a draft list shows of a draft: enough to recognise and resume it (the fields as held, null when not). */
export function draftSummary(d: DraftRow, posterCount: number): Schemas['EventIntakeDraftSummary'] {
  const f = d.fields;
  const out: Schemas['EventIntakeDraftSummary'] = {
    draftId: d.id,
    version: d.version,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    expiresAt: d.expiresAt,
    title: f.title ?? null,
    communitySlug: f.communitySlug ?? null,
    eventDate: f.eventDate ?? null,
    timeTba: f.timeTba ?? null,
    timezone: f.timezone ?? null,
    start: f.start ?? null,
    end: f.end ?? null,
    posterCount,
    questionCount: f.questions?.length ?? 0,
  };
  if (d.artworkAssetId) out.artworkAssetId = d.artworkAssetId;
  return out;
}

/**
 * Unknown failures of intake writes become 503 `RESPONSE_UNAVAILABLE` (contract 4.2 rule 3):
 * the caller cannot know whether the write happened, so it reads the draft before retrying.
 */
export async function outcomeUnknownOnFailure<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    logEvent('error', 'intake_write_failed', errorFields(err));
    throw problems.responseUnavailable();
  }
}

/** Event-intake drafts (contract 4.2, 2.4, 2.5): save, read, versioned updates. */
export class DraftsService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The caller's live draft, or 404: another user's draft is indistinguishable from a missing one. */
  async own(actor: Actor, draftId: string): Promise<DraftRow> {
    const draft = await this.deps.repos.intake.findLiveDraft(draftId, actingUser(actor).userId, this.deps.clock.now());
    if (!draft) throw problems.notFound('No such draft.');
    return draft;
  }

  async read(actor: Actor, draftId: string): Promise<DraftRecord> {
    return draftRecord(await this.own(actor, draftId));
  }

  /**
   * The caller's live drafts (not expired, not published), last saved first, then by id; paged
   * by keyset on (updatedAt, id) so drafts saved between two pages never make a page repeat or
   * skip one that was there before.
   */
  async list(actor: Actor, opts: { limit?: number; cursor?: string }): Promise<Schemas['EventIntakeDraftsResponse']> {
    const { userId } = actingUser(actor);
    const limit = opts.limit ?? OWN_LIST_DEFAULT_LIMIT;
    const after = readOwnListCursor('drafts', opts.cursor);
    const { intake } = this.deps.repos;
    const rows = await intake.listLiveUnpublished(userId, { now: this.deps.clock.now(), limit, after: after && { updatedAt: after.key, id: after.id } });
    const page = rows.slice(0, limit);
    const posters = await intake.completedPosterCounts(page.map((d) => d.id));
    return {
      drafts: page.map((d) => draftSummary(d, posters.get(d.id) ?? 0)),
      nextCursor: nextOwnListCursor('drafts', rows, limit, (d) => [d.updatedAt, d.id]),
    };
  }

  async save(actor: Actor, input: Schemas['EventIntakeSaveRequest']): Promise<Schemas['EventIntakeSaveResponse']> {
    if (input.draftId !== undefined) {
      if (input.expectedVersion === undefined) throw problems.validation([{ pointer: '/expectedVersion', message: 'is required with draftId' }]);
      return this.update(actor, input.draftId, input.expectedVersion, input.patch);
    }
    if (input.expectedVersion !== undefined) throw problems.validation([{ pointer: '/expectedVersion', message: 'must be omitted when creating a draft' }]);
    const { userId } = actingUser(actor);
    return outcomeUnknownOnFailure(async () => {
      const now = this.deps.clock.now();
      const draft: DraftRow = {
        id: newId('drf'),
        ownerUserId: userId,
        version: 1,
        fields: mergeDraftFields({}, input.patch),
        artworkAssetId: null,
        artworkSourceId: null,
        publishedReceiptId: null,
        createdAt: now,
        updatedAt: now,
        expiresAt: now + DRAFT_LIFETIME_MS,
      };
      // The owner's row is locked while counting, so racing creates cannot overshoot the limit.
      const result = await this.deps.repos.withTransaction(async (repos) => {
        await repos.users.lockForUpdate(userId);
        if (await repos.intake.insertDraftWithinLimit(draft, LIVE_DRAFT_LIMIT)) return { inserted: true as const };
        return { inserted: false as const, ...(await repos.intake.liveUnpublishedDrafts(userId, now)) };
      });
      if (!result.inserted) {
        // Room comes back when the oldest live draft expires; the answer's RateLimit headers and
        // `quota` member describe this limit, not the route-class window.
        const resetAt = result.firstExpiry ?? now + 1000;
        const retry = Math.max(1, Math.ceil((resetAt - now) / 1000));
        throw problems.quotaExceeded(
          `At most ${LIVE_DRAFT_LIMIT} unpublished drafts can be open at once (${result.count} are); publish one or wait for the oldest to expire.`,
          retry,
          { name: 'live_drafts', limit: LIVE_DRAFT_LIMIT, remaining: 0, resetAt },
        );
      }
      return { draftId: draft.id, version: 1 };
    });
  }

  async update(actor: Actor, draftId: string, expectedVersion: number, patch: DraftFields): Promise<Schemas['EventIntakeSaveResponse']> {
    const draft = await this.own(actor, draftId);
    assertWritable(draft, expectedVersion);
    return outcomeUnknownOnFailure(async () => {
      const now = this.deps.clock.now();
      const ok = await this.deps.repos.intake.updateDraftAt(draftId, expectedVersion, { fields: mergeDraftFields(draft.fields, patch), updatedAt: now, expiresAt: now + DRAFT_LIFETIME_MS });
      if (!ok) throw staleDraft();
      return { draftId, version: expectedVersion + 1 };
    });
  }
}

export const staleDraft = () => problems.staleVersion('The draft has changed since this version (or has been published). Read it again and reapply your change.');

/** Published drafts are read-only and a write must name the current version. */
export function assertWritable(draft: DraftRow, expectedVersion: number): void {
  if (draft.publishedReceiptId) throw problems.staleVersion('The draft has been published; correct the event through its contribution instead.');
  if (draft.version !== expectedVersion) throw staleDraft();
}
