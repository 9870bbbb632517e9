import { placeToken, placeZone } from './zoneWords.js';
import { collapseSpaces } from './words.js';
import { indexText, mayContain, patternKeys, type FactorKeys } from './prefilter.js';

/**
 * Rule 21: the locale decides the language. Each language's phrasings are rewritten, in order,
 * into the English forms the planner reads ("morgen um 20 uhr" → "tomorrow at 20h",
 * "24 de diciembre" → "24 december", "来週の金曜日 21時" → "nxtwk friday 21時"), so one
 * planner serves every language and a meaning is written down once. Weekday and relative-day
 * words stay in words.ts, where the planner matches them directly. Text arrives lower-cased.
 */

type Rule = [RegExp, string | ((...groups: string[]) => string)];

// Latin-script letters as a plain class: patterns without the u flag run markedly faster, and
// every language here that uses these boundaries writes in Latin script.
const LETTER = 'a-z0-9\\u00c0-\\u024f';
const L = `(?<![${LETTER}])`;
const R = `(?![${LETTER}])`;
const WORD = `[a-z\\u00c0-\\u024f]+`;
/** A pattern over whole words (Latin scripts). */
const w = (source: string) => new RegExp(`${L}(?:${source.replace(/\\p\{L\}\+/g, WORD)})${R}`, 'g');
/** The same, for patterns that end by looking at the next word themselves. */
const wl = (source: string) => new RegExp(`${L}(?:${source})`, 'g');

/** Month words per language (English ones are words.ts `MONTHS`), each to its English name. */
export const MONTH_WORDS: Record<string, Record<string, string>> = {
  de: {
    januar: 'january', jänner: 'january', jan: 'january', februar: 'february', feb: 'february', märz: 'march', maerz: 'march', mär: 'march',
    april: 'april', apr: 'april', mai: 'may', juni: 'june', jun: 'june', juli: 'july', jul: 'july', august: 'august', aug: 'august',
    september: 'september', sept: 'september', sep: 'september', oktober: 'october', okt: 'october', november: 'november', nov: 'november',
    dezember: 'december', dez: 'december',
  },
  fr: {
    janvier: 'january', janv: 'january', février: 'february', fevrier: 'february', févr: 'february', mars: 'march', avril: 'april', avr: 'april',
    mai: 'may', juin: 'june', juillet: 'july', juil: 'july', août: 'august', aout: 'august', septembre: 'september', sept: 'september',
    octobre: 'october', oct: 'october', novembre: 'november', nov: 'november', décembre: 'december', decembre: 'december', déc: 'december',
  },
  es: {
    enero: 'january', ene: 'january', febrero: 'february', marzo: 'march', abril: 'april', mayo: 'may', junio: 'june', julio: 'july',
    agosto: 'august', septiembre: 'september', setiembre: 'september', octubre: 'october', noviembre: 'november', diciembre: 'december', dic: 'december',
  },
  pt: {
    janeiro: 'january', fevereiro: 'february', março: 'march', marco: 'march', abril: 'april', maio: 'may', junho: 'june', julho: 'july',
    agosto: 'august', setembro: 'september', outubro: 'october', novembro: 'november', dezembro: 'december',
  },
};

const EN_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function monthAlternation(lang: string): string {
  return Object.keys(MONTH_WORDS[lang])
    .sort((a, b) => b.length - a.length)
    .join('|');
}

/** "halb 8" (German) is 7:30; "8 y media" is 8:30. */
// "oclock" marks an hour said on the 12-hour dial (the planner reads it like "o'clock"); without
// an apostrophe, no article rule ("o", "a") can take it apart.
const halfBefore = (hour: string) => `${(Number(hour) + 11) % 12 || 12}:30 oclock`;
const quarterTo = (hour: string) => `${(Number(hour) + 11) % 12 || 12}:45 oclock`;
/** Said on the 12-hour dial ("half past", "y media"): am/pm stays open unless the hour is over 12. */
const dial = (hour: string, minute: string) => (Number(hour) > 12 ? `${hour}:${minute}` : `${hour}:${minute} oclock`);
/**
 * "9時" in Japanese: a 24-hour word, but an hour up to 11 has no am/pm said (rule 2); 12 is noon, 0 midnight.
 */
const hourWordJa = (hour: string, minute?: string) => {
  const h = Number(hour);
  const m = minute ?? '00';
  if (h >= 12 || h === 0 || hour.startsWith('0')) return minute === undefined ? ` ${hour}h ` : ` ${hour}:${m} `;
  return ` ${hour}:${m} oclock `;
};
/**
 * "9h", "9h30" in French, Spanish and Portuguese: the 24-hour clock (decisions §5.1: "9h" is 09:00).
 * A part of the day said with it still settles the hour ("ce soir à 9h" is 21:00, executor.ts).
 */
const hourWord = (hour: string, minute?: string) => (minute === undefined ? ` ${hour}h ` : ` ${hour}:${minute} `);

/** Shared by the Romance languages and German: unit words of relative times. */
function units(map: Record<string, string>): string {
  return Object.keys(map)
    .sort((a, b) => b.length - a.length)
    .join('|');
}

const DE_UNITS: Record<string, string> = {
  h: 'hours',
  sekunden: 'seconds', sekunde: 'second', minuten: 'minutes', minute: 'minute', min: 'minutes', stunden: 'hours', stunde: 'hour', std: 'hours',
  tagen: 'days', tage: 'days', tag: 'day', wochen: 'weeks', woche: 'week', monaten: 'months', monate: 'months', monat: 'month',
};
const FR_UNITS: Record<string, string> = {
  h: 'hours',
  secondes: 'seconds', seconde: 'second', minutes: 'minutes', minute: 'minute', min: 'minutes', heures: 'hours', heure: 'hour',
  jours: 'days', jour: 'day', semaines: 'weeks', semaine: 'week', mois: 'months',
};
const ES_UNITS: Record<string, string> = {
  h: 'hours',
  hs: 'hours',
  segundos: 'seconds', segundo: 'second', minutos: 'minutes', minuto: 'minute', min: 'minutes', horas: 'hours', hora: 'hour',
  días: 'days', dias: 'days', día: 'day', dia: 'day', semanas: 'weeks', semana: 'week', meses: 'months', mes: 'month',
};
const PT_UNITS: Record<string, string> = { ...ES_UNITS };

const ONE: Record<string, string> = { ner: 'a', nem: 'a', einer: 'a', einem: 'a', eine: 'a', ein: 'a', une: 'a', un: 'a', una: 'a', uno: 'a', uma: 'a', um: 'a' };

function relative(lang: string, unitMap: Record<string, string>, before: string[], after: string[], agoBefore: string[], agoAfter: string[]): Rule[] {
  const u = units(unitMap);
  const n = `(\\d+|${Object.keys(ONE).join('|')})`;
  const amount = (x: string) => ONE[x] ?? x;
  const rules: Rule[] = [];
  // "dans 1h30", "en 1h30": an amount of minutes.
  if (before.length) rules.push([w(`(?:${before.join('|')})\\s+(\\d+)\\s*h\\s*(\\d{2})`), (_m, h, min) => ` in ${Number(h) * 60 + Number(min)} minutes `]);
  if (before.length) rules.push([w(`(?:${before.join('|')})\\s+${n}\\s*(${u})`), (_m, x, unit) => ` in ${amount(x)} ${unitMap[unit]} `]);
  if (after.length) rules.push([w(`${n}\\s+(${u})\\s+(?:${after.join('|')})`), (_m, x, unit) => ` in ${amount(x)} ${unitMap[unit]} `]);
  if (agoBefore.length) rules.push([w(`(?:${agoBefore.join('|')})\\s+${n}\\s*(${u})`), (_m, x, unit) => ` ${amount(x)} ${unitMap[unit]} ago `]);
  if (agoAfter.length) rules.push([w(`${n}\\s+(${u})\\s+(?:${agoAfter.join('|')})`), (_m, x, unit) => ` ${amount(x)} ${unitMap[unit]} ago `]);
  void lang;
  return rules;
}

/** Abbreviations (and "marco", also a name) are read only beside a day number. */
export const MONTH_ABBREVIATIONS: ReadonlySet<string> = new Set(['jan', 'feb', 'mär', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'okt', 'nov', 'dez', 'janv', 'févr', 'avr', 'juil', 'oct', 'déc', 'ene', 'dic', 'marco']);

/** Full month names anywhere ("erster samstag im november"); abbreviations only beside a day, in `dates`. */
function monthNames(lang: string): Rule {
  const names = Object.keys(MONTH_WORDS[lang]).filter((m) => !MONTH_ABBREVIATIONS.has(m));
  return [w(`(${names.join('|')})`), (_m, month) => ` ${MONTH_WORDS[lang][month]} `];
}

/** Ordinal words before a weekday ("erster samstag", "le premier samedi") into English. */
function ordinals(map: Record<string, string>): Rule {
  return [w(`(${Object.keys(map).sort((a, b) => b.length - a.length).join('|')})`), (_m, word) => ` ${map[word]} `];
}

