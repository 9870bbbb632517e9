/**
 * Posters scored end to end: cases of the generated extraction corpus (generate.ts, with the
 * fixture directory of directory.ts) rendered as posters (posters.ts; every layout in every
 * language: the layout moves on with the case's index), read by the offline OCR reader and
 * extracted with origin 'poster' and the OCR's layout. Every field gets the text corpus's verdict
 * (score.ts: right, asked, empty, confidently wrong; `alsoRight` applies).
 *
 * Each case is also extracted from the poster's own lines (the text as drawn, one drawn line per
 * line, with the drawn sizes as the layout): a field wrong there too is the text readers' (the same
 * text pasted would be read wrong); one right there and wrong through the OCR is the poster path's.
 * Printed by field, language and layout, with each confidently wrong field as a reproduction
 * (seed, index, layout, field, expected, got, and the OCR's text), ms per poster and the memory.
 *
 * `node --import tsx bench/extractionCorpus/posterScore.ts [--cases N] [--seed S] [--language L] [--verbose] [--wrong N]`
 * (`--language` scores only that language's posters of the N cases: the same posters as in the whole run.)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractEvent, type ExtractionResult } from '../../src/services/events/extraction/extract.js';
import { createPosterTextReader, type PosterText, type PosterTextReaderOptions } from '../../src/services/posters/ocr.js';
import { FixtureDirectory } from './directory.js';
import { generateCases } from './generate.js';
import { chooseStyle, LAYOUTS, renderCasePoster, type DrawnLine, type PosterLayoutName } from './posters.js';
import { EVENT_FIELDS, LINEUP_FIELDS, scoreCase, type FieldName, type FieldResult, type Tally, type Verdict } from './score.js';
import type { ExtractionCase } from './templates.js';

/** The fixed seed of the poster measurements. */
export const POSTER_SEED = 1;

export interface PosterCaseScore {
  c: ExtractionCase;
  layout: PosterLayoutName;
  fields: FieldResult[];
  /** The same fields extracted from the poster's drawn lines (no OCR). */
  drawnFields: FieldResult[];
  /** Title verdict of the same OCR text extracted without the layout. */
  titleWithoutLayout: Verdict;
  ocrText: string;
  /** OCR read and extraction, ms. */
  ms: number;
  model: string;
}

export interface PosterScore {
  cases: PosterCaseScore[];
  seed: number;
  total: Tally;
  drawnTotal: Tally;
  byField: Map<FieldName, Tally>;
  drawnByField: Map<FieldName, Tally>;
  byLanguage: Map<string, Tally>;
  byLayout: Map<string, Tally>;
  titleWithLayout: Tally;
  titleWithoutLayout: Tally;
  msPerPoster: number;
  msMax: number;
  models: Map<string, number>;
  rssMb: number;
}

const tally = (): Tally => ({ right: 0, asked: 0, empty: 0, wrong: 0 });
const sum = (t: Tally) => t.right + t.asked + t.empty + t.wrong;

/**
 * `count` announcements of the generated corpus (not-announcements left out: a poster announces),
 * from case index 0 on.
 */
export function posterCases(seed: number, count: number): ExtractionCase[] {
  const out: ExtractionCase[] = [];
  for (let n = count * 2; out.length < count; n *= 2) {
    out.splice(0, out.length, ...generateCases(seed, n).filter((c) => !c.expected.notAnnouncement && c.poster.lines.length).slice(0, count).map(asPoster));
    if (n > count * 64) break;
  }
  return out;
}

const indexOf = (c: ExtractionCase) => Number(c.id.split(':')[1]);

/**
 * The case as its poster states it: a poster's lineup line shows the performer's start only
 * ("22:00 Kenji Arata"), so a row's end is not expected (null), though the end the text gave is
 * also right.
 */
export function asPoster(c: ExtractionCase): ExtractionCase {
  const rowEnds: Record<number, string | null> = { ...(c.alsoRight.rowEnds ?? {}) };
  const lineup = c.expected.lineup.map((row, i) => {
    if (row.end !== null) rowEnds[i] = row.end;
    return { ...row, end: null };
  });
  return { ...c, expected: { ...c.expected, lineup }, alsoRight: { ...c.alsoRight, rowEnds } };
}

