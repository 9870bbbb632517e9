import { holidayLibrary } from './holidayLibrary.js';
import type { ClockTime, DayAnchor, IsoWeekday, PartOfDay, Period, PlanResult, TimeParseInput, TimePlan, ZoneChoice } from './types.js';
import { MONTHS, alternation, collapseSpaces, languageOf, wordsFor, type LanguageWords } from './words.js';
import { findZone, type ZoneMatch } from './zoneWords.js';
import { rewriteForLanguage } from './languages.js';
import { DEFAULT_TIME_ZONE } from './defaultZone.js';
import { civil, local } from './civil.js';
import { blankNames, unreadTimeWord } from './unread.js';
import { findFixedHoliday, zoneCountry } from './fixedHolidays.js';
import { factorKeys, mayHold, patternKeys, type FactorKeys } from './prefilter.js';

/**
 * The planner: text → an explicit plan (decisions §5). It finds the day, clock times, zone and
 * vague periods, and refuses numbers that are not times. It computes no instants.
 */

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const isCjk = (w: string) => /[\u3000-\u9fff]/.test(w);

/** A regex over whole words: Latin words need boundaries, CJK words cannot have them. */
function wordsRe(words: string[]): string {
  const latin = words.filter((w) => !isCjk(w));
  const cjk = words.filter(isCjk);
  const parts = [`${B}(?:${alternation(latin)})${E}`];
  if (cjk.length) parts.push(`(?:${alternation(cjk)})`);
  return `(?:${parts.join('|')})`;
}

const MONTH = `(${alternation(Object.keys(MONTHS))})\\.?`;
const ORD = '(?:st|nd|rd|th)?';
const NTH: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, last: -1 };

/** Text with matched parts blanked out, so later passes do not see them again. */
class Scanner {
  constructor(public text: string) {}
  blank(index: number, length: number): void {
    this.text = this.text.slice(0, index) + ' '.repeat(length) + this.text.slice(index + length);
  }
  take(re: RegExp): RegExpExecArray | undefined {
    re.lastIndex = 0;
    const m = re.exec(this.text);
    if (!m) return undefined;
    this.text = this.text.slice(0, m.index) + ' '.repeat(m[0].length) + this.text.slice(m.index + m[0].length);
    return m;
  }
  /** The first match of a global pattern at a place `starts` accepts (the pattern's leading lookbehind, checked on the match). */
  takeWhere(re: RegExp, starts: (text: string, index: number) => boolean): RegExpExecArray | undefined {
    re.lastIndex = 0;
    for (let m = re.exec(this.text); m; m = re.exec(this.text)) {
      if (starts(this.text, m.index)) {
        this.text = this.text.slice(0, m.index) + ' '.repeat(m[0].length) + this.text.slice(m.index + m[0].length);
        return m;
      }
      re.lastIndex = m.index + 1;
    }
    return undefined;
  }
  takeAll(re: RegExp): RegExpExecArray[] {
    const out: RegExpExecArray[] = [];
    for (let m = this.take(re); m; m = this.take(re)) out.push(m);
    return out;
  }
}

