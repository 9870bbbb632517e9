/**
 * Extraction (contract 2.6): reads an event announcement (pasted chat text, or a poster's text
 * as OCR recognised it) and proposes draft fields with evidence and open questions. Pure apart
 * from the injected directory lookup: it never writes, and never guesses where the text does not
 * settle a value (the field stays null and a question is asked instead).
 *
 * Dates and times are read by the project's time engine; everything else here is line-level
 * heuristics over the cleaned text (markdown, emoji and Discord markup removed).
 */
import { DateTime, IANAZone } from 'luxon';
import type { components } from '../../../generated/openapi.js';
import { slugify } from '../../directory/slugs.js';
import { parseTimeExpression } from '../../time/engine/index.js';
import type { TimeCanonical, TimeParseOutcome } from '../../time/engine/index.js';

export type ExtractionResult = components['schemas']['ExtractionResult'];
type EventFields = ExtractionResult['event'];
type LineupRow = ExtractionResult['lineup'][number];
type Evidence = ExtractionResult['evidence'][number];
type Question = ExtractionResult['questions'][number];
type Origin = Evidence['origin'];

export interface DirectoryEntry {
  slug: string;
  displayName: string;
}

export interface DirectoryLookup {
  /** Candidate matches for a name. */
  communities(name: string): Promise<DirectoryEntry[]>;
  people(name: string): Promise<DirectoryEntry[]>;
  worlds(name: string): Promise<DirectoryEntry[]>;
}

export interface ExtractionInput {
  /** At most 12000 characters; more is ignored. */
  text: string;
  /** Evidence origin of values read from this text. */
  origin: 'text' | 'poster';
  /** IANA zone used when the text names none (the draft's zone, else UTC). */
  timeZone?: string;
  /** Epoch milliseconds: "now" for relative phrases (an injected clock). */
  referenceInstant: number;
  /** BCP 47; without it the language is guessed from the text's date words. */
  locale?: string;
  lookup: DirectoryLookup;
}

// ---------------------------------------------------------------------------------------------
// Contract limits (2.6)

const LIMIT = {
  text: 12000,
  title: 120,
  slug: 64,
  timezone: 64,
  venueLabel: 120,
  summary: 240,
  sourceUrl: 2048,
  lineup: 80,
  performerLabel: 120,
  roleLabel: 48,
  evidence: 100,
  questions: 100,
  fieldPath: 120,
  excerpt: 500,
  reason: 500,
  alternatives: 10,
  alternative: 200,
} as const;

/** Engine calls per extraction: noise must stay cheap. */
const MAX_TIME_CANDIDATES = 40;
/** Longest span handed to the time engine (its API takes 500). */
const MAX_EXPRESSION = 300;
const MAX_LINES = 600;

/** JSON pointer of a proposed value, e.g. `/event/title`, `/lineup/2/start`. */
const ptr = (...parts: (string | number)[]) => `/${parts.join('/')}`;

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const code = s.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return s.slice(0, end);
}

/** At most `max`, cut at a word boundary with an ellipsis when shortened. */
function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const room = cut(s, max - 1);
  const space = room.lastIndexOf(' ');
  const head = space >= max / 2 ? room.slice(0, space) : room;
  return `${head.replace(/[\s,;:.\-–—|]+$/u, '')}…`;
}

const excerptOf = (s: string | null) => (s === null ? null : clip(s.trim(), LIMIT.excerpt));

// ---------------------------------------------------------------------------------------------
// Cleaning

