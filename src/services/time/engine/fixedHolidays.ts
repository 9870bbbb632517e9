import ct from 'countries-and-timezones';
import { alternation } from './words.js';
import { mayHold, patternKeys } from './prefilter.js';

/**
 * Decisions §5.1: a holiday whose date is the same in every country (New Year's Day and Eve,
 * Christmas Eve and Day, Halloween, Valentine's Day) needs no `country`; nor does the Epiphany, whose
 * everyday names ("Día de Reyes", "Dia de Reis") say the feast of 6 January. These are their everyday
 * names in the six languages (the holiday library names only the public holidays of one country,
 * and not in every language); every other holiday is the library's, for the request's country.
 * Names that differ by country or are ambiguous are left out: "Weihnachten" (24–26 December),
 * "Dia dos Namorados" (12 June in Brazil), "nouvel an" (the eve or the day).
 */
interface FixedHoliday {
  key: string;
  month: number;
  day: number;
  names: string[];
}

export const FIXED_HOLIDAYS: readonly FixedHoliday[] = [
  {
    key: "new year's day",
    month: 1,
    day: 1,
    names: ["new year's day", 'new years day', 'new year day', 'neujahr', 'neujahrstag', "jour de l'an", 'jour de l’an', 'jour du nouvel an', 'día de año nuevo', 'dia de año nuevo', 'año nuevo', 'dia de ano novo', 'dia de ano-novo', 'dia da confraternização universal', '元日', '元旦'],
  },
  {
    key: "new year's eve",
    month: 12,
    day: 31,
    names: ["new year's eve", 'new years eve', 'new year eve', 'silvester', 'silvesterabend', 'saint-sylvestre', 'saint sylvestre', 'réveillon du nouvel an', 'réveillon de la saint-sylvestre', "veille du jour de l'an", 'nochevieja', 'víspera de año nuevo', 'véspera de ano novo', 'véspera de ano-novo', 'réveillon de ano novo', '大晦日', '大みそか', 'おおみそか'],
  },
  {
    key: 'christmas eve',
    month: 12,
    day: 24,
    names: ['christmas eve', 'xmas eve', 'heiliger abend', 'heiligen abend', 'heiligabend', 'veille de noël', 'réveillon de noël', 'réveillon de natal', 'nochebuena', 'víspera de navidad', 'véspera de natal', 'クリスマスイブ', 'クリスマス・イブ', 'クリスマスイヴ'],
  },
  {
    key: 'christmas day',
    month: 12,
    day: 25,
    names: ['christmas day', 'christmas', 'xmas', 'erster weihnachtstag', 'ersten weihnachtstag', '1. weihnachtstag', 'erster weihnachtsfeiertag', 'ersten weihnachtsfeiertag', 'jour de noël', 'noël', 'día de navidad', 'navidad', 'dia de natal', 'natal', 'クリスマス'],
  },
  {
    // The Epiphany, "Día de Reyes" / "Dia de Reis": 6 January wherever it is named so (where the
    // public holiday moves to a Monday, the feast keeps its date).
    key: 'epiphany',
    month: 1,
    day: 6,
    names: ['epiphany', 'the epiphany', "three kings' day", 'three kings day', 'épiphanie', 'epiphanie', 'jour des rois', 'día de reyes', 'dia de reyes', 'día de los reyes', 'día de los reyes magos', 'dia de los reyes magos', 'día de los santos reyes', 'epifanía', 'epifanía del señor', 'dia de reis', 'dia dos reis', 'dia de reis magos', 'dia dos reis magos', 'dia dos santos reis', 'dia de santos reis', 'festa de reis', 'epifania', 'dreikönigstag', 'heilige drei könige', 'heiligen drei könige', 'heilige drei königen', '公現祭'],
  },
  { key: 'halloween', month: 10, day: 31, names: ['halloween', 'hallowe’en', "hallowe'en", 'dia das bruxas', 'ハロウィン', 'ハロウィーン'] },
  {
    key: "valentine's day",
    month: 2,
    day: 14,
    names: ["valentine's day", 'valentines day', "valentine's", 'valentines', 'valentinstag', 'saint-valentin', 'saint valentin', 'día de san valentín', 'san valentín', 'san valentin', 'día de los enamorados', 'dia de são valentim', 'バレンタインデー', 'バレンタイン'],
  },
];

const byName = new Map(FIXED_HOLIDAYS.flatMap((h) => h.names.map((n) => [n, h] as const)));
const isCjk = (w: string) => /[\u3000-\u9fff]/.test(w);
const latin = FIXED_HOLIDAYS.flatMap((h) => h.names).filter((n) => !isCjk(n));
const cjk = FIXED_HOLIDAYS.flatMap((h) => h.names).filter(isCjk);
/** Longest names first, so "christmas eve" wins over "christmas" and "クリスマスイブ" over "クリスマス". */
// "christmas time", "Weihnachtsmarkt", "navidades": a season or an event, not the day.
// The boundary before a Latin name is checked on the match: a leading lookbehind makes every position a start.
const FIXED_RE = new RegExp(`(?:${alternation(latin)})(?![\\p{L}])(?!\\s+(?:time|season|break|holidays|vacation|market|week|period)\\b)|(?:${alternation(cjk)})`, 'gu');

/** The words one of which any name holds: without one, the pattern need not run. */
const FIXED_WORDS = patternKeys(FIXED_RE);

/** The fixed-date holiday named in lower-case text, with where it is. */
export function findFixedHoliday(text: string): { holiday: FixedHoliday; index: number; length: number } | undefined {
  if (!mayHold(text, FIXED_WORDS)) return undefined;
  FIXED_RE.lastIndex = 0;
  for (let m = FIXED_RE.exec(text); m; m = FIXED_RE.exec(text)) {
    if (!isCjk(m[0]) && m.index > 0 && /[\p{L}\p{N}]/u.test(text[m.index - 1])) {
      FIXED_RE.lastIndex = m.index + 1;
      continue;
    }
    const holiday = byName.get(m[0].replace(/\s+/g, ' '));
    return holiday ? { holiday, index: m.index, length: m[0].length } : undefined;
  }
  return undefined;
}

/** The country a time zone is in (America/Toronto → CA), its first in the zone table; undefined for UTC and the like. */
export function zoneCountry(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  if (zoneCountries.has(zone)) return zoneCountries.get(zone);
  const country = ct.getTimezone(zone)?.countries?.[0];
  if (zoneCountries.size > 1_000) zoneCountries.clear(); // zone names come from callers: keep it bounded
  zoneCountries.set(zone, country);
  return country;
}
const zoneCountries = new Map<string, string | undefined>();
