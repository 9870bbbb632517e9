import { dialectOf, inTransaction, type Queryable } from '../db/knex.js';
import { bool, json, slugsLike } from './rows.js';
import type { Schemas } from '../contract/types.js';
import { MAX_EVENT_SPAN_MS, SHORT_EVENT_SPAN_MS, eventWindow, type EventSchedule } from '../lib/eventWindow.js';

export interface EventRow {
  id: string;
  slug: string;
  communityProfileId: string;
  worldId: string | null;
  title: string;
  summary: string | null;
  eventDate: string;
  scheduleKind: 'timed' | 'date_only';
  startAt: number | null;
  endAt: number | null;
  doorsOpenAt: number | null;
  timezone: string | null;
  status: 'scheduled' | 'cancelled';
  sourceType: Schemas['EventSourceType'];
  sourceLabel: string;
  sourceUrl: string | null;
  watchMode: 'event_stream' | 'performer_sequence';
  watchSurfaceEnabled: boolean;
  createdByUserId: string | null;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

export interface EventSlotRow {
  id: string;
  eventId: string;
  position: number;
  displayLabel: string;
  roleLabel: string;
  personProfileId: string | null;
  startAt: number | null;
  endAt: number | null;
  /** Contract 2.8: the owner's explicit stream choice (a normalized stream id), null when none. */
  selectedStreamId?: string | null;
  sourceLabel?: string | null;
  sourceUrl?: string | null;
  /** Private to the event's managers; never in a public read. */
  notes?: string | null;
}

/** One person of an event's roster (owner event writes, contract 4.8), in the owner's order. */
export interface EventParticipantRow {
  eventId: string;
  position: number;
  personProfileId: string;
  roleLabel: string;
  sourceLabel: string | null;
  sourceUrl: string | null;
  /** Private to the event's managers; never in a public read. */
  notes: string | null;
}

/** An authored media link of an event as stored (the read shape, presentation resolved). */
export type StoredMediaLink = Schemas['EventMediaLink'];

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const toSlot = (r: Record<string, unknown>): EventSlotRow => ({
  id: r.id as string,
  eventId: r.event_id as string,
  position: Number(r.position),
  displayLabel: r.display_label as string,
  roleLabel: r.role_label as string,
  personProfileId: (r.person_profile_id as string | null) ?? null,
  startAt: num(r.start_at),
  endAt: num(r.end_at),
  selectedStreamId: (r.selected_stream_id as string | null) ?? null,
  sourceLabel: (r.source_label as string | null) ?? null,
  sourceUrl: (r.source_url as string | null) ?? null,
  notes: (r.notes as string | null) ?? null,
});

const toParticipant = (r: Record<string, unknown>): EventParticipantRow => ({
  eventId: r.event_id as string,
  position: Number(r.position),
  personProfileId: r.person_profile_id as string,
  roleLabel: (r.role_label as string | null) ?? '',
  sourceLabel: (r.source_label as string | null) ?? null,
  sourceUrl: (r.source_url as string | null) ?? null,
  notes: (r.notes as string | null) ?? null,
});

export const toEvent = (r: Record<string, unknown>): EventRow => ({
  id: r.id as string,
  slug: r.slug as string,
  communityProfileId: r.community_profile_id as string,
  worldId: (r.world_id as string | null) ?? null,
  title: r.title as string,
  summary: (r.summary as string | null) ?? null,
  eventDate: r.event_date as string,
  scheduleKind: r.schedule_kind as EventRow['scheduleKind'],
  startAt: (r.start_at as number | null) ?? null,
  endAt: (r.end_at as number | null) ?? null,
  doorsOpenAt: (r.doors_open_at as number | null) ?? null,
  timezone: (r.timezone as string | null) ?? null,
  status: r.status as EventRow['status'],
  sourceType: r.source_type as Schemas['EventSourceType'],
  sourceLabel: r.source_label as string,
  sourceUrl: (r.source_url as string | null) ?? null,
  watchMode: r.watch_mode as EventRow['watchMode'],
  watchSurfaceEnabled: bool(r.watch_surface_enabled),
  createdByUserId: (r.created_by_user_id as string | null) ?? null,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
  publishedAt: (r.published_at as number | null) ?? null,
});



/** An event with what contribution adds: contributor, the fields as contributed, artwork, takeover, retraction. */
export interface StoredEvent extends EventRow {
  contributorUserId: string | null;
  intakeDraftId: string | null;
  /** The event fields as contributed (validated against the contract on the way in). */
  contributionFields: Schemas['EventFields'] | null;
  contributionVersion: number | null;
  venueLabel: string | null;
  artworkAssetId: string | null;
  staffTakeoverAt: number | null;
  retractedAt: number | null;
  /** The stored time window (src/lib/eventWindow.ts). */
  windowStartAt: number;
  windowEndAt: number;
  /** RFC 5545 `SEQUENCE` of its calendar entry: moved on by every write. */
  sequence: number;
  /** Private to the event's managers; never in a public read, calendar, search or inventory. */
  notes: string | null;
  /** Absolute https URLs, or root-relative same-origin profile asset paths. */
  posterImageUrl: string | null;
  bannerImageUrl: string | null;
  thumbnailImageUrl: string | null;
  mediaLinks: StoredMediaLink[];
}

/** Which events a discovery list covers: all, one community's, one world's or one performer's. */
export interface DiscoveryScope {
  communityProfileId?: string;
  worldId?: string;
  personProfileId?: string;
}

/** A keyset position in a list ordered by (window start, id). */
export interface WindowKey {
  startsAt: number;
  id: string;
}

const toStored = (r: Record<string, unknown>): StoredEvent => ({
  ...toEvent(r),
  contributorUserId: (r.contributor_user_id as string | null) ?? null,
  intakeDraftId: (r.intake_draft_id as string | null) ?? null,
  contributionFields: r.contribution_fields ? json<Schemas['EventFields']>(r.contribution_fields, {}) : null,
  contributionVersion: r.contribution_version === null || r.contribution_version === undefined ? null : Number(r.contribution_version),
  venueLabel: (r.venue_label as string | null) ?? null,
  artworkAssetId: (r.artwork_asset_id as string | null) ?? null,
  staffTakeoverAt: r.staff_takeover_at === null || r.staff_takeover_at === undefined ? null : Number(r.staff_takeover_at),
  retractedAt: r.retracted_at === null || r.retracted_at === undefined ? null : Number(r.retracted_at),
  windowStartAt: Number(r.window_start_at),
  windowEndAt: Number(r.window_end_at),
  sequence: Number(r.ical_sequence ?? 0),
  notes: (r.notes as string | null) ?? null,
  posterImageUrl: (r.poster_image_url as string | null) ?? null,
  bannerImageUrl: (r.banner_image_url as string | null) ?? null,
  thumbnailImageUrl: (r.thumbnail_image_url as string | null) ?? null,
  mediaLinks: json<StoredMediaLink[]>(r.media_links, []),
});

/** Everything an owner write (contract 4.8) decides about an event, written whole on every write. */
export type OwnedEventContent = Pick<
  EventRow,
  'communityProfileId' | 'title' | 'summary' | 'eventDate' | 'startAt' | 'endAt' | 'doorsOpenAt' | 'timezone' | 'status' | 'sourceLabel' | 'sourceUrl' | 'worldId' | 'watchMode' | 'watchSurfaceEnabled'
> & {
  scheduleKind: EventRow['scheduleKind'];
  notes: string | null;
  posterImageUrl: string | null;
  bannerImageUrl: string | null;
  thumbnailImageUrl: string | null;
  mediaLinks: StoredMediaLink[];
};

const ownedColumns = (c: OwnedEventContent) => ({
  ...scheduleColumns(c),
  community_profile_id: c.communityProfileId,
  status: c.status,
  source_label: c.sourceLabel,
  watch_mode: c.watchMode,
  watch_surface_enabled: c.watchSurfaceEnabled,
  notes: c.notes,
  poster_image_url: c.posterImageUrl,
  banner_image_url: c.bannerImageUrl,
  thumbnail_image_url: c.thumbnailImageUrl,
  media_links: JSON.stringify(c.mediaLinks),
});

const participantColumns = (p: EventParticipantRow) => ({
  event_id: p.eventId,
  position: p.position,
  person_profile_id: p.personProfileId,
  role_label: p.roleLabel,
  source_label: p.sourceLabel,
  source_url: p.sourceUrl,
  notes: p.notes,
});

/** The schedule and content columns a publish or a correction writes. */
export type EventContent = Pick<EventRow, 'title' | 'summary' | 'eventDate' | 'scheduleKind' | 'startAt' | 'endAt' | 'doorsOpenAt' | 'timezone' | 'sourceUrl' | 'worldId'> & {
  venueLabel: string | null;
  contributionFields: Record<string, unknown>;
};

/** The stored time window of a schedule (src/lib/eventWindow.ts), kept beside the columns it derives from. */
const windowColumns = (e: EventSchedule) => {
  const w = eventWindow(e);
  return { window_start_at: w.startsAt, window_end_at: w.endsAt, window_long: w.endsAt - w.startsAt > SHORT_EVENT_SPAN_MS };
};

/** What every event write stores of its schedule and text, with the time window derived from it. */
const scheduleColumns = (c: Pick<EventRow, 'title' | 'summary' | 'eventDate' | 'scheduleKind' | 'startAt' | 'endAt' | 'doorsOpenAt' | 'timezone' | 'sourceUrl' | 'worldId'>) => ({
  ...windowColumns(c),
  title: c.title,
  summary: c.summary,
  event_date: c.eventDate,
  schedule_kind: c.scheduleKind,
  start_at: c.startAt,
  end_at: c.endAt,
  doors_open_at: c.doorsOpenAt,
  timezone: c.timezone,
  source_url: c.sourceUrl,
  world_id: c.worldId,
});

const contentColumns = (c: EventContent) => ({
  ...scheduleColumns(c),
  venue_label: c.venueLabel,
  contribution_fields: JSON.stringify(c.contributionFields),
});

const slotColumns = (s: EventSlotRow) => ({
  id: s.id,
  event_id: s.eventId,
  position: s.position,
  display_label: s.displayLabel,
  role_label: s.roleLabel,
  person_profile_id: s.personProfileId,
  start_at: s.startAt,
  end_at: s.endAt,
  selected_stream_id: s.selectedStreamId ?? null,
  source_label: s.sourceLabel ?? null,
  source_url: s.sourceUrl ?? null,
  notes: s.notes ?? null,
});

const eventColumns = (e: EventRow) => ({
  id: e.id,
  slug: e.slug,
  community_profile_id: e.communityProfileId,
  world_id: e.worldId,
  title: e.title,
  summary: e.summary,
  event_date: e.eventDate,
  schedule_kind: e.scheduleKind,
  start_at: e.startAt,
  end_at: e.endAt,
  doors_open_at: e.doorsOpenAt,
  timezone: e.timezone,
  status: e.status,
  source_type: e.sourceType,
  source_label: e.sourceLabel,
  source_url: e.sourceUrl,
  watch_mode: e.watchMode,
  watch_surface_enabled: e.watchSurfaceEnabled,
  created_by_user_id: e.createdByUserId,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
  published_at: e.publishedAt,
  ...windowColumns(e),
});

/** Events as contribution and the public event read need them. */
export class EventsRepository {
  constructor(private readonly db: Queryable) {}

