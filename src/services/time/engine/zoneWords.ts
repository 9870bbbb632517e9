import type { ZoneChoice } from './types.js';

/**
 * Zone words are language data, not zone rules: each maps to an IANA zone (whose rules luxon
 * applies) and, for abbreviations, the offset the abbreviation names. Ambiguous abbreviations
 * list every reading; `countries` and the zone itself let the request settle them (rule 13).
 */
interface AbbreviationReading extends ZoneChoice {
  countries: string[];
}

const us = ['US'];
const ABBREVIATIONS: Record<string, AbbreviationReading[]> = {
  est: [{ zone: 'America/New_York', label: 'EST', offsetMinutes: -300, countries: us }],
  edt: [{ zone: 'America/New_York', label: 'EDT', offsetMinutes: -240, countries: us }],
  cdt: [{ zone: 'America/Chicago', label: 'CDT', offsetMinutes: -300, countries: us }],
  mst: [{ zone: 'America/Denver', label: 'MST', offsetMinutes: -420, countries: us }],
  mdt: [{ zone: 'America/Denver', label: 'MDT', offsetMinutes: -360, countries: us }],
  pst: [{ zone: 'America/Los_Angeles', label: 'PST', offsetMinutes: -480, countries: us }],
  pdt: [{ zone: 'America/Los_Angeles', label: 'PDT', offsetMinutes: -420, countries: us }],
  akst: [{ zone: 'America/Anchorage', label: 'AKST', offsetMinutes: -540, countries: us }],
  hst: [{ zone: 'Pacific/Honolulu', label: 'HST', offsetMinutes: -600, countries: us }],
  cet: [{ zone: 'Europe/Berlin', label: 'CET', offsetMinutes: 60, countries: ['DE'] }],
  cest: [{ zone: 'Europe/Berlin', label: 'CEST', offsetMinutes: 120, countries: ['DE'] }],
  eet: [{ zone: 'Europe/Athens', label: 'EET', offsetMinutes: 120, countries: ['GR'] }],
  jst: [{ zone: 'Asia/Tokyo', label: 'JST', offsetMinutes: 540, countries: ['JP'] }],
  kst: [{ zone: 'Asia/Seoul', label: 'KST', offsetMinutes: 540, countries: ['KR'] }],
  aest: [{ zone: 'Australia/Sydney', label: 'AEST', offsetMinutes: 600, countries: ['AU'] }],
  aedt: [{ zone: 'Australia/Sydney', label: 'AEDT', offsetMinutes: 660, countries: ['AU'] }],
  cst: [
    { zone: 'America/Chicago', label: 'CST (US Central)', offsetMinutes: -360, countries: us },
    { zone: 'Asia/Shanghai', label: 'CST (China)', offsetMinutes: 480, countries: ['CN', 'TW'] },
    { zone: 'America/Havana', label: 'CST (Cuba)', offsetMinutes: -300, countries: ['CU'] },
  ],
  ist: [
    { zone: 'Asia/Kolkata', label: 'IST (India)', offsetMinutes: 330, countries: ['IN'] },
    { zone: 'Europe/Dublin', label: 'IST (Irish)', offsetMinutes: 60, countries: ['IE'] },
    { zone: 'Asia/Jerusalem', label: 'IST (Israel)', offsetMinutes: 120, countries: ['IL'] },
  ],
  ast: [
    { zone: 'America/Halifax', label: 'AST (Atlantic)', offsetMinutes: -240, countries: ['CA', 'PR'] },
    { zone: 'Asia/Riyadh', label: 'AST (Arabia)', offsetMinutes: 180, countries: ['SA', 'KW', 'IQ', 'QA', 'BH'] },
  ],
  bst: [
    { zone: 'Europe/London', label: 'BST (British Summer)', offsetMinutes: 60, countries: ['GB'] },
    { zone: 'Asia/Dhaka', label: 'BST (Bangladesh)', offsetMinutes: 360, countries: ['BD'] },
  ],
};

