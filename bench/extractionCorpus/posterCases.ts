/**
 * Hand-written announcements laid out as posters, in the six languages of the extraction corpus,
 * in the corpus's case shape (`ExtractionCase`: text, expected fields, `poster.lines`), with a
 * small directory of the demo names (seeds/demo.ts) that answers as the real service does. The
 * poster bench and tests use them; the generated corpus's cases have the same shape.
 *
 * Expected values come from what each case means: the event's wall time is a luxon DateTime in
 * the case's zone, and the poster's date and time lines are written from it in the case's
 * language, so eventDate and start are that DateTime's date and HH:mm.
 */
import { DateTime } from 'luxon';
import type { DirectoryEntry, DirectoryLookup } from '../../src/services/events/extraction/extract.js';
import { slugify } from '../../src/services/directory/slugs.js';
import type { Lang, PosterLineSpec } from './posters.js';

export interface ExpectedRow {
  performerLabel: string;
  personSlug: string | null;
  start: string | null;
  end: string | null;
}

export interface PosterCase {
  id: string;
  language: Lang;
  shape: string;
  text: string;
  timeZone: string;
  referenceInstant: number;
  expected: {
    event: {
      title: string | null;
      communitySlug: string | null;
      eventDate: string | null;
      start: string | null;
      end: string | null;
      timezone: string | null;
      venueLabel: string | null;
      sourceUrl: string | null;
    };
    lineup: ExpectedRow[];
    notAnnouncement?: boolean;
  };
  poster: { lines: PosterLineSpec[] };
}

// ---------------------------------------------------------------------------------------------
// Directory

interface Entry extends DirectoryEntry {
  kind: 'community' | 'person' | 'world';
  aliases: string[];
}
const entry = (kind: Entry['kind'], displayName: string, aliases: string[] = []): Entry => ({ kind, displayName, slug: slugify(displayName), aliases });
const ENTRIES: Entry[] = [
  entry('community', 'Neon Reverie'),
  entry('community', 'Quiet Lantern Society', ['静かな提灯会']),
  entry('community', 'Polygon Painters'),
  entry('person', 'DJ Aurora Vex'),
  entry('person', 'Kaito Hoshino', ['星野カイト']),
  entry('person', 'Mira Sandoval'),
  entry('person', 'Lena Falk'),
  entry('person', 'Byte Bishop'),
  entry('world', 'Midnight Arcade'),
  entry('world', 'Lantern Garden'),
  entry('world', 'Open Canvas Studio'),
];
const slugOf = (name: string) => ENTRIES.find((e) => e.displayName === name || e.aliases.includes(name))?.slug ?? null;

/** Candidates whose name or alias equals the name case-insensitively, or whose slug is slugify(name). */
export class SampleDirectory implements DirectoryLookup {
  private match(kind: Entry['kind'], name: string): DirectoryEntry[] {
    const folded = name.trim().toLowerCase();
    const slug = slugify(name);
    return ENTRIES.filter((e) => e.kind === kind && (e.displayName.toLowerCase() === folded || e.aliases.some((a) => a.toLowerCase() === folded) || e.slug === slug)).map(
      ({ slug: s, displayName }) => ({ slug: s, displayName }),
    );
  }
  communities = async (name: string) => this.match('community', name);
  people = async (name: string) => this.match('person', name);
  worlds = async (name: string) => this.match('world', name);
}

// ---------------------------------------------------------------------------------------------
// Writing dates and times

const MONTHS: Record<Exclude<Lang, 'ja'>, string[]> = {
  en: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
};
const WEEKDAYS: Record<Lang, string[]> = {
  en: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
  ja: ['月', '火', '水', '木', '金', '土', '日'],
  de: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  fr: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  pt: ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'],
};

function dateLine(lang: Lang, d: DateTime): string {
  const wd = WEEKDAYS[lang][d.weekday - 1];
  switch (lang) {
    case 'en':
      return `${wd} ${d.day} ${MONTHS.en[d.month - 1]}`;
    case 'ja':
      return `${d.month}月${d.day}日(${wd})`;
    case 'de':
      return `${wd}, ${d.day}. ${MONTHS.de[d.month - 1]}`;
    case 'fr':
      return `${wd} ${d.day} ${MONTHS.fr[d.month - 1]}`;
    case 'es':
      return `${wd} ${d.day} de ${MONTHS.es[d.month - 1]}`;
    case 'pt':
      return `${wd}, ${d.day} de ${MONTHS.pt[d.month - 1]}`;
  }
}

const hm = (d: DateTime) => d.toFormat('HH:mm');
function timeLine(lang: Lang, start: DateTime, end: DateTime): string {
  switch (lang) {
    case 'en':
      return `${hm(start)} – ${hm(end)}`;
    case 'ja':
      return `${hm(start)}〜${hm(end)}`;
    case 'de':
      return `${hm(start)} – ${hm(end)} Uhr`;
    case 'fr':
      return `de ${start.hour}h à ${end.hour}h${end.minute ? String(end.minute).padStart(2, '0') : ''}`;
    case 'es':
      return `de ${hm(start)} a ${hm(end)}`;
    case 'pt':
      return `das ${start.hour}h às ${end.hour}h`;
  }
}

