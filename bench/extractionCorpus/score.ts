/**
 * Scores extraction on generated cases: runs `extractEvent` with the fixture directory and
 * classifies every field (what "right" means is written at the top of templates.ts):
 * - right: equal to the expectation after normalisation (null expected and null got is right);
 * - asked: not right, but a question names the field's path (`/event/start`; `/lineup` covers
 *   every row, `/lineup/2` and `/lineup/2/start` their row);
 * - empty: null got where a value was expected, and no question;
 * - wrong (confidently wrong): a value that is not right, with no question on its path,
 *   including a value filled where null was expected.
 * Lineup rows are matched by folded performer label; a missing row counts as empty, an extra
 * row without a question on `/lineup` as wrong; matched rows score personSlug, start and end.
 */
import { DateTime } from 'luxon';
import { extractEvent, type ExtractionResult } from '../../src/services/events/extraction/extract.js';
import { foldText } from '../../src/lib/searchText.js';
import { FixtureDirectory } from './directory.js';
import type { ExtractionCase, ExpectedEvent } from './templates.js';

export type Verdict = 'right' | 'asked' | 'empty' | 'wrong';
export interface Tally {
  right: number;
  asked: number;
  empty: number;
  wrong: number;
}
export const EVENT_FIELDS = ['title', 'communitySlug', 'eventDate', 'start', 'end', 'timezone', 'venueLabel', 'sourceUrl'] as const satisfies readonly (keyof ExpectedEvent)[];
export const LINEUP_FIELDS = ['lineup.row', 'lineup.personSlug', 'lineup.start', 'lineup.end'] as const;
export type FieldName = (typeof EVENT_FIELDS)[number] | (typeof LINEUP_FIELDS)[number];

export interface FieldResult {
  field: FieldName;
  /** The JSON pointer the verdict is about. */
  path: string;
  verdict: Verdict;
  expected: string | null;
  got: string | null;
}
export interface CaseScore {
  c: ExtractionCase;
  result: ExtractionResult;
  fields: FieldResult[];
  rows: { expected: number; got: number; matched: number };
}
export interface CorpusScore {
  cases: number;
  total: Tally;
  byField: Record<string, Tally>;
  byLanguage: Record<string, Tally>;
  byShape: Record<string, Tally>;
  /** Wrong fields counted by the failure classes their case exercises. */
  wrongByClass: Record<string, number>;
  rows: { expected: number; got: number; matched: number };
  scores: CaseScore[];
}

