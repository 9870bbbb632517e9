import { createRequire } from 'node:module';
import { describe, expect, test } from '@jest/globals';
import type HolidaysLibrary from 'date-holidays';
import { DateTime } from 'luxon';
import type { TimeParseOutcome } from '../../../src/services/time/engine/index.js';
import { parse as contractParse } from './helpers.js';

/*
 * Phrasings written by people who never saw the engine's tests, one describe per class, in each of
 * the six languages where the class can be said (decisions §5 and §5.1). Every expected instant is
 * computed here with luxon (and the holiday library for Carnival) from the meaning of the phrase.
 * "Now" is Tuesday 24 November 2026, 15:00 on the speaker's own wall clock.
 */

interface Speaker {
  locale: string;
  zone: string;
}
const SP = {
  en: { locale: 'en-US', zone: 'America/New_York' },
  ja: { locale: 'ja-JP', zone: 'Asia/Tokyo' },
  de: { locale: 'de-DE', zone: 'Europe/Berlin' },
  fr: { locale: 'fr-FR', zone: 'Europe/Paris' },
  es: { locale: 'es-ES', zone: 'Europe/Madrid' },
  pt: { locale: 'pt-BR', zone: 'America/Sao_Paulo' },
} satisfies Record<string, Speaker>;
type Lang = keyof typeof SP;

const now = (sp: Speaker) => DateTime.fromISO('2026-11-24T15:00', { zone: sp.zone });
const at = (iso: string, zone: string) => {
  const dt = DateTime.fromISO(iso, { zone });
  if (!dt.isValid) throw new Error(`bad test data: ${iso}`);
  return dt;
};

function parse(text: string, sp: Speaker, extra: { country?: string; ref?: DateTime } = {}): TimeParseOutcome {
  return contractParse(text, { locale: sp.locale, timeZone: sp.zone, referenceInstant: (extra.ref ?? now(sp)).toMillis(), ...(extra.country ? { country: extra.country } : {}) });
}
const show = (out: TimeParseOutcome) => JSON.stringify(out).slice(0, 400);

function expectInstant(out: TimeParseOutcome, expected: DateTime) {
  if (out.status !== 'resolved' || out.kind !== 'instant') throw new Error(`expected ${expected.toISO()}, got ${show(out)}`);
  expect(out.epoch).toBe(expected.toSeconds());
  return out;
}
function expectRange(out: TimeParseOutcome, start: DateTime, end: DateTime) {
  if (out.status !== 'resolved' || out.kind !== 'time_range') throw new Error(`expected ${start.toISO()} – ${end.toISO()}, got ${show(out)}`);
  expect([out.range.start.epoch, out.range.end.epoch]).toEqual([start.toSeconds(), end.toSeconds()]);
}
function expectNotResolved(out: TimeParseOutcome) {
  if (out.status === 'resolved') throw new Error(`expected a question or no_plan, got ${show(out)}`);
  expect(['needs_clarification', 'no_plan']).toContain(out.status);
}
/** The next local date on or after `from` with `pred`. */
function firstDay(from: DateTime, pred: (d: DateTime) => boolean): DateTime {
  for (let d = from.startOf('day'), i = 0; i < 4000; d = d.plus({ days: 1 }), i++) if (pred(d)) return d;
  throw new Error('bad test data: no such day');
}
const cases = <T extends object>(rows: [Lang, string, T][]) => rows.map(([lang, text, rest]) => ({ lang, text, ...SP[lang], ...rest }));

