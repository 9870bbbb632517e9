import { DateTime } from 'luxon';

/**
 * An event's time window as migration 20261125000100 computed it on its date (decisions §4),
 * copied from src/lib/eventWindow.ts of that date and never changed since, so a later change to
 * the live rule does not change what that migration does: a timed event from its start to its
 * end, or to the end of its local start day when it has no end; a date-only event (or a timed one
 * still without a start) over its whole local date; zone-less events in UTC.
 */
export function eventWindow(e: { scheduleKind: 'timed' | 'date_only'; eventDate: string; startAt: number | null; endAt: number | null; timezone: string | null }): {
  startsAt: number;
  endsAt: number;
} {
  const zone = e.timezone ?? 'UTC';
  if (e.scheduleKind === 'date_only' || e.startAt === null) {
    const day = DateTime.fromISO(e.eventDate, { zone }).startOf('day');
    const startsAt = day.isValid ? day.toMillis() : Date.parse(`${e.eventDate}T00:00:00Z`);
    const next = day.isValid ? day.plus({ days: 1 }).toMillis() : startsAt + 86_400_000;
    return { startsAt, endsAt: next };
  }
  const endOfDay = DateTime.fromMillis(e.startAt, { zone }).startOf('day').plus({ days: 1 }).toMillis();
  return { startsAt: e.startAt, endsAt: e.endAt ?? endOfDay };
}

/** Windows longer than this (two days) were marked long on that date. */
export const SHORT_EVENT_SPAN_MS = 2 * 86_400_000;