/** Every layout in every language: languages turn with the index (index % 6), layouts one step slower. */
export function layoutFor(c: ExtractionCase): PosterLayoutName {
  const i = indexOf(c);
  return LAYOUTS[(Math.floor(i / LAYOUTS.length) + i) % LAYOUTS.length];
}

/** The poster's drawn lines as text and layout: what a perfect OCR would give (top to bottom, left to right). */
function drawnInput(drawn: DrawnLine[]) {
  const ordered = [...drawn].sort((a, b) => a.y - b.y || a.x - b.x);
  return { text: ordered.map((d) => d.text).join('\n'), layout: { lines: ordered.map((d) => ({ height: d.fontSize, top: d.y - d.fontSize })) } };
}

export interface PosterScoreOptions {
  count?: number;
  seed?: number;
  /** Only this language's posters of the `count` cases. */
  language?: string;
  verbose?: boolean;
  reader?: PosterTextReaderOptions;
  log?: (line: string) => void;
}

export async function scorePosters(opts: PosterScoreOptions = {}): Promise<PosterScore> {
  const count = opts.count ?? 120;
  const seed = opts.seed ?? POSTER_SEED;
  const lookup = new FixtureDirectory();
  const reader = createPosterTextReader(opts.reader);
  const out: PosterCaseScore[] = [];
  try {
    for (const c of posterCases(seed, count)) {
      if (opts.language && c.language !== opts.language) continue;
      const style = chooseStyle(c, seed * 100_003 + indexOf(c), { layout: layoutFor(c) });
      const { image, drawn } = await renderCasePoster(c, style);
      const t = performance.now();
      const read: PosterText = await reader.read(image);
      const base = { origin: 'poster' as const, timeZone: c.timeZone, referenceInstant: c.referenceInstant, lookup };
      const result: ExtractionResult = await extractEvent({ ...base, text: read.text, layout: read.lines ? { lines: read.lines } : undefined });
      const ms = performance.now() - t;
      const plain = await extractEvent({ ...base, text: read.text });
      const fromDrawn = await extractEvent({ ...base, ...drawnInput(drawn) });
      const fields = scoreCase(c, result).fields;
      const titleWithoutLayout = scoreCase(c, plain).fields.find((f) => f.field === 'title')!.verdict;
      out.push({ c, layout: style.layout, fields, drawnFields: scoreCase(c, fromDrawn).fields, titleWithoutLayout, ocrText: read.text, ms, model: read.model ?? '?' });
      if (opts.verbose) {
        const bad = fields.filter((v) => v.verdict !== 'right').map((v) => `${v.path}=${v.verdict} (${JSON.stringify(v.expected)} → ${JSON.stringify(v.got)})`);
        opts.log?.(`${c.id} ${c.language} ${style.layout} ${read.model} ${ms.toFixed(0)} ms: ${bad.join('; ') || 'all right'}\n  ${read.text.replace(/\n/g, ' | ')}`);
      }
    }
  } finally {
    await reader.close();
  }
  return summarise(out, seed);
}

function summarise(cases: PosterCaseScore[], seed: number): PosterScore {
  const s: PosterScore = {
    cases,
    seed,
    total: tally(),
    drawnTotal: tally(),
    byField: new Map([...EVENT_FIELDS, ...LINEUP_FIELDS].map((f) => [f, tally()])),
    drawnByField: new Map([...EVENT_FIELDS, ...LINEUP_FIELDS].map((f) => [f, tally()])),
    byLanguage: new Map(),
    byLayout: new Map(),
    titleWithLayout: tally(),
    titleWithoutLayout: tally(),
    msPerPoster: 0,
    msMax: 0,
    models: new Map(),
    rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  };
  const add = <K>(m: Map<K, Tally>, k: K, v: Verdict) => {
    const t = m.get(k) ?? tally();
    t[v]++;
    m.set(k, t);
  };
  for (const c of cases) {
    for (const f of c.fields) {
      s.total[f.verdict]++;
      add(s.byField, f.field, f.verdict);
      add(s.byLanguage, c.c.language, f.verdict);
      add(s.byLayout, c.layout, f.verdict);
      if (f.field === 'title') s.titleWithLayout[f.verdict]++;
    }
    for (const f of c.drawnFields) {
      s.drawnTotal[f.verdict]++;
      add(s.drawnByField, f.field, f.verdict);
    }
    s.titleWithoutLayout[c.titleWithoutLayout]++;
    s.models.set(c.model, (s.models.get(c.model) ?? 0) + 1);
  }
  const ms = cases.map((c) => c.ms);
  s.msPerPoster = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
  s.msMax = Math.max(0, ...ms);
  return s;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '-');
