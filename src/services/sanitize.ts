import { parseWebUrl } from '../lib/linkProviders.js';
import type { FieldError } from './errors.js';

/**
 * The text and URL rules every public write applies — intake publish, owner event writes and
 * profile writes alike (contract 4.8: "the same sanitizers as the web editor"; one set of rules):
 * - text is trimmed, and a blank value counts as absent;
 * - NUL and the other C0 control characters, and DEL, are refused (400), except tab and line
 *   feed in multi-line fields, where a CR LF pair is read as a line feed;
 * - a lone UTF-16 surrogate (text that is no valid Unicode) is refused;
 * - bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) are
 *   stripped from single-line text (titles, names, labels), where they only serve to make a
 *   label read differently from what it holds; multi-line text keeps them for right-to-left prose;
 * - URLs are absolute http(s) URLs without credentials (no `javascript:`, `data:`,
 *   `user:password@`), and hold no whitespace or control characters.
 */

/** C0 controls and DEL; tab and line feed are allowed where a field is multi-line. */
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_SINGLE_LINE = CONTROL;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Why `value` can be stored as no text at all, or undefined: NUL (PostgreSQL text refuses it) and
 * lone surrogates (no valid Unicode, so no UTF-8 either). The request pipeline refuses these in
 * every string a request carries, before the rules of any one field apply.
 */
export function unstorableText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return undefined;
}

export interface TextRules {
  /** Tab and line feed allowed (summaries, notes). */
  multiline?: boolean;
}

/** Why `value` is no acceptable text, or undefined. */
function textProblem(value: string, rules: TextRules): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it holds a lone surrogate)';
  if ((rules.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value)) {
    return rules.multiline ? 'must not contain control characters other than tab and line feed' : 'must not contain control characters (including NUL, tab and line breaks)';
  }
  return undefined;
}

/** The outcome of one field: its clean value (null when absent or blank), or why it is refused. */
export type Cleaned = { value: string | null; problem?: undefined } | { value?: undefined; problem: string };

/** Text: trimmed, blank → null, controls and lone surrogates refused. Non-strings count as absent. */
export function cleanText(value: unknown, rules: TextRules = {}): Cleaned {
  if (typeof value !== 'string') return { value: null };
  const text = rules.multiline ? value.replace(/\r\n/g, '\n') : value;
  const problem = textProblem(text, rules);
  if (problem) return { problem };
  const trimmed = (rules.multiline ? text : text.replace(BIDI_CONTROLS, '')).trim();
  return { value: trimmed || null };
}

/** An absolute http(s) URL without credentials; blank → null. */
export function cleanWebUrl(value: unknown): Cleaned {
  // A URL is kept as sent, so one that would read differently from what it holds is refused, not stripped.
  if (typeof value === 'string' && BIDI_CONTROL.test(value)) return { problem: 'must be an http(s) URL without bidirectional control characters' };
  const text = cleanText(value);
  if (text.problem !== undefined || text.value === null) return text;
  if (/\s/.test(text.value)) return { problem: 'must be an http(s) URL without spaces' };
  const url = parseWebUrl(text.value);
  if (!url) return { problem: 'must be an http(s) URL without credentials' };
  return { value: text.value };
}

/**
 * Applies the rules field by field and collects what is refused, so one answer names every
 * problem (400 VALIDATION_FAILED with pointers). `prefix` is put before every pointer.
 */
export class FieldSanitizer {
  readonly errors: FieldError[] = [];
  constructor(private readonly prefix = '') {}

  private take(c: Cleaned, pointer: string): string | null {
    if (c.problem !== undefined) {
      this.errors.push({ pointer: `${this.prefix}${pointer}`, message: c.problem });
      return null;
    }
    return c.value;
  }

  text(value: unknown, pointer: string, rules: TextRules = {}): string | null {
    return this.take(cleanText(value, rules), pointer);
  }

  webUrl(value: unknown, pointer: string): string | null {
    return this.take(cleanWebUrl(value), pointer);
  }

  /** A refusal found by another rule, under the same prefix. */
  refuse(pointer: string, message: string): void {
    this.errors.push({ pointer: `${this.prefix}${pointer}`, message });
  }
}

/** Whether `value` holds anything the text rules refuse (for values kept verbatim, such as ids). */
export const hasForbiddenText = (value: string): boolean => CONTROL.test(value) || LONE_SURROGATE.test(value);
