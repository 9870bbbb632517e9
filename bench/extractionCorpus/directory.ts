/**
 * The extraction corpus's directory: the demo directory's names (seeds/demo.ts) plus invented
 * communities, people and worlds in Latin and Japanese forms, some with accents and some with
 * aliases. `FixtureDirectory` answers as the real service does (ExtractionService.lookup): the
 * entries whose display name or an alias equals the name case-insensitively, or whose slug is
 * slugify(name) (worlds have no aliases in the real directory, so none here). The names a
 * generated post may use that are NOT in the directory are listed beside it (UNKNOWN).
 */
import type { DirectoryEntry, DirectoryLookup, DirectoryMention } from '../../src/services/events/extraction/fields.js';
import { slugify } from '../../src/services/directory/slugs.js';
import { foldText, mentionSpans, nameKey, type NameMention } from '../../src/lib/searchText.js';

export type EntryKind = 'community' | 'person' | 'world';
export interface FixtureEntry {
  kind: EntryKind;
  slug: string;
  displayName: string;
  aliases: string[];
  /** Loaded by seeds/demo.ts (checked against the real directory in tests). */
  demo: boolean;
}

const entry = (kind: EntryKind, displayName: string, opts: { aliases?: string[]; slug?: string; demo?: boolean } = {}): FixtureEntry => ({
  kind,
  displayName,
  slug: opts.slug ?? slugify(displayName),
  aliases: opts.aliases ?? [],
  demo: opts.demo ?? false,
});

export const ENTRIES: readonly FixtureEntry[] = [
  // seeds/demo.ts
  entry('community', 'Neon Reverie', { demo: true }),
  entry('community', 'Quiet Lantern Society', { demo: true, aliases: ['静かな提灯会'] }),
  entry('community', 'Polygon Painters', { demo: true }),
  entry('person', 'DJ Aurora Vex', { demo: true }),
  entry('person', 'Kaito Hoshino', { demo: true, aliases: ['星野カイト'] }),
  entry('person', 'Mira Sandoval', { demo: true }),
  entry('person', 'Lena Falk', { demo: true }),
  entry('person', 'Byte Bishop', { demo: true }),
  entry('world', 'Midnight Arcade', { demo: true }),
  entry('world', 'Lantern Garden', { demo: true }),
  entry('world', 'Open Canvas Studio', { demo: true }),
  // Invented communities (a fixture alias on a demo name is the fixture's own addition).
  entry('community', 'Velvet Static'),
  entry('community', 'Club Éclat', { aliases: ['Club Eclat'] }),
  entry('community', 'Nachtfalter Kollektiv'),
  entry('community', 'Les Nuits Pixel'),
  entry('community', 'Colectivo Marea'),
  entry('community', 'Coletivo Maré Alta'),
  entry('community', 'Yakou Club', { aliases: ['夜光クラブ'] }),
  entry('community', 'Sakura Circuit', { aliases: ['さくらサーキット'] }),
  entry('community', 'Moonlit Jazz Society'),
  entry('community', 'Café Sonoré', { aliases: ['Cafe Sonore'] }),
  entry('community', 'Friday Night Funk'),
  entry('community', '星見の会', { slug: 'hoshimi-no-kai' }),
  // Invented people.
  entry('person', 'Jürgen Klang'),
  entry('person', 'Zoë Marchetti'),
  entry('person', 'Amélie Roux'),
  entry('person', 'DJ Nebula'),
  entry('person', 'Sofía Ríos'),
  entry('person', 'João Pereira'),
  entry('person', 'Hana Mori', { aliases: ['森ハナ'] }),
  entry('person', 'Yuki', { aliases: ['ユキ'] }),
  entry('person', 'MC Kestrel'),
  entry('person', 'Tomás Vidal'),
  entry('person', 'Kenji Arata', { aliases: ['新田ケンジ'] }),
  entry('person', 'Noor'),
  entry('person', 'Céline Aubry'),
  entry('person', 'Mateus Lima'),
  // Invented worlds.
  entry('world', 'Skyline Terrace'),
  entry('world', 'Café Lumière'),
  entry('world', 'Kristallhalle'),
  entry('world', 'Plaza Nocturna'),
  entry('world', 'Praia Neon'),
  entry('world', '夜桜ホール', { slug: 'yozakura-hall' }),
  entry('world', 'Starlight Dome'),
];

