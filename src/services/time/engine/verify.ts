import { holidayLibrary } from './holidayLibrary.js';
import { holidayKey } from './planner.js';
import { isValidZone, zoneOffset } from './civil.js';
import type { ClockTime, DayAnchor, PartOfDay, TimePlan } from './types.js';

/**
 * The safety net before `resolved` (decisions §5: a wrong answer given as resolved is the worst
 * outcome). The computed instant is read back in the zone it was computed for, apart from the
 * executor's own calendar arithmetic, and every constraint the text stated is checked on
 * it (the zone's offset at that instant, then the plain UTC calendar): the weekday, the day of the month and the month (and year), the holiday for the request's
 * country, the month's first or last day, the clock time and the part of the day. Any
 * disagreement is returned as a reason to ask instead.
 */
export interface Resolved {
  start: number;
  end?: number;
  zone: string;
}
export interface VerifyContext {
  referenceInstant: number;
  speakerZone: string;
  country?: string;
  subdivision?: string;
}

export function disagreement(plan: TimePlan, r: Resolved, ctx: VerifyContext): string | undefined {
  if (r.end !== undefined && r.end <= r.start) return 'The range ends before it starts.';
  if (plan.kind === 'relative' || plan.kind === 'period') return undefined;
  const zone = r.zone;
  if (!isValidZone(zone)) return 'The time could not be read back in its zone.';
  const at = wall(r.start, zone);
  if (!at) return 'The time could not be read back in its zone.';
  if (plan.kind === 'between') {
    const end = wall(r.end ?? r.start, zone)!;
    // A day span ends at 00:00 after its last day.
    const lastDay = plan.end.time ? end : { ...end, ...calendar(end.utcDay - DAY) };
    return checkDay(plan.start.day, at, plan.start.time, undefined, ctx, 0) ?? checkClock(plan.start.time, at) ?? checkDay(plan.end.day, lastDay, plan.end.time, undefined, ctx, 0) ?? checkClock(plan.end.time, end);
  }
  const time = plan.kind === 'point' ? plan.time : plan.start;
  // An abbreviation's fixed offset settles a wall time the zone skips or repeats (rule 15): read back at that offset too.
  const offset = plan.zones.length === 1 ? plan.zones[0].offsetMinutes : undefined;
  const atOffset = offset !== undefined ? wall(r.start, offset) : undefined;
  const day = checkDay(plan.day, at, time, plan.partOfDay, ctx, plan.shiftDays ?? 0);
  if (day && !(atOffset && !checkDay(plan.day, atOffset, time, plan.partOfDay, ctx, plan.shiftDays ?? 0))) return day;
  const clock = checkClock(time, at);
  if (clock && !(atOffset && !checkClock(time, atOffset))) return clock;
  return checkPartOfDay(plan.partOfDay, time, at);
}

const DAY = 86_400_000;
/** A calendar day, counted by the proleptic Gregorian calendar of `Date.UTC`. */
interface CalendarDay {
  year: number;
  month: number;
  day: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Midnight UTC of that calendar day, to count days between two of them. */
  utcDay: number;
  daysInMonth: number;
}
interface Wall extends CalendarDay {
  hour: number;
  minute: number;
  second: number;
}

