import { describe, expect, test } from '@jest/globals';
import { DateTime } from 'luxon';
import { ZONES, dstDays, generateCases, type GeneratedCase, type Lang } from '../../../bench/timeGenerated/families.js';
import { int, mulberry32, pick, type Rng } from '../../../bench/timeGenerated/prng.js';
import { parseTimeExpression, type TimeParseInput } from '../../../src/services/time/engine/index.js';

/**
 * Metamorphic relations of the time parser: not expected values, but how answers must move (or not)
 * when the input is changed in a way whose effect is known. Cases come from the seeded generated
 * corpus (bench/timeGenerated) or from a seeded draw here; each failure is one reproduction line.
 *
 * - Week shift: moving the reference by whole weeks (luxon `plus({weeks})` in the request zone) moves
 *   a resolved answer of a relative phrase by the same calendar weeks in local wall time, or leaves
 *   both unresolved; an absolute date without a year stays put while it is still ahead.
 * - Chat noise around a phrase never changes a resolved answer, nor resolves an unresolved one.
 * - English 24-hour and 12-hour clocks ("21:30", "9:30pm", "9:30 PM", "9.30pm") name the same instant.
 */
const SEED = 20261125;

interface Answer {
  status: string;
  kind?: string;
  epoch?: number;
  start?: number;
  end?: number;
}
function answer(input: TimeParseInput): Answer {
  try {
    const r = parseTimeExpression(input) as unknown as { status: string; kind?: string; epoch?: number; range?: { start: { epoch: number }; end: { epoch: number } } };
    if (r.status !== 'resolved') return { status: r.status };
    return r.kind === 'time_range' ? { status: r.status, kind: r.kind, epoch: r.epoch, start: r.range?.start.epoch, end: r.range?.end.epoch } : { status: r.status, kind: r.kind, epoch: r.epoch };
  } catch (err) {
    return { status: `error: ${(err as Error).message}` };
  }
}
const iso = (epoch: number | undefined, zone: string) => (epoch === undefined ? '?' : DateTime.fromSeconds(epoch, { zone }).toISO({ suppressMilliseconds: true }));
function show(a: Answer, zone: string): string {
  if (a.status !== 'resolved') return a.status;
  return a.kind === 'time_range' ? `range ${iso(a.start, zone)}..${iso(a.end, zone)}` : `${a.kind} ${iso(a.epoch, zone)}`;
}
const sameAnswer = (a: Answer, b: Answer) => a.status === b.status && a.kind === b.kind && a.epoch === b.epoch && a.start === b.start && a.end === b.end;
function line(input: TimeParseInput, got: Answer, extra = ''): string {
  const zone = input.timeZone ?? 'UTC';
  const ref = DateTime.fromMillis(input.referenceInstant, { zone }).toISO({ suppressMilliseconds: true });
  return `text=${JSON.stringify(input.text)} locale=${input.locale}${input.country ? ` country=${input.country}` : ''} zone=${zone} ref=${ref} got=${show(got, zone)}${extra}`;
}

/** Generated cases of the named families, `perFamily` each (family-seeded, so each is reproducible by seed, family and index). */
function casesOf(families: string[], perFamily: number, filter: (c: GeneratedCase) => boolean = () => true): GeneratedCase[] {
  return families.flatMap((f) => generateCases(SEED, perFamily, f).filter(filter));
}
const caseId = (c: GeneratedCase) => `seed=${c.seed} family=${c.family} index=${c.index}`;

// ---------------------------------------------------------------------------------------------
// Week shift

/** Families whose answer is relative to the reference (weekday, clock, relative day, durations, ranges). */
const MOVING = [
  'clock', 'weekday', 'next_weekday', 'relative_day', 'duration', 'range_without_day_names', 'range_with_day_names',
  'chat_noise_and_names', 'range_one_meridiem', 'tonight_small_hours', 'no_time', 'day_span_and_all_day', 'weekday_day_of_month',
];
/** Within those, the templates that are relative ("all day saturday", not "Oct 17-18"; "friday after next", not "Friday the 13th"). */
const isRelative = (c: GeneratedCase) =>
  c.family === 'day_span_and_all_day' ? !/\d/.test(c.text) : c.family === 'weekday_day_of_month' ? /after next|übernächsten/.test(c.text) : true;
/** Absolute dates without a year: the answer stays while it is still ahead of the shifted reference, within a year. */
const FIXED = ['date_without_year', 'day_span_and_all_day'];
const isFixed = (c: GeneratedCase) => (c.family === 'day_span_and_all_day' ? /\d/.test(c.text) : true);

