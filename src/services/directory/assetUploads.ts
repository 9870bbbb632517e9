import type { Schemas } from '../../contract/types.js';
import { constantTimeEqual, keyedHash, newId, randomToken } from '../../lib/crypto.js';
import type { UploadIntentRow } from '../../repositories/assetUploadIntents.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { AuditService } from '../audit.js';
import { actingUser, type Actor, type ServiceDeps } from '../context.js';
import { AppError, problems, type FieldError } from '../errors.js';
import { judgeAddress } from '../outbound/addresses.js';
import { guardedFetch, GuardedFetchError, type GuardedFetch } from '../outbound/guardedFetch.js';
import { ASSET_MAX_BYTES, prepareAssetImage, type PreparedAssetImage } from './assetImages.js';
import { ownedBy, activelyOwnedBy } from './ownership.js';
import { MAX_POSITION, type ProfileAssetsService } from './profileAssets.js';
import { isPublicProfile } from './publicReads.js';

type CreateRequest = Schemas['ApiProfileAssetUploadIntentCreateRequest'];
type CreateResponse = Schemas['ApiProfileAssetUploadIntentCreateResponse'];
type CompleteResponse = Schemas['ApiProfileAssetUploadIntentCompleteResponse'];

/** The header that carries the upload token (decisions §2 keeps the service's name literally). */
export const UPLOAD_TOKEN_HEADER = 'x-service-upload-token';
/** An intent can be completed for 15 minutes after its creation. */
export const UPLOAD_INTENT_LIFETIME_MS = 15 * 60_000;
/** Completions one intent allows; a refused one returns the intent to pending until the last. */
export const UPLOAD_INTENT_ATTEMPTS = 5;
/** One deadline over the whole import of a `sourceUrl` (resolution, connection, body). */
export const IMPORT_DEADLINE_MS = 20_000;
const TOKEN_PURPOSE = 'profile-asset-upload-token';
const ACCEPT_IMAGES = 'image/png, image/svg+xml, image/jpeg, image/webp';

/** The multipart form of a direct upload, as the transport reads it. */
export interface UploadForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer; filename?: string; mimeType?: string };
  /** The file was longer than the cap; `file.bytes` holds only its beginning. */
  truncated: boolean;
}

/** The transport's request body: inspected without reading, read only after the intent is claimed. */
export interface UploadBody {
  /** The request carries a body (a non-zero Content-Length or a chunked body). */
  present: boolean;
  /** The body is declared `multipart/form-data`. */
  multipart: boolean;
  /** Reads the multipart form, holding at most `maxFileBytes` of the file. */
  read(maxFileBytes: number): Promise<UploadForm>;
}

/** The one answer for unknown, expired, failed and wrong-token intents: no oracle between them. */
const noSuchIntent = () => problems.notFound('No pending upload intent with this id and upload token.');

const blankToNull = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : s);

/** Why an import failed, in words for the uploader (never the fetched content). */
export function importRefusal(err: GuardedFetchError): string {
  switch (err.code) {
    case 'address_refused':
      return 'resolves to an address that is not public (loopback, private, link-local or reserved); it is not fetched';
    case 'redirect':
      return 'answered with a redirect; redirects are not followed, name the image itself';
    case 'too_large':
      return `is larger than ${ASSET_MAX_BYTES} bytes`;
    case 'timeout':
      return `could not be fetched within ${IMPORT_DEADLINE_MS / 1000} seconds`;
    case 'status':
      return `answered status ${err.details.status ?? 'other than 2xx'}`;
    case 'scheme':
      return 'must be an https URL';
    case 'dns':
      return 'names a host that could not be resolved';
    case 'tls':
      return 'failed the TLS handshake or certificate check';
    default:
      return 'could not be fetched';
  }
}

/**
 * Profile asset uploads (contract 2.11, 3, 4.7): the owner of a claimed profile creates a
 * single-use intent, then the upload transport, authorised only by the intent's token, receives
 * the image (multipart) or imports it from `sourceUrl` (through the guarded fetcher), checks and
 * cleans it, and stores it as an active public asset with the intent's placement metadata.
 */
