/**
 * Generator for bench/corpus/time-phrases-8.jsonl: an independent edge-case corpus for the
 * English (all regional Englishes) time parser, written from the interpretation rules of
 * decisions.md §5 only.
 *
 *   node --import tsx bench/corpus/phrases8.ts
 *
 * Every case is written as wall-clock times in a named zone; offsets are computed with luxon.
 * Wall times in a DST gap or fold are refused unless the case asks for them explicitly
 * (gapForward / fold helpers) or gives an explicit offset. Every weekday named in a case is
 * checked against the calendar. Holiday dates are checked against date-holidays.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Holidays from 'date-holidays';
import { DateTime, IANAZone } from 'luxon';

type Status = 'resolved' | 'needs_clarification' | 'no_plan';
interface Exp {
  status: Status;
  at?: string;
  start?: string;
  end?: string;
  options?: string[];
  alsoAccept?: Status[];
}
interface Spec {
  text: string;
  zone: string;
  /** wall time in `zone` ("2026-04-15T10:00" or with seconds), or an ISO instant with offset */
  ref: string;
  refDow?: string;
  locale?: string;
  country?: string;
  subdivision?: string;
  rule: number[];
  note?: string;
  expect: Exp | ((ref: DateTime) => Exp);
}

// ---------------------------------------------------------------------------------------------
// Wall-clock helpers

const HAS_OFFSET = /(Z|[+-]\d\d:\d\d)$/;

/** All instants at which `zone` shows the wall time `wall`. 0 = gap, 2 = fold. */
function instantsOf(zone: string, wall: string): DateTime[] {
  const z = IANAZone.create(zone);
  if (!z.isValid) throw new Error(`bad zone ${zone}`);
  const u = DateTime.fromISO(wall, { zone: 'utc' });
  if (!u.isValid) throw new Error(`bad wall ${wall}`);
  const offs = new Set<number>();
  for (let h = -48; h <= 48; h++) offs.add(z.offset(u.toMillis() + h * 1800e3));
  const out: number[] = [];
  for (const o of offs) {
    const t = u.toMillis() - o * 60e3;
    if (z.offset(t) === o && !out.includes(t)) out.push(t);
  }
  return out.sort((a, b) => a - b).map((t) => DateTime.fromMillis(t, { zone }));
}

function checkDow(dt: DateTime, dow: string | undefined, what: string) {
  if (dow && dt.toFormat('ccc') !== dow) throw new Error(`${what}: ${dt.toISO()} is a ${dt.toFormat('ccc')}, not ${dow}`);
}

/** Strict wall time: refuses gaps and folds. */
function W(zone: string, wall: string, dow?: string): DateTime {
  const xs = instantsOf(zone, wall);
  if (xs.length === 0) throw new Error(`${wall} is in a DST gap in ${zone}`);
  if (xs.length > 1) throw new Error(`${wall} is in a DST fold in ${zone}`);
  checkDow(xs[0], dow, `${zone} ${wall}`);
  return xs[0];
}

/** Gap: the wall time read with the offset in force before the change ("shift forward"). */
function gapForward(zone: string, wall: string, dow?: string): string {
  if (instantsOf(zone, wall).length !== 0) throw new Error(`${wall} is not in a gap in ${zone}`);
  const before = W(zone, DateTime.fromISO(wall, { zone: 'utc' }).minus({ hours: 3 }).toFormat("yyyy-MM-dd'T'HH:mm"));
  const t = DateTime.fromISO(wall, { zone: 'utc' }).toMillis() - before.offset * 60e3;
  const dt = DateTime.fromMillis(t, { zone });
  if (dt.offset === before.offset) throw new Error(`gap forward of ${wall} in ${zone} did not land after the change`);
  checkDow(dt, dow, `${zone} ${wall}`);
  return iso(dt);
}

/** Fold: both instants, earlier first. */
function fold(zone: string, wall: string, dow?: string): string[] {
  const xs = instantsOf(zone, wall);
  if (xs.length !== 2) throw new Error(`${wall} is not in a fold in ${zone}`);
  checkDow(xs[0], dow, `${zone} ${wall}`);
  return xs.map(iso);
}

/** A wall time with an explicit UTC offset (not a zone). */
function fixed(wall: string, offset: string): string {
  const dt = DateTime.fromISO(wall + offset, { setZone: true });
  if (!dt.isValid) throw new Error(`bad fixed ${wall}${offset}`);
  return iso(dt);
}

const iso = (dt: DateTime) => dt.toISO({ suppressMilliseconds: true })!;
const o = (zone: string, wall: string, dow?: string) => iso(W(zone, wall, dow));

// ---------------------------------------------------------------------------------------------
// Expectation helpers

const at = (zone: string, wall: string, dow?: string): Exp => ({ status: 'resolved', at: o(zone, wall, dow) });
const atDT = (dt: DateTime): Exp => ({ status: 'resolved', at: iso(dt) });
const atIso = (s: string): Exp => ({ status: 'resolved', at: s });
const rng = (zone: string, a: string, b: string, dowA?: string): Exp => ({ status: 'resolved', start: o(zone, a, dowA), end: o(zone, b) });
const ask = (...options: string[]): Exp => ({ status: 'needs_clarification', options });
const NOPLAN: Exp = { status: 'no_plan' };
/** rule 19: "no_plan or ask" */
const NOPLAN_OR_ASK: Exp = { status: 'no_plan', alsoAccept: ['needs_clarification'] };
const orAsk = (e: Exp): Exp => ({ ...e, alsoAccept: ['needs_clarification'] });

// ---------------------------------------------------------------------------------------------
// Holiday cross-check (date-holidays: the maintained library)

function holiday(country: string, sub: string | undefined, date: string, name: RegExp) {
  const h = sub ? new Holidays(country, sub) : new Holidays(country);
  const year = Number(date.slice(0, 4));
  const hit = (h.getHolidays(year) as { date: string; name: string; type: string }[]).find(
    (x) => x.date.startsWith(date) && name.test(x.name) && (x.type === 'public' || x.type === 'bank'),
  );
  if (!hit) throw new Error(`date-holidays ${country}${sub ? '-' + sub : ''} does not list ${name} on ${date}`);
}

// ---------------------------------------------------------------------------------------------
// Cases

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const CHI = 'America/Chicago';
const TOR = 'America/Toronto';
const VAN = 'America/Vancouver';
const LON = 'Europe/London';
const DUB = 'Europe/Dublin';
const BER = 'Europe/Berlin';
const SYD = 'Australia/Sydney';
const MEL = 'Australia/Melbourne';
const BNE = 'Australia/Brisbane';
const PER = 'Australia/Perth';
const KOL = 'Asia/Kolkata';
const AKL = 'Pacific/Auckland';
const TYO = 'Asia/Tokyo';

const S: Spec[] = [];
const add = (...xs: Spec[]) => S.push(...xs);

// ---- Rule 1: bare time = next occurrence (in the named zone if one is named) -------------------
add(
  { text: 'see you at 3pm', zone: NY, ref: '2026-04-14T15:00:00', locale: 'en-US', rule: [1], expect: at(NY, '2026-04-14T15:00'),
    note: 'said exactly at 15:00:00: a time equal to now is not "already past", so today' },
  { text: '3pm works for me', zone: NY, ref: '2026-04-14T15:01', locale: 'en-US', rule: [1], expect: at(NY, '2026-04-15T15:00'), note: 'one minute past: tomorrow' },
  { text: '3pm?', zone: NY, ref: '2026-04-14T14:59', locale: 'en-US', rule: [1], expect: at(NY, '2026-04-14T15:00'), note: 'one minute ahead: today' },
  { text: "let's say 9:30am", zone: LON, ref: '2026-02-10T09:31', locale: 'en-GB', rule: [1], expect: at(LON, '2026-02-11T09:30') },
  { text: 'ok 9:30am then', zone: LON, ref: '2026-02-10T09:29', locale: 'en-GB', rule: [1], expect: at(LON, '2026-02-10T09:30') },
  { text: 'ping me at 11:59pm', zone: SYD, ref: '2026-08-05T23:58', locale: 'en-AU', rule: [1], expect: at(SYD, '2026-08-05T23:59') },
  { text: 'how about 4:30pm', zone: PER, ref: '2026-05-20T16:31', locale: 'en-AU', rule: [1], expect: at(PER, '2026-05-21T16:30') },
  { text: '6pm good?', zone: AKL, ref: '2026-01-20T17:59', locale: 'en-NZ', rule: [1], expect: at(AKL, '2026-01-20T18:00') },
  { text: 'stream starts 9am Tokyo time', zone: NY, ref: '2026-06-10T21:00', locale: 'en-US', rule: [1, 12], expect: at(TYO, '2026-06-12T09:00'),
    note: 'ref is 10:00 on Jun 11 in Tokyo: 9am has passed there, so Jun 12 Tokyo' },
  { text: 'stream starts 9am Tokyo time', zone: NY, ref: '2026-06-10T19:30', locale: 'en-US', rule: [1, 12], expect: at(TYO, '2026-06-11T09:00'),
    note: 'ref is 08:30 Jun 11 in Tokyo: 30 minutes ahead' },
  { text: 'call at 5pm London time', zone: NY, ref: '2026-03-20T12:30', refDow: 'Fri', locale: 'en-US', rule: [1, 12], expect: at(LON, '2026-03-20T17:00'),
    note: 'US already on DST, UK not: London is 4 h ahead, 16:30 there' },
  { text: 'call at 5pm London time', zone: NY, ref: '2026-03-20T13:05', refDow: 'Fri', locale: 'en-US', rule: [1, 12], expect: at(LON, '2026-03-21T17:00'),
    note: '17:05 in London: passed, so tomorrow there' },
  { text: 'kickoff 8pm ET', zone: LON, ref: '2026-07-01T00:30', locale: 'en-GB', rule: [1, 12], expect: at(NY, '2026-06-30T20:00'),
    note: 'speaker is already on Jul 1, but in ET it is 19:30 Jun 30: next 8pm ET is 30 min away' },
  { text: 'kickoff 8pm ET', zone: LON, ref: '2026-07-01T01:30', locale: 'en-GB', rule: [1, 12], expect: at(NY, '2026-07-01T20:00') },
  { text: 'noon PT works', zone: KOL, ref: '2026-02-10T01:00', locale: 'en-IN', rule: [1, 9, 12], expect: at(LA, '2026-02-09T12:00'),
    note: 'in PT it is still 11:30 on Feb 9' },
  { text: 'meet 7:45am Sydney time', zone: DUB, ref: '2026-01-15T20:50', locale: 'en-IE', rule: [1, 12], expect: at(SYD, '2026-01-17T07:45'),
    note: 'ref is 07:50 Jan 16 in Sydney: passed by 5 minutes' },
);

