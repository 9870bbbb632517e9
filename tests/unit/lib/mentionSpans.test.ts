import { describe, expect, test } from '@jest/globals';
import { generateCases } from '../../../bench/extractionCorpus/generate.js';
import { mentionSpans, mergeSpans, nameKey, nameKeyUsable, type NameMention } from '../../../src/lib/searchText.js';

/**
 * `mentionSpans` folds each word and each Japanese character once and runs their keys together.
 * The oracle here folds every span whole, as the definition says (the key of a span is the
 * `nameKey` of its text): both must give the same spans, keys, texts and capitalisation, in the
 * same order, on the generated announcements and on random text mixing scripts, accents,
 * ligatures, punctuation, full-width forms and symbols.
 */
function oracle(text: string, maxWords = 6, max = 4000): Map<string, NameMention> {
  const out = new Map<string, NameMention>();
  const add = (span: string) => {
    const key = nameKey(span);
    if (out.size >= max || out.has(key) || !nameKeyUsable(key)) return;
    out.set(key, { key, text: span, capitalised: span.split(/\s+/).every((w) => !/\p{Ll}/u.test(w[0] ?? '')) });
  };
  for (const line of text.normalize('NFKC').split(/\r?\n/)) {
    const words = [...line.matchAll(/[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’.&-]*/gu)].map((m) => ({ text: m[0].replace(/[.'’&-]+$/u, ''), index: m.index }));
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= maxWords && i + n <= words.length; n++) add(line.slice(words[i].index, words[i + n - 1].index + words[i + n - 1].text.length));
    }
    for (const run of line.matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+/gu)) {
      const chars = [...run[0]];
      for (let a = 0; a < chars.length; a++) for (let b = a + 2; b <= Math.min(chars.length, a + 16); b++) add(chars.slice(a, b).join(''));
    }
    if (out.size >= max) break;
  }
  return out;
}

const PIECES = [
  'Neon', 'Reverie', 'DJ', 'Aurora', 'Vex', 'Café', 'Lumière', 'Straße', 'Œuvre', 'Ærø', 'Łódź', 'ﬁesta', 'Ｆｕｌｌ', 'ｶﾞｰﾃﾞﾝ',
  '静かな', '提灯会', 'ナナ', '々', 'ー', '한국어', '™', '①', '½', "O'Neil", 'D.J.', 'R&B', 'b2b', '22:00', '—', '/', ',', '&', '·', '…',
  'e\u0301', 'A\u030a', '\u200b', '  ', '\t', '「', '」', '(', ')', '#', '@', '**', 'x', 'Y',
];
function randomText(seed: number): string {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0), s);
  const lines: string[] = [];
  for (let l = 0, n = 1 + (next() % 4); l < n; l++) {
    const parts: string[] = [];
    for (let i = 0, m = next() % 14; i < m; i++) parts.push(PIECES[next() % PIECES.length] + (next() % 3 === 0 ? '' : ' '));
    lines.push(parts.join(''));
  }
  return lines.join(next() % 2 ? '\n' : '\r\n');
}

const plain = (m: Map<string, NameMention>) => [...m].map(([k, v]) => [k, { key: v.key, text: v.text, capitalised: v.capitalised }]);

describe('mentionSpans', () => {
  test('when the generated announcements are read, then the spans are those of folding every span whole', () => {
    for (const c of generateCases(20261128, 400)) expect(plain(mentionSpans(c.text))).toEqual(plain(oracle(c.text)));
  });

  test('when random text of mixed scripts, accents, ligatures, full-width forms and symbols is read, then the spans are the same too', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const text = randomText(seed);
      expect({ text, spans: plain(mentionSpans(text)) }).toEqual({ text, spans: plain(oracle(text)) });
    }
  });

  test("when each line's spans are merged, then they are the spans of the lines joined, bound included", () => {
    for (const c of generateCases(7, 300)) {
      const lines = c.text.split('\n');
      expect(plain(mergeSpans(lines.map((l) => mentionSpans(l))))).toEqual(plain(mentionSpans(lines.join('\n'))));
    }
    const long = Array.from({ length: 400 }, (_, i) => `Name${i} Other${i} Third${i}`);
    expect(plain(mergeSpans(long.map((l) => mentionSpans(l)), 50))).toEqual(plain(mentionSpans(long.join('\n'), { max: 50 })));
  });

  test('when the text holds more spans than the bound, then the first ones are kept up to it', () => {
    const text = Array.from({ length: 400 }, (_, i) => `Name${i} Other${i} Third${i}`).join('\n');
    expect(plain(mentionSpans(text, { max: 50 }))).toEqual(plain(oracle(text, 6, 50)));
    expect(mentionSpans(text, { max: 50 }).size).toBe(50);
  });
});
