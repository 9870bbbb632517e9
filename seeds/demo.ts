import { DateTime } from 'luxon';
import type { Services } from '../src/services/index.js';

export const DEMO_EMAIL = 'demo@marquee.test';
export const DEMO_PASSWORD = 'marquee-demo-password';

interface DemoEvent {
  community: string;
  title: string;
  /** Days from today, local date in the community's zone. */
  inDays: number;
  start?: string;
  hours?: number;
  world?: string;
  summary: string;
  lineup?: [string, string, string?][];
}

/**
 * The same demo directory every time: communities, people, worlds and upcoming events. Event
 * dates are relative to the day of loading so that "upcoming" stays true.
 */
export async function loadDemoData(services: Services): Promise<{ email: string; password: string }> {
  const now = services.clock.now();
  const user = (await services.users.findByEmail(DEMO_EMAIL)) ?? (await services.users.create({ email: DEMO_EMAIL, password: DEMO_PASSWORD, displayName: 'Demo Organiser' }));
  await services.users.verifyEmail(user.id);
  const { directory } = services;

  const communities = {
    'Neon Reverie': await directory.createProfile({
      profileType: 'community', displayName: 'Neon Reverie', ownerUserId: user.id, timezone: 'America/New_York',
      headline: 'Weekly club nights in a rain-soaked cyber city', communitySubtype: 'club', categoryTags: ['electronic', 'dance'], tags: ['club', 'dj'],
    }),
    'Quiet Lantern Society': await directory.createProfile({
      profileType: 'community', displayName: 'Quiet Lantern Society', timezone: 'Asia/Tokyo',
      headline: 'Slow evenings: poetry readings and acoustic sets', communitySubtype: 'salon', categoryTags: ['poetry', 'acoustic'], tags: ['chill'],
    }),
    'Polygon Painters': await directory.createProfile({
      profileType: 'community', displayName: 'Polygon Painters', timezone: 'Europe/Berlin',
      headline: 'Live 3D art jams and avatar workshops', communitySubtype: 'workshop', categoryTags: ['art', 'education'], tags: ['art'],
    }),
  };
  const people: Record<string, { slug: string }> = {};
  for (const [name, pronouns, roles, tz] of [
    ['DJ Aurora Vex', 'she/her', ['dj'], 'America/Chicago'],
    ['Kaito Hoshino', 'he/him', ['musician', 'vocalist'], 'Asia/Tokyo'],
    ['Mira Sandoval', 'they/them', ['vj', 'artist'], 'America/Los_Angeles'],
    ['Lena Falk', 'she/her', ['host', 'poet'], 'Europe/Berlin'],
    ['Byte Bishop', 'he/him', ['dj', 'producer'], 'Europe/London'],
  ] as [string, string, string[], string][]) {
    people[name] = await directory.createProfile({ profileType: 'person', displayName: name, pronouns, roleTags: roles, timezone: tz, headline: `${roles.join(' · ')}` });
  }
  const worlds = {
    'Midnight Arcade': await directory.createWorld({ displayName: 'Midnight Arcade', summary: 'A neon arcade hall with a rooftop stage', tags: ['club', 'neon'], platformCompatibility: ['pc', 'android'] }),
    'Lantern Garden': await directory.createWorld({ displayName: 'Lantern Garden', summary: 'A quiet garden of floating paper lanterns', tags: ['chill', 'nature'] }),
    'Open Canvas Studio': await directory.createWorld({ displayName: 'Open Canvas Studio', summary: 'A bright studio built for live art', tags: ['art'] }),
  };

  const events: DemoEvent[] = [
    { community: 'Neon Reverie', title: 'Neon Reverie: Night Shift', inDays: 1, start: '21:00', hours: 3, world: 'Midnight Arcade', summary: 'Three DJs, one rooftop, no sleep.',
      lineup: [['21:00', 'DJ Aurora Vex', 'DJ'], ['22:00', 'Byte Bishop', 'DJ'], ['23:00', 'Mira Sandoval', 'VJ']] },
    { community: 'Neon Reverie', title: 'Neon Reverie: Synthwave Sunday', inDays: 4, start: '20:00', hours: 2, world: 'Midnight Arcade', summary: 'Retro synths and chrome sunsets.',
      lineup: [['20:00', 'Byte Bishop', 'DJ']] },
    { community: 'Quiet Lantern Society', title: 'Lantern Readings', inDays: 2, start: '20:30', hours: 2, world: 'Lantern Garden', summary: 'Poems under paper lanterns, open mic at the end.',
      lineup: [['20:30', 'Lena Falk', 'Host'], ['21:15', 'Kaito Hoshino', 'Acoustic set']] },
    { community: 'Polygon Painters', title: 'Avatar Sculpting Jam', inDays: 6, start: '18:00', hours: 3, world: 'Open Canvas Studio', summary: 'Bring a base mesh, leave with a character.' },
    { community: 'Polygon Painters', title: 'Polygon Painters Open Studio Day', inDays: 10, world: 'Open Canvas Studio', summary: 'Drop in any time during the day; the studio is open.' },
  ];
  for (const e of events) {
    const community = communities[e.community as keyof typeof communities];
    const zone = community.timezone ?? 'UTC';
    const day = DateTime.fromMillis(now, { zone }).startOf('day').plus({ days: e.inDays });
    const at = (hhmm: string) => {
      const [h, m] = hhmm.split(':').map(Number);
      let t = day.set({ hour: h, minute: m });
      if (h < 12 && e.start && Number(e.start.split(':')[0]) >= 12) t = t.plus({ days: 1 }); // after midnight
      return t.toMillis();
    };
    const startAt = e.start ? at(e.start) : undefined;
    await directory.createEvent({
      communitySlug: community.slug,
      title: e.title,
      eventDate: day.toISODate()!,
      startAt,
      endAt: startAt !== undefined && e.hours ? startAt + e.hours * 3_600_000 : undefined,
      timezone: zone,
      worldSlug: e.world ? worlds[e.world as keyof typeof worlds].slug : undefined,
      summary: e.summary,
      createdByUserId: community.ownerUserId ?? undefined,
      lineup: e.lineup?.map(([time, name, role]) => ({ displayLabel: name, roleLabel: role, personSlug: people[name]?.slug, startAt: at(time) })),
    });
  }
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

/** Loads the demo directory on first start, when the database holds no events yet. */
export async function loadDemoDataIfEmpty(services: Services) {
  if ((await services.directory.countEvents()) > 0) return undefined;
  return loadDemoData(services);
}
