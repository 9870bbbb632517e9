import type { Schemas } from '../../../src/contract/types.js';
import { cardText, cardVersion, eventCardModel, eventCardPath, eventWhen, profileCardModel } from '../../../src/http/web/cards/cardModel.js';
import sharp from 'sharp';
import { CardCache } from '../../../src/http/web/cards/cardRoutes.js';
import { renderCard } from '../../../src/http/web/cards/renderCard.js';

const event = (extra: Partial<Schemas['PublicEvent']> = {}): Schemas['PublicEvent'] =>
  ({
    id: 'evt_1',
    slug: 'morning-rave-2026-12-06',
    title: 'Morning Rave',
    status: 'scheduled',
    scheduleKind: 'timed',
    eventDate: '2026-12-06',
    startAt: Date.parse('2026-12-05T23:30:00Z'),
    timezone: 'Asia/Tokyo',
    communityName: 'Neon Reverie',
    source: { sourceType: 'manual', label: 'Neon Reverie' },
    watchMode: 'event_stream',
    watchSurfaceEnabled: false,
    ...extra,
  }) as Schemas['PublicEvent'];

describe('card text', () => {
  test('when text carries bidi overrides, isolates, marks, controls and runs of spaces, then the format characters are gone and whitespace is one space', () => {
    expect(cardText('a\u202Eb\u2066c\u2069\u200Ed\u0000e \n\t f\uFEFF\u2028g', 100)).toBe('abcd e f g');
    expect(cardText('\u202E\u202C  ', 100)).toBeUndefined();
  });

  test('when text is longer than the limit, then it is cut by grapheme and ends in an ellipsis', () => {
    expect(cardText('W'.repeat(2000), 10)).toBe(`${'W'.repeat(10)}…`);
    // A family emoji is one grapheme of seven code points: never split.
    expect(cardText('👨‍👩‍👧‍👦👨‍👩‍👧‍👦x', 2)).toBe('👨‍👩‍👧‍👦👨‍👩‍👧‍👦…');
    expect(cardText('exactly', 7)).toBe('exactly');
  });
});

describe('card model', () => {
  test('when the event is timed, then its time is in its own zone; when it is date-only, then only its date is shown', () => {
    expect(eventWhen(event())).toBe('Sun, Dec 6, 2026, 8:30 AM GMT+9 · Asia/Tokyo');
    expect(eventWhen(event({ scheduleKind: 'date_only', startAt: undefined, eventDate: '2027-01-15' }))).toBe('Friday, January 15, 2027');
    expect(eventWhen(event({ timezone: 'Not/AZone' }))).toBe('Sat, Dec 5, 2026, 11:30 PM UTC');
  });

  test('when an image is on another host (or protocol-relative), then it is not drawn; our own asset path is', () => {
    expect(eventCardModel(event({ posterImageUrl: 'https://evil.example/x.png' }))).not.toHaveProperty('image', expect.anything());
    expect(eventCardModel(event({ posterImageUrl: 'https://evil.example/x.png', communityImageUrl: '//evil.example/y.png' })).kind).toBe('event');
    expect((eventCardModel(event({ posterImageUrl: 'https://evil.example/x.png', communityImageUrl: '//evil.example/y.png' })) as { image?: string }).image).toBeUndefined();
    expect((eventCardModel(event({ posterImageUrl: 'https://evil.example/x.png', communityImageUrl: '/api/v0/profiles/neon/assets/a1/file' })) as { image?: string }).image).toBe('/api/v0/profiles/neon/assets/a1/file');
    const person = { id: 'p', slug: 'mira', profileType: 'person', displayName: 'Mira', trustLabel: 'claimed_verified', updatedAt: 1, avatarImageUrl: 'javascript:alert(1)' } as Schemas['PublicProfile'];
    expect(profileCardModel(person)).toEqual({ kind: 'profile', profileType: 'person', name: 'Mira', headline: undefined, trust: 'Verified', image: undefined });
  });

  test('when what the card shows changes, then its URL changes; when something it does not show changes, then it stays', () => {
    const base = eventCardPath(event());
    expect(base).toMatch(/^\/cards\/events\/morning-rave-2026-12-06\.png\?v=[\w-]{12}$/);
    expect(eventCardPath(event({ title: 'Evening Rave' }))).not.toBe(base);
    expect(eventCardPath(event({ status: 'cancelled' }))).not.toBe(base);
    expect(eventCardPath(event({ startAt: Date.parse('2026-12-05T23:45:00Z') }))).not.toBe(base);
    expect(eventCardPath(event({ summary: 'not on the card', participantCount: 4 }))).toBe(base);
    expect(cardVersion(eventCardModel(event()))).toBe(base.split('?v=')[1]);
  });
});

describe('card cache', () => {
  const png = (n: number) => Buffer.alloc(n, 1);

  test('when the same card is asked for twice, even at once, then it is drawn once', async () => {
    const cache = new CardCache(1000);
    let drawn = 0;
    const render = async () => (drawn++, png(10));
    const [a, b] = await Promise.all([cache.get('k', render), cache.get('k', render)]);
    await cache.get('k', render);
    expect(drawn).toBe(1);
    expect(a.etag).toBe(b.etag);
  });

  test('when the cache holds more bytes than its bound, then the least recently used cards go first', async () => {
    const cache = new CardCache(250);
    const draws: string[] = [];
    const render = (key: string) => async () => (draws.push(key), png(100));
    await cache.get('a', render('a'));
    await cache.get('b', render('b'));
    await cache.get('a', render('a')); // a is now the most recent
    await cache.get('c', render('c')); // 300 bytes: b goes
    expect(cache.size).toBe(2);
    await cache.get('a', render('a'));
    await cache.get('b', render('b'));
    expect(draws).toEqual(['a', 'b', 'c', 'b']);
  });

  test('when a render fails, then the failure is not kept', async () => {
    const cache = new CardCache(1000);
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(cache.get('k', async () => png(5))).resolves.toMatchObject({ png: png(5) });
  });
});

describe('card drawing', () => {
  const size = async (png: Buffer) => {
    const m = await sharp(png).metadata();
    return { format: m.format, width: m.width, height: m.height };
  };
  const CARD = { format: 'png', width: 1200, height: 630 };

  test('when every text is hostile (markup, bidi overrides, 2,000-character words, emoji, scripts without a font), then each kind of card still draws at 1200×630', async () => {
    const word = 'W'.repeat(2000);
    const hostile = `<script>alert(1)</script>\u202E${word} 🎉 日本語 عربى <img src=x onerror=alert(1)>`;
    // Straight to the renderer, past the model's cut, and through the model as a page would.
    expect(await size(await renderCard({ kind: 'event', title: hostile, when: word, community: hostile, world: word, cancelled: true }))).toEqual(CARD);
    expect(await size(await renderCard(eventCardModel(event({ title: hostile, communityName: hostile }))))).toEqual(CARD);
    expect(await size(await renderCard({ kind: 'profile', profileType: 'community', name: hostile, headline: hostile, trust: 'Claimed' }))).toEqual(CARD);
    // Nothing drawable at all: the card falls back to its kind.
    expect(await size(await renderCard({ kind: 'profile', profileType: 'person', name: '日本語', trust: 'Unclaimed' }))).toEqual(CARD);
  });
});
