/**
 * A poster's OCR reading made into cleaner text lines before the text readers run (origin
 * 'poster' only). The OCR returns each line with its box, confidence and words; here:
 * - stray marks at a line's edges go: words of symbols only ("|", "—", "‘", "©", "~"), quotes
 *   clinging to the first or last word, and a lone low-confidence letter at an edge (specks of
 *   noise and the poster's rules and bullets read as characters);
 * - junk lines are emptied: a line the OCR is not sure of at all (a graphic, or text in a
 *   script the model cannot read, such as Japanese on a Latin reading: "AJA )L"), or with no
 *   letter or digit left;
 * - a word broken at a hyphen and a space ("Lo- Fi") is joined, and so is a web address broken
 *   at a space ("…/poe-sie-viva nte-51"); the accents a Latin model puts on an address's letters
 *   ("baile-neón-82") go, and the letters O and l read for digits in a time ("22h - Oh",
 *   "von 22 bis O Uhr") are digits again;
 * - lines read with low confidence, or holding a word read with low confidence, are kept but
 *   marked doubtful: a field filled from one is proposed with a question ("check it against the
 *   poster"), not as a confident value.
 * Line i of the result is line i of the reading (emptied lines stay as empty lines), so the
 * layout's boxes stay index-aligned.
 */
import type { Draft } from './evidence.js';
import { civil, dayNumber, daysInMonth, isValidZone, local, weekdayOf, type CivilDate } from '../../time/engine/civil.js';

/** A word of a poster line as the OCR read it. */
export interface PosterWordRead {
  text: string;
  /** 0..1 */
  confidence: number;
}

/** A poster line as the OCR read it: the layout input of extraction. */
export interface PosterLineRead {
  height: number;
  top: number;
  left?: number;
  width?: number;
  /** 0..1 */
  confidence?: number;
  words?: PosterWordRead[];
}

export interface PreparedPoster {
  /** The cleaned lines, index-aligned with the reading's. */
  text: string;
  layout?: { lines: PosterLineRead[] };
  /** Lines read with low confidence: index → the cleaned line. */
  doubtful: Map<number, string>;
}

