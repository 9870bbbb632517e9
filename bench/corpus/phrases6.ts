/**
 * Generator for bench/corpus/time-phrases-6.jsonl — an independent evaluation corpus for the
 * natural-language time parser, written from the interpretation rules in
 * ../shared/contract/decisions.md §5 and the request/result shapes of digest §2.9 only.
 *
 *   node --import tsx bench/corpus/phrases6.ts
 *
 * Every expected instant is computed here with luxon from a wall-clock time in an IANA zone.
 * W() refuses wall times that fall in a DST gap or fold unless the case says which reading it
 * means ('earlier' / 'later' for a fold, 'shift' for the gap's shift-forward reading = the wall
 * time read with the offset in force before the change), and checks any weekday the message
 * states.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';

// ---------------------------------------------------------------------------------------------
// Zones

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const CHI = 'America/Chicago';
const TOR = 'America/Toronto';
const VAN = 'America/Vancouver';
const HAL = 'America/Halifax';
const MEX = 'America/Mexico_City';
const SAO = 'America/Sao_Paulo';
const LON = 'Europe/London';
const DUB = 'Europe/Dublin';
const LIS = 'Europe/Lisbon';
const BER = 'Europe/Berlin';
const PAR = 'Europe/Paris';
const MAD = 'Europe/Madrid';
const JNB = 'Africa/Johannesburg';
const KOL = 'Asia/Kolkata';
const SHA = 'Asia/Shanghai';
const TYO = 'Asia/Tokyo';
const SYD = 'Australia/Sydney';
const PER = 'Australia/Perth';
const AKL = 'Pacific/Auckland';
const UTC = 'UTC';

// ---------------------------------------------------------------------------------------------
// Wall-clock → instant

type Pick = 'earlier' | 'later' | 'shift';

function naiveOf(wall: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d)(?::(\d\d))?$/.exec(wall);
  if (!m) throw new Error(`bad wall time ${wall}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const naive = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(naive);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) throw new Error(`impossible date ${wall}`);
  return naive;
}

function zoneOf(name: string): IANAZone {
  const z = IANAZone.create(name);
  if (!z.isValid) throw new Error(`bad zone ${name}`);
  return z;
}

/** All instants whose local wall time in `zone` is `wall` (0 = gap, 2 = fold). */
function instantsFor(zone: string, wall: string): number[] {
  const z = zoneOf(zone);
  const naive = naiveOf(wall);
  const offsets = new Set<number>();
  for (let k = -48; k <= 48; k += 3) offsets.add(z.offset(naive + k * 3600e3));
  const out = new Set<number>();
  for (const o of offsets) {
    const ts = naive - o * 60e3;
    if (z.offset(ts) === o) out.add(ts);
  }
  return [...out].sort((a, b) => a - b);
}

const isoAt = (ts: number, zone: string) => DateTime.fromMillis(ts, { zone }).toISO({ suppressMilliseconds: true })!;

/** The instant of a wall time in a zone, as ISO 8601 with the zone's offset. */
function W(zone: string, wall: string, wd?: string, pick?: Pick): string {
  const c = instantsFor(zone, wall);
  let ts: number;
  let out: string;
  if (c.length === 1) {
    if (pick) throw new Error(`${zone} ${wall} is neither gap nor fold (pick ${pick})`);
    ts = c[0];
    out = isoAt(ts, zone);
  } else if (c.length === 2) {
    if (pick !== 'earlier' && pick !== 'later') throw new Error(`${zone} ${wall} is in a DST fold; say which`);
    ts = pick === 'earlier' ? c[0] : c[1];
    out = isoAt(ts, zone);
  } else if (c.length === 0) {
    if (pick !== 'shift') throw new Error(`${zone} ${wall} is in a DST gap; say 'shift'`);
    const naive = naiveOf(wall);
    const before = zoneOf(zone).offset(naive - 24 * 3600e3);
    ts = naive - before * 60e3;
    out = DateTime.fromMillis(ts, { zone: FixedOffsetZone.instance(before) }).toISO({ suppressMilliseconds: true })!;
  } else throw new Error(`${zone} ${wall}: ${c.length} instants?`);
  if (wd) {
    const day = DateTime.fromMillis(ts, { zone }).toFormat('ccc').toLowerCase();
    const local = wall.slice(0, 10);
    const dayOfWall = DateTime.fromISO(local, { zone: 'UTC' }).toFormat('ccc').toLowerCase();
    if (day !== wd.slice(0, 3).toLowerCase() && dayOfWall !== wd.slice(0, 3).toLowerCase())
      throw new Error(`${zone} ${wall} is a ${dayOfWall}, not ${wd}`);
  }
  return out;
}

const ms = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();
/** Elapsed-time shift of an ISO instant, shown in `zone`. */
const E = (iso: string, zone: string, d: { h?: number; m?: number; s?: number }) =>
  isoAt(ms(iso) + ((d.h ?? 0) * 3600 + (d.m ?? 0) * 60 + (d.s ?? 0)) * 1000, zone);

// ---------------------------------------------------------------------------------------------
// Expectations

type Expect =
  | { status: 'resolved'; at: string }
  | { status: 'resolved'; start: string; end: string }
  | { status: 'needs_clarification'; options: string[] }
  | { status: 'no_plan'; alsoAccept?: string[] };

const AT = (at: string): Expect => ({ status: 'resolved', at });
const RANGE = (start: string, end: string): Expect => ({ status: 'resolved', start, end });
const ASK = (...options: string[]): Expect => ({ status: 'needs_clarification', options });
const NONE = (): Expect => ({ status: 'no_plan' });
/** Rule 19: "no_plan or ask". */
const NONE19 = (): Expect => ({ status: 'no_plan', alsoAccept: ['needs_clarification'] });

interface Ctx {
  tz: string;
  /** wall time in tz ('yyyy-MM-dd HH:mm') or an ISO instant with offset */
  ref: string;
  loc?: string;
  cc?: string;
  sub?: string;
}

interface Case {
  id: string;
  input: { text: string; timeZone: string; referenceInstant: string; locale?: string; country?: string; subdivision?: string };
  expect: Expect;
  rule: number[];
  note?: string;
}

const cases: Case[] = [];

function c(text: string, ctx: Ctx, expect: Expect, rule: number[], note?: string) {
  const refIso = ctx.ref.includes('T') ? ctx.ref : W(ctx.tz, ctx.ref);
  if (!DateTime.fromISO(refIso, { setZone: true }).isValid) throw new Error(`bad ref ${ctx.ref}`);
  const id = `d-${String(cases.length + 1).padStart(3, '0')}`;
  // sanity: future-looking answers must not precede the reference instant (rule 3 is past by design)
  if (expect.status === 'resolved' && !rule.includes(3)) {
    const first = 'at' in expect ? expect.at : expect.start;
    if (ms(first) < ms(refIso)) throw new Error(`${id} "${text}": answer ${first} is before the reference ${refIso}`);
  }
  if (expect.status === 'resolved' && 'start' in expect && ms(expect.end) <= ms(expect.start)) throw new Error(`${id}: range end not after start`);
  const input: Case['input'] = { text, timeZone: ctx.tz, referenceInstant: refIso };
  if (ctx.loc) input.locale = ctx.loc;
  if (ctx.cc) input.country = ctx.cc;
  if (ctx.sub) input.subdivision = ctx.sub;
  const k: Case = { id, input, expect, rule };
  if (note) k.note = note;
  cases.push(k);
}

// Context shorthands
const us = (ref: string, tz = NY, cc?: string): Ctx => ({ tz, ref, loc: 'en-US', cc });
const gb = (ref: string, tz = LON, cc?: string): Ctx => ({ tz, ref, loc: 'en-GB', cc });
const au = (ref: string, tz = SYD, cc?: string): Ctx => ({ tz, ref, loc: 'en-AU', cc });
const ca = (ref: string, tz = TOR, cc?: string): Ctx => ({ tz, ref, loc: 'en-CA', cc });
const ind = (ref: string, tz = KOL, cc?: string): Ctx => ({ tz, ref, loc: 'en-IN', cc });
const nz = (ref: string, tz = AKL, cc?: string): Ctx => ({ tz, ref, loc: 'en-NZ', cc });
const ie = (ref: string, tz = DUB, cc?: string): Ctx => ({ tz, ref, loc: 'en-IE', cc });
const za = (ref: string, tz = JNB, cc?: string): Ctx => ({ tz, ref, loc: 'en-ZA', cc });
const de = (ref: string, tz = BER): Ctx => ({ tz, ref, loc: 'de-DE' });
const fr = (ref: string, tz = PAR): Ctx => ({ tz, ref, loc: 'fr-FR' });
const es = (ref: string, tz = MAD, loc = 'es-ES'): Ctx => ({ tz, ref, loc });
const pt = (ref: string, tz = SAO, loc = 'pt-BR'): Ctx => ({ tz, ref, loc });
const ja = (ref: string, tz = TYO): Ctx => ({ tz, ref, loc: 'ja-JP' });

