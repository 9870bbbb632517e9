import type { Queryable } from '../db/knex.js';
import { json, slugsLike } from './rows.js';

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

const worldColumns = (w: WorldRow) => ({
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

/** The owner of the `worlds` table. */
export class WorldsRepository {
  constructor(private readonly db: Queryable) {}

  slugsLike(base: string): Promise<string[]> {
    return slugsLike(this.db, 'worlds', base);
  }

  async insert(w: WorldRow): Promise<void> {
    await this.db('worlds').insert(worldColumns(w));
  }

  /** Many worlds at once (bulk loads), in batches. */
  async insertMany(rows: WorldRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await this.db('worlds').insert(rows.slice(i, i + 500).map(worldColumns));
  }

  /** Every published world's slug and last change, by slug (for the sitemap). */
  async publishedPageRows(): Promise<Pick<WorldRow, 'slug' | 'visibilityStatus' | 'updatedAt'>[]> {
    const rows = await this.db('worlds').where({ visibility_status: 'published' }).orderBy('slug').select('slug', 'visibility_status', 'updated_at');
    return rows.map((r: Record<string, unknown>) => ({ slug: r.slug as string, visibilityStatus: r.visibility_status as string, updatedAt: Number(r.updated_at) }));
  }

  async findBySlug(slug: string): Promise<WorldRow | undefined> {
    const r = await this.db('worlds').where({ slug }).first();
    return r ? toWorld(r) : undefined;
  }

  async findById(id: string): Promise<WorldRow | undefined> {
    const r = await this.db('worlds').where({ id }).first();
    return r ? toWorld(r) : undefined;
  }

  async named(name: string, slug: string, limit = 10): Promise<WorldRow[]> {
    const rows = await this.db('worlds')
      .where({ visibility_status: 'published' })
      .andWhere((w) => w.whereRaw('lower(display_name) = ?', [name.toLowerCase()]).orWhere('slug', slug))
      .orderBy('slug')
      .limit(limit);
    return rows.map(toWorld);
  }

  async byIds(ids: string[]): Promise<WorldRow[]> {
    if (!ids.length) return [];
    return (await this.db('worlds').whereIn('id', ids)).map(toWorld);
  }
}
