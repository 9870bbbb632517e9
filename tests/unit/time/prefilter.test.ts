import { describe, expect, test } from '@jest/globals';
import { corpusPhrases } from '../../../bench/time.js';
import { generateCases } from '../../../bench/timeGenerated/families.js';
import { mulberry32 } from '../../../bench/timeGenerated/prng.js';
import { rewriteForLanguage, rulesFor } from '../../../src/services/time/engine/languages.js';
import { normalize } from '../../../src/services/time/engine/planner.js';
import { factorKeys, indexText, mayContain, requiredFactors } from '../../../src/services/time/engine/prefilter.js';

/** Whether the pattern matches the text, and whether the prefilter allows it to. */
function verdicts(re: RegExp, text: string): { matches: boolean; allowed: boolean } {
  const factors = requiredFactors(re);
  indexText(text);
  const globalRe = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  return { matches: globalRe.test(text), allowed: !factors || mayContain(factorKeys(factors)) };
}

describe('the rewriting rules prefilter', () => {
  test.each([
    [/(\d{1,2})(?::(\d{2}))?\s*(?:uhr\s+)?nachts\b/, ['nachts']],
    [/heute\s+(?:abend|nacht)/, ['heute']],
    [/(?:morgen|übermorgen)\s+nachmittag/, ['nachmittag']],
    [/\b(?:tmrw|tmr)\b/, ['tmrw', 'tmr']],
    [/a?bc/, ['bc', 'abc']],
    [/(?:x|y)z/, ['xz', 'yz']],
    [/[ab]c/, ['ac', 'bc']],
    [/\u00e0\s+la/, ['la']],
    [/(a)\1/, ['a']],
    [/(?<![a-z])(?:de|da)(?![a-z])/, ['de', 'da']],
    [/(\d+)時間/, ['時間']],
    [/[a-z]+tag/, ['tag']],
  ])('when the pattern %s is analysed, then every match holds one of %j', (re, factors) => {
    expect(new Set(requiredFactors(re))).toEqual(new Set(factors));
  });

  test.each([/a*/, /x|\d+/, /(?=foo)\w+/, /[^a]+/, /\bfoo\b/i, /(?:foo)?/])('when %s may match without a known word, then it always runs', (re) => {
    expect(requiredFactors(re)).toBeUndefined();
  });

  test('when texts hold a factor or not, then the prefilter never refuses a pattern that matches', () => {
    const rng = mulberry32(7);
    const patterns = [/heute\s+(?:abend|nacht)/, /(\d{1,2})\s*uhr/, /[ab]c/, /a?bc/, /(?:x|y)z+/, /[àé]t/, /ab{2,3}c/, /(?:x|)abc/];
    const alphabet = ['a', 'b', 'c', 'x', 'y', 'z', 'à', 'é', 't', ' ', '1', '2', 'heute', ' abend', ' nacht', 'uhr', 'bb'];
    for (let i = 0; i < 5_000; i++) {
      const text = Array.from({ length: 1 + Math.floor(rng() * 8) }, () => alphabet[Math.floor(rng() * alphabet.length)]).join('');
      for (const re of patterns) {
        const v = verdicts(re, text);
        if (v.matches) expect({ re: re.source, text, allowed: v.allowed }).toEqual({ re: re.source, text, allowed: true });
      }
    }
  });

  test('when every rule of every language runs on the corpora, then each rule that matches was allowed and the rewriting is that of running every rule', () => {
    const texts: [string, string | undefined][] = [
      ...corpusPhrases().map((p): [string, string | undefined] => [normalize(p.text), p.locale?.slice(0, 2)]),
      ...generateCases(20261124, 1_500).map((c): [string, string | undefined] => [normalize(c.request.text), c.request.locale.slice(0, 2)]),
    ];
    const refused: string[] = [];
    for (const [text, lang] of texts) {
      let out = text;
      indexText(out);
      for (const { re, replace, factors } of rulesFor(lang)) {
        re.lastIndex = 0;
        if (re.test(out) && factors && !mayContain(factors)) refused.push(`${re.source} on "${out}"`);
        re.lastIndex = 0;
        const next = out.replace(re, replace);
        if (next !== out) indexText((out = next));
      }
      expect(rewriteForLanguage(text, lang)).toBe(out.replace(/\s+/g, ' ').trim());
    }
    expect(refused).toEqual([]);
  });
});