function calendar(utcDay: number): CalendarDay {
  const d = new Date(utcDay);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  return { year, month, day: d.getUTCDate(), weekday: d.getUTCDay() || 7, utcDay, daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

/** The wall clock of an instant in a zone: the zone's UTC offset then (luxon's zone rules), then the UTC calendar. */
function wall(ms: number, zone: string | number): Wall | undefined {
  const offset = typeof zone === 'number' ? zone : zoneOffset(zone, ms);
  if (!Number.isFinite(offset)) return undefined;
  const t = ms + offset * 60_000;
  const utcDay = Math.floor(t / DAY) * DAY;
  const inDay = t - utcDay;
  const d = new Date(utcDay);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  return {
    year,
    month,
    day: d.getUTCDate(),
    weekday: d.getUTCDay() || 7,
    utcDay,
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
    hour: Math.floor(inDay / 3_600_000),
    minute: Math.floor(inDay / 60_000) % 60,
    second: Math.floor(inDay / 1000) % 60,
  };
}

/** The days the anchor may be on, given shifts the rules make: "<day> at midnight" and "tonight 1am" are the next day. */
function anchoredDays(at: Wall, time: ClockTime | undefined, partOfDay: PartOfDay | undefined, shiftDays: number): CalendarDay[] {
  const day = calendar(at.utcDay - shiftDays * DAY);
  const nextDay = time?.named === 'midnight' || time?.nextDay === true || ((partOfDay === 'night' || partOfDay === 'evening') && at.hour < 6);
  return nextDay ? [day, calendar(day.utcDay - DAY)] : [day];
}

function checkDay(anchor: DayAnchor | undefined, at: Wall, time: ClockTime | undefined, partOfDay: PartOfDay | undefined, ctx: VerifyContext, shiftDays: number): string | undefined {
  if (!anchor) return undefined;
  const days = anchoredDays(at, time, partOfDay, shiftDays);
  const weekday = 'weekday' in anchor ? anchor.weekday : undefined;
  if (weekday && !days.some((d) => d.weekday === weekday)) return `The computed day is not a ${['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][weekday - 1]}.`;
  switch (anchor.kind) {
    case 'date':
      if (anchor.dayMonthOrderUnknown) return undefined;
      if (!days.some((d) => d.month === anchor.month && d.day === anchor.day && (anchor.year === undefined || d.year === anchor.year))) return 'The computed day is not the date given.';
      return undefined;
    case 'day_of_month':
      return days.some((d) => d.day === anchor.day) ? undefined : 'The computed day is not the day of the month given.';
    case 'month_edge':
      if (anchor.month !== undefined && !days.some((d) => d.month === anchor.month)) return 'The computed day is not in the month given.';
      return days.some((d) => (anchor.edge === 'start' ? d.day === 1 : d.day === d.daysInMonth)) ? undefined : `The computed day is not the ${anchor.edge === 'start' ? 'first' : 'last'} day of a month.`;
    case 'holiday':
      if (anchor.fixed) return days.some((d) => d.month === anchor.fixed!.month && d.day === anchor.fixed!.day) ? undefined : `The computed day is not ${anchor.phrase}.`;
      return days.some((d) => [anchor.phrase, ...(anchor.alsoKeys ?? [])].some((key) => isHoliday(d, key, ctx))) ? undefined : `The computed day is not ${anchor.phrase} in ${ctx.country ?? 'the request country'}.`;
    case 'relative_day': {
      // "today"/"tomorrow" count from the speaker's calendar day (rule 14 asks when the zone's differs).
      const today = wall(ctx.referenceInstant, ctx.speakerZone)!;
      return days.some((d) => (d.utcDay - today.utcDay) / DAY === anchor.offsetDays) ? undefined : `The computed day is not ${anchor.word.replace(/_/g, ' ')}.`;
    }
    default:
      return undefined;
  }
}

const holidayDays = new Map<string, Set<string>>();
/** "key|yyyy-mm-dd" of a country's (or its subdivisions') holidays in a year, in English, from the holiday library. */
function holidaysIn(country: string, subdivision: string | undefined, year: number): Set<string> {
  const id = `${country}/${subdivision ?? ''}/${year}`;
  let set = holidayDays.get(id);
  if (!set) {
    set = new Set();
    const calendars = subdivision ? [new (holidayLibrary())(country, subdivision)] : [new (holidayLibrary())(country), ...Object.keys(new (holidayLibrary())().getStates(country) ?? {}).map((s) => new (holidayLibrary())(country, s))];
    for (const hd of calendars) for (const h of hd.getHolidays(year, 'en') ?? []) set.add(`${holidayKey(h.name)}|${h.date.slice(0, 10)}`);
    if (holidayDays.size > 500) holidayDays.clear();
    holidayDays.set(id, set);
  }
  return set;
}

/** Whether the holiday library, for the request's country, has that holiday on that local date. */
function isHoliday(d: CalendarDay, phrase: string, ctx: VerifyContext): boolean {
  if (!ctx.country) return false;
  return holidaysIn(ctx.country, ctx.subdivision, d.year).has(`${phrase}|${new Date(d.utcDay).toISOString().slice(0, 10)}`);
}

/** The clock time said, on the 12- or 24-hour clock, must be the wall time of the instant. */
function checkClock(time: ClockTime | undefined, at: Wall): string | undefined {
  if (!time) return undefined;
  const hour12 = time.hour % 12;
  const hours = time.named === 'midnight' ? [0] : time.named === 'noon' ? [12] : time.meridiem === 'am' ? [hour12] : time.meridiem === 'pm' ? [hour12 + 12] : [time.hour % 24, hour12, hour12 + 12];
  if (!hours.includes(at.hour) || at.minute !== time.minute || (time.second !== undefined && at.second !== time.second)) return `The computed time is not ${time.text}.`;
  return undefined;
}

const PART_HOURS: Record<PartOfDay, (h: number) => boolean> = {
  morning: (h) => h < 12,
  afternoon: (h) => h >= 12 && h < 19,
  evening: (h) => h >= 17 || h < 6,
  night: (h) => h >= 18 || h < 6,
};

function checkPartOfDay(partOfDay: PartOfDay | undefined, time: ClockTime | undefined, at: Wall): string | undefined {
  if (!partOfDay || !time || time.named) return undefined;
  return PART_HOURS[partOfDay](at.hour) ? undefined : `The computed time is not in the ${partOfDay}.`;
}