// ---- Rule 2: hour without am/pm ---------------------------------------------------------------
add(
  { text: 'at 7?', zone: TOR, ref: '2026-05-12T10:00', locale: 'en-CA', rule: [2], expect: at(TOR, '2026-05-12T19:00') },
  { text: 'at 7?', zone: TOR, ref: '2026-05-12T06:00', locale: 'en-CA', rule: [2], expect: at(TOR, '2026-05-12T07:00') },
  { text: 'at 7?', zone: TOR, ref: '2026-05-12T19:30', locale: 'en-CA', rule: [2], expect: at(TOR, '2026-05-13T07:00'), note: '7pm passed: soonest future reading is 7am tomorrow' },
  { text: '5 works', zone: CHI, ref: '2026-09-15T17:01', locale: 'en-US', rule: [2], expect: at(CHI, '2026-09-16T05:00'), note: 'soonest future reading of 5 is 05:00 tomorrow' },
  { text: 'lunch at 12', zone: LON, ref: '2026-06-03T10:00', locale: 'en-GB', rule: [2, 9], expect: at(LON, '2026-06-03T12:00') },
  { text: 'at 12 then', zone: LON, ref: '2026-06-03T13:00', locale: 'en-GB', rule: [2, 9], expect: at(LON, '2026-06-04T00:00'),
    note: 'readings of 12 are noon and midnight; soonest future is the coming midnight' },
  { text: 'at 12 tonight', zone: NY, ref: '2026-06-03T15:00', locale: 'en-US', rule: [2, 8, 9], expect: at(NY, '2026-06-04T00:00'),
    note: 'tonight is 18:00-24:00; the only 12 in it is its end, midnight (noon is not tonight)' },
  { text: 'meeting 14:00', zone: BER, ref: '2026-06-03T10:00', locale: 'en-GB', rule: [1, 2], expect: at(BER, '2026-06-03T14:00'), note: '24-hour clock: one reading' },
  { text: 'meeting 14:00', zone: BER, ref: '2026-06-03T15:00', locale: 'en-GB', rule: [1, 2], expect: at(BER, '2026-06-04T14:00'),
    note: '14:00 has one reading (not 2am); passed, so tomorrow' },
  { text: 'lets do 00:15', zone: AKL, ref: '2026-02-11T23:50', locale: 'en-NZ', rule: [1, 2], expect: at(AKL, '2026-02-12T00:15') },
  { text: 'dinner 9ish', zone: SYD, ref: '2026-07-08T10:00', locale: 'en-AU', rule: [2], expect: at(SYD, '2026-07-08T21:00') },
  { text: 'around 9ish?', zone: SYD, ref: '2026-07-08T08:00', locale: 'en-AU', rule: [2], expect: at(SYD, '2026-07-08T09:00') },
  { text: 'at 11', zone: KOL, ref: '2026-03-18T23:30', locale: 'en-IN', rule: [2], expect: at(KOL, '2026-03-19T11:00') },
  { text: 'how about 1:30', zone: KOL, ref: '2026-03-18T13:00', locale: 'en-IN', rule: [2], expect: at(KOL, '2026-03-18T13:30') },
  { text: 'at 10:15', zone: DUB, ref: '2026-03-18T22:20', locale: 'en-IE', rule: [2], expect: at(DUB, '2026-03-19T10:15') },
  { text: '12:30 ok?', zone: DUB, ref: '2026-03-18T12:45', locale: 'en-IE', rule: [2], expect: at(DUB, '2026-03-19T00:30'), note: '12:30 pm passed; 00:30 is the soonest future reading' },
  { text: 'friday at 7', zone: NY, ref: '2026-04-15T10:00', refDow: 'Wed', locale: 'en-US', rule: [2, 6],
    expect: ask(o(NY, '2026-04-17T07:00', 'Fri'), o(NY, '2026-04-17T19:00', 'Fri')), note: 'explicit date: ask, both readings' },
  { text: 'tomorrow at 8', zone: NY, ref: '2026-04-15T12:00', locale: 'en-US', rule: [2],
    expect: ask(o(NY, '2026-04-16T08:00'), o(NY, '2026-04-16T20:00')), note: 'tomorrow names a date, so the hour is ambiguous' },
  { text: 'june 12 at 6', zone: LA, ref: '2026-05-01T09:00', locale: 'en-US', rule: [2, 5], expect: ask(o(LA, '2026-06-12T06:00'), o(LA, '2026-06-12T18:00')) },
  { text: '12 march at 4', zone: LON, ref: '2026-02-01T09:00', locale: 'en-GB', rule: [2, 5], expect: ask(o(LON, '2026-03-12T04:00'), o(LON, '2026-03-12T16:00')) },
  { text: 'tonight at 8', zone: CHI, ref: '2026-09-15T10:00', locale: 'en-US', rule: [2, 8], expect: at(CHI, '2026-09-15T20:00') },
  { text: 'tomorrow morning at 8', zone: CHI, ref: '2026-09-15T12:00', locale: 'en-US', rule: [2], expect: at(CHI, '2026-09-16T08:00') },
  { text: 'friday evening at 7', zone: MEL, ref: '2026-06-10T09:00', refDow: 'Wed', locale: 'en-AU', rule: [2, 6], expect: at(MEL, '2026-06-12T19:00', 'Fri') },
  { text: '7 in the morning', zone: MEL, ref: '2026-06-10T10:00', locale: 'en-AU', rule: [1, 2], expect: at(MEL, '2026-06-11T07:00'), note: 'morning = am; 7am passed today' },
  { text: 'tomorrow night at 11', zone: VAN, ref: '2026-10-06T12:00', locale: 'en-CA', rule: [2], expect: at(VAN, '2026-10-07T23:00') },
);

// ---- Rule 3: explicit past -------------------------------------------------------------------
add(
  { text: 'it was yesterday 9pm', zone: NY, ref: '2026-04-15T10:00', locale: 'en-US', rule: [3], expect: at(NY, '2026-04-14T21:00') },
  { text: 'posted yesterday at 9pm', zone: NY, ref: '2026-04-15T22:00', locale: 'en-US', rule: [3], expect: at(NY, '2026-04-14T21:00'), note: 'not today 21:00' },
  { text: 'started 2 hours ago', zone: LON, ref: '2026-05-06T14:20', locale: 'en-GB', rule: [3, 11], expect: (r) => atDT(r.minus({ hours: 2 })) },
  { text: 'that was 2 hours ago', zone: NY, ref: '2026-03-08T03:30', locale: 'en-US', rule: [3, 11], expect: at(NY, '2026-03-08T00:30'),
    note: 'elapsed across the spring-forward gap: 03:30 EDT - 2h = 00:30 EST' },
  { text: 'an hour ago', zone: NY, ref: '2026-11-01T01:30-05:00', locale: 'en-US', rule: [3, 11], expect: atIso(fold(NY, '2026-11-01T01:30')[0]),
    note: 'ref is the second 01:30 (EST); an hour earlier is the first 01:30 (EDT)' },
  { text: 'ended 90 minutes ago', zone: BER, ref: '2026-10-25T03:15', locale: 'en-GB', rule: [3, 11], expect: atIso('2026-10-25T02:45:00+02:00'),
    note: 'elapsed across the fall-back fold' },
  { text: 'last friday 8pm', zone: LON, ref: '2026-04-14T10:00', refDow: 'Tue', locale: 'en-GB', rule: [3], expect: at(LON, '2026-04-10T20:00', 'Fri') },
  { text: 'it was last friday at 8pm', zone: LON, ref: '2026-04-13T09:00', refDow: 'Mon', locale: 'en-GB', rule: [3], expect: at(LON, '2026-04-10T20:00', 'Fri') },
  { text: 'last friday 8pm', zone: CHI, ref: '2026-04-16T18:00', refDow: 'Thu', locale: 'en-US', rule: [3], expect: at(CHI, '2026-04-10T20:00', 'Fri') },
  { text: 'last night at 11', zone: TOR, ref: '2026-05-13T09:00', locale: 'en-CA', rule: [2, 3], expect: at(TOR, '2026-05-12T23:00') },
  { text: 'last night at 11', zone: TOR, ref: '2026-05-13T01:00', locale: 'en-CA', rule: [2, 3], expect: at(TOR, '2026-05-12T23:00'), note: 'two hours before ref' },
  { text: 'last night at 10', zone: AKL, ref: '2026-05-13T23:30', locale: 'en-NZ', rule: [2, 3], expect: at(AKL, '2026-05-12T22:00'), note: 'not tonight 22:00' },
  { text: '3 days ago at 5pm', zone: KOL, ref: '2026-04-17T11:00', refDow: 'Fri', locale: 'en-IN', rule: [3], expect: at(KOL, '2026-04-14T17:00', 'Tue') },
  { text: 'yesterday at noon', zone: SYD, ref: '2026-10-05T08:00', locale: 'en-AU', rule: [3, 9], expect: at(SYD, '2026-10-04T12:00'), note: 'yesterday was the DST change day' },
  { text: 'earlier today at 9am', zone: DUB, ref: '2026-09-09T14:00', locale: 'en-IE', rule: [3], expect: at(DUB, '2026-09-09T09:00') },
  { text: 'a week ago', zone: NY, ref: '2026-03-12T10:00', locale: 'en-US', rule: [3, 11], expect: at(NY, '2026-03-05T10:00'), note: 'weeks keep the wall-clock time across DST' },
  { text: 'yesterday 9pm', zone: LON, ref: '2026-03-30T10:00', locale: 'en-GB', rule: [3], expect: at(LON, '2026-03-29T21:00') },
);

