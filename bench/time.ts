/**
 * Time-parser cases of `make bench`: the engine against chrono-node alone on the same phrases
 * (parses/s, p50/p99 per parse, ratio), in one run on this machine.
 */
import * as chrono from 'chrono-node';
import { parseTimeExpression } from '../src/services/time/engine/index.js';

export const PHRASES = [
  'fri 8-11pm PT', 'tomorrow 9 JST', 'next saturday at noon', '2:30am on march 8', 'tonight at 9',
  'this weekend', 'in 2 hours', 'yesterday 9pm', '9pm EST', 'saturday 21:00 CET', 'dec 31 11pm',
  'first saturday of november', 'end of month', 'noon tomorrow', 'monday 7:30pm ET', 'in 45 minutes',
  'next week', 'thursday 8pm to midnight', 'midnight', 'sunday 3pm BST', 'call me at 555-1234',
  'score was 3-2', 'version 2.10.3', 'feb 30', '25:00', '13pm', 'march 8 2:30am', 'nov 1 1:30am',
  'morgen um 20 Uhr', 'mañana a las 9', 'demain à 21h', 'amanhã às 20h', '明日の21時', 'next friday 10pm',
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function time(fn: (text: string) => unknown, rounds: number) {
  const samples: number[] = [];
  const started = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) {
    for (const text of PHRASES) {
      const t0 = process.hrtime.bigint();
      fn(text);
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  samples.sort((a, b) => a - b);
  return { perSecond: samples.length / (totalMs / 1000), p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export function benchEngine(rounds = 40) {
  const reference = Date.UTC(2026, 10, 21, 15, 0, 0);
  // Warm both (JIT, lazy tables) before measuring.
  time((text) => chrono.parse(text, new Date(reference), { forwardDate: true }), 3);
  time((text) => parseTimeExpression({ text, timeZone: 'America/New_York', referenceInstant: reference }), 3);
  const chronoAlone = time((text) => chrono.parse(text, new Date(reference), { forwardDate: true }), rounds);
  const engine = time((text) => parseTimeExpression({ text, timeZone: 'America/New_York', referenceInstant: reference }), rounds);
  return { chronoAlone, engine };
}
