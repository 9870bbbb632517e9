import { eventWindow } from '../../lib/eventWindow.js';
import { changesAt } from '../../lib/freshness.js';

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
export function eventStatus(e: ScheduledEvent & { windowStartAt?: number; windowEndAt?: number }, now: number): EventStatus {
  if (e.status === 'cancelled') return 'cancelled';
  // A stored event carries its window (written with its schedule); anything else computes it.
  const { startsAt, endsAt } = e.windowStartAt !== undefined && e.windowEndAt !== undefined ? { startsAt: e.windowStartAt, endsAt: e.windowEndAt } : eventWindow(e);
  if (now < startsAt) {
    changesAt(startsAt);
    return 'scheduled';
  }
  if (now < endsAt) {
    changesAt(endsAt);
    return 'in_progress';
  }
  return 'ended';
}