// ---- Rules 4-5: dates without time / without year -----------------------------------------------
add(
  { text: 'jan 2', zone: NY, ref: '2026-12-30T15:00', locale: 'en-US', rule: [4, 5], expect: at(NY, '2027-01-02T00:00') },
  { text: 'january 2nd at 3pm', zone: NY, ref: '2026-12-30T15:00', locale: 'en-US', rule: [5], expect: at(NY, '2027-01-02T15:00') },
  { text: 'dec 31', zone: LON, ref: '2026-01-01T10:00', locale: 'en-GB', rule: [4, 5], expect: at(LON, '2026-12-31T00:00') },
  { text: 'dec 30', zone: LON, ref: '2026-12-30T15:00', locale: 'en-GB', rule: [4, 5], expect: at(LON, '2026-12-30T00:00'), note: 'today counts ("on or after today"); local 00:00' },
  { text: 'march 4', zone: CHI, ref: '2026-03-05T09:00', locale: 'en-US', rule: [4, 5], expect: at(CHI, '2027-03-04T00:00'), note: 'passed yesterday: next year' },
  { text: 'march 5', zone: CHI, ref: '2026-03-05T23:59', locale: 'en-US', rule: [4, 5], expect: at(CHI, '2026-03-05T00:00') },
  { text: 'jan 1', zone: NY, ref: '2026-12-31T23:30', locale: 'en-US', rule: [4, 5], expect: at(NY, '2027-01-01T00:00') },
  { text: '2 january', zone: AKL, ref: '2026-01-02T23:00', locale: 'en-NZ', rule: [4, 5], expect: at(AKL, '2026-01-02T00:00') },
  { text: 'feb 29', zone: NY, ref: '2026-05-01T12:00', locale: 'en-US', rule: [4, 5, 19], expect: orAsk(at(NY, '2028-02-29T00:00')),
    note: 'no year: next occurrence of Feb 29 is 2028; never coerced to Feb 28/Mar 1; asking is also safe' },
  { text: '29 feb', zone: LON, ref: '2027-12-01T12:00', locale: 'en-GB', rule: [4, 5], expect: at(LON, '2028-02-29T00:00') },
  { text: 'feb 29 at 10am', zone: NY, ref: '2028-01-10T12:00', locale: 'en-US', rule: [5], expect: at(NY, '2028-02-29T10:00'), note: 'leap year' },
  { text: 'feb 29', zone: NY, ref: '2028-03-01T12:00', locale: 'en-US', rule: [4, 5], expect: orAsk(at(NY, '2032-02-29T00:00')), note: 'next Feb 29 after 2028 is 2032' },
  { text: 'feb 29 2028 at 10am', zone: TOR, ref: '2026-06-01T12:00', locale: 'en-CA', rule: [19], expect: at(TOR, '2028-02-29T10:00'), note: 'a real leap day: not impossible' },
  { text: '3 april', zone: SYD, ref: '2026-04-02T10:00', locale: 'en-AU', rule: [4, 5], expect: at(SYD, '2026-04-03T00:00'), note: 'still AEDT' },
  { text: '6 april', zone: SYD, ref: '2026-04-02T10:00', locale: 'en-AU', rule: [4, 5], expect: at(SYD, '2026-04-06T00:00'), note: 'after DST end: AEST' },
  { text: 'october 4', zone: SYD, ref: '2026-09-20T10:00', locale: 'en-AU', rule: [4, 5], expect: at(SYD, '2026-10-04T00:00'), note: 'DST day; 00:00 exists' },
  { text: '15 march', zone: KOL, ref: '2026-03-01T10:00', locale: 'en-IN', rule: [4, 5], expect: at(KOL, '2026-03-15T00:00') },
  { text: 'november 1', zone: NY, ref: '2026-10-20T10:00', locale: 'en-US', rule: [4, 5], expect: at(NY, '2026-11-01T00:00'), note: 'DST-end day: 00:00 EDT' },
);

// ---- Rule 6: this/next weekday (week = Mon-Sun) -------------------------------------------------
// Week of Mon 2026-04-13 .. Sun 2026-04-19, London (BST)
add(
  { text: 'friday', zone: LON, ref: '2026-04-15T10:00', refDow: 'Wed', locale: 'en-GB', rule: [4, 6], expect: at(LON, '2026-04-17T00:00', 'Fri') },
  { text: 'this friday at 6pm', zone: LON, ref: '2026-04-17T17:00', refDow: 'Fri', locale: 'en-GB', rule: [6], expect: at(LON, '2026-04-17T18:00', 'Fri') },
  { text: 'this friday at 6pm', zone: LON, ref: '2026-04-17T19:00', refDow: 'Fri', locale: 'en-GB', rule: [6], expect: at(LON, '2026-04-24T18:00', 'Fri'), note: "today's time passed: +7" },
  { text: 'wednesday at 9am', zone: NY, ref: '2026-04-15T09:01', refDow: 'Wed', locale: 'en-US', rule: [6], expect: at(NY, '2026-04-22T09:00', 'Wed') },
  { text: 'saturday 2pm', zone: SYD, ref: '2026-04-18T15:00', refDow: 'Sat', locale: 'en-AU', rule: [6], expect: at(SYD, '2026-04-25T14:00', 'Sat') },
  { text: 'this monday', zone: LON, ref: '2026-04-19T12:00', refDow: 'Sun', locale: 'en-GB', rule: [4, 6], expect: at(LON, '2026-04-20T00:00', 'Mon') },
  { text: 'this sunday', zone: LON, ref: '2026-04-13T12:00', refDow: 'Mon', locale: 'en-GB', rule: [4, 6], expect: at(LON, '2026-04-19T00:00', 'Sun') },
  { text: 'this tuesday', zone: CHI, ref: '2026-04-15T12:00', refDow: 'Wed', locale: 'en-US', rule: [4, 6], expect: at(CHI, '2026-04-21T00:00', 'Tue'), note: 'nearest Tuesday today or later' },
  { text: 'next friday', zone: LON, ref: '2026-04-15T10:00', refDow: 'Wed', locale: 'en-GB', rule: [4, 6],
    expect: ask(o(LON, '2026-04-17T00:00', 'Fri'), o(LON, '2026-04-24T00:00', 'Fri')), note: 'first Friday after today is this week: ask, both' },
  { text: 'next monday', zone: LON, ref: '2026-04-15T10:00', refDow: 'Wed', locale: 'en-GB', rule: [4, 6], expect: at(LON, '2026-04-20T00:00', 'Mon') },
  { text: 'next sunday', zone: LON, ref: '2026-04-13T10:00', refDow: 'Mon', locale: 'en-GB', rule: [4, 6],
    expect: ask(o(LON, '2026-04-19T00:00', 'Sun'), o(LON, '2026-04-26T00:00', 'Sun')), note: 'Sunday of this Mon-Sun week: ask' },
  { text: 'next sunday', zone: LON, ref: '2026-04-19T10:00', refDow: 'Sun', locale: 'en-GB', rule: [4, 6], expect: at(LON, '2026-04-26T00:00', 'Sun') },
  { text: 'next monday', zone: AKL, ref: '2026-04-19T21:00', refDow: 'Sun', locale: 'en-NZ', rule: [4, 6], expect: at(AKL, '2026-04-20T00:00', 'Mon'), note: 'tomorrow is already next week' },
  { text: 'next friday', zone: KOL, ref: '2026-04-17T10:00', refDow: 'Fri', locale: 'en-IN', rule: [4, 6], expect: at(KOL, '2026-04-24T00:00', 'Fri') },
  { text: 'next saturday', zone: KOL, ref: '2026-04-17T10:00', refDow: 'Fri', locale: 'en-IN', rule: [4, 6],
    expect: ask(o(KOL, '2026-04-18T00:00', 'Sat'), o(KOL, '2026-04-25T00:00', 'Sat')) },
  { text: 'next wednesday at 3pm', zone: TOR, ref: '2026-04-14T10:00', refDow: 'Tue', locale: 'en-CA', rule: [6],
    expect: ask(o(TOR, '2026-04-15T15:00', 'Wed'), o(TOR, '2026-04-22T15:00', 'Wed')) },
  { text: 'next tuesday at 10am', zone: TOR, ref: '2026-04-15T10:00', refDow: 'Wed', locale: 'en-CA', rule: [6], expect: at(TOR, '2026-04-21T10:00', 'Tue') },
  { text: 'next saturday', zone: DUB, ref: '2026-04-18T10:00', refDow: 'Sat', locale: 'en-IE', rule: [4, 6], expect: at(DUB, '2026-04-25T00:00', 'Sat') },
  { text: 'next friday 6pm', zone: MEL, ref: '2026-04-19T10:00', refDow: 'Sun', locale: 'en-AU', rule: [6], expect: at(MEL, '2026-04-24T18:00', 'Fri') },
  { text: 'next sunday 10am', zone: NY, ref: '2026-03-02T10:00', refDow: 'Mon', locale: 'en-US', rule: [6, 11],
    expect: ask(o(NY, '2026-03-08T10:00', 'Sun'), o(NY, '2026-03-15T10:00', 'Sun')), note: 'both after the US DST change' },
);

// ---- Rule 7: "tomorrow" between midnight and early morning ---------------------------------------
add(
  { text: 'tomorrow at 9am', zone: NY, ref: '2026-04-14T00:05', refDow: 'Tue', locale: 'en-US', rule: [7],
    expect: ask(o(NY, '2026-04-14T09:00'), o(NY, '2026-04-15T09:00')) },
  { text: 'tomorrow 10am?', zone: LON, ref: '2026-04-14T02:30', locale: 'en-GB', rule: [7], expect: ask(o(LON, '2026-04-14T10:00'), o(LON, '2026-04-15T10:00')) },
  { text: 'tomorrow 3pm', zone: SYD, ref: '2026-04-14T04:59', locale: 'en-AU', rule: [7], expect: ask(o(SYD, '2026-04-14T15:00'), o(SYD, '2026-04-15T15:00')),
    note: '04:59 is early morning (05:00 and later left out as unclear)' },
  { text: 'tomorrow', zone: CHI, ref: '2026-04-14T01:15', locale: 'en-US', rule: [4, 7], expect: ask(o(CHI, '2026-04-14T00:00'), o(CHI, '2026-04-15T00:00')) },
  { text: 'tomorrow evening at 7', zone: TOR, ref: '2026-04-14T00:40', locale: 'en-CA', rule: [2, 7], expect: ask(o(TOR, '2026-04-14T19:00'), o(TOR, '2026-04-15T19:00')) },
  { text: 'see you tomorrow at 8pm', zone: SYD, ref: '2026-04-14T03:10', locale: 'en-AU', rule: [7], expect: ask(o(SYD, '2026-04-14T20:00'), o(SYD, '2026-04-15T20:00')) },
  { text: 'tomorrow at noon', zone: KOL, ref: '2026-04-14T01:45', locale: 'en-IN', rule: [7, 9], expect: ask(o(KOL, '2026-04-14T12:00'), o(KOL, '2026-04-15T12:00')) },
  { text: 'tomorrow at 9am', zone: NY, ref: '2026-04-14T09:00', locale: 'en-US', rule: [7], expect: at(NY, '2026-04-15T09:00') },
  { text: 'tomorrow 3pm', zone: SYD, ref: '2026-04-14T23:59', locale: 'en-AU', rule: [7], expect: at(SYD, '2026-04-15T15:00'), note: 'before midnight: plain tomorrow' },
  { text: 'tomorrow at noon', zone: DUB, ref: '2026-04-14T14:00', locale: 'en-IE', rule: [7, 9], expect: at(DUB, '2026-04-15T12:00') },
  { text: 'tomorrow 10am', zone: AKL, ref: '2026-04-14T11:00', locale: 'en-NZ', rule: [7], expect: at(AKL, '2026-04-15T10:00') },
  { text: 'tomorrow 10am', zone: AKL, ref: '2026-04-14T18:00', locale: 'en-NZ', rule: [7], expect: at(AKL, '2026-04-15T10:00') },
  { text: 'tomorrow', zone: LON, ref: '2026-04-14T16:00', locale: 'en-GB', rule: [4, 7], expect: at(LON, '2026-04-15T00:00') },
);

