/**
 * The corpus's templates: an announcement's meaning is drawn first (community, title, day, times,
 * zone, venue, lineup, address), then written in one of the shapes organisers use, in one of six
 * languages. Expected values come from the meaning (dates with luxon), never from the extractor.
 *
 * What "right" means for each field (score.ts applies it):
 * - title: equal after NFKC, case-folding, collapsing spaces, dropping emoji and trimming
 *   surrounding quotes, brackets and trailing punctuation (「」『』【】"“”«»'*!！。.). When the
 *   post writes "Community: Title" (or "Community — Title", "Community presents: Title"), the
 *   title alone and the whole line are both right (`alsoRight.title`).
 * - communitySlug: the directory slug when the named community is in the directory, else null. A
 *   person after "hosted by" is not a community.
 * - eventDate: the calendar day of the start in the event's zone (ISO); a Japanese start written
 *   past 24:00 ("24:30〜") is on the next calendar day. A date without a start is that day.
 * - start, end: HH:mm wall times in the event's zone; an end past midnight is the next day's
 *   clock time ("26:00", "翌2:00" → "02:00"); an open end ("ab 21 Uhr") is null. Doors,
 *   rehearsal and prose times are never the start.
 * - timezone: the IANA zone the text states (an abbreviation naming several zones, like
 *   CET/MEZ, accepts each: `alsoRight.timezone`); when the text states none, the draft's zone,
 *   and a null proposal is also right (the draft already has it).
 * - venueLabel: the world's display name when it is in the directory, else the venue as written;
 *   compared like titles.
 * - sourceUrl: exactly the event's address as written; posts that link only elsewhere expect null.
 * - lineup: one row per performer as written (a "A b2b B" pair is one row with that label); rows
 *   are matched by folded label (foldText); personSlug is the directory slug or null; start/end
 *   as for the event (a row that writes only its start has end null, and the next row's start,
 *   or the event's end for the last, is also right). A host named only as host may be listed or
 *   not (`alsoRight.optionalPerformers`). Role words are not part of the label.
 * - not announcements (recaps, calls for DJs, rules, thank-yous): every field null, no lineup.
 */
import { DateTime } from 'luxon';
import { COMMUNITIES, FixtureDirectory, PEOPLE, UNKNOWN, WORLDS, type FixtureEntry } from './directory.js';
import { DRAFT_ZONES, formatDate, formatRange, formatTime, hhmm, RELATIVE, ZONE_WORDS, withZone, type Clock, type DateStyle, type Lang, type ZoneWord } from './lang.js';
import { PHRASES, ROLES, TITLES } from './phrases.js';
import { int, pick, type Rng } from '../timeGenerated/prng.js';

export interface ExpectedRow {
  performerLabel: string;
  personSlug: string | null;
  start: string | null;
  end: string | null;
}
export interface ExpectedEvent {
  title: string | null;
  communitySlug: string | null;
  eventDate: string | null;
  start: string | null;
  end: string | null;
  timezone: string | null;
  venueLabel: string | null;
  sourceUrl: string | null;
}
export type PosterRole = 'title' | 'community' | 'date' | 'time' | 'venue' | 'lineup' | 'url' | 'other';

export interface ExtractionCase {
  id: string;
  language: Lang;
  shape: string;
  text: string;
  timeZone: string;
  referenceInstant: number;
  expected: { event: ExpectedEvent; lineup: ExpectedRow[]; notAnnouncement?: boolean };
  poster: { lines: { text: string; role: PosterRole }[] };
  /** The template and its variant choices (a distinct template is shape × variants). */
  template: string;
  /** The failure classes (1–8 of the corpus's brief) this case exercises. */
  classes: string[];
  /** Other values that are equally right (see the comment at the top). */
  alsoRight: { title?: string[]; timezone?: (string | null)[]; optionalPerformers?: string[]; rowEnds?: Record<number, string | null> };
}

export const SHAPES = ['discord', 'one-liner', 'letter', 'labelled', 'lineup-list', 'ja-labelled', 'not-announcement'] as const;
export type Shape = (typeof SHAPES)[number];

export const CLASSES = [
  'c1-world-inline',
  'c1-venue-unknown',
  'c2-title-in-prose',
  'c2-not-announcement',
  'c3-inline-performers',
  'c4-not-performer-lines',
  'c5-community-form',
  'c5-person-host',
  'c6-zone-word',
  'c6-zone-lookalike',
  'c7-relative-date',
  'c7-late-night',
  'c8-doors-rehearsal',
] as const;

const DIRECTORY = new FixtureDirectory();

// ---------------------------------------------------------------------------------------------
// The meaning of an announcement

interface Named {
  written: string;
  slug: string | null;
}
interface Venue {
  written: string;
  expected: string;
  known: boolean;
}
interface Row {
  name: Named;
  start: Clock | null;
  end: Clock | null;
  role?: string;
}
export interface Meaning {
  lang: Lang;
  draftZone: string;
  zoneWord: ZoneWord | null;
  zone: string;
  ref: DateTime;
  day: DateTime;
  relative: 'tonight' | 'tomorrow' | null;
  start: Clock;
  end: Clock | null;
  title: string;
  community: Named | null;
  venue: Venue | null;
  rows: Row[];
  url: string | null;
}

