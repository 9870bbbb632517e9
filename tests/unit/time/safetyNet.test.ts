import { describe, expect, test } from '@jest/globals';
import { DateTime } from 'luxon';
import { disagreement } from '../../../src/services/time/engine/verify.js';
import type { ClockTime, TimePlan } from '../../../src/services/time/engine/types.js';
import { WED_3PM_NY, epoch, expectInstant, parse } from './helpers.js';

/**
 * The safety net before `resolved` (issue: "re-derive every stated constraint from the computed
 * instant and ask when any disagrees"). The read-back is fed deliberately wrong instants here, so
 * each check is shown to refuse; then whole parses show that unread date words make the engine ask.
 */
const NY = 'America/New_York';
const ctx = { referenceInstant: WED_3PM_NY, speakerZone: NY, country: 'US' };
const at = (iso: string) => ({ start: DateTime.fromISO(iso, { zone: NY }).toMillis(), zone: NY });
const nine: ClockTime = { hour: 9, minute: 0, meridiem: 'pm', text: '9pm' };
const point = (day: Extract<TimePlan, { kind: 'point' }>['day'], time: ClockTime | undefined = nine, extra: Partial<Extract<TimePlan, { kind: 'point' }>> = {}): TimePlan => ({ kind: 'point', day, time, zones: [], ...extra });

describe('safety net: the computed instant is read back against what was stated', () => {
  test.each([
    ['a weekday on another weekday', point({ kind: 'weekday', weekday: 5, modifier: 'bare' }), '2026-11-21T21:00', /not a Friday/],
    ['a date in another month', point({ kind: 'date', month: 12, day: 24 }), '2026-11-24T21:00', /not the date/],
    ['a date in another year', point({ kind: 'date', year: 2027, month: 12, day: 24 }), '2026-12-24T21:00', /not the date/],
    ['the 13th on the 14th', point({ kind: 'day_of_month', day: 13 }), '2026-12-14T21:00', /day of the month/],
    ['Friday the 13th on a Sunday the 13th', point({ kind: 'day_of_month', day: 13, weekday: 5 }), '2026-12-13T21:00', /not a Friday/],
    ["Christmas Eve on Christmas Day", point({ kind: 'holiday', phrase: 'christmas eve', fixed: { month: 12, day: 24 } }), '2026-12-25T21:00', /christmas eve/],
    ['US Thanksgiving on the Canadian date', point({ kind: 'holiday', phrase: 'thanksgiving' }), '2027-10-11T21:00', /thanksgiving in US/],
    ['the end of next month on its 30th of 31', point({ kind: 'month_edge', edge: 'end', monthOffset: 1 }), '2026-12-30T21:00', /last day of a month/],
    ['"tomorrow" two days on', point({ kind: 'relative_day', word: 'tomorrow', offsetDays: 1 }), '2026-11-20T21:00', /not tomorrow/],
    ['9pm at 21:30', point(undefined), '2026-11-18T21:30', /not 9pm/],
    ['9pm at 09:00', point(undefined), '2026-11-19T09:00', /not 9pm/],
    ['"morning" in the evening', point(undefined, { hour: 8, minute: 0, text: '8' }, { partOfDay: 'morning' }), '2026-11-19T20:00', /morning/],
  ] as const)('when %s is the computed instant, then it is refused', (_what, plan, iso, why) => {
    expect(disagreement(plan, at(iso), ctx)).toMatch(why);
  });

  test.each([
    ['a weekday', point({ kind: 'weekday', weekday: 5, modifier: 'bare' }), '2026-11-20T21:00'],
    ['Friday the 13th', point({ kind: 'day_of_month', day: 13, weekday: 5 }), '2027-08-13T21:00'],
    ['US Thanksgiving', point({ kind: 'holiday', phrase: 'thanksgiving' }), '2026-11-26T21:00'],
    ['the end of next month', point({ kind: 'month_edge', edge: 'end', monthOffset: 1 }), '2026-12-31T21:00'],
    ['"tonight at 1am", the next calendar day', point({ kind: 'relative_day', word: 'today', offsetDays: 0 }, { hour: 1, minute: 0, meridiem: 'am', text: '1am' }, { partOfDay: 'night' }), '2026-11-19T01:00'],
  ] as const)('when %s is computed right, then nothing is refused', (_what, plan, iso) => {
    expect(disagreement(plan, at(iso), ctx)).toBeUndefined();
  });

  test('when a range ends before it starts, then it is refused', () => {
    const plan: TimePlan = { kind: 'range', start: nine, end: { hour: 11, minute: 0, meridiem: 'pm', text: '11pm' }, zones: [] };
    expect(disagreement(plan, { ...at('2026-11-18T21:00'), end: at('2026-11-18T20:00').start }, ctx)).toMatch(/ends before/);
  });
});

describe('safety net: date and time words left unread make the engine ask', () => {
  test.each([
    ['来年の3月5日', 'ja-JP', 'Asia/Tokyo'],
    ['dans la semaine à 21h', 'fr-FR', 'Europe/Paris'],
    ['Mitte Dezember um 20 Uhr', 'de-DE', 'Europe/Berlin'],
    ['a mediados de diciembre a las 20:00', 'es-ES', 'Europe/Madrid'],
    ['em meados de dezembro às 20h', 'pt-BR', 'America/Sao_Paulo'],
    ['the day after the festival at 9pm', 'en-US', NY],
    ['Weihnachten um 18 Uhr', 'de-DE', 'Europe/Berlin'],
    ['christmas time 8pm', 'en-US', NY],
  ])('when "%s" (%s) has a date word the planner cannot place, then it is not resolved', (text, locale, timeZone) => {
    expect(parse(text, { locale, timeZone }).status).not.toBe('resolved');
  });

  test('when a name holds time words, then it is a name and the clock time stands', () => {
    expectInstant(parse('meet at Midnight Rooftop at 9pm'), '2026-11-18T21:00:00-05:00');
    // A name holding a weekday may say the day too: offered today and that Friday, not resolved.
    const funk = parse('Friday Night Funk at 9pm');
    expect(funk.status === 'needs_clarification' && funk.alternatives.map((a) => a.epoch)).toEqual([epoch('2026-11-18T21:00:00-05:00'), epoch('2026-11-20T21:00:00-05:00')]);
    // Two capitalised words of which only a weekday tells time: the weekday is meant.
    expectInstant(parse('Friday Meetup 9pm'), '2026-11-20T21:00:00-05:00');
    expect(parse('see you at Midnight Rooftop').status).not.toBe('resolved');
  });
});
