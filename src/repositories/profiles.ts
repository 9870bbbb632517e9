import type { Queryable } from '../db/knex.js';
import type { Schemas } from '../contract/types.js';
import { json, slugsLike } from './rows.js';

export type ProfileType = 'person' | 'community';

/** The fields a profile can keep private (off the public read and search; out of contributors' reach). */
export const PRIVATE_PROFILE_FIELDS = ['headline', 'bio', 'region', 'timezone', 'pronouns'] as const;
export type PrivateProfileField = (typeof PRIVATE_PROFILE_FIELDS)[number];
const isPrivateProfileField = (v: unknown): v is PrivateProfileField => (PRIVATE_PROFILE_FIELDS as readonly unknown[]).includes(v);

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
  /** As stored: the public read filters unlisted and private links (contract 2.8). */
  outboundLinks: StoredOutboundLink[];
  /** Fields kept private (stored as `private_fields`); none when absent. */
  privateFields?: PrivateProfileField[];
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

/** A profile link as stored: as the owner wrote it, with where it leads, its source and its visibility. */
export type StoredOutboundLink = Schemas['ApiProfileLinkInput'] & {
  destination?: Schemas['LinkDestination'];
  source?: string;
  visibility?: string;
  discoveryVisibility?: string;
};

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
  privateFields: json<unknown[]>(r.private_fields, []).filter(isPrivateProfileField),
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

/** The columns the profile write routes change (contract 4.6 rule 7: never slug, claim, publication or visibility). */
const contentColumns = (p: ProfileRow) => ({
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
  updated_at: p.updatedAt,
});

const profileColumns = (p: ProfileRow) => ({
  ...contentColumns(p),
  id: p.id,
  slug: p.slug,
  profile_type: p.profileType,
  private_fields: JSON.stringify(p.privateFields ?? []),
  claim_state: p.claimState,
  publication_state: p.publicationState,
  public_surfacing_state: p.publicSurfacingState,
  creation_source: p.creationSource,
  owner_user_id: p.ownerUserId,
  submitted_by_user_id: p.submittedByUserId,
  claimed_at: p.claimedAt,
  published_at: p.publishedAt,
  created_at: p.createdAt,
});

/** The owner of the `profiles` table: people and communities. */
export class ProfilesRepository {
  constructor(private readonly db: Queryable) {}

  slugsLike(base: string): Promise<string[]> {
    return slugsLike(this.db, 'profiles', base);
  }

  async insert(p: ProfileRow): Promise<void> {
    await this.db('profiles').insert(profileColumns(p));
  }

  /** Many profiles at once (bulk loads), in batches that stay under every dialect's parameter limit. */
  async insertMany(rows: ProfileRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await this.db('profiles').insert(rows.slice(i, i + 500).map(profileColumns));
  }

  /**
   * Writes the fields the profile write routes change (contract 4.6 rule 7: never slug, claim,
   * publication, visibility or ownership), if the stored revision is still `expectedUpdatedAt`:
   * the compare-and-set that makes one of two racing writers lose. True when the row changed.
   */
  async updateContentAt(p: ProfileRow, expectedUpdatedAt: number): Promise<boolean> {
    const changed = await this.db('profiles')
      .where({ id: p.id, updated_at: expectedUpdatedAt })
      .update(contentColumns(p));
    return changed === 1;
  }

  /** Names and aliases of the profiles of a type that opted out of being listed (few; compared by the caller). */
  async optedOutNames(type: ProfileType): Promise<{ id: string; displayName: string; aliases: string[] }[]> {
    const rows = await this.db('profiles').where({ profile_type: type, public_surfacing_state: 'opted_out' }).select('id', 'display_name', 'aliases');
    return rows.map((r: Record<string, unknown>) => ({ id: r.id as string, displayName: r.display_name as string, aliases: json<string[]>(r.aliases, []) }));
  }

  /**
   * Every published, surfaced profile's slug, type and last change, by slug (for the sitemap).
   * The caller applies `isPublicProfile` to what comes back, the one definition of public.
   */
  async publicPageRows(): Promise<Pick<ProfileRow, 'slug' | 'profileType' | 'publicationState' | 'publicSurfacingState' | 'updatedAt'>[]> {
    const rows = await this.db('profiles')
      .where({ publication_state: 'published', public_surfacing_state: 'public' })
      .orderBy('slug')
      .select('slug', 'profile_type', 'publication_state', 'public_surfacing_state', 'updated_at');
    return rows.map((r: Record<string, unknown>) => ({
      slug: r.slug as string,
      profileType: r.profile_type as ProfileType,
      publicationState: r.publication_state as ProfileRow['publicationState'],
      publicSurfacingState: r.public_surfacing_state as ProfileRow['publicSurfacingState'],
      updatedAt: Number(r.updated_at),
    }));
  }

  async findBySlug(slug: string): Promise<ProfileRow | undefined> {
    const r = await this.db('profiles').where({ slug }).first();
    return r ? toProfile(r) : undefined;
  }

  async findById(id: string): Promise<ProfileRow | undefined> {
    const r = await this.db('profiles').where({ id }).first();
    return r ? toProfile(r) : undefined;
  }

  async byIds(ids: string[]): Promise<ProfileRow[]> {
    if (!ids.length) return [];
    return (await this.db('profiles').whereIn('id', [...new Set(ids)])).map(toProfile);
  }

  async bySlugs(slugs: string[]): Promise<ProfileRow[]> {
    if (!slugs.length) return [];
    return (await this.db('profiles').whereIn('slug', [...new Set(slugs)])).map(toProfile);
  }

  /** Profiles an account owns, by slug; `afterSlug` continues a page. Reads `limit + 1` to know if more follow. */
  async listOwnedBy(userId: string, opts: { profileType?: ProfileType; limit: number; afterSlug?: string }): Promise<ProfileRow[]> {
    const q = this.db('profiles').where({ owner_user_id: userId }).orderBy('slug').limit(opts.limit + 1);
    if (opts.profileType) q.andWhere({ profile_type: opts.profileType });
    if (opts.afterSlug !== undefined) q.andWhere('slug', '>', opts.afterSlug);
    return (await q).map(toProfile);
  }

  /** Every community profile an account owns. */
  async communitiesOwnedBy(userId: string): Promise<ProfileRow[]> {
    return (await this.db('profiles').where({ owner_user_id: userId, profile_type: 'community' })).map(toProfile);
  }

  /** Public profiles (as `isPublicProfile` defines them) of a type whose display name or slug equals `name` (case-insensitive), or whose aliases mention it. */
  async named(type: ProfileType, name: string, slug: string, limit = 10): Promise<ProfileRow[]> {
    const lower = name.toLowerCase();
    const rows = await this.db('profiles')
      .where({ profile_type: type, publication_state: 'published', public_surfacing_state: 'public' })
      .andWhere((w) => w.whereRaw('lower(display_name) = ?', [lower]).orWhere('slug', slug).orWhereRaw('lower(aliases) like ?', [`%${JSON.stringify(lower).slice(1, -1).replace(/[%_]/g, '')}%`]))
      .orderBy('slug')
      .limit(limit);
    return rows.map(toProfile);
  }
}
