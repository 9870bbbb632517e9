import crypto from 'node:crypto';
import type { EventRow, EventSlotRow, StoredEvent } from '../../repositories/events.js';
import type { WorldRow } from '../../repositories/worlds.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { Schemas } from '../../contract/types.js';
import type { ServiceDeps } from '../context.js';
import { problems } from '../errors.js';
import { isPublicProfile, publicLinksOf, trustLabelOf } from '../directory/publicReads.js';
import { changesAt } from '../../lib/freshness.js';
import { eventStatus } from './status.js';
import { findStream } from './streams.js';

const NEXT_SLOTS = 3;

export const artworkPathOf = (slug: string) => `/api/v0/events/${slug}/artwork`;

function discordMarkup(ms: number): NonNullable<Schemas['PublicEventSlot']['discord']> {
  const s = Math.floor(ms / 1000);
  return { shortTime: `<t:${s}:t>`, longTime: `<t:${s}:T>`, shortDate: `<t:${s}:d>`, longDate: `<t:${s}:D>`, shortDateTime: `<t:${s}:f>`, longDateTime: `<t:${s}:F>`, relative: `<t:${s}:R>` };
}

/** Opaque and stable while the slot's performer and stream choice stay the same. */
function playbackKey(eventId: string, slot: EventSlotRow, streamId: string | null): string {
  const who = slot.personProfileId ? `p:${slot.personProfileId}` : `l:${slot.displayLabel}`;
  return 'pk_' + crypto.createHash('sha256').update(`${eventId}\0${who}\0${streamId ?? ''}`).digest('base64url').slice(0, 22);
}

/** Decisions §4: a contribution is community-submitted; other events name their organiser. */
function sourceOf(e: EventRow, community: ProfileRow | undefined): Schemas['EventSource'] {
  return e.sourceType === 'community'
    ? { sourceType: 'community', label: 'Community-submitted' }
    : { sourceType: e.sourceType, label: e.sourceLabel || community?.displayName || 'Organiser', ...(e.sourceUrl ? { url: e.sourceUrl } : {}) };
}

/** A slot's or participant's own source (owner writes), else the event's. */
function rowSourceOf(row: { sourceLabel?: string | null; sourceUrl?: string | null }, event: Schemas['EventSource']): Schemas['EventSource'] {
  return row.sourceLabel ? { sourceType: event.sourceType, label: row.sourceLabel, ...(row.sourceUrl ? { url: row.sourceUrl } : {}) } : event;
}

/**
 * The event's images (owner writes; contract 2.8): its own URLs, and for the poster the intake
 * artwork when no poster URL is set. Root-relative same-origin asset paths stay root-relative,
 * or become absolute on `base` where a schema needs absolute URLs (WorldEventCard).
 */
function imagesOf(e: StoredEvent, base = ''): Pick<Schemas['PublicEventPreview'], 'posterImageUrl' | 'bannerImageUrl' | 'thumbnailImageUrl'> {
  const at = (url: string | null) => (url ? (url.startsWith('/') ? base + url : url) : undefined);
  const out: Pick<Schemas['PublicEventPreview'], 'posterImageUrl' | 'bannerImageUrl' | 'thumbnailImageUrl'> = {};
  const poster = at(e.posterImageUrl) ?? (e.artworkAssetId ? base + artworkPathOf(e.slug) : undefined);
  const banner = at(e.bannerImageUrl);
  const thumbnail = at(e.thumbnailImageUrl);
  if (poster) out.posterImageUrl = poster;
  if (banner) out.bannerImageUrl = banner;
  if (thumbnail) out.thumbnailImageUrl = thumbnail;
  return out;
}

/** What every event card shows, whatever list it is in. */
interface CardContext {
  community?: ProfileRow;
  slots: EventSlotRow[];
  people: Map<string, ProfileRow>;
  world?: WorldRow;
}

/** The public event read (contract 2.8, decisions §4). */
export class PublicEventsService {
  constructor(private readonly deps: ServiceDeps) {}

  /** A live (not retracted) event by slug, or 404. */
  async live(slug: string): Promise<StoredEvent> {
    const e = await this.deps.repos.events.findBySlug(slug);
    if (!e || e.retractedAt !== null) throw problems.notFound('No public event with this slug.');
    return e;
  }

