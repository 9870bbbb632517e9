import crypto from 'node:crypto';
import type { EventSlotRow, StoredEvent } from '../../repositories/events.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { Schemas } from '../../contract/types.js';
import type { ServiceDeps } from '../context.js';
import { problems } from '../errors.js';
import { publicLinksOf, trustLabelOf } from '../directory/publicReads.js';
import { eventStatus } from './status.js';

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
    const [community] = await repos.profiles.byIds([e.communityProfileId]);
    const slots = await repos.events.slots(e.id);
    const people = new Map((await repos.profiles.byIds(slots.flatMap((s) => (s.personProfileId ? [s.personProfileId] : [])))).map((p) => [p.id, p]));
    const world = e.worldId ? await repos.worlds.findById(e.worldId) : undefined;
    const sourceType = e.sourceType;
    const source: Schemas['EventSource'] = sourceType === 'community' ? { sourceType: 'community', label: 'Community-submitted' } : { sourceType, label: e.sourceLabel || community?.displayName || 'Organiser' };
    const timed = e.scheduleKind === 'timed';
    const performerOf = (p: ProfileRow) => ({ slug: p.slug, displayName: p.displayName, trustLabel: trustLabelOf(p), outboundLinks: publicLinksOf(p.outboundLinks) });

    const outSlots = slots.map((s) => {
      const person = s.personProfileId ? people.get(s.personProfileId) : undefined;
      const slot: Schemas['PublicEventSlot'] = { playbackKey: playbackKey(e.id, s, null), position: s.position, displayLabel: s.displayLabel, roleLabel: s.roleLabel, source };
      if (timed && s.startAt !== null) {
        slot.startAt = s.startAt;
        slot.discord = discordMarkup(s.startAt);
      }
      if (timed && s.endAt !== null) slot.endAt = s.endAt;
      if (person) slot.performer = performerOf(person);
      return slot;
    });

    const participants = new Map<string, Schemas['PublicEventParticipant']>();
    for (const s of slots) {
      const p = s.personProfileId ? people.get(s.personProfileId) : undefined;
      if (p && !participants.has(p.id)) participants.set(p.id, { ...performerOf(p), roleLabel: s.roleLabel, source });
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
      mediaLinks: [],
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
    if (e.artworkAssetId) out.posterImageUrl = artworkPathOf(e.slug);
    if (timed) {
      if (e.startAt !== null) out.startAt = e.startAt;
      if (e.endAt !== null) out.endAt = e.endAt;
      if (e.doorsOpenAt !== null) out.doorsOpenAt = e.doorsOpenAt;
      out.nextSlots = nextSlots(slots, people, now, e.endAt);
    }
    return out;
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
    const person = s.personProfileId ? people.get(s.personProfileId) : undefined;
    const n: Schemas['NextSlot'] = { displayLabel: s.displayLabel, roleLabel: s.roleLabel, startAt: s.startAt! };
    if (s.endAt !== null) n.endAt = s.endAt;
    if (person) n.performer = { displayName: person.displayName, slug: person.slug };
    out.push(n);
  });
  return out;
}