const OPEN_ASK = 'the rule says ask but names no required alternatives, so options are left empty';

// 2026 anchors: Mon 12 Jan, Tue 13, Wed 14, Thu 15, Fri 16, Sat 17, Sun 18, Mon 19 …

// =============================================================================================
// Rule 1 — a bare time is its next occurrence; with a zone named, the next occurrence there
// =============================================================================================

c('gm! world hop at 10pm, bring snacks', us('2026-01-14 09:12'), AT(W(NY, '2026-01-14 22:00')), [1]);
c('hangout at 7pm in the usual world', us('2026-01-14 20:30'), AT(W(NY, '2026-01-15 19:00')), [1], '7pm already passed today, so tomorrow');
c('meetup 11:45pm, same instance as last time', gb('2026-02-03 23:50'), AT(W(LON, '2026-02-04 23:45')), [1]);
c('10pm PST for the west coast crew', us('2026-01-14 21:00'), AT(W(LA, '2026-01-14 22:00')), [1], '21:00 EST is 18:00 PST: 22:00 PST is still ahead today');
c('come thru 8pm UK time', us('2026-02-10 13:30', LA), AT(W(LON, '2026-02-11 20:00')), [1, 12], 'it is already 21:30 in the UK, so the next UK 20:00 is tomorrow there');
c('9pm JST for the APAC crowd', gb('2026-06-03 15:00', BER), AT(W(TYO, '2026-06-04 21:00')), [1], '15:00 CEST = 22:00 JST, so 21:00 JST has passed in Tokyo');
c('set starts 20:00 CET', gb('2026-01-20 19:30'), AT(W(BER, '2026-01-21 20:00')), [1], '19:30 GMT = 20:30 CET: next 20:00 CET is tomorrow');
c('quiz at 8.30pm in the pub world', nz('2026-07-08 12:00'), AT(W(AKL, '2026-07-08 20:30')), [1]);
c('in game at 21:00', ie('2026-08-12 21:30'), AT(W(DUB, '2026-08-13 21:00')), [1]);
c('12:15am drop, stay up', us('2026-01-14 23:00'), AT(W(NY, '2026-01-15 00:15')), [1]);
c('boss fight 1am', us('2026-01-17 00:20'), AT(W(NY, '2026-01-17 01:00')), [1], 'said just after midnight: 01:00 today is still ahead');
c('vrc meetup 7pm PT', ca('2026-11-05 22:30'), AT(W(LA, '2026-11-06 19:00')), [1, 12], '22:30 EST = 19:30 PST, so 19:00 PT has passed there');
c('doors @ 7:30p', us('2026-04-22 12:00'), AT(W(NY, '2026-04-22 19:30')), [1]);
c('/remind 8pm raid prep', us('2026-05-05 08:00', LA), AT(W(LA, '2026-05-05 20:00')), [1]);
c('at 3am', us('2026-03-08T01:30:00-05:00'), AT(W(NY, '2026-03-08 03:00')), [1], 'US spring-forward day: 03:00 EDT exists and is 30 minutes away');
c('braai world opens at 6pm', za('2026-09-24 09:00'), AT(W(JNB, '2026-09-24 18:00')), [1]);
c('ffa at 5:45pm', ca('2026-12-31 18:00', VAN), AT(W(VAN, '2027-01-01 17:45')), [1], 'year end');
c('gonna start at 1am', us('2026-12-31 22:00'), AT(W(NY, '2027-01-01 01:00')), [1], 'year end');
c('3pm ET works for the US folks', gb('2026-07-15 10:00'), AT(W(NY, '2026-07-15 15:00')), [1, 12]);
c('11am Tokyo time', us('2026-04-20 16:00', LA), AT(W(TYO, '2026-04-21 11:00')), [1, 12], '16:00 PDT = 08:00 JST next day; next 11:00 in Tokyo is in 3 hours');
c('9pm Sydney time', gb('2026-10-10 09:00'), AT(W(SYD, '2026-10-10 21:00')), [1, 12], 'Sydney already on AEDT (+11) since 4 Oct');
c('stream at 9 pm IST', ind('2026-05-12 18:00', KOL, 'IN'), AT(W(KOL, '2026-05-12 21:00')), [1, 13], 'IST settled by timeZone Asia/Kolkata and country IN');
c('tomorrow 8pm', us('2026-04-30 21:00'), AT(W(NY, '2026-05-01 20:00')), [1, 4], 'month end');
c('tomorrow 9pm', gb('2028-02-28 18:00'), AT(W(LON, '2028-02-29 21:00')), [1, 4], 'leap day');
c('tomorrow 19:00, bring your mic', za('2026-06-10 09:00'), AT(W(JNB, '2026-06-11 19:00')), [1, 4]);

// =============================================================================================
// Rule 2 — hour without am/pm: soonest future reading without a date; ask on an explicit date
// =============================================================================================

c('raid at 9', us('2026-01-14 10:00'), AT(W(NY, '2026-01-14 21:00')), [2]);
c('raid at 9', us('2026-01-14 08:15'), AT(W(NY, '2026-01-14 09:00')), [2]);
c('raid at 9 then', us('2026-01-14 22:40'), AT(W(NY, '2026-01-15 09:00')), [2], 'both readings today have passed; the soonest future one is 09:00 tomorrow');
c('we start at 8 tonight', us('2026-01-14 15:00'), AT(W(NY, '2026-01-14 20:00')), [2], 'tonight means pm');
c('tomorrow morning at 10 for the photo walk', gb('2026-01-14 14:00'), AT(W(LON, '2026-01-15 10:00')), [2], 'morning means am');
c('sat evening around 7?', au('2026-02-11 12:00'), AT(W(SYD, '2026-02-14 19:00', 'sat')), [2, 6], 'evening means pm; "around" taken as the stated time');
c('tonight at 11', nz('2026-06-15 13:00'), AT(W(AKL, '2026-06-15 23:00')), [2]);
c('tmrw night at 10', us('2026-01-14 12:00'), AT(W(NY, '2026-01-15 22:00')), [2], 'night means pm');
c('this evening at 6:30', ie('2026-03-10 11:00'), AT(W(DUB, '2026-03-10 18:30')), [2]);
c('wed morning 9:30 standup in vr lol', us('2026-01-12 14:00'), AT(W(NY, '2026-01-14 09:30', 'wed')), [2, 6]);
c('at 5 PT', us('2026-01-14 10:00'), AT(W(LA, '2026-01-14 17:00')), [1, 2], '07:00 PST now: 05:00 PT passed, 17:00 PT is the soonest');
c('is 8 CET good for everyone?', gb('2026-01-14 16:00'), AT(W(BER, '2026-01-14 20:00')), [1, 2], '17:00 CET now: 20:00 CET is the soonest 8');
c('ok so raid is fri 9 est, dont be late', us('2026-01-14 12:00'), ASK(), [2], 'interpretation: a weekday names a date, so "9" without am/pm on it is ambiguous; ' + OPEN_ASK);
c('Jan 24 at 8 for the gallery opening', us('2026-01-14 12:00'), ASK(), [2], OPEN_ASK);
c('tomorrow at 7 then', us('2026-01-14 14:00', LA), ASK(), [2], 'interpretation: "tomorrow" names a date; ' + OPEN_ASK);
c('sunday 3, world tbd', ca('2026-01-14 12:00'), ASK(), [2, 6], 'interpretation: a weekday names a date; ' + OPEN_ASK);
c('sat 9:30 meetup', gb('2026-01-14 12:00'), ASK(), [2], 'interpretation: 9:30 without am/pm on a weekday; ' + OPEN_ASK);
c('6/12 at 8, dress code formal', gb('2026-05-20 12:00'), ASK(), [2, 21], 'explicit date (6 Dec, en-GB) with an hour and no am/pm; ' + OPEN_ASK);