  slugsLike(base: string): Promise<string[]> {
    return slugsLike(this.db, 'events', base);
  }

  /** An event as an operator or the demo data creates it (not contributed), with its slots. */
  async insert(e: EventRow, slots: EventSlotRow[]): Promise<void> {
    await this.insertMany([e], slots);
  }

  /** Many events and their slots at once (operator and bulk loads), in one transaction and batches. */
  async insertMany(events: EventRow[], slots: EventSlotRow[]): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      for (let i = 0; i < events.length; i += 300) await trx('events').insert(events.slice(i, i + 300).map(eventColumns));
      for (let i = 0; i < slots.length; i += 500) await trx('event_slots').insert(slots.slice(i, i + 500).map(slotColumns));
    });
  }

  async count(): Promise<number> {
    const row = await this.db('events').count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /**
   * Events (not retracted) of the given communities, by date then id; `after` continues a page.
   * Reads `limit + 1`.
   */
  async listOfCommunities(communityProfileIds: string[], opts: { limit: number; after?: { eventDate: string; id: string } }): Promise<EventRow[]> {
    if (!communityProfileIds.length) return [];
    const q = this.db('events')
      .whereIn('community_profile_id', communityProfileIds)
      .whereNull('retracted_at')
      // Latest event date first (the contract's listCurrentApiUserEvents), then by id.
      .orderBy([
        { column: 'event_date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(opts.limit + 1);
    if (opts.after) {
      const { eventDate, id } = opts.after;
      q.andWhere((w) => w.where('event_date', '<', eventDate).orWhere((w2) => w2.where('event_date', eventDate).andWhere('id', '<', id)));
    }
    return (await q).map(toEvent);
  }

  /**
   * A page of the events a user contributed through intake, retracted ones included, latest
   * publication first, then by id (both descending); `after` is the last (publishedAt, id) of
   * the previous page. Reads `limit + 1` rows.
   */
  async listContributedBy(contributorUserId: string, opts: { limit: number; after?: { publishedAt: number; id: string } }): Promise<StoredEvent[]> {
    const q = this.db('events')
      .where({ contributor_user_id: contributorUserId })
      .whereNotNull('published_at')
      .orderBy([{ column: 'published_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(opts.limit + 1);
    if (opts.after) {
      const { publishedAt, id } = opts.after;
      q.andWhere((w) => w.where('published_at', '<', publishedAt).orWhere((w2) => w2.where('published_at', publishedAt).andWhere('id', '<', id)));
    }
    return (await q).map(toStored);
  }

  /** A published contribution and its slots; returns the event as stored. */
  async insertContributed(
    e: EventContent & { id: string; slug: string; communityProfileId: string; contributorUserId: string; intakeDraftId: string; artworkAssetId: string | null; at: number },
    slots: EventSlotRow[],
  ): Promise<StoredEvent> {
    const row = {
        id: e.id,
        slug: e.slug,
        community_profile_id: e.communityProfileId,
        ...contentColumns(e),
        status: 'scheduled',
        source_type: 'community',
        source_label: 'Community-submitted',
        watch_mode: 'event_stream',
        watch_surface_enabled: false,
        created_by_user_id: e.contributorUserId,
        contributor_user_id: e.contributorUserId,
        intake_draft_id: e.intakeDraftId,
        contribution_version: 1,
        artwork_asset_id: e.artworkAssetId,
        created_at: e.at,
        updated_at: e.at,
        published_at: e.at,
      };
    await this.insertWithChildren(row, [['event_slots', slots.map(slotColumns)]]);
    // What a read of the new row gives (the columns left out are null or their defaults).
    return toStored({ ical_sequence: 0, ...row });
  }

  /** An owner-created event (contract 4.8): published at once, source `manual`, with its slots and roster. */
  async insertOwned(e: OwnedEventContent & { id: string; slug: string; createdByUserId: string; at: number }, slots: EventSlotRow[], participants: EventParticipantRow[]): Promise<void> {
    const row = {
      id: e.id,
      slug: e.slug,
      ...ownedColumns(e),
      source_type: 'manual',
      created_by_user_id: e.createdByUserId,
      created_at: e.at,
      updated_at: e.at,
      published_at: e.at,
    };
    await this.insertWithChildren(row, [
      ['event_slots', slots.map(slotColumns)],
      ['event_participants', participants.map(participantColumns)],
    ]);
  }

  /**
   * A new event row and its rows in child tables, all or none: on PostgreSQL one statement (the
   * event in a data-modifying CTE, the children's foreign keys checked at its end), so a publish
   * waits on one round trip to the database instead of one per table; elsewhere one insert each
   * in a transaction.
   */
  private async insertWithChildren(row: Record<string, unknown>, children: [table: string, rows: Record<string, unknown>[]][]): Promise<void> {
    const filled = children.filter(([, rows]) => rows.length > 0);
    if (dialectOf(this.db) === 'pg' && filled.length > 0) {
      let statement = this.db.with('new_event', (q) => q.insert(row).into('events'));
      for (const [table, rows] of filled.slice(0, -1)) statement = statement.with(`new_${table}`, (q) => q.insert(rows).into(table));
      const [table, rows] = filled[filled.length - 1];
      await statement.insert(rows).into(table);
      return;
    }
    await inTransaction(this.db, async (trx) => {
      await trx('events').insert(row);
      for (const [table, rows] of filled) await trx(table).insert(rows);
    });
  }

  /**
   * The event row, locked against other writers until the unit of work ends (PostgreSQL
   * `FOR UPDATE`; SQLite runs one writing transaction at a time anyway). Call it first in a
   * transaction that rewrites the event, so two writes of one event never interleave.
   */
  async findForUpdate(id: string): Promise<StoredEvent | undefined> {
    const q = this.db('events').where({ id });
    if (dialectOf(this.db) === 'pg') q.forUpdate();
    const r = await q.first();
    return r ? toStored(r) : undefined;
  }

  /**
   * An owner's update (contract 4.8): the whole content as merged by the service, and, when
   * `replace` is given, the slots and roster replaced together. Only live events change.
   */
  async updateOwned(id: string, content: OwnedEventContent, updatedAt: number, replace?: { slots: EventSlotRow[]; participants: EventParticipantRow[] }): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const n = await trx('events').where({ id }).whereNull('retracted_at').update({ ...ownedColumns(content), updated_at: updatedAt, ical_sequence: trx.raw('ical_sequence + 1') });
      if (n !== 1) return false;
      if (replace) {
        await trx('event_slots').where({ event_id: id }).delete();
        await trx('event_participants').where({ event_id: id }).delete();
        if (replace.slots.length) await trx('event_slots').insert(replace.slots.map(slotColumns));
        if (replace.participants.length) await trx('event_participants').insert(replace.participants.map(participantColumns));
      }
      return true;
    });
  }

  /** An event's roster in the owner's order (empty for events without participant rows). */
  async participants(eventId: string): Promise<EventParticipantRow[]> {
    return (await this.db('event_participants').where({ event_id: eventId }).orderBy('position')).map(toParticipant);
  }

  /** Every event's slug, last change and retraction, by slug (for the sitemap; retracted ones are left out here and by the caller). */
  async pageRows(): Promise<Pick<StoredEvent, 'slug' | 'retractedAt' | 'updatedAt'>[]> {
    const rows = await this.db('events').whereNull('retracted_at').orderBy('slug').select('slug', 'retracted_at', 'updated_at');
    return rows.map((r: Record<string, unknown>) => ({ slug: r.slug as string, retractedAt: r.retracted_at === null || r.retracted_at === undefined ? null : Number(r.retracted_at), updatedAt: Number(r.updated_at) }));
  }

  /** By slug, retracted ones included (the caller decides what a retraction means). */
  async findBySlug(slug: string): Promise<StoredEvent | undefined> {
    const r = await this.db('events').where({ slug }).first();
    return r ? toStored(r) : undefined;
  }

  async findById(id: string): Promise<StoredEvent | undefined> {
    const r = await this.db('events').where({ id }).first();
    return r ? toStored(r) : undefined;
  }

  /**
   * Compare-and-set on `updated_at`: replaces content and slots only if the revision is still
   * `expectedUpdatedAt`, nobody took the event over and it is not retracted.
   */
  async updateContributionAt(id: string, expectedUpdatedAt: number, content: EventContent, slots: EventSlotRow[], updatedAt: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const n = await trx('events')
        .where({ id, updated_at: expectedUpdatedAt })
        .whereNull('staff_takeover_at')
        .whereNull('retracted_at')
        .update({ ...contentColumns(content), updated_at: updatedAt, contribution_version: trx.raw('coalesce(contribution_version, 0) + 1'), ical_sequence: trx.raw('ical_sequence + 1') });
      if (n !== 1) return false;
      await trx('event_slots').where({ event_id: id }).delete();
      if (slots.length) await trx('event_slots').insert(slots.map(slotColumns));
      return true;
    });
  }

  /** Retracts unless taken over; true when this call retracted it. */
  async retract(id: string, at: number): Promise<boolean> {
    const n = await this.db('events').where({ id }).whereNull('retracted_at').whereNull('staff_takeover_at').update({ retracted_at: at, updated_at: at, ical_sequence: this.db.raw('ical_sequence + 1') });
    return n === 1;
  }

  async takeOver(id: string, at: number): Promise<boolean> {
    const n = await this.db('events').where({ id }).whereNull('staff_takeover_at').update({ staff_takeover_at: at });
    return n === 1;
  }

  /** Live events of a community on a date (near-duplicate candidates), newest first, at most `limit`. */
  async sameDay(communityProfileId: string, eventDate: string, limit = 200): Promise<StoredEvent[]> {
    const rows = await this.db('events')
      .where({ community_profile_id: communityProfileId, event_date: eventDate })
      .whereNull('retracted_at')
      .orderBy('created_at', 'desc')
      .limit(limit);
    return rows.map(toStored);
  }

  /** Which of these artwork ids a stored event still shows. */
  async artworkInUse(artworkIds: string[]): Promise<Set<string>> {
    if (!artworkIds.length) return new Set();
    const rows = await this.db('events').whereIn('artwork_asset_id', artworkIds).select('artwork_asset_id');
    return new Set(rows.map((r: { artwork_asset_id: string }) => r.artwork_asset_id));
  }

  async slots(eventId: string): Promise<EventSlotRow[]> {
    return (await this.db('event_slots').where({ event_id: eventId }).orderBy('position')).map(toSlot);
  }

  /** Slots of several events, by event id, each in lineup order. */
  async slotsOfEvents(eventIds: string[]): Promise<Map<string, EventSlotRow[]>> {
    const out = new Map<string, EventSlotRow[]>(eventIds.map((id) => [id, []]));
    if (!eventIds.length) return out;
    const rows = (await this.db('event_slots').whereIn('event_id', eventIds).orderBy([{ column: 'event_id' }, { column: 'position' }])).map(toSlot);
    for (const r of rows) out.get(r.eventId)!.push(r);
    return out;
  }

  /**
   * Discoverable events (decisions §4: not retracted, not cancelled, not yet ended at `now`) in
   * `scope`, soonest first by (window start, id), continuing after `after`; `withWorld` keeps
   * only events linked to a world. Short and long events are read as two narrow index ranges
   * (in-progress short events start at most two days back, long ones at most 31) and merged.
   * Reads `limit + 1`.
   */
  async listDiscoverable(scope: DiscoveryScope & { withWorld?: boolean }, opts: { now: number; limit: number; after?: WindowKey }): Promise<StoredEvent[]> {
    const part = (long: boolean) => {
      const q = this.db('events')
        .where('window_long', long)
        .where('window_start_at', '>=', opts.now - (long ? MAX_EVENT_SPAN_MS : SHORT_EVENT_SPAN_MS))
        .where('window_end_at', '>', opts.now)
        .whereNull('retracted_at')
        .whereNot('status', 'cancelled')
        .orderBy([{ column: 'window_start_at' }, { column: 'id' }])
        .limit(opts.limit + 1);
      if (scope.communityProfileId) q.where('community_profile_id', scope.communityProfileId);
      if (scope.worldId) q.where('world_id', scope.worldId);
      if (scope.withWorld) q.whereNotNull('world_id');
      if (scope.personProfileId) q.whereIn('id', this.db('event_slots').select('event_id').where('person_profile_id', scope.personProfileId));
      if (opts.after) {
        const { startsAt, id } = opts.after;
        q.andWhere((w) => w.where('window_start_at', '>', startsAt).orWhere((w2) => w2.where('window_start_at', startsAt).andWhere('id', '>', id)));
      }
      return q;
    };
    const [short, long] = await Promise.all([part(false), part(true)]);
    const rows = long.length ? [...short, ...long].sort((a, b) => Number(a.window_start_at) - Number(b.window_start_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) : short;
    return rows.slice(0, opts.limit + 1).map(toStored);
  }

  /**
   * The earliest window end after `now` among discoverable events (not ended, retracted or
   * cancelled) of one world, or of any world (the events that have one); undefined when there
   * are none.
   */
  async earliestDiscoverableEnd(scope: { worldId: string } | { anyWorld: true }, now: number): Promise<number | undefined> {
    const q = this.db('events').where('window_end_at', '>', now).whereNull('retracted_at').whereNot('status', 'cancelled');
    if ('worldId' in scope) q.where('world_id', scope.worldId);
    else q.whereNotNull('world_id');
    const row = (await q.min({ earliest: 'window_end_at' }).first()) as { earliest: number | string | null } | undefined;
    return row?.earliest == null ? undefined : Number(row.earliest);
  }

  /** Whether a world has a discoverable event sorting before `key` (window start, id). */
  async worldHasDiscoverableBefore(worldId: string, key: WindowKey, now: number): Promise<boolean> {
    const rows = await this.listDiscoverable({ worldId }, { now, limit: 0 });
    const first = rows[0];
    return !!first && (first.windowStartAt < key.startsAt || (first.windowStartAt === key.startsAt && first.id < key.id));
  }

  /** How many discoverable events each of these worlds has. */
  async countDiscoverableByWorld(worldIds: string[], now: number): Promise<Map<string, number>> {
    if (!worldIds.length) return new Map();
    const rows = await this.db('events')
      .whereIn('world_id', worldIds)
      .where('window_end_at', '>', now)
      .whereNull('retracted_at')
      .whereNot('status', 'cancelled')
      .groupBy('world_id')
      .select('world_id')
      .count({ n: '*' });
    return new Map(rows.map((r: Record<string, unknown>) => [r.world_id as string, Number(r.n)]));
  }

  /** A world's events that ended (not cancelled, not retracted) after `since`, latest end first. */
  async listRecentlyEndedInWorld(worldId: string, opts: { now: number; since: number; limit: number }): Promise<StoredEvent[]> {
    const rows = await this.db('events')
      .where('world_id', worldId)
      .whereNull('retracted_at')
      .whereNot('status', 'cancelled')
      .where('window_end_at', '<=', opts.now)
      .where('window_end_at', '>', opts.since)
      .orderBy([{ column: 'window_end_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(opts.limit);
    return rows.map(toStored);
  }

  /**
   * Calendar feed rows (decisions §3): not retracted, cancelled included, at most `limit`. Those
   * not ended at `now` come first, soonest end first; what room is left goes to those that ended
   * at or after `endsAfter`, latest end first. Both are ranges of the window-end index, so a
   * feed costs the same whatever the directory's size. Answered by (window start, id).
   */
  async listForCalendar(scope: DiscoveryScope, opts: { now: number; endsAfter: number; limit: number }): Promise<StoredEvent[]> {
    const scoped = () => {
      const q = this.db('events').whereNull('retracted_at');
      if (scope.communityProfileId) q.where('community_profile_id', scope.communityProfileId);
      if (scope.worldId) q.where('world_id', scope.worldId);
      return q;
    };
    const current = await scoped()
      .where('window_end_at', '>', opts.now)
      .orderBy([{ column: 'window_end_at' }, { column: 'id' }])
      .limit(opts.limit);
    const ended =
      current.length < opts.limit
        ? await scoped()
            .where('window_end_at', '<=', opts.now)
            .where('window_end_at', '>=', opts.endsAfter)
            .orderBy([{ column: 'window_end_at', order: 'desc' }, { column: 'id', order: 'desc' }])
            .limit(opts.limit - current.length)
        : [];
    return [...current, ...ended]
      .map(toStored)
      .sort((a, b) => a.windowStartAt - b.windowStartAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
