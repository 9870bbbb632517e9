import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { json } from './rows.js';

export type AssetPlacement = Schemas['AssetPlacement'];
export type ProfileAssetStatus = 'active' | 'removed';

/** One stored media-kit image of a profile; its bytes are in the object store under `storageKey`. */
export interface ProfileAssetRow {
  id: string;
  profileId: string;
  placements: AssetPlacement[];
  position: number;
  label: string | null;
  caption: string | null;
  altText: string | null;
  credit: string | null;
  creditUrl: string | null;
  storageKey: string;
  mimeType: Schemas['UploadMimeType'];
  byteSize: number;
  /** SHA-256 of the stored bytes, lowercase hex. */
  sha256: string;
  width: number | null;
  height: number | null;
  originalFileName: string | null;
  sourceUrl: string | null;
  status: ProfileAssetStatus;
  createdByUserId: string | null;
  createdAt: number;
  updatedAt: number;
  removedAt: number | null;
}

const nullableNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toAsset = (r: Record<string, unknown>): ProfileAssetRow => ({
  id: r.id as string,
  profileId: r.profile_id as string,
  placements: json<AssetPlacement[]>(r.placements, []),
  position: Number(r.position),
  label: (r.label as string | null) ?? null,
  caption: (r.caption as string | null) ?? null,
  altText: (r.alt_text as string | null) ?? null,
  credit: (r.credit as string | null) ?? null,
  creditUrl: (r.credit_url as string | null) ?? null,
  storageKey: r.storage_key as string,
  mimeType: r.mime_type as ProfileAssetRow['mimeType'],
  byteSize: Number(r.byte_size),
  sha256: r.sha256 as string,
  width: nullableNumber(r.width),
  height: nullableNumber(r.height),
  originalFileName: (r.original_file_name as string | null) ?? null,
  sourceUrl: (r.source_url as string | null) ?? null,
  status: r.status as ProfileAssetStatus,
  createdByUserId: (r.created_by_user_id as string | null) ?? null,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  removedAt: nullableNumber(r.removed_at),
});

/** The owner of the `profile_assets` table. */
export class ProfileAssetsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(a: ProfileAssetRow): Promise<void> {
    await this.db('profile_assets').insert({
      id: a.id,
      profile_id: a.profileId,
      placements: JSON.stringify(a.placements),
      position: a.position,
      label: a.label,
      caption: a.caption,
      alt_text: a.altText,
      credit: a.credit,
      credit_url: a.creditUrl,
      storage_key: a.storageKey,
      mime_type: a.mimeType,
      byte_size: a.byteSize,
      sha256: a.sha256,
      width: a.width,
      height: a.height,
      original_file_name: a.originalFileName,
      source_url: a.sourceUrl,
      status: a.status,
      created_by_user_id: a.createdByUserId,
      created_at: a.createdAt,
      updated_at: a.updatedAt,
      removed_at: a.removedAt,
    });
  }

  async findById(id: string): Promise<ProfileAssetRow | undefined> {
    const row = await this.db('profile_assets').where({ id }).first();
    return row ? toAsset(row) : undefined;
  }

  /** A profile's active assets in media-kit order: position, then age, then id (stable). */
  async listActive(profileId: string): Promise<ProfileAssetRow[]> {
    const rows = await this.db('profile_assets')
      .where({ profile_id: profileId, status: 'active' })
      .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
    return rows.map(toAsset);
  }

  /** Every asset of a profile, active and removed, in media-kit order (the owner's view). */
  async listAll(profileId: string): Promise<ProfileAssetRow[]> {
    const rows = await this.db('profile_assets')
      .where({ profile_id: profileId })
      .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
    return rows.map(toAsset);
  }

  /** Replaces an active asset's metadata, placements and position; false when it was not active. */
  async updateMetadata(
    id: string,
    next: Pick<ProfileAssetRow, 'label' | 'caption' | 'altText' | 'credit' | 'creditUrl' | 'placements' | 'position'>,
    at: number,
  ): Promise<boolean> {
    const n = await this.db('profile_assets').where({ id, status: 'active' }).update({
      label: next.label,
      caption: next.caption,
      alt_text: next.altText,
      credit: next.credit,
      credit_url: next.creditUrl,
      placements: JSON.stringify(next.placements),
      position: next.position,
      updated_at: at,
    });
    return n > 0;
  }

  /** Makes a removed asset active again with these placements; false when it was not removed. */
  async markRestored(id: string, placements: AssetPlacement[], at: number): Promise<boolean> {
    const n = await this.db('profile_assets').where({ id, status: 'removed' }).update({ status: 'active', removed_at: null, placements: JSON.stringify(placements), updated_at: at });
    return n > 0;
  }

  /** Replaces the placements of an active asset (another asset took a single-valued one). */
  async updatePlacements(id: string, placements: AssetPlacement[], at: number): Promise<void> {
    await this.db('profile_assets').where({ id, status: 'active' }).update({ placements: JSON.stringify(placements), updated_at: at });
  }

  /** Marks an active asset removed; false when it was not active. */
  async markRemoved(id: string, at: number): Promise<boolean> {
    const n = await this.db('profile_assets').where({ id, status: 'active' }).update({ status: 'removed', removed_at: at, updated_at: at });
    return n > 0;
  }
}
