import fs from 'node:fs';
import path from 'node:path';
import {
  bandsOf,
  closeJapaneseSpaces,
  createPosterTextReader,
  MODEL_PATHS,
  takeJapaneseLines,
  TESSERACT_WORKER_OPTIONS,
  type IdleTimers,
  type PosterTextReader,
} from '../../../src/services/posters/ocr.js';
import {
  POSTER_SPECS,
  charAccuracy,
  expectedLines,
  expectedTokens,
  levenshtein,
  renderPoster,
  tokenFound,
  tokenRecall,
} from '../../fixtures/posters/generate.js';

// One worker warm-up (~1–2 s) plus ~0.5–1.5 s per poster on 2 cores.
const SLOW = 60_000;

describe('scoring helpers', () => {
  test('levenshtein counts insertions, deletions and substitutions', () => {
    expect(levenshtein('kestrel', 'kestrel')).toBe(0);
    expect(levenshtein('kestrel', 'kestre1')).toBe(1);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
  });

  test('tokens match fuzzily, times exactly', () => {
    expect(tokenFound('Kestrel', 'DJ Kestre1 live')).toBe(true);
    expect(tokenFound('Mosskeeper', 'Moss keeper')).toBe(true);
    expect(tokenFound('Kestrel', 'DJ Falcon')).toBe(false);
    expect(tokenFound('21:00', '21:00 DJ')).toBe(true);
    expect(tokenFound('21:00', '21:30 DJ')).toBe(false);
    expect(tokenRecall(['a1', 'b2'], 'a1 c3')).toBe(0.5);
    expect(charAccuracy('Night  Signals', 'night signals')).toBe(1);
  });
});

describe('the Japanese model\'s word gaps', () => {
  test('spaces between Japanese characters, and between them and digits, close; a clock time before a name keeps its space', () => {
    expect(closeJapaneseSpaces('12 月 6 日 ( 土 )')).toBe('12月6日(土)');
    expect(closeJapaneseSpaces('DJ Kestrel 出 演')).toBe('DJ Kestrel 出演');
    expect(closeJapaneseSpaces('22:00 ナナ b2b Mateus Lima')).toBe('22:00 ナナ b2b Mateus Lima');
    expect(closeJapaneseSpaces('22:00 〜 翌 3:00')).toBe('22:00〜翌3:00');
  });
});

describe('lines of a Japanese page reading that lost the page', () => {
  const line = (text: string, top: number, height: number, confidence: number) => ({ text, top, height, left: 0, width: 100, confidence });
  const latin = [line('sa', 689, 79, 0.21), line('23:30 HHTYŸ', 953, 45, 0.67), line('1/1)', 1100, 70, 0), line('26:30 Sol', 1200, 44, 0.96), line('Café Lumière', 1300, 40, 0.5)];

  test('a line with Japanese that reads clearly better takes the place of the lines at its height', () => {
    const japanese = [line('ネオン夜会', 481, 287, 0.79), line('23:30 新田ケンジ', 953, 48, 0.72), line('1/1(土)', 1095, 80, 0.61), line('26:30 Sol', 1200, 48, 0.89)];
    expect(takeJapaneseLines(latin, japanese).map((l) => l.text)).toEqual(['ネオン夜会', '23:30 HHTYŸ', '1/1(土)', '26:30 Sol', 'Café Lumière']);
  });

  test('a Japanese line not clearly more confident, under the floor, or without Japanese is not taken', () => {
    const japanese = [line('ネオン夜会', 481, 287, 0.3), line('キャフェ', 1300, 40, 0.58), line('Cafe Lumiere', 1300, 40, 0.95)];
    expect(takeJapaneseLines(latin, japanese).map((l) => l.text)).toEqual(latin.map((l) => l.text));
  });

  test('two first-reading lines at one height become the one Japanese line', () => {
    const split = [line('—', 210, 47, 0.62), line('NÉ: Bass', 210, 47, 0.41), line('20:00 La Bruma', 545, 39, 0.96)];
    expect(takeJapaneseLines(split, [line('主催 : Bass Harbour', 208, 44, 0.82)]).map((l) => l.text)).toEqual(['主催 : Bass Harbour', '20:00 La Bruma']);
  });
});

