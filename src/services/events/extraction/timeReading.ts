/**
 * The time engine as extraction uses it: the zone and languages of the text, each expression
 * parsed in each language, and what a reading fixed (a day, a clock time, both, or a question).
 */
import { DateTime, IANAZone } from 'luxon';
import { parseTimeExpression } from '../../time/engine/index.js';
import { MONTHS, wordsFor } from '../../time/engine/words.js';
import { MONTH_WORDS as LANGUAGE_MONTHS } from '../../time/engine/languages.js';
import type { TimeCanonical, TimeParseOutcome } from '../../time/engine/index.js';
import { cut, type ExtractionInput, MAX_EXPRESSION, MAX_TIME_CANDIDATES } from './fields.js';
import { labelled } from './labels.js';
import type { Line } from './text.js';
import { hasClockSignal, IANA_IN_TEXT, ZONE_TOKEN } from './timeWords.js';

// ---------------------------------------------------------------------------------------------
// Language

/**
 * Words that vote for a language: the engine's own month, weekday and relative-day words of each
 * language (words it reads only in that language), and everyday words of announcements that
 * only that language uses. A word several languages share ("sábado", "domingo") gives each a share of one vote.
 */
const EVERYDAY: Record<string, string[]> = {
  en: ['and', 'the', 'with', 'tonight', 'from', 'until', 'join', 'us', 'our', 'we', 'are', 'see', 'you', 'there', 'doors', 'lineup', 'hosted', 'by', 'time', 'date', 'venue'],
  de: ['und', 'mit', 'der', 'die', 'das', 'uhr', 'bis', 'ab', 'im', 'am', 'wir', 'euch', 'einlass', 'heute', 'abend', 'zeit', 'datum', 'ort', 'veranstalter', 'präsentiert', 'diesen', 'nicht'],
  fr: ['et', 'avec', 'le', 'les', 'du', 'des', 'au', 'ce', 'cette', 'soir', 'heure', 'heures', 'nous', 'vous', 'lieu', 'présente', 'jusqu', 'partir', 'à', 'soirée'],
  es: ['y', 'con', 'el', 'los', 'las', 'del', 'este', 'esta', 'noche', 'hora', 'horas', 'fecha', 'lugar', 'nos', 'vemos', 'todos', 'presenta', 'organizado', 'por', 'hasta', 'desde'],
  pt: ['e', 'com', 'os', 'as', 'no', 'na', 'às', 'das', 'dos', 'nesta', 'neste', 'horário', 'local', 'vocês', 'apresenta', 'até', 'galera', 'dia', 'festa', 'hoje'],
};
const LANGS = ['en', 'de', 'fr', 'es', 'pt'] as const;
const VOTES: Map<string, string[]> = (() => {
  const owners = new Map<string, Set<string>>();
  const add = (lang: string, word: string) => {
    const key = word.toLowerCase();
    if (!owners.has(key)) owners.set(key, new Set());
    owners.get(key)!.add(lang);
  };
  for (const lang of LANGS) {
    const words = lang === 'en' ? wordsFor(undefined) : wordsFor(lang);
    const own = lang === 'en' ? words : { weekdays: Object.fromEntries(Object.entries(words.weekdays).filter(([k]) => !(k in wordsFor(undefined).weekdays))), relativeDays: Object.fromEntries(Object.entries(words.relativeDays).filter(([k]) => !(k in wordsFor(undefined).relativeDays))) };
    for (const w of [...Object.keys(own.weekdays), ...Object.keys(own.relativeDays)]) add(lang, w);
    for (const w of Object.keys(lang === 'en' ? MONTHS : (LANGUAGE_MONTHS[lang] ?? {}))) add(lang, w);
    for (const w of EVERYDAY[lang]) add(lang, w);
  }
  return new Map([...owners].map(([w, langs]) => [w, [...langs]]));
})();

/**
 * The languages to read the text's times in, most votes first, English as `undefined` (Japanese
 * by its script). Capitalised abbreviations ("ET", "EST") do not vote: they are zones, not words.
 * Another language goes before English only when it has at least half English's votes.
 */
