import { holidayLibrary } from './holidayLibrary.js';
import { holidayKey } from './planner.js';
import {
  WEEKDAY_NAMES,
  civil,
  clockLabel,
  dayLabel,
  dayLabelWithYear,
  dayMonth,
  dayMonthYear,
  dayNumber,
  daysInMonth,
  isValidZone,
  isoDate,
  local,
  offsetName,
  offsetText,
  pad,
  plusMonths,
  shiftedForward,
  startOfWeek,
  wallInstant,
  wallInstants,
  weekdayOf,
  zoneName,
  zoneOffset,
  type DayNumber,
} from './civil.js';
import type {
  ClockTime,
  DayAnchor,
  IsoWeekday,
  PartOfDay,
  Precision,
  TimeCanonical,
  TimeParseAlternative,
  TimeParseOutcome,
  TimePlan,
  ZoneChoice,
} from './types.js';

/**
 * The executor: a plan → instants, with the zone rules luxon carries (DST gaps and folds) and
 * Gregorian calendar arithmetic (month lengths, leap days) on day numbers. Every reading it
 * cannot settle becomes an alternative to ask about.
 */

export interface ExecutionContext {
  referenceInstant: number;
  speakerZone: string;
  country?: string;
  subdivision?: string;
}

/** One reading of a plan: an instant or a range, with what it took to get there. */
export interface Reading {
  start: number;
  end?: number;
  zone: string;
  precision: Precision;
  assumptions: string[];
  /** Set when this reading alone must still be confirmed (a DST gap). */
  confirm?: string;
}

export type Execution = { readings: Reading[]; question?: string } | { failure: string };

const HOUR_MS = 3_600_000;
const UNIT_MS = { seconds: 1000, minutes: 60_000, hours: HOUR_MS } as const;

export function executePlan(plan: TimePlan, ctx: ExecutionContext): Execution {
  // An offset from now is the same instant in every zone: an ambiguous abbreviation changes nothing.
  const settledRelative = plan.kind === 'relative' && plan.zones.length > 1;
  const zones: (ZoneChoice | undefined)[] = plan.zones.length && !settledRelative ? plan.zones : [undefined];
  const readings: Reading[] = [];
  const questions: string[] = [];
  if (zones.length > 1) questions.push(`Which time zone does ${plan.zones[0].label.split(' ')[0]} mean?`);
  for (const choice of zones) {
    const out = executeInZone(plan, ctx, choice);
    if ('failure' in out) return out;
    for (const r of out.readings) readings.push(choice && zones.length > 1 ? { ...r, assumptions: [...r.assumptions, `${choice.label}`] } : r);
    if (out.question) questions.push(out.question);
  }
  return { readings: dedupe(readings), question: questions[0] };
}

