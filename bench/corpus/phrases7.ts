/**
 * Generator for bench/corpus/time-phrases-7.jsonl — an independent evaluation corpus for the
 * natural-language time parser, written from the interpretation rules in
 * shared/contract/decisions.md §5 (rules 1–21) and the digest §2.9 only.
 *
 *   node --import tsx bench/corpus/phrases7.ts
 *
 * Six languages in roughly equal shares (en, de, fr, es, pt, ja). Every case is written as wall-clock
 * times in a named zone; all offsets are computed here with luxon. Wall times in a DST gap or fold
 * are refused unless they are requested explicitly through `gapFwd` (shift-forward reading = the
 * wall time read with the offset in force before the change), `fold` (both instants) or `withOffset`
 * (an explicit offset). Stated weekdays are checked.
 *
 * Conventions where the rules leave the alternatives of a question unspecified (rules 2, 7, 13, 20):
 * the expected question has `options: []` (any question is right). Rules 6, 14 and 15 name the
 * readings a question must offer, so those are listed.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime, IANAZone } from 'luxon';

// ---------------------------------------------------------------------------------------------
// Zones

const NY = 'America/New_York';
const CHI = 'America/Chicago';
const LA = 'America/Los_Angeles';
const TOR = 'America/Toronto';
const HAL = 'America/Halifax';
const MEX = 'America/Mexico_City';
const BOG = 'America/Bogota';
const BUE = 'America/Argentina/Buenos_Aires';
const SAO = 'America/Sao_Paulo';
const LON = 'Europe/London';
const LIS = 'Europe/Lisbon';
const BER = 'Europe/Berlin';
const VIE = 'Europe/Vienna';
const ZRH = 'Europe/Zurich';
const PAR = 'Europe/Paris';
const BRU = 'Europe/Brussels';
const MAD = 'Europe/Madrid';
const TYO = 'Asia/Tokyo';
const KOL = 'Asia/Kolkata';
const SYD = 'Australia/Sydney';

// ---------------------------------------------------------------------------------------------
// Wall-clock helpers

const WD = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const fmt = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;

/** Parses "yyyy-MM-dd HH:mm[ Ddd]" as a naive wall time; returns its ms-as-if-UTC and checks the weekday. */
function naive(s: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d)(?: (Mon|Tue|Wed|Thu|Fri|Sat|Sun))?$/.exec(s);
  if (!m) throw new Error(`bad wall time ${s}`);
  const d = DateTime.fromObject({ year: +m[1], month: +m[2], day: +m[3], hour: +m[4], minute: +m[5] }, { zone: 'UTC' });
  if (!d.isValid) throw new Error(`invalid wall time ${s}`);
  if (m[6] && WD[d.weekday - 1] !== m[6]) throw new Error(`${s}: weekday is ${WD[d.weekday - 1]}, not ${m[6]}`);
  return d.toMillis();
}

/** All instants at which `zone` shows the wall time `s` (0 = gap, 2 = fold). */
function instants(zone: string, s: string): number[] {
  const z = IANAZone.create(zone);
  if (!z.isValid) throw new Error(`bad zone ${zone}`);
  const ts = naive(s);
  const offs = new Set<number>();
  for (const p of [-2, -1, 0, 1, 2]) offs.add(z.offset(ts + p * 86_400_000));
  const out = new Set<number>();
  for (const o of offs) {
    const inst = ts - o * 60_000;
    if (z.offset(inst) === o) out.add(inst);
  }
  return [...out].sort((a, b) => a - b);
}

/** A unique wall time in `zone` as ISO with the zone's offset. Refuses gap and fold. */
function W(zone: string, s: string): string {
  const i = instants(zone, s);
  if (i.length === 0) throw new Error(`${s} is in a DST gap in ${zone}`);
  if (i.length > 1) throw new Error(`${s} is in a DST fold in ${zone}`);
  return fmt(i[0], zone);
}
const ms = (zone: string, s: string) => DateTime.fromISO(W(zone, s), { setZone: true }).toMillis();

/** Shift-forward reading of a gap wall time: read with the offset in force before the change. */
function gapFwd(zone: string, s: string): string {
  if (instants(zone, s).length !== 0) throw new Error(`${s} is not in a gap in ${zone}`);
  const ts = naive(s);
  const before = IANAZone.create(zone).offset(ts - 86_400_000);
  return fmt(ts - before * 60_000, zone);
}

/** Both instants of a fold wall time, earlier first. */
function fold(zone: string, s: string): string[] {
  const i = instants(zone, s);
  if (i.length !== 2) throw new Error(`${s} is not in a fold in ${zone}`);
  return i.map((x) => fmt(x, zone));
}

/** A wall time with an explicit UTC offset (minutes), shown in `zone`. */
const withOffset = (zone: string, s: string, offMin: number) => fmt(naive(s) - offMin * 60_000, zone);

/** Elapsed-time arithmetic from a reference wall time (rules 3 and 11: seconds/minutes/hours are elapsed). */
const elapsed = (zone: string, ref: string, minutes: number) => fmt(ms(zone, ref) + minutes * 60_000, zone);

// ---------------------------------------------------------------------------------------------
// Expectations

type Expect =
  | { status: 'resolved'; at: string }
  | { status: 'resolved'; start: string; end: string }
  | { status: 'needs_clarification'; options: string[] }
  | { status: 'no_plan'; alsoAccept?: string[] };

const at = (zone: string, s: string): Expect => ({ status: 'resolved', at: W(zone, s) });
const atIso = (iso: string): Expect => ({ status: 'resolved', at: iso });
const range = (zone: string, s: string, e: string): Expect => ({ status: 'resolved', start: W(zone, s), end: W(zone, e) });
const ask = (...options: string[]): Expect => ({ status: 'needs_clarification', options });
const askW = (zone: string, ...walls: string[]): Expect => ask(...walls.map((w) => W(zone, w)));
const noPlan = (): Expect => ({ status: 'no_plan' });
/** Rule 19: impossible values are never coerced — `no_plan` or ask. */
const impossible = (): Expect => ({ status: 'no_plan', alsoAccept: ['needs_clarification'] });

// ---------------------------------------------------------------------------------------------
// Cases