describe('§5.1 a weekday with a month and day is the next date that is both', () => {
  // 12 December 2026 is a Saturday.
  test.each(
    cases([
      ['en', 'Sat Dec 12 at 8pm', {}],
      ['en', 'Saturday, December 12th, 8pm', {}],
      ['de', 'Samstag, 12. Dezember um 20 Uhr', {}],
      ['fr', 'samedi 12 décembre à 20h', {}],
      ['es', 'sábado 12 de diciembre a las 20:00', {}],
      ['pt', 'sábado, 12 de dezembro às 20h', {}],
      ['ja', '12月12日(土)20時', {}],
    ]),
  )('given $locale, when "$text" is sent, then it is Saturday 12 December at 20:00', ({ text, locale, zone }) => {
    expectInstant(parse(text, { locale, zone }), at('2026-12-12T20:00', zone));
  });

  test.each(
    cases([
      ['en', 'Sat Dec 13 at 8pm', {}],
      ['de', 'Samstag, 13. Dezember um 20 Uhr', {}],
      ['fr', 'samedi 13 décembre à 20h', {}],
      ['es', 'sábado 13 de diciembre a las 20:00', {}],
      ['pt', 'sábado, 13 de dezembro às 20h', {}],
      ['ja', '12月13日(土)20時', {}],
    ]),
  )('given $locale, when "$text" names a weekday the date is not, then it asks', ({ text, locale, zone }) => {
    expectNotResolved(parse(text, { locale, zone }));
  });

  test.each(['on Friday the 13th we meet at 9pm', 'friday the 13th party at 9pm', 'Friday the 13th folks, 9pm'])(
    'given en-US, when "%s" puts words between the ordinal and the time, then it is the next Friday the 13th',
    (text) => {
      const day = firstDay(now(SP.en), (d) => d.day === 13 && d.weekday === 5);
      expectInstant(parse(text, SP.en), day.set({ hour: 21 }));
    },
  );
});

describe('a message that moves an event to another day: the new day wins', () => {
  // Saturday 28 November 2026 is the next Saturday.
  test.each(
    cases([
      ['en', 'the meetup moved from Friday to Saturday 8pm', {}],
      ['en', 'postponed from Fri to Sat at 8pm', {}],
      ['de', 'verschoben von Freitag auf Samstag 20 Uhr', {}],
      ['fr', 'on déplace de vendredi à samedi à 20h', {}],
      ['es', 'lo pasamos del viernes al sábado a las 20h', {}],
      ['es', 'se movió al sábado en vez del viernes, 20h', {}],
      ['pt', 'mudou de sexta para sábado às 20h', {}],
      ['ja', '金曜日から土曜日20時に変更', {}],
    ]),
  )('given $locale, when "$text" is sent, then it is the new day, Saturday 20:00', ({ text, locale, zone }) => {
    expectInstant(parse(text, { locale, zone }), at('2026-11-28T20:00', zone));
  });

  test.each(
    cases([
      ['en', 'moved from Friday to Saturday, same time', {}],
      ['de', 'von Freitag auf Samstag verschoben, gleiche Uhrzeit', {}],
      ['fr', 'déplacé de vendredi à samedi, même heure', {}],
      ['es', 'se cambió del viernes al sábado, misma hora', {}],
      ['pt', 'mudou de sexta para sábado, mesmo horário', {}],
      ['ja', '金曜日から土曜日に変更、同じ時間', {}],
    ]),
  )('given $locale, when "$text" keeps a time the message does not say, then it asks', ({ text, locale, zone }) => {
    expectNotResolved(parse(text, { locale, zone }));
  });
});

describe('§5.1 24-hour clock words in a range across or up to midnight', () => {
  test.each(
    cases([
      ['de', '22 Uhr bis 4 Uhr', { s: '2026-11-24T22:00', e: '2026-11-25T04:00' }],
      ['de', 'Samstag 22 Uhr bis 4 Uhr', { s: '2026-11-28T22:00', e: '2026-11-29T04:00' }],
      ['de', '20 Uhr bis Mitternacht', { s: '2026-11-24T20:00', e: '2026-11-25T00:00' }],
      ['fr', 'de 19h à minuit', { s: '2026-11-24T19:00', e: '2026-11-25T00:00' }],
      ['fr', 'demain de 22h à 4h', { s: '2026-11-25T22:00', e: '2026-11-26T04:00' }],
      ['es', 'de 19h a medianoche', { s: '2026-11-24T19:00', e: '2026-11-25T00:00' }],
      ['pt', 'das 19h até meia-noite', { s: '2026-11-24T19:00', e: '2026-11-25T00:00' }],
      ['pt', 'das 19h à meia-noite', { s: '2026-11-24T19:00', e: '2026-11-25T00:00' }],
      ['ja', '19時から深夜0時まで', { s: '2026-11-24T19:00', e: '2026-11-25T00:00' }],
      ['en', '8pm to midnight', { s: '2026-11-24T20:00', e: '2026-11-25T00:00' }],
    ]),
  )('given $locale, when "$text" is sent, then it is one range ending the next day', ({ text, locale, zone, s, e }) => {
    expectRange(parse(text, { locale, zone }), at(s, zone), at(e, zone));
  });
});

