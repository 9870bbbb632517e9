/**
 * Scores the time parser against the independent corpus bench/corpus/time-phrases.jsonl, and
 * chrono-node alone on the same lines as a baseline.
 *
 *   node --import tsx bench/timeCorpus.ts [path.jsonl]
 *
 * Each line: {id, input:{text, timeZone?, referenceInstant, locale?, country?, subdivision?},
 * expect, rule:[…], note?}. `expect` is one of
 *   {status:'resolved', at}                       an instant (a range answer is compared by its epoch)
 *   {status:'resolved', start, end}               a range: the answer must be a time_range
 *   {status:'needs_clarification', options:[…]}   every option must be among the alternatives
 *   {status:'no_plan', alsoAccept?:[status…]}     alsoAccept: other statuses that are right too
 *                                                 (rule 19 allows "no_plan or ask")
 *
 * Classes: correct; confidently wrong (`resolved` and not correct: the worst outcome); safe miss
 * (anything else). chrono never asks, so every chrono answer that is not correct is confidently
 * wrong. The process exits 0 whatever the score.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as chrono from 'chrono-node';
import { DateTime, IANAZone } from 'luxon';
import { parseTimeExpression } from '../src/services/time/engine/index.js';

const DEFAULT_PATH = join(dirname(fileURLToPath(import.meta.url)), 'corpus', 'time-phrases.jsonl');
const DEFAULT_ZONE = 'America/New_York';
const STATUSES = ['resolved', 'needs_clarification', 'no_plan'] as const;
type Status = (typeof STATUSES)[number];
const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

export interface CorpusInput {
  text: string;
  timeZone?: string;
  referenceInstant: string;
  locale?: string;
  country?: string;
  subdivision?: string;
}
export interface CorpusExpect {
  status: Status;
  at?: string;
  start?: string;
  end?: string;
  options?: string[];
  alsoAccept?: Status[];
}
export interface CorpusCase {
  id: string;
  input: CorpusInput;
  expect: CorpusExpect;
  rule: number[];
  note?: string;
}
export type Verdict = 'correct' | 'confidently_wrong' | 'safe_miss';

/** What a parser said, reduced to what the scorer compares. */
export interface Got {
  status: string;
  kind?: string;
  epoch?: number;
  range?: { start: number; end: number };
  alternatives?: number[];
  error?: string;
}

export interface CaseResult {
  case: CorpusCase;
  zone: string;
  engine: { got: Got; verdict: Verdict };
  chrono: { got: Got; verdict: Verdict };
}

export interface Tally {
  total: number;
  correct: number;
  confidentlyWrong: number;
  safeMiss: number;
}

export interface CorpusScore {
  path: string;
  badLines: { line: number; id?: string; problems: string[] }[];
  results: CaseResult[];
  engine: Tally;
  chrono: Tally;
  engineByRule: Record<number, Tally>;
  engineByLanguage: Record<string, Tally>;
}

// ---------------------------------------------------------------------------------------------
// Loading and validation

const epochOf = (iso: string) => Math.floor(DateTime.fromISO(iso, { setZone: true }).toMillis() / 1000);

