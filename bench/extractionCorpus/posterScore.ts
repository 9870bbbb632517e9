/**
 * Posters scored end to end: each case's poster rendered (posters.ts, every layout in every
 * language), read by the offline OCR reader, and extracted with origin 'poster' and the OCR's
 * layout; every field gets the text corpus's verdict — right, asked (a question names its path),
 * empty (null, no question), or confidently wrong (a non-null wrong value with no question on
 * its path; a value where null is expected counts as wrong). Lineup rows are matched by folded
 * performer label: a missing row is empty, an extra row with no question on `/lineup` is wrong.
 * Printed by field, language and layout, with ms per OCR read, the models used and the memory.
 * The title is also scored without the layout (the same OCR text), to show what layout adds.
 *
 * Cases: the generated corpus's (bench/extractionCorpus/generate.ts, when present) or the
 * hand-written samples (posterCases.ts).
 *
 * `node --import tsx bench/extractionCorpus/posterScore.ts [--cases N] [--seed S] [--samples] [--verbose]`
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractEvent, type DirectoryLookup, type ExtractionResult } from '../../src/services/events/extraction/extract.js';
import { createPosterTextReader, type PosterText } from '../../src/services/posters/ocr.js';
import { SAMPLE_CASES, SampleDirectory, type PosterCase } from './posterCases.js';
import { chooseStyle, LAYOUTS, renderCasePoster, type PosterLayoutName } from './posters.js';

export type Verdict = 'right' | 'asked' | 'empty' | 'wrong';
export const EVENT_FIELDS = ['title', 'communitySlug', 'eventDate', 'start', 'end', 'timezone', 'venueLabel', 'sourceUrl'] as const;
export const ROW_FIELDS = ['lineup.row', 'lineup.personSlug', 'lineup.start'] as const;
export type Field = (typeof EVENT_FIELDS)[number] | (typeof ROW_FIELDS)[number];

export interface Tally {
  right: number;
  asked: number;
  empty: number;
  wrong: number;
}
const tally = (): Tally => ({ right: 0, asked: 0, empty: 0, wrong: 0 });
const total = (t: Tally) => t.right + t.asked + t.empty + t.wrong;

export interface PosterCaseScore {
  id: string;
  language: string;
  layout: PosterLayoutName;
  verdicts: { field: Field; verdict: Verdict; expected: string | null; got: string | null }[];
  /** Title verdict of the same OCR text extracted without the layout. */
  titleWithoutLayout: Verdict;
  ms: number;
  model: string;
}

export interface PosterScore {
  cases: PosterCaseScore[];
  byField: Map<Field, Tally>;
  byLanguage: Map<string, Tally>;
  byLayout: Map<string, Tally>;
  titleWithLayout: Tally;
  titleWithoutLayout: Tally;
  msPerRead: number;
  msMax: number;
  models: Map<string, number>;
  rssMb: number;
  source: string;
}

// ---------------------------------------------------------------------------------------------
// Comparison

/** NFKC, case-folded, surrounding quotes and brackets trimmed, spaces collapsed (none between Japanese). */
export function normalLabel(s: string | null | undefined): string | null {
  if (s === null || s === undefined) return null;
  const t = s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^[\s"'“”‘’「」『』【】()[\]]+|[\s"'“”‘’「」『』【】()[\]!！.]+$/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]) (?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー])/gu, '')
    .trim();
  return t || null;
}
const normalUrl = (s: string | null) => (s === null ? null : s.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/+$/, ''));

function same(field: Field, expected: string | null, got: string | null): boolean {
  if (field === 'title' || field === 'venueLabel' || field === 'lineup.row') return normalLabel(expected) === normalLabel(got);
  if (field === 'sourceUrl') return normalUrl(expected) === normalUrl(got);
  return expected === got;
}

function verdict(field: Field, expected: string | null, got: string | null, asked: boolean): Verdict {
  if (same(field, expected, got)) return 'right';
  if (asked) return 'asked';
  return got === null ? 'empty' : 'wrong';
}

