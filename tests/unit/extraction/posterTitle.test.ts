import { extractEvent, type DirectoryEntry, type DirectoryLookup } from '../../../src/services/events/extraction/extract.js';
import { directoryNames, posterTitle, type PosterLayoutLine } from '../../../src/services/events/extraction/posterTitle.js';

// Saturday 21 November 2026, 12:00 UTC.
const NOW = Date.UTC(2026, 10, 21, 12);

/** Lines laid out top to bottom: [text, height]; each starts 0.4 of its height below the last. */
function poster(rows: [string, number][]): PosterLayoutLine[] {
  let top = 40;
  return rows.map(([text, height]) => {
    const line = { text, height, top };
    top += height * 1.4;
    return line;
  });
}

const DIRECTORY = new Set(['neon reverie', 'midnight arcade', '静かな提灯会']);
const known = (line: string) => DIRECTORY.has(line.toLowerCase());
const none = () => false;

describe('posterTitle', () => {
  test('when the community name is printed largest, then the other large line is the title', () => {
    const lines = poster([
      ['NEON REVERIE', 150],
      ['Rooftop Session', 90],
      ['SAT 5 DEC · 21:00 CET', 40],
      ['DJ Aurora Vex', 36],
      ['@ Midnight Arcade', 36],
    ]);
    expect(posterTitle(lines, known)).toEqual({ value: 'Rooftop Session', lines: [1] });
  });

  test('when only a world\'s name is large, then the layout names no title (the venue printed large is not one)', () => {
    const lines = poster([
      ['MIDNIGHT ARCADE', 150],
      ['Rooftop Session', 40],
      ['SAT 5 DEC · 21:00 CET', 40],
    ]);
    expect(posterTitle(lines, (line) => (line === 'MIDNIGHT ARCADE' ? 'world' : false))).toBeUndefined();
  });

  test('when nothing else is large, then the community name is the title (a series named after it)', () => {
    const lines = poster([
      ['NEON REVERIE', 150],
      ['SAT 5 DEC · 21:00 CET', 40],
      ['DJ Aurora Vex', 36],
      ['neonreverie.example/e/5', 30],
    ]);
    expect(posterTitle(lines, known)).toEqual({ value: 'NEON REVERIE', lines: [0] });
  });

  test('when the title is broken over two lines of one size, then they are joined', () => {
    const lines = poster([
      ['Neon Reverie presents', 34],
      ['MIDNIGHT', 120],
      ['SIGNALS', 118],
      ['Fri 4 Dec, 22:00 UTC', 40],
      ['Kaito Hoshino', 36],
      ['Mira Sandoval', 36],
    ]);
    expect(posterTitle(lines, none)).toEqual({ value: 'MIDNIGHT SIGNALS', lines: [1, 2] });
  });

  test('one-word lines of one size whose row heights the OCR sets apart (ascenders, descenders) are joined', () => {
    const lines = poster([
      ['Forró', 103],
      ['Digital', 145],
      ['organizado por Élodie', 40],
      ['das 20h às 22h (horário de Brasília)', 44],
    ]);
    expect(posterTitle(lines, none)).toEqual({ value: 'Forró Digital', lines: [0, 1] });
  });

  test('a "Word: value" line under the title is a line of its own; a "presents:" line gives its rest', () => {
    const lines = poster([
      ['Fiesta Retro', 110],
      ['Organiza: Moonface', 100],
      ['de 18:00 a 22:00 hora de México', 40],
      ['Amélie Roux', 36],
    ]);
    expect(posterTitle(lines, none)).toEqual({ value: 'Fiesta Retro', lines: [0] });
    const presents = poster([
      ['Coletivo Maré Alta', 110],
      ['presenta: Salsa en las Nubes', 100],
      ['de 21:00 a 01:00 hora de Madrid', 40],
      ['Mira Sandoval', 36],
    ]);
    expect(posterTitle(presents, none)).toEqual({ value: 'Salsa en las Nubes', lines: [1] });
  });

  test('a Japanese title over two lines is joined without a space', () => {
    const lines = poster([
      ['静かな提灯会', 40],
      ['夜のランタン', 110],
      ['祭り', 110],
      ['12月6日(土) 21:00〜', 44],
      ['出演：カイト、ミラ', 36],
    ]);
    expect(posterTitle(lines, known)).toEqual({ value: '夜のランタン祭り', lines: [1, 2] });
  });

  test('lines of a clearly different size are not joined', () => {
    const lines = poster([
      ['BASSLINE ORBIT', 130],
      ['Winter Edition', 70],
      ['Sat 12 Dec 22:00', 40],
      ['Cobalt Fern', 36],
    ]);
    expect(posterTitle(lines, none)).toEqual({ value: 'BASSLINE ORBIT', lines: [0] });
  });

  test('when the date line is printed largest, then it is not the title', () => {
    const lines = poster([
      ['SAT 12 DEC', 160],
      ['Frost Byte', 90],
      ['21:00 – 02:00 CET', 60],
      ['Pixel Heron', 36],
      ['Quartz Lane', 36],
    ]);
    expect(posterTitle(lines, none)).toEqual({ value: 'Frost Byte', lines: [1] });
  });

  test('a web address, a venue line and a "Label: value" line are never the title', () => {
    const lines = poster([
      ['marquee.example/e/glow', 140],
      ['@ The Great Pug', 130],
      ['Venue: The Loft', 120],
      ['Glow Party', 100],
      ['Sat 5 Dec 21:00', 40],
      ['Lena Falk', 36],
    ]);
    expect(posterTitle(lines, none)).toEqual({ value: 'Glow Party', lines: [3] });
  });

  test('"X presents" printed large gives the rest of the line, or nothing when the line ends there', () => {
    expect(posterTitle(poster([['Neon Reverie presents Glow', 120], ['Sat 5 Dec', 40], ['Lena Falk', 36]]), none)?.value).toBe('Glow');
    expect(posterTitle(poster([['Neon Reverie presents', 120], ['Sat 5 Dec', 40], ['Lena Falk', 36]]), none)).toBeUndefined();
  });

  test('a line that begins with "presents" under the presenter gives the rest as the title, never joined with the line above', () => {
    expect(posterTitle(poster([['Coletivo Maré Alta', 90], ['presents「月影サロン」', 90], ['1/1(土)', 40], ['Starlight Dome', 36]]), none)).toEqual({ value: '「月影サロン」', lines: [1] });
    expect(posterTitle(poster([['Noches de Cumbia VR', 100], ['présente : Jazz Lunaire', 100], ['dimanche 1er février', 40], ['Sol', 36]]), none)).toEqual({ value: 'Jazz Lunaire', lines: [1] });
    // "präsentiert von X" names who presents: not a title.
    expect(posterTitle(poster([['präsentiert von MC Kestrel', 90], ['Lesebühne', 90], ['Sonntag, 20. September', 40], ['Sofia Rios', 36]]), none)?.value).toBe('Lesebühne');
  });

  test('of two large lines of one size far apart, the higher one is the title', () => {
    const lines: PosterLayoutLine[] = [
      { text: 'Harbor Lights', top: 100, height: 100 },
      { text: 'Sat 20 Dec 20:00', top: 300, height: 40 },
      { text: 'Saltmarsh', top: 400, height: 36 },
      { text: 'Lyra Quill', top: 460, height: 36 },
      { text: 'Boreal Drift', top: 1300, height: 100 },
    ];
    expect(posterTitle(lines, none)?.value).toBe('Harbor Lights');
  });

  test('a poster set in one size singles out nothing', () => {
    const lines = poster([
      ['Glow Party', 40],
      ['Sat 5 Dec 21:00', 40],
      ['Lena Falk', 40],
    ]);
    expect(posterTitle(lines, none)).toBeUndefined();
  });

  test('lines already read as something else are skipped', () => {
    const lines = poster([
      ['Glow Party', 120],
      ['Winter Lights', 100],
      ['Sat 5 Dec 21:00', 40],
      ['Lena Falk', 36],
    ]);
    expect(posterTitle(lines, none, new Set([0]))?.value).toBe('Winter Lights');
  });
});

