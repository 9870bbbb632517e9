/**
 * How search folds text (decisions in openapi/paths/api_v0_search.yaml): one function for
 * documents and queries, on both databases, so an indexed word and a typed word meet exactly.
 * NFKD splits accented letters and ligatures, the combining diacritical marks are dropped
 * (other marks, such as kana voicing or Indic vowel signs, are part of their word), the few
 * Latin letters without a decomposition are spelled out, everything is lower-cased, and any
 * run of characters that is neither a letter, a mark nor a digit separates words.
 */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd',
  ł: 'l', Ł: 'l', ı: 'i', þ: 'th', Þ: 'th', ħ: 'h', Ħ: 'h', ŧ: 't', Ŧ: 't',
};
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;
const SPELLED = new RegExp(`[${Object.keys(LETTERS_WITHOUT_DECOMPOSITION).join('')}]`, 'g');

/** Lower-case words without accents, separated by single spaces ("Café  Sonoré!" → "cafe sonore"). */
export function foldText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .replace(SPELLED, (c) => LETTERS_WITHOUT_DECOMPOSITION[c])
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** The folded words of a text, in order. */
export function searchWords(text: string | null | undefined): string[] {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
}