function dedupe(readings: Reading[]): Reading[] {
  if (readings.length < 2) return readings;
  const seen = new Set<string>();
  return readings.filter((r) => {
    const key = `${r.start}/${r.end ?? ''}/${r.zone}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function executeInZone(plan: TimePlan, ctx: ExecutionContext, choice: ZoneChoice | undefined): Execution {
  const zone = choice?.zone ?? ctx.speakerZone;
  if (!isValidZone(zone)) return { failure: `Unknown time zone ${zone}.` };
  const now = local(ctx.referenceInstant, zone);

  if (plan.kind === 'relative') {
    // Rule 11: seconds to hours are elapsed time; days to months keep the wall clock.
    if (plan.unit in UNIT_MS) {
      const at = ctx.referenceInstant + plan.amount * UNIT_MS[plan.unit as keyof typeof UNIT_MS];
      return { readings: [{ start: at, end: undefined, zone, precision: 'relative', assumptions: [], confirm: undefined }] };
    }
    const day = plan.unit === 'months' ? plusMonths(now.day, plan.amount) : now.day + plan.amount * (plan.unit === 'weeks' ? 7 : 1);
    const seconds = ((ctx.referenceInstant % 60_000) + 60_000) % 60_000;
    // The same wall time that day may not exist or exist twice there (rule 15): then ask.
    const readings = wallReadings(day, now.hour, now.minute, zone, undefined, 'relative').map((r) => ({ ...r, start: r.start + seconds }));
    return withDstQuestion(readings);
  }

  if (plan.kind === 'period') return executePeriod(plan.period, now.day, zone);
  if (plan.kind === 'between') return executeBetween(plan, ctx, choice, zone);

  const resolved = resolveDays(plan.day, now.day, ctx, choice, plan.kind === 'point' ? plan.time : plan.start);
  if ('failure' in resolved) return resolved;
  const shift = plan.shiftDays;
  const days = shift
    ? { ...resolved, dates: resolved.dates.map((d): DayReading => ({ day: d.day + shift, notes: [...d.notes, `${shift} days after ${dayLabel(d.day)}`] })) }
    : resolved;

  const readings: Reading[] = [];
  let question = days.question;
  const startClock = plan.kind === 'point' ? plan.time : plan.start;

  // "all day saturday": that whole local day as a range (decisions §5.1).
  if (!startClock && plan.kind === 'point' && plan.wholeDay) {
    for (const d of days.dates) {
      readings.push({ start: wallInstant(zone, d.day, 0), end: wallInstant(zone, d.day + 1, 0), zone, precision: 'date', assumptions: [...d.notes, 'all day read as 00:00 to 00:00 the next day'], confirm: undefined });
    }
    return withDstQuestion(readings, question);
  }
  // A day with a part of it ("sunday morning"): that part as a range.
  if (!startClock && plan.partOfDay) {
    const [from, to] = PARTS_OF_DAY[plan.partOfDay];
    for (const d of days.dates) {
      const start = wallInstant(zone, d.day, from);
      const end = wallInstant(zone, d.day + (to === 24 ? 1 : 0), to % 24);
      readings.push({ start, end, zone, precision: 'datetime', assumptions: [...d.notes, `${plan.partOfDay} read as ${pad(from)}:00–${pad(to)}:00`], confirm: undefined });
    }
    return withDstQuestion(readings, question);
  }
  // No time at all: a date (rule 4).
  if (!startClock) {
    for (const d of days.dates) {
      const r = wallReadings(d.day, 0, 0, zone, choice, 'date');
      for (const x of r) readings.push({ ...x, assumptions: [...d.notes, ...x.assumptions] });
    }
    return withDstQuestion(readings, question);
  }

  const hours = meridiemReadings(startClock, plan.partOfDay);
  if (hours.length > 1 && plan.day) question ??= `Do you mean ${startClock.text} in the morning or in the evening?`;

  for (const d of days.dates) {
    for (const h of hours) {
      let date = d.day;
      const notes = [...d.notes];
      // "tonight 1am": the small hours after that evening.
      // (After a named day only: "nov 1 1:30am late night" is that date's 01:30.)
      const namedDay = plan.day?.kind === 'relative_day' || plan.day?.kind === 'weekday';
      if ((plan.partOfDay === 'night' || plan.partOfDay === 'evening') && namedDay && h < 6 && !startClock.named && !startClock.nextDay) {
        date += 1;
        notes.push(`${startClock.text} at night read as the early hours of ${dayLabel(date)}`);
      }
      // Rule 9: "<day> at midnight" is the end of that day; bare midnight is the coming one.
      if (startClock.named === 'midnight') date += 1;
      if (startClock.nextDay) {
        date += 1;
        notes.push(`${startClock.text} read as ${pad(startClock.hour)}:${pad(startClock.minute)} on ${dayLabel(date)}, the night's late hours`);
      }
      let starts = wallReadings(date, h, startClock.minute, zone, choice, plan.day ? 'datetime' : 'time');
      // Rule 1 and rule 6: a time already past today means its next occurrence.
      const rolls = !plan.day || (plan.day.kind === 'weekday' && plan.day.modifier !== 'last' && d.rollsWeekly);
      if (rolls && starts.length && starts.every((r) => r.start < ctx.referenceInstant)) {
        date += plan.day ? 7 : 1;
        starts = wallReadings(date, h, startClock.minute, zone, choice, plan.day ? 'datetime' : 'time');
      }
      for (const s of starts) {
        const base = { ...s, start: s.start + (startClock.second ?? 0) * 1000, assumptions: [...notes, ...s.assumptions] };
        if (plan.kind === 'point') {
          readings.push(base);
          continue;
        }
        // Rule 10: the end is the stated clock time; not after the start means the next day.
        const endHour = endHourAfter(plan.end, h, startClock.minute, plan.partOfDay);
        let ends = wallReadings(date, endHour, plan.end.minute, zone, choice, base.precision);
        if (ends.length && ends.every((e) => e.start <= s.start)) ends = wallReadings(date + 1, endHour, plan.end.minute, zone, choice, base.precision);
        for (const e of ends) {
          readings.push({ ...base, end: e.start, assumptions: [...base.assumptions, ...e.assumptions], confirm: base.confirm ?? e.confirm });
        }
      }
    }
  }

  // Rule 2: without a date, an hour without am/pm takes the soonest future reading.
  if (hours.length > 1 && !plan.day) {
    const future = readings.filter((r) => r.start >= ctx.referenceInstant).sort((a, b) => a.start - b.start);
    if (future.length) {
      const first = future[0];
      const label = clockLabel(local(first.start, zone));
      const soonest = readings.filter((r) => r.start === first.start);
      return withDstQuestion(
        soonest.map((r) => ({ ...r, assumptions: [...r.assumptions, `${startClock.text} without am/pm read as ${label}, the sooner reading.`] })),
        question,
      );
    }
  }
  return withDstQuestion(readings, question);
}

