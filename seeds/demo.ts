import { DateTime } from 'luxon';
import { imageLibrary } from '../src/lib/imageLibrary.js';
import type { Services } from '../src/services/index.js';
import type { NewProfileAsset } from '../src/services/directory/profileAssets.js';

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
  await loadDemoProfileAssets(services, {
    neonReverie: communities['Neon Reverie'].slug,
    quietLantern: communities['Quiet Lantern Society'].slug,
    polygonPainters: communities['Polygon Painters'].slug,
    auroraVex: people['DJ Aurora Vex'].slug,
    miraSandoval: people['Mira Sandoval'].slug,
  });
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

// ---------------------------------------------------------------------------------------------
// Demo profile assets: real images (logos, gallery, banner, profile images) drawn from small
// inline SVGs and rendered with sharp at load time, so lists, files and logos.zip show
// something. Two logos stay SVG. Shapes only: no text, so no fonts are needed to render them.

const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

const DRAWINGS = {
  neonLogo: svg(256, 256, '<rect width="256" height="256" rx="40" fill="#0d0221"/><circle cx="128" cy="128" r="86" fill="none" stroke="#ff2a6d" stroke-width="14"/><path d="M88 172V84l80 88V84" fill="none" stroke="#05d9e8" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>'),
  neonWordmark: svg(512, 128, '<rect width="512" height="128" rx="24" fill="#0d0221"/><g fill="#ff2a6d"><rect x="32" y="40" width="64" height="48" rx="8"/><rect x="112" y="40" width="112" height="48" rx="8"/></g><g fill="#05d9e8"><rect x="240" y="40" width="88" height="48" rx="8"/><rect x="344" y="40" width="136" height="48" rx="8"/></g>'),
  neonRooftop: svg(640, 360, '<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#1a0533"/><stop offset="1" stop-color="#ff2a6d"/></linearGradient></defs><rect width="640" height="360" fill="url(#sky)"/><g fill="#0d0221"><rect x="20" y="170" width="90" height="190"/><rect x="130" y="120" width="70" height="240"/><rect x="220" y="200" width="120" height="160"/><rect x="360" y="90" width="80" height="270"/><rect x="460" y="160" width="160" height="200"/></g><g stroke="#05d9e8" stroke-width="2" opacity=".6"><path d="M0 40l40 320M120 0l40 360M260 20l40 340M420 0l40 360M560 30l40 330"/></g>'),
  neonBanner: svg(1200, 300, '<defs><linearGradient id="b"><stop offset="0" stop-color="#0d0221"/><stop offset=".5" stop-color="#541388"/><stop offset="1" stop-color="#0d0221"/></linearGradient></defs><rect width="1200" height="300" fill="url(#b)"/><path d="M0 220h1200" stroke="#ff2a6d" stroke-width="6"/><path d="M0 240h1200" stroke="#05d9e8" stroke-width="3"/>'),
  lanternLogo: svg(256, 256, '<rect width="256" height="256" rx="128" fill="#14213d"/><ellipse cx="128" cy="134" rx="56" ry="70" fill="#fca311"/><rect x="108" y="52" width="40" height="16" rx="4" fill="#e5e5e5"/><rect x="108" y="200" width="40" height="12" rx="4" fill="#e5e5e5"/><path d="M128 76v116" stroke="#d68c00" stroke-width="6"/>'),
  lanternGarden: svg(640, 360, '<rect width="640" height="360" fill="#0b132b"/><g fill="#fca311"><ellipse cx="90" cy="120" rx="22" ry="28"/><ellipse cx="210" cy="80" rx="18" ry="23" opacity=".8"/><ellipse cx="330" cy="140" rx="26" ry="32"/><ellipse cx="450" cy="70" rx="16" ry="20" opacity=".7"/><ellipse cx="560" cy="130" rx="22" ry="28"/></g><rect y="280" width="640" height="80" fill="#1c2541"/>'),
  polygonLogo: svg(256, 256, '<rect width="256" height="256" rx="32" fill="#f4f1de"/><path d="M128 32l96 160H32z" fill="#e07a5f"/><path d="M128 96l56 96H72z" fill="#3d405b"/><path d="M40 200h176v24H40z" fill="#81b29a"/>'),
  polygonMark: svg(256, 256, '<rect width="256" height="256" fill="#3d405b"/><path d="M48 208L128 48l80 160z" fill="none" stroke="#f2cc8f" stroke-width="12" stroke-linejoin="round"/><circle cx="128" cy="160" r="24" fill="#e07a5f"/>'),
  polygonJam: svg(640, 360, '<rect width="640" height="360" fill="#f4f1de"/><g opacity=".9"><path d="M60 300L160 80l100 220z" fill="#e07a5f"/><path d="M240 300l90-180 90 180z" fill="#81b29a"/><path d="M400 300l90-240 100 240z" fill="#3d405b"/></g>'),
  auroraAvatar: svg(256, 256, '<defs><radialGradient id="a"><stop offset="0" stop-color="#7bf1a8"/><stop offset="1" stop-color="#2d00f7"/></radialGradient></defs><circle cx="128" cy="128" r="128" fill="url(#a)"/><circle cx="128" cy="104" r="40" fill="#0d0221"/><path d="M56 216c16-44 128-44 144 0" fill="#0d0221"/>'),
  auroraSet: svg(640, 360, '<rect width="640" height="360" fill="#10002b"/><g fill="none" stroke-width="10" stroke-linecap="round"><path d="M0 250C160 120 320 320 640 140" stroke="#7bf1a8"/><path d="M0 290C200 170 360 340 640 200" stroke="#2d00f7"/></g>'),
  miraAvatar: svg(256, 256, '<circle cx="128" cy="128" r="128" fill="#ffbe0b"/><path d="M64 160l64-96 64 96z" fill="#fb5607"/><circle cx="128" cy="176" r="28" fill="#3a86ff"/>'),
  miraVisuals: svg(640, 360, '<rect width="640" height="360" fill="#3a86ff"/><g fill="#ffbe0b"><circle cx="160" cy="180" r="90"/><circle cx="320" cy="180" r="60" fill="#fb5607"/><circle cx="480" cy="180" r="90" fill="#8338ec"/></g>'),
};

