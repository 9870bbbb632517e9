import { IANAZone } from 'luxon';
import type { Schemas } from '../../contract/types.js';
import { canonicalJsonHash } from '../../lib/canonicalJson.js';
import { newId } from '../../lib/crypto.js';
import { automaticLinkLabel, linkUrlProblem, parseWebUrl } from '../../lib/linkProviders.js';
import { DuplicateKeyError } from '../../repositories/index.js';
import type { PrivateProfileField, ProfileRow, ProfileType, StoredOutboundLink } from '../../repositories/profiles.js';
import type { ProfileSubmissionReceipt } from '../../repositories/profileSubmissionReceipts.js';
import type { AuditService } from '../audit.js';
import { actingUser, type Actor, type ServiceDeps, type UserCaller } from '../context.js';
import { AppError, problems, type FieldError } from '../errors.js';
import { cleanText } from '../sanitize.js';
import { ownedBy } from './ownership.js';
import { isPublicLink, isPublicProfile } from './publicReads.js';
import { refreshSearch } from './searchDocuments.js';
import { nextFreeSlug, slugify } from './slugs.js';

type UpdateRequest = Schemas['ApiProfileUpdateRequest'];
type SubmitRequest = Schemas['ApiProfileSubmitRequest'];
type LinkInput = Schemas['ApiProfileLinkInput'];
type WriteResponse = Schemas['ApiProfileWriteResponse'];

/** The stored fields the browser editor shows, as the row has them. */
type EditableFields = Pick<ProfileRow, 'id' | 'slug' | 'profileType' | 'displayName' | 'aliases' | 'tags' | 'headline' | 'bio' | 'region' | 'timezone' | 'pronouns' | 'roleTags' | 'communitySubtype' | 'categoryTags'>;

/** A profile as the browser editor shows it to its writer (`ProfileWritesService.editable`). */
export interface EditableProfile extends EditableFields {
  writer: ProfileWriter;
  /** As written, with the stored visibility (`private`, `unlisted`) where there is one. */
  outboundLinks: (LinkInput & { visibility?: string })[];
  /** The owner's fields kept private (off the public read and search). */
  privateFields: PrivateProfileField[];
  /** The private fields a contributor cannot see or write (their values are null here). */
  hiddenFields: PrivateProfileField[];
  claimState: ProfileRow['claimState'];
  publiclyViewable: boolean;
  updatedAt: number;
}

/** Who a profile write is recorded as (contract 6.3: the writer, not the transport). */
export type ProfileWriter = 'owner' | 'community_contributor';

/** Link provenance (contract 2.10) by writer. */
export const LINK_SOURCE: Record<ProfileWriter, string> = { owner: 'owner_authored', community_contributor: 'community_submitted' };

/** How long a submission's `Idempotency-Key` is remembered (IdempotencyKey parameter: 24 hours). */
export const SUBMISSION_RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;

const SLUG_ATTEMPTS = 5;

/**
 * The identity key of a display name or alias, for the opted-out rule: NFKC, then full case
 * folding (upper- then lower-casing, so `ß` ≡ `ss` and `ς` ≡ `σ`), NFKC again, every run of
 * white space one space, trimmed.
 */
export function identityKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** Collects field errors (400 with `errors[{pointer, message}]`), so one answer names every problem. */
class FieldErrors {
  readonly list: FieldError[] = [];

  add(pointer: string, message: string): void {
    this.list.push({ pointer, message });
  }

  /**
   * Trimmed text under the shared rules (src/services/sanitize.ts: control characters and unpaired
   * surrogates refused); single-line text has its runs of spaces collapsed.
   */
  text(value: string, pointer: string, multiline = false): string {
    const cleaned = cleanText(value, { multiline });
    if (cleaned.problem !== undefined) {
      this.add(pointer, cleaned.problem);
      return value.trim();
    }
    const trimmed = cleaned.value ?? '';
    return multiline ? trimmed : trimmed.replace(/\s+/g, ' ');
  }

  /** Rule 5: absent keeps (undefined), null or blank clears (null). */
  optional(value: string | null | undefined, pointer: string, multiline = false): string | null | undefined {
    if (value === undefined) return undefined;
    if (value === null) return null;
    return this.text(value, pointer, multiline) || null;
  }

  /** A list replaced whole: items trimmed, blank ones dropped, repeats removed. */
  items(values: string[] | undefined, pointer: string): string[] | undefined {
    if (values === undefined) return undefined;
    return [...new Set(values.map((v, i) => this.text(v, `${pointer}/${i}`)).filter(Boolean))];
  }

