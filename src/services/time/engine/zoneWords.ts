import ct from 'countries-and-timezones';
import { offsetName } from './civil.js';
import { mayHold, patternKeys } from './prefilter.js';
import type { ZoneChoice } from './types.js';

/**
 * Zone words are language data, not zone rules: each maps to an IANA zone (whose rules luxon
 * applies) and, for abbreviations, the offset the abbreviation names. Ambiguous abbreviations
 * list every reading; `countries` and the zone itself let the request settle them (rule 13).
 */
interface AbbreviationReading extends ZoneChoice {
  countries: string[];
  /** The fixed meaning (decisions §5.1) when neither the zone nor the country settles another. */
  unlessSettled?: boolean;
}

const us = ['US'];
const ABBREVIATIONS: Record<string, AbbreviationReading[]> = {
  est: [{ zone: 'America/New_York', label: 'EST', offsetMinutes: -300, countries: us }],
  edt: [{ zone: 'America/New_York', label: 'EDT', offsetMinutes: -240, countries: us }],
  cdt: [{ zone: 'America/Chicago', label: 'CDT', offsetMinutes: -300, countries: us }],
  // Decisions §5.1: MST is −07:00 all year; the region that keeps it all year is Arizona.
  mst: [{ zone: 'America/Phoenix', label: 'MST', offsetMinutes: -420, countries: us }],
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
  nzst: [{ zone: 'Pacific/Auckland', label: 'NZST', offsetMinutes: 720, countries: ['NZ'] }],
  nzdt: [{ zone: 'Pacific/Auckland', label: 'NZDT', offsetMinutes: 780, countries: ['NZ'] }],
  acst: [{ zone: 'Australia/Adelaide', label: 'ACST', offsetMinutes: 570, countries: ['AU'] }],
  acdt: [{ zone: 'Australia/Adelaide', label: 'ACDT', offsetMinutes: 630, countries: ['AU'] }],
  awst: [{ zone: 'Australia/Perth', label: 'AWST', offsetMinutes: 480, countries: ['AU'] }],
  akdt: [{ zone: 'America/Anchorage', label: 'AKDT', offsetMinutes: -480, countries: us }],
  nst: [{ zone: 'America/St_Johns', label: 'NST', offsetMinutes: -210, countries: ['CA'] }],
  ndt: [{ zone: 'America/St_Johns', label: 'NDT', offsetMinutes: -150, countries: ['CA'] }],
  adt: [{ zone: 'America/Halifax', label: 'ADT', offsetMinutes: -180, countries: ['CA'] }],

  eest: [{ zone: 'Europe/Athens', label: 'EEST', offsetMinutes: 180, countries: ['GR'] }],
  msk: [{ zone: 'Europe/Moscow', label: 'MSK', offsetMinutes: 180, countries: ['RU'] }],
  sgt: [{ zone: 'Asia/Singapore', label: 'SGT', offsetMinutes: 480, countries: ['SG'] }],
  hkt: [{ zone: 'Asia/Hong_Kong', label: 'HKT', offsetMinutes: 480, countries: ['HK'] }],
  pht: [{ zone: 'Asia/Manila', label: 'PHT', offsetMinutes: 480, countries: ['PH'] }],
  wib: [{ zone: 'Asia/Jakarta', label: 'WIB', offsetMinutes: 420, countries: ['ID'] }],
  brt: [{ zone: 'America/Sao_Paulo', label: 'BRT', offsetMinutes: -180, countries: ['BR'] }],

  sast: [{ zone: 'Africa/Johannesburg', label: 'SAST', offsetMinutes: 120, countries: ['ZA'] }],
  // Decisions §5.1: BST is British Summer Time unless the request is from Bangladesh.
  bst: [
    { zone: 'Europe/London', label: 'BST (British Summer)', offsetMinutes: 60, countries: ['GB'], unlessSettled: true },
    { zone: 'Asia/Dhaka', label: 'BST (Bangladesh)', offsetMinutes: 360, countries: ['BD'] },
  ],
};

