import { eventWindow } from '../../lib/eventWindow.js';

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
  const { startsAt, endsAt } = eventWindow(e);
  if (now < startsAt) return 'scheduled';
  return now < endsAt ? 'in_progress' : 'ended';
}