// =============================================================================================
// Rule 3 — explicit past as stated
// =============================================================================================

c('party was last night at 11, best one yet', us('2026-01-17 10:00'), AT(W(NY, '2026-01-16 23:00')), [3], 'night means pm');
c('yesterday 9pm was wild ngl', gb('2026-02-18 13:00'), AT(W(LON, '2026-02-17 21:00')), [3]);
c('the server crashed 2 hours ago', us('2026-03-08T04:30:00-04:00'), AT(E('2026-03-08T04:30:00-04:00', NY, { h: -2 })), [3, 11], 'elapsed across spring-forward: 01:30 EST');
c('missed it, it ended 45 min ago', au('2026-07-01 22:10'), AT(W(SYD, '2026-07-01 21:25')), [3, 11]);
c('we met up 3 days ago at 8pm', us('2026-03-10 12:00'), AT(W(NY, '2026-03-07 20:00')), [3, 11], 'days keep the wall clock across DST');
c('last friday 8pm was packed', us('2026-01-14 12:00'), AT(W(NY, '2026-01-09 20:00', 'fri')), [3]);
c('yesterday at noon the instance died', gb('2026-05-06 09:00'), AT(W(LON, '2026-05-05 12:00')), [3, 9]);
c('an hour ago someone crashed the world', ca('2026-09-10 15:20'), AT(W(TOR, '2026-09-10 14:20')), [3, 11]);
c('we were live 30 mins ago, vod is up', ind('2026-05-12 18:00'), AT(W(KOL, '2026-05-12 17:30')), [3, 11]);
c('was there yesterday, the map is huge', nz('2026-02-10 15:00'), AT(W(AKL, '2026-02-09 00:00')), [3, 4]);

// =============================================================================================
// Rule 4 — date without time: local 00:00
// =============================================================================================

c('patch 1.4.2 drops tomorrow', us('2026-04-14 15:00'), AT(W(NY, '2026-04-15 00:00')), [4, 18], 'the version is not a time; tomorrow is a date');
c('festival is on 2026-07-18, save the date', us('2026-06-01 10:00', LA), AT(W(LA, '2026-07-18 00:00')), [4]);
c('Sat 21 March, be there', gb('2026-03-02 12:00'), AT(W(LON, '2026-03-21 00:00', 'sat')), [4, 5, 21]);
c('march 3rd is the reveal', us('2026-02-10 12:00'), AT(W(NY, '2026-03-03 00:00')), [4, 5]);
c('tomorrow then!', us('2026-12-31 15:00'), AT(W(NY, '2027-01-01 00:00')), [4], 'year end');
c('tomorrow works for me', gb('2028-02-28 18:00'), AT(W(LON, '2028-02-29 00:00')), [4], 'leap day');
c("tomorrow's the big day", au('2028-02-29 12:00'), AT(W(SYD, '2028-03-01 00:00')), [4], 'said on a leap day');
c('the day after tomorrow', us('2026-01-14 12:00'), AT(W(NY, '2026-01-16 00:00')), [4]);
c("see y'all on the 14th!", us('2026-05-20 12:00'), AT(W(NY, '2026-06-14 00:00')), [4, 5], 'interpretation: a day of month alone takes its next occurrence');
c('update drops on friday', us('2026-01-14 12:00'), AT(W(NY, '2026-01-16 00:00', 'fri')), [4, 6]);

// =============================================================================================
// Rule 5 — date without year: next occurrence on or after today
// =============================================================================================

c('dec 6 is the anniversary meetup', us('2026-12-10 12:00'), AT(W(NY, '2027-12-06 00:00')), [4, 5]);
c('jan 2 8pm kickoff', us('2026-12-28 12:00'), AT(W(NY, '2027-01-02 20:00')), [5]);
c('march 8 9pm', us('2026-03-08 15:00'), AT(W(NY, '2026-03-08 21:00')), [5], 'today counts; US spring-forward day');
c('feb 29 at 8pm, leap day party', gb('2027-11-10 12:00'), AT(W(LON, '2028-02-29 20:00')), [5], 'the next Feb 29 on or after today is in 2028');
c('feb 29 8pm', gb('2028-02-10 12:00'), AT(W(LON, '2028-02-29 20:00')), [5]);
c('oct 31 costume party 8pm', us('2026-10-31 10:00'), AT(W(NY, '2026-10-31 20:00')), [5]);
c('on the 1st of jan, 7pm', gb('2026-12-20 12:00'), AT(W(LON, '2027-01-01 19:00')), [5]);
c('3/14 8pm pi day meetup', us('2026-03-20 12:00'), AT(W(NY, '2027-03-14 20:00')), [5, 21], 'already past this year; 14 Mar 2027 is the US spring-forward day, 20:00 is EDT');

// =============================================================================================
// Rule 6 — weekdays; "next <weekday>"
// =============================================================================================

c('friday 9pm', us('2026-01-16 22:00'), AT(W(NY, '2026-01-23 21:00', 'fri')), [6], "today's 9pm has passed: +7");
c('friday 9pm', us('2026-01-16 18:00'), AT(W(NY, '2026-01-16 21:00', 'fri')), [6]);
c('wednesday 8pm', us('2026-01-14 10:00'), AT(W(NY, '2026-01-14 20:00', 'wed')), [6]);
c('tues 7pm', us('2026-01-13 19:30'), AT(W(NY, '2026-01-20 19:00', 'tue')), [6]);
c('this sat 8pm', ca('2026-01-17 12:00'), AT(W(TOR, '2026-01-17 20:00', 'sat')), [6]);
c('this friday 10pm', us('2026-11-02 12:00', LA), AT(W(LA, '2026-11-06 22:00', 'fri')), [6]);
c('session 2 of 3 tuesday 6pm', us('2026-01-14 12:00'), AT(W(NY, '2026-01-20 18:00', 'tue')), [6, 18], '"2 of 3" is not a time');
c('2v2 tourney sat 3pm pst', us('2026-07-09 12:00'), AT(W(LA, '2026-07-11 15:00', 'sat')), [6, 12], 'PST in July: Pacific civil time (PDT)');
c('next tuesday 6pm', us('2026-01-15 12:00'), AT(W(NY, '2026-01-20 18:00', 'tue')), [6], 'Thu: the first Tuesday after today is in next week');
c('next wed 9pm', us('2026-01-14 12:00'), AT(W(NY, '2026-01-21 21:00', 'wed')), [6]);
c('next monday 7pm', gb('2026-01-18 14:00'), AT(W(LON, '2026-01-19 19:00', 'mon')), [6], 'said on Sunday: tomorrow is already next week');
c('next thursday 7:30pm', ie('2026-02-12 12:00'), AT(W(DUB, '2026-02-19 19:30', 'thu')), [6]);
c('next fri 9pm', ind('2026-01-17 12:00'), AT(W(KOL, '2026-01-23 21:00', 'fri')), [6], 'Sat: the first Friday after today is in next week');
c('next friday 8pm', us('2026-01-12 12:00'), ASK(W(NY, '2026-01-16 20:00', 'fri'), W(NY, '2026-01-23 20:00', 'fri')), [6], 'Mon: first Friday after today is this week → ask, offering both');
c('next sunday 5pm', us('2026-01-17 12:00'), ASK(W(NY, '2026-01-18 17:00', 'sun'), W(NY, '2026-01-25 17:00', 'sun')), [6], 'Sat: tomorrow is still this (Mon–Sun) week');
c('next saturday 3pm', au('2026-02-03 12:00'), ASK(W(SYD, '2026-02-07 15:00', 'sat'), W(SYD, '2026-02-14 15:00', 'sat')), [6]);
c('next sunday 8pm', nz('2026-03-30 12:00'), ASK(W(AKL, '2026-04-05 20:00', 'sun'), W(AKL, '2026-04-12 20:00', 'sun')), [6], 'NZ DST ends 5 Apr 03:00; 20:00 is +12');

// =============================================================================================
// Rule 7 — "tomorrow" between midnight and early morning asks
// =============================================================================================

