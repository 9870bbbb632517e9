/** Decisions §1: lowercase `^[a-z0-9]+(?:-[a-z0-9]+)*$`, at most 64 characters, `-2`, `-3`… on collision. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX = 64;
/**
 * Path words a generated slug must never take: under /api/v0/events/ and friends, and `events`,
 * which names the owner's event pages beside a profile's (`/manage/events/{eventSlug}` next to
 * `/manage/{profileSlug}/media`).
 */
const RESERVED = new Set(['upcoming', 'active', 'calendar', 'new', 'me', 'events']);

export function slugify(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/g, '');
  return base || 'item';
}

/** First free slug for `text`, given the slugs already taken that start with its base. */
export function nextFreeSlug(text: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = slugify(text);
  if (!used.has(base) && !RESERVED.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = base.slice(0, MAX - suffix.length).replace(/-+$/g, '') + suffix;
    if (!used.has(candidate)) return candidate;
  }
}
