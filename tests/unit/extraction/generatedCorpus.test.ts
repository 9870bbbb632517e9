import { beforeAll, describe, expect, test } from '@jest/globals';
import { generateCases } from '../../../bench/extractionCorpus/generate.js';
import { formatTables, scoreCases, wrongLines, type CorpusScore } from '../../../bench/extractionCorpus/score.js';
import { LANGS } from '../../../bench/extractionCorpus/lang.js';

/**
 * The generated announcement corpus as a CI gate: 3 000 seeded cases in six languages and seven
 * shapes, extracted with the fixture directory. Accuracy is reported (tables by field, language,
 * shape and failure class are printed); the gate is the confidently wrong field (a value that is
 * not right with no question on its path): there may be no more than the ones still known
 * (KNOWN_WRONG, going down to none), and at least RIGHT_AT_LEAST of all fields must be right. Each one is listed as a
 * one-line reproduction; `node --import tsx bench/extractionCorpus/run.ts --seed S --index I`
 * shows that case alone with the extractor's full result.
 */
const SEED = 20261128;
const CASES = 3000;
/** Confidently wrong fields the extractor still gives on this seed; lowered as they are fixed, never raised. */
const KNOWN_WRONG = 30;
const RIGHT_AT_LEAST = 0.975;

describe('generated extraction corpus gate', () => {
  let score: CorpusScore;
  beforeAll(async () => {
    score = await scoreCases(generateCases(SEED, CASES));
  }, 300_000);

  test('when 3000 seeded cases are extracted, then every language is scored', () => {
    console.log(`generated extraction corpus, seed ${SEED}, ${CASES} cases\n${formatTables(score)}`);
    expect(score.cases).toBe(CASES);
    expect(Object.keys(score.byLanguage).sort()).toEqual([...LANGS].sort());
  });

  test('when the extractor answers the 3000 cases, then no more fields than the known ones are confidently wrong, and nearly all are right', () => {
    const wrong = wrongLines(score);
    const total = score.total;
    expect(total.right / (total.right + total.asked + total.empty + total.wrong)).toBeGreaterThanOrEqual(RIGHT_AT_LEAST);
    if (wrong.length > KNOWN_WRONG) {
      throw new Error([`${wrong.length} confidently wrong fields in ${CASES} cases (seed ${SEED}); first ${Math.min(40, wrong.length)}:`, ...wrong.slice(0, 40), '', formatTables(score)].join('\n'));
    }
    expect(wrong.length).toBeLessThanOrEqual(KNOWN_WRONG);
  });
});
