/**
 * A poster's title by its layout: the line printed large, near the top, that reads as a name —
 * not the community's or a world's name when another large line is there to be the title, not a
 * date or time, not a web address, not a "Label: value" line — joined with the line below it when
 * the title is broken over two or three lines of one size. Without a clearly larger line (a
 * poster set in one size) it picks nothing, and the title is read from the text alone.
 */
import { HOSTED_BY, PRESENTS } from './community.js';
import type { DirectoryLookup, ExtractionInput } from './fields.js';
import { labelled, sectionHeader } from './labels.js';
import { find } from './lookup.js';
import { BARE_WWW, compact, DOMAIN_LIKE, HAS_URL, hasLetters, type Line, words } from './text.js';
import { hasTimeSignal, onlyTime } from './timeWords.js';

export interface PosterLayoutLine {
  /** The line's (cleaned) text. */
  text: string;
  /** Height of its box: the size it is printed in. */
  height: number;
  /** Its top edge. */
  top: number;
}

export interface PosterTitlePick {
  /** The title's lines joined (a space between Latin words, none between Japanese ones). */
  value: string;
  /** Indices of the lines it was read from. */
  lines: number[];
}

/** The cleaned lines with the OCR's boxes (index-aligned), or undefined without a layout. */
export function posterLayout(lines: Line[], layout: ExtractionInput['layout']): PosterLayoutLine[] | undefined {
  if (!layout?.lines.length) return undefined;
  return lines.map((l) => ({ text: l.clean, height: layout.lines[l.index]?.height ?? 0, top: layout.lines[l.index]?.top ?? 0 }));
}

/**
 * A line this much taller than the poster's body text is printed large; the body's size is taken
 * low in the sizes' order (not the median), as posters may print half their lines big.
 */
const LARGE = 1.3;
const BODY_QUANTILE = 0.25;
/**
 * Lines of one title differ in height by at most this fraction: the OCR's row height of a single
 * word swings with its ascenders and descenders ("Forró" over "Digital" in one size reads 103 and
 * 145 px), and kana and kanji rows differ…
 */
const SAME_SIZE = 0.35;
/** …and stand at most this many line heights apart. */
const GAP = 1.0;
/** A title is at most this many lines and words. */
const MAX_TITLE_LINES = 3;
const MAX_TITLE_WORDS = 12;
/** A line other than a directory name wins if it is at least this fraction of the largest's size. */
const SMALLER_TITLE = 0.45;
/** How much a line at the poster's bottom loses against one at its top (fraction of its size). */
const LOWER_PENALTY = 0.2;
/** Directory look-ups spent on one poster's large lines. */
const MAX_LOOKUPS = 6;

/**
 * "Organiza: Moonface", "Organisation : Lucas Ferraz": a word or two and a colon before a value
 * start a line of its own on a poster, never the rest of the title above it ("presents:" and its
 * kin excepted: "Coletivo Maré Alta" over "presenta: Salsa en las Nubes" is one line broken).
 */
const OWN_LINE = /^(?![Pp]r[eéä]?s[eé]nt|[Aa]present|präsent|prasent)[\p{L}][\p{L}.'’-]*(?:\s[\p{L}][\p{L}.'’-]*)?\s?[:：]\s*\S/u;

/** "presents「月影サロン」" under the community's name: the line goes on from the one above. */
const PRESENTS_FIRST = /^()(?:presents?|pr[aä]{1,2}sentiert|présente|presenta|apresenta)(?![\p{L}])(?!\s+(?:von|par|por|by)(?![\p{L}]))\s*[:：\-–—]?\s*(.*)$/iu;

/** The text a line offers as a title, or undefined when it cannot be one. */
function titleText(text: string): string | undefined {
  const t = text.trim();
  if (!t || !hasLetters(t)) return undefined;
  if (HAS_URL.test(t) || BARE_WWW.test(t) || (DOMAIN_LIKE.test(t) && words(t).length <= 3)) return undefined;
  if (onlyTime(t) || (hasTimeSignal(t) && /\d/.test(t))) return undefined;
  if (/^[@＠]/u.test(t)) return undefined;
  if (sectionHeader(t)) return undefined;
  const lab = labelled(t);
  if (lab) return lab.kind === 'title' && hasLetters(lab.value) ? lab.value : undefined;
  const presents = PRESENTS.exec(t) ?? PRESENTS_FIRST.exec(t);
  if (presents) return presents[2] && hasLetters(presents[2]) ? presents[2] : undefined;
  if (HOSTED_BY.test(t)) return undefined;
  if (words(t).length > MAX_TITLE_WORDS) return undefined;
  return t;
}

function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** Indices of the lines printed large, in order. */
function largeLines(lines: PosterLayoutLine[]): number[] {
  const sized = lines.filter((l) => l.text.trim() && l.height > 0);
  if (sized.length < 2) return [];
  const body = quantile(sized.map((l) => l.height), BODY_QUANTILE);
  return lines.flatMap((l, i) => (l.text.trim() && l.height >= LARGE * body ? [i] : []));
}

