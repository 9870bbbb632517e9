import { describe, expect, test } from '@jest/globals';
import { emptyTextReason, planTimeExpression } from '../../../src/services/time/engine/index.js';
import { expectAsk, expectInstant, expectNoPlan, expectRange, parse, WED_3PM_NY } from './helpers.js';
import type { TimeParseOutcome } from '../../../src/services/time/engine/index.js';

// Unless a test says otherwise, "now" is Wednesday 18 Nov 2026, 15:00 in America/New_York.
const at = (iso: string) => ({ referenceInstant: Date.parse(iso) });

const startZone = (o: TimeParseOutcome) => (o.status !== 'resolved' ? o.status : o.kind === 'instant' ? o.canonical.timeZone : o.range.start.canonical.timeZone);

describe('result shape (contract 2.9)', () => {
  test('when a range is resolved, then canonical forms, method and weekday follow the contract', () => {
    const out = expectRange(parse('fri 8-11pm PT'), '2026-11-20T20:00:00-08:00', '2026-11-20T23:00:00-08:00');
    expect(out.method).toBe('rule_plan');
    expect(out.range.start.canonical).toEqual({
      isoInstant: '2026-11-21T04:00:00Z',
      zonedDateTime: '2026-11-20T20:00:00-08:00[America/Los_Angeles]',
      timeZone: 'America/Los_Angeles',
      precision: 'datetime',
      weekday: 'friday',
    });
    expect(out.confidence).toBeGreaterThan(0);
    expect(out.confidence).toBeLessThanOrEqual(1);
  });

  test('when the planner reads "fri 8-11pm PT", then the plan is explicit', () => {
    const planned = planTimeExpression({ text: 'fri 8-11pm PT', referenceInstant: WED_3PM_NY });
    expect(planned).toMatchObject({
      status: 'plan',
      plan: {
        kind: 'range',
        day: { kind: 'weekday', weekday: 5, modifier: 'bare' },
        start: { hour: 8, minute: 0, meridiem: 'pm' },
        end: { hour: 11, minute: 0, meridiem: 'pm' },
        zones: [{ zone: 'America/Los_Angeles' }],
      },
    });
  });
});

describe('rule 1: a bare time is its next occurrence', () => {
  test('when the time is still ahead today, then today', () => {
    expectInstant(parse('9pm'), '2026-11-18T21:00:00-05:00', 'time');
  });
  test('when the time has passed today, then tomorrow', () => {
    expectInstant(parse('10am'), '2026-11-19T10:00:00-05:00', 'time');
  });
  test('8.30pm is a clock time', () => void expectInstant(parse('8.30pm'), '2026-11-18T20:30:00-05:00'));
  test('when the time is exactly now, then now: it has not passed yet', () => {
    expectInstant(parse('3pm'), '2026-11-18T15:00:00-05:00');
  });
  test('when the time passed a minute ago, then tomorrow', () => {
    expectInstant(parse('3pm', { referenceInstant: WED_3PM_NY + 60_000 }), '2026-11-19T15:00:00-05:00');
  });
  test('when another zone is named, then the next occurrence in that zone', () => {
    // 20:00Z is already Thursday 05:00 in Tokyo.
    expectInstant(parse('9pm JST'), '2026-11-19T21:00:00+09:00');
  });
});

describe('rule 2: an hour without am/pm', () => {
  test('when there is no date, then the soonest future reading, stated as an assumption', () => {
    const out = expectInstant(parse('at 9'), '2026-11-18T21:00:00-05:00');
    expect(out.assumptions.join(' ')).toMatch(/21:00/);
  });
  test('when the evening reading has passed too, then the soonest is tomorrow morning', () => {
    expectInstant(parse('at 9', at('2026-11-19T03:00:00Z')), '2026-11-19T09:00:00-05:00');
  });
  test('when "20h" or an ISO date-time is written, then the 24-hour clock', () => {
    expectInstant(parse('friday 20h'), '2026-11-20T20:00:00-05:00');
    expectInstant(parse('2026-11-27T20:00'), '2026-11-27T20:00:00-05:00');
  });
  test('when the language writes the 24-hour clock, then "10:00" is morning but a bare "10" still asks', () => {
    const br = { locale: 'pt-BR', timeZone: 'America/Sao_Paulo' };
    expectInstant(parse('domingo 10:00', br), '2026-11-22T10:00:00-03:00');
    expectAsk(parse('domingo 10', br), ['2026-11-22T10:00:00-03:00', '2026-11-22T22:00:00-03:00']);
  });
  test('when a date is given, then ask am or pm', () => {
    expectAsk(parse('friday at 9'), ['2026-11-20T09:00:00-05:00', '2026-11-20T21:00:00-05:00']);
    expectAsk(parse('at 9:00 on dec 1'), ['2026-12-01T09:00:00-05:00', '2026-12-01T21:00:00-05:00']);
  });
  test('when 24-hour notation is used, then no question', () => {
    expectInstant(parse('21:00 on dec 1'), '2026-12-01T21:00:00-05:00', 'datetime');
  });
  test('when tonight or morning is said, then pm or am', () => {
    expectInstant(parse('tonight at 9'), '2026-11-18T21:00:00-05:00');
    expectInstant(parse('tomorrow morning at 9'), '2026-11-19T09:00:00-05:00');
    expectInstant(parse('9 tomorrow morning'), '2026-11-19T09:00:00-05:00');
  });
});

describe('rule 3: explicit past is taken as stated', () => {
  test('yesterday 9pm', () => void expectInstant(parse('yesterday 9pm'), '2026-11-17T21:00:00-05:00', 'datetime'));
  test('2 hours ago', () => void expectInstant(parse('2 hours ago'), '2026-11-18T13:00:00-05:00', 'relative'));
  test('last friday 8pm', () => void expectInstant(parse('last friday 8pm'), '2026-11-13T20:00:00-05:00'));
});

describe('rule 4: a date without a time is local 00:00 with precision date', () => {
  test('friday', () => void expectInstant(parse('friday'), '2026-11-20T00:00:00-05:00', 'date'));
  test('dec 25', () => void expectInstant(parse('dec 25'), '2026-12-25T00:00:00-05:00', 'date'));
  test('an ISO date', () => void expectInstant(parse('2026-12-31'), '2026-12-31T00:00:00-05:00', 'date'));
});

describe('rule 5: a date without a year is its next occurrence on or after today', () => {
  test('when the date is today, then today', () => void expectInstant(parse('nov 18'), '2026-11-18T00:00:00-05:00'));
  test('when the date has passed, then next year', () => {
    expectInstant(parse('nov 17'), '2027-11-17T00:00:00-05:00');
    expectInstant(parse('march 3'), '2027-03-03T00:00:00-05:00');
  });
  // Decisions §5.1: a 29 February more than a year away is asked about, never a silent jump of years.
  test('when the date is 29 February and the next one is years away, then ask, offering it', () => {
    expectAsk(parse('feb 29'), ['2028-02-29T00:00:00-05:00']);
  });
  test('when the date is 29 February within the coming year, then that leap day', () => {
    expectInstant(parse('feb 29', { referenceInstant: Date.parse('2028-01-10T12:00:00Z') }), '2028-02-29T00:00:00-05:00', 'date');
  });
  test('when the leap day has a year and a time, then that instant', () => {
    expectInstant(parse('feb 29 2028 at 9am'), '2028-02-29T09:00:00-05:00', 'datetime');
  });
});