/** A name as a language's posts write it: Japanese posts use the Japanese alias when there is one. */
function writtenName(lang: Lang, e: FixtureEntry, r: Rng): string {
  const ja = e.aliases.find((a) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(a));
  if (lang === 'ja' && ja && r() < 0.7) return ja;
  const latin = e.aliases.find((a) => !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(a));
  if (latin && r() < 0.3) return latin;
  return e.displayName;
}

function drawCommunity(r: Rng, lang: Lang): Named {
  if (r() < 0.7) {
    const e = pick(r, COMMUNITIES);
    const written = writtenName(lang, e, r);
    return { written, slug: DIRECTORY.resolve('community', written)!.slug };
  }
  return { written: pick(r, UNKNOWN.community), slug: null };
}

function drawPeople(r: Rng, lang: Lang, n: number): Named[] {
  const out: Named[] = [];
  const seen = new Set<string>();
  while (out.length < n) {
    let p: Named;
    if (r() < 0.55) {
      const e = pick(r, PEOPLE);
      const written = writtenName(lang, e, r);
      p = { written, slug: DIRECTORY.resolve('person', written)!.slug };
    } else p = { written: pick(r, UNKNOWN.person), slug: null };
    if (seen.has(p.slug ?? p.written)) continue;
    seen.add(p.slug ?? p.written);
    out.push(p);
  }
  return out;
}

function drawVenue(r: Rng): Venue {
  if (r() < 0.6) {
    const w = pick(r, WORLDS);
    return { written: w.displayName, expected: w.displayName, known: true };
  }
  const v = pick(r, UNKNOWN.world);
  return { written: v, expected: v, known: false };
}

const addMinutes = (c: Clock, minutes: number): Clock => {
  const t = c.h * 60 + c.m + minutes;
  return { h: Math.floor(t / 60), m: t % 60 };
};

/** Day, times, zone and reference instant: "tonight" is the reference day in the event's zone. */
function drawWhen(r: Rng, lang: Lang, o: { relative: 'tonight' | 'tomorrow' | 'weekday' | null; stateZone: boolean; late: boolean; openEnd: boolean }) {
  const draftZone = pick(r, DRAFT_ZONES[lang]);
  let zoneWord: ZoneWord | null = o.stateZone ? pick(r, ZONE_WORDS[lang]) : null;
  // A stated zone that is the draft's region reads the same; the interesting case is another one.
  const base = DateTime.fromISO('2026-01-05', { zone: 'UTC' }).plus({ days: int(r, 0, 700) });
  const hour = int(r, 10, 16);
  const minute = int(r, 0, 59);
  const refIn = (zone: string) => DateTime.fromObject({ year: base.year, month: base.month, day: base.day, hour, minute }, { zone });
  let zone = zoneWord?.zone ?? draftZone;
  let ref = refIn(zone);
  // Relative days with a foreign zone are only unambiguous when both zones are on the same day (decisions §5 rule 14).
  if (o.relative && zoneWord && ref.setZone(draftZone).toISODate() !== ref.toISODate()) {
    zoneWord = null;
    zone = draftZone;
    ref = refIn(zone);
  }
  const ahead = o.relative === 'tonight' ? 0 : o.relative === 'tomorrow' ? 1 : o.relative === 'weekday' ? int(r, 2, 6) : int(r, 3, 75);
  const day = ref.startOf('day').plus({ days: ahead });
  let start: Clock = { h: pick(r, [18, 19, 20, 20, 21, 21, 22, 22, 23]), m: pick(r, [0, 0, 0, 0, 30]) };
  if (o.late) start = pick(r, [{ h: 22, m: 0 }, { h: 23, m: 0 }, { h: 24, m: 0 }, { h: 23, m: 30 }, { h: 21, m: 0 }]);
  const hours = o.late ? int(r, 3, 5) : int(r, 2, 4);
  const end = o.openEnd ? null : addMinutes(start, hours * 60);
  return { draftZone, zoneWord, zone, ref, day, start, end };
}

// ---------------------------------------------------------------------------------------------
// Writing helpers

export interface Built {
  shape: Shape;
  lines: string[];
  classes: Set<string>;
  variant: string[];
  poster: { text: string; role: PosterRole }[];
  alsoRight: ExtractionCase['alsoRight'];
  notAnnouncement?: boolean;
  /** The community is named in the text in a way the expectation counts (a host person is not). */
  communityNamed: boolean;
  /** The lineup rows the text states (inline lists and rows alike). */
  rows: Row[];
  venueStated: boolean;
  urlStated: boolean;
  titleStated: boolean;
  endStated: boolean;
}

export type RowStyle = 'name-dash-time' | 'range-name' | 'time-dash-name' | 'tilde' | 'full-range' | 'role' | 'b2b';

