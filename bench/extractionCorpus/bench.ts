/**
 * The extraction corpus's section of `make bench`: text extraction scored on the generated cases
 * (fields right, by field and language, confidently wrong count), then each poster section.
 */
import { DEFAULT_SEED, generateCases } from './generate.js';
import { formatTables, scoreCases, wrongLines } from './score.js';
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
  // ---- poster scores -------------------------------------------------------------------------
  for (const section of POSTER_SECTIONS) await section(cases, seed);
}
