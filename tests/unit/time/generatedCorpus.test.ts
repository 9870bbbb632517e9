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
      const diffs: string[] = (['year', 'month', 'day', 'weekday', 'hour', 'minute'] as const).filter((k) => s[k] !== undefined && d[k] !== s[k]);
      // Holidays defined as "the nth (or last) <weekday> of <month>": re-derived from the day of the month.
      if (s.nthWeekday !== undefined) {
        const nth = s.nthWeekday === -1 ? (d.day + 7 > d.daysInMonth! ? -1 : 0) : Math.ceil(d.day / 7);
        if (nth !== s.nthWeekday) diffs.push('nthWeekday');
      }
      // Ranges: the end carries the stated day and clock time too.
      if (s.end && c.expected.status === 'resolved' && c.expected.range) {
        const e = DateTime.fromSeconds(c.expected.range.end, { zone });
        const wantEnd = d.startOf('day').plus({ days: s.end.days });
        if (!e.hasSame(wantEnd, 'day') || e.hour !== s.end.hour || e.minute !== s.end.minute) diffs.push(`end ${e.toISO()}`);
        if (c.expected.range.end <= c.expected.range.start) diffs.push('end not after start');
      }
      if (diffs.length) wrong.push(`${c.family} "${c.text}" ${d.toISO()} differs in ${diffs.join(',')} from ${JSON.stringify(s)}`);
      checked++;
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(2000);
  });

  test('when a country holiday is drawn, then its country comes from country, locale region and time zone alike, and the expected day is its defined date', () => {
    const hol = cases.filter((c) => c.family === 'holiday_by_country_more');
    const fromCountry = hol.filter((c) => c.request.country);
    const fromLocale = hol.filter((c) => !c.request.country && /-/.test(c.request.locale));
    const fromZone = hol.filter((c) => !c.request.country && !/-/.test(c.request.locale));
    for (const group of [fromCountry, fromLocale, fromZone]) expect(group.length).toBeGreaterThan(20);
    expect(fromLocale.some((c) => c.request.locale === 'fr-CA' || c.request.locale === 'en-CA')).toBe(true);
    // "la fête du Travail" is 1 May in France and the first Monday of September in Canada.
    const wrong: string[] = [];
    for (const c of hol.filter((x) => /fête du Travail/.test(x.text) && x.expected.status === 'resolved')) {
      const country = c.request.country ?? (c.request.locale.includes('-') ? c.request.locale.slice(3) : c.request.timeZone === 'Europe/Paris' ? 'FR' : 'CA');
      const d = DateTime.fromSeconds((c.expected as { epoch: number }).epoch, { zone: c.request.timeZone });
      const ok = country === 'FR' ? d.month === 5 && d.day === 1 : d.month === 9 && d.weekday === 1 && d.day <= 7;
      if (!ok) wrong.push(`${c.text} ${country} ${d.toISO()}`);
    }
    expect(wrong).toEqual([]);
    // Next occurrence on or after today, never today itself, and within a year.
    const far = hol.filter((c) => {
      const at = startOf(c);
      if (at === undefined) return false;
      const today = DateTime.fromMillis(c.request.referenceInstant, { zone: c.request.timeZone }).startOf('day');
      const day = DateTime.fromSeconds(at, { zone: c.request.timeZone }).startOf('day');
      return day <= today || day > today.plus({ years: 1 });
    });
    expect(far.map((c) => c.text)).toEqual([]);
  });

  test('when an ambiguous abbreviation is drawn, then it is settled only with a country, in that country\'s zone, and asked about otherwise', () => {
    const SETTLED: Record<string, string> = { 'CST/US': 'America/Chicago', 'CST/CN': 'Asia/Shanghai', 'IST/IN': 'Asia/Kolkata', 'IST/IE': 'Europe/Dublin', 'IST/IL': 'Asia/Jerusalem', 'AST/CA': 'America/Halifax', 'AST/PR': 'America/Puerto_Rico' };
    const amb = cases.filter((c) => c.family === 'ambiguous_abbreviation');
    const wrong: string[] = [];
    for (const c of amb) {
      const abbr = /\b(CST|IST|AST|BST)\b/.exec(c.text)?.[1];
      if (!abbr) { wrong.push(`no abbreviation in ${c.text}`); continue; }
      if (abbr === 'BST') { if (c.expected.status !== 'resolved' || c.stated?.zone !== 'Europe/London') wrong.push(c.text); continue; }
      if (!c.request.country) { if (c.expected.status !== 'needs_clarification') wrong.push(`unsettled ${c.text} expects ${c.expected.status}`); continue; }
      if (c.expected.status !== 'resolved' || c.stated?.zone !== SETTLED[`${abbr}/${c.request.country}`]) wrong.push(`${c.text} ${c.request.country} → ${c.stated?.zone}`);
    }
    expect(wrong).toEqual([]);
    expect(amb.filter((c) => c.expected.status === 'needs_clarification').length).toBeGreaterThan(20);
    expect(amb.filter((c) => c.expected.status === 'resolved').length).toBeGreaterThan(40);
  });

  test('when a fixed abbreviation is drawn on a DST day, then the wall time is in its region\'s gap or fold and the instant has the abbreviation\'s fixed offset', () => {
    const OFFSETS: Record<string, number> = { EST: -300, EDT: -240, PST: -480, PDT: -420, CET: 60, CEST: 120, AEST: 600, AEDT: 660 };
    const dst = cases.filter((c) => c.family === 'zone_abbreviation_dst');
    expect(dst.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const c of dst) {
      const abbr = /\b(EST|EDT|PST|PDT|CEST|CET|AEST|AEDT)\b/.exec(c.text)?.[1];
      const s = c.stated!;
      const epoch = startOf(c)!;
      const day = DateTime.fromObject({ year: s.year, month: s.month, day: s.day }, { zone: c.request.timeZone });
      const w = wallTime(day, s.hour!, s.minute!);
      const atOffset = DateTime.fromSeconds(epoch, { zone: `UTC${OFFSETS[abbr!] >= 0 ? '+' : ''}${OFFSETS[abbr!] / 60}` });
      if (w.ok || !abbr || atOffset.hour !== s.hour || atOffset.minute !== s.minute || atOffset.day !== s.day) wrong.push(`${c.text} ${c.request.timeZone} ${atOffset.toISO()}`);
    }
    expect(wrong).toEqual([]);
    expect(new Set(dst.map((c) => (wallTime(DateTime.fromObject({ year: c.stated!.year, month: c.stated!.month, day: c.stated!.day }, { zone: c.request.timeZone }), c.stated!.hour!, c.stated!.minute!) as { why: string }).why))).toEqual(new Set(['gap', 'fold']));
  });

  test('when a one-meridiem range, a day span or a "tonight" small hour is drawn, then its ends follow the shared am/pm, whole local days and the next calendar day', () => {
    const wrong: string[] = [];
    for (const c of cases.filter((x) => x.expected.status === 'resolved')) {
      const zone = c.request.timeZone;
      const today = DateTime.fromMillis(c.request.referenceInstant, { zone }).startOf('day');
      const e = c.expected as { kind: string; epoch?: number; range?: { start: number; end: number } };
      if (c.family === 'range_one_meridiem') {
        const [s, en] = [DateTime.fromSeconds(e.range!.start, { zone }), DateTime.fromSeconds(e.range!.end, { zone })];
        const pm = /pm|de la noche|de la tarde|da noite|da tarde|du soir|après-midi|abends|nachmittags|午後/i.test(c.text);
        if (!s.hasSame(en, 'day') || (s.hour >= 12) !== pm || (en.hour >= 12) !== pm || en <= s) wrong.push(`${c.text}: ${s.toISO()}..${en.toISO()}`);
      } else if (c.family === 'day_span_and_all_day') {
        const [s, en] = [DateTime.fromSeconds(e.range!.start, { zone }), DateTime.fromSeconds(e.range!.end, { zone })];
        const days = Math.round(en.diff(s, 'days').days);
        if (s.toMillis() !== s.startOf('day').toMillis() || en.toMillis() !== en.startOf('day').toMillis() || days < 1 || days > 4 || s < today) wrong.push(`${c.text}: ${s.toISO()}..${en.toISO()}`);
      } else if (c.family === 'tonight_small_hours') {
        const d = DateTime.fromSeconds(e.epoch!, { zone });
        if (!d.hasSame(today.plus({ days: 1 }), 'day') || d.hour < 1 || d.hour > 3) wrong.push(`${c.text}: ${d.toISO()}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
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
      if (!c.stated || c.stated.hour === undefined || c.stated.day === undefined || c.stated.zone !== undefined || c.family === 'zone_abbreviation') return false;
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