describe('rule 6: weekdays', () => {
  test('when the weekday is today and no time is given, then today', () => {
    expectInstant(parse('wednesday'), '2026-11-18T00:00:00-05:00', 'date');
  });
  test("when the weekday is today and its time has passed, then a week later", () => {
    expectInstant(parse('wednesday 2pm'), '2026-11-25T14:00:00-05:00');
  });
  test("when the weekday is today and its time is ahead, then today", () => {
    expectInstant(parse('wednesday 4pm'), '2026-11-18T16:00:00-05:00');
  });
  test('this friday is the nearest friday', () => {
    expectInstant(parse('this friday 8pm'), '2026-11-20T20:00:00-05:00');
  });
  test('when next monday already falls in next week, then that one', () => {
    expectInstant(parse('next monday 8pm'), '2026-11-23T20:00:00-05:00');
  });
  test('when next friday could be this week or next, then ask with both', () => {
    expectAsk(parse('next friday'), ['2026-11-20T00:00:00-05:00', '2026-11-27T00:00:00-05:00']);
    expectAsk(parse('next saturday at noon'), ['2026-11-21T12:00:00-05:00', '2026-11-28T12:00:00-05:00']);
  });
});

describe('rule 7: "tomorrow" said between midnight and early morning', () => {
  const oneAm = at('2026-11-19T06:00:00Z'); // Thursday 01:00 in New York
  test('when said at 01:00, then ask which day', () => {
    expectAsk(parse('tomorrow 9pm', oneAm), ['2026-11-19T21:00:00-05:00', '2026-11-20T21:00:00-05:00']);
  });
  test('when said in the afternoon, then the next day', () => {
    expectInstant(parse('tomorrow 9pm'), '2026-11-19T21:00:00-05:00', 'datetime');
  });
});

describe('rule 8: vague periods are ranges', () => {
  test('tonight is 18:00 to 24:00', () => {
    expectRange(parse('tonight'), '2026-11-18T18:00:00-05:00', '2026-11-19T00:00:00-05:00');
  });
  test('this weekend is Saturday 00:00 to Monday 00:00', () => {
    expectRange(parse('this weekend'), '2026-11-21T00:00:00-05:00', '2026-11-23T00:00:00-05:00');
  });
  test('when said on Sunday, this weekend is the current one', () => {
    expectRange(parse('this weekend', at('2026-11-22T15:00:00Z')), '2026-11-21T00:00:00-05:00', '2026-11-23T00:00:00-05:00');
  });
  test('next week is Monday to Monday', () => {
    expectRange(parse('next week'), '2026-11-23T00:00:00-05:00', '2026-11-30T00:00:00-05:00');
  });
  test('when next weekend is said on a weekday, then ask', () => {
    expectAsk(parse('next weekend'), ['2026-11-21T00:00:00-05:00', '2026-11-28T00:00:00-05:00']);
  });
});

describe('parts of a day', () => {
  test('a day with a part of it is that part as a range', () => {
    expectRange(parse('sunday morning'), '2026-11-22T06:00:00-05:00', '2026-11-22T12:00:00-05:00');
    expectRange(parse('tomorrow night'), '2026-11-19T18:00:00-05:00', '2026-11-20T00:00:00-05:00');
  });
  test('tonight 1am is the small hours after this evening', () => {
    expectInstant(parse('tonight 1am'), '2026-11-19T01:00:00-05:00');
  });
  test('tonight at 12 is midnight, not the noon already gone', () => {
    expectInstant(parse('tonight at 12'), '2026-11-19T00:00:00-05:00');
  });
});

describe('rule 9: noon and midnight', () => {
  test('noon is 12:00, the next one', () => void expectInstant(parse('noon'), '2026-11-19T12:00:00-05:00'));
  test('tomorrow at noon', () => void expectInstant(parse('tomorrow at noon'), '2026-11-19T12:00:00-05:00'));
  test('bare midnight is the coming 00:00', () => void expectInstant(parse('midnight'), '2026-11-19T00:00:00-05:00'));
  test('friday at midnight is the end of friday', () => void expectInstant(parse('friday at midnight'), '2026-11-21T00:00:00-05:00'));
});

describe('rule 10: ranges', () => {
  test('a trailing pm applies to both ends and one zone to both', () => {
    expectRange(parse('fri 8-11pm PT'), '2026-11-20T20:00:00-08:00', '2026-11-20T23:00:00-08:00');
  });
  test('an end not after the start moves to the next day', () => {
    expectRange(parse('11pm-2am'), '2026-11-18T23:00:00-05:00', '2026-11-19T02:00:00-05:00');
  });
  test('"to" joins two ends', () => {
    expectRange(parse('saturday 8pm to 10pm'), '2026-11-21T20:00:00-05:00', '2026-11-21T22:00:00-05:00');
  });
  test('between … and … is a range', () => {
    expectRange(parse('between 8 and 10pm'), '2026-11-18T20:00:00-05:00', '2026-11-18T22:00:00-05:00');
  });
  test('when neither end says am or pm on a day, then ask', () => {
    expectAsk(parse('friday 9-5'), ['2026-11-20T09:00:00-05:00', '2026-11-20T21:00:00-05:00']);
  });
});

describe('rule 11: elapsed time versus wall-clock time across DST', () => {
  const satBeforeSpringForward = at('2026-03-07T15:00:00Z'); // Saturday 10:00 EST; clocks change Sunday
  test('in 2 hours', () => void expectInstant(parse('in 2 hours'), '2026-11-18T17:00:00-05:00', 'relative'));
  test('6 hours from now', () => void expectInstant(parse('6 hours from now'), '2026-11-18T21:00:00-05:00', 'relative'));
  test('in half an hour', () => void expectInstant(parse('in half an hour'), '2026-11-18T15:30:00-05:00', 'relative'));
  test('days keep the wall clock across the New York change', () => {
    expectInstant(parse('in 2 days', satBeforeSpringForward), '2026-03-09T10:00:00-04:00');
  });
  test('hours are elapsed across the New York change', () => {
    expectInstant(parse('in 48 hours', satBeforeSpringForward), '2026-03-09T11:00:00-04:00');
  });
  test('a week keeps the wall clock across the Berlin change', () => {
    expectInstant(parse('in 1 week', { timeZone: 'Europe/Berlin', ...at('2026-03-25T09:00:00Z') }), '2026-04-01T10:00:00+02:00');
  });
});

describe('rule 12: zone abbreviations and region names', () => {
  test('when EST is said in October, then Eastern civil time (EDT), with an assumption', () => {
    const out = expectInstant(parse('9pm EST', at('2026-10-14T16:00:00Z')), '2026-10-14T21:00:00-04:00');
    expect(out.assumptions.join(' ')).toMatch(/EST/);
  });
  test('"pt" inside "sept" is not removed as a zone', () => {
    expectInstant(parse('sept 5 8pm PT'), '2027-09-05T20:00:00-07:00');
  });
  test('PT and ET are IANA zones', () => {
    expectInstant(parse('9pm PT'), '2026-11-18T21:00:00-08:00');
    expectInstant(parse('friday at 8 pm ET'), '2026-11-20T20:00:00-05:00');
  });
  test('"Tokyo time" is Asia/Tokyo', () => {
    const out = expectInstant(parse('9pm tokyo time'), '2026-11-19T21:00:00+09:00');
    if (out.status === 'resolved') expect(out.canonical.timeZone).toBe('Asia/Tokyo');
  });
  test('GMT is UTC+0, also in summer', () => {
    expectInstant(parse('9pm GMT', at('2026-07-01T12:00:00Z')), '2026-07-01T21:00:00Z');
  });
  test('a half-hour offset', () => void expectInstant(parse('9pm utc+5:30'), '2026-11-19T21:00:00+05:30'));
  test('an explicit UTC offset', () => void expectInstant(parse('9pm utc+9'), '2026-11-19T21:00:00+09:00'));
});

