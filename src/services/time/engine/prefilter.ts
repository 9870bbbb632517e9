/**
 * A cheap test of whether a pattern can match a text at all, so that most of the rewriting rules
 * are passed over without running their patterns. From a pattern's source we compute the words
 * one of which every match must contain (its "factors": "nachts" for /(\d{1,2})\s*nachts\b/,
 * "heute" or "morgen" for /(heute|morgen)\s+abend/); a text is indexed once by the runs of one,
 * two and three characters it holds, and a factor can be in the text only if its runs are.
 *
 * Sound by construction: whatever the analysis does not understand (a character class, a
 * repetition that may be empty, a back-reference) requires nothing, and lookarounds are never
 * counted on, so the test only ever says "cannot match" when no match exists. A false "may
 * match" costs one ordinary run of the pattern.
 */

/** What a piece of a pattern matches: exactly one of a few strings, or only strings holding one of `factors` (`null`: anything). */
interface Info {
  exact: Set<string> | null;
  factors: string[] | null;
}

const MAX_EXACT = 32;
const ANY: Info = { exact: null, factors: null };
const EMPTY = (): Info => ({ exact: new Set(['']), factors: null });
const exactly = (strings: Iterable<string>): Info => ({ exact: new Set(strings), factors: null });

function factorsOf(x: Info): string[] | null {
  if (x.exact) return x.exact.has('') ? null : [...x.exact];
  return x.factors;
}

/** Of two sets of factors that are each required, the one that filters better. */
function better(a: string[] | null, b: string[] | null): string[] | null {
  if (!a) return b;
  if (!b) return a;
  const shortest = (f: string[]) => Math.min(...f.map((s) => s.length));
  const [la, lb] = [shortest(a), shortest(b)];
  if (la !== lb) return la > lb ? a : b;
  return a.length <= b.length ? a : b;
}

function alternate(a: Info, b: Info): Info {
  if (a.exact && b.exact && a.exact.size + b.exact.size <= MAX_EXACT) return exactly([...a.exact, ...b.exact]);
  const fa = factorsOf(a);
  const fb = factorsOf(b);
  return { exact: null, factors: fa && fb ? [...fa, ...fb] : null };
}

/** A small parser for the pattern syntax the rules use; anything unknown counts as "anything". */
class Analyzer {
  private i = 0;
  constructor(private readonly src: string) {}

  run(): Info {
    const info = this.alternation();
    if (this.i !== this.src.length) return ANY;
    return info;
  }

  private alternation(): Info {
    let info = this.sequence();
    while (this.src[this.i] === '|') {
      this.i++;
      info = alternate(info, this.sequence());
    }
    return info;
  }

  /**
   * A sequence: consecutive pieces of known strings join into runs ("nachts" from its letters),
   * and the best-filtering run or piece is what the sequence requires.
   */
  private sequence(): Info {
    const required: (string[] | null)[] = [];
    let run = new Set(['']);
    let allExact = true;
    const close = () => required.push(run.has('') ? null : [...run]);
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const item = this.quantified(this.atom());
      if (item.exact && run.size * item.exact.size <= MAX_EXACT) {
        const next = new Set<string>();
        for (const x of run) for (const y of item.exact) next.add(x + y);
        run = next;
      } else if (item.exact) {
        close();
        run = new Set(item.exact);
        allExact = false;
      } else {
        close();
        run = new Set(['']);
        allExact = false;
        required.push(item.factors);
      }
    }
    if (allExact) return { exact: run, factors: null };
    close();
    return { exact: null, factors: required.reduce<string[] | null>((a, b) => better(a, b), null) };
  }

  private quantified(atom: Info): Info {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (this.src[this.i] === '?') this.i++; // lazy
    if (min === 0) return max === 1 && atom.exact ? exactly([...atom.exact, '']) : ANY;
    if (min === 1 && max === 1) return atom;
    return { exact: null, factors: factorsOf(atom) };
  }

  private atom(): Info {
    const c = this.src[this.i++];
    switch (c) {
      case '(': {
        let look = false;
        if (this.src.startsWith('?:', this.i)) this.i += 2;
        else if (this.src.startsWith('?=', this.i) || this.src.startsWith('?!', this.i)) [this.i, look] = [this.i + 2, true];
        else if (this.src.startsWith('?<=', this.i) || this.src.startsWith('?<!', this.i)) [this.i, look] = [this.i + 3, true];
        else if (this.src.startsWith('?<', this.i)) this.i = this.src.indexOf('>', this.i) + 1;
        const inner = this.alternation();
        if (this.src[this.i] !== ')') throw new Error('unbalanced group');
        this.i++;
        return look ? EMPTY() : inner;
      }
      case '[':
        return this.characterClass();
      case '.':
        return ANY;
      case '^':
      case '$':
        return EMPTY();
      case '\\':
        return this.escape();
      default:
        return exactly([c]);
    }
  }

  /** An escape outside a class: a literal character, an assertion, or a class of characters. */
  private escape(): Info {
    const c = this.src[this.i++];
    if (c === 'b' || c === 'B') return EMPTY();
    const literal = this.escapedCharacter(c);
    return literal === undefined ? ANY : exactly([literal]);
  }

  /** The character an escape stands for, or undefined for a class (\d, \p{L}) or a back-reference. */
  private escapedCharacter(c: string): string | undefined {
    if ('dDwWsS'.includes(c)) return undefined;
    if (c === 'p' || c === 'P') {
      if (this.src[this.i] === '{') this.i = this.src.indexOf('}', this.i) + 1;
      return undefined;
    }
    if (c === 'k') {
      if (this.src[this.i] === '<') this.i = this.src.indexOf('>', this.i) + 1;
      return undefined;
    }
    if (/[1-9]/.test(c)) {
      while (/\d/.test(this.src[this.i] ?? '')) this.i++;
      return undefined;
    }
    if (c === 'u' && this.src[this.i] === '{') {
      const end = this.src.indexOf('}', this.i);
      const code = parseInt(this.src.slice(this.i + 1, end), 16);
      this.i = end + 1;
      return String.fromCodePoint(code);
    }
    if (c === 'u' || c === 'x') {
      const n = c === 'u' ? 4 : 2;
      const hex = this.src.slice(this.i, this.i + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) return undefined;
      this.i += n;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (c === 'c') return undefined;
    const controls: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };
    return controls[c] ?? c;
  }

  /** A class of a few characters is one of them; a negated or larger class is anything. */
  private characterClass(): Info {
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const chars = new Set<string>();
    let unknown = false;
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      let c: string | undefined = this.src[this.i++];
      if (c === '\\') {
        const e = this.src[this.i++];
        c = e === 'b' ? '\b' : this.escapedCharacter(e);
      }
      if (c !== undefined && this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        // A range: too many characters to name.
        this.i++;
        if (this.src[this.i++] === '\\') this.escapedCharacter(this.src[this.i++]);
        unknown = true;
        continue;
      }
      if (c === undefined) unknown = true;
      else chars.add(c);
    }
    if (this.src[this.i] !== ']') throw new Error('unterminated class');
    this.i++;
    if (negated || unknown || chars.size === 0 || chars.size > 8) return ANY;
    return exactly(chars);
  }
}

