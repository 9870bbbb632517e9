import { DateTime } from 'luxon';

export type EventStatus = 'scheduled' | 'in_progress' | 'ended' | 'cancelled';

export interface ScheduledEvent {
  status: 'scheduled' | 'cancelled';
  scheduleKind: 'timed' | 'date_only';
  eventDate: string;
  startAt: number | null;
  endAt: number | null;
  timezone: string | null;
}

/**
 * Decisions §4 (as the contract's EventStatus documents it): computed from the schedule except
 * `cancelled`. A date-only event is in progress on its date in its zone; an event without an
 * end is in progress until the end of its local start day.
 */
export function eventStatus(e: ScheduledEvent, now: number): EventStatus {
  if (e.status === 'cancelled') return 'cancelled';
  const zone = e.timezone ?? 'UTC';
  const dayStart = DateTime.fromISO(e.eventDate, { zone }).startOf('day');
  const start = e.scheduleKind === 'date_only' || e.startAt === null ? dayStart.toMillis() : e.startAt;
  const end =
    e.scheduleKind === 'date_only' || e.startAt === null
      ? dayStart.plus({ days: 1 }).toMillis()
      : (e.endAt ?? DateTime.fromMillis(e.startAt, { zone }).startOf('day').plus({ days: 1 }).toMillis());
  if (now < start) return 'scheduled';
  return now < end ? 'in_progress' : 'ended';
}