describe('§5.1 two bare hours with no day take the soonest future 12-hour reading of the pair', () => {
  test.each(cases([['en', 'from 8 to 10', {}], ['de', 'von 8 bis 10', {}], ['fr', 'de 8 à 10', {}], ['es', 'de 8 a 10', {}], ['pt', 'das 8 às 10', {}]]))(
    'given $locale at 15:00, when "$text" is sent, then it is 20:00 to 22:00 today',
    ({ text, locale, zone }) => {
      expectRange(parse(text, { locale, zone }), at('2026-11-24T20:00', zone), at('2026-11-24T22:00', zone));
    },
  );
});

describe('chat spellings of the relative days', () => {
  test.each(
    cases([
      ['en', '2moro 8pm', { days: 1 }],
      ['en', '2morrow at 8pm', { days: 1 }],
      ['en', 'the day after tmr at 8pm', { days: 2 }],
      ['en', 'day after tmrw 8pm', { days: 2 }],
      ['es', 'mñn a las 20h', { days: 1 }],
      ['es', 'pasado mñn a las 20h', { days: 2 }],
      ['pt', 'amnh às 20h', { days: 1 }],
      ['fr', 'dem1 à 20h', { days: 1 }],
    ]),
  )('given $locale, when "$text" is sent, then it is $days day(s) on at 20:00', ({ text, locale, zone, days }) => {
    expectInstant(parse(text, { locale, zone }), now({ locale, zone }).plus({ days }).set({ hour: 20, minute: 0 }));
  });
});

describe('§5.1 a zone named by its place is that place\'s IANA zone', () => {
  /** The next 20:00 in `zone` from the reference instant. */
  const next20 = (sp: Speaker, zone: string) => {
    const local = now(sp).setZone(zone);
    const today = local.set({ hour: 20, minute: 0, second: 0, millisecond: 0 });
    return today < now(sp) ? today.plus({ days: 1 }) : today;
  };
  test.each(
    cases([
      ['en', '8pm Montreal time', { place: 'America/Toronto' }],
      ['en', '8pm Lima time', { place: 'America/Lima' }],
      ['de', '20 Uhr Wiener Zeit', { place: 'Europe/Vienna' }],
      ['de', '20 Uhr New Yorker Zeit', { place: 'America/New_York' }],
      ['fr', 'à 20h heure de Montréal', { place: 'America/Toronto' }],
      ['fr', '20h heure de Varsovie', { place: 'Europe/Warsaw' }],
      ['fr', '20h heure de la Réunion', { place: 'Indian/Reunion' }],
      ['es', 'a las 20h hora de Lima', { place: 'America/Lima' }],
      ['es', 'a las 20h hora de Ciudad de México', { place: 'America/Mexico_City' }],
      ['es', '20:00 hora de Buenos Aires', { place: 'America/Argentina/Buenos_Aires' }],
      ['pt', 'às 20h horário de Lisboa', { place: 'Europe/Lisbon' }],
      ['pt', '20h horário do Rio de Janeiro', { place: 'America/Sao_Paulo' }],
      ['pt', '20h horário dos Açores', { place: 'Atlantic/Azores' }],
      ['ja', 'リマ時間20時', { place: 'America/Lima' }],
      ['ja', 'モントリオール時間20時', { place: 'America/Toronto' }],
    ]),
  )('given $locale, when "$text" is sent, then it is the next 20:00 in $place', ({ text, locale, zone, place }) => {
    expectInstant(parse(text, { locale, zone }), next20({ locale, zone }, place));
  });

  test.each(cases([['fr', '20h heure de Trifouillis', {}], ['es', '20h hora de Villarriba', {}], ['pt', '20h horário de Pasárgada', {}], ['de', '20 Uhr Kasseler Zeit', {}]]))(
    'given $locale, when "$text" names a place that is not known, then it asks rather than read the speaker\'s zone',
    ({ text, locale, zone }) => {
      expectNotResolved(parse(text, { locale, zone }));
    },
  );

  test.each(cases([['de', '20 Uhr MEZ', {}], ['de', '20 Uhr MESZ', {}]]))('given $locale in November, when "$text" is sent, then it is 20:00 Central European time', ({ text, locale, zone }) => {
    expectInstant(parse(text, { locale, zone }), at('2026-11-24T20:00', 'Europe/Berlin'));
  });
});

