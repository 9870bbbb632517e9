import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../../src/contract/ajv.js';
import { contractDocument } from '../../../src/contract/document.js';
import {
  extractEvent,
  mergeExtractions,
  type DirectoryEntry,
  type DirectoryLookup,
  type ExtractionInput,
  type ExtractionResult,
} from '../../../src/services/events/extraction/extract.js';

// Saturday 21 November 2026, 12:00 UTC.
const NOW = Date.UTC(2026, 10, 21, 12);

/** An in-memory directory: candidates are names that contain the query or are contained in it. */
const DIRECTORY = {
  communities: [
    { slug: 'neon-nights', displayName: 'Neon Nights' },
    { slug: 'club-foo', displayName: 'Club Foo' },
    { slug: 'bass-haven', displayName: 'Bass Haven' },
    { slug: 'bass-haven-tokyo', displayName: 'Bass Haven' },
  ],
  people: [
    { slug: 'dj-aurora', displayName: 'DJ Aurora' },
    { slug: 'kiko', displayName: 'Kiko' },
    { slug: 'rae', displayName: 'Rae' },
    { slug: 'sol', displayName: 'Sol' },
    { slug: 'sol-2', displayName: 'SOL' },
    { slug: 'moonface', displayName: 'Moonface' },
  ],
  worlds: [
    { slug: 'the-loft', displayName: 'The Loft' },
    { slug: 'moon-garden', displayName: 'Moon Garden' },
    { slug: 'moon-garden-night', displayName: 'Moon Garden' },
    { slug: 'sakura-hall', displayName: 'Sakura Hall' },
  ],
};

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
function fakeLookup(calls: string[] = []): DirectoryLookup {
  const search = (kind: keyof typeof DIRECTORY) => async (name: string): Promise<DirectoryEntry[]> => {
    calls.push(`${kind}:${name}`);
    const q = squash(name);
    return DIRECTORY[kind].filter((e) => squash(e.displayName).includes(q) || q.includes(squash(e.displayName)));
  };
  return { communities: search('communities'), people: search('people'), worlds: search('worlds') };
}

const extract = (text: string, extra: Partial<ExtractionInput> = {}) =>
  extractEvent({ text, origin: 'text', timeZone: 'UTC', referenceInstant: NOW, lookup: fakeLookup(), ...extra });

const EMPTY_EVENT = {
  title: null,
  communitySlug: null,
  eventDate: null,
  start: null,
  end: null,
  timezone: null,
  venueLabel: null,
  summary: null,
  sourceUrl: null,
};

/** Evidence as `path origin assessment`, in result order. */
const trail = (r: ExtractionResult) => r.evidence.map((e) => `${e.fieldPath} ${e.origin} ${e.assessment}`);
const evidenceAt = (r: ExtractionResult, path: string) => r.evidence.filter((e) => e.fieldPath === path);
const questionAt = (r: ExtractionResult, path: string) => r.questions.filter((q) => q.fieldPath === path);

const ajv = createAjv();
ajv.addSchema(contractDocument() as object, 'openapi.json');
const validate: ValidateFunction = ajv.compile({ $ref: 'openapi.json#/components/schemas/ExtractionResult' });
const expectValid = (r: ExtractionResult) => {
  const ok = validate(r);
  if (!ok) throw new Error(`invalid ExtractionResult: ${JSON.stringify(validate.errors, null, 1)}`);
};