export function scoreResult(c: PosterCase, result: ExtractionResult): PosterCaseScore['verdicts'] {
  const asks = new Set(result.questions.map((q) => q.fieldPath));
  const out: PosterCaseScore['verdicts'] = [];
  for (const field of EVENT_FIELDS) {
    const expected = c.expected.event[field];
    const got = result.event[field];
    out.push({ field, verdict: verdict(field, expected, got, asks.has(`/event/${field}`)), expected, got });
  }
  const lineupAsked = asks.has('/lineup');
  const rows = result.lineup.map((row, index) => ({ row, index, key: normalLabel(row.performerLabel) }));
  const matched = new Set<number>();
  for (const want of c.expected.lineup) {
    const hit = rows.find((r) => !matched.has(r.index) && r.key === normalLabel(want.performerLabel));
    if (!hit) {
      out.push({ field: 'lineup.row', verdict: lineupAsked ? 'asked' : 'empty', expected: want.performerLabel, got: null });
      continue;
    }
    matched.add(hit.index);
    out.push({ field: 'lineup.row', verdict: 'right', expected: want.performerLabel, got: hit.row.performerLabel });
    const rowAsked = (f: string) => lineupAsked || asks.has(`/lineup/${hit.index}`) || asks.has(`/lineup/${hit.index}/${f}`);
    out.push({ field: 'lineup.personSlug', verdict: verdict('lineup.personSlug', want.personSlug, hit.row.personSlug, rowAsked('personSlug')), expected: want.personSlug, got: hit.row.personSlug });
    out.push({ field: 'lineup.start', verdict: verdict('lineup.start', want.start, hit.row.start, rowAsked('start')), expected: want.start, got: hit.row.start });
  }
  for (const r of rows) {
    if (matched.has(r.index)) continue;
    out.push({ field: 'lineup.row', verdict: lineupAsked || asks.has(`/lineup/${r.index}`) ? 'asked' : 'wrong', expected: null, got: r.row.performerLabel });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cases

interface CaseSource {
  name: string;
  cases: (count: number, seed: number) => PosterCase[];
  lookup: DirectoryLookup;
}

const SAMPLES: CaseSource = {
  name: `${SAMPLE_CASES.length} hand-written sample cases`,
  cases: (count) => Array.from({ length: count }, (_, i) => SAMPLE_CASES[i % SAMPLE_CASES.length]),
  lookup: new SampleDirectory(),
};

/**
 * The generated corpus (generate.ts, directory.ts beside this file) when it is there and its
 * cases carry posters; otherwise the samples. Loaded by name so that this bench stands alone.
 */
async function caseSource(samplesOnly: boolean): Promise<CaseSource> {
  if (samplesOnly) return SAMPLES;
  const load = async (file: string): Promise<Record<string, unknown> | undefined> => {
    try {
      return (await import(path.join(path.dirname(fileURLToPath(import.meta.url)), file))) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  };
  const [generate, directory] = [await load('generate.ts'), await load('directory.ts')];
  const generateCases = generate?.generateCases;
  const Fixture = directory?.FixtureDirectory;
  if (typeof generateCases !== 'function' || typeof Fixture !== 'function') return SAMPLES;
  const make = (count: number, seed: number) =>
    (generateCases as (seed: number, count: number) => PosterCase[])(seed, count * 3)
      .filter((c) => !c.expected.notAnnouncement && c.poster?.lines?.length)
      .slice(0, count);
  if (!make(1, 1).length) return SAMPLES;
  return { name: 'the generated extraction corpus', cases: make, lookup: new (Fixture as new () => DirectoryLookup)() };
}

// ---------------------------------------------------------------------------------------------
// The run

export interface PosterScoreOptions {
  count?: number;
  seed?: number;
  samples?: boolean;
  verbose?: boolean;
  log?: (line: string) => void;
}

export async function scorePosters(opts: PosterScoreOptions = {}): Promise<PosterScore> {
  const count = opts.count ?? 120;
  const seed = opts.seed ?? 1;
  const source = await caseSource(opts.samples ?? false);
  const cases = source.cases(count, seed);
  // Every layout in every language: the layout moves on each time the cases come round.
  const perRound = Math.max(1, new Set(cases.map((c) => c.id)).size);
  const reader = createPosterTextReader();
  const out: PosterCaseScore[] = [];
  try {
    for (const [i, c] of cases.entries()) {
      const style = chooseStyle(c, seed * 100_003 + i, { layout: LAYOUTS[(Math.floor(i / perRound) + i) % LAYOUTS.length] });
      const { image } = await renderCasePoster(c, style);
      const t = performance.now();
      const read: PosterText = await reader.read(image);
      const ms = performance.now() - t;
      const input = { text: read.text, origin: 'poster' as const, timeZone: c.timeZone, referenceInstant: c.referenceInstant, lookup: source.lookup };
      const layout = read.lines ? { lines: read.lines.map(({ height, top }) => ({ height, top })) } : undefined;
      const result = await extractEvent({ ...input, layout });
      const plain = await extractEvent(input);
      const verdicts = scoreResult(c, result);
      const titleWithoutLayout = verdict('title', c.expected.event.title, plain.event.title, plain.questions.some((q) => q.fieldPath === '/event/title'));
      out.push({ id: c.id, language: c.language, layout: style.layout, verdicts, titleWithoutLayout, ms, model: read.model ?? '?' });
      if (opts.verbose) {
        const bad = verdicts.filter((v) => v.verdict !== 'right').map((v) => `${v.field}=${v.verdict} (${JSON.stringify(v.expected)} → ${JSON.stringify(v.got)})`);
        opts.log?.(`${c.id} ${c.language} ${style.layout} ${read.model} ${ms.toFixed(0)} ms: ${bad.join('; ') || 'all right'}\n  ${read.text.replace(/\n/g, ' | ')}`);
      }
    }
  } finally {
    await reader.close();
  }
  return summarise(out, source.name);
}

function summarise(cases: PosterCaseScore[], source: string): PosterScore {
  const byField = new Map<Field, Tally>();
  const byLanguage = new Map<string, Tally>();
  const byLayout = new Map<string, Tally>();
  const models = new Map<string, number>();
  const titleWithLayout = tally();
  const titleWithoutLayout = tally();
  const add = <K>(m: Map<K, Tally>, k: K, v: Verdict) => {
    const t = m.get(k) ?? tally();
    t[v]++;
    m.set(k, t);
  };
  for (const c of cases) {
    for (const v of c.verdicts) {
      add(byField, v.field, v.verdict);
      add(byLanguage, c.language, v.verdict);
      add(byLayout, c.layout, v.verdict);
      if (v.field === 'title') titleWithLayout[v.verdict]++;
    }
    titleWithoutLayout[c.titleWithoutLayout]++;
    models.set(c.model, (models.get(c.model) ?? 0) + 1);
  }
  const ms = cases.map((c) => c.ms);
  return {
    cases,
    byField,
    byLanguage,
    byLayout,
    titleWithLayout,
    titleWithoutLayout,
    msPerRead: ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length),
    msMax: Math.max(0, ...ms),
    models,
    rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    source,
  };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');

export function formatPosterScore(s: PosterScore): string {
  const lines: string[] = [];
  const table = (title: string, rows: [string, Tally][]) => {
    lines.push(`${title.padEnd(22)}${'n'.padStart(6)}${'right'.padStart(9)}${'asked'.padStart(8)}${'empty'.padStart(8)}${'conf. wrong'.padStart(13)}`);
    for (const [k, t] of rows) {
      lines.push(`  ${k.padEnd(20)}${String(total(t)).padStart(6)}${pct(t.right, total(t)).padStart(9)}${String(t.asked).padStart(8)}${String(t.empty).padStart(8)}${String(t.wrong).padStart(13)}`);
    }
  };
  const all = [...s.byField.values()].reduce((acc, t) => ({ right: acc.right + t.right, asked: acc.asked + t.asked, empty: acc.empty + t.empty, wrong: acc.wrong + t.wrong }), tally());
  lines.push(`posters: ${s.cases.length} rendered from ${s.source}, read by the offline OCR, extracted with origin 'poster' and the layout`);
  lines.push(`fields right ${pct(all.right, total(all))} of ${total(all)}, confidently wrong ${all.wrong}`);
  table('by field', [...s.byField.entries()]);
  table('by language', [...s.byLanguage.entries()].sort());
  table('by layout', [...s.byLayout.entries()].sort());
  lines.push(
    `title right with the layout ${pct(s.titleWithLayout.right, total(s.titleWithLayout))} (wrong ${s.titleWithLayout.wrong}), ` +
      `without it ${pct(s.titleWithoutLayout.right, total(s.titleWithoutLayout))} (wrong ${s.titleWithoutLayout.wrong})`,
  );
  lines.push(
    `OCR ${s.msPerRead.toFixed(0)} ms per poster (max ${s.msMax.toFixed(0)}), reading kept: ${[...s.models.entries()].map(([m, n]) => `${m} ${n}`).join(', ')}; process RSS ${s.rssMb} MB`,
  );
  return lines.join('\n');
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  scorePosters({
    count: Number(arg('--cases') ?? 120),
    seed: Number(arg('--seed') ?? 1),
    samples: process.argv.includes('--samples'),
    verbose: process.argv.includes('--verbose'),
    log: (l) => console.log(l),
  })
    .then((s) => console.log(formatPosterScore(s)))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