describe('rule 13: ambiguous abbreviations', () => {
  test('when CST is unsettled, then ask with US Central, China and Cuba', () => {
    expectAsk(parse('meet at 9pm CST'), ['2026-11-18T21:00:00-06:00', '2026-11-19T21:00:00+08:00', '2026-11-18T21:00:00-05:00']);
  });
  test('when the instant does not depend on the zone ("in 2 hours CST"), then no question', () => {
    expectInstant(parse('in 2 hours CST'), '2026-11-18T17:00:00-05:00', 'relative');
  });
  test('when country US settles CST, then US Central', () => {
    expectInstant(parse('9pm CST', { country: 'US' }), '2026-11-18T21:00:00-06:00');
  });
  test('when the speaker zone settles CST, then China', () => {
    expectInstant(parse('9pm CST', { timeZone: 'Asia/Shanghai' }), '2026-11-19T21:00:00+08:00');
  });
  test('when the speaker zone settles IST, then India', () => {
    expectInstant(parse('9pm IST', { timeZone: 'Asia/Kolkata' }), '2026-11-19T21:00:00+05:30');
  });
});

describe("rule 14: a relative day in a zone whose date differs from the speaker's", () => {
  test('when it is already Thursday in Tokyo, then "tomorrow 9pm JST" asks with both', () => {
    expectAsk(parse('tomorrow 9pm JST'), ['2026-11-19T21:00:00+09:00', '2026-11-20T21:00:00+09:00']);
  });
  test('when both calendars agree, then resolved', () => {
    expectInstant(parse('tomorrow 9pm JST', at('2026-11-18T12:00:00Z')), '2026-11-19T21:00:00+09:00');
  });
});

describe('rule 15: DST gaps and folds', () => {
  const ny = at('2026-02-01T12:00:00Z');
  const nyAutumn = at('2026-10-01T12:00:00Z');
  const berlin = (iso: string) => ({ timeZone: 'Europe/Berlin', ...at(iso) });
  test('New York gap: ask, offering the shift-forward reading', () => {
    expectAsk(parse('2:30am on march 8', ny), ['2026-03-08T03:30:00-04:00']);
  });
  test('New York gap with an abbreviation: settled', () => {
    expectInstant(parse('march 8 at 2:30am EST', ny), '2026-03-08T02:30:00-05:00');
  });
  test('New York fold: ask with both instants', () => {
    expectAsk(parse('1:30am on nov 1', nyAutumn), ['2026-11-01T01:30:00-04:00', '2026-11-01T01:30:00-05:00']);
  });
  test('New York fold with EDT or EST: settled', () => {
    expectInstant(parse('1:30am EDT on nov 1', nyAutumn), '2026-11-01T01:30:00-04:00');
    expectInstant(parse('1:30am EST on nov 1', nyAutumn), '2026-11-01T01:30:00-05:00');
  });
  test('Berlin gap: ask, offering the shift-forward reading', () => {
    expectAsk(parse('2:30am on march 29', berlin('2026-02-01T12:00:00Z')), ['2026-03-29T03:30:00+02:00']);
  });
  test('Berlin fold: ask with both instants', () => {
    expectAsk(parse('2:30am on october 25', berlin('2026-10-01T12:00:00Z')), ['2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00']);
  });
  test('Berlin fold with CET: settled', () => {
    expectInstant(parse('2:30am CET on october 25', berlin('2026-10-01T12:00:00Z')), '2026-10-25T02:30:00+01:00');
  });
});

describe('rule 16: holidays follow country and subdivision', () => {
  test('thanksgiving in the US', () => void expectInstant(parse('thanksgiving', { country: 'US' }), '2026-11-26T00:00:00-05:00', 'date'));
  test('thanksgiving at 7pm in the US', () => void expectInstant(parse('thanksgiving at 7pm', { country: 'US' }), '2026-11-26T19:00:00-05:00', 'datetime'));
  test('thanksgiving in Ontario is next October (the subdivision carries it)', () => {
    expectInstant(parse('thanksgiving', { country: 'CA', subdivision: 'ON', timeZone: 'America/Toronto' }), '2027-10-11T00:00:00-04:00');
  });
  test('christmas in Bavaria', () => {
    expectInstant(parse('christmas', { country: 'DE', subdivision: 'BY', timeZone: 'Europe/Berlin' }), '2026-12-25T00:00:00+01:00');
  });
  test("new year's eve is not new year's day", () => {
    expectInstant(parse("new year's eve 11pm", { country: 'US' }), '2026-12-31T23:00:00-05:00');
  });
  test('"labor day" is the library\'s "Labour Day"', () => {
    expectInstant(parse('labor day', { country: 'US' }), '2027-09-06T00:00:00-04:00');
  });
  test('when no country is given, then ask for one', () => {
    expectAsk(parse('thanksgiving'), []);
  });
});

describe('rule 17: month positions as stated', () => {
  test('end of month is its last day', () => void expectInstant(parse('end of month'), '2026-11-30T00:00:00-05:00', 'date'));
  test('end of february in a leap year', () => {
    expectInstant(parse('end of february', at('2028-01-10T12:00:00Z')), '2028-02-29T00:00:00-05:00');
  });
  test('first saturday of november, already past this year', () => {
    expectInstant(parse('first saturday of november'), '2027-11-06T00:00:00-04:00');
  });
  test('first saturday of december', () => void expectInstant(parse('first saturday of december'), '2026-12-05T00:00:00-05:00'));
  test('last friday of the month', () => void expectInstant(parse('last friday of the month'), '2026-11-27T00:00:00-05:00'));
});

describe('rule 18: no time expression', () => {
  test.each([
    ['hello there'],
    ['call me at 555-123-4567'],
    ['+1 (212) 555-0199'],
    ['we won 3-2'],
    ['final score 21-14'],
    ['v2.10 released'],
    ['upgrade to 1.2.3'],
    ['PST'],
    ['tokyo time'],
    ['room 5'],
    ['good morning'],
    ['good night everyone'],
  ])('when the text is %j, then no_plan', (text) => {
    expectNoPlan(parse(text));
  });
});

describe('words that only look like days', () => {
  test('"I sat down" and "the sun sets" are not weekdays', () => {
    expectInstant(parse('I sat down at 3pm'), '2026-11-18T15:00:00-05:00', 'time');
    expectInstant(parse('the sun sets at 5pm'), '2026-11-18T17:00:00-05:00', 'time');
  });
  test('"now" is the reference instant', () => void expectInstant(parse('now'), '2026-11-18T15:00:00-05:00', 'relative'));
  test('"this evening" is tonight', () => {
    expectRange(parse('this evening'), '2026-11-18T18:00:00-05:00', '2026-11-19T00:00:00-05:00');
  });
});

describe('expressions the planner does not know', () => {
  test('when chrono-node sees a time the planner cannot place, then ask without guessing', () => {
    expectAsk(parse('2 weekends from now'), []);
  });
  test('"next month" is the whole month, as a range (rule 8)', () => {
    expectRange(parse('next month'), '2026-12-01T00:00:00-05:00', '2027-01-01T00:00:00-05:00');
  });
  test('"a week from friday" and "3 days after tomorrow" shift the named day', () => {
    expectInstant(parse('a week from friday at 8pm'), '2026-11-27T20:00:00-05:00');
    expectInstant(parse('3 days after tomorrow 9am'), '2026-11-22T09:00:00-05:00');
  });
  test('"first saturday of next month" is not the month period', () => void expectInstant(parse('first saturday of next month'), '2026-12-05T00:00:00-05:00'));
});

