/** The event's title: a "Name:" line, else the first heading-like line that is not a greeting, a date or a detail. */
import { HOSTED_BY, PRESENTS } from './community.js';
import { clip, type Evidence, LIMIT, type Origin } from './fields.js';
import { labelled, sectionHeader } from './labels.js';
import { posterTitle, type PosterLayoutLine } from './posterTitle.js';
import { DOMAIN_LIKE, HAS_URL, hasLetters, type Line, URL_RE, wordCount, words } from './text.js';
import { hasTimeSignal, onlyTime } from './timeWords.js';
import { AT_WORLD } from './venue.js';

export const GREETING = /^(?:hey|hi|hello|hallo|hola|olá|ola|bonjour|salut|yo|greetings|attention|reminder|heads up|psa|announcement|event announcement|new event|📢)(?![\p{L}])/iu;

interface TitlePick {
  value: string;
  excerpt: string;
  assessment: Evidence['assessment'];
  lines: number[];
}

/** "NEON NIGHTS — Sat Nov 28, 9pm EST": the part that is not the date. */
function titlePart(clean: string): string | undefined {
  const segments = clean.split(/\s+(?:—|–|-|\||·|\/\/|•|@)\s+|\s*[|•]\s*/u).map((s) => s.trim()).filter(Boolean);
  for (const seg of segments) {
    if (!hasLetters(seg)) continue;
    if (onlyTime(seg)) continue;
    if (hasTimeSignal(seg) && segments.length > 1) continue;
    return seg;
  }
  return undefined;
}

function tidyTitle(s: string): string {
  return s
    // "TONIGHT!! Bass Haven Takeover": the day word belongs to the date, not the name.
    .replace(/^(?:tonight|today|tomorrow|this\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|heute|ce\s+soir|hoy|hoje|今夜|今日)\s*[!:.,\-–—|]+\s*(?=\S)/iu, '')
    .replace(/^(?:TONIGHT|TODAY|TOMORROW)\s+(?=\p{Lu})/u, '')
    .replace(/^[^\p{L}\p{N}"'“‘(\[¡¿]+/u, '')
    .replace(/[^\p{L}\p{N}!?)\]"'”’.]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** OCR strays between words of a poster heading: lone bars, quotes, underscores. */
const posterTidy = (s: string) => s.replace(/(^|\s)[|_~'"`»«•.]+(?=\s|$)/gu, '$1').replace(/\s+/g, ' ').trim();

/** A poster's layout (index-aligned with the lines) and the directory's names, for `posterTitle`. */
export interface PosterLayout {
  lines: PosterLayoutLine[];
  isDirectoryName: (line: string) => boolean;
}

export function findTitle(lines: Line[], used: Set<number>, origin: Origin, minWords: number, poster?: PosterLayout): TitlePick | undefined {
  if (origin === 'poster' && poster) {
    const byLayout = posterTitle(poster.lines, poster.isDirectoryName, used);
    const value = byLayout && tidyTitle(posterTidy(byLayout.value));
    if (byLayout && value && hasLetters(value)) return pick(value, lines[byLayout.lines[0]], byLayout.lines, lines);
  }
  // "Name: Glow Party" says it outright, wherever it stands.
  for (const line of lines) {
    const lab = used.has(line.index) ? undefined : labelled(line.clean);
    const v = lab?.kind === 'title' ? tidyTitle(lab.value) : '';
    if (v && hasLetters(v)) return pick(v, line, [line.index]);
  }
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    const clean = origin === 'poster' ? posterTidy(line.clean) : line.clean;
    if (used.has(line.index) || !clean || !hasLetters(clean)) continue;
    const lab = labelled(clean);
    if (lab?.kind === 'title') {
      const v = tidyTitle(lab.value);
      if (v && hasLetters(v)) return pick(v, line, [line.index]);
      continue;
    }
    if (lab) continue;
    if (sectionHeader(clean)) continue;
    const noUrl = clean.replace(URL_RE, ' ').trim();
    if (!hasLetters(noUrl) || words(noUrl).length === 0) continue;
    if (DOMAIN_LIKE.test(noUrl) && words(noUrl).length <= 2) continue;
    if (GREETING.test(clean) && words(clean).length <= 12) continue;
    const presents = PRESENTS.exec(noUrl);
    if (presents) {
      const rest = tidyTitle(presents[2] ?? '');
      if (rest && hasLetters(rest)) return pick(titlePart(rest) ?? rest, line, [line.index]);
      continue;
    }
    let candidate = noUrl;
    const hosted = HOSTED_BY.exec(candidate);
    if (hosted) {
      candidate = candidate.slice(0, hosted.index).replace(/[\s,|–—-]+$/u, '');
      if (!hasLetters(candidate)) continue;
    }
    candidate = candidate.replace(AT_WORLD, ' ').trim();
    if (onlyTime(candidate)) continue;
    const part = titlePart(candidate);
    if (!part) continue;
    let value = tidyTitle(part);
    if (!value || !hasLetters(value) || wordCount(value) < minWords) continue;
    // A post that opens with prose: its first clause names the event; the sentence stays for the summary.
    const clause = value.length > 60 ? /^(.{8,80}?)[.!?,;]\s/u.exec(`${value} `)?.[1] : undefined;
    if (clause && words(clause).length >= 2) return { value: clip(tidyTitle(clause), LIMIT.title), excerpt: line.raw, assessment: 'inferred', lines: [] };
    const indices = [line.index];
    // Posters break a title over lines ("NEON" / "NIGHTS"): join short upper-case lines that follow.
    if (origin === 'poster' && words(value).length <= 3) {
      for (let j = k + 1; j < lines.length && j <= k + 3; j++) {
        const next = posterTidy(lines[j].clean);
        if (!next || used.has(lines[j].index) || labelled(next) || hasTimeSignal(next) || HAS_URL.test(next)) break;
        const n = tidyTitle(next);
        if (!n || words(n).length > 3 || n !== n.toUpperCase() || !hasLetters(n) || (value + ' ' + n).length > 60) break;
        value = `${value} ${n}`;
        indices.push(lines[j].index);
      }
    }
    return pick(value, line, indices, lines);
  }
  return undefined;
}

function pick(value: string, line: Line, indices: number[], lines?: Line[]): TitlePick {
  const shortened = value.length > LIMIT.title;
  const joined = indices.length > 1;
  const excerpt = joined && lines ? indices.map((i) => lines[i].raw).join(' / ') : line.raw;
  return { value: clip(value, LIMIT.title), excerpt, assessment: shortened || joined ? 'inferred' : 'explicit', lines: indices };
}
