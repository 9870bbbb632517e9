/**
 * Batch mode for people and scripts: JSON lines of engine inputs on standard input, one JSON
 * result line per input on standard output, in order.
 *   npm run time-parse < requests.jsonl
 * Each input: {"text", "timeZone"?, "locale"?, "country"?, "subdivision"?, "referenceInstant"?}
 * (referenceInstant: ISO 8601 or epoch ms; default now). A line that is not a valid input gets
 * {"error": "..."} so lines stay aligned; a blank line is skipped. A text that is empty or holds
 * no time ({"text": ""}, {"text": "🎉"}) is a valid input and answers `no_plan`.
 */
import readline from 'node:readline';
import { DEFAULT_TIME_ZONE, parseTimeExpression } from './services/time/engine/index.js';
import { systemClock } from './lib/clock.js';

function toInput(line: string) {
  const raw = JSON.parse(line) as Record<string, unknown>;
  // As the API: at most 500 characters (code points, as the schema counts), no minimum (an empty
  // text answers no_plan, decisions §5.1).
  if (typeof raw.text !== 'string' || [...raw.text].length > 500) throw new Error('text must be a string of at most 500 characters');
  let referenceInstant = systemClock.now();
  if (typeof raw.referenceInstant === 'number') referenceInstant = raw.referenceInstant;
  else if (typeof raw.referenceInstant === 'string') {
    referenceInstant = Date.parse(raw.referenceInstant);
    if (Number.isNaN(referenceInstant)) throw new Error('referenceInstant is not an ISO 8601 instant');
  }
  const opt = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : undefined);
  return { text: raw.text, timeZone: opt('timeZone') ?? DEFAULT_TIME_ZONE, locale: opt('locale'), country: opt('country'), subdivision: opt('subdivision'), referenceInstant };
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let out: unknown;
  try {
    out = parseTimeExpression(toInput(line));
  } catch (err) {
    out = { error: err instanceof Error ? err.message : 'invalid input' };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
