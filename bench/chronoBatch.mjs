/**
 * Baseline for the batch-mode bench: chrono-node alone over the same JSON lines as
 * `npm run time-parse` (one result line per input, the locale's chrono parser).
 */
import readline from 'node:readline';
import * as chrono from 'chrono-node';

const PARSERS = { de: chrono.de, fr: chrono.fr, es: chrono.es, pt: chrono.pt, ja: chrono.ja };
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  const input = JSON.parse(line);
  const parser = PARSERS[(input.locale ?? 'en').slice(0, 2)] ?? chrono;
  const found = parser.parse(input.text, new Date(input.referenceInstant ?? Date.now()), { forwardDate: true });
  process.stdout.write(JSON.stringify(found[0]?.start.date() ?? null) + '\n');
}
