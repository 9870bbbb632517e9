/**
 * An announcement laid out as a poster (`poster.lines`, each with its role) rendered to an image:
 * an SVG drawn with the fonts fontconfig finds, rasterised by sharp (librsvg) to PNG, JPEG or
 * WebP. Six layouts (centred stack, left column, title big at top, title in the middle with the
 * community small above it, lineup in two columns, a banner band behind the title), Latin fonts
 * (DejaVu Sans / Serif, bold, condensed) and Noto Sans JP for Japanese, several sizes, palettes
 * (dark on light, light on dark, coloured, gradients) and a little speckle noise. The title is
 * not always the largest line: some posters print the community's name largest. Everything is
 * chosen from a seed, so a (case, seed) pair renders to the same pixels on one machine.
 *
 * Japanese needs a font the machine does not have: Noto Sans JP comes from the npm package
 * `@expo-google-fonts/noto-sans-jp` (the TTFs), made visible to fontconfig by a configuration
 * file this module writes to the temporary directory (the system's configuration plus that
 * folder) and names in FONTCONFIG_FILE. fontconfig reads it once, at the first text a process
 * renders: import this module before anything draws text (a process that already drew text
 * keeps the fonts it found then; `renderInChild` renders in a fresh process instead).
 *
 * `node --import tsx bench/extractionCorpus/posters.ts OUT_DIR [SEED]` writes the sample
 * cases' posters (bench/extractionCorpus/posterCases.ts) to OUT_DIR, one per layout in turn.
 */
import { execFile } from 'node:child_process';
import { mulberry32 } from '../timeGenerated/prng.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export type Lang = 'en' | 'ja' | 'de' | 'fr' | 'es' | 'pt';
export type PosterRole = 'title' | 'community' | 'date' | 'time' | 'venue' | 'lineup' | 'url' | 'other';
export interface PosterLineSpec {
  text: string;
  role: PosterRole;
}
/** What the renderer needs of a corpus case. */
export interface PosterSource {
  id: string;
  language: Lang;
  poster: { lines: PosterLineSpec[] };
}

export const LAYOUTS = ['centred', 'left', 'title-top', 'title-middle', 'lineup-columns', 'banner'] as const;
export type PosterLayoutName = (typeof LAYOUTS)[number];

export interface PosterFont {
  name: string;
  family: string;
  weight: 'normal' | 'bold';
  /** Width of its glyphs against DejaVu Sans Book's, for fitting lines to the page. */
  width: number;
}

export const LATIN_FONTS: readonly PosterFont[] = [
  { name: 'sans', family: 'DejaVu Sans', weight: 'normal', width: 1 },
  { name: 'sans-bold', family: 'DejaVu Sans', weight: 'bold', width: 1.12 },
  { name: 'serif', family: 'DejaVu Serif', weight: 'normal', width: 1.05 },
  { name: 'serif-bold', family: 'DejaVu Serif', weight: 'bold', width: 1.15 },
  { name: 'condensed', family: 'DejaVu Sans Condensed', weight: 'normal', width: 0.86 },
  { name: 'condensed-bold', family: 'DejaVu Sans Condensed', weight: 'bold', width: 0.95 },
];
export const JAPANESE_FONTS: readonly PosterFont[] = [
  { name: 'noto-jp', family: 'Noto Sans JP', weight: 'normal', width: 1 },
  { name: 'noto-jp-bold', family: 'Noto Sans JP', weight: 'bold', width: 1.05 },
];

type Background =
  | { kind: 'solid'; color: string }
  | { kind: 'gradient'; from: string; to: string; angle: number };

export interface Palette {
  name: 'dark-on-light' | 'light-on-dark' | 'coloured' | 'gradient-light' | 'gradient-dark';
  background: Background;
  text: string;
  accent: string;
  /** The banner layout's band behind the title, and the title's colour on it. */
  band: string;
  bandText: string;
}