/** Timed rows from the event's start, one slot each (60 or 90 minutes). */
function timedRows(r: Rng, m: Meaning, people: Named[], style: RowStyle): Row[] {
  const step = style === 'range-name' ? 60 : pick(r, [60, 60, 90]);
  const rows: Row[] = people.map((p, i) => ({ name: p, start: addMinutes(m.start, i * step), end: addMinutes(m.start, (i + 1) * step) }));
  if (style === 'b2b' && rows.length >= 2) {
    const [a, b] = [rows[0], rows[1]];
    const joined: Row = { name: { written: `${a.name.written} b2b ${b.name.written}`, slug: null }, start: a.start, end: b.end };
    return [joined, ...rows.slice(2)];
  }
  if (style === 'role') for (const row of rows) row.role = pick(r, ROLES[m.lang]);
  return rows;
}

/** A lineup row as written; the row's expected end is null when only its start is written. */
function writeRow(lang: Lang, row: Row, style: RowStyle, r: Rng): { text: string; endWritten: boolean } {
  const s = row.start!;
  const e = row.end!;
  const name = row.name.written;
  const t = (c: Clock) => formatTime(lang, c, lang === 'en' ? 0 : 0);
  switch (style) {
    case 'name-dash-time':
      return { text: `${name} — ${t(s)}`, endWritten: false };
    case 'range-name': {
      if (lang === 'en') return { text: `${s.h % 12}-${e.h % 12} ${name}`, endWritten: true };
      if (lang === 'de') return { text: `${s.h % 24}–${e.h % 24} Uhr: ${name}`, endWritten: true };
      if (lang === 'ja') return { text: `${s.h}-${e.h}時 ${name}`, endWritten: true };
      return { text: `${s.h % 24}h-${e.h % 24}h ${name}`, endWritten: true };
    }
    case 'time-dash-name':
      return { text: `${t(s)} – ${name}`, endWritten: false };
    case 'tilde':
      return { text: `${s.h}:${String(s.m).padStart(2, '0')}〜 ${name}`, endWritten: false };
    case 'full-range': {
      const endText = e.h === 24 && e.m === 0 ? '24:00' : lang === 'ja' ? `${e.h}:${String(e.m).padStart(2, '0')}` : hhmm(e);
      const startText = lang === 'ja' ? `${s.h}:${String(s.m).padStart(2, '0')}` : hhmm(s);
      return { text: `${startText}-${endText} ${name}`, endWritten: true };
    }
    case 'role': {
      const role = lang === 'ja' ? `(${row.role})` : ` (${row.role})`;
      return { text: `${lang === 'ja' ? `${s.h}:${String(s.m).padStart(2, '0')}` : hhmm(s)} ${name}${role}`, endWritten: false };
    }
    case 'b2b':
      return { text: r() < 0.5 ? `${hhmm(s)}-${hhmm(e)} ${name}` : `${name} — ${t(s)}`, endWritten: false };
  }
}

function rowStyles(lang: Lang): RowStyle[] {
  const common: RowStyle[] = ['name-dash-time', 'range-name', 'time-dash-name', 'full-range', 'role', 'b2b'];
  return lang === 'ja' ? [...common, 'tilde', 'tilde'] : common;
}

function dateStyle(r: Rng, lang: Lang): DateStyle {
  return pick(r, lang === 'de' ? ['long', 'short', 'numeric', 'numeric'] : ['long', 'short', 'numeric', 'long']);
}

/** The event's day as the text writes it (relative words include the time when they are used). */
function whenText(m: Meaning, r: Rng, style: DateStyle): string {
  if (m.relative) return pick(r, RELATIVE[m.lang][m.relative]);
  return formatDate(m.lang, m.day, style);
}

function timeText(m: Meaning, r: Rng, late: boolean): string {
  const s = m.lang === 'ja' ? (int(r, 0, 1) as 0 | 1) : (int(r, 0, 1) as 0 | 1);
  const core = m.end ? formatRange(m.lang, m.start, m.end, m.lang === 'ja' ? 0 : s, late) : openEnded(m, r);
  return withZone(m.lang, core, m.zoneWord);
}

function openEnded(m: Meaning, r: Rng): string {
  const t = formatTime(m.lang, m.start, int(r, 0, 1) as 0 | 1);
  switch (m.lang) {
    case 'en':
      return pick(r, [`${t} till late`, `from ${t}`]);
    case 'ja':
      return `${t}〜`;
    case 'de':
      return `ab ${t.endsWith('Uhr') ? t : `${t} Uhr`}`;
    case 'fr':
      return `à partir de ${t}`;
    case 'es':
      return `desde las ${t}`;
    case 'pt':
      return `a partir das ${t}`;
  }
}

export { addMinutes, drawCommunity, drawPeople, drawVenue, drawWhen, timedRows, writeRow, rowStyles, dateStyle, whenText, timeText, DIRECTORY };
export { PHRASES, TITLES };
