import type { Queryable } from '../db/knex.js';

/** Dialect-neutral row helpers: SQLite returns booleans as 0/1 and we keep JSON in TEXT columns. */
export const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';
export const json = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};
export const optional = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** Slugs already taken by `base` or `base-N` in one table (each repository asks for its own). */
export async function slugsLike(db: Queryable, table: 'profiles' | 'worlds' | 'events', base: string): Promise<string[]> {
  const rows = await db(table).where('slug', base).orWhere('slug', 'like', `${base}-%`).select('slug');
  return rows.map((r: { slug: string }) => r.slug);
}
