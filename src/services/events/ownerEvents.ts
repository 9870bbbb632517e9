import { DateTime } from 'luxon';
import type { EventParticipantRow, EventSlotRow, OwnedEventContent, StoredEvent, StoredMediaLink } from '../../repositories/events.js';
import type { EventCreateReceipt } from '../../repositories/eventCreateReceipts.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import { DuplicateKeyError, type Repositories } from '../../repositories/index.js';
import type { Schemas } from '../../contract/types.js';
import { canonicalJsonHash } from '../../lib/canonicalJson.js';
import { newId } from '../../lib/crypto.js';
import { MAX_EVENT_SPAN_MS } from '../../lib/eventWindow.js';
import { actingUser, type Actor, type ServiceDeps } from '../context.js';
import { AppError, problems } from '../errors.js';
import type { AuditService } from '../audit.js';
import { activelyOwnedBy, ownedBy } from '../directory/ownership.js';
import { isPublicProfile } from '../directory/publicReads.js';
import { refreshSearch } from '../directory/searchDocuments.js';
import { nextFreeSlug, slugify } from '../directory/slugs.js';
import { isValidZone } from '../time/engine/civil.js';
import { eventPathOf } from './publishing.js';
import { FieldSanitizer, hasForbiddenText } from '../sanitize.js';
import { selectionProblem, streamCandidatesOf, type StreamCandidate } from './streams.js';
import { eventStatus, type EventStatus } from './status.js';
import { eventWindow } from '../../lib/eventWindow.js';
import type { EventRow } from '../../repositories/events.js';

type CreateInput = Schemas['ApiEventCreateRequest'];
type UpdateInput = Schemas['ApiEventUpdateRequest'];
type WriteInput = Omit<UpdateInput, 'communitySlug'>;
type SlotLink = Schemas['SlotLinkInput'];
type ParticipantLink = Schemas['ParticipantLinkInput'];

/**
 * A slot may start this long before the event's start (or from the doors opening, when that
 * is earlier): the same lead an intake lineup allows, for pre-shows and warm-ups.
 */
export const SLOT_LEAD_MS = 6 * 3_600_000;

/** How long an event create's `Idempotency-Key` is remembered (IdempotencyKey parameter: 24 hours). */
export const EVENT_CREATE_RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;

