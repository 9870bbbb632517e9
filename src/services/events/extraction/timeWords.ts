/**
 * Date, time and zone words as extraction spots them: which lines say a day, a clock time or a
 * zone, and which say nothing else. The words come from the time engine's own lists (words.ts,
 * languages.ts, zoneWords.ts), so a form the engine reads is a form extraction looks for.
 */
import { MONTHS, wordsFor } from '../../time/engine/words.js';
import { MONTH_ABBREVIATIONS, MONTH_WORDS as LANGUAGE_MONTHS } from '../../time/engine/languages.js';
import { ZONE_ABBREVIATION_WORDS, ZONE_REGION_WORDS } from '../../time/engine/zoneWords.js';

/** The languages besides English whose date words extraction reads (Japanese dates are NUMERIC_DATE's). */
const LANGUAGES = ['de', 'fr', 'es', 'pt'];

/** "may" (a verb) and "mai": months only with a day number next to them (MAY_DATE). */
const MAY_WORDS = ['may', 'mai', 'mayo', 'maio'];
const NOT_ALONE = new Set(['may', 'mai']);

/**
 * Engine spellings extraction did not look for before it shared the engine's lists. They stay
 * out so that sharing changes no result; dropping this set is a behaviour change of its own.
 */
const NOT_YET_SIGNALS = new Set(['maerz', 'setiembre', 'weds', 'terca', 'sast', 'aet', 'nzt']);

const signals = (list: readonly string[]) => [...new Set(list)].filter((w) => !NOT_ALONE.has(w) && !NOT_YET_SIGNALS.has(w));

/**
 * Month words: English with its abbreviations, the other languages' full names. Extra: the German
 * abbreviations "okt" and "dez", which the engine reads only beside a day but extraction anywhere
 * (they are not English words, so a line with one is about a date).
 */
const MONTH_WORDS = signals([
  ...Object.keys(MONTHS),
  ...LANGUAGES.flatMap((lang) => Object.keys(LANGUAGE_MONTHS[lang]).filter((m) => !MONTH_ABBREVIATIONS.has(m))),
  'okt',
  'dez',
]);
/** Weekday words of English and the other languages (wordsFor includes English). */
const WEEKDAY_WORDS = signals(LANGUAGES.flatMap((lang) => Object.keys(wordsFor(lang).weekdays)));
/**
 * Not the engine's relative days (which include past days and chat slang): the phrases an
 * announcement uses for its own day, some with their part of the day ("heute abend", "ce soir").
 */
const RELATIVE_WORDS = [
  // The engine's relative days of every language, from today on ("heute", "mañana", "tmrw", "明日")…
  ...new Set(['en', ...LANGUAGES, 'ja'].flatMap((lang) => Object.entries(wordsFor(lang).relativeDays).filter(([, days]) => days >= 0).map(([word]) => word))),
  // …and the phrases an announcement uses for its own evening, with the chat spellings the engine rewrites.
  'tonight', 'tonite', '2nite', 'heute abend', 'ce soir', 'esta noche', 'hoje à noite', 'this weekend', 'next weekend', '本日', '今晩', '今夜', '今宵',
];
/** Longest first, escaped for a RegExp alternation (spaces stay literal, unlike the engine's `alternation`). */
export const alt = (list: string[]) => [...list].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const WB = '(?<![\\p{L}\\p{N}])';
const WE = '(?![\\p{L}])';
const DATE_WORD = new RegExp(`${WB}(?:${alt([...MONTH_WORDS, ...WEEKDAY_WORDS, ...RELATIVE_WORDS])})\\.?${WE}`, 'iu');
/** "may" is a month but also a verb: only with a day number next to it. */
const MAY_DATE = /(?<![\p{L}])(?:may|mai|mayo|maio)\s+\d{1,2}(?!\d)|(?<!\d)\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:de\s+)?(?:may|mai|mayo|maio)(?![\p{L}])/iu;
const NUMERIC_DATE = /(?<![\d:.])(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./]\d{1,2}(?:[./](?:\d{4}|\d{2}))?\.?)(?![\d:])|\d{1,2}\s*月\s*\d{1,2}\s*日|(?:今日|今夜|明日|明後日|今週|来週)|[月火水木金土日]曜/u;
const CLOCK = /(?<![\d.:])\d{1,2}\s*[:.]\s*\d{2}(?![\d.:])|(?<![\d])\d{1,2}\s*(?:[ap]\.?\s?m\.?|[ap])(?![\p{L}])|(?<![\d])\d{1,2}\s*(?:h|hs|uhr|heures?|hrs?)(?![\p{L}])|\d{1,2}\s*h\s*\d{2}|\d{1,2}\s*時|(?<![\p{L}])(?:noon|midnight|mitternacht|midi|minuit|mediodía|medianoche|meio-dia|meia-noite)(?![\p{L}])|正午/iu;

