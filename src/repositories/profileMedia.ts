import type { Queryable } from '../db/knex.js';
import type { AssetPlacement } from './profileAssets.js';
import { json } from './rows.js';
import { IdempotencyReceiptStore, type IdempotencyReceipt } from './idempotencyReceipts.js';

export type MediaSubmissionStatus = 'pending_review' | 'accepted' | 'rejected';

/** An image a contributor proposed for an unclaimed person profile (private until reviewed). */
export interface MediaSubmissionRow {
  id: string;
  profileId: string;
  submittedByUserId: string;
  status: MediaSubmissionStatus;
  storageKey: string;
  mimeType: string;
  byteSize: number;
  sha256: string;
  width: number | null;
  height: number | null;
  sourceUrl: string;
  sourceHost: string;
  placements: AssetPlacement[];
  label: string | null;
  caption: string | null;
  altText: string | null;
  credit: string | null;
  creditUrl: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A URL import made with an idempotency key: what was asked (its hash) and what was answered. */
export type MediaReceipt = IdempotencyReceipt<'profileId', Record<string, unknown>>;

const nullableNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toSubmission = (r: Record<string, unknown>): MediaSubmissionRow => ({
  id: r.id as string,
  profileId: r.profile_id as string,
  submittedByUserId: r.submitted_by_user_id as string,
  status: r.status as MediaSubmissionStatus,
  storageKey: r.storage_key as string,
  mimeType: r.mime_type as string,
  byteSize: Number(r.byte_size),
  sha256: r.sha256 as string,
  width: nullableNumber(r.width),
  height: nullableNumber(r.height),
  sourceUrl: r.source_url as string,
  sourceHost: r.source_host as string,
  placements: json<AssetPlacement[]>(r.placements, []),
  label: (r.label as string | null) ?? null,
  caption: (r.caption as string | null) ?? null,
  altText: (r.alt_text as string | null) ?? null,
  credit: (r.credit as string | null) ?? null,
  creditUrl: (r.credit_url as string | null) ?? null,
  idempotencyKey: (r.idempotency_key as string | null) ?? null,
  requestHash: (r.request_hash as string | null) ?? null,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/**
 * The owner of the media tables beside `profile_assets`: `profile_media_revisions` (the media
 * kit's revision counter), `profile_media_receipts` (idempotent URL imports) and
 * `profile_media_submissions` (contributors' private proposals).
 */
export class ProfileMediaRepository {
  constructor(private readonly db: Queryable) {
    this.receipts = new IdempotencyReceiptStore(db, 'profile_media_receipts', { field: 'profileId', column: 'profile_id' });
  }

  /** The profile's media revision (0 before its first media write). */
  async revision(profileId: string): Promise<number> {
    const row = await this.db('profile_media_revisions').where({ profile_id: profileId }).first();
    return row ? Number(row.revision) : 0;
  }

  /**
   * Advances the profile's media revision by one and answers the new value. Inside a unit of
   * work the row stays locked until commit (PostgreSQL), so two concurrent writes that both
   * expected the same revision see different new values: the later one knows it was stale.
   */
  async bump(profileId: string): Promise<number> {
    await this.db('profile_media_revisions').insert({ profile_id: profileId, revision: 0 }).onConflict('profile_id').ignore();
    await this.db('profile_media_revisions').where({ profile_id: profileId }).increment('revision', 1);
    return this.revision(profileId);
  }

  /** `profile_media_receipts`: idempotent URL imports (unique per user and key). */
  readonly receipts: IdempotencyReceiptStore<'profileId', Record<string, unknown>>;

  /** Refused with a unique violation when the submitter already used this idempotency key. */
  async insertSubmission(s: MediaSubmissionRow): Promise<void> {
    await this.db('profile_media_submissions').insert({
      id: s.id,
      profile_id: s.profileId,
      submitted_by_user_id: s.submittedByUserId,
      status: s.status,
      storage_key: s.storageKey,
      mime_type: s.mimeType,
      byte_size: s.byteSize,
      sha256: s.sha256,
      width: s.width,
      height: s.height,
      source_url: s.sourceUrl,
      source_host: s.sourceHost,
      placements: JSON.stringify(s.placements),
      label: s.label,
      caption: s.caption,
      alt_text: s.altText,
      credit: s.credit,
      credit_url: s.creditUrl,
      idempotency_key: s.idempotencyKey,
      request_hash: s.requestHash,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
    });
  }

  async findSubmissionByKey(userId: string, idempotencyKey: string): Promise<MediaSubmissionRow | undefined> {
    const r = await this.db('profile_media_submissions').where({ submitted_by_user_id: userId, idempotency_key: idempotencyKey }).first();
    return r ? toSubmission(r) : undefined;
  }

  /** The submitter's proposals, newest first, with the slug of the profile each was made for. */
  async submissionsOf(userId: string, limit: number): Promise<(MediaSubmissionRow & { profileSlug: string })[]> {
    const rows = await this.db('profile_media_submissions as s')
      .join('profiles as p', 'p.id', 's.profile_id')
      .where('s.submitted_by_user_id', userId)
      .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id', order: 'desc' }])
      .limit(limit)
      .select('s.*', 'p.slug as profile_slug');
    return rows.map((r: Record<string, unknown>) => ({ ...toSubmission(r), profileSlug: r.profile_slug as string }));
  }
}