/** A line under this confidence is emptied: nothing on it is read. */
export const JUNK_CONFIDENCE = 0.3;
/** A line under this confidence is doubtful: what it fills is asked about. */
export const DOUBT_CONFIDENCE = 0.6;
/** A line with a word of letters under this confidence is doubtful too ("23:30 HHTYŸ"). */
export const WORD_DOUBT = 0.55;
/** A one-character word at a line's edge under this confidence is a speck. */
const SPECK_CONFIDENCE = 0.5;

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
/** Symbols that carry meaning on their own and stay: "@ Venue", "#tag", "A & B", "+1". */
const MEANINGFUL = /^(?:[@＠#&+]|b2b)$/iu;
/** Marks that cling to a line's first or last word: quotes, bars, rules, bullets. */
const EDGE_MARKS = /^[‘’‚“”„"'`|¦~_=©®°•·*^«»‹›]+|[‘’‚“”„"'`|¦~_=©®°•·*^«»‹›]+$/gu;
const LEAD_MARKS = /^[‘’‚“”„"'`|¦~_=©®°•·*^«»‹›—–\-.,:;]+\s*/u;
const TRAIL_MARKS = /\s*[‘’‚“”„"'`|¦~_=©®°•·*^«»‹›,;]+$/u;
/** A dash that ends a line and joins it to the next ("Bass Harbour —" over "Forró Digital"). */
const DASH = /^[-–—]$/u;
/** A line-ending dash the OCR is this sure of is kept. */
const DASH_CONFIDENCE = 0.6;

const isMark = (word: string) => !HAS_WORD_CHAR.test(word) && !MEANINGFUL.test(word.trim());

/** Closing brackets and quotes, and what opens each. */
const PAIRS: Record<string, string> = { ')': '(', '）': '（', '」': '「', '』': '『', ']': '[', '】': '【' };

/**
 * A line's text without the stray marks and specks among its words (at its edges, and marks
 * inside it that the OCR itself doubts), and its confidence from the words kept. The words are
 * taken out of the line's own text, so its spacing (none between Japanese words) stays.
 */
function cleanWords(line: string, words: PosterWordRead[]): { text: string; confidence: number; weakest: number } | undefined {
  const kept = words.filter((w) => w.text.trim());
  const speck = (w: PosterWordRead) => isMark(w.text) || ([...w.text.trim()].length === 1 && w.confidence < SPECK_CONFIDENCE && !/\p{N}/u.test(w.text));
  let t = line.trim();
  // A bracket or quote that closes one the line opens ("7/30(木" ")", "「電脳ダンスホール" "」"), or
  // opens one the line closes, is not a speck; nor is a Japanese quote mark, whose other half may
  // be on the next line ("「電脳ダン" over "スホール」").
  const closes = (w: PosterWordRead) => {
    const c = w.text.trim();
    const open = PAIRS[c];
    return open !== undefined && (t.split(open).length - 1 > t.split(c).length - 1 - 1 || /^[」』】]$/u.test(c));
  };
  const opens = (w: PosterWordRead) => {
    const o = w.text.trim();
    const close = Object.keys(PAIRS).find((k) => PAIRS[k] === o);
    return close !== undefined && (t.split(close).length - 1 > t.split(o).length - 1 - 1 || /^[「『【]$/u.test(o));
  };
  while (kept.length > 1 && speck(kept[0]) && !opens(kept[0])) {
    const x = kept.shift()!.text.trim();
    if (t.startsWith(x)) t = t.slice(x.length).trim();
  }
  const endingDash = (w: PosterWordRead) => DASH.test(w.text.trim()) && w.confidence >= DASH_CONFIDENCE;
  while (kept.length > 1 && speck(kept.at(-1)!) && !endingDash(kept.at(-1)!) && !closes(kept.at(-1)!)) {
    const x = kept.pop()!.text.trim();
    if (t.endsWith(x)) t = t.slice(0, t.length - x.length).trim();
  }
  const inner = kept.filter((w, i) => {
    const drop = i > 0 && i < kept.length - 1 && isMark(w.text) && w.confidence < JUNK_CONFIDENCE;
    if (drop) t = t.replace(` ${w.text.trim()} `, ' ');
    return !drop;
  });
  if (!inner.length || inner.every((w) => isMark(w.text))) return undefined;
  const confidence = inner.reduce((a, w) => a + w.confidence, 0) / inner.length;
  // A dash read as the kanji 一 or a long vowel mark is a mark, mended between times (fixTimeDigits).
  const named = inner.filter((w) => /\p{L}/u.test(w.text) && !/^[ー一－]+$/u.test(w.text.trim()));
  const weakest = named.length ? Math.min(...named.map((w) => w.confidence)) : confidence;
  return { text: t, confidence, weakest };
}

/** Stray marks at the edges of a line's text, and words broken at a hyphen joined. */
export function cleanPosterLine(text: string): string {
  let t = text.trim();
  for (let before = ''; before !== t; ) {
    before = t;
    t = t.replace(LEAD_MARKS, '').replace(TRAIL_MARKS, '').trim();
  }
  t = t
    .split(/\s+/)
    .map((w) => (HAS_WORD_CHAR.test(w) ? w.replace(EDGE_MARKS, '') || w : w))
    .join(' ');
  // Dashes that end a line ("Bass Harbour - —") are one dash: the last.
  t = t.replace(/(?:\s*[-–—])+\s*([-–—])$/u, ' $1').replace(/(?<=\S)([-–—])$/u, ' $1');
  // A dash alone at the end after a word or mark with no letters is nothing.
  if (/^[^\p{L}\p{N}]*[-–—]$/u.test(t)) t = '';
  // "Lo- Fi" → "Lo-Fi": a hyphen that ends a word and a letter right after a space.
  t = t.replace(/(?<=\p{L})- (?=\p{L})/gu, '-');
  t = fixTimeDigits(fixAddress(t));
  return HAS_WORD_CHAR.test(t) ? t : '';
}

const ADDRESS = /^(https?:\/\/\S+)(?:\s+([a-z0-9][a-z0-9\-/._~%?=&#]*))?$/iu;

/** A web address alone on its line: ASCII letters (the OCR's accents dropped), rejoined when broken at a space. */
function fixAddress(line: string): string {
  const m = ADDRESS.exec(line);
  if (!m) return line;
  const joined = m[2] && /[a-z0-9-]$/i.test(m[1]) ? `${m[1]}${m[2]}` : m[1] + (m[2] ? ` ${m[2]}` : '');
  return joined.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
}

/** Between two times of a range, and after one: "-", "–", "—", "~", "to", "bis", "à", "a", "às", "até". */
const RANGE = String.raw`(?:[-–—~]|(?<![\p{L}])(?:to|bis|à|a|às|até|hasta)(?![\p{L}]))`;
const TIME_AFTER_RANGE = new RegExp(String.raw`(\d{1,2}(?:[:.h]\d{2})?\s*(?:h|uhr)?\s*${RANGE}\s*)([OoIl]{1,2})(?=\s*(?:h\b|uhr\b|[:.]\d{2}))`, 'giu');

/**
 * The dash of a range between two times read as other marks: a wave dash or a long one read as
 * dots, a long vowel mark, the kanji 一, the kana へ/ご/く, "<", "+", or doubled ("19:00…21:00",
 * "22:00 一翌2:00", "20:00 へご23:00", "20:00--23:00"); one dash again. And "22:00翌3:00", where the
 * reading dropped the dash before 翌 ("the next day"), gets it back. A single dash already there,
 * or words between the times ("20:00 und 23:00"), are left alone.
 */
const RANGE_DASH_READ = /(\d{1,2}:\d{2})(\s*(?:[-–—~〜～…ー－〰一へごく<+_]|\.{2,})(?:\s*(?:[-–—~〜～…ー－〰一へごく<+_]|\.{2,})){0,3}\s*|\s*(?=翌))(?=(?:翌\s*)?\d{1,2}:\d{2})/gu;
const ONE_DASH = /^\s*[-–—~〜～]\s*$/u;

/** A time the reading spaced out at its colon: "19 :00", "21: 00". */
const SPACED_TIME = /(?<![\d:])(\d{1,2})(?:\s+:\s*|:\s+)(\d{2})(?![\d:])/gu;

/** A time's zeroes read as letters: "21: oo", "21:OO". */
const ZEROES_READ = /(?<![\d:])(\d{1,2}):\s*[Oo]{2}(?![\p{L}\d])/gu;

/** "22h - Oh" → "22h - 0h", "bis O Uhr" → "bis 0 Uhr", "às lh" → "às 1h": letters for digits after a range's first time. */
function fixTimeDigits(line: string): string {
  return line
    .replace(TIME_AFTER_RANGE, (_, head: string, letters: string) => head + letters.replace(/[Oo]/g, '0').replace(/[Il]/g, '1'))
    .replace(SPACED_TIME, '$1:$2')
    .replace(ZEROES_READ, '$1:00')
    .replace(RANGE_DASH_READ, (whole: string, time: string, between: string) => (ONE_DASH.test(between) ? whole : `${time}-`));
}

/** A Japanese weekday in brackets after a numeric date: "3/19(金)". */
const WEEKDAY_AFTER = /(?<![\d/])([\d/]{3,6})(?=\s*[(（]\s*([日月火水木金土])\s*[)）]?)/gu;
/** ISO weekday (1 = Monday … 7 = Sunday) by its Japanese character. */
const WEEKDAYS = '_月火水木金土日';

/** The next month/day on or after the reference's local day, as an ISO weekday (7 = Sunday), or undefined when it is no date. */
function nextWeekday(month: number, day: number, today: CivilDate): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(2000, month)) return undefined;
  const year = month < today.month || (month === today.month && day < today.day) ? today.year + 1 : today.year;
  if (day > daysInMonth(year, month)) return undefined;
  return weekdayOf(dayNumber(year, month, day));
}

/**
 * "3719(金)" and "8/727(金)": a numeric date the reading garbled (its slash read as 7 or 1, or a
 * digit doubled), with the weekday printed beside it. Each mending by one character (a 7 or 1 for
 * the slash, or one digit less) that makes a date is tried, and it is taken only when exactly one
 * of them falls on that weekday: the poster's own weekday confirms it.
 */
function fixWeekdayDate(line: string, today: CivilDate | undefined): string {
  if (!today) return line;
  return line.replace(WEEKDAY_AFTER, (_: string, token: string, weekday: string) => {
    const asDate = (t: string) => /^\d{1,2}\/\d{1,2}$/.test(t) ? t.split('/').map(Number) : undefined;
    const want = WEEKDAYS.indexOf(weekday);
    const fits = (t: string) => {
      const md = asDate(t);
      return md !== undefined && nextWeekday(md[0], md[1], today) === want;
    };
    if (asDate(token)) return token;
    const variants = new Set<string>();
    for (let i = 0; i < token.length; i++) {
      if (!token.includes('/') && (token[i] === '7' || token[i] === '1')) variants.add(token.slice(0, i) + '/' + token.slice(i + 1));
      variants.add(token.slice(0, i) + token.slice(i + 1));
    }
    const found = [...variants].filter(fits);
    return found.length === 1 ? found[0] : token;
  });
}

/** The reference's local calendar day in a zone (UTC when the zone is not one). */
function localDay(referenceInstant: number, timeZone: string | undefined): CivilDate | undefined {
  if (!Number.isFinite(referenceInstant)) return undefined;
  return civil(local(referenceInstant, timeZone && isValidZone(timeZone) ? timeZone : 'UTC').day);
}

/**
 * The reading's lines cleaned (see the module's comment); without a layout, the text's lines are
 * only cleaned of stray marks.
 */
export function preparePosterText(text: string, layout?: { lines: PosterLineRead[] }, when?: { referenceInstant: number; timeZone?: string }): PreparedPoster {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const today = when ? localDay(when.referenceInstant, when.timeZone) : undefined;
  const doubtful = new Map<number, string>();
  const lines = raw.map((line, i) => {
    const read = layout?.lines[i];
    let value = line;
    let confidence = read?.confidence;
    let weakest = confidence;
    if (read?.words?.length) {
      const words = cleanWords(line, read.words);
      if (!words) return '';
      value = words.text;
      confidence = words.confidence;
      weakest = words.weakest;
    }
    const clean = fixWeekdayDate(cleanPosterLine(value), today);
    if (!clean) return '';
    if (confidence !== undefined && confidence < JUNK_CONFIDENCE) return '';
    if ((confidence !== undefined && confidence < DOUBT_CONFIDENCE) || (weakest !== undefined && weakest < WORD_DOUBT)) doubtful.set(i, clean);
    return clean;
  });
  joinBrokenQuotes(lines);
  return { text: lines.join('\n'), ...(layout ? { layout } : {}), doubtful };
}

/**
 * "「電脳ダン" over "スホール」": a Japanese quote the reading broke over two lines is one line again
 * (on the first; the second is left blank, so lines keep their places in the layout).
 */
function joinBrokenQuotes(lines: string[]) {
  const count = (s: string, c: string) => s.split(c).length - 1;
  for (let i = 0; i < lines.length; i++) {
    for (const [open, close] of [['「', '」'], ['『', '』']]) {
      if (count(lines[i], open) <= count(lines[i], close)) continue;
      let j = i + 1;
      while (j < lines.length && !lines[j]) j++;
      if (j >= lines.length || count(lines[j], open) > 0 || count(lines[j], close) === 0 || lines[j].indexOf(close) > 12) continue;
      lines[i] = `${lines[i]}${lines[j]}`;
      lines[j] = '';
    }
  }
}

const squash = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A question on every proposed value whose evidence is a doubtful line of the poster (unless
 * the field is asked about already): the OCR was not sure of that line.
 */
export function askAboutDoubtfulLines(draft: Draft, prepared: PreparedPoster): void {
  if (!prepared.doubtful.size) return;
  const doubtful = [...prepared.doubtful.values()].map(squash).filter((l) => l.length >= 2);
  const asked = new Set([...draft.eventQuestions, ...draft.lineupQuestions].map((q) => q.fieldPath));
  for (const e of [...draft.eventEvidence, ...draft.lineupEvidence]) {
    // Evidence of the poster's own words (or a date computed from them), not a directory look-up.
    if (e.origin === 'lookup' || !e.excerpt || asked.has(e.fieldPath)) continue;
    const excerpt = squash(e.excerpt);
    const line = doubtful.find((l) => excerpt.includes(l) || (excerpt.length >= 3 && l.includes(excerpt)));
    if (!line) continue;
    asked.add(e.fieldPath);
    draft.question(e.fieldPath, `The poster's line "${line}" was hard to read; check this value against the poster.`, []);
  }
}
