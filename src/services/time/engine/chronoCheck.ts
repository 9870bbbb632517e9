import * as chrono from 'chrono-node';

/**
 * A second opinion for text the planner found nothing in: chrono-node's parsers (per language)
 * recognise more phrasings than we plan for. What chrono sees is never resolved from, only
 * named in a question (a confidently wrong answer is worse than asking).
 */
const PARSERS: Record<string, chrono.Chrono> = {
  en: chrono.en.casual,
  de: chrono.de.casual,
  fr: chrono.fr.casual,
  es: chrono.es.casual,
  pt: chrono.pt.casual,
  ja: chrono.ja.casual,
};

export function unplannedExpression(text: string, locale: string | undefined, referenceInstant: number): string | undefined {
  const lang = locale?.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const parser = PARSERS[lang] ?? PARSERS.en;
  const found = parser.parse(text, { instant: new Date(referenceInstant) });
  // Bare number pairs ("3:2", "3-2") are scores, not times (rule 18): they need a word or hh:mm.
  const seen = found.map((r) => r.text).filter((t) => /\p{L}/u.test(t) || /\d{1,2}:\d{2}/.test(t));
  return seen.length ? seen.join(', ') : undefined;
}
