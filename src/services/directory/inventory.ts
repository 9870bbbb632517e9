import type { ProfileRow, ProfileType } from '../../repositories/profiles.js';
import type { Schemas } from '../../contract/types.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { eventStatus } from '../events/status.js';
import { actingUser, type Actor, type ServiceDeps } from '../context.js';

const DEFAULT_LIMIT = 50;

function profileSummary(p: ProfileRow): Schemas['ApiMeProfileSummary'] {
  const out: Schemas['ApiMeProfileSummary'] = {
    id: p.id,
    slug: p.slug,
    profileType: p.profileType,
    displayName: p.displayName,
    claimState: p.claimState,
    publicationState: p.publicationState,
    publicSurfacingState: p.publicSurfacingState,
    creationSource: p.creationSource,
    updatedAt: p.updatedAt,
    aliases: p.aliases,
    tags: p.tags,
    // As written (ApiProfileLinkInput); provenance, visibility and destinations stay internal.
    outboundLinks: p.outboundLinks.map(({ type, url, label, labelMode, handle, presentation }) => ({ type, url, ...(label ? { label } : {}), ...(labelMode ? { labelMode } : {}), ...(handle ? { handle } : {}), ...(presentation ? { presentation } : {}) })),
  };
  if (p.headline) out.headline = p.headline;
  if (p.claimedAt !== null) out.claimedAt = p.claimedAt;
  if (p.publishedAt !== null) out.publishedAt = p.publishedAt;
  if (p.profileType === 'person') out.person = { ...(p.pronouns ? { pronouns: p.pronouns } : {}), roleTags: p.roleTags };
  else out.community = { ...(p.communitySubtype ? { subtype: p.communitySubtype } : {}), categoryTags: p.categoryTags };
  return out;
}

/** Owner inventories (contract 4.5): what an account owns, including drafts and opted-out profiles. */
export class InventoryService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The caller's profiles (optionally of one type), by slug. */
  async profiles(actor: Actor, opts: { profileType?: ProfileType; limit?: number; cursor?: string }): Promise<Schemas['ApiMeProfilesResponse']> {
    const { userId } = actingUser(actor);
    const limit = opts.limit ?? DEFAULT_LIMIT;
    const afterSlug = opts.cursor ? decodeCursor<[string]>(opts.cursor, ['string'])[0] : undefined;
    const rows = await this.deps.repos.profiles.listOwnedBy(userId, { profileType: opts.profileType, limit, afterSlug });
    const page = rows.slice(0, limit);
    return {
      profiles: page.map(profileSummary),
      nextCursor: rows.length > limit ? encodeCursor([page[page.length - 1].slug]) : null,
    };
  }

  /** The caller's community profiles, by slug. */
  async communities(actor: Actor, opts: { limit?: number; cursor?: string }): Promise<Schemas['ApiMeCommunitiesResponse']> {
    const { profiles, nextCursor } = await this.profiles(actor, { ...opts, profileType: 'community' });
    return { communities: profiles.map((p) => ({ ...p, profileType: 'community' as const })), nextCursor };
  }

  /** Events of the communities the caller owns, by date then id (contract 4.5). */
  async events(actor: Actor, opts: { limit?: number; cursor?: string }): Promise<Schemas['ApiMeEventsResponse']> {
    const { userId } = actingUser(actor);
    const { repos } = this.deps;
    const limit = opts.limit ?? DEFAULT_LIMIT;
    const after = opts.cursor ? decodeCursor<[string, string]>(opts.cursor, ['string', 'string']) : undefined;
    const communities = new Map((await repos.profiles.communitiesOwnedBy(userId)).map((p) => [p.id, p]));
    const rows = await repos.events.listOfCommunities([...communities.keys()], { limit, after: after && { eventDate: after[0], id: after[1] } });
    const page = rows.slice(0, limit);
    const now = this.deps.clock.now();
    const items = page.map((e) => {
      const community = communities.get(e.communityProfileId)!;
      const out: Schemas['ApiMeEventSummary'] = {
        id: e.id,
        slug: e.slug,
        title: e.title,
        scheduleKind: e.scheduleKind,
        eventDate: e.eventDate,
        communityProfileId: e.communityProfileId,
        communitySlug: community.slug,
        communityName: community.displayName,
        sourceType: e.sourceType,
        sourceLabel: e.sourceLabel,
        publicationState: e.publishedAt !== null ? 'published' : 'draft_private',
        status: eventStatus(e, now),
        watchMode: e.watchMode,
        watchSurfaceEnabled: e.watchSurfaceEnabled,
        createdAt: e.createdAt,
        updatedAt: e.updatedAt,
      };
      if (e.scheduleKind === 'timed' && e.startAt !== null) {
        out.startAt = e.startAt;
        if (e.endAt !== null) out.endAt = e.endAt;
        if (e.doorsOpenAt !== null) out.doorsOpenAt = e.doorsOpenAt;
      }
      if (e.timezone) out.timezone = e.timezone;
      if (e.summary) out.summary = e.summary;
      if (e.publishedAt !== null) out.publishedAt = e.publishedAt;
      return out;
    });
    const last = page[page.length - 1];
    return { events: items, nextCursor: rows.length > limit ? encodeCursor([last.eventDate, last.id]) : null };
  }
}