describe('rule 19: impossible values are never coerced', () => {
  test.each([['feb 30'], ['feb 29 2027'], ['april 31 at 8pm'], ['25:00'], ['13pm'], ['9:75pm']])('when the text is %j, then no_plan', (text) => {
    expectNoPlan(parse(text));
  });
  test('when neither day/month order is a date, then no_plan', () => {
    expectNoPlan(parse('31/4', { locale: 'en-GB' }));
  });
});

describe('rule 20: several times in one message', () => {
  test('when it is either/or, then ask with each', () => {
    expectAsk(parse('8pm or 9pm'), ['2026-11-18T20:00:00-05:00', '2026-11-18T21:00:00-05:00']);
    expectAsk(parse('friday or saturday 8pm'), ['2026-11-20T20:00:00-05:00', '2026-11-21T20:00:00-05:00']);
  });
  test('when one is clearly the start, then that one', () => {
    expectInstant(parse('doors 7pm, show starts 8pm'), '2026-11-18T20:00:00-05:00');
  });
  test('when another number could be a time or a day, then ask rather than resolve', () => {
    expectAsk(parse('friday 8pm, 9?'), ['2026-11-20T20:00:00-05:00']);
    expectAsk(parse('meet at 3pm, 12 ok?'), ['2026-11-18T15:00:00-05:00']);
  });
  test('when another number is a label or a count, then it is left aside', () => {
    expectInstant(parse('friday 8pm room 12'), '2026-11-20T20:00:00-05:00');
    expectInstant(parse('we meet at 7pm for 2 hours'), '2026-11-18T19:00:00-05:00');
    expectInstant(parse('meet in room 204 at 3pm'), '2026-11-18T15:00:00-05:00');
  });
});

describe('a weekday beside a date', () => {
  test('when they agree, then one day', () => {
    expectInstant(parse('the meeting is at 5pm est on friday nov 27'), '2026-11-27T17:00:00-05:00');
  });
  test('when they disagree, then ask with the date and the nearest such weekday', () => {
    expectAsk(parse('thursday nov 27 5pm'), ['2026-11-27T17:00:00-05:00', '2026-11-26T17:00:00-05:00']);
  });
});

describe('rule 21: locale decides day/month order and language', () => {
  test('en-GB is day first', () => void expectInstant(parse('3/4', { locale: 'en-GB' }), '2027-04-03T00:00:00-04:00'));
  test('en-US is month first', () => void expectInstant(parse('3/4', { locale: 'en-US' }), '2027-03-04T00:00:00-05:00'));
  test('without a locale, an ambiguous numeric date asks', () => {
    expectAsk(parse('3/4'), ['2027-03-04T00:00:00-05:00', '2027-04-03T00:00:00-04:00']);
  });
  test('a full day-first date with a time in London', () => {
    expectInstant(parse('31/12/2026 20:00', { locale: 'en-GB', timeZone: 'Europe/London' }), '2026-12-31T20:00:00+00:00');
  });
  test.each([
    ['morgen um 20:00', 'de-DE', 'Europe/Berlin', '2026-11-19T20:00:00+01:00'],
    ['freitag 20:00', 'de-DE', 'Europe/Berlin', '2026-11-20T20:00:00+01:00'],
    ['demain 20h', 'fr-FR', 'Europe/Paris', '2026-11-19T20:00:00+01:00'],
    ['viernes 20:00', 'es-ES', 'Europe/Madrid', '2026-11-20T20:00:00+01:00'],
    ['mañana 9pm', 'es-MX', 'America/New_York', '2026-11-19T21:00:00-05:00'],
    ['amanhã às 20:00', 'pt-BR', 'America/Sao_Paulo', '2026-11-19T20:00:00-03:00'],
    ['明日 21時', 'ja-JP', 'Asia/Tokyo', '2026-11-20T21:00:00+09:00'],
  ])('when %j is said in %s, then the weekday and relative words are read', (text, locale, timeZone, iso) => {
    expectInstant(parse(text, { locale, timeZone }), iso);
  });
});

describe('dial phrases and days of the month (rules 2 and 5)', () => {
  test('half past 8 is 8:30, the sooner reading', () => void expectInstant(parse('half past 8'), '2026-11-18T20:30:00-05:00'));
  test('quarter to 10 tonight is 21:45', () => void expectInstant(parse('quarter to 10 tonight'), '2026-11-18T21:45:00-05:00'));
  test('"the 5th" is the next 5th: December', () => void expectInstant(parse('on the 5th'), '2026-12-05T00:00:00-05:00', 'date'));
  test('"the 31st" skips months without one', () => void expectInstant(parse('the 31st'), '2026-12-31T00:00:00-05:00'));
  test('"friday the 27th at 9pm" agrees with the calendar', () => void expectInstant(parse('friday the 27th at 9pm'), '2026-11-27T21:00:00-05:00'));
  // Decisions §5.1: a weekday with a day of the month is the next date that is both (not the 28th of this month, a Saturday).
  test('"fri the 28th" is the next Friday the 28th', () => void expectInstant(parse('fri the 28th 8pm'), '2027-05-28T20:00:00-04:00'));
  test('a weekday that contradicts a full date asks', () => void expectAsk(parse('friday nov 28 2026 8pm'), ['2026-11-28T20:00:00-05:00', '2026-11-27T20:00:00-05:00']));
  test('the 32nd is no day', () => void expectNoPlan(parse('the 32nd')));
});

describe('chat shorthand', () => {
  test('"8ish" and "around 9" are those times, the sooner reading', () => {
    expectInstant(parse('8ish'), '2026-11-18T20:00:00-05:00');
    expectInstant(parse('around 9'), '2026-11-18T21:00:00-05:00');
  });
  test('"2100 UTC" and "1930Z" are on the 24-hour clock in UTC', () => {
    expectInstant(parse('2100 UTC'), '2026-11-18T21:00:00Z');
    expectInstant(parse('1930Z'), '2026-11-19T19:30:00Z');
  });
  test('a year is not a time', () => void expectNoPlan(parse('in 2026')));
});

describe('numbers that are counts or labels, and one moment in several zones', () => {
  test.each(['5v5 tournament saturday 3pm', 'party for 20 people saturday 3pm', 'world #3 saturday 3pm', 'room 12, saturday 3pm', 'top 10 set saturday 3pm', '2 hours of music saturday 3pm'])(
    'when %j is said, then the count is not read as a time',
    (text) => void expectInstant(parse(text), '2026-11-21T15:00:00-05:00'),
  );
  test('a number that could be a day or an hour still asks', () => void expectAsk(parse('8pm on the 12'), ['2026-11-18T20:00:00-05:00']));
  test('"8pm EST (5pm PST)" is one instant', () => void expectInstant(parse('8pm EST (5pm PST)'), '2026-11-18T20:00:00-05:00'));
  test('"9pm JST (noon UTC)" is one instant', () => void expectInstant(parse('9pm JST (noon UTC)'), '2026-11-19T12:00:00Z'));
  test('"8pm ET / 1am UK" is one instant', () => void expectInstant(parse('8pm ET / 1am UK'), '2026-11-19T01:00:00Z'));
  test('zones that disagree ask', () => void expectAsk(parse('friday 8pm EST / 6pm PST'), ['2026-11-20T20:00:00-05:00', '2026-11-20T21:00:00-05:00']));
  test('"9pm or 10" offers both in the evening', () => void expectAsk(parse('friday 9pm or 10'), ['2026-11-20T21:00:00-05:00', '2026-11-20T22:00:00-05:00']));
});

