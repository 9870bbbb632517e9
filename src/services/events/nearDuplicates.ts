/**
 * Near-duplicate titles (decisions §4: same community, same day, similar title). Titles are
 * compared as sets of normalised words (case, accents, punctuation and edition numbers
 * dropped); similar means one set contains the other, or their Jaccard overlap is at least
 * one half.
 */
const STOP = new Set(['the', 'a', 'an', 'and', 'of', 'at', 'in', 'on', 'with', 'feat', 'ft', 'presents', 'x', 'vs', 'night', 'event', 'der', 'die', 'das', 'le', 'la', 'les', 'el', 'los']);

export function titleWords(title: string): Set<string> {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP.has(w) && !/^(?:#?\d+|vol\d*|ep\d*|no\d*)$/.test(w));
  return new Set(words);
}

export function similarTitles(a: string, b: string): boolean {
  const x = titleWords(a);
  const y = titleWords(b);
  if (!x.size || !y.size) return a.trim().toLowerCase() === b.trim().toLowerCase();
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  if (shared === Math.min(x.size, y.size)) return true;
  return shared / (x.size + y.size - shared) >= 0.5;
}