interface Ctx {
  zone: string;
  ref: string; // wall time in zone, "yyyy-MM-dd HH:mm[ Ddd]"
  locale: string;
  country?: string;
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
function add(text: string, ctx: Ctx, expect: Expect, rule: number[], note?: string) {
  const input: Case['input'] = { text, timeZone: ctx.zone, referenceInstant: W(ctx.zone, ctx.ref) };
  if (ctx.locale) input.locale = ctx.locale;
  if (ctx.country) input.country = ctx.country;
  if (ctx.sub) input.subdivision = ctx.sub;
  const c: Case = { id: `k-${String(cases.length + 1).padStart(3, '0')}`, input, expect, rule };
  if (note) c.note = note;
  cases.push(c);
}

const N7 = 'rule 7 says ask; it does not name the alternatives, so any question is accepted';
const N2 = 'rule 2: an hour without am/pm on an explicit date is ambiguous (ask); alternatives not specified';
const N13 = 'rule 13: ambiguous abbreviation, not settled by this timeZone/country; alternatives not specified';
const N20 = 'rule 20: either/or asks; alternatives not specified';
const N15g = 'rule 15: gap wall time; the question must offer at least the shift-forward reading (offset before the change)';
const N15f = 'rule 15: fold wall time; the question must offer both instants';
const N19 = 'rule 19: impossible value, never coerced (no_plan or ask)';

// ============================================================================================
// English
{
  const us = (zone: string, ref: string, country?: string): Ctx => ({ zone, ref, locale: 'en-US', country });
  const gb = (ref: string, country?: string, zone = LON): Ctx => ({ zone, ref, locale: 'en-GB', country });

  add('anyone up for beat saber at 9pm?', us(NY, '2026-04-15 14:20 Wed', 'US'), at(NY, '2026-04-15 21:00'), [1]);
  add('world hop at 7:30pm, meet at the portal 🚪', us(LA, '2026-06-30 20:05 Tue'), at(LA, '2026-07-01 19:30 Wed'), [1], '19:30 already passed on the 30th: next occurrence is tomorrow (month end)');
  add('club night starts 10pm London time', us(NY, '2026-05-20 16:30 Wed', 'US'), at(LON, '2026-05-20 22:00'), [1, 12], 'London is at 21:30, so 22:00 London today');
  add('gonna stream at 10am ET, come hang', gb('2026-02-10 14:00 Tue', 'GB'), at(NY, '2026-02-10 10:00'), [1, 12], '10:00 has passed in London but not in New York (09:00): next occurrence in ET is today');
  add('at 8 in the club world?', gb('2026-09-09 13:10 Wed'), at(LON, '2026-09-09 20:00'), [2], 'soonest future reading of 8 at 13:10 is 20:00');
  add('we start at 11', us(CHI, '2026-01-21 22:40 Wed', 'US'), at(CHI, '2026-01-21 23:00'), [2], 'soonest future reading of 11 at 22:40 is 23:00');
  add('july 18 at 8 for the dance class?', us(NY, '2026-07-08 12:00 Wed'), ask(), [2], N2);
  add('tonight at 9 we do the horror map 👻', us(LA, '2026-10-02 15:00 Fri', 'US'), at(LA, '2026-10-02 21:00'), [2]);
  add('tomorrow morning at 10 for the photo walk', gb('2026-08-13 19:00 Thu', 'GB'), at(LON, '2026-08-14 10:00 Fri'), [2]);
  add("did anyone record yesterday 9pm's set?", us(NY, '2026-03-15 11:00 Sun'), at(NY, '2026-03-14 21:00 Sat'), [3]);
  add('server crashed 2 hours ago, sorry all', us(NY, '2026-11-01 03:30 Sun', 'US'), atIso(elapsed(NY, '2026-11-01 03:30', -120)), [3, 11], 'elapsed hours across the fall-back change: 01:30 EST');
  add('the vket booth opens on august 3', us(NY, '2026-07-20 09:00 Mon', 'US'), at(NY, '2026-08-03 00:00 Mon'), [4, 5]);
  add('anniversary party on jan 10!! 🎂', us(CHI, '2026-12-15 18:00 Tue'), at(CHI, '2027-01-10 00:00 Sun'), [4, 5]);
  add('movie night friday 9pm', us(NY, '2026-04-15 10:00 Wed'), at(NY, '2026-04-17 21:00 Fri'), [6]);
  add('this friday 9pm again?', us(NY, '2026-04-17 22:30 Fri', 'US'), at(NY, '2026-04-24 21:00 Fri'), [6], "today is Friday and 21:00 has passed: +7");
  add('next friday 9pm then', us(NY, '2026-04-18 13:00 Sat'), at(NY, '2026-04-24 21:00 Fri'), [6], 'said Saturday: the first Friday after today is in next week (Mon–Sun)');
  add('next friday 9pm?', { zone: SYD, ref: '2026-04-14 19:00 Tue', locale: 'en-AU', country: 'AU' }, askW(SYD, '2026-04-17 21:00 Fri', '2026-04-24 21:00 Fri'), [6], 'said Tuesday: the first Friday is in this week, ask offering both');
  add('tomorrow 8pm?', us(NY, '2026-05-02 00:40 Sat', 'US'), ask(), [7], N7);
  add('free tonight? thinking karaoke', us(LA, '2026-03-12 13:00 Thu'), range(LA, '2026-03-12 18:00', '2026-03-13 00:00'), [8]);
  add('anyone around this weekend for the avatar workshop', gb('2026-10-21 12:00 Wed', 'GB'), range(LON, '2026-10-24 00:00 Sat', '2026-10-26 00:00 Mon'), [8], 'weekend contains the EU fall-back');
  add("let's push it to next week", us(NY, '2026-02-25 11:00 Wed'), range(NY, '2026-03-02 00:00 Mon', '2026-03-09 00:00 Mon'), [8], 'week contains the US spring-forward');
  add('lunch meetup at noon', { zone: KOL, ref: '2026-09-14 13:00 Mon', locale: 'en-IN', country: 'IN' }, at(KOL, '2026-09-15 12:00 Tue'), [9, 1], 'noon has passed today: next occurrence');
  add('countdown at midnight 🎉🎆', us(NY, '2026-12-31 20:00 Thu', 'US'), at(NY, '2027-01-01 00:00 Fri'), [9]);
  add('the update drops friday at midnight', us(CHI, '2026-09-16 15:00 Wed'), at(CHI, '2026-09-19 00:00 Sat'), [9], '"<day> at midnight" is the end of that day');
  add('karaoke 9-11pm', us(CHI, '2026-06-08 12:00 Mon', 'US'), range(CHI, '2026-06-08 21:00', '2026-06-08 23:00'), [10]);
  add('halloween rave is 11pm-3am 🎃', us(NY, '2026-10-31 15:00 Sat', 'US'), range(NY, '2026-10-31 23:00', '2026-11-01 03:00'), [10], 'end moves to next day; range spans the US fall-back');
  add('open mic 8-10pm EST', gb('2026-01-13 18:00 Tue', 'GB'), range(NY, '2026-01-13 20:00', '2026-01-13 22:00'), [10, 12]);
  add('stream starts in 45 min', gb('2026-03-29 00:30 Sun'), atIso(elapsed(LON, '2026-03-29 00:30', 45)), [11], 'elapsed minutes across the UK spring-forward');
  add('rematch in 3 days', us(NY, '2026-03-06 21:00 Fri', 'US'), at(NY, '2026-03-09 21:00 Mon'), [11], 'days keep the wall-clock time across DST');
  add('see you in 24 hours', us(NY, '2026-03-07 21:00 Sat'), atIso(elapsed(NY, '2026-03-07 21:00', 24 * 60)), [11], 'hours are elapsed: 22:00 EDT');
  add('trivia 9pm EST', us(CHI, '2026-10-15 12:00 Thu', 'US'), at(NY, '2026-10-15 21:00'), [12], 'wrong-season EST in October = New York civil time (EDT)');
  add('7pm PT drop-in', gb('2026-02-03 10:00 Tue'), at(LA, '2026-02-03 19:00'), [12, 1]);
  add('9pm CST', us(CHI, '2026-01-20 10:00 Tue', 'US'), at(CHI, '2026-01-20 21:00'), [13], 'timeZone America/Chicago + US settle CST');
  add('9pm CST ok for everyone?', { zone: BER, ref: '2026-01-20 10:00 Tue', locale: 'en-GB' }, ask(), [13], N13);
  add('tomorrow 9pm tokyo time', us(NY, '2026-06-16 20:30 Tue', 'US'), askW(TYO, '2026-06-17 21:00 Wed', '2026-06-18 21:00 Thu'), [14], 'Tokyo is already Wednesday 09:30');
  add('tomorrow 8pm tokyo time works', us(NY, '2026-06-16 10:00 Tue'), at(TYO, '2026-06-17 20:00 Wed'), [14], 'Tokyo is Tuesday 23:00: same date, no ambiguity');
  add('sunday 2:30am for the late fishing world?', us(NY, '2026-03-06 18:00 Fri', 'US'), ask(gapFwd(NY, '2026-03-08 02:30')), [15, 6], N15g);
  add('nov 1 at 1:30am', us(NY, '2026-10-28 12:00 Wed', 'US'), ask(...fold(NY, '2026-11-01 01:30')), [15], N15f);
  add('nov 1 at 1:30am EST', us(NY, '2026-10-28 12:00 Wed'), atIso(withOffset(NY, '2026-11-01 01:30', -300)), [15, 12], 'fixed abbreviation settles the fold: the EST instant');
  add('thanksgiving 8pm potluck world', us(NY, '2026-11-27 12:00 Fri', 'US'), at(NY, '2027-11-25 20:00 Thu'), [16], "2026's Thanksgiving was yesterday: next occurrence");
  add('meetup on boxing day', gb('2026-12-20 14:00 Sun', 'GB'), at(LON, '2026-12-26 00:00 Sat'), [16, 4], 'Boxing Day itself (Dec 26), not the substitute bank holiday');
  add('last friday of the month 9pm', us(NY, '2026-07-02 12:00 Thu'), at(NY, '2026-07-31 21:00 Fri'), [17]);
  add('first saturday of november', us(NY, '2026-08-10 12:00 Mon', 'US'), at(NY, '2026-11-07 00:00 Sat'), [17, 4]);
  add('lol see you all there', us(NY, '2026-04-15 21:00 Wed'), noPlan(), [18]);
  add("my number's 555-0142 if you need the invite", us(LA, '2026-05-05 10:00 Tue', 'US'), noPlan(), [18], 'phone number');
  add('final score 21-19, gg everyone', gb('2026-06-06 22:00 Sat'), noPlan(), [18], 'score');
  add('updated to unity 2022.3.22f1', us(CHI, '2026-08-01 11:00 Sat'), noPlan(), [18], 'version');
  add("what's everyone's timezone? I'm EST", us(NY, '2026-01-09 19:00 Fri', 'US'), noPlan(), [18], 'zone alone');
  add('feb 30 at 8pm', us(NY, '2026-01-15 12:00 Thu'), impossible(), [19], N19);
  add('25:00 sharp', gb('2026-04-01 12:00 Wed'), impossible(), [19], N19);
  add('13pm ok?', us(LA, '2026-04-01 09:00 Wed', 'US'), impossible(), [19], N19);
  add('8pm or 9pm for the quiz?', us(NY, '2026-09-10 12:00 Thu'), ask(), [20], N20);
  add("quiz is at 9pm, I get off work at 6pm so I'll make it", us(CHI, '2026-09-10 12:00 Thu', 'US'), at(CHI, '2026-09-10 21:00'), [20], '21:00 is clearly the event');
  add('03/04 at 8pm', gb('2026-02-10 12:00 Tue', 'GB'), at(LON, '2026-04-03 20:00 Fri'), [21, 5], 'en-GB: day first');
  add('03/04 at 8pm', us(NY, '2026-02-10 12:00 Tue', 'US'), at(NY, '2026-03-04 20:00 Wed'), [21, 5], 'en-US: month first');
}

// ============================================================================================
// German
{
  const de = (zone: string, ref: string, country?: string, sub?: string): Ctx => ({ zone, ref, locale: 'de-DE', country, sub });
  const at_ = (ref: string, country?: string): Ctx => ({ zone: VIE, ref, locale: 'de-AT', country });
  const ch = (ref: string, country?: string): Ctx => ({ zone: ZRH, ref, locale: 'de-CH', country });

  add('bin um 21 Uhr in der Clubwelt', de(BER, '2026-04-14 17:00 Tue', 'DE'), at(BER, '2026-04-14 21:00'), [1]);
  add('treffen uns um 19:30 am Portal', at_('2026-06-30 20:15 Tue'), at(VIE, '2026-07-01 19:30 Wed'), [1], 'passed today: tomorrow (month end)');
  add('um 22 Uhr Londoner Zeit gehts los', de(BER, '2026-05-13 22:30 Wed', 'DE'), at(LON, '2026-05-13 22:00'), [1, 12], 'London is at 21:30: 22:00 London today (23:00 in Berlin)');
  add('um 8 im Club?', de(BER, '2026-09-09 14:00 Wed'), at(BER, '2026-09-09 20:00'), [2], 'hour without am/pm and without date: soonest future reading');
  add('heute Abend um halb 9 Tanzkurs 💃', de(BER, '2026-02-11 15:00 Wed', 'DE'), at(BER, '2026-02-11 20:30'), [2], '"halb 9" = 8:30; Abend means pm');
  add('am 18.7. um 8?', de(BER, '2026-07-08 12:00 Wed'), ask(), [2, 21], N2);
  add('morgen in der Früh um 9 Fotowalk', at_('2026-08-13 19:00 Thu', 'AT'), at(VIE, '2026-08-14 09:00 Fri'), [2], '"in der Früh" (de-AT) = morning, am');
  add('gestern um 21 Uhr war echt lustig', de(BER, '2026-03-15 11:00 Sun'), at(BER, '2026-03-14 21:00 Sat'), [3]);
  add('vor 2 Stunden ist der Server abgestürzt', de(BER, '2026-03-29 04:00 Sun', 'DE'), atIso(elapsed(BER, '2026-03-29 04:00', -120)), [3, 11], 'elapsed hours across the spring-forward: 01:00 CET');
  add('am 3. August öffnet der Vket-Stand', de(BER, '2026-07-20 09:00 Mon'), at(BER, '2026-08-03 00:00 Mon'), [4, 5]);
  add('Community-Jubiläum am 10. Januar!', ch('2026-12-15 18:00 Tue', 'CH'), at(ZRH, '2027-01-10 00:00 Sun'), [4, 5]);
  add('Freitag 21 Uhr Filmabend', de(BER, '2026-12-31 10:00 Thu'), at(BER, '2027-01-01 21:00 Fri'), [6], 'year end');
  add('diesen Freitag um 21 Uhr wieder?', de(BER, '2026-04-17 22:30 Fri', 'DE'), at(BER, '2026-04-24 21:00 Fri'), [6], 'today is Friday and 21:00 has passed: +7');
  add('nächsten Freitag 21 Uhr', de(BER, '2026-04-18 13:00 Sat'), at(BER, '2026-04-24 21:00 Fri'), [6]);
  add('nächsten Donnerstag um 20 Uhr?', ch('2026-09-14 12:00 Mon'), askW(ZRH, '2026-09-17 20:00 Thu', '2026-09-24 20:00 Thu'), [6], 'said Monday: first Thursday is this week, ask offering both');
  add('nächsten Montag 19 Uhr', at_('2026-11-08 15:00 Sun', 'AT'), at(VIE, '2026-11-09 19:00 Mon'), [6], 'said Sunday: tomorrow is already in next week');
  add('morgen 20 Uhr?', de(BER, '2026-11-01 00:20 Sun', 'DE'), ask(), [7], N7);
  add('heute Abend jemand da?', de(BER, '2026-03-12 13:00 Thu'), range(BER, '2026-03-12 18:00', '2026-03-13 00:00'), [8]);
  add('dieses Wochenende Avatar-Workshop', de(BER, '2026-10-21 12:00 Wed', 'DE'), range(BER, '2026-10-24 00:00 Sat', '2026-10-26 00:00 Mon'), [8]);
  add('nächste Woche passt mir besser', ch('2026-03-18 12:00 Wed', 'CH'), range(ZRH, '2026-03-23 00:00 Mon', '2026-03-30 00:00 Mon'), [8]);
  add('um 12 Uhr mittags Treffpunkt Lobby', de(BER, '2026-09-14 09:00 Mon'), at(BER, '2026-09-14 12:00'), [9]);
  add('Countdown um Mitternacht 🎉', at_('2026-12-31 20:00 Thu', 'AT'), at(VIE, '2027-01-01 00:00 Fri'), [9]);
  add('das Update kommt Freitag um Mitternacht', de(BER, '2026-09-16 15:00 Wed'), at(BER, '2026-09-19 00:00 Sat'), [9]);
  add('Karaoke von 21 bis 23 Uhr', de(BER, '2026-06-08 12:00 Mon', 'DE'), range(BER, '2026-06-08 21:00', '2026-06-08 23:00'), [10]);
  add('Rave Samstag 23–3 Uhr', de(BER, '2026-10-21 12:00 Wed'), range(BER, '2026-10-24 23:00 Sat', '2026-10-25 03:00'), [10, 6], 'end not after start: next day; spans the fall-back');
  add('Open Mic 20-22 Uhr MEZ', { zone: LON, ref: '2026-01-13 18:00 Tue', locale: 'de-DE', country: 'GB' }, range(BER, '2026-01-13 20:00', '2026-01-13 22:00'), [10, 12]);
  add('Stream in 45 min', de(BER, '2026-03-29 01:30 Sun', 'DE'), atIso(elapsed(BER, '2026-03-29 01:30', 45)), [11]);
  add('Revanche in 3 Tagen', de(BER, '2026-03-27 21:00 Fri'), at(BER, '2026-03-30 21:00 Mon'), [11], 'days keep the wall-clock time');
  add('in 48 Stunden gehts weiter', de(BER, '2026-03-27 21:00 Fri', 'DE'), atIso(elapsed(BER, '2026-03-27 21:00', 48 * 60)), [11], 'hours are elapsed: Sunday 22:00 CEST');
  add('Quiz 20 Uhr MEZ', de(BER, '2026-07-09 12:00 Thu', 'DE'), at(BER, '2026-07-09 20:00'), [12], 'wrong-season MEZ in July = Central European civil time (MESZ)');
  add('Turnier 21 Uhr EST', de(BER, '2026-10-15 12:00 Thu'), at(NY, '2026-10-15 21:00'), [12], 'wrong-season EST = New York civil time');
  add('20 Uhr CST?', de(BER, '2026-01-20 10:00 Tue', 'DE'), ask(), [13], N13);
  add('Stream um 20 Uhr CST', de(CHI, '2026-01-22 10:00 Thu', 'US'), at(CHI, '2026-01-22 20:00'), [13], 'timeZone America/Chicago + US settle CST');
  add('morgen 21 Uhr Tokioter Zeit', de(BER, '2026-06-16 22:00 Tue'), askW(TYO, '2026-06-17 21:00 Wed', '2026-06-18 21:00 Thu'), [14], 'Tokyo is already Wednesday 05:00');
  add('morgen 20 Uhr New Yorker Zeit', de(BER, '2026-06-16 14:00 Tue', 'DE'), at(NY, '2026-06-17 20:00 Wed'), [14], 'New York is Tuesday 08:00: same date');
  add('Sonntag um 2:30 Uhr morgens noch ne Runde?', de(BER, '2026-03-27 18:00 Fri', 'DE'), ask(gapFwd(BER, '2026-03-29 02:30')), [15, 6], N15g);
  add('am 25.10. um 2:30 Uhr morgens', at_('2026-10-20 12:00 Tue', 'AT'), ask(...fold(VIE, '2026-10-25 02:30')), [15, 21], N15f);
  add('am 25.10. um 2:30 Uhr morgens MEZ', at_('2026-10-20 12:00 Tue'), atIso(withOffset(VIE, '2026-10-25 02:30', 60)), [15, 12], 'fixed abbreviation settles the fold');
  add('am Tag der Deutschen Einheit zocken wir durch', de(BER, '2026-10-04 12:00 Sun', 'DE'), at(BER, '2027-10-03 00:00'), [16], 'passed yesterday: next occurrence');
  add('Fronleichnam 20 Uhr Treffen', de(BER, '2026-05-20 12:00 Wed', 'DE', 'BY'), at(BER, '2026-06-04 20:00 Thu'), [16]);
  add('am Nationalfeiertag', at_('2026-10-01 12:00 Thu', 'AT'), at(VIE, '2026-10-26 00:00 Mon'), [16, 4]);
  add('am Bundesfeiertag grillieren wir in VR 🇨🇭', ch('2026-07-20 12:00 Mon', 'CH'), at(ZRH, '2026-08-01 00:00 Sat'), [16, 4]);
  add('am letzten Freitag im Monat um 21 Uhr', de(BER, '2026-07-02 12:00 Thu'), at(BER, '2026-07-31 21:00 Fri'), [17]);
  add('am ersten Samstag im November', de(BER, '2026-08-10 12:00 Mon', 'DE'), at(BER, '2026-11-07 00:00 Sat'), [17, 4]);
  add('haha bis dann 😂', de(BER, '2026-04-15 21:00 Wed'), noPlan(), [18]);
  add('meine Nummer: 0151 23456789, schreib per WhatsApp', de(BER, '2026-05-05 10:00 Tue', 'DE'), noPlan(), [18], 'phone number');
  add('Endstand 3:1 für uns 🎉', at_('2026-06-06 22:00 Sat'), noPlan(), [18], 'score');
  add('läuft jetzt auf Version 2.4.1', ch('2026-08-01 11:00 Sat'), noPlan(), [18], 'version');
  add('bin in MEZ btw', de(BER, '2026-01-09 19:00 Fri', 'DE'), noPlan(), [18], 'zone alone');
  add('am 30. Februar um 20 Uhr', de(BER, '2026-01-15 12:00 Thu'), impossible(), [19], N19);
  add('um 25 Uhr?', at_('2026-04-01 12:00 Wed', 'AT'), impossible(), [19], N19);
  add('31.4. um 20 Uhr', de(BER, '2026-04-01 09:00 Wed', 'DE'), impossible(), [19, 21], N19);
  add('20 oder 21 Uhr?', de(BER, '2026-09-10 12:00 Thu'), ask(), [20], N20);
  add('Quiz ist um 21 Uhr, hab bis 18 Uhr Arbeit, passt also', de(BER, '2026-09-10 12:00 Thu', 'DE'), at(BER, '2026-09-10 21:00'), [20]);
  add('am 3.4. um 20 Uhr', de(BER, '2026-02-10 12:00 Tue'), at(BER, '2026-04-03 20:00 Fri'), [21, 5], 'German: day first');
}

// ============================================================================================
// French
{
  const fr = (ref: string, country?: string, zone = PAR): Ctx => ({ zone, ref, locale: 'fr-FR', country });
  const be = (ref: string, country?: string): Ctx => ({ zone: BRU, ref, locale: 'fr-BE', country });
  const ca = (ref: string, country?: string, sub?: string, zone = TOR): Ctx => ({ zone, ref, locale: 'fr-CA', country, sub });

  add('on se retrouve à 21h dans le monde du club', fr('2026-04-14 17:00 Tue', 'FR'), at(PAR, '2026-04-14 21:00'), [1]);
  add('rdv 19h30 au portail', be('2026-06-30 20:15 Tue'), at(BRU, '2026-07-01 19:30 Wed'), [1]);
  add('à 21h heure de New York', fr('2026-05-13 02:30 Wed', 'FR'), at(NY, '2026-05-12 21:00 Tue'), [1, 12], 'New York is 20:30 on the 12th: 21:00 New York is in 30 minutes');
  add('à 8h au club ?', fr('2026-09-09 14:00 Wed'), at(PAR, '2026-09-09 20:00'), [2], 'soonest future reading');
  add('ce soir à 9h karaoké 🎤', ca('2026-10-02 15:00 Fri', 'CA'), at(TOR, '2026-10-02 21:00'), [2], 'soir means pm');
  add('le 18 juillet à 8h ?', fr('2026-07-08 12:00 Wed'), ask(), [2], N2);
  add('demain matin 10h balade photo', be('2026-08-13 19:00 Thu', 'BE'), at(BRU, '2026-08-14 10:00 Fri'), [2]);
  add("hier à 21h c'était trop bien", fr('2026-03-15 11:00 Sun'), at(PAR, '2026-03-14 21:00 Sat'), [3]);
  add('il y a 2 heures le serveur a planté', fr('2026-10-25 03:30 Sun', 'FR'), atIso(elapsed(PAR, '2026-10-25 03:30', -120)), [3, 11], 'elapsed across the fall-back: first 02:30 (CEST)');
  add('le stand Vket ouvre le 3 août', fr('2026-07-20 09:00 Mon'), at(PAR, '2026-08-03 00:00 Mon'), [4, 5]);
  add('anniversaire de la commu le 10 janvier !', ca('2026-12-15 18:00 Tue', 'CA'), at(TOR, '2027-01-10 00:00 Sun'), [4, 5]);
  add('vendredi 21h soirée ciné', fr('2026-04-15 10:00 Wed', 'FR'), at(PAR, '2026-04-17 21:00 Fri'), [6]);
  add('ce vendredi à 21h encore ?', be('2026-04-17 22:30 Fri'), at(BRU, '2026-04-24 21:00 Fri'), [6], 'today is Friday and 21:00 has passed: +7');
  add('vendredi prochain 21h', fr('2026-04-18 13:00 Sat'), at(PAR, '2026-04-24 21:00 Fri'), [6]);
  add('jeudi prochain à 20h ?', fr('2026-09-14 12:00 Mon', 'FR'), askW(PAR, '2026-09-17 20:00 Thu', '2026-09-24 20:00 Thu'), [6], 'said Monday: first Thursday is this week, ask offering both');
  add('mardi prochain 20h ça vous va ?', ca('2026-09-16 12:00 Wed'), at(TOR, '2026-09-22 20:00 Tue'), [6], 'said Wednesday: first Tuesday is in next week');
  add('demain 20h ?', fr('2026-02-03 00:15 Tue', 'FR'), ask(), [7], N7);
  add('dispo ce soir ?', fr('2026-03-12 13:00 Thu'), range(PAR, '2026-03-12 18:00', '2026-03-13 00:00'), [8]);
  add('qui est là à soir?', ca('2026-02-05 12:00 Thu', 'CA'), range(TOR, '2026-02-05 18:00', '2026-02-06 00:00'), [8], 'fr-CA "à soir" = ce soir');
  add('ce week-end atelier avatar', fr('2026-10-21 12:00 Wed', 'FR'), range(PAR, '2026-10-24 00:00 Sat', '2026-10-26 00:00 Mon'), [8]);
  add("la semaine prochaine ça m'arrange", be('2026-03-18 12:00 Wed', 'BE'), range(BRU, '2026-03-23 00:00 Mon', '2026-03-30 00:00 Mon'), [8]);
  add('rdv à midi au lobby', fr('2026-09-14 13:00 Mon'), at(PAR, '2026-09-15 12:00 Tue'), [9, 1]);
  add('compte à rebours à minuit 🎉', fr('2026-12-31 20:00 Thu', 'FR'), at(PAR, '2027-01-01 00:00 Fri'), [9]);
  add('la maj sort vendredi à minuit', ca('2026-09-16 15:00 Wed'), at(TOR, '2026-09-19 00:00 Sat'), [9]);
  add('karaoké de 21h à 23h', fr('2026-06-08 12:00 Mon', 'FR'), range(PAR, '2026-06-08 21:00', '2026-06-08 23:00'), [10]);
  add('soirée samedi de 23h à 3h', be('2026-10-21 12:00 Wed', 'BE'), range(BRU, '2026-10-24 23:00 Sat', '2026-10-25 03:00'), [10, 6]);
  add('scène ouverte 20h-22h heure de Paris', ca('2026-01-13 10:00 Tue', 'CA'), range(PAR, '2026-01-13 20:00', '2026-01-13 22:00'), [10, 12]);
  add('stream dans 45 min', fr('2026-03-29 01:30 Sun'), atIso(elapsed(PAR, '2026-03-29 01:30', 45)), [11]);
  add('revanche dans 3 jours', fr('2026-10-23 21:00 Fri', 'FR'), at(PAR, '2026-10-26 21:00 Mon'), [11], 'days keep the wall-clock time');
  add('on relance dans 2h', fr('2026-10-25 01:30 Sun'), atIso(elapsed(PAR, '2026-10-25 01:30', 120)), [11], 'elapsed: second 02:30 (CET)');
  add('quiz 21h EST', ca('2026-10-15 12:00 Thu', 'CA'), at(NY, '2026-10-15 21:00'), [12], 'wrong-season EST = Eastern civil time (EDT)');
  add('tournoi à 21h heure de Tokyo', fr('2026-02-10 10:00 Tue', 'FR'), at(TYO, '2026-02-10 21:00'), [12, 1]);
  add('21h CST ?', fr('2026-01-20 10:00 Tue', 'FR'), ask(), [13], N13);
  add('21h AST', ca('2026-01-20 10:00 Tue', 'CA', undefined, HAL), at(HAL, '2026-01-20 21:00'), [13], 'timeZone America/Halifax + CA settle AST (Atlantic)');
  add('demain 21h heure de Tokyo', fr('2026-06-16 22:00 Tue'), askW(TYO, '2026-06-17 21:00 Wed', '2026-06-18 21:00 Thu'), [14], 'Tokyo is already Wednesday 05:00');
  add('demain 20h heure de New York', fr('2026-06-16 14:00 Tue', 'FR'), at(NY, '2026-06-17 20:00 Wed'), [14]);
  add("dimanche 2h30 du matin, ça tente quelqu'un ?", fr('2026-03-27 18:00 Fri', 'FR'), ask(gapFwd(PAR, '2026-03-29 02:30')), [15, 6], N15g);
  add('le 25/10 à 2h30 du matin', be('2026-10-20 12:00 Tue', 'BE'), ask(...fold(BRU, '2026-10-25 02:30')), [15, 21], N15f);
  add('le 25/10 à 2h30 du matin UTC+2', be('2026-10-20 12:00 Tue'), atIso(withOffset(BRU, '2026-10-25 02:30', 120)), [15, 21], 'explicit offset settles the fold: first 02:30');
  add("pour la fête nationale on fait un feu d'artifice en VR", fr('2026-07-20 12:00 Mon', 'FR'), at(PAR, '2027-07-14 00:00'), [16]);
  add('le jour de la fête nationale', be('2026-07-01 12:00 Wed', 'BE'), at(BRU, '2026-07-21 00:00 Tue'), [16, 4], 'Belgian national day (country BE)');
  add("à l'Action de grâce", ca('2026-09-20 12:00 Sun', 'CA', 'QC'), at(TOR, '2026-10-12 00:00 Mon'), [16, 4]);
  add('le dernier vendredi du mois à 21h', fr('2026-07-02 12:00 Thu'), at(PAR, '2026-07-31 21:00 Fri'), [17]);
  add('le premier samedi de novembre', be('2026-08-10 12:00 Mon'), at(BRU, '2026-11-07 00:00 Sat'), [17, 4]);
  add('mdr à plus', fr('2026-04-15 21:00 Wed'), noPlan(), [18]);
  add("mon num c'est 06 12 34 56 78", fr('2026-05-05 10:00 Tue', 'FR'), noPlan(), [18], 'phone number');
  add('score final 3-1, gg à tous', be('2026-06-06 22:00 Sat'), noPlan(), [18], 'score');
  add('on est passés en version 1.10.2', ca('2026-08-01 11:00 Sat', 'CA'), noPlan(), [18], 'version');
  add("je suis à l'heure de Paris", fr('2026-01-09 19:00 Fri'), noPlan(), [18], 'zone alone');
  add('le 30 février à 20h', fr('2026-01-15 12:00 Thu', 'FR'), impossible(), [19], N19);
  add('à 25h ?', be('2026-04-01 12:00 Wed'), impossible(), [19], N19);
  add('le 31/04 à 21h', fr('2026-04-01 09:00 Wed', 'FR'), impossible(), [19, 21], N19);
  add('20h ou 21h ?', fr('2026-09-10 12:00 Thu'), ask(), [20], N20);
  add("le quiz c'est à 21h, je finis le taf à 18h donc ça passe", fr('2026-09-10 12:00 Thu', 'FR'), at(PAR, '2026-09-10 21:00'), [20]);
  add('le 3/4 à 20h', fr('2026-02-10 12:00 Tue'), at(PAR, '2026-04-03 20:00 Fri'), [21, 5], 'French: day first');
}

// ============================================================================================
// Spanish
{
  const es = (ref: string, country?: string, zone = MAD): Ctx => ({ zone, ref, locale: 'es-ES', country });
  const mx = (ref: string, country?: string): Ctx => ({ zone: MEX, ref, locale: 'es-MX', country });
  const ar = (ref: string, country?: string): Ctx => ({ zone: BUE, ref, locale: 'es-AR', country });
  const co = (ref: string, country?: string): Ctx => ({ zone: BOG, ref, locale: 'es-CO', country });
  const us = (ref: string, country?: string): Ctx => ({ zone: LA, ref, locale: 'es-US', country });

  add('nos vemos a las 21:00 en el mundo del club', es('2026-04-14 17:00 Tue', 'ES'), at(MAD, '2026-04-14 21:00'), [1]);
  add('a las 19:30 en el portal 🚪', mx('2026-06-30 20:15 Tue'), at(MEX, '2026-07-01 19:30 Wed'), [1]);
  add('a las 9pm hora de Nueva York', co('2026-07-01 21:30 Wed', 'CO'), at(NY, '2026-07-02 21:00 Thu'), [1, 12], 'New York is already 22:30: next occurrence there is tomorrow');
  add('¿a las 8 en el club?', es('2026-09-09 14:00 Wed'), at(MAD, '2026-09-09 20:00'), [2], 'soonest future reading');
  add('hoy a la noche a las 9 karaoke', ar('2026-10-02 15:00 Fri', 'AR'), at(BUE, '2026-10-02 21:00'), [2], 'es-AR "a la noche": pm');
  add('¿el 18 de julio a las 8?', es('2026-07-08 12:00 Wed'), ask(), [2], N2);
  add('mañana en la mañana a las 10, paseo de fotos', mx('2026-08-13 19:00 Thu', 'MX'), at(MEX, '2026-08-14 10:00 Fri'), [2]);
  add('ayer a las 9 de la noche estuvo buenísimo', es('2026-03-15 11:00 Sun'), at(MAD, '2026-03-14 21:00 Sat'), [3]);
  add('hace 2 horas se cayó el server', us('2026-03-08 04:30 Sun', 'US'), atIso(elapsed(LA, '2026-03-08 04:30', -120)), [3, 11], 'elapsed across the US spring-forward: 01:30 PST');
  add('el stand de Vket abre el 3 de agosto', es('2026-07-20 09:00 Mon', 'ES'), at(MAD, '2026-08-03 00:00 Mon'), [4, 5]);
  add('¡aniversario de la comu el 10 de enero!', ar('2026-12-15 18:00 Tue', 'AR'), at(BUE, '2027-01-10 00:00 Sun'), [4, 5]);
  add('viernes 21hs noche de pelis 🍿', ar('2026-04-15 10:00 Wed'), at(BUE, '2026-04-17 21:00 Fri'), [6]);
  add('¿este viernes a las 21 otra vez?', es('2026-04-17 22:30 Fri'), at(MAD, '2026-04-24 21:00 Fri'), [6], 'today is Friday and 21:00 has passed: +7');
  add('el próximo viernes a las 21', es('2026-04-18 13:00 Sat', 'ES'), at(MAD, '2026-04-24 21:00 Fri'), [6]);
  add('¿el jueves que viene a las 20?', co('2026-09-14 12:00 Mon', 'CO'), askW(BOG, '2026-09-17 20:00 Thu', '2026-09-24 20:00 Thu'), [6], 'said Monday: ask offering both');
  add('¿el próximo domingo a las 20?', mx('2026-05-16 12:00 Sat'), askW(MEX, '2026-05-17 20:00 Sun', '2026-05-24 20:00 Sun'), [6], 'said Saturday: tomorrow is still this week (Mon–Sun), ask offering both');
  add('¿mañana a las 20?', es('2026-01-02 01:10 Fri', 'ES'), ask(), [7], N7);
  add('¿quién se conecta esta noche?', mx('2026-03-12 13:00 Thu', 'MX'), range(MEX, '2026-03-12 18:00', '2026-03-13 00:00'), [8]);
  add('este finde taller de avatares', es('2026-10-21 12:00 Wed', 'ES'), range(MAD, '2026-10-24 00:00 Sat', '2026-10-26 00:00 Mon'), [8]);
  add('la semana que viene me va mejor', es('2026-12-30 12:00 Wed'), range(MAD, '2027-01-04 00:00 Mon', '2027-01-11 00:00 Mon'), [8], 'year end');
  add('al mediodía en el lobby', co('2026-09-14 13:00 Mon'), at(BOG, '2026-09-15 12:00 Tue'), [9, 1]);
  add('cuenta regresiva a la medianoche 🎉', mx('2026-12-31 20:00 Thu', 'MX'), at(MEX, '2027-01-01 00:00 Fri'), [9]);
  add('la actualización sale el viernes a medianoche', es('2026-09-16 15:00 Wed'), at(MAD, '2026-09-19 00:00 Sat'), [9]);
  add('karaoke de 9 a 11 pm', co('2026-06-08 12:00 Mon', 'CO'), range(BOG, '2026-06-08 21:00', '2026-06-08 23:00'), [10], 'trailing pm applies to both ends');
  add('fiesta de 23:00 a 03:00', us('2026-10-31 15:00 Sat', 'US'), range(LA, '2026-10-31 23:00', '2026-11-01 03:00'), [10]);
  add('open mic de 8 a 10pm hora de Nueva York', es('2026-01-13 18:00 Tue', 'ES'), range(NY, '2026-01-13 20:00', '2026-01-13 22:00'), [10, 12]);
  add('stream en 45 min', es('2026-03-29 01:30 Sun'), atIso(elapsed(MAD, '2026-03-29 01:30', 45)), [11]);
  add('revancha en 3 días', es('2026-10-23 21:00 Fri', 'ES'), at(MAD, '2026-10-26 21:00 Mon'), [11]);
  add('arrancamos en 3 horas', us('2026-03-07 23:30 Sat'), atIso(elapsed(LA, '2026-03-07 23:30', 180)), [11], 'elapsed across the spring-forward: 03:30 PDT');
  add('trivia 9pm EST', mx('2026-10-15 12:00 Thu', 'MX'), at(NY, '2026-10-15 21:00'), [12], 'wrong-season EST = New York civil time');
  add('torneo 9pm PST', co('2026-07-09 12:00 Thu'), at(LA, '2026-07-09 21:00'), [12], 'wrong-season PST in July = Pacific civil time (PDT)');
  add('9pm CST', mx('2026-07-09 12:00 Thu', 'MX'), at(MEX, '2026-07-09 21:00'), [13], 'timeZone America/Mexico_City + MX settle CST (Mexico keeps CST all year)');
  add('¿a las 21 IST?', es('2026-01-20 10:00 Tue', 'ES'), ask(), [13], N13);
  add('mañana a las 21 hora de Tokio', mx('2026-06-16 19:00 Tue', 'MX'), askW(TYO, '2026-06-17 21:00 Wed', '2026-06-18 21:00 Thu'), [14], 'Tokyo is already Wednesday 10:00');
  add('mañana a las 20 hora de Madrid', ar('2026-06-16 10:00 Tue', 'AR'), at(MAD, '2026-06-17 20:00 Wed'), [14], 'Madrid is Tuesday 15:00: same date');
  add('el domingo a las 2:30 de la mañana', es('2026-03-27 18:00 Fri', 'ES'), ask(gapFwd(MAD, '2026-03-29 02:30')), [15, 6], N15g);
  add('el 1 de noviembre a la 1:30 am', us('2026-10-28 12:00 Wed', 'US'), ask(...fold(LA, '2026-11-01 01:30')), [15], N15f);
  add('el 25/10 a las 2:30 de la mañana CET', es('2026-10-20 12:00 Tue'), atIso(withOffset(MAD, '2026-10-25 02:30', 60)), [15, 12, 21], 'fixed abbreviation settles the fold');
  add('el día de la Hispanidad hacemos evento', es('2026-10-13 12:00 Tue', 'ES'), at(MAD, '2027-10-12 00:00'), [16], 'Fiesta Nacional de España, passed yesterday');
  add('el Día de la Independencia a las 8 de la noche 🇲🇽', mx('2026-09-01 12:00 Tue', 'MX'), at(MEX, '2026-09-16 20:00 Wed'), [16, 2]);
  add('el Día de la Independencia', ar('2026-07-10 12:00 Fri', 'AR'), at(BUE, '2027-07-09 00:00 Fri'), [16, 4], 'Argentina: 9 de julio, passed yesterday');
  add('el último viernes del mes a las 21', es('2026-07-02 12:00 Thu'), at(MAD, '2026-07-31 21:00 Fri'), [17]);
  add('el primer sábado de noviembre', co('2026-08-10 12:00 Mon', 'CO'), at(BOG, '2026-11-07 00:00 Sat'), [17, 4]);
  add('jajaja nos vemos', es('2026-04-15 21:00 Wed'), noPlan(), [18]);
  add('mi cel es 55 1234 5678', mx('2026-05-05 10:00 Tue', 'MX'), noPlan(), [18], 'phone number');
  add('quedamos 3 a 1, gg', ar('2026-06-06 22:00 Sat'), noPlan(), [18], 'score');
  add('actualicé a la versión 3.2.1', co('2026-08-01 11:00 Sat'), noPlan(), [18], 'version');
  add('estoy en hora de Madrid', es('2026-01-09 19:00 Fri', 'ES'), noPlan(), [18], 'zone alone');
  add('el 30 de febrero a las 20', es('2026-01-15 12:00 Thu'), impossible(), [19], N19);
  add('a las 25:00', mx('2026-04-01 12:00 Wed', 'MX'), impossible(), [19], N19);
  add('a las 13pm', co('2026-04-01 09:00 Wed'), impossible(), [19], N19);
  add('¿a las 20 o a las 21?', es('2026-09-10 12:00 Thu'), ask(), [20], N20);
  add('el quiz es a las 21, salgo del laburo a las 18 así que llego', ar('2026-09-10 12:00 Thu', 'AR'), at(BUE, '2026-09-10 21:00'), [20]);
  add('el 3/4 a las 20', es('2026-02-10 12:00 Tue', 'ES'), at(MAD, '2026-04-03 20:00 Fri'), [21, 5], 'Spanish: day first');
}

// ============================================================================================
// Portuguese
{
  const br = (ref: string, country?: string, zone = SAO): Ctx => ({ zone, ref, locale: 'pt-BR', country });
  const pt = (ref: string, country?: string): Ctx => ({ zone: LIS, ref, locale: 'pt-PT', country });

  add('bora às 21h no mundo do clube', br('2026-04-14 17:00 Tue', 'BR'), at(SAO, '2026-04-14 21:00'), [1]);
  add('encontro às 19h30 no portal', pt('2026-06-30 20:15 Tue'), at(LIS, '2026-07-01 19:30 Wed'), [1]);
  add('às 21h horário de Lisboa', br('2026-02-10 17:30 Tue', 'BR'), at(LIS, '2026-02-10 21:00'), [1, 12], 'Lisbon is 20:30: 21:00 Lisbon today');
  add('às 8 no clube?', pt('2026-09-09 14:00 Wed'), at(LIS, '2026-09-09 20:00'), [2], 'soonest future reading');
  add('hoje à noite às 9 karaokê 🎤', br('2026-10-02 15:00 Fri', 'BR'), at(SAO, '2026-10-02 21:00'), [2]);
  add('dia 18 de julho às 8?', br('2026-07-08 12:00 Wed'), ask(), [2], N2);
  add('amanhã de manhã às 10 rolê de fotos', br('2026-08-13 19:00 Thu', 'BR'), at(SAO, '2026-08-14 10:00 Fri'), [2]);
  add('ontem às 21h foi muito bom', pt('2026-03-15 11:00 Sun', 'PT'), at(LIS, '2026-03-14 21:00 Sat'), [3]);
  add('há 2 horas o servidor caiu', pt('2026-03-29 03:30 Sun', 'PT'), atIso(elapsed(LIS, '2026-03-29 03:30', -120)), [3, 11], 'elapsed across the spring-forward: 00:30 WET');
  add('o estande da Vket abre dia 3 de agosto', br('2026-07-20 09:00 Mon'), at(SAO, '2026-08-03 00:00 Mon'), [4, 5]);
  add('aniversário da comunidade dia 10 de janeiro!', pt('2026-12-15 18:00 Tue', 'PT'), at(LIS, '2027-01-10 00:00 Sun'), [4, 5]);
  add('sexta 21h sessão de cinema 🍿', br('2026-04-15 10:00 Wed', 'BR'), at(SAO, '2026-04-17 21:00 Fri'), [6]);
  add('esta sexta às 21h de novo?', pt('2026-04-17 22:30 Fri'), at(LIS, '2026-04-24 21:00 Fri'), [6], 'today is Friday and 21:00 has passed: +7');
  add('na próxima sexta às 21h', br('2026-04-18 13:00 Sat'), at(SAO, '2026-04-24 21:00 Fri'), [6]);
  add('quinta que vem às 20h?', br('2026-09-14 12:00 Mon', 'BR'), askW(SAO, '2026-09-17 20:00 Thu', '2026-09-24 20:00 Thu'), [6], 'said Monday: ask offering both');
  add('na próxima terça às 20h', pt('2026-09-16 12:00 Wed', 'PT'), at(LIS, '2026-09-22 20:00 Tue'), [6], 'said Wednesday: first Tuesday is in next week');
  add('amanhã às 20h?', br('2026-05-02 00:40 Sat', 'BR'), ask(), [7], N7);
  add('quem vai estar on hoje à noite?', br('2026-03-12 13:00 Thu'), range(SAO, '2026-03-12 18:00', '2026-03-13 00:00'), [8]);
  add('esse fds tem oficina de avatar', br('2026-10-21 12:00 Wed', 'BR'), range(SAO, '2026-10-24 00:00 Sat', '2026-10-26 00:00 Mon'), [8], '"fds" = fim de semana');
  add('fica melhor para a semana', pt('2026-03-18 12:00 Wed', 'PT'), range(LIS, '2026-03-23 00:00 Mon', '2026-03-30 00:00 Mon'), [8], 'pt-PT "para a semana" = next week');
  add('ao meio-dia no lobby', br('2026-09-14 13:00 Mon'), at(SAO, '2026-09-15 12:00 Tue'), [9, 1]);
  add('contagem decrescente à meia-noite 🎉', pt('2026-12-31 20:00 Thu', 'PT'), at(LIS, '2027-01-01 00:00 Fri'), [9]);
  add('a atualização sai sexta à meia-noite', br('2026-09-16 15:00 Wed'), at(SAO, '2026-09-19 00:00 Sat'), [9]);
  add('karaokê das 21h às 23h', br('2026-06-08 12:00 Mon', 'BR'), range(SAO, '2026-06-08 21:00', '2026-06-08 23:00'), [10]);
  add('festa sábado das 23h às 3h', pt('2026-10-21 12:00 Wed', 'PT'), range(LIS, '2026-10-24 23:00 Sat', '2026-10-25 03:00'), [10, 6]);
  add('open mic das 20h às 22h horário de Brasília', pt('2026-01-13 15:00 Tue'), range(SAO, '2026-01-13 20:00', '2026-01-13 22:00'), [10, 12]);
  add('live em 45 min', pt('2026-03-29 00:30 Sun'), atIso(elapsed(LIS, '2026-03-29 00:30', 45)), [11]);
  add('revanche daqui a 3 dias', pt('2026-10-23 21:00 Fri', 'PT'), at(LIS, '2026-10-26 21:00 Mon'), [11]);
  add('voltamos daqui a 2 horas', pt('2026-10-25 00:30 Sun'), atIso(elapsed(LIS, '2026-10-25 00:30', 120)), [11], 'elapsed: second 01:30 (WET)');
  add('quiz 21h EST', br('2026-10-15 12:00 Thu', 'BR'), at(NY, '2026-10-15 21:00'), [12], 'wrong-season EST = New York civil time');
  add('torneio às 21h horário de Tóquio', br('2026-02-10 06:00 Tue'), at(TYO, '2026-02-10 21:00'), [12, 1]);
  add('21h IST?', br('2026-01-20 10:00 Tue', 'BR'), ask(), [13], N13);
  add('amanhã às 21h horário de Lisboa', br('2026-06-16 22:00 Tue', 'BR'), askW(LIS, '2026-06-17 21:00 Wed', '2026-06-18 21:00 Thu'), [14], 'Lisbon is already Wednesday 02:00');
  add('amanhã às 20h horário de Lisboa', br('2026-06-16 10:00 Tue'), at(LIS, '2026-06-17 20:00 Wed'), [14], 'Lisbon is Tuesday 14:00: same date');
  add('domingo à 1h30 da manhã, alguém?', pt('2026-03-27 18:00 Fri', 'PT'), ask(gapFwd(LIS, '2026-03-29 01:30')), [15, 6], N15g);
  add('dia 25/10 à 1h30 da manhã', pt('2026-10-20 12:00 Tue', 'PT'), ask(...fold(LIS, '2026-10-25 01:30')), [15, 21], N15f);
  add('dia 25/10 à 1h30 da manhã UTC+1', pt('2026-10-20 12:00 Tue'), atIso(withOffset(LIS, '2026-10-25 01:30', 60)), [15, 21], 'explicit offset settles the fold: first 01:30 (WEST)');
  add('no Dia de Portugal', pt('2026-06-20 12:00 Sat', 'PT'), at(LIS, '2027-06-10 00:00 Thu'), [16, 4]);
  add('no feriado de Tiradentes', br('2026-04-01 12:00 Wed', 'BR'), at(SAO, '2026-04-21 00:00 Tue'), [16, 4]);
  add('na Proclamação da República às 20h', br('2026-11-01 12:00 Sun', 'BR'), at(SAO, '2026-11-15 20:00 Sun'), [16]);
  add('na última sexta do mês às 21h', br('2026-07-02 12:00 Thu'), at(SAO, '2026-07-31 21:00 Fri'), [17]);
  add('no primeiro sábado de novembro', pt('2026-08-10 12:00 Mon', 'PT'), at(LIS, '2026-11-07 00:00 Sat'), [17, 4]);
  add('kkkkk até lá', br('2026-04-15 21:00 Wed'), noPlan(), [18]);
  add('meu zap é (11) 91234-5678', br('2026-05-05 10:00 Tue', 'BR'), noPlan(), [18], 'phone number');
  add('ganhamos de 3 a 1 kkk', br('2026-06-06 22:00 Sat'), noPlan(), [18], 'score');
  add('atualizei pra versão 2.4.1', pt('2026-08-01 11:00 Sat', 'PT'), noPlan(), [18], 'version');
  add('tô no horário de Brasília', br('2026-01-09 19:00 Fri', 'BR'), noPlan(), [18], 'zone alone');
  add('dia 30 de fevereiro às 20h', br('2026-01-15 12:00 Thu'), impossible(), [19], N19);
  add('às 25h?', pt('2026-04-01 12:00 Wed', 'PT'), impossible(), [19], N19);
  add('31/04 às 21h', br('2026-04-01 09:00 Wed', 'BR'), impossible(), [19, 21], N19);
  add('20h ou 21h?', br('2026-09-10 12:00 Thu'), ask(), [20], N20);
  add('o quiz é às 21h, saio do trampo às 18h então dá', br('2026-09-10 12:00 Thu', 'BR'), at(SAO, '2026-09-10 21:00'), [20]);
  add('dia 3/4 às 20h', br('2026-02-10 12:00 Tue'), at(SAO, '2026-04-03 20:00 Fri'), [21, 5], 'Portuguese: day first');
}

// ============================================================================================
// Japanese
{
  const jp = (ref: string, country?: string, zone = TYO): Ctx => ({ zone, ref, locale: 'ja-JP', country });

  add('21時にクラブワールド集合', jp('2026-04-14 17:00 Tue', 'JP'), at(TYO, '2026-04-14 21:00'), [1]);
  add('19時半にポータル前で', jp('2026-06-30 20:15 Tue'), at(TYO, '2026-07-01 19:30 Wed'), [1]);
  add('ロンドン時間の22時から', jp('2026-05-13 06:30 Wed', 'JP'), at(LON, '2026-05-13 22:00 Wed'), [1, 12], 'London is 22:30 on the 12th: next 22:00 London is the 13th');
  add('8時にクラブ集合？', jp('2026-09-09 14:00 Wed'), at(TYO, '2026-09-09 20:00'), [2], 'soonest future reading');
  add('今夜9時からカラオケ🎤', jp('2026-10-02 15:00 Fri', 'JP'), at(TYO, '2026-10-02 21:00'), [2]);
  add('7月18日の8時？', jp('2026-07-08 12:00 Wed'), ask(), [2], N2);
  add('明日の朝10時に写真散歩', jp('2026-08-13 19:00 Thu', 'JP'), at(TYO, '2026-08-14 10:00 Fri'), [2]);
  add('昨日の21時のイベント楽しかった', jp('2026-03-15 11:00 Sun'), at(TYO, '2026-03-14 21:00 Sat'), [3]);
  add('2時間前にサーバー落ちた', jp('2026-10-25 02:30 Sun', 'GB', LON), atIso(elapsed(LON, '2026-10-25 02:30', -120)), [3, 11], 'elapsed across the UK fall-back: first 01:30 (BST)');
  add('Vketのブースは8月3日オープン', jp('2026-07-20 09:00 Mon', 'JP'), at(TYO, '2026-08-03 00:00 Mon'), [4, 5]);
  add('1月10日にコミュ周年パーティー！', jp('2026-12-15 18:00 Tue'), at(TYO, '2027-01-10 00:00 Sun'), [4, 5]);
  add('金曜21時から映画会🍿', jp('2026-04-15 10:00 Wed', 'JP'), at(TYO, '2026-04-17 21:00 Fri'), [6]);
  add('金曜21時にまたやる？', jp('2026-04-17 22:30 Fri'), at(TYO, '2026-04-24 21:00 Fri'), [6], 'today is Friday and 21:00 has passed: +7');
  add('次の金曜21時', jp('2026-04-18 13:00 Sat'), at(TYO, '2026-04-24 21:00 Fri'), [6]);
  add('次の木曜20時？', jp('2026-09-14 12:00 Mon', 'JP'), askW(TYO, '2026-09-17 20:00 Thu', '2026-09-24 20:00 Thu'), [6], '"次の" = next: said Monday, ask offering both');
  add('来週の月曜19時', jp('2026-11-08 15:00 Sun'), at(TYO, '2026-11-09 19:00 Mon'), [6, 8], "said Sunday: next week's Monday is tomorrow (both readings agree)");
  add('明日20時？', jp('2026-07-01 01:30 Wed', 'JP'), ask(), [7], N7);
  add('今夜いる人？', jp('2026-03-12 13:00 Thu'), range(TYO, '2026-03-12 18:00', '2026-03-13 00:00'), [8]);
  add('今週末アバター改変会やります', jp('2026-10-21 12:00 Wed', 'JP'), range(TYO, '2026-10-24 00:00 Sat', '2026-10-26 00:00 Mon'), [8]);
  add('来週のほうが都合いい', jp('2026-03-18 12:00 Wed'), range(TYO, '2026-03-23 00:00 Mon', '2026-03-30 00:00 Mon'), [8]);
  add('正午にロビー集合', jp('2026-09-14 13:00 Mon', 'JP'), at(TYO, '2026-09-15 12:00 Tue'), [9, 1]);
  add('0時にカウントダウン🎉', jp('2026-12-31 20:00 Thu'), at(TYO, '2027-01-01 00:00 Fri'), [1, 9]);
  add('カラオケは21時〜23時', jp('2026-06-08 12:00 Mon', 'JP'), range(TYO, '2026-06-08 21:00', '2026-06-08 23:00'), [10]);
  add('土曜23時〜3時でオールイベ', jp('2026-10-21 12:00 Wed'), range(TYO, '2026-10-24 23:00 Sat', '2026-10-25 03:00'), [10, 6], 'end not after start: next day');
  add('オープンマイクはニューヨーク時間の20時〜22時', jp('2026-01-13 18:00 Tue', 'JP'), range(NY, '2026-01-13 20:00', '2026-01-13 22:00'), [10, 12]);
  add('45分後に配信開始', jp('2026-03-29 00:30 Sun', undefined, LON), atIso(elapsed(LON, '2026-03-29 00:30', 45)), [11]);
  add('3日後にリベンジ', jp('2026-03-06 21:00 Fri', 'US', LA), at(LA, '2026-03-09 21:00 Mon'), [11], 'days keep the wall-clock time');
  add('24時間後にまた集合', jp('2026-03-07 21:00 Sat', undefined, LA), atIso(elapsed(LA, '2026-03-07 21:00', 24 * 60)), [11], 'hours are elapsed: 22:00 PDT');
  add('EST 21時からクイズ', jp('2026-10-15 12:00 Thu', 'JP'), at(NY, '2026-10-15 21:00'), [12, 1], 'wrong-season EST = New York civil time; New York is 23:00 on the 14th');
  add('PT 19時から', jp('2026-02-03 10:00 Tue'), at(LA, '2026-02-02 19:00 Mon'), [12, 1], 'Los Angeles is 17:00 on the 2nd');
  add('CST 21時でいい？', jp('2026-01-20 10:00 Tue', 'JP'), ask(), [13], N13);
  add('明日の21時（ニューヨーク時間）', jp('2026-06-16 10:00 Tue', 'JP'), askW(NY, '2026-06-17 21:00 Wed', '2026-06-16 21:00 Tue'), [14], 'New York is still Monday 21:00');
  add('明日の20時ロンドン時間で', jp('2026-06-16 20:00 Tue'), at(LON, '2026-06-17 20:00 Wed'), [14], 'London is Tuesday 12:00: same date');
  add('ニューヨーク時間で3月8日の午前2時半', jp('2026-03-01 12:00 Sun', 'JP'), ask(gapFwd(NY, '2026-03-08 02:30')), [15], N15g);
  add('ロンドン時間で10月25日の午前1時半', jp('2026-10-20 12:00 Tue'), ask(...fold(LON, '2026-10-25 01:30')), [15], N15f);
  add('10月25日の午前1時半（UTC）', jp('2026-10-20 12:00 Tue', 'GB', LON), atIso(withOffset(LON, '2026-10-25 01:30', 0)), [15], 'explicit offset settles the fold');
  add('文化の日に集まろう', jp('2026-10-20 12:00 Tue', 'JP'), at(TYO, '2026-11-03 00:00 Tue'), [16, 4]);
  add('海の日の21時から', jp('2026-07-01 12:00 Wed', 'JP'), at(TYO, '2026-07-20 21:00 Mon'), [16]);
  add('勤労感謝の日にイベント', jp('2026-11-24 12:00 Tue', 'JP'), at(TYO, '2027-11-23 00:00'), [16, 4], 'passed yesterday: next occurrence');
  add('今月の最終金曜21時', jp('2026-07-02 12:00 Thu'), at(TYO, '2026-07-31 21:00 Fri'), [17]);
  add('11月の第1土曜日', jp('2026-08-10 12:00 Mon', 'JP'), at(TYO, '2026-11-07 00:00 Sat'), [17, 4]);
  add('草 おつかれ〜', jp('2026-04-15 21:00 Wed'), noPlan(), [18]);
  add('電話番号は090-1234-5678です', jp('2026-05-05 10:00 Tue', 'JP'), noPlan(), [18], 'phone number');
  add('3-1で勝った！', jp('2026-06-06 22:00 Sat'), noPlan(), [18], 'score');
  add('v1.2.3にアプデしました', jp('2026-08-01 11:00 Sat', 'JP'), noPlan(), [18], 'version');
  add('こっちはJSTです', jp('2026-01-09 19:00 Fri'), noPlan(), [18], 'zone alone');
  add('2月30日の20時', jp('2026-01-15 12:00 Thu', 'JP'), impossible(), [19], N19);
  add('午後13時集合', jp('2026-04-01 12:00 Wed'), impossible(), [19], N19 + ' ("pm 13")');
  add('4月31日21時', jp('2026-04-01 09:00 Wed', 'JP'), impossible(), [19], N19);
  add('20時か21時どっち？', jp('2026-09-10 12:00 Thu'), ask(), [20], N20);
  add('クイズは21時から、仕事18時までだから間に合う', jp('2026-09-10 12:00 Thu', 'JP'), at(TYO, '2026-09-10 21:00'), [20]);
  add('3/4 20時', jp('2026-02-10 12:00 Tue'), at(TYO, '2026-03-04 20:00 Wed'), [21, 5], 'Japanese: month first');
}

// ---------------------------------------------------------------------------------------------
// Output

const out = join(dirname(fileURLToPath(import.meta.url)), 'time-phrases-7.jsonl');
writeFileSync(out, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');

const lang = (c: Case) => (c.input.locale ?? 'en').slice(0, 2);
const count = (f: (c: Case) => boolean) => cases.filter(f).length;
const byLang: Record<string, number> = {};
for (const c of cases) byLang[lang(c)] = (byLang[lang(c)] ?? 0) + 1;
console.log(`${cases.length} cases → ${out}`);
console.log('by language', byLang);
console.log(
  `asks ${count((c) => c.expect.status === 'needs_clarification')}, no_plan ${count((c) => c.expect.status === 'no_plan')}, resolved ${count((c) => c.expect.status === 'resolved')}, with country ${count((c) => !!c.input.country)}`,
);
const byRule: Record<number, number> = {};
for (const c of cases) for (const r of c.rule) byRule[r] = (byRule[r] ?? 0) + 1;
console.log('by rule', byRule);