  displayName(value: string, pointer = '/displayName'): string {
    const name = this.text(value, pointer);
    if ([...name].length < 2) this.add(pointer, 'must have at least 2 characters besides surrounding white space');
    return name;
  }

  timezone(value: string | null | undefined): string | null | undefined {
    const zone = this.optional(value, '/timezone');
    if (zone && !IANAZone.isValidZone(zone)) this.add('/timezone', 'must be an IANA time zone name, such as Europe/Berlin');
    return zone;
  }

  throwIfAny(): void {
    if (this.list.length) throw problems.validation(this.list);
  }
}

const linkKey = (link: { type: string; url: string }) => `${link.type} ${link.url}`;

/**
 * Written links, checked (contract 4.6 rule 4) and normalised: the URL is stored as its WHATWG
 * serialization (what was checked is what is shown), a link without a label (or with
 * `labelMode: automatic`) gets the automatic label, and a link repeating an earlier type and
 * URL is refused.
 */
function cleanLinks(links: LinkInput[], errors: FieldErrors): LinkInput[] {
  const seen = new Set<string>();
  return links.map((link, i) => {
    const at = `/outboundLinks/${i}`;
    const raw = errors.text(link.url, `${at}/url`);
    const problem = linkUrlProblem(link.type, raw);
    if (problem) errors.add(`${at}/url`, problem);
    const url = problem ? raw : parseWebUrl(raw)!.href;
    const label = link.label === undefined ? '' : errors.text(link.label, `${at}/label`);
    const handle = link.handle === undefined ? '' : errors.text(link.handle, `${at}/handle`);
    if (link.labelMode === 'custom' && !label) errors.add(`${at}/label`, 'is required when labelMode is custom');
    const key = linkKey({ type: link.type, url });
    if (seen.has(key)) errors.add(at, 'repeats an earlier link of the same type and URL');
    seen.add(key);
    const automatic = !label || link.labelMode === 'automatic';
    return {
      type: link.type,
      url,
      label: automatic ? automaticLinkLabel(link.type, url) : label,
      ...(automatic ? { labelMode: 'automatic' as const } : link.labelMode ? { labelMode: link.labelMode } : {}),
      ...(handle ? { handle } : {}),
      ...(link.presentation ? { presentation: link.presentation } : {}),
    };
  });
}

/**
 * Rule 3 (`outboundLinks` replaces the whole list) with what the writer cannot see or choose:
 * - a link whose type and URL are already stored keeps its provenance, visibility and
 *   destination; a new one is recorded with the writer's provenance (contract 2.10);
 * - a contributor sees only the links the public read shows: the others (unlisted, private)
 *   stay as stored, after the written ones, and a written link repeating one of them is
 *   dropped (a contributor cannot make a hidden link public).
 */
export function mergeLinks(stored: StoredOutboundLink[], written: LinkInput[], writer: ProfileWriter): StoredOutboundLink[] {
  const hidden = writer === 'community_contributor' ? stored.filter((l) => !isPublicLink(l)) : [];
  const hiddenKeys = new Set(hidden.map(linkKey));
  const earlier = new Map<string, StoredOutboundLink>();
  for (const l of stored) if (!earlier.has(linkKey(l))) earlier.set(linkKey(l), l);
  const merged = written
    .filter((l) => !hiddenKeys.has(linkKey(l)))
    .map((l): StoredOutboundLink => {
      const before = earlier.get(linkKey(l));
      return {
        ...l,
        source: before?.source ?? LINK_SOURCE[writer],
        ...(before?.visibility ? { visibility: before.visibility } : {}),
        ...(before?.discoveryVisibility ? { discoveryVisibility: before.discoveryVisibility } : {}),
        ...(before?.destination ? { destination: before.destination } : {}),
      };
    });
  return [...merged, ...hidden];
}

/** The fields a write can change, by the request's names (the audit's `fields`). */
const CONTENT_FIELDS: [string, (p: ProfileRow) => unknown][] = [
  ['displayName', (p) => p.displayName],
  ['aliases', (p) => p.aliases],
  ['tags', (p) => p.tags],
  ['headline', (p) => p.headline],
  ['bio', (p) => p.bio],
  ['region', (p) => p.region],
  ['timezone', (p) => p.timezone],
  ['person.pronouns', (p) => p.pronouns],
  ['person.roleTags', (p) => p.roleTags],
  ['community.subtype', (p) => p.communitySubtype],
  ['community.categoryTags', (p) => p.categoryTags],
  ['outboundLinks', (p) => p.outboundLinks],
];

