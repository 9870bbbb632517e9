/**
 * The extraction corpus from the command line:
 *   node --import tsx bench/extractionCorpus/run.ts [--seed S] [--cases N] [--index I] [--verbose]
 * prints the scores by field, language, shape and failure class and the confidently wrong fields
 * as one-line reproductions (all of them with --verbose, else the first 40); with --index, one
 * case: its text, what is expected, the extractor's full result and each field's verdict.
 */
import { pathToFileURL } from 'node:url';
import { DEFAULT_SEED, generateCase, generateCases } from './generate.js';
import { formatTables, runExtractor, scoreCase, scoreCases, wrongLines } from './score.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const seed = Number(arg('seed') ?? DEFAULT_SEED);
  const verbose = process.argv.includes('--verbose');
  const index = arg('index');
  if (index !== undefined) {
    const c = generateCase(seed, Number(index));
    const result = await runExtractor(c);
    const s = scoreCase(c, result);
    console.log(`case ${c.id} ${c.language}/${c.shape} zone ${c.timeZone} reference ${new Date(c.referenceInstant).toISOString()}`);
    console.log(`template ${c.template}\nclasses ${c.classes.join(' ')}\n`);
    console.log(`${c.text}\n`);
    console.log('expected', JSON.stringify(c.expected, null, 2));
    console.log('also right', JSON.stringify(c.alsoRight));
    console.log('result', JSON.stringify(result, null, 2));
    for (const f of s.fields) console.log(`${f.verdict.padEnd(6)} ${f.path.padEnd(22)} expected ${JSON.stringify(f.expected)} got ${JSON.stringify(f.got)}`);
    return;
  }
  const cases = Number(arg('cases') ?? 3000);
  const started = performance.now();
  const score = await scoreCases(generateCases(seed, cases));
  console.log(`extraction corpus, seed ${seed}, ${cases} cases (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  console.log(formatTables(score));
  const wrong = wrongLines(score);
  const shown = verbose ? wrong : wrong.slice(0, 40);
  console.log(`\n${wrong.length} confidently wrong fields${shown.length < wrong.length ? `; first ${shown.length}` : ''}:`);
  for (const l of shown) console.log(`  ${l}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
