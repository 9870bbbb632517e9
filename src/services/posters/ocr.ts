/**
 * Reads the text of an event poster (PNG/JPEG/WebP/… upload) with tesseract.js, entirely
 * offline: the wasm core is `require`d from the `tesseract.js-core` package by tesseract.js's
 * own node worker script, and the models are read from the `@tesseract.js-data/*` packages;
 * nothing is fetched and no traineddata is cached.
 *
 * Latin posters are read with the Portuguese and French models together (`por+fra`, Tesseract
 * picks per word): the English model has almost no accented letters ("Neón" comes out "Neon",
 * "Forró" "Forro"), while these two hold à á â ã ä ç è é ê ë í î ï ñ ó ô õ ú û ü between them
 * and read English as well, at the English model's cost. tesseract.js loads every language of a
 * worker from one folder, so the two packages' files are linked into one folder under the
 * temporary directory (`latinModelDir`).
 *
 * Each image is normalised with sharp first (EXIF orientation, alpha flattened on white,
 * grayscale, scaled to a workable width, contrast-stretched, 3×3 median against speckle and
 * JPEG noise). Tesseract then binarises with Sauvola's local threshold, which survives gradients
 * and busy backgrounds far better than its default global Otsu. Posters whose mean luminance says
 * "light text on dark" are read inverted first; if that reading is not convincing, the other
 * polarity is read too and the better reading wins.
 *
 * Japanese: the Latin models read a Japanese poster as low-confidence gibberish. When the
 * first reading is not convincing, the poster is read again with the Japanese model
 * (`@tesseract.js-data/jpn`, which also reads Latin letters and digits) in a worker of its own,
 * started on the first such poster; the Japanese reading wins when it holds Japanese text and is
 * the more confident one. Latin posters that read well never load it.
 *
 * Workers hold their wasm heap (which grows with the largest page read and never shrinks) and
 * their models: ~150–250 MB resident each once used. A worker left idle for `idleMs` (default a
 * minute) is terminated, giving all of it back; the next read starts a fresh one (~1 s).
 *
 * Besides the text, the reader returns each recognised line's box (in the uploaded image's
 * pixels): extraction uses the sizes and positions to tell a poster's title from its small print.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { imageLibrary } from '../../lib/imageLibrary.js';
import Tesseract from 'tesseract.js';

export interface PosterLine {
  /** The line's text, as it stands at the same index in `PosterText.text`. */
  text: string;
  /** The line's height as Tesseract estimates its row (a font size estimate), in the uploaded image's pixels. */
  height: number;
  top: number;
  left: number;
  width: number;
  /** Tesseract's confidence for the line, 0..1. */
  confidence: number;
  /** Its words' boxes and confidences (0..1), left to right. */
  words?: PosterWord[];
}

export interface PosterWord {
  text: string;
  left: number;
  width: number;
  confidence: number;
}

export interface PosterText {
  /** Recognised text, one poster line per line (blank lines dropped). */
  text: string;
  /** Tesseract's mean word confidence for the chosen reading, 0..1. */
  confidence: number;
  /** Each line of `text` (index-aligned) with its box; absent when Tesseract gave no layout. */
  lines?: PosterLine[];
  /** The model whose reading was kept. */
  model?: PosterModel;
}

/**
 * The recognition models: the Latin pair (Portuguese and French) or English for the first
 * reading, Japanese on demand.
 */
export type PosterModel = 'latin' | 'eng' | 'jpn';

export interface PosterTextReader {
  read(image: Buffer): Promise<PosterText>;
  /** Terminates the workers; reads running or queued reject. A later `read` starts a fresh worker. */
  close(): Promise<void>;
}