/** The same-origin profile asset file path (contract 2.8: public event images may name one). */
const ASSET_FILE_PATH = /^\/api\/v0\/profiles\/([^/?#]+)\/assets\/([^/?#]+)\/file$/;
const assetFilePath = (slug: string, assetId: string) => `/api/v0/profiles/${encodeURIComponent(slug)}/assets/${encodeURIComponent(assetId)}/file`;

const decode = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};

/** The canonical spelling of a valid IANA zone name (`europe/berlin` → `Europe/Berlin`). */
const canonicalZone = (zone: string): string => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

/** An event as its community's owner edits it: the stored event with its people named by slug. */
export interface OwnerEventView {
  event: StoredEvent;
  community: ProfileRow;
  worldSlug: string | null;
  status: EventStatus;
  slots: (EventSlotRow & { personSlug: string | null })[];
  participants: (EventParticipantRow & { personSlug: string | null })[];
}

/** One event in its community's manage list. */
export interface ManagedEvent {
  event: EventRow;
  status: EventStatus;
  /** Its time window has ended (or, cancelled, would have). */
  past: boolean;
}

/** How many of a community's events its manage list shows. */
export const MANAGED_EVENTS_LIMIT = 200;

/** What a write decided: the event's whole content and, when the schedule was replaced, its new slots and roster. */
interface Resolved {
  content: OwnedEventContent;
  replace?: { slots: EventSlotRow[]; participants: EventParticipantRow[] };
}

/**
 * Owner event writes (contract 4.8, 2.8; decisions §4): a community's active owner creates and
 * updates its public events. Create publishes at once as source `manual`; update merges into
 * the stored event (omitted fields kept, null clears, `[]` clears a collection, schedule and
 * lineup only replaced together). Every write is one unit of work: event row with its time
 * window, slots, roster, search document and audit record commit together, and two writes of
 * one event never interleave (the event row is locked first).
 */
export class OwnerEventsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
  ) {}

  private get repos() {
    return this.deps.repos;
  }

  /**
   * A community the caller may write events for: unknown slugs (and communities not publicly
   * viewable, unless the caller owns them: failures reveal nothing) answer 404; a community the
   * caller does not actively own (an unclaimed one has no owner) answers 403.
   */
  private async ownedCommunity(repos: Repositories, slug: string, userId: string): Promise<ProfileRow> {
    const p = hasForbiddenText(slug) ? undefined : await repos.profiles.findBySlug(slug.trim());
    if (!p || p.profileType !== 'community' || (!isPublicProfile(p) && !ownedBy(p, userId))) throw problems.notFound('No community profile with this slug.');
    if (!activelyOwnedBy(p, userId)) throw problems.forbidden('Only the active owner of this community can write its events.');
    return p;
  }

  /** The event's current community, which the caller must actively own (403 otherwise). */
  private async managedCommunity(repos: Repositories, e: StoredEvent, userId: string): Promise<ProfileRow> {
    const community = await repos.profiles.findById(e.communityProfileId);
    if (!community || !activelyOwnedBy(community, userId)) throw problems.forbidden("Only the active owner of this event's community can change it.");
    return community;
  }

  /**
   * Creates and publishes an event. With an `Idempotency-Key` the receipt is written first in
   * the same unit of work as the event, so of concurrent identical creates exactly one
   * publishes and the others replay its answer; the same key with another body answers 409
   * `IDEMPOTENCY_CONFLICT`. A failed create leaves no receipt.
   */
  async create(actor: Actor, input: CreateInput, idempotencyKey?: string): Promise<Schemas['ApiEventWriteResponse']> {
    const { userId } = actingUser(actor);
    const now = this.deps.clock.now();
    const requestHash = idempotencyKey === undefined ? undefined : canonicalJsonHash(input);
    const replayOf = (receipt: EventCreateReceipt): Schemas['ApiEventWriteResponse'] => {
      if (receipt.requestHash !== requestHash) throw problems.idempotencyConflict('This Idempotency-Key was used for a different event; use a new key for a new event.');
      return receipt.response;
    };
    const liveReceipt = async () => {
      const receipt = idempotencyKey === undefined ? undefined : await this.repos.eventCreateReceipts.find(userId, idempotencyKey);
      return receipt && receipt.createdAt > now - EVENT_CREATE_RECEIPT_TTL_MS ? receipt : undefined;
    };
    const earlier = await liveReceipt();
    if (earlier) return replayOf(earlier);

    const { communitySlug, ...fields } = input;
    const community = await this.refusalsAudited(actor, 'event.created', null, () => this.ownedCommunity(this.repos, communitySlug, userId));
    const eventId = newId('evt');
    const resolved = await this.resolve(this.repos, eventId, fields, community);
    const base = `${resolved.content.title} ${resolved.content.eventDate}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const slug = nextFreeSlug(base, await this.repos.events.slugsLike(slugify(base)));
      const response = { eventId, slug, eventPath: eventPathOf(slug) };
      try {
        await this.repos.withTransaction(async (repos) => {
          if (idempotencyKey !== undefined) {
            // An expired receipt of this user no longer holds its key.
            await repos.eventCreateReceipts.deleteOlderThan(userId, now - EVENT_CREATE_RECEIPT_TTL_MS);
            await repos.eventCreateReceipts.insert({ id: newId('ecr'), userId, idempotencyKey, requestHash: requestHash!, eventId, response, createdAt: now });
          }
          await repos.events.insertOwned({ ...resolved.content, id: eventId, slug, createdByUserId: userId, at: now }, resolved.replace?.slots ?? [], resolved.replace?.participants ?? []);
          await refreshSearch.event(repos, eventId, community);
          await this.audit.recordIn(repos, {
            action: 'event.created',
            result: 'accepted',
            actor,
            routeClass: 'public_write',
            resourceType: 'event',
            resourceId: eventId,
            metadata: { targetIds: [eventId, community.id], communityProfileId: community.id, ...(idempotencyKey !== undefined ? { idempotent: true } : {}) },
          });
        });
        return response;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        // Another create with this key got there first: replay it (or refuse a different body).
        const winner = await liveReceipt();
        if (winner) return replayOf(winner);
        // Otherwise another event took the slug first: pick the next one.
      }
    }
    throw new AppError(503, '/problems/service-unavailable', 'Service unavailable', { detail: 'No free slug could be reserved for this event; nothing was created. Try again.', code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 1, headers: { 'Retry-After': '1' } });
  }

  /**
   * A community its owner manages events of (the signed-in pages): anything the caller does not
   * actively own, unknown and hidden alike, answers 404, so the pages reveal nothing.
   */
  async managedCommunityBySlug(actor: Actor, communitySlug: string): Promise<ProfileRow> {
    const { userId } = actingUser(actor);
    const p = hasForbiddenText(communitySlug) ? undefined : await this.repos.profiles.findBySlug(communitySlug.trim());
    if (!p || p.profileType !== 'community' || !activelyOwnedBy(p, userId)) throw problems.notFound('No community of yours with this slug.');
    return p;
  }

  /** A community's events for its owner, latest date first, with their status (cancelled ones included). */
  async communityEvents(actor: Actor, communitySlug: string): Promise<{ community: ProfileRow; events: ManagedEvent[] }> {
    const community = await this.managedCommunityBySlug(actor, communitySlug);
    const now = this.deps.clock.now();
    const rows = (await this.repos.events.listOfCommunities([community.id], { limit: MANAGED_EVENTS_LIMIT })).slice(0, MANAGED_EVENTS_LIMIT);
    return { community, events: rows.map((event) => ({ event, status: eventStatus(event, now), past: now >= eventWindow(event).endsAt })) };
  }

  /**
   * An event as its community's active owner edits it (private notes, people by slug, stream
   * choices); 404 for anyone else and for retracted events, as for unknown ones.
   */
  async forEditing(actor: Actor, slug: string): Promise<OwnerEventView> {
    const { userId } = actingUser(actor);
    const e = hasForbiddenText(slug) ? undefined : await this.repos.events.findBySlug(slug);
    const community = e && e.retractedAt === null ? await this.repos.profiles.findById(e.communityProfileId) : undefined;
    if (!e || !community || !activelyOwnedBy(community, userId)) throw problems.notFound('No event of yours with this slug.');
    const [slots, participants, world] = await Promise.all([this.repos.events.slots(e.id), this.repos.events.participants(e.id), e.worldId ? this.repos.worlds.findById(e.worldId) : undefined]);
    const people = new Map((await this.repos.profiles.byIds([...slots.map((x) => x.personProfileId), ...participants.map((x) => x.personProfileId)].filter((x): x is string => !!x))).map((p) => [p.id, p.slug]));
    return {
      event: e,
      community,
      worldSlug: world?.slug ?? null,
      status: eventStatus(e, this.deps.clock.now()),
      slots: slots.map((x) => ({ ...x, personSlug: x.personProfileId ? (people.get(x.personProfileId) ?? null) : null })),
      participants: participants.map((x) => ({ ...x, personSlug: people.get(x.personProfileId) ?? null })),
    };
  }

  /** The stream choices of the public performers named (contract 2.8), by slug; unknown or hidden people have none. */
  async streamChoices(personSlugs: string[]): Promise<Map<string, StreamCandidate[]>> {
    const wanted = [...new Set(personSlugs.filter((x) => x && !hasForbiddenText(x)))];
    const people = wanted.length ? await this.repos.profiles.bySlugs(wanted) : [];
    return new Map(people.filter((p) => isPublicProfile(p, 'person')).map((p) => [p.slug, streamCandidatesOf(p.outboundLinks)]));
  }

  /**
   * `expectedUpdatedAt` (the signed-in pages' edit form, which shows what it read): the write
   * is refused with 409 `STALE_VERSION` when the event changed since, checked under the lock.
   * The API operation takes no revision and leaves it out.
   */
  async update(actor: Actor, slug: string, input: UpdateInput, opts: { expectedUpdatedAt?: number } = {}): Promise<Schemas['ApiEventWriteResponse']> {
    const { userId } = actingUser(actor);
    const found = hasForbiddenText(slug) ? undefined : await this.repos.events.findBySlug(slug);
    if (!found || found.retractedAt !== null) throw problems.notFound('No event with this slug.');
    const { communitySlug, ...fields } = input;
    await this.refusalsAudited(actor, 'event.updated', found.id, async () => {
      await this.managedCommunity(this.repos, found, userId);
      // Moving the event needs active ownership of the target too.
      if (communitySlug !== undefined) await this.ownedCommunity(this.repos, communitySlug, userId);
    });
    return this.repos.withTransaction(async (repos) => {
      const e = await repos.events.findForUpdate(found.id);
      if (!e || e.retractedAt !== null) throw problems.notFound('No event with this slug.');
      if (opts.expectedUpdatedAt !== undefined && e.updatedAt !== opts.expectedUpdatedAt) throw problems.staleVersion('The event has changed since this form was shown; review the latest version and apply your change again.');
      // Checked again under the lock: a concurrent write may have moved the event.
      const current = await this.managedCommunity(repos, e, userId);
      const community = communitySlug !== undefined ? await this.ownedCommunity(repos, communitySlug, userId) : current;
      const resolved = await this.resolve(repos, e.id, fields, community, { event: e, community: current, slots: await repos.events.slots(e.id) });
      const updatedAt = Math.max(this.deps.clock.now(), e.updatedAt + 1);
      if (!(await repos.events.updateOwned(e.id, resolved.content, updatedAt, resolved.replace))) throw problems.notFound('No event with this slug.');
      await refreshSearch.event(repos, e.id, community);
      await this.audit.recordIn(repos, {
        action: 'event.updated',
        result: 'accepted',
        actor,
        routeClass: 'public_write',
        resourceType: 'event',
        resourceId: e.id,
        metadata: {
          targetIds: [e.id, community.id],
          communityProfileId: community.id,
          ...(community.id !== current.id ? { movedFromCommunityProfileId: current.id } : {}),
          changed: Object.keys(input).sort(),
        },
      });
      if (resolved.content.status !== e.status) {
        // Contract 3: a cancellation (or its undoing) is an event of its own in the audit trail.
        await this.audit.recordIn(repos, {
          action: resolved.content.status === 'cancelled' ? 'event.cancelled' : 'event.restored',
          result: 'accepted',
          actor,
          routeClass: 'public_write',
          resourceType: 'event',
          resourceId: e.id,
          metadata: { targetIds: [e.id, community.id], communityProfileId: community.id, from: e.status, to: resolved.content.status },
        });
      }
      return { eventId: e.id, slug: e.slug, eventPath: eventPathOf(e.slug) };
    });
  }

  /** Contract 6.2: an owner write refused for want of ownership is recorded too. */
  private async refusalsAudited<T>(actor: Actor, action: string, eventId: string | null, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError && err.status === 403) {
        await this.audit.record({ action, result: 'refused', actor, routeClass: 'public_write', resourceType: 'event', resourceId: eventId, metadata: { reason: 'not_community_owner' } });
      }
      throw err;
    }
  }

  /**
   * Merges a write into the stored event (none on create) and checks it: the sanitizers, the
   * schedule rules, the world, the people, the stream choices and the image URLs. Every problem
   * is collected and answered at once (400 with pointers into the request).
   */
  private async resolve(repos: Repositories, eventId: string, input: WriteInput, community: ProfileRow, stored?: { event: StoredEvent; community: ProfileRow; slots: EventSlotRow[] }): Promise<Resolved> {
    const s = new FieldSanitizer();
    const e = stored?.event;
    const has = <K extends keyof WriteInput>(k: K) => input[k] !== undefined;

    let title = e?.title ?? null;
    if (has('title')) {
      title = s.text(input.title, '/title');
      if (title === null && !s.errors.some((x) => x.pointer === '/title')) s.refuse('/title', 'is required');
    }
    const summary = has('summary') ? s.text(input.summary, '/summary', { multiline: true }) : (e?.summary ?? null);
    const notes = has('notes') ? s.text(input.notes, '/notes', { multiline: true }) : (e?.notes ?? null);
    const sourceUrl = has('sourceUrl') ? s.webUrl(input.sourceUrl, '/sourceUrl') : (e?.sourceUrl ?? null);

    // The label defaults to the community's display name, and follows the event to another
    // community when it was that default.
    let sourceLabel: string;
    if (has('sourceLabel')) sourceLabel = s.text(input.sourceLabel, '/sourceLabel') ?? community.displayName;
    else if (e && stored && !(stored.community.id !== community.id && e.sourceLabel === stored.community.displayName)) sourceLabel = e.sourceLabel;
    else sourceLabel = community.displayName;

    // Decisions: a cleared or omitted zone is the community's, else UTC (always stored).
    const defaultZone = community.timezone && isValidZone(community.timezone) ? canonicalZone(community.timezone) : 'UTC';
    let timezone = e?.timezone ?? defaultZone;
    if (has('timezone')) {
      const zone = s.text(input.timezone, '/timezone');
      if (zone === null) timezone = defaultZone;
      else if (!isValidZone(zone)) s.refuse('/timezone', 'must be an IANA time zone such as Europe/Berlin');
      else timezone = canonicalZone(zone);
    }

    const startAt = has('startAt') ? input.startAt! : (e?.startAt ?? null);
    const endAt = has('endAt') ? (input.endAt ?? null) : (e?.endAt ?? null);
    const doorsOpenAt = has('doorsOpenAt') ? (input.doorsOpenAt ?? null) : (e?.doorsOpenAt ?? null);
    if (startAt === null) {
      // Only a date-only event (from intake) has no start; it gains times with one.
      if (endAt !== null) s.refuse('/endAt', 'needs startAt: this event is date-only');
      if (doorsOpenAt !== null) s.refuse('/doorsOpenAt', 'needs startAt: this event is date-only');
    } else {
      if (endAt !== null && endAt <= startAt) s.refuse('/endAt', 'must be after startAt');
      if (endAt !== null && endAt - startAt > MAX_EVENT_SPAN_MS) s.refuse('/endAt', 'must be within 31 days of startAt');
      if (doorsOpenAt !== null && doorsOpenAt > startAt) s.refuse('/doorsOpenAt', 'must not be after startAt');
    }
    const eventDate = startAt !== null ? DateTime.fromMillis(startAt, { zone: timezone }).toISODate()! : e!.eventDate;

    let worldId = e?.worldId ?? null;
    if (has('worldSlug')) {
      const worldSlug = input.worldSlug === null ? null : s.text(input.worldSlug, '/worldSlug');
      const world = worldSlug ? await repos.worlds.findBySlug(worldSlug) : undefined;
      if (worldSlug && (!world || world.visibilityStatus !== 'published')) s.refuse('/worldSlug', 'is not a published world');
      worldId = world?.id ?? null;
    }

    const image = async (k: 'posterImageUrl' | 'bannerImageUrl' | 'thumbnailImageUrl') => (has(k) ? this.imageUrl(repos, input[k], `/${k}`, s) : (e?.[k] ?? null));
    const posterImageUrl = await image('posterImageUrl');
    const bannerImageUrl = await image('bannerImageUrl');
    const thumbnailImageUrl = await image('thumbnailImageUrl');
    const mediaLinks = has('mediaLinks') ? this.mediaLinks(input.mediaLinks!, s) : (e?.mediaLinks ?? []);

    let replace: Resolved['replace'];
    const bounds = startAt !== null ? { startAt, endAt, doorsOpenAt } : null;
    if (has('slotLinks') || has('participantLinks') || !e) {
      replace = await this.lineup(repos, input.slotLinks ?? [], input.participantLinks ?? [], bounds, stored?.slots ?? [], s);
    } else if (bounds && (has('startAt') || has('endAt') || has('doorsOpenAt'))) {
      // Decisions: slots keep their instants when the event's times change (they do not shift
      // with it); the kept schedule must still fit the new times.
      const cause = has('startAt') ? '/startAt' : has('endAt') ? '/endAt' : '/doorsOpenAt';
      for (const slot of stored!.slots) {
        if (slot.startAt === null) continue;
        const problem = slotTimeProblem(slot.startAt, slot.endAt, bounds);
        if (problem) s.refuse(cause, `the kept slot at position ${slot.position} (${slot.displayLabel}) ${problem}; send slotLinks and participantLinks with the new schedule`);
      }
    }

    if (s.errors.length || title === null) throw problems.validation(s.errors, 'The event cannot be written as it stands.');
    if (replace) for (const row of [...replace.slots, ...replace.participants]) row.eventId = eventId;
    return {
      replace,
      content: {
        communityProfileId: community.id,
        title,
        summary,
        notes,
        eventDate,
        scheduleKind: startAt !== null ? 'timed' : 'date_only',
        startAt,
        endAt,
        doorsOpenAt,
        timezone,
        sourceLabel,
        sourceUrl,
        worldId,
        status: input.status ?? e?.status ?? 'scheduled',
        watchMode: input.watchMode ?? e?.watchMode ?? 'event_stream',
        watchSurfaceEnabled: input.watchSurfaceEnabled ?? e?.watchSurfaceEnabled ?? false,
        posterImageUrl,
        bannerImageUrl,
        thumbnailImageUrl,
        mediaLinks,
      },
    };
  }

  /**
   * The new schedule and roster. People must be public person profiles; a roster names each
   * person once. A slot's stream choice must be one of its performer's current candidates;
   * an omitted choice keeps the one of the replaced slot with the same performer and start.
   */
  private async lineup(
    repos: Repositories,
    slotLinks: SlotLink[],
    participantLinks: ParticipantLink[],
    bounds: { startAt: number; endAt: number | null; doorsOpenAt: number | null } | null,
    previous: EventSlotRow[],
    s: FieldSanitizer,
  ): Promise<NonNullable<Resolved['replace']>> {
    const slugOf = (value: string | undefined, pointer: string) => (value === undefined ? null : s.text(value, pointer));
    const slotSlugs = slotLinks.map((l, i) => slugOf(l.personSlug, `/slotLinks/${i}/personSlug`));
    const participantSlugs = participantLinks.map((l, i) => slugOf(l.personSlug, `/participantLinks/${i}/personSlug`));
    const wanted = [...slotSlugs, ...participantSlugs].filter((x): x is string => !!x);
    const people = new Map((await repos.profiles.bySlugs(wanted)).filter((p) => isPublicProfile(p, 'person')).map((p) => [p.slug, p]));
    const person = (slug: string | null, pointer: string) => {
      if (slug === null) return undefined;
      const p = people.get(slug);
      if (!p) s.refuse(pointer, 'is not a public person profile');
      return p;
    };

    if (slotLinks.length && !bounds) s.refuse('/startAt', 'is required: slots need a timed event, and this event is date-only');
    const slots: EventSlotRow[] = slotLinks.map((link, i) => {
      const at = `/slotLinks/${i}`;
      const performer = person(slotSlugs[i], `${at}/personSlug`);
      const displayLabel = s.text(link.displayLabel, `${at}/displayLabel`);
      if (displayLabel === null && typeof link.displayLabel === 'string' && !link.displayLabel.trim()) s.refuse(`${at}/displayLabel`, 'is required');
      if (link.endAt !== undefined && link.endAt <= link.startAt) s.refuse(`${at}/endAt`, 'must be after the slot startAt');
      else if (bounds) {
        const problem = slotTimeProblem(link.startAt, link.endAt ?? null, bounds);
        if (problem) s.refuse(`${at}/startAt`, problem);
      }
      let selectedStreamId: string | null = null;
      if (link.selectedStreamId !== undefined) {
        const chosen = link.selectedStreamId === null ? null : s.text(link.selectedStreamId, `${at}/selectedStreamId`);
        if (chosen !== null) {
          if (slotSlugs[i] === null) s.refuse(`${at}/selectedStreamId`, "needs personSlug: a stream is chosen among the performer's links");
          else if (performer) {
            const problem = selectionProblem(performer.outboundLinks, chosen);
            if (problem) s.refuse(`${at}/selectedStreamId`, problem);
          }
        }
        selectedStreamId = chosen;
      } else if (performer) {
        selectedStreamId = previous.find((p) => p.personProfileId === performer.id && p.startAt === link.startAt)?.selectedStreamId ?? null;
      }
      return {
        id: newId('slt'),
        eventId: '',
        position: i,
        displayLabel: displayLabel ?? '',
        roleLabel: s.text(link.roleLabel, `${at}/roleLabel`) ?? '',
        personProfileId: performer?.id ?? null,
        startAt: link.startAt,
        endAt: link.endAt ?? null,
        selectedStreamId,
        sourceLabel: s.text(link.sourceLabel, `${at}/sourceLabel`),
        sourceUrl: s.webUrl(link.sourceUrl, `${at}/sourceUrl`),
        notes: s.text(link.notes, `${at}/notes`, { multiline: true }),
      };
    });

    const seen = new Set<string>();
    const participants: EventParticipantRow[] = [];
    participantLinks.forEach((link, i) => {
      const at = `/participantLinks/${i}`;
      const p = person(participantSlugs[i], `${at}/personSlug`);
      if (p && seen.has(p.id)) s.refuse(`${at}/personSlug`, 'names a person already on the roster');
      const row: EventParticipantRow = {
        eventId: '',
        position: i,
        personProfileId: p?.id ?? '',
        roleLabel: s.text(link.roleLabel, `${at}/roleLabel`) ?? '',
        sourceLabel: s.text(link.sourceLabel, `${at}/sourceLabel`),
        sourceUrl: s.webUrl(link.sourceUrl, `${at}/sourceUrl`),
        notes: s.text(link.notes, `${at}/notes`, { multiline: true }),
      };
      if (p && !seen.has(p.id)) participants.push(row);
      if (p) seen.add(p.id);
    });
    return { slots, participants };
  }

  private mediaLinks(links: Schemas['EventMediaLinkInput'][], s: FieldSanitizer): StoredMediaLink[] {
    return links.map((link, i) => {
      const label = s.text(link.label, `/mediaLinks/${i}/label`);
      const url = s.webUrl(link.url, `/mediaLinks/${i}/url`);
      if (label === null && !s.errors.some((x) => x.pointer === `/mediaLinks/${i}/label`)) s.refuse(`/mediaLinks/${i}/label`, 'is required');
      if (url === null && !s.errors.some((x) => x.pointer === `/mediaLinks/${i}/url`)) s.refuse(`/mediaLinks/${i}/url`, 'is required');
      return { type: link.type, label: label ?? '', url: url ?? '', presentation: link.presentation ?? 'open' };
    });
  }

  /**
   * An event image URL (contract 2.8): an absolute https URL, or a same-origin profile asset
   * file (`/api/v0/profiles/{slug}/assets/{assetId}/file`, also in its absolute form on this
   * deployment's public base URL, stored root-relative) naming an active asset of that public
   * profile. Any other root-relative path, any other scheme, credentials: 400.
   */
  private async imageUrl(repos: Repositories, raw: string | null | undefined, pointer: string, s: FieldSanitizer): Promise<string | null> {
    const text = raw === null ? null : s.text(raw, pointer);
    if (text === null) return null;
    let path: string;
    if (text.startsWith('/')) path = text;
    else {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        s.refuse(pointer, 'must be an absolute https URL or a profile asset URL of this deployment');
        return null;
      }
      const base = new URL(this.deps.config.publicBaseUrl);
      if (url.origin !== base.origin) {
        if (url.protocol !== 'https:' || url.username || url.password || !url.hostname || /\s/.test(text)) {
          s.refuse(pointer, 'must be an absolute https URL without credentials, or a profile asset URL of this deployment');
          return null;
        }
        return text;
      }
      path = url.pathname + url.search + url.hash;
    }
    const m = ASSET_FILE_PATH.exec(path);
    if (!m) {
      s.refuse(pointer, 'a same-origin image must be a profile asset file: /api/v0/profiles/{slug}/assets/{assetId}/file');
      return null;
    }
    const [slug, assetId] = [decode(m[1]), decode(m[2])];
    const profile = slug && !hasForbiddenText(slug) ? await repos.profiles.findBySlug(slug) : undefined;
    const asset = profile && assetId && !hasForbiddenText(assetId) ? await repos.profileAssets.findById(assetId) : undefined;
    if (!isPublicProfile(profile) || !asset || asset.profileId !== profile.id || asset.status !== 'active') {
      s.refuse(pointer, 'names no active asset of a public profile');
      return null;
    }
    return assetFilePath(profile.slug, asset.id);
  }
}

/**
 * Why a slot's times do not fit the event, or undefined: a slot starts no earlier than the
 * doors or six hours before the start (whichever is earlier), and no later than the event's
 * end (or 31 days after its start, without an end); it ends after it starts, within 31 days
 * of the event's start.
 */
export function slotTimeProblem(startAt: number, endAt: number | null, event: { startAt: number; endAt: number | null; doorsOpenAt: number | null }): string | undefined {
  const earliest = Math.min(event.doorsOpenAt ?? event.startAt, event.startAt - SLOT_LEAD_MS);
  const latest = event.endAt ?? event.startAt + MAX_EVENT_SPAN_MS;
  if (startAt < earliest) return 'starts too early: at most six hours before the event starts (or from the doors opening)';
  if (startAt > latest) return event.endAt !== null ? 'starts after the event ends' : 'starts more than 31 days after the event starts';
  if (endAt !== null && endAt <= startAt) return 'ends before it starts';
  if (endAt !== null && endAt > event.startAt + MAX_EVENT_SPAN_MS) return 'ends more than 31 days after the event starts';
  return undefined;
}