/**
 * Decisions §5.1: a range whose end names its own day is one range; the end's day is counted from
 * the start's ("sun" after "sat 11pm", "Jan 1" after "Dec 31"). Without clock times it is a day
 * span, from the first day 00:00 to the day after the last.
 */
function executeBetween(plan: Extract<TimePlan, { kind: 'between' }>, ctx: ExecutionContext, choice: ZoneChoice | undefined, zone: string): Execution {
  if (!plan.start.time !== !plan.end.time) return { failure: 'Only one end of the range has a clock time.' };
  const start = executeInZone({ kind: 'point', day: plan.start.day, time: plan.start.time, zones: plan.zones }, ctx, choice);
  if ('failure' in start) return start;
  const readings: Reading[] = [];
  let question = start.question;
  for (const s of start.readings) {
    const startDay = local(s.start, zone).day;
    const ends = resolveDays(plan.end.day, startDay, ctx, choice, plan.end.time);
    if ('failure' in ends) return ends;
    question ??= ends.question;
    for (const d of ends.dates) {
      if (d.day < startDay) continue;
      if (!plan.end.time) {
        readings.push({ ...s, end: wallInstant(zone, d.day + 1, 0), precision: 'date', assumptions: [...s.assumptions, ...d.notes, 'day span read as the first day 00:00 to the day after the last'] });
        continue;
      }
      const t = plan.end.time;
      const hours = t.named === 'midnight' ? [0] : meridiemReadings(t, undefined);
      const endDay = t.named === 'midnight' || t.nextDay ? d.day + 1 : d.day;
      // Rule 10: an end without its own am/pm is its first occurrence after the start.
      const after = hours.flatMap((h) => wallReadings(endDay, h, t.minute, zone, choice, s.precision)).filter((e) => e.start > s.start);
      const first = Math.min(...after.map((e) => e.start));
      const candidates = after.filter((e) => e.start === first || e.confirm);
      for (const e of candidates) readings.push({ ...s, end: e.start, assumptions: [...s.assumptions, ...d.notes, ...e.assumptions], confirm: s.confirm ?? e.confirm });
    }
  }
  if (!readings.length) return { failure: 'The end of the range is not after its start.' };
  return withDstQuestion(readings, question);
}

function withDstQuestion(readings: Reading[], question?: string): Execution {
  const confirm = readings.find((r) => r.confirm)?.confirm;
  return { readings, question: question ?? confirm };
}

/** The 24-hour readings of a clock time: one when am/pm, 24-hour notation or the part of day settles it. */
function meridiemReadings(t: ClockTime, partOfDay: PartOfDay | undefined): number[] {
  if (t.named) return [t.hour];
  if (t.meridiem) return [(t.hour % 12) + (t.meridiem === 'pm' ? 12 : 0)];
  // "ce soir à 9h": the evening settles a 24-hour hour written without a leading zero (small hours stay).
  if (t.twentyFourHour && t.hour >= 1 && t.hour < 12 && !/^0\d/.test(t.text) && (partOfDay === 'afternoon' || partOfDay === 'evening' || (partOfDay === 'night' && t.hour >= 6))) return [t.hour + 12];
  if (t.twentyFourHour || t.hour === 0 || t.hour > 12 || /^0\d/.test(t.text)) return [t.hour];
  if (partOfDay === 'morning') return [t.hour % 12];
  // "tonight at 12" is midnight, not the noon already gone.
  if ((partOfDay === 'night' || partOfDay === 'evening') && t.hour === 12) return [0];
  // "tonight at 2", "esta noche a la 1": the small hours after that night (decisions §5.1).
  if (partOfDay === 'night' && t.hour >= 1 && t.hour < 6) return [t.hour];
  if (partOfDay) return [(t.hour % 12) + 12];
  return [t.hour % 12, (t.hour % 12) + 12];
}

/** An end clock without its own am/pm is its first occurrence after the start. */
function endHourAfter(end: ClockTime, startHour: number, startMinute: number, partOfDay: PartOfDay | undefined): number {
  // The part of the day said once covers both ends ("von 10 bis 11 Uhr abends").
  const options = meridiemReadings(end, partOfDay);
  const startMin = startHour * 60 + startMinute;
  const gap = (h: number) => (h * 60 + end.minute - startMin + 1440) % 1440 || 1440;
  if (options.length === 1) {
    // …but does not stretch the range past half a day: "tomorrow evening 23:00–1:00", "demain soir 23h–1h" end at 01:00.
    if (partOfDay && gap(options[0]) > 12 * 60) {
      const plain = meridiemReadings(end, undefined).map((h) => ({ h, gap: gap(h) })).sort((a, b) => a.gap - b.gap)[0];
      if (plain && plain.gap <= 12 * 60) return plain.h;
    }
    return options[0];
  }
  const after = options.map((h) => ({ h, gap: gap(h) }));
  after.sort((a, b) => a.gap - b.gap);
  return after[0].h;
}

