/** The hosting community: "Hosted by X", "X presents", "Host: X", looked up in the directory. */
import type { Draft } from './evidence.js';
import { type DirectoryLookup, ptr } from './fields.js';
import { labelled } from './labels.js';
import { find } from './lookup.js';
import { type Mention, mentionIn, mentionsOf } from './mentions.js';
import { compact, hasLetters, type Line } from './text.js';
import { hasTimeSignal } from './timeWords.js';
import { blankNames } from '../../time/engine/unread.js';

// "präsentiert" also as a poster's reading may give it ("prasentiert", "praäsentiert").
export const PRESENTS = /^(.{2,64}?)\s+(?:presents?|pr[aä]{1,2}sentiert|présente|presenta|apresenta|pres\.)(?![\p{L}])\s*[:：\-–—]?\s*(.*)$/iu;
export const HOSTED_BY = /(?:^|(?<=[\s,(|–—-]))(?:hosted|presented|organi[sz]ed|brought\s+to\s+you|thrown|run)\s+by\s+(.+)$|(?:^|\s)(?:主催|主催者)\s*[:：は]?\s*(.+)$|(?:^|\s)(?:pr[aä]{1,2}sentiert|veranstaltet)\s+von\s+(.+)$|(?:^|\s)(?:présenté|organisé)e?\s+par\s+(.+)$|(?:^|\s)(?:presentado|organizado)\s+por\s+(.+)$|(?:^|\s)(?:apresentado|organizado)\s+por\s+(.+)$/iu;

/** A name as a line gives it: cut at punctuation and at the next clause. */
function nameFrom(s: string): string | undefined {
  const head = s
    .split(/\s*(?:[!.;|•·()[\]{}"“”]|\s[-–—]\s|,\s|(?<![\p{L}])(?:at|in|on|with|for|this|tonight|today|tomorrow|from|@)(?![\p{L}]))\s*/iu)[0]
    .replace(/^[\s"'“‘:：\-–—]+|[\s"'”’:：\-–—]+$/gu, '')
    .trim();
  if (!head || !hasLetters(head) || head.length > 64) return undefined;
  return head;
}

interface CommunityMention {
  name: string;
  line: Line;
  /** How the text said it: a phrase ("hosted by X") or only a heading line that may name it. */
  how: 'phrase' | 'heading';
}

/** "Neon Reverie: Rooftop Session", "Neon Reverie — Rooftop Session": a community's name heading the line. */
const PREFIX_SEPARATOR = /^\s*(?:[:：|｜/]|[-–—]{1,2}|\s[xX×]\s)\s*/u;

export function findCommunity(lines: Line[], used: Set<number>, mentions: Mention[] = []): CommunityMention | undefined {
  for (const line of lines) {
    if (used.has(line.index) || !line.clean) continue;
    const lab = labelled(line.clean);
    if (lab?.kind === 'community') {
      const name = nameFrom(lab.value);
      if (name) return { name, line, how: 'phrase' };
    }
    const hosted = HOSTED_BY.exec(line.clean);
    const hostedName = hosted ? nameFrom(hosted.slice(1).find((g) => g !== undefined) ?? '') : undefined;
    if (hostedName) return { name: hostedName, line, how: 'phrase' };
    const presents = PRESENTS.exec(line.clean);
    if (presents && !hasTimeSignal(blankNames(presents[1], undefined).text)) {
      const name = nameFrom(presents[1].replace(/^.*[!！。]\s*/u, ''));
      if (name) return { name, line, how: 'phrase' };
    }
    // "静かな提灯会主催", "Neon Reverie: Title": a known community heading the line or before 主催.
    for (const m of mentionsOf(mentions, 'community')) {
      if (!m.lines.includes(line.index)) continue;
      const at = line.clean.toLowerCase().indexOf(m.text.toLowerCase());
      if (at < 0) continue;
      const after = line.clean.slice(at + m.text.length);
      if (/^\s*(?:主催|の主催)/u.test(after)) return { name: m.text, line, how: 'phrase' };
      if (at <= 2 && PREFIX_SEPARATOR.test(after) && /\p{L}/u.test(after)) return { name: m.text, line, how: 'phrase' };
    }
  }
  return undefined;
}

export async function readCommunity(draft: Draft, mention: CommunityMention | undefined, title: string | undefined, lookup: DirectoryLookup, mentions: Mention[] = []) {
  const origin = draft.origin;
  if (mention) {
    const known = mentionIn(mentions, mention.name, 'community');
    if (known && compact(known.text) === compact(mention.name)) {
      draft.event.communitySlug = known.slug;
      draft.evidence(ptr('event', 'communitySlug'), 'lookup', `${known.text} → community ${known.slug}`, 'explicit');
      draft.evidence(ptr('event', 'communitySlug'), origin, mention.line.raw, 'explicit');
      return;
    }
    const m = await find((n) => lookup.communities(n), mention.name);
    if (m.kind === 'one') {
      draft.event.communitySlug = m.entry.slug;
      draft.evidence(ptr('event', 'communitySlug'), 'lookup', `${mention.name} → community ${m.entry.slug}`, 'explicit');
      draft.evidence(ptr('event', 'communitySlug'), origin, mention.line.raw, 'explicit');
      return;
    }
    if (m.kind === 'many') {
      draft.question(
        ptr('event', 'communitySlug'),
        m.exact ? `Several communities are named "${mention.name}"; which one hosts this event?` : `No community is named exactly "${mention.name}"; is it one of these?`,
        m.entries.map((e) => e.slug),
      );
      return;
    }
    // "Hosted by Lena Falk": a person hosts; the community is not named by this phrase.
    const person = mentionIn(mentions, mention.name, 'person');
    if (!person) {
      // Named, but not in the directory: the slug must be a real one, so it stays empty.
      draft.evidence(ptr('event', 'communitySlug'), origin, mention.line.raw, 'inferred');
      return;
    }
  }
  // No phrase names a known community: one the text mentions, if it mentions exactly one.
  const named = mentionsOf(mentions, 'community');
  if (named.length === 1) {
    draft.event.communitySlug = named[0].slug;
    draft.evidence(ptr('event', 'communitySlug'), 'lookup', `${named[0].text} → community ${named[0].slug}`, 'inferred');
    return;
  }
  if (named.length > 1) {
    draft.question(ptr('event', 'communitySlug'), `The text names ${named.length} communities (${named.map((m) => m.displayName).join(', ')}); which one hosts this event?`, named.map((m) => m.slug));
    return;
  }
  // An event series is often its community's name. Only an exact match counts.
  if (title) {
    const m = await find((n) => lookup.communities(n), title);
    if (m.kind === 'one' && compact(m.entry.displayName) === compact(title)) {
      draft.event.communitySlug = m.entry.slug;
      draft.evidence(ptr('event', 'communitySlug'), 'lookup', `${title} → community ${m.entry.slug}`, 'inferred');
    }
  }
}
