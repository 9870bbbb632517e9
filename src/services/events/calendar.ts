import crypto from 'node:crypto';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { DateTime, IANAZone } from 'luxon';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import type { DiscoveryScope, EventSlotRow, StoredEvent } from '../../repositories/events.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { WorldRow } from '../../repositories/worlds.js';
import type { ServiceDeps } from '../context.js';
import { problems } from '../errors.js';
import { isPublicProfile } from '../directory/publicReads.js';
import { eventPagePath } from '../../lib/pagePaths.js';
import { changesAt } from '../../lib/freshness.js';

/** Feeds cover events that ended at most this long ago (decisions §3) … */
export const CALENDAR_FEED_LOOKBACK_MS = 30 * 86_400_000;
/** … and at most this many of them. */
export const CALENDAR_FEED_MAX_EVENTS = 500;
/** The refresh hint of subscription feeds (`REFRESH-INTERVAL`, `X-PUBLISHED-TTL`). */
const FEED_REFRESH_SECONDS = 3600;
const DAY_MS = 86_400_000;
/**
 * How long a timed event without an end lasts in a calendar app: without DTEND an entry ends
 * where it starts (RFC 5545 §3.6.1), which calendar apps draw as a zero-length line.
 */
export const CALENDAR_DEFAULT_DURATION_MS = 3_600_000;

/** A rendered RFC 5545 document, its strong entity tag and a file name for `Content-Disposition`. */
export interface CalendarDocument {
  text: string;
  etag: string;
  filename: string;
}

/** A zone's VTIMEZONE (timezones-ical-library, compiled from IANA data by vzic), its TZID and the offsets it knows. */
interface ZoneDefinition {
  tzid: string;
  block: string;
  /** Every `TZOFFSETTO` of its observances, in minutes. */
  offsets: Set<number>;
}

const UTC_NAMES = /^Etc\/(UTC|UCT|Universal|Zulu|GMT|GMT[+-]?0|Greenwich)$/;
let knownZones: Set<string> | undefined;
const zoneDefinitions = new Map<string, ZoneDefinition | null>();

/**
 * The VTIMEZONE of an IANA zone name, or null when the library has none. A link name
 * (`US/Eastern`) comes back under its canonical TZID (`America/New_York`): events then use
 * that TZID, so `DTSTART;TZID=` always names a VTIMEZONE of the document.
 */
function zoneDefinition(name: string): ZoneDefinition | null {
  if (zoneDefinitions.has(name)) return zoneDefinitions.get(name)!;
  knownZones ??= new Set(tzlib_get_timezones(false) as string[]);
  let out: ZoneDefinition | null = null;
  // Asking the library about a name it lacks makes it log; look the name up first.
  const found = knownZones.has(name) ? tzlib_get_ical_block(name, false) : undefined;
  const block = Array.isArray(found) ? found[0] : undefined;
  const tzid = block ? /^TZID:(.+)$/m.exec(block)?.[1]?.trim() : undefined;
  // UTC under any of its names is written as UTC (`Z`), which every client reads alike.
  if (block && tzid && IANAZone.isValidZone(tzid) && !UTC_NAMES.test(tzid)) {
    const offsets = new Set([...block.matchAll(/^TZOFFSETTO:([+-])(\d{2})(\d{2})/gm)].map((m) => (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))));
    out = { tzid, block, offsets };
  }
  zoneDefinitions.set(name, out);
  return out;
}

const offsetAt = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).offset;

/**
 * Whether the local time of `ms` in `zone` names more than one instant (the repeated hour when
 * clocks go back). RFC 5545 says such a local time means the first occurrence, but parsers
 * differ (ical.js, for one, reads the second), so these instants are written in UTC.
 */
function inFold(ms: number, zone: string): boolean {
  const wall = ms + offsetAt(ms, zone) * 60_000;
  const candidates = new Set([offsetAt(ms - DAY_MS, zone), offsetAt(ms, zone), offsetAt(ms + DAY_MS, zone)]);
  let instants = 0;
  for (const offset of candidates) if (offsetAt(wall - offset * 60_000, zone) === offset) instants += 1;
  return instants > 1;
}

