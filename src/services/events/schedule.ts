import { MAX_EVENT_SPAN_MS } from '../../lib/eventWindow.js';
import { DateTime } from 'luxon';
import { dayNumber, isValidZone, wallInstants } from '../time/engine/civil.js';
import type { FieldError } from '../errors.js';

/** A wall-clock time of a draft or contribution (contract 2.1). */
export interface TimePoint {
  time: string;
  dayOffset?: number;
  occurrence?: 'earlier' | 'later';
}

export interface ScheduleInput {
  eventDate?: unknown;
  timeTba?: unknown;
  timezone?: unknown;
  start?: TimePoint | null;
  end?: TimePoint | null;
  doors?: TimePoint | null;
  lineup?: { start?: TimePoint | null; end?: TimePoint | null }[] | null;
}

export interface Schedule {
  eventDate: string;
  timezone: string;
  scheduleKind: 'timed' | 'date_only';
  startAt: number | null;
  endAt: number | null;
  doorsOpenAt: number | null;
  /** Per lineup row, its slot instants (null where the row has no time, and on date-only events). */
  slots: { startAt: number | null; endAt: number | null }[];
}

const SLOT_LEAD_MS = 6 * 3_600_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a real calendar day. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  return !!m && DateTime.fromObject({ year: +m[1], month: +m[2], day: +m[3] }, { zone: 'UTC' }).isValid;
}

/**
 * Places one wall time on the event's calendar (decisions §4): a time in a skipped
 * (spring-forward) hour does not exist and is refused; a time in a repeated (fall-back) hour
 * needs `occurrence`. `rollAfter`: with no explicit dayOffset, a time not after this instant
 * moves to the next day (an end or a late slot after midnight).
 */
function place(point: TimePoint, eventDate: string, zone: string, pointer: string, errors: FieldError[], rollAfter?: number): number | null {
  const [h, m] = point.time.split(':').map(Number);
  const [y, mo, d] = eventDate.split('-').map(Number);
  const base = dayNumber(y, mo, d);
  const at = (offset: number): number | null => {
    const instants = wallInstants(zone, base + offset, h, m);
    if (instants.length === 0) {
      errors.push({ pointer, message: `${point.time} does not exist on that day in ${zone} (the clocks skip it); choose another time` });
      return null;
    }
    if (instants.length > 1) {
      if (!point.occurrence) {
        errors.push({ pointer: `${pointer}/occurrence`, message: `${point.time} happens twice on that day in ${zone} (the clocks go back); say "earlier" or "later"` });
        return null;
      }
      return point.occurrence === 'earlier' ? Math.min(...instants) : Math.max(...instants);
    }
    return instants[0];
  };
  if (point.dayOffset !== undefined || rollAfter === undefined) return at(point.dayOffset ?? 0);
  const sameDay = at(0);
  if (sameDay === null || sameDay > rollAfter) return sameDay;
  return at(1);
}

/**
 * Computes the instants of an event from its date, wall times and zone, or the field errors
 * that stop it from being published. Pointers are relative to the fields object (`/start`).
 */
export function computeSchedule(input: ScheduleInput, fallbackZone: string): { schedule?: Schedule; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (!isCalendarDate(input.eventDate)) {
    errors.push({ pointer: '/eventDate', message: input.eventDate == null ? 'is required' : 'must be a calendar date YYYY-MM-DD' });
  }
  const zone = typeof input.timezone === 'string' && input.timezone ? input.timezone : fallbackZone;
  if (!isValidZone(zone)) errors.push({ pointer: '/timezone', message: 'must be an IANA time zone such as Europe/Berlin' });
  const dateOnly = input.timeTba === true;
  if (!dateOnly && !input.start) errors.push({ pointer: '/start', message: 'is required unless timeTba is true' });
  if (errors.length) return { errors };
  const eventDate = input.eventDate as string;
  const lineup = input.lineup ?? [];
  if (dateOnly) {
    // Decisions §4: a date-only event never gets a synthesised midnight, nor slot times.
    return { errors, schedule: { eventDate, timezone: zone, scheduleKind: 'date_only', startAt: null, endAt: null, doorsOpenAt: null, slots: lineup.map(() => ({ startAt: null, endAt: null })) } };
  }
  const startAt = place(input.start!, eventDate, zone, '/start', errors);
  const endAt = input.end ? place(input.end, eventDate, zone, '/end', errors, startAt ?? undefined) : null;
  const doorsOpenAt = input.doors ? place(input.doors, eventDate, zone, '/doors', errors) : null;
  if (startAt !== null && endAt !== null && endAt <= startAt) errors.push({ pointer: '/end', message: 'must be after the start' });
  if (startAt !== null && endAt !== null && endAt - startAt > MAX_EVENT_SPAN_MS) errors.push({ pointer: '/end', message: 'must be within 31 days of the start' });
  if (startAt !== null && doorsOpenAt !== null && doorsOpenAt > startAt) errors.push({ pointer: '/doors', message: 'must not be after the start' });
  const slots = lineup.map((row, i) => {
    // A slot more than six hours before the start is after midnight ("01:00" in a 21:00 event).
    const s = row.start ? place(row.start, eventDate, zone, `/lineup/${i}/start`, errors, startAt !== null ? startAt - SLOT_LEAD_MS : undefined) : null;
    const e = row.end ? place(row.end, eventDate, zone, `/lineup/${i}/end`, errors, s ?? startAt ?? undefined) : null;
    if (s !== null && e !== null && e <= s) errors.push({ pointer: `/lineup/${i}/end`, message: 'must be after the slot start' });
    return { startAt: s, endAt: e };
  });
  if (errors.length) return { errors };
  return { errors, schedule: { eventDate, timezone: zone, scheduleKind: 'timed', startAt, endAt, doorsOpenAt, slots } };
}