function validate(raw: unknown): string[] {
  const p: string[] = [];
  if (!raw || typeof raw !== 'object') return ['not an object'];
  const c = raw as Partial<CorpusCase>;
  if (typeof c.id !== 'string' || !c.id) p.push('id missing');
  const i = c.input as Partial<CorpusInput> | undefined;
  if (!i || typeof i !== 'object') p.push('input missing');
  else {
    if (typeof i.text !== 'string' || !i.text.trim()) p.push('input.text missing');
    else if (i.text.length > 500) p.push('input.text longer than 500');
    if (i.timeZone !== undefined && (typeof i.timeZone !== 'string' || !IANAZone.isValidZone(i.timeZone))) p.push(`invalid timeZone ${i.timeZone}`);
    if (typeof i.referenceInstant !== 'string' || !ISO_WITH_OFFSET.test(i.referenceInstant) || !DateTime.fromISO(i.referenceInstant, { setZone: true }).isValid)
      p.push(`invalid referenceInstant ${i.referenceInstant}`);
    for (const k of ['locale', 'country', 'subdivision'] as const) if (i[k] !== undefined && typeof i[k] !== 'string') p.push(`input.${k} not a string`);
    if (i.country !== undefined && !/^[A-Z]{2}$/.test(i.country)) p.push(`country ${i.country} is not two capital letters`);
  }
  const e = c.expect as Partial<CorpusExpect> | undefined;
  if (!e || typeof e !== 'object') p.push('expect missing');
  else {
    if (!STATUSES.includes(e.status as Status)) p.push(`unknown expect.status ${e.status}`);
    const isos: [string, unknown][] = [];
    if (e.status === 'resolved') {
      if (e.at !== undefined && (e.start !== undefined || e.end !== undefined)) p.push('both at and start/end');
      if (e.at !== undefined) isos.push(['at', e.at]);
      else if (e.start !== undefined || e.end !== undefined) isos.push(['start', e.start], ['end', e.end]);
      else p.push('resolved without at or start/end');
    }
    if (e.status === 'needs_clarification') {
      if (!Array.isArray(e.options)) p.push('needs_clarification without options[]');
      else e.options.forEach((o, n) => isos.push([`options[${n}]`, o]));
    }
    if (e.alsoAccept !== undefined && (!Array.isArray(e.alsoAccept) || e.alsoAccept.some((s) => !STATUSES.includes(s)))) p.push('bad alsoAccept');
    for (const [name, v] of isos)
      if (typeof v !== 'string' || !ISO_WITH_OFFSET.test(v) || !DateTime.fromISO(v, { setZone: true }).isValid) p.push(`expect.${name} is not an ISO 8601 instant with offset: ${v}`);
    if (e.start && e.end && isos.every(([, v]) => typeof v === 'string') && epochOf(e.end) <= epochOf(e.start)) p.push('range end not after start');
  }
  if (!Array.isArray(c.rule) || !c.rule.length || c.rule.some((r) => !Number.isInteger(r) || r < 1 || r > 21)) p.push('rule must list rule numbers 1..21');
  return p;
}

export function loadCorpus(path = DEFAULT_PATH): { cases: CorpusCase[]; badLines: CorpusScore['badLines'] } {
  const cases: CorpusCase[] = [];
  const badLines: CorpusScore['badLines'] = [];
  const seen = new Set<string>();
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, n) => {
      if (!text.trim()) return;
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (err) {
        badLines.push({ line: n + 1, problems: [`not JSON: ${(err as Error).message}`] });
        return;
      }
      const problems = validate(raw);
      const id = (raw as { id?: string })?.id;
      if (typeof id === 'string') {
        if (seen.has(id)) problems.push(`duplicate id ${id}`);
        seen.add(id);
      }
      if (problems.length) badLines.push({ line: n + 1, id, problems });
      else cases.push(raw as CorpusCase);
    });
  return { cases, badLines };
}

// ---------------------------------------------------------------------------------------------
// Running the parsers

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function fromEngine(r: any): Got {
  if (!r || typeof r !== 'object') return { status: 'invalid', error: `engine returned ${String(r)}` };
  const got: Got = { status: String(r.status), kind: r.kind };
  if (r.status === 'resolved') {
    got.epoch = num(r.epoch) ?? num(r.range?.start?.epoch);
    const s = num(r.range?.start?.epoch);
    const e = num(r.range?.end?.epoch);
    if (s !== undefined && e !== undefined) got.range = { start: s, end: e };
  }
  if (r.status === 'needs_clarification') {
    got.alternatives = [];
    for (const a of Array.isArray(r.alternatives) ? r.alternatives : []) {
      for (const v of [num(a?.epoch), num(a?.range?.start?.epoch)]) if (v !== undefined && !got.alternatives.includes(v)) got.alternatives.push(v);
    }
  }
  return got;
}