const changedFields = (before: ProfileRow, after: ProfileRow) =>
  CONTENT_FIELDS.filter(([, get]) => JSON.stringify(get(before)) !== JSON.stringify(get(after))).map(([name]) => name);

const profilePathOf = (slug: string) => `/api/v0/profiles/${slug}`;

const writeResponse = (p: ProfileRow): WriteResponse => ({
  profileId: p.id,
  slug: p.slug,
  profileType: p.profileType,
  profilePath: profilePathOf(p.slug),
  publiclyViewable: isPublicProfile(p),
  updatedAt: p.updatedAt,
});

/** `person` details on a community (or the reverse) answer 400. */
function checkTypeDetails(type: ProfileType, input: { person?: unknown; community?: unknown }, errors: FieldErrors): void {
  if (type === 'community' && input.person !== undefined) errors.add('/person', 'applies only to person profiles');
  if (type === 'person' && input.community !== undefined) errors.add('/community', 'applies only to community profiles');
}

const insufficientScope = (scope: string) =>
  problems.insufficientScope([scope], `Bearer realm="marquee", error="insufficient_scope", scope="profile:write ${scope}"`);

/**
 * Profile writes (contract 4.6): updates by the owner or, on unclaimed public profiles, by a
 * community contributor; and community submissions of new profiles. Each write commits the
 * profile, its search document and its audit record in one unit of work.
 */