// ---- Rule 8: vague periods ----------------------------------------------------------------------
add(
  { text: 'tonight', zone: CHI, ref: '2026-05-13T10:00', locale: 'en-US', rule: [8], expect: rng(CHI, '2026-05-13T18:00', '2026-05-14T00:00') },
  { text: 'free tonight?', zone: CHI, ref: '2026-05-13T20:00', locale: 'en-US', rule: [8], expect: rng(CHI, '2026-05-13T18:00', '2026-05-14T00:00'), note: 'range as stated even once begun' },
  { text: 'tonight', zone: LON, ref: '2026-05-13T23:45', locale: 'en-GB', rule: [8], expect: rng(LON, '2026-05-13T18:00', '2026-05-14T00:00') },
  { text: 'tonight', zone: NY, ref: '2026-11-01T12:00', locale: 'en-US', rule: [8], expect: rng(NY, '2026-11-01T18:00', '2026-11-02T00:00'), note: 'after the fall-back: EST' },
  { text: 'this weekend', zone: LON, ref: '2026-04-13T10:00', refDow: 'Mon', locale: 'en-GB', rule: [8], expect: rng(LON, '2026-04-18T00:00', '2026-04-20T00:00', 'Sat') },
  { text: 'this weekend', zone: LON, ref: '2026-04-17T23:30', refDow: 'Fri', locale: 'en-GB', rule: [8], expect: rng(LON, '2026-04-18T00:00', '2026-04-20T00:00', 'Sat') },
  { text: 'this weekend', zone: SYD, ref: '2026-04-18T10:00', refDow: 'Sat', locale: 'en-AU', rule: [8], expect: rng(SYD, '2026-04-18T00:00', '2026-04-20T00:00', 'Sat'), note: 'the weekend we are in' },
  { text: 'what are you up to this weekend', zone: SYD, ref: '2026-04-18T23:59', refDow: 'Sat', locale: 'en-AU', rule: [8], expect: rng(SYD, '2026-04-18T00:00', '2026-04-20T00:00', 'Sat') },
  { text: 'this weekend', zone: TOR, ref: '2026-04-19T22:00', refDow: 'Sun', locale: 'en-CA', rule: [8], expect: rng(TOR, '2026-04-18T00:00', '2026-04-20T00:00', 'Sat'),
    note: 'Sunday is still in this weekend (Sat 00:00 - Mon 00:00)' },
  { text: 'this weekend', zone: LON, ref: '2026-10-21T10:00', refDow: 'Wed', locale: 'en-GB', rule: [8], expect: rng(LON, '2026-10-24T00:00', '2026-10-26T00:00', 'Sat'),
    note: 'BST start, GMT end' },
  { text: 'this weekend', zone: NY, ref: '2026-10-29T10:00', refDow: 'Thu', locale: 'en-US', rule: [8], expect: rng(NY, '2026-10-31T00:00', '2026-11-02T00:00', 'Sat') },
  { text: 'this weekend', zone: SYD, ref: '2026-04-02T10:00', refDow: 'Thu', locale: 'en-AU', rule: [8], expect: rng(SYD, '2026-04-04T00:00', '2026-04-06T00:00', 'Sat'),
    note: 'AEDT start, AEST end' },
  { text: 'next week', zone: NY, ref: '2026-04-13T10:00', refDow: 'Mon', locale: 'en-US', rule: [8], expect: rng(NY, '2026-04-20T00:00', '2026-04-27T00:00', 'Mon') },
  { text: 'next week', zone: DUB, ref: '2026-04-19T23:50', refDow: 'Sun', locale: 'en-IE', rule: [8], expect: rng(DUB, '2026-04-20T00:00', '2026-04-27T00:00', 'Mon'), note: 'starts tomorrow' },
  { text: 'next week sometime', zone: KOL, ref: '2026-04-18T10:00', refDow: 'Sat', locale: 'en-IN', rule: [8], expect: rng(KOL, '2026-04-20T00:00', '2026-04-27T00:00', 'Mon') },
  { text: 'next week', zone: NY, ref: '2026-02-24T10:00', refDow: 'Tue', locale: 'en-US', rule: [8], expect: rng(NY, '2026-03-02T00:00', '2026-03-09T00:00', 'Mon'),
    note: 'EST start, EDT end' },
  { text: 'next week', zone: AKL, ref: '2026-09-23T10:00', refDow: 'Wed', locale: 'en-NZ', rule: [8], expect: rng(AKL, '2026-09-28T00:00', '2026-10-05T00:00', 'Mon') },
);

// ---- Rule 9: noon / midnight ------------------------------------------------------------------
add(
  { text: 'noon', zone: NY, ref: '2026-06-02T10:00', locale: 'en-US', rule: [1, 9], expect: at(NY, '2026-06-02T12:00') },
  { text: 'noon?', zone: NY, ref: '2026-06-02T13:00', locale: 'en-US', rule: [1, 9], expect: at(NY, '2026-06-03T12:00') },
  { text: 'at noon', zone: LON, ref: '2026-06-02T11:59', locale: 'en-GB', rule: [1, 9], expect: at(LON, '2026-06-02T12:00') },
  { text: '12 noon', zone: LON, ref: '2026-06-02T13:00', locale: 'en-GB', rule: [1, 9], expect: at(LON, '2026-06-03T12:00') },
  { text: 'midnight', zone: SYD, ref: '2026-06-02T15:00', locale: 'en-AU', rule: [9], expect: at(SYD, '2026-06-03T00:00') },
  { text: 'midnight', zone: SYD, ref: '2026-06-02T00:10', locale: 'en-AU', rule: [9], expect: at(SYD, '2026-06-03T00:00'), note: 'the coming 00:00, not the one 10 minutes ago' },
  { text: 'at midnight', zone: KOL, ref: '2026-06-02T23:59', locale: 'en-IN', rule: [9], expect: at(KOL, '2026-06-03T00:00') },
  { text: '12 midnight', zone: KOL, ref: '2026-06-02T13:00', locale: 'en-IN', rule: [9], expect: at(KOL, '2026-06-03T00:00') },
  { text: 'friday at midnight', zone: CHI, ref: '2026-06-03T10:00', refDow: 'Wed', locale: 'en-US', rule: [6, 9], expect: at(CHI, '2026-06-06T00:00', 'Sat'), note: 'end of Friday' },
  { text: 'midnight tonight', zone: CHI, ref: '2026-06-03T20:00', locale: 'en-US', rule: [8, 9], expect: at(CHI, '2026-06-04T00:00') },
  { text: 'tomorrow at midnight', zone: TOR, ref: '2026-06-01T15:00', refDow: 'Mon', locale: 'en-CA', rule: [9], expect: at(TOR, '2026-06-03T00:00', 'Wed'), note: 'end of tomorrow (Tuesday)' },
  { text: 'tomorrow at noon', zone: TOR, ref: '2026-06-01T15:00', locale: 'en-CA', rule: [9], expect: at(TOR, '2026-06-02T12:00') },
  { text: 'saturday noon', zone: AKL, ref: '2026-06-04T10:00', refDow: 'Thu', locale: 'en-NZ', rule: [6, 9], expect: at(AKL, '2026-06-06T12:00', 'Sat') },
  { text: 'dec 31 at midnight', zone: DUB, ref: '2026-12-01T10:00', locale: 'en-IE', rule: [5, 9], expect: at(DUB, '2027-01-01T00:00'), note: 'end of Dec 31' },
  { text: 'saturday at midnight', zone: NY, ref: '2026-10-29T10:00', refDow: 'Thu', locale: 'en-US', rule: [6, 9], expect: at(NY, '2026-11-01T00:00', 'Sun'),
    note: 'end of Sat Oct 31 = 00:00 EDT, before the 02:00 fall-back' },
  { text: 'deadline is sunday at midnight', zone: LON, ref: '2026-03-25T10:00', refDow: 'Wed', locale: 'en-GB', rule: [6, 9], expect: at(LON, '2026-03-30T00:00', 'Mon'),
    note: 'end of Sun Mar 29 (BST)' },
);

