import Holidays from 'date-holidays';
import { DateTime, Info, type Zone } from 'luxon';
import { holidayKey } from './planner.js';
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
 * The executor: a plan → instants, with the zone rules luxon carries (DST gaps and folds,
 * month lengths, leap days). Every reading it cannot settle becomes an alternative to ask about.
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

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

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
    readings.push(...out.readings.map((r) => (choice && zones.length > 1 ? { ...r, assumptions: [...r.assumptions, `${choice.label}`] } : r)));
    if (out.question) questions.push(out.question);
  }
  return { readings: dedupe(readings), question: questions[0] };
}

function dedupe(readings: Reading[]): Reading[] {
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
  const now = DateTime.fromMillis(ctx.referenceInstant, { zone });
  if (!now.isValid) return { failure: `Unknown time zone ${zone}.` };

  if (plan.kind === 'relative') {
    // Rule 11: luxon adds seconds to hours as elapsed time and days to months on the wall clock.
    const at = now.plus({ [plan.unit]: plan.amount });
    return { readings: [{ start: at.toMillis(), zone, precision: 'relative', assumptions: [] }] };
  }

  if (plan.kind === 'period') return executePeriod(plan.period, now, zone);

  const days = resolveDays(plan.day, now, ctx, choice, plan.kind === 'point' ? plan.time : plan.start);
  if ('failure' in days) return days;

  const readings: Reading[] = [];
  let question = days.question;
  const startClock = plan.kind === 'point' ? plan.time : plan.start;

  // A day with a part of it ("sunday morning"): that part as a range.
  if (!startClock && plan.partOfDay) {
    const [from, to] = PARTS_OF_DAY[plan.partOfDay];
    for (const d of days.dates) {
      const start = d.date.set({ hour: from });
      const end = d.date.plus({ hours: 0 }).startOf('day').plus({ days: to === 24 ? 1 : 0 }).set({ hour: to % 24 });
      readings.push({ start: start.toMillis(), end: end.toMillis(), zone, precision: 'datetime', assumptions: [...d.notes, `${plan.partOfDay} read as ${pad(from)}:00–${pad(to)}:00`] });
    }
    return withDstQuestion(readings, question);
  }
  // No time at all: a date (rule 4).
  if (!startClock) {
    for (const d of days.dates) {
      const r = wallReadings(d.date, 0, 0, zone, choice, 'date');
      readings.push(...r.map((x) => ({ ...x, assumptions: [...d.notes, ...x.assumptions] })));
    }
    return withDstQuestion(readings, question);
  }

  const hours = meridiemReadings(startClock, plan.partOfDay);
  if (hours.length > 1 && plan.day) question ??= `Do you mean ${startClock.text} in the morning or in the evening?`;

  for (const d of days.dates) {
    for (const h of hours) {
      let date = d.date;
      const notes = [...d.notes];
      // "tonight 1am": the small hours after that evening.
      if ((plan.partOfDay === 'night' || plan.partOfDay === 'evening') && plan.day && h < 6 && !startClock.named) {
        date = date.plus({ days: 1 });
        notes.push(`${startClock.text} at night read as the early hours of ${date.toFormat('cccc d LLL')}`);
      }
      // Rule 9: "<day> at midnight" is the end of that day; bare midnight is the coming one.
      if (startClock.named === 'midnight') date = date.plus({ days: 1 });
      let starts = wallReadings(date, h, startClock.minute, zone, choice, plan.day ? 'datetime' : 'time');
      // Rule 1 and rule 6: a time already past today means its next occurrence.
      const rolls = !plan.day || (plan.day.kind === 'weekday' && plan.day.modifier !== 'last' && d.rollsWeekly);
      if (rolls && starts.length && starts.every((r) => r.start <= ctx.referenceInstant)) {
        date = date.plus({ days: plan.day ? 7 : 1 });
        starts = wallReadings(date, h, startClock.minute, zone, choice, plan.day ? 'datetime' : 'time');
      }
      for (const s of starts) {
        const base = { ...s, assumptions: [...notes, ...s.assumptions] };
        if (plan.kind === 'point') {
          readings.push(base);
          continue;
        }
        // Rule 10: the end is the stated clock time; not after the start means the next day.
        const endHour = endHourAfter(plan.end, h, startClock.minute);
        let ends = wallReadings(date, endHour, plan.end.minute, zone, choice, base.precision);
        if (ends.length && ends.every((e) => e.start <= s.start)) ends = wallReadings(date.plus({ days: 1 }), endHour, plan.end.minute, zone, choice, base.precision);
        for (const e of ends) {
          readings.push({ ...base, end: e.start, assumptions: [...base.assumptions, ...e.assumptions], confirm: base.confirm ?? e.confirm });
        }
      }
    }
  }

  // Rule 2: without a date, an hour without am/pm takes the soonest future reading.
  if (hours.length > 1 && !plan.day) {
    const future = readings.filter((r) => r.start > ctx.referenceInstant).sort((a, b) => a.start - b.start);
    if (future.length) {
      const first = future[0];
      const label = DateTime.fromMillis(first.start, { zone }).toFormat('HH:mm');
      const soonest = readings.filter((r) => r.start === first.start);
      return withDstQuestion(
        soonest.map((r) => ({ ...r, assumptions: [...r.assumptions, `${startClock.text} without am/pm read as ${label}, the sooner reading.`] })),
        question,
      );
    }
  }
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
  if (t.twentyFourHour || t.hour === 0 || t.hour > 12 || /^0\d/.test(t.text)) return [t.hour];
  if (partOfDay === 'morning') return [t.hour % 12];
  // "tonight at 12" is midnight, not the noon already gone.
  if ((partOfDay === 'night' || partOfDay === 'evening') && t.hour === 12) return [0];
  if (partOfDay) return [(t.hour % 12) + 12];
  return [t.hour % 12, (t.hour % 12) + 12];
}