c('tmrw 9pm raid', us('2026-01-17 00:40'), ASK(), [7], OPEN_ASK);
c('see u tomorrow at 8pm', gb('2026-02-04 01:30'), ASK(), [7], OPEN_ASK);
c('tomorrow then', ca('2026-05-09 00:10'), ASK(), [4, 7], OPEN_ASK);
c('tomorrow 3pm works', au('2026-08-20 02:15'), ASK(), [7], OPEN_ASK);
c('tmr 7:30pm?', ind('2026-09-03 01:05'), ASK(), [7], OPEN_ASK);
c('tomorrow 10am dungeon run', us('2027-01-01 00:20', LA), ASK(), [7], 'just after midnight on New Year; ' + OPEN_ASK);

// =============================================================================================
// Rule 8 — vague periods are ranges
// =============================================================================================

c('anyone on tonight?', us('2026-01-14 14:00'), RANGE(W(NY, '2026-01-14 18:00'), W(NY, '2026-01-15 00:00')), [8]);
c('movie night tonight in the cinema world', gb('2026-02-10 11:00'), RANGE(W(LON, '2026-02-10 18:00'), W(LON, '2026-02-11 00:00')), [8]);
c('costume party tonight!!', us('2026-10-31 12:00'), RANGE(W(NY, '2026-10-31 18:00'), W(NY, '2026-11-01 00:00')), [8]);
c('tonight?', za('2026-06-10 09:00'), RANGE(W(JNB, '2026-06-10 18:00'), W(JNB, '2026-06-11 00:00')), [8]);
c('whats everyone doing this weekend', us('2026-01-14 12:00'), RANGE(W(NY, '2026-01-17 00:00', 'sat'), W(NY, '2026-01-19 00:00', 'mon')), [8]);
c('this weekend, details tba', gb('2026-10-22 12:00'), RANGE(W(LON, '2026-10-24 00:00', 'sat'), W(LON, '2026-10-26 00:00', 'mon')), [8], 'clocks go back inside the range');
c('next week sometime?', us('2026-01-14 12:00'), RANGE(W(NY, '2026-01-19 00:00', 'mon'), W(NY, '2026-01-26 00:00', 'mon')), [8]);
c('next week', us('2026-03-01 12:00'), RANGE(W(NY, '2026-03-02 00:00', 'mon'), W(NY, '2026-03-09 00:00', 'mon')), [8], 'spring-forward inside the range');
c('next week then', au('2026-04-03 12:00'), RANGE(W(SYD, '2026-04-06 00:00', 'mon'), W(SYD, '2026-04-13 00:00', 'mon')), [8], 'Sydney DST ended 5 Apr');
c('gonna be on next week', ind('2026-01-18 20:00'), RANGE(W(KOL, '2026-01-19 00:00', 'mon'), W(KOL, '2026-01-26 00:00', 'mon')), [8], 'said on Sunday');
c('next week, after the holidays', us('2026-12-30 12:00'), RANGE(W(NY, '2027-01-04 00:00', 'mon'), W(NY, '2027-01-11 00:00', 'mon')), [8], 'year end');

// =============================================================================================
// Rule 9 — noon and midnight
// =============================================================================================

c('meet at noon', us('2026-01-14 09:00'), AT(W(NY, '2026-01-14 12:00')), [9]);
c('noon tomorrow', gb('2026-01-14 15:00'), AT(W(LON, '2026-01-15 12:00')), [9]);
c('stream ends at midnight', us('2026-01-13 15:00'), AT(W(NY, '2026-01-14 00:00')), [9]);
c('ok midnight it is', us('2026-01-14 00:30'), AT(W(NY, '2026-01-15 00:00')), [9], 'the coming 00:00');
c('friday at midnight', us('2026-01-14 12:00'), AT(W(NY, '2026-01-17 00:00')), [6, 9], 'end of Friday');
c('sat at midnight', au('2026-02-11 12:00'), AT(W(SYD, '2026-02-15 00:00')), [6, 9], 'end of Saturday');
c('tomorrow at midnight', us('2026-01-14 12:00'), AT(W(NY, '2026-01-16 00:00')), [9], 'end of tomorrow');
c('march 7 at midnight', us('2026-02-20 12:00'), AT(W(NY, '2026-03-08 00:00')), [9], 'end of 7 March (EST; the change is at 02:00)');
c('12am', us('2026-01-14 22:00'), AT(W(NY, '2026-01-15 00:00')), [1, 9]);
c('12pm', gb('2026-01-14 13:00'), AT(W(LON, '2026-01-15 12:00')), [1, 9]);
c('noon PT', gb('2026-06-10 22:00'), AT(W(LA, '2026-06-11 12:00')), [1, 9, 12], '22:00 BST = 14:00 PDT');
c('midnight UTC', us('2026-01-14 21:00'), AT(W(UTC, '2026-01-16 00:00')), [1, 9], '21:00 EST = 02:00 UTC: the coming 00:00 UTC is the next one');

// =============================================================================================
// Rule 10 — ranges
// =============================================================================================

c('9-11pm tonight', us('2026-01-14 14:00'), RANGE(W(NY, '2026-01-14 21:00'), W(NY, '2026-01-14 23:00')), [10]);
c('from 9 to 11pm', us('2026-01-14 12:00'), RANGE(W(NY, '2026-01-14 21:00'), W(NY, '2026-01-14 23:00')), [10], 'trailing pm applies to both ends');
c('fri 10pm-2am', us('2026-01-14 12:00'), RANGE(W(NY, '2026-01-16 22:00', 'fri'), W(NY, '2026-01-17 02:00')), [10]);
c('sat 8pm-12am', us('2026-01-14 12:00'), RANGE(W(NY, '2026-01-17 20:00', 'sat'), W(NY, '2026-01-18 00:00')), [10]);
c('10:30pm–12:30am', us('2026-01-14 12:00'), RANGE(W(NY, '2026-01-14 22:30'), W(NY, '2026-01-15 00:30')), [10]);
c('tomorrow 7-9pm EST', gb('2026-01-14 12:00'), RANGE(W(NY, '2026-01-15 19:00'), W(NY, '2026-01-15 21:00')), [10, 14], 'same calendar date in London and New York at the reference');
c('sat 11pm–1am PT', us('2026-01-14 12:00'), RANGE(W(LA, '2026-01-17 23:00', 'sat'), W(LA, '2026-01-18 01:00')), [10]);
c('sat 20:00-23:30 CET', gb('2026-01-14 12:00'), RANGE(W(BER, '2026-01-17 20:00', 'sat'), W(BER, '2026-01-17 23:30')), [10]);
c('sat 10pm–3am, halloween rave', us('2026-10-29 12:00'), RANGE(W(NY, '2026-10-31 22:00', 'sat'), W(NY, '2026-11-01 03:00')), [10, 11], 'end is the stated clock time, after fall-back');
c('sat 11pm-3am', gb('2026-03-26 12:00'), RANGE(W(LON, '2026-03-28 23:00', 'sat'), W(LON, '2026-03-29 03:00')), [10], 'end after the clocks go forward');
c('9pm-1am EST', us('2026-10-14 12:00'), RANGE(W(NY, '2026-10-14 21:00'), W(NY, '2026-10-15 01:00')), [10, 12], 'EST in October = Eastern civil time (EDT) for both ends');
c('thu 7:30-10pm', au('2026-05-11 12:00', PER), RANGE(W(PER, '2026-05-14 19:30', 'thu'), W(PER, '2026-05-14 22:00')), [10]);
c('tonight 9pm-midnight', nz('2026-05-05 12:00'), RANGE(W(AKL, '2026-05-05 21:00'), W(AKL, '2026-05-06 00:00')), [10, 9]);
c('6-8pm', ca('2026-06-03 09:00'), RANGE(W(TOR, '2026-06-03 18:00'), W(TOR, '2026-06-03 20:00')), [10]);

// =============================================================================================
// Rule 11 — elapsed vs wall-clock units
// =============================================================================================