const EMOJI = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}\uFE0E\uFE0F\u200D\u20E3\u{E0020}-\u{E007F}])+/gu;
const KEYCAP = /[0-9#*]\uFE0F?\u20E3/gu;
const BULLETS = /^(?:[-*•·▪▫◦‣⁃►▸▹▶➤➜➔→⟶»›◆◇■□●○★☆✦✧✪✯♪♫♬|~=+>]+\s*)+/u;
const URL_RE = /https?:\/\/[^\s<>"'`\]]+/giu;
const HAS_URL = /https?:\/\//i;
/** A web address without its scheme, as posters print them ("www.example.com", "example.com/e/party"). */
const BARE_WWW = /(?<![\w./@])(?:www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s<>"'`]*)?|[a-z0-9-]{2,}(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|me|co|club|events?|xyz|app|jp|de|fr|uk|nl|live|fm|link|example)\/[^\s<>"'`]+)/iu;
const DOMAIN_LIKE = /(?<![\w@])(?:www\.)?[a-z0-9-]{2,}(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|me|co|club|events?|xyz|app|jp|de|fr|uk|nl|live|fm|link|example)(?:\/\S*)?(?![\w.])/iu;
const DISCORD_TIMESTAMP = /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/g;

/** A line as written (for excerpts) and cleaned (for reading). */
interface Line {
  index: number;
  raw: string;
  clean: string;
}

/** Markdown, emoji, Discord markup and list bullets removed; NFKC (full-width digits become ASCII). */
function cleanLine(raw: string): string {
  let s = raw
    .replace(/<a?:\w{1,64}:\d{1,25}>/g, ' ')
    .replace(/<(?:@[!&]?|#)\d{1,25}>/g, ' ')
    .replace(DISCORD_TIMESTAMP, ' ')
    .replace(/(?<![\p{L}\p{N}])@(?:everyone|here)(?![\p{L}\p{N}])/giu, ' ')
    .replace(KEYCAP, ' ')
    .replace(EMOJI, ' ')
    .normalize('NFKC')
    .replace(/[\u200B-\u200C\u2060\u00AD]/g, '')
    .replace(/\[([^\]\n]{0,200})\]\((https?:\/\/[^)\s]+)\)/g, '$1 $2')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/\|\||\*\*|__|~~|`+/g, ' ')
    .replace(/(^|\s)[*_]+(?=\S)/g, '$1')
    .replace(/(?<=\S)[*_]+(?=\s|$|[!?.,:;])/g, '')
    .replace(/:[a-z0-9_+-]{2,32}:(?!\d)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  s = s.replace(/^(?:-#\s+|#{1,6}\s+|>{1,3}\s*)+/, '').trim();
  s = s.replace(BULLETS, '').trim();
  return s;
}

/** Symbol density of the cleaned text without its URLs: random text and OCR of graphics run high. */
function noiseLevel(lines: Line[]): number {
  const body = lines.map((l) => l.clean.replace(URL_RE, ' ')).join(' ').replace(/\s+/g, '');
  if (body.length < 40) return 0;
  return (body.match(STRONG_SYMBOL) ?? []).length / body.length;
}

function splitLines(text: string): { lines: Line[]; strict: boolean } {
  const lines: Line[] = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .slice(0, MAX_LINES)
    .map((raw, index) => ({ index, raw: raw.trim(), clean: cleanLine(raw) }));
  // Text that is mostly symbols (random input, OCR of graphics) is read strictly.
  const strict = noiseLevel(lines) > 0.06;
  for (const line of lines) if (noisy(line.clean, strict)) line.clean = '';
  return { lines, strict };
}

/** "9-10pm", "10pm-2am", "21h-23h30": times, not garbage. */
const TIME_RANGE_TOKEN = /^\d{1,2}(?:[:.h]\d{2})?(?:[ap]\.?m?\.?|h)?(?:[-–~〜]\d{1,2}(?:[:.h]\d{2})?(?:[ap]\.?m?\.?|h)?)?$/iu;

/** Symbols that ordinary announcements rarely use outside URLs (brackets, dashes and punctuation are not among them). */
const STRONG_SYMBOL = /[/@#*_|<>\\^{}=`$%;]/gu;

/**
 * Garbage rather than language: dense symbols, or words that mix letters and digits ("b7o",
 * "n1d4"), as random text and badly recognised poster regions are. Such lines are never read.
 */
function noisy(clean: string, strict = false): boolean {
  if (clean.length < 8) return false;
  const body = clean.replace(URL_RE, ' ');
  const strong = (body.match(STRONG_SYMBOL) ?? []).length;
  if (strong >= 2 && strong / body.length > 0.12) return true;
  const tokens = words(body);
  const bad = tokens.filter((token) => {
    const t = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (/[/@#*_|<>\\^{}=`$%;]/u.test(t)) return true;
    return /\p{L}\d|\d\p{L}/u.test(t) && !TIME_RANGE_TOKEN.test(t) && !/^(?:b\db|mp3|\d{1,2}(?::\d{2})?(?:am|pm|a|p|h|uhr|st|nd|rd|th|k)|\d{1,2}h\d{2}|\d+(?:時|分|月|日|年)+.*|[a-z]{1,3}\d{1,2}|\d{1,2}[a-z]{1,2}|vol\.?\d+)$/iu.test(t);
  }).length;
  // Amid other noise, one such word is enough.
  return strict ? bad >= 1 : bad >= 2 && bad / tokens.length > 0.3;
}

/** Tokens that are words (three letters or more, nothing else); CJK text counts by characters. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

function wordCount(s: string, min: 2 | 3 = 3): number {
  const cjk = (s.match(CJK) ?? []).length;
  const word = min === 2 ? WORD_2 : WORD_3;
  const latin = words(s).filter((t) => word.test(t.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''))).length;
  return latin + Math.floor(cjk / 2);
}
const WORD_2 = /^[\p{L}\p{M}'’-]{2,}$/u;
const WORD_3 = /^[\p{L}\p{M}'’-]{3,}$/u;

const hasLetters = (s: string, n = 2) => (s.match(/\p{L}/gu) ?? []).length >= n;
const words = (s: string) => s.split(/\s+/).filter(Boolean);
const compact = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

// ---------------------------------------------------------------------------------------------
// Vocabulary

const MONTH_WORDS = [
  'january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  'januar', 'jänner', 'februar', 'märz', 'juni', 'juli', 'oktober', 'dezember', 'okt', 'dez',
  'janvier', 'février', 'fevrier', 'mars', 'avril', 'juin', 'juillet', 'août', 'aout', 'septembre', 'octobre', 'novembre', 'décembre', 'decembre',
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
  'janeiro', 'fevereiro', 'março', 'maio', 'junho', 'julho', 'setembro', 'outubro', 'novembro', 'dezembro',
];
const WEEKDAY_WORDS = [
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun',
  'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonnabend', 'sonntag',
  'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche',
  'lunes', 'martes', 'miércoles', 'miercoles', 'jueves', 'viernes', 'sábado', 'sabado', 'domingo',
  'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'segunda', 'terça', 'quarta', 'quinta', 'sexta',
];
const RELATIVE_WORDS = [
  'today', 'tonight', 'tomorrow', 'heute', 'morgen', 'übermorgen', 'heute abend', "aujourd'hui", 'ce soir', 'demain', 'hoy', 'esta noche', 'mañana', 'hoje', 'hoje à noite', 'amanhã', 'amanha',
  'this weekend', 'next weekend',
];
const alt = (list: string[]) => [...list].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const WB = '(?<![\\p{L}\\p{N}])';
const WE = '(?![\\p{L}])';
const DATE_WORD = new RegExp(`${WB}(?:${alt([...MONTH_WORDS, ...WEEKDAY_WORDS, ...RELATIVE_WORDS])})\\.?${WE}`, 'iu');
/** "may" is a month but also a verb: only with a day number next to it. */
const MAY_DATE = /(?<![\p{L}])(?:may|mai|mayo|maio)\s+\d{1,2}(?!\d)|(?<!\d)\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:de\s+)?(?:may|mai|mayo|maio)(?![\p{L}])/iu;
const NUMERIC_DATE = /(?<![\d:.])(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./]\d{1,2}(?:[./](?:\d{4}|\d{2}))?\.?)(?![\d:])|\d{1,2}\s*月\s*\d{1,2}\s*日|(?:今日|今夜|明日|明後日|今週|来週)|[月火水木金土日]曜/u;
const CLOCK = /(?<![\d.:])\d{1,2}\s*[:.]\s*\d{2}(?![\d.:])|(?<![\d])\d{1,2}\s*(?:[ap]\.?\s?m\.?|[ap])(?![\p{L}])|(?<![\d])\d{1,2}\s*(?:h|uhr|heures?|hrs?)(?![\p{L}])|\d{1,2}\s*h\s*\d{2}|\d{1,2}\s*時|(?<![\p{L}])(?:noon|midnight|mitternacht|midi|minuit|mediodía|medianoche|meio-dia|meia-noite)(?![\p{L}])|正午/iu;

const hasDateSignal = (s: string) => DATE_WORD.test(s) || MAY_DATE.test(s) || NUMERIC_DATE.test(s);
const hasClockSignal = (s: string) => CLOCK.test(s);
const hasTimeSignal = (s: string) => hasDateSignal(s) || hasClockSignal(s);

const ZONE_ABBREVIATIONS = [
  'utc', 'gmt', 'z', 'cet', 'cest', 'mez', 'mesz', 'wet', 'west', 'eet', 'eest', 'bst', 'ist', 'msk',
  'est', 'edt', 'et', 'cst', 'cdt', 'ct', 'mst', 'mdt', 'mt', 'pst', 'pdt', 'pt', 'akst', 'akdt', 'hst', 'ast', 'adt', 'nst', 'ndt',
  'jst', 'kst', 'hkt', 'sgt', 'awst', 'acst', 'acdt', 'aest', 'aedt', 'nzst', 'nzdt', 'brt', 'art', 'pht', 'wib',
];
const ZONE_TOKEN = new RegExp(`^(?:${alt(ZONE_ABBREVIATIONS)}|(?:utc|gmt)\\s*[+-]\\s*\\d{1,2}(?::?\\d{2})?)$`, 'i');
const IANA_IN_TEXT = /(?<![\w/])(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z_+-]+(?:\/[A-Za-z_+-]+)?/g;

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

// Labels of "Label: value" lines, by what they say.
type LabelKind = 'title' | 'date' | 'time' | 'end' | 'doors' | 'venue' | 'world' | 'community' | 'lineup' | 'zone' | 'link' | 'about';
const LABELS: Record<LabelKind, string[]> = {
  title: ['title', 'event', 'event name', 'name', 'titel', 'titre', 'título', 'titulo', 'タイトル', 'イベント名'],
  date: ['date', 'datum', 'fecha', 'data', 'day', 'tag', '日付', '開催日', '日程'],
  time: ['time', 'times', 'zeit', 'uhrzeit', 'heure', 'horaire', 'hora', 'horario', 'horário', '時間', '日時', 'when', 'wann', 'quand', 'cuándo', 'cuando', 'quando',
    'start', 'starts', 'start time', 'begins', 'beginn', 'début', 'inicio', 'início', '開始', '開演', 'showtime', 'date & time', 'date and time', 'date/time', 'datum & uhrzeit'],
  end: ['end', 'ends', 'end time', 'until', 'ende', 'fin', 'fim', '終了'],
  doors: ['doors', 'doors open', 'door', 'einlass', '開場', 'ouverture des portes', 'portes', 'puertas', 'abertura', 'abertura dos portões'],
  venue: ['venue', 'where', 'location', 'place', 'ort', 'wo', 'lieu', 'où', 'lugar', 'dónde', 'donde', 'onde', 'local', '会場', '場所', 'instance'],
  world: ['world', 'map', 'vrchat world', 'welt', 'monde', 'mundo', 'ワールド'],
  community: ['community', 'host', 'hosts', 'hosted by', 'organizer', 'organiser', 'organized by', 'organised by', 'presented by', 'group', 'club', 'crew', 'collective',
    'veranstalter', 'gastgeber', 'organisateur', 'organizador', 'comunidad', 'comunidade', '主催', 'コミュニティ'],
  lineup: ['lineup', 'line-up', 'line up', 'djs', "dj's", 'dj', 'vjs', 'vj', 'artists', 'performers', 'acts', 'timetable', 'time table', 'schedule', 'set times', 'running order',
    'programm', 'programme', 'programa', 'visuals', 'mcs', '出演', '出演者', 'タイムテーブル', 'ラインナップ', 'tt'],
  zone: ['timezone', 'time zone', 'tz', 'zeitzone', 'fuseau horaire', 'zona horaria', 'fuso horário', 'fuso horario', 'タイムゾーン'],
  link: ['tickets', 'ticket', 'link', 'links', 'info', 'more info', 'details', 'rsvp', 'join', 'discord', 'twitch', 'stream', 'website', 'web', 'url', 'event page', 'page', 'group link', 'instance link'],
  about: ['about', 'description', 'desc', 'beschreibung', 'description de l\'événement', 'descripción', 'descrição', '概要', '内容'],
};
const LABEL_KIND = new Map<string, LabelKind>();
for (const [kind, list] of Object.entries(LABELS) as [LabelKind, string[]][]) for (const l of list) if (!LABEL_KIND.has(l)) LABEL_KIND.set(l, kind);
/** Lineup-section headers that say the performers' role. */
const SECTION_ROLE: Record<string, string> = { djs: 'DJ', "dj's": 'DJ', dj: 'DJ', vjs: 'VJ', vj: 'VJ', visuals: 'Visuals', mcs: 'MC' };

interface Labelled {
  kind: LabelKind;
  label: string;
  value: string;
}

function labelled(clean: string): Labelled | undefined {
  const m = /^([\p{L}][\p{L}\p{N} .'’&/-]{0,28}?)\s*[:：]\s*(.*)$/u.exec(clean);
  if (!m) return undefined;
  const label = m[1].toLowerCase().replace(/\s+/g, ' ').trim();
  const kind = LABEL_KIND.get(label);
  return kind ? { kind, label, value: m[2].trim() } : undefined;
}

/** A line that is only a lineup header ("Lineup", "🎧 LINE-UP:", "Timetable"). */
function sectionHeader(clean: string): string | undefined {
  const bare = clean.replace(/[^\p{L}\p{N}')]+$/u, '').toLowerCase().trim();
  return LABEL_KIND.get(bare) === 'lineup' ? bare : undefined;
}

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
const ROW_TIME_FIRST = new RegExp(`^(${SPEC_SRC})(?:\\s*[-–—:|·•>)\\]~.…_▸►▶→➜➤»›・]+\\s*|\\s+)(.+)$`, 'iu');
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
  const start = readClock(m[1]);
  if (!start) return undefined;
  if (m[2] === undefined) return { start };
  const end = readClock(m[2]);
  if (!end) return new RegExp(`^(?:${END_WORD_SRC})$`, 'iu').test(m[2].trim()) ? { start, openEnd: true } : undefined;
  return { start, end };
}

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const fwd = (from: number, to: number) => (((to - from) % 1440) + 1440) % 1440;

/** Readings of a clock time in minutes of the day: one when it says am/pm or is on the 24-hour clock. */
function readings(c: Clock): number[] {
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
  return parts.length > 0 && parts.length <= 4 && parts.every((p) => ROLE_WORDS.has(p));
}
const canonRole = (inner: string) => ROLE_CANON[inner.toLowerCase().trim()] ?? inner.trim();

interface RowDraft {
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

// ---------------------------------------------------------------------------------------------
// URLs

function urlsOf(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(URL_RE)) {
    let url = m[0].replace(/[)>.,;:!?*_~|]+$/u, '');
    // A closing parenthesis that the URL opened stays ("…/wiki/Foo_(bar)").
    if (m[0].length > url.length && m[0][url.length] === ')' && (url.match(/\(/g) ?? []).length > (url.match(/\)/g) ?? []).length) url += ')';
    out.push(url);
  }
  return out;
}

/** Higher is more like an event page. */
function urlRank(url: string, line: string): number {
  const u = url.toLowerCase();
  if (/\.(?:png|jpe?g|gif|webp|svg|mp4|mov)(?:[?#]|$)/.test(u)) return 0;
  let rank = 2;
  if (/\/events?\b|eventbrite\.|ra\.co\/events|vrc\.tl|vrcevent|vrchat\.com\/home\/group\/[^/]+\/calendar|\bcalendar\b|ticket|partiful|lu\.ma|luma\.com|meetup\.com|peatix|connpass|twipla/.test(u)) rank = 5;
  else if (/discord\.(?:gg|com\/invite)|vrchat\.com\/home\/(?:world|launch)|vrch\.at|twitch\.tv|youtube\.com|youtu\.be|kick\.com|twitter\.com|x\.com|instagram\.com|tiktok\.com|bsky\.app|soundcloud\.com|mixcloud\.com/.test(u)) rank = 1;
  const l = labelled(cleanLine(line));
  if (l && l.kind === 'link' && /ticket|event|info|details|rsvp|page/.test(l.label) && rank < 5) rank = 4;
  return rank;
}

// ---------------------------------------------------------------------------------------------
// Language

const LANGUAGE_WORDS: Record<string, RegExp> = {
  de: /(?<![\p{L}])(?:uhr|samstag|sonntag|freitag|montag|dienstag|mittwoch|donnerstag|januar|februar|märz|juni|juli|oktober|dezember|einlass|heute|morgen|abend|veranstaltung|präsentiert)(?![\p{L}])/giu,
  fr: /(?<![\p{L}])(?:samedi|dimanche|vendredi|lundi|mardi|mercredi|jeudi|janvier|février|avril|juin|juillet|août|septembre|octobre|décembre|ce soir|demain|heures?|soirée|présente)(?![\p{L}])/giu,
  es: /(?<![\p{L}])(?:sábado|viernes|lunes|martes|miércoles|jueves|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|diciembre|hoy|esta noche|mañana|fiesta|presenta)(?![\p{L}])/giu,
  pt: /(?<![\p{L}])(?:sexta-feira|segunda-feira|sábado|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|hoje|amanhã|às|festa|apresenta)(?![\p{L}])/giu,
};

/** The language whose date words the text uses most, for the time engine (rule 21). */
function guessLocale(text: string): string | undefined {
  const sample = text.slice(0, 4000);
  if (/[\u3040-\u30ff]/u.test(sample) || /\d\s*月\s*\d{1,2}\s*日|\d{1,2}\s*時|[月火水木金土日]曜/u.test(sample)) return 'ja';
  let best: string | undefined;
  let bestScore = 0;
  for (const [lang, re] of Object.entries(LANGUAGE_WORDS)) {
    const score = (sample.match(re) ?? []).length;
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The time engine, as extraction uses it

interface Reading {
  /** What was parsed. */
  text: string;
  outcome: TimeParseOutcome;
  /** The expression named its zone (not the default). */
  zoneNamed: boolean;
  /** The zone came from a line of its own ("All times EST", "Timezone: Europe/Berlin"). */
  zoneLine?: Line;
}

interface TimeContext {
  defaultZone: string;
  /** An IANA zone written in the text, and its line. */
  zoneFromText?: { zone: string; line: Line };
  /** An abbreviation said once for all times, and its line. */
  zoneHint?: { zone: string; line: Line };
  locales: (string | undefined)[];
  referenceInstant: number;
  calls: number;
}

function startCanonical(o: TimeParseOutcome): TimeCanonical | undefined {
  if (o.status !== 'resolved') return undefined;
  return o.kind === 'instant' ? o.canonical : o.range.start.canonical;
}

function engine(text: string, zone: string, locale: string | undefined, referenceInstant: number): TimeParseOutcome {
  return parseTimeExpression({ text, timeZone: zone, locale, referenceInstant });
}

/** Parse with each locale in turn: the first resolved reading wins, else the first question. */
function readTime(ctx: TimeContext, text: string): Reading | undefined {
  const expression = cut(text, MAX_EXPRESSION);
  if (ctx.calls >= MAX_TIME_CANDIDATES * 3) return undefined;
  const zone = ctx.zoneFromText?.zone ?? ctx.defaultZone;
  let asked: TimeParseOutcome | undefined;
  for (const locale of ctx.locales) {
    ctx.calls += 1;
    let outcome = engine(expression, zone, locale, ctx.referenceInstant);
    // "28/11" without a locale: day first is the only reading when the first number is over 12.
    if (outcome.status === 'no_plan' && !locale && /(?<![\d/])(1[3-9]|2\d|3[01])\/(0?[1-9]|1[0-2])(?![\d/])/.test(expression)) {
      ctx.calls += 1;
      outcome = engine(expression, zone, 'en-GB', ctx.referenceInstant);
    }
    if (outcome.status === 'resolved') {
      if (zoneWasNamed(ctx, expression, outcome, locale)) return { text: expression, outcome, zoneNamed: true };
      if (ctx.zoneFromText) return { text: expression, outcome, zoneNamed: true, zoneLine: ctx.zoneFromText.line };
      if (ctx.zoneHint) {
        ctx.calls += 1;
        const hinted = engine(cut(`${expression} ${ctx.zoneHint.zone}`, MAX_EXPRESSION), zone, locale, ctx.referenceInstant);
        if (hinted.status === 'resolved') return { text: expression, outcome: hinted, zoneNamed: true, zoneLine: ctx.zoneHint.line };
      }
      return { text: expression, outcome, zoneNamed: false };
    }
    if (outcome.status === 'needs_clarification') asked ??= outcome;
  }
  return asked ? { text: expression, outcome: asked, zoneNamed: false } : { text: expression, outcome: { status: 'no_plan', reason: 'no time' }, zoneNamed: false };
}

/** The result's zone is the text's own when a different default zone gives the same zone back. */
function zoneWasNamed(ctx: TimeContext, text: string, outcome: TimeParseOutcome, locale: string | undefined): boolean {
  const zone = startCanonical(outcome)?.timeZone;
  const speaker = ctx.zoneFromText?.zone ?? ctx.defaultZone;
  if (!zone) return false;
  if (zone !== speaker) return true;
  const probe = speaker === 'Asia/Tokyo' ? 'America/Denver' : 'Asia/Tokyo';
  ctx.calls += 1;
  const again = engine(text, probe, locale, ctx.referenceInstant);
  if (again.status !== 'resolved') return true;
  return startCanonical(again)?.timeZone === zone;
}

type TimeClass = 'full' | 'date' | 'time' | 'ask' | 'none';

function classify(r: Reading): TimeClass {
  const o = r.outcome;
  if (o.status === 'needs_clarification') return 'ask';
  if (o.status !== 'resolved') return 'none';
  const c = startCanonical(o);
  if (!c || c.precision === 'relative') return 'none';
  if (o.kind === 'time_range' && o.range.end.epoch - o.range.start.epoch > 24 * 3600) return c.precision === 'time' ? 'none' : 'date';
  const clock = hasClockSignal(r.text);
  if (c.precision === 'date') return 'date';
  if (c.precision === 'datetime') return clock ? 'full' : 'date';
  return clock ? 'time' : 'none';
}

function wall(c: TimeCanonical): { date: string; time: string; zone: string } {
  const dt = DateTime.fromISO(c.isoInstant, { zone: c.timeZone });
  return { date: dt.toFormat('yyyy-MM-dd'), time: dt.toFormat('HH:mm'), zone: c.timeZone };
}

/** Wall time of an instant in another zone ("ends 3am CET" said of an event in EST). */
function wallIn(c: TimeCanonical, zone: string): string {
  return DateTime.fromISO(c.isoInstant).setZone(zone).toFormat('HH:mm');
}

// ---------------------------------------------------------------------------------------------
// The result being built

class Draft {
  readonly event: EventFields = {
    title: null,
    communitySlug: null,
    eventDate: null,
    start: null,
    end: null,
    timezone: null,
    venueLabel: null,
    summary: null,
    sourceUrl: null,
  };
  lineup: LineupRow[] = [];
  readonly eventEvidence: Evidence[] = [];
  readonly lineupEvidence: Evidence[] = [];
  readonly eventQuestions: Question[] = [];
  readonly lineupQuestions: Question[] = [];

  constructor(readonly origin: Origin) {}

  evidence(fieldPath: string, origin: Origin, excerpt: string | null, assessment: Evidence['assessment']) {
    const item: Evidence = { fieldPath: cut(fieldPath, LIMIT.fieldPath), origin, excerpt: excerptOf(excerpt), assessment };
    (fieldPath.startsWith('/lineup') ? this.lineupEvidence : this.eventEvidence).push(item);
  }

  question(fieldPath: string, reason: string, alternatives: string[]) {
    const item = question(fieldPath, reason, alternatives);
    (fieldPath.startsWith('/lineup') ? this.lineupQuestions : this.eventQuestions).push(item);
  }

  result(): ExtractionResult {
    return finish({
      event: this.event,
      lineup: this.lineup,
      evidence: [...this.eventEvidence, ...this.lineupEvidence],
      questions: [...this.eventQuestions, ...this.lineupQuestions],
    });
  }
}

const FIELD_ORDER = ['title', 'communitySlug', 'eventDate', 'start', 'end', 'timezone', 'doors', 'venueLabel', 'summary', 'sourceUrl'];
const ROW_ORDER = ['performerLabel', 'personSlug', 'roleLabel', 'start', 'end'];

/** Event paths in field order, then the lineup row by row, then anything else. */
function pathRank(path: string): number {
  const [, group, a, b] = path.split('/');
  if (group === 'event') {
    const i = FIELD_ORDER.indexOf(a);
    return i >= 0 ? i : FIELD_ORDER.length;
  }
  if (group === 'lineup') {
    if (a === undefined) return 20;
    const row = Number(a);
    const j = ROW_ORDER.indexOf(b ?? '');
    return Number.isInteger(row) ? 100 + row * 10 + (j >= 0 ? j : 9) : 20;
  }
  return 10_000;
}

function question(fieldPath: string, reason: string, alternatives: string[]): Question {
  const alts = [...new Set(alternatives.map((a) => clip(a.trim(), LIMIT.alternative)).filter(Boolean))].slice(0, LIMIT.alternatives);
  return { fieldPath: cut(fieldPath, LIMIT.fieldPath), reason: clip(reason, LIMIT.reason), alternatives: alts };
}

/** Every limit of contract 2.6, whatever came before: event paths first, then the lineup. */
function finish(r: ExtractionResult): ExtractionResult {
  const str = (v: string | null, max: number) => (typeof v === 'string' && v.length > 0 ? clip(v, max) : null);
  const exact = (v: string | null, max: number) => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null);
  const byPriority = <T extends { fieldPath: string }>(items: T[]) =>
    items.map((item, i) => ({ item, i, rank: pathRank(item.fieldPath) })).sort((a, b) => a.rank - b.rank || a.i - b.i).map(({ item }) => item);
  return {
    event: {
      title: str(r.event.title, LIMIT.title),
      communitySlug: exact(r.event.communitySlug, LIMIT.slug),
      eventDate: exact(r.event.eventDate, 10),
      start: exact(r.event.start, 5),
      end: exact(r.event.end, 5),
      timezone: exact(r.event.timezone, LIMIT.timezone),
      venueLabel: str(r.event.venueLabel, LIMIT.venueLabel),
      summary: str(r.event.summary, LIMIT.summary),
      sourceUrl: exact(r.event.sourceUrl, LIMIT.sourceUrl),
    },
    lineup: r.lineup.slice(0, LIMIT.lineup).map((row) => ({
      performerLabel: str(row.performerLabel, LIMIT.performerLabel),
      personSlug: exact(row.personSlug, LIMIT.slug),
      roleLabel: str(row.roleLabel, LIMIT.roleLabel),
      start: exact(row.start, 5),
      end: exact(row.end, 5),
    })),
    evidence: byPriority(r.evidence)
      .slice(0, LIMIT.evidence)
      .map((e) => ({ fieldPath: cut(e.fieldPath, LIMIT.fieldPath), origin: e.origin, excerpt: excerptOf(e.excerpt), assessment: e.assessment })),
    questions: byPriority(r.questions)
      .slice(0, LIMIT.questions)
      .map((q) => question(q.fieldPath, q.reason, q.alternatives)),
  };
}

// ---------------------------------------------------------------------------------------------
// Directory lookups

type Match = { kind: 'one'; entry: DirectoryEntry } | { kind: 'many'; entries: DirectoryEntry[]; exact: boolean } | { kind: 'none' };

async function find(fn: (name: string) => Promise<DirectoryEntry[]>, name: string): Promise<Match> {
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

// ---------------------------------------------------------------------------------------------
// Extraction

const DOORS = /(?<![\p{L}])(?:doors?(?:\s+open(?:s|ing)?)?|einlass|開場|ouverture(?:\s+des\s+portes)?|portes|puertas|apertura(?:\s+de\s+puertas)?|abertura(?:\s+dos\s+portões)?|portões)\s*(?:at|@|:|-|–|um|ab|à|a\s+las|às|は)?\s*(\d{1,2}(?:\s?[:.h時]\s?\d{2})?\s*(?:[ap]\.?\s?m\.?|uhr|h|時)?)(?![\d\p{L}])/iu;
const END_LINE = /^(?:end|ends|ending|until|till|bis|ende|fin|fim|終了)(?![\p{L}])\s*(?:at|@|:|um|à|às)?\s*/iu;
const GREETING = /^(?:hey|hi|hello|hallo|hola|olá|ola|bonjour|salut|yo|greetings|attention|reminder|heads up|psa|announcement|event announcement|new event|📢)(?![\p{L}])/iu;
const PRESENTS = /^(.{2,64}?)\s+(?:presents?|präsentiert|présente|presenta|apresenta|pres\.)(?![\p{L}])\s*[:：\-–—]?\s*(.*)$/iu;
const HOSTED_BY = /(?:^|(?<=[\s,(|–—-]))(?:hosted|presented|organi[sz]ed|brought\s+to\s+you|thrown|run)\s+by\s+(.+)$|(?:^|\s)(?:präsentiert|veranstaltet)\s+von\s+(.+)$|(?:^|\s)(?:présenté|organisé)e?\s+par\s+(.+)$|(?:^|\s)(?:presentado|organizado)\s+por\s+(.+)$|(?:^|\s)(?:apresentado|organizado)\s+por\s+(.+)$/iu;
const AT_WORLD = /(?:^|\s)(?:at|in|@)\s+(.{2,80}?)\s*[([]\s*(?:vrchat|vrc|chilloutvr|cvr|resonite|neos)\s*[)\]]/iu;
const AT_SIGN = /(?:^|\s)@\s+(?!\d)([^@]{2,80})$/u;
const PLATFORM = /\s*(?:[([]\s*(?:vrchat|vrc|chilloutvr|cvr|resonite|neos)\s*[)\]]|(?:\s+(?:in|on)\s+(?:vrchat|vrc|chilloutvr|resonite)))\s*$/iu;

/** A name as a line gives it: cut at punctuation and at the next clause. */
function nameFrom(s: string): string | undefined {
  const head = s
    .split(/\s*(?:[!.;|•·()[\]{}"“”]|\s[-–—]\s|,\s|(?<![\p{L}])(?:at|in|on|with|for|this|tonight|today|tomorrow|from|@)(?![\p{L}]))\s*/iu)[0]
    .replace(/^[\s"'“‘:：\-–—]+|[\s"'”’:：\-–—]+$/gu, '')
    .trim();
  if (!head || !hasLetters(head) || head.length > 64) return undefined;
  return head;
}

function venueName(s: string): string | undefined {
  const name = s.replace(PLATFORM, '').replace(/^[\s"'“‘]+|[\s"'”’.!,;]+$/gu, '').trim();
  if (!name || !hasLetters(name) || /^https?:/i.test(name)) return undefined;
  if (/^(?:vrchat|vrc|chilloutvr|cvr|resonite|neos|tba|tbd|tbc)$/i.test(name)) return undefined;
  return clip(name, LIMIT.venueLabel);
}

const TIME_WORDS = new RegExp(`${WB}(?:${alt([...MONTH_WORDS, ...WEEKDAY_WORDS, ...RELATIVE_WORDS, ...ZONE_ABBREVIATIONS, 'may', 'mai', 'mayo', 'maio'])})\\.?${WE}`, 'giu');

/** The text minus date/time words: nothing left means the line is only a date or time. */
function onlyTime(clean: string): boolean {
  if (!hasTimeSignal(clean)) return false;
  const rest = clean
    .replace(TIME_WORDS, ' ')
    .replace(/(?<![\p{L}])(?:[ap]\.?m\.?|uhr|h|hrs?|heures?|at|on|from|to|till|until|and|the|of|um|ab|bis|der|den|am|à|le|de|del|las|às|do|da|st|nd|rd|th|doors?|open|start|starts|end|ends|time|times|local|your|late|tonight|utc|gmt|年|月|日|時|分|曜日?|から|まで)(?![\p{L}])/giu, ' ')
    .replace(/[\d\s\p{P}\p{S}]/gu, '');
  return rest.length === 0 || /^[月火水木金土日年時分曜]+$/u.test(rest);
}

export async function extractEvent(input: ExtractionInput): Promise<ExtractionResult> {
  const draft = new Draft(input.origin === 'poster' ? 'poster' : 'text');
  try {
    await extractInto(draft, input);
  } catch {
    // A defect must not lose the contributor's paste: what was read so far is still a proposal.
  }
  return draft.result();
}

async function extractInto(draft: Draft, input: ExtractionInput): Promise<void> {
  const origin = draft.origin;
  const text = cut(typeof input.text === 'string' ? input.text : '', LIMIT.text);
  const { lines, strict } = splitLines(text);
  const lookup = input.lookup;
  const used = new Set<number>();

  // ---- lineup rows (first, so their times are not read as the event's)
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
      const parts = lab.value.split(/\s*(?:,|、|\s\/\s|\s\|\s|•|·|;)\s*/u).filter(Boolean);
      for (const part of parts) {
        const timed = timedRow(part, true);
        const names = splitName(timed ? timed.name : part);
        if (!names || (timed && notPerformer(timed.name))) continue;
        rows.push({ line, ...names, role: names.role ?? role, roleInferred: !names.role && !!role, times: timed?.times ?? {} });
      }
      used.add(line.index);
      section = { role };
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
    // Anything else closes the section (after a stray line or two of OCR noise).
    if (section && (urls.length || hasLetters(clean, 4))) section = undefined;
    else if (section && ++misses > 2) section = undefined;
  }

  // ---- the zone the text names outside expressions ("All times CET", "Timezone: Europe/Berlin")
  let zoneFromText: TimeContext['zoneFromText'];
  let zoneHint: TimeContext['zoneHint'];
  for (const line of lines) {
    if (used.has(line.index) || !line.clean) continue;
    const iana = [...line.clean.matchAll(IANA_IN_TEXT)].find((m) => IANAZone.isValidZone(m[0]));
    if (iana && !zoneFromText) zoneFromText = { zone: iana[0], line };
    const lab = labelled(line.clean);
    const value = lab?.kind === 'zone' ? lab.value : /(?:^|\(|\s)(?:all\s+)?times?\s+(?:are\s+)?(?:in\s+|shown\s+in\s+)?([a-z]{2,5}t?|(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d{2})?)\s*\)?\.?$/i.exec(line.clean)?.[1];
    if (value && ZONE_TOKEN.test(value.trim()) && !zoneHint) zoneHint = { zone: value.trim(), line };
  }
  const defaultZone = input.timeZone && IANAZone.isValidZone(input.timeZone) ? input.timeZone : 'UTC';
  const guessed = guessLocale(text);
  const locales = [...new Set([input.locale ?? guessed, guessed].filter((l, i) => i === 0 || l !== undefined))];
  const tctx: TimeContext = { defaultZone, zoneFromText, zoneHint, locales, referenceInstant: input.referenceInstant, calls: 0 };

  const doors = readDoors(draft, lines, used, origin);
  readEventTime(draft, lines, used, tctx, origin);
  if (doors && !draft.event.start && !draft.eventQuestions.some((q) => q.fieldPath === ptr('event', 'start'))) {
    draft.question(ptr('event', 'start'), `Only a doors time is given ("${doors.clean}"); doors are not the start. When does the event start?`, []);
  }

  // ---- lineup times, now that the event's start is known
  resolveLineup(draft, rows, origin);

  // ---- URL
  let best: { url: string; rank: number; line: Line } | undefined;
  for (const line of lines) {
    for (const url of urlsOf(line.raw)) {
      if (url.length > LIMIT.sourceUrl) continue;
      const rank = urlRank(url, line.raw);
      if (rank > 0 && (!best || rank > best.rank)) best = { url, rank, line };
    }
  }
  if (best) {
    draft.event.sourceUrl = best.url;
    draft.evidence(ptr('event', 'sourceUrl'), origin, best.line.raw, 'explicit');
  } else {
    // A poster's "www.example.com": the scheme is supplied, so the value is inferred.
    const line = lines.find((l) => l.clean.match(BARE_WWW));
    const bare = line?.clean.match(BARE_WWW)?.[0].replace(/[)>.,;:!?]+$/u, '');
    if (line && bare && bare.length < LIMIT.sourceUrl - 8) {
      const [host, ...path] = bare.split('/');
      draft.event.sourceUrl = `https://${[host.toLowerCase(), ...path].join('/')}`;
      draft.evidence(ptr('event', 'sourceUrl'), origin, line.raw, 'inferred');
    }
  }

  // ---- community, title, venue, summary
  const community = findCommunity(lines, used);
  // In text that is mostly symbols, a title needs two real words.
  const title = findTitle(lines, used, origin, strict ? 2 : 1);
  if (title) {
    draft.event.title = title.value;
    draft.evidence(ptr('event', 'title'), origin, title.excerpt, title.assessment);
  }
  await readCommunity(draft, community, title?.value, lookup);
  if (community && words(community.line.clean).length < 8) used.add(community.line.index);
  await readVenue(draft, lines, used, lookup);
  readSummary(draft, lines, used, title?.lines ?? []);
  await readPeople(draft, lookup);
}

// ---- event date and time

interface Candidate {
  line: Line;
  text: string;
  priority: number;
  role: 'start' | 'end';
}

/** The first Discord timestamp (`<t:1764705600:F>`), and a second on its line as the end. */
function discordStamp(lines: Line[], ctx: TimeContext): { line: Line; start: DateTime; end?: DateTime } | undefined {
  for (const line of lines) {
    const stamps = [...line.raw.matchAll(DISCORD_TIMESTAMP)].map((m) => Number(m[1]) * 1000).filter((ms) => Math.abs(ms) < 8.64e15);
    if (stamps.length === 0) continue;
    const start = DateTime.fromMillis(stamps[0], { zone: ctx.defaultZone });
    if (!start.isValid) continue;
    const endMs = stamps[1];
    const end = endMs !== undefined && endMs > stamps[0] && endMs - stamps[0] <= 24 * 3600 * 1000 ? DateTime.fromMillis(endMs, { zone: ctx.defaultZone }) : undefined;
    return { line, start, end };
  }
  return undefined;
}

function readEventTime(draft: Draft, lines: Line[], used: Set<number>, ctx: TimeContext, origin: Origin) {
  // Candidate expressions: labelled lines first, then lines with date or clock words, in order.
  const candidates: Candidate[] = [];
  for (const line of lines) {
    if (used.has(line.index) || !line.clean || candidates.length >= MAX_TIME_CANDIDATES) continue;
    if (urlsOf(line.clean).length > 0 && !hasTimeSignal(line.clean.replace(URL_RE, ' '))) continue;
    let body = line.clean.replace(URL_RE, ' ').replace(DOORS, ' ').replace(/\s+/g, ' ').trim();
    // Japanese late-night hours ("21:00〜25:00") are the next day's early hours.
    body = body.replace(/([〜~\-–]\s*)(2[4-9])(:\d{2}|時)/gu, (_m, sep: string, h: string, rest: string) => `${sep}${String(Number(h) - 24).padStart(2, '0')}${rest}`);
    if (!body || !hasTimeSignal(body)) continue;
    const lab = labelled(body);
    let role: Candidate['role'] = 'start';
    let priority = 2;
    if (lab && (lab.kind === 'time' || lab.kind === 'date')) {
      body = lab.value;
      priority = 0;
    } else if (lab?.kind === 'end') {
      body = lab.value;
      role = 'end';
      priority = 0;
    } else if (lab?.kind === 'doors' || lab?.kind === 'lineup' || lab?.kind === 'link') continue;
    else if (lab) body = lab.value;
    if (END_LINE.test(body) && role === 'start') {
      body = body.replace(END_LINE, '');
      role = 'end';
    }
    if (!body || !hasTimeSignal(body)) continue;
    // Long prose: only its sentences that say a time.
    const spans = body.length > MAX_EXPRESSION ? body.split(/(?<=[.!?。！？])\s+/u).filter(hasTimeSignal).slice(0, 3) : [body];
    for (const span of spans) candidates.push({ line, text: span, priority, role });
  }
  candidates.sort((a, b) => a.priority - b.priority || a.line.index - b.line.index);

  const read = candidates.map((c) => {
    let r = readTime(ctx, c.text);
    let cls: TimeClass = r ? classify(r) : 'none';
    if (cls === 'ask') {
      // "Every Thursday, next one is Thursday Nov 26 at 19:00": one clause may settle what the line asks.
      const clauses = c.text.split(/\s*(?:[,;|•·]|\s[-–—/]\s)\s*/u).filter(hasTimeSignal);
      const full = clauses.length > 1 ? clauses.map((t) => readTime(ctx, t)).filter((x): x is Reading => !!x && classify(x) === 'full') : [];
      if (full.length === 1) {
        r = full[0];
        cls = 'full';
      }
    }
    return { c: r && cls === 'full' && r.text !== c.text ? { ...c, text: r.text } : c, r, cls };
  });
  const starts = read.filter((x) => x.c.role === 'start');
  const ends = read.filter((x) => x.c.role === 'end' && (x.cls === 'time' || x.cls === 'full'));

  const full = starts.filter((x) => x.cls === 'full');
  // A Discord timestamp is an exact instant without a zone: it is used unless the text says the same instant with its zone.
  const stamp = discordStamp(lines, ctx);
  if (stamp && !(full.length > 0 && Date.parse(startCanonical(full[0].r!.outcome)!.isoInstant) === stamp.start.toMillis())) {
    const { line, start, end } = stamp;
    draft.event.eventDate = start.toFormat('yyyy-MM-dd');
    draft.event.start = start.toFormat('HH:mm');
    draft.event.timezone = ctx.defaultZone;
    draft.evidence(ptr('event', 'eventDate'), origin, line.raw, 'explicit');
    draft.evidence(ptr('event', 'start'), origin, line.raw, 'explicit');
    if (end) {
      draft.event.end = end.toFormat('HH:mm');
      draft.evidence(ptr('event', 'end'), origin, line.raw, 'explicit');
    }
    draft.evidence(ptr('event', 'timezone'), 'calculation', `A Discord timestamp names an instant, not a zone; shown in ${ctx.defaultZone}.`, 'inferred');
    return;
  }
  let chosen: { reading: Reading; dateLines: Line[]; lines: Line[]; dateText: string } | undefined;
  if (full.length > 0) {
    const first = full[0];
    const firstDay = wall(startCanonical(first.r!.outcome)!).date;
    const firstInstant = startCanonical(first.r!.outcome)!.isoInstant;
    const others = full.filter((x) => {
      const c = startCanonical(x.r!.outcome)!;
      return c.isoInstant !== firstInstant && wall(c).date !== firstDay;
    });
    if (others.length > 0) {
      // Two different days: which is the event's is for the contributor to say.
      const alternatives = [first, ...others].map((x) => altLabel(x.r!.outcome));
      draft.question(ptr('event', 'eventDate'), 'The text names more than one day and time; which one is the event?', alternatives);
      return;
    }
    chosen = { reading: first.r!, dateLines: [first.c.line], lines: [first.c.line], dateText: first.c.text };
  } else {
    const date = starts.find((x) => x.cls === 'date');
    const time = starts.find((x) => x.cls === 'time' || (x.cls === 'ask' && hasClockSignal(x.c.text) && !hasDateSignal(x.c.text)));
    if (date && time) {
      const combined = readTime(ctx, `${date.c.text} ${time.c.text}`);
      if (combined && classify(combined) === 'full') {
        const zoneLine = combined.zoneLine ?? (combined.zoneNamed && !time.r!.zoneNamed && date.r!.zoneNamed ? date.c.line : undefined);
        chosen = { reading: { ...combined, zoneLine }, dateLines: [date.c.line], lines: [time.c.line], dateText: date.c.text };
      } else if (combined?.outcome.status === 'needs_clarification') {
        askTime(draft, combined.outcome, { line: date.c.line, text: `${date.c.text} ${time.c.text}` });
        return;
      }
    }
    if (!chosen) {
      const ask = starts.find((x) => x.cls === 'ask');
      if (ask) {
        askTime(draft, ask.r!.outcome, { line: ask.c.line, text: ask.c.text });
        if (date && ask !== date && !hasDateSignal(ask.c.text)) setDate(draft, date.r!, [date.c.line], date.c.text, origin);
        return;
      }
      if (date) {
        setDate(draft, date.r!, [date.c.line], date.c.text, origin);
        if (time && time.cls === 'time') setClock(draft, time.r!, [time.c.line], origin, ends);
        return;
      }
      if (time && time.cls === 'time') {
        // A time without a day: the day the engine would pick is a guess, so only the clock is proposed.
        setClock(draft, time.r!, [time.c.line], origin, ends);
        return;
      }
      const endAsk = read.find((x) => x.cls === 'ask');
      if (endAsk) askTime(draft, endAsk.r!.outcome, { line: endAsk.c.line, text: endAsk.c.text });
      return;
    }
  }

  setDate(draft, chosen.reading, chosen.dateLines, chosen.dateText, origin);
  setClock(draft, chosen.reading, chosen.lines, origin, ends);
}

function altLabel(o: TimeParseOutcome): string {
  const c = startCanonical(o);
  if (!c) return '';
  const w = wall(c);
  if (o.status === 'resolved' && o.kind === 'time_range') return `${w.date} ${w.time}–${wall(o.range.end.canonical).time} ${w.zone}`;
  return `${w.date} ${w.time} ${w.zone}`;
}

function askTime(draft: Draft, o: TimeParseOutcome, asked?: { line: Line; text: string }) {
  if (o.status !== 'needs_clarification') return;
  const alts = o.alternatives.slice(0, LIMIT.alternatives);
  // The question is about the day when every reading has the same clock time.
  const walls = alts.map((a) => wall(a.canonical));
  const sameClock = walls.length > 1 && walls.every((w) => w.time === walls[0].time) && new Set(walls.map((w) => w.date)).size > 1;
  const sameDay = walls.length > 1 && walls.every((w) => w.date === walls[0].date);
  const dayQuestion = sameClock || (!sameDay && /\b(?:day|date|month|weekday|friday|saturday|sunday|monday|tuesday|wednesday|thursday)\b/i.test(o.question));
  draft.question(ptr('event', dayQuestion ? 'eventDate' : 'start'), o.question, alts.map((a) => a.label));
  // "Friday Nov 27, 10pm CST": the zone is open, the day is not.
  if (asked && sameDay && !dayQuestion && hasDateSignal(asked.text) && !draft.event.eventDate) {
    draft.event.eventDate = walls[0].date;
    const calendar = MONTH_OR_NUMERIC.test(asked.text);
    draft.evidence(ptr('event', 'eventDate'), calendar ? draft.origin : 'calculation', asked.line.raw, calendar && YEAR.test(asked.text) ? 'explicit' : 'inferred');
  }
}
const YEAR = /(?<!\d)(?:19|20)\d{2}(?!\d)|\d{4}\s*年/;

function setDate(draft: Draft, reading: Reading, lines: Line[], dateText: string, origin: Origin) {
  const c = startCanonical(reading.outcome);
  if (!c) return;
  draft.event.eventDate = wall(c).date;
  const calendar = MONTH_OR_NUMERIC.test(dateText);
  const year = YEAR.test(dateText);
  const excerpt = lines.map((l) => l.raw).join(' / ');
  if (calendar && year) draft.evidence(ptr('event', 'eventDate'), origin, excerpt, 'explicit');
  else if (calendar) draft.evidence(ptr('event', 'eventDate'), origin, excerpt, 'inferred');
  else draft.evidence(ptr('event', 'eventDate'), 'calculation', excerpt, 'inferred');
}
const MONTH_OR_NUMERIC = new RegExp(`${WB}(?:${alt(MONTH_WORDS.concat(['may', 'mai', 'mayo', 'maio']))})\\.?${WE}|(?<![\\d:])\\d{1,2}[./-]\\d{1,2}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}\\s*月`, 'iu');

function setClock(draft: Draft, reading: Reading, lines: Line[], origin: Origin, ends: { c: Candidate; r: Reading | undefined }[]) {
  const o = reading.outcome;
  const c = startCanonical(o);
  if (!c || o.status !== 'resolved') return;
  const start = wall(c);
  const excerpt = lines.map((l) => l.raw).join(' / ');
  // Notes that restate the text change nothing; the others (am/pm chosen, a zone read as another) are the engine's inference.
  const assumptions = o.assumptions.filter((a) => !/same instant|time said of the event/i.test(a));
  const assumed = assumptions.length > 0;
  draft.event.start = start.time;
  draft.evidence(ptr('event', 'start'), origin, excerpt, assumed ? 'inferred' : 'explicit');
  if (o.kind === 'time_range') {
    draft.event.end = wall(o.range.end.canonical).time;
    draft.evidence(ptr('event', 'end'), origin, excerpt, assumed ? 'inferred' : 'explicit');
  } else {
    const end = ends.find((e) => e.r && startCanonical(e.r.outcome));
    if (end) {
      const ec = startCanonical(end.r!.outcome)!;
      // The end's own zone, if it named one, else the event's.
      draft.event.end = end.r!.zoneNamed ? wallIn(ec, start.zone) : wall(ec).time;
      draft.evidence(ptr('event', 'end'), origin, end.c.line.raw, end.r!.zoneNamed && ec.timeZone !== start.zone ? 'inferred' : 'explicit');
    }
  }
  if (IANAZone.isValidZone(start.zone)) {
    draft.event.timezone = start.zone;
    if (reading.zoneNamed) draft.evidence(ptr('event', 'timezone'), origin, reading.zoneLine?.raw ?? excerpt, assumed ? 'inferred' : 'explicit');
    else draft.evidence(ptr('event', 'timezone'), 'calculation', `No time zone is named; the draft's zone ${start.zone} was used.`, 'inferred');
  } else {
    // "UTC+5:30": an offset, not a zone; the times are its wall times, the zone is for the contributor to name.
    draft.question(ptr('event', 'timezone'), `The text gives the offset ${start.zone}, which is not a named time zone; which zone is the event in?`, []);
  }
  if (assumed) draft.question(ptr('event', 'start'), `The time was read with an assumption: ${assumptions.join('; ')}.`, [start.time]);
}

/** Doors are not the start: they become evidence (the draft's `doors`), never `event.start`. */
function readDoors(draft: Draft, lines: Line[], used: Set<number>, origin: Origin): Line | undefined {
  for (const line of lines) {
    if (used.has(line.index)) continue;
    const lab = labelled(line.clean);
    const m = DOORS.exec(line.clean);
    if (m || (lab?.kind === 'doors' && hasClockSignal(lab.value))) {
      draft.evidence(ptr('event', 'doors'), origin, line.raw, 'explicit');
      if (lab?.kind === 'doors' && !m) used.add(line.index);
      return line;
    }
  }
  return undefined;
}

// ---- lineup

function resolveLineup(draft: Draft, rows: RowDraft[], origin: Origin) {
  const kept = rows.slice(0, LIMIT.lineup);
  if (rows.length > LIMIT.lineup) {
    const dropped = rows.slice(LIMIT.lineup);
    draft.question(
      ptr('lineup'),
      `The lineup has ${rows.length} rows; only the first ${LIMIT.lineup} are proposed and ${dropped.length} were left out.`,
      dropped.map((r) => r.label ?? r.line.clean).slice(0, LIMIT.alternatives),
    );
  }
  const eventStart = draft.event.start ? Number(draft.event.start.slice(0, 2)) * 60 + Number(draft.event.start.slice(3)) : undefined;

  // Resolved minutes of day, and whether context settled them.
  type Slot = { minutes: number; inferred: boolean } | null | undefined;
  const starts: Slot[] = kept.map(() => undefined);
  const ends: Slot[] = kept.map(() => undefined);

  /** End from its start: the reading that comes soonest after it; a trailing am/pm also covers the start. */
  const settleRange = (i: number) => {
    const t = kept[i].times;
    if (!t.start) return;
    let s = starts[i];
    if (t.end) {
      const endReadings = readings(t.end);
      if (s === undefined && endReadings.length === 1 && !t.start.meridiem && !t.start.h24) {
        // "9-10pm": the start takes the reading that ends soonest before the end.
        const e = endReadings[0];
        const best = readings(t.start).map((r) => ({ r, d: fwd(r, e) })).filter((x) => x.d > 0).sort((a, b) => a.d - b.d)[0];
        if (best && best.d <= 12 * 60) starts[i] = s = { minutes: best.r, inferred: t.end.meridiem !== undefined && best.r >= 720 !== (t.end.meridiem === 'pm') };
      }
      if (s) {
        const best = endReadings.map((r) => ({ r, d: fwd(s!.minutes, r) })).filter((x) => x.d > 0).sort((a, b) => a.d - b.d)[0];
        ends[i] = best && best.d <= 12 * 60 ? { minutes: best.r, inferred: endReadings.length > 1 } : null;
      }
    }
  };

  for (let i = 0; i < kept.length; i++) {
    const t = kept[i].times;
    if (t.start && readings(t.start).length === 1) starts[i] = { minutes: readings(t.start)[0], inferred: false };
    settleRange(i);
  }
  // Forward pass: an open hour follows the row before it (or the event's start), soonest first.
  let prev: number | undefined;
  for (let i = 0; i < kept.length; i++) {
    const t = kept[i].times;
    if (t.start && starts[i] === undefined) {
      const options = readings(t.start);
      let pick: number | undefined;
      if (prev !== undefined) {
        const best = options.map((r) => ({ r, d: fwd(prev!, r) })).sort((a, b) => a.d - b.d)[0];
        if (best.d <= 6 * 60) pick = best.r;
      } else if (eventStart !== undefined) {
        // The first rows sit within the evening of the event: from two hours before its start.
        pick = options.find((r) => fwd((eventStart - 120 + 1440) % 1440, r) < 12 * 60);
      } else {
        // Backward from the next row that says its time.
        const next = starts.slice(i + 1).find((s) => s);
        if (next) {
          const best = options.map((r) => ({ r, d: fwd(r, next.minutes) })).sort((a, b) => a.d - b.d)[0];
          if (best.d <= 6 * 60) pick = best.r;
        }
      }
      if (pick !== undefined) {
        starts[i] = { minutes: pick, inferred: true };
        settleRange(i);
      } else {
        starts[i] = null;
      }
    }
    const s = starts[i];
    const e = ends[i];
    if (e) prev = e.minutes;
    else if (s) prev = s.minutes;
  }

  draft.lineup = kept.map((row, i) => {
    const s = starts[i];
    const e = ends[i];
    const out: LineupRow = {
      performerLabel: row.label,
      personSlug: null,
      roleLabel: row.role,
      start: s ? hhmm(s.minutes) : null,
      end: e ? hhmm(e.minutes) : null,
    };
    const excerpt = row.line.raw;
    if (out.performerLabel) draft.evidence(ptr('lineup', i, 'performerLabel'), origin, excerpt, 'explicit');
    if (out.roleLabel) draft.evidence(ptr('lineup', i, 'roleLabel'), origin, excerpt, row.roleInferred ? 'inferred' : 'explicit');
    if (s) draft.evidence(ptr('lineup', i, 'start'), origin, excerpt, s.inferred ? 'inferred' : 'explicit');
    if (e) draft.evidence(ptr('lineup', i, 'end'), origin, excerpt, e.inferred ? 'inferred' : 'explicit');
    if (row.times.start && !s) {
      draft.question(ptr('lineup', i, 'start'), `"${row.line.clean}": is this in the morning or the evening?`, readings(row.times.start).map(hhmm));
    }
    if (row.times.end && s && !e) {
      draft.question(ptr('lineup', i, 'end'), `"${row.line.clean}": the end time could not be placed after the start.`, readings(row.times.end).map(hhmm));
    } else if (row.times.end && !s && !e && readings(row.times.end).length > 1) {
      draft.question(ptr('lineup', i, 'end'), `"${row.line.clean}": is the end in the morning or the evening?`, readings(row.times.end).map(hhmm));
    } else if (row.times.end && !s && !e) {
      const only = readings(row.times.end)[0];
      out.end = hhmm(only);
      draft.evidence(ptr('lineup', i, 'end'), origin, excerpt, 'explicit');
    }
    return out;
  });
}

async function readPeople(draft: Draft, lookup: DirectoryLookup) {
  const matches = await Promise.all(
    draft.lineup.map(async (row) => {
      // A b2b row names two people; one slug cannot stand for both.
      if (!row.performerLabel || /(?<![\p{L}])(?:b2b|b3b|vs\.?|x)(?![\p{L}])|\s[&+]\s/iu.test(row.performerLabel)) return { kind: 'none' } as Match;
      const direct = await find((n) => lookup.people(n), row.performerLabel);
      if (direct.kind !== 'none') return direct;
      // "DJ Name" is often listed as "Name".
      const bare = row.performerLabel.replace(/^(?:dj|vj|mc)\.?\s+/i, '');
      return bare !== row.performerLabel && hasLetters(bare) ? find((n) => lookup.people(n), bare) : direct;
    }),
  );
  matches.forEach((m, i) => {
    const row = draft.lineup[i];
    if (m.kind === 'one') {
      row.personSlug = m.entry.slug;
      draft.evidence(ptr('lineup', i, 'personSlug'), 'lookup', `${row.performerLabel} → person ${m.entry.slug}`, 'explicit');
    } else if (m.kind === 'many') {
      draft.question(
        ptr('lineup', i, 'personSlug'),
        m.exact ? `Several people in the directory are named "${row.performerLabel}"; which one is it?` : `No one in the directory is named exactly "${row.performerLabel}"; is it one of these?`,
        m.entries.map((e) => e.slug),
      );
    }
  });
}

// ---- community

interface CommunityMention {
  name: string;
  line: Line;
  /** How the text said it: a phrase ("hosted by X") or only a heading line that may name it. */
  how: 'phrase' | 'heading';
}

function findCommunity(lines: Line[], used: Set<number>): CommunityMention | undefined {
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
    if (presents && !hasTimeSignal(presents[1])) {
      const name = nameFrom(presents[1]);
      if (name) return { name, line, how: 'phrase' };
    }
  }
  return undefined;
}

async function readCommunity(draft: Draft, mention: CommunityMention | undefined, title: string | undefined, lookup: DirectoryLookup) {
  const origin = draft.origin;
  if (mention) {
    const m = await find((n) => lookup.communities(n), mention.name);
    if (m.kind === 'one') {
      draft.event.communitySlug = m.entry.slug;
      draft.evidence(ptr('event', 'communitySlug'), 'lookup', `${mention.name} → community ${m.entry.slug}`, 'explicit');
      draft.evidence(ptr('event', 'communitySlug'), origin, mention.line.raw, 'explicit');
    } else if (m.kind === 'many') {
      draft.question(
        ptr('event', 'communitySlug'),
        m.exact ? `Several communities are named "${mention.name}"; which one hosts this event?` : `No community is named exactly "${mention.name}"; is it one of these?`,
        m.entries.map((e) => e.slug),
      );
    } else {
      // Named, but not in the directory: the slug must be a real one, so it stays empty.
      draft.evidence(ptr('event', 'communitySlug'), origin, mention.line.raw, 'inferred');
    }
    return;
  }
  // No phrase names a host: an event series is often its community's name. Only an exact match counts.
  if (title) {
    const m = await find((n) => lookup.communities(n), title);
    if (m.kind === 'one' && compact(m.entry.displayName) === compact(title)) {
      draft.event.communitySlug = m.entry.slug;
      draft.evidence(ptr('event', 'communitySlug'), 'lookup', `${title} → community ${m.entry.slug}`, 'inferred');
    }
  }
}

// ---- title

interface TitlePick {
  value: string;
  excerpt: string;
  assessment: Evidence['assessment'];
  lines: number[];
}

/** "NEON NIGHTS — Sat Nov 28, 9pm EST": the part that is not the date. */
function titlePart(clean: string): string | undefined {
  const segments = clean.split(/\s+(?:—|–|-|\||·|\/\/|•|@)\s+|\s*[|•]\s*/u).map((s) => s.trim()).filter(Boolean);
  for (const seg of segments) {
    if (!hasLetters(seg)) continue;
    if (onlyTime(seg)) continue;
    if (hasTimeSignal(seg) && segments.length > 1) continue;
    return seg;
  }
  return undefined;
}

function tidyTitle(s: string): string {
  return s
    // "TONIGHT!! Bass Haven Takeover": the day word belongs to the date, not the name.
    .replace(/^(?:tonight|today|tomorrow|this\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|heute|ce\s+soir|hoy|hoje|今夜|今日)\s*[!:.,\-–—|]+\s*(?=\S)/iu, '')
    .replace(/^(?:TONIGHT|TODAY|TOMORROW)\s+(?=\p{Lu})/u, '')
    .replace(/^[^\p{L}\p{N}"'“‘(\[¡¿]+/u, '')
    .replace(/[^\p{L}\p{N}!?)\]"'”’.]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** OCR strays between words of a poster heading: lone bars, quotes, underscores. */
const posterTidy = (s: string) => s.replace(/(^|\s)[|_~'"`»«•.]+(?=\s|$)/gu, '$1').replace(/\s+/g, ' ').trim();

function findTitle(lines: Line[], used: Set<number>, origin: Origin, minWords: number): TitlePick | undefined {
  // "Name: Glow Party" says it outright, wherever it stands.
  for (const line of lines) {
    const lab = used.has(line.index) ? undefined : labelled(line.clean);
    const v = lab?.kind === 'title' ? tidyTitle(lab.value) : '';
    if (v && hasLetters(v)) return pick(v, line, [line.index]);
  }
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    const clean = origin === 'poster' ? posterTidy(line.clean) : line.clean;
    if (used.has(line.index) || !clean || !hasLetters(clean)) continue;
    const lab = labelled(clean);
    if (lab?.kind === 'title') {
      const v = tidyTitle(lab.value);
      if (v && hasLetters(v)) return pick(v, line, [line.index]);
      continue;
    }
    if (lab) continue;
    if (sectionHeader(clean)) continue;
    const noUrl = clean.replace(URL_RE, ' ').trim();
    if (!hasLetters(noUrl) || words(noUrl).length === 0) continue;
    if (DOMAIN_LIKE.test(noUrl) && words(noUrl).length <= 2) continue;
    if (GREETING.test(clean) && words(clean).length <= 12) continue;
    const presents = PRESENTS.exec(noUrl);
    if (presents) {
      const rest = tidyTitle(presents[2] ?? '');
      if (rest && hasLetters(rest)) return pick(titlePart(rest) ?? rest, line, [line.index]);
      continue;
    }
    let candidate = noUrl;
    const hosted = HOSTED_BY.exec(candidate);
    if (hosted) {
      candidate = candidate.slice(0, hosted.index).replace(/[\s,|–—-]+$/u, '');
      if (!hasLetters(candidate)) continue;
    }
    candidate = candidate.replace(AT_WORLD, ' ').trim();
    if (onlyTime(candidate)) continue;
    const part = titlePart(candidate);
    if (!part) continue;
    let value = tidyTitle(part);
    if (!value || !hasLetters(value) || wordCount(value) < minWords) continue;
    // A post that opens with prose: its first clause names the event; the sentence stays for the summary.
    const clause = value.length > 60 ? /^(.{8,80}?)[.!?,;]\s/u.exec(`${value} `)?.[1] : undefined;
    if (clause && words(clause).length >= 2) return { value: clip(tidyTitle(clause), LIMIT.title), excerpt: line.raw, assessment: 'inferred', lines: [] };
    const indices = [line.index];
    // Posters break a title over lines ("NEON" / "NIGHTS"): join short upper-case lines that follow.
    if (origin === 'poster' && words(value).length <= 3) {
      for (let j = k + 1; j < lines.length && j <= k + 3; j++) {
        const next = posterTidy(lines[j].clean);
        if (!next || used.has(lines[j].index) || labelled(next) || hasTimeSignal(next) || HAS_URL.test(next)) break;
        const n = tidyTitle(next);
        if (!n || words(n).length > 3 || n !== n.toUpperCase() || !hasLetters(n) || (value + ' ' + n).length > 60) break;
        value = `${value} ${n}`;
        indices.push(lines[j].index);
      }
    }
    return pick(value, line, indices, lines);
  }
  return undefined;
}

function pick(value: string, line: Line, indices: number[], lines?: Line[]): TitlePick {
  const shortened = value.length > LIMIT.title;
  const joined = indices.length > 1;
  const excerpt = joined && lines ? indices.map((i) => lines[i].raw).join(' / ') : line.raw;
  return { value: clip(value, LIMIT.title), excerpt, assessment: shortened || joined ? 'inferred' : 'explicit', lines: indices };
}

// ---- venue and world

async function readVenue(draft: Draft, lines: Line[], used: Set<number>, lookup: DirectoryLookup) {
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

// ---- summary

function readSummary(draft: Draft, lines: Line[], used: Set<number>, titleLines: number[]) {
  const skip = new Set([...used, ...titleLines]);
  const sentences: { text: string; line: Line }[] = [];
  let started = false;
  for (const line of lines) {
    const clean = line.clean;
    if (skip.has(line.index) || !clean) {
      if (started) break;
      continue;
    }
    const lab = labelled(clean);
    // "Label: value" lines and short lines about the time are details, not a description.
    let body = lab?.kind === 'about' ? lab.value : lab || /^[^:：]{1,24}[:：]\s/u.test(clean) ? '' : clean;
    if (hasTimeSignal(body) && words(body).length < 8) body = '';
    body = body
      .replace(URL_RE, ' ')
      .replace(new RegExp(BARE_WWW.source, 'giu'), ' ')
      .replace(/(?:\s+[-–—·|•](?=\s))+/gu, ' -')
      .replace(/(?:\s+[-–—·|•]\s*)+$/u, '')
      .replace(/\s+/g, ' ')
      .trim();
    // Spaced scripts by their words; Japanese and Chinese by their characters.
    const cjk = (body.match(CJK) ?? []).length;
    const wordy = cjk >= 12 || (words(body).length >= 5 && hasLetters(body, 12) && wordCount(body) >= Math.max(3, words(body).length / 2));
    const prose = wordy && !onlyTime(body) && !sectionHeader(body) && !GREETING.test(body) && !/^(?:hosted|presented)\s+by/i.test(body);
    if (!prose) {
      if (started) break;
      continue;
    }
    started = true;
    sentences.push({ text: body, line });
    if (sentences.reduce((n, s) => n + s.text.length + 1, 0) >= LIMIT.summary) break;
  }
  if (sentences.length === 0) return;
  // Whole sentences while they fit; else the first cut at a word boundary.
  const all = sentences.map((s) => s.text).join(' ');
  const parts = all.split(/(?<=[.!?。！？])\s+/u);
  let summary = '';
  for (const p of parts) {
    const next = summary ? `${summary} ${p}` : p;
    if (next.length > LIMIT.summary) break;
    summary = next;
  }
  const shortened = !summary;
  if (shortened) summary = clip(all, LIMIT.summary);
  const usedLines = sentences.filter((s) => all.indexOf(s.text) < summary.length);
  draft.event.summary = summary;
  draft.evidence(ptr('event', 'summary'), draft.origin, usedLines.map((s) => s.line.raw).join(' '), shortened ? 'inferred' : 'explicit');
}

// ---------------------------------------------------------------------------------------------
// Merging a text result with a poster result

const same = (a: string, b: string) => compact(a) === compact(b);
const EVENT_KEYS = ['title', 'communitySlug', 'eventDate', 'start', 'end', 'timezone', 'venueLabel', 'summary', 'sourceUrl'] as const;
const ROW_KEYS = ['performerLabel', 'personSlug', 'roleLabel', 'start', 'end'] as const;

/**
 * Text and poster read of one event. Agreeing values keep both pieces of evidence; differing ones
 * keep the text's value, mark both conflicting and ask. The poster's extra lineup rows are asked
 * about, not added: OCR misreads would otherwise appear as new performers.
 */
export function mergeExtractions(a: ExtractionResult, b: ExtractionResult): ExtractionResult {
  const evidence: Evidence[] = [];
  const questions: Question[] = [];
  const aEv = groupBy(a.evidence, (e) => e.fieldPath);
  const bEv = groupBy(b.evidence, (e) => e.fieldPath);
  const aQ = groupBy(a.questions, (q) => q.fieldPath);
  const bQ = groupBy(b.questions, (q) => q.fieldPath);
  const settled = new Set<string>();

  const mergeField = (path: string, bPath: string, va: string | null, vb: string | null): string | null => {
    const ea = aEv.get(path) ?? [];
    const eb = bEv.get(bPath) ?? [];
    // A zone that is only the draft's default gives way to one the other side states.
    if (path === ptr('event', 'timezone') && va !== null && vb !== null && !same(va, vb)) {
      const defaulted = (items: Evidence[]) => items.length > 0 && items.every((e) => e.origin === 'calculation');
      if (defaulted(ea) && !defaulted(eb)) {
        evidence.push(...eb);
        settled.add(path);
        return vb;
      }
      if (defaulted(eb) && !defaulted(ea)) {
        evidence.push(...ea);
        settled.add(path);
        return va;
      }
    }
    if (va !== null && vb !== null && !same(va, vb)) {
      evidence.push(...ea.map((e) => ({ ...e, assessment: 'conflicting' as const })), ...eb.map((e) => ({ ...e, fieldPath: path, assessment: 'conflicting' as const })));
      questions.push(question(path, `The text says "${va}" but the poster says "${vb}"; which is right?`, [va, vb]));
      settled.add(path);
      return va;
    }
    if (va !== null) {
      evidence.push(...ea, ...(vb !== null ? eb.map((e) => ({ ...e, fieldPath: path })) : []));
      settled.add(path);
      return va;
    }
    if (vb !== null) {
      evidence.push(...eb.map((e) => ({ ...e, fieldPath: path })));
      settled.add(path);
      return vb;
    }
    // Neither has a value: evidence of an unmatched name, if any, is kept.
    evidence.push(...ea, ...eb.map((e) => ({ ...e, fieldPath: path })));
    return null;
  };

  const event = {} as EventFields;
  for (const key of EVENT_KEYS) event[key] = mergeField(ptr('event', key), ptr('event', key), a.event[key], b.event[key]);
  // Evidence of event paths that are not fields (doors) passes through.
  for (const [path, items] of [...aEv, ...bEv]) if (path.startsWith('/event/') && !EVENT_KEYS.some((k) => ptr('event', k) === path)) evidence.push(...items);

  let lineup: LineupRow[];
  const rowPath = (i: number, key?: string) => (key ? ptr('lineup', i, key) : ptr('lineup', i));
  if (a.lineup.length === 0) {
    lineup = b.lineup.map((r) => ({ ...r }));
    for (const [path, items] of bEv) if (path.startsWith('/lineup')) evidence.push(...items);
    for (const [, items] of bQ) for (const q of items) if (q.fieldPath.startsWith('/lineup')) questions.push(q);
  } else {
    lineup = [];
    const taken = new Set<number>();
    a.lineup.forEach((row, i) => {
      const j = b.lineup.findIndex((r, k) => !taken.has(k) && r.performerLabel !== null && row.performerLabel !== null && same(r.performerLabel, row.performerLabel));
      if (j >= 0) taken.add(j);
      const other = j >= 0 ? b.lineup[j] : undefined;
      const merged = {} as LineupRow;
      for (const key of ROW_KEYS) {
        const path = rowPath(i, key);
        if (other) merged[key] = mergeField(path, rowPath(j, key), row[key], other[key]);
        else {
          merged[key] = row[key];
          evidence.push(...(aEv.get(path) ?? []));
        }
      }
      lineup.push(merged);
      for (const key of ROW_KEYS) {
        const path = rowPath(i, key);
        if (!settled.has(path)) questions.push(...(aQ.get(path) ?? []));
        if (other && !settled.has(path)) questions.push(...(bQ.get(rowPath(j, key)) ?? []).map((q) => ({ ...q, fieldPath: path })));
      }
    });
    for (const q of a.questions) if (q.fieldPath === ptr('lineup')) questions.push(q);
    const extra = b.lineup.filter((r, k) => !taken.has(k) && r.performerLabel !== null).map((r) => r.performerLabel!);
    if (extra.length > 0) {
      questions.push(question(ptr('lineup'), `The poster also lists ${extra.length === 1 ? 'a performer' : `${extra.length} performers`} the text does not; add them?`, extra));
    }
  }

  // Event questions: the text's, then the poster's about fields still open.
  const eventQuestions: Question[] = [];
  for (const key of EVENT_KEYS) {
    const path = ptr('event', key);
    if (settled.has(path)) {
      // The side whose value is kept keeps its own questions (e.g. a world choice); the other side's are answered.
      eventQuestions.push(...((a.event[key] === null ? bQ : aQ).get(path) ?? []));
      continue;
    }
    eventQuestions.push(...(aQ.get(path) ?? []), ...(bQ.get(path) ?? []));
  }
  for (const q of [...a.questions, ...b.questions]) if (q.fieldPath.startsWith('/event') && !EVENT_KEYS.some((k) => ptr('event', k) === q.fieldPath)) eventQuestions.push(q);

  return finish({ event, lineup, evidence: dedupe(evidence), questions: dedupe([...eventQuestions, ...questions]) });
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function dedupe<T>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = JSON.stringify(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
