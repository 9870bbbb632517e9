import { Info, type Zone } from 'luxon';

/**
 * Civil dates and wall times in a zone, for the executor's hot path. The zone rules are luxon's
 * (its IANA zones answer "what is the UTC offset at this instant"); what is here is calendar
 * arithmetic on day numbers and an exact, bounded cache of those offsets, so a parse asks the
 * zone database a handful of times instead of once per intermediate date object.
 */

/** Days since 1970-01-01 in the proleptic Gregorian calendar; zone-free. */
export type DayNumber = number;

const DAY_MS = 86_400_000;

export function dayNumber(year: number, month: number, day: number): DayNumber {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export function civil(day: DayNumber): CivilDate {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: DayNumber): number {
  // 1970-01-01 was a Thursday (4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day of the month `months` later, clamped to the month's end (luxon's rule). */
export function plusMonths(day: DayNumber, months: number): DayNumber {
  const c = civil(day);
  const index = c.year * 12 + (c.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return dayNumber(year, month, Math.min(c.day, daysInMonth(year, month)));
}

/** Monday of the ISO week that holds `day`. */
export function startOfWeek(day: DayNumber): DayNumber {
  return day - (weekdayOf(day) - 1);
}

/** Day number → its ISO date and its label: pure, asked for a few days over and over (bounded). */
const isoDates = new Map<DayNumber, string>();
const dayLabels = new Map<DayNumber, string>();
const dayLabelsWithYear = new Map<DayNumber, string>();
function remember(cache: Map<DayNumber, string>, day: DayNumber, value: string): string {
  if (cache.size > 10_000) cache.clear();
  cache.set(day, value);
  return value;
}

export function isoDate(day: DayNumber): string {
  return isoDates.get(day) ?? remember(isoDates, day, computeIsoDate(day));
}

function computeIsoDate(day: DayNumber): string {
  const { year, month, day: d } = civil(day);
  return `${year < 0 || year > 9999 ? new Date(day * DAY_MS).toISOString().slice(0, -14) : String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${d < 10 ? '0' : ''}${d}`;
}

const OFFSET_SLOT_MS = 15 * 60_000;
/** Per zone: 15-minute slot → offset. */
const offsetCache = new Map<string, Map<number, number>>();
let cachedOffsets = 0;
const zoneCache = new Map<string, Zone>();

/** luxon's zone for a name (IANA, or a fixed offset such as UTC+5:30); bounded cache, names come from callers. */
export function zoneFor(name: string): Zone {
  let z = zoneCache.get(name);
  if (!z) {
    z = Info.normalizeZone(name);
    if (zoneCache.size > 1_000) zoneCache.clear();
    zoneCache.set(name, z);
  }
  return z;
}

export function isValidZone(name: string): boolean {
  return zoneFor(name).isValid;
}

/** The zone's id as a result names it (luxon's spelling of the zone). */
export function zoneName(name: string): string {
  return zoneFor(name).name || name;
}

/**
 * The zone's UTC offset (minutes) at an instant. Offsets only change on 15-minute UTC boundaries
 * (true of every zone in the tz database today), so one lookup per zone and 15-minute slot is exact.
 */
export function zoneOffset(zone: string, ms: number): number {
  let days = dayOffsetCache.get(zone);
  if (!days) {
    if (dayOffsetCache.size > 1_000) dayOffsetCache.clear();
    days = new Map();
    dayOffsetCache.set(zone, days);
  }
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    // The same offset at a UTC day's start and the next day's start: none changed in between
    // (no zone changes its offset twice within 30 hours), so one entry answers the whole day.
    const start = slotOffset(zone, day * DAY_MS);
    offset = start === slotOffset(zone, (day + 1) * DAY_MS) ? start : NaN;
    if (days.size > 20_000) days.clear();
    days.set(day, offset);
  }
  return Number.isNaN(offset) ? slotOffset(zone, ms) : offset;
}

/** Per zone and UTC day: the offset when it holds all day, NaN on a day the offset changes. */
const dayOffsetCache = new Map<string, Map<number, number>>();

/** The offset of the 15-minute slot holding the instant. */
function slotOffset(zone: string, ms: number): number {
  let slots = offsetCache.get(zone);
  if (!slots) {
    if (offsetCache.size > 1_000) offsetCache.clear(); // zone names come from callers: keep it bounded
    slots = new Map();
    offsetCache.set(zone, slots);
  }
  const slot = Math.floor(ms / OFFSET_SLOT_MS);
  let offset = slots.get(slot);
  if (offset === undefined) {
    offset = zoneFor(zone).offset(ms);
    if (++cachedOffsets > 50_000) {
      offsetCache.clear();
      cachedOffsets = 0;
    }
    slots.set(slot, offset);
  }
  return offset;
}

/** A wall clock reading of an instant in a zone. */
export interface Local {
  day: DayNumber;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC. */
  offset: number;
}

export function local(ms: number, zone: string): Local {
  const offset = zoneOffset(zone, ms);
  const wall = ms + offset * 60_000;
  const day = Math.floor(wall / DAY_MS);
  const inDay = wall - day * DAY_MS;
  return { day, hour: Math.floor(inDay / 3_600_000), minute: Math.floor(inDay / 60_000) % 60, second: Math.floor(inDay / 1000) % 60, offset };
}

/**
 * Every instant that shows this wall time in the zone, earliest first: one normally, two in a
 * fold, none in a gap.
 */
export function wallInstants(zone: string, day: DayNumber, hour: number, minute: number): number[] {
  const wallAsUtc = day * DAY_MS + hour * 3_600_000 + minute * 60_000;
  // Every offset in force within 15 hours either side (no zone is further from UTC, and no zone
  // changes its offset twice in 30 hours): the readings can only use those.
  const a = zoneOffset(zone, wallAsUtc - 15 * 3_600_000);
  const b = zoneOffset(zone, wallAsUtc);
  const c = zoneOffset(zone, wallAsUtc + 15 * 3_600_000);
  const out: number[] = [];
  // An offset is a real reading when the instant it gives shows exactly this wall time.
  for (const o of a === b && b === c ? [a] : a === b ? [a, c] : b === c || a === c ? [a, b] : [a, b, c]) {
    const ms = wallAsUtc - o * 60_000;
    if (ms + zoneOffset(zone, ms) * 60_000 === wallAsUtc) out.push(ms);
  }
  return out.length > 1 ? out.sort((x, y) => x - y) : out;
}

/** A wall time in a gap moved forward by the gap's length (what clocks show after skipping ahead). */
export function shiftedForward(zone: string, day: DayNumber, hour: number, minute: number): number {
  const wallAsUtc = day * DAY_MS + hour * 3_600_000 + minute * 60_000;
  // The offset in force before the gap.
  return wallAsUtc - zoneOffset(zone, wallAsUtc - 36 * 3_600_000) * 60_000;
}

/** The instant of a wall time: the earlier one in a fold, shifted forward in a gap. */
export function wallInstant(zone: string, day: DayNumber, hour = 0, minute = 0): number {
  const instants = wallInstants(zone, day, hour, minute);
  return instants.length ? instants[0] : shiftedForward(zone, day, hour, minute);
}

export const pad = (n: number) => String(n).padStart(2, '0');

/** "+09:00" */
export function offsetText(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const a = Math.abs(offset);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

const shortNames = new Map<string, string>();

/** The short name of the zone's offset at an instant ("EST", "GMT+9"), from Intl; cached per zone and offset. */
export function offsetName(zone: string, ms: number): string {
  const offset = zoneOffset(zone, ms);
  const key = `${zone}|${offset}`;
  let name = shortNames.get(key);
  if (name === undefined) {
    name = zoneFor(zone).offsetName(ms, { format: 'short', locale: 'en-US' }) ?? offsetText(offset);
    if (shortNames.size > 5_000) shortNames.clear();
    shortNames.set(key, name);
  }
  return name;
}

export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const WEEKDAY_TITLES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_TITLES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Friday 20 Nov" */
export function dayLabel(day: DayNumber): string {
  return dayLabels.get(day) ?? remember(dayLabels, day, computeDayLabel(day));
}

function computeDayLabel(day: DayNumber): string {
  const c = civil(day);
  return `${WEEKDAY_TITLES[weekdayOf(day) - 1]} ${c.day} ${MONTH_TITLES[c.month - 1].slice(0, 3)}`;
}

/** "Friday 20 Nov 2026" */
export function dayLabelWithYear(day: DayNumber): string {
  return dayLabelsWithYear.get(day) ?? remember(dayLabelsWithYear, day, `${dayLabel(day)} ${civil(day).year}`);
}

/** "20 November" */
export function dayMonth(day: DayNumber): string {
  const c = civil(day);
  return `${c.day} ${MONTH_TITLES[c.month - 1]}`;
}

/** "20 November 2026" */
export function dayMonthYear(day: DayNumber): string {
  return `${dayMonth(day)} ${civil(day).year}`;
}

/** "20:00" */
export function clockLabel(l: Local): string {
  return `${pad(l.hour)}:${pad(l.minute)}`;
}
