import crypto from 'node:crypto';
import type { Schemas } from '../../contract/types.js';
import { canonicalJsonHash } from '../../lib/canonicalJson.js';
import { newId } from '../../lib/crypto.js';
import { DuplicateKeyError, type Repositories } from '../../repositories/index.js';
import type { MediaSubmissionRow } from '../../repositories/profileMedia.js';
import type { AssetPlacement, ProfileAssetRow } from '../../repositories/profileAssets.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { AuditService } from '../audit.js';
import { actingUser, type Actor, type ServiceDeps } from '../context.js';
import { problems, type FieldError } from '../errors.js';
import { judgeAddress } from '../outbound/addresses.js';
import { guardedFetch, GuardedFetchError, type GuardedFetch } from '../outbound/guardedFetch.js';
import type { ObjectStore } from '../storage/objectStore.js';
import { ASSET_MAX_BYTES, prepareAssetImage, type PreparedAssetImage } from './assetImages.js';
import { IMPORT_DEADLINE_MS, importRefusal } from './assetUploads.js';
import { activelyOwnedBy, ownedBy } from './ownership.js';
import { MAX_POSITION, mediaAssetOf, SINGLE_VALUED_PLACEMENTS, type ProfileAssetsService } from './profileAssets.js';
import { isPublicProfile } from './publicReads.js';

type UploadMimeType = Schemas['UploadMimeType'];

/** Placement metadata of an imported or updated asset (the upload intent's members). */
export interface MediaMetadataInput {
  label?: string;
  caption?: string;
  altText?: string;
  credit?: string;
  creditUrl?: string;
  placements?: AssetPlacement[];
  position?: number;
}

export type MediaManageAction = 'get' | 'import_url' | 'update' | 'remove' | 'restore';

export interface MediaManageInput extends MediaMetadataInput {
  slug: string;
  action: MediaManageAction;
  mediaRevision?: string;
  idempotencyKey?: string;
  sourceUrl?: string;
  mimeType?: UploadMimeType;
  byteSize?: number;
  assetId?: string;
}

export interface MediaSubmitInput extends MediaMetadataInput {
  slug: string;
  sourceUrl: string;
  mimeType: UploadMimeType;
  byteSize?: number;
  idempotencyKey?: string;
}

/** An asset of the owner's media kit that was soft-deleted (restorable). */
export interface RemovedMediaAsset {
  assetId: string;
  mimeType: UploadMimeType;
  placements: AssetPlacement[];
  label?: string;
  removedAt: number;
}

/** The owner's view of a media kit after (or without) a change. */
export interface MediaKitState {
  profileId: string;
  slug: string;
  profilePath: string;
  /** Opaque: send it back unchanged as `mediaRevision` with the next change. */
  mediaRevision: string;
  /** Active assets in media-kit order, as the public media kit shows them. */
  assets: Schemas['MediaAsset'][];
  removedAssets: RemovedMediaAsset[];
  /** The asset the change created or changed. */
  changedAssetId?: string;
}

/** A contributor's proposal as its submitter sees it (no storage key, no full source URL). */
export interface MediaSubmissionView {
  submissionId: string;
  profileSlug: string;
  status: MediaSubmissionRow['status'];
  mimeType: string;
  byteSize: number;
  width?: number;
  height?: number;
  placements: AssetPlacement[];
  label?: string;
  caption?: string;
  altText?: string;
  credit?: string;
  creditUrl?: string;
  sourceHost: string;
  createdAt: number;
  updatedAt: number;
}

/** How long a URL import's idempotency key is remembered. */
export const MEDIA_RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;
const ACCEPT_IMAGES = 'image/png, image/svg+xml, image/jpeg, image/webp';
const EXTENSIONS: Record<UploadMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };
const REVISION = /^mr_(\d{1,15})$/;

export const encodeMediaRevision = (n: number) => `mr_${n}`;
const blankToNull = (s: string | undefined | null) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());

const staleRevision = () => problems.staleVersion('The media kit changed since this mediaRevision was read; read it again (action "get") and retry with the new mediaRevision.');