// ---- Rule 10: ranges --------------------------------------------------------------------------
add(
  { text: '8-11pm', zone: NY, ref: '2026-05-20T10:00', locale: 'en-US', rule: [10], expect: rng(NY, '2026-05-20T20:00', '2026-05-20T23:00'), note: 'trailing pm applies to both ends' },
  { text: '11pm-2am', zone: NY, ref: '2026-05-20T10:00', locale: 'en-US', rule: [10], expect: rng(NY, '2026-05-20T23:00', '2026-05-21T02:00') },
  { text: 'party 11pm-2am friday', zone: LON, ref: '2026-05-20T10:00', refDow: 'Wed', locale: 'en-GB', rule: [6, 10], expect: rng(LON, '2026-05-22T23:00', '2026-05-23T02:00', 'Fri') },
  { text: 'friday 8-11pm', zone: LON, ref: '2026-05-20T10:00', refDow: 'Wed', locale: 'en-GB', rule: [6, 10], expect: rng(LON, '2026-05-22T20:00', '2026-05-22T23:00', 'Fri') },
  { text: 'tomorrow 10-2', zone: SYD, ref: '2026-05-20T12:00', locale: 'en-AU', rule: [2, 10], expect: ask(), note: 'explicit date and no am/pm: ask' },
  { text: '9am-5', zone: SYD, ref: '2026-05-20T07:00', locale: 'en-AU', rule: [2, 10], expect: orAsk(rng(SYD, '2026-05-20T09:00', '2026-05-20T17:00')),
    note: 'end 5 has no am/pm: 17:00 is the only reading after the start (05:00 next day would be absurd); asking is also safe' },
  { text: 'noon-3', zone: TOR, ref: '2026-05-20T10:00', locale: 'en-CA', rule: [2, 9, 10], expect: orAsk(rng(TOR, '2026-05-20T12:00', '2026-05-20T15:00')),
    note: 'as 9am-5' },
  { text: '10am-2pm', zone: TOR, ref: '2026-05-20T08:00', locale: 'en-CA', rule: [10], expect: rng(TOR, '2026-05-20T10:00', '2026-05-20T14:00') },
  { text: '10-11:30am', zone: KOL, ref: '2026-05-20T08:00', locale: 'en-IN', rule: [10], expect: rng(KOL, '2026-05-20T10:00', '2026-05-20T11:30') },
  { text: '11:30pm-12:30am', zone: KOL, ref: '2026-05-20T20:00', locale: 'en-IN', rule: [10], expect: rng(KOL, '2026-05-20T23:30', '2026-05-21T00:30') },
  { text: 'tomorrow 9-11am', zone: AKL, ref: '2026-05-20T12:00', locale: 'en-NZ', rule: [10], expect: rng(AKL, '2026-05-21T09:00', '2026-05-21T11:00') },
  { text: '8 to 10 tonight', zone: DUB, ref: '2026-05-20T12:00', locale: 'en-IE', rule: [2, 8, 10], expect: rng(DUB, '2026-05-20T20:00', '2026-05-20T22:00') },
  { text: 'from 7 to 9pm', zone: DUB, ref: '2026-05-20T12:00', locale: 'en-IE', rule: [10], expect: rng(DUB, '2026-05-20T19:00', '2026-05-20T21:00') },
  { text: '8-11pm London time', zone: NY, ref: '2026-03-20T10:00', locale: 'en-US', rule: [10, 12], expect: rng(LON, '2026-03-20T20:00', '2026-03-20T23:00'),
    note: 'one named zone applies to both ends' },
  { text: '10pm-1am PT', zone: NY, ref: '2026-06-10T12:00', locale: 'en-US', rule: [10, 12], expect: rng(LA, '2026-06-10T22:00', '2026-06-11T01:00') },
  { text: '8-11pm ET', zone: BER, ref: '2026-06-10T10:00', locale: 'en-GB', rule: [10, 12], expect: rng(NY, '2026-06-10T20:00', '2026-06-10T23:00') },
  { text: 'sunday 1-3am', zone: NY, ref: '2026-03-05T12:00', refDow: 'Thu', locale: 'en-US', rule: [6, 10, 15], expect: rng(NY, '2026-03-08T01:00', '2026-03-08T03:00', 'Sun'),
    note: 'DST night: both ends exist (01:00 EST, 03:00 EDT); one elapsed hour' },
  { text: 'sunday 1:30-3am', zone: LON, ref: '2026-10-22T12:00', refDow: 'Thu', locale: 'en-GB', rule: [6, 10, 15], expect: ask(...fold(LON, '2026-10-25T01:30', 'Sun')),
    note: 'start 01:30 is in the fold: ask with both start instants' },
);

// ---- Rule 11: elapsed vs wall-clock ---------------------------------------------------------------
add(
  { text: 'in 24 hours', zone: NY, ref: '2026-03-07T12:00', refDow: 'Sat', locale: 'en-US', rule: [11], expect: at(NY, '2026-03-08T13:00'), note: 'elapsed: 13:00 EDT' },
  { text: 'in 1 day', zone: NY, ref: '2026-03-07T12:00', locale: 'en-US', rule: [11], expect: at(NY, '2026-03-08T12:00'), note: 'wall-clock' },
  { text: 'same time tomorrow', zone: NY, ref: '2026-03-07T12:00', locale: 'en-US', rule: [11], expect: at(NY, '2026-03-08T12:00'), note: 'a day: wall-clock time kept' },
  { text: 'in a month', zone: NY, ref: '2026-02-20T09:00', locale: 'en-US', rule: [11], expect: at(NY, '2026-03-20T09:00') },
  { text: 'in 90 minutes', zone: NY, ref: '2026-03-08T01:00', locale: 'en-US', rule: [11], expect: at(NY, '2026-03-08T03:30') },
  { text: 'in 3 hours', zone: NY, ref: '2026-11-01T00:30', locale: 'en-US', rule: [11], expect: at(NY, '2026-11-01T02:30'), note: '00:30 EDT + 3h = 02:30 EST' },
  { text: 'in 2 days', zone: LON, ref: '2026-03-27T18:00', locale: 'en-GB', rule: [11], expect: at(LON, '2026-03-29T18:00') },
  { text: 'in 48 hours', zone: LON, ref: '2026-03-27T18:00', locale: 'en-GB', rule: [11], expect: at(LON, '2026-03-29T19:00') },
  { text: 'in a week', zone: BER, ref: '2026-10-20T09:00', locale: 'en-GB', rule: [11], expect: at(BER, '2026-10-27T09:00') },
  { text: 'in 168 hours', zone: BER, ref: '2026-10-20T09:00', locale: 'en-GB', rule: [11], expect: at(BER, '2026-10-27T08:00') },
  { text: 'in 1 day', zone: NY, ref: '2026-03-07T02:30', locale: 'en-US', rule: [11, 15], expect: ask(gapForward(NY, '2026-03-08T02:30')),
    note: '02:30 tomorrow does not exist: ask, offering the shift-forward reading' },
  { text: 'remind me in 1 day', zone: NY, ref: '2026-10-31T01:30', locale: 'en-US', rule: [11, 15], expect: ask(...fold(NY, '2026-11-01T01:30')), note: 'lands in the fold' },
  { text: 'in 30 seconds', zone: PER, ref: '2026-08-05T09:10:15', locale: 'en-AU', rule: [11], expect: (r) => atDT(r.plus({ seconds: 30 })) },
  { text: 'in 6 months', zone: SYD, ref: '2026-01-15T10:00', locale: 'en-AU', rule: [11], expect: at(SYD, '2026-07-15T10:00') },
  { text: 'in 24 hours', zone: SYD, ref: '2026-04-04T12:00', locale: 'en-AU', rule: [11], expect: at(SYD, '2026-04-05T11:00') },
  { text: 'in 1 day', zone: SYD, ref: '2026-04-04T12:00', locale: 'en-AU', rule: [11], expect: at(SYD, '2026-04-05T12:00') },
  { text: 'in 2 weeks', zone: AKL, ref: '2026-09-20T19:00', locale: 'en-NZ', rule: [11], expect: at(AKL, '2026-10-04T19:00') },
  { text: 'in an hour', zone: LON, ref: '2026-10-25T01:30+01:00', locale: 'en-GB', rule: [11], expect: atIso(fold(LON, '2026-10-25T01:30')[1]),
    note: 'from the first 01:30 (BST), an hour later is the second 01:30 (GMT)' },
  { text: 'in 45 minutes', zone: 'Australia/Lord_Howe', ref: '2026-10-04T01:30', locale: 'en-AU', rule: [11], expect: atIso('2026-10-04T02:45:00+11:00'),
    note: 'half-hour DST jump' },
);

// ---- Rule 12: zone abbreviations and named zones ----------------------------------------------------
add(
  { text: '9pm EST', zone: LON, ref: '2026-10-14T12:00', locale: 'en-GB', rule: [12], expect: at(NY, '2026-10-14T21:00'), note: 'EST in October = Eastern civil time (EDT)' },
  { text: '9pm EST', zone: NY, ref: '2026-01-14T12:00', locale: 'en-US', rule: [12], expect: at(NY, '2026-01-14T21:00') },
  { text: '9pm EDT', zone: NY, ref: '2026-01-14T12:00', locale: 'en-US', rule: [12], expect: at(NY, '2026-01-14T21:00'), note: 'EDT in January = EST' },
  { text: 'webinar 9pm EST', zone: LON, ref: '2026-03-20T12:00', locale: 'en-GB', rule: [12], expect: at(NY, '2026-03-20T21:00'), note: 'US already on EDT' },
  { text: '3pm PST', zone: NY, ref: '2026-07-08T10:00', locale: 'en-US', rule: [12], expect: at(LA, '2026-07-08T15:00') },
  { text: '3pm PDT', zone: NY, ref: '2026-12-08T10:00', locale: 'en-US', rule: [12], expect: at(LA, '2026-12-08T15:00'), note: 'PDT in December = PST' },
  { text: '10am BST', zone: LON, ref: '2026-12-02T08:00', locale: 'en-GB', country: 'GB', rule: [12, 13], expect: at(LON, '2026-12-02T10:00'), note: 'BST in December = UK civil time (GMT)' },
  { text: '2pm CET', zone: NY, ref: '2026-07-08T10:00', locale: 'en-US', rule: [1, 12], expect: at(BER, '2026-07-09T14:00'),
    note: 'CEST civil time; 14:00 in Central Europe already passed (16:00 there)' },
  { text: '2pm CEST', zone: LON, ref: '2026-01-14T09:00', locale: 'en-GB', rule: [12], expect: at(BER, '2026-01-14T14:00') },
  { text: '6pm AEDT', zone: LON, ref: '2026-07-08T02:00', locale: 'en-GB', rule: [12], expect: at(SYD, '2026-07-08T18:00'), note: 'AEDT in July = Sydney civil (AEST)' },
  { text: '3pm ET', zone: DUB, ref: '2026-01-14T10:00', locale: 'en-IE', rule: [12], expect: at(NY, '2026-01-14T15:00') },
  { text: '11am pacific time', zone: NY, ref: '2026-03-10T10:00', locale: 'en-US', rule: [12], expect: at(LA, '2026-03-10T11:00') },
  { text: '8pm UK time', zone: KOL, ref: '2026-06-10T12:00', locale: 'en-IN', rule: [12], expect: at(LON, '2026-06-10T20:00') },
  { text: '5pm sydney time', zone: NY, ref: '2026-06-10T12:00', locale: 'en-US', rule: [1, 12], expect: at(SYD, '2026-06-11T17:00'), note: '02:00 Jun 11 in Sydney' },
  { text: '2pm MST', zone: 'America/Phoenix', ref: '2026-07-08T09:00', locale: 'en-US', country: 'US', rule: [12, 13], expect: at('America/Phoenix', '2026-07-08T14:00'),
    note: 'Arizona keeps MST all year' },
  { text: '2pm MST', zone: 'America/Denver', ref: '2026-07-08T09:00', locale: 'en-US', country: 'US', rule: [12, 13], expect: at('America/Denver', '2026-07-08T14:00'),
    note: 'wrong-season MST in Denver: Mountain civil time (MDT)' },
);

