import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { json } from './rows.js';

export type UploadIntentStatus = 'pending' | 'processing' | 'consumed' | 'failed';

/** One single-use profile asset upload (contract 2.11); the token is stored only as a keyed hash. */
export interface UploadIntentRow {
  id: string;
  profileId: string;
  createdByUserId: string;
  tokenHash: string;
  /** Set for a direct (multipart) upload; exactly one of the two is set. */
  originalFileName: string | null;
  /** Set for a server-side import. */
  sourceUrl: string | null;
  mimeType: Schemas['UploadMimeType'];
  byteSize: number | null;
  label: string | null;
  caption: string | null;
  altText: string | null;
  credit: string | null;
  creditUrl: string | null;
  placements: Schemas['AssetPlacement'][];
  position: number | null;
  status: UploadIntentStatus;
  attempts: number;
  assetId: string | null;
  createdAt: number;
  expiresAt: number;
  updatedAt: number;
  consumedAt: number | null;
}

const nullableNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toIntent = (r: Record<string, unknown>): UploadIntentRow => ({
  id: r.id as string,
  profileId: r.profile_id as string,
  createdByUserId: r.created_by_user_id as string,
  tokenHash: r.token_hash as string,
  originalFileName: (r.original_file_name as string | null) ?? null,
  sourceUrl: (r.source_url as string | null) ?? null,
  mimeType: r.mime_type as UploadIntentRow['mimeType'],
  byteSize: nullableNumber(r.byte_size),
  label: (r.label as string | null) ?? null,
  caption: (r.caption as string | null) ?? null,
  altText: (r.alt_text as string | null) ?? null,
  credit: (r.credit as string | null) ?? null,
  creditUrl: (r.credit_url as string | null) ?? null,
  placements: json<Schemas['AssetPlacement'][]>(r.placements, []),
  position: nullableNumber(r.position),
  status: r.status as UploadIntentStatus,
  attempts: Number(r.attempts),
  assetId: (r.asset_id as string | null) ?? null,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  updatedAt: Number(r.updated_at),
  consumedAt: nullableNumber(r.consumed_at),
});

const TABLE = 'profile_asset_upload_intents';

/** The owner of the `profile_asset_upload_intents` table. */
export class AssetUploadIntentsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(i: UploadIntentRow): Promise<void> {
    await this.db(TABLE).insert({
      id: i.id,
      profile_id: i.profileId,
      created_by_user_id: i.createdByUserId,
      token_hash: i.tokenHash,
      original_file_name: i.originalFileName,
      source_url: i.sourceUrl,
      mime_type: i.mimeType,
      byte_size: i.byteSize,
      label: i.label,
      caption: i.caption,
      alt_text: i.altText,
      credit: i.credit,
      credit_url: i.creditUrl,
      placements: JSON.stringify(i.placements),
      position: i.position,
      status: i.status,
      attempts: i.attempts,
      asset_id: i.assetId,
      created_at: i.createdAt,
      expires_at: i.expiresAt,
      updated_at: i.updatedAt,
      consumed_at: i.consumedAt,
    });
  }

  async findById(id: string): Promise<UploadIntentRow | undefined> {
    const row = await this.db(TABLE).where({ id }).first();
    return row ? toIntent(row) : undefined;
  }

  /**
   * Claims a pending, unexpired intent for one completion: a single conditional UPDATE, so of
   * concurrent completions exactly one wins. Counts the attempt. False when nothing was claimed.
   */
  async claim(id: string, now: number): Promise<boolean> {
    const n = await this.db(TABLE)
      .where({ id, status: 'pending' })
      .andWhere('expires_at', '>', now)
      .update({ status: 'processing', attempts: this.db.raw('attempts + 1'), updated_at: now });
    return n > 0;
  }

  /** Ends a claim that stored nothing: back to pending for another try, or failed for good. */
  async release(id: string, to: 'pending' | 'failed', now: number): Promise<void> {
    await this.db(TABLE).where({ id, status: 'processing' }).update({ status: to, updated_at: now });
  }

  /** Marks a claimed intent consumed by the asset it created; false when it was not claimed. */
  async consume(id: string, assetId: string, now: number): Promise<boolean> {
    const n = await this.db(TABLE).where({ id, status: 'processing' }).update({ status: 'consumed', asset_id: assetId, consumed_at: now, updated_at: now });
    return n > 0;
  }

  /** Deletes intents that expired before `before` (maintenance); returns how many. */
  async deleteExpired(before: number): Promise<number> {
    return this.db(TABLE).where('expires_at', '<', before).delete();
  }
}
