import type { Db } from '../db/knex.js';
import { bool, json } from './rows.js';

export type ProfileType = 'person' | 'community';

export interface ProfileRow {
  id: string;
  slug: string;
  profileType: ProfileType;
  displayName: string;
  aliases: string[];
  tags: string[];
  headline: string | null;
  bio: string | null;
  region: string | null;
  timezone: string | null;
  pronouns: string | null;
  roleTags: string[];
  communitySubtype: string | null;
  categoryTags: string[];
  outboundLinks: unknown[];
  claimState: 'unclaimed' | 'claimed_unverified' | 'claimed_verified';
  publicationState: 'draft_private' | 'published';
  publicSurfacingState: 'public' | 'opted_out' | 'suppressed' | 'archived';
  creationSource: 'self' | 'community' | 'concierge' | 'import' | 'moderator';
  ownerUserId: string | null;
  submittedByUserId: string | null;
  claimedAt: number | null;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface WorldRow {
  id: string;
  slug: string;
  displayName: string;
  summary: string | null;
  description: string | null;
  tags: string[];
  platformCompatibility: string[];
  vrchatWorldId: string | null;
  heroImageUrl: string | null;
  visibilityStatus: string;
  ownerUserId: string | null;
  createdAt: number;
  updatedAt: number;
}

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
  sourceType: string;
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
}

export const toProfile = (r: Record<string, unknown>): ProfileRow => ({
  id: r.id as string,
  slug: r.slug as string,
  profileType: r.profile_type as ProfileType,
  displayName: r.display_name as string,
  aliases: json(r.aliases, []),
  tags: json(r.tags, []),
  headline: (r.headline as string | null) ?? null,
  bio: (r.bio as string | null) ?? null,
  region: (r.region as string | null) ?? null,
  timezone: (r.timezone as string | null) ?? null,
  pronouns: (r.pronouns as string | null) ?? null,
  roleTags: json(r.role_tags, []),
  communitySubtype: (r.community_subtype as string | null) ?? null,
  categoryTags: json(r.category_tags, []),
  outboundLinks: json(r.outbound_links, []),
  claimState: r.claim_state as ProfileRow['claimState'],
  publicationState: r.publication_state as ProfileRow['publicationState'],
  publicSurfacingState: r.public_surfacing_state as ProfileRow['publicSurfacingState'],
  creationSource: r.creation_source as ProfileRow['creationSource'],
  ownerUserId: (r.owner_user_id as string | null) ?? null,
  submittedByUserId: (r.submitted_by_user_id as string | null) ?? null,
  claimedAt: (r.claimed_at as number | null) ?? null,
  publishedAt: (r.published_at as number | null) ?? null,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
});

export const toWorld = (r: Record<string, unknown>): WorldRow => ({
  id: r.id as string,
  slug: r.slug as string,
  displayName: r.display_name as string,
  summary: (r.summary as string | null) ?? null,
  description: (r.description as string | null) ?? null,
  tags: json(r.tags, []),
  platformCompatibility: json(r.platform_compatibility, []),
  vrchatWorldId: (r.vrchat_world_id as string | null) ?? null,
  heroImageUrl: (r.hero_image_url as string | null) ?? null,
  visibilityStatus: r.visibility_status as string,
  ownerUserId: (r.owner_user_id as string | null) ?? null,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
});

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
  sourceType: r.source_type as string,
  sourceLabel: r.source_label as string,
  sourceUrl: (r.source_url as string | null) ?? null,
  watchMode: r.watch_mode as EventRow['watchMode'],
  watchSurfaceEnabled: bool(r.watch_surface_enabled),
  createdByUserId: (r.created_by_user_id as string | null) ?? null,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
  publishedAt: (r.published_at as number | null) ?? null,
});

export class DirectoryRepository {
  constructor(private readonly db: Db) {}

  /** Slugs already taken by `base` or `base-N`, across profiles, worlds or events. */
  async slugsLike(table: 'profiles' | 'worlds' | 'events', base: string): Promise<string[]> {
    const rows = await this.db(table).where('slug', base).orWhere('slug', 'like', `${base}-%`).select('slug');
    return rows.map((r: { slug: string }) => r.slug);
  }

