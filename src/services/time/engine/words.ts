import type { IsoWeekday } from './types.js';

/** Weekday and relative-day words per language (decisions §5 rule 21). English is always read. */
export interface LanguageWords {
  weekdays: Record<string, IsoWeekday>;
  relativeDays: Record<string, number>;
  /** Words meaning "next" before a weekday. */
  next: string[];
}

const EN: LanguageWords = {
  weekdays: {
    monday: 1, mon: 1, tuesday: 2, tues: 2, tue: 2, wednesday: 3, weds: 3, wed: 3, thursday: 4, thurs: 4, thur: 4, thu: 4,
    friday: 5, fri: 5, saturday: 6, sat: 6, sunday: 7, sun: 7,
  },
  relativeDays: { 'day after tomorrow': 2, today: 0, tonight: 0, tomorrow: 1, tmrw: 1, tmr: 1, tmw: 1, tomoz: 1, yesterday: -1, 'day before yesterday': -2 },
  next: ['next'],
};

const OTHER: Record<string, LanguageWords> = {
  de: {
    weekdays: { montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6, sonnabend: 6, sonntag: 7 },
    relativeDays: { übermorgen: 2, heute: 0, morgen: 1, gestern: -1, vorgestern: -2 },
    next: ['nächsten', 'nächster', 'nächste', 'kommenden'],
  },
  es: {
    weekdays: { lunes: 1, martes: 2, miércoles: 3, miercoles: 3, jueves: 4, viernes: 5, sábado: 6, sabado: 6, domingo: 7 },
    relativeDays: { 'pasado mañana': 2, 'pasado manana': 2, 'pasado mñn': 2, hoy: 0, mañana: 1, manana: 1, mñn: 1, mñna: 1, ayer: -1, anteayer: -2, antier: -2 },
    next: ['próximo', 'proximo'],
  },
  fr: {
    weekdays: { lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6, dimanche: 7 },
    relativeDays: { 'après-demain': 2, 'apres-demain': 2, "aujourd'hui": 0, auj: 0, demain: 1, dem1: 1, '2main': 1, hier: -1, 'avant-hier': -2 },
    next: ['prochain'],
  },
  pt: {
    weekdays: {
      'segunda-feira': 1, segunda: 1, 'terça-feira': 2, terça: 2, terca: 2, 'quarta-feira': 3, quarta: 3, 'quinta-feira': 4, quinta: 4,
      'sexta-feira': 5, sexta: 5, sábado: 6, sabado: 6, domingo: 7,
    },
    relativeDays: { 'depois de amanhã': 2, hoje: 0, amanhã: 1, amanha: 1, amnh: 1, amanhan: 1, ontem: -1, anteontem: -2 },
    next: ['próximo', 'proximo', 'próxima', 'proxima'],
  },
  ja: {
    weekdays: { 月曜日: 1, 火曜日: 2, 水曜日: 3, 木曜日: 4, 金曜日: 5, 土曜日: 6, 日曜日: 7, 月曜: 1, 火曜: 2, 水曜: 3, 木曜: 4, 金曜: 5, 土曜: 6, 日曜: 7 },
    // Decisions §5.1: 明後日/あさって +2, 一昨日/おととい −2 (and the kana spellings of the others); 本日 is the formal 今日.
    relativeDays: { 明後日: 2, あさって: 2, 今日: 0, きょう: 0, 本日: 0, 今夜: 0, 明日: 1, あした: 1, 昨日: -1, きのう: -1, 一昨日: -2, おととい: -2 },
    next: ['来週の', '次の'],
  },
};

/** The language of a locale, lower case ("pt-BR" → "pt", "EN_us" → "en"). */
export function languageOf(locale: string | undefined): string | undefined {
  if (locale == null) return undefined;
  const dash = locale.indexOf('-');
  const underscore = locale.indexOf('_');
  const end = dash < 0 ? underscore : underscore < 0 ? dash : Math.min(dash, underscore);
  return (end < 0 ? locale : locale.slice(0, end)).toLowerCase();
}

/** English plus the words of the locale's language. */
export function wordsFor(locale: string | undefined): LanguageWords {
  const lang = languageOf(locale);
  const other = lang ? OTHER[lang] : undefined;
  if (!other) return EN;
  return {
    weekdays: { ...EN.weekdays, ...other.weekdays },
    relativeDays: { ...EN.relativeDays, ...other.relativeDays },
    next: [...EN.next, ...other.next],
  };
}

export const MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7, jul: 7,
  august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
};

/** Longest first, so "september" wins over "sep"; escaped for a RegExp alternation. */
export function alternation(words: string[]): string {
  return [...words].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|');
}

/** Runs of white space of any kind as one space, none at either end; text that has none to change is returned as it is. */
export function collapseSpaces(text: string): string {
  return NEEDS_COLLAPSE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}
const NEEDS_COLLAPSE = /\s\s|[^\S ]|^\s|\s$/;