/** An end clock without its own am/pm is its first occurrence after the start. */
function endHourAfter(end: ClockTime, startHour: number, startMinute: number): number {
  const options = meridiemReadings(end, undefined);
  if (options.length === 1) return options[0];
  const startMin = startHour * 60 + startMinute;
  const after = options.map((h) => ({ h, gap: (h * 60 + end.minute - startMin + 1440) % 1440 || 1440 }));
  after.sort((a, b) => a.gap - b.gap);
  return after[0].h;
}

interface DayReading {
  date: DateTime;
  notes: string[];
  /** A bare weekday rolls a week forward when its time has passed (rule 6). */
  rollsWeekly?: boolean;
}

function resolveDays(
  anchor: DayAnchor | undefined,
  now: DateTime,
  ctx: ExecutionContext,
  choice: ZoneChoice | undefined,
  time: ClockTime | undefined,
): { dates: DayReading[]; question?: string } | { failure: string } {
  const today = now.startOf('day');
  if (!anchor) return { dates: [{ date: today, notes: [] }] };
  switch (anchor.kind) {
    case 'relative_day': {
      const speakerNow = DateTime.fromMillis(ctx.referenceInstant, { zone: ctx.speakerZone });
      const speakerToday = DateTime.fromObject({ year: speakerNow.year, month: speakerNow.month, day: speakerNow.day }, { zone: now.zone });
      // Rule 14: a foreign zone whose calendar date differs from the speaker's.
      if (choice && speakerToday.toISODate() !== today.toISODate()) {
        return {
          dates: [
            { date: speakerToday.plus({ days: anchor.offsetDays }), notes: [`${anchor.word} counted from your date (${speakerToday.toISODate()})`] },
            { date: today.plus({ days: anchor.offsetDays }), notes: [`${anchor.word} counted from the date in ${choice.label} (${today.toISODate()})`] },
          ],
          question: `It is already ${today.toFormat('cccc d LLL')} in ${choice.label} but ${speakerNow.toFormat('cccc d LLL')} for you; which ${anchor.word} do you mean?`,
        };
      }
      // Rule 7: "tomorrow" said after midnight but before morning may mean the coming day.
      if (anchor.word === 'tomorrow' && speakerNow.hour < 5) {
        return {
          dates: [
            { date: today, notes: ['tomorrow read as the coming day (said after midnight)'] },
            { date: today.plus({ days: 1 }), notes: ['tomorrow read as the next calendar day'] },
          ],
          question: `It is just after midnight; does "tomorrow" mean ${today.toFormat('cccc d LLL')} or ${today.plus({ days: 1 }).toFormat('cccc d LLL')}?`,
        };
      }
      return { dates: [{ date: today.plus({ days: anchor.offsetDays }), notes: [] }] };
    }
    case 'weekday': {
      const wd = today.weekday as IsoWeekday;
      if (anchor.modifier === 'last') return { dates: [{ date: today.minus({ days: (wd - anchor.weekday + 7) % 7 || 7 }), notes: [] }] };
      if (anchor.modifier === 'next') {
        const first = today.plus({ days: (anchor.weekday - wd + 7) % 7 || 7 });
        if (first.startOf('week') > today.startOf('week')) return { dates: [{ date: first, notes: [] }] };
        return {
          dates: [
            { date: first, notes: [`next ${WEEKDAYS[anchor.weekday - 1]} read as this coming one`] },
            { date: first.plus({ days: 7 }), notes: [`next ${WEEKDAYS[anchor.weekday - 1]} read as the one in the following week`] },
          ],
          question: `Do you mean ${first.toFormat('cccc d LLL')} or ${first.plus({ days: 7 }).toFormat('cccc d LLL')}?`,
        };
      }
      return { dates: [{ date: today.plus({ days: (anchor.weekday - wd + 7) % 7 }), notes: [], rollsWeekly: time !== undefined }] };
    }
    case 'date': {
      const orders = anchor.dayMonthOrderUnknown ? [[anchor.month, anchor.day], [anchor.day, anchor.month]] : [[anchor.month, anchor.day]];
      const dates: DayReading[] = [];
      for (const [month, day] of orders) {
        const date = nextDate(today, anchor.year, month, day);
        if (date) dates.push({ date, notes: anchor.dayMonthOrderUnknown ? [`${anchor.month}/${anchor.day} read as ${date.toFormat('d LLLL')}`] : [] });
      }
      if (!dates.length) return { failure: `${anchor.month}/${anchor.day}${anchor.year ? `/${anchor.year}` : ''} is not a date.` };
      // The weekday said with the date must agree with it ("friday nov 27"); otherwise ask.
      if (anchor.weekday && dates.some((d) => d.date.weekday !== anchor.weekday)) {
        const said = WEEKDAYS[anchor.weekday - 1];
        const nearest = dates.map((d) => ({ date: d.date.plus({ days: ((((anchor.weekday! - d.date.weekday + 7) % 7) + 3) % 7) - 3 }), notes: [`the ${said} nearest the date`] }));
        return { dates: [...dates, ...nearest], question: `${dates.map((d) => d.date.toFormat('d LLLL yyyy')).join(' / ')} is not a ${said}; which day do you mean?` };
      }
      return { dates, question: dates.length > 1 ? 'Is the date day/month or month/day?' : undefined };
    }
    case 'holiday': {
      if (!ctx.country) return { dates: [], question: `Which country's ${anchor.phrase} do you mean? Send the country with the request.` };
      const hd = ctx.subdivision ? new Holidays(ctx.country, ctx.subdivision) : new Holidays(ctx.country);
      for (const year of [today.year, today.year + 1]) {
        const match = (hd.getHolidays(year, 'en') ?? []).find((h) => !/substitute/i.test(h.name) && holidayKey(h.name) === anchor.phrase);
        if (!match) continue;
        const date = DateTime.fromISO(match.date.slice(0, 10), { zone: now.zone });
        if (date >= today) return { dates: [{ date, notes: [`${match.name} in ${ctx.country}${ctx.subdivision ? `-${ctx.subdivision}` : ''}`] }] };
      }
      return { failure: `No ${anchor.phrase} holiday in ${ctx.country} within a year.` };
    }
    case 'nth_weekday': {
      if (anchor.month) {
        const year = today.year;
        let date = nthWeekday(year, anchor.month, anchor.n, anchor.weekday, now);
        if (!date || date < today) date = nthWeekday(year + 1, anchor.month, anchor.n, anchor.weekday, now);
        return date ? { dates: [{ date, notes: [] }] } : { failure: 'That month has no such weekday.' };
      }
      const month = today.plus({ months: anchor.monthOffset ?? 0 });
      const date = nthWeekday(month.year, month.month, anchor.n, anchor.weekday, now);
      if (!date) return { failure: 'That month has no such weekday.' };
      if (date < today) {
        const following = today.plus({ months: 1 });
        const next = nthWeekday(following.year, following.month, anchor.n, anchor.weekday, now);
        return next
          ? { dates: [{ date: next, notes: ['this month has already passed that day; read as next month'] }], question: `That day has passed this month; do you mean ${next.toFormat('cccc d LLL')}?` }
          : { failure: 'That day has passed this month.' };
      }
      return { dates: [{ date, notes: [] }] };
    }
    case 'end_of_month': {
      let month = anchor.month ? DateTime.fromObject({ year: today.year, month: anchor.month, day: 1 }, { zone: now.zone }) : today.startOf('month');
      if (month.endOf('month') < today) month = month.plus({ years: 1 });
      return { dates: [{ date: month.endOf('month').startOf('day'), notes: ['end of month read as its last day'] }] };
    }
  }
}

