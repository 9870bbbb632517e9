import { eventWindow } from '../../lib/eventWindow.js';
import type { EventRow } from '../../repositories/events.js';
import type { Repositories } from '../../repositories/index.js';
import type { ProfileRow } from '../../repositories/profiles.js';
import type { StoredEvent } from '../../repositories/events.js';
import type { WorldRow } from '../../repositories/worlds.js';
import type { SearchableEvent, SearchDocument, SearchDocumentBuilders } from '../../repositories/search.js';
import { artworkPathOf } from '../events/publicEvents.js';
import { isPublicProfile } from './publicReads.js';

/** Result summaries are cut here (on a word boundary when one is near). */
const SUMMARY_MAX = 240;

function clip(text: string | null): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SUMMARY_MAX) return flat || null;
  const cut = flat.slice(0, SUMMARY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > SUMMARY_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

const base = { communityProfileId: null, communityName: null, startsAt: null, windowStartAt: null, windowEndAt: null, sourceType: null, sourceLabel: null, claimState: null, creationSource: null, imageUrl: null };

/** A person or community: public when `isPublicProfile` says so; matched on name, aliases, tags, headline and bio. */
export function profileSearchDocument(p: ProfileRow): SearchDocument {
  // Text the profile keeps private is neither matched nor shown (contract 4.6 rule 2).
  const headline = p.privateFields?.includes('headline') ? null : p.headline;
  const bio = p.privateFields?.includes('bio') ? null : p.bio;
  return {
    ...base,
    kind: p.profileType,
    entityId: p.id,
    slug: p.slug,
    title: p.displayName,
    aliases: p.aliases,
    // The tags the public profile shows (contract 2.10: role tags of people, category tags of communities).
    tags: [...new Set([...p.tags, ...(p.profileType === 'person' ? p.roleTags : p.categoryTags)])],
    text: [headline, bio],
    subtitle: headline,
    summary: clip(bio),
    claimState: p.claimState,
    creationSource: p.creationSource,
    visible: isPublicProfile(p),
    updatedAt: p.updatedAt,
  };
}

/** A world: public when published; matched on name, tags, summary and description. */
export function worldSearchDocument(w: WorldRow): SearchDocument {
  return {
    ...base,
    kind: 'world',
    entityId: w.id,
    slug: w.slug,
    title: w.displayName,
    aliases: [],
    tags: w.tags,
    text: [w.summary, w.description],
    subtitle: w.summary,
    summary: clip(w.description),
    imageUrl: w.heroImageUrl,
    visible: w.visibilityStatus === 'published',
    updatedAt: w.updatedAt,
  };
}

/**
 * An event: discoverable unless retracted or cancelled, and (checked at query time) until its
 * window ends (decisions §4). Matched on title, summary and venue; shows its community.
 */
export function eventSearchDocument(e: SearchableEvent, community: ProfileRow | undefined): SearchDocument {
  return {
    ...base,
    kind: 'event',
    entityId: e.id,
    slug: e.slug,
    title: e.title,
    aliases: [],
    tags: [],
    text: [e.summary, e.venueLabel],
    subtitle: community?.displayName ?? null,
    summary: clip(e.summary),
    // The event's own thumbnail or poster (owner writes), else the intake artwork.
    imageUrl: e.thumbnailImageUrl || e.posterImageUrl || (e.artworkAssetId ? artworkPathOf(e.slug) : null),
    communityProfileId: e.communityProfileId,
    communityName: community?.displayName ?? null,
    startsAt: e.scheduleKind === 'timed' ? e.startAt : null,
    windowStartAt: e.windowStartAt,
    windowEndAt: e.windowEndAt,
    sourceType: e.sourceType,
    sourceLabel: e.sourceType === 'community' ? 'Community-submitted' : e.sourceLabel || community?.displayName || 'Organiser',
    visible: e.retractedAt === null && e.status !== 'cancelled',
    updatedAt: e.updatedAt,
  };
}

export const searchDocumentBuilders: SearchDocumentBuilders = { profile: profileSearchDocument, world: worldSearchDocument, event: eventSearchDocument };

/**
 * Contract 4.6 rule 6: every write that changes what search shows refreshes the projection with
 * the repositories of its own unit of work, so the entity and its document commit together.
 * The same writes change what public reads show: each also moves the public-read version stamp
 * in that unit of work (on PostgreSQL the search write's own statement does, by trigger), so
 * cached public answers computed before the write stop being served.
 */
export const refreshSearch = {
  async profile(repos: Repositories, p: ProfileRow): Promise<void> {
    await repos.search.upsert(profileSearchDocument(p));
    if (p.profileType === 'community') await repos.search.renameCommunity(p.id, p.displayName);
    await repos.publicReadVersions.bumpAfterSearchWrite();
  },
  async world(repos: Repositories, w: WorldRow): Promise<void> {
    await repos.search.upsert(worldSearchDocument(w));
    await repos.publicReadVersions.bumpAfterSearchWrite();
  },
  /**
   * Documents for rows added in bulk (demo and scale loads), written in batches. Events take
   * their window from their schedule and their community from `profiles` or the database.
   */
  async batch(repos: Repositories, rows: { profiles?: ProfileRow[]; worlds?: WorldRow[]; events?: EventRow[] }): Promise<void> {
    const profiles = rows.profiles ?? [];
    const known = new Map(profiles.map((p) => [p.id, p]));
    const missing = [...new Set((rows.events ?? []).map((e) => e.communityProfileId).filter((id) => !known.has(id)))];
    for (const p of await repos.profiles.byIds(missing)) known.set(p.id, p);
    await repos.search.upsertMany([
      ...profiles.map(profileSearchDocument),
      ...(rows.worlds ?? []).map(worldSearchDocument),
      ...(rows.events ?? []).map((e) => {
        const w = eventWindow(e);
        return eventSearchDocument({ ...e, windowStartAt: w.startsAt, windowEndAt: w.endsAt, retractedAt: null, venueLabel: null, artworkAssetId: null }, known.get(e.communityProfileId));
      }),
    ]);
    await repos.publicReadVersions.bumpAfterSearchWrite();
  },
  /**
   * Reads the event as stored (window, retraction) and its community, then upserts its document;
   * `written` is the event as the unit of work has just written it whole (no read needed).
   */
  async event(repos: Repositories, eventId: string, community?: ProfileRow, written?: StoredEvent): Promise<void> {
    const e = written ?? (await repos.events.findById(eventId));
    if (!e) {
      await repos.search.remove('event', eventId);
      // The event is gone whether or not it had a document to remove.
      await repos.publicReadVersions.bump();
      return;
    }
    const owner = community?.id === e.communityProfileId ? community : await repos.profiles.findById(e.communityProfileId);
    await repos.search.upsert(eventSearchDocument(e, owner));
    await repos.publicReadVersions.bumpAfterSearchWrite();
  },
};