// ---- Rule 13: ambiguous abbreviations ----------------------------------------------------------------
add(
  { text: '3pm IST', zone: NY, ref: '2026-02-10T09:00', locale: 'en-US', rule: [13], expect: ask(), note: 'India / Israel / Irish' },
  { text: '3pm IST', zone: KOL, ref: '2026-02-10T10:00', locale: 'en-IN', country: 'IN', rule: [13], expect: at(KOL, '2026-02-10T15:00') },
  { text: '11am IST tomorrow', zone: KOL, ref: '2026-02-10T10:00', locale: 'en-IN', country: 'IN', rule: [13], expect: at(KOL, '2026-02-11T11:00') },
  { text: '3pm IST', zone: DUB, ref: '2026-07-08T10:00', locale: 'en-IE', country: 'IE', rule: [13], expect: at(DUB, '2026-07-08T15:00'), note: 'Irish Standard Time (+01:00)' },
  { text: '3pm IST', zone: 'Asia/Jerusalem', ref: '2026-01-14T10:00', locale: 'en-US', country: 'IL', rule: [13], expect: at('Asia/Jerusalem', '2026-01-14T15:00') },
  { text: '9am IST', zone: CHI, ref: '2026-02-10T09:00', locale: 'en-US', country: 'US', rule: [13], expect: ask(), note: 'US timeZone/country do not settle IST' },
  { text: '10am CST', zone: CHI, ref: '2026-01-14T08:00', locale: 'en-US', country: 'US', rule: [13], expect: at(CHI, '2026-01-14T10:00') },
  { text: '10am CST', zone: CHI, ref: '2026-07-08T08:00', locale: 'en-US', country: 'US', rule: [12, 13], expect: at(CHI, '2026-07-08T10:00'), note: 'settled to Central; wrong season: CDT' },
  { text: '10am CST', zone: 'Asia/Shanghai', ref: '2026-07-08T08:00', locale: 'en-US', country: 'CN', rule: [13], expect: at('Asia/Shanghai', '2026-07-08T10:00') },
  { text: '10am CST', zone: LON, ref: '2026-01-14T08:00', locale: 'en-GB', country: 'GB', rule: [13], expect: ask(), note: 'UK does not settle CST (Central US / China / Cuba)' },
  { text: '10am CST', zone: SYD, ref: '2026-01-14T08:00', locale: 'en-AU', rule: [13], expect: ask() },
  { text: '4pm AST', zone: 'America/Halifax', ref: '2026-01-14T10:00', locale: 'en-CA', country: 'CA', rule: [13], expect: at('America/Halifax', '2026-01-14T16:00') },
  { text: '4pm AST', zone: 'America/Halifax', ref: '2026-07-08T10:00', locale: 'en-CA', country: 'CA', rule: [12, 13], expect: at('America/Halifax', '2026-07-08T16:00'), note: 'ADT in July' },
  { text: '4pm AST', zone: 'Asia/Riyadh', ref: '2026-07-08T10:00', locale: 'en-US', country: 'SA', rule: [13], expect: at('Asia/Riyadh', '2026-07-08T16:00') },
  { text: '4pm AST', zone: LON, ref: '2026-07-08T10:00', locale: 'en-GB', rule: [13], expect: ask(), note: 'Atlantic / Arabia' },
  { text: '11am CST', zone: 'America/Winnipeg', ref: '2026-01-14T08:00', locale: 'en-CA', country: 'CA', rule: [13], expect: at('America/Winnipeg', '2026-01-14T11:00') },
);

// ---- Rule 14: relative day with a foreign zone on another date ------------------------------------------
add(
  { text: 'tomorrow 9am Tokyo time', zone: LA, ref: '2026-06-10T16:30', locale: 'en-US', rule: [12, 14], expect: ask(o(TYO, '2026-06-11T09:00'), o(TYO, '2026-06-12T09:00')),
    note: "speaker on Jun 10, Tokyo on Jun 11: speaker's tomorrow vs Tokyo's tomorrow" },
  { text: 'tomorrow 9am London time', zone: NY, ref: '2026-06-10T10:00', locale: 'en-US', rule: [12, 14], expect: at(LON, '2026-06-11T09:00'), note: 'same date in both zones' },
  { text: 'tomorrow 5pm sydney time', zone: LON, ref: '2026-06-10T20:00', locale: 'en-GB', rule: [12, 14], expect: ask(o(SYD, '2026-06-11T17:00'), o(SYD, '2026-06-12T17:00')) },
  { text: 'tomorrow 10am ET', zone: BER, ref: '2026-06-11T01:00', locale: 'en-GB', rule: [12, 14], expect: ask(o(NY, '2026-06-12T10:00'), o(NY, '2026-06-11T10:00')) },
  { text: 'tomorrow 10am ET', zone: BER, ref: '2026-06-10T12:00', locale: 'en-GB', rule: [12, 14], expect: at(NY, '2026-06-11T10:00') },
  { text: 'today at 11pm India time', zone: AKL, ref: '2026-01-15T06:00', locale: 'en-NZ', rule: [12, 14], expect: ask(o(KOL, '2026-01-15T23:00'), o(KOL, '2026-01-14T23:00')),
    note: 'India is still on Jan 14 (22:30)' },
  { text: 'tomorrow at 8am PT', zone: SYD, ref: '2026-03-10T09:00', locale: 'en-AU', rule: [12, 14], expect: ask(o(LA, '2026-03-11T08:00'), o(LA, '2026-03-10T08:00')) },
  { text: 'yesterday 9pm Tokyo time', zone: NY, ref: '2026-06-10T20:00', locale: 'en-US', rule: [3, 12, 14], expect: ask(o(TYO, '2026-06-09T21:00'), o(TYO, '2026-06-10T21:00')) },
  { text: 'today 3pm UK time', zone: TOR, ref: '2026-01-14T09:00', locale: 'en-CA', rule: [12, 14], expect: at(LON, '2026-01-14T15:00'), note: 'same date' },
  { text: 'tomorrow at noon singapore time', zone: LON, ref: '2026-01-14T18:00', locale: 'en-GB', rule: [9, 12, 14],
    expect: ask(o('Asia/Singapore', '2026-01-15T12:00'), o('Asia/Singapore', '2026-01-16T12:00')) },
  { text: 'tomorrow 7pm Perth time', zone: SYD, ref: '2026-01-14T10:00', locale: 'en-AU', rule: [12, 14], expect: at(PER, '2026-01-15T19:00'), note: 'same date (07:00 in Perth)' },
  { text: 'tomorrow 7pm Perth time', zone: SYD, ref: '2026-01-15T01:30', locale: 'en-AU', rule: [7, 12, 14], expect: ask(o(PER, '2026-01-15T19:00'), o(PER, '2026-01-16T19:00')),
    note: 'Perth still on Jan 14 (22:30); whichever rule, ask covering both dates' },
);

// ---- Rule 15: DST gaps and folds ------------------------------------------------------------------------
add(
  { text: 'march 8 at 2:30am', zone: NY, ref: '2026-03-01T12:00', locale: 'en-US', rule: [5, 15], expect: ask(gapForward(NY, '2026-03-08T02:30')) },
  { text: 'sunday at 2:30am', zone: NY, ref: '2026-03-05T12:00', refDow: 'Thu', locale: 'en-US', rule: [6, 15], expect: ask(gapForward(NY, '2026-03-08T02:30', 'Sun')) },
  { text: 'march 8 2:30am ET', zone: LON, ref: '2026-03-01T12:00', locale: 'en-GB', rule: [12, 15], expect: ask(gapForward(NY, '2026-03-08T02:30')), note: 'ET is the IANA zone, not a fixed offset' },
  { text: '29 march at 1:30am', zone: LON, ref: '2026-03-20T12:00', locale: 'en-GB', rule: [5, 15], expect: ask(gapForward(LON, '2026-03-29T01:30')) },
  { text: 'march 29 at 2:15am', zone: BER, ref: '2026-03-20T12:00', locale: 'en-GB', rule: [5, 15], expect: ask(gapForward(BER, '2026-03-29T02:15')) },
  { text: '4 october at 2:30am', zone: SYD, ref: '2026-09-20T12:00', locale: 'en-AU', rule: [5, 15], expect: ask(gapForward(SYD, '2026-10-04T02:30')) },
  { text: '27 september 2:30am', zone: AKL, ref: '2026-09-20T12:00', locale: 'en-NZ', rule: [5, 15], expect: ask(gapForward(AKL, '2026-09-27T02:30')) },
  { text: '4 october 2:15am', zone: 'Australia/Lord_Howe', ref: '2026-09-20T12:00', locale: 'en-AU', rule: [5, 15], expect: ask(gapForward('Australia/Lord_Howe', '2026-10-04T02:15')),
    note: 'half-hour gap 02:00-02:30' },
  { text: 'march 8 at 2:30am EST', zone: NY, ref: '2026-03-01T12:00', locale: 'en-US', rule: [12, 15], expect: atIso(fixed('2026-03-08T02:30', '-05:00')), note: 'fixed abbreviation settles the gap' },
  { text: 'march 8 at 2:30am (UTC-5)', zone: NY, ref: '2026-03-01T12:00', locale: 'en-US', rule: [15], expect: atIso(fixed('2026-03-08T02:30', '-05:00')) },
  { text: '29 march 1:30am GMT', zone: LON, ref: '2026-03-20T12:00', locale: 'en-GB', rule: [12, 15], expect: atIso(fixed('2026-03-29T01:30', '+00:00')) },
  { text: 'nov 1 at 1:30am', zone: NY, ref: '2026-10-20T12:00', locale: 'en-US', rule: [5, 15], expect: ask(...fold(NY, '2026-11-01T01:30')) },
  { text: '1:30am', zone: NY, ref: '2026-10-31T23:00', locale: 'en-US', rule: [1, 15], expect: ask(...fold(NY, '2026-11-01T01:30')),
    note: 'the next 1:30am is in the fold: rule 15 asks with both instants' },
  { text: 'tomorrow at 1:30am', zone: TOR, ref: '2026-10-31T12:00', locale: 'en-CA', rule: [15], expect: ask(...fold(TOR, '2026-11-01T01:30')) },
  { text: '25 october at 1:30am', zone: LON, ref: '2026-10-20T12:00', locale: 'en-GB', rule: [5, 15], expect: ask(...fold(LON, '2026-10-25T01:30')) },
  { text: 'oct 25 2:30am', zone: BER, ref: '2026-10-20T12:00', locale: 'en-GB', rule: [5, 15], expect: ask(...fold(BER, '2026-10-25T02:30')) },
  { text: '5 april 2:30am', zone: SYD, ref: '2026-03-25T12:00', locale: 'en-AU', rule: [5, 15], expect: ask(...fold(SYD, '2026-04-05T02:30')) },
  { text: 'april 5 at 1:45am', zone: 'Australia/Lord_Howe', ref: '2026-03-25T12:00', locale: 'en-AU', rule: [5, 15], expect: ask(...fold('Australia/Lord_Howe', '2026-04-05T01:45')),
    note: 'half-hour fold (+11:00 / +10:30)' },
  { text: 'nov 1 at 1:30am EST', zone: NY, ref: '2026-10-20T12:00', locale: 'en-US', rule: [12, 15], expect: atIso(fixed('2026-11-01T01:30', '-05:00')) },
  { text: 'nov 1 at 1:30am EDT', zone: NY, ref: '2026-10-20T12:00', locale: 'en-US', rule: [12, 15], expect: atIso(fixed('2026-11-01T01:30', '-04:00')) },
  { text: '25 oct 1:30am BST', zone: LON, ref: '2026-10-20T12:00', locale: 'en-GB', rule: [12, 15], expect: atIso(fixed('2026-10-25T01:30', '+01:00')) },
  { text: '5 april 2:30am AEDT', zone: SYD, ref: '2026-03-25T12:00', locale: 'en-AU', rule: [12, 15], expect: atIso(fixed('2026-04-05T02:30', '+11:00')) },
  { text: '5 april 2:30am AEST', zone: SYD, ref: '2026-03-25T12:00', locale: 'en-AU', rule: [12, 15], expect: atIso(fixed('2026-04-05T02:30', '+10:00')) },
);

