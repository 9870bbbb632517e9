import type { DraftRow, PublicationRow } from '../../repositories/intake.js';
import type { EventContent, EventSlotRow, StoredEvent } from '../../repositories/events.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import { DuplicateKeyError } from '../../repositories/index.js';
import type { Schemas } from '../../contract/types.js';
import { newId } from '../../lib/crypto.js';
import { actingUser, type Actor, type ServiceDeps } from '../context.js';
import { AppError, problems, type FieldError } from '../errors.js';
import type { AuditService } from '../audit.js';
import { nextFreeSlug, slugify } from '../directory/slugs.js';
import { isPublicProfile } from '../directory/publicReads.js';
import { refreshSearch } from '../directory/searchDocuments.js';
import { computeSchedule, type TimePoint } from './schedule.js';
import { similarTitles } from './nearDuplicates.js';
import { DraftsService, OWN_LIST_DEFAULT_LIMIT, nextOwnListCursor, outcomeUnknownOnFailure, readOwnListCursor, staleDraft } from './drafts.js';
import { eventStatus } from './status.js';
import { eventPagePath } from '../../lib/pagePaths.js';
import { FieldSanitizer } from '../sanitize.js';

export const eventPathOf = (slug: string) => `/api/v0/events/${slug}`;

/** The event fields of contract 2.4/2.7 (communitySlug through lineup). */
export const EVENT_FIELD_NAMES = [
  'communitySlug', 'title', 'eventDate', 'timeTba', 'timezone', 'start', 'end', 'doors', 'venueLabel', 'summary',
  'sourceUrl', 'worldSlug', 'sourceText', 'posterSourceId', 'posterDeclaration', 'lineup',
] as const;

interface LineupEntry {
  clientKey: string;
  position: number;
  performerLabel?: string | null;
  personSlug?: string | null;
  roleLabel?: string | null;
  start?: TimePoint | null;
  end?: TimePoint | null;
}

/** Only the event fields, without nulls: what a publication stores as the contribution. */
export function eventFieldsOf(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of EVENT_FIELD_NAMES) if (fields[name] !== undefined && fields[name] !== null) out[name] = fields[name];
  return out;
}

/**
 * Publication of intake drafts (contract 3, 4.2; decisions §4) and the contributor's later
 * corrections and retraction (contract 4.3).
 */