describe('extractEvent: Discord-style announcements', () => {
  test('when a Discord post has emoji, markdown, a 12-hour range and a lineup, then every field is proposed with evidence', async () => {
    const r = await extract(
      [
        '@everyone',
        '🎉 **NEON NIGHTS Vol. 3** 🎉',
        'Join us for a night of deep house and techno in the heart of VRChat! Bring your friends and your best avatars.',
        '',
        '📅 Friday, November 27 · 9 PM – 1 AM EST',
        '📍 The Loft (VRChat)',
        'Hosted by Club Foo',
        '',
        '🎧 **LINEUP**',
        '9:00 - DJ Aurora',
        '10:00 - Kiko (live)',
        '11:00 - Mystery b2b Other [VJ]',
        '12:00 - Closer',
        '',
        '🔗 Join our discord: https://discord.gg/abc',
        '🎟️ https://vrc.tl/events/neon-3',
      ].join('\n'),
      { timeZone: 'Europe/Berlin' },
    );
    expectValid(r);
    expect(r.event).toEqual({
      title: 'NEON NIGHTS Vol. 3',
      communitySlug: 'club-foo',
      eventDate: '2026-11-27',
      start: '21:00',
      end: '01:00',
      timezone: 'America/New_York',
      venueLabel: 'The Loft',
      summary: 'Join us for a night of deep house and techno in the heart of VRChat! Bring your friends and your best avatars.',
      sourceUrl: 'https://vrc.tl/events/neon-3',
    });
    // An evening event: the bare 9…12 of the lineup are 21:00…00:00, inferred.
    expect(r.lineup).toEqual([
      { performerLabel: 'DJ Aurora', personSlug: 'dj-aurora', roleLabel: null, start: '21:00', end: null },
      { performerLabel: 'Kiko', personSlug: 'kiko', roleLabel: 'Live', start: '22:00', end: null },
      { performerLabel: 'Mystery b2b Other', personSlug: null, roleLabel: 'VJ', start: '23:00', end: null },
      { performerLabel: 'Closer', personSlug: null, roleLabel: null, start: '00:00', end: null },
    ]);
    expect(trail(r).slice(0, 12)).toEqual([
      '/event/title text explicit',
      '/event/communitySlug lookup explicit',
      '/event/communitySlug text explicit',
      '/event/eventDate text inferred', // no year: the year is added
      '/event/start text explicit',
      '/event/end text explicit',
      '/event/timezone text explicit',
      '/event/venueLabel text explicit',
      '/event/venueLabel lookup explicit',
      '/event/summary text explicit',
      '/event/sourceUrl text explicit',
      '/lineup/0/performerLabel text explicit',
    ]);
    expect(evidenceAt(r, '/event/venueLabel')[1].excerpt).toBe('The Loft → world the-loft');
    expect(evidenceAt(r, '/event/communitySlug')[0].excerpt).toBe('Club Foo → community club-foo');
    expect(evidenceAt(r, '/event/start')[0].excerpt).toBe('📅 Friday, November 27 · 9 PM – 1 AM EST');
    expect(evidenceAt(r, '/lineup/0/start')).toEqual([{ fieldPath: '/lineup/0/start', origin: 'text', excerpt: '9:00 - DJ Aurora', assessment: 'inferred' }]);
    expect(evidenceAt(r, '/lineup/0/personSlug')[0]).toEqual({ fieldPath: '/lineup/0/personSlug', origin: 'lookup', excerpt: 'DJ Aurora → person dj-aurora', assessment: 'explicit' });
    expect(r.questions).toEqual([]);
  });

  test('when a post says "X presents", "@ venue" and varied set-time rows, then each row form is read', async () => {
    const r = await extract(
      [
        'Club Foo presents: **Midnight Garden**',
        'Saturday 9pm-2am CET',
        '@ The Loft',
        '',
        'Set times:',
        '• Kiko — 9pm',
        '10pm: DJ Aurora b2b Sol',
        'Moonface [DJ] 23:00-00:30',
        '• Rae (live) — 00:30',
      ].join('\n'),
    );
    expectValid(r);
    expect(r.event).toEqual({
      ...EMPTY_EVENT,
      title: 'Midnight Garden',
      communitySlug: 'club-foo',
      eventDate: '2026-11-21',
      start: '21:00',
      end: '02:00',
      timezone: 'Europe/Berlin',
      venueLabel: 'The Loft',
    });
    expect(r.lineup).toEqual([
      { performerLabel: 'Kiko', personSlug: 'kiko', roleLabel: null, start: '21:00', end: null },
      { performerLabel: 'DJ Aurora b2b Sol', personSlug: null, roleLabel: null, start: '22:00', end: null },
      { performerLabel: 'Moonface', personSlug: 'moonface', roleLabel: 'DJ', start: '23:00', end: '00:30' },
      { performerLabel: 'Rae', personSlug: 'rae', roleLabel: 'Live', start: '00:30', end: null },
    ]);
    // A weekday is a calculated date; the clock and zone are stated.
    expect(evidenceAt(r, '/event/eventDate')).toEqual([{ fieldPath: '/event/eventDate', origin: 'calculation', excerpt: 'Saturday 9pm-2am CET', assessment: 'inferred' }]);
    expect(evidenceAt(r, '/lineup/0/start')[0].assessment).toBe('explicit');
    expect(r.questions).toEqual([]);
  });

  test('when a post gives Discord timestamps, then the instants are shown in the draft zone, which is inferred', async () => {
    const r = await extract(['**Techno Tuesday** is back!', 'When: <t:1764705600:F> - <t:1764720000:t>', 'World: Bass Cave'].join('\n'), { timeZone: 'Europe/Berlin' });
    expectValid(r);
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Techno Tuesday', eventDate: '2025-12-02', start: '21:00', end: '01:00', timezone: 'Europe/Berlin', venueLabel: 'Bass Cave' });
    expect(evidenceAt(r, '/event/timezone')).toEqual([
      { fieldPath: '/event/timezone', origin: 'calculation', excerpt: 'A Discord timestamp names an instant, not a zone; shown in Europe/Berlin.', assessment: 'inferred' },
    ]);
    // A world not in the directory: the label as written, no lookup evidence, no question.
    expect(evidenceAt(r, '/event/venueLabel')).toEqual([{ fieldPath: '/event/venueLabel', origin: 'text', excerpt: 'World: Bass Cave', assessment: 'explicit' }]);
    expect(r.questions).toEqual([]);
  });

  test('when a line gives the zone for all times and Date/Start/End are separate, then they are combined', async () => {
    const r = await extract(['Karaoke Night', 'All times are EST', 'Date: Dec 4', 'Start: 8pm', 'End: 11pm', 'Doors open 7:30pm'].join('\n'));
    expectValid(r);
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Karaoke Night', eventDate: '2026-12-04', start: '20:00', end: '23:00', timezone: 'America/New_York' });
    expect(r.evidence.map((e) => [e.fieldPath, e.excerpt])).toEqual([
      ['/event/title', 'Karaoke Night'],
      ['/event/eventDate', 'Date: Dec 4'],
      ['/event/start', 'Start: 8pm'],
      ['/event/end', 'End: 11pm'],
      ['/event/timezone', 'All times are EST'],
      ['/event/doors', 'Doors open 7:30pm'],
    ]);
  });

  test('when doors and show times share a line, then the show time is the start and doors stay evidence', async () => {
    const r = await extract(['Open Mic Night', 'Doors 8pm, show 9pm', 'Saturday Nov 28'].join('\n'));
    expect(r.event).toMatchObject({ eventDate: '2026-11-28', start: '21:00', end: null, timezone: 'UTC' });
    expect(evidenceAt(r, '/event/doors')).toEqual([{ fieldPath: '/event/doors', origin: 'text', excerpt: 'Doors 8pm, show 9pm', assessment: 'explicit' }]);
    expect(evidenceAt(r, '/event/timezone')[0]).toMatchObject({ origin: 'calculation', assessment: 'inferred' });
  });

  test('when only a doors time is given, then the start stays empty and is asked about', async () => {
    const r = await extract(['Open Mic Night', 'Doors 8pm', 'Saturday Nov 28'].join('\n'));
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Open Mic Night', eventDate: '2026-11-28' });
    expect(r.questions).toEqual([
      { fieldPath: '/event/start', reason: 'Only a doors time is given ("Doors 8pm"); doors are not the start. When does the event start?', alternatives: [] },
    ]);
  });

  test('when a post opens with prose and has no date, then the title is its first clause and the date stays empty', async () => {
    const r = await extract("Chill hangout at the beach world, everyone welcome! We'll vibe, chat and watch the sunset together.\nHosted by Neon");
    expectValid(r);
    expect(r.event).toEqual({
      ...EMPTY_EVENT,
      title: 'Chill hangout at the beach world',
      summary: "Chill hangout at the beach world, everyone welcome! We'll vibe, chat and watch the sunset together.",
    });
    expect(evidenceAt(r, '/event/title')[0].assessment).toBe('inferred');
    // "Neon" is no community's exact name: the candidate is offered, the slug stays empty.
    expect(r.questions).toEqual([{ fieldPath: '/event/communitySlug', reason: 'No community is named exactly "Neon"; is it one of these?', alternatives: ['neon-nights'] }]);
  });

  test('when a community is named but not in the directory, then the slug stays empty with inferred text evidence', async () => {
    const r = await extract('Cozy Campfire\nHosted by The Wanderers Guild\nSunday Nov 29 at 7pm');
    expect(r.event.communitySlug).toBeNull();
    expect(evidenceAt(r, '/event/communitySlug')).toEqual([{ fieldPath: '/event/communitySlug', origin: 'text', excerpt: 'Hosted by The Wanderers Guild', assessment: 'inferred' }]);
    expect(r.questions).toEqual([]);
  });

  test('when the title is exactly a community name and no host is stated, then the community is proposed as inferred', async () => {
    const r = await extract('NEON NIGHTS\nSaturday Nov 28, 10pm UTC');
    expect(r.event.communitySlug).toBe('neon-nights');
    expect(evidenceAt(r, '/event/communitySlug')).toEqual([{ fieldPath: '/event/communitySlug', origin: 'lookup', excerpt: 'NEON NIGHTS → community neon-nights', assessment: 'inferred' }]);
  });

  test('when two communities share the name, then the slug stays empty and both are offered', async () => {
    const r = await extract('Winter Edition\nCommunity: Bass Haven\nDec 5 9pm UTC');
    expect(r.event.communitySlug).toBeNull();
    expect(questionAt(r, '/event/communitySlug')).toEqual([
      { fieldPath: '/event/communitySlug', reason: 'Several communities are named "Bass Haven"; which one hosts this event?', alternatives: ['bass-haven', 'bass-haven-tokyo'] },
    ]);
  });

  test('when a venue names a world with two matches, then the label is kept and the worlds are offered', async () => {
    const r = await extract(['Starlight Sessions', 'Saturday, November 28 at 8pm', 'at Moon Garden (VRChat)', 'DJs:', 'Sol', 'Rae'].join('\n'));
    expectValid(r);
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Starlight Sessions', eventDate: '2026-11-28', start: '20:00', timezone: 'UTC', venueLabel: 'Moon Garden' });
    expect(questionAt(r, '/event/venueLabel')).toEqual([
      { fieldPath: '/event/venueLabel', reason: 'Several worlds are named "Moon Garden"; which one is the venue?', alternatives: ['moon-garden', 'moon-garden-night'] },
    ]);
    // "DJs:" says the role; "Sol" is two people in the directory.
    expect(r.lineup).toEqual([
      { performerLabel: 'Sol', personSlug: null, roleLabel: 'DJ', start: null, end: null },
      { performerLabel: 'Rae', personSlug: 'rae', roleLabel: 'DJ', start: null, end: null },
    ]);
    expect(evidenceAt(r, '/lineup/0/roleLabel')[0].assessment).toBe('inferred');
    expect(questionAt(r, '/lineup/0/personSlug')).toEqual([
      { fieldPath: '/lineup/0/personSlug', reason: 'Several people in the directory are named "Sol"; which one is it?', alternatives: ['sol', 'sol-2'] },
    ]);
  });

  test('when a world is matched by a case- and space-insensitive name, then the display name and slug are used', async () => {
    const r = await extract('Hanami Party\nWorld: sakura  HALL\nSunday Nov 29 20:00 JST');
    expect(r.event.venueLabel).toBe('Sakura Hall');
    expect(evidenceAt(r, '/event/venueLabel')).toEqual([
      { fieldPath: '/event/venueLabel', origin: 'text', excerpt: 'World: sakura  HALL', assessment: 'explicit' },
      { fieldPath: '/event/venueLabel', origin: 'lookup', excerpt: 'Sakura Hall → world sakura-hall', assessment: 'explicit' },
    ]);
    expect(r.event).toMatchObject({ eventDate: '2026-11-29', start: '20:00', timezone: 'Asia/Tokyo' });
  });

  test('when an IANA zone is written on its own line, then it is the event zone, stated', async () => {
    const r = await extract('Lo-fi Lounge\nFriday Nov 27 · 8pm\nTimezone: America/Chicago\nLineup: Kiko, Rae (live), DJ Aurora b2b Sol');
    expect(r.event).toMatchObject({ eventDate: '2026-11-27', start: '20:00', timezone: 'America/Chicago' });
    expect(evidenceAt(r, '/event/timezone')).toEqual([{ fieldPath: '/event/timezone', origin: 'text', excerpt: 'Timezone: America/Chicago', assessment: 'explicit' }]);
    expect(r.lineup).toEqual([
      { performerLabel: 'Kiko', personSlug: 'kiko', roleLabel: null, start: null, end: null },
      { performerLabel: 'Rae', personSlug: 'rae', roleLabel: 'Live', start: null, end: null },
      { performerLabel: 'DJ Aurora b2b Sol', personSlug: null, roleLabel: null, start: null, end: null },
    ]);
  });

  test('when a post quotes itself and says the next date after a recurring one, then the dated clause is read', async () => {
    const r = await extract(
      [
        '> **Weekly Jam Session** 🎸',
        '> Every Thursday, next one is Thursday Nov 26 at 19:00 CET',
        '> Open mic, all skill levels welcome. Bring your own instrument (virtually).',
        '> Host: Club Foo',
      ].join('\n'),
    );
    expectValid(r);
    expect(r.event).toMatchObject({ title: 'Weekly Jam Session', communitySlug: 'club-foo', eventDate: '2026-11-26', start: '19:00', timezone: 'Europe/Berlin' });
    expect(evidenceAt(r, '/event/communitySlug').map((e) => e.excerpt)).toEqual(['Club Foo → community club-foo', '> Host: Club Foo']);
    expect(r.questions).toEqual([]);
  });

  test('when a "Name:" line gives the title, then it wins over a chatty first line; a day/month date is asked', async () => {
    const text = ['__**📢 ANNOUNCEMENT 📢**__', "We're throwing a party!!!", '**Name:** Glow Party', '**When:** 12/5 9pm EST', '**Where:** The Loft'].join('\n');
    const r = await extract(text);
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Glow Party', venueLabel: 'The Loft' });
    expect(r.questions).toEqual([
      { fieldPath: '/event/eventDate', reason: 'Is the date day/month or month/day?', alternatives: ['Saturday 5 Dec 2026, 21:00 EST', 'Wednesday 12 May 2027, 21:00 EDT'] },
    ]);
    // With the contributor's locale the order is settled.
    const us = await extract(text, { locale: 'en-US' });
    expect(us.event).toMatchObject({ eventDate: '2026-12-05', start: '21:00', timezone: 'America/New_York' });
  });

  test('when a time is said in two zones and the title starts with TONIGHT, then both agree and the title keeps the name', async () => {
    const r = await extract('TONIGHT!! 🔥 Bass Haven Takeover 🔥\n10PM EST / 7PM PST\nhttps://twitch.tv/basshaven');
    expect(r.event).toEqual({
      ...EMPTY_EVENT,
      title: 'Bass Haven Takeover',
      eventDate: '2026-11-21',
      start: '22:00',
      timezone: 'America/New_York',
      sourceUrl: 'https://twitch.tv/basshaven',
    });
    expect(r.lineup).toEqual([]);
    expect(evidenceAt(r, '/event/start')[0]).toMatchObject({ excerpt: '10PM EST / 7PM PST', assessment: 'explicit' });
  });

  test('when a zone abbreviation is out of season, then the civil time is used, marked inferred and asked', async () => {
    const r = await extract('Summer Jam\nJuly 4 9pm EST');
    expect(r.event).toMatchObject({ eventDate: '2027-07-04', start: '21:00', timezone: 'America/New_York' });
    expect(evidenceAt(r, '/event/start')[0].assessment).toBe('inferred');
    expect(questionAt(r, '/event/start')).toEqual([
      { fieldPath: '/event/start', reason: 'The time was read with an assumption: EST read as civil time in America/New_York (EDT on 2027-07-04).', alternatives: ['21:00'] },
    ]);
  });

  test('when a Discord timestamp and the text name the same instant, then the stated zone is used', async () => {
    const r = await extract('Techno Tuesday\nTuesday Dec 1, 3pm EST (<t:1796155200:F>)', { timeZone: 'Europe/Berlin' });
    expect(r.event).toMatchObject({ eventDate: '2026-12-01', start: '15:00', timezone: 'America/New_York' });
    expect(evidenceAt(r, '/event/timezone')[0]).toMatchObject({ origin: 'text', assessment: 'explicit' });
  });

  test('when the best link is an event page, then it wins over an earlier Discord invite and a world link', async () => {
    const r = await extract(
      'Neon Rave\nJoin: https://discord.gg/xyz\nWorld link: https://vrchat.com/home/world/wrld_123\nTickets: <https://example.org/events/neon-rave>',
    );
    expect(r.event.sourceUrl).toBe('https://example.org/events/neon-rave');
  });
});