/**
 * The TZID a timed event is written in, or null for UTC: its own zone when the VTIMEZONE
 * describes its start and end with the offsets the IANA database gives them (current rules
 * only: an offset the VTIMEZONE lacks means the rules changed since) and neither falls in a fold.
 */
function zoneOfTimed(e: StoredEvent, instants: number[]): string | null {
  if (!e.timezone) return null;
  const def = zoneDefinition(e.timezone);
  if (!def) return null;
  for (const ms of instants) if (!def.offsets.has(offsetAt(ms, def.tzid)) || inFold(ms, def.tzid)) return null;
  return def.tzid;
}

/** What an event's VEVENT shows besides the event row, read in batches for a whole feed. */
interface EventContext {
  community?: ProfileRow;
  world?: WorldRow;
  slots: EventSlotRow[];
}

/**
 * RFC 5545 calendars of public events (decisions §3): one event, a community's feed and the
 * feed of all public events. Cancelled events stay (as `STATUS:CANCELLED`), retracted ones are
 * never exported. Documents depend only on the stored events (no generation time inside), so
 * the same events always give the same bytes and the same entity tag.
 */
export class CalendarService {
  constructor(private readonly deps: ServiceDeps) {}

  /** One event as a calendar; unknown and retracted events answer 404, cancelled ones are exported. */
  async event(slug: string): Promise<CalendarDocument> {
    const e = await this.deps.repos.events.findBySlug(slug);
    if (!e || e.retractedAt !== null) throw problems.notFound('No public event with this slug.');
    return this.render(e.title, [e], `${e.slug}.ics`);
  }

  /** A public community's feed; unknown and not publicly viewable communities answer 404. */
  async community(slug: string): Promise<CalendarDocument> {
    const community = await this.deps.repos.profiles.findBySlug(slug);
    if (!isPublicProfile(community, 'community')) throw problems.notFound('No public community with this slug.');
    return this.feed({ communityProfileId: community.id }, community.displayName, `${community.slug}.ics`);
  }

  /** The feed of all public events. */
  all(): Promise<CalendarDocument> {
    return this.feed({}, 'Marquee upcoming events', 'marquee-events.ics');
  }

  private async feed(scope: DiscoveryScope, name: string, filename: string): Promise<CalendarDocument> {
    const now = this.deps.clock.now();
    const events = await this.deps.repos.events.listForCalendar(scope, { now, endsAfter: now - CALENDAR_FEED_LOOKBACK_MS, limit: CALENDAR_FEED_MAX_EVENTS });
    // What the feed holds changes with time only as events end: a listed event not yet ended may
    // give its place to the next one (or stay, among the ended), and an ended one leaves once it
    // ended more than the lookback ago. An event not listed comes in only in a listed one's place.
    for (const e of events) changesAt(e.windowEndAt > now ? e.windowEndAt : e.windowEndAt + CALENDAR_FEED_LOOKBACK_MS + 1);
    return this.render(name, events, filename, FEED_REFRESH_SECONDS);
  }

  /** Slots, communities and worlds of all `events` in three queries, whatever their number. */
  private async contexts(events: StoredEvent[]): Promise<Map<string, EventContext>> {
    const { repos } = this.deps;
    const slotsByEvent = await repos.events.slotsOfEvents(events.map((e) => e.id));
    const [communities, worlds] = await Promise.all([
      repos.profiles.byIds([...new Set(events.map((e) => e.communityProfileId))]),
      repos.worlds.byIds([...new Set(events.flatMap((e) => (e.worldId ? [e.worldId] : [])))]),
    ]);
    const communityById = new Map(communities.map((p) => [p.id, p]));
    const worldById = new Map(worlds.map((w) => [w.id, w]));
    return new Map(
      events.map((e) => {
        const community = communityById.get(e.communityProfileId);
        const world = e.worldId ? worldById.get(e.worldId) : undefined;
        return [e.id, { community: isPublicProfile(community) ? community : undefined, world: world?.visibilityStatus === 'published' ? world : undefined, slots: slotsByEvent.get(e.id) ?? [] }];
      }),
    );
  }

