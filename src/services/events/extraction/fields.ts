/**
 * What extraction proposes (contract 2.6) and the limits every proposal keeps: the result's
 * types, the inputs, and the helpers that cut text to a limit.
 */
import type { components } from '../../../generated/openapi.js';
import type { PosterLineRead } from './posterText.js';
import type { NameMention } from '../../../lib/searchText.js';

export type ExtractionResult = components['schemas']['ExtractionResult'];
export type EventFields = ExtractionResult['event'];
export type LineupRow = ExtractionResult['lineup'][number];
export type Evidence = ExtractionResult['evidence'][number];
export type Question = ExtractionResult['questions'][number];
export type Origin = Evidence['origin'];

export interface DirectoryEntry {
  slug: string;
  displayName: string;
}

/** A directory entry whose name or alias the text mentions, and the words that name it. */
export interface DirectoryMention extends DirectoryEntry {
  kind: 'person' | 'community' | 'world';
  /** The words of the text, as written. */
  text: string;
  /** Every word of them starts with a capital letter or is in a script without case. */
  capitalised: boolean;
}

export interface DirectoryLookup {
  /** Candidate matches for a name. */
  communities(name: string): Promise<DirectoryEntry[]>;
  people(name: string): Promise<DirectoryEntry[]>;
  worlds(name: string): Promise<DirectoryEntry[]>;
  /**
   * People, communities and worlds whose name or alias occurs in the text (folded: case, accents,
   * width). `spans` are the text's `mentionSpans` when the caller has them already.
   */
  mentions?(text: string, spans?: Map<string, NameMention>): Promise<DirectoryMention[]>;
}

export interface ExtractionInput {
  /** At most 12000 characters; more is ignored. */
  text: string;
  /** Evidence origin of values read from this text. */
  origin: 'text' | 'poster';
  /** IANA zone used when the text names none (the draft's zone, else UTC). */
  timeZone?: string;
  /** Epoch milliseconds: "now" for relative phrases (an injected clock). */
  referenceInstant: number;
  /** BCP 47; without it the language is guessed from the text's date words. */
  locale?: string;
  lookup: DirectoryLookup;
  /**
   * A poster's layout as the OCR saw it: line i is line i of `text` (its box height, a font size
   * estimate, and its top edge, in the image's pixels). The title is then picked by size and place.
   * With the OCR's confidences and words, stray marks and junk lines are dropped first, and what
   * a doubtful line fills is asked about (posterText.ts).
   */
  layout?: { lines: PosterLineRead[] };
}
// ---------------------------------------------------------------------------------------------
// Contract limits (2.6)

export const LIMIT = {
  text: 12000,
  title: 120,
  slug: 64,
  timezone: 64,
  venueLabel: 120,
  summary: 240,
  sourceUrl: 2048,
  lineup: 80,
  performerLabel: 120,
  roleLabel: 48,
  evidence: 100,
  questions: 100,
  fieldPath: 120,
  excerpt: 500,
  reason: 500,
  alternatives: 10,
  alternative: 200,
} as const;

/** Engine calls per extraction: noise must stay cheap. */
export const MAX_TIME_CANDIDATES = 40;
/** Longest span handed to the time engine (its API takes 500). */
export const MAX_EXPRESSION = 300;
export const MAX_LINES = 600;

/** JSON pointer of a proposed value, e.g. `/event/title`, `/lineup/2/start`. */
export const ptr = (...parts: (string | number)[]) => `/${parts.join('/')}`;

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const code = s.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return s.slice(0, end);
}

/** At most `max`, cut at a word boundary with an ellipsis when shortened. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const room = cut(s, max - 1);
  const space = room.lastIndexOf(' ');
  const head = space >= max / 2 ? room.slice(0, space) : room;
  return `${head.replace(/[\s,;:.\-–—|]+$/u, '')}…`;
}

export const excerptOf = (s: string | null) => (s === null ? null : clip(s.trim(), LIMIT.excerpt));