  async insertProfile(p: ProfileRow): Promise<void> {
    await this.db('profiles').insert({
      id: p.id,
      slug: p.slug,
      profile_type: p.profileType,
      display_name: p.displayName,
      aliases: JSON.stringify(p.aliases),
      tags: JSON.stringify(p.tags),
      headline: p.headline,
      bio: p.bio,
      region: p.region,
      timezone: p.timezone,
      pronouns: p.pronouns,
      role_tags: JSON.stringify(p.roleTags),
      community_subtype: p.communitySubtype,
      category_tags: JSON.stringify(p.categoryTags),
      outbound_links: JSON.stringify(p.outboundLinks),
      claim_state: p.claimState,
      publication_state: p.publicationState,
      public_surfacing_state: p.publicSurfacingState,
      creation_source: p.creationSource,
      owner_user_id: p.ownerUserId,
      submitted_by_user_id: p.submittedByUserId,
      claimed_at: p.claimedAt,
      published_at: p.publishedAt,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    });
  }

  async findProfileBySlug(slug: string): Promise<ProfileRow | undefined> {
    const r = await this.db('profiles').where({ slug }).first();
    return r ? toProfile(r) : undefined;
  }

  async findProfileById(id: string): Promise<ProfileRow | undefined> {
    const r = await this.db('profiles').where({ id }).first();
    return r ? toProfile(r) : undefined;
  }

  /** Profiles an account owns, by slug; `afterSlug` continues a page. Reads `limit + 1` to know if more follow. */
  async listProfilesOwnedBy(userId: string, opts: { profileType?: ProfileType; limit: number; afterSlug?: string }): Promise<ProfileRow[]> {
    const q = this.db('profiles').where({ owner_user_id: userId }).orderBy('slug').limit(opts.limit + 1);
    if (opts.profileType) q.andWhere({ profile_type: opts.profileType });
    if (opts.afterSlug !== undefined) q.andWhere('slug', '>', opts.afterSlug);
    return (await q).map(toProfile);
  }

  /**
   * Events (not retracted) of the communities an account owns, by date then id, with their
   * community; `after` continues a page. Reads `limit + 1`.
   */
  async listEventsOfOwnedCommunities(
    userId: string,
    opts: { limit: number; after?: { eventDate: string; id: string } },
  ): Promise<(EventRow & { communitySlug: string; communityName: string })[]> {
    const q = this.db('events as e')
      .join('profiles as p', 'p.id', 'e.community_profile_id')
      .where('p.owner_user_id', userId)
      .andWhere('p.profile_type', 'community')
      .whereNull('e.retracted_at')
      .select('e.*', 'p.slug as community_slug', 'p.display_name as community_name')
      .orderBy([{ column: 'e.event_date' }, { column: 'e.id' }])
      .limit(opts.limit + 1);
    if (opts.after) {
      const { eventDate, id } = opts.after;
      q.andWhere((w) => w.where('e.event_date', '>', eventDate).orWhere((w2) => w2.where('e.event_date', eventDate).andWhere('e.id', '>', id)));
    }
    return (await q).map((r: Record<string, unknown>) => ({ ...toEvent(r), communitySlug: r.community_slug as string, communityName: r.community_name as string }));
  }

  async insertWorld(w: WorldRow): Promise<void> {
    await this.db('worlds').insert({
      id: w.id,
      slug: w.slug,
      display_name: w.displayName,
      summary: w.summary,
      description: w.description,
      tags: JSON.stringify(w.tags),
      platform_compatibility: JSON.stringify(w.platformCompatibility),
      vrchat_world_id: w.vrchatWorldId,
      hero_image_url: w.heroImageUrl,
      visibility_status: w.visibilityStatus,
      owner_user_id: w.ownerUserId,
      created_at: w.createdAt,
      updated_at: w.updatedAt,
    });
  }

  async findWorldBySlug(slug: string): Promise<WorldRow | undefined> {
    const r = await this.db('worlds').where({ slug }).first();
    return r ? toWorld(r) : undefined;
  }

  async insertEvent(e: EventRow, slots: EventSlotRow[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('events').insert({
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
      });
      if (slots.length) {
        await trx('event_slots').insert(
          slots.map((s) => ({
            id: s.id,
            event_id: s.eventId,
            position: s.position,
            display_label: s.displayLabel,
            role_label: s.roleLabel,
            person_profile_id: s.personProfileId,
            start_at: s.startAt,
            end_at: s.endAt,
          })),
        );
      }
    });
  }

  async findEventBySlug(slug: string): Promise<EventRow | undefined> {
    const r = await this.db('events').where({ slug }).whereNull('retracted_at').first();
    return r ? toEvent(r) : undefined;
  }

  async countEvents(): Promise<number> {
    const row = await this.db('events').count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async listSlots(eventId: string): Promise<EventSlotRow[]> {
    return (await this.db('event_slots').where({ event_id: eventId }).orderBy('position')).map(toSlot);
  }
}
