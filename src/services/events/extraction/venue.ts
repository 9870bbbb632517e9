/** The venue: a "Venue:"/"World:" line, a 📍 pin, "at X (VRChat)" or "@ X", matched to a world in the directory. */
import type { Draft } from './evidence.js';
import { clip, type DirectoryLookup, LIMIT, ptr } from './fields.js';
import { labelled } from './labels.js';
import { find, type Match } from './lookup.js';
import { type Mention, mentionIn, mentionsOf } from './mentions.js';
import { cleanLine, hasLetters, type Line, URL_RE, words } from './text.js';
import { hasTimeSignal } from './timeWords.js';

export const AT_WORLD = /(?:^|\s)(?:at|in|@)\s+(.{2,80}?)\s*[([]\s*(?:vrchat|vrc|chilloutvr|cvr|resonite|neos)\s*[)\]]/iu;
const AT_SIGN = /(?:^|\s)@\s+(?!\d)([^@]{2,80})$/u;
export const PLATFORM = /\s*(?:[([]\s*(?:vrchat|vrc|chilloutvr|cvr|resonite|neos)\s*[)\]]|(?:\s+(?:in|on)\s+(?:vrchat|vrc|chilloutvr|resonite)))\s*$/iu;

/** "@ X", "à X", "in der Welt X", "no X": the word before a place is not part of its name ("in The Velvet Room" keeps its capital "The"). */
const PLACE_WORD = /^(?:in\s+der\s+welt|in\s+der|in\s+the\s+world|in\s+(?-i:the)|im\s+welt|à\s+la|dans\s+le\s+monde|dans|en\s+el\s+mundo|en\s+el|en\s+la|no\s+mundo|@|at|in|im|au|à|en|no|na|em|bei|auf)\s+(?=\S)/iu;
/** Where the performers begin after a place: "X w/ A", "X feat. A", "X avec A". */
const PERFORMERS_AFTER = /\s(?:w\/|feat\.?|ft\.|featuring|with|mit|avec|con|com)\s+\S.*$/iu;