describe('written forms and everyday names', () => {
  test('ISO 8601 date-times with seconds and Z or an offset', () => {
    expectInstant(parse('2026-11-27T20:00:00Z'), '2026-11-27T20:00:00Z');
    expectInstant(parse('2026-11-27T20:00:00+01:00'), '2026-11-27T19:00:00Z');
  });
  test('a written date with its year is not a phone number', () => void expectInstant(parse('Fri Nov 27 2026 8PM'), '2026-11-27T20:00:00-05:00'));
  test('fractions of an hour and glued units', () => {
    expectInstant(parse('in 1.5 hours'), '2026-11-18T16:30:00-05:00', 'relative');
    expectInstant(parse('2hrs from now'), '2026-11-18T17:00:00-05:00', 'relative');
  });
  test('"this weekend sat 8pm" and "next week tuesday" name the weekday in that week', () => {
    expectInstant(parse('this weekend sat 8pm'), '2026-11-21T20:00:00-05:00');
    expectInstant(parse('next week tuesday 7pm'), '2026-11-24T19:00:00-05:00');
  });
  test('"the weekend after next" is not read as this weekend: ask', () => void expectAsk(parse('the weekend after next'), []));
  test('"2 days before christmas" is not resolved', () => expect(parse('2 days before christmas', { country: 'US' }).status).not.toBe('resolved'));
  test('"new years eve", "NYE" and "xmas" are the holidays', () => {
    expectInstant(parse('new years eve 11pm', { country: 'US' }), '2026-12-31T23:00:00-05:00');
    expectInstant(parse('NYE party 10pm', { country: 'US' }), '2026-12-31T22:00:00-05:00');
    expectInstant(parse('xmas 8pm', { country: 'GB', timeZone: 'Europe/London' }), '2026-12-25T20:00:00+00:00');
  });
  test('without a country, the locale\'s region says whose holiday; without either, ask', () => {
    expectInstant(parse('thanksgiving 4pm', { locale: 'en-US' }), '2026-11-26T16:00:00-05:00');
    expectAsk(parse('thanksgiving 4pm'), []);
  });
});

describe('holidays named with a day, a date or a weekday (rule 16)', () => {
  test('"easter sunday" is the holiday, not the coming sunday', () => {
    expectInstant(parse('easter sunday 5pm', { country: 'GB', timeZone: 'Europe/London', referenceInstant: Date.parse('2026-05-01T11:00:00Z') }), '2027-03-28T17:00:00+01:00');
  });
  test('"patriots day" (an apostrophe in the library\'s name) in Massachusetts', () => {
    expectInstant(parse('patriots day 6pm', { country: 'US', subdivision: 'MA', referenceInstant: Date.parse('2026-03-01T17:00:00Z') }), '2026-04-20T18:00:00-04:00');
  });
  test('local names: Buß- und Bettag, Noël, fête nationale (France and Québec)', () => {
    expectInstant(parse('Buß- und Bettag 19 Uhr', { locale: 'de-DE', country: 'DE', subdivision: 'SN', timeZone: 'Europe/Berlin' }), '2026-11-18T19:00:00+01:00');
    expectInstant(parse('Noël 20h', { locale: 'fr-FR', country: 'FR', timeZone: 'Europe/Paris' }), '2026-12-25T20:00:00+01:00');
    expectInstant(parse('fête nationale 21h', { locale: 'fr-FR', country: 'FR', timeZone: 'Europe/Paris' }), '2027-07-14T21:00:00+02:00');
    expectInstant(parse('fête nationale 21h', { locale: 'fr-CA', country: 'CA', subdivision: 'QC', timeZone: 'America/Toronto' }), '2027-06-24T21:00:00-04:00');
  });
  test('"my mother visits friday 8pm" names no holiday: "mother" needs its "day"', () => {
    expectInstant(parse('my mother visits friday 8pm', { country: 'US' }), '2026-11-20T20:00:00-05:00');
  });
  test('a calendar date wins over a holiday named beside it', () => {
    expectInstant(parse('jan 3 new year meetup', { country: 'US' }), '2027-01-03T00:00:00-05:00', 'date');
  });
  test('a weekday beside a holiday checks it', () => {
    expectRange(parse('halloween party sat 10pm-2am', { country: 'US', referenceInstant: Date.parse('2026-10-28T16:00:00Z') }), '2026-10-31T22:00:00-04:00', '2026-11-01T02:00:00-05:00');
  });
});