export const hasDateSignal = (s: string) => DATE_WORD.test(s) || MAY_DATE.test(s) || NUMERIC_DATE.test(s);
export const hasClockSignal = (s: string) => CLOCK.test(s);
export const hasTimeSignal = (s: string) => hasDateSignal(s) || hasClockSignal(s);

/**
 * Zone words: the engine's abbreviations and its one-word regions ("et", "pt"). Extra: "utc",
 * "gmt" and "z", which the engine reads as offsets rather than words; German "mez"/"mesz", which
 * its language rules rewrite to cet/cest; and "wet", "west", "art", which only extraction knows.
 */
const ZONE_ABBREVIATIONS = signals([
  ...ZONE_ABBREVIATION_WORDS,
  ...ZONE_REGION_WORDS.filter((w) => !w.includes(' ')),
  'utc', 'gmt', 'z', 'mez', 'mesz', 'wet', 'west', 'art',
]);
export const ZONE_TOKEN = new RegExp(`^(?:${alt(ZONE_ABBREVIATIONS)}|(?:utc|gmt)\\s*[+-]\\s*\\d{1,2}(?::?\\d{2})?)$`, 'i');
export const IANA_IN_TEXT = /(?<![\w/])(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z_+-]+(?:\/[A-Za-z_+-]+)?/g;

const TIME_WORDS = new RegExp(`${WB}(?:${alt([...MONTH_WORDS, ...WEEKDAY_WORDS, ...RELATIVE_WORDS, ...ZONE_ABBREVIATIONS, ...MAY_WORDS])})\\.?${WE}`, 'giu');

/** The text minus date/time words: nothing left means the line is only a date or time. */
export function onlyTime(clean: string): boolean {
  if (!hasTimeSignal(clean)) return false;
  const rest = clean
    // Japanese days and parts of the day ("明日の夜", "今度の土曜日"), which have no spaces to part them.
    .replace(/今日|明日|明後日|今夜|今晩|今宵|本日|翌日|深夜|夕方|今度|次回|毎週|[月火水木金土日]曜日?|の|夜|朝|晩/gu, ' ')
    .replace(TIME_WORDS, ' ')
    .replace(/(?<![\p{L}])(?:[ap]\.?m\.?|uhr|h|hrs?|heures?|at|on|from|to|till|until|and|the|of|um|ab|bis|der|den|am|à|le|de|del|las|às|do|da|st|nd|rd|th|doors?|open|start|starts|end|ends|time|times|local|your|late|tonight|night|evening|morning|afternoon|soir|soirée|matin|nuit|noche|noite|manhã|tarde|abend|nacht|por|la|el|utc|gmt|年|月|日|時|分|曜日?|から|まで|の|夜|朝|晩|夕方)(?![\p{L}])/giu, ' ')
    .replace(/[\d\s\p{P}\p{S}]/gu, '');
  return rest.length === 0 || /^[月火水木金土日年時分曜]+$/u.test(rest);
}

export const MONTH_OR_NUMERIC = new RegExp(`${WB}(?:${alt([...MONTH_WORDS, ...MAY_WORDS])})\\.?${WE}|(?<![\\d:])\\d{1,2}[./-]\\d{1,2}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}\\s*月`, 'iu');

/** Where the first date, clock or zone word of a text begins (the text's length when there is none). */
export function timeSignalIndex(s: string): number {
  let first = s.length;
  for (const re of [DATE_WORD, MAY_DATE, NUMERIC_DATE, CLOCK]) {
    const m = re.exec(s);
    if (m && m.index < first) first = m.index;
  }
  return first;
}
