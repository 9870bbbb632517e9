import { DateTime } from 'luxon';
import type { Services } from '../src/services/index.js';
import type { DirectoryBatch } from '../src/services/directory/bulkLoad.js';
import type { EventRow, EventSlotRow } from '../src/repositories/events.js';
import type { ProfileRow } from '../src/repositories/profiles.js';
import type { WorldRow } from '../src/repositories/worlds.js';
import { slugify } from '../src/services/directory/slugs.js';

/** mulberry32: a small seeded generator, so the same size and seed give the same directory. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

// Words in several languages, with accents and non-Latin scripts, as real directories have.
const FIRST = ['Aurora', 'Kaito', 'Mira', 'Lena', 'Zoë', 'José', 'Chloé', 'Søren', 'Björn', 'Ana', 'Luís', 'Yuki', 'Haruto', 'Noémie', 'Åsa', 'Dmitri', 'Renée', 'Mateo', 'Inês', 'Jürgen', 'Camille', 'Sakura', 'Elif', 'Ngozi', 'Ravi', 'Théo', 'Léa', 'Ximena', 'Ólafur', 'Saoirse'];
const LAST = ['Vex', 'Hoshino', 'Sandoval', 'Falk', 'Müller', 'García', 'Dubois', 'Nakamura', 'Þórsson', 'Kowalski', 'Ferreira', 'Álvarez', 'Lefèvre', 'Østergaard', 'Tanaka', 'Rossi', 'Novák', 'Çelik', 'Okafor', 'Iyer', 'Moreau', 'Peña', 'Brontë', 'Ødegaard', 'Sato'];
const STAGE = ['DJ', 'MC', 'VJ', 'Sister', 'Captain', 'Professor', 'Lady', 'Señor', 'Madame', 'Herr'];
const ADJ = ['Neon', 'Quiet', 'Polygon', 'Midnight', 'Velvet', 'Crystal', 'Lunar', 'Solar', 'Café', 'Électrique', 'Schöne', 'Pixel', 'Cozy', 'Wild', 'Glitch', 'Sonoré', 'Dorada', 'Hidden', 'Floating', 'Mystic', '夜', '星空', 'Sakura', 'Aurora', 'Nordic'];
const NOUN = ['Reverie', 'Lantern', 'Painters', 'Arcade', 'Garden', 'Society', 'Collective', 'Lounge', 'Studio', 'Club', 'Orchestra', 'Theatre', 'Tavern', 'Bühne', 'Plaza', 'Jardim', 'Atelier', 'Salon', 'Station', 'Harbour', 'Kissa', 'クラブ', 'Sanctuary', 'Observatory', 'Festival'];
const EVENT = ['Night Shift', 'Open Mic', 'Poetry Hour', 'Jam Session', 'Avatar Workshop', 'Dance Party', 'Karaoke', 'Film Club', 'Art Walk', 'Meetup', 'Soirée', 'Fiesta', 'Abend', 'Matsuri', 'Listening Party', 'Showcase', 'Live Set', 'Quiz Night', 'Story Circle', 'Festa'];
const TAGS = ['club', 'dj', 'chill', 'art', 'poetry', 'acoustic', 'electronic', 'dance', 'education', 'social', 'music', 'anime', 'rock', 'jazz', 'lofi', 'techno', 'house', 'roleplay', 'gaming', 'language-exchange'];
const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'America/Sao_Paulo', 'Europe/London', 'Europe/Berlin', 'Europe/Paris', 'Europe/Madrid', 'Asia/Tokyo', 'Asia/Seoul', 'Australia/Sydney', 'UTC'];
const SUMMARY = [
  'Three DJs, one rooftop, no sleep.',
  'Bring a poem or just listen.',
  'Live painting with the whole room.',
  'Un café, des amis, de la musique.',
  'Eine ruhige Runde mit Gitarre.',
  'Música en vivo y baile hasta tarde.',
  '初心者歓迎のゆったりした集まり。',
  'Conversas, música e boas vibrações.',
];

const DAY = 86_400_000;

/**
 * A realistic directory of about `size` entities: a tenth communities, two fifths people, a
 * tenth worlds and two fifths events spread from six months ago to six months ahead (some
 * date-only, some cancelled), with lineups naming people. Slugs carry a sequence suffix, so they
 * are unique without lookups.
 */