describe('extractEvent: other languages', () => {
  test('when a German post gives Datum and Uhrzeit lines and a 24-hour lineup, then the range runs past midnight', async () => {
    const r = await extract(
      [
        '# Bass Haven: Winter Edition',
        'Datum: Samstag, 28. November 2026',
        'Uhrzeit: 21:00 – 03:00 Uhr',
        'Einlass 20:30',
        'Ort: The Loft',
        'Veranstalter: Bass Haven',
        '',
        'Line-up:',
        '21:00 – 22:30 Kiko',
        '22:30 – 00:00 DJ Aurora b2b Someone',
        '00:00 – 03:00 Tiefton (Live)',
        '',
        'Wir freuen uns auf eine lange Nacht mit euch, bringt gute Laune mit!',
      ].join('\n'),
      { timeZone: 'Europe/Berlin' },
    );
    expectValid(r);
    expect(r.event).toEqual({
      title: 'Bass Haven: Winter Edition',
      communitySlug: null,
      eventDate: '2026-11-28',
      start: '21:00',
      end: '03:00',
      timezone: 'Europe/Berlin',
      venueLabel: 'The Loft',
      summary: 'Wir freuen uns auf eine lange Nacht mit euch, bringt gute Laune mit!',
      sourceUrl: null,
    });
    expect(r.lineup).toEqual([
      { performerLabel: 'Kiko', personSlug: 'kiko', roleLabel: null, start: '21:00', end: '22:30' },
      { performerLabel: 'DJ Aurora b2b Someone', personSlug: null, roleLabel: null, start: '22:30', end: '00:00' },
      { performerLabel: 'Tiefton', personSlug: null, roleLabel: 'Live', start: '00:00', end: '03:00' },
    ]);
    // The year is written: the date is explicit. No zone is named: the draft's, inferred.
    expect(evidenceAt(r, '/event/eventDate')[0]).toMatchObject({ origin: 'text', assessment: 'explicit', excerpt: 'Datum: Samstag, 28. November 2026' });
    expect(evidenceAt(r, '/event/timezone')[0]).toMatchObject({ origin: 'calculation', assessment: 'inferred' });
    expect(evidenceAt(r, '/event/doors')[0].excerpt).toBe('Einlass 20:30');
    expect(r.questions).toEqual([
      { fieldPath: '/event/communitySlug', reason: 'Several communities are named "Bass Haven"; which one hosts this event?', alternatives: ['bass-haven', 'bass-haven-tokyo'] },
    ]);
  });

  test('when a Japanese post writes the end as 25:00, then the end is 01:00 in the named zone', async () => {
    const r = await extract(['【ネオンナイト】', '11月28日(土) 21:00〜25:00 JST', '会場: The Loft', '出演:', '21:00 Kiko', '22:00 DJ Aurora', '23:00 ナナ'].join('\n'));
    expectValid(r);
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'ネオンナイト', eventDate: '2026-11-28', start: '21:00', end: '01:00', timezone: 'Asia/Tokyo', venueLabel: 'The Loft' });
    expect(r.lineup.map((l) => [l.performerLabel, l.personSlug, l.start])).toEqual([
      ['Kiko', 'kiko', '21:00'],
      ['DJ Aurora', 'dj-aurora', '22:00'],
      ['ナナ', null, '23:00'],
    ]);
    expect(evidenceAt(r, '/event/timezone')[0]).toMatchObject({ origin: 'text', assessment: 'explicit' });
  });

  test('when a lineup row is exactly an alias the directory knows, then that person is proposed though a name search finds several', async () => {
    const lookup: DirectoryLookup = {
      ...fakeLookup(),
      people: async () => [{ slug: 'kaito-hoshino', displayName: 'Kaito Hoshino' }, { slug: 'kaito-2', displayName: 'Kaito' }],
      mentions: async () => [{ kind: 'person', slug: 'kaito-hoshino', displayName: 'Kaito Hoshino', text: '星野カイト', capitalised: true }],
    };
    const r = await extract(['【ネオンナイト】', '11月28日(土) 21:00〜23:00 JST', '出演:', '21:00 星野カイト'].join('\n'), { lookup });
    expectValid(r);
    expect(r.lineup.map((l) => [l.performerLabel, l.personSlug])).toEqual([['星野カイト', 'kaito-hoshino']]);
    expect(r.questions.filter((q) => q.fieldPath.startsWith('/lineup'))).toEqual([]);
  });

  test('when a poster lists a place and names under its time, then the place is the venue and the names the lineup', async () => {
    const r = await extract(['NEON NIGHT', 'Sat 28 Nov', '21:00–01:00 JST', 'Sakura Hall', 'Kiko', 'DJ Aurora', 'https://example.org/e/1'].join('\n'), { origin: 'poster' });
    expectValid(r);
    expect(r.event).toMatchObject({ title: 'NEON NIGHT', eventDate: '2026-11-28', start: '21:00', end: '01:00', venueLabel: 'Sakura Hall' });
    expect(r.lineup.map((l) => [l.performerLabel, l.personSlug])).toEqual([
      ['Kiko', 'kiko'],
      ['DJ Aurora', 'dj-aurora'],
    ]);
    expect(r.questions.filter((q) => q.fieldPath === '/event/venueLabel')).toEqual([]);
  });

  test('when a poster\'s first line under the time does not say it is a place, then it is proposed as the venue with a question', async () => {
    const r = await extract(['NEON NIGHT', 'Sat 28 Nov', '21:00–01:00 JST', 'Rauschwerk', 'Kiko'].join('\n'), { origin: 'poster' });
    expectValid(r);
    expect(r.event.venueLabel).toBe('Rauschwerk');
    expect(r.questions.map((q) => q.fieldPath)).toContain('/event/venueLabel');
    expect(r.lineup.map((l) => l.performerLabel)).toEqual(['Kiko']);
    // The same lines pasted as a post are not read as a place and names.
    const text = await extract(['NEON NIGHT', 'Sat 28 Nov', '21:00–01:00 JST', 'Rauschwerk', 'Kiko'].join('\n'));
    expect(text.event.venueLabel).toBeNull();
  });

  test('when a Japanese post starts at 24:00 on a day, then the event is the next day from 00:00', async () => {
    const r = await extract(['【ネオンナイト】', '■日時：11/28(土) 24:00〜28:00（日本時間）', '■会場：The Loft', '■タイムテーブル', '24-25時 Kiko', '25-26時 DJ Aurora'].join('\n'));
    expectValid(r);
    expect(r.event).toMatchObject({ eventDate: '2026-11-29', start: '00:00', end: '04:00', timezone: 'Asia/Tokyo', venueLabel: 'The Loft' });
    expect(r.lineup.map((l) => [l.performerLabel, l.start, l.end])).toEqual([
      ['Kiko', '00:00', '01:00'],
      ['DJ Aurora', '01:00', '02:00'],
    ]);
  });

  test('when a Japanese letter gives the day and a late-night start on lines of their own, then they are read together', async () => {
    const r = await extract(['こんばんは！', '今回も「ネオンナイト」開催します！', '日にちは11月28日(土)です。', '24:00（日本時間）スタート、29:00まで。', '会場はThe Loftです。'].join('\n'));
    expectValid(r);
    expect(r.event).toMatchObject({ title: 'ネオンナイト', eventDate: '2026-11-29', start: '00:00', end: '05:00', timezone: 'Asia/Tokyo' });
  });

  test('when a Spanish post says tomorrow just after midnight, then the day is asked, not read in English as today', async () => {
    // 00:30 in Mexico City on Sunday 22 November.
    const r = await extract(['Fiesta Retro', '📅 mañana por la noche · ⏰ 22:00 – 00:00 hora de Madrid', 'Prueba de sonido a las 18:00 (solo artistas)'].join('\n'), { timeZone: 'America/Mexico_City', referenceInstant: Date.UTC(2026, 10, 22, 6, 30) });
    expectValid(r);
    expect(r.event.start).not.toBe('18:00');
    expect(r.event.timezone === null || r.event.timezone === 'Europe/Madrid').toBe(true);
    expect(r.questions.map((q) => q.fieldPath)).toContain('/event/eventDate');
  });

  test('when a place follows "in der Welt", "in The …" or a time clause, then the place is the name alone and the clause no performer', async () => {
    const de = await extract('Tanzsalon heute Abend 22:00–01:00 Uhr MEZ in der Welt Dachgarten Süd mit Kiko und Rae');
    expect(de.event.venueLabel).toBe('Dachgarten Süd');
    const en = await extract('**Open Mic**\n📅 TONIGHT · ⏰ 10pm–1am Eastern\n📍 in The Velvet Room');
    expect(en.event.venueLabel).toBe('The Velvet Room');
    const es = await extract('Verbena Virtual\n📅 viernes 27 de noviembre\n⏰ desde las 20:00\n🎧 con Kiko');
    expect(es.lineup.map((l) => l.performerLabel)).toEqual(['Kiko']);
    expect(es.event).toMatchObject({ eventDate: '2026-11-27', start: '20:00' });
  });

  test('when a French post says "samedi 28 novembre à 21h", then the date and start are read', async () => {
    const r = await extract('Soirée Électro\nsamedi 28 novembre à 21h\nLieu : The Loft\nUne soirée électro pour tous les amoureux de la musique, venez nombreux !');
    expect(r.event).toEqual({
      ...EMPTY_EVENT,
      title: 'Soirée Électro',
      eventDate: '2026-11-28',
      start: '21:00',
      timezone: 'UTC',
      venueLabel: 'The Loft',
      summary: 'Une soirée électro pour tous les amoureux de la musique, venez nombreux !',
    });
  });

  test('when a Spanish post says "Presentado por", then the host and the range are read', async () => {
    const r = await extract('Fiesta Latina 💃\nsábado 28 de noviembre, 22:00 - 02:00\nPresentado por Club Foo', { timeZone: 'America/Mexico_City' });
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Fiesta Latina', communitySlug: 'club-foo', eventDate: '2026-11-28', start: '22:00', end: '02:00', timezone: 'America/Mexico_City' });
  });

  test('when a Portuguese post says "sábado, 28 de novembro às 21h", then the date and start are read', async () => {
    const r = await extract('Noite de Samba\nsábado, 28 de novembro às 21h\nLocal: The Loft', { timeZone: 'America/Sao_Paulo' });
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Noite de Samba', eventDate: '2026-11-28', start: '21:00', timezone: 'America/Sao_Paulo', venueLabel: 'The Loft' });
  });
});