function guessLocales(text: string): (string | undefined)[] {
  const sample = text.slice(0, 4000);
  const score = new Map<string, number>();
  // Japanese by its date forms and announcement words, not by a name written in kana.
  const ja = (sample.match(/\d\s*月\s*\d{1,2}\s*日|\d{1,2}\s*時|[月火水木金土日]曜|[（(][月火水木金土日][)）]|本日|今夜|今日|明日|開催|会場|出演|日時|主催|です|ます|日本時間/gu) ?? []).length;
  if (ja) score.set('ja', ja * 2);
  for (const m of sample.matchAll(/[\p{L}][\p{L}'’-]*/gu)) {
    if (m[0].length <= 4 && m[0] === m[0].toUpperCase() && m[0] !== m[0].toLowerCase()) continue;
    const langs = VOTES.get(m[0].toLowerCase());
    for (const lang of langs ?? []) score.set(lang, (score.get(lang) ?? 0) + 1 / langs!.length);
  }
  const english = score.get('en') ?? 0;
  const others = [...score].filter(([lang, n]) => lang !== 'en' && n >= 0.5).sort((a, b) => b[1] - a[1]).slice(0, 2).filter(([, n], i, all) => i === 0 || n * 2 >= all[0][1]);
  const before = others.filter(([, n]) => n * 2 >= english).map(([lang]) => lang);
  const after = others.filter(([, n]) => n * 2 < english).map(([lang]) => lang);
  return [...before, undefined, ...after];
}

// ---------------------------------------------------------------------------------------------
// The time engine, as extraction uses it

export interface Reading {
  /** What was parsed. */
  text: string;
  outcome: TimeParseOutcome;
  /** The expression named its zone (not the default). */
  zoneNamed: boolean;
  /** The zone came from a line of its own ("All times EST", "Timezone: Europe/Berlin"). */
  zoneLine?: Line;
}

export interface TimeContext {
  defaultZone: string;
  /** An IANA zone written in the text, and its line. */
  zoneFromText?: { zone: string; line: Line };
  /** An abbreviation said once for all times, and its line. */
  zoneHint?: { zone: string; line: Line };
  locales: (string | undefined)[];
  referenceInstant: number;
  calls: number;
}

export function startCanonical(o: TimeParseOutcome): TimeCanonical | undefined {
  if (o.status !== 'resolved') return undefined;
  return o.kind === 'instant' ? o.canonical : o.range.start.canonical;
}

function engine(text: string, zone: string, locale: string | undefined, referenceInstant: number): TimeParseOutcome {
  return parseTimeExpression({ text, timeZone: zone, locale, referenceInstant });
}

/** Parse with each locale in turn: the first resolved reading wins, else the first question. */
export function readTime(ctx: TimeContext, text: string): Reading | undefined {
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
    // A language tried after one that asked with readings answers only with one of them: else it
    // resolved by leaving the other language's words unread ("mañana", "hora de Madrid"). A
    // question without readings (words the first language could not read) leaves the choice open.
    if (outcome.status === 'resolved' && asked?.status === 'needs_clarification' && asked.alternatives.length > 0) {
      const at = startCanonical(outcome)?.isoInstant;
      if (!asked.alternatives.some((a) => a.canonical.isoInstant === at)) continue;
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

export type TimeClass = 'full' | 'date' | 'time' | 'ask' | 'none';

export function classify(r: Reading): TimeClass {
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

export function wall(c: TimeCanonical): { date: string; time: string; zone: string } {
  const dt = DateTime.fromISO(c.isoInstant, { zone: c.timeZone });
  return { date: dt.toFormat('yyyy-MM-dd'), time: dt.toFormat('HH:mm'), zone: c.timeZone };
}

/** Wall time of an instant in another zone ("ends 3am CET" said of an event in EST). */
export function wallIn(c: TimeCanonical, zone: string): string {
  return DateTime.fromISO(c.isoInstant).setZone(zone).toFormat('HH:mm');
}

/** The zone the text names outside expressions ("All times CET", "Timezone: Europe/Berlin"), and the languages to read it in. */
export function timeContext(lines: Line[], used: Set<number>, input: ExtractionInput, text: string): TimeContext {
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
  const guessed = guessLocales(text);
  // The contributor's locale, else the languages the text votes for, then English alone.
  const locales = [...new Set([input.locale, ...guessed].filter((l, i) => i > 0 || l !== undefined))];
  const tctx: TimeContext = { defaultZone, zoneFromText, zoneHint, locales, referenceInstant: input.referenceInstant, calls: 0 };
  return tctx;
}
