import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';

let parsers: Record<string, Chrono.Chrono> | undefined;

/**
 * chrono-node's parsers, loaded on the first text the planner found nothing in rather than with
 * the engine: its locales hold some 20 MB resident, which an idle server (whose request thread
 * imports the engine for extraction) would otherwise carry from start. Its CommonJS build is the
 * same code as its ES module, and can be loaded synchronously where the engine needs it.
 */
function chronoParsers(): Record<string, Chrono.Chrono> {
  if (parsers) return parsers;
  const chrono = createRequire(import.meta.url)('chrono-node') as typeof Chrono;
  parsers = { en: chrono.en.casual, de: chrono.de.casual, fr: chrono.fr.casual, es: chrono.es.casual, pt: chrono.pt.casual, ja: chrono.ja.casual };
  return parsers;
}

/**
 * A second opinion for text the planner found nothing in: chrono-node's parsers (per language)
 * recognise more phrasings than we plan for. What chrono sees is never resolved from, only
 * named in a question (a confidently wrong answer is worse than asking).
 */
export function unplannedExpression(text: string, locale: string | undefined, referenceInstant: number): string | undefined {
  const lang = locale?.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const all = chronoParsers();
  const parser = all[lang] ?? all.en;
  const found = parser.parse(text, { instant: new Date(referenceInstant) });
  // Bare number pairs ("3:2", "3-2") are scores, not times (rule 18): they need a word or hh:mm.
  const seen = found.map((r) => r.text).filter((t) => /\p{L}/u.test(t) || /\d{1,2}:\d{2}/.test(t));
  return seen.length ? seen.join(', ') : undefined;
}