/** Region names without a season: the zone's civil time. */
const REGIONS: Record<string, string> = {
  et: 'America/New_York',
  'eastern time': 'America/New_York',
  ct: 'America/Chicago',
  'central time': 'America/Chicago',
  mt: 'America/Denver',
  'mountain time': 'America/Denver',
  pt: 'America/Los_Angeles',
  'pacific time': 'America/Los_Angeles',
  'tokyo time': 'Asia/Tokyo',
  'japan time': 'Asia/Tokyo',
  'london time': 'Europe/London',
  'uk time': 'Europe/London',
  'british time': 'Europe/London',
  // Full names of US and other zones: their civil time (rule 12 reads a wrong season as civil time too).
  'eastern standard time': 'America/New_York',
  'eastern daylight time': 'America/New_York',
  'central standard time': 'America/Chicago',
  'central daylight time': 'America/Chicago',
  'mountain standard time': 'America/Denver',
  'mountain daylight time': 'America/Denver',
  'pacific standard time': 'America/Los_Angeles',
  'pacific daylight time': 'America/Los_Angeles',
  'central european time': 'Europe/Berlin',
  'central european summer time': 'Europe/Berlin',
  'british summer time': 'Europe/London',
  'greenwich mean time': 'Europe/London',
  'japan standard time': 'Asia/Tokyo',
  'korea standard time': 'Asia/Seoul',
  'india standard time': 'Asia/Kolkata',
  'indian standard time': 'Asia/Kolkata',
  'australian eastern time': 'Australia/Sydney',
  'australian eastern standard time': 'Australia/Sydney',
  'australian eastern daylight time': 'Australia/Sydney',
  'berlin time': 'Europe/Berlin',
  'paris time': 'Europe/Paris',
  'sydney time': 'Australia/Sydney',
  'new york time': 'America/New_York',
  'la time': 'America/Los_Angeles',
  'seoul time': 'Asia/Seoul',
  'madrid time': 'Europe/Madrid',
  'lisbon time': 'Europe/Lisbon',
  'lisboa time': 'Europe/Lisbon',
  'rome time': 'Europe/Rome',
  'amsterdam time': 'Europe/Amsterdam',
  'brasilia time': 'America/Sao_Paulo',
  'brasília time': 'America/Sao_Paulo',
  'são paulo time': 'America/Sao_Paulo',
  'sao paulo time': 'America/Sao_Paulo',
  'mexico city time': 'America/Mexico_City',
  'ciudad de méxico time': 'America/Mexico_City',
  'nueva york time': 'America/New_York',
  'nova york time': 'America/New_York',
  'tóquio time': 'Asia/Tokyo',
  'toquio time': 'Asia/Tokyo',
  'tokio time': 'Asia/Tokyo',
  'londres time': 'Europe/London',
  'chicago time': 'America/Chicago',
  'toronto time': 'America/Toronto',
  'vancouver time': 'America/Vancouver',
  'hawaii time': 'Pacific/Honolulu',
};

const word = (w: string) => w.replace(/ /g, '\\s+');
const ABBREVIATION_RE = new RegExp(`\\b(${Object.keys(ABBREVIATIONS).join('|')})\\b`);
// "pacific time", "eastern time" and bare "ET"/"PT"; "time" is optional after a region.
const REGION_RE = new RegExp(
  `\\b(${Object.keys(REGIONS)
    .sort((a, b) => b.length - a.length)
    .map(word)
    .join('|')})(\\s+time)?\\b`,
);
// GMT is read as UTC+0, a fixed offset, not as London's civil time.
const OFFSET_RE = /\b(?:utc|gmt)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?\b|(?<![\d:])([+-])(\d{2}):(\d{2})\b|\butc\b|\bgmt\b|\bzulu\b/;

export interface ZoneMatch {
  choices: ZoneChoice[];
  /** The matched words and where they start, removed from the text by the planner. */
  matched: string;
  index: number;
  /** True when several readings were narrowed to one by the request's country or zone. */
  settled?: string;
}

/** Finds one zone word in lower-case text, or undefined. */
export function findZone(text: string, speakerZone: string, country?: string): ZoneMatch | undefined {
  const offset = OFFSET_RE.exec(text);
  if (offset) {
    if (offset[0] === 'utc' || offset[0] === 'gmt' || offset[0] === 'zulu') {
      return { choices: [{ zone: 'Etc/UTC', label: offset[0].toUpperCase(), offsetMinutes: 0, explicitOffset: true }], matched: offset[0], index: offset.index };
    }
    const sign = (offset[1] ?? offset[4]) === '-' ? -1 : 1;
    const hours = Number(offset[2] ?? offset[5]);
    const minutes = Number(offset[3] ?? offset[6] ?? 0);
    if (hours > 14 || minutes > 59) return undefined;
    const total = sign * (hours * 60 + minutes);
    // Whole hours have an IANA name (Etc/GMT has the inverted sign); others stay a fixed offset.
    const zone = minutes === 0 ? (hours === 0 ? 'Etc/UTC' : `Etc/GMT${sign > 0 ? '-' : '+'}${hours}`) : `UTC${sign > 0 ? '+' : '-'}${hours}:${String(minutes).padStart(2, '0')}`;
    return { choices: [{ zone, label: offset[0].toUpperCase(), offsetMinutes: total, explicitOffset: true }], matched: offset[0], index: offset.index };
  }
  const abbr = ABBREVIATION_RE.exec(text);
  if (abbr) {
    const readings = ABBREVIATIONS[abbr[1]];
    if (readings.length === 1) return { choices: [strip(readings[0])], matched: abbr[0], index: abbr.index };
    const byZone = readings.filter((r) => r.zone === speakerZone);
    const byCountry = country ? readings.filter((r) => r.countries.includes(country)) : [];
    const settledBy = byZone.length === 1 ? byZone : byCountry.length === 1 ? byCountry : undefined;
    if (settledBy) {
      const why = byZone.length === 1 ? `your time zone ${speakerZone}` : `country ${country}`;
      return { choices: [strip(settledBy[0])], matched: abbr[0], index: abbr.index, settled: `${abbr[1].toUpperCase()} read as ${settledBy[0].label} because of ${why}` };
    }
    return { choices: readings.map(strip), matched: abbr[0], index: abbr.index };
  }
  const region = REGION_RE.exec(text);
  if (region) {
    const key = region[1].replace(/\s+/g, ' ');
    return { choices: [{ zone: REGIONS[key], label: region[0] }], matched: region[0], index: region.index };
  }
  return undefined;
}

function strip({ countries: _countries, ...choice }: AbbreviationReading): ZoneChoice {
  return choice;
}