export class AssetUploadsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly profileAssets: ProfileAssetsService,
    private readonly audit: AuditService,
    private readonly fetch: GuardedFetch = guardedFetch,
  ) {}

  private tokenHash(token: string): string {
    return keyedHash(this.deps.config.secretKey, TOKEN_PURPOSE, token);
  }

  /** `POST /profiles/{slug}/assets/upload-intent`. */
  async createIntent(actor: Actor, slug: string, input: CreateRequest): Promise<CreateResponse> {
    const { userId } = actingUser(actor);
    const p = await this.deps.repos.profiles.findBySlug(slug);
    // A profile the caller can neither see publicly nor owns does not exist for them.
    if (!p || (!isPublicProfile(p) && !ownedBy(p, userId))) throw problems.notFound('No public profile with this slug.');
    if (!activelyOwnedBy(p, userId)) {
      await this.audit.record({
        action: 'asset_upload_intent.created',
        result: 'refused',
        actor,
        routeClass: 'asset_upload_intent',
        resourceType: 'profile_asset_upload_intent',
        metadata: { targetIds: [p.id], profileId: p.id, reason: p.claimState === 'unclaimed' ? 'unclaimed' : 'not_owner' },
      });
      throw problems.forbidden(
        p.claimState === 'unclaimed'
          ? 'Only the owner of a claimed profile can upload its media; this profile is unclaimed.'
          : 'This profile is claimed by someone else.',
      );
    }
    this.checkCreateRequest(input);

    const now = this.deps.clock.now();
    const token = randomToken(32);
    const intent: UploadIntentRow = {
      id: newId('aui'),
      profileId: p.id,
      createdByUserId: userId,
      tokenHash: this.tokenHash(token),
      originalFileName: input.originalFileName ?? null,
      sourceUrl: input.sourceUrl ?? null,
      mimeType: input.mimeType,
      byteSize: input.byteSize ?? null,
      label: blankToNull(input.label),
      caption: blankToNull(input.caption),
      altText: blankToNull(input.altText),
      credit: blankToNull(input.credit),
      creditUrl: blankToNull(input.creditUrl),
      placements: [...new Set(input.placements ?? [])],
      position: input.position ?? null,
      status: 'pending',
      attempts: 0,
      assetId: null,
      createdAt: now,
      expiresAt: now + UPLOAD_INTENT_LIFETIME_MS,
      updatedAt: now,
      consumedAt: null,
    };
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.assetUploadIntents.insert(intent);
      await this.audit.recordIn(repos, {
        action: 'asset_upload_intent.created',
        result: 'accepted',
        actor,
        routeClass: 'asset_upload_intent',
        resourceType: 'profile_asset_upload_intent',
        resourceId: intent.id,
        metadata: {
          targetIds: [intent.id, p.id],
          profileId: p.id,
          mode: intent.sourceUrl ? 'import' : 'direct',
          // The host only: a source URL may carry a signature in its query.
          ...(intent.sourceUrl ? { sourceHost: new URL(intent.sourceUrl).host } : {}),
          mimeType: intent.mimeType,
          placements: intent.placements,
        },
      });
    });
    return {
      profileId: p.id,
      slug: p.slug,
      profileType: p.profileType,
      profilePath: `/api/v0/profiles/${encodeURIComponent(p.slug)}`,
      intentId: intent.id,
      uploadToken: token,
      uploadUrl: `${this.deps.config.publicBaseUrl.replace(/\/+$/, '')}/api/v0/profile-assets/upload-intents/${encodeURIComponent(intent.id)}`,
      uploadTokenHeader: UPLOAD_TOKEN_HEADER,
      expiresAt: intent.expiresAt,
    };
  }

  /**
   * Where the caller's own intent stands (the media-kit page finishing a direct upload the
   * browser sent to the transport): its profile, status and, once consumed, the stored asset.
   * Another person's intent, or an unknown one, is the same 404.
   */
  async intentOutcome(actor: Actor, intentId: string): Promise<{ profileId: string; status: UploadIntentRow['status']; assetId: string | null }> {
    const { userId } = actingUser(actor);
    const intent = await this.deps.repos.assetUploadIntents.findById(intentId);
    if (!intent || intent.createdByUserId !== userId) throw problems.notFound('No upload intent of yours with this id.');
    return { profileId: intent.profileId, status: intent.status, assetId: intent.assetId };
  }

  /** The business rules on an intent the schema has already accepted; every failure at once. */
  private checkCreateRequest(input: CreateRequest): void {
    const errors: FieldError[] = [];
    const hasFile = input.originalFileName !== undefined;
    const hasUrl = input.sourceUrl !== undefined;
    if (hasFile === hasUrl) errors.push({ pointer: hasFile ? '/sourceUrl' : '', message: 'send exactly one of originalFileName and sourceUrl' });
    if (input.sourceUrl !== undefined) {
      let url: URL | undefined;
      try {
        url = new URL(input.sourceUrl);
      } catch {
        errors.push({ pointer: '/sourceUrl', message: 'is not a URL' });
      }
      if (url && url.protocol !== 'https:') errors.push({ pointer: '/sourceUrl', message: 'must be an https URL' });
      else if (url && (url.username || url.password)) errors.push({ pointer: '/sourceUrl', message: 'must not carry a user name or password' });
      else if (url) {
        // An address literal is judged now; host names are judged when the import resolves them.
        const host = url.hostname.replace(/^\[|\]$/g, '');
        const verdict = /^[\d.]+$/.test(host) || host.includes(':') ? judgeAddress(host) : undefined;
        if (verdict && !verdict.allowed) errors.push({ pointer: '/sourceUrl', message: 'names an address that is not public; it is never fetched' });
      }
    }
    if (input.creditUrl !== undefined && !/^https?:\/\//i.test(input.creditUrl)) errors.push({ pointer: '/creditUrl', message: 'must be an http or https URL' });
    const placements = input.placements ?? [];
    if (placements.includes('gallery') && !input.label?.trim()) errors.push({ pointer: '/label', message: 'is required (not blank) for a gallery placement' });
    if (placements.includes('featured') && !placements.includes('gallery')) errors.push({ pointer: '/placements', message: 'featured needs gallery too' });
    if (input.position !== undefined && input.position > MAX_POSITION) errors.push({ pointer: '/position', message: `must be at most ${MAX_POSITION}` });
    if (errors.length) throw problems.validation(errors, 'The upload intent is not valid.');
  }

  /**
   * `POST /profile-assets/upload-intents/{intentId}`: the one-time transport. The token is the
   * only credential. The intent is claimed atomically before any byte is read, so of concurrent
   * completions one proceeds and the others answer 409. A refused upload stores nothing and
   * returns the intent to pending (until its attempts run out); a stored upload consumes it.
   */
  async complete(intentId: string, token: string | undefined, body: UploadBody): Promise<CompleteResponse> {
    if (!token) throw problems.forbidden(`Send the intent's upload token in the ${UPLOAD_TOKEN_HEADER} header.`);
    const repo = this.deps.repos.assetUploadIntents;
    const intent = await repo.findById(intentId);
    if (!intent || !constantTimeEqual(intent.tokenHash, this.tokenHash(token))) throw noSuchIntent();
    const now = this.deps.clock.now();
    if (now >= intent.expiresAt || intent.status === 'failed') throw noSuchIntent();
    if (intent.status !== 'pending') throw alreadyUsed(intent.status);

    // The body's shape is checked before the claim: a malformed call costs no attempt.
    const importing = intent.sourceUrl !== null;
    if (importing && body.present) throw problems.validation([{ pointer: '', message: 'send no body: this intent imports its sourceUrl' }], 'This intent imports its image; the transport takes no body.');
    if (!importing && !body.present) throw problems.validation([{ pointer: '/file', message: 'is required' }], 'Send the image as multipart/form-data with one file part named "file".');
    if (!importing && !body.multipart) throw problems.malformed('Send the upload as multipart/form-data with one file part named "file".');

    if (!(await repo.claim(intent.id, now))) {
      const again = await repo.findById(intent.id);
      if (again && (again.status === 'processing' || again.status === 'consumed') && now < again.expiresAt) throw alreadyUsed(again.status);
      throw noSuchIntent();
    }

    let stored: { assetId: string; storageKey: string; image: PreparedAssetImage };
    try {
      const image = await prepareAssetImage(importing ? await this.importBytes(intent) : await this.receivedBytes(body), intent, importing ? '/sourceUrl' : '/file');
      stored = await this.store(intent, image);
    } catch (err) {
      const left = intent.attempts + 1 < UPLOAD_INTENT_ATTEMPTS;
      // The caller gets the refusal even if this bookkeeping fails (the intent then lapses).
      await repo.release(intent.id, left ? 'pending' : 'failed', this.deps.clock.now()).catch(() => undefined);
      if (err instanceof AppError) {
        await this.audit.record({
          action: 'asset_upload.completed',
          result: 'refused',
          actorKind: 'upload_token',
          actorRef: intent.id,
          ownerRef: intent.createdByUserId,
          routeClass: 'one_time_token',
          resourceType: 'profile_asset_upload_intent',
          resourceId: intent.id,
          metadata: { targetIds: [intent.id, intent.profileId], profileId: intent.profileId, status: err.status, code: err.options.code ?? null, attemptsLeft: left },
        }).catch(() => undefined);
      }
      throw err;
    }
    return { intentId: intent.id, storageKey: stored.storageKey, mimeType: stored.image.mimeType, byteSize: stored.image.bytes.length, assetIds: [stored.assetId] };
  }

  /** The file part of a direct upload, refused when missing, doubled up or over the size cap. */
  private async receivedBytes(body: UploadBody): Promise<Buffer> {
    const form = await body.read(ASSET_MAX_BYTES);
    const errors: FieldError[] = Object.keys(form.fields).map((name) => ({ pointer: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: 'is not an accepted form field; send only "file"' }));
    if (!form.file) errors.push({ pointer: '/file', message: 'is required' });
    else if (form.truncated) errors.push({ pointer: '/file', message: `is larger than ${ASSET_MAX_BYTES} bytes` });
    if (errors.length) throw problems.validation(errors, 'The upload form is not valid.');
    return form.file!.bytes;
  }

  /** The bytes behind `sourceUrl`, through the guarded fetcher only. */
  private async importBytes(intent: UploadIntentRow): Promise<Buffer> {
    try {
      const res = await this.fetch(intent.sourceUrl!, { accept: ACCEPT_IMAGES, maxBytes: ASSET_MAX_BYTES, deadlineMs: IMPORT_DEADLINE_MS });
      return res.body;
    } catch (err) {
      if (!(err instanceof GuardedFetchError)) throw err;
      throw problems.validation([{ pointer: '/sourceUrl', message: importRefusal(err) }], 'The image could not be imported from sourceUrl; nothing was stored.');
    }
  }

  /** Stores the cleaned image as an active asset and consumes the intent, in one unit of work. */
  private async store(intent: UploadIntentRow, image: PreparedAssetImage): Promise<{ assetId: string; storageKey: string; image: PreparedAssetImage }> {
    const profile: ProfileRow | undefined = await this.deps.repos.profiles.findById(intent.profileId);
    // Ownership is checked again: the profile may have changed hands since the intent was made.
    if (!profile || !activelyOwnedBy(profile, intent.createdByUserId)) throw noSuchIntent();
    const row = await this.profileAssets.storeAsset(
      profile,
      {
        bytes: image.bytes,
        mimeType: image.mimeType,
        placements: intent.placements,
        ...(intent.position !== null ? { position: intent.position } : {}),
        ...(intent.label !== null ? { label: intent.label } : {}),
        ...(intent.caption !== null ? { caption: intent.caption } : {}),
        ...(intent.altText !== null ? { altText: intent.altText } : {}),
        ...(intent.credit !== null ? { credit: intent.credit } : {}),
        ...(intent.creditUrl !== null ? { creditUrl: intent.creditUrl } : {}),
        createdByUserId: intent.createdByUserId,
      },
      {
        size: { width: image.width, height: image.height },
        originalFileName: intent.originalFileName,
        sourceUrl: intent.sourceUrl,
        defaultPosition: 'end',
        replaceSingleValued: true,
        alsoIn: async (repos, asset) => {
          const now = this.deps.clock.now();
          // Lost only if the claim was taken away meanwhile; the unit of work then stores nothing.
          if (!(await repos.assetUploadIntents.consume(intent.id, asset.id, now))) throw alreadyUsed('consumed');
          await this.audit.recordIn(repos, {
            action: 'asset_upload.completed',
            result: 'accepted',
            actorKind: 'upload_token',
            actorRef: intent.id,
            ownerRef: intent.createdByUserId,
            routeClass: 'one_time_token',
            resourceType: 'profile_asset',
            resourceId: asset.id,
            metadata: {
              targetIds: [asset.id, intent.id, profile.id],
              profileId: profile.id,
              mode: intent.sourceUrl ? 'import' : 'direct',
              mimeType: asset.mimeType,
              byteSize: asset.byteSize,
              placements: asset.placements,
              ...(image.removed.length ? { sanitizerRemoved: [...new Set(image.removed)].slice(0, 50) } : {}),
            },
          });
        },
      },
    );
    return { assetId: row.id, storageKey: row.storageKey, image };
  }
}

function alreadyUsed(status: string): AppError {
  return problems.idempotencyConflict(
    status === 'processing'
      ? 'This upload intent is being completed by another request; it is single-use.'
      : 'This upload intent has already been used; create a new intent to upload again.',
  );
}
