import { eventStatus, type ScheduledEvent } from '../../src/services/events/status.js';

const at = (iso: string) => Date.parse(iso);
const timed = (start: string, end: string | null, extra: Partial<ScheduledEvent> = {}): ScheduledEvent => ({
  status: 'scheduled', scheduleKind: 'timed', eventDate: start.slice(0, 10), startAt: at(start), endAt: end ? at(end) : null, timezone: 'America/New_York', ...extra,
});

describe('event status (decisions §4)', () => {
  test('when before, during and after a timed event, then scheduled, in_progress, ended', () => {
    const e = timed('2026-12-05T02:00:00Z', '2026-12-05T05:00:00Z');
    expect(eventStatus(e, at('2026-12-05T01:59:59Z'))).toBe('scheduled');
    expect(eventStatus(e, at('2026-12-05T02:00:00Z'))).toBe('in_progress');
    expect(eventStatus(e, at('2026-12-05T04:59:59Z'))).toBe('in_progress');
    expect(eventStatus(e, at('2026-12-05T05:00:00Z'))).toBe('ended');
  });

  test('when a timed event has no end, then it runs until the end of its local start day', () => {
    // 21:00 New York on Dec 4 = 02:00Z Dec 5; the local day ends at 05:00Z Dec 5.
    const e = timed('2026-12-05T02:00:00Z', null, { eventDate: '2026-12-04' });
    expect(eventStatus(e, at('2026-12-05T04:59:00Z'))).toBe('in_progress');
    expect(eventStatus(e, at('2026-12-05T05:00:00Z'))).toBe('ended');
  });

  test('when an event is date-only, then it is in progress on its local date only', () => {
    const e: ScheduledEvent = { status: 'scheduled', scheduleKind: 'date_only', eventDate: '2026-12-24', startAt: null, endAt: null, timezone: 'Asia/Tokyo' };
    expect(eventStatus(e, at('2026-12-23T14:59:59Z'))).toBe('scheduled');
    expect(eventStatus(e, at('2026-12-23T15:00:00Z'))).toBe('in_progress');
    expect(eventStatus(e, at('2026-12-24T15:00:00Z'))).toBe('ended');
  });

  test('when cancelled, then cancelled whatever the time', () => {
    expect(eventStatus(timed('2026-12-05T02:00:00Z', null, { status: 'cancelled' }), at('2026-12-05T03:00:00Z'))).toBe('cancelled');
  });
});
