import { DateTime } from 'luxon';

/** The schedule columns an event's time window is computed from. */
export interface EventSchedule {
  scheduleKind: 'timed' | 'date_only';
  eventDate: string;
  startAt: number | null;
  endAt: number | null;
  timezone: string | null;
}

/**
 * When an event is under way, as instants (decisions §4): a timed event from its start to its
 * end, or to the end of its local start day when it has no end; a date-only event (or a timed
 * one still without a start) over its whole local date. Zone-less events use UTC. Stored with
 * the event, so discovery lists, search and feeds filter and order by an index.
 */
export function eventWindow(e: EventSchedule): { startsAt: number; endsAt: number } {
  const zone = e.timezone ?? 'UTC';
  if (e.scheduleKind === 'date_only' || e.startAt === null) {
    const day = DateTime.fromISO(e.eventDate, { zone }).startOf('day');
    const startsAt = day.isValid ? day.toMillis() : Date.parse(`${e.eventDate}T00:00:00Z`);
    const next = day.isValid ? day.plus({ days: 1 }).toMillis() : startsAt + 86_400_000;
    return { startsAt, endsAt: next };
  }
  // The end of the local start day (a zone lookup) only when there is no end.
  if (e.endAt !== null) return { startsAt: e.startAt, endsAt: e.endAt };
  return { startsAt: e.startAt, endsAt: DateTime.fromMillis(e.startAt, { zone }).startOf('day').plus({ days: 1 }).toMillis() };
}

/**
 * The longest an event may be under way and still be found by discovery lists (31 days). Lists
 * look for in-progress events no further back than this, so their index scans stay bounded;
 * event writes keep an event's end within this span of its start.
 */
export const MAX_EVENT_SPAN_MS = 31 * 86_400_000;

/**
 * Most events last hours, a date-only one a day. Events whose window is longer than this are
 * marked long, and lists look for short in-progress events only this far back, for long ones
 * as far back as MAX_EVENT_SPAN_MS: two narrow index ranges instead of a month of past rows.
 */
export const SHORT_EVENT_SPAN_MS = 2 * 86_400_000;
