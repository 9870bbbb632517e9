/**
 * Lineup rows as the text writes them: "21:00 Name", "Name [DJ] 22:00-23:30", a name under a
 * "Lineup" header; the performer, the role and the clock times each row says. Which clock time a
 * row means is settled later, in lineup.ts, once the event's start is known.
 */
import { clip, LIMIT } from './fields.js';
import { labelled, sectionHeader, SECTION_ROLE } from './labels.js';
import { DOMAIN_LIKE, HAS_URL, hasLetters, type Line, wordCount, words } from './text.js';
import { alt, hasClockSignal, hasDateSignal, hasTimeSignal, onlyTime, ZONE_TOKEN } from './timeWords.js';
import { urlsOf } from './urls.js';
import { AT_WORLD, PLATFORM } from './venue.js';

/** Words that make a "time + words" line a schedule line, not a lineup row. */
const SCHEDULE_WORDS = new RegExp(
  `^(?:${alt([
    'doors', 'door', 'doors open', 'start', 'starts', 'starting', 'begin', 'begins', 'end', 'ends', 'ending', 'open', 'opens', 'close', 'closes', 'until', 'till', 'from', 'at', 'on',
    'and', 'time', 'times', 'when', 'date', 'show', 'showtime', 'event', 'party', 'stream', 'local time', 'your time', 'einlass', 'beginn', 'ende', 'bis', 'ab', 'um', 'ouverture', 'début', 'fin',
    'puertas', 'inicio', 'início', 'fim', 'abertura', 'late',
  ])})(?![\\p{L}])`,
  'iu',
);
const SCHEDULE_CJK = /^(?:開場|開演|終了|開始|スタート|オープン)/u;
/** Doors in the six languages. */
const DOORS_WORDS = /(?<![\p{L}])(?:doors?(?:\s+open)?|einlass|ouverture(?:\s+des\s+portes)?|portes|apertura(?:\s+de\s+puertas)?|puertas|abertura(?:\s+d[ao]s?\s+(?:casa|portões|portas))?|portões|soundcheck|rehearsal|probe|répétition|ensayo|ensaio)(?![\p{L}])|開場|リハ/iu;

// ---------------------------------------------------------------------------------------------
// Clock times in lineup rows (wall times of the event's zone)

interface Clock {
  hour: number;
  minute: number;
  meridiem?: 'am' | 'pm';
  /** Unambiguous on the 24-hour clock (13–23, 0, a leading zero, or 24–29 written as late night). */
  h24: boolean;
  /** Only a number: "9". */
  bare: boolean;
}

const TOKEN_SRC = String.raw`\d{1,2}(?:\s?[:.]\s?\d{2}|h\d{2}|時\d{1,2}分)?(?:\s*(?:[ap]\.?\s?m\.?|uhr|h)(?![\p{L}\d])|時|[ap](?![\p{L}\d]))?`;
const END_WORD_SRC = String.raw`late|close|closing|end|open|finish|tba|tbd|\?+|ende|fin|fim|終了|ラスト`;
const RANGE_SEP_SRC = String.raw`\s*(?:-+|–|—|~|〜|to|till|until|bis|à|a|→|->|>)\s*`;
const SPEC_SRC = `(?:${TOKEN_SRC})(?:${RANGE_SEP_SRC}(?:${TOKEN_SRC}|${END_WORD_SRC}))?`;
const ROW_TIME_FIRST = new RegExp(`^(${SPEC_SRC})(?:\\s*[-–—:|·•>)\\]~〜.…_▸►▶→➜➤»›・]+\\s*|\\s+)(.+)$`, 'iu');
const ROW_TIME_LAST = new RegExp(`^(.+?)(?:\\s*[-–—:|·•@,~.…_▸►▶→➜➤»›・]+\\s*|\\s+|\\s*[(\\[]\\s*)(${SPEC_SRC})\\s*[)\\]]?$`, 'iu');
const TOKEN_PARTS = /^(\d{1,2})(?:\s?[:.]\s?(\d{2})|h(\d{2})|時(\d{1,2})分)?\s*(?:([ap])\.?\s?(?:m\.?)?|(uhr)|(h)|(時))?$/iu;