  async event(slug: string): Promise<Schemas['PublicEvent']> {
    const { repos } = this.deps;
    const e = await this.live(slug);
    const now = this.deps.clock.now();
    const [slots, roster] = await Promise.all([repos.events.slots(e.id), repos.events.participants(e.id)]);
    // The community and every person named, in one read; the world beside it.
    const personIds = [...slots.flatMap((s) => (s.personProfileId ? [s.personProfileId] : [])), ...roster.map((r) => r.personProfileId)];
    const [profiles, world] = await Promise.all([repos.profiles.byIds([e.communityProfileId, ...personIds]), e.worldId ? repos.worlds.findById(e.worldId) : undefined]);
    const community = profiles.find((p) => p.id === e.communityProfileId);
    // Only public person profiles are shown, as performers and on the roster.
    const people = new Map(profiles.filter((p) => isPublicProfile(p, 'person')).map((p) => [p.id, p]));
    const sourceType = e.sourceType;
    const source = sourceOf(e, community);
    const timed = e.scheduleKind === 'timed';
    const performerOf = (p: ProfileRow) => ({ slug: p.slug, displayName: p.displayName, trustLabel: trustLabelOf(p), outboundLinks: publicLinksOf(p.outboundLinks) });

    const outSlots = slots.map((s) => {
      const person = s.personProfileId ? people.get(s.personProfileId) : undefined;
      const chosen = s.selectedStreamId ?? null;
      const slot: Schemas['PublicEventSlot'] = { playbackKey: playbackKey(e.id, s, chosen), position: s.position, displayLabel: s.displayLabel, roleLabel: s.roleLabel, source: rowSourceOf(s, source) };
      if (timed && s.startAt !== null) {
        slot.startAt = s.startAt;
        slot.discord = discordMarkup(s.startAt);
      }
      if (timed && s.endAt !== null) slot.endAt = s.endAt;
      if (person) slot.performer = performerOf(person);
      if (chosen !== null) {
        // Contract 2.8: the explicit choice while the performer still offers it; never another source.
        const stream = person ? findStream(person.outboundLinks, chosen) : undefined;
        slot.streamStatus = stream ? 'selected' : 'unavailable';
        if (stream) slot.stream = stream;
      }
      return slot;
    });

    // The roster as the owner wrote it; events without one (intake, seeds) list their performers.
    const participants = new Map<string, Schemas['PublicEventParticipant']>();
    for (const r of roster) {
      const p = people.get(r.personProfileId);
      if (p && !participants.has(p.id)) participants.set(p.id, { ...performerOf(p), roleLabel: r.roleLabel, source: rowSourceOf(r, source) });
    }
    if (!roster.length) {
      for (const s of slots) {
        const p = s.personProfileId ? people.get(s.personProfileId) : undefined;
        if (p && !participants.has(p.id)) participants.set(p.id, { ...performerOf(p), roleLabel: s.roleLabel, source });
      }
    }

    const out: Schemas['PublicEvent'] = {
      id: e.id,
      slug: e.slug,
      title: e.title,
      source,
      status: eventStatus(e, now),
      scheduleKind: e.scheduleKind,
      eventDate: e.eventDate,
      slotCount: slots.length,
      participantCount: participants.size,
      participants: [...participants.values()],
      slots: outSlots,
      mediaLinks: e.mediaLinks.map((l) => ({ ...l })),
      authoredMediaLinks: e.mediaLinks.map((l) => ({ ...l })),
      watchMode: e.watchMode,
      watchSurfaceEnabled: timed && e.watchSurfaceEnabled,
      worlds: world && world.visibilityStatus === 'published'
        ? [{ displayName: world.displayName, slug: world.slug, tags: world.tags, ...(world.summary ? { summary: world.summary } : {}), association: { sourceType, confirmationState: 'confirmed', confirmedAt: e.publishedAt ?? e.createdAt } }]
        : [],
    };
    if (e.timezone) out.timezone = e.timezone;
    if (community) {
      out.communitySlug = community.slug;
      out.communityName = community.displayName;
    }
    if (e.summary) out.summary = e.summary;
    Object.assign(out, imagesOf(e));
    if (timed) {
      if (e.startAt !== null) out.startAt = e.startAt;
      if (e.endAt !== null) out.endAt = e.endAt;
      if (e.doorsOpenAt !== null) out.doorsOpenAt = e.doorsOpenAt;
      out.nextSlots = nextSlots(slots, people, now, e.endAt);
    }
    return out;
  }

  /** What the cards of `events` need, read in four batched queries (no per-event lookups). */
  private async cardContexts(events: StoredEvent[]): Promise<Map<string, CardContext>> {
    const { repos } = this.deps;
    const slotsByEvent = await repos.events.slotsOfEvents(events.map((e) => e.id));
    const personIds = [...new Set([...slotsByEvent.values()].flatMap((slots) => slots.flatMap((s) => (s.personProfileId ? [s.personProfileId] : []))))];
    const communityIds = [...new Set(events.map((e) => e.communityProfileId))];
    const worldIds = [...new Set(events.flatMap((e) => (e.worldId ? [e.worldId] : [])))];
    const [profiles, worlds] = await Promise.all([repos.profiles.byIds([...communityIds, ...personIds]), repos.worlds.byIds(worldIds)]);
    const profileById = new Map(profiles.map((p) => [p.id, p]));
    const worldById = new Map(worlds.map((w) => [w.id, w]));
    return new Map(
      events.map((e) => {
        const community = profileById.get(e.communityProfileId);
        const world = e.worldId ? worldById.get(e.worldId) : undefined;
        return [
          e.id,
          {
            community: isPublicProfile(community) ? community : undefined,
            slots: slotsByEvent.get(e.id) ?? [],
            people: profileById,
            world: world?.visibilityStatus === 'published' ? world : undefined,
          },
        ];
      }),
    );
  }