async function runEngine(c: CorpusCase, ref: number): Promise<Got> {
  try {
    const { text, timeZone, locale, country, subdivision } = c.input;
    const r = await parseTimeExpression({ text, timeZone, locale, country, subdivision, referenceInstant: ref } as any);
    return fromEngine(r);
  } catch (err) {
    return { status: 'error', error: (err as Error)?.stack?.split('\n').slice(0, 2).join(' ') ?? String(err) };
  }
}

const CHRONO: Record<string, chrono.Chrono> = { de: chrono.de.casual, fr: chrono.fr.casual, es: chrono.es.casual, pt: chrono.pt.casual, ja: chrono.ja.casual };

function chronoFor(locale?: string): chrono.Chrono {
  if (!locale) return chrono.en.casual;
  if (/^en[-_]GB$/i.test(locale)) return chrono.en.GB;
  return CHRONO[locale.slice(0, 2).toLowerCase()] ?? chrono.en.casual;
}

function runChrono(c: CorpusCase, ref: number, zone: string): Got {
  try {
    const offset = DateTime.fromMillis(ref, { zone }).offset;
    const res = chronoFor(c.input.locale).parse(c.input.text, { instant: new Date(ref), timezone: offset }, { forwardDate: true });
    const first = res[0];
    if (!first) return { status: 'no_plan' };
    const start = Math.floor(first.start.date().getTime() / 1000);
    const got: Got = { status: 'resolved', kind: 'instant', epoch: start };
    if (c.expect.start !== undefined && first.end) {
      got.kind = 'time_range';
      got.range = { start, end: Math.floor(first.end.date().getTime() / 1000) };
    }
    return got;
  } catch (err) {
    return { status: 'error', error: String(err) };
  }
}

// ---------------------------------------------------------------------------------------------
// Classification

export function classify(e: CorpusExpect, got: Got): Verdict {
  const ok = (() => {
    if (got.status !== e.status) return (e.alsoAccept ?? []).includes(got.status as Status);
    if (e.status === 'resolved') {
      if (e.at !== undefined) return got.epoch === epochOf(e.at);
      return got.kind === 'time_range' && got.range?.start === epochOf(e.start!) && got.range?.end === epochOf(e.end!);
    }
    if (e.status === 'needs_clarification') return (e.options ?? []).every((o) => (got.alternatives ?? []).includes(epochOf(o)));
    return true;
  })();
  if (ok) return 'correct';
  return got.status === 'resolved' ? 'confidently_wrong' : 'safe_miss';
}

const emptyTally = (): Tally => ({ total: 0, correct: 0, confidentlyWrong: 0, safeMiss: 0 });
function add(t: Tally, v: Verdict) {
  t.total++;
  if (v === 'correct') t.correct++;
  else if (v === 'confidently_wrong') t.confidentlyWrong++;
  else t.safeMiss++;
}

function languageOf(c: CorpusCase): string {
  if (c.input.locale) return c.input.locale.slice(0, 2).toLowerCase();
  const prefix = /^([a-z]{2})-/.exec(c.id)?.[1];
  return prefix ?? 'en';
}

export async function scoreCorpus(path = DEFAULT_PATH): Promise<CorpusScore> {
  const { cases, badLines } = loadCorpus(path);
  const score: CorpusScore = { path, badLines, results: [], engine: emptyTally(), chrono: emptyTally(), engineByRule: {}, engineByLanguage: {} };
  for (const c of cases) {
    const zone = c.input.timeZone ?? DEFAULT_ZONE;
    const ref = DateTime.fromISO(c.input.referenceInstant, { setZone: true }).toMillis();
    const eg = await runEngine(c, ref);
    const cg = runChrono(c, ref, zone);
    const ev = classify(c.expect, eg);
    const cv = classify(c.expect, cg);
    score.results.push({ case: c, zone, engine: { got: eg, verdict: ev }, chrono: { got: cg, verdict: cv } });
    add(score.engine, ev);
    add(score.chrono, cv);
    for (const r of c.rule) add((score.engineByRule[r] ??= emptyTally()), ev);
    add((score.engineByLanguage[languageOf(c)] ??= emptyTally()), ev);
  }
  return score;
}