// ---------------------------------------------------------------------------------------------
// Cases

/** Saturday 28 November 2026, 12:00 UTC: the clock every sample case is read at. */
const REFERENCE = Date.UTC(2026, 10, 28, 12);

interface Spec {
  language: Lang;
  zone: string;
  title: string;
  community: string | null;
  /** The event's start, in the zone (ISO local). */
  start: string;
  /** Minutes. */
  length: number;
  venue: string | null;
  /** How the poster writes the venue line, from the venue's name. */
  venueLine?: (venue: string) => string;
  /** Performers with their start (ISO local), null when the row has no time. */
  lineup: [string, string | null][];
  url: string | null;
  other?: string[];
}

const SPECS: Spec[] = [
  { language: 'en', zone: 'America/New_York', title: 'Rooftop Session', community: 'Neon Reverie', start: '2026-12-05T21:00', length: 240, venue: 'Midnight Arcade', lineup: [['DJ Aurora Vex', '2026-12-05T21:00'], ['Byte Bishop', '2026-12-05T22:30']], url: 'https://neonreverie.example/rooftop' },
  { language: 'en', zone: 'Europe/London', title: 'Winter Lights Festival', community: 'Polygon Painters', start: '2026-12-12T19:00', length: 180, venue: 'Open Canvas Studio', lineup: [['Lena Falk', '2026-12-12T19:00'], ['Mira Sandoval', '2026-12-12T20:00'], ['Glass Heron', '2026-12-12T21:00']], url: null, other: ['All avatars welcome'] },
  { language: 'en', zone: 'UTC', title: 'Bass Orbit', community: 'Orbit Crew', start: '2026-12-04T22:00', length: 240, venue: 'Club Helix', lineup: [['Nyx Parallax', '2026-12-04T22:00'], ['Cobalt Fern', '2026-12-04T23:00'], ['Static Owl', '2026-12-05T00:00']], url: 'https://orbit.example/e/bass' },
  { language: 'ja', zone: 'Asia/Tokyo', title: '夜のランタン祭り', community: '静かな提灯会', start: '2026-12-05T21:00', length: 120, venue: 'Lantern Garden', venueLine: (v) => `会場：${v}`, lineup: [['星野カイト', '2026-12-05T21:00'], ['Mira Sandoval', '2026-12-05T22:00']], url: null },
  { language: 'ja', zone: 'Asia/Tokyo', title: '冬のジャズナイト', community: null, start: '2026-12-12T20:00', length: 150, venue: 'Midnight Arcade', venueLine: (v) => `会場：${v}`, lineup: [['Lena Falk', '2026-12-12T20:00'], ['Byte Bishop', '2026-12-12T21:00']], url: 'https://jazz.example/winter' },
  { language: 'ja', zone: 'Asia/Tokyo', title: 'ネオン夜会', community: 'Neon Reverie', start: '2026-12-19T22:00', length: 120, venue: null, lineup: [['DJ Aurora Vex', '2026-12-19T22:00'], ['Kaito Hoshino', '2026-12-19T23:00']], url: null, other: ['入場無料'] },
  { language: 'de', zone: 'Europe/Berlin', title: 'Nachtschicht', community: 'Neon Reverie', start: '2026-12-05T22:00', length: 240, venue: 'Midnight Arcade', venueLine: (v) => `im ${v}`, lineup: [['Lena Falk', '2026-12-05T22:00'], ['Byte Bishop', '2026-12-05T23:30']], url: null },
  { language: 'de', zone: 'Europe/Berlin', title: 'Klangwelten Winterfest', community: 'Polygon Painters', start: '2026-12-11T20:00', length: 180, venue: 'Lantern Garden', venueLine: (v) => `Ort: ${v}`, lineup: [['Mira Sandoval', '2026-12-11T20:00'], ['Jürgen Klang', '2026-12-11T21:00']], url: 'https://polygon.example/winterfest' },
  { language: 'de', zone: 'Europe/Berlin', title: 'Tiefton', community: null, start: '2026-12-18T21:00', length: 240, venue: 'Kellerbar', venueLine: (v) => `Ort: ${v}`, lineup: [['Hanna Stern', '2026-12-18T21:00'], ['DJ Aurora Vex', '2026-12-18T22:00']], url: null },
  { language: 'fr', zone: 'Europe/Paris', title: 'Soirée Pixel', community: 'Neon Reverie', start: '2026-12-05T21:00', length: 180, venue: 'Midnight Arcade', venueLine: (v) => `Lieu : ${v}`, lineup: [['Amélie Roux', '2026-12-05T21:00'], ['Byte Bishop', '2026-12-05T22:00']], url: null },
  { language: 'fr', zone: 'Europe/Paris', title: 'Bal des Lanternes', community: 'Quiet Lantern Society', start: '2026-12-12T20:00', length: 240, venue: 'Lantern Garden', venueLine: (v) => `Lieu : ${v}`, lineup: [['Lena Falk', '2026-12-12T20:00'], ['Kaito Hoshino', '2026-12-12T21:30']], url: 'https://lanternes.example/bal' },
  { language: 'fr', zone: 'Europe/Paris', title: 'Nuit Électro', community: null, start: '2026-12-19T22:00', length: 240, venue: 'Le Hangar', venueLine: (v) => `Lieu : ${v}`, lineup: [['Zoé Martin', '2026-12-19T22:00'], ['Mira Sandoval', '2026-12-19T23:00']], url: null },
  { language: 'es', zone: 'Europe/Madrid', title: 'Noche de Neón', community: 'Neon Reverie', start: '2026-12-05T22:00', length: 180, venue: 'Midnight Arcade', venueLine: (v) => `Lugar: ${v}`, lineup: [['Mira Sandoval', '2026-12-05T22:00'], ['Byte Bishop', '2026-12-05T23:00']], url: null },
  { language: 'es', zone: 'America/Mexico_City', title: 'Fiesta de Invierno', community: 'Polygon Painters', start: '2026-12-12T20:00', length: 240, venue: 'Open Canvas Studio', venueLine: (v) => `Lugar: ${v}`, lineup: [['Lena Falk', '2026-12-12T20:00'], ['Carlos Vega', '2026-12-12T21:00']], url: 'https://polygon.example/fiesta' },
  { language: 'es', zone: 'Europe/Madrid', title: 'Marea Sonora', community: null, start: '2026-12-18T21:00', length: 180, venue: 'Sala Coral', venueLine: (v) => `Lugar: ${v}`, lineup: [['DJ Aurora Vex', '2026-12-18T21:00'], ['Lucía Mar', '2026-12-18T22:00']], url: null },
  { language: 'pt', zone: 'America/Sao_Paulo', title: 'Baile da Maré', community: 'Neon Reverie', start: '2026-12-05T21:00', length: 180, venue: 'Midnight Arcade', venueLine: (v) => `Local: ${v}`, lineup: [['Byte Bishop', '2026-12-05T21:00'], ['Mira Sandoval', '2026-12-05T22:00']], url: null },
  { language: 'pt', zone: 'America/Sao_Paulo', title: 'Noite das Lanternas', community: 'Quiet Lantern Society', start: '2026-12-12T20:00', length: 240, venue: 'Lantern Garden', venueLine: (v) => `Local: ${v}`, lineup: [['Kaito Hoshino', '2026-12-12T20:00'], ['Lena Falk', '2026-12-12T21:00']], url: 'https://lanternas.example/noite' },
  { language: 'pt', zone: 'Europe/Lisbon', title: 'Festa Polígono', community: 'Polygon Painters', start: '2026-12-19T22:00', length: 180, venue: 'Estúdio Azul', venueLine: (v) => `Local: ${v}`, lineup: [['João Lima', '2026-12-19T22:00'], ['DJ Aurora Vex', '2026-12-19T23:00']], url: null },
];

