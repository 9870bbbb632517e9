import { DirectoryRepository, type ProfileRow, type ProfileType, type WorldRow } from '../../repositories/directory.js';
import { problems } from '../errors.js';
import type { ServiceDeps } from '../context.js';

export type TrustLabel = 'community_submitted' | 'unclaimed' | 'claimed_unverified' | 'claimed_verified';

/** A profile contributed by the community and never claimed says so; otherwise its claim state. */
export function trustLabelOf(p: Pick<ProfileRow, 'claimState' | 'creationSource'>): TrustLabel {
  if (p.claimState === 'unclaimed' && p.creationSource === 'community') return 'community_submitted';
  return p.claimState;
}

const isPublic = (p: ProfileRow) => p.publicationState === 'published' && p.publicSurfacingState === 'public';

/** Anonymous reads of the directory. Drafts, opted-out and suppressed profiles are not found. */
export class PublicDirectoryService {
  private readonly repo: DirectoryRepository;
  constructor(deps: ServiceDeps) {
    this.repo = new DirectoryRepository(deps.db);
  }

  private async publicProfile(slug: string, type?: ProfileType): Promise<ProfileRow> {
    const p = await this.repo.findProfileBySlug(slug);
    if (!p || !isPublic(p) || (type && p.profileType !== type)) throw problems.notFound('No public profile with this slug.');
    return p;
  }

  async profile(slug: string, type?: ProfileType) {
    const p = await this.publicProfile(slug, type);
    const out: Record<string, unknown> = {
      id: p.id,
      slug: p.slug,
      profileType: p.profileType,
      displayName: p.displayName,
      aliases: p.aliases,
      tags: p.profileType === 'person' ? [...new Set([...p.tags, ...p.roleTags])] : [...new Set([...p.tags, ...p.categoryTags])],
      outboundLinks: p.outboundLinks,
      trustLabel: trustLabelOf(p),
      updatedAt: p.updatedAt,
      source: { sourceType: p.creationSource === 'community' ? 'community' : p.ownerUserId ? 'owner' : 'manual', updatedAt: p.updatedAt },
    };
    if (p.headline) out.headline = p.headline;
    if (p.bio) out.bio = p.bio;
    if (p.region) out.region = p.region;
    if (p.timezone) out.timezone = p.timezone;
    if (p.profileType === 'person' && p.pronouns) out.pronouns = p.pronouns;
    if (p.profileType === 'community' && p.communitySubtype) out.communitySubtype = p.communitySubtype;
    return out;
  }

  async claimStatus(slug: string) {
    const p = await this.publicProfile(slug);
    return { slug: p.slug, profileType: p.profileType, displayName: p.displayName, claimState: p.claimState, trustLabel: trustLabelOf(p) };
  }

  async world(slug: string) {
    const w: WorldRow | undefined = await this.repo.findWorldBySlug(slug);
    if (!w || w.visibilityStatus !== 'published') throw problems.notFound('No public world with this slug.');
    const out: Record<string, unknown> = {
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