/** Words after "heure de", "hora de" that name no place: articles, seasons, infinitives ("hora de cenar"). */
const NOT_A_PLACE = /^(?:la|le|les|el|los|las|l'|un|une|una|uno|um|uma|o|a|os|as|que|été|hiver|verano|invierno|verão|verao|inverno|pointe|punta|pico|ponta|[a-zà-ÿ]+(?:ar|er|ir|re|ír)(?:se|me|te|nos|lo|la)?)$/;
/** Stems of "<…>er Zeit" that are not places ("in letzter Zeit", "zu gleicher Zeit"). */
const NOT_A_GERMAN_PLACE = /^(?:letzt|kurz|gleich|ein|sein|ihr|unser|eur|dein|mein|jed|jen|dies|welch|spät|früh|lang|best|bess|ält|recht|gut|rechtzeitig|sommer|winter)$/;
/** Right after a clock time ("20h ", "20:00 (", "20 uhr "). */
const afterClock = (before: string) => /\d(?:\s*(?:uhr|h\d{0,2}|hs)|:\d\d)?\s*[,(]?\s*$/.test(before);
/**
 * "<zone word> <place>" ("heure de Montréal", "hora de Ciudad de México", "horário de Lisboa")
 * into "<place> time" for the zone words the planner knows, the place in up to four words, its
 * name from the tz database or its spelling in the language (zoneWords.ts). Said right after a
 * clock time, a place that is not known asks rather than leave the time in the speaker's zone.
 */
function cityTime(prefix: string): Rule {
  return [
    new RegExp(`${L}(?:${prefix})((?:[a-z\\u00c0-\\u024f'’.-]+\\s*){1,4})`, 'g'),
    (m, words, offset, whole) => {
      const list = words.trim().split(/\s+/);
      for (let n = list.length; n >= 1; n--) {
        const name = list.slice(0, n).join(' ');
        const zone = placeZone(name);
        if (zone) return ` ${placeToken(zone, name)} ${list.slice(n).join(' ')} `;
      }
      return afterClock(String(whole).slice(0, Number(offset))) && !NOT_A_PLACE.test(list[0]) ? ` unknownplace ${list.join(' ')} ` : m;
    },
  ];
}

/** Day-month dates with a month word, and dotted numeric dates, into "24 december" / "24/12/2026". */
function dates(lang: string, connector: string): Rule[] {
  const months = monthAlternation(lang);
  return [
    [w(`(\\d{1,2})(?:\\.|er|º|°|o|ª)?\\s*(?:${connector})?\\s*(${months})\\.?(?:\\s*(?:${connector}|,)?\\s*(\\d{4}))?`), (_m, d, month, y) => ` ${d} ${MONTH_WORDS[lang][month]}${y ? ` ${y}` : ''} `],
    [w(`(${months})\\.?\\s+(\\d{1,2})`), (_m, month, d) => ` ${MONTH_WORDS[lang][month]} ${d} `],
    // "24.12." and "24.12.2026" (day first); "20.30" alone stays for the clock rules.
    [/(?<![\d.:/])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?![\d:])/g, (_m, d, m, y) => ` ${d}/${m}${y ? `/${y}` : ''} `],
  ];
}


/**
 * A day span with one month word ("17.–18. Dezember", "du 17 au 18 décembre", "del 17 al 18 de
 * diciembre") as two dates joined by a dash, which the planner reads as one range (decisions §5.1).
 */
function daySpan(lang: string, before: string, joiner: string, connector: string): Rule {
  const months = monthAlternation(lang);
  return [
    w(`(?:${before})?(?<![\\d:])(\\d{1,2})(?:\\.|er|º|°|ª)?\\s*(?:${joiner})\\s*(\\d{1,2})(?:\\.|º|°|ª)?\\s*(?:${connector})?\\s*(${months})(?:\\s*(?:${connector}|,)?\\s*(\\d{4}))?`),
    (_m, d1, d2, month, y) => ` ${d1} ${MONTH_WORDS[lang][month]}${y ? ` ${y}` : ''} - ${d2} ${MONTH_WORDS[lang][month]}${y ? ` ${y}` : ''} `,
  ];
}

/** Weekday abbreviations, read only before a dot, a number or an "at" word ("Sa 20 Uhr", "sam. 21h", "sáb às 21h"). */
function weekdayAbbreviations(map: Record<string, string>, atWords: string): Rule {
  const keys = Object.keys(map).sort((a, b) => b.length - a.length).join('|');
  return [new RegExp(`${L}(${keys})(?:\\.|(?=\\s*\\d)|(?=\\s+(?:${atWords})${R}))`, 'g'), (_m, abbr) => ` ${map[abbr]} `];
}

const NUMBER_WORDS: Record<string, Record<string, number>> = {
  en: { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 },
  de: { eins: 1, ein: 1, eine: 1, einer: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12 },
  fr: { une: 1, un: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12 },
  es: { una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12 },
  pt: { uma: 1, um: 1, duas: 2, dois: 2, três: 3, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, onze: 11, doze: 12 },
};

/**
 * Number words as digits where they count time or name an hour: before a unit or a clock word
 * ("zwei stunden", "eight pm", "acht uhr") and after an "at" word ("at eight", "a las ocho").
 */
function numberWords(lang: string, units: string, clockAfter: string, atBefore: string): Rule[] {
  const map = NUMBER_WORDS[lang];
  const keys = Object.keys(map).sort((a, b) => b.length - a.length).join('|');
  return [
    [new RegExp(`${L}(${keys})(?=\\s+(?:${units})${R})`, 'g'), (_m, word) => String(map[word])],
    [new RegExp(`${L}(${keys})(?=\\s*(?:${clockAfter})${R})`, 'g'), (_m, word) => String(map[word])],
    [new RegExp(`(${L}(?:${atBefore})\\s+)(${keys})${R}`, 'g'), (_m, at, word) => `${at}${map[word]}`],
  ];
}

const RULES: Record<string, Rule[]> = {
  de: [
    // Decisions §5.1: a repeating schedule ("jeden Donnerstag", "donnerstags") is its next occurrence.
    [w('(?:jeden|immer\\s+(?:am|montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags)?)\\s*(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)'), ' every $1 '],
    [w('(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)s'), ' every $1 '],
    [w('(?:letzte|vergangene|vorige)\\s+woche'), ' lastweek '],
    // How long it lasts ("Dauer ca. 3 Stunden", "dauert etwa 2 Stunden"): an amount of time, not a clock time.
    [w('(?:dauer|dauert|ca\\.?|etwa|circa|zirka|für)\\s*:?\\s+(?:ca\\.?\\s+|etwa\\s+)?(\\d+(?:[.,]\\d+)?)\\s*(?:stunden|stunde|std\\.?)'), ' lasts $1 hours '],
    // "2:30 Uhr nachts" is the small hours of that day, "11 Uhr nachts" the evening: no next-day shift.
    [/(\d{1,2})(?::(\d{2}))?\s*(?:uhr\s+)?nachts\b/g, (_m, h, min) => ` ${h}:${min ?? '00'}${Number(h) < 6 || Number(h) === 12 ? 'am' : 'pm'} `],
    // A change of time ("von 19 auf 20 Uhr verschoben", "statt 19 jetzt 20 Uhr"), not a range.
    [wl('(?:verschoben|verlegt|geändert|umgelegt)\\s+von\\s+(.{1,25}?)\\s+(?:auf|nach|zu)\\s+'), ' moved from $1 to '],
    [wl('von\\s+(.{1,25}?)\\s+auf\\s+(.{1,25}?)\\s+(?:verschoben|verlegt|geändert|umgelegt)'), ' moved from $1 to $2 '],
    // Month and year edges (decisions §5.1), before "nächsten Monats" and "Ende" are read alone.
    [w('(?:am\\s+|zum\\s+|bis\\s+zum\\s+|gegen\\s+)?(?:ende|letzten\\s+tag)\\s+(?:des\\s+)?(?:nächsten|kommenden)\\s+monats'), ' end of next month '],
    [w('(?:am\\s+|zum\\s+|bis\\s+zum\\s+)?(?:anfang|beginn|ersten\\s+tag)\\s+(?:des\\s+)?(?:nächsten|kommenden)\\s+monats'), ' beginning of next month '],
    [w('(?:am\\s+|zum\\s+)?(?:anfang|beginn|ersten\\s+tag)\\s+(?:des|dieses)\\s+monats|monatsanfang'), ' beginning of this month '],
    [w('(?:am\\s+)?letzten\\s+tag\\s+(?:des|dieses)\\s+jahres'), ' last day of the year '],
    [w('(?:am\\s+)?letzten\\s+tag\\s+(?:des|dieses)\\s+monats'), ' end of this month '],
    daySpan('de', 'vom\\s+|von\\s+', '-|bis(?:\\s+zum)?', ''),
    [w('den\\s+ganzen\\s+tag|ganztägig|ganztags'), ' allday '],
    [w('(?:den\\s+)?ganzen\\s+(\\p{L}+tag|mittwoch|sonnabend)'), ' $1 allday '],
    [w('übernächsten?\\s+(\\p{L}+tag|mittwoch|sonnabend)'), ' afternext $1 '],
    [w('statt|anstatt|anstelle\\s+von'), ' instead of '],
    weekdayAbbreviations({ mo: 'montag', di: 'dienstag', mi: 'mittwoch', do: 'donnerstag', fr: 'freitag', sa: 'samstag', so: 'sonntag' }, 'um|ab'),
    // "Sonntagabend", "Freitagnacht": the day, then the part of it.
    [w('(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)(abend|morgen|vormittag|nachmittag|mittag|nacht)s?'), (_m, d, part) => ` ${d} ${part === 'mittag' ? 'noon' : `am ${part}`} `],
    ...numberWords('de', units(DE_UNITS), 'uhr', 'um|gegen|ab|halb|viertel\\s+nach|viertel\\s+vor'),
    [w('(?:nächste|kommende)\\s+woche\\s+(\\p{L}+tag|mittwoch|sonnabend)'), (_m, d) => ` nxtwk ${d} `],
    // Parts of the day first: "morgen" is both tomorrow and morning.
    // "freitag nächste woche": the friday of next week.
    [w('(\\p{L}+tag|mittwoch|sonnabend)\\s+(?:nächster|nächste|kommender|kommende)\\s+woche'), (_m, d) => ` nxtwk ${d} `],
    [w('heute\\s+(?:abend|nacht)'), ' tonight '],
    [w('heute\\s+(?:morgen|früh|vormittag)'), ' this morning '],
    [w('heute\\s+nachmittag'), ' this afternoon '],
    [w('(morgen|übermorgen)\\s+(?:früh|vormittag)'), (_m, d) => ` ${d} morning `],
    [w('(morgen|übermorgen)\\s+nachmittag'), (_m, d) => ` ${d} afternoon `],
    [w('(morgen|übermorgen)\\s+(?:abend|nacht)'), (_m, d) => ` ${d} evening `],
    [w('(?:am\\s+)?morgens|am\\s+morgen|vormittags|früh'), ' morning '],
    [w('(?:am\\s+)?nachmittags?|am\\s+nachmittag'), ' afternoon '],
    [w('(?:am\\s+)?abends?|am\\s+abend'), ' evening '],
    [w('nachts|in\\s+der\\s+nacht'), ' night '],
    [w('mitternacht'), ' midnight '],
    // "mittags um 1" is the afternoon; "mittags" alone, noon.
    [/(\d{1,2}(?::\d{2})?)\s*(?:uhr\s+)?mittags?\b/g, ' $1 afternoon '],
    [wl('mittags?\\s+(?:um\\s+)?(?=\\d)'), ' afternoon at '],
    [w('(?:um\\s+)?mittags?'), ' noon '],
    // Periods.
    [w('(?:dieses|am)\\s+wochenende'), ' this weekend '],
    [w('nächstes\\s+wochenende|kommendes\\s+wochenende'), ' next weekend '],
    [w('diese\\s+woche'), ' this week '],
    [w('nächste\\s+woche|kommende\\s+woche'), ' next week '],
    ...relative('de', DE_UNITS, ['in'], [], ['vor'], []),
    ...dates('de', ''),
    [w('(\\p{L}+tag|mittwoch|sonnabend),?\\s+(?:den|dem)\\s+(\\d{1,2})\\.(?!\\d)'), ' $1 the $2th '],
    [w('(?:am|zum|bis\\s+zum)\\s+(\\d{1,2})\\.(?!\\d)'), ' the $1th '],
    [w('(\\p{L}+)(?:ischer|ischen|ische)\\s+zeit'), (m, stem) => {
      const place = [`${stem}ien`, `${stem}`, `${stem}en`, `${stem}land`, `${stem}ich`].find((c) => placeZone(c));
      return place ? ` ${place} time ` : m;
    }],
    [w('(?:am\\s+|zum\\s+)?(?:ende\\s+(?:des|dieses)\\s+monats|monatsende)'), ' end of month '],
    [w('(?:des|diesen|dieses)\\s+monats|im\\s+(?:diesem\\s+)?monat'), ' of the month '],
    [w('im\\s+(?:nächsten|kommenden)\\s+monat'), ' of next month '],
    [w('(?:in\\s+)?(?:einer\\s+)?halben\\s+stunde'), ' in half an hour '],
    [w('(?:im\\s+)?(?:nächsten|kommenden)\\s+monat'), ' next month '],
    [w('(?:in\\s+)?diesem\\s+monat'), ' this month '],
    [w('jetzt|sofort|gleich\\s+jetzt'), ' now '],
    [w('(?:des\\s+)?(?:nächsten|kommenden)\\s+monats'), ' of next month '],
    monthNames('de'),
    ordinals({ erster: 'first', ersten: 'first', erste: 'first', zweiter: 'second', zweiten: 'second', zweite: 'second', dritter: 'third', dritten: 'third', dritte: 'third', vierter: 'fourth', vierten: 'fourth', vierte: 'fourth', letzter: 'last', letzten: 'last', letzte: 'last' }),
    [w('im'), ' in '],
    [w('deutscher\\s+zeit|deutsche\\s+zeit'), ' berlin time '],
    [w('mesz'), ' cest '],
    [w('mez'), ' cet '],
    // "Berliner Zeit", "New Yorker Zeit", "Tokioter Zeit": the place, when its name is known.
    [w('(new\\s+york|\\p{L}+)er\\s+zeit'), (m, city, offset, whole) => {
      // "Zürcher", "Münchner", "Tokioter": the adjective's stem back to the place's name.
      const place = [city, city.replace(/t$/, ''), city.replace(/ch$/, 'ich'), city.replace(/n$/, 'en')].find((c) => placeZone(c));
      if (place) return ` ${placeToken(placeZone(place)!, place)} `;
      return afterClock(String(whole).slice(0, Number(offset))) && !NOT_A_GERMAN_PLACE.test(city) ? ` unknownplace ${city} ` : m;
    }],
    // Clock: "halb 8" = 7:30, "viertel nach 8" = 8:15, "viertel vor 8" = 7:45.
    [w('halb\\s+(\\d{1,2})'), (_m, h) => ` ${halfBefore(h)} `],
    [w('viertel\\s+nach\\s+(\\d{1,2})'), (_m, h) => ` ${dial(h, '15')} `],
    [w('viertel\\s+vor\\s+(\\d{1,2})'), (_m, h) => ` ${quarterTo(h)} `],
    // "von 19.30 bis 22.30 Uhr": the range's first clock has its dot too, the "Uhr" said once at the end.
    [/(?<![\d.])(\d{1,2})\.(\d{2})(?=\s*(?:bis|-|–|—)\s*\d{1,2}[.:]\d{2}\s*uhr)/g, ' $1:$2 '],
    [/(?<![\d.])(\d{1,2})[.:](\d{2})\s*uhr/g, ' $1:$2 '],
    // "8 Uhr" is 08:00: German says the hour on the 24-hour clock (decisions §5.1, "10 Uhr" is 10:00).
    [/(?<![\d.])(\d{1,2})\s*uhr(?:\s+(\d{2})(?!\d))?/g, (_m, h, min) => (min ? ` ${h}:${min} ` : ` ${h}h `)],
    [w('oder'), ' or '],
    [w('beginnt|startet|start|los\\s+geht\'s'), ' starts '],
    [w('um|ab|gegen'), ' at '],
    // "22 Uhr bis 4 Uhr", "20 Uhr bis Mitternacht": 24-hour words joined into one range (decisions §5.1).
    [/(\d(?:h|:\d\d)?)\s*bis\s*(?=\d(?!\d?\.)|midnight\b)/g, '$1 to '],
    [/(\d)\s*-\s*(?=\d(?!\d?\.))/g, '$1 - '],
    [w('von'), ' from '],
    [w('diesen|dieser|diesem'), ' this '],
    [w('am|den|dem|der|die|das'), ' '],
  ],
  fr: [
    [wl("(?:déplacé|décalé|reporté|avancé|changé|modifié|passé|déplace|décale|reporte|avance|déplaçons|décalons|reportons)e?s?\\s+(?:de\\s+|du\\s+|d')(.{1,25}?)\\s+(?:à|a|au)\\s+"), ' moved from $1 to '],
    // Month and year edges (decisions §5.1).
    [/’/g, "'"],
    // Decisions §5.1: a repeating schedule ("tous les vendredis", "chaque lundi") is its next occurrence.
    [w('(?:tous\\s+les|les|chaque)\\s+(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?'), ' every $1 '],
    [w('(?:la\\s+)?semaine\\s+(?:dernière|derniere|passée|passee)'), ' lastweek '],
    [w('(?:dure|durera|durée(?:\\s+de)?|pendant|environ)\\s+(?:environ\\s+)?(\\d+(?:[.,]\\d+)?)\\s*(?:heures|heure)'), ' lasts $1 hours '],
    [w("heure\\s+(?:française|francaise|de\\s+paris)"), ' paris time '],
    cityTime("heure\\s+(?:des\\s+|du\\s+|de\\s+|d')"),
    [w("(?:à\\s+la\\s+|en\\s+|d'ici\\s+la\\s+)?fin\\s+du\\s+mois\\s+prochain|(?:le\\s+|au\\s+)?dernier\\s+jour\\s+du\\s+mois\\s+prochain"), ' end of next month '],
    [w("(?:au\\s+|en\\s+)?(?:début|debut)\\s+du\\s+mois\\s+prochain|(?:le\\s+|au\\s+)?premier\\s+jour\\s+du\\s+mois\\s+prochain"), ' beginning of next month '],
    [w("(?:au\\s+|en\\s+)?(?:début|debut)\\s+du\\s+mois|(?:le\\s+)?premier\\s+jour\\s+du\\s+mois"), ' beginning of this month '],
    [w("(?:le\\s+|au\\s+)?dernier\\s+jour\\s+de\\s+l'(?:année|annee)"), ' last day of the year '],
    [w("(?:le\\s+|au\\s+)?dernier\\s+jour\\s+du\\s+mois"), ' end of this month '],
    daySpan('fr', 'du\\s+', '-|au', ''),
    [w('(?:pendant\\s+)?toute\\s+la\\s+journée(?:\\s+(?:de|du))?'), ' allday '],
    [w('au\\s+lieu\\s+de'), ' instead of '],
    [w('désormais'), ' now '],
    weekdayAbbreviations({ lun: 'lundi', mar: 'mardi', mer: 'mercredi', jeu: 'jeudi', ven: 'vendredi', sam: 'samedi', dim: 'dimanche' }, 'à|a|dès|vers'),
    ...numberWords('fr', units(FR_UNITS), 'heures?|h', 'à|vers'),
    [w('ce\\s+soir|cette\\s+nuit|à\\s+soir|a\\s+soir|à\\s+soirr'), ' tonight '],
    [w('ce\\s+matin'), ' this morning '],
    [w("cet\\s+après-midi|cet\\s+apres-midi"), ' this afternoon '],
    [w('(demain|après-demain)\\s+matin'), (_m, d) => ` ${d} morning `],
    [w('(demain|après-demain)\\s+après-midi'), (_m, d) => ` ${d} afternoon `],
    [w('(demain|après-demain)\\s+soir'), (_m, d) => ` ${d} evening `],
    [/(\d{1,2})\s*h\s*(\d{2})?\s+du\s+(?:soir)/g, (_m, h, min) => ` ${h}:${min ?? '00'}pm `],
    [/(\d{1,2})\s*h\s*(\d{2})?\s+de\s+l'après-midi/g, (_m, h, min) => ` ${h}:${min ?? '00'}pm `],
    [/(\d{1,2})\s*h\s*(\d{2})?\s+du\s+matin/g, (_m, h, min) => ` ${h}:${min ?? '00'}am `],
    [w('le\\s+soir|soir'), ' evening '],
    [w('le\\s+matin|matin'), ' morning '],
    [w("l'après-midi|après-midi"), ' afternoon '],
    [w('minuit'), ' midnight '],
    [w('midi'), ' noon '],
    [w('ce\\s+week-?end'), ' this weekend '],
    [w('le\\s+week-?end\\s+prochain|week-?end\\s+prochain'), ' next weekend '],
    [w('cette\\s+semaine'), ' this week '],
    [w('la\\s+semaine\\s+prochaine|semaine\\s+prochaine'), ' next week '],
    [w('(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\\s+prochain'), (_m, d) => ` next ${d} `],
    [w('(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\\s+de\\s+la\\s+semaine\\s+prochaine'), (_m, d) => ` nxtwk ${d} `],
    [w('ce\\s+(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)'), (_m, d) => ` this ${d} `],
    [w("dans\\s+une\\s+demi-heure|dans\\s+une\\s+demi\\s+heure"), ' in half an hour '],
    ...relative('fr', FR_UNITS, ['dans'], [], ['il\\s+y\\s+a'], []),
    ...dates('fr', ''),
    [w('(?:à\\s+la\\s+|en\\s+)?fin\\s+(?:du|de\\s+ce)\\s+mois'), ' end of month '],
    [w('du\\s+mois\\s+prochain'), ' of next month '],
    [w('du\\s+mois'), ' of the month '],
    [w('le\\s+mois\\s+prochain|mois\\s+prochain'), ' next month '],
    [w('ce\\s+mois(?:-ci)?'), ' this month '],
    [w('maintenant|tout\\s+de\\s+suite'), ' now '],
    monthNames('fr'),
    ordinals({ premier: 'first', première: 'first', premiere: 'first', deuxième: 'second', deuxieme: 'second', second: 'second', seconde: 'second', troisième: 'third', troisieme: 'third', quatrième: 'fourth', quatrieme: 'fourth', dernier: 'last', dernière: 'last', derniere: 'last' }),
    [w('heure\\s+du\\s+japon'), ' japan time '],
    [wl('de\\s+(\\d{1,2}(?::\\d{2}|h\\d{0,2})?(?:\\s*oclock)?)\\s+(?:à|a|jusqu\'à)\\s+(?=\\d|midnight\\b)'), ' from $1 - '],
    // "le 15 à 20h": the 15th of a month, not a range from 15.
    [w("le\\s+(\\d{1,2})(?:er)?(?![/.\\d]|\\s*(?:h|:|heures?)(?![a-z]))"), ' the $1th '],
    [/(?<![\d:])(\d{1,2})\s*h\s*(\d{2})(?!\d)/g, (_m, h, min) => hourWord(h, min)],
    [/(?<![\d:])(\d{1,2})\s*h(?![a-z\d])/g, (_m, h) => hourWord(h)],
    // Not after a weekday's day number: "le vendredi 13 à 20h45" is the 13th at 20:45.
    [/(?<!(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\s+\d?)(\d)\s*(?:à|-)\s*(?=\d)/g, '$1 - '],
    [w('ou'), ' or '],
    [w('commence|début|debut'), ' starts '],
    [w("à|a|vers|dès|jusqu'à"), ' at '],
    [w('le|la|les|du|de'), ' '],
  ],
  es: [
    // Zones named by their place first, before month and article rules take the place's words apart.
    cityTime('hora\\s+(?:de\\s+las|de\\s+los|del|de)\\s+'),
    // Decisions §5.1: a repeating schedule ("todos los viernes", "cada lunes") is its next occurrence.
    [w('(?:todos\\s+los|cada|los)\\s+(lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)s?'), ' every $1 '],
    [w('(?:la\\s+)?semana\\s+pasada'), ' lastweek '],
    [w('(?:dura|durará|duración(?:\\s+de)?|durante|unas|unos|aprox\\.?|aproximadamente)\\s+(?:unas\\s+|unos\\s+)?(\\d+(?:[.,]\\d+)?)\\s*(?:horas|hora)'), ' lasts $1 hours '],
    [wl('(?:se\\s+|lo\\s+|la\\s+)?(?:cambió|cambio|cambia|cambiamos|cambiaron|movió|movio|mueve|movimos|movemos|movieron|pasó|paso|pasa|pasamos|pasaron|adelantó|adelantamos|atrasó|retrasó|retrasamos|pospuso|pospusimos|posponemos)\\s+(?:el\\s+evento\\s+)?del?\\s+(?:las?\\s+)?(.{1,25}?)\\s+al?\\s+(?:las?\\s+)?'), ' moved from $1 to '],
    // Month and year edges (decisions §5.1).
    [w('(?:a\\s+|para\\s+)?(?:fin(?:al)?(?:es)?|el\\s+(?:último|ultimo)\\s+día)\\s+del\\s+(?:(?:próximo|proximo|siguiente)\\s+mes|mes\\s+(?:que\\s+viene|siguiente))'), ' end of next month '],
    [w('(?:a\\s+|para\\s+|al\\s+)?(?:principios?|inicios?|comienzos?|el\\s+primer\\s+día)\\s+del\\s+(?:(?:próximo|proximo|siguiente)\\s+mes|mes\\s+(?:que\\s+viene|siguiente))'), ' beginning of next month '],
    [w('(?:a\\s+|para\\s+|al\\s+)?(?:principios?|inicios?|comienzos?|el\\s+primer\\s+día)\\s+de(?:l|\\s+este)\\s+mes'), ' beginning of this month '],
    [w('(?:el\\s+)?(?:último|ultimo)\\s+(?:día|dia)\\s+del\\s+(?:año|ano)'), ' last day of the year '],
    [w('(?:el\\s+)?(?:último|ultimo)\\s+(?:día|dia)\\s+del\\s+mes'), ' end of this month '],
    daySpan('es', 'del\\s+|de\\s+', '-|al|a', 'de'),
    [w('todo\\s+el\\s+(?:día|dia)'), ' allday '],
    [w('todo\\s+el\\s+(lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)'), ' $1 allday '],
    [w('en\\s+vez\\s+del?|en\\s+lugar\\s+del?'), ' instead of '],
    [/(\d{1,2})\s*hs\b/g, '$1h'],
    weekdayAbbreviations({ lun: 'lunes', mar: 'martes', mié: 'miércoles', mie: 'miércoles', mier: 'miércoles', jue: 'jueves', vie: 'viernes', sáb: 'sábado', sab: 'sábado', dom: 'domingo' }, 'a|desde'),
    ...numberWords('es', units(ES_UNITS), 'h', 'a\\s+las?|las?'),
    [/(\d{1,2})\s+y\s+media/g, (_m, h) => ` ${dial(h, '30')} `],
    [/(\d{1,2})\s+y\s+cuarto/g, (_m, h) => ` ${dial(h, '15')} `],
    [/(\d{1,2})\s+menos\s+cuarto/g, (_m, h) => ` ${quarterTo(String(Number(h)))} `],
    [w('esta\\s+noche'), ' tonight '],
    [w('esta\\s+mañana|esta\\s+manana'), ' this morning '],
    [w('esta\\s+tarde'), ' this afternoon '],
    [w('(mañana|manana|pasado\\s+mañana)\\s+(?:por\\s+la|en\\s+la)\\s+(?:mañana|manana)'), (_m, d) => ` ${d} morning `],
    [w('(mañana|manana|pasado\\s+mañana)\\s+(?:por\\s+la|en\\s+la)\\s+tarde'), (_m, d) => ` ${d} afternoon `],
    [w('(mañana|manana|pasado\\s+mañana)\\s+(?:por\\s+la|en\\s+la)\\s+noche'), (_m, d) => ` ${d} evening `],
    [/(\d{1,2}(?::\d{2})?)\s*(?:oclock\s*|h\s*)?de\s+la\s+(?:noche|tarde)/g, ' $1pm '],
    [/(\d{1,2}(?::\d{2})?)\s*(?:oclock\s*|h\s*)?de\s+la\s+(?:mañana|manana|madrugada)/g, ' $1am '],
    [w('(mañana|manana|pasado\\s+mañana)\\s+a\\s+la\\s+(noche|tarde)'), (_m, d, p) => ` ${d} ${p === 'noche' ? 'evening' : 'afternoon'} `],
    [w('(?:por|en|a)\\s+la\\s+(?:mañana|manana)'), ' morning '],
    [w('a\\s+la\\s+noche'), ' evening '],
    [w('a\\s+la\\s+tarde'), ' afternoon '],
    [w('(?:el\\s+)?(?:próximo|proximo)\\s+finde'), ' next weekend '],
    [w('(?:este|el)\\s+finde|finde'), ' this weekend '],
    [w('(?:por|en)\\s+la\\s+tarde'), ' afternoon '],
    [w('(?:por|en)\\s+la\\s+noche'), ' evening '],
    [w('medianoche'), ' midnight '],
    [w('mediodía|mediodia'), ' noon '],
    [w('este\\s+fin\\s+de\\s+semana'), ' this weekend '],
    [w('el\\s+próximo\\s+fin\\s+de\\s+semana|el\\s+fin\\s+de\\s+semana\\s+que\\s+viene|el\\s+proximo\\s+fin\\s+de\\s+semana'), ' next weekend '],
    [w('esta\\s+semana'), ' this week '],
    [w('la\\s+próxima\\s+semana|la\\s+semana\\s+que\\s+viene|la\\s+proxima\\s+semana'), ' next week '],
    [w('(lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)\\s+que\\s+viene'), (_m, d) => ` next ${d} `],
    [w('(lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)\\s+de\\s+la\\s+(?:próxima|proxima)\\s+semana'), (_m, d) => ` nxtwk ${d} `],
    [w('este\\s+(lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)'), (_m, d) => ` this ${d} `],
    [w('(?:en|dentro\\s+de)\\s+media\\s+hora'), ' in half an hour '],
    ...relative('es', ES_UNITS, ['en', 'dentro\\s+de'], [], ['hace'], []),
    ...dates('es', 'de'),
    // "el 15 a las 20", "el día 15": the 15th of a month.
    [w('el\\s+(?:día\\s+|dia\\s+)?(\\d{1,2})(?![/.\\d]|\\s*(?:h|hs|:)(?![a-z]))(?!\\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)\\b)'), ' the $1th '],
    [w('(?:a\\s+|al\\s+)?(?:fin(?:al)?\\s+de(?:l)?\\s+mes)'), ' end of month '],
    [w('del\\s+(?:próximo|proximo)\\s+mes|del\\s+mes\\s+que\\s+viene'), ' of next month '],
    [w('del\\s+mes'), ' of the month '],
    [w('el\\s+mes\\s+que\\s+viene|el\\s+(?:próximo|proximo)\\s+mes|(?:próximo|proximo)\\s+mes'), ' next month '],
    [w('este\\s+mes'), ' this month '],
    [w('ahora(?:\\s+mismo)?|ya\\s+mismo'), ' now '],
    monthNames('es'),
    ordinals({ primer: 'first', primero: 'first', primera: 'first', segundo: 'second', segunda: 'second', tercer: 'third', tercero: 'third', tercera: 'third', cuarta: 'fourth', último: 'last', última: 'last', ultimo: 'last', ultima: 'last' }),
    [w('hora\\s+(?:peninsular|española|espanola)'), ' madrid time '],
    [wl('(?:de|desde)\\s+(?:las?\\s+)?(\\d{1,2}(?::\\d{2})?)\\s*(?:h\\s*)?(?:a|hasta)\\s+(?:las?\\s+)?(?=\\d|midnight\\b)'), ' from $1 - '],
    [w('o|u'), ' or '],
    [w('empieza|comienza|inicio|inicia'), ' starts '],
    [w('a\\s+las?|a\\s+eso\\s+de\\s+las?|sobre\\s+las?|desde\\s+las?'), ' at '],
    [w('hasta\\s+las?'), ' - '],
    [/(?<![\d:])(\d{1,2})\s*h\s*(\d{2})(?!\d)/g, (_m, h, min) => hourWord(h, min)],
    [/(?<![\d:])(\d{1,2})\s*h(?![a-z\d])/g, (_m, h) => hourWord(h)],
    [w('el|la|las|los|del|de'), ' '],
  ],
  pt: [
    [w('(?:horário|horario|hora)\\s+(?:oficial\\s+)?de\\s+(?:brasília|brasilia)|(?:horário|horario)\\s+oficial'), ' brasilia time '],
    cityTime('(?:horário|horario|hora)\\s+(?:de|dos|das|do|da)\\s+'),
    // Decisions §5.1: a repeating schedule ("toda sexta", "todos os sábados", "às quintas") is its next occurrence.
    [w('(?:tod[ao]s?\\s+(?:as\\s+|os\\s+)?|às\\s+|as\\s+|aos\\s+)(segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo)s?(?:-feiras?)?'), (m, d) => (/^(?:às|as|aos)\\s/.test(m) && !/s(?:-feiras)?$/.test(m) ? m : ` every ${d} `)],
    [w('(?:na\\s+)?semana\\s+passada'), ' lastweek '],
    [w('(?:dura|durará|duração(?:\\s+de)?|durante|umas|uns|cerca\\s+de|aprox\\.?)\\s+(?:umas\\s+|uns\\s+)?(\\d+(?:[.,]\\d+)?)\\s*(?:horas|hora)'), ' lasts $1 hours '],
    [wl('(?:mudou|mudamos|muda|mudado|mudada|passou|passa|adiado|adiou|remarcado|remarcou)\\s+(?:de|das?|do)\\s+(.{1,25}?)\\s+(?:para|pras?|pro)\\s+(?:as?\\s+)?'), ' moved from $1 to '],
    // Month and year edges (decisions §5.1).
    [w('(?:no\\s+|ao\\s+|até\\s+o\\s+|para\\s+o\\s+)?(?:fim|final|(?:último|ultimo)\\s+dia)\\s+do\\s+(?:(?:próximo|proximo)\\s+(?:mês|mes)|(?:mês|mes)\\s+que\\s+vem)'), ' end of next month '],
    [w('(?:no\\s+|ao\\s+|para\\s+o\\s+)?(?:início|inicio|começo|comeco|primeiro\\s+dia)\\s+do\\s+(?:(?:próximo|proximo)\\s+(?:mês|mes)|(?:mês|mes)\\s+que\\s+vem)'), ' beginning of next month '],
    [w('(?:no\\s+|ao\\s+)?(?:início|inicio|começo|comeco|primeiro\\s+dia)\\s+(?:do|deste)\\s+(?:mês|mes)'), ' beginning of this month '],
    [w('(?:no\\s+|o\\s+)?(?:último|ultimo)\\s+dia\\s+do\\s+ano'), ' last day of the year '],
    [w('(?:no\\s+|o\\s+)?(?:último|ultimo)\\s+dia\\s+do\\s+(?:mês|mes)'), ' end of this month '],
    daySpan('pt', 'de\\s+|do\\s+dia\\s+|dos\\s+dias\\s+', '-|a|até|ao', 'de'),
    [w('(?:o\\s+)?dia\\s+(?:todo|inteiro)'), ' allday '],
    [w('(?:o\\s+|a\\s+)?(segunda|terça|terca|quarta|quinta|sexta)(?:-feira)?\\s+(?:inteira|toda)'), ' $1 allday '],
    [w('(?:o\\s+)?(sábado|sabado|domingo)\\s+(?:inteiro|todo)'), ' $1 allday '],
    [w('em\\s+vez\\s+de|ao\\s+invés\\s+de|no\\s+lugar\\s+de'), ' instead of '],
    [/(\d{1,2})\s*hs\b/g, '$1h'],
    weekdayAbbreviations({ seg: 'segunda', ter: 'terça', qua: 'quarta', qui: 'quinta', sex: 'sexta', sáb: 'sábado', sab: 'sábado', dom: 'domingo' }, 'às|as|a'),
    ...numberWords('pt', units(PT_UNITS), 'h|horas', 'às|as'),
    [/(\d{1,2})\s+e\s+meia/g, (_m, h) => ` ${dial(h, '30')} `],
    [w('hoje\\s+(?:à|a|de)\\s+noite|esta\\s+noite|hoje\\s+à\\s+noite'), ' tonight '],
    [w('hoje\\s+(?:de|pela)\\s+manhã|esta\\s+manhã'), ' this morning '],
    [w('hoje\\s+(?:à|de)\\s+tarde|esta\\s+tarde'), ' this afternoon '],
    [w('(amanhã|amanha|depois\\s+de\\s+amanhã)\\s+(?:de|pela)\\s+manhã|(amanhã|amanha)\\s+cedo'), (_m, d, e) => ` ${d ?? e} morning `],
    [w('(amanhã|amanha|depois\\s+de\\s+amanhã)\\s+(?:à|a|de|pela)\\s+tarde'), (_m, d) => ` ${d} afternoon `],
    [w('(amanhã|amanha|depois\\s+de\\s+amanhã)\\s+(?:à|a|de)\\s+noite'), (_m, d) => ` ${d} evening `],
    [/(\d{1,2})(?:h(\d{2})|:(\d{2}))?(?:\s*oclock|h)?\s+da\s+(?:noite|tarde)/g, (_m, h, a, b) => ` ${h}:${a ?? b ?? '00'}pm `],
    [/(\d{1,2})(?:h(\d{2})|:(\d{2}))?(?:\s*oclock|h)?\s+da\s+(?:manhã|madrugada)/g, (_m, h, a, b) => ` ${h}:${a ?? b ?? '00'}am `],
    [w('(?:de|pela)\\s+manhã'), ' morning '],
    [w('(?:à|de|pela)\\s+tarde'), ' afternoon '],
    [w('(?:à|de)\\s+noite'), ' evening '],
    [w('meia-noite|meia\\s+noite'), ' midnight '],
    [w('meio-dia|meio\\s+dia'), ' noon '],
    [w('(?:este|neste|esse|nesse)\\s+(?:fim\\s+de\\s+semana|fds)|fds'), ' this weekend '],
    [w('para\\s+a\\s+semana'), ' next week '],
    [w('(?:o\\s+)?próximo\\s+fim\\s+de\\s+semana|(?:no\\s+)?fim\\s+de\\s+semana\\s+que\\s+vem'), ' next weekend '],
    [w('esta\\s+semana|nesta\\s+semana'), ' this week '],
    [w('(?:na\\s+)?próxima\\s+semana|(?:na\\s+)?semana\\s+que\\s+vem'), ' next week '],
    [w('(segunda|terça|terca|quarta|quinta|sexta)(?:-feira)?\\s+que\\s+vem'), (_m, d) => ` next ${d} `],
    [w('(sábado|sabado|domingo)\\s+que\\s+vem'), (_m, d) => ` next ${d} `],
    [w('(?:esta|nesta|este|neste)\\s+(segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo)(?:-feira)?'), (_m, d) => ` this ${d} `],
    [w('(?:em|daqui\\s+a|dentro\\s+de)\\s+meia\\s+hora'), ' in half an hour '],
    ...relative('pt', PT_UNITS, ['em', 'daqui\\s+a', 'dentro\\s+de'], [], ['há', 'ha'], ['atrás', 'atras']),
    ...dates('pt', 'de'),
    // "dia 15 às 20h": the 15th of a month.
    [w('(?:no\\s+)?dia\\s+(\\d{1,2})(?![/.\\d]|\\s*(?:h|:)(?![a-z]))(?!\\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)\\b)'), ' the $1th '],
    [w('(?:no\\s+)?(?:fim|final)\\s+do\\s+(?:mês|mes)'), ' end of month '],
    [w('do\\s+(?:próximo|proximo)\\s+(?:mês|mes)|do\\s+(?:mês|mes)\\s+que\\s+vem'), ' of next month '],
    [w('do\\s+(?:mês|mes)'), ' of the month '],
    [w('(?:o\\s+|no\\s+)?(?:mês|mes)\\s+que\\s+vem|(?:o\\s+|no\\s+)?(?:próximo|proximo)\\s+(?:mês|mes)'), ' next month '],
    [w('(?:este|neste)\\s+(?:mês|mes)'), ' this month '],
    [w('agora(?:\\s+mesmo)?'), ' now '],
    monthNames('pt'),
    ordinals({ primeiro: 'first', primeira: 'first', segundo: 'second', terceiro: 'third', terceira: 'third', quarto: 'fourth', último: 'last', última: 'last', ultimo: 'last', ultima: 'last' }),
    [/(?<![\d:])(\d{1,2})\s*h\s*(\d{2})(?!\d)/g, (_m, h, min) => hourWord(h, min)],
    [/(?<![\d:])(\d{1,2})\s*h(?![a-z\d])/g, (_m, h) => hourWord(h)],
    [wl('(?:das|de)\\s+(\\d{1,2}(?::\\d{2}|h\\d{0,2})?(?:\\s*oclock)?)\\s+(?:às|as|à|a|até)\\s+(?=\\d|midnight\\b)'), ' from $1 - '],
    [/(?<!(?:segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo)(?:-feira)?\s+\d?)(\d)\s*(?:às|-|até)\s*(?=\d)/g, '$1 - '],
    [w('ou'), ' or '],
    [w('começa|comeca|início|inicio|inicia'), ' starts '],
    [w('às|as|à|a\\s+partir\\s+das|por\\s+volta\\s+das|lá\\s+pelas'), ' at '],
    // "sábado 23h a domingo 4h": "a" between a time and a day joins one range (before the articles go).
    [/(\d(?:h|:\d\d)?(?:\s*oclock)?)\s+a\s+(?=(?:segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo)|\d{1,2}\/\d)/g, '$1 até '],
    // Before the articles go: "depois de amanhã" must not become "amanhã".
    [w('depois\\s+de\\s+(?:amanhã|amanha)'), ' day after tomorrow '],
    [w('na|no|o|a|dia|de|do|da'), ' '],
  ],
  ja: [
    // "24:00スタート、29:00まで", "21時開始・24時終了": a start and an end said apart are one range.
    [/(\d{1,2}(?::\d{2})?時?)\s*((?:[（(]\s*)?(?:JST|jst|日本時間)(?:\s*[)）])?)?\s*(?:スタート|開始|から)\s*[、,・]?\s*(\d{1,2}(?::\d{2})?時?)\s*(?:まで|終了)/g, ' $1 - $3 $2 '],
    // Decisions §5.1: 毎週金曜, 毎金曜: a repeating schedule, its next occurrence.
    [/毎週\s*の?\s*([月火水木金土日])曜日?|毎([月火水木金土日])曜日?/g, (_m, a, b) => ` every ${a ?? b}曜日 `],
    [/先週/g, ' lastweek '],
    // "2時間くらい": how long it lasts (時間後 and 時間前 are relative times, read below).
    [/(\d+(?:\.\d+)?)\s*時間(?![後前半])/g, ' lasts $1 hours '],
    [/(\S{1,15}?)から(\S{1,15}?)に(?:変更|変わ|移動|延期|前倒し)/g, ' moved from $1 to $2 '],
    [/ではなく/g, ' instead '],
    // "土曜23時から日曜4時まで": から between a time and a day joins the two ends of one range.
    [/(\d|時|分|h)\s*(?:から|〜|～|~)\s*(?=[月火水木金土日]曜|\d{1,2}月|\d{1,2}\/\d)/g, '$1 to '],

    [/\(([月火水木金土日])\)/g, ' $1曜日 '],
    // Day spans: "12月17日〜18日", "10月17日から18日まで" (decisions §5.1).
    [/(\d{1,2})月(\d{1,2})日\s*(?:〜|～|~|-|から)\s*(\d{1,2})日(?:まで)?/g, (_m, m, d1, d2) => ` ${EN_MONTHS[Number(m) - 1] ?? `month${m}`} ${d1} - ${EN_MONTHS[Number(m) - 1] ?? `month${m}`} ${d2} `],
    [/終日|一日中|丸一日/g, ' allday '],
    [/(\d{4})年\s*(\d{1,2})月\s*(\d{1,2})日/g, (_m, y, m, d) => ` ${EN_MONTHS[Number(m) - 1] ?? `month${m}`} ${d} ${y} `],
    [/(\d{1,2})月(\d{1,2})日/g, (_m, m, d) => ` ${EN_MONTHS[Number(m) - 1] ?? `month${m}`} ${d} `],
    [/翌(?=\s*\d)/g, ''],
    [/(?<![月\d])(\d{1,2})日(?!間|後|前)/g, ' the $1th '],
    [/(今月|来月)の?(?=第|最)/g, (_m, which) => (which === '来月' ? ' nextmonthx ' : ' thismonthx ')],
    [/(?:(\d{1,2})月の?)?第([1-5])\s*([月火水木金土日])曜日?/g, (_m, month, n, wd) => ` ${['first', 'second', 'third', 'fourth', 'fifth'][Number(n) - 1]} ${wd}曜日 of ${month ? EN_MONTHS[Number(month) - 1] : 'the month'} `],
    [/(?:(\d{1,2})月の?)?最(?:終|後)の?\s*([月火水木金土日])曜日?/g, (_m, month, wd) => ` last ${wd}曜日 of ${month ? EN_MONTHS[Number(month) - 1] : 'the month'} `],
    [/thismonthx\s+(first|second|third|fourth|fifth|last)\s+(\S+)\s+of\s+the\s+month/g, ' $1 $2 of the month '],
    [/nextmonthx\s+(first|second|third|fourth|fifth|last)\s+(\S+)\s+of\s+the\s+month/g, ' $1 $2 of next month '],
    // Month edges (decisions §5.1): 来月末 is next month's last day, 来月初め its first.
    [/来月の?末/g, ' end of next month '],
    [/来月の?(?:初め|はじめ|頭|初)/g, ' beginning of next month '],
    [/今月の?末/g, ' end of this month '],
    [/今月(?:初め|はじめ|頭)/g, ' beginning of this month '],
    [/月末/g, ' end of month '],
    [/来月/g, ' next month '],
    [/今月/g, ' this month '],
    [/今すぐ|ただいま/g, ' now '],
    [/(ニューヨーク|東京|日本|ロンドン|ロサンゼルス|パリ|ベルリン|シドニー|ソウル|太平洋|東部|中部|山岳部|ドイツ|フランス|イギリス|英国|スペイン|イタリア|韓国|中国|台湾|インド|ハワイ|メキシコシティ|メキシコ|リマ|サンパウロ|ブラジリア|ブエノスアイレス|トロント|モントリオール|バンクーバー|シカゴ|デンバー|モスクワ|ウィーン|マドリード|ローマ|アムステルダム|リスボン|シンガポール|香港|上海|北京|台北|バンコク|ジャカルタ|ホノルル)(?:標準)?(?:時間|時(?![\d間]))/g, (_m, place) => ` ${JA_PLACES[place]} `],
    [/今夜|今晩|今日の夜|今日の晩/g, ' tonight '],
    [/今朝/g, ' this morning '],
    [/(明日|明後日|あした|あさって)の?(?:朝)/g, ' $1 morning '],
    [/(明日|明後日|あした|あさって)の?(?:夜|晩)/g, ' $1 evening '],
    [/(明日|明後日|あした|あさって)の?(?:午後)(?!\s*\d)/g, ' $1 afternoon '],
    // "午後7時から10時30分まで": 午前/午後 said once covers both ends.
    [/(午前|午後)\s*(\d{1,2})時(?:(\d{1,2})分|(半))?\s*(?:から|〜|～|~|-)\s*(\d{1,2})時(?:(\d{1,2})分|(半))?/g, (_m, half12, h1, m1, half1, h2, m2, half2) => {
      const hour = (h: string) => String((Number(h) % 12) + (half12 === '午後' ? 12 : 0)).padStart(2, '0');
      const min = (m: string | undefined, half: string | undefined) => (half ? '30' : (m ?? '0').padStart(2, '0'));
      if (Number(h1) > 12 || Number(h2) > 12) return _m;
      return ` ${hour(h1)}:${min(m1, half1)} - ${hour(h2)}:${min(m2, half2)} `;
    }],
    [/(\d+)\s*時間半(後|前)/g, (_m, n, dir) => (dir === '後' ? ` in ${n}.5 hours ` : ` ${n}.5 hours ago `)],
    // 午前/午後 with the 12-hour dial: 午前0時 and 午前12時 are 00:00, 午後0時 is noon.
    // "深夜1時": late at night, the small hours (1–5); 深夜0時 is midnight.
    // 深夜0時 is midnight (decisions §5.1), before "夜0時" is read as an evening hour.
    [/深夜\s*0時/g, ' midnight '],
    [/深夜\s*([1-5])時(?:(\d{1,2})分)?/g, (_m, h, min) => ` 0${h}:${(min ?? '0').padStart(2, '0')} `],
    [/(午前|午後)\s*(\d{1,2})時(?:(\d{1,2})分|(半))?/g, (_m, half12, h, min, half) => {
      // "午後13時" is "13pm": impossible, never coerced (rule 19).
      if (Number(h) > 12) return ` ${h}${half12 === '午後' ? 'pm' : 'am'} `;
      const hour = (Number(h) % 12) + (half12 === '午後' ? 12 : 0);
      return ` ${String(hour).padStart(2, '0')}:${half ? '30' : (min ?? '0').padStart(2, '0')} `;
    }],
    [/(?:夜|晩)の?\s*(\d{1,2})時/g, ' evening $1時'],
    [/朝の?\s*(\d{1,2})時/g, ' morning $1時'],
    [/(\d{1,2})時半/g, (_m, h) => ` ${dial(h, '30')} `],
    [/(\d{1,2})時(\d{1,2})分(\d{1,2})秒/g, (_m, h, min, sec) => ` ${h}:${min.padStart(2, '0')}:${sec.padStart(2, '0')} `],
    [/(\d{1,2})時(\d{1,2})分/g, (_m, h, min) => ` ${h}:${min.padStart(2, '0')} `],
    [/正午/g, ' noon '],
    [/真夜中|夜中の12時|深夜0時/g, ' midnight '],
    // "19時から深夜0時まで": a range that ends at midnight (the end of that day).
    [/(\d{1,2}(?::\d{2})?時?)\s*(?:から|〜|～|~|-)\s*midnight(?:\s*まで)?/g, ' $1 - midnight '],
    [/今週末|この週末/g, ' this weekend '],
    [/来週末/g, ' next weekend '],
    [/来週の\s*(?=[月火水木金土日]曜)/g, ' nxtwk '],
    [/次の\s*(?=[月火水木金土日]曜)/g, ' next '],
    [/今週の\s*/g, ' this '],
    [/来週/g, ' next week '],
    [/今週/g, ' this week '],
    [/(\d+)\s*(秒|分|時間|日|週間|か月|ヶ月|ヵ月)後/g, (_m, n, u) => ` in ${n} ${JA_UNITS[u]} `],
    [/(\d+)\s*(秒|分|時間|日|週間|か月|ヶ月|ヵ月)前/g, (_m, n, u) => ` ${n} ${JA_UNITS[u]} ago `],
    [/(\d{1,2}(?::\d{2})?時?)\s*(?:から|〜|~|-)\s*(\d{1,2}(?::\d{2})?時?)(?:まで)?/g, ' $1 - $2 '],
    [/開始|スタート/g, ' starts '],
    [/(\d{1,2})時か(\d{1,2})時/g, ' $1時 or $2時 '],
    // "21時" is on the 24-hour clock; "9時" is read like "9 o'clock" (a part of the day may settle it).
    [/(\d{1,2})時(?!間)/g, (_m, h) => hourWordJa(h)],
    [/(?:夜|晩)/g, ' evening '],
    [/朝/g, ' morning '],
    [/午後/g, ' afternoon '],
    [/から|まで|頃|ごろ|に|の|で|は|から/g, ' '],
  ],
};

const JA_PLACES: Record<string, string> = {
  ニューヨーク: 'new york time', 東京: 'tokyo time', 日本: 'japan time', ロンドン: 'london time', ロサンゼルス: 'la time', パリ: 'paris time',
  ベルリン: 'berlin time', シドニー: 'sydney time', ソウル: 'seoul time', 太平洋: 'pacific time', 東部: 'eastern time', 中部: 'central time', 山岳部: 'mountain time',
  ドイツ: 'germany time', フランス: 'france time', イギリス: 'uk time', 英国: 'uk time', スペイン: 'spain time', イタリア: 'italy time', 韓国: 'korea time',
  中国: 'china time', 台湾: 'taiwan time', インド: 'india time', ハワイ: 'hawaii time', メキシコ: 'mexico time',
  メキシコシティ: 'mexico city time', リマ: 'lima time', サンパウロ: 'sao paulo time', ブラジリア: 'brasilia time', ブエノスアイレス: 'buenos aires time',
  トロント: 'toronto time', モントリオール: 'montreal time', バンクーバー: 'vancouver time', シカゴ: 'chicago time', デンバー: 'denver time',
  モスクワ: 'moscow time', ウィーン: 'vienna time', マドリード: 'madrid time', ローマ: 'rome time', アムステルダム: 'amsterdam time', リスボン: 'lisbon time',
  シンガポール: 'singapore time', 香港: 'hong kong time', 上海: 'shanghai time', 北京: 'china time', 台北: 'taipei time', バンコク: 'bangkok time',
  ジャカルタ: 'jakarta time', ホノルル: 'honolulu time',
};

const JA_UNITS: Record<string, string> = { 秒: 'seconds', 分: 'minutes', 時間: 'hours', 日: 'days', 週間: 'weeks', か月: 'months', ヶ月: 'months', ヵ月: 'months' };

/** English dial phrases, read in every language. */
const ENGLISH: Rule[] = [
  // Day spans with one month word, "dec 17-18", "17th-18th dec" (decisions §5.1): two dates joined by a dash.
  [/\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|to|through|thru|till|until)\s*(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?::\d|am\b|pm\b|h\b|[ap]\b|\d|o'?clock))/g, '$1 $2 - $1 $3'],
  // (Not the minutes of "21:00 - 1 january": the character before is checked on the match, which keeps the pattern fast.)
  [/\b(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|to|through|thru|till|until)\s*(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b/g, (...g: string[]) => {
    const [m, d1, d2, month, offset, whole] = [g[0], g[1], g[2], g[3], Number(g[4]), String(g[5])];
    return offset > 0 && /[\d:.]/.test(whole[offset - 1]) ? m : `${d1} ${month} - ${d2} ${month}`;
  }],
  // "all day saturday", "all-day event" (decisions §5.1).
  [/\ball[\s-]day(?:\s+long)?(?:\s+on)?\b/g, ' allday '],
  // "friday after next": the second occurrence after today (decisions §5.1).
  [/\b(?:the\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\s+after\s+next\b/g, ' afternext $1 '],
  // Decisions §5.1: "a couple (of) hours" is 2 hours.
  [/\ba\s+couple\s+(?:of\s+)?(hours?|minutes?|days?|weeks?)\b/g, '2 $1'],
  // "in 2 hours 30 minutes", "1h30m": one amount of minutes.
  [/\b(\d+)\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d+)\s*(?:minutes?|mins?|m)\b/g, (_m, h, min) => `${Number(h) * 60 + Number(min)} minutes`],
  // "Sunday 5pm → Sunday 6pm": the arrow points at the new time.
  [/\s*(?:→|->|=>|⇒)\s*/g, ', now '],
  [/\b(?:tonite|2nite|2night)\b/g, 'tonight'],
  [/\bnite\b/g, 'night'],
  // "last week" said of what has happened (a chatty message's other sentences): not the event's day.
  [/\b(?:last|past|previous)\s+week\b/g, ' lastweek '],
  // Chat spellings of the relative days ("2moro", "tmrw", "the day after tmr").
  [/\b(?:tmrw|tmr|tmw|tmrow|tmoro|tomoz|tomoro|tomorow|tommorow|tommorrow|tomorro|tomorrw|2moro+w?|2morrow|2morow|2mrw|2mro)\b/g, 'tomorrow'],
  [/\b(?:2day|2dy|tdy)\b/g, 'today'],
  // "same time tomorrow": the present clock time, a day on (rule 11); "same time" alone is not in the message.
  [/\bsame\s+time\s+(?:tomorrow|tmrw|tmr)\b|\b(?:tomorrow|tmrw|tmr)\s+(?:at\s+)?(?:the\s+)?same\s+time\b/g, 'in 1 day'],
  [/\bsame\s+time\s+next\s+week\b|\bnext\s+week\s+(?:at\s+)?(?:the\s+)?same\s+time\b/g, 'in 1 week'],
  [/\bwknd\b/g, 'weekend'],
  [/\b(?:aft|arvo|afternoon)\b/g, 'afternoon'],
  // "fridays at 9pm", "every friday": the next one.
  [/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s\b/g, 'every $1'],
  [/\b(?:every|each)\s+(?:single\s+)?(?=(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)/g, 'every '],
  [/\b12\s*(noon|midday|midnight)\b/g, '$1'],
  // "9pm pacific", "8pm eastern": the region's time, only right after a clock time.
  [/(\d\s*(?:am|pm|h)?|\bnoon|\bmidnight|\bmidday)\s+(pacific|eastern|central|mountain)\b(?!\s+time)/g, '$1 $2 time'],
  // "20:00 till late eastern": an open end between the clock time and its region.
  [/(\d\s*(?:am|pm|h)?\s+(?:till|until|to)\s+(?:late|close))\s+(pacific|eastern|central|mountain)\b(?!\s+time)/g, '$1 $2 time'],
  ...numberWords('en', 'hours?|hrs?|minutes?|mins?|days?|weeks?|seconds?', "am|pm|o'clock|oclock", 'at|around|about'),
  [/\bnext\s+week\s+(?=(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)/g, ' nxtwk '],
  [/\b((?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?)\s+next\s+week\b/g, ' nxtwk $1 '],
  // "8ish", "9pm-ish": approximately that time, read as it.
  [/(?<![\d:])(\d{1,2}(?::\d{2})?)\s*(am|pm)?\s*-?ish\b/g, (_m, t, ap) => ` around ${t}${ap ?? ''} `],
  // "2100 UTC", "1930Z", "0800 hrs": 24-hour clock without a colon, only beside a zone or "hrs".
  [/(?<![\d:.])([01]\d|2[0-3])([0-5]\d)\s*(?=(?:utc|gmt|z|hrs|hours|[a-z]{2,4}t)\b)/g, ' $1:$2 '],
  // "1am UK": the country's time only right after a clock time ("uk players" is not a zone).
  [/(\d\s*(?:am|pm|h)?)\s*uk\b(?!\s+time)/g, '$1 uk time'],
  // "19:30z": Zulu, UTC.
  [/(\d{1,2}:\d{2})\s*z\b/g, '$1 utc'],
  [w('last\\s+(night|evening)(?!\\s+of\\b)'), ' yesterday $1 '],
  // A range may end (or start) at midnight or noon: "8pm to midnight" is 20:00–24:00.
  [/(\d\s*(?:am|pm|h|oclock)?\s*)(?:-|to|until|till)\s*midnight\b/g, '$1- 12am'],
  [/(\d\s*(?:am|pm|h)?\s*)(?:-|to|until|till)\s*(?:noon|midday)\b/g, '$1- 12pm'],
  [/\b(?:noon|midday)\s*(?:-|to|until|till)\s*(?=\d)/g, '12pm - '],
  // "8 or 9pm": the am/pm said once applies to both (as in ranges, rule 10).
  [/(?<![\d:])(\d{1,2}(?::\d{2})?)\s+or\s+(\d{1,2}(?::\d{2})?)\s*(am|pm|h|\s+o'clock|\s+oclock)\b/g, '$1$3 or $2$3'],
  [/(?<![\d:])(\d{1,2}(?::\d{2})?)\s*(am|pm)\s+or\s+(\d{1,2}(?::\d{2})?)(?![\d:]|\s*(?:am|pm|h)\b)/g, '$1$2 or $3$2'],
  // "moved the meetup from 8pm to 9pm": a change of time, not a range.
  // (The old time is dropped: only the new one can be the event.)
  [/\b((?:moved|moving|changed|rescheduled|pushed|postponed|shifted|bumped)\b.*?)\bfrom\s+(.{1,30}?)\s+to\s+(?=\S)/g, '$1 now '],
  [w('half\\s+past\\s+(\\d{1,2})'), (_m, h) => ` ${dial(h, '30')} `],
  [w('(?:a\\s+)?quarter\\s+(?:past|after)\\s+(\\d{1,2})'), (_m, h) => ` ${dial(h, '15')} `],
  [w('(?:a\\s+)?quarter\\s+to\\s+(\\d{1,2})'), (_m, h) => ` ${quarterTo(h)} `],
];

/**
 * A zone named by its place in French, Spanish or Portuguese is that zone in every locale ("21h
 * (hora de Lisboa)" in a post whose other words are French): read before the locale's own rules.
 */
const PLACE_TIMES: Rule[] = [
  // "20h (hora de Lisboa) – 0h": a zone said between the two ends goes after them.
  [/(\d(?:\s*h\d{0,2}|:\d\d)?)\s*(\([^()\d]{2,40}\))\s*(-|–|—|to|à|a|às|bis|〜)\s*(\d{1,2}(?::\d\d|h\d{0,2})?(?:\s*(?:am|pm|uhr))?)(?![\d:])/g, '$1 $3 $4 $2'],
  cityTime("heure\\s+(?:des\\s+|du\\s+|de\\s+|d')"), cityTime('(?:horário|horario|hora)\\s+(?:de\\s+las|de\\s+los|del|de|dos|das|do|da)\\s+')];

type Replacer = (match: string, ...rest: unknown[]) => string;
const LETTER_BEFORE = new RegExp(`[${LETTER}]`);

/**
 * A rule as it runs. A pattern that starts with the word-boundary lookbehind is run without it and
 * the boundary is checked on the match instead: a leading lookbehind must be tried at every
 * position, while a pattern starting with its words lets the regex engine skip ahead.
 */
function compile([re, replacement]: Rule): [RegExp, Replacer] {
  const expand: Replacer =
    typeof replacement === 'string'
      ? (match, ...rest) => replacement.replace(/\$(\d)/g, (_d, n: string) => (rest[Number(n) - 1] as string | undefined) ?? '')
      : (replacement as Replacer);
  if (!re.source.startsWith(L)) return [re, expand];
  const bare = new RegExp(re.source.slice(L.length), re.flags);
  return [
    bare,
    (match, ...rest) => {
      const offset = rest[rest.length - 2] as number;
      const whole = rest[rest.length - 1] as string;
      return offset > 0 && LETTER_BEFORE.test(whole[offset - 1]) ? match : expand(match, ...rest);
    },
  ];
}

/**
 * A language's rules as they run, each with the factors one of which any match must contain
 * (prefilter.ts). The text is indexed once, and again after each rule that changes it, so a
 * rule runs only when its words may be there; order and results are those of running every rule.
 */
interface CompiledRule {
  re: RegExp;
  replace: Replacer;
  /** Undefined: the rule has no factor and always runs. */
  factors?: FactorKeys;
}
const compiled = new Map<string, CompiledRule[]>();


export function rulesFor(lang: string | undefined): CompiledRule[] {
  const key = lang && RULES[lang] ? lang : '';
  let rules = compiled.get(key);
  if (!rules) {
    rules = [...PLACE_TIMES, ...((key && RULES[key]) || []), ...ENGLISH].map(compile).map(([re, replace]) => ({ re, replace, factors: patternKeys(re) }));
    compiled.set(key, rules);
  }
  return rules;
}

/** The locale's phrasings in the planner's English forms. */
export function rewriteForLanguage(text: string, lang: string | undefined): string {
  let out = text;
  indexText(out);
  for (const { re, replace, factors } of rulesFor(lang)) {
    if (factors && !mayContain(factors)) continue;
    // Most rules that may match do not: a test is far cheaper than a replace that finds nothing.
    re.lastIndex = 0;
    if (!re.test(out)) continue;
    re.lastIndex = 0;
    const next = out.replace(re, replace);
    if (next !== out) {
      out = next;
      indexText(out);
    }
  }
  return collapseSpaces(out);
}