  private async render(name: string, events: StoredEvent[], filename: string, refreshSeconds?: number): Promise<CalendarDocument> {
    const base = this.deps.config.publicBaseUrl.replace(/\/+$/, '');
    const host = new URL(base).host;
    const contexts = await this.contexts(events);
    const cal = new ICalCalendar({
      prodId: { company: 'Marquee', product: 'Marquee Calendar', language: 'EN' },
      method: ICalCalendarMethod.PUBLISH,
      name,
      ...(refreshSeconds ? { ttl: refreshSeconds } : {}),
    });
    cal.timezone({ name: null, generator: (tz) => zoneDefinition(tz)?.block ?? null });
    for (const e of events) {
      const when = scheduleOf(e);
      if (!when) continue;
      const { community, world, slots } = contexts.get(e.id)!;
      cal.createEvent({
        ...when,
        id: `${e.id}@${host}`,
        sequence: e.sequence,
        stamp: new Date(e.updatedAt),
        lastModified: new Date(e.updatedAt),
        created: new Date(e.createdAt),
        summary: e.title,
        description: descriptionOf(e, community, slots),
        location: world?.displayName ?? null,
        // The event's public page, where a person opening the entry lands (not its JSON read).
        url: base + eventPagePath(e.slug),
        status: e.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    // RFC 5545 §3.1: every content line, the last one too, ends with CRLF.
    const text = cal.toString().replace(/(\r\n)?$/, '\r\n');
    const etag = `"${crypto.createHash('sha256').update(text, 'utf8').digest('base64url')}"`;
    return { text, etag, filename };
  }
}

/** Whether a timed event's calendar entry ends where it was told to, or one hour after its start. */
const endAnnounced = (e: StoredEvent) => e.scheduleKind !== 'timed' || e.startAt === null || (e.endAt !== null && e.endAt > e.startAt);

/**
 * DTSTART/DTEND of an event (contract 2.8): a timed event at its instants, in its zone or UTC
 * (`zoneOfTimed`), ending one hour after its start when it has no end (CALENDAR_DEFAULT_DURATION_MS;
 * its description says so); a date-only event (or a timed one still without a start) all day on
 * its date, DTEND the next day (exclusive). Null for a row whose date cannot be read, which is
 * left out rather than breaking the feed.
 */
function scheduleOf(e: StoredEvent): Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> | null {
  if (e.scheduleKind === 'timed' && e.startAt !== null) {
    const end = endAnnounced(e) ? e.endAt! : e.startAt + CALENDAR_DEFAULT_DURATION_MS;
    const zone = zoneOfTimed(e, [e.startAt, end]);
    const at = (ms: number) => DateTime.fromMillis(ms, { zone: zone ?? 'utc' });
    return { start: at(e.startAt), end: at(end), timezone: zone };
  }
  const day = DateTime.fromISO(e.eventDate, { zone: 'utc' });
  if (!day.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(e.eventDate)) return null;
  return { start: day, end: day.plus({ days: 1 }), allDay: true, timezone: null };
}

/** The summary, the community (when public) and the lineup with local start times. */
function descriptionOf(e: StoredEvent, community: ProfileRow | undefined, slots: EventSlotRow[]): string | null {
  const parts: string[] = [];
  if (e.summary) parts.push(e.summary);
  if (!endAnnounced(e)) parts.push('End time not announced.');
  if (community) parts.push(`Hosted by ${community.displayName}`);
  if (slots.length) {
    const zone = e.timezone && IANAZone.isValidZone(e.timezone) ? e.timezone : 'UTC';
    const timed = e.scheduleKind === 'timed' && slots.some((s) => s.startAt !== null);
    const lines = slots.map((s) => {
      let time = '';
      if (e.scheduleKind === 'timed' && s.startAt !== null) {
        const local = DateTime.fromMillis(s.startAt, { zone });
        time = (local.toISODate() === e.eventDate ? local.toFormat('HH:mm') : local.toFormat('yyyy-LL-dd HH:mm')) + ' ';
      }
      return `- ${time}${s.displayLabel}${s.roleLabel ? ` (${s.roleLabel})` : ''}`;
    });
    parts.push([timed ? `Lineup (times in ${zone}):` : 'Lineup:', ...lines].join('\n'));
  }
  return parts.length ? parts.join('\n\n') : null;
}