{
  const r1 = W(NY, '2026-01-14 17:00');
  c("we're live in 2 hrs", us(r1), AT(E(r1, NY, { h: 2 })), [11]);
  const r2 = W(LON, '2026-02-07 19:15');
  c('reminder!! karaoke starts in 45 mins', gb(r2), AT(E(r2, LON, { m: 45 })), [11]);
  const r3 = W(NY, '2026-03-07 23:30');
  c('in 3 hours', us(r3), AT(E(r3, NY, { h: 3 })), [11], 'elapsed across spring-forward: 03:30 EDT');
  const r4 = W(NY, '2026-11-01 00:30');
  c('in 2 hours', us(r4), AT(E(r4, NY, { h: 2 })), [11], 'elapsed across fall-back: the second 01:30 (EST)');
  const r5 = W(NY, '2026-03-07 20:00');
  c('in 1 day', us(r5), AT(W(NY, '2026-03-08 20:00')), [11], 'days keep the wall clock');
  c('in 24 hours', us(r5), AT(E(r5, NY, { h: 24 })), [11], 'hours are elapsed: 21:00 EDT');
  c('in 2 days', gb('2026-10-24 18:00'), AT(W(LON, '2026-10-26 18:00')), [11]);
  c('in a week', gb('2026-03-25 21:00', BER), AT(W(BER, '2026-04-01 21:00')), [11]);
  c('in 1 month', au('2026-03-15 20:00'), AT(W(SYD, '2026-04-15 20:00')), [11], 'months keep the wall clock (+11 → +10)');
  const r10 = '2026-03-29T00:45:00+00:00';
  c('in 90 minutes', gb(r10), AT(E(r10, LON, { m: 90 })), [11], 'elapsed across EU spring-forward: 03:15 BST');
  c('in 2 weeks', nz('2026-03-30 19:00'), AT(W(AKL, '2026-04-13 19:00')), [11]);
  const r14 = W(KOL, '2026-05-12 23:30');
  c('!remindme in 2 hours check the instance', ind(r14), AT(E(r14, KOL, { h: 2 })), [11]);
  const r15 = '2026-03-08T01:30:00-05:00';
  c('in 1 hour', us(r15), AT(E(r15, NY, { h: 1 })), [11], 'spring-forward: 03:30 EDT');
  const r16 = '2026-11-01T01:10:00-05:00';
  c('in 30 min', us(r16), AT(E(r16, NY, { m: 30 })), [11], 'reference is the second 01:10 (EST)');
  const r17 = W(SYD, '2026-04-05 01:00');
  c('in 2 hours', au(r17), AT(E(r17, SYD, { h: 2 })), [11], 'Sydney fall-back: the second 02:00 (+10)');
  const r18 = W(AKL, '2026-09-27 01:30');
  c('in 1 hour', nz(r18), AT(E(r18, AKL, { h: 1 })), [11], 'Auckland spring-forward: 03:30 +13');
  const r19 = W(NY, '2026-01-31 23:30');
  c('in 1 hour', us(r19), AT(E(r19, NY, { h: 1 })), [11], 'month end');
}

// =============================================================================================
// Rule 12 — abbreviations: wrong season = civil time; ET/PT/"X time" are IANA zones
// =============================================================================================

c('9pm EST', us('2026-10-14 12:00'), AT(W(NY, '2026-10-14 21:00')), [12], 'EST in October = 21:00 EDT');
c('10pm PDT', us('2026-01-14 12:00'), AT(W(LA, '2026-01-14 22:00')), [12], 'PDT in January = 22:00 PST');
c('20:00 CEST', gb('2026-12-02 12:00'), AT(W(BER, '2026-12-02 20:00')), [12], 'CEST in December = 20:00 CET');
c('9pm EDT', ca('2026-02-05 12:00'), AT(W(TOR, '2026-02-05 21:00')), [12]);
c('fri 8pm PST', gb('2026-06-16 12:00'), AT(W(LA, '2026-06-19 20:00', 'fri')), [6, 12]);
c('7pm ET', au('2026-01-14 10:00'), AT(W(NY, '2026-01-13 19:00')), [1, 12], '10:00 AEDT = 18:00 EST the previous day: next 19:00 ET is in an hour');
c('9pm CET', us('2026-07-08 10:00'), AT(W(BER, '2026-07-08 21:00')), [12], 'CET in July = 21:00 CEST');
c('8pm EST', us('2026-08-05 12:00', LA), AT(W(NY, '2026-08-05 20:00')), [12]);

// =============================================================================================
// Rule 13 — ambiguous abbreviations
// =============================================================================================

c('9pm CST', gb('2026-01-14 12:00', BER), ASK(), [13], OPEN_ASK);
c('9pm CST', us('2026-01-14 12:00', CHI, 'US'), AT(W(CHI, '2026-01-14 21:00')), [13], 'settled by America/Chicago + US');
c('8pm IST', us('2026-01-14 12:00'), ASK(), [13], OPEN_ASK);
c('6pm IST', us('2026-01-14 12:00', LA, 'US'), ASK(), [13], 'LA + US does not settle IST; ' + OPEN_ASK);
c('7pm AST', ca('2026-02-10 12:00', HAL, 'CA'), AT(W(HAL, '2026-02-10 19:00')), [13], 'settled by America/Halifax + CA');
c('7pm AST', gb('2026-02-10 12:00'), ASK(), [13], OPEN_ASK);
c('IST 9pm', ie('2026-07-15 12:00', DUB, 'IE'), AT(W(DUB, '2026-07-15 21:00')), [13], 'Irish Standard Time, settled by Europe/Dublin + IE');
c('10pm CST', { tz: SHA, ref: '2026-03-03 12:00', cc: 'CN' }, AT(W(SHA, '2026-03-03 22:00')), [13], 'China Standard Time, settled by Asia/Shanghai + CN');
c('sat 8pm CST', au('2026-01-14 12:00'), ASK(), [13], OPEN_ASK);
c('IST 7:30pm tmrw', ind('2026-09-02 14:00', KOL, 'IN'), AT(W(KOL, '2026-09-03 19:30')), [13]);

// =============================================================================================
// Rule 14 — relative day + foreign zone with a different calendar date
// =============================================================================================

c('tomorrow 8pm ET', { tz: TYO, ref: '2026-02-10 09:00', loc: 'en-US' }, ASK(W(NY, '2026-02-11 20:00'), W(NY, '2026-02-10 20:00')), [14], 'Tokyo Feb 10 vs New York Feb 9');
c('tmrw 9am UK time', us('2026-06-10 18:00', LA), ASK(W(LON, '2026-06-11 09:00'), W(LON, '2026-06-12 09:00')), [14], 'LA Jun 10 vs UK Jun 11');
c('tonight 9pm PT', au('2026-08-14 08:00'), ASK(W(LA, '2026-08-14 21:00'), W(LA, '2026-08-13 21:00')), [14], 'Sydney Aug 14 vs LA Aug 13');
c('tomorrow 8pm CET', us('2026-01-14 21:00'), ASK(W(BER, '2026-01-15 20:00'), W(BER, '2026-01-16 20:00')), [14], 'NY Jan 14 vs Berlin Jan 15');
c('today 8pm UK time', nz('2026-05-20 10:00'), ASK(W(LON, '2026-05-20 20:00'), W(LON, '2026-05-19 20:00')), [14], 'Auckland May 20 vs UK May 19; the rule asks with both readings');
c('tomorrow 6pm JST', us('2026-03-03 20:00', LA), ASK(W(TYO, '2026-03-04 18:00'), W(TYO, '2026-03-05 18:00')), [14], 'LA Mar 3 vs Tokyo Mar 4');
c('tmrw 9am UK time', us('2026-01-14 14:00'), AT(W(LON, '2026-01-15 09:00')), [14], 'same date in NY and UK: no question');
c('tomorrow 7pm EST', ind('2026-01-14 20:00'), AT(W(NY, '2026-01-15 19:00')), [14], 'same date in Kolkata and NY (09:30 EST)');
c('tonight 9pm Tokyo time', gb('2026-03-03 08:00'), AT(W(TYO, '2026-03-03 21:00')), [12, 14], 'same date in London and Tokyo');

// =============================================================================================
// Rule 15 — DST gaps and folds
// =============================================================================================