export interface PosterStyle {
  layout: PosterLayoutName;
  /** The title's (and community's) font, and everything else's. */
  titleFont: PosterFont;
  bodyFont: PosterFont;
  palette: Palette;
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp';
  quality: number;
  /** The community's name printed larger than the title. */
  communityLargest: boolean;
  /** The title broken over two lines of one size. */
  splitTitle: boolean;
  /** Speckles over the page, 0..1. */
  noise: number;
  seed: number;
}

/** One line as drawn: its text, role, font size and baseline (for tests of the OCR's boxes). */
export interface DrawnLine {
  text: string;
  role: PosterRole;
  fontSize: number;
  x: number;
  y: number;
}

export interface RenderedPoster {
  image: Buffer;
  svg: string;
  style: PosterStyle;
  drawn: DrawnLine[];
}

// ---------------------------------------------------------------------------------------------
// Fonts

const require = createRequire(import.meta.url);

/** The folders holding Noto Sans JP's regular and bold TTFs, when the package is installed. */
function japaneseFontDirs(): string[] {
  try {
    const root = path.dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
    return ['400Regular', '700Bold'].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
  } catch {
    return [];
  }
}

/** Writes the fontconfig file (system fonts plus Noto Sans JP) and returns its path. */
export function posterFontConfig(): string | undefined {
  const dirs = japaneseFontDirs();
  if (!dirs.length) return undefined;
  const key = crypto.createHash('sha256').update(dirs.join('\n')).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `marquee-poster-fonts-${key}`);
  const file = path.join(dir, 'fonts.conf');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.join(dir, 'cache'), { recursive: true });
    const xml =
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n` +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
      dirs.map((d) => `  <dir>${d}</dir>\n`).join('') +
      `  <cachedir>${path.join(dir, 'cache')}</cachedir>\n</fontconfig>\n`;
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, xml);
    fs.renameSync(tmp, file);
  }
  return file;
}

/** Set before any text is drawn in this process (see the module's comment). */
export const FONTCONFIG_FILE = process.env.FONTCONFIG_FILE ?? posterFontConfig();
if (FONTCONFIG_FILE) process.env.FONTCONFIG_FILE = FONTCONFIG_FILE;

// ---------------------------------------------------------------------------------------------
// Seeded choices

/** The corpus's seeded generator (mulberry32), shared with the time corpus. */
export const rng = mulberry32;

const pickFrom = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

const PALETTES: readonly Palette[] = [
  { name: 'dark-on-light', background: { kind: 'solid', color: '#f4f1e8' }, text: '#141414', accent: '#8a1c1c', band: '#141414', bandText: '#f4f1e8' },
  { name: 'dark-on-light', background: { kind: 'solid', color: '#ffffff' }, text: '#10213d', accent: '#1d4ed8', band: '#1d4ed8', bandText: '#ffffff' },
  { name: 'light-on-dark', background: { kind: 'solid', color: '#0b0b14' }, text: '#f5f5f5', accent: '#ffd34d', band: '#ffd34d', bandText: '#0b0b14' },
  { name: 'light-on-dark', background: { kind: 'solid', color: '#1a1a1a' }, text: '#ffffff', accent: '#7cff6b', band: '#f5f5f5', bandText: '#1a1a1a' },
  { name: 'coloured', background: { kind: 'solid', color: '#0f5f8d' }, text: '#ffffff', accent: '#ffe066', band: '#ffffff', bandText: '#0f5f8d' },
  { name: 'coloured', background: { kind: 'solid', color: '#8b1e3f' }, text: '#fff4e0', accent: '#ffd34d', band: '#1a0a10', bandText: '#fff4e0' },
  { name: 'gradient-light', background: { kind: 'gradient', from: '#fff6d6', to: '#ffd9c2', angle: 100 }, text: '#1f1a3a', accent: '#b3360b', band: '#1f1a3a', bandText: '#fff6d6' },
  { name: 'gradient-light', background: { kind: 'gradient', from: '#e8f1ff', to: '#c9dcf5', angle: 70 }, text: '#10213d', accent: '#6a2c91', band: '#6a2c91', bandText: '#ffffff' },
  { name: 'gradient-dark', background: { kind: 'gradient', from: '#0b0b14', to: '#2b1040', angle: 90 }, text: '#f5f5f5', accent: '#ffd34d', band: '#ff4d8d', bandText: '#0b0b14' },
  { name: 'gradient-dark', background: { kind: 'gradient', from: '#0f3b3d', to: '#3a1656', angle: 60 }, text: '#ffffff', accent: '#ffe066', band: '#ffffff', bandText: '#3a1656' },
];

const SIZES: readonly [number, number][] = [
  [1200, 1600],
  [1080, 1350],
  [1000, 1000],
  [1600, 900],
  [900, 1200],
];

/**
 * A seeded style for a case; `overrides` fix some choices (the bench cycles layouts so every
 * layout is scored in every language).
 */
export function chooseStyle(source: PosterSource, seed: number, overrides: Partial<PosterStyle> = {}): PosterStyle {
  const r = rng(seed);
  const fonts = source.language === 'ja' ? JAPANESE_FONTS : LATIN_FONTS;
  const titleFont = pickFrom(r, fonts);
  const bodyFont = r() < 0.5 ? titleFont : pickFrom(r, fonts);
  const [width, height] = pickFrom(r, SIZES);
  const format = pickFrom(r, ['png', 'png', 'jpeg', 'webp'] as const);
  return {
    layout: pickFrom(r, LAYOUTS),
    titleFont,
    bodyFont,
    palette: pickFrom(r, PALETTES),
    width,
    height,
    format,
    quality: 78 + Math.floor(r() * 15),
    communityLargest: r() < 0.3,
    splitTitle: r() < 0.35,
    noise: r() < 0.5 ? 0 : 0.2 + r() * 0.6,
    seed,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Layout

const JAPANESE_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〜～（）「」【】、。・：]/u;

/** Estimated advance of a line at font size 1 (DejaVu Sans Book metrics, roughly). */
function advance(text: string, font: PosterFont): number {
  let w = 0;
  for (const ch of text) {
    if (JAPANESE_CHAR.test(ch)) w += 1;
    else if (/[MWmw@]/.test(ch)) w += 0.9;
    else if (/[A-Z]/.test(ch)) w += 0.72;
    else if (/[a-z]/.test(ch)) w += 0.6;
    else if (/\d/.test(ch)) w += 0.64;
    else if (ch === ' ') w += 0.32;
    else w += 0.45;
  }
  return w * font.width;
}

/** Relative sizes by role (body = 1). */
const ROLE_SIZE: Record<PosterRole, number> = { title: 3.2, community: 1.1, date: 1.5, time: 1.35, venue: 1.2, lineup: 1, url: 0.8, other: 0.9 };

interface Row {
  /** One or two texts on the row (two: lineup in columns). */
  texts: string[];
  role: PosterRole;
  size: number;
  /** Extra space above, in line heights. */
  gapBefore: number;
}

/** Halves a title at the word (or, in Japanese, character) nearest its middle. */
function splitInTwo(text: string): string[] {
  const words = text.split(' ');
  if (words.length >= 2) {
    let best = 1;
    let bestDiff = Infinity;
    for (let i = 1; i < words.length; i++) {
      const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
      if (diff < bestDiff) [best, bestDiff] = [i, diff];
    }
    return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
  }
  const chars = [...text];
  if (chars.length >= 4 && chars.every((c) => JAPANESE_CHAR.test(c))) {
    const mid = Math.ceil(chars.length / 2);
    return [chars.slice(0, mid).join(''), chars.slice(mid).join('')];
  }
  return [text];
}

function rowsFor(source: PosterSource, style: PosterStyle, r: () => number): Row[] {
  let lines = [...source.poster.lines];
  if (style.layout === 'title-top') lines = [...lines.filter((l) => l.role === 'title'), ...lines.filter((l) => l.role !== 'title')];
  if (style.layout === 'title-middle') {
    // The community's line right above the title.
    const community = lines.filter((l) => l.role === 'community');
    const rest = lines.filter((l) => l.role !== 'community');
    const t = rest.findIndex((l) => l.role === 'title');
    lines = t < 0 ? lines : [...rest.slice(0, t), ...community, ...rest.slice(t)];
  }
  const titleSize = style.layout === 'title-top' ? 4 : ROLE_SIZE.title * (0.85 + r() * 0.3);
  const rows: Row[] = [];
  let prevRole: PosterRole | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let size = ROLE_SIZE[line.role];
    if (line.role === 'title') size = style.communityLargest ? titleSize * 0.62 : titleSize;
    if (line.role === 'community' && style.communityLargest) size = titleSize;
    if (line.role === 'community' && style.layout === 'title-middle' && !style.communityLargest) size = 0.9;
    const gapBefore = prevRole && prevRole !== line.role ? 0.5 : 0;
    if (line.role === 'lineup' && style.layout === 'lineup-columns') {
      const next = lines[i + 1];
      if (next?.role === 'lineup') {
        rows.push({ texts: [line.text, next.text], role: 'lineup', size, gapBefore });
        i++;
        prevRole = 'lineup';
        continue;
      }
    }
    const texts = line.role === 'title' && style.splitTitle ? splitInTwo(line.text) : [line.text];
    if (texts.length === 2) {
      rows.push({ texts: [texts[0]], role: 'title', size, gapBefore });
      rows.push({ texts: [texts[1]], role: 'title', size, gapBefore: 0 });
    } else {
      rows.push({ texts, role: line.role, size, gapBefore });
    }
    prevRole = line.role;
  }
  return rows;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function backgroundSvg(bg: Background, w: number, h: number): string {
  if (bg.kind === 'solid') return `<rect width="${w}" height="${h}" fill="${bg.color}"/>`;
  const rad = (bg.angle * Math.PI) / 180;
  const x2 = 50 + 50 * Math.cos(rad);
  const y2 = 50 + 50 * Math.sin(rad);
  return (
    `<defs><linearGradient id="bg" x1="${(100 - x2).toFixed(1)}%" y1="${(100 - y2).toFixed(1)}%" x2="${x2.toFixed(1)}%" y2="${y2.toFixed(1)}%">` +
    `<stop offset="0%" stop-color="${bg.from}"/><stop offset="100%" stop-color="${bg.to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`
  );
}