// ---- Rule 16: holidays ----------------------------------------------------------------------------------
type H = { text: string; zone: string; ref: string; country: string; sub?: string; date: string; name: RegExp; locale: string; note?: string; time?: string };
const hol = (h: H): Spec => {
  holiday(h.country, h.sub, h.date, h.name);
  return {
    text: h.text, zone: h.zone, ref: h.ref, locale: h.locale, country: h.country, subdivision: h.sub, rule: h.time ? [16] : [4, 16], note: h.note,
    expect: at(h.zone, `${h.date}T${h.time ?? '00:00'}`),
  };
};
add(
  hol({ text: 'thanksgiving', zone: NY, ref: '2026-10-20T10:00', country: 'US', date: '2026-11-26', name: /Thanksgiving/, locale: 'en-US' }),
  hol({ text: 'thanksgiving', zone: TOR, ref: '2026-10-20T10:00', country: 'CA', sub: 'ON', date: '2027-10-11', name: /Thanksgiving/, locale: 'en-CA',
    note: 'Canadian Thanksgiving (Oct 12 2026) has passed: next year' }),
  hol({ text: 'thanksgiving', zone: TOR, ref: '2026-09-01T10:00', country: 'CA', sub: 'ON', date: '2026-10-12', name: /Thanksgiving/, locale: 'en-CA' }),
  hol({ text: 'thanksgiving at 3pm', zone: CHI, ref: '2026-11-01T10:00', country: 'US', date: '2026-11-26', name: /Thanksgiving/, locale: 'en-US', time: '15:00' }),
  hol({ text: 'memorial day', zone: NY, ref: '2026-05-26T10:00', country: 'US', date: '2027-05-31', name: /Memorial/, locale: 'en-US', note: 'passed yesterday' }),
  hol({ text: 'labour day', zone: MEL, ref: '2026-01-10T10:00', country: 'AU', sub: 'VIC', date: '2026-03-09', name: /Labour Day/, locale: 'en-AU' }),
  hol({ text: 'labour day', zone: SYD, ref: '2026-01-10T10:00', country: 'AU', sub: 'NSW', date: '2026-10-05', name: /Labour Day/, locale: 'en-AU' }),
  hol({ text: 'labour day', zone: BNE, ref: '2026-01-10T10:00', country: 'AU', sub: 'QLD', date: '2026-05-04', name: /Labour Day/, locale: 'en-AU' }),
  hol({ text: 'labour day', zone: AKL, ref: '2026-01-10T10:00', country: 'NZ', date: '2026-10-26', name: /Labour Day/, locale: 'en-NZ' }),
  hol({ text: 'independence day', zone: NY, ref: '2026-01-10T10:00', country: 'US', date: '2026-07-04', name: /^Independence Day$/, locale: 'en-US' }),
  hol({ text: 'independence day', zone: KOL, ref: '2026-01-10T10:00', country: 'IN', date: '2026-08-15', name: /Independence Day/, locale: 'en-IN' }),
  hol({ text: 'republic day', zone: KOL, ref: '2026-01-27T10:00', country: 'IN', date: '2027-01-26', name: /Republic Day/, locale: 'en-IN' }),
  hol({ text: 'australia day', zone: SYD, ref: '2026-01-27T10:00', country: 'AU', sub: 'NSW', date: '2027-01-26', name: /Australia Day/, locale: 'en-AU' }),
  hol({ text: 'waitangi day', zone: AKL, ref: '2026-02-07T10:00', country: 'NZ', date: '2027-02-06', name: /Waitangi/, locale: 'en-NZ' }),
  hol({ text: "st patrick's day", zone: DUB, ref: '2026-03-18T10:00', country: 'IE', date: '2027-03-17', name: /Patrick/, locale: 'en-IE' }),
  hol({ text: 'good friday', zone: LON, ref: '2026-04-04T10:00', country: 'GB', sub: 'ENG', date: '2027-03-26', name: /Good Friday/, locale: 'en-GB' }),
  hol({ text: 'summer bank holiday', zone: LON, ref: '2026-07-01T10:00', country: 'GB', sub: 'ENG', date: '2026-08-31', name: /Summer bank holiday/i, locale: 'en-GB' }),
  hol({ text: 'summer bank holiday', zone: LON, ref: '2026-07-01T10:00', country: 'GB', sub: 'SCT', date: '2026-08-03', name: /Summer bank holiday/i, locale: 'en-GB',
    note: 'Scotland: first Monday of August' }),
  hol({ text: 'victoria day', zone: TOR, ref: '2026-05-01T10:00', country: 'CA', sub: 'ON', date: '2026-05-18', name: /Victoria Day/, locale: 'en-CA' }),
  hol({ text: "king's birthday", zone: AKL, ref: '2026-05-20T10:00', country: 'NZ', date: '2026-06-01', name: /King's Birthday/, locale: 'en-NZ' }),
  hol({ text: "king's birthday", zone: BNE, ref: '2026-05-20T10:00', country: 'AU', sub: 'QLD', date: '2026-10-05', name: /King's Birthday/, locale: 'en-AU',
    note: 'Queensland: October' }),
  hol({ text: 'christmas day', zone: LON, ref: '2026-12-26T10:00', country: 'GB', sub: 'ENG', date: '2027-12-25', name: /Christmas Day/, locale: 'en-GB' }),
);

// ---- Rule 17: month-relative expressions -------------------------------------------------------------------
add(
  { text: 'end of month', zone: NY, ref: '2026-02-10T10:00', locale: 'en-US', rule: [4, 17], expect: orAsk(at(NY, '2026-02-28T00:00')),
    note: 'read as the last day of the month (a date: 00:00); asking is also safe' },
  { text: 'end of the month at 5pm', zone: NY, ref: '2026-02-10T10:00', locale: 'en-US', rule: [17], expect: at(NY, '2026-02-28T17:00') },
  { text: 'end of the month at 5pm', zone: LON, ref: '2028-02-10T10:00', locale: 'en-GB', rule: [17], expect: at(LON, '2028-02-29T17:00'), note: 'leap February' },
  { text: 'by end of month 6pm', zone: SYD, ref: '2026-04-29T10:00', locale: 'en-AU', rule: [17], expect: at(SYD, '2026-04-30T18:00') },
  { text: 'last friday of the month', zone: LON, ref: '2026-03-10T10:00', locale: 'en-GB', rule: [4, 17], expect: at(LON, '2026-03-27T00:00', 'Fri') },
  { text: 'last friday of the month', zone: LON, ref: '2026-03-30T10:00', refDow: 'Mon', locale: 'en-GB', rule: [4, 17], expect: orAsk(at(LON, '2026-03-27T00:00', 'Fri')),
    note: '"as stated": the last Friday of this month, though it has passed; asking is also safe' },
  { text: 'last friday of the month at 6pm', zone: TOR, ref: '2026-01-05T10:00', locale: 'en-CA', rule: [17], expect: at(TOR, '2026-01-30T18:00', 'Fri') },
  { text: 'last friday of the month at 6pm', zone: TOR, ref: '2026-01-30T10:00', refDow: 'Fri', locale: 'en-CA', rule: [17], expect: at(TOR, '2026-01-30T18:00', 'Fri') },
  { text: 'first saturday of november', zone: NY, ref: '2026-09-01T10:00', locale: 'en-US', rule: [4, 5, 17], expect: at(NY, '2026-11-07T00:00', 'Sat') },
  { text: 'first saturday of november', zone: NY, ref: '2026-11-02T10:00', locale: 'en-US', rule: [4, 5, 17], expect: at(NY, '2026-11-07T00:00', 'Sat') },
  { text: 'first saturday of november', zone: NY, ref: '2026-11-10T10:00', locale: 'en-US', rule: [4, 5, 17], expect: orAsk(at(NY, '2027-11-06T00:00', 'Sat')),
    note: 'no year: next occurrence (rule 5) is 2027; asking is also safe' },
  { text: 'last sunday of october', zone: LON, ref: '2026-10-01T10:00', locale: 'en-GB', rule: [4, 5, 17], expect: at(LON, '2026-10-25T00:00', 'Sun'), note: 'the fall-back day; 00:00 is BST' },
  { text: 'second tuesday of march at 7pm', zone: NY, ref: '2026-02-10T10:00', locale: 'en-US', rule: [5, 17], expect: at(NY, '2026-03-10T19:00', 'Tue') },
  { text: 'last monday of may', zone: KOL, ref: '2026-05-01T10:00', locale: 'en-IN', rule: [4, 5, 17], expect: at(KOL, '2026-05-25T00:00', 'Mon') },
  { text: 'first monday of next month', zone: AKL, ref: '2026-03-15T10:00', locale: 'en-NZ', rule: [4, 17], expect: at(AKL, '2026-04-06T00:00', 'Mon') },
  { text: 'first friday of the month at 5pm', zone: DUB, ref: '2026-05-01T09:00', refDow: 'Fri', locale: 'en-IE', rule: [17], expect: at(DUB, '2026-05-01T17:00', 'Fri') },
);

// ---- Rule 18: no time expression ----------------------------------------------------------------------------
const np = (text: string, zone: string, locale: string, note?: string): Spec => ({ text, zone, ref: '2026-04-14T11:00', locale, rule: [18], expect: NOPLAN, note });
add(
  np('call me on 555-867-5309', NY, 'en-US', 'phone number'),
  np('we won 3-2 lol', LON, 'en-GB', 'score'),
  np('final score 21-14', CHI, 'en-US', 'score'),
  np('final score 2:1 to us', DUB, 'en-IE', 'score'),
  np('update to version 2.10', SYD, 'en-AU', 'version'),
  np('running node 20.11 now', TOR, 'en-CA', 'version'),
  np('iOS 17.4 broke it', AKL, 'en-NZ', 'version'),
  np('EST', NY, 'en-US', 'zone alone'),
  np("I'm on PT", LA, 'en-US', 'zone alone'),
  np('what is that in Tokyo time?', LON, 'en-GB', 'zone alone'),
  np('UTC+2', BER, 'en-GB', 'zone alone'),
  np('room 1130', KOL, 'en-IN'),
  np('it cost $12.30', NY, 'en-US', 'price'),
  np('sounds good 👍', SYD, 'en-AU'),
  np('thanks mate', LON, 'en-GB'),
  np('I rated it 4.5 out of 5', KOL, 'en-IN'),
);

// ---- Rule 19: impossible values ------------------------------------------------------------------------------
const imp = (text: string, zone: string, locale: string, ref = '2026-01-14T11:00', rule = [19], note?: string): Spec => ({ text, zone, ref, locale, rule, expect: NOPLAN_OR_ASK, note });
add(
  imp('feb 30', NY, 'en-US'),
  imp('30 feb at 6pm', LON, 'en-GB'),
  imp('meet at 25:00', BER, 'en-GB'),
  imp('13pm', SYD, 'en-AU'),
  imp('tomorrow at 13pm', SYD, 'en-AU'),
  imp('june 31 at 5pm', CHI, 'en-US'),
  imp('31 april', DUB, 'en-IE'),
  imp('at 24:30', AKL, 'en-NZ'),
  imp('12:75pm', TOR, 'en-CA'),
  imp('at 10:60', KOL, 'en-IN'),
  imp('32nd of may', LON, 'en-GB'),
  imp('feb 29 2026', NY, 'en-US', '2026-01-14T11:00', [4, 19], '2026 is not a leap year'),
  imp('29 feb 2027 at 10am', LON, 'en-GB', '2026-01-14T11:00', [19]),
  imp('monday march 3', NY, 'en-US', '2026-01-14T11:00', [19], 'Mar 3 2026 is a Tuesday: contradictory, never coerced'),
  imp('thursday 14 march', LON, 'en-GB', '2026-01-14T11:00', [19], 'Mar 14 2026 is a Saturday'),
);
add(
  { text: 'tuesday march 3', zone: NY, ref: '2026-01-14T11:00', locale: 'en-US', rule: [4, 5], expect: at(NY, '2026-03-03T00:00', 'Tue'), note: 'weekday agrees' },
  { text: 'saturday 14 march at 7pm', zone: LON, ref: '2026-01-14T11:00', locale: 'en-GB', rule: [5], expect: at(LON, '2026-03-14T19:00', 'Sat') },
  { text: 'friday 13 november', zone: DUB, ref: '2026-01-14T11:00', locale: 'en-IE', rule: [4, 5], expect: at(DUB, '2026-11-13T00:00', 'Fri') },
);

// ---- Rule 20: several times -------------------------------------------------------------------------------------
add(
  { text: '3pm or 4pm?', zone: NY, ref: '2026-04-14T10:00', locale: 'en-US', rule: [20], expect: ask(o(NY, '2026-04-14T15:00'), o(NY, '2026-04-14T16:00')) },
  { text: 'either 7:30pm or 8pm works', zone: LON, ref: '2026-04-14T10:00', locale: 'en-GB', rule: [20], expect: ask(o(LON, '2026-04-14T19:30'), o(LON, '2026-04-14T20:00')) },
  { text: "8pm, or 9pm if that's easier", zone: SYD, ref: '2026-04-14T10:00', locale: 'en-AU', rule: [20], expect: ask(o(SYD, '2026-04-14T20:00'), o(SYD, '2026-04-14T21:00')) },
  { text: 'saturday or sunday at noon', zone: TOR, ref: '2026-04-14T10:00', refDow: 'Tue', locale: 'en-CA', rule: [6, 9, 20],
    expect: ask(o(TOR, '2026-04-18T12:00', 'Sat'), o(TOR, '2026-04-19T12:00', 'Sun')) },
  { text: 'tuesday or wednesday at 10am', zone: KOL, ref: '2026-04-16T10:00', refDow: 'Thu', locale: 'en-IN', rule: [6, 20],
    expect: ask(o(KOL, '2026-04-21T10:00', 'Tue'), o(KOL, '2026-04-22T10:00', 'Wed')) },
  { text: 'meeting moved from 2pm to 4pm', zone: NY, ref: '2026-04-14T10:00', locale: 'en-US', rule: [20], expect: at(NY, '2026-04-14T16:00'), note: 'the new time is the event' },
  { text: 'not 6pm, 7pm', zone: AKL, ref: '2026-04-14T10:00', locale: 'en-NZ', rule: [20], expect: at(AKL, '2026-04-14T19:00') },
  { text: 'was 6pm, now 7pm', zone: DUB, ref: '2026-04-14T10:00', locale: 'en-IE', rule: [20], expect: at(DUB, '2026-04-14T19:00') },
  { text: "can't do 3pm, let's do 5pm", zone: CHI, ref: '2026-04-14T10:00', locale: 'en-US', rule: [20], expect: at(CHI, '2026-04-14T17:00') },
  { text: 'moving it from thursday to friday 6pm', zone: LON, ref: '2026-04-14T10:00', refDow: 'Tue', locale: 'en-GB', rule: [6, 20], expect: at(LON, '2026-04-17T18:00', 'Fri') },
  { text: 'tomorrow at 3pm, sorry I meant 4pm', zone: MEL, ref: '2026-04-14T10:00', locale: 'en-AU', rule: [20], expect: at(MEL, '2026-04-15T16:00'), note: 'correction: 4pm is the event, same day' },
  { text: 'either 6pm friday or 11am saturday', zone: VAN, ref: '2026-04-14T10:00', refDow: 'Tue', locale: 'en-CA', rule: [6, 20],
    expect: ask(o(VAN, '2026-04-17T18:00', 'Fri'), o(VAN, '2026-04-18T11:00', 'Sat')) },
);

// ---- Rule 21: day/month order --------------------------------------------------------------------------------------
const dm = (text: string, zone: string, locale: string, expect: Exp, note?: string, ref = '2026-01-10T10:00', rule = [4, 5, 21]): Spec => ({ text, zone, ref, locale, rule, expect, note });
add(
  dm('3/4', LON, 'en-GB', at(LON, '2026-04-03T00:00'), 'day first'),
  dm('3/4', NY, 'en-US', at(NY, '2026-03-04T00:00'), 'month first'),
  dm('3/4', SYD, 'en-AU', at(SYD, '2026-04-03T00:00')),
  dm('3/4', AKL, 'en-NZ', at(AKL, '2026-04-03T00:00')),
  dm('3/4', DUB, 'en-IE', at(DUB, '2026-04-03T00:00')),
  dm('3/4', KOL, 'en-IN', at(KOL, '2026-04-03T00:00')),
  dm('3/4', TOR, 'en-CA', ask(), 'en-CA uses both orders: the locale does not decide; ask'),
  dm('13/4', NY, 'en-US', NOPLAN_OR_ASK, 'month 13 in a month-first locale: never coerced', undefined, [19, 21]),
  dm('4/13', LON, 'en-GB', NOPLAN_OR_ASK, 'month 13 in a day-first locale', undefined, [19, 21]),
  dm('12/25 at 6pm', CHI, 'en-US', at(CHI, '2026-12-25T18:00'), undefined, undefined, [5, 21]),
  dm('25/12 at 6pm', LON, 'en-GB', at(LON, '2026-12-25T18:00'), undefined, undefined, [5, 21]),
  dm('03/04/2026 at 9am', LON, 'en-GB', at(LON, '2026-04-03T09:00'), undefined, undefined, [21]),
  dm('03/04/2026 at 9am', NY, 'en-US', at(NY, '2026-03-04T09:00'), undefined, undefined, [21]),
  dm('5/6', KOL, 'en-IN', at(KOL, '2026-06-05T00:00')),
  dm('10/11 at 7pm', MEL, 'en-AU', at(MEL, '2026-11-10T19:00'), undefined, undefined, [5, 21]),
  dm('2026-04-03', NY, 'en-US', at(NY, '2026-04-03T00:00'), 'ISO: no order question', undefined, [4, 21]),
  dm('3/4', NY, 'en-US', at(NY, '2027-03-04T00:00'), 'Mar 4 passed yesterday', '2026-03-05T10:00'),
  dm('4/3', LON, 'en-GB', at(LON, '2027-03-04T00:00'), '4 March passed yesterday', '2026-03-05T10:00'),
);

// ---------------------------------------------------------------------------------------------
// Build

const lines: string[] = [];
S.forEach((s, n) => {
  const ref = HAS_OFFSET.test(s.ref) ? DateTime.fromISO(s.ref, { setZone: true }).setZone(s.zone) : W(s.zone, s.ref);
  if (!ref.isValid) throw new Error(`bad ref ${s.ref}`);
  if (HAS_OFFSET.test(s.ref) && instantsOf(s.zone, ref.toFormat("yyyy-MM-dd'T'HH:mm:ss")).every((x) => x.toMillis() !== ref.toMillis()))
    throw new Error(`ref ${s.ref} is not a real instant in ${s.zone}`);
  checkDow(ref, s.refDow, `ref of "${s.text}"`);
  const expect = typeof s.expect === 'function' ? s.expect(ref) : s.expect;
  const input: Record<string, string> = { text: s.text, timeZone: s.zone, referenceInstant: iso(ref) };
  if (s.locale) input.locale = s.locale;
  if (s.country) input.country = s.country;
  if (s.subdivision) input.subdivision = s.subdivision;
  const c: Record<string, unknown> = { id: `e-${String(n + 1).padStart(3, '0')}`, input, expect, rule: s.rule };
  if (s.note) c.note = s.note;
  lines.push(JSON.stringify(c));
});

const out = join(dirname(fileURLToPath(import.meta.url)), 'time-phrases-8.jsonl');
writeFileSync(out, lines.join('\n') + '\n');
console.log(`wrote ${lines.length} cases to ${out}`);