export class EventPublishingService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly drafts: DraftsService,
    private readonly audit: AuditService,
  ) {}

  private get repos() {
    return this.deps.repos;
  }

  /**
   * Turns event fields into what is stored: checks the publication rules, resolves the
   * community, world and performers, and computes the schedule. Pointers are prefixed.
   */
  private async prepare(fields: Record<string, unknown>, prefix: string, community?: ProfileRow): Promise<{ content: EventContent; community: ProfileRow; lineup: LineupEntry[]; people: Map<string, ProfileRow>; slotTimes: { startAt: number | null; endAt: number | null }[] }> {
    // The shared sanitizers (src/services/events/sanitize.ts): the owner event writes apply the same rules.
    const s = new FieldSanitizer(prefix);
    const errors: FieldError[] = s.errors;
    const at = (pointer: string) => `${prefix}${pointer}`;
    if (!community) {
      const slug = s.text(fields.communitySlug, '/communitySlug');
      const found = slug ? await this.repos.profiles.findBySlug(slug) : undefined;
      if (!slug) {
        if (!errors.some((e) => e.pointer === at('/communitySlug'))) errors.push({ pointer: at('/communitySlug'), message: 'is required: the slug of a public community' });
      } else if (!isPublicProfile(found, 'community')) errors.push({ pointer: at('/communitySlug'), message: 'is not a public community profile' });
      else community = found;
    }
    const title = s.text(fields.title, '/title');
    if (!title && !errors.some((e) => e.pointer === at('/title'))) errors.push({ pointer: at('/title'), message: 'is required' });
    const worldSlug = s.text(fields.worldSlug, '/worldSlug');
    const world = worldSlug ? await this.repos.worlds.findBySlug(worldSlug) : undefined;
    if (worldSlug && (!world || world.visibilityStatus !== 'published')) errors.push({ pointer: at('/worldSlug'), message: 'is not a published world' });
    const sourceUrl = s.webUrl(fields.sourceUrl, '/sourceUrl');
    const summary = s.text(fields.summary, '/summary', { multiline: true });
    const venueLabel = s.text(fields.venueLabel, '/venueLabel');
    const stored = (fields.lineup as LineupEntry[] | undefined) ?? [];
    // Lineup labels and slugs cleaned by the same rules, pointers into the stored order.
    const cleaned = new Map(
      stored.map((row, i) => [
        row,
        {
          ...row,
          performerLabel: s.text(row.performerLabel, `/lineup/${i}/performerLabel`),
          roleLabel: s.text(row.roleLabel, `/lineup/${i}/roleLabel`),
          personSlug: s.text(row.personSlug, `/lineup/${i}/personSlug`),
        },
      ]),
    );
    const lineup = stored.slice().sort((a, b) => a.position - b.position).map((row) => cleaned.get(row)!);
    const positions = new Set<number>();
    const keys = new Set<string>();
    const personSlugs: string[] = [];
    stored.map((row) => cleaned.get(row)!).forEach((row, i) => {
      if (positions.has(row.position)) errors.push({ pointer: at(`/lineup/${i}/position`), message: 'is used by another lineup entry' });
      if (keys.has(row.clientKey)) errors.push({ pointer: at(`/lineup/${i}/clientKey`), message: 'is used by another lineup entry' });
      positions.add(row.position);
      keys.add(row.clientKey);
      if (row.personSlug) personSlugs.push(row.personSlug);
    });
    const people = new Map((await this.repos.profiles.bySlugs(personSlugs)).filter((p) => isPublicProfile(p, 'person')).map((p) => [p.slug, p]));
    stored.map((row) => cleaned.get(row)!).forEach((row, i) => {
      if (row.personSlug && !people.has(row.personSlug)) errors.push({ pointer: at(`/lineup/${i}/personSlug`), message: 'is not a public person profile' });
    });
    const { schedule, errors: scheduleErrors } = computeSchedule({ ...fields, lineup } as never, community?.timezone ?? 'UTC');
    // Schedule pointers address the sorted lineup; map them back to the stored order.
    const order = stored.map((row) => cleaned.get(row)!);
    for (const e of scheduleErrors) {
      const m = /^\/lineup\/(\d+)(.*)$/.exec(e.pointer ?? '');
      errors.push({ ...e, pointer: at(m ? `/lineup/${order.indexOf(lineup[+m[1]])}${m[2]}` : (e.pointer ?? '')) });
    }
    if (errors.length || !schedule || !community || !title) throw problems.validation(errors, 'The event cannot be published as it stands.');
    return {
      community,
      lineup,
      people,
      slotTimes: schedule.slots,
      content: {
        title,
        summary,
        eventDate: schedule.eventDate,
        scheduleKind: schedule.scheduleKind,
        startAt: schedule.startAt,
        endAt: schedule.endAt,
        doorsOpenAt: schedule.doorsOpenAt,
        timezone: schedule.timezone,
        sourceUrl,
        worldId: world?.id ?? null,
        venueLabel,
        contributionFields: eventFieldsOf(fields),
      },
    };
  }

  private slotsOf(eventId: string, p: { lineup: LineupEntry[]; people: Map<string, ProfileRow>; slotTimes: { startAt: number | null; endAt: number | null }[] }): EventSlotRow[] {
    return p.lineup.map((row, i) => {
      const person = row.personSlug ? p.people.get(row.personSlug) : undefined;
      return {
        id: newId('slt'),
        eventId,
        position: row.position,
        // Labels were cleaned by the shared sanitizers in `prepare`.
        displayLabel: row.performerLabel ?? person?.displayName ?? row.roleLabel ?? `Slot ${row.position + 1}`,
        roleLabel: row.roleLabel ?? '',
        personProfileId: person?.id ?? null,
        startAt: p.slotTimes[i]?.startAt ?? null,
        endAt: p.slotTimes[i]?.endAt ?? null,
      };
    });
  }

  /** Decisions §4: same community, same day, similar title, not acknowledged. */
  private async nearDuplicates(communityProfileId: string, eventDate: string, title: string, acknowledged: unknown, excludeId?: string) {
    const acks = new Set(Array.isArray(acknowledged) ? (acknowledged as string[]) : []);
    const matches = (await this.repos.events.sameDay(communityProfileId, eventDate))
      .filter((e) => e.id !== excludeId && !acks.has(e.id) && similarTitles(title, e.title))
      .slice(0, 20);
    if (matches.length) throw problems.nearDuplicate(matches.map((e) => ({ eventId: e.id, title: e.title, eventPath: eventPathOf(e.slug) })));
  }

  private replay(publication: PublicationRow, expectedVersion: number, idempotencyKey: string): Schemas['EventIntakePublishResponse'] {
    if (publication.draftVersion !== expectedVersion || publication.idempotencyKey !== idempotencyKey) {
      throw problems.idempotencyConflict('This draft was already published with another version or idempotency key; read the draft for its receipt.');
    }
    return { eventId: publication.eventId, eventPath: publication.eventPath, receiptId: publication.id };
  }

  async publish(actor: Actor, draftId: string, expectedVersion: number, idempotencyKey: string): Promise<Schemas['EventIntakePublishResponse']> {
    const earlier = await this.repos.intake.findLiveDraftForPublish(draftId, actingUser(actor).userId, this.deps.clock.now(), idempotencyKey);
    if (!earlier) throw problems.notFound('No such draft.');
    const { draft } = earlier;
    if (earlier.ofDraft) return this.replay(earlier.ofDraft, expectedVersion, idempotencyKey);
    if (earlier.byKey) {
      throw problems.idempotencyConflict('This idempotency key was used to publish another draft; use a new key for a new draft.');
    }
    if (draft.version !== expectedVersion) throw staleDraft();
    const prepared = await this.prepare(draft.fields, '/fields');
    try {
      await this.nearDuplicates(prepared.community.id, prepared.content.eventDate, prepared.content.title, draft.fields.duplicateAcknowledgements);
    } catch (err) {
      // A concurrent publish of this very draft may have landed since the replay check above: its
      // event is then the "duplicate", and the answer is that publish's receipt, not a 409.
      const winner = await this.repos.intake.findPublicationOfDraft(draftId);
      if (winner) return this.replay(winner, expectedVersion, idempotencyKey);
      throw err;
    }

    const result = await outcomeUnknownOnFailure(() => this.commitPublication(actor, draft, prepared, expectedVersion, idempotencyKey));
    if ('replayOf' in result) return this.replay(result.replayOf, expectedVersion, idempotencyKey);
    return result;
  }

  private async commitPublication(actor: Actor, draft: DraftRow, prepared: Awaited<ReturnType<EventPublishingService['prepare']>>, expectedVersion: number, idempotencyKey: string) {
    const now = this.deps.clock.now();
    const eventId = newId('evt');
    const receiptId = newId('rcp');
    const base = `${prepared.content.title} ${prepared.content.eventDate}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      // The title and date are rarely taken: the first attempt writes the base slug without
      // looking (the unique index refuses a taken one), the later ones the next free slug.
      const slug = nextFreeSlug(base, attempt === 0 ? [] : await this.repos.events.slugsLike(slugify(base)));
      try {
        return await this.repos.withTransaction(async (repos) => {
          // The receipt first: a concurrent publish of the same draft stops here.
          const marked = await repos.intake.recordPublication({ id: receiptId, draftId: draft.id, ownerUserId: draft.ownerUserId, idempotencyKey, draftVersion: expectedVersion, eventId, eventPath: eventPathOf(slug), createdAt: now });
          if (!marked) throw staleDraft();
          const written = await repos.events.insertContributed(
            { ...prepared.content, id: eventId, slug, communityProfileId: prepared.community.id, contributorUserId: draft.ownerUserId, intakeDraftId: draft.id, artworkAssetId: draft.artworkAssetId, at: now },
            this.slotsOf(eventId, prepared),
          );
          // The audit record commits (or rolls back) with the publication.
          await this.audit.recordIn(repos, {
            action: 'event.published',
            result: 'accepted',
            actor,
            routeClass: 'public_write',
            resourceType: 'event',
            resourceId: eventId,
            metadata: { draftId: draft.id, receiptId, communityProfileId: prepared.community.id },
          });
          // Last: it moves the public-read stamp, whose row stays locked until the commit.
          await refreshSearch.event(repos, eventId, prepared.community, written);
          return { eventId, eventPath: eventPathOf(slug), receiptId };
        });
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        const winner = await this.repos.intake.findPublicationOfDraft(draft.id);
        if (winner) return { replayOf: winner };
        if (await this.repos.intake.findPublicationByKey(draft.ownerUserId, idempotencyKey)) {
          throw problems.idempotencyConflict('This idempotency key was used to publish another draft; use a new key for a new draft.');
        }
        // Otherwise another event took the slug first: pick the next one.
      }
    }
    throw new AppError(503, '/problems/response-unavailable', 'Response unavailable', { code: 'RESPONSE_UNAVAILABLE', retryAfterSeconds: 1 });
  }

  /** The contributor's own, live event (contract 4.3): others 403, unknown or retracted 404. */
  private async contributed(actor: Actor, slug: string, allowRetracted = false): Promise<StoredEvent> {
    const { userId } = actingUser(actor);
    const e = await this.repos.events.findBySlug(slug);
    if (!e || (e.retractedAt !== null && !(allowRetracted && e.contributorUserId === userId))) throw problems.notFound('No such event.');
    if (e.contributorUserId !== userId) throw problems.forbidden('Only the contributor of this event can read or change its contribution.');
    return e;
  }

  /**
   * The events the caller published through intake, latest publication first, then by id;
   * retracted ones stay listed and marked (decisions in openapi.yaml), without a public page.
   */
  async contributions(actor: Actor, opts: { limit?: number; cursor?: string }): Promise<Schemas['ApiMeContributionsResponse']> {
    const { userId } = actingUser(actor);
    const limit = opts.limit ?? OWN_LIST_DEFAULT_LIMIT;
    const after = readOwnListCursor('contributions', opts.cursor);
    const rows = await this.repos.events.listContributedBy(userId, { limit, after: after && { publishedAt: after.key, id: after.id } });
    const page = rows.slice(0, limit);
    const communities = new Map((await this.repos.profiles.byIds(page.map((e) => e.communityProfileId))).map((p) => [p.id, p.slug]));
    const now = this.deps.clock.now();
    const base = this.deps.config.publicBaseUrl;
    return {
      contributions: page.map((e) => {
        const out: Schemas['ApiMeContributionSummary'] = {
          eventId: e.id,
          slug: e.slug,
          title: e.title,
          scheduleKind: e.scheduleKind,
          eventDate: e.eventDate,
          status: eventStatus(e, now),
          eventPath: eventPathOf(e.slug),
          publishedAt: Number(e.publishedAt),
          updatedAt: e.updatedAt,
          contributionVersion: e.contributionVersion ?? 1,
          retracted: e.retractedAt !== null,
          staffTakeover: e.staffTakeoverAt !== null,
        };
        if (e.scheduleKind === 'timed' && e.startAt !== null) {
          out.startAt = e.startAt;
          if (e.endAt !== null) out.endAt = e.endAt;
          if (e.doorsOpenAt !== null) out.doorsOpenAt = e.doorsOpenAt;
        }
        if (e.timezone) out.timezone = e.timezone;
        const communitySlug = communities.get(e.communityProfileId);
        if (communitySlug) out.communitySlug = communitySlug;
        if (e.retractedAt !== null) out.retractedAt = e.retractedAt;
        else out.pageUrl = `${base}${eventPagePath(e.slug)}`;
        return out;
      }),
      nextCursor: nextOwnListCursor('contributions', rows, limit, (e) => [Number(e.publishedAt), e.id]),
    };
  }

  async contribution(actor: Actor, slug: string): Promise<Schemas['EventContributionRecord']> {
    const e = await this.contributed(actor, slug);
    return { eventId: e.id, updatedAt: e.updatedAt, contributionVersion: e.contributionVersion ?? 1, fields: e.contributionFields ?? {} };
  }

  async correct(actor: Actor, slug: string, input: Schemas['EventContributionUpdateRequest']): Promise<Schemas['EventContributionUpdateResponse']> {
    const e = await this.contributed(actor, slug);
    if (e.staffTakeoverAt !== null) throw problems.staffTakeover();
    if (e.updatedAt !== input.expectedUpdatedAt) throw problems.staleVersion('The event has changed since this revision; read it again and reapply your correction.');
    const cleared = (['title', 'eventDate'] as const).filter((k) => input.patch[k] === null);
    if (cleared.length) throw problems.validation(cleared.map((k) => ({ pointer: `/patch/${k}`, message: 'cannot be cleared' })));
    const stored = e.contributionFields ?? {};
    const merged: Record<string, unknown> = { ...stored };
    for (const [k, v] of Object.entries(input.patch)) {
      if (v === null) delete merged[k];
      else merged[k] = v;
    }
    if (JSON.stringify(eventFieldsOf(merged)) === JSON.stringify(eventFieldsOf(stored))) return { eventId: e.id, updatedAt: e.updatedAt, changed: false };
    const community = await this.repos.profiles.findById(e.communityProfileId);
    if (!community) throw problems.notFound('No such event.');
    const prepared = await this.prepare(merged, '/patch', community);
    if (prepared.content.title !== e.title || prepared.content.eventDate !== e.eventDate) {
      await this.nearDuplicates(community.id, prepared.content.eventDate, prepared.content.title, input.duplicateAcknowledgements, e.id);
    }
    return outcomeUnknownOnFailure(async () => {
      // Decisions §1: the revision strictly increases, even for two writes in one millisecond.
      const updatedAt = Math.max(this.deps.clock.now(), e.updatedAt + 1);
      const ok = await this.repos.withTransaction(async (repos) => {
        const updated = await repos.events.updateContributionAt(e.id, e.updatedAt, prepared.content, this.slotsOf(e.id, prepared), updatedAt);
        if (updated) await refreshSearch.event(repos, e.id, community);
        return updated;
      });
      if (!ok) {
        const now = await this.repos.events.findById(e.id);
        if (now?.staffTakeoverAt !== null && now?.staffTakeoverAt !== undefined) throw problems.staffTakeover();
        if (!now || now.retractedAt !== null) throw problems.notFound('No such event.');
        throw problems.staleVersion('The event has changed since this revision; read it again and reapply your correction.');
      }
      await this.audit.record({ action: 'event.corrected', result: 'accepted', actor, routeClass: 'public_write', resourceType: 'event', resourceId: e.id, metadata: { changed: Object.keys(input.patch) } });
      return { eventId: e.id, updatedAt, changed: true };
    });
  }

  async retract(actor: Actor, slug: string): Promise<Schemas['EventContributionRetractResponse']> {
    const e = await this.contributed(actor, slug, true);
    if (e.staffTakeoverAt !== null) throw problems.staffTakeover();
    if (e.retractedAt !== null) return { eventId: e.id, changed: false };
    return outcomeUnknownOnFailure(async () => {
      const changed = await this.repos.withTransaction(async (repos) => {
        const retracted = await repos.events.retract(e.id, Math.max(this.deps.clock.now(), e.updatedAt + 1));
        if (retracted) await refreshSearch.event(repos, e.id);
        return retracted;
      });
      if (!changed) {
        const now = await this.repos.events.findById(e.id);
        if (now?.staffTakeoverAt !== null && now?.staffTakeoverAt !== undefined) throw problems.staffTakeover();
        return { eventId: e.id, changed: false };
      }
      await this.audit.record({ action: 'event.retracted', result: 'accepted', actor, routeClass: 'public_write', resourceType: 'event', resourceId: e.id });
      return { eventId: e.id, changed: true };
    });
  }

  /** Operator: staff take the event over; its contributor can no longer correct or retract it. */
  async takeOver(slug: string): Promise<{ eventId: string; changed: boolean }> {
    const e = await this.repos.events.findBySlug(slug);
    if (!e) throw problems.notFound('No such event.');
    const changed = await this.repos.events.takeOver(e.id, this.deps.clock.now());
    await this.audit.record({ action: 'event.staff_takeover', result: 'accepted', actorKind: 'operator', actorRef: null, ownerRef: null, resourceType: 'event', resourceId: e.id });
    return { eventId: e.id, changed };
  }
}