const EMOJI = /(?:\p{Extended_Pictographic}|[\uFE0E\uFE0F\u200D])+/gu;
const EDGE = /^[\s「」『』【】［］\[\]()（）"“”„«»‹›'‘’`*_~!！?？。.,、:：;·•|-]+|[\s「」『』【】［］\[\]()（）"“”„«»‹›'‘’`*_~!！?？。.,、:：;·•|-]+$/gu;

/** Titles and venue labels: NFKC, case-folded, emoji and surrounding quotes, brackets and punctuation dropped. */
export function normalLabel(s: string | null | undefined): string | null {
  if (s === null || s === undefined) return null;
  const n = s.normalize('NFKC').replace(EMOJI, ' ').toLowerCase().replace(/\s+/g, ' ').replace(EDGE, '').trim();
  return n || null;
}

function fieldRight(c: ExtractionCase, field: keyof ExpectedEvent, got: string | null): boolean {
  const want = c.expected.event[field];
  if (field === 'title') {
    const g = normalLabel(got);
    return [want, ...(c.alsoRight.title ?? [])].some((w) => normalLabel(w) === g);
  }
  if (field === 'venueLabel') return normalLabel(want) === normalLabel(got);
  if (field === 'timezone') return got === want || (c.alsoRight.timezone ?? []).includes(got);
  if ((field === 'start' || field === 'end') && got !== null && want !== null && got !== want) return got === pastGap(c, field, want);
  return got === want;
}

/**
 * A wall time the template computed that does not exist that night ("2am" on the night clocks
 * go forward): the instant it names is the wall time after the gap, which is also right.
 */
function pastGap(c: ExtractionCase, field: 'start' | 'end', want: string): string | undefined {
  const { eventDate, start, timezone } = c.expected.event;
  if (!eventDate || !timezone) return undefined;
  const nextDay = field === 'end' && start !== null && want <= start;
  const day = DateTime.fromISO(eventDate, { zone: timezone }).plus({ days: nextDay ? 1 : 0 });
  const [hour, minute] = want.split(':').map(Number);
  const at = day.set({ hour, minute });
  const shown = at.toFormat('HH:mm');
  return at.isValid && shown !== want ? shown : undefined;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function scoreCase(c: ExtractionCase, result: ExtractionResult): CaseScore {
  const asked = new Set(result.questions.map((q) => q.fieldPath));
  const fields: FieldResult[] = [];
  const verdict = (right: boolean, expected: string | null, got: string | null, paths: string[]): Verdict => {
    if (right) return 'right';
    if (paths.some((p) => asked.has(p))) return 'asked';
    return got === null && expected !== null ? 'empty' : 'wrong';
  };
  for (const f of EVENT_FIELDS) {
    const got = str(result.event[f]);
    const expected = c.expected.event[f];
    const path = `/event/${f}`;
    fields.push({ field: f, path, expected, got, verdict: verdict(fieldRight(c, f, got), expected, got, [path]) });
  }
  // Lineup rows matched by folded label; hosts that may or may not be listed are set aside.
  const optional = new Set((c.alsoRight.optionalPerformers ?? []).map(foldText));
  const gotRows = result.lineup.map((row, i) => ({ row, i, key: foldText(row.performerLabel ?? '') }));
  const used = new Set<number>();
  let matched = 0;
  c.expected.lineup.forEach((want, wi) => {
    const key = foldText(want.performerLabel);
    const hit = gotRows.find((g) => !used.has(g.i) && g.key === key);
    if (!hit) {
      fields.push({ field: 'lineup.row', path: `/lineup`, expected: want.performerLabel, got: null, verdict: verdict(false, want.performerLabel, null, ['/lineup']) });
      return;
    }
    used.add(hit.i);
    matched += 1;
    const base = `/lineup/${hit.i}`;
    const paths = (leaf: string) => ['/lineup', base, `${base}/${leaf}`];
    fields.push({ field: 'lineup.row', path: base, expected: want.performerLabel, got: hit.row.performerLabel, verdict: 'right' });
    const slug = str(hit.row.personSlug);
    fields.push({ field: 'lineup.personSlug', path: `${base}/personSlug`, expected: want.personSlug, got: slug, verdict: verdict(slug === want.personSlug, want.personSlug, slug, paths('personSlug')) });
    const start = str(hit.row.start);
    fields.push({ field: 'lineup.start', path: `${base}/start`, expected: want.start, got: start, verdict: verdict(start === want.start, want.start, start, paths('start')) });
    const end = str(hit.row.end);
    const endAlso = c.alsoRight.rowEnds && wi in c.alsoRight.rowEnds ? c.alsoRight.rowEnds[wi] : undefined;
    const endRight = end === want.end || (endAlso !== undefined && end === endAlso);
    fields.push({ field: 'lineup.end', path: `${base}/end`, expected: want.end, got: end, verdict: verdict(endRight, want.end, end, paths('end')) });
  });
  let extra = 0;
  for (const g of gotRows) {
    if (used.has(g.i) || optional.has(g.key)) continue;
    extra += 1;
    const base = `/lineup/${g.i}`;
    fields.push({ field: 'lineup.row', path: base, expected: null, got: g.row.performerLabel, verdict: verdict(false, null, g.row.performerLabel, ['/lineup', base, `${base}/performerLabel`]) });
  }
  return { c, result, fields, rows: { expected: c.expected.lineup.length, got: matched + extra, matched } };
}

const tally = (): Tally => ({ right: 0, asked: 0, empty: 0, wrong: 0 });

export async function scoreCases(cases: ExtractionCase[], directory = new FixtureDirectory()): Promise<CorpusScore> {
  const out: CorpusScore = { cases: cases.length, total: tally(), byField: {}, byLanguage: {}, byShape: {}, wrongByClass: {}, rows: { expected: 0, got: 0, matched: 0 }, scores: [] };
  for (const f of [...EVENT_FIELDS, ...LINEUP_FIELDS]) out.byField[f] = tally();
  for (const c of cases) {
    const result = await runExtractor(c, directory);
    const s = scoreCase(c, result);
    out.scores.push(s);
    out.rows.expected += s.rows.expected;
    out.rows.got += s.rows.got;
    out.rows.matched += s.rows.matched;
    const lang = (out.byLanguage[c.language] ??= tally());
    const shape = (out.byShape[c.shape] ??= tally());
    for (const f of s.fields) {
      for (const t of [out.total, out.byField[f.field], lang, shape]) t[f.verdict] += 1;
      if (f.verdict === 'wrong') for (const k of c.classes) out.wrongByClass[k] = (out.wrongByClass[k] ?? 0) + 1;
    }
  }
  return out;
}

export function runExtractor(c: ExtractionCase, directory: FixtureDirectory = new FixtureDirectory()): Promise<ExtractionResult> {
  return extractEvent({ text: c.text, origin: 'text', timeZone: c.timeZone, referenceInstant: c.referenceInstant, lookup: directory });
}

// ---------------------------------------------------------------------------------------------
// Printing

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '-');
const sum = (t: Tally) => t.right + t.asked + t.empty + t.wrong;

function table(title: string, rows: [string, Tally][]): string {
  const head = `${title.padEnd(22)}${'fields'.padStart(8)}${'right'.padStart(9)}${'asked'.padStart(9)}${'empty'.padStart(9)}${'wrong'.padStart(9)}${'right %'.padStart(10)}`;
  const body = rows.map(([name, t]) => `${name.padEnd(22)}${String(sum(t)).padStart(8)}${String(t.right).padStart(9)}${String(t.asked).padStart(9)}${String(t.empty).padStart(9)}${String(t.wrong).padStart(9)}${pct(t.right, sum(t)).padStart(10)}`);
  return [head, ...body].join('\n');
}

export function formatTables(s: CorpusScore, parts: ('field' | 'language' | 'shape' | 'class')[] = ['field', 'language', 'shape', 'class']): string {
  const out: string[] = [];
  out.push(table('all fields', [['total', s.total]]));
  out.push(`lineup rows: recall ${pct(s.rows.matched, s.rows.expected)} (${s.rows.matched}/${s.rows.expected}), precision ${pct(s.rows.matched, s.rows.got)} (${s.rows.matched}/${s.rows.got})`);
  if (parts.includes('field')) out.push('', table('by field', Object.entries(s.byField)));
  if (parts.includes('language')) out.push('', table('by language', Object.entries(s.byLanguage).sort()));
  if (parts.includes('shape')) out.push('', table('by shape', Object.entries(s.byShape).sort()));
  if (parts.includes('class')) {
    const cls = Object.entries(s.wrongByClass).sort((a, b) => b[1] - a[1]);
    out.push('', 'confidently wrong fields by failure class of their case:', ...cls.map(([k, n]) => `  ${k.padEnd(28)}${String(n).padStart(7)}`));
  }
  return out.join('\n');
}

const show = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));

/** The confidently wrong fields as one-line reproductions. */
export function wrongLines(s: CorpusScore): string[] {
  const lines: string[] = [];
  for (const cs of s.scores) {
    const [seed, index] = cs.c.id.split(':');
    for (const f of cs.fields) {
      if (f.verdict !== 'wrong') continue;
      lines.push(`seed ${seed} index ${index} [${cs.c.language}/${cs.c.shape}] ${f.path}: expected ${show(f.expected)}, got ${show(f.got)}`);
    }
  }
  return lines;
}
