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

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+/gu;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The key a name is found by inside a text: folded, with no spaces at all ("DJ Aurora Vex" →
 * "djauroravex", "静かな 提灯会" → "静かな提灯会"), so Latin names match across the text's word
 * breaks and Japanese names, written without spaces, match as written.
 */
export function nameKey(name: string | null | undefined): string {
  return foldText(name).replace(/ /g, '');
}

/** Shortest key worth looking up: two CJK characters, else four letters or digits. */
export const nameKeyUsable = (key: string) => (HAS_CJK.test(key) ? [...key].length >= 2 : key.length >= 4) && key.length <= 200;

export interface NameMention {
  /** `nameKey` of the span. */
  key: string;
  /** The span as written. */
  text: string;
  /** Every word of the span starts with a capital letter or is not in a cased script ("Aurora Vex", "静かな提灯会", "DJ Vex"). */
  capitalised: boolean;
}

/**
 * Every span of a text that could be a name in the directory, by key: runs of one to `maxWords`
 * consecutive words of a line, and inside runs of Japanese or Chinese characters (written without
 * spaces) every substring of 2–16 characters. At most `max` keys, first spans first.
 */
export function mentionSpans(text: string, opts: { maxWords?: number; max?: number } = {}): Map<string, NameMention> {
  const maxWords = opts.maxWords ?? 6;
  const max = opts.max ?? 4000;
  const out = new Map<string, NameMention>();
  // A span's key is its words' keys run together (what lies between two words folds to nothing),
  // so each word and each Japanese character is folded once, not once per span it is part of.
  // Whether a span is capitalised is asked of the few spans the directory knows: worked out then.
  const add = (key: string, span: string) => {
    if (out.has(key) || !nameKeyUsable(key)) return;
    out.set(key, new Span(key, span));
  };
  for (const rawLine of text.normalize('NFKC').split(/\r?\n/)) {
    const words: { text: string; index: number; key: string }[] = [];
    for (const m of rawLine.matchAll(WORD)) {
      const word = m[0].replace(WORD_TAIL, '');
      words.push({ text: word, index: m.index, key: nameKey(word) });
    }
    for (let i = 0; i < words.length && out.size < max; i++) {
      const first = words[i];
      let key = '';
      for (let n = 1; n <= maxWords && i + n <= words.length && out.size < max; n++) {
        const last = words[i + n - 1];
        key += last.key;
        add(key, rawLine.slice(first.index, last.index + last.text.length));
      }
    }
    for (const run of rawLine.matchAll(CJK_RUN)) {
      const chars = [...run[0]];
      const keys = chars.map((c) => nameKey(c));
      for (let a = 0; a < chars.length && out.size < max; a++) {
        let key = keys[a];
        let span = chars[a];
        for (let b = a + 1; b < Math.min(chars.length, a + 16) && out.size < max; b++) {
          key += keys[b];
          span += chars[b];
          add(key, span);
        }
      }
    }
    if (out.size >= max) break;
  }
  return out;
}

const WORD = /[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’.&-]*/gu;

/** A span of `mentionSpans`: whether it is capitalised is worked out when asked. */
class Span implements NameMention {
  constructor(
    readonly key: string,
    readonly text: string,
  ) {}

  get capitalised(): boolean {
    return this.text.split(/\s+/).every((w) => !/\p{Ll}/u.test(w[0] ?? ''));
  }
}

/**
 * The spans of several lines of one text, as `mentionSpans` gives them for the lines joined by
 * line breaks (the first occurrence of a key stands; at most `max` keys), from each line's own.
 */
export function mergeSpans(perLine: readonly Map<string, NameMention>[], max = 4000): Map<string, NameMention> {
  const out = new Map<string, NameMention>();
  for (const spans of perLine) {
    for (const [key, mention] of spans) {
      if (out.size >= max) return out;
      if (!out.has(key)) out.set(key, mention);
    }
  }
  return out;
}
const WORD_TAIL = /[.'’&-]+$/u;
