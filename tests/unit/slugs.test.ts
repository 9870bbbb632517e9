import { nextFreeSlug, slugify, SLUG_PATTERN } from '../../src/services/directory/slugs.js';

describe('slugs (decisions §1)', () => {
  test.each([
    ['Neon Reverie: Night Shift', 'neon-reverie-night-shift'],
    ['  Café Über  ', 'cafe-uber'],
    ['日本語', 'item'],
    ['a'.repeat(80), 'a'.repeat(64)],
  ])('when %j is slugified, then %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
    expect(slugify(text)).toMatch(SLUG_PATTERN);
  });

  test('when the slug is taken, then -2, -3 … and never over 64 characters', () => {
    expect(nextFreeSlug('Crew', ['crew'])).toBe('crew-2');
    expect(nextFreeSlug('Crew', ['crew', 'crew-2'])).toBe('crew-3');
    const long = nextFreeSlug('b'.repeat(70), ['b'.repeat(64)]);
    expect(long).toBe(`${'b'.repeat(62)}-2`);
    expect(long.length).toBe(64);
  });

  test('when a name collides with a route word, then it is suffixed', () => {
    expect(nextFreeSlug('Upcoming', [])).toBe('upcoming-2');
    // `events` names the owner's event pages (/manage/events/…) beside a profile's (/manage/{slug}/media).
    expect(nextFreeSlug('Events', [])).toBe('events-2');
  });
});
