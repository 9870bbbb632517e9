import { describe, expect, test } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describeExpect, describeGot, scoreCorpus } from '../../../bench/timeCorpus.js';

/**
 * The phrase corpora under bench/corpus (realistic chat messages with the answer decisions §5
 * requires, written from the rules) hold the engine to the bar: at least 97 % right and at most
 * 2 confidently wrong answers per corpus.
 */
const dir = join(process.cwd(), 'bench', 'corpus');
const corpora = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));

describe('time-phrase corpora', () => {
  test('there is at least one corpus', () => expect(corpora.length).toBeGreaterThan(0));

  test.each(corpora)('when %s is parsed, then at least 97 %% are right and at most 2 are confidently wrong', async (file) => {
    const score = await scoreCorpus(join(dir, file));
    expect(score.badLines).toEqual([]);
    const failures = score.results
      .filter((r) => r.engine.verdict !== 'correct')
      .map((r) => `${r.case.id} [${r.engine.verdict}] "${r.case.input.text}": expected ${describeExpect(r.case.expect, r.zone)}, got ${describeGot(r.engine.got, r.zone)}`);
    const accuracy = score.engine.correct / score.engine.total;
    expect({ accuracyAtLeast97: accuracy >= 0.97, confidentlyWrongAtMost2: score.engine.confidentlyWrong <= 2, failures }).toEqual({
      accuracyAtLeast97: true,
      confidentlyWrongAtMost2: true,
      failures: expect.any(Array),
    });
  });
});
