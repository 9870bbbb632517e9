import crypto from 'node:crypto';
import { type IntakeRepository } from '../../repositories/intake.js';
import { newId } from '../../lib/crypto.js';
import type { Actor, ServiceDeps } from '../context.js';
import { problems } from '../errors.js';
import type { AuditService } from '../audit.js';
import type { ObjectStore, UploadTarget } from '../storage/objectStore.js';
import { verifyUploadPolicy } from '../storage/postPolicy.js';
import { deriveArtwork, inspectPoster } from './image.js';
import { DraftsService, assertWritable, outcomeUnknownOnFailure, staleDraft, DRAFT_LIFETIME_MS } from '../events/drafts.js';

/** How long a begun upload may take before it is abandoned. */
export const POSTER_UPLOAD_WINDOW_MS = 15 * 60_000;
/** Posters one draft may hold (completed or pending); more answers 429. */
export const POSTERS_PER_DRAFT = 20;

export interface PosterDeclaration {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  byteLength: number;
  sha256: string;
}

/**
 * Poster uploads and artwork (contract 2.2, 4.2): posters stay private; the only public image
 * is the artwork derived from one when the contributor selects it.
 */
export class PostersService {
  private readonly repo: IntakeRepository;
  constructor(
    private readonly deps: ServiceDeps,
    private readonly drafts: DraftsService,
    private readonly store: ObjectStore,
    private readonly audit: AuditService,
  ) {
    this.repo = deps.repos.intake;
  }

  async begin(actor: Actor, draftId: string, declaration: PosterDeclaration): Promise<{ posterAssetId: string; expiresAt: number; transfer: UploadTarget & { method: 'POST'; fileField: 'file' } }> {
    const draft = await this.drafts.own(actor, draftId);
    if (draft.publishedReceiptId) throw problems.staleVersion('The draft has been published; posters can no longer be added.');
    return outcomeUnknownOnFailure(async () => {
      const now = this.deps.clock.now();
      const id = newId('pst');
      const storageKey = `posters/${draftId}/${id}`;
      const expiresAt = now + POSTER_UPLOAD_WINDOW_MS;
      const target = await this.store.uploadTarget({ key: storageKey, contentType: declaration.contentType, byteLength: declaration.byteLength, expiresAt });
      // The owner's row is locked while counting, so racing begins cannot overshoot the limit.
      const inserted = await this.deps.repos.withTransaction(async (repos) => {
        await repos.users.lockForUpdate(draft.ownerUserId);
        if ((await repos.intake.countPosters(draftId)) >= POSTERS_PER_DRAFT) return false;
        await repos.intake.insertPoster({
        id,
        draftId,
        ownerUserId: draft.ownerUserId,
        contentType: declaration.contentType,
        byteLength: declaration.byteLength,
        sha256: declaration.sha256,
        storageKey,
        state: 'pending',
        width: null,
        height: null,
        createdAt: now,
        uploadExpiresAt: expiresAt,
        completedAt: null,
        });
        return true;
      });
      if (!inserted) {
        // A draft's posters stay with it: room comes back only when the draft expires (a new
        // draft has room of its own). The answer's RateLimit headers and `quota` say so.
        throw problems.quotaExceeded(
          `A draft holds at most ${POSTERS_PER_DRAFT} posters, and this one has them all; start another draft for more.`,
          Math.max(1, Math.ceil((draft.expiresAt - now) / 1000)),
          { name: 'posters_per_draft', limit: POSTERS_PER_DRAFT, remaining: 0, resetAt: draft.expiresAt },
        );
      }
      return { posterAssetId: id, expiresAt, transfer: { method: 'POST', url: target.url, fields: target.fields, fileField: 'file' } };
    });
  }

  /**
   * The embedded storage target (decisions §3): checks the signed policy, then stores the bytes
   * for a pending poster. Whether the image is what was declared is checked at completion.
   */
  async receiveUpload(fields: Record<string, string>, file: { bytes: Buffer } | undefined, truncated: boolean): Promise<void> {
    if (!file) throw problems.validation([{ pointer: '/file', message: 'is required' }]);
    // A cut-off file is longer than any policy allows: the length check refuses it (after the signature).
    const policy = verifyUploadPolicy(this.deps.config.secretKey, fields, { byteLength: file.bytes.length + (truncated ? 1 : 0) }, this.deps.clock.now());
    const poster = await this.repo.findPosterByStorageKey(policy.key);
    if (!poster || poster.state !== 'pending') throw problems.forbidden('This upload policy is no longer valid.');
    await this.store.put(policy.key, file.bytes, policy.contentType);
  }