describe('extractEvent: poster text (OCR)', () => {
  test('when OCR breaks the title and the date over lines, then they are joined and marked inferred', async () => {
    const r = await extract(
      ['NEON', 'NIGHTS', '~ VOL 3 ~', 'SATURDAY NOV 28', '9PM - 1AM EST', '| LINEUP |', 'DJ AURORA 9-10PM', 'KIKO 10-11', 'MYSTERY GUEST 11-12', 'WWW.NEONNIGHTS.EXAMPLE'].join('\n'),
      { origin: 'poster' },
    );
    expectValid(r);
    expect(r.event).toEqual({
      ...EMPTY_EVENT,
      title: 'NEON NIGHTS VOL 3',
      eventDate: '2026-11-28',
      start: '21:00',
      end: '01:00',
      timezone: 'America/New_York',
      sourceUrl: 'https://www.neonnights.example',
    });
    expect(r.lineup).toEqual([
      { performerLabel: 'DJ AURORA', personSlug: 'dj-aurora', roleLabel: null, start: '21:00', end: '22:00' },
      { performerLabel: 'KIKO', personSlug: 'kiko', roleLabel: null, start: '22:00', end: '23:00' },
      { performerLabel: 'MYSTERY GUEST', personSlug: null, roleLabel: null, start: '23:00', end: '00:00' },
    ]);
    // The poster's stray marks ("~ VOL 3 ~") are gone before the title is read.
    expect(evidenceAt(r, '/event/title')).toEqual([{ fieldPath: '/event/title', origin: 'poster', excerpt: 'NEON / NIGHTS / VOL 3', assessment: 'inferred' }]);
    expect(evidenceAt(r, '/event/eventDate')[0]).toMatchObject({ origin: 'poster', excerpt: 'SATURDAY NOV 28' });
    expect(evidenceAt(r, '/event/start')[0]).toMatchObject({ origin: 'poster', excerpt: '9PM - 1AM EST', assessment: 'explicit' });
    expect(evidenceAt(r, '/event/sourceUrl')[0]).toMatchObject({ origin: 'poster', assessment: 'inferred' });
    expect(evidenceAt(r, '/lineup/0/start')[0].assessment).toBe('explicit'); // "9-10PM": the pm covers both
    expect(evidenceAt(r, '/lineup/1/start')[0].assessment).toBe('inferred'); // "10-11" after 22:00
  });

  test('when the text is real OCR of a busy generated poster, then the event, lineup, venue and link come through its noise', async () => {
    // tesseract's reading of tests/fixtures/posters "busy" (speckle and shapes behind the text).
    const ocr = ['PRISM RAVE', '|', '3', 'SAT 3 JAN : 23:00 CET', 'NS', '- \\', '23:00 Vesper | -', '00:00 Glitch Koi', '01:00 Aurora b2b Flint', '02:00 Hollow Crown',
      '03:00 Dawn Patrol', '04:00 Mosskeeper', '@ The Great Pug (VRChat)', 'WN', "¥'strobe warning : marquee.example/e/prism", 'A'].join('\n');
    // Read in November 2025: 3 January 2026 is a Saturday, as the poster says.
    const r = await extract(ocr, { origin: 'poster', timeZone: 'Europe/Berlin', referenceInstant: Date.UTC(2025, 10, 21, 12) });
    expectValid(r);
    expect(r.event).toEqual({
      ...EMPTY_EVENT,
      title: 'PRISM RAVE',
      eventDate: '2026-01-03',
      start: '23:00',
      timezone: 'Europe/Berlin',
      venueLabel: 'The Great Pug',
      sourceUrl: 'https://marquee.example/e/prism',
    });
    expect(r.lineup.map((l) => [l.performerLabel, l.start])).toEqual([
      ['Vesper', '23:00'],
      ['Glitch Koi', '00:00'],
      ['Aurora b2b Flint', '01:00'],
      ['Hollow Crown', '02:00'],
      ['Dawn Patrol', '03:00'],
      ['Mosskeeper', '04:00'],
    ]);
    expect(r.evidence.every((e) => e.origin === 'poster' || e.origin === 'lookup' || e.origin === 'calculation')).toBe(true);
  });

  test('when OCR adds stray symbols and garbage lines, then the readable lines are still read', async () => {
    const r = await extract(
      ['»» ~', 'SYNTH | WAVE', "'' CITY _", 'FRI NOV 27', '8PM PST', 'aa7#|*k_q9 ~ @@x7v', 'KIKO .... 8PM', 'RAE .... 9PM', '» SAKURA HALL «'].join('\n'),
      { origin: 'poster' },
    );
    expectValid(r);
    expect(r.event).toMatchObject({ title: 'SYNTH WAVE CITY', eventDate: '2026-11-27', start: '20:00', timezone: 'America/Los_Angeles' });
    expect(r.lineup).toEqual([
      { performerLabel: 'KIKO', personSlug: 'kiko', roleLabel: null, start: '20:00', end: null },
      { performerLabel: 'RAE', personSlug: 'rae', roleLabel: null, start: '21:00', end: null },
    ]);
  });
});

