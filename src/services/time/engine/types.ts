import type { components } from '../../../generated/openapi.js';

type Schemas = components['schemas'];
type WithoutRequestId<T> = T extends unknown ? Omit<T, 'requestId'> : never;

/** A parse request as the engine sees it: the API has already fixed `referenceInstant`. */
export interface TimeParseInput {
  text: string;
  /** IANA zone of the speaker. */
  timeZone?: string;
  locale?: string;
  country?: string;
  subdivision?: string;
  /** Epoch milliseconds; relative phrases are read against it. */
  referenceInstant: number;
}

/** A `TimeParseResult` without `requestId`, which the server adds. */
export type TimeParseOutcome = WithoutRequestId<Schemas['TimeParseResult']>;
export type TimeCanonical = Schemas['TimeCanonical'];
export type TimeParseAlternative = Schemas['TimeParseAlternative'];
export type TimeRange = Schemas['TimeRange'];
export type Precision = TimeCanonical['precision'];

/** ISO weekday: 1 = Monday … 7 = Sunday (luxon's numbering). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Which day the expression is anchored to. */
export type DayAnchor =
  /** `word` is how the text said it; `in_days` is a count of days ("in 3 days at 8pm"). */
  | { kind: 'relative_day'; word: 'today' | 'tomorrow' | 'yesterday' | 'day_after_tomorrow' | 'day_before_yesterday' | 'in_days'; offsetDays: number }
  /** `next_week`: the one in next calendar week ("来週の金曜日", "freitag nächste woche"). */
  /** `after_next`: "friday after next", the second occurrence after today (decisions §5.1). */
  | { kind: 'weekday'; weekday: IsoWeekday; modifier: 'bare' | 'this' | 'next' | 'next_week' | 'last' | 'after_next' }
  /** A calendar date; `month`/`day` may be swapped when `dayMonthOrderUnknown`. */
  | { kind: 'date'; year?: number; month: number; day: number; dayMonthOrderUnknown?: boolean; weekday?: IsoWeekday }
  /** "the 5th": the next 5th of a month on or after today (rule 5). */
  | { kind: 'day_of_month'; day: number; weekday?: IsoWeekday }
  /** `rule`: the holiday library's rule of the holiday named (when the request's country was read). */
  /** `fixed`: a holiday on the same date in every country (decisions §5.1), which needs no country. */
  /** `alsoKeys`: other holidays the same words name (Argentina's "Carnaval" is Shrove Monday and Shrove Tuesday). */
  | { kind: 'holiday'; phrase: string; rule?: string; fixed?: { month: number; day: number }; weekday?: IsoWeekday; alsoKeys?: string[] }
  /** n = 1..5 for first…fifth, -1 for last; month undefined means the current month. */
  /** `recurring`: "of every month", whose next one is meant (no question when this month's has passed). */
  | { kind: 'nth_weekday'; n: number; weekday: IsoWeekday; month?: number; monthOffset?: number; recurring?: boolean }
  /**
   * Decisions §5.1: "end of (next) month" is that month's last day, "beginning/start of next month"
   * its first; `month` names a month ("end of march", its next occurrence), else the current month
   * plus `monthOffset`.
   */
  | { kind: 'month_edge'; edge: 'start' | 'end'; month?: number; monthOffset: number; weekday?: IsoWeekday };

/** A wall-clock time as written; `meridiem` undefined means the text did not say. */
export interface ClockTime {
  hour: number;
  minute: number;
  /** Seconds, when written ("19:00:30"). */
  second?: number;
  meridiem?: 'am' | 'pm';
  /** Written on the 24-hour clock ("20h", "10:00" in a 24-hour language): no am/pm question. */
  twentyFourHour?: boolean;
  named?: 'noon' | 'midnight';
  /**
   * A Japanese late-night hour ("25:00", "26時"): the hours after midnight counted on from the
   * day named, so `hour` is already the next day's (25:00 → 01:00) and the day moves by one.
   */
  nextDay?: boolean;
  /** The original words, for labels and messages. */
  text: string;
}

/** One reading of a named zone: an IANA zone, optionally with the fixed offset the text named. */
export interface ZoneChoice {
  zone: string;
  /** What the text said (an abbreviation, "Tokyo time", "UTC+9"). */
  label: string;
  /** The offset an abbreviation stands for (EST = -300); absent for region names (ET, PT). */
  offsetMinutes?: number;
  /** A numeric offset ("UTC+9", "+09:00"): the zone is that offset, no civil-time reading. */
  explicitOffset?: boolean;
}

export type Period = 'tonight' | 'this_weekend' | 'next_weekend' | 'this_week' | 'next_week' | 'this_month' | 'next_month';
export type PartOfDay = 'morning' | 'afternoon' | 'evening' | 'night';

/** The planner's explicit intermediate form; the executor turns it into instants. */
export type TimePlan =
  | {
      kind: 'point';
      day?: DayAnchor;
      /** Undefined: a date alone (local 00:00, precision `date`). */
      time?: ClockTime;
      partOfDay?: PartOfDay;
      /** Zero entries: the speaker's zone; several: an ambiguous abbreviation (ask). */
      zones: ZoneChoice[];
      /** Days added to the day named ("a week from friday"). */
      shiftDays?: number;
      /** "all day saturday": the whole local day as a range (decisions §5.1). */
      wholeDay?: boolean;
    }
  | {
      /**
       * A range whose ends name their own days ("sat 11pm to sun 4am", "Dec 31 9pm to Jan 1 2am"),
       * or a day span without times ("Oct 17-18": first day 00:00 to the day after the last), §5.1.
       */
      kind: 'between';
      start: { day: DayAnchor; time?: ClockTime };
      end: { day: DayAnchor; time?: ClockTime };
      zones: ZoneChoice[];
    }
  | {
      kind: 'range';
      day?: DayAnchor;
      start: ClockTime;
      end: ClockTime;
      partOfDay?: PartOfDay;
      zones: ZoneChoice[];
      shiftDays?: number;
    }
  | { kind: 'period'; period: Period; zones: ZoneChoice[] }
  | { kind: 'relative'; amount: number; unit: 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months'; zones: ZoneChoice[] };

/** What the planner hands the executor. */
export type PlanResult =
  /** `unread`: numbers the planner could not place; the executor's readings are then only offered. */
  /** `confirm`: why the readings may only be offered (a name that holds a weekday, "Friday Night Funk"). */
  | { status: 'plan'; plan: TimePlan; notes: string[]; unread?: string; confirm?: string }
  /** The same moment said in several zones: resolved when every plan gives the same instant. */
  | { status: 'same_instant'; plans: TimePlan[]; notes: string[] }
  /** Either/or between several expressions (rule 20): every plan is offered. */
  | { status: 'either_or'; plans: TimePlan[]; question: string }
  /** `no_expression`: the planner found nothing it knows; a second opinion may still see one. */
  /** `ask`: words about time were left unread, so ask rather than say there is none. */
  | { status: 'no_plan'; reason: string; code?: 'no_expression' | 'ask' };