const show = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));

function table(title: string, rows: [string, Tally][], drawn?: Map<string, Tally>): string[] {
  const head = `${title.padEnd(20)}${'fields'.padStart(8)}${'right'.padStart(8)}${'asked'.padStart(8)}${'empty'.padStart(8)}${'wrong'.padStart(8)}${'right %'.padStart(10)}${drawn ? 'drawn text %'.padStart(14) : ''}`;
  return [
    head,
    ...rows.map(([name, t]) => {
      const d = drawn?.get(name);
      return `${name.padEnd(20)}${String(sum(t)).padStart(8)}${String(t.right).padStart(8)}${String(t.asked).padStart(8)}${String(t.empty).padStart(8)}${String(t.wrong).padStart(8)}${pct(t.right, sum(t)).padStart(10)}${d ? pct(d.right, sum(d)).padStart(14) : ''}`;
    }),
  ];
}

/**
 * The confidently wrong fields as reproductions: seed, index, language, layout, the field, what
 * was expected and read, whether the drawn text is read wrong too (`text reader`) or only the
 * OCR's (`poster`), and the OCR's text.
 */
export function posterWrongLines(s: PosterScore): string[] {
  const out: string[] = [];
  for (const cs of s.cases) {
    const [seed, index] = cs.c.id.split(':');
    for (const f of cs.fields) {
      if (f.verdict !== 'wrong') continue;
      const drawn = cs.drawnFields.find((d) => d.path === f.path && d.expected === f.expected);
      const cause = drawn && drawn.verdict !== 'right' ? 'text reader' : 'poster';
      out.push(`seed ${seed} index ${index} [${cs.c.language}/${cs.layout}] ${f.path}: expected ${show(f.expected)}, got ${show(f.got)} (${cause})\n    OCR: ${cs.ocrText.replace(/\n/g, ' | ')}`);
    }
  }
  return out;
}

export function formatPosterScore(s: PosterScore, opts: { wrong?: number } = {}): string {
  const lines: string[] = [];
  lines.push(`posters: ${s.cases.length} announcements of the generated corpus (seed ${s.seed}) rendered, read by the offline OCR, extracted with origin 'poster' and the layout`);
  lines.push(`fields right ${pct(s.total.right, sum(s.total))} of ${sum(s.total)}, confidently wrong ${s.total.wrong}; from the drawn text (no OCR) ${pct(s.drawnTotal.right, sum(s.drawnTotal))}, wrong ${s.drawnTotal.wrong}`);
  lines.push(...table('by field', [...s.byField.entries()], s.drawnByField));
  lines.push(...table('by language', [...s.byLanguage.entries()].sort()));
  lines.push(...table('by layout', [...s.byLayout.entries()].sort()));
  lines.push(
    `title right with the layout ${pct(s.titleWithLayout.right, sum(s.titleWithLayout))} (wrong ${s.titleWithLayout.wrong}), ` +
      `without it ${pct(s.titleWithoutLayout.right, sum(s.titleWithoutLayout))} (wrong ${s.titleWithoutLayout.wrong})`,
  );
  lines.push(
    `${s.msPerPoster.toFixed(0)} ms per poster, OCR and extraction (max ${s.msMax.toFixed(0)}); reading kept: ${[...s.models.entries()].map(([m, n]) => `${m} ${n}`).join(', ')}; process RSS ${s.rssMb} MB`,
  );
  const wrong = posterWrongLines(s);
  const shown = wrong.slice(0, opts.wrong ?? 20);
  if (wrong.length) lines.push(`${wrong.length} confidently wrong fields${shown.length < wrong.length ? `; first ${shown.length}` : ''}:`, ...shown.map((l) => `  ${l}`));
  return lines.join('\n');
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  scorePosters({
    count: Number(arg('--cases') ?? 120),
    seed: Number(arg('--seed') ?? POSTER_SEED),
    language: arg('--language'),
    verbose: process.argv.includes('--verbose'),
    log: (l) => console.log(l),
  })
    .then((s) => console.log(formatPosterScore(s, { wrong: Number(arg('--wrong') ?? 1000) })))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
