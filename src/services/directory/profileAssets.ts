import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { imageLibrary } from '../../lib/imageLibrary.js';
import { ZipFile } from 'yazl';
import type { Schemas } from '../../contract/types.js';
import { newId, randomToken } from '../../lib/crypto.js';
import type { Repositories } from '../../repositories/index.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { AssetPlacement, ProfileAssetRow } from '../../repositories/profileAssets.js';
import type { ServiceDeps } from '../context.js';
import { problems } from '../errors.js';
import type { ObjectStore } from '../storage/objectStore.js';
import { isPublicProfile } from './publicReads.js';
import { errorFields, logEvent } from '../../lib/eventLog.js';

type MediaAsset = Schemas['MediaAsset'];
export type ProfileAssetMimeType = Schemas['UploadMimeType'];

/** Contract 2.11 / 8.1: profile assets are PNG, SVG, JPEG or WebP of at most 12 MB. */
export const PROFILE_ASSET_MAX_BYTES = 12582912;
const EXTENSIONS: Record<ProfileAssetMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };
/** Largest stored `position` (a 32-bit integer column in both dialects). */
export const MAX_POSITION = 2147483647;
/** A storage probe that has not finished by then counts as unreachable. */
const PROBE_BUDGET_MS = 5000;

/** The one 404 of every asset read: unknown, hidden, other profile's, removed — all alike. */
const noSuchAsset = () => problems.notFound('No such public profile asset.');

/** One asset file, ready to send: its bytes are read only when asked for (a 304 needs none). */
export interface ProfileAssetFile {
  mimeType: ProfileAssetMimeType;
  byteSize: number;
  /** Strong entity tag: the SHA-256 of the bytes, quoted. */
  etag: string;
  /** A safe ASCII file name: `<slug>-<label or asset id>.<ext>`. */
  fileName: string;
  read(): Promise<Buffer>;
}

/** What a trusted caller (demo data, or the upload completion after its checks) stores. */
export interface NewProfileAsset {
  bytes: Buffer;
  mimeType: ProfileAssetMimeType;
  placements: AssetPlacement[];
  position?: number;
  label?: string;
  caption?: string;
  altText?: string;
  credit?: string;
  creditUrl?: string;
  createdByUserId?: string;
}

/**
 * Placements a media kit shows one asset in (`profileImage`, `banner`, `primaryLogo`,
 * `featuredAsset`). An upload placed there takes the place over: earlier assets lose it, and an
 * earlier asset left with no placement is removed.
 */
export const SINGLE_VALUED_PLACEMENTS: readonly AssetPlacement[] = ['profile_image', 'banner', 'primary_logo', 'featured'];

/** How `ProfileAssetsService.storeAsset` stores one asset. */
export interface StoreAssetOptions {
  /** Pixel size when the caller knows it already; read from raster bytes otherwise. */
  size?: { width: number | null; height: number | null };
  /** Provenance (never public). */
  originalFileName?: string | null;
  sourceUrl?: string | null;
  /** `end`: after the profile's last active asset (when `input.position` is absent). */
  defaultPosition?: number | 'end';
  /** Single-valued placements move to the new asset (uploads); demo data leaves others alone. */
  replaceSingleValued?: boolean;
  /** Further writes of the same unit of work (the upload intent's consumption and its audit). */
  alsoIn?: (repos: Repositories, row: ProfileAssetRow) => Promise<void>;
}

/** Lowercase a-z0-9 words joined by `-`, at most 60 characters (file names). */
const fileWord = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

const fileUrl = (slug: string, assetId: string) => `/api/v0/profiles/${encodeURIComponent(slug)}/assets/${encodeURIComponent(assetId)}/file`;

export function mediaAssetOf(slug: string, a: ProfileAssetRow): MediaAsset {
  const url = fileUrl(slug, a.id);
  const out: MediaAsset = {
    assetId: a.id,
    mimeType: a.mimeType,
    byteSize: a.byteSize,
    imageUrl: url,
    downloadUrl: url,
    downloadMimeType: a.mimeType,
    downloadByteSize: a.byteSize,
    placements: a.placements,
  };
  if (a.label) out.label = a.label;
  if (a.caption) out.caption = a.caption;
  if (a.altText) out.altText = a.altText;
  if (a.credit) out.credit = a.credit;
  if (a.creditUrl) out.creditUrl = a.creditUrl;
  if (a.width) out.width = a.width;
  if (a.height) out.height = a.height;
  return out;
}