// ---------------------------------------------------------------------------------------------
// Report

const pct = (t: Tally) => (t.total ? ((100 * t.correct) / t.total).toFixed(1) : '—');
const isoIn = (epoch: number | undefined, zone: string) =>
  epoch === undefined ? '?' : DateTime.fromSeconds(epoch, { zone }).toISO({ suppressMilliseconds: true });

export function describeGot(g: Got, zone: string): string {
  if (g.status === 'resolved') {
    if (g.kind === 'time_range' && g.range) return `resolved range ${isoIn(g.range.start, zone)} → ${isoIn(g.range.end, zone)}`;
    return `resolved${g.kind && g.kind !== 'instant' ? ` ${g.kind}` : ''} ${isoIn(g.epoch, zone)}`;
  }
  if (g.status === 'needs_clarification') return `needs_clarification [${(g.alternatives ?? []).map((a) => isoIn(a, zone)).join(', ')}]`;
  if (g.error) return `${g.status}: ${g.error}`;
  return g.status;
}

export function describeExpect(e: CorpusExpect, zone: string): string {
  const z = (s: string) => isoIn(epochOf(s), zone);
  if (e.status === 'resolved') return e.at ? `resolved ${z(e.at)}` : `resolved range ${z(e.start!)} → ${z(e.end!)}`;
  if (e.status === 'needs_clarification') return `needs_clarification [${(e.options ?? []).map(z).join(', ')}]`;
  return e.alsoAccept?.length ? `no_plan (or ${e.alsoAccept.join('/')})` : 'no_plan';
}

function line(name: string, t: Tally) {
  return `${name.padEnd(8)} ${String(t.correct).padStart(4)}/${String(t.total).padEnd(4)} ${pct(t).padStart(5)}%   confidently wrong ${String(t.confidentlyWrong).padStart(3)}   safe miss ${String(t.safeMiss).padStart(3)}`;
}

export function printReport(s: CorpusScore) {
  const out: string[] = [];
  out.push(`Time corpus: ${s.path}`);
  out.push(`${s.results.length} cases scored, ${s.badLines.length} bad line(s)`);
  for (const b of s.badLines) out.push(`  BAD line ${b.line}${b.id ? ` (${b.id})` : ''}: ${b.problems.join('; ')}`);
  out.push('');
  out.push(line('engine', s.engine));
  out.push(line('chrono', s.chrono));
  out.push('');
  out.push('Engine by rule:');
  for (const r of Object.keys(s.engineByRule).map(Number).sort((a, b) => a - b)) out.push('  ' + line(`rule ${r}`, s.engineByRule[r]));
  out.push('Engine by language:');
  for (const l of Object.keys(s.engineByLanguage).sort()) out.push('  ' + line(l, s.engineByLanguage[l]));
  const failing = s.results.filter((r) => r.engine.verdict !== 'correct');
  out.push('');
  out.push(`Engine failures (${failing.length}):`);
  for (const r of failing) {
    const c = r.case;
    const ctx = [r.zone, c.input.locale, c.input.country, c.input.subdivision].filter(Boolean).join(' ');
    out.push(`  ${c.id} [${r.engine.verdict === 'confidently_wrong' ? 'WRONG' : 'miss'}] rules ${c.rule.join(',')}  "${c.input.text}"  (${ctx}; ref ${DateTime.fromISO(c.input.referenceInstant, { setZone: true }).setZone(r.zone).toFormat("ccc yyyy-MM-dd HH:mm ZZ")})`);
    out.push(`      expected ${describeExpect(c.expect, r.zone)}`);
    out.push(`      got      ${describeGot(r.engine.got, r.zone)}`);
    if (c.note) out.push(`      note     ${c.note}`);
  }
  console.log(out.join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  scoreCorpus(process.argv[2] ?? DEFAULT_PATH)
    .then(printReport)
    .catch((err) => console.error('scorer failed:', err))
    .finally(() => process.exit(0));
}
