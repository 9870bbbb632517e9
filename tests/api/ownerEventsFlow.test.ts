import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import type { StoredOutboundLink } from '../../src/repositories/profiles.js';

// End to end (contract 2.8, 4.8): an owner writes an event with a two-performer lineup and
// explicit stream choices, reads it back anonymously as players and calendars do, and a
// performer later removes the chosen stream: that slot's stream becomes unavailable and nothing
// is substituted, while the other slot keeps playing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
/** Friday 11 December 2026, 20:00 UTC (21:00 in Berlin). */
const START = Date.parse('2026-12-11T20:00:00Z');

const AURORA_LINKS: StoredOutboundLink[] = [
  { type: 'twitch', url: 'https://www.twitch.tv/AuroraFlowDJ', label: 'Twitch' },
  { type: 'vrcdn', url: 'https://stream.vrcdn.live/live/auroraflow', label: 'VRCDN' },
  { type: 'vrcdn', url: 'https://vrcdn.video/recordings/auroraflow-closing-set.mp4', label: 'Closing set (video)' },
  { type: 'website', url: 'https://aurora-backstage.example.com', label: 'Backstage', visibility: 'unlisted' },
  { type: 'soundcloud', url: 'https://soundcloud.com/auroraflow', label: 'SoundCloud' },
];
const BASALT_LINKS: StoredOutboundLink[] = [
  { type: 'youtube', url: 'https://www.youtube.com/@BasaltBeats', label: 'YouTube' },
  { type: 'twitch', url: 'https://www.twitch.tv/basaltbeats', label: 'Twitch' },
];

