import { newId } from '../../lib/crypto.js';
import type { EventRow, EventSlotRow } from '../../repositories/events.js';
import type { ProfileRow, ProfileType, StoredOutboundLink } from '../../repositories/profiles.js';
import type { WorldRow } from '../../repositories/worlds.js';
import { problems } from '../errors.js';
import type { ServiceDeps } from '../context.js';
import { nextFreeSlug, slugify } from './slugs.js';
import { refreshSearch } from './searchDocuments.js';

export interface NewProfile {
  profileType: ProfileType;
  displayName: string;
  ownerUserId?: string;
  headline?: string;
  bio?: string;
  region?: string;
  timezone?: string;
  tags?: string[];
  pronouns?: string;
  roleTags?: string[];
  communitySubtype?: string;
  categoryTags?: string[];
  outboundLinks?: StoredOutboundLink[];
}

export interface NewWorld {
  displayName: string;
  ownerUserId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  platformCompatibility?: string[];
  vrchatWorldId?: string;
}

export interface NewEvent {
  communitySlug: string;
  title: string;
  eventDate: string;
  startAt?: number;
  endAt?: number;
  doorsOpenAt?: number;
  timezone?: string;
  worldSlug?: string;
  summary?: string;
  createdByUserId?: string;
  lineup?: { displayLabel: string; roleLabel?: string; personSlug?: string; startAt?: number; endAt?: number }[];
}

/** Operator-side creation of directory entries (profiles, worlds, events). */
export class DirectoryService {
  constructor(private readonly deps: ServiceDeps) {}

  private async freeSlug(table: 'profiles' | 'worlds' | 'events', text: string): Promise<string> {
    return nextFreeSlug(text, await this.deps.repos[table].slugsLike(slugify(text)));
  }

  private async requireUser(userId: string | undefined) {
    if (userId && !(await this.deps.repos.users.findById(userId))) throw problems.notFound('No such user.');
  }

  /** How many events the directory holds (retracted ones included). */
  countEvents(): Promise<number> {
    return this.deps.repos.events.count();
  }

  findProfile(slug: string): Promise<ProfileRow | undefined> {
    return this.deps.repos.profiles.findBySlug(slug);
  }

  async createProfile(input: NewProfile): Promise<ProfileRow> {
    await this.requireUser(input.ownerUserId);
    const now = this.deps.clock.now();
    const owned = !!input.ownerUserId;
    const row: ProfileRow = {
      id: newId('prf'),
      slug: await this.freeSlug('profiles', input.displayName),
      profileType: input.profileType,
      displayName: input.displayName,
      aliases: [],
      tags: input.tags ?? [],
      headline: input.headline ?? null,
      bio: input.bio ?? null,
      region: input.region ?? null,
      timezone: input.timezone ?? null,
      pronouns: input.pronouns ?? null,
      roleTags: input.roleTags ?? [],
      communitySubtype: input.communitySubtype ?? null,
      categoryTags: input.categoryTags ?? [],
      outboundLinks: input.outboundLinks ?? [],
      claimState: owned ? 'claimed_verified' : 'unclaimed',
      publicationState: 'published',
      publicSurfacingState: 'public',
      creationSource: owned ? 'self' : 'concierge',
      ownerUserId: input.ownerUserId ?? null,
      submittedByUserId: null,
      claimedAt: owned ? now : null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.profiles.insert(row);
      await refreshSearch.profile(repos, row);
    });
    return row;
  }

  async createWorld(input: NewWorld): Promise<WorldRow> {
    await this.requireUser(input.ownerUserId);
    const now = this.deps.clock.now();
    const row: WorldRow = {
      id: newId('wld'),
      slug: await this.freeSlug('worlds', input.displayName),
      displayName: input.displayName,
      summary: input.summary ?? null,
      description: input.description ?? null,
      tags: input.tags ?? [],
      platformCompatibility: input.platformCompatibility ?? ['pc'],
      vrchatWorldId: input.vrchatWorldId ?? null,
      heroImageUrl: null,
      visibilityStatus: 'published',
      ownerUserId: input.ownerUserId ?? null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.worlds.insert(row);
      await refreshSearch.world(repos, row);
    });
    return row;
  }

  async createEvent(input: NewEvent): Promise<EventRow> {
    const community = await this.deps.repos.profiles.findBySlug(input.communitySlug);
    if (!community || community.profileType !== 'community') throw problems.notFound(`No community ${input.communitySlug}.`);
    const world = input.worldSlug ? await this.deps.repos.worlds.findBySlug(input.worldSlug) : undefined;
    if (input.worldSlug && !world) throw problems.notFound(`No world ${input.worldSlug}.`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.eventDate)) throw problems.validation([{ pointer: '/eventDate', message: 'must be YYYY-MM-DD' }]);
    const now = this.deps.clock.now();
    const id = newId('evt');
    const row: EventRow = {
      id,
      slug: await this.freeSlug('events', `${input.title} ${input.eventDate}`),
      communityProfileId: community.id,
      worldId: world?.id ?? null,
      title: input.title,
      summary: input.summary ?? null,
      eventDate: input.eventDate,
      scheduleKind: input.startAt === undefined ? 'date_only' : 'timed',
      startAt: input.startAt ?? null,
      endAt: input.endAt ?? null,
      doorsOpenAt: input.doorsOpenAt ?? null,
      timezone: input.timezone ?? community.timezone ?? null,
      status: 'scheduled',
      sourceType: 'manual',
      sourceLabel: community.displayName,
      sourceUrl: null,
      watchMode: 'event_stream',
      watchSurfaceEnabled: false,
      createdByUserId: input.createdByUserId ?? null,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    };
    const slots: EventSlotRow[] = [];
    for (const [position, entry] of (input.lineup ?? []).entries()) {
      const person = entry.personSlug ? await this.deps.repos.profiles.findBySlug(entry.personSlug) : undefined;
      slots.push({
        id: newId('slt'),
        eventId: id,
        position,
        displayLabel: entry.displayLabel,
        roleLabel: entry.roleLabel ?? '',
        personProfileId: person?.id ?? null,
        startAt: entry.startAt ?? null,
        endAt: entry.endAt ?? null,
      });
    }
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.events.insert(row, slots);
      await refreshSearch.event(repos, id, community);
    });
    return row;
  }
}
