import type { PrivateProfileField, ProfileRow, ProfileType, StoredOutboundLink } from '../../repositories/profiles.js';
import type { Schemas } from '../../contract/types.js';
import { problems } from '../errors.js';
import type { ServiceDeps } from '../context.js';
import { publicMediaOf } from './profileAssets.js';

export type TrustLabel = Schemas['TrustLabel'];

/** A profile contributed by the community and never claimed says so; otherwise its claim state. */
export function trustLabelOf(p: Pick<ProfileRow, 'claimState' | 'creationSource'>): TrustLabel {
  if (p.claimState === 'unclaimed' && p.creationSource === 'community') return 'community_submitted';
  return p.claimState;
}

/** Whether the public read shows a stored link (contract 2.8: never unlisted or private ones; only labelled ones). */
export function isPublicLink(link: StoredOutboundLink): link is StoredOutboundLink & { label: string } {
  const visibility = link.visibility ?? link.discoveryVisibility;
  return !!link.label && visibility !== 'unlisted' && visibility !== 'private';
}

/** Contract 2.8: unlisted and private links are never shown; every shown link carries its label and type. */
export function publicLinksOf(links: StoredOutboundLink[]): Schemas['PublicTypedOutboundLink'][] {
  return links
    .filter(isPublicLink)
    .map(({ url, label, type, labelMode, destination, source }) => ({ url, label, type, ...(labelMode ? { labelMode } : {}), ...(destination ? { destination } : {}), ...(source ? { source } : {}) }));
}

/**
 * The one definition of a public profile: published and surfaced (drafts, opted-out, suppressed
 * and archived profiles are not found), of the given type when one is asked for.
 */
export function isPublicProfile<P extends Pick<ProfileRow, 'publicationState' | 'publicSurfacingState' | 'profileType'>>(p: P | undefined, type?: ProfileType): p is P {
  return !!p && p.publicationState === 'published' && p.publicSurfacingState === 'public' && (!type || p.profileType === type);
}

/** Anonymous reads of the directory. Drafts, opted-out and suppressed profiles are not found. */
export class PublicDirectoryService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The version stamp of everything public reads show: it moves with every committed write to
   * a profile, world or event (refreshSearch), on whichever instance made it.
   */
  readVersion(): Promise<number> {
    return this.deps.repos.publicReadVersions.current();
  }

  /** The stamp read at once where the database answers synchronously (embedded SQLite), else undefined. */
  readVersionNow(): number | undefined {
    return this.deps.repos.publicReadVersions.currentNow();
  }

  private async publicProfile(slug: string, type?: ProfileType): Promise<ProfileRow> {
    const p = await this.deps.repos.profiles.findBySlug(slug);
    if (!isPublicProfile(p, type)) throw problems.notFound('No public profile with this slug.');
    return p;
  }

  async profile(slug: string, type?: ProfileType): Promise<Schemas['PublicProfile']> {
    const p = await this.publicProfile(slug, type);
    const out: Schemas['PublicProfile'] = {
      // Avatar, banner and media kit from the profile's active assets (one query).
      ...(await publicMediaOf(this.deps.repos, p)),
      id: p.id,
      slug: p.slug,
      profileType: p.profileType,
      displayName: p.displayName,
      aliases: p.aliases,
      tags: p.profileType === 'person' ? [...new Set([...p.tags, ...p.roleTags])] : [...new Set([...p.tags, ...p.categoryTags])],
      outboundLinks: publicLinksOf(p.outboundLinks),
      trustLabel: trustLabelOf(p),
      updatedAt: p.updatedAt,
      source: { sourceType: p.creationSource === 'community' ? 'community' : p.ownerUserId ? 'owner' : 'manual', updatedAt: p.updatedAt },
    };
    // Fields the profile keeps private are left out (contract 4.6 rule 2).
    const kept = (field: PrivateProfileField) => !p.privateFields?.includes(field);
    if (p.headline && kept('headline')) out.headline = p.headline;
    if (p.bio && kept('bio')) out.bio = p.bio;
    if (p.region && kept('region')) out.region = p.region;
    if (p.timezone && kept('timezone')) out.timezone = p.timezone;
    if (p.profileType === 'person') out.person = { ...(p.pronouns && kept('pronouns') ? { pronouns: p.pronouns } : {}), roleTags: p.roleTags };
    else out.community = { ...(p.communitySubtype ? { subtype: p.communitySubtype } : {}), categoryTags: p.categoryTags };
    return out;
  }

  async claimStatus(slug: string): Promise<Schemas['PublicClaimStatusResponse']> {
    const p = await this.publicProfile(slug);
    return { slug: p.slug, profileType: p.profileType, displayName: p.displayName, claimState: p.claimState, trustLabel: trustLabelOf(p) };
  }

  async world(slug: string): Promise<Schemas['PublicWorld']> {
    const w = await this.deps.repos.worlds.findBySlug(slug);
    if (!w || w.visibilityStatus !== 'published') throw problems.notFound('No public world with this slug.');
    const out: Schemas['PublicWorld'] = {
      slug: w.slug,
      displayName: w.displayName,
      tags: w.tags,
      platformCompatibility: w.platformCompatibility,
      visibilityStatus: w.visibilityStatus,
      outboundLinks: [],
      media: [],
      creatorAttributions: [],
    };
    if (w.summary) out.summary = w.summary;
    if (w.description) out.description = w.description;
    if (w.vrchatWorldId) out.vrchatWorldId = w.vrchatWorldId;
    if (w.heroImageUrl) out.heroImageUrl = w.heroImageUrl;
    return out;
  }
}