/**
 * The logos of a profile in media-kit order: the first asset placed as primary logo holds
 * that place; every other logo (additional, or a second primary) follows in order.
 */
function logosOf(assets: ProfileAssetRow[]): { primary?: ProfileAssetRow; additional: ProfileAssetRow[] } {
  const primary = assets.find((a) => a.placements.includes('primary_logo'));
  const additional = assets.filter((a) => a !== primary && (a.placements.includes('additional_logo') || a.placements.includes('primary_logo')));
  return { primary, additional };
}

/** Stable, unique archive entry names: `<slug>-primary-logo.<ext>`, then `<slug>-logo-<n>.<ext>`. */
export function logoEntryNames(slug: string, logos: { primary?: { mimeType: ProfileAssetMimeType }; additional: { mimeType: ProfileAssetMimeType }[] }): string[] {
  const taken = new Set<string>();
  const unique = (base: string, ext: string) => {
    let name = `${base}.${ext}`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.${ext}`;
    taken.add(name);
    return name;
  };
  const names: string[] = [];
  if (logos.primary) names.push(unique(`${slug}-primary-logo`, EXTENSIONS[logos.primary.mimeType]));
  const first = logos.primary ? 2 : 1;
  logos.additional.forEach((a, i) => names.push(unique(`${slug}-logo-${first + i}`, EXTENSIONS[a.mimeType])));
  return names;
}

/** The media kit of a profile's active assets (in media-kit order), grouped by placement. */
function mediaKitOf(slug: string, assets: ProfileAssetRow[]): Schemas['MediaKit'] {
  const media = (a: ProfileAssetRow) => mediaAssetOf(slug, a);
  const first = (placement: AssetPlacement) => assets.find((a) => a.placements.includes(placement));
  const { primary, additional } = logosOf(assets);
  const logos = [...(primary ? [primary] : []), ...additional].map(media);
  const kit: Schemas['MediaKit'] = {
    assets: assets.map(media),
    logos,
    additionalLogos: additional.map(media),
    galleryAssets: assets.filter((a) => a.placements.includes('gallery')).map(media),
  };
  if (primary) kit.primaryLogo = media(primary);
  const profileImage = first('profile_image');
  if (profileImage) kit.profileImage = media(profileImage);
  const banner = first('banner');
  if (banner) kit.banner = media(banner);
  const featured = first('featured');
  if (featured) kit.featuredAsset = media(featured);
  if (logos.length) kit.logoZipUrl = `/api/v0/profiles/${encodeURIComponent(slug)}/logos.zip`;
  return kit;
}

/**
 * The media members of a public profile read (`avatarImageUrl`, `bannerImageUrl`, `mediaKit`)
 * from its active assets, in one query. A profile without assets gets none of them.
 */
export async function publicMediaOf(
  repos: Pick<Repositories, 'profileAssets'>,
  p: Pick<ProfileRow, 'id' | 'slug'>,
): Promise<Pick<Schemas['PublicProfile'], 'avatarImageUrl' | 'bannerImageUrl' | 'mediaKit'>> {
  const assets = await repos.profileAssets.listActive(p.id);
  if (!assets.length) return {};
  const mediaKit = mediaKitOf(p.slug, assets);
  return {
    ...(mediaKit.profileImage?.imageUrl ? { avatarImageUrl: mediaKit.profileImage.imageUrl } : {}),
    ...(mediaKit.banner?.imageUrl ? { bannerImageUrl: mediaKit.banner.imageUrl } : {}),
    mediaKit,
  };
}

/**
 * Public media-kit assets of profiles (contract 2.11, 4.4): the lists, one asset's file, the
 * logo archive, and the upload-storage probe. Bytes live in the object store; rows in
 * `profile_assets`. Unknown and hidden profiles answer the same 404 as missing assets.
 */
export class ProfileAssetsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly store: ObjectStore,
  ) {}

  private async publicProfile(slug: string): Promise<ProfileRow> {
    const p = await this.deps.repos.profiles.findBySlug(slug);
    if (!isPublicProfile(p)) throw problems.notFound('No public profile with this slug.');
    return p;
  }

  /** `GET /profiles/{slug}/assets`: every active asset, and the media kit grouped by placement. */
  async list(slug: string): Promise<Schemas['PublicProfileAssetsResponse']> {
    const p = await this.publicProfile(slug);
    const kit = mediaKitOf(p.slug, await this.deps.repos.profileAssets.listActive(p.id));
    return { slug: p.slug, profileType: p.profileType, displayName: p.displayName, assets: kit.assets, mediaKit: kit };
  }

  /** `GET /profiles/{slug}/logos`: primary and additional logos. */
  async logos(slug: string): Promise<Schemas['PublicProfileLogosResponse']> {
    const p = await this.publicProfile(slug);
    const { primary, additional } = logosOf(await this.deps.repos.profileAssets.listActive(p.id));
    const media = (a: ProfileAssetRow) => mediaAssetOf(p.slug, a);
    const out: Schemas['PublicProfileLogosResponse'] = {
      slug: p.slug,
      profileType: p.profileType,
      displayName: p.displayName,
      logos: [...(primary ? [primary] : []), ...additional].map(media),
      additionalLogos: additional.map(media),
    };
    if (primary) out.primaryLogo = media(primary);
    if (out.logos.length) out.logoZipUrl = `/api/v0/profiles/${encodeURIComponent(p.slug)}/logos.zip`;
    return out;
  }

  /** One active asset of a public profile; every other case is the same 404. */
  async file(slug: string, assetId: string): Promise<ProfileAssetFile> {
    const p = await this.deps.repos.profiles.findBySlug(slug);
    if (!isPublicProfile(p)) throw noSuchAsset();
    const a = await this.deps.repos.profileAssets.findById(assetId);
    if (!a || a.profileId !== p.id || a.status !== 'active') throw noSuchAsset();
    return {
      mimeType: a.mimeType,
      byteSize: a.byteSize,
      etag: `"${a.sha256}"`,
      fileName: `${p.slug}-${(a.label && fileWord(a.label)) || a.id}.${EXTENSIONS[a.mimeType]}`,
      read: async () => {
        const bytes = await this.store.get(a.storageKey);
        // Bytes gone from storage: nothing to serve, answered like any missing asset.
        if (!bytes) throw noSuchAsset();
        return bytes;
      },
    };
  }

  /**
   * `GET /profiles/{slug}/logos.zip`: the logos as a ZIP written while it is read. Each logo
   * is fetched from storage only when the archive reaches it, so one logo at a time is in
   * memory. A failure while writing (an object gone, a size that does not match) destroys
   * the stream with the error; the sender then aborts the response.
   */
  async logosArchive(slug: string): Promise<{ fileName: string; stream: Readable }> {
    const p = await this.publicProfile(slug);
    const logos = logosOf(await this.deps.repos.profileAssets.listActive(p.id));
    const entries = [...(logos.primary ? [logos.primary] : []), ...logos.additional];
    if (!entries.length) throw problems.notFound('This profile has no logos.');
    const names = logoEntryNames(p.slug, logos);
    const zip = new ZipFile();
    // yazl's outputStream is a PassThrough: a Readable.
    const stream = zip.outputStream as Readable;
    zip.on('error', (err: Error) => stream.destroy(err));
    entries.forEach((a, i) => {
      // Raster formats are compressed already; only SVG text gains from deflate.
      const options = { mtime: new Date(a.updatedAt), mode: 0o100644, compress: a.mimeType === 'image/svg+xml', size: a.byteSize };
      zip.addReadStreamLazy(names[i], options, (cb) => {
        this.store.get(a.storageKey).then(
          (bytes) => (bytes ? cb(null, Readable.from([bytes])) : cb(new Error(`profile asset ${a.id}: object missing from storage`), Readable.from([]))),
          (err: unknown) => cb(err, Readable.from([])),
        );
      });
    });
    zip.end();
    return { fileName: `${p.slug}-logos.zip`, stream };
  }

  /**
   * Upload storage health (`probeProfileAssetUploadStorage`): a real round trip on the
   * object store — write a tiny object, read it back, compare, delete — within a time budget.
   */
  async probeStorage(): Promise<Schemas['ApiProfileAssetStorageProbeResponse']> {
    const checkedAt = this.deps.clock.now();
    const key = `probes/${randomToken(12)}`;
    const payload = Buffer.from(`marquee storage probe ${checkedAt}\n`);
    const roundTrip = async () => {
      await this.store.put(key, payload, 'text/plain');
      const back = await this.store.get(key);
      if (!back || !back.equals(payload)) throw new Error('the probe object did not read back');
      await this.store.delete(key);
    };
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the storage probe timed out')), PROBE_BUDGET_MS);
      timer.unref();
    });
    let storageReachable = true;
    try {
      await Promise.race([roundTrip(), budget]);
    } catch (err) {
      storageReachable = false;
      logEvent('warn', 'upload_storage_probe_failed', errorFields(err));
      void this.store.delete(key).catch(() => undefined);
    } finally {
      clearTimeout(timer);
    }
    // Storage is always configured: the embedded store is the default (decisions §6).
    return { checkedAt, configured: true, storageReachable };
  }

  /**
   * Stores a demo image as an active asset of a profile (the demo data calls this). The
   * bytes are trusted but still held to the contract's types and size; raster dimensions
   * are read from the image.
   */
  async addForDemo(profileSlug: string, input: NewProfileAsset): Promise<Schemas['MediaAsset']> {
    const p = await this.deps.repos.profiles.findBySlug(profileSlug);
    if (!p) throw problems.notFound('No profile with this slug.');
    return mediaAssetOf(p.slug, await this.storeAsset(p, input));
  }

  /**
   * Stores one asset: the bytes in the object store first, then, in one unit of work, the
   * active asset row, the hand-over of single-valued placements (when asked) and the caller's
   * further writes. When the unit of work fails the stored object is deleted again, so no
   * orphan object is left behind.
   */
  async storeAsset(p: ProfileRow, input: NewProfileAsset, options: StoreAssetOptions = {}): Promise<ProfileAssetRow> {
    if (!(input.mimeType in EXTENSIONS)) throw problems.validation([{ pointer: '/mimeType', message: 'must be PNG, SVG, JPEG or WebP' }]);
    if (input.bytes.length === 0 || input.bytes.length > PROFILE_ASSET_MAX_BYTES) {
      throw problems.validation([{ pointer: '/bytes', message: `must be 1 to ${PROFILE_ASSET_MAX_BYTES} bytes` }]);
    }
    let size = options.size;
    if (!size) {
      const dims = input.mimeType === 'image/svg+xml' ? undefined : await (await imageLibrary())(input.bytes).metadata();
      size = { width: dims?.width ?? null, height: dims?.height ?? null };
    }
    const id = newId('pas');
    const storageKey = `profile-assets/${p.id}/${id}.${EXTENSIONS[input.mimeType]}`;
    const now = this.deps.clock.now();
    const row: ProfileAssetRow = {
      id,
      profileId: p.id,
      placements: [...new Set(input.placements)],
      position: input.position ?? (typeof options.defaultPosition === 'number' ? options.defaultPosition : 0),
      label: input.label ?? null,
      caption: input.caption ?? null,
      altText: input.altText ?? null,
      credit: input.credit ?? null,
      creditUrl: input.creditUrl ?? null,
      storageKey,
      mimeType: input.mimeType,
      byteSize: input.bytes.length,
      sha256: crypto.createHash('sha256').update(input.bytes).digest('hex'),
      width: size.width,
      height: size.height,
      originalFileName: options.originalFileName ?? null,
      sourceUrl: options.sourceUrl ?? null,
      status: 'active',
      createdByUserId: input.createdByUserId ?? null,
      createdAt: now,
      updatedAt: now,
      removedAt: null,
    };
    await this.store.put(storageKey, input.bytes, input.mimeType);
    try {
      await this.deps.repos.withTransaction(async (repos) => {
        const needsList = (input.position === undefined && options.defaultPosition === 'end') || options.replaceSingleValued;
        const others = needsList ? await repos.profileAssets.listActive(p.id) : [];
        if (input.position === undefined && options.defaultPosition === 'end') {
          row.position = Math.min(MAX_POSITION, others.reduce((max, a) => Math.max(max, a.position + 1), 0));
        }
        if (options.replaceSingleValued) {
          const taken = row.placements.filter((pl) => SINGLE_VALUED_PLACEMENTS.includes(pl));
          for (const a of others) {
            const kept = a.placements.filter((pl) => !taken.includes(pl));
            if (kept.length === a.placements.length) continue;
            if (kept.length) await repos.profileAssets.updatePlacements(a.id, kept, now);
            else await repos.profileAssets.markRemoved(a.id, now);
          }
        }
        await repos.profileAssets.insert(row);
        // Every media write advances the profile's media revision (the MCP media tools' guard).
        await repos.profileMedia.bump(p.id);
        await options.alsoIn?.(repos, row);
      });
    } catch (err) {
      await this.store.delete(storageKey).catch(() => undefined);
      throw err;
    }
    return row;
  }
}