describe('extractEvent: lineups', () => {
  test('when the lineup has only bare hours and the event has no start, then each start is asked, not guessed', async () => {
    const r = await extract('Sunset Social\nFriday\n9 - DJ Aurora\n10 - Kiko\n11 - Rae');
    expectValid(r);
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Sunset Social', eventDate: '2026-11-27' });
    expect(r.lineup.map((l) => [l.performerLabel, l.start])).toEqual([
      ['DJ Aurora', null],
      ['Kiko', null],
      ['Rae', null],
    ]);
    expect(r.questions).toEqual([
      { fieldPath: '/lineup/0/start', reason: '"9 - DJ Aurora": is this in the morning or the evening?', alternatives: ['09:00', '21:00'] },
      { fieldPath: '/lineup/1/start', reason: '"10 - Kiko": is this in the morning or the evening?', alternatives: ['10:00', '22:00'] },
      { fieldPath: '/lineup/2/start', reason: '"11 - Rae": is this in the morning or the evening?', alternatives: ['11:00', '23:00'] },
    ]);
  });

  test('when a later row says pm, then the bare hours before it take the evening reading', async () => {
    const r = await extract('Synthwave Sundays\nSunday Nov 29\nLineup\n8 Kiko\n9 Rae\n10:30pm DJ Aurora');
    expect(r.lineup.map((l) => [l.performerLabel, l.start])).toEqual([
      ['Kiko', '20:00'],
      ['Rae', '21:00'],
      ['DJ Aurora', '22:30'],
    ]);
    expect(trail(r).filter((t) => t.includes('/start'))).toEqual(['/lineup/0/start text inferred', '/lineup/1/start text inferred', '/lineup/2/start text explicit']);
  });

  test('when 12-hour ranges cross midnight, then ends come after their starts', async () => {
    const r = await extract('Late Shift\nSat Nov 28 10pm EST\nLineup:\n10-11:30pm Kiko (VJ)\n11:30-1 Rae\n1am - 2:30am Moonface [live set]');
    expect(r.lineup).toEqual([
      { performerLabel: 'Kiko', personSlug: 'kiko', roleLabel: 'VJ', start: '22:00', end: '23:30' },
      { performerLabel: 'Rae', personSlug: 'rae', roleLabel: null, start: '23:30', end: '01:00' },
      { performerLabel: 'Moonface', personSlug: 'moonface', roleLabel: 'Live set', start: '01:00', end: '02:30' },
    ]);
  });

  test('when rows use arrows, list numbers or leader dots, then those are not part of the names', async () => {
    const r = await extract(['Moonlight Rave', 'Sat, Dec 5th | 22:00 UTC', '🎶 Lineup', '1. 22:00 ▸ Kiko', '2. 23:00 ▸ Rae', '3) Moonface .... 00:00', '4. DJ Aurora'].join('\n'));
    expect(r.event).toMatchObject({ eventDate: '2026-12-05', start: '22:00', timezone: 'Etc/UTC' });
    expect(r.lineup).toEqual([
      { performerLabel: 'Kiko', personSlug: 'kiko', roleLabel: null, start: '22:00', end: null },
      { performerLabel: 'Rae', personSlug: 'rae', roleLabel: null, start: '23:00', end: null },
      { performerLabel: 'Moonface', personSlug: 'moonface', roleLabel: null, start: '00:00', end: null },
      { performerLabel: 'DJ Aurora', personSlug: 'dj-aurora', roleLabel: null, start: null, end: null },
    ]);
  });

  test('when a row says TBA, then the slot keeps its time without a performer', async () => {
    const r = await extract('Open Decks\nSaturday Nov 28 20:00 UTC\nLineup:\n20:00 Kiko\n21:00 TBA');
    expect(r.lineup).toEqual([
      { performerLabel: 'Kiko', personSlug: 'kiko', roleLabel: null, start: '20:00', end: null },
      { performerLabel: null, personSlug: null, roleLabel: null, start: '21:00', end: null },
    ]);
  });

  test('when a lineup has more than 80 rows, then 80 are kept and one question names the rest', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => `${String((12 + Math.floor(i / 4)) % 24).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')} DJ Number ${i}`);
    const r = await extract(['Eternal Marathon', 'Saturday Nov 28 from 12:00 to 11:00 UTC', 'Lineup:', ...rows].join('\n'));
    expectValid(r);
    expect(r.lineup).toHaveLength(80);
    expect(r.lineup[79]).toEqual({ performerLabel: 'DJ Number 79', personSlug: null, roleLabel: null, start: '07:45', end: null });
    expect(r.evidence.length).toBeLessThanOrEqual(100);
    expect(questionAt(r, '/lineup')).toEqual([
      {
        fieldPath: '/lineup',
        reason: 'The lineup has 90 rows; only the first 80 are proposed and 10 were left out.',
        alternatives: Array.from({ length: 10 }, (_, i) => `DJ Number ${80 + i}`),
      },
    ]);
    // Event evidence comes before the lineup's when the cap cuts.
    expect(r.evidence[0].fieldPath).toBe('/event/title');
  });
});