c('tomorrow 2:30am', us('2026-03-07 20:00'), ASK(W(NY, '2026-03-08 02:30', undefined, 'shift')), [15], 'gap: shift-forward reading = 02:30 at -05:00 (03:30 EDT)');
c('2:30am sunday', us('2026-03-06 12:00', LA), ASK(W(LA, '2026-03-08 02:30', 'sun', 'shift')), [15]);
c('sun 1:30am', gb('2026-03-26 12:00'), ASK(W(LON, '2026-03-29 01:30', 'sun', 'shift')), [15]);
c('at 1:30am', gb('2026-03-29T00:30:00+00:00'), ASK(W(LON, '2026-03-29 01:30', undefined, 'shift')), [1, 15]);
c('last sunday of march 1:30am', gb('2026-03-01 12:00'), ASK(W(LON, '2026-03-29 01:30', 'sun', 'shift')), [15, 17]);
c('sunday 2:30am', au('2026-09-30 12:00'), ASK(W(SYD, '2026-10-04 02:30', 'sun', 'shift')), [15]);
c('sun 2:45am', nz('2026-09-23 12:00'), ASK(W(AKL, '2026-09-27 02:45', 'sun', 'shift')), [15]);
c('sunday 1:30am', us('2026-10-29 12:00'), ASK(W(NY, '2026-11-01 01:30', 'sun', 'earlier'), W(NY, '2026-11-01 01:30', 'sun', 'later')), [15]);
c('at 1:30am', us('2026-11-01 00:30'), ASK(W(NY, '2026-11-01 01:30', undefined, 'earlier'), W(NY, '2026-11-01 01:30', undefined, 'later')), [1, 15]);
c('sun 1:30am', gb('2026-10-22 12:00'), ASK(W(LON, '2026-10-25 01:30', 'sun', 'earlier'), W(LON, '2026-10-25 01:30', 'sun', 'later')), [15]);
c('1:30am', ie('2026-10-25 00:45'), ASK(W(DUB, '2026-10-25 01:30', undefined, 'earlier'), W(DUB, '2026-10-25 01:30', undefined, 'later')), [1, 15]);
c('sun 2:30am', au('2026-04-02 12:00'), ASK(W(SYD, '2026-04-05 02:30', 'sun', 'earlier'), W(SYD, '2026-04-05 02:30', 'sun', 'later')), [15]);
c('sun 1:30am EST', us('2026-10-29 12:00'), AT(W(NY, '2026-11-01 01:30', 'sun', 'later')), [15], 'fixed abbreviation settles the fold');
c('sun 1:30am EDT', us('2026-10-29 12:00'), AT(W(NY, '2026-11-01 01:30', 'sun', 'earlier')), [15]);
c('sun 2:30am EST', us('2026-03-05 12:00'), AT(W(NY, '2026-03-08 02:30', 'sun', 'shift')), [15], 'fixed abbreviation settles the gap: 02:30 -05:00');
c('sun 1:30am GMT', gb('2026-10-22 12:00'), AT(W(LON, '2026-10-25 01:30', 'sun', 'later')), [15]);
c('sun 1:30am UTC+1', gb('2026-10-22 12:00'), AT(W(LON, '2026-10-25 01:30', 'sun', 'earlier')), [15], 'explicit offset settles the fold');
c('sun 02:30 CET', gb('2026-03-26 12:00', BER), AT(W(BER, '2026-03-29 02:30', 'sun', 'shift')), [15], 'fixed abbreviation CET (+01:00) on the Berlin gap');

// =============================================================================================
// Rule 16 — holidays by country
// =============================================================================================

c('thanksgiving 7pm watch party', us('2026-11-10 12:00', NY, 'US'), AT(W(NY, '2026-11-26 19:00', 'thu')), [16]);
c('thanksgiving 7pm', us('2026-11-26 10:00', NY, 'US'), AT(W(NY, '2026-11-26 19:00', 'thu')), [16], 'today');
c('memorial day bbq world 3pm PT', us('2026-05-01 12:00', LA, 'US'), AT(W(LA, '2026-05-25 15:00', 'mon')), [16]);
c('memorial day', us('2026-06-01 12:00', NY, 'US'), AT(W(NY, '2027-05-31 00:00', 'mon')), [4, 16], 'this year\'s has passed');
c('labor day hangout all day', us('2026-08-20 12:00', NY, 'US'), AT(W(NY, '2026-09-07 00:00', 'mon')), [4, 16]);
c('4th of july fireworks 9pm', us('2026-06-20 12:00', NY, 'US'), AT(W(NY, '2026-07-04 21:00')), [16]);
c('independence day 9pm', us('2026-06-01 12:00', CHI, 'US'), AT(W(CHI, '2026-07-04 21:00')), [16]);
c('christmas eve 8pm', us('2026-12-01 12:00', NY, 'US'), AT(W(NY, '2026-12-24 20:00')), [16]);
c('christmas day gift swap 3pm', us('2026-12-26 12:00', NY, 'US'), AT(W(NY, '2027-12-25 15:00')), [16], 'the day after: next occurrence is next year');
c("new year's eve party 10pm", us('2026-12-29 12:00', LA, 'US'), AT(W(LA, '2026-12-31 22:00')), [16]);
c("new year's eve countdown at midnight", us('2026-12-29 12:00', NY, 'US'), AT(W(NY, '2027-01-01 00:00')), [9, 16], '"<day> at midnight" = end of that day');
c('new years day brunch 11am', us('2026-12-29 12:00', NY, 'US'), AT(W(NY, '2027-01-01 11:00')), [16]);
c('MLK day', us('2026-12-29 12:00', NY, 'US'), AT(W(NY, '2027-01-18 00:00', 'mon')), [4, 16]);
c('boxing day meetup 2pm', gb('2028-12-20 12:00', LON, 'GB'), AT(W(LON, '2028-12-26 14:00', 'tue')), [16]);
c('easter monday 7pm', gb('2026-03-20 12:00', LON, 'GB'), AT(W(LON, '2026-04-06 19:00', 'mon')), [16]);
c('canada day', ca('2026-06-15 12:00', TOR, 'CA'), AT(W(TOR, '2026-07-01 00:00')), [4, 16]);
c('thanksgiving', { ...ca('2026-09-20 12:00', TOR, 'CA'), sub: 'ON' }, AT(W(TOR, '2026-10-12 00:00', 'mon')), [4, 16], 'Canadian Thanksgiving (2nd Monday of October); a provincial holiday, so the subdivision is given');
c('australia day 8pm', au('2026-12-01 12:00', SYD, 'AU'), AT(W(SYD, '2027-01-26 20:00')), [16]);
c('anzac day', au('2026-04-01 12:00', SYD, 'AU'), AT(W(SYD, '2026-04-25 00:00')), [4, 16]);
c('independence day', ind('2026-08-01 12:00', KOL, 'IN'), AT(W(KOL, '2026-08-15 00:00')), [4, 16], 'India: 15 August');
c('republic day 10am', ind('2026-12-15 12:00', KOL, 'IN'), AT(W(KOL, '2027-01-26 10:00')), [16]);
c('waitangi day', nz('2026-01-20 12:00', AKL, 'NZ'), AT(W(AKL, '2026-02-06 00:00')), [4, 16]);

// =============================================================================================
// Rule 17 — ordinal weekdays of a month, end of month
// =============================================================================================

c('first friday of every month 8pm', us('2026-01-14 12:00'), AT(W(NY, '2026-02-06 20:00', 'fri')), [17], "recurring: next occurrence (January's was Jan 2)");
c('first saturday of november', us('2026-09-01 12:00'), AT(W(NY, '2026-11-07 00:00', 'sat')), [4, 17]);
c('last friday of the month 9pm', us('2026-01-14 12:00'), AT(W(NY, '2026-01-30 21:00', 'fri')), [17]);
c('end of the month 8pm', gb('2028-02-10 12:00'), AT(W(LON, '2028-02-29 20:00')), [17], 'interpretation: the last day of the month, at the stated time (leap year)');
c('third thursday of march 7pm', us('2026-01-10 12:00'), AT(W(NY, '2026-03-19 19:00', 'thu')), [17]);
c('second sunday of may', us('2026-04-01 12:00'), AT(W(NY, '2026-05-10 00:00', 'sun')), [4, 17]);
c('last saturday of october 9pm', gb('2026-10-01 12:00'), AT(W(LON, '2026-10-31 21:00', 'sat')), [17]);
c('first monday of every month 7pm', au('2026-09-08 12:00'), AT(W(SYD, '2026-10-05 19:00', 'mon')), [17]);
c('last friday of the month 8pm', ie('2026-07-01 12:00'), AT(W(DUB, '2026-07-31 20:00', 'fri')), [17]);

