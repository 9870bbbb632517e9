/**
 * Names the directory knows, found inside the announcement: people, communities and worlds by
 * their names and aliases (folded: case, accents, width; Japanese and Latin forms alike), with
 * the lines that mention them. A one-word name in lower case ("lantern") is a word, not a name.
 * Where names overlap ("Neon" inside "Neon Reverie") the longer one stands.
 */
import { mentionSpans, mergeSpans, nameKey, type NameMention } from '../../../lib/searchText.js';
import type { DirectoryLookup, DirectoryMention } from './fields.js';
import type { Line } from './text.js';

export interface Mention extends DirectoryMention {
  key: string;
  /** Indices of the lines that mention it. */
  lines: number[];
}

export async function readMentions(lookup: DirectoryLookup, lines: Line[]): Promise<Mention[]> {
  if (typeof lookup.mentions !== 'function') return [];
  const text = lines.map((l) => l.clean).join('\n');
  const spansByLine = lines.map((l) => (l.clean ? mentionSpans(l.clean) : new Map<string, NameMention>()));
  let found: unknown;
  try {
    found = await lookup.mentions(text, mergeSpans(spansByLine));
  } catch {
    return [];
  }
  if (!Array.isArray(found)) return [];
  const out: Mention[] = [];
  const seen = new Set<string>();
  for (const m of found as unknown[]) {
    if (!m || typeof m !== 'object') continue;
    const { kind, slug, displayName, text: said, capitalised } = m as Partial<DirectoryMention>;
    if ((kind !== 'person' && kind !== 'community' && kind !== 'world') || typeof slug !== 'string' || !slug || slug.length > 64 || typeof said !== 'string') continue;
    const key = nameKey(said);
    if (!key || seen.has(`${kind}:${slug}`)) continue;
    // One lower-case word is a word of the sentence ("the lantern garden we built"), not a name.
    if (capitalised === false && !/\s/.test(said.trim())) continue;
    const at = spansByLine.flatMap((spans, i) => (spans.has(key) ? [lines[i].index] : []));
    if (at.length === 0) continue;
    seen.add(`${kind}:${slug}`);
    out.push({ kind, slug, displayName: typeof displayName === 'string' && displayName ? displayName : slug, text: said, capitalised: capitalised !== false, key, lines: at });
  }
  // A name inside a longer name on the same line ("Neon" in "Neon Reverie") is the longer one's.
  return out.filter((m) => !out.some((o) => o !== m && o.key.length > m.key.length && o.key.includes(m.key) && m.lines.every((l) => o.lines.includes(l))));
}

export const mentionsOf = (mentions: Mention[], kind: Mention['kind']) => mentions.filter((m) => m.kind === kind);

/** The mention whose words occur in this piece of text (folded), longest first. */
export function mentionIn(mentions: Mention[], s: string, kind?: Mention['kind']): Mention | undefined {
  const spans = mentionSpans(s);
  return mentions.filter((m) => (!kind || m.kind === kind) && spans.has(m.key)).sort((a, b) => b.key.length - a.key.length)[0];
}