interface DayReading {
  day: DayNumber;
  notes: string[];
  /** A bare weekday rolls a week forward when its time has passed (rule 6). */
  rollsWeekly?: boolean;
}

function resolveDays(
  anchor: DayAnchor | undefined,
  today: DayNumber,
  ctx: ExecutionContext,
  choice: ZoneChoice | undefined,
  time: ClockTime | undefined,
): { dates: DayReading[]; question?: string } | { failure: string } {
  if (!anchor) return { dates: [{ day: today, notes: [] }] };
  switch (anchor.kind) {
    case 'relative_day': {
      const speakerNow = local(ctx.referenceInstant, ctx.speakerZone);
      const speakerToday = speakerNow.day;
      const said = anchor.word === 'in_days' ? `in ${anchor.offsetDays} days` : anchor.word.replace(/_/g, ' ');
      // Rule 14: a foreign zone whose calendar date differs from the speaker's.
      if (choice && speakerToday !== today) {
        return {
          dates: [
            { day: speakerToday + anchor.offsetDays, notes: [`${said} counted from your date (${isoDate(speakerToday)})`] },
            { day: today + anchor.offsetDays, notes: [`${said} counted from the date in ${choice.label} (${isoDate(today)})`] },
          ],
          question: `It is already ${dayLabel(today)} in ${choice.label} but ${dayLabel(speakerToday)} for you; which ${said} do you mean?`,
        };
      }
      // Rule 7: "tomorrow" said after midnight but before morning may mean the coming day.
      if (anchor.word === 'tomorrow' && speakerNow.hour < 5) {
        return {
          dates: [
            { day: today, notes: ['tomorrow read as the coming day (said after midnight)'] },
            { day: today + 1, notes: ['tomorrow read as the next calendar day'] },
          ],
          question: `It is just after midnight; does "tomorrow" mean ${dayLabel(today)} or ${dayLabel(today + 1)}?`,
        };
      }
      return { dates: [{ day: today + anchor.offsetDays, notes: [] }] };
    }
    case 'weekday': {
      const wd = weekdayOf(today);
      if (anchor.modifier === 'last') return { dates: [{ day: today - ((wd - anchor.weekday + 7) % 7 || 7), notes: [] }] };
      if (anchor.modifier === 'after_next') return { dates: [{ day: today + ((anchor.weekday - wd + 7) % 7 || 7) + 7, notes: [`${WEEKDAY_NAMES[anchor.weekday - 1]} after next read as the second one after today`] }] };
      if (anchor.modifier === 'next_week') return { dates: [{ day: startOfWeek(today) + 7 + anchor.weekday - 1, notes: [] }] };
      if (anchor.modifier === 'next') {
        const first = today + ((anchor.weekday - wd + 7) % 7 || 7);
        if (startOfWeek(first) > startOfWeek(today)) return { dates: [{ day: first, notes: [] }] };
        const name = WEEKDAY_NAMES[anchor.weekday - 1];
        return {
          dates: [
            { day: first, notes: [`next ${name} read as this coming one`] },
            { day: first + 7, notes: [`next ${name} read as the one in the following week`] },
          ],
          question: `Do you mean ${dayLabel(first)} or ${dayLabel(first + 7)}?`,
        };
      }
      return { dates: [{ day: today + ((anchor.weekday - wd + 7) % 7), notes: [], rollsWeekly: time !== undefined }] };
    }
    case 'date': {
      const orders = anchor.dayMonthOrderUnknown ? [[anchor.month, anchor.day], [anchor.day, anchor.month]] : [[anchor.month, anchor.day]];
      const dates: DayReading[] = [];
      for (const [month, day] of orders) {
        const date = nextDate(today, anchor.year, month, day);
        if (date !== undefined) dates.push({ day: date, notes: anchor.dayMonthOrderUnknown ? [`${anchor.month}/${anchor.day} read as ${dayMonth(date)}`] : [] });
      }
      if (!dates.length) return { failure: `${anchor.month}/${anchor.day}${anchor.year ? `/${anchor.year}` : ''} is not a date.` };
      // Decisions §5.1: a date without a year whose next occurrence is years away (29 February) is asked about, never a silent jump.
      const far = anchor.year === undefined ? dates.find((d) => d.day - today > 366) : undefined;
      if (far) return { dates, question: `The next ${dayMonth(far.day)} is in ${civil(far.day).year}; which year do you mean?` };
      return checkWeekday(dates, anchor.weekday) ?? { dates, question: dates.length > 1 ? 'Is the date day/month or month/day?' : undefined };
    }
    case 'day_of_month': {
      // Rule 5: the next month, from this one, that has this day on or after today.
      const first = dayNumber(civil(today).year, civil(today).month, 1);
      if (anchor.weekday) {
        // Decisions §5.1: "Friday the 13th" is the next date that is both.
        for (let k = 0; k < 48; k++) {
          const { year, month } = civil(plusMonths(first, k));
          if (anchor.day > daysInMonth(year, month)) continue;
          const day = dayNumber(year, month, anchor.day);
          if (day >= today && weekdayOf(day) === anchor.weekday) return { dates: [{ day, notes: [`${WEEKDAY_NAMES[anchor.weekday - 1]} the ${anchor.day}${ordinal(anchor.day)} read as ${dayMonthYear(day)}, the next date that is both`] }] };
        }
        return { failure: `No ${WEEKDAY_NAMES[anchor.weekday - 1]} falls on a ${anchor.day}${ordinal(anchor.day)} within four years.` };
      }
      for (let k = 0; k < 12; k++) {
        const { year, month } = civil(plusMonths(first, k));
        if (anchor.day > daysInMonth(year, month)) continue;
        const day = dayNumber(year, month, anchor.day);
        if (day < today) continue;
        const dates = [{ day, notes: [`the ${anchor.day}${ordinal(anchor.day)} read as ${dayMonthYear(day)}`] }];
        return checkWeekday(dates, anchor.weekday) ?? { dates };
      }
      return { failure: `No month has a day ${anchor.day}.` };
    }
    case 'holiday': {
      if (anchor.fixed) {
        // Decisions §5.1: the same date in every country; its next occurrence on or after today (rule 5).
        const date = nextDate(today, undefined, anchor.fixed.month, anchor.fixed.day);
        if (date === undefined) return { failure: `No ${anchor.phrase} within a year.` };
        const dates = [{ day: date, notes: [`${anchor.phrase} read as ${dayMonthYear(date)}`] }];
        return checkWeekday(dates, anchor.weekday) ?? { dates };
      }
      if (!ctx.country) return { dates: [], question: `Which country's ${anchor.phrase} do you mean? Send the country with the request.` };
      const year = civil(today).year;
      for (const y of [year, year + 1]) {
        // A name the library gives several days of one year (Brazil's Carnaval, Saturday to Wednesday):
        // the day of them that the weekday said names, else a question offering each.
        const named = holidaysOf(ctx.country, ctx.subdivision, y).filter((h) => (h.key === anchor.phrase || anchor.alsoKeys?.includes(h.key)) && h.day >= today);
        if (named.length > 1) {
          const said = anchor.weekday ? named.filter((h) => weekdayOf(h.day) === anchor.weekday) : named;
          const dates = (said.length ? said : named).map((h) => ({ day: h.day, notes: [`${h.name} in ${ctx.country}${ctx.subdivision ? `-${ctx.subdivision}` : ''} (${dayMonthYear(h.day)})`] }));
          if (dates.length === 1) return { dates };
          return { dates, question: `${named[0].name} is several days in ${ctx.country}; which day do you mean?` };
        }
        const match = (anchor.rule && ruleDate(anchor.rule, anchor.phrase, y)) || holidaysOf(ctx.country, ctx.subdivision, y).find((h) => h.key === anchor.phrase);
        if (match && match.day >= today) {
          const dates = [{ day: match.day, notes: [`${match.name} in ${ctx.country}${ctx.subdivision ? `-${ctx.subdivision}` : ''}`] }];
          return checkWeekday(dates, anchor.weekday) ?? { dates };
        }
      }
      return { failure: `No ${anchor.phrase} holiday in ${ctx.country} within a year.` };
    }
    case 'nth_weekday': {
      const { year } = civil(today);
      if (anchor.month) {
        let date = nthWeekday(year, anchor.month, anchor.n, anchor.weekday);
        if (date === undefined || date < today) date = nthWeekday(year + 1, anchor.month, anchor.n, anchor.weekday);
        return date !== undefined ? { dates: [{ day: date, notes: [] }] } : { failure: 'That month has no such weekday.' };
      }
      const month = civil(plusMonths(today, anchor.monthOffset ?? 0));
      const date = nthWeekday(month.year, month.month, anchor.n, anchor.weekday);
      if (date === undefined) return { failure: 'That month has no such weekday.' };
      if (date < today) {
        const following = civil(plusMonths(today, 1));
        const next = nthWeekday(following.year, following.month, anchor.n, anchor.weekday);
        if (next !== undefined && anchor.recurring) return { dates: [{ day: next, notes: ['the next month\'s, as this month\'s has passed'] }] };
        return next !== undefined
          ? { dates: [{ day: next, notes: ['this month has already passed that day; read as next month'] }], question: `That day has passed this month; do you mean ${dayLabel(next)}?` }
          : { failure: 'That day has passed this month.' };
      }
      return { dates: [{ day: date, notes: [] }] };
    }
    case 'month_edge': {
      // Decisions §5.1: the month's last (or first) day; a named month is its next occurrence.
      const edgeOf = (y: number, m: number) => dayNumber(y, m, anchor.edge === 'end' ? daysInMonth(y, m) : 1);
      const now = civil(today);
      let date: DayNumber;
      if (anchor.month !== undefined) {
        date = edgeOf(now.year, anchor.month);
        if (date < today) date = edgeOf(now.year + 1, anchor.month);
      } else {
        const { year, month } = civil(plusMonths(dayNumber(now.year, now.month, 1), anchor.monthOffset));
        date = edgeOf(year, month);
      }
      const said = `${anchor.edge === 'end' ? 'end' : 'start'} of ${anchor.month ? monthNameOf(anchor.month) : anchor.monthOffset ? 'next month' : 'the month'}`;
      const dates = [{ day: date, notes: [`${said} read as ${dayMonthYear(date)}`] }];
      return checkWeekday(dates, anchor.weekday) ?? { dates };
    }
  }
}