describe('extractEvent: dates the text does not settle', () => {
  test('when an hour has no am/pm on a named day, then the start is asked with the engine alternatives', async () => {
    const r = await extract('Jazz Lounge\nSaturday 9');
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Jazz Lounge' });
    expect(r.questions).toEqual([
      { fieldPath: '/event/start', reason: 'Do you mean 9 in the morning or in the evening?', alternatives: ['Saturday 28 Nov 2026, 09:00 UTC', 'Saturday 21 Nov 2026, 21:00 UTC'] },
    ]);
  });

  test('when the weekday does not match the date, then the date is asked', async () => {
    const r = await extract('Retro Rave\nFri Nov 28 9pm-1am EST');
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Retro Rave' });
    expect(r.questions).toEqual([
      {
        fieldPath: '/event/eventDate',
        reason: '28 November 2026 is not a friday; which day do you mean?',
        alternatives: ['Saturday 28 Nov 2026, 21:00 EST – Sunday 29 Nov 2026, 01:00 EST', 'Friday 27 Nov 2026, 21:00 EST – Saturday 28 Nov 2026, 01:00 EST'],
      },
    ]);
  });

  test('when the time line is garbled under a date line, then the date the line reads alone is kept and the start is asked', async () => {
    const r = await extract('冬の音楽会\n6/20(日)\n23:00--322:00 JST', { timeZone: 'Asia/Tokyo', referenceInstant: Date.UTC(2027, 5, 11, 3) });
    expectValid(r);
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: '冬の音楽会', eventDate: '2027-06-20' });
    expect(questionAt(r, '/event/start')).toHaveLength(1);
    // The day the engine offers is the date line's: only then is it kept. "Saturday 9" (two days offered) keeps none (above).
    expect(questionAt(r, '/event/start')[0].alternatives.every((a) => a.startsWith('Sunday 20 Jun 2027'))).toBe(true);
  });

  test('when a zone abbreviation is ambiguous, then the day is kept and the start is asked', async () => {
    const r = await extract('Retro Rave\nFriday Nov 27, 10pm CST');
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Retro Rave', eventDate: '2026-11-27' });
    expect(questionAt(r, '/event/start')).toHaveLength(1);
    expect(questionAt(r, '/event/start')[0].alternatives.length).toBeGreaterThan(1);
  });

  test('when two different days are named, then neither is proposed and both are offered', async () => {
    const r = await extract('Winter Ball\nDecember 5 at 8pm UTC\nRain date: December 12 at 8pm UTC');
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Winter Ball' });
    expect(r.questions).toEqual([
      { fieldPath: '/event/eventDate', reason: 'The text names more than one day and time; which one is the event?', alternatives: ['2026-12-05 20:00 Etc/UTC', '2026-12-12 20:00 Etc/UTC'] },
    ]);
  });

  test('when the date has a year, then it is explicit', async () => {
    const r = await extract('Winter Ball 2026\n2026-12-05 20:00', { timeZone: 'Europe/Paris' });
    expect(r.event).toMatchObject({ eventDate: '2026-12-05', start: '20:00', timezone: 'Europe/Paris' });
    expect(evidenceAt(r, '/event/eventDate')[0]).toMatchObject({ origin: 'text', assessment: 'explicit' });
  });

  test('when there is a clock time but no day, then only the clock is proposed', async () => {
    const r = await extract('Movie Night\nStarts 8pm ET');
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Movie Night', start: '20:00', timezone: 'America/New_York' });
  });

  test('when the text gives a bare UTC offset, then the wall times stay and the zone is asked', async () => {
    const r = await extract('Diwali Party\nSat Nov 28 9pm UTC+5:30');
    expect(r.event).toEqual({ ...EMPTY_EVENT, title: 'Diwali Party', eventDate: '2026-11-28', start: '21:00' });
    expect(r.questions).toEqual([
      { fieldPath: '/event/timezone', reason: 'The text gives the offset UTC+5:30, which is not a named time zone; which zone is the event in?', alternatives: [] },
    ]);
  });

  test('when the zone is not given, then the draft default is used; without one, UTC', async () => {
    const berlin = await extract('Movie Night\nSaturday Nov 28 at 20:00', { timeZone: 'Europe/Berlin' });
    const none = await extract('Movie Night\nSaturday Nov 28 at 20:00', { timeZone: undefined });
    const bogus = await extract('Movie Night\nSaturday Nov 28 at 20:00', { timeZone: 'Mars/Olympus' });
    expect(berlin.event.timezone).toBe('Europe/Berlin');
    expect(none.event.timezone).toBe('UTC');
    expect(bogus.event.timezone).toBe('UTC');
    expect(evidenceAt(none, '/event/timezone')[0]).toEqual({ fieldPath: '/event/timezone', origin: 'calculation', excerpt: "No time zone is named; the draft's zone UTC was used.", assessment: 'inferred' });
  });
});