const COMMUNITIES: DirectoryEntry[] = [{ slug: 'neon-reverie', displayName: 'Neon Reverie' }];
const WORLDS: DirectoryEntry[] = [{ slug: 'midnight-arcade', displayName: 'Midnight Arcade' }];
function lookup(calls: string[] = []): DirectoryLookup {
  const exact = (list: DirectoryEntry[], kind: string) => async (name: string) => {
    calls.push(`${kind}:${name}`);
    return list.filter((e) => e.displayName.toLowerCase() === name.toLowerCase());
  };
  return { communities: exact(COMMUNITIES, 'community'), people: async () => [], worlds: exact(WORLDS, 'world') };
}

describe('directoryNames', () => {
  test('only large lines are looked up, and those the directory names exactly are named', async () => {
    const calls: string[] = [];
    const lines = poster([
      ['MIDNIGHT ARCADE', 140],
      ['Rooftop Session', 100],
      ['Sat 5 Dec 21:00', 40],
      ['Lena Falk', 36],
    ]);
    const isName = await directoryNames(lines, lookup(calls));
    expect(isName('MIDNIGHT ARCADE')).toBe('world');
    expect(isName('Rooftop Session')).toBe(false);
    expect(calls.some((c) => c.endsWith(':Lena Falk') || c.endsWith(':Sat 5 Dec 21:00'))).toBe(false);
  });
});

describe('extractEvent with a poster layout', () => {
  const text = ['NEON REVERIE', 'Rooftop Session', 'SAT 5 DEC 2026 · 21:00 UTC', 'Lena Falk', 'Byte Bishop'].join('\n');
  const layout = { lines: poster([['', 150], ['', 90], ['', 40], ['', 36], ['', 36]]).map(({ height, top }) => ({ height, top })) };

  test('when the community is printed largest, then the title is the other large line', async () => {
    const result = await extractEvent({ text, origin: 'poster', timeZone: 'UTC', referenceInstant: NOW, lookup: lookup(), layout });
    expect(result.event.title).toBe('Rooftop Session');
    expect(result.evidence.find((e) => e.fieldPath === '/event/title')).toMatchObject({ origin: 'poster', excerpt: 'Rooftop Session' });
  });

  test('without a layout, or for pasted text, the title is read as before', async () => {
    const plain = await extractEvent({ text, origin: 'poster', timeZone: 'UTC', referenceInstant: NOW, lookup: lookup() });
    const pasted = await extractEvent({ text, origin: 'text', timeZone: 'UTC', referenceInstant: NOW, lookup: lookup(), layout });
    expect(plain.event.title).toBe(pasted.event.title);
    expect(plain.event.title).not.toBe('Rooftop Session');
  });
});