// =============================================================================================
// Rule 18 — no time expression → no_plan
// =============================================================================================

c('ngl the 3-2 win was insane', us('2026-01-14 12:00'), NONE(), [18], 'score');
c('dm me at 555 0199', us('2026-01-14 12:00'), NONE(), [18], 'phone number');
c('patch notes for v1.4.2 are up', gb('2026-01-14 12:00'), NONE(), [18], 'version');
c('PST', us('2026-01-14 12:00'), NONE(), [18], 'zone alone');
c('what timezone is everyone in? im EST', us('2026-01-14 12:00'), NONE(), [18], 'zone alone');
c('lol 10/10 would raid again', us('2026-01-14 12:00'), NONE(), [18], 'rating, not a date');
c('gg wp everyone', au('2026-01-14 12:00'), NONE(), [18]);
c('we won 21-19 in the final round', ca('2026-01-14 12:00'), NONE(), [18], 'score');
c('my room code is 4821', nz('2026-01-14 12:00'), NONE(), [18]);
c('call me on 0412 555 019', au('2026-01-14 12:00'), NONE(), [18], 'phone number');
c('update 2.0.3 hotfix is live', ie('2026-01-14 12:00'), NONE(), [18], 'version');
c("what's that in CET?", gb('2026-01-14 12:00'), NONE(), [18], 'zone alone');
c('see you there!', za('2026-01-14 12:00'), NONE(), [18]);
c('EST or PST?', us('2026-01-14 12:00'), NONE(), [18], 'zones alone');
c('the world caps at 40 players and is 128x128', gb('2026-01-14 12:00'), NONE(), [18]);
c('final score 2:1 for team blue', gb('2026-01-14 12:00'), NONE(), [18], 'score written with a colon');
c('ticket #1930 closed, thanks mods', us('2026-01-14 12:00'), NONE(), [18], 'ticket number, not 19:30');
c('ETA unknown tbh', au('2026-01-14 12:00'), NONE(), [18]);
c('Tokyo time pls', us('2026-01-14 12:00'), NONE(), [18], 'zone alone');

// =============================================================================================
// Rule 19 — impossible values: no_plan or ask
// =============================================================================================

c('Feb 30 8pm', us('2026-01-14 12:00'), NONE19(), [19]);
c('meet at 25:00', gb('2026-01-14 12:00'), NONE19(), [19]);
c('13pm raid', us('2026-01-14 12:00'), NONE19(), [19]);
c('june 31 party 9pm', us('2026-01-14 12:00'), NONE19(), [19]);
c('9:75pm', au('2026-01-14 12:00'), NONE19(), [19]);
c('sept 31 at 8pm', ca('2026-01-14 12:00'), NONE19(), [19]);
c('Feb 29 2027 9pm', gb('2026-01-14 12:00'), NONE19(), [19], '2027 is not a leap year');
c('24:30 UTC', ie('2026-01-14 12:00'), NONE19(), [19]);
c('Saturday 31/04 8pm', gb('2026-01-14 12:00'), NONE19(), [19, 21], '31 April does not exist');

// =============================================================================================
// Rule 20 — several times in one message
// =============================================================================================

c("8pm (that's 1am for the EU folks)", us('2026-01-14 10:00'), AT(W(NY, '2026-01-14 20:00')), [20], 'the second time is a conversion');
c('this sat 20:00 UTC / 21:00 CET / 3pm ET', gb('2026-01-14 12:00'), AT(W(UTC, '2026-01-17 20:00', 'sat')), [20, 6], 'three renderings of one instant');
c('9pm EST / 6pm PST', us('2026-01-14 10:00'), AT(W(NY, '2026-01-14 21:00')), [20]);
c('starts 7pm AEDT (8am UTC)', au('2026-01-14 10:00'), AT(W(SYD, '2026-01-14 19:00')), [20]);
c('raid moved to sat 9pm (was fri)', us('2026-01-14 12:00'), AT(W(NY, '2026-01-17 21:00', 'sat')), [20]);
c('pushed back from 7 to 8pm tonight', us('2026-01-14 12:00'), AT(W(NY, '2026-01-14 20:00')), [20], 'reschedule: the new time is the event, not a 7–8pm range');
c('8 or 9pm tonight?', us('2026-01-14 12:00'), ASK(), [20], 'either/or; ' + OPEN_ASK);
c('sat or sun 7pm, vote below', gb('2026-01-14 12:00'), ASK(), [20], 'either/or; ' + OPEN_ASK);
c('is it 8pm or 9pm EST?', us('2026-01-14 12:00'), ASK(), [20], 'either/or; ' + OPEN_ASK);
c('/poll when? fri 8pm or sat 8pm', ca('2026-01-14 12:00'), ASK(), [20], 'either/or; ' + OPEN_ASK);
c('moved to sat same time', us('2026-01-14 12:00'), ASK(), [20], 'interpretation: "same time" refers to a time not in the message; a Saturday-00:00 answer would misstate it, so ask; ' + OPEN_ASK);

// =============================================================================================
// Rule 21 — locale: day/month order (English variants)
// =============================================================================================

c('Sun 12/6 7pm', us('2026-11-20 12:00'), AT(W(NY, '2026-12-06 19:00', 'sun')), [21, 5]);
c('Sun 6/12 7pm', gb('2026-11-20 12:00'), AT(W(LON, '2026-12-06 19:00', 'sun')), [21, 5]);
c('6/12 7pm', gb('2026-05-20 12:00'), AT(W(LON, '2026-12-06 19:00')), [21]);
c('6/12 7pm', us('2026-05-20 12:00'), AT(W(NY, '2026-06-12 19:00')), [21]);
c('10/3 at 7pm', gb('2026-02-20 12:00'), AT(W(LON, '2026-03-10 19:00')), [21]);
c('10/3 at 7pm', us('2026-02-20 12:00'), AT(W(NY, '2026-10-03 19:00')), [21]);
c('03/04 8pm', au('2026-02-01 12:00'), AT(W(SYD, '2026-04-03 20:00')), [21]);
c('05/06 at 9pm', ind('2026-01-10 12:00'), AT(W(KOL, '2026-06-05 21:00')), [21]);
c('4/5 9pm', nz('2026-03-01 12:00'), AT(W(AKL, '2026-05-04 21:00')), [21]);
c('12/1 8pm', ie('2026-11-20 12:00'), AT(W(DUB, '2027-01-12 20:00')), [21, 5]);
c('1/12 8pm', us('2026-11-20 12:00'), AT(W(NY, '2027-01-12 20:00')), [21, 5]);
c('Saturday 14 March 8pm', za('2026-03-01 12:00'), AT(W(JNB, '2026-03-14 20:00', 'sat')), [21]);

// =============================================================================================
// Other languages (rule 21 + the rule exercised)
// =============================================================================================

// German
c('Raid morgen um 20 Uhr, bitte pünktlich!', de('2026-01-14 11:00'), AT(W(BER, '2026-01-15 20:00')), [21]);
c('Samstag 19:30 Karaoke in der Taverne', de('2026-01-14 12:00'), AT(W(BER, '2026-01-17 19:30', 'sat')), [6, 21]);
c('heute Abend um 9 Weltenhüpfen', de('2026-01-14 14:00'), AT(W(BER, '2026-01-14 21:00')), [2, 21], 'Abend = evening → pm');
c('am 6.12. um 19 Uhr', de('2026-11-10 12:00'), AT(W(BER, '2026-12-06 19:00')), [5, 21]);
c('nächsten Freitag um 20 Uhr', de('2026-01-15 12:00'), ASK(W(BER, '2026-01-16 20:00', 'fri'), W(BER, '2026-01-23 20:00', 'fri')), [6, 21], 'Thu: first Friday after today is this week');
c('Samstag 20–23 Uhr', de('2026-01-14 12:00'), RANGE(W(BER, '2026-01-17 20:00', 'sat'), W(BER, '2026-01-17 23:00')), [10, 21]);
c('Wer ist dieses Wochenende dabei?', de('2026-01-14 12:00'), RANGE(W(BER, '2026-01-17 00:00', 'sat'), W(BER, '2026-01-19 00:00', 'mon')), [8, 21]);
c('Sonntag um 02:30 Uhr', de('2026-03-26 12:00'), ASK(W(BER, '2026-03-29 02:30', 'sun', 'shift')), [15, 21], 'Berlin gap');
c('Sonntag um 02:30 Uhr', de('2026-10-22 12:00'), ASK(W(BER, '2026-10-25 02:30', 'sun', 'earlier'), W(BER, '2026-10-25 02:30', 'sun', 'later')), [15, 21], 'Berlin fold');
c('am 30. Februar um 20 Uhr', de('2026-01-14 12:00'), NONE19(), [19, 21]);
c('Endstand 3:1 für uns 🎉', de('2026-01-14 12:00'), NONE(), [18, 21], 'score');

