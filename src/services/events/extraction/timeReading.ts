/**
 * The time engine as extraction uses it: the zone and languages of the text, each expression
 * parsed in each language, and what a reading fixed (a day, a clock time, both, or a question).
 */
import { DateTime, IANAZone } from 'luxon';
import { parseTimeExpression } from '../../time/engine/index.js';
import type { TimeCanonical, TimeParseOutcome } from '../../time/engine/index.js';
import { cut, type ExtractionInput, MAX_EXPRESSION, MAX_TIME_CANDIDATES } from './fields.js';
import { labelled } from './labels.js';
import type { Line } from './text.js';
import { hasClockSignal, IANA_IN_TEXT, ZONE_TOKEN } from './timeWords.js';

// ---------------------------------------------------------------------------------------------
// Language

/**
 * Words that vote for a language when guessing it: some date words and everyday announcement
 * words. A scoring list, not a date list, so it is not built from the engine's word lists: every
 * form added there would change the votes.
 */
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
  const guessed = guessLocale(text);
  const locales = [...new Set([input.locale ?? guessed, guessed].filter((l, i) => i === 0 || l !== undefined))];
  const tctx: TimeContext = { defaultZone, zoneFromText, zoneHint, locales, referenceInstant: input.referenceInstant, calls: 0 };
  return tctx;
}