function venueName(s: string): string | undefined {
  let name = s.replace(PLATFORM, '').replace(/^[\s"'“‘]+|[\s"'”’.!,;]+$/gu, '').trim();
  for (let k = 0; k < 2; k++) name = name.replace(PLACE_WORD, '').replace(PERFORMERS_AFTER, '').replace(PLATFORM, '').trim();
  name = name.replace(/^[\s"'“‘「]+|[\s"'”’」.!,;]+$/gu, '').trim();
  if (!name || !hasLetters(name) || /^https?:/i.test(name)) return undefined;
  if (/^(?:vrchat|vrc|chilloutvr|cvr|resonite|neos|tba|tbd|tbc)$/i.test(name)) return undefined;
  return clip(name, LIMIT.venueLabel);
}

/** Words before a place: "at", "@", "im", "au", "no", "en", 会場 and the like. */
const BEFORE_PLACE = /(?:^|[\s(])(?:at|in|@|im|in\s+der|in\s+the|auf|bei|au|à|dans|en|no|na|em|el|la|venue|world|location|ort|lieu|lugar|local|会場|場所|ワールド)\s*[:：]?\s*$/iu;
const AFTER_PLACE = /^\s*(?:で|にて|[（(]\s*(?:vrchat|vrc|chilloutvr|cvr|resonite)\s*[)）])/iu;

/**
 * A place the text says in words, though the directory does not know it: "en Galpão 9" on its own
 * line, "We'll be meeting in Hidden Grotto.", "Esta vez nos vemos en X", "会場はXです",
 * "… CET à Café Lumière avec …". The name is a run of capitalised words (or of a script without
 * case), with small joiners and a number inside, ending at the sentence, a performer list or the line.
 */
const NAME_RUN = String.raw`((?:[\p{Lu}\p{Lo}][\p{L}\p{M}\p{N}'’.&-]*|\d{1,3})(?:\s+(?:(?:de|du|des|la|le|del|do|da|of|the|am|an|der|die|das)\s+)?(?:[\p{Lu}\p{Lo}][\p{L}\p{M}\p{N}'’.&-]*|\d{1,3})){0,5})`;
const PLACE_PHRASES = [
  new RegExp(String.raw`^(?:@\s?|(?:at|in|im|in\s+der(?:\s+[Ww]elt)?|au|à|en|no|na|em|bei)\s+)${NAME_RUN}\s*[.!]?$`, 'u'),
  new RegExp(String.raw`(?i:meeting|meet|be|we're|we\s+are|hanging\s+out|happening|gathering|nos\s+vemos|nos\s+encontramos|vemo-nos|treffen\s+uns|sehen\s+uns|on\s+se\s+retrouve|rendez-vous|desta\s+vez|esta\s+vez|this\s+time(?:\s+we're)?|diesmal|cette\s+fois(?:-ci)?|dieses\s+mal)\s+(?i:(?:at|in|im|in\s+der|au|à|dans|en|no|na|em|auf)\s+)${NAME_RUN}\s*(?:[.!,;]|$)`, 'u'),
  new RegExp(String.raw`会場は\s*(.{1,40}?)\s*(?:です|にて|で開催|[。！!]|$)`, 'u'),
  new RegExp(String.raw`\s(?:@\s?|(?:at|im|in\s+der(?:\s+[Ww]elt)?|au|à|no|na|em)\s+)${NAME_RUN}\s*(?=\s(?:w\/|feat\.?|ft\.|featuring|with|mit|avec|con|com|出演)\s|[!.]*$)`, 'u'),
];

function placeSaid(clean: string): string | undefined {
  for (const re of PLACE_PHRASES) {
    const m = re.exec(clean);
    const name = m?.[1] ? venueName(m[1]) : undefined;
    if (name && !hasTimeSignal(name) && words(name).length <= 6) return name;
  }
  return undefined;
}

/** A world the text mentions: the one said as a place, else the only one. */
function worldMentioned(lines: Line[], mentions: Mention[], rowLines: Set<number>): { world: Mention; line: Line; placed: boolean } | { many: Mention[] } | undefined {
  const worlds = mentionsOf(mentions, 'world').filter((m) => m.lines.some((i) => !rowLines.has(i)));
  if (worlds.length === 0) return undefined;
  const placed: { world: Mention; line: Line }[] = [];
  for (const w of worlds) {
    for (const i of w.lines) {
      const line = lines.find((l) => l.index === i);
      if (!line || rowLines.has(i)) continue;
      const lower = line.clean.toLowerCase();
      const at = lower.indexOf(w.text.toLowerCase());
      if (at < 0) continue;
      const before = line.clean.slice(0, at);
      const after = line.clean.slice(at + w.text.length);
      const lab = labelled(line.clean);
      if (BEFORE_PLACE.test(before) || AFTER_PLACE.test(after) || (lab && (lab.kind === 'venue' || lab.kind === 'world'))) placed.push({ world: w, line });
    }
  }
  const placedWorlds = [...new Map(placed.map((p) => [p.world.slug, p])).values()];
  if (placedWorlds.length === 1) return { ...placedWorlds[0], placed: true };
  if (placedWorlds.length > 1) return { many: placedWorlds.map((p) => p.world) };
  if (worlds.length === 1) {
    const line = lines.find((l) => l.index === worlds[0].lines[0])!;
    return { world: worlds[0], line, placed: false };
  }
  return { many: worlds };
}

export async function readVenue(draft: Draft, lines: Line[], used: Set<number>, lookup: DirectoryLookup, mentions: Mention[] = [], rowLines: Set<number> = new Set()) {
  const origin = draft.origin;
  const mentioned = worldMentioned(lines, mentions, rowLines);
  if (mentioned && 'world' in mentioned) {
    const { world, line, placed } = mentioned;
    draft.event.venueLabel = clip(world.displayName, LIMIT.venueLabel);
    draft.evidence(ptr('event', 'venueLabel'), origin, line.raw, placed ? 'explicit' : 'inferred');
    draft.evidence(ptr('event', 'venueLabel'), 'lookup', `${world.text} → world ${world.slug}`, 'explicit');
    if (words(line.clean).length < 8 && placed) used.add(line.index);
    return;
  }
  if (mentioned && 'many' in mentioned) {
    draft.question(ptr('event', 'venueLabel'), `The text names ${mentioned.many.length} worlds (${mentioned.many.map((m) => m.displayName).join(', ')}); which one is the venue?`, mentioned.many.map((m) => m.slug));
    return;
  }
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
    const said = placeSaid(line.clean.replace(URL_RE, ' ').trim());
    if (said) {
      found = { name: said, line, world: false };
      break;
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