/** Region names without a season: the zone's civil time. */
const REGIONS: Record<string, string> = {
  aet: 'Australia/Sydney',
  nzt: 'Pacific/Auckland',
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

/** Every zone abbreviation above ("est", "cet", "ist"…), for readers that only spot zone words (extraction). */
export const ZONE_ABBREVIATION_WORDS: readonly string[] = Object.keys(ABBREVIATIONS);
/** Every region name above ("et", "pacific time", "tokyo time"…), likewise. */
export const ZONE_REGION_WORDS: readonly string[] = Object.keys(REGIONS);

// Upper-case "EST" in French and "IST" in German, marked by the planner (lower case they are words there).
ABBREVIATIONS.zoneest = ABBREVIATIONS.est;
ABBREVIATIONS.zoneist = ABBREVIATIONS.ist;

const word = (w: string) => w.replace(/ /g, '\\s+');
const ABBREVIATION_RE_G = new RegExp(`\\b(${Object.keys(ABBREVIATIONS).join('|')})\\b`, 'g');
// "pacific time", "eastern time" and bare "ET"/"PT"; "time" is optional after a region.
const REGION_RE = new RegExp(
  `\\b(${Object.keys(REGIONS)
    .sort((a, b) => b.length - a.length)
    .map(word)
    .join('|')})(\\s+time)?\\b`,
);
/**
 * Places by name, from the tz database the runtime carries ("auckland" → Pacific/Auckland,
 * "new york" → America/New_York), and single-zone countries by their names in our languages.
 */
const PLACES = new Map<string, string>();
// Islands and stations whose names are everyday words ("christmas", "easter", "wake", "reunion") are left out.
const PLACE_REGIONS = /^(?:Africa|America|Asia|Australia|Europe)\/|^Pacific\/(?:Auckland|Honolulu|Fiji|Guam|Tahiti|Chatham|Port_Moresby|Noumea|Tongatapu|Apia)$/;
const NOT_PLACES = new Set(['jersey', 'regina', 'nome', 'creston', 'marigot', 'isle of man', 'guernsey', 'monaco', 'vatican', 'dominica']);
for (const zone of Intl.supportedValuesOf('timeZone')) {
  if (!PLACE_REGIONS.test(zone)) continue;
  const place = zone.split('/').pop()!.replace(/_/g, ' ').toLowerCase();
  // The runtime lists some zones by their older names ("America/Buenos_Aires"); the tz database's own name is given.
  if (!PLACES.has(place) && !NOT_PLACES.has(place)) PLACES.set(place, canonicalZone(zone));
}
// The tz database's links name places too ("America/Montreal" → America/Toronto, "Asia/Calcutta" → Asia/Kolkata).
for (const tz of Object.values(ct.getAllTimezones({ deprecated: true }))) {
  if (!tz.aliasOf || !PLACE_REGIONS.test(tz.name)) continue;
  const place = tz.name.split('/').pop()!.replace(/_/g, ' ').toLowerCase();
  if (!PLACES.has(place) && !NOT_PLACES.has(place) && Intl.supportedValuesOf('timeZone').includes(tz.aliasOf)) PLACES.set(place, tz.aliasOf);
}
/**
 * Places whose names in German, French, Spanish, Portuguese or Japanese differ from the tz
 * database's English ones (accents aside, which are compared without), and cities that share a
 * zone named after another ("Rio de Janeiro" keeps São Paulo's time).
 */
const LOCAL_PLACES: Record<string, string> = {
  // German
  wien: 'Europe/Vienna', genf: 'Europe/Zurich', moskau: 'Europe/Moscow', warschau: 'Europe/Warsaw', prag: 'Europe/Prague', rom: 'Europe/Rome',
  lissabon: 'Europe/Lisbon', brüssel: 'Europe/Brussels', kopenhagen: 'Europe/Copenhagen', athen: 'Europe/Athens', peking: 'Asia/Shanghai',
  'neu-delhi': 'Asia/Kolkata', kairo: 'Africa/Cairo', münchen: 'Europe/Berlin', hamburg: 'Europe/Berlin', köln: 'Europe/Berlin', frankfurt: 'Europe/Berlin',
  'mexiko-stadt': 'America/Mexico_City', neuseeland: 'Pacific/Auckland', tokio: 'Asia/Tokyo',
  // French
  québec: 'America/Toronto', varsovie: 'Europe/Warsaw', bruxelles: 'Europe/Brussels', londres: 'Europe/London', lisbonne: 'Europe/Lisbon',
  moscou: 'Europe/Moscow', pékin: 'Asia/Shanghai', genève: 'Europe/Zurich', vienne: 'Europe/Vienna', athènes: 'Europe/Athens', 'le caire': 'Africa/Cairo',
  'la nouvelle-orléans': 'America/Chicago', 'nouvelle-orléans': 'America/Chicago', copenhague: 'Europe/Copenhagen', séoul: 'Asia/Seoul',
  singapour: 'Asia/Singapore', 'la havane': 'America/Havana', alger: 'Africa/Algiers', nouméa: 'Pacific/Noumea', papeete: 'Pacific/Tahiti',
  'fort-de-france': 'America/Martinique', 'pointe-à-pitre': 'America/Guadeloupe', 'la réunion': 'Indian/Reunion', 'saint-denis de la réunion': 'Indian/Reunion',
  // Spanish
  'nueva york': 'America/New_York', 'ciudad de méxico': 'America/Mexico_City', 'méxico df': 'America/Mexico_City', cdmx: 'America/Mexico_City',
  moscú: 'Europe/Moscow', pekín: 'Asia/Shanghai', seúl: 'Asia/Seoul', 'el cairo': 'Africa/Cairo', 'la habana': 'America/Havana', ginebra: 'Europe/Zurich',
  viena: 'Europe/Vienna', varsovia: 'Europe/Warsaw', bruselas: 'Europe/Brussels', atenas: 'Europe/Athens', estocolmo: 'Europe/Stockholm', praga: 'Europe/Prague',
  roma: 'Europe/Rome', filadelfia: 'America/New_York', 'nueva orleans': 'America/Chicago', 'ciudad de guatemala': 'America/Guatemala',
  'san josé': 'America/Costa_Rica', canarias: 'Atlantic/Canary', 'islas canarias': 'Atlantic/Canary',
  'ciudad de panamá': 'America/Panama', 'ciudad de panama': 'America/Panama', quito: 'America/Guayaquil', medellín: 'America/Bogota', cali: 'America/Bogota',
  barcelona: 'Europe/Madrid', sevilla: 'Europe/Madrid', valencia: 'Europe/Madrid', guadalajara: 'America/Mexico_City', rosario: 'America/Argentina/Cordoba',
  // Portuguese
  'nova york': 'America/New_York', 'nova iorque': 'America/New_York', 'cidade do méxico': 'America/Mexico_City', berlim: 'Europe/Berlin', pequim: 'Asia/Shanghai',
  tóquio: 'Asia/Tokyo', seul: 'Asia/Seoul', madri: 'Europe/Madrid', genebra: 'Europe/Zurich', varsóvia: 'Europe/Warsaw', bruxelas: 'Europe/Brussels',
  brasília: 'America/Sao_Paulo', 'rio de janeiro': 'America/Sao_Paulo', 'porto alegre': 'America/Sao_Paulo', 'belo horizonte': 'America/Sao_Paulo',
  curitiba: 'America/Sao_Paulo', florianópolis: 'America/Sao_Paulo', salvador: 'America/Bahia', 'fernando de noronha': 'America/Noronha', açores: 'Atlantic/Azores',
  madeira: 'Atlantic/Madeira', porto: 'Europe/Lisbon', 'cabo verde': 'Atlantic/Cape_Verde',
};
const LOCAL_PLAIN = new Map(Object.entries(LOCAL_PLACES).map(([k, v]) => [k.normalize('NFD').replace(/[\u0300-\u036f]/g, ''), v]));
const COUNTRY_ZONES: Record<string, string> = {
  spain: 'Europe/Madrid', españa: 'Europe/Madrid', espanha: 'Europe/Madrid', espagne: 'Europe/Madrid', spanien: 'Europe/Madrid',
  japan: 'Asia/Tokyo', japón: 'Asia/Tokyo', japon: 'Asia/Tokyo', japão: 'Asia/Tokyo',
  germany: 'Europe/Berlin', alemania: 'Europe/Berlin', alemanha: 'Europe/Berlin', allemagne: 'Europe/Berlin', deutschland: 'Europe/Berlin',
  france: 'Europe/Paris', francia: 'Europe/Paris', frança: 'Europe/Paris', frankreich: 'Europe/Paris',
  italy: 'Europe/Rome', italia: 'Europe/Rome', itália: 'Europe/Rome', italie: 'Europe/Rome', italien: 'Europe/Rome',
  portugal: 'Europe/Lisbon', uk: 'Europe/London', england: 'Europe/London', britain: 'Europe/London', inglaterra: 'Europe/London', angleterre: 'Europe/London',
  ireland: 'Europe/Dublin', irlanda: 'Europe/Dublin', netherlands: 'Europe/Amsterdam', holland: 'Europe/Amsterdam', belgium: 'Europe/Brussels', switzerland: 'Europe/Zurich', schweiz: 'Europe/Zurich', suisse: 'Europe/Zurich', austria: 'Europe/Vienna', österreich: 'Europe/Vienna',
  korea: 'Asia/Seoul', corea: 'Asia/Seoul', coreia: 'Asia/Seoul', india: 'Asia/Kolkata', philippines: 'Asia/Manila', singapore: 'Asia/Singapore', 'hong kong': 'Asia/Hong_Kong', taiwan: 'Asia/Taipei',
  argentina: 'America/Argentina/Buenos_Aires', colombia: 'America/Bogota', colômbia: 'America/Bogota', peru: 'America/Lima', perú: 'America/Lima', chile: 'America/Santiago', venezuela: 'America/Caracas', uruguay: 'America/Montevideo',
  méxico: 'America/Mexico_City', mexico: 'America/Mexico_City', mexique: 'America/Mexico_City', mexiko: 'America/Mexico_City',
  china: 'Asia/Shanghai', chine: 'Asia/Shanghai',
  'new zealand': 'Pacific/Auckland', 'nueva zelanda': 'Pacific/Auckland', 'nova zelândia': 'Pacific/Auckland', 'nouvelle-zélande': 'Pacific/Auckland',
};

/** The zone a place or country name stands for ("auckland", "são paulo", "españa"), if any. */
export function placeZone(name: string): string | undefined {
  const key = name.trim().replace(/\s+/g, ' ');
  const plain = key.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return REGIONS[`${key} time`] ?? REGIONS[key] ?? COUNTRY_ZONES[key] ?? PLACES.get(key) ?? PLACES.get(plain) ?? LOCAL_PLACES[key] ?? LOCAL_PLAIN.get(plain);
}

/**
 * A place the language rules already read ("heure de la Réunion", "hora de Ciudad de México"),
 * held in the text by a token of letters until the zone words are found, so that no later rule
 * (articles, month names) takes its words apart.
 */
const PLACE_TOKENS: ZoneChoice[] = [];
const tokenIds = new Map<string, number>();
export function placeToken(zone: string, label: string): string {
  const key = `${zone}|${label}`;
  let id = tokenIds.get(key);
  if (id === undefined) {
    id = PLACE_TOKENS.push({ zone, label: `${label} time` }) - 1;
    tokenIds.set(key, id);
  }
  return `xplace${toLetters(id)}x`;
}
const toLetters = (n: number) => n.toString(10).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
const PLACE_TOKEN_RE = /\bxplace([a-j]+)x\b/;

/** "<place> time" with up to three words of place ("los angeles time", "são paulo time"). */
const PLACE_TIME_RE = /(?<![\p{L}])((?:[\p{L}.'-]+\s+){0,2}[\p{L}.'-]+)\s+time(?![\p{L}])/gu;

// GMT is read as UTC+0, a fixed offset, not as London's civil time.
const OFFSET_RE = /\b(?:utc|gmt)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?\b|(?<![\d:])([+-])(\d{2}):(\d{2})\b|\butc\b|\bgmt\b|\bzulu\b/;

/** The words one of which each pattern's matches hold (prefilter.ts): a text without any need not be scanned. */
const OFFSET_WORDS = patternKeys(OFFSET_RE);
const ABBREVIATION_WORDS = patternKeys(ABBREVIATION_RE_G);
const REGION_WORDS = patternKeys(REGION_RE);

export interface ZoneMatch {
  choices: ZoneChoice[];
  /** The matched words and where they start, removed from the text by the planner. */
  matched: string;
  index: number;
  /** True when several readings were narrowed to one by the request's country or zone. */
  settled?: string;
}

/** Finds one zone word in lower-case text, or undefined. */
/** Abbreviations that are everyday words in a language ("c'est", "wer ist"): not zones there. */
const WORDS_NOT_ZONES: Record<string, Set<string>> = { fr: new Set(['est']), de: new Set(['ist']) };

export function findZone(text: string, speakerZone: string, country?: string, referenceInstant?: number, lang?: string): ZoneMatch | undefined {
  const token = text.includes('xplace') ? PLACE_TOKEN_RE.exec(text) : null;
  if (token) {
    const choice = PLACE_TOKENS[Number(token[1].replace(/[a-j]/g, (c) => String(c.charCodeAt(0) - 97)))];
    if (choice) return { choices: [{ ...choice }], matched: token[0], index: token.index };
  }
  const offset = mayHold(text, OFFSET_WORDS) ? OFFSET_RE.exec(text) : null;
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
  let abbr: RegExpExecArray | undefined;
  ABBREVIATION_RE_G.lastIndex = 0;
  for (let m = mayHold(text, ABBREVIATION_WORDS) ? ABBREVIATION_RE_G.exec(text) : null; m; m = ABBREVIATION_RE_G.exec(text)) {
    if (!WORDS_NOT_ZONES[lang ?? '']?.has(m[1])) {
      abbr = m;
      break;
    }
  }
  if (abbr) {
    const readings = ABBREVIATIONS[abbr[1]];
    // The speaker's own zone, when it goes by this abbreviation now ("7pm MST" said in Phoenix, which keeps MST all year).
    // (Or in its other season: "7pm CST" said in Winnipeg in July is Winnipeg's civil time, rule 12.)
    if (referenceInstant !== undefined && goesBy(speakerZone, abbr[1], referenceInstant) && !readings.some((r) => r.zone === canonicalZone(speakerZone))) {
      const own = readings.find((r) => r.offsetMinutes !== undefined) ?? readings[0];
      return { choices: [{ ...strip(own), zone: speakerZone }], matched: abbr[0], index: abbr.index, settled: `${abbr[1].toUpperCase()} read as your own time zone ${speakerZone}` };
    }
    if (readings.length === 1) return { choices: [strip(readings[0])], matched: abbr[0], index: abbr.index };
    const byZone = readings.filter((r) => r.zone === canonicalZone(speakerZone));
    const byCountry = country ? readings.filter((r) => r.countries.includes(country)) : [];
    const settledBy = byZone.length === 1 ? byZone : byCountry.length === 1 ? byCountry : undefined;
    if (settledBy) {
      const why = byZone.length === 1 ? `your time zone ${speakerZone}` : `country ${country}`;
      return { choices: [strip(settledBy[0])], matched: abbr[0], index: abbr.index, settled: `${abbr[1].toUpperCase()} read as ${settledBy[0].label} because of ${why}` };
    }
    const fixed = readings.find((r) => r.unlessSettled);
    if (fixed) return { choices: [strip(fixed)], matched: abbr[0], index: abbr.index };
    return { choices: readings.map(strip), matched: abbr[0], index: abbr.index };
  }
  const region = mayHold(text, REGION_WORDS) ? REGION_RE.exec(text) : null;
  if (region) {
    const key = region[1].replace(/\s+/g, ' ');
    return { choices: [{ zone: REGIONS[key], label: region[0] }], matched: region[0], index: region.index };
  }
  if (!/\btime\b/.test(text)) return undefined;
  PLACE_TIME_RE.lastIndex = 0;
  for (let m = PLACE_TIME_RE.exec(text); m; m = PLACE_TIME_RE.exec(text)) {
    // The longest run of words before "time" that names a place.
    const words = m[1].split(/\s+/);
    for (let n = words.length; n >= 1; n--) {
      const zone = placeZone(words.slice(words.length - n).join(' '));
      if (zone) {
        const matched = `${words.slice(words.length - n).join(' ')} time`;
        const index = m.index + m[0].length - matched.length;
        return { choices: [{ zone, label: matched }], matched: text.slice(index, m.index + m[0].length), index };
      }
    }
  }
  return undefined;
}

/** A zone's name in the tz database ("Asia/Calcutta" → "Asia/Kolkata"). */
function canonicalZone(zone: string): string {
  return ct.getTimezone(zone)?.aliasOf ?? zone;
}

/** Whether a zone goes by an abbreviation at the instant, or in January or July of its year. */
function goesBy(zone: string, abbreviation: string, at: number): boolean {
  const year = new Date(at).getUTCFullYear();
  return [at, Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)].some((ms) => offsetName(zone, ms).toLowerCase() === abbreviation);
}

function strip({ countries: _countries, unlessSettled: _fixed, ...choice }: AbbreviationReading): ZoneChoice {
  return choice;
}
