/**
 * Scores the engine on generated cases, in-process as bench/timeCorpus.ts does. Classes: correct;
 * confidently wrong (`resolved` with another instant or range than expected, or `resolved` where
 * ask/no_plan was expected); safe miss (anything else).
 */
import { DateTime } from 'luxon';
import { parseTimeExpression } from '../../src/services/time/engine/index.js';
import type { Expected, GeneratedCase } from './families.js';

export interface GotSummary {
  status: string;
  kind?: string;
  epoch?: number;
  range?: { start: number; end: number };
}
export type Verdict = 'correct' | 'confidently_wrong' | 'safe_miss';
export interface FamilyTally {
  cases: number;
  correct: number;
  confidentlyWrong: number;
  safeMiss: number;
}
export interface SweepScore {
  byFamily: Record<string, FamilyTally>;
  byLanguage: Record<string, FamilyTally>;
  total: FamilyTally;
  failures: { c: GeneratedCase; got: GotSummary; verdict: Verdict }[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function runEngine(c: GeneratedCase): GotSummary {
  try {
    const r: any = parseTimeExpression({ ...c.request });
    const got: GotSummary = { status: String(r?.status), kind: r?.kind };
    if (r?.status === 'resolved') {
      got.epoch = num(r.epoch) ?? num(r.range?.start?.epoch);
      const s = num(r.range?.start?.epoch);
      const e = num(r.range?.end?.epoch);
      if (s !== undefined && e !== undefined) got.range = { start: s, end: e };
    }
    return got;
  } catch (err) {
    return { status: `error: ${(err as Error).message}` };
  }
}

export function classify(c: GeneratedCase, got: GotSummary): Verdict {
  const e = c.expected;
  const ok = (() => {
    if (e.status !== 'resolved') return got.status === e.status || (e.alsoAccept ?? []).includes(got.status as 'no_plan');
    if (got.status !== 'resolved') return c.askAcceptable === true && got.status === 'needs_clarification';
    if (e.kind === 'time_range') return got.kind === 'time_range' && got.range?.start === e.range!.start && got.range?.end === e.range!.end;
    if (e.wholeDay && got.kind === 'time_range') return got.range?.start === e.range!.start && got.range?.end === e.range!.end;
    return got.kind !== 'time_range' && got.epoch === e.epoch;
  })();
  if (ok) return 'correct';
  return got.status === 'resolved' ? 'confidently_wrong' : 'safe_miss';
}

const tally = (): FamilyTally => ({ cases: 0, correct: 0, confidentlyWrong: 0, safeMiss: 0 });
function add(t: FamilyTally, v: Verdict) {
  t.cases++;
  if (v === 'correct') t.correct++;
  else if (v === 'confidently_wrong') t.confidentlyWrong++;
  else t.safeMiss++;
}

export function scoreCases(cases: GeneratedCase[]): SweepScore {
  const s: SweepScore = { byFamily: {}, byLanguage: {}, total: tally(), failures: [] };
  for (const c of cases) {
    const got = runEngine(c);
    const v = classify(c, got);
    add((s.byFamily[c.family] ??= tally()), v);
    add((s.byLanguage[c.lang] ??= tally()), v);
    add(s.total, v);
    if (v !== 'correct') s.failures.push({ c, got, verdict: v });
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Report

const iso = (epoch: number | undefined, zone: string): string => (epoch === undefined ? '?' : (DateTime.fromSeconds(epoch, { zone }).toISO({ suppressMilliseconds: true }) ?? '?'));

export function describeExpected(e: Expected, zone: string): string {
  if (e.status !== 'resolved') return e.alsoAccept?.length ? `${e.status}|${e.alsoAccept.join('|')}` : e.status;
  if (e.kind === 'time_range' || e.wholeDay) return `${e.wholeDay ? 'day ' : 'range '}${iso(e.range!.start, zone)}..${iso(e.range!.end, zone)}`;
  return iso(e.epoch, zone);
}
export function describeGot(g: GotSummary, zone: string): string {
  if (g.status !== 'resolved') return g.status;
  if (g.kind === 'time_range' && g.range) return `range ${iso(g.range.start, zone)}..${iso(g.range.end, zone)}`;
  return `${g.kind && g.kind !== 'instant' ? `${g.kind} ` : ''}${iso(g.epoch, zone)}`;
}

/** One line that regenerates and re-runs the case: seed and index name it, the rest says what happened. */
export function reproduction(c: GeneratedCase, got: GotSummary): string {
  const zone = c.request.timeZone;
  const ref = DateTime.fromMillis(c.request.referenceInstant, { zone }).toISO({ suppressMilliseconds: true });
  return `seed=${c.seed} index=${c.index} family=${c.family} lang=${c.request.locale}${c.request.country ? ` country=${c.request.country}` : ''} text=${JSON.stringify(c.text)} ref=${ref} zone=${zone} expected=${describeExpected(c.expected, zone)} got=${describeGot(got, zone)}`;
}

export function formatTable(s: SweepScore): string {
  const row = (name: string, t: FamilyTally) =>
    `${name.padEnd(28)} ${String(t.cases).padStart(7)} ${`${((100 * t.correct) / Math.max(1, t.cases)).toFixed(1)} %`.padStart(9)} ${String(t.confidentlyWrong).padStart(9)} ${`${((100 * t.confidentlyWrong) / Math.max(1, t.cases)).toFixed(2)} %`.padStart(9)} ${String(t.safeMiss).padStart(9)}`;
  const out = [`${'family'.padEnd(28)} ${'cases'.padStart(7)} ${'accuracy'.padStart(9)} ${'conf.wrong'.padStart(9)} ${'cw rate'.padStart(9)} ${'safe miss'.padStart(9)}`];
  for (const f of Object.keys(s.byFamily)) out.push(row(f, s.byFamily[f]));
  out.push(row('all families', s.total));
  out.push('');
  for (const l of Object.keys(s.byLanguage).sort()) out.push(row(`language ${l}`, s.byLanguage[l]));
  return out.join('\n');
}
