import { describe, expect, test } from '@jest/globals';
import { FAMILIES, generateCases } from '../../../bench/timeGenerated/families.js';
import { formatTable, reproduction, scoreCases } from '../../../bench/timeGenerated/score.js';

/**
 * The generated-corpus sweep as a CI gate: 6 000 seeded cases over every template family, run
 * through the engine in-process. Accuracy is reported (the per-family table is printed); the gate
 * is the worst outcome of decisions §5, a confidently wrong `resolved` answer, of which there must
 * be none. Each failing case is listed as a one-line reproduction naming seed and index, so
 * `node --import tsx bench/timeGenerated/sweep.ts --seed S --index I` re-runs it alone.
 */
const SEED = 20261124;
const CASES = 6000;

describe('generated time corpus sweep', () => {
  const score = scoreCases(generateCases(SEED, CASES));
  const table = formatTable(score);

  test('when 6000 seeded cases of every family are drawn, then every family is scored', () => {
    console.log(`generated time corpus sweep, seed ${SEED}, ${CASES} cases\n${table}`);
    expect(score.total.cases).toBe(CASES);
    expect(Object.keys(score.byFamily).sort()).toEqual(FAMILIES.map((f) => f.name).sort());
  });

  test('when the engine answers the 6000 cases, then none is confidently wrong', () => {
    const wrong = score.failures.filter((f) => f.verdict === 'confidently_wrong');
    const message = [
      `${wrong.length} confidently wrong answers of ${CASES} (seed ${SEED}); first ${Math.min(20, wrong.length)}:`,
      ...wrong.slice(0, 20).map((f) => `reproduction(${reproduction(f.c, f.got)})`),
      '',
      table,
    ].join('\n');
    if (wrong.length) throw new Error(message);
    expect(wrong).toHaveLength(0);
  });
});
