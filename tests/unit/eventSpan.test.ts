import { computeSchedule } from '../../src/services/events/schedule.js';
import { eventWindow } from '../../src/lib/eventWindow.js';

describe('an event lasts at most 31 days (discovery looks no further back)', () => {
  test('when the end is 31 days after the start, then the schedule is accepted', () => {
    const { schedule, errors } = computeSchedule({ eventDate: '2026-12-01', start: { time: '20:00' }, end: { time: '20:00', dayOffset: 31 } }, 'UTC');
    expect(errors).toEqual([]);
    expect(schedule!.endAt! - schedule!.startAt!).toBe(31 * 86_400_000);
  });

  test('when the end is more than 31 days after the start, then it is refused on /end', () => {
    const { schedule, errors } = computeSchedule({ eventDate: '2026-12-01', start: { time: '20:00' }, end: { time: '20:01', dayOffset: 31 } }, 'UTC');
    expect(schedule).toBeUndefined();
    expect(errors).toContainEqual(expect.objectContaining({ pointer: '/end' }));
  });

  test('when a date-only event is in Tokyo, then its window is that local day', () => {
    expect(eventWindow({ scheduleKind: 'date_only', eventDate: '2026-12-24', startAt: null, endAt: null, timezone: 'Asia/Tokyo' })).toEqual({
      startsAt: Date.parse('2026-12-23T15:00:00Z'),
      endsAt: Date.parse('2026-12-24T15:00:00Z'),
    });
  });
});