describe('extractEvent: odd input', () => {
  test.each([
    ['empty', ''],
    ['whitespace', ' \n\t\n  '],
    ['only emoji', '🎉🎉🎉\n✨🔥✨\n💃🕺'],
    ['only a mention', '@everyone'],
  ])('when the input is %s, then every field is null and the lists are empty', async (_name, text) => {
    const r = await extract(text);
    expect(r).toEqual({ event: EMPTY_EVENT, lineup: [], evidence: [], questions: [] });
  });

  test('when the input is 12000 characters of symbol noise, then nothing is proposed', async () => {
    const rand = prng(7);
    const chars = 'abcdefghijklmnopqrstuvwxyz0123456789    :-/.,!?@#*_~|()[]<>\n🎉';
    const text = Array.from({ length: 12000 }, () => chars[Math.floor(rand() * chars.length)]).join('');
    const r = await extract(text);
    expectValid(r);
    expect(r.event).toEqual(EMPTY_EVENT);
    expect(r.lineup).toEqual([]);
  });

  test('when the text is longer than 12000 characters, then the rest is ignored', async () => {
    const r = await extract(`Tiny Party\n${'x '.repeat(6000)}\nSaturday Nov 28 9pm UTC`);
    expect(r.event).toMatchObject({ title: 'Tiny Party', eventDate: null, start: null });
  });

  test('when the lookup fails or returns junk, then extraction still answers without slugs', async () => {
    const broken: DirectoryLookup = {
      communities: async () => {
        throw new Error('database down');
      },
      people: async () => [{ slug: 'x'.repeat(65), displayName: 'Kiko' }] as DirectoryEntry[],
      worlds: async () => null as unknown as DirectoryEntry[],
    };
    const r = await extract('Neon Rave\nHosted by Club Foo\nWorld: The Loft\nSaturday 9pm UTC\nLineup:\n9pm Kiko', { lookup: broken });
    expectValid(r);
    expect(r.event).toMatchObject({ title: 'Neon Rave', communitySlug: null, venueLabel: 'The Loft', start: '21:00' });
    expect(r.lineup).toEqual([{ performerLabel: 'Kiko', personSlug: null, roleLabel: null, start: '21:00', end: null }]);
  });

  test('when values are longer than the contract allows, then they are cut at a word boundary', async () => {
    const r = await extract(`# ${'Very Long Title '.repeat(12)}\nhttps://example.com/${'a'.repeat(2100)}\nhttps://example.com/events/ok`);
    expectValid(r);
    expect(r.event.title!.length).toBeLessThanOrEqual(120);
    expect(r.event.title!.endsWith('Very…')).toBe(true);
    expect(evidenceAt(r, '/event/title')[0].assessment).toBe('inferred');
    expect(evidenceAt(r, '/event/title')[0].excerpt!.length).toBeLessThanOrEqual(500);
    // A URL is never cut: the one too long for the contract is skipped.
    expect(r.event.sourceUrl).toBe('https://example.com/events/ok');
  });

  test('when extraction runs, then the lookup is only read and the input is not changed', async () => {
    const calls: string[] = [];
    const input: ExtractionInput = { text: 'Neon Rave\nHosted by Club Foo\n9pm Kiko', origin: 'text', timeZone: 'UTC', referenceInstant: NOW, lookup: fakeLookup(calls) };
    const before = JSON.stringify({ ...input, lookup: undefined });
    await extractEvent(input);
    expect(JSON.stringify({ ...input, lookup: undefined })).toBe(before);
    expect(calls).toEqual(expect.arrayContaining(['communities:Club Foo', 'people:Kiko']));
  });
});