export function generateDirectory(size: number, opts: { seed?: number; now: number }): DirectoryBatch {
  const r = random(opts.seed ?? 42);
  const now = opts.now;
  const communities = Math.max(1, Math.round(size * 0.1));
  const people = Math.max(1, Math.round(size * 0.4));
  const worldCount = Math.max(1, Math.round(size * 0.1));
  const eventCount = Math.max(0, size - communities - people - worldCount);
  const profile = (i: number, type: 'person' | 'community', displayName: string): ProfileRow => ({
    id: `prf_scale${type[0]}${i.toString(36)}`,
    slug: `${slugify(displayName)}-${type[0]}${i.toString(36)}`,
    profileType: type,
    displayName,
    aliases: r.next() < 0.2 ? [`${r.pick(ADJ)} ${r.pick(FIRST)}`] : [],
    tags: [r.pick(TAGS), r.pick(TAGS)].filter((t, k, a) => a.indexOf(t) === k),
    headline: type === 'community' ? `${r.pick(SUMMARY)}` : `${r.pick(TAGS)} · ${r.pick(TAGS)}`,
    bio: null,
    region: null,
    timezone: r.pick(ZONES),
    pronouns: null,
    roleTags: type === 'person' ? [r.pick(['dj', 'host', 'musician', 'artist', 'vj', 'poet'])] : [],
    communitySubtype: type === 'community' ? r.pick(['club', 'salon', 'workshop', 'meetup']) : null,
    categoryTags: type === 'community' ? [r.pick(TAGS)] : [],
    outboundLinks: [],
    claimState: r.next() < 0.3 ? 'claimed_verified' : 'unclaimed',
    publicationState: 'published',
    publicSurfacingState: r.next() < 0.02 ? 'opted_out' : 'public',
    creationSource: r.next() < 0.3 ? 'community' : 'import',
    ownerUserId: null,
    submittedByUserId: null,
    claimedAt: null,
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const profiles: ProfileRow[] = [];
  for (let i = 0; i < communities; i++) profiles.push(profile(i, 'community', `${r.pick(ADJ)} ${r.pick(NOUN)}`));
  for (let i = 0; i < people; i++) profiles.push(profile(i, 'person', r.next() < 0.3 ? `${r.pick(STAGE)} ${r.pick(FIRST)}` : `${r.pick(FIRST)} ${r.pick(LAST)}`));
  const communityRows = profiles.slice(0, communities);
  const personRows = profiles.slice(communities);
  const worlds: WorldRow[] = Array.from({ length: worldCount }, (_, i) => {
    const displayName = `${r.pick(ADJ)} ${r.pick(NOUN)}`;
    return {
      id: `wld_scale${i.toString(36)}`,
      slug: `${slugify(displayName)}-w${i.toString(36)}`,
      displayName,
      summary: r.pick(SUMMARY),
      description: null,
      tags: [r.pick(TAGS)],
      platformCompatibility: ['pc'],
      vrchatWorldId: null,
      heroImageUrl: null,
      visibilityStatus: 'published',
      ownerUserId: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const events: EventRow[] = [];
  const slots: EventSlotRow[] = [];
  for (let i = 0; i < eventCount; i++) {
    const c = r.pick(communityRows);
    const zone = c.timezone ?? 'UTC';
    const day = DateTime.fromMillis(now, { zone }).startOf('day').plus({ days: r.int(361) - 180 });
    const dateOnly = r.next() < 0.1;
    const start = day.set({ hour: 17 + r.int(7), minute: r.pick([0, 15, 30, 45]) });
    const hours = 1 + r.int(4);
    const id = `evt_scale${i.toString(36)}`;
    const title = `${c.displayName}: ${r.pick(EVENT)}`;
    events.push({
      id,
      slug: `${slugify(title)}-e${i.toString(36)}`,
      communityProfileId: c.id,
      worldId: r.next() < 0.7 ? r.pick(worlds).id : null,
      title: title.slice(0, 120),
      summary: r.pick(SUMMARY),
      eventDate: day.toISODate()!,
      scheduleKind: dateOnly ? 'date_only' : 'timed',
      startAt: dateOnly ? null : start.toMillis(),
      endAt: dateOnly ? null : start.plus({ hours }).toMillis(),
      doorsOpenAt: null,
      timezone: zone,
      status: r.next() < 0.03 ? 'cancelled' : 'scheduled',
      sourceType: 'manual',
      sourceLabel: c.displayName,
      sourceUrl: null,
      watchMode: 'event_stream',
      watchSurfaceEnabled: false,
      createdByUserId: null,
      createdAt: now - DAY,
      updatedAt: now - DAY,
      publishedAt: now - DAY,
    });
    const lineup = dateOnly ? 0 : r.int(5);
    for (let k = 0; k < lineup; k++) {
      const person = r.pick(personRows);
      slots.push({
        id: `slt_scale${i.toString(36)}_${k}`,
        eventId: id,
        position: k,
        displayLabel: person.displayName,
        roleLabel: person.roleTags[0] ?? '',
        personProfileId: person.id,
        startAt: start.plus({ minutes: (k * hours * 60) / lineup }).toMillis(),
        endAt: start.plus({ minutes: ((k + 1) * hours * 60) / lineup }).toMillis(),
      });
    }
  }
  return { profiles, worlds, events, slots };
}

/** `demo load --size N`: adds a generated directory of about N entities. */
export async function loadScaleData(services: Services, size: number, seed = 42) {
  return services.bulkLoad.load(generateDirectory(size, { seed, now: services.clock.now() }));
}