function readClock(token: string): Clock | undefined {
  const m = TOKEN_PARTS.exec(token.trim());
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minuteText = m[2] ?? m[3] ?? m[4];
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  const meridiem = m[5] ? (m[5].toLowerCase() === 'a' ? 'am' : 'pm') : undefined;
  const suffix = m[6] ?? m[7] ?? m[8];
  if (minute > 59) return undefined;
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    return { hour, minute, meridiem, h24: false, bare: false };
  }
  if (hour >= 24) {
    // Late-night notation ("25:00") is written with minutes or 時; it is the next day's early hours.
    if (hour > 29 || (minuteText === undefined && !suffix)) return undefined;
    hour -= 24;
    return { hour, minute, h24: true, bare: false };
  }
  const leadingZero = /^0\d/.test(m[1]);
  const h24 = hour === 0 || hour >= 13 || (leadingZero && minuteText !== undefined);
  return { hour, minute, h24, bare: minuteText === undefined && !suffix };
}

interface RowTimes {
  start?: Clock;
  end?: Clock;
  /** "till late": the end is open. */
  openEnd?: boolean;
}

function readSpec(spec: string): RowTimes | undefined {
  const m = new RegExp(`^(${TOKEN_SRC})(?:${RANGE_SEP_SRC}(${TOKEN_SRC}|${END_WORD_SRC}))?$`, 'iu').exec(spec.trim());
  if (!m) return undefined;
  // "24-25時", "22–2 Uhr": the clock word said once at the end covers both hours.
  const said = m[2] !== undefined && /^\d{1,2}$/.test(m[1].trim()) ? /(?:時|uhr|h)$/iu.exec(m[2].trim())?.[0] : undefined;
  const start = readClock(said ? `${m[1].trim()}${said}` : m[1]);
  if (!start) return undefined;
  if (m[2] === undefined) return { start };
  const end = readClock(m[2]);
  if (!end) return new RegExp(`^(?:${END_WORD_SRC})$`, 'iu').test(m[2].trim()) ? { start, openEnd: true } : undefined;
  return { start, end };
}

export const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
export const fwd = (from: number, to: number) => (((to - from) % 1440) + 1440) % 1440;

/** Readings of a clock time in minutes of the day: one when it says am/pm or is on the 24-hour clock. */
export function readings(c: Clock): number[] {
  const base = (c.hour % 12) * 60 + c.minute;
  if (c.meridiem === 'am') return [base];
  if (c.meridiem === 'pm') return [base + 720];
  if (c.h24) return [c.hour * 60 + c.minute];
  return [base, base + 720];
}

// ---------------------------------------------------------------------------------------------
// Lineup rows

const ROLE_WORDS = new Set([
  'dj', 'djs', 'vj', 'vjs', 'live', 'mc', 'host', 'hosts', 'visuals', 'visual', 'vocals', 'vox', 'b2b', 'set', 'hybrid', 'performer', 'performance', 'dance', 'dancer', 'dancers',
  'band', 'singer', 'opening', 'opener', 'closing', 'closer', 'headliner', 'guest', 'special', 'warmup', 'warm-up', 'warm', 'up', 'a/v', 'av', 'stream', 'streaming', 'act',
  'ライブ', '生演奏', 'ゲスト',
]);
const ROLE_CANON: Record<string, string> = { dj: 'DJ', vj: 'VJ', mc: 'MC', live: 'Live', host: 'Host', visuals: 'Visuals', b2b: 'b2b', hybrid: 'Hybrid', vocals: 'Vocals', 'dj set': 'DJ set', 'live set': 'Live set' };
/** "DJ: Name" rows. */
const ROLE_PREFIX = /^(dj|vj|mc|live|visuals|vocals|host)\s*[:：]\s*(.+)$/iu;

