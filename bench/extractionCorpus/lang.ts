/**
 * How each of the corpus's six languages writes dates, times, ranges, zones and the words around
 * them, as organisers write them. Pure formatting: the values come from the generator.
 */
import type { DateTime } from 'luxon';

export type Lang = 'en' | 'ja' | 'de' | 'fr' | 'es' | 'pt';
export const LANGS: readonly Lang[] = ['en', 'ja', 'de', 'fr', 'es', 'pt'];

const pad = (n: number) => String(n).padStart(2, '0');
/** A wall time written with hours past 23 as 24..47 ("25:00", the next day's 01:00). */
export interface Clock {
  h: number;
  m: number;
}
export const hhmm = (c: Clock) => `${pad(c.h % 24)}:${pad(c.m)}`;

export const MONTHS: Record<Exclude<Lang, 'ja'>, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
};
/** Monday first (luxon's weekday 1..7). */
export const WEEKDAYS: Record<Lang, string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ja: ['月', '火', '水', '木', '金', '土', '日'],
  de: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  fr: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  pt: ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'],
};
const PT_SHORT = ['segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo'];

/** The ways a date is written: a full date, a short or numeric one, or a weekday with its date. */
export type DateStyle = 'long' | 'short' | 'numeric' | 'weekday-date';

export function formatDate(lang: Lang, d: DateTime, style: DateStyle): string {
  const wd = WEEKDAYS[lang][d.weekday - 1];
  const day = d.day;
  if (lang === 'ja') {
    if (style === 'long') return `${d.month}月${day}日(${wd})`;
    if (style === 'short' || style === 'numeric') return `${d.month}/${day}(${wd})`;
    return `今度の${wd}曜日、${d.month}月${day}日`;
  }
  const month = MONTHS[lang][d.month - 1];
  switch (lang) {
    case 'en':
      if (style === 'long') return `${wd}, ${month} ${day}`;
      if (style === 'short') return `${wd.slice(0, 3)} ${month.slice(0, 3)} ${day}`;
      if (style === 'numeric') return `${month.slice(0, 3)} ${day}`;
      return `this ${wd}, ${month.slice(0, 3)} ${day}`;
    case 'de':
      if (style === 'long') return `${wd}, ${day}. ${month}`;
      if (style === 'short') return `${wd.slice(0, 2)}., ${pad(day)}.${pad(d.month)}.`;
      if (style === 'numeric') return `${day}.${d.month}.`;
      return `diesen ${wd}, ${day}. ${month}`;
    case 'fr':
      if (style === 'long') return `${wd} ${day === 1 ? '1er' : day} ${month}`;
      if (style === 'short') return `${wd.slice(0, 3)}. ${pad(day)}/${pad(d.month)}`;
      if (style === 'numeric') return `${day} ${month}`;
      return `ce ${wd} ${day} ${month}`;
    case 'es':
      if (style === 'long') return `${wd} ${day} de ${month}`;
      if (style === 'short') return `${wd.slice(0, 3)} ${pad(day)}/${pad(d.month)}`;
      if (style === 'numeric') return `${day} de ${month}`;
      return `este ${wd} ${day} de ${month}`;
    case 'pt':
      if (style === 'long') return `${wd}, ${day} de ${month}`;
      if (style === 'short') return `${PT_SHORT[d.weekday - 1].slice(0, 3)}., ${pad(day)}/${pad(d.month)}`;
      if (style === 'numeric') return `${day} de ${month}`;
      return `${d.weekday === 6 || d.weekday === 7 ? 'neste' : 'nesta'} ${PT_SHORT[d.weekday - 1]}, ${day} de ${month}`;
  }
}

/** "tonight" and "tomorrow" as each language writes them (before a time). */
export const RELATIVE: Record<Lang, { tonight: string[]; tomorrow: string[] }> = {
  en: { tonight: ['tonight', 'tonite', 'TONIGHT'], tomorrow: ['tomorrow', 'tmrw', 'tomorrow night'] },
  ja: { tonight: ['今夜', '今晩', '本日'], tomorrow: ['明日', '明日の夜'] },
  de: { tonight: ['heute Abend', 'heute'], tomorrow: ['morgen', 'morgen Abend'] },
  fr: { tonight: ['ce soir'], tomorrow: ['demain', 'demain soir'] },
  es: { tonight: ['esta noche', 'hoy'], tomorrow: ['mañana', 'mañana por la noche'] },
  pt: { tonight: ['hoje à noite', 'hoje'], tomorrow: ['amanhã', 'amanhã à noite'] },
};

/** The ways a time is written in each language (the second style is the language's other habit). */
export function formatTime(lang: Lang, c: Clock, style: 0 | 1): string {
  const h = c.h % 24;
  const m = c.m;
  switch (lang) {
    case 'en': {
      if (style === 1) return `${pad(h)}:${pad(m)}`;
      const h12 = h % 12 === 0 ? 12 : h % 12;
      return `${h12}${m ? `:${pad(m)}` : ''}${h < 12 ? 'am' : 'pm'}`;
    }
    case 'ja':
      // Japanese posts keep late-night hours past 24 ("25:00").
      return style === 0 ? `${c.h}:${pad(m)}` : `${c.h}時${m ? `${m}分` : ''}`;
    case 'de':
      return style === 0 ? `${pad(h)}:${pad(m)} Uhr` : m ? `${h}.${pad(m)} Uhr` : `${h} Uhr`;
    case 'fr':
      return `${h}h${m ? pad(m) : ''}`;
    case 'es':
      return style === 0 ? `${pad(h)}:${pad(m)}` : `${h}${m ? `:${pad(m)}` : ''} hs`;
    case 'pt':
      return style === 0 ? `${h}h${m ? pad(m) : ''}` : `${pad(h)}:${pad(m)}`;
  }
}