/**
 * The factors one of which every match of the pattern contains, or undefined when the pattern
 * may match without any (or the analysis cannot tell).
 */
export function requiredFactors(re: RegExp): string[] | undefined {
  if (re.flags.includes('i')) return undefined;
  let info: Info;
  try {
    info = new Analyzer(re.source).run();
  } catch {
    return undefined;
  }
  const factors = factorsOf(info);
  if (!factors || factors.length === 0 || factors.some((f) => f === '')) return undefined;
  return [...new Set(factors)];
}

// The index of a text: which runs of one, two and three UTF-16 code units it holds, hashed into
// a table of slots stamped with the current text's number (no clearing between texts).
const SLOTS = 1 << 15;
const MASK = SLOTS - 1;
const stamps = new Uint32Array(SLOTS);
let stamp = 0;

const hash1 = (a: number) => Math.imul(a, 0x9e3779b1) >>> 17;
const hash2 = (a: number, b: number) => (Math.imul(a, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35)) >>> 17;
const hash3 = (a: number, b: number, c: number) => (Math.imul(a, 0x27d4eb2f) ^ Math.imul(b, 0x165667b1) ^ Math.imul(c, 0x9e3779b1) ^ 0x5bd1e995) >>> 17;

let indexed: string | undefined;

/** Indexes `text`: from now until the next call, `mayContain` answers for it. */
export function indexText(text: string): void {
  if (text === indexed) return;
  indexed = text;
  if (++stamp === 0xffffffff) {
    stamps.fill(0);
    stamp = 1;
  }
  const s = stamp;
  let a = -1;
  let b = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    stamps[hash1(c) & MASK] = s;
    if (b >= 0) stamps[hash2(b, c) & MASK] = s;
    if (a >= 0) stamps[hash3(a, b, c) & MASK] = s;
    a = b;
    b = c;
  }
}

/**
 * The slots of a set of factors, two per factor: the runs of its first and last three characters
 * (or of the one or two it has, twice).
 */
export type FactorKeys = Int32Array;

export function factorKeys(factors: string[]): FactorKeys {
  const keys = new Int32Array(factors.length * 2);
  factors.forEach((factor, i) => {
    const c = (k: number) => factor.charCodeAt(k);
    const n = factor.length;
    const first = n === 1 ? hash1(c(0)) : n === 2 ? hash2(c(0), c(1)) : hash3(c(0), c(1), c(2));
    keys[2 * i] = first & MASK;
    keys[2 * i + 1] = (n > 3 ? hash3(c(n - 3), c(n - 2), c(n - 1)) : first) & MASK;
  });
  return keys;
}

/** Whether the text last indexed may hold one of the factors (false: it certainly holds none). */
export function mayContain(keys: FactorKeys): boolean {
  const s = stamp;
  for (let i = 0; i < keys.length; i += 2) if (stamps[keys[i]] === s && stamps[keys[i + 1]] === s) return true;
  return false;
}

/** The factor slots of a pattern, or undefined when it may match any text. */
export function patternKeys(re: RegExp): FactorKeys | undefined {
  const factors = requiredFactors(re);
  return factors && factorKeys(factors);
}

/** Whether the text may hold one of the factors (`undefined`: any text may). */
export function mayHold(text: string, keys: FactorKeys | undefined): boolean {
  if (!keys) return true;
  indexText(text);
  return mayContain(keys);
}