describe('holidays named in Spanish and Portuguese', () => {
  test.each(
    cases([
      ['es', 'Día de Reyes a las 18h', { iso: '2027-01-06T18:00' }],
      ['pt', 'Dia de Reis às 18h', { iso: '2027-01-06T18:00' }],
      ['fr', 'Épiphanie à 18h', { iso: '2027-01-06T18:00' }],
      ['en', 'Epiphany at 6pm', { iso: '2027-01-06T18:00' }],
      ['es', 'Nochevieja a las 22h', { iso: '2026-12-31T22:00' }],
      ['pt', 'Réveillon às 22h', { iso: '2026-12-31T22:00' }],
    ]),
  )('given $locale, when "$text" is sent, then it is $iso', ({ text, locale, zone, iso }) => {
    expectInstant(parse(text, { locale, zone }), at(iso, zone));
  });

  /** Carnival's days in a country's year 2027, from the holiday library. */
  const carnival = (country: string, zone: string) => {
    const Holidays = createRequire(import.meta.url)('date-holidays') as typeof HolidaysLibrary;
    return (new Holidays(country).getHolidays(2027, 'en') ?? []).filter((h) => /carnival|shrove/i.test(h.name)).map((h) => DateTime.fromISO(h.date.slice(0, 10), { zone }));
  };
  test('given pt-BR in Brazil, when "Carnaval às 20h" is sent, then it asks, offering each of its days from the holiday library', () => {
    const out = parse('Carnaval às 20h', SP.pt, { country: 'BR' });
    if (out.status !== 'needs_clarification') throw new Error(show(out));
    expect(out.alternatives.map((a) => a.epoch).sort()).toEqual(carnival('BR', SP.pt.zone).map((d) => d.set({ hour: 20 }).toSeconds()).sort());
  });
  test.each([['terça de Carnaval às 20h', 2], ['segunda-feira de Carnaval às 20h', 1]] as const)(
    'given pt-BR in Brazil, when "%s" is sent, then it is that weekday of Carnival',
    (text, weekday) => {
      const day = carnival('BR', SP.pt.zone).filter((d) => d.weekday === weekday);
      expect(day).toHaveLength(1);
      expectInstant(parse(text, SP.pt, { country: 'BR' }), day[0].set({ hour: 20 }));
    },
  );
  test('given pt-PT in Portugal, when "Carnaval às 20h" is sent, then it is the one Carnival day of the holiday library', () => {
    const sp = { locale: 'pt-PT', zone: 'Europe/Lisbon' };
    const days = carnival('PT', sp.zone);
    expect(days).toHaveLength(1);
    expectInstant(parse('Carnaval às 20h', sp, { country: 'PT' }), days[0].set({ hour: 20 }));
  });
  test('given es-AR in Argentina, when "el martes de Carnaval a las 20h" is sent, then it is the Tuesday of the two Carnaval days', () => {
    const sp = { locale: 'es-AR', zone: 'America/Argentina/Buenos_Aires' };
    const tuesday = carnival('AR', sp.zone).filter((d) => d.weekday === 2);
    expect(tuesday).toHaveLength(1);
    expectInstant(parse('el martes de Carnaval a las 20h', sp, { country: 'AR' }), tuesday[0].set({ hour: 20 }));
    expectNotResolved(parse('Carnaval a las 20h', sp, { country: 'AR' }));
  });
  test.each(cases([['es', 'Carnaval a las 20h', {}], ['en', 'Carnival at 8pm', {}]]))('given $locale with no Carnival in its country, when "$text" is sent, then it asks', ({ text, locale, zone }) => {
    expectNotResolved(parse(text, { locale, zone }));
  });
});

describe('§5.1 a recurring schedule is its next occurrence, with an assumption', () => {
  // Wednesday 25, Thursday 26, Friday 27 November 2026.
  test.each(
    cases([
      ['en', 'every Wednesday at 7pm', { iso: '2026-11-25T19:00' }],
      ['de', 'jeden Donnerstag um 19 Uhr', { iso: '2026-11-26T19:00' }],
      ['de', 'donnerstags um 19 Uhr', { iso: '2026-11-26T19:00' }],
      ['fr', 'tous les vendredis à 21h', { iso: '2026-11-27T21:00' }],
      ['es', 'todos los viernes a las 21h', { iso: '2026-11-27T21:00' }],
      ['pt', 'toda sexta às 21h', { iso: '2026-11-27T21:00' }],
      ['ja', '毎週金曜 21時', { iso: '2026-11-27T21:00' }],
    ]),
  )('given $locale, when "$text" is sent, then it is the next one, $iso, said to repeat', ({ text, locale, zone, iso }) => {
    const out = expectInstant(parse(text, { locale, zone }), at(iso, zone));
    if (out.status === 'resolved') expect(out.assumptions.join(' ')).toMatch(/repeats/);
  });
});

