import { formatRelative } from '../../../src/http/web/ui/format.js';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative times on pages (formatRelative)', () => {
  test.each([
    [0, 'just now'],
    [20_000, 'just now'],
    [-5 * MIN, '5 minutes ago'],
    [59 * MIN, 'in 59 minutes'],
    [2 * HOUR, 'in 2 hours'],
    [-47 * HOUR, '47 hours ago'],
    [-1 * DAY - 12 * HOUR, '36 hours ago'],
    [-3 * DAY, '3 days ago'],
    [1 * DAY * 2 + HOUR * 2, 'in 2 days'],
    [-59 * DAY, '59 days ago'],
    [-90 * DAY, '3 months ago'],
    [400 * DAY, 'in 13 months'],
    [-3 * 365 * DAY, '3 years ago'],
  ])('when the instant is %p ms from now, then it reads "%s"', (offset, words) => {
    expect(formatRelative(now + offset, now)).toBe(words);
  });
});