/**
 * The hosted MCP media tools (contract 4.12): owner media management of a claimed profile's
 * media kit — server-side URL imports (idempotency key and media revision), metadata, placement
 * and order updates, soft delete and restore (media revision) — and contributors' private media
 * proposals for unclaimed person profiles with their submitter's status history. Image bytes
 * are only ever fetched by the server through the guarded fetcher; neither bytes nor upload
 * credentials are handed to the caller.
 */
export class ProfileMediaService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly profileAssets: ProfileAssetsService,
    private readonly store: ObjectStore,
    private readonly audit: AuditService,
    private readonly fetch: GuardedFetch = guardedFetch,
  ) {}

  private get repos() {
    return this.deps.repos;
  }

  /** A profile the caller actively owns (404 when they can neither see it nor own it, 403 otherwise). */
  private async ownedProfile(slug: string, userId: string): Promise<ProfileRow> {
    const p = await this.repos.profiles.findBySlug(slug);
    if (!p || (!isPublicProfile(p) && !ownedBy(p, userId))) throw problems.notFound('No public profile with this slug.');
    if (!activelyOwnedBy(p, userId)) {
      throw problems.forbidden(
        p.claimState === 'unclaimed'
          ? 'Only the owner of a claimed profile can manage its media; for an unclaimed person profile, propose media as a contributor instead.'
          : 'This profile is claimed by someone else.',
      );
    }
    return p;
  }

  private async kitState(repos: Repositories, p: ProfileRow, revision: number, changedAssetId?: string): Promise<MediaKitState> {
    const all = await repos.profileAssets.listAll(p.id);
    return {
      profileId: p.id,
      slug: p.slug,
      profilePath: `/api/v0/profiles/${encodeURIComponent(p.slug)}`,
      mediaRevision: encodeMediaRevision(revision),
      assets: all.filter((a) => a.status === 'active').map((a) => mediaAssetOf(p.slug, a)),
      removedAssets: all
        .filter((a) => a.status === 'removed')
        .map((a) => ({ assetId: a.id, mimeType: a.mimeType, placements: a.placements, ...(a.label ? { label: a.label } : {}), removedAt: a.removedAt ?? a.updatedAt })),
      ...(changedAssetId ? { changedAssetId } : {}),
    };
  }

  /** Contract 4.12 `service_profile_media_manage`. */
  async manage(actor: Actor, input: MediaManageInput): Promise<MediaKitState> {
    const { userId } = actingUser(actor);
    if (input.action === 'import_url') return this.importUrl(actor, userId, input);
    const p = await this.ownedProfile(input.slug, userId);
    if (input.action === 'get') return this.kitState(this.repos, p, await this.repos.profileMedia.revision(p.id));

    const errors: FieldError[] = [];
    const expected = this.expectedRevision(input.mediaRevision, errors);
    if (!input.assetId) errors.push({ pointer: '/assetId', message: `is required for action "${input.action}"` });
    if (input.idempotencyKey !== undefined) errors.push({ pointer: '/idempotencyKey', message: 'is only taken by action "import_url"' });
    if (input.sourceUrl !== undefined || input.mimeType !== undefined || input.byteSize !== undefined) {
      errors.push({ pointer: input.sourceUrl !== undefined ? '/sourceUrl' : input.mimeType !== undefined ? '/mimeType' : '/byteSize', message: 'is only taken by action "import_url"' });
    }
    if (input.action !== 'update') {
      for (const k of ['label', 'caption', 'altText', 'credit', 'creditUrl', 'placements', 'position'] as const) {
        if (input[k] !== undefined) errors.push({ pointer: `/${k}`, message: `is only taken by actions "update" and "import_url"` });
      }
    }
    if (errors.length) throw problems.validation(errors, 'The media change is not valid.');

    const now = this.deps.clock.now();
    return this.repos.withTransaction(async (repos) => {
      const next = await repos.profileMedia.bump(p.id);
      if (next !== expected! + 1) throw staleRevision();
      const fresh = await repos.profiles.findById(p.id);
      if (!fresh || !activelyOwnedBy(fresh, userId)) throw problems.forbidden('This profile is claimed by someone else.');
      const asset = await repos.profileAssets.findById(input.assetId!);
      if (!asset || asset.profileId !== p.id) throw problems.notFound('No asset with this id in this media kit.');
      const others = (await repos.profileAssets.listActive(p.id)).filter((a) => a.id !== asset.id);
      let changed: Record<string, unknown>;
      if (input.action === 'update') {
        if (asset.status !== 'active') throw problems.validation([{ pointer: '/assetId', message: 'names a removed asset; restore it first' }], 'The media change is not valid.');
        const row = this.updatedMetadata(asset, input);
        await this.handOver(repos, others, row.placements, now);
        await repos.profileAssets.updateMetadata(asset.id, row, now);
        changed = { fields: Object.keys(input).filter((k) => ['label', 'caption', 'altText', 'credit', 'creditUrl', 'placements', 'position'].includes(k)).sort() };
      } else if (input.action === 'remove') {
        if (asset.status !== 'active') throw problems.validation([{ pointer: '/assetId', message: 'names an asset that is already removed' }], 'The media change is not valid.');
        await repos.profileAssets.markRemoved(asset.id, now);
        changed = {};
      } else {
        if (asset.status !== 'removed') throw problems.validation([{ pointer: '/assetId', message: 'names an asset that is not removed' }], 'The media change is not valid.');
        // A single-valued place another active asset holds now stays with that asset.
        const held = new Set(others.flatMap((a) => a.placements));
        const placements = asset.placements.filter((pl) => !(SINGLE_VALUED_PLACEMENTS.includes(pl) && held.has(pl)));
        await repos.profileAssets.markRestored(asset.id, placements, now);
        changed = { placements };
      }
      await this.audit.recordIn(repos, {
        action: `profile_media.${input.action === 'update' ? 'updated' : input.action === 'remove' ? 'removed' : 'restored'}`,
        result: 'accepted',
        actor,
        routeClass: 'authenticated_mcp',
        resourceType: 'profile_asset',
        resourceId: asset.id,
        metadata: { targetIds: [asset.id, p.id], profileId: p.id, mediaRevision: next, ...changed },
      });
      return this.kitState(repos, p, next, asset.id);
    });
  }

  private expectedRevision(raw: string | undefined, errors: FieldError[]): number | undefined {
    if (raw === undefined) {
      errors.push({ pointer: '/mediaRevision', message: 'is required: read it with action "get"' });
      return undefined;
    }
    const m = REVISION.exec(raw);
    if (!m) {
      errors.push({ pointer: '/mediaRevision', message: 'is not a media revision of this service; read it with action "get"' });
      return undefined;
    }
    return Number(m[1]);
  }

  /** The asset's metadata after an update: present members replace (blank clears), omitted ones are kept. */
  private updatedMetadata(asset: ProfileAssetRow, input: MediaMetadataInput) {
    const pick = (k: 'label' | 'caption' | 'altText' | 'credit' | 'creditUrl') => (input[k] !== undefined ? blankToNull(input[k]) : asset[k]);
    const next = {
      label: pick('label'),
      caption: pick('caption'),
      altText: pick('altText'),
      credit: pick('credit'),
      creditUrl: pick('creditUrl'),
      placements: input.placements !== undefined ? [...new Set(input.placements)] : asset.placements,
      position: input.position ?? asset.position,
    };
    const text = (v: string | null) => v ?? undefined;
    const errors = metadataProblems({
      placements: next.placements,
      position: next.position,
      label: text(next.label),
      caption: text(next.caption),
      altText: text(next.altText),
      credit: text(next.credit),
      creditUrl: text(next.creditUrl),
    });
    if (errors.length) throw problems.validation(errors, 'The media change is not valid.');
    return next;
  }

  /** Single-valued placements move to the changed asset: other active assets lose them (and stay). */
  private async handOver(repos: Repositories, others: ProfileAssetRow[], placements: AssetPlacement[], now: number): Promise<void> {
    const taken = placements.filter((pl) => SINGLE_VALUED_PLACEMENTS.includes(pl));
    for (const a of others) {
      const kept = a.placements.filter((pl) => !taken.includes(pl));
      if (kept.length !== a.placements.length) await repos.profileAssets.updatePlacements(a.id, kept, now);
    }
  }

  /**
   * A server-side import of a public HTTPS image into the owner's media kit: needs an
   * idempotency key (a repeat replays the first answer; another request under the same key
   * answers 409) and the current media revision (409 when stale, checked before fetching and
   * again in the writing unit of work).
   */
  private async importUrl(actor: Actor, userId: string, input: MediaManageInput): Promise<MediaKitState> {
    const errors: FieldError[] = [];
    const expected = this.expectedRevision(input.mediaRevision, errors);
    if (!input.idempotencyKey) errors.push({ pointer: '/idempotencyKey', message: 'is required for action "import_url"' });
    if (input.assetId !== undefined) errors.push({ pointer: '/assetId', message: 'is not taken by action "import_url"' });
    errors.push(...sourceProblems(input), ...metadataProblems(input));
    if (errors.length) throw problems.validation(errors, 'The media import is not valid.');

    const key = input.idempotencyKey!;
    const { idempotencyKey: _key, ...request } = input;
    const requestHash = canonicalJsonHash(request);
    const now = this.deps.clock.now();
    const replayOf = (response: Record<string, unknown>, hash: string): MediaKitState => {
      if (hash !== requestHash) throw problems.idempotencyConflict('This idempotency key was used for a different media import; use a new key for a new import.');
      return response as unknown as MediaKitState;
    };
    const liveReceipt = async () => {
      const receipt = await this.repos.profileMedia.receipts.find(userId, key);
      return receipt && receipt.createdAt > now - MEDIA_RECEIPT_TTL_MS ? receipt : undefined;
    };
    const earlier = await liveReceipt();
    if (earlier) return replayOf(earlier.response, earlier.requestHash);

    const p = await this.ownedProfile(input.slug, userId);
    if ((await this.repos.profileMedia.revision(p.id)) !== expected) throw staleRevision();
    const image = await this.imported(input.sourceUrl!, input.mimeType!, input.byteSize);

    let state: MediaKitState | undefined;
    try {
      await this.profileAssets.storeAsset(
        p,
        {
          bytes: image.bytes,
          mimeType: image.mimeType,
          placements: [...new Set(input.placements ?? [])],
          ...(input.position !== undefined ? { position: input.position } : {}),
          ...metadataOf(input),
          createdByUserId: userId,
        },
        {
          size: { width: image.width, height: image.height },
          sourceUrl: input.sourceUrl!,
          defaultPosition: 'end',
          replaceSingleValued: true,
          alsoIn: async (repos, row) => {
            // storeAsset advanced the revision once: anything else means another write got in first.
            const revision = await repos.profileMedia.revision(p.id);
            if (revision !== expected! + 1) throw staleRevision();
            const fresh = await repos.profiles.findById(p.id);
            if (!fresh || !activelyOwnedBy(fresh, userId)) throw problems.forbidden('This profile is claimed by someone else.');
            state = await this.kitState(repos, p, revision, row.id);
            await repos.profileMedia.receipts.deleteOlderThan(userId, now - MEDIA_RECEIPT_TTL_MS);
            await repos.profileMedia.receipts.insert({ id: newId('pmr'), userId, idempotencyKey: key, requestHash, profileId: p.id, response: state as unknown as Record<string, unknown>, createdAt: now });
            await this.audit.recordIn(repos, {
              action: 'profile_media.imported',
              result: 'accepted',
              actor,
              routeClass: 'authenticated_mcp',
              resourceType: 'profile_asset',
              resourceId: row.id,
              metadata: {
                targetIds: [row.id, p.id],
                profileId: p.id,
                mediaRevision: revision,
                // The host only: a source URL may carry a signature in its query.
                sourceHost: new URL(input.sourceUrl!).host,
                mimeType: row.mimeType,
                byteSize: row.byteSize,
                placements: row.placements,
                ...(image.removed.length ? { sanitizerRemoved: [...new Set(image.removed)].slice(0, 50) } : {}),
              },
            });
          },
        },
      );
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      // Another import with this key got there first: replay it (or refuse a different request).
      const winner = await liveReceipt();
      if (!winner) throw err;
      return replayOf(winner.response, winner.requestHash);
    }
    return state!;
  }

  /** The image behind `sourceUrl`, fetched by the guarded fetcher and made safe to store. */
  private async imported(sourceUrl: string, mimeType: UploadMimeType, byteSize: number | undefined): Promise<PreparedAssetImage> {
    let bytes: Buffer;
    try {
      bytes = (await this.fetch(sourceUrl, { accept: ACCEPT_IMAGES, maxBytes: ASSET_MAX_BYTES, deadlineMs: IMPORT_DEADLINE_MS })).body;
    } catch (err) {
      if (!(err instanceof GuardedFetchError)) throw err;
      throw problems.validation([{ pointer: '/sourceUrl', message: importRefusal(err) }], 'The image could not be imported from sourceUrl; nothing was stored.');
    }
    return prepareAssetImage(bytes, { mimeType, byteSize: byteSize ?? null }, '/sourceUrl');
  }

  /**
   * Contract 4.12 `service_profile_media_submit`: a contributor imports a public HTTPS image
   * as a private proposal for an unclaimed public person profile. The proposal is stored for
   * review, never served, and changes nothing public; the contributor can neither publish nor
   * review it. With an idempotency key a repeat returns the first proposal.
   */
  async submit(actor: Actor, input: MediaSubmitInput): Promise<MediaSubmissionView> {
    const { userId } = actingUser(actor);
    const errors = [...sourceProblems(input), ...metadataProblems(input)];
    if (input.position !== undefined) errors.push({ pointer: '/position', message: 'is not taken by a proposal (the order is decided on review)' });
    if (errors.length) throw problems.validation(errors, 'The media proposal is not valid.');
    const { idempotencyKey, ...request } = input;
    const requestHash = idempotencyKey === undefined ? null : canonicalJsonHash(request);
    const replayOf = async (row: MediaSubmissionRow) => {
      if (row.requestHash !== requestHash) throw problems.idempotencyConflict('This idempotency key was used for a different media proposal; use a new key for a new proposal.');
      const p = await this.repos.profiles.findById(row.profileId);
      return submissionView(row, p?.slug ?? input.slug);
    };
    if (idempotencyKey !== undefined) {
      const earlier = await this.repos.profileMedia.findSubmissionByKey(userId, idempotencyKey);
      if (earlier) return replayOf(earlier);
    }

    const p = await this.repos.profiles.findBySlug(input.slug);
    if (!isPublicProfile(p, 'person')) throw problems.notFound('No public person profile with this slug.');
    if (p.claimState !== 'unclaimed' || p.ownerUserId !== null) {
      throw problems.forbidden('Media proposals are only taken for unclaimed person profiles; this profile is claimed, and its owner manages its media.');
    }
    const image = await this.imported(input.sourceUrl, input.mimeType, input.byteSize);
    const now = this.deps.clock.now();
    const id = newId('pms');
    const row: MediaSubmissionRow = {
      id,
      profileId: p.id,
      submittedByUserId: userId,
      status: 'pending_review',
      storageKey: `media-submissions/${p.id}/${id}.${EXTENSIONS[image.mimeType]}`,
      mimeType: image.mimeType,
      byteSize: image.bytes.length,
      sha256: crypto.createHash('sha256').update(image.bytes).digest('hex'),
      width: image.width,
      height: image.height,
      sourceUrl: input.sourceUrl,
      sourceHost: new URL(input.sourceUrl).host,
      placements: [...new Set(input.placements ?? [])],
      label: blankToNull(input.label),
      caption: blankToNull(input.caption),
      altText: blankToNull(input.altText),
      credit: blankToNull(input.credit),
      creditUrl: blankToNull(input.creditUrl),
      idempotencyKey: idempotencyKey ?? null,
      requestHash,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.put(row.storageKey, image.bytes, image.mimeType);
    try {
      await this.repos.withTransaction(async (repos) => {
        await repos.profileMedia.insertSubmission(row);
        await this.audit.recordIn(repos, {
          action: 'profile_media.submitted',
          result: 'accepted',
          actor,
          routeClass: 'authenticated_mcp',
          resourceType: 'profile_media_submission',
          resourceId: row.id,
          metadata: { targetIds: [row.id, p.id], profileId: p.id, source: 'community_contributor', sourceHost: row.sourceHost, mimeType: row.mimeType, byteSize: row.byteSize },
        });
      });
    } catch (err) {
      await this.store.delete(row.storageKey).catch(() => undefined);
      if (err instanceof DuplicateKeyError && idempotencyKey !== undefined) {
        const winner = await this.repos.profileMedia.findSubmissionByKey(userId, idempotencyKey);
        if (winner) return replayOf(winner);
      }
      throw err;
    }
    return submissionView(row, p.slug);
  }

  /** Contract 4.12 `service_list_my_media_submissions`: the caller's own proposals, newest first. */
  async mySubmissions(actor: Actor, limit = 50): Promise<{ submissions: MediaSubmissionView[] }> {
    const { userId } = actingUser(actor);
    const rows = await this.repos.profileMedia.submissionsOf(userId, Math.min(Math.max(limit, 1), 100));
    return { submissions: rows.map((r) => submissionView(r, r.profileSlug)) };
  }
}