  async complete(actor: Actor, draftId: string, posterAssetId: string): Promise<{ posterAssetId: string }> {
    await this.drafts.own(actor, draftId);
    const poster = await this.repo.findPoster(posterAssetId, draftId);
    if (!poster) throw problems.notFound('No such poster upload on this draft.');
    if (poster.state === 'completed') return { posterAssetId };
    const now = this.deps.clock.now();
    const bytes = await this.store.get(poster.storageKey);
    if (!bytes) {
      if (now >= poster.uploadExpiresAt) {
        await this.discard(poster.id, poster.storageKey);
        throw problems.notFound('This poster upload expired before its bytes arrived; begin a new upload.');
      }
      throw problems.validation([{ pointer: '/posterAssetId', message: 'nothing has been uploaded for this poster yet' }]);
    }
    let dims: { width: number; height: number };
    try {
      dims = await inspectPoster(bytes, { contentType: poster.contentType, byteLength: poster.byteLength, sha256: poster.sha256 });
    } catch (err) {
      // A refused poster leaves nothing behind: neither the bytes nor the upload.
      await this.discard(poster.id, poster.storageKey);
      throw err;
    }
    await this.repo.completePoster(poster.id, dims, now);
    await this.audit.record({ action: 'intake.poster_completed', result: 'accepted', actor, routeClass: 'public_write', resourceType: 'intake_poster', resourceId: poster.id, metadata: { draftId } });
    return { posterAssetId };
  }

  /** Bytes of a completed poster of the caller's draft (for extraction); never public. */
  async completedPosterBytes(actor: Actor, draftId: string, posterAssetId: string): Promise<Buffer> {
    await this.drafts.own(actor, draftId);
    const poster = await this.repo.findPoster(posterAssetId, draftId);
    if (!poster || poster.state !== 'completed') throw problems.notFound('No completed poster upload with this id on this draft.');
    const bytes = await this.store.get(poster.storageKey);
    if (!bytes) throw problems.responseUnavailable('The poster could not be read from storage; retry later.');
    return bytes;
  }

  async selectArtwork(actor: Actor, draftId: string, posterAssetId: string, expectedVersion: number): Promise<{ artworkAssetId: string; version: number }> {
    const draft = await this.drafts.own(actor, draftId);
    const poster = await this.repo.findPoster(posterAssetId, draftId);
    if (!poster || poster.state !== 'completed') throw problems.notFound('No completed poster upload with this id on this draft.');
    assertWritable(draft, expectedVersion);
    return outcomeUnknownOnFailure(async () => {
      const bytes = await this.store.get(poster.storageKey);
      if (!bytes) throw problems.responseUnavailable('The poster could not be read from storage; retry later.');
      const art = await deriveArtwork(bytes);
      const id = newId('art');
      const storageKey = `artwork/${id}.webp`;
      await this.store.put(storageKey, art.bytes, art.contentType);
      const now = this.deps.clock.now();
      await this.repo.insertArtwork({ id, draftId, posterId: poster.id, storageKey, contentType: art.contentType, byteLength: art.bytes.length, width: art.width, height: art.height, createdAt: now });
      const ok = await this.repo.updateDraftAt(draftId, expectedVersion, { artworkAssetId: id, artworkSourceId: poster.id, updatedAt: now, expiresAt: now + DRAFT_LIFETIME_MS });
      if (!ok) {
        await this.repo.deleteArtwork(id);
        await this.store.delete(storageKey);
        throw staleDraft();
      }
      return { artworkAssetId: id, version: expectedVersion + 1 };
    });
  }

  /** The public artwork file of a published, live event. */
  async artworkFile(artworkAssetId: string): Promise<{ bytes: Buffer; contentType: string; etag: string } | undefined> {
    const art = await this.repo.findArtwork(artworkAssetId);
    if (!art) return undefined;
    const bytes = await this.store.get(art.storageKey);
    if (!bytes) return undefined;
    return { bytes, contentType: art.contentType, etag: `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
  }

  private async discard(posterId: string, storageKey: string): Promise<void> {
    await this.store.delete(storageKey);
    await this.repo.deletePoster(posterId);
  }
}