describe('poster OCR (tesseract.js, offline)', () => {
  let reader: PosterTextReader;
  const cacheFile = path.join(process.cwd(), 'eng.traineddata');
  const cacheExisted = fs.existsSync(cacheFile);

  beforeAll(() => {
    reader = createPosterTextReader();
  });

  afterAll(async () => {
    await reader.close();
  });

  test('the worker loads its model and script from node_modules, never from a URL or cache', () => {
    const o = TESSERACT_WORKER_OPTIONS;
    expect(o.langPath).toMatch(/node_modules[\\/]@tesseract\.js-data[\\/]eng[\\/]4\.0\.0_best_int$/);
    expect(fs.existsSync(path.join(o.langPath, 'eng.traineddata.gz'))).toBe(true);
    expect(o.gzip).toBe(true);
    expect(o.cacheMethod).toBe('none');
    expect(fs.existsSync(o.workerPath)).toBe(true);
    expect(o.workerBlobURL).toBe(false);
    // The Latin pair is read from one folder whose files are the packages' own.
    const latin = MODEL_PATHS.latin();
    for (const lang of ['por', 'fra']) {
      const real = fs.realpathSync(path.join(latin, `${lang}.traineddata.gz`));
      expect(real).toMatch(new RegExp(`node_modules[\\\\/]@tesseract\\.js-data[\\\\/]${lang}[\\\\/]4\\.0\\.0_best_int[\\\\/]${lang}\\.traineddata\\.gz$`));
    }
    expect(MODEL_PATHS.latin()).toBe(latin);
  });

  test('a stripe of the other polarity across the page is found as a band; a plain page and a gradient have none', () => {
    const [w, h] = [200, 400];
    const page = (ground: (y: number) => number) => {
      const data = Buffer.alloc(w * h);
      for (let y = 0; y < h; y++) data.fill(ground(y), y * w, (y + 1) * w);
      // Some text-like dark specks on each row do not move a row's ground.
      for (let y = 0; y < h; y += 3) for (let x = 20; x < 60; x += 2) data[y * w + x] = 255 - data[y * w + x];
      return data;
    };
    expect(bandsOf(page((y) => (y >= 100 && y < 140 ? 20 : 240)), w, h, 1)).toEqual([{ top: 100, bottom: 140, dark: true }]);
    expect(bandsOf(page((y) => (y >= 200 && y < 260 ? 230 : 15)), w, h, 1)).toEqual([{ top: 200, bottom: 260, dark: false }]);
    expect(bandsOf(page(() => 240), w, h, 1)).toEqual([]);
    expect(bandsOf(page((y) => Math.round(180 + (60 * y) / h)), w, h, 1)).toEqual([]);
    // A page split in two halves is no band: a band is at most a third of the page.
    expect(bandsOf(page((y) => (y < 200 ? 20 : 240)), w, h, 1)).toEqual([]);
  });

  test.each(POSTER_SPECS.map((s) => [s.id, s] as const))(
    'when the %s poster is read, then title, times and lineup are recognised',
    async (_id, spec) => {
      const image = await renderPoster(spec);
      const { text, confidence } = await reader.read(image);
      const tokens = expectedTokens(spec);
      const missing = (list: string[]) => list.filter((t) => !tokenFound(t, text));

      expect({ title: missing(tokens.title), times: missing(tokens.times) }).toEqual({ title: [], times: [] });
      expect(tokenRecall(tokens.names, text)).toBeGreaterThanOrEqual(0.8);
      expect(charAccuracy(expectedLines(spec).join('\n'), text)).toBeGreaterThanOrEqual(0.8);
      // Line breaks survive: lineup rows come out as lines holding their time and (part of) the name.
      const lines = text.split('\n');
      const rowsOnALine = spec.lineup.filter((r) =>
        lines.some((l) => tokenFound(r.time, l) && r.name.split(' ').some((w) => w.length > 3 && tokenFound(w, l))),
      );
      expect(rowsOnALine.length).toBeGreaterThanOrEqual(Math.ceil(spec.lineup.length * 0.8));
      expect(confidence).toBeGreaterThan(0.5);
      expect(confidence).toBeLessThanOrEqual(1);
    },
    SLOW,
  );

  test(
    'when two reads overlap on one worker, then both complete',
    async () => {
      const [a, b] = await Promise.all([renderPoster(POSTER_SPECS[0]), renderPoster(POSTER_SPECS[4])]);
      const [ra, rb] = await Promise.all([reader.read(a), reader.read(b)]);
      expect(tokenRecall(expectedTokens(POSTER_SPECS[0]).title, ra.text)).toBe(1);
      expect(tokenRecall(expectedTokens(POSTER_SPECS[4]).title, rb.text)).toBe(1);
    },
    SLOW,
  );

  test('when the bytes are not an image, then read rejects', async () => {
    await expect(reader.read(Buffer.from('not an image'))).rejects.toThrow();
  });

  test('nothing is written as a traineddata cache into the working directory', () => {
    if (!cacheExisted) expect(fs.existsSync(cacheFile)).toBe(false);
  });
});

