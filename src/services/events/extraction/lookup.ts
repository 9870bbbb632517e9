/** Directory lookups: the injected lookup's candidates for a name, narrowed to exact matches when there are any. */
import { slugify } from '../../directory/slugs.js';
import { type DirectoryEntry, LIMIT } from './fields.js';
import { compact } from './text.js';

export type Match = { kind: 'one'; entry: DirectoryEntry } | { kind: 'many'; entries: DirectoryEntry[]; exact: boolean } | { kind: 'none' };

export async function find(fn: (name: string) => Promise<DirectoryEntry[]>, name: string): Promise<Match> {
  let found: unknown;
  try {
    found = await fn(name);
  } catch {
    return { kind: 'none' };
  }
  if (!Array.isArray(found)) return { kind: 'none' };
  const seen = new Set<string>();
  const entries: DirectoryEntry[] = [];
  for (const e of found as unknown[]) {
    if (!e || typeof e !== 'object') continue;
    const { slug, displayName } = e as Partial<DirectoryEntry>;
    if (typeof slug !== 'string' || !slug || slug.length > LIMIT.slug || seen.has(slug)) continue;
    seen.add(slug);
    entries.push({ slug, displayName: typeof displayName === 'string' ? displayName : slug });
  }
  const key = compact(name);
  const slug = slugify(name);
  const exact = entries.filter((e) => compact(e.displayName) === key || e.slug === slug);
  if (exact.length === 1) return { kind: 'one', entry: exact[0] };
  if (exact.length > 1) return { kind: 'many', entries: exact, exact: true };
  if (entries.length > 0) return { kind: 'many', entries, exact: false };
  return { kind: 'none' };
}
