/** The venue: a "Venue:"/"World:" line, a 📍 pin, "at X (VRChat)" or "@ X", matched to a world in the directory. */
import type { Draft } from './evidence.js';
import { clip, type DirectoryLookup, LIMIT, ptr } from './fields.js';
import { labelled } from './labels.js';
import { find, type Match } from './lookup.js';
import { cleanLine, hasLetters, type Line, URL_RE, words } from './text.js';
import { hasTimeSignal } from './timeWords.js';

export const AT_WORLD = /(?:^|\s)(?:at|in|@)\s+(.{2,80}?)\s*[([]\s*(?:vrchat|vrc|chilloutvr|cvr|resonite|neos)\s*[)\]]/iu;
const AT_SIGN = /(?:^|\s)@\s+(?!\d)([^@]{2,80})$/u;
export const PLATFORM = /\s*(?:[([]\s*(?:vrchat|vrc|chilloutvr|cvr|resonite|neos)\s*[)\]]|(?:\s+(?:in|on)\s+(?:vrchat|vrc|chilloutvr|resonite)))\s*$/iu;

function venueName(s: string): string | undefined {
  const name = s.replace(PLATFORM, '').replace(/^[\s"'“‘]+|[\s"'”’.!,;]+$/gu, '').trim();
  if (!name || !hasLetters(name) || /^https?:/i.test(name)) return undefined;
  if (/^(?:vrchat|vrc|chilloutvr|cvr|resonite|neos|tba|tbd|tbc)$/i.test(name)) return undefined;
  return clip(name, LIMIT.venueLabel);
}

export async function readVenue(draft: Draft, lines: Line[], used: Set<number>, lookup: DirectoryLookup) {
  const origin = draft.origin;
  let found: { name: string; line: Line; world: boolean } | undefined;
  for (const line of lines) {
    if (used.has(line.index) || !line.clean) continue;
    const lab = labelled(line.clean);
    if (lab && (lab.kind === 'venue' || lab.kind === 'world')) {
      const name = venueName(lab.value.replace(URL_RE, ' '));
      if (name) {
        found = { name, line, world: lab.kind === 'world' || /\((?:vrchat|vrc)\)/i.test(lab.value) };
        break;
      }
      continue;
    }
    const pin = /📍\s*(.+)$/u.exec(line.raw);
    if (pin) {
      const name = venueName(cleanLine(pin[1]).replace(URL_RE, ' '));
      if (name) {
        found = { name, line, world: /\((?:vrchat|vrc)\)/i.test(pin[1]) };
        break;
      }
    }
    const at = AT_WORLD.exec(line.clean);
    if (at) {
      const name = venueName(at[1]);
      if (name) {
        found = { name, line, world: true };
        break;
      }
    }
    const sign = AT_SIGN.exec(line.clean.replace(URL_RE, ' ').trim());
    if (sign && !hasTimeSignal(sign[1]) && !labelled(line.clean)) {
      const name = venueName(sign[1]);
      if (name && words(name).length <= 8) {
        found = { name, line, world: false };
        break;
      }
    }
  }
  if (!found) return;
  // A short venue line is a detail, not part of the description.
  if (words(found.line.clean).length < 8) used.add(found.line.index);
  draft.event.venueLabel = found.name;
  // A world is looked up by its name; "World by Creator" as VRChat lists it is tried without the creator.
  const names = [found.name];
  const byCreator = /^(.{2,}?)\s+by\s+\S.*$/iu.exec(found.name);
  if (byCreator) names.push(byCreator[1]);
  let m: Match = { kind: 'none' };
  let usedName = found.name;
  for (const name of names) {
    m = await find((n) => lookup.worlds(n), name);
    usedName = name;
    if (m.kind !== 'none') break;
  }
  if (m.kind === 'one') {
    draft.event.venueLabel = clip(m.entry.displayName, LIMIT.venueLabel);
    draft.evidence(ptr('event', 'venueLabel'), origin, found.line.raw, 'explicit');
    draft.evidence(ptr('event', 'venueLabel'), 'lookup', `${m.entry.displayName} → world ${m.entry.slug}`, 'explicit');
    return;
  }
  draft.evidence(ptr('event', 'venueLabel'), origin, found.line.raw, 'explicit');
  if (m.kind === 'many') {
    draft.question(
      ptr('event', 'venueLabel'),
      m.exact ? `Several worlds are named "${usedName}"; which one is the venue?` : `No world is named exactly "${usedName}"; is the venue one of these?`,
      m.entries.map((e) => e.slug),
    );
  }
}