describe('more phrasings', () => {
  test('"same time tomorrow" is this clock time a day on; "in 1 day" into a DST gap asks (rule 15)', () => {
    expectInstant(parse('same time tomorrow'), '2026-11-19T15:00:00-05:00', 'relative');
    expectAsk(parse('in 1 day', { referenceInstant: Date.parse('2026-03-07T07:30:00Z') }), ['2026-03-08T03:30:00-04:00']);
  });
  test('a time said not to work, or corrected, is not the event', () => {
    expectInstant(parse("can't do 3pm, let's do 5pm"), '2026-11-18T17:00:00-05:00');
    expectInstant(parse('tomorrow at 3pm, sorry I meant 4pm'), '2026-11-19T16:00:00-05:00');
    expectInstant(parse('quiz is at 9pm, I get off work at 6pm so I will make it'), '2026-11-18T21:00:00-05:00');
  });
  test('holiday names: a rule named by one string, elided French, an everyday Spanish name; no match on a shared prefix', () => {
    expectInstant(parse("king's birthday", { country: 'AU', subdivision: 'QLD', timeZone: 'Australia/Brisbane' }), '2027-10-04T00:00:00+10:00', 'date');
    expectInstant(parse("à l'Action de grâce", { locale: 'fr-CA', country: 'CA', subdivision: 'QC', timeZone: 'America/Toronto', referenceInstant: Date.parse('2026-09-20T16:00:00Z') }), '2026-10-12T00:00:00-04:00');
    expectInstant(parse('el día de la Hispanidad hacemos evento', { locale: 'es-ES', country: 'ES', timeZone: 'Europe/Madrid' }), '2027-10-12T00:00:00+02:00');
  });
  test('午後13時 is 13pm: impossible (rule 19)', () => expect(parse('午後13時集合', { locale: 'ja-JP', timeZone: 'Asia/Tokyo' }).status).not.toBe('resolved'));
  test('次の木曜 is "next thursday" (rule 6): asks when the first one is still this week', () => {
    expectAsk(parse('次の木曜20時', { locale: 'ja-JP', timeZone: 'Asia/Tokyo', referenceInstant: Date.parse('2026-09-14T03:00:00Z') }), ['2026-09-17T20:00:00+09:00', '2026-09-24T20:00:00+09:00']);
  });
  test('places by their tz database name, countries by name, adjectives in German', () => {
    expectAsk(parse('tomorrow at 8pm Auckland time', { timeZone: 'America/Chicago' }), ['2026-11-19T20:00:00+13:00', '2026-11-20T20:00:00+13:00']);
    expectInstant(parse('9pm los angeles time', { timeZone: 'Europe/London' }), '2026-11-18T21:00:00-08:00');
    expectInstant(parse('20:00 hora de España', { locale: 'es-CO', timeZone: 'America/Bogota' }), '2026-11-19T20:00:00+01:00');
    expectInstant(parse('um 20 Uhr Tokioter Zeit', { locale: 'de-DE', timeZone: 'Europe/Berlin' }), '2026-11-19T20:00:00+09:00');
  });
  test('"christmas time" and "party time" are not places', () => {
    expectInstant(parse('party time 9pm'), '2026-11-18T21:00:00-05:00');
    expectAsk(parse('christmas time 8pm'), []);
  });
  test('an abbreviation the speaker\'s own zone goes by: MST in Phoenix', () => {
    expectInstant(parse('7pm MST', { timeZone: 'America/Phoenix' }), '2026-11-18T19:00:00-07:00');
    expectInstant(parse('5 Apr 2:45am NZST', { timeZone: 'Pacific/Auckland', referenceInstant: Date.parse('2026-03-31T23:00:00Z') }), '2026-04-05T02:45:00+12:00');
  });
  test('amounts of time, versions, 24/7 and lap times are no clock times', () => {
    expectInstant(parse('DJ set 9pm, 2h set, cap 40 players'), '2026-11-18T21:00:00-05:00');
    expectNoPlan(parse('each DJ gets a 2h set, 3 DJs total'));
    expectNoPlan(parse('our radio world runs 24/7'));
    expectNoPlan(parse('best lap 4:32.18'));
    expectAsk(parse('2026-12-01 at 9 - v3.0 launch party?'), ['2026-12-01T09:00:00-05:00', '2026-12-01T21:00:00-05:00']);
  });
  test('"in 2 hours 30 minutes" is elapsed time', () => void expectInstant(parse('in 2 hours 30 minutes'), '2026-11-18T17:30:00-05:00', 'relative'));
  test('Canada writes dates both ways: ask', () => void expectAsk(parse('03/04 at 7pm', { locale: 'en-CA', timeZone: 'America/Toronto' }), ['2027-03-04T19:00:00-05:00', '2027-04-03T19:00:00-04:00']));
  test('chat spellings: tonite, wknd, aft', () => {
    expectInstant(parse('tonite 9'), '2026-11-18T21:00:00-05:00');
    expectRange(parse('wknd'), '2026-11-21T00:00:00-05:00', '2026-11-23T00:00:00-05:00');
    expectInstant(parse('tmrw aft 2'), '2026-11-19T14:00:00-05:00');
  });
  test('a month name left unread is never dropped: "first week of december" asks', () => void expectAsk(parse('first week of december'), []));
  test('"moved to sat same time" asks: the time is not in the message', () => void expectAsk(parse('moved to sat same time'), []));
  test('"first friday of every month 8pm" is the next one, without a question', () => {
    expectInstant(parse('first friday of every month 8pm', { referenceInstant: Date.parse('2026-11-18T20:00:00Z') }), '2026-12-04T20:00:00-05:00');
  });
  test('the event named among several times, and an aside restating a time', () => {
    expectInstant(parse("i'm off work at 5pm but the event is friday 9pm"), '2026-11-20T21:00:00-05:00');
    expectInstant(parse('bin ab 18 Uhr online, das Event ist Freitag um 21 Uhr', { locale: 'de-DE', timeZone: 'Europe/Berlin' }), '2026-11-20T21:00:00+01:00');
    expectInstant(parse("8pm (that's 1am for the EU folks)"), '2026-11-18T20:00:00-05:00');
  });
  test('words that are abbreviations elsewhere: "est" in French, "ist" in German', () => {
    expectRange(parse('Wer ist dieses Wochenende dabei?', { locale: 'de-DE', timeZone: 'Europe/Berlin' }), '2026-11-21T00:00:00+01:00', '2026-11-23T00:00:00+01:00');
    expectInstant(parse("l'event c'est à 21h", { locale: 'fr-FR', timeZone: 'Europe/Paris' }), '2026-11-18T21:00:00+01:00');
  });
  test('a day of the month said as "le 15", "dia 15", "el 15", "15日"', () => {
    expectInstant(parse('le 15 à 20h', { locale: 'fr-FR', timeZone: 'Europe/Paris' }), '2026-12-15T20:00:00+01:00');
    expectInstant(parse('dia 15 às 20h', { locale: 'pt-BR', timeZone: 'America/Sao_Paulo' }), '2026-12-15T20:00:00-03:00');
    expectInstant(parse('el 15 a las 20:00', { locale: 'es-ES', timeZone: 'Europe/Madrid' }), '2026-12-15T20:00:00+01:00');
    expectInstant(parse('15日の20時', { locale: 'ja-JP', timeZone: 'Asia/Tokyo' }), '2026-12-15T20:00:00+09:00');
  });
  test('"h" in French, Spanish and Portuguese is the 24-hour clock (decisions §5.1: "9h" is 09:00)', () => {
    expectInstant(parse('le 20 juin à 8h', { locale: 'fr-FR', timeZone: 'Europe/Paris' }), '2027-06-20T08:00:00+02:00');
    expectInstant(parse('el 20 de junio a las 9h', { locale: 'es-ES', timeZone: 'Europe/Madrid' }), '2027-06-20T09:00:00+02:00');
    expectInstant(parse('dia 20 de junho às 9h30', { locale: 'pt-BR', timeZone: 'America/Sao_Paulo' }), '2027-06-20T09:30:00-03:00');
    // A part of the day said with it still settles the hour.
    expectInstant(parse('ce soir à 9h30', { locale: 'fr-FR', timeZone: 'Europe/Paris' }), '2026-11-18T21:30:00+01:00');
  });
  test('Japanese late-night hours after a day are the next day\'s small hours (decisions §5.1)', () => {
    const tokyo = { locale: 'ja-JP', timeZone: 'Asia/Tokyo' };
    expectRange(parse('12月5日 24:00〜28:00', tokyo), '2026-12-06T00:00:00+09:00', '2026-12-06T04:00:00+09:00');
    expectInstant(parse('12月5日 25時', tokyo), '2026-12-06T01:00:00+09:00');
    expectRange(parse('12月5日 21:00〜26:00', tokyo), '2026-12-05T21:00:00+09:00', '2026-12-06T02:00:00+09:00');
    expectInstant(parse('明日 24:30', tokyo), '2026-11-21T00:30:00+09:00');
    expectRange(parse('本日 20:00〜23:00', tokyo), '2026-11-19T20:00:00+09:00', '2026-11-19T23:00:00+09:00');
    // With no day, "25時" stays impossible (rule 19), and so does 25:00 in English.
    expect(parse('25時から配信', tokyo).status).toBe('no_plan');
    expect(parse('Dec 5 25:00').status).toBe('no_plan');
  });
  test('another language\'s day words read in English ask instead of resolving without them', () => {
    for (const text of ['domingo 4 de abril de 20:00 a 23:00', 'mañana por la noche 22:00', 'samedi 12 décembre 21:00', 'Montag, 20:00']) {
      expect([text, parse(text).status]).toEqual([text, 'needs_clarification']);
    }
    expect(parse('domingo 4 de abril de 20:00 a 23:00', { locale: 'es-ES', timeZone: 'Europe/Madrid' }).status).toBe('resolved');
  });
  test('a zone named by its place in French, Spanish or Portuguese is read in any locale', () => {
    expect(startZone(parse('18h–22h (hora de Lisboa)', { locale: 'fr-FR' }))).toBe('Europe/Lisbon');
    expect(startZone(parse('21h heure de Montréal'))).toBe('America/Toronto');
    expect(startZone(parse('tomorrow night 20:00 till late Eastern', { timeZone: 'America/Chicago' }))).toBe('America/New_York');
  });
  test('an hour word up to 11 in German "halb" form takes the part of the day said', () => {
    expectInstant(parse('heute abend um halb neun', { locale: 'de-DE', timeZone: 'Europe/Berlin' }), '2026-11-18T20:30:00+01:00');
  });
  test('"may", "sun" and "april" as ordinary words do not block a time', () => {
    expectInstant(parse('may i join at 9pm'), '2026-11-18T21:00:00-05:00');
    expectInstant(parse('april is hosting at 9pm'), '2026-11-18T21:00:00-05:00');
  });
  test.each([
    ['jetzt', 'de-DE', 'Europe/Berlin'],
    ['maintenant', 'fr-FR', 'Europe/Paris'],
    ['ahora mismo', 'es-ES', 'Europe/Madrid'],
    ['agora', 'pt-BR', 'America/Sao_Paulo'],
    ['今すぐ', 'ja-JP', 'Asia/Tokyo'],
  ])('"now" in every language: %j', (text, locale, timeZone) => void expectInstant(parse(text, { locale, timeZone }), '2026-11-18T20:00:00Z', 'relative'));
  test.each([
    ['nächsten Monat', 'de-DE'],
    ['le mois prochain', 'fr-FR'],
    ['el mes que viene', 'es-ES'],
    ['mês que vem', 'pt-BR'],
    ['来月', 'ja-JP'],
  ])('"next month" in every language: %j', (text, locale) => void expectRange(parse(text, { locale }), '2026-12-01T00:00:00-05:00', '2027-01-01T00:00:00-05:00'));
  test.each([
    ['vorgestern', 'de-DE'],
    ['avant-hier', 'fr-FR'],
    ['anteayer', 'es-ES'],
    ['anteontem', 'pt-BR'],
    ['the day before yesterday', 'en-US'],
  ])('the day before yesterday: %j', (text, locale) => void expectInstant(parse(text, { locale }), '2026-11-16T00:00:00-05:00', 'date'));
  test('an offset from a named day is not an offset from now', () => expect(parse('Montag in einer Woche', { locale: 'de-DE' }).status).not.toBe('resolved'));
  test('"fridays at 9pm" is the next friday, not tonight', () => void expectInstant(parse('fridays at 9pm'), '2026-11-20T21:00:00-05:00'));
  test('full zone names are the zones', () => void expectInstant(parse('9:00 PM Eastern Standard Time', { timeZone: 'Europe/London' }), '2026-11-18T21:00:00-05:00'));
  test('"server time" is a zone we cannot know: ask', () => void expectAsk(parse('9pm server time'), []));
  test('a weekday with a bare day number, beside a time or past 24, is that date', () => {
    expectInstant(parse('el jueves 26 a las 8pm', { locale: 'es-MX', timeZone: 'America/Mexico_City' }), '2026-11-26T20:00:00-06:00');
    expectInstant(parse('friday 27'), '2026-11-27T00:00:00-05:00', 'date');
    expectAsk(parse('friday 9'), ['2026-11-20T09:00:00-05:00', '2026-11-20T21:00:00-05:00']);
    expectRange(parse('fri 8-11pm'), '2026-11-20T20:00:00-05:00', '2026-11-20T23:00:00-05:00');
  });
  test('"Sonntagabend 20 Uhr": the day, then the part of it', () => {
    expectInstant(parse('Sonntagabend 20 Uhr', { locale: 'de-DE', timeZone: 'Europe/Berlin' }), '2026-11-22T20:00:00+01:00');
  });
  test('"12 noon saturday"', () => void expectInstant(parse('12 noon saturday'), '2026-11-21T12:00:00-05:00'));
  test('"9pm pacific thursday" and "tues 8pm eastern"', () => {
    expectInstant(parse('9pm pacific thursday'), '2026-11-19T21:00:00-08:00');
    expectInstant(parse('tues 8pm eastern', { timeZone: 'Europe/London' }), '2026-11-24T20:00:00-05:00');
  });
  test('"moved from friday 8pm to saturday 9pm" is the new time', () => void expectInstant(parse('event moved from friday 8pm to saturday 9pm'), '2026-11-21T21:00:00-05:00'));
  test('"season 2 launches in a month" counts from now', () => void expectInstant(parse('season 2 launches in a month'), '2026-12-18T15:00:00-05:00', 'relative'));
  test.each(['we won 3-2', 'ganamos 3 a 1', 'ganhamos de 3x2', 'wir haben 3:2 gewonnen'])('the score %j is no time (rule 18)', (text) => void expectNoPlan(parse(text, { locale: /ganamos/.test(text) ? 'es-AR' : /ganhamos/.test(text) ? 'pt-BR' : /wir/.test(text) ? 'de-DE' : 'en-US' })));
  test('"beat saber at 10:45pm" is a time, not a score', () => void expectInstant(parse('anyone wanna do beat saber at 10:45pm'), '2026-11-18T22:45:00-05:00'));
  test('half hours in every language', () => {
    expectInstant(parse('en media hora', { locale: 'es-ES', timeZone: 'Europe/Madrid' }), '2026-11-18T21:30:00+01:00', 'relative');
    expectInstant(parse('1時間半後', { locale: 'ja-JP', timeZone: 'Asia/Tokyo' }), '2026-11-19T06:30:00+09:00', 'relative');
  });
  test('午前0時 is midnight, 午後0時 noon', () => {
    expectInstant(parse('午前0時に開場', { locale: 'ja-JP', timeZone: 'Asia/Tokyo' }), '2026-11-20T00:00:00+09:00');
    expectInstant(parse('午後0時', { locale: 'ja-JP', timeZone: 'Asia/Tokyo' }), '2026-11-19T12:00:00+09:00');
  });
  test('"20 oder 21 Uhr?" offers both', () => {
    expectAsk(parse('20 oder 21 Uhr?', { locale: 'de-DE', timeZone: 'Europe/Berlin', referenceInstant: Date.parse('2026-11-18T09:00:00Z') }), ['2026-11-18T20:00:00+01:00', '2026-11-18T21:00:00+01:00']);
  });
  test('"am letzten Freitag im Monat"', () => {
    expectInstant(parse('am letzten Freitag im Monat um 20 Uhr', { locale: 'de-DE', timeZone: 'Europe/Berlin' }), '2026-11-27T20:00:00+01:00');
  });
});