describe('long chatty messages: several sentences, one of them the time', () => {
  test.each(
    cases([
      ['en', 'Hey everyone! Hope you all had a great week. It will be on Saturday at 8pm. Bring your friends!', {}],
      ['en', 'Thanks for last week! Big thanks to the DJs. This week: Saturday 8pm. 2 hour set each.', {}],
      ['de', 'Hallo zusammen! Danke fürs Kommen letzte Woche. Das nächste Treffen ist am Samstag um 20 Uhr. Dauer ca. 3 Stunden.', {}],
      ['fr', 'Salut tout le monde ! Merci d’être venus la semaine dernière. Rendez-vous samedi à 20h. Ça dure environ 2 heures.', {}],
      ['es', '¡Hola a todos! Gracias por venir la semana pasada. La próxima quedada es el sábado a las 20h. Dura unas 2 horas.', {}],
      ['pt', 'Oi pessoal! Valeu por virem semana passada. O próximo encontro é sábado às 20h. Dura umas 2 horas.', {}],
      ['ja', '皆さんこんにちは！先週はありがとうございました。次回は土曜日の20時からです。2時間くらいです。', {}],
    ]),
  )('given $locale, when "$text" is sent, then it is Saturday 20:00', ({ text, locale, zone }) => {
    expectInstant(parse(text, { locale, zone }), at('2026-11-28T20:00', zone));
  });

  test.each(cases([['de', 'letzte Woche um 20 Uhr', {}], ['en', 'last week at 8pm', {}]]))('given $locale, when "$text" says only a past week, then it is not resolved', ({ text, locale, zone }) => {
    expectNotResolved(parse(text, { locale, zone }));
  });
});

describe('§5.1 ambiguous abbreviations settled by the request zone', () => {
  test('given a speaker in Asia/Calcutta (the tz link of Asia/Kolkata), when "8pm IST" is sent, then it is India time', () => {
    const sp = { locale: 'en-IN', zone: 'Asia/Calcutta' };
    expectInstant(parse('8pm IST', sp), at('2026-11-24T20:00', 'Asia/Kolkata'));
  });
  test('given a speaker in Winnipeg in July (CDT), when "8pm CST" is sent, then it is Winnipeg\'s own civil time', () => {
    const sp = { locale: 'en-CA', zone: 'America/Winnipeg' };
    const ref = at('2026-07-10T12:00', sp.zone);
    expectInstant(parse('8pm CST', sp, { ref }), at('2026-07-10T20:00', sp.zone));
  });
  test('given a speaker in Berlin, when "20 Uhr CST" is sent, then it asks', () => {
    expectNotResolved(parse('20 Uhr CST', SP.de));
  });
});

describe('clock spellings in announcements', () => {
  const rangeOf = (out: TimeParseOutcome) => (out.status === 'resolved' && out.kind === 'time_range' ? [out.range.start.epoch, out.range.end.epoch] : show(out));
  test('Given a German range "von 19.30 bis 22.30 Uhr" (the dot as the clock separator, "Uhr" said once), when parsed, then it is 19:30–22:30, not 22:30 alone', () => {
    const out = parse('Freitag, 27. November, von 19.30 bis 22.30 Uhr', SP.de);
    expect(rangeOf(out)).toEqual([at('2026-11-27T19:30', SP.de.zone).toSeconds(), at('2026-11-27T22:30', SP.de.zone).toSeconds()]);
  });
  test('Given an evening range past midnight ("tomorrow evening 23:00-1:00", "demain soir 23h–1h", "morgen Abend 23 bis 1 Uhr"), when parsed, then it ends at 01:00 the next day, not 13:00', () => {
    for (const [text, sp] of [['tomorrow evening 23:00-1:00', SP.en], ['demain soir 23h–1h', SP.fr], ['morgen Abend 23 bis 1 Uhr', SP.de]] as const) {
      expect({ text, range: rangeOf(parse(text, sp)) }).toEqual({ text, range: [at('2026-11-25T23:00', sp.zone).toSeconds(), at('2026-11-26T01:00', sp.zone).toSeconds()] });
    }
  });
});