/** A start–end range; `late` writes a Japanese end past midnight as 25:00 rather than 翌1:00. */
export function formatRange(lang: Lang, a: Clock, b: Clock, style: 0 | 1, late = true): string {
  switch (lang) {
    case 'en':
      return style === 0 ? `${formatTime('en', a, 0)}–${formatTime('en', b, 0)}` : `from ${formatTime('en', a, 0)} to ${formatTime('en', b, 0)}`;
    case 'ja': {
      const end = b.h >= 24 && !late ? `翌${b.h - 24}:${pad(b.m)}` : `${b.h}:${pad(b.m)}`;
      return `${a.h}:${pad(a.m)}〜${end}`;
    }
    case 'de':
      return style === 0 ? `${pad(a.h % 24)}:${pad(a.m)}–${pad(b.h % 24)}:${pad(b.m)} Uhr` : `von ${formatTime('de', a, 1).replace(' Uhr', '')} bis ${formatTime('de', b, 1)}`;
    case 'fr':
      return style === 0 ? `de ${formatTime('fr', a, 0)} à ${formatTime('fr', b, 0)}` : `${formatTime('fr', a, 0)}–${formatTime('fr', b, 0)}`;
    case 'es':
      return style === 0 ? `de ${formatTime('es', a, 0)} a ${formatTime('es', b, 0)}` : `${formatTime('es', a, 0)} – ${formatTime('es', b, 0)}`;
    case 'pt':
      return style === 0 ? `das ${formatTime('pt', a, 0)} às ${formatTime('pt', b, 0)}` : `${formatTime('pt', a, 0)}–${formatTime('pt', b, 0)}`;
  }
}

/** A zone as a language's posts write it, the IANA zone it names, and the other zones the word equally names. */
export interface ZoneWord {
  text: string;
  zone: string;
  also?: string[];
}
const CET_ZONES = ['Europe/Berlin', 'Europe/Paris', 'Europe/Vienna', 'Europe/Zurich', 'Europe/Amsterdam', 'Europe/Brussels', 'Europe/Madrid', 'Europe/Rome', 'Europe/Stockholm', 'Europe/Oslo', 'Europe/Copenhagen', 'Europe/Warsaw', 'Europe/Prague', 'CET'];
const cet = (text: string): ZoneWord => ({ text, zone: 'Europe/Berlin', also: CET_ZONES });

export const ZONE_WORDS: Record<Lang, ZoneWord[]> = {
  en: [{ text: 'ET', zone: 'America/New_York' }, { text: 'Eastern', zone: 'America/New_York' }, { text: 'PT', zone: 'America/Los_Angeles' }, { text: 'Pacific', zone: 'America/Los_Angeles' }, cet('CET'), { text: 'UK time', zone: 'Europe/London' }],
  ja: [{ text: '日本時間', zone: 'Asia/Tokyo' }, { text: 'JST', zone: 'Asia/Tokyo' }],
  de: [cet('MEZ'), cet('CET'), { text: 'deutscher Zeit', zone: 'Europe/Berlin' }],
  fr: [{ text: 'heure de Paris', zone: 'Europe/Paris' }, cet('CET')],
  es: [{ text: 'hora de Madrid', zone: 'Europe/Madrid' }, { text: 'hora de México', zone: 'America/Mexico_City' }, { text: 'hora de Buenos Aires', zone: 'America/Argentina/Buenos_Aires' }],
  pt: [{ text: 'horário de Brasília', zone: 'America/Sao_Paulo' }, { text: 'hora de Lisboa', zone: 'Europe/Lisbon' }],
};

/** How a zone word follows a time. */
export function withZone(lang: Lang, time: string, z: ZoneWord | null): string {
  if (!z) return time;
  if (lang === 'ja') return z.text === 'JST' ? `${time} JST` : `${time}（${z.text}）`;
  if (lang === 'fr' && z.text.startsWith('heure')) return `${time} (${z.text})`;
  if (lang === 'de' && z.text === 'deutscher Zeit') return `${time} ${z.text}`;
  if (lang === 'pt') return `${time} (${z.text})`;
  return `${time} ${z.text}`;
}

/** The zones a draft of each language's community may be in (the extractor's `timeZone`). */
export const DRAFT_ZONES: Record<Lang, string[]> = {
  en: ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London'],
  ja: ['Asia/Tokyo'],
  de: ['Europe/Berlin', 'Europe/Vienna', 'Europe/Zurich'],
  fr: ['Europe/Paris', 'Europe/Brussels'],
  es: ['Europe/Madrid', 'America/Mexico_City', 'America/Argentina/Buenos_Aires'],
  pt: ['America/Sao_Paulo', 'Europe/Lisbon'],
};