  /** Event cards for lists (PublicEventPreview): status and nextSlots on every card (contract 2.8). */
  async previews(events: StoredEvent[]): Promise<Schemas['PublicEventPreview'][]> {
    const now = this.deps.clock.now();
    const contexts = await this.cardContexts(events);
    return events.map((e) => {
      const { community, slots, people, world } = contexts.get(e.id)!;
      const participants = new Set(slots.flatMap((s) => (s.personProfileId && people.has(s.personProfileId) ? [s.personProfileId] : [])));
      const card: Schemas['PublicEventPreview'] = {
        slug: e.slug,
        title: e.title,
        source: sourceOf(e, community),
        status: eventStatus(e, now),
        scheduleKind: e.scheduleKind,
        eventDate: e.eventDate,
        slotCount: slots.length,
        participantCount: participants.size,
        worlds: world ? [{ displayName: world.displayName, slug: world.slug }] : [],
      } as Schemas['PublicEventPreview'];
      if (e.timezone) card.timezone = e.timezone;
      if (e.summary) card.summary = e.summary;
      if (community) {
        card.communitySlug = community.slug;
        card.communityName = community.displayName;
      }
      Object.assign(card, imagesOf(e));
      if (e.scheduleKind === 'timed' && e.startAt !== null) {
        card.startAt = e.startAt;
        if (e.endAt !== null) card.endAt = e.endAt;
        if (e.doorsOpenAt !== null) card.doorsOpenAt = e.doorsOpenAt;
        card.nextSlots = nextSlots(slots, people, now, e.endAt);
      }
      return card;
    });
  }

  /** Event cards in a world's context (WorldEventCard); image URLs are absolute there. */
  async worldCards(events: StoredEvent[]): Promise<Schemas['WorldEventCard'][]> {
    const now = this.deps.clock.now();
    const contexts = await this.cardContexts(events);
    const base = this.deps.config.publicBaseUrl;
    return events.map((e) => {
      const { community } = contexts.get(e.id)!;
      const card = {
        slug: e.slug,
        title: e.title,
        source: sourceOf(e, community),
        status: eventStatus(e, now),
        scheduleKind: e.scheduleKind,
        eventDate: e.eventDate,
        mediaLinks: e.mediaLinks.map((l) => ({ ...l })),
        worldAssociation: { confirmationState: 'confirmed' },
      } as Schemas['WorldEventCard'];
      if (e.timezone) card.timezone = e.timezone;
      if (e.summary) card.summary = e.summary;
      if (community) card.communityName = community.displayName;
      Object.assign(card, imagesOf(e, base));
      if (e.scheduleKind === 'timed' && e.startAt !== null) {
        card.startAt = e.startAt;
        if (e.endAt !== null) card.endAt = e.endAt;
        if (e.doorsOpenAt !== null) card.doorsOpenAt = e.doorsOpenAt;
      }
      return card;
    });
  }

  /** The artwork asset id of a live event, or 404. */
  async artworkOf(slug: string): Promise<string> {
    const e = await this.live(slug);
    if (!e.artworkAssetId) throw problems.notFound('This event has no artwork.');
    return e.artworkAssetId;
  }
}

/**
 * Up to three relevant slots: the current one and the next ones. A slot without an end lasts
 * until the next slot's start (or the event's end).
 */
function nextSlots(slots: EventSlotRow[], people: Map<string, ProfileRow>, now: number, eventEnd: number | null) {
  const timed = slots.filter((s) => s.startAt !== null).sort((a, b) => a.startAt! - b.startAt! || a.position - b.position);
  const out: Schemas['NextSlot'][] = [];
  timed.forEach((s, i) => {
    const end = s.endAt ?? timed[i + 1]?.startAt ?? eventEnd ?? s.startAt! + 3_600_000;
    if (end <= now || out.length >= NEXT_SLOTS) return;
    // The slot leaves the list when it ends (and the next one moves up).
    changesAt(end);
    const person = s.personProfileId ? people.get(s.personProfileId) : undefined;
    const n: Schemas['NextSlot'] = { displayLabel: s.displayLabel, roleLabel: s.roleLabel, startAt: s.startAt! };
    if (s.endAt !== null) n.endAt = s.endAt;
    // Only a public person is named (a draft or opted-out profile stays unlinked, as in the event read).
    if (isPublicProfile(person, 'person')) n.performer = { displayName: person.displayName, slug: person.slug };
    out.push(n);
  });
  return out;
}
