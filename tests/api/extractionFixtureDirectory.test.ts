import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { loadDemoData } from '../../seeds/demo.js';
import { ENTRIES, FixtureDirectory, UNKNOWN } from '../../bench/extractionCorpus/directory.js';
import { slugify } from '../../src/services/directory/slugs.js';

/**
 * The extraction corpus's fixture directory answers as the real one does: for each demo name
 * (as written, lower-cased, and as its slug's words), ExtractionService.lookup on the demo data
 * and FixtureDirectory give the same slugs; names the corpus treats as unknown are unknown to both.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.services);
});
afterAll(() => t.close());

const fixture = new FixtureDirectory();
const method = { community: 'communities', person: 'people', world: 'worlds' } as const;
const slugsOf = (entries: { slug: string }[]) => entries.map((e) => e.slug).sort();

describe('the extraction corpus fixture directory', () => {
  test('when each demo name is looked up as written, lower-cased and as its slug words, then the real and the fixture lookups give the same slugs', async () => {
    const demo = ENTRIES.filter((e) => e.demo);
    expect(demo).toHaveLength(11);
    for (const e of demo) {
      for (const name of [e.displayName, e.displayName.toLowerCase(), slugify(e.displayName).replace(/-/g, ' ')]) {
        const real = slugsOf(await t.services.extraction.lookup[method[e.kind]](name));
        const mine = slugsOf(await fixture[method[e.kind]](name));
        expect({ kind: e.kind, name, slugs: mine }).toEqual({ kind: e.kind, name, slugs: real });
        expect(real).toEqual([e.slug]);
      }
    }
  });

  test('when a name the corpus treats as unknown is looked up, then neither directory knows it', async () => {
    for (const kind of ['community', 'person', 'world'] as const) {
      for (const name of UNKNOWN[kind]) {
        expect(await t.services.extraction.lookup[method[kind]](name)).toEqual([]);
        expect(await fixture[method[kind]](name)).toEqual([]);
      }
    }
  });

  test('when a text mentions names, then mentions lists the entries named as whole words, Japanese names anywhere', async () => {
    const found = async (text: string) => (await fixture.mentions(text)).map((e) => `${e.kind}:${e.slug}`).sort();
    expect(await found('NEON REVERIE presents: Night Shift @ midnight arcade w/ Byte Bishop')).toEqual(['community:neon-reverie', 'person:byte-bishop', 'world:midnight-arcade']);
    expect(await found('静かな提灯会で「夜の朗読」開催します！出演：星野カイト')).toEqual(['community:quiet-lantern-society', 'person:kaito-hoshino']);
    expect(await found('Soirée au Cafe Sonore avec Amelie Roux')).toEqual(['community:cafe-sonore', 'person:amelie-roux']);
    // Whole words only: "Yukiko" is not "Yuki", "Neon Reveries" is not "Neon Reverie".
    expect(await found('Yukiko and the Neon Reveries')).toEqual([]);
  });

  test('when a text mentions demo names, then the real lookup and the fixture find the same entries with the same words', async () => {
    const texts = [
      'NEON REVERIE presents: Night Shift @ midnight arcade w/ Byte Bishop, dj aurora vex & Mira Sandoval',
      'Polygon Painters präsentiert: Avatar Jam im Open Canvas Studio, mit Lena Falk',
      '【告知】Quiet Lantern Society「月夜」会場：Lantern Garden 出演：Kaito Hoshino',
      'Nothing here but a lantern and a garden, and neon.',
    ];
    const demoSlugs = new Set(ENTRIES.filter((e) => e.demo).map((e) => e.slug));
    const shape = (list: { kind: string; slug: string; text: string }[]) => list.filter((e) => demoSlugs.has(e.slug)).map((e) => `${e.kind}:${e.slug}:${e.text}`).sort();
    for (const text of texts) {
      expect({ text, found: shape(await fixture.mentions(text)) }).toEqual({ text, found: shape(await t.services.extraction.lookup.mentions!(text)) });
    }
    expect(shape(await t.services.extraction.lookup.mentions!(texts[0]))).toHaveLength(5);
  });
});
