import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import { json } from './rows.js';
import { toEvent, toProfile, toSlot, toWorld, type EventRow, type EventSlotRow, type ProfileRow, type ProfileType, type WorldRow } from './directory.js';

/** An event with what contribution adds: contributor, the fields as contributed, artwork, takeover, retraction. */
export interface StoredEvent extends EventRow {
  contributorUserId: string | null;
  intakeDraftId: string | null;
  contributionFields: Record<string, unknown> | null;
  contributionVersion: number | null;
  venueLabel: string | null;
  artworkAssetId: string | null;
  staffTakeoverAt: number | null;
  retractedAt: number | null;
}

const toStored = (r: Record<string, unknown>): StoredEvent => ({
  ...toEvent(r),
  contributorUserId: (r.contributor_user_id as string | null) ?? null,
  intakeDraftId: (r.intake_draft_id as string | null) ?? null,
  contributionFields: r.contribution_fields ? json(r.contribution_fields, {}) : null,
  contributionVersion: r.contribution_version === null || r.contribution_version === undefined ? null : Number(r.contribution_version),
  venueLabel: (r.venue_label as string | null) ?? null,
  artworkAssetId: (r.artwork_asset_id as string | null) ?? null,
  staffTakeoverAt: r.staff_takeover_at === null || r.staff_takeover_at === undefined ? null : Number(r.staff_takeover_at),
  retractedAt: r.retracted_at === null || r.retracted_at === undefined ? null : Number(r.retracted_at),
});

/** The schedule and content columns a publish or a correction writes. */
export interface EventContent {
  title: string;
  summary: string | null;
  eventDate: string;
  scheduleKind: 'timed' | 'date_only';
  startAt: number | null;
  endAt: number | null;
  doorsOpenAt: number | null;
  timezone: string | null;
  sourceUrl: string | null;
  worldId: string | null;
  venueLabel: string | null;
  contributionFields: Record<string, unknown>;
}

const contentColumns = (c: EventContent) => ({
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
});

/** Events as contribution and the public event read need them. */
export class EventsRepository {
  constructor(private readonly db: Db | Knex.Transaction) {}

  async insertContributed(
    e: EventContent & { id: string; slug: string; communityProfileId: string; contributorUserId: string; intakeDraftId: string; artworkAssetId: string | null; at: number },
    slots: EventSlotRow[],
  ): Promise<void> {
    await this.db('events').insert({
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
    });
    if (slots.length) await this.db('event_slots').insert(slots.map(slotColumns));
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
    if (!this.db.isTransaction) return (this.db as Db).transaction((trx) => new EventsRepository(trx).updateContributionAt(id, expectedUpdatedAt, content, slots, updatedAt));
    const n = await this.db('events')
      .where({ id, updated_at: expectedUpdatedAt })
      .whereNull('staff_takeover_at')
      .whereNull('retracted_at')
      .update({ ...contentColumns(content), updated_at: updatedAt, contribution_version: this.db.raw('coalesce(contribution_version, 0) + 1') });
    if (n !== 1) return false;
    await this.db('event_slots').where({ event_id: id }).delete();
    if (slots.length) await this.db('event_slots').insert(slots.map(slotColumns));
    return true;
  }

  /** Retracts unless taken over; true when this call retracted it. */
  async retract(id: string, at: number): Promise<boolean> {
    const n = await this.db('events').where({ id }).whereNull('retracted_at').whereNull('staff_takeover_at').update({ retracted_at: at, updated_at: at });
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

  async slots(eventId: string): Promise<EventSlotRow[]> {
    return (await this.db('event_slots').where({ event_id: eventId }).orderBy('position')).map(toSlot);
  }

  async profilesByIds(ids: string[]): Promise<ProfileRow[]> {
    if (!ids.length) return [];
    return (await this.db('profiles').whereIn('id', [...new Set(ids)])).map(toProfile);
  }

  async profilesBySlugs(slugs: string[]): Promise<ProfileRow[]> {
    if (!slugs.length) return [];
    return (await this.db('profiles').whereIn('slug', [...new Set(slugs)])).map(toProfile);
  }

  async worldById(id: string): Promise<WorldRow | undefined> {
    const r = await this.db('worlds').where({ id }).first();
    return r ? toWorld(r) : undefined;
  }

  async worldBySlug(slug: string): Promise<WorldRow | undefined> {
    const r = await this.db('worlds').where({ slug }).first();
    return r ? toWorld(r) : undefined;
  }

  /** Public profiles of a type whose display name or slug equals `name` (case-insensitive), or whose aliases mention it. */
  async profilesNamed(type: ProfileType, name: string, slug: string, limit = 10): Promise<ProfileRow[]> {
    const lower = name.toLowerCase();
    const rows = await this.db('profiles')
      .where({ profile_type: type, publication_state: 'published', public_surfacing_state: 'public' })
      .andWhere((w) => w.whereRaw('lower(display_name) = ?', [lower]).orWhere('slug', slug).orWhereRaw('lower(aliases) like ?', [`%${JSON.stringify(lower).slice(1, -1).replace(/[%_]/g, '')}%`]))
      .orderBy('slug')
      .limit(limit);
    return rows.map(toProfile);
  }

  async worldsNamed(name: string, slug: string, limit = 10): Promise<WorldRow[]> {
    const rows = await this.db('worlds')
      .where({ visibility_status: 'published' })
      .andWhere((w) => w.whereRaw('lower(display_name) = ?', [name.toLowerCase()]).orWhere('slug', slug))
      .orderBy('slug')
      .limit(limit);
    return rows.map(toWorld);
  }
}