/** True when a DST transition of the zone lies within `before` days before `from` to `after` days after `to`. */
function nearDst(zone: string, from: DateTime, to: DateTime, before: number, after: number): boolean {
  const lo = from.minus({ days: before });
  const hi = to.plus({ days: after });
  const days = [lo.year - 1, lo.year, hi.year, hi.year + 1].flatMap((y) => dstDays(zone, y));
  return days.some((d) => d >= lo.startOf('day') && d <= hi);
}
const SHIFTS = [-2, -1, 1, 2];

describe('metamorphic relations of the time parser', () => {
  test('when the reference moves by whole weeks, then a resolved relative answer moves by the same weeks in local wall time, or neither is resolved', () => {
    const r = mulberry32(SEED);
    const failures: string[] = [];
    let resolvedChecked = 0;
    let checked = 0;
    for (const c of casesOf(MOVING, 70, isRelative)) {
      const zone = c.request.timeZone;
      const ref = DateTime.fromMillis(c.request.referenceInstant, { zone });
      const orig = answer(c.request);
      for (const k of [pick(r, SHIFTS), pick(r, SHIFTS)]) {
        const shifted = ref.plus({ weeks: k });
        // Whole weeks keep wall time only away from DST changes (answers lie up to ~2 weeks ahead).
        if (nearDst(zone, DateTime.min(ref, shifted), DateTime.max(ref, shifted), 8, 22)) continue;
        const input = { ...c.request, referenceInstant: shifted.toMillis() };
        const got = answer(input);
        checked++;
        const move = (e: number | undefined) => (e === undefined ? undefined : Math.round(DateTime.fromSeconds(e, { zone }).plus({ weeks: k }).toSeconds()));
        let ok: boolean;
        if (orig.status === 'resolved') {
          resolvedChecked++;
          ok = sameAnswer(got, { ...orig, epoch: move(orig.epoch), start: move(orig.start), end: move(orig.end) });
        } else ok = got.status !== 'resolved';
        if (!ok) failures.push(`${caseId(c)} shift=${k}w ${line(input, got, ` original=${show(orig, zone)} at ref=${ref.toISO({ suppressMilliseconds: true })}`)}`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(resolvedChecked).toBeGreaterThan(300);
    expect(checked).toBeGreaterThan(500);
  });

  test('when the reference moves by whole weeks but stays well before a resolved date without a year, then the answer does not change', () => {
    const r = mulberry32(SEED + 1);
    const failures: string[] = [];
    let checked = 0;
    for (const c of casesOf(FIXED, 150, isFixed)) {
      const zone = c.request.timeZone;
      const ref = DateTime.fromMillis(c.request.referenceInstant, { zone });
      const orig = answer(c.request);
      if (orig.status !== 'resolved') continue;
      const at = DateTime.fromSeconds(orig.start ?? orig.epoch!, { zone });
      const k = pick(r, SHIFTS);
      const shifted = ref.plus({ weeks: k });
      // Still ahead by more than a day on both references, and less than a year after either.
      if (at.diff(DateTime.max(ref, shifted), 'days').days < 2 || at.diff(DateTime.min(ref, shifted), 'days').days > 350) continue;
      const input = { ...c.request, referenceInstant: shifted.toMillis() };
      const got = answer(input);
      checked++;
      if (!sameAnswer(got, orig)) failures.push(`${caseId(c)} shift=${k}w ${line(input, got, ` original=${show(orig, zone)}`)}`);
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  // -------------------------------------------------------------------------------------------
  // Chat noise

  const NOISE: Record<Lang, { before: string[]; after: string[] }> = {
    en: { before: ['ok so', 'lol', '🎉', 'hey all!', 'omg'], after: ['see you there!', 'lol', '🎉🎉', '👍', 'cheers'] },
    de: { before: ['ok also', 'hallo zusammen!', '😀', 'na'], after: ['bis dann!', 'lol', '🎉', '👍'] },
    fr: { before: ['ok donc', 'salut !', '😀', 'bon'], after: ['à plus !', 'mdr', '🎉', '👍'] },
    es: { before: ['vale', '¡hola!', '😀', 'bueno'], after: ['¡nos vemos!', 'jaja', '🎉', '👍'] },
    pt: { before: ['beleza', 'oi gente!', '😀', 'bom'], after: ['até lá!', 'kkk', '🎉', '👍'] },
    ja: { before: ['じゃあ', 'みなさん！', '😀'], after: ['よろしく！', '笑', '🎉', '👍'] },
  };
  const NOISY_FAMILIES = [
    'clock', 'weekday', 'next_weekday', 'relative_day', 'date_without_year', 'date_with_year', 'duration', 'range_without_day_names',
    'range_one_meridiem', 'tonight_small_hours', 'zone_abbreviation', 'holiday_fixed_date', 'no_time', 'month_boundary', 'far_date_feb_29',
  ];

  test('when chat noise is added before or after a phrase, then a resolved answer stays the same and an unresolved one is not resolved', () => {
    const r = mulberry32(SEED + 2);
    const failures: string[] = [];
    let resolvedChecked = 0;
    let checked = 0;
    for (const c of casesOf(NOISY_FAMILIES, 30)) {
      const orig = answer(c.request);
      const n = NOISE[c.lang];
      for (const where of ['before', 'after', 'both'] as const) {
        if (r() < 0.34) continue;
        const text = [where !== 'after' ? pick(r, n.before) : '', c.text, where !== 'before' ? pick(r, n.after) : ''].filter(Boolean).join(' ');
        const input = { ...c.request, text };
        const got = answer(input);
        checked++;
        if (orig.status === 'resolved') resolvedChecked++;
        const ok = orig.status === 'resolved' ? sameAnswer(got, orig) : got.status !== 'resolved';
        if (!ok) failures.push(`${caseId(c)} ${line(input, got, ` without noise=${show(orig, c.request.timeZone)} (${JSON.stringify(c.text)})`)}`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(resolvedChecked).toBeGreaterThan(200);
    expect(checked).toBeGreaterThan(400);
  });

  // -------------------------------------------------------------------------------------------
  // 24-hour and 12-hour clocks in English

  const EN_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  function drawFrame(r: Rng, locale: string, ref: DateTime): string {
    const which = int(r, 0, 3);
    if (which === 0) return '';
    if (which === 1) return 'tomorrow ';
    if (which === 2) return `${pick(r, EN_WEEKDAYS)} `;
    const d = ref.plus({ days: int(r, 1, 300) });
    if (d.month === 2 && d.day === 29) return '';
    return locale === 'en-GB' ? `on ${d.day} ${EN_MONTHS[d.month - 1]} ` : `on ${EN_MONTHS[d.month - 1]} ${d.day} `;
  }

  test('when an English time is written on the 24-hour clock and on the 12-hour clock, then both give the same answer', () => {
    const r = mulberry32(SEED + 3);
    const failures: string[] = [];
    let resolved = 0;
    const N = 320;
    for (let i = 0; i < N; i++) {
      const locale = pick(r, ['en-US', 'en-GB']);
      const zone = pick(r, ZONES);
      const ref = DateTime.fromObject({ year: int(r, 2026, 2028), month: 1, day: 1, hour: int(r, 7, 22), minute: int(r, 0, 59) }, { zone }).plus({ days: int(r, 0, 364) });
      const frame = drawFrame(r, locale, ref);
      const pm = r() < 0.6;
      // "10:30" and "11:30" read either way in English: 24-hour morning times are only those with a leading zero.
      const h12 = pm ? int(r, 1, 11) : int(r, 1, 9);
      const m = pick(r, [0, 15, 30, 45, int(r, 1, 59)]);
      const mm = String(m).padStart(2, '0');
      const h24 = pm ? h12 + 12 : h12;
      const base = `${frame}at ${String(h24).padStart(2, '0')}:${mm}`;
      const suffix = pm ? ['pm', ' PM'] : ['am', ' AM'];
      const variants = [`${frame}at ${h12}:${mm}${suffix[0]}`, `${frame}at ${h12}:${mm}${suffix[1]}`, `${frame}at ${h12}.${mm}${suffix[0]}`];
      if (m === 0) variants.push(`${frame}at ${h12}${suffix[0]}`);
      const mk = (text: string): TimeParseInput => ({ text, locale, timeZone: zone, referenceInstant: ref.toMillis() });
      const want = answer(mk(base));
      if (want.status === 'resolved') resolved++;
      for (const v of variants) {
        const got = answer(mk(v));
        if (!sameAnswer(got, want)) failures.push(`case=${i} ${line(mk(v), got, ` 24-hour ${JSON.stringify(base)}=${show(want, zone)}`)}`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(resolved).toBeGreaterThan(N / 2);
  });
});