const JA_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]$/u;
const JA_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const joinParts = (parts: string[]) => parts.reduce((acc, p) => (!acc ? p : JA_END.test(acc) && JA_START.test(p) ? acc + p : `${acc} ${p}`), '');

interface Block {
  lines: number[];
  parts: string[];
  height: number;
  top: number;
  /** A community's or a world's name (`true`: the directory's, kind unsaid). */
  directory: DirectoryKind;
}
export type DirectoryKind = boolean | 'community' | 'world';

/**
 * The poster's title by layout and meaning, or undefined when the layout does not single one
 * out. `lines` are index-aligned with the poster's text; `used` lines (already read as something
 * else) are skipped; `isDirectoryName` says whether a line is a community's or a world's name.
 */
export function posterTitle(lines: PosterLayoutLine[], isDirectoryName: (line: string) => DirectoryKind, used: ReadonlySet<number> = new Set()): PosterTitlePick | undefined {
  const large = largeLines(lines);
  if (!large.length) return undefined;
  const isLarge = new Set(large);
  const blocks: Block[] = [];
  for (const i of large) {
    if (used.has(i)) continue;
    const text = titleText(lines[i].text);
    if (!text) continue;
    const directory = isDirectoryName(lines[i].text.trim());
    // "Coletivo Maré Alta" over "presents「月影サロン」": the line above presents; the title is this one's.
    if (PRESENTS_FIRST.test(lines[i].text.trim())) {
      const above = blocks.at(-1);
      if (above && above.lines.at(-1) === i - 1) blocks.pop();
      blocks.push({ lines: [i], parts: [text], height: lines[i].height, top: lines[i].top, directory });
      continue;
    }
    const last = blocks.at(-1);
    const prev = last ? lines[last.lines.at(-1)!] : undefined;
    const joins =
      last &&
      prev &&
      last.lines.at(-1) === i - 1 &&
      !last.directory &&
      !directory &&
      !OWN_LINE.test(lines[i].text.trim()) &&
      !OWN_LINE.test(prev.text.trim()) &&
      last.lines.length < MAX_TITLE_LINES &&
      Math.abs(lines[i].height - prev.height) <= SAME_SIZE * Math.max(lines[i].height, prev.height) &&
      lines[i].top - (prev.top + prev.height) <= GAP * prev.height &&
      lines[i].top >= prev.top &&
      words(joinParts([...last.parts, text])).length <= MAX_TITLE_WORDS;
    if (joins) {
      last.lines.push(i);
      last.parts.push(text);
      last.height = Math.max(last.height, lines[i].height);
    } else {
      blocks.push({ lines: [i], parts: [text], height: lines[i].height, top: lines[i].top, directory });
    }
  }
  if (!blocks.length) return undefined;
  // The page's span, for the position preference (the lines' own extent, not the image's).
  const tops = lines.filter((l, i) => isLarge.has(i) || l.text.trim()).map((l) => l.top);
  const minTop = Math.min(...tops);
  const span = Math.max(1, Math.max(...tops) - minTop);
  const weight = (b: Block) => b.height * (1 - LOWER_PENALTY * ((b.top - minTop) / span));
  const biggest = Math.max(...blocks.map((b) => b.height));
  const titles = blocks.filter((b) => !b.directory && b.height >= SMALLER_TITLE * biggest);
  // Nothing else large: a community's name is the title (a series named after it); a world's,
  // the venue printed large, is not, and then the layout names no title.
  const pool = titles.length ? titles : blocks.filter((b) => b.directory !== 'world');
  if (!pool.length) return undefined;
  const best = pool.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  return { value: joinParts(best.parts), lines: best.lines };
}

/**
 * Which of a poster's large lines name a community or a world in the directory (exactly, as the
 * lookups match), as the predicate `posterTitle` takes. Only large lines are looked up.
 */
export async function directoryNames(lines: PosterLayoutLine[], lookup: DirectoryLookup): Promise<(line: string) => DirectoryKind> {
  const names = new Map<string, 'community' | 'world'>();
  const candidates = [...new Set(largeLines(lines).map((i) => lines[i].text.trim()).filter((t) => titleText(t)))].slice(0, MAX_LOOKUPS);
  await Promise.all(
    candidates.map(async (name) => {
      for (const [kind, fn] of [['community', (n: string) => lookup.communities(n)], ['world', (n: string) => lookup.worlds(n)]] as const) {
        const m = await find(fn, name);
        if (m.kind === 'one' || (m.kind === 'many' && m.exact)) {
          names.set(compact(name), kind);
          return;
        }
      }
    }),
  );
  return (line) => names.get(compact(line)) ?? false;
}