export function normalize(text: string): string {
  // NFKC: full-width digits and colons ("２１：００") are the ASCII ones.
  // (ASCII text is its own NFKC form.)
  let out = (/^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFKC')).toLowerCase();
  // Each rewrite only where its characters occur: most messages need few of them.
  // A spaced em dash separates clauses ("8pm PT — 24 car grid"); other dashes join ranges.
  if (/[–—−]/.test(out)) out = out.replace(/\s+—\s+/g, ' / ').replace(/[–—−]/g, '-');
  if (out.includes('.')) {
    out = out.replace(/\b([ap])\.\s?m\.?/g, '$1m');
    // "8.30pm" is a clock time.
    out = out.replace(/\b(\d{1,2})\.(\d{2})\s*([ap]m)\b/g, '$1:$2$3');
  }
  // "between 8 and 10pm" is a range; the holiday library says "labour".
  if (out.includes('between')) out = out.replace(/\bbetween\s+(\d{1,2}(?::\d{2})?\s*(?:[ap]m)?)\s+and\s+/g, '$1 - ');
  if (out.includes('labor')) out = out.replace(/\blabor\b/g, 'labour');
  // Greetings name a part of the day without meaning one.
  if (out.includes('good')) out = out.replace(/\bgood\s+(?:morning|afternoon|evening|night)\b/g, ' ');
  // ISO 8601 date-times: seconds kept (fractions dropped), "z" is UTC, an offset stays.
  if (out.includes('-')) out = out.replace(/\b(\d{4}-\d{2}-\d{2})t(\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?(z\b|[+-]\d{2}:\d{2}\b)?/g, (_m, d, t, sec, z) => `${d} ${t}${sec ? `:${sec}` : ''}${z === 'z' ? ' utc' : z ? ` ${z}` : ''}`);
  return collapseSpaces(out);
}

const NO_TIME = (reason: string): PlanResult => ({ status: 'no_plan', reason });
const UNREAD: PlanResult = { status: 'no_plan', reason: 'Part of the expression could not be read safely.', code: 'ask' };

// Patterns compiled once; `Scanner.take` resets `lastIndex`, so global ones are safe to share.
const UNIT = '(sec(?:ond)?|min(?:ute)?|hour|hr|h|day|week|month)s?';
const AMOUNT = '(an?|half\\s+an|\\d+(?:\\.\\d+)?)';
const REL_IN = new RegExp(`${B}in\\s+${AMOUNT}\\s*${UNIT}${E}`, 'u');
const REL_FROM_NOW = new RegExp(`${B}${AMOUNT}\\s*${UNIT}\\s+from\\s+now${E}`, 'u');
const REL_AGO = new RegExp(`${B}${AMOUNT}\\s*${UNIT}\\s+ago${E}`, 'u');
/** Month-name dates with a year ("nov 27 2026", "27 nov 2026"): not phone numbers. */
const NAMED_DATE_WITH_YEAR = new RegExp(`${B}(?:${MONTH}\\s+\\d{1,2}${ORD},?\\s+|\\d{1,2}${ORD}\\s+(?:of\\s+)?${MONTH},?\\s+)(?:19|20)\\d{2}${E}`, 'gu');
/** At least seven digits somewhere: only then can there be a phone number. */
const SEVEN_DIGITS = /(?:\d\D*){7}/;
/** Runs of digits, stepped through with `exec` (its `lastIndex` reset after each use). */
const DIGITS = /\d+/g;

/** Numbers that are not times, and what they look like. */
const NOT_TIMES: [gate: RegExp, pattern: RegExp, why: string, onlyIn?: 'english'][] = [
  [/v\d|\d\.\d|version/, /\bv\d+(?:\.\d+)+\b|\b\d+\.\d+\.\d+\b|\bversion\s+\d+(?:\.\d+)*|(?<![\d:])\d+\.\d+(?=\s+(?:avatars?|update|patch|release|build|beta)\b)/g, 'The numbers look like a version, not a time.'],
  [/:\d\d\./, /(?<![\d:])\d{1,2}:\d{2}\.\d+\b/g, 'The numbers look like a lap or race time, not a clock time.'],
  [/24\s*[/x]\s*7/, /\b24\s*[/x]\s*7\b/g, '"24/7" means always, not a time.'],
  // Amounts of time ("2h set", "45 min race", "a 2 hour stream"); "in 2 hours" was read before.
  [/hr|hour|min|sec/, /(?<![\d:.])\d+(?:\.\d+)?\s*-?\s*(?:hrs?|hours?|mins?|minutes?|secs?|seconds?)\b/g, 'The numbers look like an amount of time, not a clock time.'],
  // "2h set" in English; in languages that write "22h" for a clock time it is one.
  [/\dh\b|\d h\b/, /(?<=\b(?:a|an|each|per|every|for)\s+)\d+(?:\.\d+)?\s*h\b/g, 'The numbers look like an amount of time, not a clock time.', 'english'],
  [/\dh\s|\d h\s/, /(?<![\d:.])\d+(?:\.\d+)?\s*h(?=\s+(?:set|sets|stream|streams|film|movie|show|session|race|event|party|marathon|long|break|shift|run|raid)\b)/g, 'The numbers look like an amount of time, not a clock time.', 'english'],
];

/** A result ("3-2", "3 a 1", "3x2", "3対2") said with winning or losing: a score (rule 18). */
const SCORE = /(?<![\d:])\d{1,2}\s*(?:(?:-|x|a|à|to|対)\s*\d{1,2}|:\d)(?![\d:])/;
const WIN_OR_LOSE =
  /(?<![\p{L}])(?:won|win|wins|lost|lose|beat|beaten|score|scored|final|gg|draw|tied|empate|empatamos|quedamos|unentschieden|égalité|gewonnen|verloren|gagné|gagne|perdu|ganamos|ganó|gano|perdimos|perdió|ganhamos|ganhou|perdemos|perdeu|vencemos|venceu)(?![\p{L}])|勝|負/u;

const PERIOD = new RegExp(`${B}(?:(this|next|the)?\\s*(weekend|week)|(?<!\\bof\\s+)(this|next)\\s+(month))${E}`, 'u');
/** "a week from friday", "3 days after tomorrow": a shift of the day named next. */
const SHIFT = new RegExp(`${B}(an?|\\d+)\\s+(day|week)s?\\s+(?:from|after)\\s+(?!now${E})`, 'u');
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const YMD_SLASH = /(?<![\d/])(\d{4})\/(\d{1,2})\/(\d{1,2})(?![\d/])/g;
/** "end of next month", "the last day of the month", "start of march" (decisions §5.1). */
const MONTH_EDGE = new RegExp(`${B}(?:the\\s+|at\\s+the\\s+|on\\s+the\\s+)?(end|last\\s+day|beginning|start|first\\s+day)\\s+of\\s+(?:the\\s+)?(?:(this|next|the)\\s+month|month|${MONTH})${E}`, 'gu');
/** "the last day of the year" is 31 December; "the first day of next year" 1 January (decisions §5.1). */
const YEAR_EDGE = new RegExp(`${B}(?:the\\s+|on\\s+the\\s+)?(last|first)\\s+day\\s+of\\s+(?:the\\s+|this\\s+)?(next\\s+)?year${E}`, 'u');
const YEAR = '(?:,?\\s*(\\d{4}))?';
const MONTH_DAY = new RegExp(`${B}${MONTH}\\s+(\\d{1,2})${ORD}${YEAR}${E}(?!\\s*(?::|am|pm))`, 'gu');
const DAY_MONTH = new RegExp(`${B}(\\d{1,2})${ORD}\\s+(?:of\\s+)?${MONTH}${YEAR}${E}`, 'gu');
/** "the 5th", "on the 27th"; not "3rd row" or "5th anniversary" (an ordinal before a noun). */
const DAY_OF_MONTH = new RegExp(`${B}(?:on\\s+)?(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)${E}(?!\\s+(?!of\\b|at\\b|and\\b|or\\b|from\\b|to\\b|till\\b|until\\b|in\\b|this\\b|next\\b)[a-z]{2,})`, 'gu');
/** "friday the 13th": an ordinal right after a weekday, whatever word follows ("friday the 13th we meet"). */
const ORDINAL_DAY = /(?<![\p{L}\p{N}])(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)(?![\p{L}\p{N}])/gu;
const NUMERIC_DATE = /(?<![\d./:])(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/:])/g;
const PART_OF_DAY = new RegExp(`${B}(?:in\\s+the\\s+|(this)\\s+)?(morning|afternoon|evening|night)${E}`, 'u');
const NAMED_TIME = new RegExp(`${B}(noon|midday|midnight)${E}`, 'gu');
const JA_TIME = /(\d{1,2})時(?:(\d{1,2})分)?/g;
// Hour, minutes, seconds and a suffix; a lone "a", "p" or "h" only right after the digits ("8p", "20h"), so "23:00 a domingo" has none.
const ONE_TIME = '(\\d{1,2})(?::(\\d{2})(?::(\\d{2}))?)?(\\s*(?:am|pm|o\'?clock)|[aph](?![\\p{L}]))?';
// The character before a clock time is checked on the match (`clockStarts`): a leading lookbehind is tried at every position.
const CLOCK_BEFORE = /[\p{L}\p{N}.:/+-]/u;
const CLOCK = new RegExp(`(at\\s+|@\\s*|from\\s+|around\\s+|about\\s+|~\\s*)?${ONE_TIME}(?:\\s*(?:-|to|until|till)\\s*${ONE_TIME})?(?![\\p{L}\\p{N}:/]|\\.[\\p{L}\\p{N}]|-\\d)`, 'gu');

/** The patterns that depend on the locale's language, compiled once per language. */
interface LanguagePatterns {
  words: LanguageWords;
  nthWeekday: RegExp;
  weekday: RegExp;
  relativeDay: RegExp;
  /** The weekday words and the relative-day words (prefilter.ts): a text that holds none has none to read. */
  weekdayWords?: FactorKeys;
  relativeDayWords?: FactorKeys;
}

const languagePatterns = new Map<string, LanguagePatterns>();

function patternsFor(locale: string | undefined): LanguagePatterns {
  const lang = languageOf(locale) ?? '';
  let p = languagePatterns.get(lang);
  if (!p) {
    const words = wordsFor(locale);
    const WEEKDAY = `(${wordsRe(Object.keys(words.weekdays))})`;
    p = {
      words,
      nthWeekday: new RegExp(`${B}(${Object.keys(NTH).join('|')})\\s+${WEEKDAY}\\s+(?:(?:of|in)\\s+)?(?:(the|this|next|every|each)\\s+month|${MONTH})${E}`, 'gu'),
      weekday: new RegExp(`(?:${B}(this|nxtwk|afternext|${alternation(words.next)}|last|coming)\\s*)?${WEEKDAY}`, 'gu'),
      relativeDay: new RegExp(`(${wordsRe(Object.keys(words.relativeDays))})`, 'gu'),
    };
    p.weekdayWords = patternKeys(p.weekday);
    p.relativeDayWords = patternKeys(p.relativeDay);
    if (languagePatterns.size > 64) languagePatterns.clear();
    languagePatterns.set(lang, p);
  }
  return p;
}

/** /** Decisions §5.1: holidays follow `country`, else the locale's region ("en-CA" → CA), else the country of the request's time zone. */
export function holidayCountry(input: Pick<TimeParseInput, 'country' | 'locale' | 'timeZone'>): string | undefined {
  return input.country ?? /^[a-z]{2,3}[-_]([a-z]{2})$/i.exec(input.locale ?? '')?.[1]?.toUpperCase() ?? zoneCountry(input.timeZone);
}

export function planTimeExpression(input: TimeParseInput): PlanResult {
  const lang = languageOf(input.locale);
  // Decisions §5.1: names that contain time words ("Midnight Rooftop") are names, not times.
  const named = blankNames(input.text, lang);
  const planned = planText(input, named.text);
  // A name holding a weekday ("Friday Night Funk 9pm") may also say the event's day: without a day of its own, offer the reading.
  if (named.weekdayName && planned.status === 'plan' && (planned.plan.kind === 'point' || planned.plan.kind === 'range') && !planned.plan.day) {
    const question = `Is "${named.weekdayName.trim()}" a name, or the day of the event?`;
    const asDay = planText(input, input.text);
    if (asDay.status === 'plan') return { status: 'either_or', plans: [planned.plan, asDay.plan], question };
    return { ...planned, confirm: question };
  }
  return planned;
}

function planText(input: TimeParseInput, namedText: string): PlanResult {
  const speakerZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const lang = languageOf(input.locale);
  // Holidays are found before the language's rewriting, which would take their words apart
  // ("Tag der Deutschen Einheit", "véspera de Ano Novo"); a marker holds their place.
  const plain = holidayAliases(normalize(zoneCase(namedText, lang)), lang);
  const fixed = findFixedHoliday(plain);
  const holiday = fixed
    ? { key: fixed.holiday.key, rule: undefined, fixed: { month: fixed.holiday.month, day: fixed.holiday.day }, index: fixed.index, length: fixed.length }
    : findHoliday(plain, holidayCountry(input), input.subdivision, lang);
  const marked = holiday ? `${plain.slice(0, holiday.index)} ${HOLIDAY_MARK} ${plain.slice(holiday.index + holiday.length)}` : plain;
  const text = rewriteForLanguage(marked, lang);
  if (!text) return NO_TIME('No time expression was found.');

  // Rule 18: numbers that are not times.
  const withoutDates = !SEVEN_DIGITS.test(text) ? '' : text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ').replace(/\b\d{1,2}:\d{2}\b/g, ' ').replace(NAMED_DATE_WITH_YEAR, ' ');
  if ((withoutDates.match(/\+?\d[\d ().-]{5,}\d/g) ?? []).some((run) => (run.match(/\d/g) ?? []).length >= 7)) return NO_TIME('The numbers look like a phone number, not a time.');
  if ((SCORE.test(plain) && WIN_OR_LOSE.test(plain)) || (SCORE.test(text) && WIN_OR_LOSE.test(text))) return NO_TIME('The numbers look like a score, not a time.');

  const s = new Scanner(text);
  const notes: string[] = [];
  const patterns = patternsFor(input.locale);
  const words = patterns.words;

  // Zones: usually one; "8pm EST (5pm PST)" names the same instant twice.
  const zoneMatches: ZoneMatch[] = [];
  for (let zone = findZone(s.text, speakerZone, input.country, input.referenceInstant, lang); zone && zoneMatches.length < 4; zone = findZone(s.text, speakerZone, input.country, input.referenceInstant, lang)) {
    s.blank(zone.index, zone.matched.length);
    if (zone.settled) notes.push(zone.settled);
    zoneMatches.push(zone);
  }
  zoneMatches.sort((a, b) => a.index - b.index);
  const zones: ZoneChoice[] = zoneMatches[0]?.choices ?? [];

  // Cheap tests first: most patterns cannot match a message without digits or without their words.
  const digits = /\d/.test(text);
  const shift = /\b(?:from|after)\b/.test(text) ? s.take(SHIFT) : undefined;
  const shiftDays = shift ? (/^an?$/.test(shift[1]) ? 1 : Number(shift[1])) * (shift[2] === 'week' ? 7 : 1) : undefined;

  // Rule 11 / rule 3: relative offsets.
  let relativeDay: { anchor: DayAnchor; index: number } | undefined;
  const relWords = /\b(?:in|ago|from)\b/.test(text);
  const relIn = relWords ? (s.take(REL_IN) ?? s.take(REL_FROM_NOW)) : undefined;
  const relAgo = relIn || !relWords ? undefined : s.take(REL_AGO);
  const rel = relIn ?? relAgo;
  if (rel) {
    const [, amountWord, unitWord] = rel;
    let amount = /^an?$/.test(amountWord) ? 1 : /^half/.test(amountWord) ? 0.5 : Number(amountWord);
    let u = unitWord.startsWith('sec') ? 'seconds' : unitWord.startsWith('min') ? 'minutes' : unitWord.startsWith('h') ? 'hours' : unitWord.startsWith('d') ? 'days' : unitWord.startsWith('w') ? 'weeks' : 'months';
    // "in 1.5 hours", "half an hour": whole minutes.
    if (u === 'hours' && !Number.isInteger(amount) && Number.isInteger(amount * 60)) [amount, u] = [amount * 60, 'minutes'];
    if (!Number.isInteger(amount)) return NO_TIME('Only whole amounts are understood in relative times.');
    const otherNumbers = [...s.text.matchAll(/\d+/g)].filter((m) => !isCount(text, m.index, m[0], undefined));
    // "Montag in einer Woche": an offset from a named day is not an offset from now.
    patterns.weekday.lastIndex = 0;
    patterns.relativeDay.lastIndex = 0;
    if ((mayHold(s.text, patterns.weekdayWords) && patterns.weekday.test(s.text)) || (mayHold(s.text, patterns.relativeDayWords) && patterns.relativeDay.test(s.text))) return { status: 'no_plan', reason: 'An offset from a named day is not understood.', code: 'no_expression' };
    // "3 days ago at noon": a clock word makes it a day, read at that time.
    NAMED_TIME.lastIndex = 0;
    const clockWord = NAMED_TIME.test(s.text) || PART_OF_DAY.test(s.text);
    if (otherNumbers.length === 0 && !(clockWord && (u === 'days' || u === 'weeks'))) {
      if (unreadTimeWord(s.text.replace(/\b(?:same|usual)\s+time\b/g, ' '), lang)) return UNREAD;
      return { status: 'plan', plan: { kind: 'relative', amount: relAgo ? -amount : amount, unit: u as 'hours', zones }, notes };
    }
    // "in 3 days at 8pm": a count of days or weeks names a day; the clock time is read on it.
    if (u !== 'days' && u !== 'weeks') return NO_TIME('A relative time combined with a clock time or date is not understood yet.');
    relativeDay = { anchor: { kind: 'relative_day', word: 'in_days', offsetDays: (relAgo ? -amount : amount) * (u === 'weeks' ? 7 : 1) }, index: rel.index };
  }

  // Numbers that are never times, set aside: versions, lap times, "24/7", amounts of hours or minutes
  // (after the relative times, which "in 2 hours" is).
  let setAside: string | undefined;
  for (const [gate, re, why, onlyIn] of NOT_TIMES) {
    if (!digits || !gate.test(s.text) || (onlyIn === 'english' && lang && lang !== 'en')) continue;
    for (const m of [...s.text.matchAll(re)]) {
      s.blank(m.index, m[0].length);
      setAside ??= why;
    }
  }
  if (/^(?:right\s+)?now$/.test(s.text.trim())) return { status: 'plan', plan: { kind: 'relative', amount: 0, unit: 'seconds', zones }, notes };

  // Month and year edges, before the periods ("end of next month" is a day, not next month).
  const edges: { anchor: DayAnchor; index: number }[] = [];
  // (Every edge is "<end|…day|beginning|start> of": "today" or "sunday" alone does not run the pattern.)
  for (const m of /(?:end|day|beginning|start)\s+of\s/.test(s.text) ? s.takeAll(MONTH_EDGE) : []) {
    const edge = m[1] === 'end' || m[1].startsWith('last') ? 'end' : 'start';
    edges.push({ anchor: { kind: 'month_edge', edge, month: m[3] ? MONTHS[m[3]] : undefined, monthOffset: m[2] === 'next' ? 1 : 0 }, index: m.index });
  }
  const yearEdge = text.includes('year') ? s.take(YEAR_EDGE) : undefined;
  if (yearEdge) {
    const year = civil(local(input.referenceInstant, speakerZone).day).year + (yearEdge[2] ? 1 : 0);
    edges.push({ anchor: yearEdge[1] === 'last' ? { kind: 'date', year, month: 12, day: 31 } : { kind: 'date', year, month: 1, day: 1 }, index: yearEdge.index });
  }

  // Vague periods (rule 8), unless a clock time follows.
  const periodMatch = /week|month/.test(text) ? s.text.match(PERIOD) : null;
  let period: Period | undefined;
  if (periodMatch) {
    s.blank(periodMatch.index ?? 0, periodMatch[0].length);
    const which = (periodMatch[1] ?? periodMatch[3]) === 'next' ? 'next' : 'this';
    period = `${which}_${periodMatch[2] ?? periodMatch[4]}` as Period;
  }

  // Days.
  const days: { anchor: DayAnchor; index: number }[] = [];
  const ratings: string[] = [];
  if (relativeDay) days.push(relativeDay);

  // Holidays first: their names hold weekday words ("good friday", "easter sunday").
  const mark = holiday ? s.take(HOLIDAY_MARK_RE) : undefined;
  if (holiday && mark) pushDay(days, { kind: 'holiday', phrase: holiday.key, rule: holiday.rule, fixed: 'fixed' in holiday ? holiday.fixed : undefined, ...('alsoKeys' in holiday && holiday.alsoKeys ? { alsoKeys: holiday.alsoKeys } : {}) }, mark.index);
  for (const m of digits ? s.takeAll(ISO_DATE) : []) pushDay(days, { kind: 'date', year: +m[1], month: +m[2], day: +m[3] }, m.index);
  // "2026/12/20": year first, so month then day whatever the locale.
  for (const m of digits && text.includes('/') ? s.takeAll(YMD_SLASH) : []) pushDay(days, { kind: 'date', year: +m[1], month: +m[2], day: +m[3] }, m.index);

  for (const m of /\b(?:first|second|third|fourth|fifth|last|[1-5](?:st|nd|rd|th))\b/.test(text) ? s.takeAll(patterns.nthWeekday) : []) {
    const month = m[4] ? MONTHS[m[4]] : undefined;
    pushDay(days, { kind: 'nth_weekday', n: NTH[m[1]], weekday: words.weekdays[m[2]], month, monthOffset: m[3] === 'next' ? 1 : 0, recurring: m[3] === 'every' || m[3] === 'each' || undefined }, m.index);
  }
  days.push(...edges);

  const monthish = digits && /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/.test(text);
  for (const m of monthish ? s.takeAll(MONTH_DAY) : []) {
    pushDay(days, { kind: 'date', month: MONTHS[m[1]], day: +m[2], year: m[3] ? +m[3] : undefined }, m.index);
  }
  for (const m of monthish ? s.takeAll(DAY_MONTH) : []) {
    pushDay(days, { kind: 'date', month: MONTHS[m[2]], day: +m[1], year: m[3] ? +m[3] : undefined }, m.index);
  }
  // Numeric dates: the locale decides the order (rule 21); without a locale both are offered.
  // Canada writes both orders: an ambiguous numeric date there asks.
  const dayFirst = input.locale && !/^(?:en|fr)-ca$/i.test(input.locale) ? !/^en-us$|^en$/i.test(input.locale) && !/^(ja|zh|ko)/i.test(input.locale) : undefined;
  for (const m of digits && text.includes('/') ? s.takeAll(NUMERIC_DATE) : []) {
    const [a, b] = [+m[1], +m[2]];
    // "great show, 10/10" may be a rating, unless the text says it is a date ("on 10/10").
    if (!m[3] && (b === 10 || b === 5) && a <= b && !/\b(?:on|date|due|by|until|from|before|after)\s+$/.test(text.slice(0, m.index))) ratings.push(m[0]);
    const y = m[3] ? (m[3].length === 2 ? 2000 + +m[3] : +m[3]) : undefined;
    const unknown = dayFirst === undefined && a !== b && a <= 12 && b <= 12;
    const [month, day] = dayFirst ? [b, a] : [a, b];
    pushDay(days, { kind: 'date', month, day, year: y, dayMonthOrderUnknown: unknown || undefined }, m.index);
  }

  // "jueves 26 a las 8pm", "friday 27": with another time in the message, or a number past 24,
  // the number after a weekday is its day of the month.
  // (A day number follows a weekday word: without one in the text, there is none.)
  const weekdayWord = mayHold(s.text, patterns.weekdayWords);
  const dayNumbers = digits && weekdayWord ? weekdayDayNumbers(s.text, words) : [];
  if (dayNumbers.length) {
    let rest = text;
    for (const m of dayNumbers) rest = rest.slice(0, m.index) + ' '.repeat(m.text.length) + rest.slice(m.index + m.text.length);
    const otherTime = /\d:\d\d|\d\s*(?:am|pm|h)\b|\b(?:noon|midnight|at)\b/.test(rest);
    for (const m of dayNumbers) {
      const n = Number(m.text);
      // Languages that write hours with a word ("13h", "13 Uhr") mean a day by a bare number after a weekday ("vendredi 13").
      const dayNumberLanguage = lang === 'de' || lang === 'fr' || lang === 'es' || lang === 'pt';
      // Up to 12 it may as well be an hour on the 12-hour dial ("domingo 10"): that stays a question.
      if (!Number.isInteger(n) || n < 1 || n > 31 || !(otherTime || n > 24 || (dayNumberLanguage && n > 12))) continue;
      s.blank(m.index, m.text.length);
      pushDay(days, { kind: 'day_of_month', day: n }, m.index);
    }
  }
  // Decisions §5.1: a weekday with a day of the month is the next date that is both, even when a noun follows the ordinal.
  for (const m of digits && weekdayWord && /\d(?:st|nd|rd|th)/.test(text) ? [...s.text.matchAll(ORDINAL_DAY)] : []) {
    const before = wordBefore(s.text, m.index);
    if (!before || !(before in words.weekdays) || +m[1] < 1 || +m[1] > 31) continue;
    s.blank(m.index, m[0].length);
    pushDay(days, { kind: 'day_of_month', day: +m[1] }, m.index);
  }
  for (const m of digits && /\d(?:st|nd|rd|th)/.test(text) ? s.takeAll(DAY_OF_MONTH) : []) {
    if (+m[1] < 1 || +m[1] > 31) return NO_TIME(`The ${m[1]} is not a day of a month.`);
    pushDay(days, { kind: 'day_of_month', day: +m[1] }, m.index);
  }
  for (const m of mayHold(s.text, patterns.weekdayWords) ? s.takeAll(patterns.weekday) : []) {
    // "I sat down", "the sun sets": not weekdays.
    if ((m[2] === 'sat' || m[2] === 'sun') && !m[1] && /\b(?:i|we|you|they|he|she|it|the|a)\s+$/.test(text.slice(0, m.index))) continue;
    const mod = !m[1] ? 'bare' : m[1] === 'this' || m[1] === 'coming' ? 'this' : m[1] === 'last' ? 'last' : m[1] === 'nxtwk' ? 'next_week' : m[1] === 'afternext' ? 'after_next' : 'next';
    pushDay(days, { kind: 'weekday', weekday: words.weekdays[m[2]] as IsoWeekday, modifier: mod }, m.index);
  }

  // "last week", "letzte Woche", "先週" in a chatty message: what happened before, not the event's day; alone, ask.
  if (text.includes('lastweek')) {
    if (days.length === 0) return UNREAD;
    s.text = s.text.replace(/\blastweek\b/g, '        ');
  }
  // Decisions §5.1: a repeating schedule ("every wednesday at 7pm") is read as its next occurrence, and says so.
  if (text.includes('every') && /\bevery\s+\S/.test(text) && days.some((d) => d.anchor.kind === 'weekday' && d.anchor.modifier === 'bare')) {
    notes.push('The schedule repeats; read as its next occurrence.');
  }
  let partOfDay: PartOfDay | undefined;
  for (const m of mayHold(s.text, patterns.relativeDayWords) ? s.takeAll(patterns.relativeDay) : []) {
    const w = m[1].replace(/\s+/g, ' ');
    const offsetDays = words.relativeDays[w];
    if (w === 'tonight' || w === '今夜') partOfDay = 'night';
    const word = offsetDays === 0 ? 'today' : offsetDays === 1 ? 'tomorrow' : offsetDays === -1 ? 'yesterday' : offsetDays === 2 ? 'day_after_tomorrow' : 'day_before_yesterday';
    pushDay(days, { kind: 'relative_day', word, offsetDays }, m.index);
  }

  const pod = /morning|afternoon|evening|night/.test(text) ? s.take(PART_OF_DAY) : undefined;
  if (pod) partOfDay = pod[2] as PartOfDay;
  // "this evening" names today; a bare "evening" does not.
  if (pod?.[1]) days.push({ anchor: { kind: 'relative_day', word: 'today', offsetDays: 0 }, index: pod.index });
  if (/午後/.test(s.text)) partOfDay = 'afternoon';
  if (/午前/.test(s.text)) partOfDay = 'morning';

  const allDay = text.includes('allday') ? s.take(/\ballday\b/) : undefined;
  return finishPlan({ s, text, lang, words, days, ratings, zones, zoneMatches, partOfDay, period, shiftDays, notes, setAside, allDay: allDay !== undefined });
}

/** What `planText` has read before the clock times, for `finishPlan`. */
interface PlanState {
  s: Scanner;
  text: string;
  lang: string | undefined;
  words: LanguageWords;
  days: { anchor: DayAnchor; index: number }[];
  ratings: string[];
  zones: ZoneChoice[];
  zoneMatches: ZoneMatch[];
  partOfDay: PartOfDay | undefined;
  period: Period | undefined;
  shiftDays: number | undefined;
  notes: string[];
  setAside: string | undefined;
  allDay: boolean;
}

/**
 * The clock times, the checks on everything read, and the plan: the second half of `planText`,
 * a function of its own so that the JIT compiles (and, when a rare shape turns up, recompiles) each
 * half alone rather than one very large function.
 */
function finishPlan(st: PlanState): PlanResult {
  const { s, text, lang, words, days, ratings, zones, zoneMatches, partOfDay, shiftDays, notes, setAside, allDay } = st;
  let period = st.period;
  // Clock times.
  const context = days.length > 0 || zones.length > 0 || partOfDay !== undefined;
  const times = findTimes(s, context, lang !== undefined && lang !== 'en', text, words, lang === 'ja', days.length > 0);
  if ('impossible' in times) return NO_TIME(times.impossible);
  // Decisions §5.1: a clock with minutes and a named zone ("10:00-11:30 UTC") is on the 24-hour clock: no am/pm question.
  if (zones.length) {
    for (const t of times.list) for (const c of t.kind === 'range' ? [t.start, t.end] : [t.time]) if (!c.meridiem && !c.named && c.text.includes(':')) c.twentyFourHour = true;
  }

  // A rating-like number alone, with no time or zone, is not a date (rule 18).
  if (ratings.length && days.length === ratings.length && days.every((d) => d.anchor.kind === 'date') && times.list.length === 0 && zones.length === 0) {
    return NO_TIME(`${ratings[0]} looks like a rating, not a date.`);
  }

  // Rule 19: impossible dates are never coerced.
  for (const { anchor } of days) {
    if (anchor.kind === 'date') {
      const okOneWay = validDate(anchor.year ?? 2000, anchor.month, anchor.day);
      const okOtherWay = anchor.dayMonthOrderUnknown && validDate(anchor.year ?? 2000, anchor.day, anchor.month);
      if (!okOneWay && !okOtherWay) return NO_TIME(`${monthName(anchor.month)} ${anchor.day}${anchor.year ? ` ${anchor.year}` : ''} is not a date.`);
      if (!okOneWay && okOtherWay) Object.assign(anchor, { month: anchor.day, day: anchor.month, dayMonthOrderUnknown: undefined });
    }
  }

  // A month or weekday name left unread ("first week of december") changes the meaning: never resolve without it.
  // A date or time word left unread may change the meaning: never resolve without it (safety net).
  const calendarDate = days.some(({ anchor: a }) => a.kind === 'date' || a.kind === 'day_of_month' || (a.kind === 'nth_weekday' && a.month !== undefined) || (a.kind === 'month_edge' && a.month !== undefined));
  if (unreadTimeWord(s.text, lang, calendarDate)) return UNREAD;
  if (period && times.list.length === 0 && days.length === 0) return { status: 'plan', plan: { kind: 'period', period, zones }, notes };
  // "this weekend sat 8pm", "next week tuesday": the weekday in that week.
  const onlyWeekday = days.length === 1 && days[0].anchor.kind === 'weekday' && days[0].anchor.modifier === 'bare' ? days[0].anchor : undefined;
  if (period && onlyWeekday && (period === 'this_week' || period === 'this_weekend' || period === 'next_week')) {
    if (period === 'next_week') onlyWeekday.modifier = 'next_week';
    if (period === 'this_weekend' && onlyWeekday.weekday < 6) return NO_TIME('That weekday is not in the weekend.');
    period = undefined;
  }
  if (period && (times.list.length || days.length)) return NO_TIME('A week or weekend combined with a day or time is not understood yet.');

  if (times.list.length === 0 && days.length === 0) {
    if (zones.length) return NO_TIME('A time zone alone is not a time.');
    if (setAside) return NO_TIME(setAside);
    // Only numbers that are not counts or labels are worth a second opinion.
    let loose = times.unread.some((u) => !isCount(text, u.index, u.text, words));
    DIGITS.lastIndex = 0;
    for (let m = loose ? null : DIGITS.exec(s.text); m; m = DIGITS.exec(s.text)) {
      if (isCount(text, m.index, m[0], words)) continue;
      loose = true;
      break;
    }
    DIGITS.lastIndex = 0;
    return { status: 'no_plan', reason: 'No time expression was found.', code: loose ? 'no_expression' : undefined };
  }
  // "tonight" alone is a vague period.
  const isToday = days.length === 1 && days[0].anchor.kind === 'relative_day' && days[0].anchor.offsetDays === 0;
  if (times.list.length === 0 && isToday && (partOfDay === 'night' || partOfDay === 'evening')) {
    return { status: 'plan', plan: { kind: 'period', period: 'tonight', zones }, notes };
  }

  if (shiftDays !== undefined && days.length !== 1) return NO_TIME('A shift of days needs exactly one day to count from.');

  // "jan 3 new year meetup": a calendar date wins over a holiday name, which then names the event.
  const holidays = days.filter((d) => d.anchor.kind === 'holiday');
  if (holidays.length && days.some((d) => d.anchor.kind === 'date' || d.anchor.kind === 'day_of_month')) {
    for (const h of holidays) days.splice(days.indexOf(h), 1);
    notes.push('The calendar date was taken over the holiday named with it.');
  }
  // "friday nov 27", "halloween sat": a weekday beside a date is a check on the date, not a second day.
  const date = days.filter((d) => d.anchor.kind === 'date' || d.anchor.kind === 'day_of_month' || d.anchor.kind === 'holiday');
  const bareWeekday = days.filter((d) => d.anchor.kind === 'weekday' && d.anchor.modifier !== 'last' && d.anchor.modifier !== 'next' && d.anchor.modifier !== 'next_week' && d.anchor.modifier !== 'after_next');
  if (days.length === 2 && date.length === 1 && bareWeekday.length === 1) {
    const anchor = date[0].anchor as Extract<DayAnchor, { kind: 'date' | 'day_of_month' | 'holiday' }>;
    anchor.weekday = (bareWeekday[0].anchor as Extract<DayAnchor, { kind: 'weekday' }>).weekday;
    days.splice(days.indexOf(bareWeekday[0]), 1);
  }

  // Decisions §5.1: "all day <day>" is that whole local day as a range; said of anything else, ask.
  if (allDay) {
    if (days.length === 1 && times.list.length === 0 && shiftDays === undefined) return { status: 'plan', plan: { kind: 'point', day: days[0].anchor, zones, wholeDay: true }, notes };
    return UNREAD;
  }
  // Decisions §5.1: two days joined by "to", "bis", "から"…, each with its own time or none, are one range.
  const between = betweenPlan(days, times.list, s.text, zones, lang);
  if (between) return { status: 'plan', plan: between, notes };

  // One time per zone ("8pm EST / 5pm PST", "9pm JST (noon UTC)"): each time in the zone after it.
  if (zoneMatches.length > 1) {
    if (days.length > 1 || times.list.length !== zoneMatches.length) return NO_TIME('Several time zones were named, but not one for each time.');
    const plans = times.list.map((t, i) => {
      const plan = buildPlan(days[0]?.anchor, t, partOfDay, zones, shiftDays);
      return { ...plan, zones: zoneMatches[i].choices } as TimePlan;
    });
    return { status: 'same_instant', plans, notes };
  }

  // Rule 20: several days or times.
  if (days.length > 1 || times.list.length > 1) {
    const candidates = pairUp(days, times.list);
    if (!candidates) return NO_TIME('The days and times in the message could not be paired.');
    const eitherOr = / or /.test(text);
    const plans = candidates.map((c) => buildPlan(c.day, c.time, partOfDay, zones, shiftDays));
    if (!eitherOr) {
      const event = theEvent(text, candidates);
      if (event) return { status: 'plan', plan: buildPlan(event.candidate.day, event.candidate.time, partOfDay, zones, shiftDays), notes: [...notes, event.why] };
    }
    return { status: 'either_or', plans, question: eitherOr ? 'Which of these times do you mean?' : 'The message names several times; which one is the event?' };
  }

  // Numbers left unread, in the order read: those of the clock pass, then what remains of the text.
  const unread: string[] = [];
  for (const u of times.unread) if (!isCount(text, u.index, u.text, words)) unread.push(u.text);
  DIGITS.lastIndex = 0;
  for (let m = DIGITS.exec(s.text); m; m = DIGITS.exec(s.text)) if (!isCount(text, m.index, m[0], words)) unread.push(m[0]);
  return { status: 'plan', plan: buildPlan(days[0]?.anchor, times.list[0], partOfDay, zones, shiftDays), notes, unread: unread.length ? unread.join(', ') : undefined };
}

/** Words that join the two ends of a range across days; "at" stands for "à"/"a"/"às" in French, Spanish and Portuguese. */
const RANGE_JOINERS = new Set(['-', 'to', 'until', 'till', 'til', 'through', 'thru', 'bis', 'à', 'au', 'al', 'a', 'até', 'ate', 'hasta', "jusqu'au", "jusqu'à", 'から', '〜', '～', '~']);
const RANGE_FILLERS = new Set(['from', 'on', 'the', 'de', 'del', 'du', 'des', 'le', 'la', 'el', 'em', 'no', 'na', 'do', 'da', 'von', 'vom', 'am', 'um', 'ab', 'das', 'dem', 'den', 'の', 'に', ',']);

/**
 * "sat 11pm to sun 4am", "Dec 31 9pm to Jan 1 2am", "dec 17 - dec 18": exactly two days, each
 * followed by its own clock time or both without one, and between them nothing unread but a word
 * that joins a range. Undefined when the text is not that.
 */
function betweenPlan(days: { anchor: DayAnchor; index: number }[], times: TimeItem[], leftover: string, zones: ZoneChoice[], lang: string | undefined): TimePlan | undefined {
  if (days.length !== 2) return undefined;
  const [d0, d1] = [...days].sort((a, b) => a.index - b.index);
  // "sat 11pm to sun 4am": with the days read first, the clock pattern took "11pm to … 4am" as one range around the second day.
  const around = times.length === 1 && times[0].kind === 'range' ? times[0] : undefined;
  if (around?.kind === 'range' && around.index > d0.index && around.index < d1.index && d1.index < around.index + around.text.length) {
    const before = leftover.slice(d0.index, around.index).replace(/[,.]/g, ' ').split(/\s+/).filter((w) => w && !RANGE_FILLERS.has(w) && w !== 'at');
    if (before.length) return undefined;
    return { kind: 'between', start: { day: d0.anchor, time: around.start }, end: { day: d1.anchor, time: around.end }, zones };
  }
  if ((times.length !== 0 && times.length !== 2) || times.some((t) => t.kind !== 'point')) return undefined;
  const [t0, t1] = times;
  // Where a time's digits start: "at" before it ("à dimanche 4h" → "at … 4:00") may reach back over the day.
  const digitsAt = (t: TimeItem) => t.index + Math.max(0, t.text.search(/\d/));
  if (t0 && !(digitsAt(t0) > d0.index && digitsAt(t0) < d1.index && digitsAt(t1) > d1.index)) return undefined;
  const reachedBack = t1 && t1.index < d1.index ? t1.text.slice(0, t1.text.search(/\d/)) : '';
  const words = (leftover.slice(d0.index, d1.index) + ' ' + reachedBack)
    .replace(/[,.]/g, ' ')
    .replace(/([から〜～~の])/g, ' $1 ')
    .split(/\s+/)
    .filter((w) => w && !RANGE_FILLERS.has(w));
  const joinsWithAt = lang === 'fr' || lang === 'es' || lang === 'pt';
  const joiners = words.filter((w) => RANGE_JOINERS.has(w) || (joinsWithAt && w === 'at'));
  if (joiners.length === 0 || words.some((w) => !RANGE_JOINERS.has(w) && w !== 'at')) return undefined;
  const point = (t: TimeItem | undefined) => (t?.kind === 'point' ? t.time : undefined);
  return { kind: 'between', start: { day: d0.anchor, time: point(t0) }, end: { day: d1.anchor, time: point(t1) }, zones };
}

interface Candidate {
  day?: DayAnchor;
  time?: TimeItem;
  /** Where it starts and ends in the text. */
  start: number;
  end: number;
}

/**
 * Several days or times → candidate day-and-time pairs: each day with the one time, each time
 * with the one day, or days and times paired in order when there are as many of each
 * ("friday 8pm or saturday 9pm"). Undefined when they cannot be paired.
 */
function pairUp(days: { anchor: DayAnchor; index: number }[], times: TimeItem[]): Candidate[] | undefined {
  const span = (d?: { index: number }, t?: TimeItem) => {
    const starts = [d?.index, t?.index].filter((x): x is number => x !== undefined);
    const ends = [d ? d.index + 1 : undefined, t ? t.index + t.text.length : undefined].filter((x): x is number => x !== undefined);
    return { start: Math.min(...starts), end: Math.max(...ends) };
  };
  const sortedDays = [...days].sort((a, b) => a.index - b.index);
  if (days.length > 1 && times.length > 1) {
    if (days.length !== times.length) return undefined;
    return sortedDays.map((d, i) => ({ day: d.anchor, time: times[i], ...span(d, times[i]) }));
  }
  // A shared time or day belongs to every candidate: only what differs marks where each one is.
  if (days.length > 1) return sortedDays.map((d) => ({ day: d.anchor, time: times[0], ...span(d, undefined) }));
  return times.map((t) => ({ day: days[0]?.anchor, time: t, ...span(undefined, t) }));
}

const STALE = /\b(?:was|were|not|previously|originally|instead\s+of|no\s+longer|used\s+to\s+be|can'?t|cannot|won'?t|don'?t)\b/;
const STARTS = /\b(?:starts?|begins?|kicks?\s+off|showtime)\s+(?:at\s+)?$/;
/** The event named right before a time ("the event is friday 9pm", "das Event ist um 21 Uhr", "イベントは21時"). */
const EVENT_BEFORE =
  /(?:\b(?:event|evento|événement|evenement|veranstaltung|party|fiesta|festa|show|stream|meetup|treffen|raid|session|quiz|karaoke|tournament|tourney|torneio|torneo|turnier|tournoi|concert|konzert|concierto|show|gig|workshop|atelier|taller|oficina|premiere|launch|match|partida|spiel|jeu|juego|jogo|game|meeting|reunión|reunião|réunion)\b|イベント|クイズ|大会|ライブ|配信|集会|勉強会|会議)[^,;.!?/]*$/;
/** An aside that restates a time for others ("8pm (that's 1am for the EU folks)"). */
const ASIDE_BEFORE = /(?:\bthat'?s|\bthat\s+is|\bwhich\s+is|\baka|=)\s*(?:at\s+)?$/;

/** Words right before a time that make it the current one ("now 9pm", "moved to 9pm", "instead: 9pm"). */
const CURRENT = /\b(?:now|instead|new\s+time|moved\s+to|changed\s+to|updated\s+to|rescheduled\s+to|pushed\s+(?:back\s+)?to|make\s+it|let'?s\s+do|how\s+about|i\s+meant?|meant|correction)\s*[:\-–—]?\s*(?:at\s+|@\s*)?$/;

/**
 * Rule 20: one candidate is clearly the event when the others are marked as past or replaced
 * ("was thursday 8pm, now friday 8pm", "practice was yesterday, the show is friday") or it alone
 * is the start ("doors 8pm, starts 9pm").
 */
function theEvent(text: string, candidates: Candidate[]): { candidate: Candidate; why: string } | undefined {
  const before = (c: Candidate, i: number) => text.slice(Math.max(i > 0 ? candidates[i - 1].end : 0, c.start - 32), c.start);
  const starts = candidates.filter((c) => c.time && STARTS.test(text.slice(Math.max(0, c.time.index - 16), c.time.index)));
  if (starts.length === 1) return { candidate: starts[0], why: `Took the starting time ${starts[0].time!.text} as the event.` };
  const current = candidates.filter((c, i) => CURRENT.test(before(c, i)));
  if (current.length === 1) return { candidate: current[0], why: 'Took the time marked as the new one as the event.' };
  const named = candidates.filter((c, i) => EVENT_BEFORE.test(before(c, i)));
  if (named.length === 1 && candidates.length > 1) return { candidate: named[0], why: 'Took the time said of the event as the event.' };
  const main = candidates.filter((c, i) => !ASIDE_BEFORE.test(before(c, i)));
  if (main.length === 1 && candidates.length > 1) return { candidate: main[0], why: 'Took the time the aside restates as the event.' };
  const explicitPast = (c: Candidate) => (c.day?.kind === 'relative_day' && c.day.offsetDays < 0) || (c.day?.kind === 'weekday' && c.day.modifier === 'last');
  const live = candidates.filter((c, i) => !STALE.test(before(c, i)) && !explicitPast(c));
  if (live.length === 1 && live.length < candidates.length) return { candidate: live[0], why: 'Took the time not marked as past or replaced as the event.' };
  return undefined;
}

/** Words after which "8 to 10" is a time of day: the start of the message, "from", "you", "free", "online"… */
const BARE_RANGE_AFTER = new Set(['from', 'you', 'we', 'im', "i'm", 'free', 'open', 'online', 'available', 'live', 'streaming', 'playing', 'busy', 'ok', 'so', 'maybe', 'about', 'around', 'roughly', 'between', 'today', 'tonight', 'tomorrow', 'then']);

/** `strong`: marked as a time (am/pm, a colon, "at", noon); a bare number next to a day is weak. */
type TimeItem = ({ kind: 'point'; time: ClockTime } | { kind: 'range'; start: ClockTime; end: ClockTime }) & { index: number; text: string; strong: boolean };

/** What may follow a day number after a weekday: not a clock ("fri 8pm", "fri 8-11") and not a month ("sat 4 april"). */
const NOT_AFTER_DAY_NUMBER = new RegExp(`^(?:[\\d:./-]|\\s*(?:am|pm|a|p|h|o'?clock|-|to|until|till|bis|à|a)${E}|${ORD}\\s+(?:of\\s+)?${MONTH})`, 'u');

/** "jueves 26", "friday 27": bare numbers right after a weekday, which may be its day of the month. */
function weekdayDayNumbers(text: string, words: LanguageWords): Unread[] {
  const found: Unread[] = [];
  for (const m of text.matchAll(/(?<![\d.])\d{1,2}(?!\d)/g)) {
    const word = wordBefore(text, m.index);
    if (word && word in words.weekdays && !NOT_AFTER_DAY_NUMBER.test(text.slice(m.index + m[0].length))) found.push({ text: m[0], index: m.index });
  }
  return found;
}

/** The word right before `index`, past spaces, one comma and one dot ("freitag, 13", "sáb. 5"). */
function wordBefore(text: string, index: number): string | undefined {
  let i = index;
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  if (i === index) return undefined;
  if (text[i - 1] === ',') i--;
  if (text[i - 1] === '.') i--;
  const end = i;
  while (i > 0 && /[\p{L}-]/u.test(text[i - 1])) i--;
  return i < end ? text.slice(i, end) : undefined;
}

/** A word that names a weekday, a month or a relative day (`words` undefined: none is). */
function timeish(w: string, words: LanguageWords | undefined): boolean {
  return words !== undefined && (w in words.weekdays || w in MONTHS || w in words.relativeDays);
}

function pushDay(days: { anchor: DayAnchor; index: number }[], anchor: DayAnchor, index: number): void {
  days.push({ anchor, index });
}

function buildPlan(day: DayAnchor | undefined, t: TimeItem | undefined, partOfDay: PartOfDay | undefined, zones: ZoneChoice[], shiftDays: number | undefined): TimePlan {
  return t?.kind === 'range' ? { kind: 'range', day, start: t.start, end: t.end, partOfDay, zones, shiftDays } : { kind: 'point', day, time: t?.time, partOfDay, zones, shiftDays };
}

/** A number the planner did not place, and where it is. */
interface Unread {
  text: string;
  index: number;
}

/** Words after a number that make it a count or an amount ("20 people", "3 of us", "2 hours of music"). */
const COUNT_AFTER =
  /^(?:of|people|person|ppl|peeps|players?|guys|members?|slots?|seats?|spots?|tickets?|friends?|rounds?|games?|matches|songs?|tracks?|sets?|djs?|hours?|hrs?|minutes?|mins?|seconds?|secs?|times|votes?|points?|pts|levels?|years?|yrs|km|miles?|gb|mb|fps|vs|more|left|max|total|each|per|man|men|cars?|rows?|avatars?|teams?|participants|places|tables|plätze|platz|spieler|leute|personen|teilnehmer|équipes|équipe|joueurs|personnes|places|jugadores|personas|equipos|plazas|cupos|jogadores|pessoas|vagas|equipes|times)$/;
/** Words before a number that make it a count or a label ("room 12", "season 2", "top 10"). */
const LABEL_BEFORE =
  /(?:#|n°|\b(?:room|world|worlds|season|episode|ep|top|level|lvl|lv|table|round|part|vol|chapter|ch|floor|channel|server|instance|no|nr|number|team|squad|group|stage|day|week|act|wave|tier|rank|gen|series|gate|booth|slot|track|map|match|game|phase|wk|pt|x|max|min|only|over|under|up\s+to|for|with|of|all|first|last|the\s+top|code|pin|id|lobby|cap|capacity|limit|salle|sala|raum|zimmer|mesa|tisch|mundo|welt|monde|runde|ronda|rodada|manche|nivel|nível|niveau|stufe))\.?\s*[:#]?\s*$/;

/**
 * A number that is a count or a label, not a time or date: letters glued to it ("5v5", "20k"),
 * a label before it ("room 12", "#3"), or a word after it that is not about time ("20 people",
 * "3 of us", "2 hours of music").
 */
function isCount(text: string, index: number, token: string, words: LanguageWords | undefined): boolean {
  const digits = /\d+/.exec(token);
  if (!digits || token.replace(/\s/g, '') !== digits[0]) return false; // "9:30", "8pm": written as a time
  const before = text.slice(0, index);
  const after = text.slice(index + token.length);
  if (/^[a-z]/.test(after) && !/^(?:am|pm|a|p|h)(?![a-z])/.test(after)) return true;
  if (/^[x%k$€£+]/.test(after) || /[$€£a-z]$/.test(before)) return true;
  // Part of a decimal ("3.0"), a long number (codes, ids), or counted in Japanese ("40人").
  if (/\d[.,]$/.test(before) || /^[.,]\d/.test(after) || digits[0].length >= 3) return true;
  if (/^\s*(?:人|名|個|回|位|番|号|階|席|組|枚|台|チーム)/.test(after)) return true;
  if (LABEL_BEFORE.test(before)) return true;
  const next = /^\s+([\p{L}']+)/u.exec(after)?.[1];
  // A plural noun after it counts too ("12 avatars"), unless it is about time ("2 fridays").
  if (next !== undefined && /^(?:weekends?|weeks?|days?|months?|nights?|evenings?|mornings?|afternoons?)$/.test(next)) return false;
  return next !== undefined && (COUNT_AFTER.test(next) || (/^[a-z]{3,}s$/.test(next) && !timeish(next, words) && !timeish(next.slice(0, -1), words)));
}

function findTimes(
  s: Scanner,
  context: boolean,
  twentyFourHourLocale: boolean,
  text: string,
  words: LanguageWords,
  lateNightHours: boolean,
  dayNamed: boolean,
): { list: TimeItem[]; unread: Unread[] } | { impossible: string } {
  const list: TimeItem[] = [];
  // Japanese listings write the hours after midnight on as the night's ("6月3日 24:00〜28:00",
  // "今夜25時", "21:00〜25:00", "24:00〜28:00"): 24–29 are the next day's 0–5, after a day or in a
  // range (decisions §5.1). "25時から" with no day, and "25:00" in other languages, stay impossible (rule 19).
  const lateNight = (c: ClockTime, counted: boolean): ClockTime =>
    lateNightHours && counted && !c.meridiem && c.hour >= 24 && c.hour <= 29 && c.minute <= 59 ? clockTime(c.hour - 24, c.minute, c.text, { second: c.second, twentyFourHour: true, nextDay: true }) : c;
  const skipped: Unread[] = [];
  for (const m of /noon|midday|midnight/.test(s.text) ? s.takeAll(NAMED_TIME) : []) {
    const named = m[1] === 'midnight' ? 'midnight' : 'noon';
    list.push({ kind: 'point', time: clockTime(named === 'noon' ? 12 : 0, 0, m[1], { named }), index: m.index, text: m[1], strong: true });
  }
  // Japanese "21時30分", "午後9時".
  for (const m of s.text.includes('時') ? s.takeAll(JA_TIME) : []) {
    list.push({ kind: 'point', time: lateNight(clockTime(+m[1], m[2] ? +m[2] : 0, m[0], { twentyFourHour: true }), dayNamed), index: m.index, text: m[0], strong: true });
  }
  const clocks: RegExpExecArray[] = [];
  if (/\d/.test(s.text)) for (let m = s.takeWhere(CLOCK, clockStarts); m; m = s.takeWhere(CLOCK, clockStarts)) clocks.push(m);
  for (const m of clocks) {
    const at = !!m[1];
    const a = lateNight(clock(m[2], m[3], m[5], twentyFourHourLocale, m[4]), dayNamed || m[6] !== undefined);
    const b = m[6] !== undefined ? lateNight(clock(m[6], m[7], m[9], twentyFourHourLocale, m[8]), true) : undefined;
    const isMarked = a.meridiem !== undefined || m[3] !== undefined || !!m[5] || (b !== undefined && (b.meridiem !== undefined || m[7] !== undefined || !!m[9]));
    if (!isMarked && !at && isCount(text, m.index, m[0], words)) continue;
    // A bare number past the clock ("24 car grid") is no time at all, not an impossible one.
    if (!isMarked && !at && (a.hour > 23 || (b && b.hour > 23))) {
      skipped.push({ text: m[0].trim(), index: m.index });
      continue;
    }
    // Decisions §5.1: "8 to 10" with no date is the soonest future 12-hour reading of the pair (not "8 to 10 people").
    const lastNumber = /\d+$/.exec(m[0]);
    // Only where nothing before it makes it a span of something else ("pages 8 to 10", "ages 8 to 10").
    const before = wordBefore(text, m.index);
    const bareRange =
      b !== undefined && /\d\s*(?:to|till|until)\s*\d/.test(m[0]) && a.hour <= 12 && b.hour <= 12 && (before === undefined || BARE_RANGE_AFTER.has(before)) && !(lastNumber && isCount(text, m.index + lastNumber.index, lastNumber[0], words));
    if (!isMarked && !at && !context && !bareRange) {
      skipped.push({ text: m[0].trim(), index: m.index });
      continue;
    }
    const strong = isMarked || at;
    for (const c of b ? [a, b] : [a]) {
      if (c.hour > 24 || c.minute > 59 || (c.hour === 24 && c.minute > 0)) return { impossible: `${c.text} is not a valid time.` };
      if (c.meridiem && (c.hour > 12 || c.hour === 0)) return { impossible: `${c.text} is not a valid time.` };
    }
    if (a.hour === 24 || b?.hour === 24) return { impossible: '24:00 is not understood; say midnight.' };
    if (b) {
      // Rule 10: a trailing am/pm applies to both ends.
      if (!a.meridiem && b.meridiem && a.hour <= 12) a.meridiem = b.meridiem;
      // One end past 12 ("10:30-16:30", "11時から13時"): the range is on the 24-hour clock.
      if (!a.meridiem && !b.meridiem && !a.named && !b.named && (a.hour > 12 || b.hour > 12)) a.twentyFourHour = b.twentyFourHour = true;
      list.push({ kind: 'range', start: a, end: b, index: m.index, text: m[0].trim(), strong });
    } else {
      list.push({ kind: 'point', time: a, index: m.index, text: m[0].trim(), strong });
    }
  }
  list.sort((x, y) => x.index - y.index);
  // Beside a marked time, a bare number is not a time ("8pm room 12"); it stays unread.
  if (list.some((t) => t.strong)) {
    const strong: TimeItem[] = [];
    const unread: Unread[] = [];
    for (const t of list) {
      if (t.strong) strong.push(t);
      else unread.push({ text: t.text, index: t.index });
    }
    for (const u of skipped) unread.push(u);
    return { list: strong, unread };
  }
  return { list, unread: skipped };
}

/** No letter, digit, '.', ':', '/', '+' or '-' right before a clock time (the code point before, as a lookbehind reads it). */
function clockStarts(text: string, index: number): boolean {
  if (index === 0) return true;
  let i = index - 1;
  const low = text.charCodeAt(i);
  if (low >= 0xdc00 && low <= 0xdfff && i > 0) {
    const high = text.charCodeAt(i - 1);
    if (high >= 0xd800 && high <= 0xdbff) i--;
  }
  return !CLOCK_BEFORE.test(String.fromCodePoint(text.codePointAt(i)!));
}

function clock(hour: string, minute: string | undefined, rawSuffix: string | undefined, twentyFourHourLocale: boolean, second?: string): ClockTime {
  const suffix = rawSuffix?.trim();
  const meridiem = suffix?.startsWith('a') ? 'am' : suffix?.startsWith('p') ? 'pm' : undefined;
  // "20h" and, where the language writes the 24-hour clock, "10:00" leave no am/pm question.
  const twentyFourHour = suffix === 'h' || (twentyFourHourLocale && minute !== undefined && !suffix?.startsWith('o')) || undefined;
  // Decisions §5.1: a time with seconds keeps them ("19:00:30").
  return clockTime(+hour, minute ? +minute : 0, `${hour}${minute ? `:${minute}` : ''}${second ? `:${second}` : ''}${meridiem ?? ''}`, { second: second ? +second : undefined, meridiem, twentyFourHour });
}

/**
 * Every clock time is built here, with all its fields present in one order, so that the code
 * reading them sees one object shape (the engine's hot paths stay monomorphic).
 */
function clockTime(hour: number, minute: number, text: string, more: Partial<Omit<ClockTime, 'hour' | 'minute' | 'text'>> = {}): ClockTime {
  return { hour, minute, second: more.second, meridiem: more.meridiem, twentyFourHour: more.twentyFourHour, named: more.named, nextDay: more.nextDay, text };
}

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function monthName(month: number): string {
  return Object.keys(MONTHS).find((k) => MONTHS[k] === month && k.length > 3) ?? `month ${month}`;
}

/**
 * "EST" in French and "IST" in German are everyday words in lower case ("c'est", "wer ist"), so
 * only their upper-case spelling names the zone; it is marked before the text is lower-cased.
 */
function zoneCase(text: string, lang: string | undefined): string {
  if (lang === 'fr' && text.includes('EST')) return text.replace(/(?<![\p{L}])EST(?![\p{L}])/gu, 'zoneest');
  if (lang === 'de' && text.includes('IST')) return text.replace(/(?<![\p{L}])IST(?![\p{L}])/gu, 'zoneist');
  return text;
}

const FALLBACK_COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'ES', 'BR', 'JP', 'AU'];

/**
 * Holiday names in the text, as one pattern per set of countries, subdivision, year and language
 * (rule 16). The names are the holiday library's, in English and in the locale's language; a
 * match is reported by its English key, which the executor looks up.
 */
/** A holiday name as words, with what it stands for. */
interface HolidayWords {
  words: string[];
  key: string;
  rule: string;
  needsDay: boolean;
  /** Other holidays the same words name in the language (Argentina's "Carnaval" is Monday's and Tuesday's). */
  alsoKeys?: string[];
}
interface HolidayMatcher {
  /** Latin-script names by their first word, longest first. */
  byFirstWord: Map<string, HolidayWords[]>;
  /** CJK names, found as substrings. */
  cjk: { name: string; key: string; rule: string }[];
  /** Every first word and CJK name: a text that holds none names no holiday. */
  words?: FactorKeys;
}
const holidayMatchers = new Map<string, HolidayMatcher | null>();

/** A word as names and text are compared: lower case, without a possessive or plural s, apostrophes or a final dot. */
// (French elision is dropped: "l'action de grâce" is "action de grâce".)
const looseWord = (w: string) => {
  // Most words have no apostrophe or final dot: only a plural s to drop.
  if (!/['’.]/.test(w)) return w.endsWith('s') ? w.slice(0, -1) : w;
  return w.replace(/^[ldjmnstc]['’]/, '').replace(/['’]s$/, '').replace(/['’]/g, '').replace(/\.$/, '').replace(/s$/, '');
};
const WORD = /[\p{L}\p{N}.'’]+/gu;

function holidayMatcher(countries: string[], subdivision: string | undefined, lang: string | undefined): HolidayMatcher | null {
  const id = `${countries.join(',')}/${subdivision ?? ''}/${lang ?? ''}`;
  let matcher = holidayMatchers.get(id);
  if (matcher === undefined) {
    const byFirstWord = new Map<string, HolidayWords[]>();
    const cjk: HolidayMatcher['cjk'] = [];
    const seen = new Map<string, HolidayWords>();
    for (const c of countries) {
      for (const [name, key, needsDay, rule] of holidayNames(c, subdivision, lang)) {
        if (name.length < (isCjk(name) ? 2 : 4)) continue;
        // Said with or without "day" in one language, the name needs none.
        const known = seen.get(name);
        if (known) {
          if (!needsDay) known.needsDay = false;
          if (known.key !== key && !known.alsoKeys?.includes(key)) (known.alsoKeys ??= []).push(key);
          continue;
        }
        if (isCjk(name)) {
          cjk.push({ name, key, rule });
          continue;
        }
        const words = (name.match(WORD) ?? []).map(looseWord).filter(Boolean);
        if (!words.length) continue;
        const list = byFirstWord.get(words[0]) ?? [];
        const entry = { words, key, rule, needsDay };
        seen.set(name, entry);
        list.push(entry);
        byFirstWord.set(words[0], list);
      }
    }
    for (const list of byFirstWord.values()) list.sort((x, y) => y.words.length - x.words.length);
    cjk.sort((x, y) => y.name.length - x.name.length);
    matcher = byFirstWord.size || cjk.length ? { byFirstWord, cjk, words: factorKeys([...byFirstWord.keys(), ...cjk.map((c) => c.name)].filter(Boolean)) } : null;
    if (holidayMatchers.size > 1_000) holidayMatchers.clear();
    holidayMatchers.set(id, matcher);
  }
  return matcher;
}

/**
 * The longest holiday name in the text, as its English key, and where it is. Names are compared
 * word by word ("new year's eve" finds "New Year's Eve"; a "day" may follow, and must where a
 * one-word name needs it), so no pattern has to be built per country.
 */
function findHoliday(
  text: string,
  country: string | undefined,
  subdivision: string | undefined,
  lang: string | undefined,
): { key: string; rule: string; index: number; length: number; alsoKeys?: string[] } | undefined {
  const matcher = holidayMatcher(country ? [country] : FALLBACK_COUNTRIES, subdivision, lang);
  if (!matcher) return undefined;
  // Without an apostrophe every word as compared ("christmas" of "christmas's") is part of the text:
  // a text that holds no name's first word names no holiday.
  if (!/['’]/.test(text) && !mayHold(text, matcher.words)) return undefined;
  let best: { key: string; rule: string; index: number; length: number; alsoKeys?: string[] } | undefined;
  const tokens: { word: string; start: number; end: number }[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) tokens.push({ word: looseWord(m[0]), start: m.index, end: m.index + m[0].length });
  for (let i = 0; i < tokens.length; i++) {
    for (const name of matcher.byFirstWord.get(tokens[i].word) ?? []) {
      const n = name.words.length;
      if (i + n > tokens.length || !name.words.every((w, k) => tokens[i + k].word === w)) continue;
      const dayAfter = tokens[i + n]?.word === 'day';
      // "jour de l'Armistice", "día de X", "Tag der X": the day word before the name.
      let k = i - 1;
      while (k >= 0 && ARTICLES.has(tokens[k].word)) k--;
      const dayBefore = k >= 1 && OF_WORDS.has(tokens[k].word) && DAY_BEFORE.has(tokens[k - 1].word);
      if (name.needsDay && !dayAfter && !dayBefore) continue;
      // "christmas time", "easter holidays": a season, not the day.
      if (SEASON_AFTER.has(tokens[i + n + (dayAfter ? 1 : 0)]?.word ?? '')) continue;
      const end = tokens[i + n - 1 + (dayAfter ? 1 : 0)].end;
      const begin = dayBefore ? tokens[k - 1].start : tokens[i].start;
      if (!best || end - begin > best.length) best = { key: name.key, rule: name.rule, index: begin, length: end - begin, alsoKeys: name.alsoKeys };
      break;
    }
  }
  for (const { name, key, rule } of matcher.cjk) {
    const index = text.indexOf(name);
    if (index >= 0 && (!best || name.length > best.length)) best = { key, rule, index, length: name.length };
  }
  return best;
}

const DAY_BEFORE = new Set(['jour', 'día', 'dia', 'tag']);
/** Names other countries give one day that in this language name a season ("Weihnachten" is 24–26 December). */
const SEASON_NAMES = new Set(['weihnachten']);
const SEASON_AFTER = new Set(['time', 'season', 'break', 'holiday', 'vacation', 'market', 'week', 'period', 'markt', 'zeit', 'ferien']);
const OF_WORDS = new Set(['de', 'del', 'do', 'da', 'der', 'des', 'du']);
const ARTICLES = new Set(['la', 'le', 'les', 'el', 'lo', 'los', 'las', 'a', 'o', 'os', 'as', 'die', 'das', 'den']);

/** A holiday name as the text may say it: its key, the English key it stands for, and whether "day" must follow. */
type HolidayName = [name: string, key: string, needsDay: boolean, rule: string];
const nameCache = new Map<string, HolidayName[]>();

/** Words that begin many holiday names and name none alone ("día de la", "fête de la"). */
const NAME_STOPWORDS = new Set(['de', 'del', 'la', 'le', 'les', 'los', 'las', 'os', 'as', 'todos', 'todas', 'tous', 'toutes', 'all', 'alle', 'des', 'du', 'da', 'do', 'das', 'dos', 'the', 'of', 'y', 'e', 'et', 'und', 'der', 'die', 'den', 'dem', 'day', 'dia', 'día', 'jour', 'tag', 'fête', 'festa', 'fiesta', 'fest', 'saint', 'san', 'santa', 'são', 'sainte', 'st.', 'journée', 'jornada']);

/** Words that end many holiday names and name none alone. */
const GENERIC_NAME_WORDS = new Set(['nacional', 'national', 'nationale', 'república', 'republic', 'république', 'republik', 'federal', 'feiertag', 'festival', 'celebration', 'commemoration', 'conmemoración', 'comemoração', 'portuguesas', 'españoles', 'españa', 'portugal', 'france', 'deutschland']);

/** One-word names that are holidays on their own; other one-word keys ("mother", "labour", "boxing") need their "day". */
const STANDALONE = new Set(['thanksgiving', 'christmas', 'halloween', 'easter', 'juneteenth', 'hanukkah', 'kwanzaa', 'diwali', 'passover', 'carnival', 'pentecost', 'epiphany', 'whitsun']);

/**
 * The holiday names a country (and subdivision) knows, as [name key, English key] pairs, in
 * English and the given language. Read from the library's rules, which carry every language's
 * name, without computing any dates (that happens only for a holiday the text names).
 */
function holidayNames(country: string, subdivision: string | undefined, lang: string | undefined): HolidayName[] {
  const id = `${country}/${subdivision ?? ''}/${lang ?? ''}`;
  let names = nameCache.get(id);
  if (!names) {
    names = [];
    const localOnly = new Set<string>();
    const hd = subdivision ? new (holidayLibrary())(country, subdivision) : new (holidayLibrary())(country);
    type Rule = { rule: string; name?: Record<string, string> | string; active?: { from?: string; to?: string }[] };
    const rules = (hd.getRules() ?? []) as unknown as Rule[];
    if (!subdivision) rules.push(...subdivisionRules(country, rules));
    for (const { rule, name: given, active } of rules) {
      // A rule's name is one string or one per language.
      const name: Record<string, string> = typeof given === 'string' ? { en: given } : (given ?? {});
      // A rule of substitute days only is not the holiday, and one that has ended ("01-15" until 1999) names no next one.
      if (/^substitutes\b/.test(rule) || (active?.length && active.every((a) => a.to))) continue;
      // A holiday without an English name goes by the country's own (the library does the same).
      const english = name.en ?? Object.values(name)[0];
      if (!english) continue;
      const key = holidayKey(english);
      names.push([key, key, /\bday\b/i.test(english) && !key.includes(' ') && !STANDALONE.has(key), rule]);
      // The library files Japanese names under "jp".
      const local = lang && lang !== 'en' ? (name[lang] ?? name[lang === 'ja' ? 'jp' : lang]) : undefined;
      if (local) names.push([holidayKey(local), key, false, rule]);
      // A name the library has only in the country's language stands in for the local one.
      if (!name.en) localOnly.add(key);
      // The same holiday (same rule, same English name) in the locale's language as other countries
      // name it: German says "Tag der Arbeit" though the library's German calendar says "Maifeiertag".
      if (lang && lang !== 'en') {
        for (const other of sameRuleNames(rule, key, lang)) if (other !== local && !SEASON_NAMES.has(holidayKey(other))) names.push([holidayKey(other), key, false, rule]);
      }
    }
    // Long local names are said by their first two or three words ("fête nationale de la france",
    // "dia de portugal, de camões…"), when no other holiday shares them.
    const prefixes = new Map<string, [string, string] | null>();
    for (const [name, key, , rule] of names) {
      const words = name.replace(/,/g, '').split(' ');
      if (words.length < 3 || (name === key && !localOnly.has(key))) continue;
      for (const n of [2, 3, 4]) {
        if (words.length <= n) continue;
        const prefix = words.slice(0, n).join(' ');
        if (prefix.length >= 8 && prefix.split(' ').some((word) => !NAME_STOPWORDS.has(word))) {
          prefixes.set(prefix, prefixes.has(prefix) && prefixes.get(prefix)?.[0] !== key ? null : [key, rule]);
        }
      }
    }
    for (const [prefix, found] of prefixes) if (found && !names.some(([n]) => n === prefix)) names.push([prefix, found[0], false, found[1]]);
    // ... or by their last, distinctive word ("feriado de tiradentes" for "dia de tiradentes").
    const lastWords = new Map<string, [string, string] | null>();
    for (const [name, key, , rule] of names) {
      const words = name.replace(/,/g, '').split(' ');
      const last = words[words.length - 1];
      if (words.length < 3 || name === key || last.length < 7 || GENERIC_NAME_WORDS.has(last)) continue;
      lastWords.set(last, lastWords.has(last) && lastWords.get(last)?.[0] !== key ? null : [key, rule]);
    }
    for (const [last, found] of lastWords) if (found && !names.some(([n, , needsDay]) => n === last && !needsDay)) names.push([last, found[0], false, found[1]]);
    if (nameCache.size > 2_000) nameCache.clear();
    nameCache.set(id, names);
  }
  return names;
}

/**
 * Holidays a country keeps only in its subdivisions (Canadian Thanksgiving is provincial): said
 * without a subdivision, a holiday every subdivision that keeps it dates by the same rule is the
 * country's (decisions §5.1: America/Toronto → CA, Thanksgiving the second Monday of October).
 */
function subdivisionRules<R extends { rule: string; name?: Record<string, string> | string }>(country: string, national: R[]): R[] {
  const states = Object.keys(new (holidayLibrary())().getStates(country) ?? {});
  const known = new Set(national.map((r) => englishName(r.name)));
  const byName = new Map<string, R | null>();
  for (const state of states) {
    for (const r of (new (holidayLibrary())(country, state).getRules() ?? []) as unknown as R[]) {
      const name = englishName(r.name);
      if (!name || known.has(name)) continue;
      const seen = byName.get(name);
      byName.set(name, seen === undefined || seen?.rule === r.rule ? r : null);
    }
  }
  return [...byName.values()].filter((r): r is R => r !== null);
}
let sameRuleIndex: Map<string, Record<string, string>[]> | undefined;
/** The names, in `lang`, that the fallback countries give a holiday with this rule and English key. */
function sameRuleNames(rule: string, key: string, lang: string): string[] {
  if (!sameRuleIndex) {
    sameRuleIndex = new Map();
    for (const c of FALLBACK_COUNTRIES) {
      for (const r of (new (holidayLibrary())(c).getRules() ?? []) as unknown as { rule: string; name?: Record<string, string> | string }[]) {
        if (typeof r.name !== 'object' || !r.name.en) continue;
        const id = `${r.rule}|${holidayKey(r.name.en)}`;
        sameRuleIndex.set(id, [...(sameRuleIndex.get(id) ?? []), r.name]);
      }
    }
  }
  const field = lang === 'ja' ? ['ja', 'jp'] : [lang];
  return [...new Set((sameRuleIndex.get(`${rule}|${key}`) ?? []).map((n) => field.map((f) => n[f]).find(Boolean)).filter((n): n is string => !!n))];
}
const englishName = (name: Record<string, string> | string | undefined) => (typeof name === 'string' ? name : (name?.en ?? Object.values(name ?? {})[0]));

const HOLIDAY_MARK = 'xholidayx';
const HOLIDAY_MARK_RE = /\bxholidayx\b/;

/** Everyday names and compounds of holidays, in the library's words. */
const ALIASES: [RegExp, string][] = [
  [/\bx-?mas\b/g, 'christmas'],
  [/\bnye\b/g, "new year's eve"],
  [/\bmlk\b/g, 'martin luther king jr.'],
  [/\bheiligabend\b/g, 'heiliger abend'],
  [/\bd[ií]a\s+de\s+la\s+hispanidad\b/g, 'fiesta nacional de españa'],
  // "Silvesterparty", "Heiligabendfeier": the holiday, then the event.
  [/(?<![\p{L}])(silvester|heiligabend|neujahr)(party|feier|fest|abend|treffen|stream|event)(?![\p{L}])/gu, '$1 $2'],
];

const ALIAS_GATE = /mas|nye|mlk|heiligabend|hispanidad|silvester|neujahr/;
function holidayAliases(text: string, lang?: string): string {
  // Brazilian and Portuguese "Réveillon" alone is New Year's Eve (the French one may be Christmas Eve's, and asks).
  if (lang === 'pt' && text.includes('réveillon')) text = text.replace(/\bréveillon\b(?!\s+d[eoa]\s)/g, 'réveillon de ano novo');
  if (!ALIAS_GATE.test(text)) return text;
  let out = text;
  for (const [re, to] of ALIASES) out = out.replace(re, to);
  return out.replace(/\bheiligabend\b/g, 'heiliger abend');
}


/** "Thanksgiving Day" → "thanksgiving", "New Year's Day" → "new year". */
export function holidayKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .replace(/\bday\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
