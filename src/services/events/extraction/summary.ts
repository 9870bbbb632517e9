/** The summary: the first run of prose lines that are not details, in whole sentences while they fit. */
import type { Draft } from './evidence.js';
import { clip, LIMIT, ptr } from './fields.js';
import { labelled, sectionHeader } from './labels.js';
import { BARE_WWW, CJK, hasLetters, type Line, URL_RE, wordCount, words } from './text.js';
import { hasTimeSignal, onlyTime } from './timeWords.js';
import { GREETING } from './title.js';

export function readSummary(draft: Draft, lines: Line[], used: Set<number>, titleLines: number[]) {
  const skip = new Set([...used, ...titleLines]);
  const sentences: { text: string; line: Line }[] = [];
  let started = false;
  for (const line of lines) {
    const clean = line.clean;
    if (skip.has(line.index) || !clean) {
      if (started) break;
      continue;
    }
    const lab = labelled(clean);
    // "Label: value" lines and short lines about the time are details, not a description.
    let body = lab?.kind === 'about' ? lab.value : lab || /^[^:：]{1,24}[:：]\s/u.test(clean) ? '' : clean;
    if (hasTimeSignal(body) && words(body).length < 8) body = '';
    body = body
      .replace(URL_RE, ' ')
      .replace(new RegExp(BARE_WWW.source, 'giu'), ' ')
      .replace(/(?:\s+[-–—·|•](?=\s))+/gu, ' -')
      .replace(/(?:\s+[-–—·|•]\s*)+$/u, '')
      .replace(/\s+/g, ' ')
      .trim();
    // Spaced scripts by their words; Japanese and Chinese by their characters.
    const cjk = (body.match(CJK) ?? []).length;
    const wordy = cjk >= 12 || (words(body).length >= 5 && hasLetters(body, 12) && wordCount(body) >= Math.max(3, words(body).length / 2));
    const prose = wordy && !onlyTime(body) && !sectionHeader(body) && !GREETING.test(body) && !/^(?:hosted|presented)\s+by/i.test(body);
    if (!prose) {
      if (started) break;
      continue;
    }
    started = true;
    sentences.push({ text: body, line });
    if (sentences.reduce((n, s) => n + s.text.length + 1, 0) >= LIMIT.summary) break;
  }
  if (sentences.length === 0) return;
  // Whole sentences while they fit; else the first cut at a word boundary.
  const all = sentences.map((s) => s.text).join(' ');
  const parts = all.split(/(?<=[.!?。！？])\s+/u);
  let summary = '';
  for (const p of parts) {
    const next = summary ? `${summary} ${p}` : p;
    if (next.length > LIMIT.summary) break;
    summary = next;
  }
  const shortened = !summary;
  if (shortened) summary = clip(all, LIMIT.summary);
  const usedLines = sentences.filter((s) => all.indexOf(s.text) < summary.length);
  draft.event.summary = summary;
  draft.evidence(ptr('event', 'summary'), draft.origin, usedLines.map((s) => s.line.raw).join(' '), shortened ? 'inferred' : 'explicit');
}