function buildCase(spec: Spec, index: number): PosterCase {
  const start = DateTime.fromISO(spec.start, { zone: spec.zone });
  const end = start.plus({ minutes: spec.length });
  const lines: PosterLineSpec[] = [];
  if (spec.community) lines.push({ text: spec.community, role: 'community' });
  lines.push({ text: spec.title, role: 'title' });
  lines.push({ text: dateLine(spec.language, start), role: 'date' });
  lines.push({ text: timeLine(spec.language, start, end), role: 'time' });
  if (spec.venue) lines.push({ text: (spec.venueLine ?? ((v: string) => `@ ${v}`))(spec.venue), role: 'venue' });
  for (const [name, at] of spec.lineup) {
    const t = at ? DateTime.fromISO(at, { zone: spec.zone }) : null;
    lines.push({ text: t ? `${hm(t)} ${name}` : name, role: 'lineup' });
  }
  for (const o of spec.other ?? []) lines.push({ text: o, role: 'other' });
  if (spec.url) lines.push({ text: spec.url.replace(/^https:\/\//, ''), role: 'url' });
  return {
    id: `sample:${index}`,
    language: spec.language,
    shape: 'poster',
    text: lines.map((l) => l.text).join('\n'),
    timeZone: spec.zone,
    referenceInstant: REFERENCE,
    expected: {
      event: {
        title: spec.title,
        communitySlug: spec.community ? slugOf(spec.community) : null,
        eventDate: start.toISODate(),
        start: hm(start),
        end: hm(end),
        timezone: spec.zone,
        venueLabel: spec.venue,
        sourceUrl: spec.url,
      },
      lineup: spec.lineup.map(([name, at]) => ({
        performerLabel: name,
        personSlug: slugOf(name),
        start: at ? hm(DateTime.fromISO(at, { zone: spec.zone })) : null,
        end: null,
      })),
    },
    poster: { lines },
  };
}

export const SAMPLE_CASES: readonly PosterCase[] = SPECS.map(buildCase);