/** Names the posts use that the directory does not hold. */
export const UNKNOWN = {
  community: ['Glitter Tide Crew', 'Kollektiv Mondlicht', 'Les Ondes Douces', 'Noches de Cumbia VR', 'Roda Virtual', '星屑合唱団', 'Bass Harbour'],
  person: ['Pixel Witch', 'DJ Static Bloom', 'Marlene K.', 'Lucas Ferraz', 'Élodie', 'Kiko', 'ナナ', 'Rauschwerk', 'La Bruma', 'Sol', 'Moonface', 'リク'],
  world: ['The Velvet Room', 'Le Sous-Sol', 'Sala Luna', 'Galpão 9', '月光ホール', 'Hidden Grotto', 'Dachgarten Süd'],
} as const;

const byKind = (kind: EntryKind) => ENTRIES.filter((e) => e.kind === kind);
export const COMMUNITIES = byKind('community');
export const PEOPLE = byKind('person');
export const WORLDS = byKind('world');

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** An entry that a name finds, as the real lookup answers it. */
function matches(e: FixtureEntry, name: string): boolean {
  const lower = name.toLowerCase();
  const names = e.kind === 'world' ? [e.displayName] : [e.displayName, ...e.aliases];
  return names.some((n) => n.toLowerCase() === lower) || e.slug === slugify(name);
}

export class FixtureDirectory implements DirectoryLookup {
  /** Each entry's name and alias keys, as the search projection keeps them (search_names). */
  private readonly keys: readonly (readonly string[])[];

  constructor(readonly entries: readonly FixtureEntry[] = ENTRIES) {
    this.keys = entries.map((e) => [...new Set([e.displayName, ...e.aliases].map(nameKey))]);
  }

  private find(kind: EntryKind, name: string): DirectoryEntry[] {
    if (typeof name !== 'string') return [];
    return this.entries.filter((e) => e.kind === kind && matches(e, name)).map((e) => ({ slug: e.slug, displayName: e.displayName }));
  }

  async communities(name: string) {
    return this.find('community', name);
  }
  async people(name: string) {
    return this.find('person', name);
  }
  async worlds(name: string) {
    return this.find('world', name);
  }

  /**
   * The entries named in a text, as the real lookup finds them (ExtractionService.lookup): every
   * span of the text that could be a name (`mentionSpans`) against each entry's name and alias
   * keys (`nameKey`: folded, without spaces).
   */
  async mentions(text: string, known?: Map<string, NameMention>): Promise<DirectoryMention[]> {
    const spans = known ?? mentionSpans(text);
    return this.entries.flatMap((e, i) => {
      const keys = this.keys[i];
      return keys.filter((k) => spans.has(k)).map((k) => ({ kind: e.kind, slug: e.slug, displayName: e.displayName, text: spans.get(k)!.text, capitalised: spans.get(k)!.capitalised }));
    });
  }

  /** The entry of a kind a name resolves to exactly once (what the corpus's expectations use). */
  resolve(kind: EntryKind, name: string): FixtureEntry | undefined {
    const found = this.entries.filter((e) => e.kind === kind && matches(e, name));
    return found.length === 1 ? found[0] : undefined;
  }

  has(kind: EntryKind, slug: string): boolean {
    return this.entries.some((e) => e.kind === kind && e.slug === slug);
  }
}

/** A directory lookup that may also list the entries a text mentions. */
export type LookupWithMentions = DirectoryLookup;
