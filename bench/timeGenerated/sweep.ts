/**
 * The generated-corpus sweep: per template family, accuracy and confident-wrong answers of the engine.
 *
 *   node --import tsx bench/timeGenerated/sweep.ts --cases 50000 [--seed S] [--family NAME] [--failures N] [--index I]
 *
 * `--index I` re-runs the single case I of seed S (the reproduction line names both).
 * The process exits 0 whatever the score.
 */
import { pathToFileURL } from 'node:url';
import { FAMILIES, MISSING_FAMILIES, generateCase, generateCases } from './families.js';
import { formatTable, reproduction, runEngine, classify, scoreCases, type SweepScore } from './score.js';

export const DEFAULT_SEED = 20261124;

export function sweep(cases: number, seed = DEFAULT_SEED, family?: string): SweepScore {
  return scoreCases(generateCases(seed, cases, family));
}

export function printSweep(s: SweepScore, seed: number, failures = 20): void {
  console.log(formatTable(s));
  const wrong = s.failures.filter((f) => f.verdict === 'confidently_wrong');
  const shown = [...wrong, ...s.failures.filter((f) => f.verdict !== 'confidently_wrong')].slice(0, failures);
  if (shown.length) {
    console.log(`\nfirst ${shown.length} failing cases of seed ${seed} (confidently wrong first):`);
    for (const f of shown) console.log(`  ${f.verdict === 'confidently_wrong' ? 'WRONG' : 'miss '} ${reproduction(f.c, f.got)}`);
  }
  console.log(`\nfamilies not generated yet: ${MISSING_FAMILIES.join('; ')}`);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seed = Number(arg('seed') ?? DEFAULT_SEED);
  const family = arg('family');
  if (family && !FAMILIES.some((f) => f.name === family)) {
    console.error(`unknown family ${family}; known: ${FAMILIES.map((f) => f.name).join(', ')}`);
    process.exit(2);
  }
  const index = arg('index');
  if (index !== undefined) {
    const c = generateCase(seed, Number(index), family);
    const got = runEngine(c);
    console.log(`${classify(c, got)} ${reproduction(c, got)}`);
  } else {
    const cases = Number(arg('cases') ?? 5000);
    const started = performance.now();
    const s = sweep(cases, seed, family);
    console.log(`generated time corpus: ${cases} cases, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    printSweep(s, seed, Number(arg('failures') ?? 20));
  }
}