function nextDate(today: DateTime, year: number | undefined, month: number, day: number): DateTime | undefined {
  const make = (y: number) => {
    const d = DateTime.fromObject({ year: y, month, day }, { zone: today.zone });
    return d.isValid && d.day === day ? d : undefined;
  };
  if (year !== undefined) return make(year);
  // Rule 5: the next occurrence on or after today (Feb 29 waits for a leap year).
  for (let y = today.year; y <= today.year + 8; y++) {
    const d = make(y);
    if (d && d >= today) return d;
  }
  return undefined;
}

function nthWeekday(year: number, month: number, n: number, weekday: IsoWeekday, now: DateTime): DateTime | undefined {
  const first = DateTime.fromObject({ year, month, day: 1 }, { zone: now.zone });
  if (n === -1) {
    const last = first.endOf('month').startOf('day');
    return last.minus({ days: (last.weekday - weekday + 7) % 7 });
  }
  const date = first.plus({ days: (weekday - first.weekday + 7) % 7 + 7 * (n - 1) });
  return date.month === month ? date : undefined;
}

/**
 * A wall time on a date in a zone: one reading normally, two in a DST fold, the shift-forward
 * reading (to confirm) in a gap; an abbreviation's offset or an explicit offset settles both (rule 15).
 */
const OFFSET_SLOT_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();
const zoneCache = new Map<string, Zone>();