const monthNameOf = (m: number) => ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][m - 1];

interface KnownHoliday {
  key: string;
  rule: string;
  name: string;
  day: DayNumber;
}
const holidayCache = new Map<string, KnownHoliday[]>();

/** A country's (and subdivision's) holidays of a year from the holiday library, memoised: its data is fixed. */
function holidaysOf(country: string, subdivision: string | undefined, year: number): KnownHoliday[] {
  const id = `${country}/${subdivision ?? ''}/${year}`;
  let list = holidayCache.get(id);
  if (!list) {
    const hd = subdivision ? new (holidayLibrary())(country, subdivision) : new (holidayLibrary())(country);
    list = (hd.getHolidays(year, 'en') ?? [])
      .filter((h) => !(h as { substitute?: boolean }).substitute && !/substitute/i.test(h.name))
      .map((h) => {
        const [y, m, d] = h.date.slice(0, 10).split('-').map(Number);
        return { key: holidayKey(h.name), rule: h.rule, name: h.name, day: dayNumber(y, m, d) };
      });
    if (holidayCache.size > 2_000) holidayCache.clear();
    holidayCache.set(id, list);
  }
  return list;
}

const ordinal = (n: number) => (n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th');

/** The weekday said with a date must agree with it ("friday nov 27"); otherwise ask, offering the nearest one too. */
function checkWeekday(dates: DayReading[], said: IsoWeekday | undefined): { dates: DayReading[]; question: string } | undefined {
  if (!said || dates.every((d) => weekdayOf(d.day) === said)) return undefined;
  const name = WEEKDAY_NAMES[said - 1];
  const nearest = dates.map((d) => ({ day: d.day + ((((said - weekdayOf(d.day) + 7) % 7) + 3) % 7) - 3, notes: [`the ${name} nearest the date`] }));
  return { dates: [...dates, ...nearest], question: `${dates.map((d) => dayMonthYear(d.day)).join(' / ')} is not a ${name}; which day do you mean?` };
}

const ruleCache = new Map<string, KnownHoliday | null>();

/**
 * The date of one holiday rule in a year, computed by the holiday library alone (a country's whole
 * calendar costs some milliseconds to compute; one rule a fraction of one). Undefined when the rule
 * does not stand on its own, and the country's calendar is used instead.
 */
function ruleDate(rule: string, key: string, year: number): KnownHoliday | undefined {
  const id = `${rule}/${year}`;
  let found = ruleCache.get(id);
  if (found === undefined) {
    found = null;
    try {
      const one = new (holidayLibrary())();
      if (one.setHoliday(rule, { name: { en: key }, type: 'public' })) {
        // A rule with a substitute day yields two dates, which only the country's calendar tells apart.
        const dates = (one.getHolidays(year) || []).filter((x) => x.rule === rule);
        const h = dates.length === 1 ? dates[0] : undefined;
        if (h) {
          const [y, m, d] = h.date.slice(0, 10).split('-').map(Number);
          found = { key, rule, name: key, day: dayNumber(y, m, d) };
        }
      }
    } catch {
      found = null;
    }
    if (ruleCache.size > 5_000) ruleCache.clear();
    ruleCache.set(id, found);
  }
  return found ?? undefined;
}

function nextDate(today: DayNumber, year: number | undefined, month: number, day: number): DayNumber | undefined {
  if (year !== undefined) return dateIn(year, month, day);
  // Rule 5: the next occurrence on or after today (Feb 29 waits for a leap year).
  const thisYear = civil(today).year;
  for (let y = thisYear; y <= thisYear + 8; y++) {
    const d = dateIn(y, month, day);
    if (d !== undefined && d >= today) return d;
  }
  return undefined;
}

function dateIn(y: number, month: number, day: number): DayNumber | undefined {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(y, month) ? dayNumber(y, month, day) : undefined;
}

function nthWeekday(year: number, month: number, n: number, weekday: IsoWeekday): DayNumber | undefined {
  if (n === -1) {
    const last = dayNumber(year, month, daysInMonth(year, month));
    return last - ((weekdayOf(last) - weekday + 7) % 7);
  }
  const first = dayNumber(year, month, 1);
  const date = first + ((weekday - weekdayOf(first) + 7) % 7) + 7 * (n - 1);
  return civil(date).month === month ? date : undefined;
}

/**
 * A wall time on a date in a zone: one reading normally, two in a DST fold, the shift-forward
 * reading (to confirm) in a gap; an abbreviation's offset or an explicit offset settles both (rule 15).
 */
function wallReadings(day: DayNumber, hour: number, minute: number, zone: string, choice: ZoneChoice | undefined, precision: Precision): Reading[] {
  const instants = wallInstants(zone, day, hour, minute);
  const abbr = choice?.offsetMinutes !== undefined && !choice.explicitOffset ? choice : undefined;
  if (instants.length === 1) {
    const ms = instants[0];
    const extra: string[] = [];
    // Rule 12: a wrong-season abbreviation means the region's civil time.
    if (abbr && zoneOffset(zone, ms) !== abbr.offsetMinutes) extra.push(`${abbr.label} read as civil time in ${zone} (${offsetName(zone, ms)} on ${isoDate(day)})`);
    return [readingAt(ms, zone, precision, extra)];
  }
  const wall = `${pad(hour)}:${pad(minute)}`;
  if (instants.length === 0) {
    if (abbr) {
      const ms = day * 86_400_000 + hour * HOUR_MS + minute * 60_000 - abbr.offsetMinutes! * 60_000;
      return [readingAt(ms, zone, precision, [`${abbr.label} offset used for a clock time that does not exist in ${zone} on ${isoDate(day)}`])];
    }
    const shifted = shiftedForward(zone, day, hour, minute);
    const shown = clockLabel(local(shifted, zone));
    return [readingAt(shifted, zone, precision, [`${wall} does not exist on ${isoDate(day)} in ${zone} (clocks skip ahead); shifted forward`], `${wall} does not exist on ${isoDate(day)} in ${zone}; do you mean ${shown}?`)];
  }
  if (abbr) {
    const match = instants.find((ms) => zoneOffset(zone, ms) === abbr.offsetMinutes);
    if (match !== undefined) return [readingAt(match, zone, precision, [])];
  }
  return instants.map((ms) => readingAt(ms, zone, precision, [`${wall} happens twice on ${isoDate(day)} in ${zone}; this is the ${offsetName(zone, ms)} one`], `${wall} happens twice on ${isoDate(day)} in ${zone}; which one do you mean?`));
}

function readingAt(ms: number, zone: string, precision: Precision, assumptions: string[], confirm?: string): Reading {
  return { start: ms, end: undefined, zone, precision, assumptions, confirm };
}

const PARTS_OF_DAY: Record<PartOfDay, [number, number]> = { morning: [6, 12], afternoon: [12, 18], evening: [18, 24], night: [18, 24] };

function executePeriod(period: string, today: DayNumber, zone: string): Execution {
  const wd = weekdayOf(today);
  switch (period) {
    case 'tonight':
      return { readings: [periodReading(zone, wallInstant(zone, today, 18), wallInstant(zone, today + 1), 'datetime', ['tonight read as 18:00–24:00'])] };
    case 'this_weekend': {
      const sat = wd === 7 ? today - 1 : today + ((6 - wd + 7) % 7);
      return { readings: [periodReading(zone, wallInstant(zone, sat), wallInstant(zone, sat + 2), 'date', ['weekend read as Saturday 00:00 to Monday 00:00'])] };
    }
    case 'next_weekend': {
      const coming = today + ((6 - wd + 7) % 7 || 7);
      if (wd >= 6) return { readings: [periodReading(zone, wallInstant(zone, coming), wallInstant(zone, coming + 2), 'date')] };
      const after = coming + 7;
      return { readings: [periodReading(zone, wallInstant(zone, coming), wallInstant(zone, coming + 2), 'date'), periodReading(zone, wallInstant(zone, after), wallInstant(zone, after + 2), 'date')], question: 'Do you mean this coming weekend or the one after?' };
    }
    case 'this_month':
    case 'next_month': {
      const { year, month } = civil(period === 'this_month' ? today : plusMonths(today, 1));
      const first = dayNumber(year, month, 1);
      return { readings: [periodReading(zone, wallInstant(zone, first), wallInstant(zone, first + daysInMonth(year, month)), 'date', ['month read as its first day 00:00 to the next month'])] };
    }
    case 'this_week': {
      const mon = startOfWeek(today);
      return { readings: [periodReading(zone, wallInstant(zone, mon), wallInstant(zone, mon + 7), 'date')] };
    }
    default: {
      const mon = startOfWeek(today) + 7;
      return { readings: [periodReading(zone, wallInstant(zone, mon), wallInstant(zone, mon + 7), 'date', ['week read as Monday 00:00 to Monday 00:00'])] };
    }
  }
}

function periodReading(zone: string, start: number, end: number, precision: Precision, notes: string[] = []): Reading {
  return { start, end, zone, precision, assumptions: notes, confirm: undefined };
}

/** RFC 3339 in UTC to the second ("2026-11-24T20:00:00Z"), from the day number and the time of day. */
function isoInstant(ms: number): string {
  const day = Math.floor(ms / 86_400_000);
  const inDay = ms - day * 86_400_000;
  return `${isoDate(day)}T${pad(Math.floor(inDay / 3_600_000))}:${pad(Math.floor(inDay / 60_000) % 60)}:${pad(Math.floor(inDay / 1000) % 60)}Z`;
}

export function canonical(ms: number, zone: string, precision: Precision): TimeCanonical {
  const l = local(ms, zone);
  const name = zoneName(zone);
  return {
    isoInstant: isoInstant(ms),
    zonedDateTime: `${isoDate(l.day)}T${pad(l.hour)}:${pad(l.minute)}:${pad(l.second)}${offsetText(l.offset)}[${name}]`,
    timeZone: name,
    precision,
    weekday: WEEKDAY_NAMES[weekdayOf(l.day) - 1],
  };
}

export function label(r: Reading): string {
  return r.end !== undefined ? `${labelAt(r, r.start)} – ${labelAt(r, r.end)}` : labelAt(r, r.start);
}

function labelAt(r: Reading, ms: number): string {
  const l = local(ms, r.zone);
  return r.precision === 'date' ? dayLabelWithYear(l.day) : `${dayLabelWithYear(l.day)}, ${clockLabel(l)} ${offsetName(r.zone, ms)}`;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function confidenceOf(r: Reading): number {
  return Math.max(0.6, Math.round((0.95 - 0.1 * r.assumptions.length) * 100) / 100);
}

/** Readings → a result without `requestId`: one settled reading resolves, several ask. */
export function toOutcome(readings: Reading[], question: string | undefined, planNotes: string[]): TimeParseOutcome {
  if (readings.length === 1 && !readings[0].confirm && !question) {
    const r = { ...readings[0], assumptions: [...planNotes, ...readings[0].assumptions] };
    const start = canonical(r.start, r.zone, r.precision);
    if (r.end === undefined) {
      return { status: 'resolved', kind: 'instant', epoch: seconds(r.start), canonical: start, confidence: confidenceOf(r), method: 'rule_plan', assumptions: r.assumptions };
    }
    return {
      status: 'resolved',
      kind: 'time_range',
      range: { start: { epoch: seconds(r.start), canonical: start }, end: { epoch: seconds(r.end), canonical: canonical(r.end, r.zone, r.precision) } },
      epoch: seconds(r.start),
      canonical: start,
      confidence: confidenceOf(r),
      method: 'rule_plan',
      assumptions: r.assumptions,
    };
  }
  return {
    status: 'needs_clarification',
    question: question ?? 'Which of these do you mean?',
    alternatives: readings.slice(0, 10).map((r) => alternative(r, readings.length)),
  };
}

export function alternative(r: Reading, count: number): TimeParseAlternative {
  const start = canonical(r.start, r.zone, r.precision);
  const base = { label: label(r), epoch: seconds(r.start), confidence: Math.round(100 / Math.max(count, 1)) / 100, canonical: start };
  if (r.end === undefined) return { ...base, kind: 'instant' };
  return {
    ...base,
    kind: 'time_range',
    range: { start: { epoch: seconds(r.start), canonical: start }, end: { epoch: seconds(r.end), canonical: canonical(r.end, r.zone, r.precision) } },
  };
}
