import { SAMPLE_CASES, SampleDirectory } from '../../../bench/extractionCorpus/posterCases.js';
import { chooseStyle, renderCasePoster, renderInChild, type PosterStyle } from '../../../bench/extractionCorpus/posters.js';
import { extractEvent } from '../../../src/services/events/extraction/extract.js';
import { createPosterTextReader, type PosterTextReader } from '../../../src/services/posters/ocr.js';

// A worker start (~1 s per model) plus ~1–3 s per read on 2 cores.
const SLOW = 90_000;

/** A plain, clean poster: dark on white, no noise, PNG, the title on one line. */
const clean = (overrides: Partial<PosterStyle>): Partial<PosterStyle> => ({
  palette: { name: 'dark-on-light', background: { kind: 'solid', color: '#ffffff' }, text: '#111111', accent: '#8a1c1c', band: '#111111', bandText: '#ffffff' },
  format: 'png',
  noise: 0,
  splitTitle: false,
  width: 1200,
  height: 1600,
  ...overrides,
});

describe('the poster reader\'s line boxes', () => {
  let reader: PosterTextReader;
  beforeAll(() => {
    reader = createPosterTextReader();
  });
  afterAll(async () => {
    await reader.close();
  });

  test(
    'the lines come with boxes that follow the rendered layout: the largest line read is the largest drawn',
    async () => {
      const c = SAMPLE_CASES.find((s) => s.language === 'en')!;
      const style = chooseStyle(c, 7, clean({ layout: 'centred', communityLargest: true }));
      const { image, drawn } = await renderCasePoster(c, style);
      const read = await reader.read(image);

      expect(read.model).toBe('latin');
      expect(read.lines).toBeDefined();
      const lines = read.lines!;
      // Index-aligned with the text.
      expect(read.text.split('\n')).toEqual(lines.map((l) => l.text));
      for (const l of lines) {
        expect(l.top).toBeGreaterThanOrEqual(0);
        expect(l.left).toBeGreaterThanOrEqual(0);
        expect(l.left + l.width).toBeLessThanOrEqual(style.width + 2);
        expect(l.top + l.height).toBeLessThanOrEqual(style.height + 2);
      }
      const largestDrawn = drawn.reduce((a, b) => (b.fontSize > a.fontSize ? b : a));
      const largestRead = lines.reduce((a, b) => (b.height > a.height ? b : a));
      expect(largestDrawn.role).toBe('community');
      expect(largestRead.text).toBe(largestDrawn.text);
      // Heights follow the drawn sizes: the title's line is taller than every lineup line's.
      const title = lines.find((l) => l.text === c.expected.event.title)!;
      const lineup = lines.filter((l) => c.expected.lineup.some((row) => l.text.endsWith(row.performerLabel)));
      expect(title).toBeDefined();
      expect(lineup.length).toBeGreaterThan(0);
      for (const row of lineup) expect(title.height).toBeGreaterThan(row.height * 1.3);
      // And top to bottom as drawn.
      const order = drawn.map((d) => lines.findIndex((l) => l.text === d.text)).filter((i) => i >= 0);
      expect(order).toEqual([...order].sort((a, b) => a - b));

      // With the layout, the title is the large line that is not the community's name.
      const input = { text: read.text, origin: 'poster' as const, timeZone: c.timeZone, referenceInstant: c.referenceInstant, lookup: new SampleDirectory() };
      const result = await extractEvent({ ...input, layout: { lines: lines.map(({ height, top }) => ({ height, top })) } });
      expect(result.event.title).toBe(c.expected.event.title);
    },
    SLOW,
  );

  test(
    'a Japanese poster is read with the Japanese model, and its title is found',
    async () => {
      const c = SAMPLE_CASES.find((s) => s.language === 'ja' && s.expected.event.title === '夜のランタン祭り')!;
      const style = chooseStyle(c, 11, clean({ layout: 'centred', communityLargest: false, titleFont: { name: 'noto-jp-bold', family: 'Noto Sans JP', weight: 'bold', width: 1.05 } }));
      // A fresh process draws it: its fontconfig starts with Noto Sans JP in view.
      const image = await renderInChild(c, style);
      const read = await reader.read(image);

      expect(read.model).toBe('jpn');
      expect(read.text.split('\n')).toContain('夜のランタン祭り');
      const result = await extractEvent({
        text: read.text,
        origin: 'poster',
        timeZone: c.timeZone,
        referenceInstant: c.referenceInstant,
        lookup: new SampleDirectory(),
        layout: { lines: read.lines!.map(({ height, top }) => ({ height, top })) },
      });
      expect(result.event.title).toBe('夜のランタン祭り');
    },
    SLOW,
  );

  test(
    'a Latin poster is read with its accents and its banner title read alone; a Japanese venue on it is never a confident Latin line',
    async () => {
      const source = {
        id: 'latin-band-ja',
        language: 'es' as const,
        poster: {
          lines: [
            { text: 'Noche de Neón', role: 'title' as const },
            { text: 'sábado 5 de diciembre', role: 'date' as const },
            { text: '22:00 - 01:00', role: 'time' as const },
            { text: '月光ホール', role: 'venue' as const },
            { text: '22:00 Lucía Mar', role: 'lineup' as const },
          ],
        },
      };
      const style = chooseStyle(source, 5, {
        ...clean({ layout: 'banner', communityLargest: false }),
        titleFont: { name: 'sans-bold', family: 'DejaVu Sans', weight: 'bold', width: 1.12 },
        bodyFont: { name: 'sans', family: 'DejaVu Sans', weight: 'normal', width: 1 },
        palette: { name: 'light-on-dark', background: { kind: 'solid', color: '#0b0b14' }, text: '#f5f5f5', accent: '#ffd34d', band: '#ffd34d', bandText: '#0b0b14' },
      });
      const image = await renderInChild(source, style);
      const read = await reader.read(image);

      expect(read.model).toBe('latin');
      const lines = read.text.split('\n');
      // The title on its band is read, and is the tallest line.
      const tallest = read.lines!.reduce((a, b) => (b.height > a.height ? b : a));
      expect(tallest.text).toBe('Noche de Neón');
      expect(lines).toContain('sábado 5 de diciembre');
      expect(lines).toContain('22:00 Lucía Mar');
      // The Japanese venue, which the Latin models cannot read, never comes back as a confident line.
      const venue = read.lines!.filter((l) => l.top > read.lines!.find((x) => x.text === '22:00 - 01:00')!.top && l.top < read.lines!.find((x) => x.text === '22:00 Lucía Mar')!.top);
      for (const l of venue) expect(/[\p{Script=Han}\p{Script=Katakana}]/u.test(l.text) || l.confidence < 0.3).toBe(true);
    },
    SLOW,
  );
});