// French
c('demain à 21h on lance le raid', fr('2026-02-11 14:00'), AT(W(PAR, '2026-02-12 21:00')), [21]);
c('samedi 20h30 soirée karaoké', fr('2026-02-11 12:00'), AT(W(PAR, '2026-02-14 20:30', 'sat')), [6, 21]);
c('ce soir 21h, venez nombreux', fr('2026-02-11 10:00'), AT(W(PAR, '2026-02-11 21:00')), [21]);
c('le 6/12 à 19h', fr('2026-11-10 12:00'), AT(W(PAR, '2026-12-06 19:00')), [5, 21]);
c('vendredi prochain à 21h', fr('2026-02-09 12:00'), ASK(W(PAR, '2026-02-13 21:00', 'fri'), W(PAR, '2026-02-20 21:00', 'fri')), [6, 21], 'Mon: first Friday after today is this week');
c('dans 30 minutes', fr(W(PAR, '2026-02-11 20:10')), AT(W(PAR, '2026-02-11 20:40')), [11, 21]);
c('samedi de 21h à 23h', fr('2026-02-11 12:00'), RANGE(W(PAR, '2026-02-14 21:00', 'sat'), W(PAR, '2026-02-14 23:00')), [10, 21]);
c('On se voit ce week-end ?', fr('2026-02-11 12:00'), RANGE(W(PAR, '2026-02-14 00:00', 'sat'), W(PAR, '2026-02-16 00:00', 'mon')), [8, 21]);
c('le 31 avril à 21h', fr('2026-01-14 12:00'), NONE19(), [19, 21]);
c("gg à tous, 3-1 c'était fou", fr('2026-01-14 12:00'), NONE(), [18, 21], 'score');

// Spanish
c('mañana a las 9 de la noche', es('2026-04-15 12:00'), AT(W(MAD, '2026-04-16 21:00')), [2, 21], '"de la noche" = pm');
c('el sábado a las 20:00', es('2026-04-15 12:00'), AT(W(MAD, '2026-04-18 20:00', 'sat')), [6, 21]);
c('el 6/12 a las 19:00', es('2026-11-10 12:00'), AT(W(MAD, '2026-12-06 19:00')), [5, 21]);
c('en 20 minutos empezamos', es(W(MAD, '2026-04-15 21:40')), AT(W(MAD, '2026-04-15 22:00')), [11, 21]);
c('el sábado de 8 a 10 de la noche', es('2026-04-15 12:00'), RANGE(W(MAD, '2026-04-18 20:00', 'sat'), W(MAD, '2026-04-18 22:00')), [10, 21], 'trailing "de la noche" applies to both ends');
c('el próximo viernes a las 21:00', es('2026-04-15 12:00'), ASK(W(MAD, '2026-04-17 21:00', 'fri'), W(MAD, '2026-04-24 21:00', 'fri')), [6, 21], 'Wed: first Friday after today is this week');
c('¿Quién se conecta este fin de semana?', es('2026-04-15 12:00'), RANGE(W(MAD, '2026-04-18 00:00', 'sat'), W(MAD, '2026-04-20 00:00', 'mon')), [8, 21]);
c('mañana a las 8 pm', es('2026-04-15 12:00', MEX, 'es-MX'), AT(W(MEX, '2026-04-16 20:00')), [21]);
c('a las 26:00', es('2026-04-15 12:00'), NONE19(), [19, 21]);
c('mi número es 612 345 678', es('2026-04-15 12:00'), NONE(), [18, 21], 'phone number');

// Portuguese
c('amanhã às 20h', pt('2026-06-10 13:00'), AT(W(SAO, '2026-06-11 20:00')), [21]);
c('sábado às 19h', pt('2026-06-10 13:00'), AT(W(SAO, '2026-06-13 19:00', 'sat')), [6, 21]);
c('hoje às 21h30', pt('2026-06-10 13:00'), AT(W(SAO, '2026-06-10 21:30')), [1, 21]);
c('dia 6/12 às 19h', pt('2026-11-10 12:00'), AT(W(SAO, '2026-12-06 19:00')), [5, 21]);
c('daqui a 1 hora', pt(W(SAO, '2026-06-10 13:00')), AT(W(SAO, '2026-06-10 14:00')), [11, 21]);
c('sábado das 20h às 22h', pt('2026-06-10 13:00'), RANGE(W(SAO, '2026-06-13 20:00', 'sat'), W(SAO, '2026-06-13 22:00')), [10, 21]);
c('bora hoje à noite?', pt('2026-06-10 13:00'), RANGE(W(SAO, '2026-06-10 18:00'), W(SAO, '2026-06-11 00:00')), [8, 21], '"hoje à noite" = tonight');
c('domingo à 1h30 da manhã', pt('2026-10-22 12:00', LIS, 'pt-PT'), ASK(W(LIS, '2026-10-25 01:30', 'sun', 'earlier'), W(LIS, '2026-10-25 01:30', 'sun', 'later')), [15, 21], 'Lisbon fold');
c('31 de junho às 20h', pt('2026-01-14 12:00'), NONE19(), [19, 21]);
c('placar final 3 a 2', pt('2026-01-14 12:00'), NONE(), [18, 21], 'score');

// Japanese
c('明日の21時からイベントです', ja('2026-03-10 15:00'), AT(W(TYO, '2026-03-11 21:00')), [21]);
c('土曜日20時集合', ja('2026-03-10 15:00'), AT(W(TYO, '2026-03-14 20:00', 'sat')), [6, 21]);
c('今夜9時', ja('2026-03-10 15:00'), AT(W(TYO, '2026-03-10 21:00')), [2, 21], '今夜 = tonight → pm');
c('12月6日 19時', ja('2026-11-10 12:00'), AT(W(TYO, '2026-12-06 19:00')), [5, 21]);
c('30分後に始まります', ja(W(TYO, '2026-03-10 15:00')), AT(W(TYO, '2026-03-10 15:30')), [11, 21]);
c('土曜日20時〜23時', ja('2026-03-10 15:00'), RANGE(W(TYO, '2026-03-14 20:00', 'sat'), W(TYO, '2026-03-14 23:00')), [10, 21]);
c('今週末あいてる?', ja('2026-03-10 15:00'), RANGE(W(TYO, '2026-03-14 00:00', 'sat'), W(TYO, '2026-03-16 00:00', 'mon')), [8, 21]);
c('明日の夜9時', ja('2026-03-11 00:30'), ASK(), [7, 21], OPEN_ASK);
c('2月30日 20時', ja('2026-01-14 12:00'), NONE19(), [19, 21]);
c('バージョン1.2.3がリリースされました', ja('2026-01-14 12:00'), NONE(), [18, 21], 'version');

// ---------------------------------------------------------------------------------------------
// Write

const out = join(dirname(fileURLToPath(import.meta.url)), 'time-phrases-6.jsonl');
writeFileSync(out, cases.map((k) => JSON.stringify(k)).join('\n') + '\n');

const byStatus: Record<string, number> = {};
const byLang: Record<string, number> = {};
const byRule: Record<number, number> = {};
for (const k of cases) {
  byStatus[k.expect.status] = (byStatus[k.expect.status] ?? 0) + 1;
  const lang = (k.input.locale ?? 'en').slice(0, 2);
  byLang[lang] = (byLang[lang] ?? 0) + 1;
  for (const r of k.rule) byRule[r] = (byRule[r] ?? 0) + 1;
}
console.log(`${cases.length} cases → ${out}`);
console.log('status', byStatus);
console.log('language', byLang);
console.log('rule', byRule);