describe('rule 21: each language\'s own phrasings', () => {
  // Now is Wednesday 18 Nov 2026 20:00Z: 21:00 in Berlin, Paris and Madrid, 17:00 in São Paulo, Thursday 05:00 in Tokyo.
  const zoneOf: Record<string, string> = { de: 'Europe/Berlin', fr: 'Europe/Paris', es: 'Europe/Madrid', pt: 'America/Sao_Paulo', ja: 'Asia/Tokyo' };
  const say = (text: string, locale: string) => parse(text, { locale, timeZone: zoneOf[locale.slice(0, 2)] });
  test.each([
    ['morgen um 20 Uhr', 'de-DE', '2026-11-19T20:00:00+01:00'],
    ['heute abend um 10', 'de-DE', '2026-11-18T22:00:00+01:00'],
    ['am 24.12. um 18 Uhr', 'de-DE', '2026-12-24T18:00:00+01:00'],
    ['24. Dezember 19:30', 'de-DE', '2026-12-24T19:30:00+01:00'],
    ['Freitag nächste Woche um 19 Uhr', 'de-DE', '2026-11-27T19:00:00+01:00'],
    ['in 2 Stunden', 'de-DE', '2026-11-18T23:00:00+01:00'],
    ['vor 3 Stunden', 'de-DE', '2026-11-18T18:00:00+01:00'],
    ['morgen um halb 8 abends', 'de-DE', '2026-11-19T19:30:00+01:00'],
    ['Mitternacht', 'de-DE', '2026-11-19T00:00:00+01:00'],
    ['demain à 21h', 'fr-FR', '2026-11-19T21:00:00+01:00'],
    ['ce soir 21h30', 'fr-FR', '2026-11-18T21:30:00+01:00'],
    ['le 24 décembre à 19h', 'fr-FR', '2026-12-24T19:00:00+01:00'],
    ['dans 2 heures', 'fr-FR', '2026-11-18T23:00:00+01:00'],
    ['il y a 2 heures', 'fr-FR', '2026-11-18T19:00:00+01:00'],
    ['mañana a las 9 de la noche', 'es-ES', '2026-11-19T21:00:00+01:00'],
    ['el 24 de diciembre a las 20:00', 'es-ES', '2026-12-24T20:00:00+01:00'],
    ['hace 2 horas', 'es-ES', '2026-11-18T19:00:00+01:00'],
    ['las 9 y media de la noche', 'es-ES', '2026-11-18T21:30:00+01:00'],
    ['amanhã às 20h', 'pt-BR', '2026-11-19T20:00:00-03:00'],
    ['hoje à noite às 9', 'pt-BR', '2026-11-18T21:00:00-03:00'],
    ['24 de dezembro às 20h', 'pt-BR', '2026-12-24T20:00:00-03:00'],
    ['8 e meia da noite', 'pt-BR', '2026-11-18T20:30:00-03:00'],
    ['daqui a 2 horas', 'pt-BR', '2026-11-18T19:00:00-03:00'],
    ['明日の21時', 'ja-JP', '2026-11-20T21:00:00+09:00'],
    ['今夜9時', 'ja-JP', '2026-11-19T21:00:00+09:00'],
    ['午後9時', 'ja-JP', '2026-11-19T21:00:00+09:00'],
    ['12月24日 20時', 'ja-JP', '2026-12-24T20:00:00+09:00'],
    ['来週の金曜日 21時', 'ja-JP', '2026-11-27T21:00:00+09:00'],
    ['2時間後', 'ja-JP', '2026-11-19T07:00:00+09:00'],
    ['土曜日の２１：００', 'ja-JP', '2026-11-21T21:00:00+09:00'],
  ])('when %j is said in %s, then it resolves to %s', (text, locale, iso) => void expectInstant(say(text, locale), iso));

  test.each([
    ['Samstag von 20 bis 23 Uhr', 'de-DE', '2026-11-21T20:00:00+01:00', '2026-11-21T23:00:00+01:00'],
    ['dieses Wochenende', 'de-DE', '2026-11-21T00:00:00+01:00', '2026-11-23T00:00:00+01:00'],
    ['vendredi de 20h à 23h', 'fr-FR', '2026-11-20T20:00:00+01:00', '2026-11-20T23:00:00+01:00'],
    ['ce week-end', 'fr-FR', '2026-11-21T00:00:00+01:00', '2026-11-23T00:00:00+01:00'],
    ['el viernes de 8 a 11 de la noche', 'es-ES', '2026-11-20T20:00:00+01:00', '2026-11-20T23:00:00+01:00'],
    ['das 20h às 23h', 'pt-BR', '2026-11-18T20:00:00-03:00', '2026-11-18T23:00:00-03:00'],
    ['20時〜23時', 'ja-JP', '2026-11-19T20:00:00+09:00', '2026-11-19T23:00:00+09:00'],
    ['今週末', 'ja-JP', '2026-11-21T00:00:00+09:00', '2026-11-23T00:00:00+09:00'],
  ])('when %j is said in %s, then it is the range %s to %s', (text, locale, start, end) => void expectRange(say(text, locale), start, end));

  test.each([
    ['nächsten Freitag 20 Uhr', 'de-DE', ['2026-11-20T20:00:00+01:00', '2026-11-27T20:00:00+01:00']],
    ['samedi prochain à 20h', 'fr-FR', ['2026-11-21T20:00:00+01:00', '2026-11-28T20:00:00+01:00']],
    ['el sábado que viene a las 21h', 'es-ES', ['2026-11-21T21:00:00+01:00', '2026-11-28T21:00:00+01:00']],
    ['sábado que vem às 21h', 'pt-BR', ['2026-11-21T21:00:00-03:00', '2026-11-28T21:00:00-03:00']],
    ['明日の9時', 'ja-JP', ['2026-11-20T09:00:00+09:00', '2026-11-20T21:00:00+09:00']],
  ])('when %j is said in %s, then it asks (rules 2 and 6)', (text, locale, isos) => void expectAsk(say(text, locale), isos));
});