type DemoFormat = 'svg' | 'png' | 'webp' | 'jpeg';
const MIME: Record<DemoFormat, NewProfileAsset['mimeType']> = { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp', jpeg: 'image/jpeg' };

async function render(drawing: string, format: DemoFormat): Promise<Buffer> {
  if (format === 'svg') return Buffer.from(drawing);
  const image = (await imageLibrary())(Buffer.from(drawing));
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality: 82 }).toBuffer();
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
}

/** Logos, gallery images, a banner and profile images for a few demo communities and people. */
export async function loadDemoProfileAssets(
  services: Services,
  slugs: { neonReverie: string; quietLantern: string; polygonPainters: string; auroraVex: string; miraSandoval: string },
): Promise<void> {
  const plan: [slug: string, drawing: keyof typeof DRAWINGS, format: DemoFormat, meta: Omit<NewProfileAsset, 'bytes' | 'mimeType'>][] = [
    [slugs.neonReverie, 'neonLogo', 'svg', { placements: ['primary_logo'], position: 0, label: 'Neon Reverie logo', altText: 'A neon N inside a pink ring' }],
    [slugs.neonReverie, 'neonWordmark', 'png', { placements: ['additional_logo'], position: 1, label: 'Neon Reverie wordmark', altText: 'Pink and cyan neon bars' }],
    [slugs.neonReverie, 'neonRooftop', 'webp', { placements: ['gallery', 'featured'], position: 2, label: 'Rooftop stage', caption: 'The rooftop stage of Midnight Arcade at night.', altText: 'A neon skyline in the rain', credit: 'Neon Reverie' }],
    [slugs.neonReverie, 'neonBanner', 'webp', { placements: ['banner'], position: 3, label: 'Banner', altText: 'Purple gradient with neon lines' }],
    [slugs.quietLantern, 'lanternLogo', 'png', { placements: ['primary_logo'], position: 0, label: 'Lantern logo', altText: 'An orange paper lantern' }],
    [slugs.quietLantern, 'lanternGarden', 'jpeg', { placements: ['gallery'], position: 1, label: 'Lantern Garden', caption: 'Floating lanterns before a reading.', altText: 'Paper lanterns over a dark garden' }],
    [slugs.polygonPainters, 'polygonLogo', 'webp', { placements: ['primary_logo'], position: 0, label: 'Polygon Painters logo', altText: 'Nested triangles on cream' }],
    [slugs.polygonPainters, 'polygonMark', 'svg', { placements: ['additional_logo'], position: 1, label: 'Polygon mark', altText: 'A gold triangle outline' }],
    [slugs.polygonPainters, 'polygonJam', 'png', { placements: ['gallery'], position: 2, label: 'Sculpting jam', altText: 'Three coloured triangles' }],
    [slugs.auroraVex, 'auroraAvatar', 'png', { placements: ['profile_image'], position: 0, label: 'Profile image', altText: 'A silhouette on a green-to-blue glow' }],
    [slugs.auroraVex, 'auroraSet', 'webp', { placements: ['gallery'], position: 1, label: 'Night Shift set', altText: 'Green and blue waves' }],
    [slugs.miraSandoval, 'miraAvatar', 'webp', { placements: ['profile_image'], position: 0, label: 'Profile image', altText: 'Orange triangle over a blue dot' }],
    [slugs.miraSandoval, 'miraVisuals', 'jpeg', { placements: ['gallery'], position: 1, label: 'Visuals', altText: 'Three overlapping circles' }],
  ];
  for (const [slug, drawing, format, meta] of plan) {
    await services.profileAssets.addForDemo(slug, { ...meta, bytes: await render(DRAWINGS[drawing], format), mimeType: MIME[format] });
  }
}

/** Loads the demo directory on first start, when the database holds no events yet. */
export async function loadDemoDataIfEmpty(services: Services) {
  if ((await services.directory.countEvents()) > 0) return undefined;
  return loadDemoData(services);
}
