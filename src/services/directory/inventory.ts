import { DirectoryRepository, type ProfileRow, type ProfileType } from '../../repositories/directory.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { eventStatus } from '../events/status.js';
import type { ServiceDeps } from '../context.js';

const DEFAULT_LIMIT = 50;

function profileSummary(p: ProfileRow) {
  const out: Record<string, unknown> = {
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
    outboundLinks: p.outboundLinks,
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
  private readonly repo: DirectoryRepository;
  constructor(private readonly deps: ServiceDeps) {
    this.repo = new DirectoryRepository(deps.db);
  }

  async profiles(userId: string, opts: { profileType?: ProfileType; limit?: number; cursor?: string }) {
    const limit = opts.limit ?? DEFAULT_LIMIT;
    const afterSlug = opts.cursor ? decodeCursor<[string]>(opts.cursor, ['string'])[0] : undefined;
    const rows = await this.repo.listProfilesOwnedBy(userId, { profileType: opts.profileType, limit, afterSlug });
    const page = rows.slice(0, limit);
    return {
      items: page.map(profileSummary),
      nextCursor: rows.length > limit ? encodeCursor([page[page.length - 1].slug]) : null,
    };
  }

  async events(userId: string, opts: { limit?: number; cursor?: string }) {
    const limit = opts.limit ?? DEFAULT_LIMIT;
    const after = opts.cursor ? decodeCursor<[string, string]>(opts.cursor, ['string', 'string']) : undefined;
    const rows = await this.repo.listEventsOfOwnedCommunities(userId, { limit, after: after && { eventDate: after[0], id: after[1] } });
    const page = rows.slice(0, limit);
    const now = this.deps.clock.now();
    const items = page.map((e) => {
      const out: Record<string, unknown> = {
        id: e.id,
        slug: e.slug,
        title: e.title,
        scheduleKind: e.scheduleKind,
        eventDate: e.eventDate,
        communityProfileId: e.communityProfileId,
        communitySlug: e.communitySlug,
        communityName: e.communityName,
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
    return { items, nextCursor: rows.length > limit ? encodeCursor([last.eventDate, last.id]) : null };
  }
}