/** Timers the test fires by hand: each armed callback is kept until it is cleared or fired. */
function manualTimers() {
  let next = 0;
  const armed = new Map<number, { callback: () => unknown; ms: number }>();
  const timers: IdleTimers = {
    setTimeout: (callback, ms) => (armed.set(++next, { callback, ms }), next),
    clearTimeout: (handle) => armed.delete(handle as number),
  };
  /** Fires every armed timer of `ms` (the idle period) and waits for what they started. */
  const fire = async (ms: number) => {
    const due = [...armed].filter(([, t]) => t.ms === ms);
    for (const [id] of due) armed.delete(id);
    await Promise.all(due.map(([, t]) => t.callback()));
    return due.length;
  };
  return { timers, armed, fire };
}

describe('OCR workers left idle', () => {
  const IDLE_MS = 45_000;

  test(
    'a worker idle for the idle period is terminated, and the next read starts a new one that reads as well',
    async () => {
      const clock = manualTimers();
      const reader = createPosterTextReader({ japanese: false, idleMs: IDLE_MS, timers: clock.timers });
      try {
        const spec = POSTER_SPECS[0];
        const image = await renderPoster(spec);
        expect(reader.liveWorkers()).toBe(0);
        const first = await reader.read(image);
        expect(reader.liveWorkers()).toBe(1);
        // The worker waits for the next job with its release armed for the idle period.
        expect([...clock.armed.values()].map((t) => t.ms)).toEqual([IDLE_MS]);

        expect(await clock.fire(IDLE_MS)).toBe(1);
        expect(reader.liveWorkers()).toBe(0);
        expect(clock.armed.size).toBe(0);

        const again = await reader.read(image);
        expect(reader.liveWorkers()).toBe(1);
        expect(again.text).toBe(first.text);
        expect(tokenRecall(expectedTokens(spec).title, again.text)).toBe(1);
      } finally {
        await reader.close();
      }
    },
    SLOW,
  );

  test(
    'a read that starts before the idle period ends keeps the worker, and its release is armed again afterwards',
    async () => {
      const clock = manualTimers();
      const reader = createPosterTextReader({ japanese: false, idleMs: IDLE_MS, timers: clock.timers });
      try {
        const image = await renderPoster(POSTER_SPECS[4]);
        await reader.read(image);
        const [armedFirst] = clock.armed.keys();
        await reader.read(image);
        // The first release was cleared when the second read took the worker; a new one is armed.
        expect(clock.armed.has(armedFirst)).toBe(false);
        expect(clock.armed.size).toBe(1);
        expect(reader.liveWorkers()).toBe(1);
        // Closing disarms it: nothing is left to fire.
        await reader.close();
        expect(clock.armed.size).toBe(0);
        expect(reader.liveWorkers()).toBe(0);
      } finally {
        await reader.close();
      }
    },
    SLOW,
  );
});