test('when an owner writes an event with stream choices and a performer later removes the chosen stream, then players, calendars and search see each step', async () => {
  // Arrange: an owner with an events:write token and a claimed community; two public performers.
  const user = await makeUser(t.services);
  const token = (await makeToken(t.services, user.id, ['events:write', 'events:read'])).value;
  const crew = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Flowstate Collective', ownerUserId: user.id, timezone: 'Europe/Berlin' });
  const aurora = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Aurora Flow', outboundLinks: AURORA_LINKS });
  const basalt = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Basalt Beats', outboundLinks: BASALT_LINKS });

  // Act 1: create with two slots, two performers, their streams selected.
  const written = bodyOf(
    await callOp(t.app, 'createCurrentUserCommunityEvent', {
      token,
      body: {
        communitySlug: crew.slug,
        title: 'Flowstate Winter Session',
        startAt: START,
        endAt: START + 4 * HOUR,
        summary: 'Two sets, two streams.',
        notes: 'Stage manager: ring the bell twice',
        watchMode: 'performer_sequence',
        watchSurfaceEnabled: true,
        mediaLinks: [{ type: 'discord', label: 'Crew Discord', url: 'https://discord.gg/flowstate' }],
        participantLinks: [
          { personSlug: aurora.slug, roleLabel: 'Opening DJ' },
          { personSlug: basalt.slug, roleLabel: 'Closing DJ' },
        ],
        slotLinks: [
          { displayLabel: 'Aurora Flow', personSlug: aurora.slug, roleLabel: 'DJ', startAt: START, endAt: START + 2 * HOUR, selectedStreamId: 'twitch:auroraflowdj' },
          { displayLabel: 'Basalt Beats', personSlug: basalt.slug, roleLabel: 'DJ', startAt: START + 2 * HOUR, endAt: START + 4 * HOUR, selectedStreamId: 'youtube:@basaltbeats' },
        ],
      },
    }),
    200,
  );
  expect(written.slug).toBe('flowstate-winter-session-2026-12-11');

  // Assert 1: the anonymous readback a player uses.
  const first = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: written.slug } }), 200);
  expect(first).toMatchObject({
    id: written.eventId,
    watchMode: 'performer_sequence',
    watchSurfaceEnabled: true,
    eventDate: '2026-12-11',
    timezone: 'Europe/Berlin',
    source: { sourceType: 'manual', label: 'Flowstate Collective' },
    mediaLinks: [{ type: 'discord', label: 'Crew Discord', url: 'https://discord.gg/flowstate', presentation: 'open' }],
  });
  const [auroraSlot, basaltSlot] = first.slots!;
  expect(auroraSlot).toMatchObject({
    position: 0,
    startAt: START,
    performer: { slug: aurora.slug },
    streamStatus: 'selected',
    stream: { streamId: 'twitch:auroraflowdj', pcUrl: 'https://www.twitch.tv/auroraflowdj', questUrl: 'https://www.twitch.tv/auroraflowdj' },
  });
  expect(basaltSlot).toMatchObject({
    position: 1,
    streamStatus: 'selected',
    stream: { streamId: 'youtube:@basaltbeats', pcUrl: 'https://www.youtube.com/@basaltbeats/live', questUrl: 'https://www.youtube.com/@basaltbeats/live' },
  });
  expect(auroraSlot.playbackKey).not.toBe(basaltSlot.playbackKey);
  // The roster: in the owner's order, typed links, the unlisted link hidden, the video file kept as a roster link.
  expect(first.participants!.map((p) => [p.slug, p.roleLabel])).toEqual([
    [aurora.slug, 'Opening DJ'],
    [basalt.slug, 'Closing DJ'],
  ]);
  const rosterLinks = first.participants![0].outboundLinks;
  expect(rosterLinks.map((l) => [l.type, l.url])).toEqual([
    ['twitch', 'https://www.twitch.tv/AuroraFlowDJ'],
    ['vrcdn', 'https://stream.vrcdn.live/live/auroraflow'],
    ['vrcdn', 'https://vrcdn.video/recordings/auroraflow-closing-set.mp4'],
    ['soundcloud', 'https://soundcloud.com/auroraflow'],
  ]);
  expect(JSON.stringify(first)).not.toContain('aurora-backstage');
  expect(auroraSlot.performer!.outboundLinks).toEqual(rosterLinks);
  expect(JSON.stringify(first)).not.toContain('ring the bell');

  // Act 2: the performer removes the chosen Twitch link from its profile (its other stream stays).
  await t.db('profiles').where({ id: aurora.id }).update({ outbound_links: JSON.stringify(AURORA_LINKS.filter((l) => l.type !== 'twitch')) });
  // Written behind the API: move the public-read version stamp as every profile write does.
  await t.repos.publicReadVersions.bump();

  // Assert 2: that slot's stream is unavailable, not replaced by the VRCDN stream; the other slot is unchanged.
  const second = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: written.slug } }), 200);
  const [auroraAfter, basaltAfter] = second.slots!;
  expect(auroraAfter.streamStatus).toBe('unavailable');
  expect(auroraAfter.stream).toBeUndefined();
  expect(auroraAfter.performer!.outboundLinks.some((l) => l.type === 'vrcdn' && l.url.includes('/live/'))).toBe(true);
  // The choice itself did not change, so neither did the key players switch on.
  expect(auroraAfter.playbackKey).toBe(auroraSlot.playbackKey);
  expect(basaltAfter).toEqual(basaltSlot);
  expect(second.participants![0].outboundLinks.map((l) => l.type)).toEqual(['vrcdn', 'vrcdn', 'soundcloud']);

  // Assert 3: the calendar feeds (read back with ical.js) list the event, without its private notes.
  for (const res of [await callOp(t.app, 'getPublicEventsCalendar'), await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: crew.slug } })]) {
    expectStatus(res, 200);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    const vevent = calendar.getAllSubcomponents('vevent').find((c) => String(c.getFirstPropertyValue('uid')) === `${written.eventId}@marquee.test`);
    expect(vevent).toBeDefined();
    const dtstart = vevent!.getFirstPropertyValue('dtstart') as ICAL.Time;
    const dtend = vevent!.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(String(vevent!.getFirstPropertyValue('summary'))).toBe('Flowstate Winter Session');
    expect(dtstart.toUnixTime() * 1000).toBe(START);
    expect(dtend.toUnixTime() * 1000).toBe(START + 4 * HOUR);
    expect(String(vevent!.getFirstPropertyValue('description'))).toContain('Aurora Flow');
    expect(res.text).not.toContain('ring the bell');
  }

  // Assert 4: search finds it (and not by its private notes), and the owner's inventory lists it.
  const found = bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q: 'Flowstate Winter', type: 'event' } }), 200);
  expect(found.results.map((r) => [r.entityType, r.slug])).toContainEqual(['event', written.slug]);
  const byNotes = bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q: 'bell twice' } }), 200);
  expect(byNotes.results.map((r) => r.slug)).not.toContain(written.slug);
  const mine = bodyOf(await callOp(t.app, 'listCurrentApiUserEvents', { token }), 200);
  expect(mine.events.map((e) => e.slug)).toContain(written.slug);

  // Act 3 and assert: choosing the performer's remaining stream makes the slot play again, under a new key.
  expectStatus(
    await callOp(t.app, 'updateCurrentUserCommunityEvent', {
      token,
      params: { slug: written.slug },
      body: {
        participantLinks: [{ personSlug: aurora.slug, roleLabel: 'Opening DJ' }, { personSlug: basalt.slug, roleLabel: 'Closing DJ' }],
        slotLinks: [
          { displayLabel: 'Aurora Flow', personSlug: aurora.slug, roleLabel: 'DJ', startAt: START, endAt: START + 2 * HOUR, selectedStreamId: 'vrcdn:auroraflow' },
          { displayLabel: 'Basalt Beats', personSlug: basalt.slug, roleLabel: 'DJ', startAt: START + 2 * HOUR, endAt: START + 4 * HOUR },
        ],
      },
    }),
    200,
  );
  const third = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: written.slug } }), 200);
  expect(third.slots![0]).toMatchObject({ streamStatus: 'selected', stream: { streamId: 'vrcdn:auroraflow', pcUrl: 'rtspt://stream.vrcdn.live/live/auroraflow', questUrl: 'https://stream.vrcdn.live/live/auroraflow.live.ts' } });
  expect(third.slots![0].playbackKey).not.toBe(auroraSlot.playbackKey);
  // The unchanged slot kept its choice (same performer and start) and its key.
  expect(third.slots![1]).toMatchObject({ streamStatus: 'selected', stream: { streamId: 'youtube:@basaltbeats' }, playbackKey: basaltSlot.playbackKey });
});
