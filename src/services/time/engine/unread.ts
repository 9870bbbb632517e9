import { MONTH_WORDS } from './languages.js';
import { MONTHS, wordsFor } from './words.js';

/**
 * Two guards around the planner (decisions §5.1 and "when in doubt, ask"):
 *
 * - Names that contain time words ("Midnight Rooftop", "Friday Night Funk") are names, not times:
 *   they are taken out of the text before it is read.
 * - Words that look like date or time words but were left unread ("Halloween" in a language whose
 *   holidays are not known, "fin", "年") make the answer a question, never a resolved time.
 */

/** Words that say a time of day or a day; in a capitalised name they do not. */
const TIME_WORDS = new Set([
  'midnight', 'noon', 'midday', 'night', 'morning', 'evening', 'afternoon', 'dawn', 'dusk',
  'mitternacht', 'nacht', 'abend', 'mittag', 'vormittag', 'nachmittag',
  'minuit', 'soir', 'soirée', 'nuit', 'matin', 'midi',
  'medianoche', 'noche', 'tarde', 'mediodía', 'madrugada',
  'meia-noite', 'noite', 'manhã', 'meio-dia',
]);
const WEEKDAY_WORDS = new Set([
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag',
  'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche',
  'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo',
  'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira',
]);
const GERMAN = new Set(['mitternacht', 'nacht', 'abend', 'mittag', 'vormittag', 'nachmittag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag']);
/** Relative days: a capitalised "Tomorrow Night Party" still says tomorrow, so such runs are never names. */
const RELATIVE_WORDS = new Set(['today', 'tonight', 'tomorrow', 'yesterday', 'heute', 'morgen', 'übermorgen', 'demain', 'aujourd', 'hoy', 'mañana', 'hoje', 'amanhã']);
/** Small words that may sit inside a name ("Sexta à Noite Funk", "Club de Minuit"). */
const CONNECTORS = new Set(['of', 'the', 'à', 'a', 'de', 'da', 'do', 'du', 'del', 'la', 'le', 'el', 'des', 'los', 'las', 'and', '&', 'und', 'et', 'y', 'e']);
/** Capitalised words that begin a sentence or a place phrase, not a name. */
const LEADING = new Set(['on', 'at', 'in', 'for', 'am', 'um', 'im', 'bei', 'le', 'la', 'el', 'em', 'no', 'na', 'au', 'en', 'para', 'pour', 'this', 'next', 'see', 'meet', 'join', 'ok', 'so', 'hey', 'hi']);