/**
 * The zone's UTC offset (minutes) at an instant, from luxon's zone rules. Offsets only change on
 * 15-minute UTC boundaries (true of every zone in the tz database today), so one lookup per
 * zone and 15-minute slot is exact; the cache is bounded.
 */
function zoneOffset(zone: string, ms: number): number {
  const key = `${zone}|${Math.floor(ms / OFFSET_SLOT_MS)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    // Any zone form luxon accepts: IANA names and fixed offsets such as UTC+5:30.
    let z = zoneCache.get(zone);
    if (!z) {
      z = Info.normalizeZone(zone);
      if (zoneCache.size > 1_000) zoneCache.clear(); // zone names come from callers: keep it bounded
      zoneCache.set(zone, z);
    }
    offset = z.offset(ms);
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

function wallReadings(date: DateTime, hour: number, minute: number, zone: string, choice: ZoneChoice | undefined, precision: Precision): Reading[] {
  const wall = { year: date.year, month: date.month, day: date.day, hour, minute };
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, hour, minute);
  const offsets = new Set<number>();
  for (const probe of [-36, -12, 0, 12, 36]) offsets.add(zoneOffset(zone, wallAsUtc + probe * 3600_000));
  // An offset is a real reading when the instant it gives shows exactly this wall time.
  const instants = [...offsets]
    .map((o) => wallAsUtc - o * 60_000)
    .filter((ms) => ms + zoneOffset(zone, ms) * 60_000 === wallAsUtc)
    .sort((a, b) => a - b);
  const reading = (ms: number, extra: string[] = [], confirm?: string): Reading => ({ start: ms, zone, precision, assumptions: extra, confirm });
  const abbr = choice?.offsetMinutes !== undefined && !choice.explicitOffset ? choice : undefined;

  if (instants.length === 0) {
    if (abbr) {
      const ms = wallAsUtc - abbr.offsetMinutes! * 60_000;
      return [reading(ms, [`${abbr.label} offset used for a clock time that does not exist in ${zone} on ${date.toISODate()}`])];
    }
    const shifted = DateTime.fromObject(wall, { zone });
    return [reading(shifted.toMillis(), [`${pad(hour)}:${pad(minute)} does not exist on ${date.toISODate()} in ${zone} (clocks skip ahead); shifted forward`], `${pad(hour)}:${pad(minute)} does not exist on ${date.toISODate()} in ${zone}; do you mean ${shifted.toFormat('HH:mm')}?`)];
  }
  if (instants.length > 1) {
    if (abbr) {
      const match = instants.find((ms) => DateTime.fromMillis(ms, { zone }).offset === abbr.offsetMinutes);
      if (match !== undefined) return [reading(match)];
    }
    return instants.map((ms) => reading(ms, [`${pad(hour)}:${pad(minute)} happens twice on ${date.toISODate()} in ${zone}; this is the ${DateTime.fromMillis(ms, { zone }).toFormat('ZZZZ')} one`], `${pad(hour)}:${pad(minute)} happens twice on ${date.toISODate()} in ${zone}; which one do you mean?`));
  }
  const ms = instants[0];
  const extra: string[] = [];
  if (abbr) {
    const actual = DateTime.fromMillis(ms, { zone });
    // Rule 12: a wrong-season abbreviation means the region's civil time.
    if (actual.offset !== abbr.offsetMinutes) extra.push(`${abbr.label} read as civil time in ${zone} (${actual.toFormat('ZZZZ')} on ${date.toISODate()})`);
  }
  return [reading(ms, extra)];
}

const pad = (n: number) => String(n).padStart(2, '0');

const PARTS_OF_DAY: Record<PartOfDay, [number, number]> = { morning: [6, 12], afternoon: [12, 18], evening: [18, 24], night: [18, 24] };

function executePeriod(period: string, now: DateTime, zone: string): Execution {
  const today = now.startOf('day');
  const wd = today.weekday;
  const range = (start: DateTime, end: DateTime, precision: Precision, notes: string[] = []): Reading => ({ start: start.toMillis(), end: end.toMillis(), zone, precision, assumptions: notes });
  switch (period) {
    case 'tonight':
      return { readings: [range(today.set({ hour: 18 }), today.plus({ days: 1 }), 'datetime', ['tonight read as 18:00–24:00'])] };
    case 'this_weekend': {
      const sat = wd === 7 ? today.minus({ days: 1 }) : today.plus({ days: (6 - wd + 7) % 7 });
      return { readings: [range(sat, sat.plus({ days: 2 }), 'date', ['weekend read as Saturday 00:00 to Monday 00:00'])] };
    }
    case 'next_weekend': {
      const coming = today.plus({ days: (6 - wd + 7) % 7 || 7 });
      if (wd >= 6) return { readings: [range(coming, coming.plus({ days: 2 }), 'date')] };
      const after = coming.plus({ days: 7 });
      return { readings: [range(coming, coming.plus({ days: 2 }), 'date'), range(after, after.plus({ days: 2 }), 'date')], question: 'Do you mean this coming weekend or the one after?' };
    }
    case 'this_week': {
      const mon = today.startOf('week');
      return { readings: [range(mon, mon.plus({ weeks: 1 }), 'date')] };
    }
    default: {
      const mon = today.startOf('week').plus({ weeks: 1 });
      return { readings: [range(mon, mon.plus({ weeks: 1 }), 'date', ['week read as Monday 00:00 to Monday 00:00'])] };
    }
  }
}

export function canonical(ms: number, zone: string, precision: Precision): TimeCanonical {
  const dt = DateTime.fromMillis(ms, { zone });
  return {
    isoInstant: new Date(ms - (ms % 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    zonedDateTime: `${dt.toFormat("yyyy-MM-dd'T'HH:mm:ssZZ")}[${dt.zoneName ?? zone}]`,
    timeZone: dt.zoneName ?? zone,
    precision,
    weekday: WEEKDAYS[dt.weekday - 1],
  };
}

export function label(r: Reading): string {
  const fmt = (ms: number) => {
    const dt = DateTime.fromMillis(ms, { zone: r.zone }).setLocale('en-US');
    return r.precision === 'date' ? dt.toFormat('cccc d LLL yyyy') : dt.toFormat('cccc d LLL yyyy, HH:mm ZZZZ');
  };
  return r.end !== undefined ? `${fmt(r.start)} – ${fmt(r.end)}` : fmt(r.start);
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
