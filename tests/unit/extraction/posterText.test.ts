/**
 * The poster pre-pass (posterText.ts) on recorded readings of the OCR (tests/fixtures/posters/ocr,
 * written by tests/fixtures/posters/recordOcr.ts): no Tesseract runs here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FixtureDirectory } from '../../../bench/extractionCorpus/directory.js';
import { extractEvent } from '../../../src/services/events/extraction/extract.js';
import { cleanPosterLine, DOUBT_CONFIDENCE, JUNK_CONFIDENCE, preparePosterText, WORD_DOUBT } from '../../../src/services/events/extraction/posterText.js';
import type { PosterText } from '../../../src/services/posters/ocr.js';

interface Recorded {
  id: string;
  language: string;
  layout: string;
  drawn: { text: string; role: string; fontSize: number }[];
  read: PosterText;
}

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/posters/ocr');
const recorded = (name: string): Recorded => JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Recorded;
const prepare = (r: Recorded) => preparePosterText(r.read.text, { lines: r.read.lines! });
const extract = (r: Recorded, layout = true) =>
  extractEvent({
    text: r.read.text,
    origin: 'poster',
    timeZone: 'UTC',
    referenceInstant: Date.UTC(2026, 0, 15, 12),
    lookup: new FixtureDirectory(),
    ...(layout ? { layout: { lines: r.read.lines! } } : {}),
  });

describe('a poster line cleaned of stray marks', () => {
  test('rules, bars, quotes and bullets at the edges go; a word broken at a hyphen is joined', () => {
    expect(cleanPosterLine('— Lo- Fi Lounge |')).toBe('Lo-Fi Lounge');
    expect(cleanPosterLine('“hosted by Zoé Marchetti |')).toBe('hosted by Zoé Marchetti');
    expect(cleanPosterLine('‘Skyline Terrace')).toBe('Skyline Terrace');
    expect(cleanPosterLine('hoje" :')).toBe('hoje :');
  });

  test('what carries meaning stays: a dash between two names, an @ before a venue, a closing bracket', () => {
    expect(cleanPosterLine('Bass Harbour — Forró Digital')).toBe('Bass Harbour — Forró Digital');
    expect(cleanPosterLine('@ Midnight Arcade')).toBe('@ Midnight Arcade');
    expect(cleanPosterLine('20h-23h (horário de Brasília)')).toBe('20h-23h (horário de Brasília)');
    expect(cleanPosterLine('Sala - Luna')).toBe('Sala - Luna');
    // A dash that ends a line joins it to the next; a run of them is one.
    expect(cleanPosterLine('Bass Harbour - —')).toBe('Bass Harbour —');
  });

  test('a line of marks alone is emptied', () => {
    expect(cleanPosterLine('— ~ |')).toBe('');
    expect(cleanPosterLine('“ ”')).toBe('');
  });
});

describe('a poster reading prepared for the text readers', () => {
  test('the lines stay index-aligned with the layout, emptied lines included', () => {
    for (const name of ['1-1-left', '1-12-title-top', '1-29-title-middle', '1-53-left']) {
      const r = recorded(name);
      const prepared = prepare(r);
      expect(prepared.text.split('\n')).toHaveLength(r.read.lines!.length);
      expect(prepared.layout?.lines).toBe(r.read.lines);
    }
  });

  test('edge marks and low-confidence specks go by the words the OCR gives', () => {
    const lines = prepare(recorded('1-12-title-top')).text.split('\n');
    expect(lines[0]).toBe('Lo-Fi Lounge');
    // "o" at 22 % is a speck; "|" at 0 % a mark; "—" before the time a rule.
    expect(lines[1]).toBe('Hosted by Neon Reverie');
    expect(lines[5]).toBe('22:00 Kenji Arata');
    expect(lines[6]).toBe('23:30 Marlene K.');
    expect(lines[7]).toBe('https://events.example.net/lo-fi-lounge-57');
  });

  test('a line the OCR could not read (Japanese on a Latin reading) is emptied, the rest kept', () => {
    const r = recorded('1-53-left');
    const junk = r.read.lines!.findIndex((l) => l.text === 'AJA )L');
    expect(r.read.lines![junk].confidence).toBeLessThan(JUNK_CONFIDENCE);
    const lines = prepare(r).text.split('\n');
    expect(lines[junk]).toBe('');
    expect(lines.filter(Boolean)).toHaveLength(r.read.lines!.length - 1);
    expect(lines).toContain('Glitter Tide Crew — Pagode Lunar');
  });

  test('lines read with low confidence are marked doubtful, confident ones are not', () => {
    const r = recorded('1-1-left');
    const prepared = prepare(r);
    r.read.lines!.forEach((l, i) => {
      const weakWord = l.words!.some((w) => /\p{L}/u.test(w.text) && w.confidence < WORD_DOUBT);
      if (l.confidence < JUNK_CONFIDENCE) expect(prepared.text.split('\n')[i]).toBe('');
      else if (l.confidence < DOUBT_CONFIDENCE || weakWord) expect(prepared.doubtful.has(i)).toBe(true);
      else expect(prepared.doubtful.has(i)).toBe(false);
    });
    expect(prepared.doubtful.size).toBeGreaterThan(0);
  });
});

describe('extraction of a poster through the pre-pass', () => {
  test('a junk line never becomes a lineup row or a venue', async () => {
    const result = await extract(recorded('1-53-left'));
    expect(result.lineup.map((r) => r.performerLabel)).toEqual(['Mira Sandoval', 'Byte Bishop']);
    expect(result.event.venueLabel).toBeNull();
    expect(result.event.title).not.toMatch(/AJA/);
  });

  test('a value read from a doubtful line is asked about, not proposed as certain', async () => {
    const r = recorded('1-29-title-middle');
    const prepared = prepare(r);
    const dateLine = [...prepared.doubtful.entries()].find(([, t]) => /hoje/.test(t));
    expect(dateLine).toBeDefined();
    const result = await extract(r);
    expect(result.event.eventDate).not.toBeNull();
    const q = result.questions.find((x) => x.fieldPath === '/event/eventDate');
    expect(q?.reason).toMatch(/hard to read/);
    // The confident lines fill their fields without such a question; the title broken after its
    // community's dash is joined with it.
    expect(result.questions.some((x) => x.fieldPath === '/event/title' && /hard to read/.test(x.reason))).toBe(false);
    expect(result.event.title).toBe('Bass Harbour — Forró Digital');
  });

  test('a title printed on a band is read (the band read alone) and picked by its size', async () => {
    const r = recorded('1-46-banner');
    expect(r.drawn.find((d) => d.role === 'title')?.text).toBe('Tarde de Poesía');
    const result = await extract(r);
    expect(result.event.title).toBe('Tarde de Poesia');
  });

  test('a title broken over two lines whose row heights differ is joined', async () => {
    const r = recorded('1-71-lineup-columns');
    expect(r.read.lines!.slice(0, 2).map((l) => l.text)).toEqual(['Forró', 'Digital']);
    expect((await extract(r)).event.title).toBe('Forró Digital');
  });

  test('a Japanese quote broken over two lines is one line again, and the lines keep their places', () => {
    const prepared = preparePosterText('主催: Amelie Roux\n「電脳ダン\nスホール」\n9月8日(水)', { lines: [{ height: 40, top: 10 }, { height: 90, top: 60 }, { height: 90, top: 160 }, { height: 40, top: 260 }] });
    expect(prepared.text.split('\n')).toEqual(['主催: Amelie Roux', '「電脳ダンスホール」', '', '9月8日(水)']);
  });

  test('without the OCR\'s words and confidences, lines are only cleaned of stray marks', async () => {
    const prepared = preparePosterText('— Lo- Fi Lounge |\nAJA )L', { lines: [{ height: 90, top: 10 }, { height: 40, top: 120 }] });
    expect(prepared.text).toBe('Lo-Fi Lounge\nAJA )L');
    expect(prepared.doubtful.size).toBe(0);
  });
});

describe('what the OCR gets wrong in addresses and times', () => {
  test('an address broken at a space is joined, and loses the accents the OCR put on it', () => {
    expect(cleanPosterLine('https://example.org/e/poe-sie-viva nte-51')).toBe('https://example.org/e/poe-sie-vivante-51');
    expect(cleanPosterLine('https://vrc.example.com/events/baile-neón-82')).toBe('https://vrc.example.com/events/baile-neon-82');
    expect(cleanPosterLine('Baile Neón')).toBe('Baile Neón');
  });

  test('O and l read for digits after a range\'s first time are digits; words are left alone', () => {
    expect(cleanPosterLine('22h - Oh')).toBe('22h - 0h');
    expect(cleanPosterLine('von 22 bis O Uhr MEZ')).toBe('von 22 bis 0 Uhr MEZ');
    expect(cleanPosterLine('das 22h às lh (hora de Lisboa)')).toBe('das 22h às 1h (hora de Lisboa)');
    // The dash of a range read as dots, a long vowel mark, the kanji 一, kana, or doubled: one dash.
    expect(cleanPosterLine('19:00…21:00 (日本時間)')).toBe('19:00-21:00 (日本時間)');
    expect(cleanPosterLine('23:30...翌3:00')).toBe('23:30-翌3:00');
    expect(cleanPosterLine('22:00ー25:00')).toBe('22:00-25:00');
    expect(cleanPosterLine('22:00 一翌2:00 JST')).toBe('22:00-翌2:00 JST');
    expect(cleanPosterLine('20:00 へご23:00')).toBe('20:00-23:00');
    expect(cleanPosterLine('20:00--23:00 JST')).toBe('20:00-23:00 JST');
    expect(cleanPosterLine('23:30-—-28:30')).toBe('23:30-28:30');
    expect(cleanPosterLine('19:00+22:00 JST')).toBe('19:00-22:00 JST');
    // The dash dropped before 翌 ("the next day") comes back; a single dash or wave dash stays.
    expect(cleanPosterLine('22:00翌3:00 (日本時間)')).toBe('22:00-翌3:00 (日本時間)');
    expect(cleanPosterLine('19:00〜21:00')).toBe('19:00〜21:00');
    expect(cleanPosterLine('19:00 – 21:00')).toBe('19:00 – 21:00');
    // Words between two times are not a dash.
    expect(cleanPosterLine('20:00 und 23:00')).toBe('20:00 und 23:00');
    expect(cleanPosterLine('20:00・23:00')).toBe('20:00・23:00');
    // A time spaced out at its colon, and zeroes read as letters.
    expect(cleanPosterLine('19 :00—21: 00 (日本時間)')).toBe('19:00—21:00 (日本時間)');
    expect(cleanPosterLine('de 21:00 a 23: oo')).toBe('de 21:00 a 23:00');
    expect(cleanPosterLine('21:OO Uhr')).toBe('21:00 Uhr');
    expect(cleanPosterLine('20:00 - Oliver')).toBe('20:00 - Oliver');
    expect(cleanPosterLine('Oh Wonder')).toBe('Oh Wonder');
  });

  test('a closing bracket or quote read as a word of its own is kept when the line opens it; a stray one goes', () => {
    const word = (text: string, confidence = 0.9) => ({ text, confidence, left: 0, width: 10 });
    const prepared = preparePosterText('7/30(木)\nRoda Virtual presents「電脳ダンスホール」\nLantern Garden )', {
      lines: [
        { height: 40, top: 10, confidence: 0.8, words: [word('7/30('), word('木'), word(')', 0.93)] },
        { height: 90, top: 60, confidence: 0.9, words: [word('Roda'), word('Virtual'), word('presents「'), word('電脳ダンスホール'), word('」')] },
        { height: 40, top: 160, confidence: 0.9, words: [word('Lantern'), word('Garden'), word(')', 0.4)] },
      ],
    });
    expect(prepared.text.split('\n')).toEqual(['7/30(木)', 'Roda Virtual presents「電脳ダンスホール」', 'Lantern Garden']);
    // A Japanese quote opened on one line and closed on the next: both marks kept, and the lines joined.
    const broken = preparePosterText('「電脳ダン\nスホール」', {
      lines: [
        { height: 90, top: 10, confidence: 0.8, words: [word('「', 0.7), word('電脳ダン')] },
        { height: 90, top: 110, confidence: 0.8, words: [word('スホール'), word('」', 0.7)] },
      ],
    });
    expect(broken.text.split('\n')).toEqual(['「電脳ダンスホール」', '']);
  });

  test('a dash read as 一 with low confidence between two times leaves the line sure', () => {
    const word = (text: string, confidence: number) => ({ text, confidence, left: 0, width: 10 });
    const prepared = preparePosterText('22:00 一翌2:00 JST', { lines: [{ height: 40, top: 10, confidence: 0.78, words: [word('22:00', 0.88), word('一', 0.34), word('翌', 0.9), word('2:00', 0.83), word('JST', 0.96)] }] });
    expect(prepared.text).toBe('22:00-翌2:00 JST');
    expect(prepared.doubtful.size).toBe(0);
  });

  test('a numeric date garbled beside its weekday is mended only when exactly one mending falls on that weekday', () => {
    // 18 January 2027 in Tokyo: 19 March 2027 is a Friday (金), 27 August 2027 a Friday too.
    const when = { referenceInstant: Date.UTC(2027, 0, 18, 6), timeZone: 'Asia/Tokyo' };
    const lines = (text: string) => preparePosterText(text, undefined, when).text;
    expect(lines('3719(金)')).toBe('3/19(金)'); // the slash read as 7
    expect(lines('3119(金)')).toBe('3/19(金)'); // … or as 1
    expect(lines('8/727(金')).toBe('8/27(金'); // a digit doubled
    // The weekday disagrees with every mending: left as read. A date already whole is left too.
    expect(lines('3719(土)')).toBe('3719(土)');
    expect(lines('3/19(土)')).toBe('3/19(土)');
    // Without a reference day nothing is mended.
    expect(preparePosterText('3719(金)').text).toBe('3719(金)');
  });

  test('a line holding a word read with low confidence is doubtful: a lineup row read from it is asked about', async () => {
    const r = recorded('1-1-left');
    const i = r.read.lines!.findIndex((l) => l.text === '23:30 HHTYŸ');
    expect(preparePosterText(r.read.text, { lines: r.read.lines! }).doubtful.has(i)).toBe(true);
    const result = await extract(r);
    result.lineup.forEach((row, n) => {
      if (row.performerLabel === 'HHTYŸ') expect(result.questions.some((q) => q.fieldPath.startsWith(`/lineup/${n}`) || q.fieldPath === '/lineup')).toBe(true);
    });
  });
});