describe('mergeExtractions', () => {
  const text = 'Neon Rave\nSaturday Nov 28, 9pm-1am EST\nHosted by Club Foo\nLineup:\n9pm Kiko\n10pm Rae';
  const poster = 'NEON RAVE\nSATURDAY NOV 28\n10PM - 2AM EST\nLINEUP\nKIKO 9PM\nRAE 10PM\nMOONFACE 11PM\nWWW.NEONRAVE.EXAMPLE';

  test('when text and poster agree on a value, then it stays explicit with both evidence items', async () => {
    const a = await extract(text);
    const b = await extract(poster, { origin: 'poster' });
    const m = mergeExtractions(a, b);
    expectValid(m);
    expect(m.event.title).toBe('Neon Rave');
    expect(evidenceAt(m, '/event/title')).toEqual([
      { fieldPath: '/event/title', origin: 'text', excerpt: 'Neon Rave', assessment: 'explicit' },
      { fieldPath: '/event/title', origin: 'poster', excerpt: 'NEON RAVE', assessment: 'explicit' },
    ]);
    expect(evidenceAt(m, '/event/eventDate').map((e) => `${e.origin} ${e.assessment}`)).toEqual(['text inferred', 'poster inferred']);
  });

  test('when text and poster disagree, then the text value is kept, both are conflicting and a question offers both', async () => {
    const a = await extract(text);
    const b = await extract(poster, { origin: 'poster' });
    const m = mergeExtractions(a, b);
    expect(m.event).toMatchObject({ start: '21:00', end: '01:00', eventDate: '2026-11-28', timezone: 'America/New_York', communitySlug: 'club-foo' });
    expect(evidenceAt(m, '/event/start')).toEqual([
      { fieldPath: '/event/start', origin: 'text', excerpt: 'Saturday Nov 28, 9pm-1am EST', assessment: 'conflicting' },
      { fieldPath: '/event/start', origin: 'poster', excerpt: '10PM - 2AM EST', assessment: 'conflicting' },
    ]);
    expect(questionAt(m, '/event/start')).toEqual([{ fieldPath: '/event/start', reason: 'The text says "21:00" but the poster says "22:00"; which is right?', alternatives: ['21:00', '22:00'] }]);
    expect(questionAt(m, '/event/end')[0].alternatives).toEqual(['01:00', '02:00']);
  });

  test('when only the poster has a value or a performer, then the value is taken and the performer is asked about', async () => {
    const a = await extract(text);
    const b = await extract(poster, { origin: 'poster' });
    const m = mergeExtractions(a, b);
    expect(m.event.sourceUrl).toBe('https://www.neonrave.example');
    expect(evidenceAt(m, '/event/sourceUrl')).toEqual([{ fieldPath: '/event/sourceUrl', origin: 'poster', excerpt: 'WWW.NEONRAVE.EXAMPLE', assessment: 'inferred' }]);
    expect(m.lineup.map((l) => l.performerLabel)).toEqual(['Kiko', 'Rae']);
    expect(evidenceAt(m, '/lineup/0/start').map((e) => e.origin)).toEqual(['text', 'poster']);
    expect(questionAt(m, '/lineup')).toEqual([{ fieldPath: '/lineup', reason: 'The poster also lists a performer the text does not; add them?', alternatives: ['MOONFACE'] }]);
  });

  test('when the text has no lineup, then the poster lineup is used with its own evidence', async () => {
    const a = await extract('Neon Rave\nSaturday Nov 28, 9pm-1am EST');
    const b = await extract(poster, { origin: 'poster' });
    const m = mergeExtractions(a, b);
    expectValid(m);
    expect(m.lineup.map((l) => [l.performerLabel, l.start])).toEqual([
      ['KIKO', '21:00'],
      ['RAE', '22:00'],
      ['MOONFACE', '23:00'],
    ]);
    expect(evidenceAt(m, '/lineup/2/performerLabel')[0].origin).toBe('poster');
  });

  test('when the text leaves a question the poster settles, then the question goes', async () => {
    const a = await extract('Jazz Lounge\nSaturday 9');
    const b = await extract('JAZZ LOUNGE\nSATURDAY NOV 28 9PM UTC', { origin: 'poster' });
    const m = mergeExtractions(a, b);
    expect(m.event).toMatchObject({ eventDate: '2026-11-28', start: '21:00', timezone: 'Etc/UTC' });
    expect(m.questions).toEqual([]);
  });

  test('when one side only defaulted the zone, then the zone the other side states is taken without a conflict', async () => {
    const a = await extract('Neon Rave\nSaturday Nov 28 at 9pm', { timeZone: 'Europe/Berlin' });
    const b = await extract('NEON RAVE\nSAT NOV 28 9PM EST', { origin: 'poster', timeZone: 'Europe/Berlin' });
    const m = mergeExtractions(a, b);
    expect(m.event).toMatchObject({ eventDate: '2026-11-28', start: '21:00', timezone: 'America/New_York' });
    expect(evidenceAt(m, '/event/timezone')).toEqual([{ fieldPath: '/event/timezone', origin: 'poster', excerpt: 'SAT NOV 28 9PM EST', assessment: 'explicit' }]);
    expect(m.questions).toEqual([]);
  });

  test('when merged results are at the limits, then the merge stays within them', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `${(i % 12) + 1}pm Performer ${i}`).join('\n');
    const a = await extract(`Big Night\nSaturday Nov 28 1pm UTC\nLineup:\n${rows}`);
    const b = await extract(`BIG NIGHT\nSATURDAY NOV 28 2PM UTC\nLINEUP\n${rows.toUpperCase()}`, { origin: 'poster' });
    const m = mergeExtractions(a, b);
    expectValid(m);
    expect(m.evidence.length).toBeLessThanOrEqual(100);
  });
});

describe('extractEvent: contract limits for any input', () => {
  const VOCAB = [
    'NEON NIGHTS', '**Vol. 3**', '🎉', '🎧', '📅', '📍', '@everyone', '<@123>', '<t:1764705600:F>', 'Saturday', 'Fri', 'Nov 28', '28.11.2026', '11月28日', '21:00', '9pm', '9-10pm',
    '25:00', '〜', '- ', '• ', 'EST', 'CET', 'JST', 'Europe/Berlin', 'Doors 8pm', 'Lineup:', 'DJs:', 'Hosted by', 'presents', 'Venue:', 'World:', '@ The Loft', '(VRChat)', '(live)', '[DJ]',
    'b2b', 'Kiko', 'DJ Aurora', 'Sol', 'Moon Garden', 'Bass Haven', 'https://example.com/events/x', 'www.example.com', 'https://discord.gg/x', 'TBA', '???', '|', '~', '»', '\n', '\n', '\n',
    'lorem', 'ipsum', 'dolor', 'the', 'party', 'tonight', 'tomorrow', 'Uhr', 'samedi', 'sábado', 'às', 'à', '\u200b', '\uFE0F', '\uD83C', 'x'.repeat(300),
  ];
  const weirdLookup = (rand: () => number): DirectoryLookup => {
    const answer = async (name: string): Promise<DirectoryEntry[]> => {
      const roll = rand();
      if (roll < 0.1) throw new Error('down');
      if (roll < 0.2) return Array.from({ length: 30 }, (_, i) => ({ slug: `s${i}-${'y'.repeat(Math.floor(rand() * 80))}`, displayName: name }));
      if (roll < 0.3) return [{ slug: 'z'.repeat(70), displayName: name.repeat(40) }];
      if (roll < 0.5) return [{ slug: 'ok-slug', displayName: name.repeat(30) || 'x' }];
      return [];
    };
    return { communities: answer, people: answer, worlds: answer };
  };

  test('when 200 random and garbage inputs are extracted, then every result satisfies the ExtractionResult schema', async () => {
    const rand = prng(2026);
    for (let n = 0; n < 200; n++) {
      const size = [50, 400, 2000, 12000][n % 4];
      let text = '';
      const mode = n % 5;
      while (text.length < size) {
        if (mode === 0) text += rand() < 0.8 ? String.fromCharCode(Math.floor(rand() * 0x3000)) : String.fromCodePoint(0x1f300 + Math.floor(rand() * 0x600));
        else if (mode === 1) text += `${Math.floor(rand() * 30)}:${Math.floor(rand() * 70)} ${VOCAB[Math.floor(rand() * VOCAB.length)]}\n`;
        else text += `${VOCAB[Math.floor(rand() * VOCAB.length)]}${rand() < 0.3 ? '\n' : ' '}`;
      }
      const r = await extractEvent({
        text: text.slice(0, size + (n % 7 === 0 ? 500 : 0)),
        origin: n % 2 ? 'poster' : 'text',
        timeZone: ['UTC', 'America/New_York', 'Asia/Tokyo', 'Not/AZone', undefined][n % 5],
        locale: [undefined, 'de', 'ja', 'en-US', 'fr-CA'][n % 5],
        referenceInstant: NOW + Math.floor(rand() * 400) * 86_400_000,
        lookup: weirdLookup(rand),
      });
      const ok = validate(r);
      if (!ok) throw new Error(`input ${n} (${JSON.stringify(text.slice(0, 200))}…): ${JSON.stringify(validate.errors)}`);
    }
  }, 120_000);
});

/** Deterministic randomness (mulberry32), so a failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
