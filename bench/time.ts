/**
 * Time-parser cases of `make bench`: the engine against chrono-node alone on the same phrases
 * (parses/s, p50/p99 per parse, ratio), in one run on this machine. Rounds alternate between the
 * two so that warm-up, garbage collection and CPU frequency fall on both alike.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chrono from 'chrono-node';
import { parseTimeExpression } from '../src/services/time/engine/index.js';
import { loadCorpus } from './timeCorpus.js';

export interface BenchPhrase {
  text: string;
  locale?: string;
  timeZone?: string;
  country?: string;
}

/** The phrase corpora under bench/corpus. */
export function corpusFiles(): string[] {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f));
}

/** The phrases of every corpus (or of one), as parse inputs. */
export function corpusPhrases(path?: string): BenchPhrase[] {
  return (path ? [path] : corpusFiles()).flatMap((file) =>
    loadCorpus(file).cases.map((c) => ({ text: c.input.text, locale: c.input.locale, timeZone: c.input.timeZone, country: c.input.country })),
  );
}

const en = (text: string): BenchPhrase => ({ text });
export const PHRASES: BenchPhrase[] = [
  ...[
    'fri 8-11pm PT', 'tomorrow 9 JST', 'next saturday at noon', '2:30am on march 8', 'tonight at 9',
    'this weekend', 'in 2 hours', 'yesterday 9pm', '9pm EST', 'saturday 21:00 CET', 'dec 31 11pm',
    'first saturday of november', 'end of month', 'noon tomorrow', 'monday 7:30pm ET', 'in 45 minutes',
    'next week', 'thursday 8pm to midnight', 'midnight', 'sunday 3pm BST', 'call me at 555-1234',
    'score was 3-2', 'version 2.10.3', 'feb 30', '25:00', '13pm', 'march 8 2:30am', 'nov 1 1:30am', 'next friday 10pm',
  ].map(en),
  { text: 'morgen um 20 Uhr', locale: 'de-DE', timeZone: 'Europe/Berlin' },
  { text: 'mañana a las 9', locale: 'es-ES', timeZone: 'Europe/Madrid' },
  { text: 'demain à 21h', locale: 'fr-FR', timeZone: 'Europe/Paris' },
  { text: 'amanhã às 20h', locale: 'pt-BR', timeZone: 'America/Sao_Paulo' },
  { text: '明日の21時', locale: 'ja-JP', timeZone: 'Asia/Tokyo' },
];

const CHRONO: Record<string, chrono.Chrono> = { de: chrono.de.casual, fr: chrono.fr.casual, es: chrono.es.casual, pt: chrono.pt.casual, ja: chrono.ja.casual };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

type Parse = (p: BenchPhrase) => unknown;

export interface ParserFigures {
  perSecond: number;
  /** Mean microseconds per parse. */
  meanUs: number;
  p50: number;
  p99: number;
}

/** Runs `rounds` alternating rounds of each parser over the phrases; per-parse samples in ms. */
export function compare(phrases: BenchPhrase[], parsers: Record<string, Parse>, rounds: number): Record<string, ParserFigures> {
  const samples: Record<string, number[]> = {};
  const totals: Record<string, number> = {};
  for (const name of Object.keys(parsers)) {
    samples[name] = [];
    totals[name] = 0;
    for (let w = 0; w < 3; w++) for (const p of phrases) parsers[name](p); // warm (JIT, lazy tables)
  }
  for (let r = 0; r < rounds; r++) {
    for (const [name, parse] of Object.entries(parsers)) {
      for (const p of phrases) {
        const t0 = process.hrtime.bigint();
        parse(p);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        samples[name].push(ms);
        totals[name] += ms;
      }
    }
  }
  const out: Record<string, ParserFigures> = {};
  for (const name of Object.keys(parsers)) {
    const sorted = samples[name].sort((a, b) => a - b);
    out[name] = { perSecond: sorted.length / (totals[name] / 1000), meanUs: (totals[name] * 1000) / sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  }
  return out;
}

export const chronoAlone: Parse = (p) => {
  const parser = CHRONO[p.locale?.slice(0, 2) ?? ''] ?? chrono.en.casual;
  return parser.parse(p.text, new Date(REFERENCE), { forwardDate: true });
};
export const engine: Parse = (p) =>
  parseTimeExpression({ text: p.text, locale: p.locale, country: p.country, timeZone: p.timeZone ?? 'America/New_York', referenceInstant: REFERENCE });

const REFERENCE = Date.UTC(2026, 10, 21, 15, 0, 0);

export function benchEngine(rounds = 200, phrases = PHRASES) {
  const r = compare(phrases, { chronoAlone, engine }, rounds);
  return { chronoAlone: r.chronoAlone, engine: r.engine };
}

/** `benchEngine` in a fresh process (bench/timeCost.ts), as `make bench` reports it. */
export function benchEngineIsolated(which: 'bench' | 'corpus', rounds: number): { phrases: number; chronoAlone: ParserFigures; engine: ParserFigures } {
  const here = dirname(fileURLToPath(import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'timeCost.ts'), which, String(rounds)], { cwd: join(here, '..'), encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`bench/timeCost.ts failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

/**
 * The batch mode as scripts use it, cold: one process over every corpus line, against chrono-node
 * alone in its own process over the same lines. Median wall time of `runs` runs each.
 */
export function benchBatch(runs = 5): { lines: number; chronoMs: number; engineMs: number } {
  const cases = corpusFiles().flatMap((file) => loadCorpus(file).cases);
  const input = cases.map((c) => JSON.stringify(c.input)).join('\n') + '\n';
  const wall = (args: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      const out = spawnSync(process.execPath, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (out.status !== 0 || out.stdout.trim().split('\n').length !== cases.length) throw new Error(`${args.join(' ')} failed: ${out.stderr}`);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  };
  spawnSync(process.execPath, ['bin/time-parse.mjs'], { input: '{"text":"9pm"}\n' }); // build the bundle if it is stale
  return { lines: cases.length, chronoMs: wall(['bench/chronoBatch.mjs']), engineMs: wall(['bin/time-parse.mjs']) };
}