/** The poster as SVG, and where each line was drawn. */
export function posterSvg(source: PosterSource, style: PosterStyle): { svg: string; drawn: DrawnLine[] } {
  const r = rng(style.seed ^ 0x5eed);
  const { width: w, height: h, palette } = style;
  const margin = Math.round(w * 0.07);
  const columns = style.layout === 'lineup-columns';
  const rows = rowsFor(source, style, r);
  const fontOf = (row: Row) => (row.role === 'title' || row.role === 'community' ? style.titleFont : style.bodyFont);
  // Body size from the page, then every row shrunk to fit its width, then all to fit the height.
  let unit = Math.min(w, h * 0.9) / 26;
  const sizes = rows.map((row) => {
    const room = (w - 2 * margin) / (row.texts.length === 2 ? 2.15 : 1);
    const widest = Math.max(...row.texts.map((t) => advance(t, fontOf(row))));
    return Math.min(row.size, room / unit / Math.max(widest, 1));
  });
  const leading = 1.35;
  /** Height of rows in units of `unit`. */
  const extent = (list: Row[]) => list.reduce((acc, row, i) => acc + sizes[i] * leading + row.gapBefore, 0);
  unit = Math.min(unit, (h - 2 * margin) / extent(rows));

  const parts: string[] = [backgroundSvg(palette.background, w, h)];
  const drawn: DrawnLine[] = [];
  const anchor = style.layout === 'left' ? 'start' : 'middle';
  const xOf = (col: number, cols: number) => (anchor === 'start' ? margin + (col * (w - 2 * margin)) / cols : margin + ((col + 0.5) * (w - 2 * margin)) / cols);
  let y = margin;
  const height = extent(rows) * unit;
  if (style.layout === 'title-middle') {
    // The title's first row about the middle, when the rest still fits below it.
    const t = rows.findIndex((row) => row.role === 'title');
    const before = rows.slice(0, Math.max(0, t - (t > 0 && rows[t - 1].role === 'community' ? 1 : 0)));
    const beforeHeight = extent(before) * unit;
    const wanted = h * 0.42 - beforeHeight;
    y = Math.max(margin, Math.min(wanted, h - margin - height));
  } else if (style.layout !== 'title-top') {
    y = Math.max(margin, (h - height) / 2);
  }
  rows.forEach((row, i) => {
    const size = sizes[i] * unit;
    y += row.gapBefore * unit;
    const baseline = y + size * 1.02;
    const font = fontOf(row);
    let fill = row.role === 'date' || row.role === 'time' ? palette.accent : palette.text;
    if (row.role === 'title' && style.layout === 'banner') {
      parts.push(`<rect x="0" y="${(y - size * 0.12).toFixed(1)}" width="${w}" height="${(size * leading).toFixed(1)}" fill="${palette.band}"/>`);
      fill = palette.bandText;
    }
    row.texts.forEach((text, col) => {
      const x = columns && row.texts.length === 2 ? xOf(col, 2) : row.role === 'lineup' && columns ? xOf(0, 2) : xOf(0, 1);
      const italic = row.role === 'venue' && font.family !== 'Noto Sans JP' ? ' font-style="italic"' : '';
      parts.push(
        `<text x="${x.toFixed(1)}" y="${baseline.toFixed(1)}" text-anchor="${anchor}" font-family="${font.family}" ` +
          `font-weight="${font.weight}"${italic} font-size="${size.toFixed(1)}" fill="${fill}">${esc(text)}</text>`,
      );
      drawn.push({ text, role: row.role, fontSize: size, x, y: baseline });
    });
    y += size * leading;
  });
  if (style.noise > 0) {
    const count = Math.round(style.noise * 900);
    const colours = [palette.text, palette.accent, '#808080'];
    for (let i = 0; i < count; i++) {
      parts.push(
        `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(0.8 + r() * 2.2).toFixed(1)}" ` +
          `fill="${pickFrom(r, colours)}" fill-opacity="${(0.15 + r() * 0.35).toFixed(2)}"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
  return { svg, drawn };
}

/** Renders a case's poster in a style. */
export async function renderCasePoster(source: PosterSource, style: PosterStyle): Promise<RenderedPoster> {
  const { svg, drawn } = posterSvg(source, style);
  const img = sharp(Buffer.from(svg), { density: 72 });
  const image =
    style.format === 'jpeg'
      ? await img.jpeg({ quality: style.quality }).toBuffer()
      : style.format === 'webp'
        ? await img.webp({ quality: style.quality }).toBuffer()
        : await img.png().toBuffer();
  return { image, svg, style, drawn };
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Renders in a fresh node process, whose fontconfig starts with this module's configuration
 * (for a process, such as a test runner's worker, that may have drawn text before).
 */
export function renderInChild(source: PosterSource, style: PosterStyle): Promise<Buffer> {
  const script =
    `import { renderCasePoster } from ${JSON.stringify(path.join(HERE, 'posters.ts'))};` +
    `const [source, style] = JSON.parse(process.argv[1]);` +
    `const { image } = await renderCasePoster(source, style); process.stdout.write(image.toString('base64'));`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, JSON.stringify([source, style])],
      { env: { ...process.env, ...(FONTCONFIG_FILE ? { FONTCONFIG_FILE } : {}) }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(Buffer.from(stdout, 'base64'))),
    );
  });
}

async function main() {
  const [out, seedArg] = process.argv.slice(2);
  if (!out) throw new Error('usage: posters.ts OUT_DIR [SEED]');
  const { SAMPLE_CASES } = await import('./posterCases.js');
  fs.mkdirSync(out, { recursive: true });
  const seed = Number(seedArg ?? 1);
  for (const [i, c] of SAMPLE_CASES.entries()) {
    const style = chooseStyle(c, seed * 7919 + i, { layout: LAYOUTS[i % LAYOUTS.length] });
    const { image } = await renderCasePoster(c, style);
    const file = path.join(out, `${c.id.replace(/[^a-z0-9]+/gi, "-")}-${style.layout}.${style.format === 'jpeg' ? 'jpg' : style.format}`);
    fs.writeFileSync(file, image);
    console.log(file);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