function submissionView(r: MediaSubmissionRow, profileSlug: string): MediaSubmissionView {
  return {
    submissionId: r.id,
    profileSlug,
    status: r.status,
    mimeType: r.mimeType,
    byteSize: r.byteSize,
    ...(r.width !== null ? { width: r.width } : {}),
    ...(r.height !== null ? { height: r.height } : {}),
    placements: r.placements,
    ...(r.label ? { label: r.label } : {}),
    ...(r.caption ? { caption: r.caption } : {}),
    ...(r.altText ? { altText: r.altText } : {}),
    ...(r.credit ? { credit: r.credit } : {}),
    ...(r.creditUrl ? { creditUrl: r.creditUrl } : {}),
    sourceHost: r.sourceHost,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const metadataOf = (input: MediaMetadataInput) => {
  const out: { label?: string; caption?: string; altText?: string; credit?: string; creditUrl?: string } = {};
  for (const k of ['label', 'caption', 'altText', 'credit', 'creditUrl'] as const) {
    const v = blankToNull(input[k]);
    if (v !== null) out[k] = v;
  }
  return out;
};

/** The upload intent's rules for an import source: https, no user information, a public address literal. */
function sourceProblems(input: { sourceUrl?: string; mimeType?: string }): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.mimeType) errors.push({ pointer: '/mimeType', message: 'is required for an import' });
  if (!input.sourceUrl) {
    errors.push({ pointer: '/sourceUrl', message: 'is required for an import' });
    return errors;
  }
  let url: URL;
  try {
    url = new URL(input.sourceUrl);
  } catch {
    return [...errors, { pointer: '/sourceUrl', message: 'is not a URL' }];
  }
  if (url.protocol !== 'https:') errors.push({ pointer: '/sourceUrl', message: 'must be an https URL' });
  else if (url.username || url.password) errors.push({ pointer: '/sourceUrl', message: 'must not carry a user name or password' });
  else {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const verdict = /^[\d.]+$/.test(host) || host.includes(':') ? judgeAddress(host) : undefined;
    if (verdict && !verdict.allowed) errors.push({ pointer: '/sourceUrl', message: 'names an address that is not public; it is never fetched' });
  }
  return errors;
}