const TOKEN = /[\p{L}][\p{L}\p{M}'’-]*|&/gu;
const isCapitalised = (w: string) => /^\p{Lu}/u.test(w);

/**
 * The text with every capitalised name that holds a time word blanked out. A name is a run of at
 * least two capitalised words (small connectors allowed inside) with a time word and a word that
 * is not one; a run whose time words are only weekdays needs three words ("Friday Night Funk",
 * not "Friday Meetup"), and so does every run in German, which capitalises all nouns.
 * `weekdayName`: a name that holds a weekday ("Friday Night Funk"), which may also say the event's
 * day, so an answer read without it is offered, not resolved.
 */
/** Any time word, in any case (even inside a word: a cheap first test): without one, there is no name to take out. */
const ANY_TIME_WORD = new RegExp(`(?:${[...TIME_WORDS, ...WEEKDAY_WORDS].sort((a, b) => b.length - a.length).join('|')})`);

export function blankNames(text: string, lang: string | undefined): { text: string; weekdayName?: string } {
  if (!/\p{Lu}/u.test(text) || !ANY_TIME_WORD.test(text.toLowerCase())) return { text, weekdayName: undefined };
  let weekdayName: string | undefined;
  const tokens: { word: string; lower: string; start: number; end: number }[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) tokens.push({ word: m[0], lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  let out = text;
  let i = 0;
  while (i < tokens.length) {
    if (!isCapitalised(tokens[i].word)) {
      i++;
      continue;
    }
    // A run: capitalised words, joined by single spaces or connectors between two capitalised words.
    let j = i;
    while (j + 1 < tokens.length) {
      const gap = text.slice(tokens[j].end, tokens[j + 1].start);
      if (!/^[\s·・]{1,2}$/u.test(gap)) break;
      if (isCapitalised(tokens[j + 1].word)) j++;
      else if (CONNECTORS.has(tokens[j + 1].lower) && j + 2 < tokens.length && isCapitalised(tokens[j + 2].word) && /^\s$/.test(text.slice(tokens[j + 1].end, tokens[j + 2].start))) j += 2;
      else break;
    }
    let first = i;
    while (first <= j && LEADING.has(tokens[first].lower)) first++;
    const run = tokens.slice(first, j + 1).filter((t) => isCapitalised(t.word));
    i = j + 1;
    if (run.length < 2) continue;
    const time = run.filter((t) => TIME_WORDS.has(t.lower));
    const weekdays = run.filter((t) => WEEKDAY_WORDS.has(t.lower));
    const other = run.filter((t) => !TIME_WORDS.has(t.lower) && !WEEKDAY_WORDS.has(t.lower) && !LEADING.has(t.lower));
    if (time.length + weekdays.length === 0 || other.length === 0) continue;
    if (run.some((t) => RELATIVE_WORDS.has(t.lower))) continue;
    // German capitalises its own time words as nouns ("Freitag Treffen"); an English one in a German text is a name.
    const germanTimeWords = [...time, ...weekdays].some((t) => GERMAN.has(t.lower));
    if ((time.length === 0 || (lang === 'de' && germanTimeWords)) && run.length < 3) continue;
    const start = tokens[first].start;
    const end = tokens[j].end;
    if (weekdays.length) weekdayName ??= text.slice(start, end);
    out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  }
  return { text: out, weekdayName };
}

/** Per language: words that name a day, a date or a part of a day. Text is lower case. */
const UNREAD_WORDS: Record<string, RegExp> = {
  en: /\b(?:unknownplace|january|february|july|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|fortnight|tomorrow|yesterday|o'?clock|(?:end|beginning|start|middle|mid)\s+of|first\s+day|last\s+day|after\s+next|(?:days?|weeks?|months?)\s+(?:after|before)|eve|same\s+time|usual\s+time|(?:server|game|your|ur|their|his|her|world|event)\s+time)\b/,
  de: /(?<![\p{L}])(?:tag|woche|wochenende|monat|monats|jahr|jahres|ende|anfang|mitte|uhr|uhrzeit|übermorgen|vorgestern|übernächste[nmrs]?|(?:gleiche|selbe|derselbe)[nmrs]?\s+(?:uhr)?zeit)(?![\p{L}])/u,
  fr: /(?<![\p{L}])(?:jour|semaine|mois|année|an|fin|début|debut|mi|veille|heures?|même\s+horaire|lendemain|surlendemain)(?![\p{L}])/u,
  es: /(?<![\p{L}])(?:día|semana|mes|año|fin|finales|principios?|mediados|víspera|horas?|mism[oa]\s+horario|madrugada)(?![\p{L}])/u,
  pt: /(?<![\p{L}])(?:semana|mês|ano|fim|final|início|inicio|começo|meados|véspera|horas?|mesm[oa]\s+(?:horário|horario)|madrugada|que\s+vem)(?![\p{L}])/u,
  ja: /\d\s*[年月日時]|年末|年始|来年|今年|週|曜|時|午前|午後|夕方|月末|初め|上旬|中旬|下旬|頃|ごろ|明後日|あさって|一昨日|おととい|しあさって|同じ時間|同時刻/,
};

/** Holiday words: unread, they ask, unless a calendar date was read (then they name the event: "24.12. Weihnachtsfeier"). */
const HOLIDAY_WORDS: Record<string, RegExp> = {
  en: /\b(?:christmas|xmas|halloween|valentine'?s?|thanksgiving|easter|new\s+year'?s?|holiday|carnival|carnaval|epiphany|mardi\s+gras)\b/,
  de: /(?<![\p{L}])(?:feiertag|weihnacht\p{L}*|silvester\p{L}*|ostern|neujahr|heiligabend|pfingsten|karneval|fasching|rosenmontag)(?![\p{L}])/u,
  fr: /(?<![\p{L}])(?:noël|noel|nouvel\s+an|réveillon|pâques|toussaint|saint-valentin|halloween|carnaval|épiphanie|rois)(?![\p{L}])/u,
  es: /(?<![\p{L}])(?:navidad|nochebuena|nochevieja|año\s+nuevo|pascua|reyes|halloween|san\s+valentín|carnaval|epifanía)(?![\p{L}])/u,
  pt: /(?<![\p{L}])(?:natal|réveillon|ano\s+novo|páscoa|carnaval|halloween|namorados|reis)(?![\p{L}])/u,
  ja: /クリスマス|ハロウィン|バレンタイン|大晦日|元日|元旦|正月|祝日/,
};

/**
 * The other languages' weekday, month and relative-day words, left unread whatever the locale:
 * read in English, "domingo 4 de abril de 20:00 a 23:00" must not become today's 20:00. Words of
 * five letters or more only, and not the Portuguese short weekdays that are also ordinals
 * ("segunda", "quinta"), so that short words shared with names and other words stay out.
 */
const FOREIGN_DAY_WORDS: ReadonlySet<string> = (() => {
  const english = wordsFor(undefined);
  const own = new Set([...Object.keys(english.weekdays), ...Object.keys(english.relativeDays), ...Object.keys(MONTHS)]);
  const found = new Set<string>();
  for (const lang of Object.keys(MONTH_WORDS).concat(['ja'])) {
    const words = wordsFor(lang);
    for (const w of [...Object.keys(words.weekdays), ...Object.keys(words.relativeDays), ...Object.keys(MONTH_WORDS[lang] ?? {})]) {
      if (own.has(w) || [...w].length < 5 || /^(?:segunda|terça|terca|quarta|quinta|sexta)$/.test(w) || !/^[\p{L}'’-]+$/u.test(w)) continue;
      found.add(w);
    }
  }
  return found;
})();
/** The first of those words in a lower-case text (a word is a run of letters, apostrophes and hyphens). */
function foreignDayWord(text: string): RegExpExecArray | null {
  for (const m of text.matchAll(/[\p{L}][\p{L}'’-]{4,}/gu)) if (FOREIGN_DAY_WORDS.has(m[0])) return m;
  return null;
}

/** A date or time word the planner left unread, or undefined; holiday words count only when no calendar date was read. */
export function unreadTimeWord(leftover: string, lang: string | undefined, calendarDateRead = false): string | undefined {
  const other = lang && lang !== 'en' ? lang : undefined;
  const found =
    UNREAD_WORDS.en.exec(leftover) ??
    (other ? UNREAD_WORDS[other]?.exec(leftover) : null) ??
    foreignDayWord(leftover) ??
    (calendarDateRead ? null : (HOLIDAY_WORDS.en.exec(leftover) ?? (other ? HOLIDAY_WORDS[other]?.exec(leftover) : null)));
  return found?.[0];
}