/** The timer functions the idle release uses (the global ones by default; tests pass their own). */
export interface IdleTimers {
  setTimeout(callback: () => unknown, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PosterTextReaderOptions {
  /** Tesseract worker threads, each ~150–250 MB resident once used. Default 1. */
  workers?: number;
  /**
   * Read unconvincing posters again with the Japanese model (one more worker, ~70–110 MB more,
   * started on the first such poster). Default true.
   */
  japanese?: boolean;
  /** The first reading's model: the Latin pair (default) or English alone. */
  firstModel?: 'latin' | 'eng';
  /**
   * A worker idle this long is terminated, giving its memory back; the next read starts another.
   * Default `DEFAULT_OCR_IDLE_MS`; `Infinity` keeps workers until `close`.
   */
  idleMs?: number;
  /** The timers of the idle release (default: the global setTimeout and clearTimeout, unref'd). */
  timers?: IdleTimers;
  /** Called after a worker idle for `idleMs` has been terminated (the server then collects its own garbage). */
  onRelease?: () => void;
}

/** How long an OCR worker stays idle before it is terminated, by default: a minute. */
export const DEFAULT_OCR_IDLE_MS = 60_000;

const globalTimers: IdleTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const require = createRequire(import.meta.url);

/**
 * LSTM-only integer model, ≈3 MB gzipped: the file tesseract.js would otherwise download from
 * jsDelivr for `eng` + OEM.LSTM_ONLY. (`4.0.0` adds the legacy engine's data, unused here.)
 */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
/** The Japanese LSTM integer model, ≈2 MB gzipped (its unicharset holds Latin letters and digits too). */
const JPN_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/jpn/package.json')), '4.0.0_best_int');
/** The Latin pair's LSTM integer models, 1.4 MB and 0.7 MB gzipped. */
const LATIN_LANGS = ['por', 'fra'] as const;
const modelFile = (lang: string) => path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', `${lang}.traineddata.gz`);

/**
 * One folder holding the Latin pair's files (links to the packages' files, copies where links
 * cannot be made), made once per machine and content under the temporary directory.
 */
export function latinModelDir(): string {
  const files = LATIN_LANGS.map(modelFile);
  const key = crypto.createHash('sha256').update(files.map((f) => `${f}:${fs.statSync(f).size}`).join('\n')).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `marquee-ocr-models-${key}`);
  if (LATIN_LANGS.every((l) => fs.existsSync(path.join(dir, `${l}.traineddata.gz`)))) return dir;
  const tmp = `${dir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(tmp, { recursive: true });
  LATIN_LANGS.forEach((l, i) => {
    const target = path.join(tmp, `${l}.traineddata.gz`);
    try {
      fs.symlinkSync(files[i], target);
    } catch {
      fs.copyFileSync(files[i], target);
    }
  });
  try {
    fs.renameSync(tmp, dir);
  } catch {
    // Another process made it meanwhile.
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
/** tesseract.js's node worker script (a worker_threads entry; loads `tesseract.js-core` itself). */
const WORKER_PATH = path.join(path.dirname(require.resolve('tesseract.js/package.json')), 'src/worker-script/node/index.js');

/** Narrower images are upscaled: poster body text then gets ~25–40 px high. */
const MIN_WIDTH = 1600;
/** Wider images are downscaled; more pixels only cost time. */
const MAX_WIDTH = 3000;
/** Cap on the pixels handed to Tesseract (its wasm heap holds several copies of the page). */
const MAX_PIXELS = 12_000_000;
/** Mean luminance (0..255, after contrast stretch) under which light-on-dark is assumed. */
const DARK_MEAN = 128;
/** A first reading at least this confident is kept without trying the other polarity. */
const GOOD_ENOUGH = 0.85;
/** Words under this confidence (0..100) do not count towards a reading's score. */
const WORD_FLOOR = 50;
/** A first reading under this confidence is read again with the Japanese model. */
const TRY_JAPANESE = 0.85;
/** A Japanese reading wins only with at least this many Japanese characters… */
const MIN_JAPANESE_CHARS = 4;
/** …and a confidence at least this much above the first reading's. */
const JAPANESE_MARGIN = 0.05;

/** The worker options that keep tesseract.js offline and on node_modules (exported for tests). */
export const TESSERACT_WORKER_OPTIONS = {
  langPath: LANG_PATH,
  gzip: true,
  cacheMethod: 'none',
  workerPath: WORKER_PATH,
  workerBlobURL: false,
  legacyCore: false,
  legacyLang: false,
} as const satisfies Partial<Tesseract.WorkerOptions>;

/** Recognition parameters set once per worker. */
export const TESSERACT_PARAMETERS = {
  tessedit_pageseg_mode: Tesseract.PSM.AUTO,
  /** 2 = Sauvola (local); 0, the default, is global Otsu. */
  thresholding_method: '2',
  user_defined_dpi: '300',
} as const;

/** Where each model's traineddata is read from (exported for tests). */
export const MODEL_PATHS: Record<PosterModel, () => string> = { latin: latinModelDir, eng: () => LANG_PATH, jpn: () => JPN_LANG_PATH };
/** The language string Tesseract is started with, per model. */
const MODEL_LANGS: Record<PosterModel, string> = { latin: LATIN_LANGS.join('+'), eng: 'eng', jpn: 'jpn' };

const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆〜]/u;
const JAPANESE_G = new RegExp(JAPANESE.source, 'gu');

interface Reading extends PosterText {
  /** Confidence-weighted count of letters and digits in words above WORD_FLOOR. */
  score: number;
}

/** The worker_threads Worker under a tesseract.js worker (not in its typings). */
interface Thread {
  ref(): void;
  unref(): void;
  once(event: 'exit', listener: (code: number) => void): unknown;
}

interface Slot {
  worker: Tesseract.Worker | null;
  starting: Promise<Tesseract.Worker> | null;
  /** Rejects the job in flight when the thread exits under it. */
  abort: ((err: Error) => void) | null;
  /** The idle release armed while the slot waits for a job. */
  idleTimer: unknown;
}

function threadOf(worker: Tesseract.Worker): Thread {
  return (worker as unknown as { worker: Thread }).worker;
}

function asError(err: unknown, what: string): Error {
  return err instanceof Error ? err : new Error(`${what}: ${String(err)}`);
}

/**
 * Oriented, flattened, grayscale, scaled, contrast-stretched pixels, their mean luminance, and
 * the scale from the uploaded image to them (boxes are divided by it on the way back).
 */
async function preprocess(image: Buffer) {
  const sharp = await imageLibrary();
  const meta = await sharp(image, { failOn: 'none' }).metadata();
  // EXIF orientations 5–8 swap width and height.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  if (!width || !height) throw new Error('poster image has no size');
  let target = Math.min(Math.max(width, MIN_WIDTH), MAX_WIDTH);
  // Long strips (screenshots of a whole page) would otherwise balloon past the wasm heap.
  if (target * ((target / width) * height) > MAX_PIXELS) target = Math.floor(Math.sqrt((MAX_PIXELS * width) / height));
  let pipeline = sharp(image, { failOn: 'none' }).rotate().flatten({ background: '#ffffff' }).grayscale();
  if (target !== width) pipeline = pipeline.resize({ width: target, kernel: 'lanczos3' });
  const { data, info } = await pipeline.normalise().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const { channels } = await sharp(data, raw).stats();
  const encode = (invert: boolean) => {
    const img = sharp(data, raw);
    return (invert ? img.negate() : img).median(3).png({ compressionLevel: 1 }).toBuffer();
  };
  /** A band's rows, dark text on light whatever the band's own polarity. */
  const encodeBand = (band: Band) => {
    const img = sharp(data, raw).extract({ left: 0, top: band.top, width: info.width, height: band.bottom - band.top });
    return (band.dark ? img.negate() : img).median(3).png({ compressionLevel: 1 }).toBuffer();
  };
  /** A region of the page (a line's box), in the page's pixels, in a polarity. */
  const encodeRegion = (r: { left: number; top: number; width: number; height: number }, invert: boolean) => {
    const left = Math.max(0, Math.floor(r.left));
    const top = Math.max(0, Math.floor(r.top));
    const region = { left, top, width: Math.max(1, Math.min(info.width - left, Math.ceil(r.width))), height: Math.max(1, Math.min(info.height - top, Math.ceil(r.height))) };
    const img = sharp(data, raw).extract(region);
    return { png: (invert ? img.negate() : img).median(3).png({ compressionLevel: 1 }).toBuffer(), region };
  };
  return { mean: channels[0].mean, encode, encodeBand, encodeRegion, bands: bandsOf(data, info.width, info.height, info.channels), scale: info.width / width };
}

/** A stripe across the page whose ground is far from the page's (a title printed on a band). */
export interface Band {
  top: number;
  bottom: number;
  /** Its ground is dark: its text is light. */
  dark: boolean;
}

/**
 * A Latin reading's line under this confidence is read again with the Japanese model (higher, and
 * short Latin words read with middling confidence, "hoje", "demain soir", come back as kana)…
 */
const RETRY_LINE = 0.35;
/** …at most this many per poster… */
const MAX_LINE_RETRIES = 6;
/**
 * …and the Japanese reading wins the line when it is this much more confident, at least this
 * confident, and holds this many Japanese characters, at least half of its characters.
 */
const LINE_MARGIN = 0.1;
const MIN_LINE_CONFIDENCE = 0.6;
const MIN_LINE_JAPANESE = 2;
/** A row read in a band is text when it is at least this fraction of the band's height. */
const BAND_ROW = 0.2;
/** Bands read alone on one poster, at most. */
const MAX_BANDS = 3;
/** A row's ground differs from the page's by this much (0..255) inside a band… */
const BAND_CONTRAST = 70;
/** …over at least this fraction of the page's height, and at most this one. */
const BAND_MIN = 0.015;
const BAND_MAX = 0.35;

/**
 * Stripes across the page printed on a ground of the other polarity (a banner behind the
 * title): Tesseract's threshold takes them for a picture and reads nothing there. Each row's
 * ground is the median of its pixels; the page's is the median of the rows'.
 */
export function bandsOf(data: Buffer, width: number, height: number, channels: number): Band[] {
  const step = Math.max(1, Math.floor(width / 400));
  const grounds = new Uint8Array(height);
  const hist = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    hist.fill(0);
    let n = 0;
    for (let x = 0; x < width; x += step) {
      hist[data[(y * width + x) * channels]]++;
      n++;
    }
    let acc = 0;
    let v = 0;
    while (v < 255 && (acc += hist[v]) < n / 2) v++;
    grounds[y] = v;
  }
  const page = [...grounds].sort((a, b) => a - b)[Math.floor(height / 2)];
  const bands: Band[] = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    const off = y < height && Math.abs(grounds[y] - page) > BAND_CONTRAST;
    if (off && start < 0) start = y;
    if (!off && start >= 0) {
      const h = y - start;
      if (h >= BAND_MIN * height && h <= BAND_MAX * height) {
        const mid = [...grounds.subarray(start, y)].sort((a, b) => a - b)[Math.floor(h / 2)];
        bands.push({ top: start, bottom: y, dark: mid < 128 });
      }
      start = -1;
    }
  }
  return bands;
}

/** Confidence-weighted letter/digit count from Tesseract's TSV (level 5 rows are words). */
function scoreTsv(tsv: string | null): number {
  let score = 0;
  for (const row of (tsv ?? '').split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const conf = Number(cols[10]);
    if (!(conf >= WORD_FLOOR)) continue;
    score += ((cols.slice(11).join('\t').match(/[\p{L}\p{N}]/gu) ?? []).length * conf) / 100;
  }
  return score;
}

/** Characters between which the Japanese model's word breaks are not spaces on the poster. */
const TIGHT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆〜～、。・「」『』【】（）！？：]/u;

/**
 * The Japanese model separates every recognised "word" with a space ("12 月 6 日 ( 土 )"). A
 * space is dropped where both sides are Japanese, or one side is and the other is a digit or a
 * bracket; between Latin words it stays ("DJ Kestrel").
 */
export function closeJapaneseSpaces(line: string): string {
  return line.replace(/(\S)[ \t\u3000]+(?=(\S))/gu, (whole, a: string, b: string, offset: number) => {
    const ja = (c: string) => TIGHT.test(c);
    const loose = (c: string) => /[\p{N}()[\]~]/u.test(c);
    // A clock time then a name is a lineup row ("22:00 ナナ"); "22:00 〜", "22:00 翌3:00" close up.
    if (CLOCK_END.test(line.slice(0, offset + 1)) && ja(b) && !/[〜～~翌時分]/u.test(b)) return whole;
    return (ja(a) && (ja(b) || loose(b))) || (ja(b) && loose(a)) ? a : whole;
  });
}

const CLOCK_END = /\d{1,2}[:：]\d{2}$/u;

/** A line's text without trailing spaces (and, from the Japanese model, without its word gaps). */
function tidyLine(text: string, model: PosterModel): string {
  const line = text.replace(/\s+$/, '').replace(/^\s+/, '');
  return model === 'jpn' ? closeJapaneseSpaces(line) : line;
}

/** Tesseract's text without trailing spaces and blank lines. */
function tidy(text: string, model: PosterModel): string {
  return text
    .split('\n')
    .map((l) => tidyLine(l, model))
    .filter((l) => l.trim() !== '')
    .join('\n');
}

/**
 * A gap between two words of one Tesseract line this many row heights wide parts two columns
 * (a lineup printed in two columns is often read as one line: "21:00 Ada 22:00 Bo").
 */
const COLUMN_GAP = 1.6;

/** A line's words split where a gap parts two columns. */
function columnsOf(words: Tesseract.Word[], rowHeight: number): Tesseract.Word[][] {
  const parts: Tesseract.Word[][] = [];
  for (const w of words) {
    const last = parts.at(-1);
    const prev = last?.at(-1);
    if (last && prev && w.bbox.x0 - prev.bbox.x1 < COLUMN_GAP * rowHeight) last.push(w);
    else parts.push([w]);
  }
  return parts;
}

/**
 * The reading's lines with their boxes, in reading order; the text is these lines joined, so
 * that line i of the text is box i. Boxes are scaled back to the uploaded image's pixels. A
 * line whose words stand in two columns is returned as two lines, left first.
 */
function linesOf(data: Tesseract.Page, model: PosterModel, scale: number, offsetY = 0): { text: string; lines?: PosterLine[] } {
  const lines: PosterLine[] = [];
  const px = (v: number) => Math.round(v / scale);
  const py = (v: number) => Math.round((v + offsetY) / scale);
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const { x0, y0, x1, y1 } = line.bbox;
        // Tesseract's row height (x-height, ascenders and descenders from the baseline fit) follows
        // the font size; the box's height swings with accents, descenders and specks of noise.
        const row = line.rowAttributes?.rowHeight > 0 ? line.rowAttributes.rowHeight : y1 - y0;
        const words = (line.words ?? []).filter((w) => w.text.trim());
        const parts = words.length > 1 ? columnsOf(words, row) : [];
        if (parts.length > 1) {
          for (const part of parts) {
            const text = tidyLine(part.map((w) => w.text).join(' '), model);
            if (!text.trim()) continue;
            const left = Math.min(...part.map((w) => w.bbox.x0));
            const right = Math.max(...part.map((w) => w.bbox.x1));
            const top = Math.min(...part.map((w) => w.bbox.y0));
            const confidence = part.reduce((a, w) => a + Math.max(0, w.confidence), 0) / part.length / 100;
            lines.push({ text, height: px(row), top: py(Math.min(top, y0)), left: px(left), width: px(right - left), confidence, words: part.map((w) => wordOf(w, px)) });
          }
          continue;
        }
        const text = tidyLine(line.text.replace(/\n/g, ' '), model);
        if (!text.trim()) continue;
        lines.push({ text, height: px(row), top: py(y0), left: px(x0), width: px(x1 - x0), confidence: Math.max(0, line.confidence) / 100, words: words.map((w) => wordOf(w, px)) });
      }
    }
  }
  if (!lines.length) return { text: tidy(data.text, model) };
  return { text: lines.map((l) => l.text).join('\n'), lines };
}

const wordOf = (w: Tesseract.Word, px: (v: number) => number): PosterWord => ({ text: w.text, left: px(w.bbox.x0), width: px(w.bbox.x1 - w.bbox.x0), confidence: Math.max(0, w.confidence) / 100 });

interface Pool {
  /** `offsetY`: the image's top in the page (a band read alone), in the page's pixels. */
  recognise(png: Buffer, scale: number, offsetY?: number): Promise<Reading>;
  close(): Promise<void>;
  /** Workers running (started, not terminated). */
  live(): number;
}

/**
 * `size` workers of one model, started on first use; jobs queue for a free worker. A worker idle
 * for `idleMs` is terminated; its slot starts a new one for the next job.
 */
function createPool(model: PosterModel, size: number, idleMs: number, timers: IdleTimers, onRelease: () => void = () => {}): Pool {
  const newSlots = (): Slot[] => Array.from({ length: size }, () => ({ worker: null, starting: null, abort: null, idleTimer: undefined }));
  let slots = newSlots();
  const idle: Slot[] = [...slots];
  const waiting: { resolve: (slot: Slot) => void; reject: (err: Error) => void }[] = [];

  function start(slot: Slot): Promise<Tesseract.Worker> {
    if (slot.worker) return Promise.resolve(slot.worker);
    slot.starting ??= Tesseract.createWorker(MODEL_LANGS[model], Tesseract.OEM.LSTM_ONLY, {
      ...TESSERACT_WORKER_OPTIONS,
      langPath: MODEL_PATHS[model](),
      // Without a handler tesseract.js rethrows job errors inside its message listener, which
      // crashes the process; with one, errors only reject the job's promise.
      errorHandler: () => {},
    }).then(
      async (worker) => {
        const thread = threadOf(worker);
        thread.once('exit', () => {
          if (slot.worker === worker) slot.worker = null;
          slot.abort?.(new Error('OCR worker exited'));
        });
        try {
          await worker.setParameters(TESSERACT_PARAMETERS);
        } catch (err) {
          slot.starting = null;
          await worker.terminate();
          throw asError(err, 'OCR worker failed to start');
        }
        // Idle workers must not keep the process alive; `recognise` refs it during a job.
        thread.unref();
        slot.worker = worker;
        slot.starting = null;
        return worker;
      },
      (err: unknown) => {
        slot.starting = null;
        throw asError(err, 'OCR worker failed to start');
      },
    );
    return slot.starting;
  }

  function disarm(slot: Slot): void {
    if (slot.idleTimer === undefined) return;
    timers.clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
  }

  /** Terminates an idle slot's worker; the slot stays free and starts another on its next job. */
  async function retire(slot: Slot): Promise<void> {
    slot.idleTimer = undefined;
    const worker = slot.worker;
    if (!worker || !idle.includes(slot)) return;
    slot.worker = null;
    await worker.terminate().catch(() => {});
    onRelease();
  }

  function acquire(): Promise<Slot> {
    const slot = idle.pop();
    if (slot) {
      disarm(slot);
      return Promise.resolve(slot);
    }
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }

  function release(slot: Slot): void {
    if (!slots.includes(slot)) return; // closed meanwhile
    const next = waiting.shift();
    if (next) return next.resolve(slot);
    idle.push(slot);
    if (slot.worker && Number.isFinite(idleMs)) slot.idleTimer = timers.setTimeout(() => retire(slot), idleMs);
  }

  return {
    async recognise(png: Buffer, scale: number, offsetY = 0): Promise<Reading> {
      const slot = await acquire();
      try {
        const worker = await start(slot);
        if (!slots.includes(slot)) throw new Error('OCR reader closed');
        const thread = threadOf(worker);
        thread.ref();
        try {
          const { data } = await new Promise<Tesseract.RecognizeResult>((resolve, reject) => {
            slot.abort = reject;
            worker.recognize(png, {}, { text: true, tsv: true, blocks: true }).then(resolve, reject);
          });
          return { ...linesOf(data, model, scale, offsetY), confidence: Math.max(0, data.confidence) / 100, score: scoreTsv(data.tsv), model };
        } finally {
          slot.abort = null;
          thread.unref();
        }
      } catch (err) {
        throw asError(err, 'OCR failed');
      } finally {
        release(slot);
      }
    },

    live: () => slots.filter((slot) => slot.worker).length,

    async close(): Promise<void> {
      const old = slots;
      old.forEach(disarm);
      slots = newSlots();
      idle.splice(0, idle.length, ...slots);
      for (const w of waiting.splice(0)) w.reject(new Error('OCR reader closed'));
      await Promise.all(
        old.map(async (slot) => {
          const worker = slot.worker ?? (slot.starting ? await slot.starting.catch(() => null) : null);
          slot.worker = null;
          if (worker) await worker.terminate();
          slot.abort?.(new Error('OCR reader closed'));
        }),
      );
    },
  };
}

const japaneseChars = (text: string) => (text.match(JAPANESE_G) ?? []).length;

/**
 * A Japanese page reading that lost the page can still win lines: each of its lines with a Japanese
 * character (a date's weekday, "1/1(土)", is one) that reads more confidently than the first reading's lines at its height (by
 * `LINE_MARGIN`, and at least `MIN_LINE_CONFIDENCE`) takes their place: a Japanese title, a
 * 主催 label or a time with 日本時間 on a page whose Latin lines carried the page's confidence.
 */
export function takeJapaneseLines(lines: PosterLine[], japanese: PosterLine[]): PosterLine[] {
  const out = [...lines];
  const centre = (l: PosterLine) => l.top + l.height / 2;
  const within = (y: number, l: PosterLine) => y >= l.top && y <= l.top + l.height;
  for (const ja of japanese) {
    if (japaneseChars(ja.text) < 1 || ja.confidence < MIN_LINE_CONFIDENCE) continue;
    const over = out.map((l, i) => ({ l, i })).filter(({ l }) => within(centre(l), ja) || within(centre(ja), l));
    if (!over.length || ja.confidence < Math.max(...over.map(({ l }) => l.confidence)) + LINE_MARGIN) continue;
    out[over[0].i] = ja;
    for (const { i } of over.slice(1).reverse()) out.splice(i, 1);
  }
  return out;
}

export function createPosterTextReader(opts: PosterTextReaderOptions = {}): PosterTextReader & { liveWorkers(): number } {
  const size = Math.max(1, Math.floor(opts.workers ?? 1));
  const idleMs = opts.idleMs ?? DEFAULT_OCR_IDLE_MS;
  const timers = opts.timers ?? globalTimers;
  const latin = createPool(opts.firstModel ?? 'latin', size, idleMs, timers, opts.onRelease);
  // One Japanese worker: it is needed only for posters the first model cannot read.
  const japanese = opts.japanese === false ? undefined : createPool('jpn', 1, idleMs, timers, opts.onRelease);

  const better = (a: Reading, b: Reading) => (b.score > a.score ? b : a);

  return {
    async read(image: Buffer): Promise<PosterText> {
      const { mean, encode, encodeBand, encodeRegion, bands, scale } = await preprocess(image);
      const dark = mean < DARK_MEAN;
      // One polarity at a time even with several workers: the second reading is rarely needed,
      // and the workers are better spent on other posters' reads.
      const first = await encode(dark);
      let best = await latin.recognise(first, scale);
      let inverted = dark;
      if (dark && best.confidence < GOOD_ENOUGH) {
        const other = await latin.recognise(await encode(false), scale);
        if (better(best, other) === other) [best, inverted] = [other, false];
      }
      if (japanese && best.confidence < TRY_JAPANESE) {
        const png = inverted === dark ? first : await encode(inverted);
        const ja = await japanese.recognise(png, scale);
        if (japaneseChars(ja.text) >= MIN_JAPANESE_CHARS && ja.confidence >= best.confidence + JAPANESE_MARGIN) best = ja;
        else if (best.lines && ja.lines) best = { ...best, lines: takeJapaneseLines(best.lines, ja.lines) };
      }
      // Bands of the other polarity (a title on a banner) are read alone, dark on light, and
      // their lines take the place of what the page's reading made of them.
      let lines: PosterLine[] | undefined = best.lines;
      if (lines && bands.length) {
        const pool = best.model === 'jpn' && japanese ? japanese : latin;
        for (const band of bands.slice(0, MAX_BANDS)) {
          const got = await pool.recognise(await encodeBand(band), scale, band.top);
          const [top, bottom] = [band.top / scale, band.bottom / scale];
          // Specks along the band's edges come back as short rows of marks.
          const found = (got.lines ?? []).filter((l) => l.height >= BAND_ROW * (bottom - top));
          if (!found.length) continue;
          const inside = (l: PosterLine) => l.top + l.height / 2 >= top && l.top + l.height / 2 <= bottom;
          const mean = (ls: PosterLine[]) => ls.reduce((a, l) => a + l.confidence, 0) / Math.max(1, ls.length);
          const before = lines.filter(inside);
          if (before.length && mean(found) < mean(before)) continue;
          const kept: PosterLine[] = lines.filter((l) => !inside(l));
          const at: number = kept.findIndex((l) => l.top > top);
          lines = at < 0 ? [...kept, ...found] : [...kept.slice(0, at), ...found, ...kept.slice(at)];
        }
      }
      /** One line read again alone with another model: its text, the words' confidence, and its words placed on the page. */
      const reread = async (pool: Pool, l: PosterLine) => {
        const pad = l.height * 0.3;
        const { png, region } = encodeRegion({ left: (l.left - pad) * scale, top: (l.top - pad) * scale, width: (l.width + 2 * pad) * scale, height: (l.height + 2 * pad) * scale }, inverted);
        const read = await pool.recognise(await png, scale, region.top);
        const got = (read.lines ?? []).filter((x) => x.text.trim());
        if (!got.length) return undefined;
        // The words' confidences (a line's own can be missing when the crop is read as one line).
        const words = got.flatMap((x) => x.words ?? []);
        const confidence = words.length ? words.reduce((a, w) => a + w.confidence, 0) / words.length : got.reduce((a, x) => a + x.confidence, 0) / got.length;
        return { text: got.map((x) => x.text).join(' '), confidence, words: words.map((w) => ({ ...w, left: w.left + Math.round(region.left / scale) })) };
      };
      // Lines a Latin reading is unsure of may be Japanese (a venue or a name on a Latin poster,
      // or a Japanese poster the Japanese model read worse as a whole): each is read again alone
      // with the Japanese model, which wins the line when it reads Japanese more confidently.
      if (lines && japanese && best.model === 'latin') {
        // Lines with digits (dates, times) are left: the Latin model reads digits well, and the
        // Japanese one turns a Latin date it cannot read into Japanese-looking guesses.
        const unsure = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.confidence < RETRY_LINE && !/\d/.test(l.text)).slice(0, MAX_LINE_RETRIES);
        for (const { l, i } of unsure) {
          const ja = await reread(japanese, l);
          if (!ja) continue;
          const text = closeJapaneseSpaces(ja.text);
          const kana = japaneseChars(text);
          if (kana < MIN_LINE_JAPANESE || kana < text.replace(/\s+/g, '').length / 2 || ja.confidence < Math.max(MIN_LINE_CONFIDENCE, l.confidence + LINE_MARGIN)) continue;
          lines[i] = { ...l, ...ja, text };
        }
      }
      // The other way round: on a page the Japanese model read, a line it is unsure of that is
      // mostly digits or Latin letters (a time, a Latin name) is read again alone with the first
      // model, which wins the line when it is more confident. Lines with Japanese date and time
      // characters are left (月, 日, 時: the first model cannot read them).
      if (lines && japanese && best.model === 'jpn') {
        const latinish = (t: string) => {
          const chars = t.replace(/\s+/g, '');
          return chars.length > 0 && japaneseChars(chars) < chars.length / 2;
        };
        const unsure = lines
          .map((l, i) => ({ l, i }))
          .filter(({ l }) => l.confidence < RETRY_LINE && latinish(l.text) && !/[年月日時曜]/u.test(l.text))
          .slice(0, MAX_LINE_RETRIES);
        for (const { l, i } of unsure) {
          const read = await reread(latin, l);
          if (!read || read.confidence < Math.max(MIN_LINE_CONFIDENCE, l.confidence + LINE_MARGIN)) continue;
          lines[i] = { ...l, ...read };
        }
      }
      const text = lines ? lines.map((l) => l.text).join('\n') : best.text;
      return { text, confidence: best.confidence, ...(lines ? { lines } : {}), model: best.model };
    },

    /** OCR workers running now, of both models. */
    liveWorkers: () => latin.live() + (japanese?.live() ?? 0),

    async close(): Promise<void> {
      await Promise.all([latin.close(), japanese?.close()]);
    },
  };
}
