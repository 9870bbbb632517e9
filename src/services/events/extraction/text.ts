/**
 * The announcement as lines: each cleaned of markdown, emoji, Discord markup and bullets, and
 * garbage lines (random text, badly recognised poster regions) emptied so they are never read.
 * Also the word and web-address patterns every reader shares.
 */
import { MAX_LINES } from './fields.js';

const EMOJI = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}\uFE0E\uFE0F\u200D\u20E3\u{E0020}-\u{E007F}])+/gu;
const KEYCAP = /[0-9#*]\uFE0F?\u20E3/gu;
const BULLETS = /^(?:[-*•·▪▫◦‣⁃►▸▹▶➤➜➔→⟶»›◆◇■□●○★☆✦✧✪✯♪♫♬|~=+>]+\s*)+/u;
export const URL_RE = /https?:\/\/[^\s<>"'`\]]+/giu;
export const HAS_URL = /https?:\/\//i;
/** A web address without its scheme, as posters print them ("www.example.com", "example.com/e/party"). */
export const BARE_WWW = /(?<![\w./@])(?:www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s<>"'`]*)?|[a-z0-9-]{2,}(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|me|co|club|events?|xyz|app|jp|de|fr|uk|nl|live|fm|link|example)\/[^\s<>"'`]+)/iu;
export const DOMAIN_LIKE = /(?<![\w@])(?:www\.)?[a-z0-9-]{2,}(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|me|co|club|events?|xyz|app|jp|de|fr|uk|nl|live|fm|link|example)(?:\/\S*)?(?![\w.])/iu;
export const DISCORD_TIMESTAMP = /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/g;

/** A line as written (for excerpts) and cleaned (for reading). */
export interface Line {
  index: number;
  raw: string;
  clean: string;
}

/** Markdown, emoji, Discord markup and list bullets removed; NFKC (full-width digits become ASCII). */
export function cleanLine(raw: string): string {
  let s = raw
    .replace(/<a?:\w{1,64}:\d{1,25}>/g, ' ')
    .replace(/<(?:@[!&]?|#)\d{1,25}>/g, ' ')
    .replace(DISCORD_TIMESTAMP, ' ')
    .replace(/(?<![\p{L}\p{N}])@(?:everyone|here)(?![\p{L}\p{N}])/giu, ' ')
    .replace(KEYCAP, ' ')
    .replace(EMOJI, ' ')
    .normalize('NFKC')
    .replace(/[\u200B-\u200C\u2060\u00AD]/g, '')
    .replace(/\[([^\]\n]{0,200})\]\((https?:\/\/[^)\s]+)\)/g, '$1 $2')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/\|\||\*\*|__|~~|`+/g, ' ')
    .replace(/(^|\s)[*_]+(?=\S)/g, '$1')
    .replace(/(?<=\S)[*_]+(?=\s|$|[!?.,:;])/g, '')
    .replace(/:[a-z0-9_+-]{2,32}:(?!\d)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  s = s.replace(/^(?:-#\s+|#{1,6}\s+|>{1,3}\s*)+/, '').trim();
  s = s.replace(BULLETS, '').trim();
  return s;
}

/** Symbol density of the cleaned text without its URLs: random text and OCR of graphics run high. */
function noiseLevel(lines: Line[]): number {
  const body = lines.map((l) => l.clean.replace(URL_RE, ' ')).join(' ').replace(/\s+/g, '');
  if (body.length < 40) return 0;
  return (body.match(STRONG_SYMBOL) ?? []).length / body.length;
}

export function splitLines(text: string): { lines: Line[]; strict: boolean } {
  const lines: Line[] = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .slice(0, MAX_LINES)
    .map((raw, index) => ({ index, raw: raw.trim(), clean: cleanLine(raw) }));
  // Text that is mostly symbols (random input, OCR of graphics) is read strictly.
  const strict = noiseLevel(lines) > 0.06;
  for (const line of lines) if (noisy(line.clean, strict)) line.clean = '';
  return { lines, strict };
}

/** "9-10pm", "10pm-2am", "21h-23h30": times, not garbage. */
const TIME_RANGE_TOKEN = /^\d{1,2}(?:[:.h]\d{2})?(?:[ap]\.?m?\.?|h)?(?:[-–~〜]\d{1,2}(?:[:.h]\d{2})?(?:[ap]\.?m?\.?|h)?)?$/iu;

/** Symbols that ordinary announcements rarely use outside URLs (brackets, dashes and punctuation are not among them). */
const STRONG_SYMBOL = /[/@#*_|<>\\^{}=`$%;]/gu;

/**
 * Garbage rather than language: dense symbols, or words that mix letters and digits ("b7o",
 * "n1d4"), as random text and badly recognised poster regions are. Such lines are never read.
 */
function noisy(clean: string, strict = false): boolean {
  if (clean.length < 8) return false;
  const body = clean.replace(URL_RE, ' ');
  const strong = (body.match(STRONG_SYMBOL) ?? []).length;
  if (strong >= 2 && strong / body.length > 0.12) return true;
  const tokens = words(body);
  const bad = tokens.filter((token) => {
    const t = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (/[/@#*_|<>\\^{}=`$%;]/u.test(t)) return true;
    // Japanese writes its dates and times with digits inside words ("6月3日", "翌2:00"): not noise.
    return /\p{L}\d|\d\p{L}/u.test(t.replace(CJK, ' ')) && !TIME_RANGE_TOKEN.test(t) && !/^(?:b\db|mp3|\d{1,2}(?::\d{2})?(?:am|pm|a|p|h|uhr|st|nd|rd|th|k)|\d{1,2}h\d{2}|\d+(?:時|分|月|日|年)+.*|[a-z]{1,3}\d{1,2}|\d{1,2}[a-z]{1,2}|vol\.?\d+)$/iu.test(t);
  }).length;
  // Amid other noise, one such word is enough.
  return strict ? bad >= 1 : bad >= 2 && bad / tokens.length > 0.3;
}

/** Tokens that are words (three letters or more, nothing else); CJK text counts by characters. */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

export function wordCount(s: string, min: 2 | 3 = 3): number {
  const cjk = (s.match(CJK) ?? []).length;
  const word = min === 2 ? WORD_2 : WORD_3;
  const latin = words(s).filter((t) => word.test(t.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''))).length;
  return latin + Math.floor(cjk / 2);
}
const WORD_2 = /^[\p{L}\p{M}'’-]{2,}$/u;
const WORD_3 = /^[\p{L}\p{M}'’-]{3,}$/u;

export const hasLetters = (s: string, n = 2) => (s.match(/\p{L}/gu) ?? []).length >= n;
export const words = (s: string) => s.split(/\s+/).filter(Boolean);
export const compact = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
