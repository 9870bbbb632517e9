import { dialectOf, inTransaction, rawRows, type Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { json } from './rows.js';

export interface DraftRow {
  id: string;
  ownerUserId: string;
  version: number;
  /** As saved: validated against the contract's DraftFields on the way in. */
  fields: Schemas['DraftFields'];
  artworkAssetId: string | null;
  artworkSourceId: string | null;
  publishedReceiptId: string | null;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

export interface PosterRow {
  id: string;
  draftId: string;
  ownerUserId: string;
  contentType: string;
  byteLength: number;
  sha256: string;
  storageKey: string;
  state: 'pending' | 'completed';
  width: number | null;
  height: number | null;
  createdAt: number;
  uploadExpiresAt: number;
  completedAt: number | null;
}

export interface ArtworkRow {
  id: string;
  draftId: string | null;
  posterId: string;
  storageKey: string;
  contentType: string;
  byteLength: number;
  width: number;
  height: number;
  createdAt: number;
}

export interface PublicationRow {
  id: string;
  draftId: string;
  ownerUserId: string;
  idempotencyKey: string;
  draftVersion: number;
  eventId: string;
  eventPath: string;
  createdAt: number;
}

const toDraft = (r: Record<string, unknown>): DraftRow => ({
  id: r.id as string,
  ownerUserId: r.owner_user_id as string,
  version: Number(r.version),
  fields: json<Schemas['DraftFields']>(r.fields, {}),
  artworkAssetId: (r.artwork_asset_id as string | null) ?? null,
  artworkSourceId: (r.artwork_source_id as string | null) ?? null,
  publishedReceiptId: (r.published_receipt_id as string | null) ?? null,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  expiresAt: Number(r.expires_at),
});

const toPoster = (r: Record<string, unknown>): PosterRow => ({
  id: r.id as string,
  draftId: r.draft_id as string,
  ownerUserId: r.owner_user_id as string,
  contentType: r.content_type as string,
  byteLength: Number(r.byte_length),
  sha256: r.sha256 as string,
  storageKey: r.storage_key as string,
  state: r.state as PosterRow['state'],
  width: r.width === null || r.width === undefined ? null : Number(r.width),
  height: r.height === null || r.height === undefined ? null : Number(r.height),
  createdAt: Number(r.created_at),
  uploadExpiresAt: Number(r.upload_expires_at),
  completedAt: r.completed_at === null || r.completed_at === undefined ? null : Number(r.completed_at),
});

const toArtwork = (r: Record<string, unknown>): ArtworkRow => ({
  id: r.id as string,
  draftId: (r.draft_id as string | null) ?? null,
  posterId: r.poster_id as string,
  storageKey: r.storage_key as string,
  contentType: r.content_type as string,
  byteLength: Number(r.byte_length),
  width: Number(r.width),
  height: Number(r.height),
  createdAt: Number(r.created_at),
});

/** The columns of `intake_publications`, as read by toPublication. */
const PUBLICATION_COLUMNS = ['id', 'draft_id', 'owner_user_id', 'idempotency_key', 'draft_version', 'event_id', 'event_path', 'created_at'] as const;

/** The columns of the publications joined as `p` and `k`, each under its own prefix. */
const PUBLICATION_AS = Object.fromEntries((['p', 'k'] as const).map((as) => [as, Object.fromEntries(PUBLICATION_COLUMNS.map((c) => [`${as}_${c}`, `${as}.${c}`]))])) as Record<'p' | 'k', Record<string, string>>;

const toPublication = (r: Record<string, unknown>): PublicationRow => ({
  id: r.id as string,
  draftId: r.draft_id as string,
  ownerUserId: r.owner_user_id as string,
  idempotencyKey: r.idempotency_key as string,
  draftVersion: Number(r.draft_version),
  eventId: r.event_id as string,
  eventPath: r.event_path as string,
  createdAt: Number(r.created_at),
});

const draftColumns = (d: DraftRow) => ({
  id: d.id,
  owner_user_id: d.ownerUserId,
  version: d.version,
  fields: JSON.stringify(d.fields),
  artwork_asset_id: d.artworkAssetId,
  artwork_source_id: d.artworkSourceId,
  published_receipt_id: d.publishedReceiptId,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
  expires_at: d.expiresAt,
});

/** Drafts, posters, artwork and publication receipts of event intake. */
export class IntakeRepository {
  constructor(private readonly db: Queryable) {}

  async insertDraft(d: DraftRow): Promise<void> {
    await this.db('event_intake_drafts').insert(draftColumns(d));
  }

  /**
   * Inserts the draft unless its owner already holds `limit` live unpublished drafts at its
   * creation time, counted and inserted in one statement; false when refused. Concurrent creates
   * of one owner are kept apart by the caller (its lock on the owner's row on PostgreSQL; SQLite
   * has one writer).
   */
  async insertDraftWithinLimit(d: DraftRow, limit: number): Promise<boolean> {
    const columns = draftColumns(d);
    const names = Object.keys(columns);
    const inserted = await this.db.raw(
      `insert into event_intake_drafts (${names.map(() => '??').join(', ')}) select ${names.map(() => '?').join(', ')}
       where (select count(*) from event_intake_drafts where owner_user_id = ? and published_receipt_id is null and expires_at > ?) < ? returning id`,
      [...names, ...Object.values(columns), d.ownerUserId, d.createdAt, limit],
    );
    return rawRows(this.db, inserted).length === 1;
  }

  /** The caller's live draft (not expired at `now`). */
  async findLiveDraft(id: string, ownerUserId: string, now: number): Promise<DraftRow | undefined> {
    const r = await this.db('event_intake_drafts').where({ id, owner_user_id: ownerUserId }).andWhere('expires_at', '>', now).first();
    return r ? toDraft(r) : undefined;
  }

  /**
   * A page of the user's live unpublished drafts, last saved first, then by id (both
   * descending); `after` is the last (updatedAt, id) of the previous page. Reads `limit + 1`
   * rows so the caller can tell whether another page follows.
   */
  async listLiveUnpublished(ownerUserId: string, opts: { now: number; limit: number; after?: { updatedAt: number; id: string } }): Promise<DraftRow[]> {
    const q = this.db('event_intake_drafts')
      .where({ owner_user_id: ownerUserId })
      .whereNull('published_receipt_id')
      .andWhere('expires_at', '>', opts.now)
      .orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(opts.limit + 1);
    if (opts.after) {
      const { updatedAt, id } = opts.after;
      q.andWhere((w) => w.where('updated_at', '<', updatedAt).orWhere((w2) => w2.where('updated_at', updatedAt).andWhere('id', '<', id)));
    }
    return (await q).map(toDraft);
  }

  /** Completed poster uploads per draft (drafts without one are absent). */
  async completedPosterCounts(draftIds: string[]): Promise<Map<string, number>> {
    if (!draftIds.length) return new Map();
    const rows = await this.db('intake_posters').whereIn('draft_id', draftIds).andWhere({ state: 'completed' }).groupBy('draft_id').select('draft_id').count<{ draft_id: string; n: number | string }[]>({ n: '*' });
    return new Map(rows.map((r) => [r.draft_id, Number(r.n)]));
  }

  /** Live unpublished drafts of a user: how many, and when the oldest of them expires. */
  async liveUnpublishedDrafts(ownerUserId: string, now: number): Promise<{ count: number; firstExpiry: number | null }> {
    const row = await this.db('event_intake_drafts')
      .where({ owner_user_id: ownerUserId })
      .whereNull('published_receipt_id')
      .andWhere('expires_at', '>', now)
      .count<{ n: number | string }[]>({ n: '*' })
      .min<{ first: number | string | null }[]>({ first: 'expires_at' })
      .first();
    const r = row as unknown as { n: number | string; first: number | string | null } | undefined;
    return { count: Number(r?.n ?? 0), firstExpiry: r?.first === null || r?.first === undefined ? null : Number(r.first) };
  }

  /**
   * Compare-and-set on the version: writes only when the stored version is still `expectedVersion`
   * and the draft is unpublished. Returns false when another write came first.
   */
  async updateDraftAt(
    id: string,
    expectedVersion: number,
    changes: { fields?: Schemas['DraftFields']; artworkAssetId?: string; artworkSourceId?: string; updatedAt: number; expiresAt: number },
  ): Promise<boolean> {
    const patch: Record<string, unknown> = { version: expectedVersion + 1, updated_at: changes.updatedAt, expires_at: changes.expiresAt };
    if (changes.fields) patch.fields = JSON.stringify(changes.fields);
    if (changes.artworkAssetId !== undefined) patch.artwork_asset_id = changes.artworkAssetId;
    if (changes.artworkSourceId !== undefined) patch.artwork_source_id = changes.artworkSourceId;
    const n = await this.db('event_intake_drafts').where({ id, version: expectedVersion }).whereNull('published_receipt_id').update(patch);
    return n === 1;
  }

  async insertPoster(p: PosterRow): Promise<void> {
    await this.db('intake_posters').insert({
      id: p.id,
      draft_id: p.draftId,
      owner_user_id: p.ownerUserId,
      content_type: p.contentType,
      byte_length: p.byteLength,
      sha256: p.sha256,
      storage_key: p.storageKey,
      state: p.state,
      width: p.width,
      height: p.height,
      created_at: p.createdAt,
      upload_expires_at: p.uploadExpiresAt,
      completed_at: p.completedAt,
    });
  }

  async findPoster(id: string, draftId: string): Promise<PosterRow | undefined> {
    const r = await this.db('intake_posters').where({ id, draft_id: draftId }).first();
    return r ? toPoster(r) : undefined;
  }

  async findPosterByStorageKey(storageKey: string): Promise<PosterRow | undefined> {
    const r = await this.db('intake_posters').where({ storage_key: storageKey }).first();
    return r ? toPoster(r) : undefined;
  }

  async countPosters(draftId: string): Promise<number> {
    const row = await this.db('intake_posters').where({ draft_id: draftId }).count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async completePoster(id: string, dims: { width: number; height: number }, at: number): Promise<void> {
    await this.db('intake_posters').where({ id }).update({ state: 'completed', width: dims.width, height: dims.height, completed_at: at });
  }

  async deletePoster(id: string): Promise<void> {
    await this.db('intake_posters').where({ id }).delete();
  }

  async insertArtwork(a: ArtworkRow): Promise<void> {
    await this.db('event_artwork').insert({
      id: a.id,
      draft_id: a.draftId,
      poster_id: a.posterId,
      storage_key: a.storageKey,
      content_type: a.contentType,
      byte_length: a.byteLength,
      width: a.width,
      height: a.height,
      created_at: a.createdAt,
    });
  }

  async findArtwork(id: string): Promise<ArtworkRow | undefined> {
    const r = await this.db('event_artwork').where({ id }).first();
    return r ? toArtwork(r) : undefined;
  }

  async deleteArtwork(id: string): Promise<void> {
    await this.db('event_artwork').where({ id }).delete();
  }

  /**
   * A publication's receipt, then the draft marked as published by it at the receipt's draft
   * version; false (and nothing marked) when the draft changed or was published meanwhile. The
   * receipt first: a concurrent publish of the same draft is refused by its unique index
   * (`DuplicateKeyError` in a unit of work). On PostgreSQL one statement (the insert in a
   * data-modifying CTE), so one round trip instead of two; the caller's unit of work undoes the
   * receipt when the draft was not marked.
   */
  async recordPublication(p: PublicationRow): Promise<boolean> {
    const row = {
      id: p.id,
      draft_id: p.draftId,
      owner_user_id: p.ownerUserId,
      idempotency_key: p.idempotencyKey,
      draft_version: p.draftVersion,
      event_id: p.eventId,
      event_path: p.eventPath,
      created_at: p.createdAt,
    };
    if (dialectOf(this.db) === 'pg') {
      const marked = await this.db
        .with('receipt', (q) => q.insert(row).into('intake_publications').returning(['id', 'draft_id', 'draft_version']))
        .from(this.db.raw('event_intake_drafts as d'))
        .update({ published_receipt_id: this.db.raw('receipt.id') })
        .updateFrom('receipt')
        .whereRaw('d.id = receipt.draft_id and d.version = receipt.draft_version and d.published_receipt_id is null')
        .returning('d.id');
      return marked.length === 1;
    }
    await this.db('intake_publications').insert(row);
    const n = await this.db('event_intake_drafts').where({ id: p.draftId, version: p.draftVersion }).whereNull('published_receipt_id').update({ published_receipt_id: p.id });
    return n === 1;
  }

  async findPublicationOfDraft(draftId: string): Promise<PublicationRow | undefined> {
    const r = await this.db('intake_publications').where({ draft_id: draftId }).first();
    return r ? toPublication(r) : undefined;
  }

  /** In one read: the draft's publication, and the owner's publication under this idempotency key. */
  async findPublicationsFor(draftId: string, ownerUserId: string, idempotencyKey: string): Promise<{ ofDraft?: PublicationRow; byKey?: PublicationRow }> {
    const rows = (await this.db('intake_publications')
      .where({ draft_id: draftId })
      .orWhere((q) => q.where({ owner_user_id: ownerUserId, idempotency_key: idempotencyKey }))
      .limit(2)).map(toPublication);
    return { ofDraft: rows.find((r) => r.draftId === draftId), byKey: rows.find((r) => r.ownerUserId === ownerUserId && r.idempotencyKey === idempotencyKey) };
  }

  /**
   * In one read, for a publish: the owner's live draft (not expired at `now`), its publication, and
   * the owner's publication under this idempotency key (undefined when there is no such draft).
   */
  async findLiveDraftForPublish(id: string, ownerUserId: string, now: number, idempotencyKey: string): Promise<{ draft: DraftRow; ofDraft?: PublicationRow; byKey?: PublicationRow } | undefined> {
    // Two joins, one row: the draft's own publication and the one made with this key. (A join on
    // `draft_id = d.id or (owner, key)` is analysed per OR branch, which SQLite compiles again on
    // every run, see unpinnedEqualities.)
    const row: Record<string, unknown> | undefined = await this.db('event_intake_drafts as d')
      .leftJoin('intake_publications as p', 'p.draft_id', 'd.id')
      .leftJoin('intake_publications as k', (j) => j.on('k.owner_user_id', 'd.owner_user_id').andOnVal('k.idempotency_key', idempotencyKey))
      .where({ 'd.id': id, 'd.owner_user_id': ownerUserId })
      .andWhere('d.expires_at', '>', now)
      .first('d.*', PUBLICATION_AS.p, PUBLICATION_AS.k);
    if (!row) return undefined;
    const publication = (as: string) => (row[`${as}_id`] === null || row[`${as}_id`] === undefined ? undefined : toPublication(Object.fromEntries(PUBLICATION_COLUMNS.map((c) => [c, row[`${as}_${c}`]]))));
    return { draft: toDraft(row), ofDraft: publication('p'), byKey: publication('k') };
  }

  async findPublicationByKey(ownerUserId: string, idempotencyKey: string): Promise<PublicationRow | undefined> {
    const r = await this.db('intake_publications').where({ owner_user_id: ownerUserId, idempotency_key: idempotencyKey }).first();
    return r ? toPublication(r) : undefined;
  }

  /** Ids of drafts expired at `now`, a bounded batch. */
  async expiredDraftIds(now: number, batch: number): Promise<string[]> {
    return (await this.db('event_intake_drafts').where('expires_at', '<=', now).limit(batch).select('id')).map((r: { id: string }) => r.id);
  }

  /** Artwork derived from these drafts. */
  async artworkOfDrafts(draftIds: string[]): Promise<{ id: string; storageKey: string }[]> {
    if (!draftIds.length) return [];
    const rows = await this.db('event_artwork').whereIn('draft_id', draftIds).select('id', 'storage_key');
    return rows.map((r: { id: string; storage_key: string }) => ({ id: r.id, storageKey: r.storage_key }));
  }

  /**
   * Deletes drafts with their posters and the given artwork rows; returns how many drafts went
   * and the storage keys of the posters. Run inside a unit of work with the reads that chose them.
   */
  async deleteDrafts(draftIds: string[], artworkIds: string[]): Promise<{ drafts: number; posterKeys: string[] }> {
    if (!draftIds.length) return { drafts: 0, posterKeys: [] };
    const posterKeys = (await this.db('intake_posters').whereIn('draft_id', draftIds).select('storage_key')).map((r: { storage_key: string }) => r.storage_key);
    if (artworkIds.length) await this.db('event_artwork').whereIn('id', artworkIds).delete();
    await this.db('intake_posters').whereIn('draft_id', draftIds).delete();
    const drafts = await this.db('event_intake_drafts').whereIn('id', draftIds).delete();
    return { drafts, posterKeys };
  }

  /** Pending uploads whose window has passed: removed with their (possibly partial) objects. */
  async deleteAbandonedUploads(now: number, batch = 200): Promise<string[]> {
    return inTransaction(this.db, async (trx) => {
      const rows = await trx('intake_posters').where({ state: 'pending' }).andWhere('upload_expires_at', '<=', now).limit(batch).select('id', 'storage_key');
      if (!rows.length) return [];
      await trx('intake_posters').whereIn('id', rows.map((r: { id: string }) => r.id)).delete();
      return rows.map((r: { storage_key: string }) => r.storage_key);
    });
  }
}
