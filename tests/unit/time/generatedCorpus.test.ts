import { describe, expect, test } from '@jest/globals';
import { DateTime } from 'luxon';
import { FAMILIES, LANGS, dstDays, generateCases, wallTime, type GeneratedCase } from '../../../bench/timeGenerated/families.js';
import { classify } from '../../../bench/timeGenerated/score.js';

/**
 * The generated time corpus's generator (not the engine's accuracy): repeatable, every family in
 * every language it claims, and expected instants that carry the weekday, day, month and clock
 * time their template stated, re-derived here with luxon in the request zone.
 */
const SEED = 20261124;
const cases = generateCases(SEED, 4000);

function startOf(c: GeneratedCase): number | undefined {
  const e = c.expected;
  if (e.status !== 'resolved') return undefined;
  return e.kind === 'time_range' ? e.range!.start : e.epoch;
}

describe('generated time corpus', () => {
  test('when the same seed is drawn twice, then the same cases come out, and another seed gives others', () => {
    const again = generateCases(SEED, 1500);
    expect(again).toEqual(cases.slice(0, 1500));
    const other = generateCases(SEED + 1, 200);
    const sameTexts = other.filter((c, i) => c.text === cases[i].text && c.request.referenceInstant === cases[i].request.referenceInstant);
    expect(sameTexts.length).toBeLessThan(20);
  });

  test('when 4000 cases are drawn, then every family produces cases in every language it claims', () => {
    const missing: string[] = [];
    for (const f of FAMILIES) {
      for (const lang of f.langs) if (!cases.some((c) => c.family === f.name && c.lang === lang)) missing.push(`${f.name}/${lang}`);
    }
    expect(missing).toEqual([]);
    expect(new Set(cases.map((c) => c.lang))).toEqual(new Set(LANGS));
  });

  test('when an expected instant is re-derived in the stated zone, then it has the weekday, day, month and clock time the template stated', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const c of cases) {
      const at = startOf(c);
      if (at === undefined || !c.stated) continue;
      const zone = c.stated.zone ?? c.request.timeZone;
      const d = DateTime.fromSeconds(at, { zone });
      const s = c.stated;
      const diffs = (['year', 'month', 'day', 'weekday', 'hour', 'minute'] as const).filter((k) => s[k] !== undefined && d[k] !== s[k]);
      if (diffs.length) wrong.push(`${c.family} "${c.text}" ${d.toISO()} differs in ${diffs.join(',')} from ${JSON.stringify(s)}`);
      checked++;
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(2000);
  });

  test('when a template states a relative or next-week day, then the expected day is that many days or that ISO week away', () => {
    const wrong: string[] = [];
    const OFFSETS: [RegExp, number][] = [[/^(tomorrow|morgen|demain|mañana|amanhã|明日の)/, 1], [/^(the day after tomorrow|übermorgen|après-demain|pasado mañana|depois de amanhã|明後日の|あさっての)/, 2], [/^昨日の/, -1], [/^(一昨日の|おとといの)/, -2]];
    for (const c of cases.filter((x) => x.family === 'relative_day' || x.family === 'next_weekday')) {
      const at = startOf(c);
      if (at === undefined) continue;
      const zone = c.request.timeZone;
      const today = DateTime.fromMillis(c.request.referenceInstant, { zone }).startOf('day');
      const day = DateTime.fromSeconds(at, { zone }).startOf('day');
      const days = Math.round(day.diff(today, 'days').days);
      if (c.family === 'relative_day') {
        const want = OFFSETS.filter(([re]) => re.test(c.text)).map(([, n]) => n).pop();
        if (want === undefined || days !== want) wrong.push(`"${c.text}" is ${days} days away, template says ${want}`);
      } else if (day.startOf('week').toMillis() !== today.startOf('week').plus({ weeks: 1 }).toMillis()) wrong.push(`"${c.text}" resolved outside next week: ${day.toISODate()} from ${today.toISODate()}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  test('when references are drawn, then DST-transition days in several zones, month and year ends and leap days occur, and gap readings ask', () => {
    const dst = cases.filter((c) => c.refKind === 'dst');
    const onTransition = dst.filter((c) => {
      const d = DateTime.fromMillis(c.request.referenceInstant, { zone: c.request.timeZone });
      return dstDays(c.request.timeZone, d.year).some((t) => t.hasSame(d, 'day'));
    });
    expect(onTransition.length).toBe(dst.length);
    expect(new Set(dst.map((c) => c.request.timeZone)).size).toBeGreaterThanOrEqual(5);
    // A spring-forward day: the wall time just after the change is missing.
    const springDays = dst.filter((c) => {
      const d = DateTime.fromMillis(c.request.referenceInstant, { zone: c.request.timeZone });
      return d.startOf('day').offset < d.endOf('day').offset;
    });
    expect(springDays.length).toBeGreaterThan(0);
    for (const kind of ['month_end', 'year_end', 'leap_day'] as const) expect(cases.filter((c) => c.refKind === kind).length).toBeGreaterThan(100);
    expect(cases.some((c) => DateTime.fromMillis(c.request.referenceInstant, { zone: c.request.timeZone }).toFormat('MM-dd') === '02-29')).toBe(true);
    // Clock times that fall in a gap or fold are expected to ask (rule 15).
    const gapOrFold = cases.filter((c) => {
      if (!c.stated || c.stated.hour === undefined || c.stated.day === undefined || c.family === 'zone_abbreviation') return false;
      const day = DateTime.fromObject({ year: c.stated.year, month: c.stated.month, day: c.stated.day }, { zone: c.request.timeZone });
      return !wallTime(day, c.stated.hour, c.stated.minute ?? 0).ok;
    });
    expect(gapOrFold.length).toBeGreaterThan(0);
    expect(gapOrFold.filter((c) => c.expected.status !== 'needs_clarification').map((c) => c.text)).toEqual([]);
  });

  test('when the scorer compares answers, then a resolved answer at another instant is confidently wrong and an ask is a safe miss', () => {
    const c = cases.find((x) => x.expected.status === 'resolved' && x.expected.kind === 'instant' && !x.expected.wholeDay)!;
    const epoch = startOf(c)!;
    expect(classify(c, { status: 'resolved', kind: 'instant', epoch })).toBe('correct');
    expect(classify(c, { status: 'resolved', kind: 'instant', epoch: epoch + 3600 })).toBe('confidently_wrong');
    expect(classify(c, { status: 'needs_clarification' })).toBe('safe_miss');
    const ask = cases.find((x) => x.expected.status === 'needs_clarification')!;
    expect(classify(ask, { status: 'resolved', kind: 'instant', epoch: 0 })).toBe('confidently_wrong');
    expect(classify(ask, { status: 'needs_clarification' })).toBe('correct');
  });
});