describe('year end', () => {
  const newYearsEveNoon = at('2026-12-31T17:00:00Z');
  test('dec 31 late evening', () => void expectInstant(parse('dec 31 11:30pm'), '2026-12-31T23:30:00-05:00'));
  test('tomorrow crosses into the new year', () => void expectInstant(parse('tomorrow 9am', newYearsEveNoon), '2027-01-01T09:00:00-05:00'));
  test('a range across midnight crosses into the new year', () => {
    expectRange(parse('10pm-1am', newYearsEveNoon), '2026-12-31T22:00:00-05:00', '2027-01-01T01:00:00-05:00');
  });
  test("new year's day", () => void expectInstant(parse("new year's day", { country: 'US', ...newYearsEveNoon }), '2027-01-01T00:00:00-05:00'));
});

describe('decisions 5.1: a text with nothing to read is a request answering no_plan', () => {
  const nothing = ['', '   ', '\n\t', '\u3000', '\u00a0', ' \u3000\r\n\u00a0\t ', '🎉🎉', '👍🏽 ❤️', '!!!', '...', '？！', '— ; —'];
  test.each(['en-US', 'de-DE', 'fr-FR', 'es-ES', 'pt-BR', 'ja-JP'])('when the text is empty in %s, then no_plan says the text is empty', (locale) => {
    const out = expectNoPlan(parse('', { locale, timeZone: 'Europe/Berlin' }));
    expect(out.reason).toMatch(/empty/);
  });
  test.each(['en-US', 'de-DE', 'fr-FR', 'es-ES', 'pt-BR', 'ja-JP', undefined])('when only white space, emoji or punctuation is sent in %s, then no_plan with its reason', (locale) => {
    for (const text of nothing) {
      const out = expectNoPlan(parse(text, { locale }));
      expect(out.reason).toMatch(/\S\s+\S/); // a sentence, not a code
      expect(out.reason).toMatch(/white space|emoji|punctuation/);
    }
  });
  test('when white space surrounds a time, then the time is still read', () => {
    void expectInstant(parse('\u3000 9pm \n\t'), '2026-11-18T21:00:00-05:00');
    void expectInstant(parse('🎉 9pm 🎉'), '2026-11-18T21:00:00-05:00');
  });
  test('when only chatter is sent, then the ordinary no_plan', () => {
    expect(expectNoPlan(parse('ok!')).reason).toBe('No time expression was found.');
  });
  test('when a digit or letter of another script is present, then the rules run (no shortcut)', () => {
    expect(emptyTextReason('２１時')).toBeUndefined();
    expect(emptyTextReason('8️⃣')).toBeUndefined();
    expect(emptyTextReason('\u200b\ufeff')).toMatch(/empty/);
  });
});