/** The upload intent's placement rules: gallery needs a label, featured needs gallery, credit URLs are web URLs. */
/** The longest text each metadata member holds (characters), as the media tools' schemas and the columns say. */
const TEXT_LIMITS = { label: 80, caption: 240, altText: 180, credit: 120, creditUrl: 2048 } as const;

function metadataProblems(input: MediaMetadataInput): FieldError[] {
  const errors: FieldError[] = [];
  for (const [k, max] of Object.entries(TEXT_LIMITS) as [keyof typeof TEXT_LIMITS, number][]) {
    const v = input[k];
    if (typeof v === 'string' && [...v].length > max) errors.push({ pointer: `/${k}`, message: `must have at most ${max} characters` });
  }
  if (input.creditUrl !== undefined && input.creditUrl !== '' && !/^https?:\/\//i.test(input.creditUrl)) errors.push({ pointer: '/creditUrl', message: 'must be an http or https URL' });
  const placements = input.placements ?? [];
  if (placements.includes('gallery') && !input.label?.trim()) errors.push({ pointer: '/label', message: 'is required (not blank) for a gallery placement' });
  if (placements.includes('featured') && !placements.includes('gallery')) errors.push({ pointer: '/placements', message: 'featured needs gallery too' });
  if (input.position !== undefined && input.position > MAX_POSITION) errors.push({ pointer: '/position', message: `must be at most ${MAX_POSITION}` });
  return errors;
}