export class ProfileWritesService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
  ) {}

  /**
   * Who may write this profile, as whom (rule 1): its owner (any state), or — on a public,
   * unclaimed profile nobody holds — a caller with `profile:contribute` as a community
   * contributor. Others' non-public profiles are not found (contract 5.17).
   */
  private writerOf(p: ProfileRow | undefined, caller: UserCaller): { profile: ProfileRow; writer: ProfileWriter } {
    if (p && ownedBy(p, caller.userId)) return { profile: p, writer: 'owner' };
    if (!isPublicProfile(p)) throw problems.notFound('No profile with this slug.');
    if (p.claimState !== 'unclaimed' || p.ownerUserId !== null) throw problems.forbidden('This profile is claimed by someone else; only its owner can edit it.');
    if (!caller.credential.scopes.includes('profile:contribute')) throw insufficientScope('profile:contribute');
    return { profile: p, writer: 'community_contributor' };
  }

  /**
   * What the browser editor shows the caller for this profile, by the same rules as `update`
   * (rule 1; a claimed profile of someone else answers 403, a non-public one of someone else
   * 404): the owner sees every field, which ones are kept private and every link with its
   * visibility; a contributor sees what the public read shows (rule 2: no private field, only
   * public links), which is all the contributor's write can reach.
   */
  async editable(actor: Actor, slug: string): Promise<EditableProfile> {
    const caller = actingUser(actor);
    const { profile: p, writer } = this.writerOf(await this.deps.repos.profiles.findBySlug(slug), caller);
    const privateFields = p.privateFields ?? [];
    const shown = <T>(field: PrivateProfileField, value: T): T | null => (writer === 'owner' || !privateFields.includes(field) ? value : null);
    return {
      writer,
      id: p.id,
      slug: p.slug,
      profileType: p.profileType,
      displayName: p.displayName,
      aliases: p.aliases,
      tags: p.tags,
      headline: shown('headline', p.headline),
      bio: shown('bio', p.bio),
      region: shown('region', p.region),
      timezone: shown('timezone', p.timezone),
      pronouns: shown('pronouns', p.pronouns),
      roleTags: p.roleTags,
      communitySubtype: p.communitySubtype,
      categoryTags: p.categoryTags,
      outboundLinks: (writer === 'owner' ? p.outboundLinks : p.outboundLinks.filter(isPublicLink)).map(({ type, url, label, labelMode, handle, presentation, visibility, discoveryVisibility }) => ({
        type,
        url,
        ...(label ? { label } : {}),
        ...(labelMode ? { labelMode } : {}),
        ...(handle ? { handle } : {}),
        ...(presentation ? { presentation } : {}),
        ...((visibility ?? discoveryVisibility) ? { visibility: visibility ?? discoveryVisibility } : {}),
      })),
      privateFields: writer === 'owner' ? privateFields : [],
      hiddenFields: writer === 'owner' ? [] : privateFields,
      claimState: p.claimState,
      publiclyViewable: isPublicProfile(p),
      updatedAt: p.updatedAt,
    };
  }

  async update(actor: Actor, slug: string, input: UpdateRequest): Promise<WriteResponse> {
    const caller = actingUser(actor);
    const { repos, clock } = this.deps;
    const { profile: p, writer } = this.writerOf(await repos.profiles.findBySlug(slug), caller);

    // Rule 2: a contributor cannot reach the fields the profile keeps private.
    if (writer === 'community_contributor') {
      const reached: Record<PrivateProfileField, unknown> = { headline: input.headline, bio: input.bio, region: input.region, timezone: input.timezone, pronouns: input.person?.pronouns };
      const refused = (p.privateFields ?? []).filter((f) => reached[f] !== undefined);
      if (refused.length) throw problems.forbidden(`This profile keeps ${refused.join(', ')} private; only its owner can change ${refused.length > 1 ? 'them' : 'it'}.`);
    }

    const errors = new FieldErrors();
    checkTypeDetails(p.profileType, input, errors);
    const next: ProfileRow = { ...p };
    if (input.displayName !== undefined) next.displayName = errors.displayName(input.displayName);
    next.aliases = errors.items(input.aliases, '/aliases') ?? p.aliases;
    next.tags = errors.items(input.tags, '/tags') ?? p.tags;
    const keep = <T>(value: T | undefined, stored: T) => (value === undefined ? stored : value);
    next.headline = keep(errors.optional(input.headline, '/headline'), p.headline);
    next.bio = keep(errors.optional(input.bio, '/bio', true), p.bio);
    next.region = keep(errors.optional(input.region, '/region'), p.region);
    next.timezone = keep(errors.timezone(input.timezone), p.timezone);
    if (p.profileType === 'person' && input.person) {
      next.pronouns = keep(errors.optional(input.person.pronouns, '/person/pronouns'), p.pronouns);
      next.roleTags = errors.items(input.person.roleTags, '/person/roleTags') ?? p.roleTags;
    }
    if (p.profileType === 'community' && input.community) {
      next.communitySubtype = keep(errors.optional(input.community.subtype, '/community/subtype'), p.communitySubtype);
      next.categoryTags = errors.items(input.community.categoryTags, '/community/categoryTags') ?? p.categoryTags;
    }
    if (input.outboundLinks) next.outboundLinks = mergeLinks(p.outboundLinks, cleanLinks(input.outboundLinks, errors), writer);
    errors.throwIfAny();

    const stale = () => problems.staleVersion('The profile has changed since this revision; read it again and reapply your edit.');
    if (p.updatedAt !== input.expectedUpdatedAt) throw stale();
    const fields = changedFields(p, next);
    // Nothing changes: nothing is written, and the revision stays.
    if (!fields.length) return writeResponse(p);

    // Decisions §1: the revision strictly increases, even for two writes in one millisecond.
    next.updatedAt = Math.max(clock.now(), p.updatedAt + 1);
    await repos.withTransaction(async (tx) => {
      if (!(await tx.profiles.updateContentAt(next, input.expectedUpdatedAt))) throw stale();
      // Also renames the community on its events' search documents.
      await refreshSearch.profile(tx, next);
      await this.audit.recordIn(tx, {
        action: 'profile.updated',
        result: 'accepted',
        actor,
        routeClass: 'public_write',
        resourceType: 'profile',
        resourceId: p.id,
        metadata: { source: writer, writerUserId: caller.userId, fields },
      });
    });
    return writeResponse(next);
  }

  /**
   * Contract 3 and 4.6 rules 8–9: a new public, unclaimed profile credited to the submitter.
   * With an `Idempotency-Key`, the receipt is written first in the same unit of work, so of
   * concurrent identical submissions exactly one creates a profile and the others replay it.
   */
  async submit(actor: Actor, input: SubmitRequest, idempotencyKey?: string): Promise<WriteResponse> {
    const caller = actingUser(actor);
    const { repos, clock } = this.deps;
    const requestHash = idempotencyKey === undefined ? undefined : canonicalJsonHash(input);
    const now = clock.now();
    const replayOf = (receipt: ProfileSubmissionReceipt): WriteResponse => {
      if (receipt.requestHash !== requestHash) throw problems.idempotencyConflict('This Idempotency-Key was used for a different submission; use a new key for a new submission.');
      return receipt.response;
    };
    const liveReceipt = async () => {
      const receipt = idempotencyKey === undefined ? undefined : await repos.profileSubmissionReceipts.find(caller.userId, idempotencyKey);
      return receipt && receipt.createdAt > now - SUBMISSION_RECEIPT_TTL_MS ? receipt : undefined;
    };
    const earlier = await liveReceipt();
    if (earlier) return replayOf(earlier);

    const errors = new FieldErrors();
    checkTypeDetails(input.profileType, input, errors);
    const displayName = errors.displayName(input.displayName);
    const person = input.profileType === 'person' ? input.person : undefined;
    const community = input.profileType === 'community' ? input.community : undefined;
    const row: ProfileRow = {
      id: newId('prf'),
      slug: '',
      profileType: input.profileType,
      displayName,
      aliases: errors.items(input.aliases, '/aliases') ?? [],
      tags: errors.items(input.tags, '/tags') ?? [],
      headline: null,
      bio: null,
      region: null,
      timezone: null,
      pronouns: null,
      roleTags: errors.items(person?.roleTags, '/person/roleTags') ?? [],
      communitySubtype: errors.optional(community?.subtype, '/community/subtype') ?? null,
      categoryTags: errors.items(community?.categoryTags, '/community/categoryTags') ?? [],
      outboundLinks: mergeLinks([], cleanLinks(input.outboundLinks ?? [], errors), 'community_contributor'),
      privateFields: [],
      claimState: 'unclaimed',
      publicationState: 'published',
      publicSurfacingState: 'public',
      creationSource: 'community',
      ownerUserId: null,
      submittedByUserId: caller.userId,
      claimedAt: null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    errors.throwIfAny();
    await this.refuseOptedOut(input.profileType, displayName, input.aliases ?? []);

    const fields = CONTENT_FIELDS.filter(([, get]) => {
      const v = get(row);
      return Array.isArray(v) ? v.length > 0 : v !== null;
    }).map(([name]) => name);
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      row.slug = nextFreeSlug(displayName, await repos.profiles.slugsLike(slugify(displayName)));
      const response = writeResponse(row);
      try {
        return await repos.withTransaction(async (tx) => {
          if (idempotencyKey !== undefined) {
            // An expired receipt of this user no longer holds its key.
            await tx.profileSubmissionReceipts.deleteOlderThan(caller.userId, now - SUBMISSION_RECEIPT_TTL_MS);
            await tx.profileSubmissionReceipts.insert({ id: newId('psr'), userId: caller.userId, idempotencyKey, requestHash: requestHash!, profileId: row.id, response, createdAt: now });
          }
          await tx.profiles.insert(row);
          await refreshSearch.profile(tx, row);
          await this.audit.recordIn(tx, {
            action: 'profile.submitted',
            result: 'accepted',
            actor,
            routeClass: 'public_write',
            resourceType: 'profile',
            resourceId: row.id,
            metadata: { source: 'community_contributor' satisfies ProfileWriter, writerUserId: caller.userId, fields },
          });
          return response;
        });
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        // Another submission with this key got there first: replay it (or refuse a different body).
        const winner = await liveReceipt();
        if (winner) return replayOf(winner);
        // Otherwise another profile took the slug: pick the next free one.
      }
    }
    throw new AppError(503, '/problems/response-unavailable', 'Response unavailable', {
      detail: 'No free slug could be reserved for this profile; retry the submission.',
      code: 'RESPONSE_UNAVAILABLE',
      retryAfterSeconds: 1,
      headers: { 'Retry-After': '1' },
    });
  }

  /**
   * The opted-out rule (digest: 400 covers an identity that opted out of being listed): the
   * submission's display name or one of its aliases has the identity key (`identityKey`) of the
   * display name or an alias of an opted-out profile of the same type. `aliases` as sent, so
   * the pointers name the request's items.
   */
  private async refuseOptedOut(type: ProfileType, displayName: string, aliases: string[]): Promise<void> {
    const optedOut = new Set<string>();
    for (const p of await this.deps.repos.profiles.optedOutNames(type)) for (const name of [p.displayName, ...p.aliases]) optedOut.add(identityKey(name));
    if (!optedOut.size) return;
    const errors = new FieldErrors();
    if (optedOut.has(identityKey(displayName))) errors.add('/displayName', 'names someone who asked not to be listed');
    aliases.forEach((alias, i) => {
      if (optedOut.has(identityKey(alias))) errors.add(`/aliases/${i}`, 'names someone who asked not to be listed');
    });
    errors.throwIfAny();
  }
}