function isRole(inner: string): boolean {
  const parts = inner.toLowerCase().split(/[\s/&+,]+/).filter(Boolean);
  if (parts.length > 0 && parts.length <= 4 && parts.every((p) => ROLE_WORDS.has(p))) return true;
  // "(piano)", "(Gesang)", "(ボーカル)", "(DJ set)": a short part in words after a name is what they do.
  return parts.length > 0 && parts.length <= 3 && inner.length <= 30 && /^[\p{L}\p{M}\s/&+'’.-]+$/u.test(inner) && !hasTimeSignal(inner) && !zoneWords(inner) && !/^(?:vrchat|vrc|chilloutvr|cvr|resonite|neos|tba|tbd|tbc)$/i.test(inner.trim());
}

/** Words that say a zone or "times are in …": "CET", "hora de Madrid", "alle Zeiten", "日本時間", "UK time". */
const ZONE_NOTE = /(?<![\p{L}])(?:times?|zeit(?:en)?|heures?|horas?|horário|horario|fuso|zone|uhrzeit|local|lokal|eastern|pacific|central|mountain|atlantic|uhr|hrs?|hs|o'?clock)(?![\p{L}])|時間|時刻|(?<![\p{L}])(?:heure|hora|horário)\s+(?:de|d')/iu;
function zoneWords(s: string): boolean {
  if (ZONE_NOTE.test(s)) return true;
  return s.split(/[\s()[\],./]+/).some((w) => w && ZONE_TOKEN.test(w));
}
const canonRole = (inner: string) => ROLE_CANON[inner.toLowerCase().trim()] ?? inner.trim();

export interface RowDraft {
  line: Line;
  label: string | null;
  role: string | null;
  /** The role came from the section header ("DJs:"), not the row. */
  roleInferred: boolean;
  times: RowTimes;
}

const PLACEHOLDER = /^(?:tba|tbd|tbc|tba\.|\?+|n\/a|secret|secret guest|surprise guest)$/i;

/** Performer label and role from the name part of a row. */
function splitName(name: string): { label: string | null; role: string | null } | undefined {
  let text = name.replace(/^\d{1,2}[.)]\s+/, '').trim();
  const roles: string[] = [];
  const prefix = ROLE_PREFIX.exec(text);
  if (prefix) {
    roles.push(canonRole(prefix[1]));
    text = prefix[2];
  }
  text = text.replace(/[([]\s*([^()[\]]{1,40}?)\s*[)\]]/gu, (whole, inner: string) => {
    if (!isRole(inner)) return whole;
    roles.push(canonRole(inner));
    return ' ';
  });
  // "Name - live", "Name — DJ set": a trailing role after a dash.
  text = text.replace(/\s+[-–—|/]\s*([\p{L}/ ]{2,20})$/u, (whole, tail: string) => {
    if (!isRole(tail)) return whole;
    roles.push(canonRole(tail));
    return '';
  });
  text = text.replace(/^[\s\-–—:|·•,~>▸►▶→➜➤»›・.…_]+|[\s\-–—:|·•,~.…_]+$/gu, '').replace(/^["“”'‘’]+|["“”'‘’]+$/gu, '').replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(text) && !PLACEHOLDER.test(text)) return undefined;
  const label = !text || PLACEHOLDER.test(text) ? null : clip(text, LIMIT.performerLabel);
  const role = roles.length ? clip(roles.join(', '), LIMIT.roleLabel) : null;
  return { label, role };
}

/** Names that are schedule words, zones or dates, not performers. */
function notPerformer(name: string): boolean {
  const n = name.trim();
  // "(alle Zeiten deutscher Zeit)", "Zeiten in CET", "hora de Buenos Aires": a note about the zone.
  if (/^[(（\[].*[)）\]]$/u.test(n) || zoneWords(n)) return true;
  // "Apertura de puertas", "Einlass", "開場": doors.
  if (DOORS_WORDS.test(n)) return true;
  // "Music from" (7pm), "Es geht los um", "desde las": a clause that leads into its time.
  if (/(?<![\p{L}])(?:from|to|at|until|till|since|von|ab|bis|um|de|à|a|desde|hasta|às|até|partir\s+das?|から|まで)(?:\s+(?:las?|los))?$/iu.test(n)) return true;
  // A sentence ("皆様のご来場お待ちしております！"), not a name.
  if (/(?:ます|です|ました|ください|しょう|に|ね|よ)[!！。.〜~]*$/u.test(n) || /[!！?？。]$/u.test(n)) return true;
  // "Spread the word", "LET'S GO", "拡散希望": a call to the readers.
  if (/^(?:let'?s\s+go+|spread\s+the\s+word|share(?:\s+it)?|teilen|weitersagen|partagez|compartan|compartilhem|wer\s+ist\s+dabei|拡散希望|お楽しみに|お気軽に|よろしく)/iu.test(n)) return true;
  // A word of a label ("Horaires", "Uhrzeit"), a time word ("今晩", "tonite").
  if (onlyTime(n)) return true;
  if (SCHEDULE_WORDS.test(n) || SCHEDULE_CJK.test(n) || /^live[!.]*$/i.test(n)) return true;
  if (ZONE_TOKEN.test(n.replace(/[()[\]]/g, '').trim())) return true;
  if (/^(?:\(?\s*(?:utc|gmt|[a-z]{2,5}t)\s*\)?\s*)+$/i.test(n) && ZONE_TOKEN.test(n.replace(/[()\s]/g, ''))) return true;
  if (hasDateSignal(n) || hasClockSignal(n)) return true;
  // "EST / 7PM PST": the rest of a time said in two zones.
  if (ZONE_TOKEN.test(words(n)[0]?.replace(/[()[\],./]/g, '') ?? '')) return true;
  return false;
}

/** A row with times: "21:00 Name", "21:00 - 22:00 Name", "Name [DJ] 22:00-23:30", "• Name — 23:00". */
function timedRow(clean: string, inSection: boolean): { times: RowTimes; name: string } | undefined {
  // "1. DJ Name", "2) 21:00 Name": list numbers are not times.
  const text = clean.replace(/^\d{1,2}[.)]\s+(?=\S)/, '');
  const tryMatch = (re: RegExp, specGroup: number, nameGroup: number) => {
    const m = re.exec(text);
    if (!m) return undefined;
    const times = readSpec(m[specGroup]);
    if (!times?.start) return undefined;
    const marked = !times.start.bare || (times.end !== undefined && !times.end.bare);
    // A bare number is a time only in a lineup section, in front ("9 Name") or as a range ("Name 9-10").
    if (!marked && !(inSection && (specGroup === 1 || times.end !== undefined))) return undefined;
    const name = m[nameGroup].trim();
    if (wordCount(name, 2) === 0 && !PLACEHOLDER.test(name)) return undefined;
    return { times, name };
  };
  return tryMatch(ROW_TIME_FIRST, 1, 2) ?? tryMatch(ROW_TIME_LAST, 2, 1);
}

/** Two rows in a row that start with a bare hour ("9 - Name", "10 - Name") make a lineup without a header. */
function bareRunStarts(lines: Line[], index: number): boolean {
  const rowAt = (i: number) => {
    const clean = lines[i]?.clean;
    const row = clean ? timedRow(clean, true) : undefined;
    return row !== undefined && !notPerformer(row.name) && ROW_TIME_FIRST.test(clean!);
  };
  if (!rowAt(index)) return false;
  let next = index + 1;
  while (next < lines.length && !lines[next].clean) next++;
  return rowAt(next);
}

function nameOnlyRow(clean: string): boolean {
  if (clean.length > 80 || words(clean).length > 8) return false;
  if (DOMAIN_LIKE.test(clean)) return false;
  // "@ The Great Pug (VRChat)" under a lineup is the venue.
  if (/^@\s/.test(clean) || PLATFORM.test(clean) || AT_WORLD.test(clean)) return false;
  if (HAS_URL.test(clean)) return false;
  if (/[.!?。！？]$/u.test(clean) && words(clean).length > 3) return false;
  if (hasTimeSignal(clean)) return false;
  if (labelled(clean) && !ROLE_PREFIX.test(clean)) return false;
  return wordCount(clean, 2) > 0;
}

/** Between the names of a list: commas, 、, slashes, "&", "+" and the six languages' "and". */
const LIST_SEP = /\s*(?:,|、|，|;|\s\/\s|(?<=[\p{L}.])\/(?=\p{L})|／|\s[&+]\s|\s(?:and|und|et|y|e|i)\s|•|·|\s\|\s)\s*/u;
/** "… です。", a full stop: the end of the list's sentence. */
const SENTENCE_TAIL = /(?:\s*(?:です|でした|となります|が出演します|が出演|出演))?[.。!！]*\s*$/u;
export const splitList = (value: string) => value.split(LIST_SEP).map((p) => p.trim()).filter(Boolean);

/**
 * Performers written inline: "w/ A, B & C", "feat. A", "mit A und B", "avec A et B", "con A y B",
 * "com A e B", "On the decks: A and B", "出演はA、Bです". Every item must read as a name
 * (capitalised, or in a script without case, or a person the directory knows), else the words
 * are a sentence and none of them is taken.
 */
const INLINE_LIST = /(?:^|\s|[(（])(?:w\/|(?:with|feat\.?|ft\.|featuring|mit|avec|con|com|on\s+the\s+decks|behind\s+the\s+decks|playing\s+for\s+you|an\s+den\s+decks|es\s+spielen|aux\s+platines|en\s+las\s+bandejas|tocan|nas\s+pick-?ups|tocam)(?![\p{L}])|出演(?:は|：|:))\s*[:：]?\s*(.+)$/iu;

export function inlinePerformers(clean: string, isPerson: (name: string) => boolean = () => false): { label: string | null; role: string | null }[] | undefined {
  const m = INLINE_LIST.exec(clean);
  if (!m) return undefined;
  // The list ends at its sentence: a full stop, "!", or a place or time that follows it.
  const value = m[1].split(/(?<=[^\s.])[.。!！?？](?:\s|$)|\s(?:at|@|im|au|no|en|on|um|à|às|a\s+las)\s(?=\p{Lu}|\d)/u)[0].replace(SENTENCE_TAIL, '');
  const items = splitList(value);
  if (items.length === 0 || items.length > 20) return undefined;
  const out: { label: string | null; role: string | null }[] = [];
  for (const item of items) {
    const named = splitName(item);
    if (!named?.label || notPerformer(named.label) || words(named.label).length > 5) return undefined;
    const capitalised = named.label.split(/\s+/).every((w) => !/^\p{Ll}/u.test(w) || /^(?:de|da|do|von|van|der|la|le|del|dos|das|y|e|b2b)$/i.test(w));
    if (!capitalised && !isPerson(named.label)) return undefined;
    out.push(named);
  }
  return out;
}

/**
 * A poster's bare lines after its date and time: a place and performers' names, one a line, with
 * no label and no time of their own ("Sala Luna", "Marlene K."), up to the first line that is
 * something else. Lines already read as timed rows are passed over; `notName` marks a line that
 * cannot be a performer's name (it may still be the place).
 */
export function bareNameLines(lines: Line[], used: Set<number>): { line: Line; label: string; role: string | null; notName: boolean }[] {
  let last = -1;
  lines.forEach((l, k) => {
    if (l.clean && !used.has(l.index) && hasTimeSignal(l.clean) && urlsOf(l.clean).length === 0) last = k;
  });
  if (last < 0) return [];
  const out: { line: Line; label: string; role: string | null; notName: boolean }[] = [];
  for (let k = last + 1; k < lines.length; k++) {
    const { clean } = lines[k];
    if (!clean || used.has(lines[k].index)) continue;
    if (urlsOf(clean).length || !nameOnlyRow(clean) || words(clean).length > 5) break;
    // "Open Canvas Studio" may be the place, though no performer's name ("Open" is a doors word).
    const notName = notPerformer(clean);
    const named = notName ? { label: clean, role: null } : splitName(clean);
    if (!named?.label) break;
    out.push({ line: lines[k], label: named.label, role: named.role, notName });
  }
  return out;
}

/** The lineup rows of the text, in order; their lines are marked used, so no other field reads them. */
export function readRows(lines: Line[], used: Set<number>, isPerson: (name: string) => boolean = () => false): RowDraft[] {
  const rows: RowDraft[] = [];
  let section: { role: string | null } | undefined;
  let misses = 0;
  for (const line of lines) {
    const { clean } = line;
    if (!clean) continue;
    const header = sectionHeader(clean);
    if (header) {
      section = { role: SECTION_ROLE[header] ?? null };
      misses = 0;
      used.add(line.index);
      continue;
    }
    const lab = labelled(clean);
    if (lab?.kind === 'lineup' && lab.value) {
      // "Lineup: A, B b2b C, D (live)"
      const role = SECTION_ROLE[lab.label] ?? null;
      const parts = splitList(lab.value.replace(SENTENCE_TAIL, ''));
      for (const part of parts) {
        const timed = timedRow(part, true);
        const names = splitName(timed ? timed.name : part);
        if (!names || (timed && notPerformer(timed.name))) continue;
        rows.push({ line, ...names, role: names.role ?? role, roleInferred: !names.role && !!role, times: timed?.times ?? {} });
      }
      used.add(line.index);
      // "Line-up: A, B": the list was on its line; what follows is something else.
      section = undefined;
      misses = 0;
      continue;
    }
    if (lab) {
      // "Time: 21:00", "Host: X": a labelled line is never a row, and ends a section.
      section = undefined;
      continue;
    }
    const urls = urlsOf(clean);
    if (!section && urls.length === 0 && bareRunStarts(lines, line.index)) section = { role: null };
    const timed = urls.length === 0 ? timedRow(clean, !!section) : undefined;
    if (timed && !notPerformer(timed.name) && (section || !hasDateSignal(clean))) {
      const names = splitName(timed.name);
      if (names) {
        rows.push({ line, ...names, role: names.role ?? section?.role ?? null, roleInferred: !names.role && !!section?.role, times: timed.times });
        used.add(line.index);
        misses = 0;
        continue;
      }
    }
    if (section && urls.length === 0 && nameOnlyRow(clean)) {
      const names = splitName(clean);
      if (names && !notPerformer(clean)) {
        rows.push({ line, ...names, role: names.role ?? section.role, roleInferred: !names.role && !!section.role, times: {} });
        used.add(line.index);
        continue;
      }
    }
    if (!section && urls.length === 0 && ROLE_PREFIX.test(clean) && !/^host/i.test(clean)) {
      const names = splitName(clean);
      if (names?.label) {
        rows.push({ line, ...names, roleInferred: false, times: {} });
        used.add(line.index);
        continue;
      }
    }
    // "… w/ A, B & C", "Avec A et B.": performers inline; the line stays readable for the other fields.
    const inline = section || urls.length ? undefined : inlinePerformers(clean, isPerson);
    if (inline) {
      for (const n of inline) rows.push({ line, ...n, roleInferred: false, times: {} });
      continue;
    }
    // Anything else closes the section (after a stray line or two of OCR noise).
    if (section && (urls.length || hasLetters(clean, 4))) section = undefined;
    else if (section && ++misses > 2) section = undefined;
  }
  return rows;
}
