/**
 * The extraction corpus's section of `make bench`: text extraction scored on the generated cases
 * (fields right, by field and language, confidently wrong count), then each poster section.
 */
import { DEFAULT_SEED, generateCases } from './generate.js';
import { formatTables, runExtractor, scoreCases, wrongLines } from './score.js';
import { FixtureDirectory } from './directory.js';
import type { ExtractionCase } from './templates.js';

export const BENCH_CASES = 3000;

/**
 * Poster scores: the same cases laid out as posters (`poster.lines`), rendered and read back by
 * OCR, then extracted with origin `poster`. A poster section registers itself here and prints
 * its own table after the text scores; `make bench` runs every one registered.
 */
export type PosterSection = (cases: readonly ExtractionCase[], seed: number) => Promise<void>;
export const POSTER_SECTIONS: PosterSection[] = [];

export async function printExtractionBench(seed = DEFAULT_SEED, count = BENCH_CASES): Promise<void> {
  const cases = generateCases(seed, count);
  const started = performance.now();
  const score = await scoreCases(cases);
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nextraction accuracy, generated announcement corpus (${count} cases, seed ${seed}, ${seconds.toFixed(1)} s), text`);
  console.log(formatTables(score, ['field', 'language']));
  console.log(`confidently wrong fields: ${wrongLines(score).length} (node --import tsx bench/extractionCorpus/run.ts --seed ${seed} --cases ${count} lists them)`);
  printLatency(await longTextLatency(seed));
  // ---- poster scores -------------------------------------------------------------------------
  for (const section of POSTER_SECTIONS) await section(cases, seed);
}

/** The longest text extraction takes (the contract's sourceText limit), and the time it may take there. */
export const LONG_TEXT_CHARS = 12000;
export const LONG_TEXT_TARGET_MS = 50;

/**
 * Extraction time of texts at the length limit: generated announcements of every shape and
 * language run together (blank lines between them) and cut at a line end before 12 000
 * characters, each a different text, extracted one at a time after a short warm-up, with the
 * directory lookups answered in memory (the fixture directory the scores use).
 */
export async function longTextLatency(seed = DEFAULT_SEED, count = 100): Promise<{ count: number; chars: number; p50: number; p95: number; max: number }> {
  const source = generateCases(seed + 1, count * 80);
  const texts: ExtractionCase[] = [];
  let next = 0;
  while (texts.length < count && next < source.length) {
    const first = source[next];
    let text = '';
    while (text.length < LONG_TEXT_CHARS && next < source.length) text += `${text ? '\n\n' : ''}${source[next++].text}`;
    const cut = text.lastIndexOf('\n', LONG_TEXT_CHARS);
    texts.push({ ...first, text: text.length > LONG_TEXT_CHARS ? text.slice(0, cut > 0 ? cut : LONG_TEXT_CHARS) : text });
  }
  const directory = new FixtureDirectory();
  for (const c of texts.slice(0, 5)) await runExtractor(c, directory);
  const times: number[] = [];
  for (const c of texts) {
    const started = performance.now();
    await runExtractor(c, directory);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { count: times.length, chars: Math.round(texts.reduce((n, c) => n + c.text.length, 0) / texts.length), p50: at(0.5), p95: at(0.95), max: times[times.length - 1] };
}

function printLatency(r: Awaited<ReturnType<typeof longTextLatency>>): void {
  console.log(`\nextraction time, ${r.count} texts of ${r.chars} characters on average (limit ${LONG_TEXT_CHARS})`.padEnd(72), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'max ms'.padStart(8), 'target'.padStart(8));
  console.log('one text at a time, directory in memory'.padEnd(71), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.max.toFixed(1).padStart(8), `< ${LONG_TEXT_TARGET_MS}`.padStart(8));
}
