/**
 * The in-process cost comparison of `make bench` (engine against chrono-node alone), run in a
 * process of its own so that neither side inherits the heap, pools and timers the HTTP cases of
 * the same run leave behind. Prints the figures as one JSON line.
 *
 *   node --import tsx bench/timeCost.ts bench|corpus ROUNDS
 */
import { PHRASES, benchEngine, corpusPhrases } from './time.js';

const [which = 'bench', rounds = '200'] = process.argv.slice(2);
const phrases = which === 'corpus' ? corpusPhrases() : PHRASES;
console.log(JSON.stringify({ phrases: phrases.length, ...benchEngine(Number(rounds), [...phrases]) }));
