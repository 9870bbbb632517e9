/**
 * Generator of bench/corpus/time-phrases-2.jsonl: a second, independent evaluation corpus for the
 * time parser, written from the interpretation rules only (decisions.md §5 and the digest §2.9),
 * as chat lines of VR-community event chats.
 *
 *   node --import tsx bench/corpus/phrases2.ts        (rewrites time-phrases-2.jsonl beside it)
 *
 * Every case holds its reference instant and its expected answer as wall-clock times in a named
 * zone, each with its weekday ("Sat 2026-03-14 21:00"); the weekday is checked and luxon supplies
 * the offset. A wall time that falls in a DST gap or fold is refused unless it goes through
 * `gapForward`, `foldBoth` or `withOffset`, which state the reading on purpose.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime, type DurationLikeObject } from 'luxon';

import type { CorpusCase, CorpusExpect } from '../timeCorpus.js';

type Expect = CorpusExpect;
type Status = Expect['status'];
interface Ctx {
  timeZone?: string;
  locale?: string;
  country?: string;
  subdivision?: string;
}
type Line = CorpusCase;

const DEFAULT_ZONE = 'America/New_York';
const ISO_OPTS = { suppressMilliseconds: true } as const;

// ---------------------------------------------------------------------------------------------
// Wall-clock helpers

const WALL = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{4}-\d\d-\d\d \d\d:\d\d)$/;

function parseWall(wall: string): { dow: string; utcWall: DateTime } {
  const m = WALL.exec(wall);
  if (!m) throw new Error(`bad wall time "${wall}" (want "Sat 2026-03-14 21:00")`);
  const utcWall = DateTime.fromFormat(m[2], 'yyyy-MM-dd HH:mm', { zone: 'UTC' });
  if (!utcWall.isValid) throw new Error(`invalid wall time "${wall}"`);
  if (utcWall.toFormat('ccc') !== m[1]) throw new Error(`"${wall}": that date is a ${utcWall.toFormat('ccc')}`);
  return { dow: m[1], utcWall };
}

/** Every instant whose wall clock in `zone` reads `wall` (0 in a gap, 2 in a fold). */
function readings(zone: string, wall: string): DateTime[] {
  const { utcWall } = parseWall(wall);
  const ms = utcWall.toMillis();
  const offsets = new Set<number>();
  for (const h of [-48, -24, -6, -3, 0, 3, 6, 24, 48]) offsets.add(DateTime.fromMillis(ms + h * 3600_000, { zone }).offset);
  const out: DateTime[] = [];
  for (const o of offsets) {
    const dt = DateTime.fromMillis(ms - o * 60_000, { zone });
    if (dt.offset === o && dt.toFormat('yyyy-MM-dd HH:mm') === utcWall.toFormat('yyyy-MM-dd HH:mm')) out.push(dt);
  }
  return out.sort((a, b) => a.toMillis() - b.toMillis());
}

/** The one instant of a wall time; refuses gaps and folds. */
function W(zone: string, wall: string): string {
  const r = readings(zone, wall);
  if (r.length !== 1) throw new Error(`${wall} in ${zone} has ${r.length} readings (gap or fold): state it with gapForward/foldBoth/withOffset`);
  return r[0].toISO(ISO_OPTS)!;
}

/** A wall time in a DST gap, read with the offset in force before the gap (the shift-forward reading). */
function gapForward(zone: string, wall: string): string {
  if (readings(zone, wall).length !== 0) throw new Error(`${wall} is not in a gap of ${zone}`);
  const ms = parseWall(wall).utcWall.toMillis();
  const before = DateTime.fromMillis(ms - 24 * 3600_000, { zone }).offset;
  return DateTime.fromMillis(ms - before * 60_000, { zone }).toISO(ISO_OPTS)!;
}

/** Both instants of a wall time in a DST fold, earlier first. */
function foldBoth(zone: string, wall: string): string[] {
  const r = readings(zone, wall);
  if (r.length !== 2) throw new Error(`${wall} is not in a fold of ${zone}`);
  return r.map((d) => d.toISO(ISO_OPTS)!);
}

/** A wall time with an explicitly stated UTC offset ("+02:00"). */
function withOffset(wall: string, offset: string): string {
  const { utcWall } = parseWall(wall);
  const dt = DateTime.fromISO(`${utcWall.toFormat("yyyy-MM-dd'T'HH:mm:ss")}${offset}`, { setZone: true });
  if (!dt.isValid) throw new Error(`bad offset ${offset}`);
  return dt.toISO(ISO_OPTS)!;
}

/** Elapsed time (seconds, minutes, hours) from an instant, shown in `zone`. */
function elapsed(zone: string, fromIso: string, d: DurationLikeObject): string {
  return DateTime.fromISO(fromIso, { setZone: true }).toUTC().plus(d).setZone(zone).toISO(ISO_OPTS)!;
}

// ---------------------------------------------------------------------------------------------
// Expectations

const at = (zone: string, wall: string): Expect => ({ status: 'resolved', at: W(zone, wall) });
const atIso = (iso: string): Expect => ({ status: 'resolved', at: iso });
const range = (zone: string, start: string, end: string): Expect => ({ status: 'resolved', start: W(zone, start), end: W(zone, end) });
const ask = (...options: string[]): Expect => ({ status: 'needs_clarification', options });
const askWalls = (zone: string, ...walls: string[]): Expect => ask(...walls.map((w) => W(zone, w)));
const noPlan = (): Expect => ({ status: 'no_plan' });
/** Rule 19: "no_plan or ask". */
const impossible = (): Expect => ({ status: 'no_plan', alsoAccept: ['needs_clarification'] });

// ---------------------------------------------------------------------------------------------
// Speakers

const NY = 'America/New_York';
const LAZ = 'America/Los_Angeles';
const CHIZ = 'America/Chicago';
const LON = 'Europe/London';
const BER = 'Europe/Berlin';
const PAR = 'Europe/Paris';
const MAD = 'Europe/Madrid';
const LIS = 'Europe/Lisbon';
const TYO = 'Asia/Tokyo';
const SYD = 'Australia/Sydney';
const TOR = 'America/Toronto';
const MEXZ = 'America/Mexico_City';
const BAZ = 'America/Argentina/Buenos_Aires';
const SAO = 'America/Sao_Paulo';

const US: Ctx = { timeZone: NY, locale: 'en-US', country: 'US' };
const LA: Ctx = { timeZone: LAZ, locale: 'en-US', country: 'US' };
const CHI: Ctx = { timeZone: CHIZ, locale: 'en-US', country: 'US' };
const UK: Ctx = { timeZone: LON, locale: 'en-GB', country: 'GB' };
const AU: Ctx = { timeZone: SYD, locale: 'en-AU', country: 'AU', subdivision: 'NSW' };
const BER_EN: Ctx = { timeZone: BER, locale: 'en-GB' };
const NY_BARE: Ctx = { timeZone: NY };
const NO_ZONE: Ctx = {};
const DE: Ctx = { timeZone: BER, locale: 'de-DE', country: 'DE' };
const AT: Ctx = { timeZone: 'Europe/Vienna', locale: 'de-AT', country: 'AT' };
const FR: Ctx = { timeZone: PAR, locale: 'fr-FR', country: 'FR' };
const QC: Ctx = { timeZone: TOR, locale: 'fr-CA', country: 'CA', subdivision: 'QC' };
const ES: Ctx = { timeZone: MAD, locale: 'es-ES', country: 'ES' };
const MX: Ctx = { timeZone: MEXZ, locale: 'es-MX', country: 'MX' };
const AR: Ctx = { timeZone: BAZ, locale: 'es-AR', country: 'AR' };
const BR: Ctx = { timeZone: SAO, locale: 'pt-BR', country: 'BR' };
const PT: Ctx = { timeZone: LIS, locale: 'pt-PT', country: 'PT' };
const JP: Ctx = { timeZone: TYO, locale: 'ja-JP', country: 'JP' };

// ---------------------------------------------------------------------------------------------
// Cases

const lines: Line[] = [];

/**
 * One case. `ref` is a wall time in the speaker's zone ("Wed 2026-01-14 15:00") or, where the
 * wall time alone would not fix the instant (a fold), an ISO instant with offset.
 */
function C(text: string, ctx: Ctx, ref: string, expect: Expect, rule: number[], note?: string) {
  const zone = ctx.timeZone ?? DEFAULT_ZONE;
  const referenceInstant = WALL.test(ref) ? W(zone, ref) : DateTime.fromISO(ref, { setZone: true }).toISO(ISO_OPTS)!;
  if (!referenceInstant || !DateTime.fromISO(referenceInstant).isValid) throw new Error(`bad ref ${ref}`);
  const id = `x-${String(lines.length + 1).padStart(3, '0')}`;
  const input: Line['input'] = ctx.timeZone ? { text, timeZone: ctx.timeZone, referenceInstant } : { text, referenceInstant };
  if (ctx.locale) input.locale = ctx.locale;
  if (ctx.country) input.country = ctx.country;
  if (ctx.subdivision) input.subdivision = ctx.subdivision;
  const line: Line = { id, input, expect, rule };
  if (note) line.note = note;
  lines.push(line);
}

/** Reference instant of a wall time, for elapsed-time expectations. */
const R = (zone: string, wall: string) => W(zone, wall);

// ============================ English ============================

// Rule 1: a bare time is its next occurrence; with a zone named, the next occurrence in that zone.
C("yo we're doing karaoke 9pm come thru 🎤", US, 'Wed 2026-01-14 15:00', at(NY, 'Wed 2026-01-14 21:00'), [1]);
C('raid at 20:00 CET, be there or be square', US, 'Wed 2026-01-14 15:00', at(BER, 'Thu 2026-01-15 20:00'), [1], '15:00 EST is 21:00 CET: 20:00 has passed in the named zone, so the next one is tomorrow');
C('open mic @ 7:30pm, sign up in #stage', US, 'Fri 2026-05-15 20:10', at(NY, 'Sat 2026-05-16 19:30'), [1]);
C('world hop at 23:15', LA, 'Sun 2026-08-09 22:50', at(LAZ, 'Sun 2026-08-09 23:15'), [1]);
C('anyone wanna do beat saber at 10:45pm', CHI, 'Mon 2026-02-02 23:00', at(CHIZ, 'Tue 2026-02-03 22:45'), [1]);
C('9pm PT works for me', US, 'Tue 2026-04-14 23:30', at(LAZ, 'Tue 2026-04-14 21:00'), [1, 12], '23:30 EDT is 20:30 PDT: 21:00 PT is still ahead in PT');
C('ok 9pm PT then', US, 'Wed 2026-04-15 01:00', at(LAZ, 'Wed 2026-04-15 21:00'), [1, 12], '01:00 EDT is 22:00 PDT the day before: 21:00 PT has passed there');
C('server restart at 06:00 UTC, save your stuff', BER_EN, 'Thu 2026-06-11 09:00', at('UTC', 'Fri 2026-06-12 06:00'), [1], '09:00 CEST is 07:00 UTC');
C('starting at 8pm tokyo time', LA, 'Sat 2026-09-12 05:00', at(TYO, 'Sun 2026-09-13 20:00'), [1, 12], '05:00 PDT is 21:00 JST');
C('meet at the plaza 10:15pm', UK, 'Sat 2026-06-20 22:30', at(LON, 'Sun 2026-06-21 22:15'), [1]);
C('vc at 00:30 if ur still up', AU, 'Fri 2026-11-13 23:00', at(SYD, 'Sat 2026-11-14 00:30'), [1]);
C('lunch meetup at noon in the café world', US, 'Wed 2026-07-08 13:00', at(NY, 'Thu 2026-07-09 12:00'), [1, 9]);
C('doors open 6:45pm!!', NY_BARE, 'Thu 2026-12-03 09:00', at(NY, 'Thu 2026-12-03 18:45'), [1]);
C('stream at 8:30pm', NO_ZONE, 'Mon 2026-02-23 10:00', at(NY, 'Mon 2026-02-23 20:30'), [1], 'no timeZone: the default America/New_York (digest 2.9)');

// Rule 2: an hour without am/pm.
C('movie night at 8 👀', US, 'Thu 2026-03-12 14:00', at(NY, 'Thu 2026-03-12 20:00'), [2]);
C('lets start at 8, bring snacks', US, 'Thu 2026-03-12 06:30', at(NY, 'Thu 2026-03-12 08:00'), [2], 'soonest future reading at 06:30 is 08:00');
C('ok meet at 9:30', LA, 'Tue 2026-09-22 22:00', at(LAZ, 'Wed 2026-09-23 09:30'), [2], 'both 21:30 today has passed; soonest future reading is 09:30 tomorrow');
C('saturday at 8 in the club world', US, 'Wed 2026-03-11 12:00', askWalls(NY, 'Sat 2026-03-14 08:00', 'Sat 2026-03-14 20:00'), [2, 6], 'a weekday names the date, so the hour is ambiguous');
C('dec 5 at 7, winter ball ❄️', US, 'Tue 2026-11-10 12:00', askWalls(NY, 'Sat 2026-12-05 07:00', 'Sat 2026-12-05 19:00'), [2, 5]);
C('tonight at 9 🎉', US, 'Mon 2026-06-15 13:00', at(NY, 'Mon 2026-06-15 21:00'), [2]);
C('tomorrow morning at 10 for the hike world', US, 'Fri 2026-08-14 18:00', at(NY, 'Sat 2026-08-15 10:00'), [2]);
C('tmrw night at 11, horror map', US, 'Wed 2026-10-14 17:00', at(NY, 'Thu 2026-10-15 23:00'), [2]);
C('this evening at 7:30 we test the avatars', CHI, 'Sun 2026-02-15 11:00', at(CHIZ, 'Sun 2026-02-15 19:30'), [2]);
C('fri at 10 - pajama party', US, 'Mon 2026-05-11 12:00', askWalls(NY, 'Fri 2026-05-15 10:00', 'Fri 2026-05-15 22:00'), [2, 6]);
C('tomorrow at 9?', US, 'Tue 2026-06-16 15:00', askWalls(NY, 'Wed 2026-06-17 09:00', 'Wed 2026-06-17 21:00'), [2], '"tomorrow" names a date, so the bare hour is ambiguous');
C('at 11 then', LA, 'Tue 2026-06-16 10:30', at(LAZ, 'Tue 2026-06-16 11:00'), [2]);
C('at 11 then', LA, 'Tue 2026-06-16 11:30', at(LAZ, 'Tue 2026-06-16 23:00'), [2]);
C('sunday morning at 9 yoga in the zen world', UK, 'Wed 2026-09-09 20:00', at(LON, 'Sun 2026-09-13 09:00'), [2, 6]);

// Rule 3: explicit past.
C('the stream yesterday 9pm was 🔥', US, 'Sun 2026-03-15 10:00', at(NY, 'Sat 2026-03-14 21:00'), [3]);
C('someone crashed the instance 2 hrs ago', US, 'Thu 2026-04-02 16:45', atIso(elapsed(NY, R(NY, 'Thu 2026-04-02 16:45'), { hours: -2 })), [3, 11]);
C('posted that 45 mins ago', LA, 'Sat 2026-11-21 00:20', atIso(elapsed(LAZ, R(LAZ, 'Sat 2026-11-21 00:20'), { minutes: -45 })), [3, 11]);
C('we started the marathon 3 days ago', US, 'Tue 2026-03-10 12:00', at(NY, 'Sat 2026-03-07 12:00'), [3, 11], 'days keep the wall clock across the DST change');
C('server went down like 2 hours ago smh', US, '2026-03-08T04:00:00-04:00', atIso(elapsed(NY, '2026-03-08T04:00:00-04:00', { hours: -2 })), [3, 11], 'elapsed across the gap: 01:00 EST');
C('yesterday at noon the map broke', US, 'Mon 2026-01-05 09:00', at(NY, 'Sun 2026-01-04 12:00'), [3, 9]);
C('the raffle ended 20 min ago', UK, '2026-10-25T01:10:00+00:00', atIso(elapsed(LON, '2026-10-25T01:10:00+00:00', { minutes: -20 })), [3, 11], 'reference is the second 01:10 (GMT); 20 minutes earlier is 01:50 BST');

// Rule 4: a date without a time is local 00:00.
C('winter ball is dec 5, mark it', US, 'Tue 2026-11-10 12:00', at(NY, 'Sat 2026-12-05 00:00'), [4, 5]);
C('party saturday!!', US, 'Wed 2026-03-11 12:00', at(NY, 'Sat 2026-03-14 00:00'), [4, 6]);
C('save the date: july 18 ✨', LA, 'Mon 2026-06-01 12:00', at(LAZ, 'Sat 2026-07-18 00:00'), [4, 5]);
C('ok tomorrow it is', US, 'Thu 2026-02-19 16:00', at(NY, 'Fri 2026-02-20 00:00'), [4]);
C('meetup on 29 march', UK, 'Sun 2026-03-01 12:00', at(LON, 'Sun 2026-03-29 00:00'), [4, 5, 21]);
C('the 8th of march is the anniversary', US, 'Sun 2026-03-01 12:00', at(NY, 'Sun 2026-03-08 00:00'), [4, 5]);

// Rule 5: a date without a year is its next occurrence on or after today.
C('jan 3 new year meetup', US, 'Sun 2026-12-20 12:00', at(NY, 'Sun 2027-01-03 00:00'), [4, 5, 20], '"new year" names the meetup; jan 3 is clearly the date');
C('jan 3 at 8pm, afterparty for the afterparty', US, 'Sun 2026-12-20 12:00', at(NY, 'Sun 2027-01-03 20:00'), [5]);
C('nov 7 8pm final rehearsal', US, 'Sat 2026-11-07 10:00', at(NY, 'Sat 2026-11-07 20:00'), [5]);
C('feb 14 valentines dance 9pm', US, 'Fri 2026-02-20 12:00', at(NY, 'Sun 2027-02-14 21:00'), [5]);
C('leap day party feb 29 9pm 🐸', US, 'Tue 2028-02-01 12:00', at(NY, 'Tue 2028-02-29 21:00'), [5]);
C('march 1st 7pm', US, 'Tue 2028-02-29 20:00', at(NY, 'Wed 2028-03-01 19:00'), [5]);

// Rule 6: weekdays.
C('karaoke fri 9pm', US, 'Wed 2026-03-11 12:00', at(NY, 'Fri 2026-03-13 21:00'), [6]);
C('this sunday 4pm', US, 'Wed 2026-03-11 12:00', at(NY, 'Sun 2026-03-15 16:00'), [6]);
C('wednesday 9pm, same world as last time', US, 'Wed 2026-03-11 12:00', at(NY, 'Wed 2026-03-11 21:00'), [6]);
C('wed 9am study session', US, 'Wed 2026-03-11 12:00', at(NY, 'Wed 2026-03-18 09:00'), [6], "today's 09:00 has passed: +7");
C('next friday 9pm', US, 'Mon 2026-05-11 12:00', askWalls(NY, 'Fri 2026-05-15 21:00', 'Fri 2026-05-22 21:00'), [6], 'first Friday after Monday is in this week: ask');
C('next tuesday 8pm', US, 'Thu 2026-05-14 12:00', at(NY, 'Tue 2026-05-19 20:00'), [6]);
C('next sat 10pm', US, 'Sat 2026-05-16 12:00', at(NY, 'Sat 2026-05-23 22:00'), [6]);
C('next friday then', US, 'Sun 2026-05-17 12:00', at(NY, 'Fri 2026-05-22 00:00'), [4, 6], 'from Sunday the first Friday after today is in next week');
C('next sunday 6pm', LA, 'Mon 2026-05-11 12:00', askWalls(LAZ, 'Sun 2026-05-17 18:00', 'Sun 2026-05-24 18:00'), [6]);
C('next wed?', US, 'Wed 2026-05-13 15:00', at(NY, 'Wed 2026-05-20 00:00'), [4, 6]);
C('next thursday 7pm', UK, 'Tue 2026-09-29 12:00', askWalls(LON, 'Thu 2026-10-01 19:00', 'Thu 2026-10-08 19:00'), [6]);
C('event moved to sunday 6pm', US, 'Fri 2026-10-30 12:00', at(NY, 'Sun 2026-11-01 18:00'), [6]);
C('sat 9pm 🪩', LA, 'Sat 2026-08-08 22:00', at(LAZ, 'Sat 2026-08-15 21:00'), [6]);
C('thurs 8pm?', LA, 'Thu 2026-08-13 19:00', at(LAZ, 'Thu 2026-08-13 20:00'), [6]);
C('this friday 8pm', AU, 'Mon 2026-04-06 12:00', at(SYD, 'Fri 2026-04-10 20:00'), [6]);

// Rule 7: "tomorrow" between midnight and early morning.
C('anyone up for tmrw 7pm?', US, 'Sat 2026-05-16 00:40', askWalls(NY, 'Sat 2026-05-16 19:00', 'Sun 2026-05-17 19:00'), [7]);
C('tomorrow 9pm then, gn', CHI, 'Thu 2026-01-15 01:55', askWalls(CHIZ, 'Thu 2026-01-15 21:00', 'Fri 2026-01-16 21:00'), [7]);
C('tomorrow at noon?', LA, 'Tue 2026-06-30 02:30', askWalls(LAZ, 'Tue 2026-06-30 12:00', 'Wed 2026-07-01 12:00'), [7, 9]);
C('tmrw 8pm sharp', UK, 'Sun 2026-03-01 00:15', askWalls(LON, 'Sun 2026-03-01 20:00', 'Mon 2026-03-02 20:00'), [7]);
C('tmrw 7pm?', US, 'Fri 2026-05-15 23:50', at(NY, 'Sat 2026-05-16 19:00'), [7], 'said before midnight: no ambiguity');
C('tomorrow 10pm for the new years hangover stream lol', US, 'Fri 2027-01-01 01:20', askWalls(NY, 'Fri 2027-01-01 22:00', 'Sat 2027-01-02 22:00'), [7]);

// Rule 8: vague periods are ranges.
C('vrc tonight?', US, 'Tue 2026-02-10 14:00', range(NY, 'Tue 2026-02-10 18:00', 'Wed 2026-02-11 00:00'), [8]);
C('tonight!! 🎉🎉', US, 'Fri 2026-07-24 20:00', range(NY, 'Fri 2026-07-24 18:00', 'Sat 2026-07-25 00:00'), [8], 'tonight is 18:00-24:00 as defined, even when said at 20:00');
C('free this weekend?', UK, 'Wed 2026-03-25 12:00', range(LON, 'Sat 2026-03-28 00:00', 'Mon 2026-03-30 00:00'), [8], 'spans the UK DST start');
C('something big next week 👀', US, 'Thu 2026-10-22 12:00', range(NY, 'Mon 2026-10-26 00:00', 'Mon 2026-11-02 00:00'), [8]);
C('festival world opens this weekend', US, 'Fri 2026-12-04 09:00', range(NY, 'Sat 2026-12-05 00:00', 'Mon 2026-12-07 00:00'), [8]);
C('next week works', US, 'Sun 2026-03-01 12:00', range(NY, 'Mon 2026-03-02 00:00', 'Mon 2026-03-09 00:00'), [8]);
C('gig tonight', AU, 'Sat 2026-10-03 10:00', range(SYD, 'Sat 2026-10-03 18:00', 'Sun 2026-10-04 00:00'), [8]);
C('next week', AU, 'Wed 2026-09-23 12:00', range(SYD, 'Mon 2026-09-28 00:00', 'Mon 2026-10-05 00:00'), [8], 'spans the Sydney DST start');

// Rule 9: noon and midnight.
C('noon tmrw, bring ur avatars', US, 'Wed 2026-07-08 15:00', at(NY, 'Thu 2026-07-09 12:00'), [9]);
C('countdown at midnight', US, 'Wed 2026-09-16 22:00', at(NY, 'Thu 2026-09-17 00:00'), [9]);
C('friday at midnight 👻', US, 'Tue 2026-10-27 12:00', at(NY, 'Sat 2026-10-31 00:00'), [9], 'end of Friday');
C('tomorrow at midnight', US, 'Mon 2026-02-09 18:00', at(NY, 'Wed 2026-02-11 00:00'), [9], 'end of tomorrow (Tuesday)');
C('see u at midnight', US, 'Thu 2026-04-23 00:20', at(NY, 'Fri 2026-04-24 00:00'), [9], 'the coming 00:00');
C('12 noon saturday', US, 'Wed 2026-03-11 12:00', at(NY, 'Sat 2026-03-14 12:00'), [9]);
C('sat at midnight', AU, 'Wed 2026-09-30 12:00', at(SYD, 'Sun 2026-10-04 00:00'), [9]);

// Rule 10: ranges.
C('DJ set sat 10p-2a PT', US, 'Wed 2026-07-15 12:00', range(LAZ, 'Sat 2026-07-18 22:00', 'Sun 2026-07-19 02:00'), [10, 12]);
C('8-11pm tonight, bring friends', US, 'Fri 2026-02-13 12:00', range(NY, 'Fri 2026-02-13 20:00', 'Fri 2026-02-13 23:00'), [10]);
C('halloween party sat 10pm-2am 🎃', US, 'Wed 2026-10-28 12:00', range(NY, 'Sat 2026-10-31 22:00', 'Sun 2026-11-01 02:00'), [10], 'spans the fold: 5 hours long');
C('open stage 20:00-23:00 CET friday', US, 'Mon 2026-02-09 12:00', range(BER, 'Fri 2026-02-13 20:00', 'Fri 2026-02-13 23:00'), [10]);
C('sunday 9-11am yoga', US, 'Thu 2026-06-04 12:00', range(NY, 'Sun 2026-06-07 09:00', 'Sun 2026-06-07 11:00'), [10]);
C('fri 11pm to 3am, techno only', UK, 'Tue 2026-05-05 12:00', range(LON, 'Fri 2026-05-08 23:00', 'Sat 2026-05-09 03:00'), [10]);
C('dec 12 7-10pm EST', LA, 'Sun 2026-11-15 12:00', range(NY, 'Sat 2026-12-12 19:00', 'Sat 2026-12-12 22:00'), [10, 12]);
C('sat 9pm-1am ET', LA, 'Mon 2026-03-02 12:00', range(NY, 'Sat 2026-03-07 21:00', 'Sun 2026-03-08 01:00'), [10, 12]);
C('tomorrow 18:00–21:00', UK, 'Tue 2026-09-08 12:00', range(LON, 'Wed 2026-09-09 18:00', 'Wed 2026-09-09 21:00'), [10]);

// Rule 11: elapsed vs wall-clock units.
C('starting in 30 mins get in here', US, 'Sat 2026-05-23 21:47', atIso(elapsed(NY, R(NY, 'Sat 2026-05-23 21:47'), { minutes: 30 })), [11]);
C('boss fight in 2 hrs', US, '2026-03-08T01:30:00-05:00', atIso(elapsed(NY, '2026-03-08T01:30:00-05:00', { hours: 2 })), [11], 'elapsed across the gap: 04:30 EDT');
C('rematch in 3 days', US, 'Fri 2026-03-06 10:00', at(NY, 'Mon 2026-03-09 10:00'), [11]);
C('same time in a week?', US, 'Mon 2026-10-26 20:00', at(NY, 'Mon 2026-11-02 20:00'), [11]);
C('in 24 hours the world goes public', US, 'Sat 2026-03-07 12:00', atIso(elapsed(NY, R(NY, 'Sat 2026-03-07 12:00'), { hours: 24 })), [11], 'hours are elapsed: 13:00 EDT');
C('in 1 day we reveal the map', US, 'Sat 2026-10-31 12:00', at(NY, 'Sun 2026-11-01 12:00'), [11], 'a day keeps the wall clock: 12:00 EST');
C('in 90 minutes', CHI, 'Tue 2026-08-18 19:40', atIso(elapsed(CHIZ, R(CHIZ, 'Tue 2026-08-18 19:40'), { minutes: 90 })), [11]);
C('back in an hour', US, '2026-11-01T01:30:00-04:00', atIso(elapsed(NY, '2026-11-01T01:30:00-04:00', { hours: 1 })), [11], 'the second 01:30, now EST');
C('in 2 weeks', AU, 'Sat 2026-03-28 19:00', at(SYD, 'Sat 2026-04-11 19:00'), [11]);
C('season 2 launches in a month', BER_EN, 'Sat 2026-10-10 20:00', at(BER, 'Tue 2026-11-10 20:00'), [11]);
C('in half an hour', UK, 'Thu 2026-12-31 23:45', atIso(elapsed(LON, R(LON, 'Thu 2026-12-31 23:45'), { minutes: 30 })), [11]);
C('in 15 min!!!', LA, 'Sun 2026-01-25 18:50', atIso(elapsed(LAZ, R(LAZ, 'Sun 2026-01-25 18:50'), { minutes: 15 })), [11]);

// Rule 12: zone abbreviations and named zones.
C('fri 9pm est', US, 'Thu 2026-10-15 19:05', at(NY, 'Fri 2026-10-16 21:00'), [12], 'EST in October: New York civil time (EDT)');
C("yo we're doing karaoke fri 9pm est come thru", LA, 'Mon 2026-11-02 12:00', at(NY, 'Fri 2026-11-06 21:00'), [12]);
C('8pm PST tmrw', US, 'Wed 2026-07-08 12:00', at(LAZ, 'Thu 2026-07-09 20:00'), [12, 14], 'PST in July: PDT; same calendar date in both zones');
C('20:00 CET saturday', UK, 'Mon 2026-06-08 12:00', at(BER, 'Sat 2026-06-13 20:00'), [12], 'CET in June: CEST');
C('8pm ET sunday', BER_EN, 'Wed 2026-01-14 12:00', at(NY, 'Sun 2026-01-18 20:00'), [12]);
C('dec 19 9pm EDT', US, 'Tue 2026-12-01 12:00', at(NY, 'Sat 2026-12-19 21:00'), [12], 'EDT in December: EST');
C('21:00 JST friday', UK, 'Tue 2026-02-03 12:00', at(TYO, 'Fri 2026-02-06 21:00'), [12]);
C('8pm AEST saturday', AU, 'Mon 2026-01-12 12:00', at(SYD, 'Sat 2026-01-17 20:00'), [12], 'AEST in January: AEDT');
C('sat 7pm MT', US, 'Wed 2026-08-05 12:00', at('America/Denver', 'Sat 2026-08-08 19:00'), [12]);
C('friday 21:00 CEST', BER_EN, 'Mon 2026-11-16 12:00', at(BER, 'Fri 2026-11-20 21:00'), [12], 'CEST in November: CET');
C('6pm UTC sunday', US, 'Wed 2026-04-22 12:00', at('UTC', 'Sun 2026-04-26 18:00'), [12]);
C('9pm pacific thursday', US, 'Mon 2026-09-14 12:00', at(LAZ, 'Thu 2026-09-17 21:00'), [12]);
C('tues 8pm eastern', UK, 'Fri 2026-01-30 12:00', at(NY, 'Tue 2026-02-03 20:00'), [12]);
C('sat 9pm EST', US, 'Mon 2026-03-16 12:00', at(NY, 'Sat 2026-03-21 21:00'), [12], 'EST after the March change: EDT');
C('fri 8pm PDT', LA, 'Mon 2026-01-12 12:00', at(LAZ, 'Fri 2026-01-16 20:00'), [12], 'PDT in January: PST');

// Rule 13: ambiguous abbreviations.
C('9pm CST sat', CHI, 'Wed 2026-01-14 12:00', at(CHIZ, 'Sat 2026-01-17 21:00'), [13]);
C('9pm CST sat', { timeZone: 'Asia/Shanghai', locale: 'en', country: 'CN' }, 'Wed 2026-01-14 12:00', at('Asia/Shanghai', 'Sat 2026-01-17 21:00'), [13]);
C('9pm CST sat', { timeZone: BER, locale: 'en-GB', country: 'DE' }, 'Wed 2026-01-14 12:00', ask(), [13], 'US Central, China or Cuba: ask; which alternatives is left open');
C('8pm IST tmrw', { timeZone: 'Asia/Kolkata', locale: 'en-IN', country: 'IN' }, 'Wed 2026-04-08 10:00', at('Asia/Kolkata', 'Thu 2026-04-09 20:00'), [13]);
C('8pm IST friday', { timeZone: 'Europe/Amsterdam', locale: 'en', country: 'NL' }, 'Mon 2026-04-06 12:00', ask(), [13], 'India, Ireland or Israel');
C('7pm AST sunday', { timeZone: 'America/Halifax', locale: 'en-CA', country: 'CA' }, 'Wed 2026-02-11 12:00', at('America/Halifax', 'Sun 2026-02-15 19:00'), [13]);
C('7pm AST sunday', { timeZone: 'Asia/Riyadh', locale: 'en', country: 'SA' }, 'Wed 2026-02-11 12:00', at('Asia/Riyadh', 'Sun 2026-02-15 19:00'), [13]);
C('7pm AST sunday', UK, 'Wed 2026-02-11 12:00', ask(), [13], 'Atlantic or Arabia');
C('9pm CST fri', US, 'Mon 2026-02-02 12:00', at(CHIZ, 'Fri 2026-02-06 21:00'), [13], 'interpretation: country US settles CST as US Central');
C('IST 8pm saturday', { timeZone: 'Europe/Dublin', locale: 'en-IE', country: 'IE' }, 'Mon 2026-07-06 12:00', at('Europe/Dublin', 'Sat 2026-07-11 20:00'), [13], 'Irish Standard Time, +01:00 in summer');
C('8pm IST thursday', LA, 'Mon 2026-03-02 12:00', ask(), [13]);
C('9pm CST tomorrow', CHI, 'Wed 2026-07-15 12:00', at(CHIZ, 'Thu 2026-07-16 21:00'), [12, 13], 'settled as US Central; CST in July is CDT');

// Rule 14: relative day with a foreign zone.
C('tomorrow 9pm JST', LA, 'Thu 2026-05-14 18:00', askWalls(TYO, 'Fri 2026-05-15 21:00', 'Sat 2026-05-16 21:00'), [14], '18:00 PDT Thu is 10:00 JST Fri');
C('tmrw 6pm PT', { timeZone: TYO, locale: 'en', country: 'JP' }, 'Wed 2026-06-10 09:00', askWalls(LAZ, 'Thu 2026-06-11 18:00', 'Wed 2026-06-10 18:00'), [14], '09:00 JST Wed is 17:00 PDT Tue');
C('tomorrow 8pm ET', AU, 'Sat 2026-08-15 10:00', askWalls(NY, 'Sun 2026-08-16 20:00', 'Sat 2026-08-15 20:00'), [14], '10:00 AEST Sat is 20:00 EDT Fri');
C('tomorrow 20:00 CET', US, 'Wed 2026-01-14 10:00', at(BER, 'Thu 2026-01-15 20:00'), [14], 'same date in both zones');
C('tomorrow 9pm JST', LA, 'Thu 2026-05-14 06:00', at(TYO, 'Fri 2026-05-15 21:00'), [14], '06:00 PDT Thu is 22:00 JST Thu: same date');
C('today 9pm UK time', AU, 'Mon 2026-09-14 09:30', at(LON, 'Mon 2026-09-14 21:00'), [12, 14], '09:30 AEST is 00:30 BST, same date');
C('tomorrow 21:00 UTC', AU, 'Tue 2026-06-02 09:30', ask(W('UTC', 'Wed 2026-06-03 21:00'), W('UTC', 'Tue 2026-06-02 21:00')), [14], '09:30 AEST Tue is 23:30 UTC Mon');

// Rule 15: DST gaps and folds.
C('sunday 2:30am raid (yes really)', US, 'Fri 2026-03-06 18:00', ask(gapForward(NY, 'Sun 2026-03-08 02:30')), [15]);
C('tmrw 2:30am', US, 'Sat 2026-03-07 15:00', ask(gapForward(NY, 'Sun 2026-03-08 02:30')), [15]);
C('sunday 1:30am', US, 'Thu 2026-10-29 12:00', ask(...foldBoth(NY, 'Sun 2026-11-01 01:30')), [15]);
C('sun 1:30am EST', US, 'Thu 2026-10-29 12:00', atIso(withOffset('Sun 2026-11-01 01:30', '-05:00')), [12, 15]);
C('sun 1:30am EDT', US, 'Thu 2026-10-29 12:00', atIso(withOffset('Sun 2026-11-01 01:30', '-04:00')), [15]);
C('nov 1 1:30am UTC-4', US, 'Thu 2026-10-29 12:00', atIso(withOffset('Sun 2026-11-01 01:30', '-04:00')), [15]);
C('sunday 2:30am', AU, 'Thu 2026-04-02 12:00', ask(...foldBoth(SYD, 'Sun 2026-04-05 02:30')), [15]);
C('sun 2:15am', AU, 'Thu 2026-10-01 12:00', ask(gapForward(SYD, 'Sun 2026-10-04 02:15')), [15]);
C('2:30am AEST sunday', AU, 'Thu 2026-04-02 12:00', atIso(withOffset('Sun 2026-04-05 02:30', '+10:00')), [15]);
C('sunday 1:30am', UK, 'Thu 2026-03-26 12:00', ask(gapForward(LON, 'Sun 2026-03-29 01:30')), [15]);
C('sun 1:15am', UK, 'Thu 2026-10-22 12:00', ask(...foldBoth(LON, 'Sun 2026-10-25 01:15')), [15]);
C('1:30am GMT sunday', UK, 'Thu 2026-10-22 12:00', atIso(withOffset('Sun 2026-10-25 01:30', '+00:00')), [15]);
C('sat 2:30am', US, 'Wed 2026-03-04 12:00', at(NY, 'Sat 2026-03-07 02:30'), [6, 15], 'control: the day before the gap');

// Rule 16: holidays.
C('thanksgiving 7pm potluck world 🦃', US, 'Mon 2026-11-02 12:00', at(NY, 'Thu 2026-11-26 19:00'), [16]);
C('christmas 8pm gift exchange', US, 'Tue 2026-12-01 12:00', at(NY, 'Fri 2026-12-25 20:00'), [16]);
C("new year's eve 10pm, countdown world", US, 'Tue 2026-12-01 12:00', at(NY, 'Thu 2026-12-31 22:00'), [16]);
C('independence day bbq in the park world', US, 'Mon 2026-06-01 12:00', at(NY, 'Sat 2026-07-04 00:00'), [4, 16], 'the day itself, not the observed Friday');
C('christmas meetup?', US, 'Sat 2026-12-26 12:00', at(NY, 'Sat 2027-12-25 00:00'), [4, 16]);
C('thanksgiving', { timeZone: TOR, locale: 'en-CA', country: 'CA', subdivision: 'ON' }, 'Sun 2026-09-20 12:00', at(TOR, 'Mon 2026-10-12 00:00'), [4, 16]);
C('memorial day 3pm pool party', US, 'Fri 2026-05-01 12:00', at(NY, 'Mon 2026-05-25 15:00'), [16]);
C('boxing day 8pm', UK, 'Tue 2026-12-01 12:00', at(LON, 'Sat 2026-12-26 20:00'), [16]);
C('easter sunday 5pm egg hunt', UK, 'Fri 2026-05-01 12:00', at(LON, 'Sun 2027-03-28 17:00'), [16]);
C('patriots day 6pm', { ...US, subdivision: 'MA' }, 'Sun 2026-03-01 12:00', at(NY, 'Mon 2026-04-20 18:00'), [16]);
C('mlk day', US, 'Tue 2026-12-01 12:00', at(NY, 'Mon 2027-01-18 00:00'), [4, 16]);
C("new year's eve at midnight 🥂", US, 'Tue 2026-12-01 12:00', at(NY, 'Fri 2027-01-01 00:00'), [9, 16]);
C('halloween 9pm', US, 'Thu 2026-10-01 12:00', at(NY, 'Sat 2026-10-31 21:00'), [16]);
C('victoria day 2pm', { timeZone: TOR, locale: 'en-CA', country: 'CA', subdivision: 'ON' }, 'Fri 2026-05-01 12:00', at(TOR, 'Mon 2026-05-18 14:00'), [16]);

// Rule 17: calendar phrases.
C('end of month 9pm', US, 'Tue 2026-02-10 12:00', at(NY, 'Sat 2026-02-28 21:00'), [17]);
C('last friday of the month 8pm', LA, 'Mon 2026-07-06 12:00', at(LAZ, 'Fri 2026-07-31 20:00'), [17]);
C('first monday of december', US, 'Thu 2026-10-01 12:00', at(NY, 'Mon 2026-12-07 00:00'), [4, 17]);
C('first saturday of november 7pm', US, 'Tue 2026-09-15 12:00', at(NY, 'Sat 2026-11-07 19:00'), [17]);
C('end of the month 20:00', UK, 'Wed 2026-04-15 12:00', at(LON, 'Thu 2026-04-30 20:00'), [17]);
C('last sunday of march 3pm', UK, 'Mon 2026-03-02 12:00', at(LON, 'Sun 2026-03-29 15:00'), [17]);
C('2nd saturday of june 6pm', US, 'Sun 2026-05-03 12:00', at(NY, 'Sat 2026-06-13 18:00'), [17]);
C('last friday of the month 9pm', US, 'Tue 2028-02-01 12:00', at(NY, 'Fri 2028-02-25 21:00'), [17]);
C('end of month 9pm', US, 'Mon 2028-02-14 12:00', at(NY, 'Tue 2028-02-29 21:00'), [17], 'leap year');

// Rule 18: no time expression.
C('call me 555-867-5309', US, 'Tue 2026-05-05 12:00', noPlan(), [18]);
C('we won 3-1 lets gooo ⚽', US, 'Sun 2026-05-10 18:00', noPlan(), [18]);
C('update 1.2.3 broke my avatar again', LA, 'Wed 2026-06-03 20:00', noPlan(), [18]);
C('v2.0 of the club world is live', UK, 'Fri 2026-07-10 12:00', noPlan(), [18]);
C('$20 for the vip wristband', US, 'Thu 2026-08-20 12:00', noPlan(), [18]);
C('room 12 is the dance floor', US, 'Sat 2026-09-05 21:00', noPlan(), [18]);
C('need 5 players for the match', CHI, 'Sat 2026-09-05 21:00', noPlan(), [18]);
C('lvl 30 finally 😭', US, 'Mon 2026-01-26 23:00', noPlan(), [18]);
C('EST', US, 'Mon 2026-01-26 23:00', noPlan(), [18], 'a zone alone');
C('9/10 would rave again', US, 'Sun 2026-08-30 12:00', noPlan(), [18], 'a rating, not Sept 10 (brief lists ratings as negatives)');
C('lol that was so fun', AU, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C("what's ur discord", US, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C('final score 21-15', US, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C('my ping is 120ms', UK, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C('PST or EST?', US, 'Sun 2026-08-30 12:00', noPlan(), [18], 'zones alone');
C('the world cap is 40 people', LA, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C('add me: +44 7700 900123', UK, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C('1080p 60fps looks clean', US, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C('top 3 avatars', US, 'Sun 2026-08-30 12:00', noPlan(), [18]);
C('UTC+2', BER_EN, 'Sun 2026-08-30 12:00', noPlan(), [18], 'a zone alone');

// Rule 19: impossible values are never coerced.
C('feb 30 at 8pm', US, 'Sat 2026-01-10 12:00', impossible(), [19]);
C('25:00 tonight lol', US, 'Sat 2026-01-10 12:00', impossible(), [19]);
C('sat 13pm', US, 'Wed 2026-01-07 12:00', impossible(), [19]);
C('11/31 at 9pm', US, 'Thu 2026-10-01 12:00', impossible(), [19, 21], 'en-US: November 31');
C('feb 29 2027 9pm', US, 'Sat 2026-01-10 12:00', impossible(), [19]);
C('31/04 at 8pm', UK, 'Wed 2026-03-04 12:00', impossible(), [19, 21], 'en-GB: 31 April');
C('at 8:75pm', US, 'Sat 2026-01-10 12:00', impossible(), [19]);

// Rule 20: several times.
C('event moved from friday 8pm to saturday 9pm', US, 'Mon 2026-04-13 12:00', at(NY, 'Sat 2026-04-18 21:00'), [6, 20]);
C('7 or 8pm?', US, 'Tue 2026-04-14 12:00', askWalls(NY, 'Tue 2026-04-14 19:00', 'Tue 2026-04-14 20:00'), [20], 'trailing pm read on both, as rule 10 does for ranges');
C('fri or sat 9pm? vote 👍 👎', US, 'Mon 2026-04-13 12:00', askWalls(NY, 'Fri 2026-04-17 21:00', 'Sat 2026-04-18 21:00'), [20]);
C("rescheduled: not 8pm anymore, it's 9:30pm now", US, 'Tue 2026-04-14 12:00', at(NY, 'Tue 2026-04-14 21:30'), [20]);
C('either 20:00 or 21:00 CET tomorrow', { timeZone: BER, locale: 'en-GB', country: 'DE' }, 'Wed 2026-11-11 12:00', askWalls(BER, 'Thu 2026-11-12 20:00', 'Thu 2026-11-12 21:00'), [20]);
C('sunday 5pm or monday 7pm, whichever works', US, 'Wed 2026-04-15 12:00', askWalls(NY, 'Sun 2026-04-19 17:00', 'Mon 2026-04-20 19:00'), [20]);
C("was supposed to be 6pm but it's pushed to 7pm", LA, 'Thu 2026-09-03 12:00', at(LAZ, 'Thu 2026-09-03 19:00'), [20]);

// Rule 21: locale decides day/month order.
C('5/6 at 8pm', UK, 'Fri 2026-04-10 12:00', at(LON, 'Fri 2026-06-05 20:00'), [21]);
C('5/6 at 8pm', US, 'Fri 2026-04-10 12:00', at(NY, 'Wed 2026-05-06 20:00'), [21]);
C('12/11 9pm', UK, 'Thu 2026-10-01 12:00', at(LON, 'Thu 2026-11-12 21:00'), [21]);
C('12/11 9pm', US, 'Thu 2026-10-01 12:00', at(NY, 'Fri 2026-12-11 21:00'), [21]);
C('03/04 19:00', AU, 'Sun 2026-02-01 12:00', at(SYD, 'Fri 2026-04-03 19:00'), [21]);
C('1/2 8pm', US, 'Tue 2026-12-15 12:00', at(NY, 'Sat 2027-01-02 20:00'), [5, 21]);

// ============================ German ============================
C('morgen um 20 Uhr Karaoke in der Bar-Welt', DE, 'Wed 2026-02-11 15:00', at(BER, 'Thu 2026-02-12 20:00'), [21]);
C('heute Abend jemand da?', DE, 'Fri 2026-05-22 16:00', range(BER, 'Fri 2026-05-22 18:00', 'Sat 2026-05-23 00:00'), [8, 21]);
C('am Samstag um 19:30 im Club', DE, 'Wed 2026-02-11 15:00', at(BER, 'Sat 2026-02-14 19:30'), [6, 21]);
C('nächsten Freitag um 21 Uhr', DE, 'Mon 2026-02-09 12:00', askWalls(BER, 'Fri 2026-02-13 21:00', 'Fri 2026-02-20 21:00'), [6]);
C('nächsten Freitag 21 Uhr', DE, 'Sun 2026-02-15 12:00', at(BER, 'Fri 2026-02-20 21:00'), [6]);
C('24.12. 18 Uhr Weihnachtsfeier 🎄', DE, 'Tue 2026-12-01 12:00', at(BER, 'Thu 2026-12-24 18:00'), [5, 21]);
C('in zwei Stunden gehts los', DE, '2026-03-29T01:30:00+01:00', atIso(elapsed(BER, '2026-03-29T01:30:00+01:00', { hours: 2 })), [11], 'spelled-out number; elapsed across the gap: 04:30 CEST');
C('Heiligabend 18 Uhr Bescherung in der Hütte', DE, 'Fri 2026-11-20 12:00', at(BER, 'Thu 2026-12-24 18:00'), [16]);
C('Silvester ab 22 Uhr Party', DE, 'Tue 2026-12-01 12:00', at(BER, 'Thu 2026-12-31 22:00'), [16]);
C('morgen um 8?', DE, 'Tue 2026-06-09 15:00', askWalls(BER, 'Wed 2026-06-10 08:00', 'Wed 2026-06-10 20:00'), [2]);
C('morgen um 20 Uhr, gute Nacht', DE, 'Sat 2026-06-13 01:15', askWalls(BER, 'Sat 2026-06-13 20:00', 'Sun 2026-06-14 20:00'), [7]);
C('gestern um 22 Uhr war der Server down', DE, 'Thu 2026-09-10 11:00', at(BER, 'Wed 2026-09-09 22:00'), [3]);
C('hab ich vor 2 Stunden gepostet', AT, 'Sun 2026-10-25 03:30', atIso(elapsed('Europe/Vienna', R('Europe/Vienna', 'Sun 2026-10-25 03:30'), { hours: -2 })), [3, 11], 'elapsed back across the fold: 02:30 CEST');
C('dieses Wochenende Festival-Welt', DE, 'Thu 2026-10-22 12:00', range(BER, 'Sat 2026-10-24 00:00', 'Mon 2026-10-26 00:00'), [8]);
C('nächste Woche wieder', DE, 'Wed 2026-07-01 12:00', range(BER, 'Mon 2026-07-06 00:00', 'Mon 2026-07-13 00:00'), [8]);
C('Sonntag um 02:30 Nachtrave', DE, 'Fri 2026-03-27 12:00', ask(gapForward(BER, 'Sun 2026-03-29 02:30')), [15]);
C('Sonntag 02:30 nochmal', DE, 'Thu 2026-10-22 12:00', ask(...foldBoth(BER, 'Sun 2026-10-25 02:30')), [15]);
C('Samstag von 20 bis 23 Uhr', DE, 'Mon 2026-08-03 12:00', range(BER, 'Sat 2026-08-08 20:00', 'Sat 2026-08-08 23:00'), [10]);
C('um Mitternacht gibts Feuerwerk', DE, 'Tue 2026-06-23 21:00', at(BER, 'Wed 2026-06-24 00:00'), [9]);
C('Freitag um Mitternacht', DE, 'Mon 2026-11-09 12:00', at(BER, 'Sat 2026-11-14 00:00'), [9]);
C('am letzten Freitag im Monat um 20 Uhr', DE, 'Mon 2026-07-06 12:00', at(BER, 'Fri 2026-07-31 20:00'), [17]);
C('2:1 gewonnen 🎉', DE, 'Sat 2026-05-09 17:30', noPlan(), [18], 'a score');
C('Raum 12, Passwort per DM', DE, 'Sat 2026-05-09 17:30', noPlan(), [18]);
C('Version 1.2.3 ist draußen', AT, 'Sat 2026-05-09 17:30', noPlan(), [18]);
C('am 30. Februar um 20 Uhr', DE, 'Sat 2026-01-10 12:00', impossible(), [19]);
C('in 3 Tagen', DE, 'Fri 2026-03-27 12:00', at(BER, 'Mon 2026-03-30 12:00'), [11]);
C('03.04. 19 Uhr', DE, 'Sun 2026-03-01 12:00', at(BER, 'Fri 2026-04-03 19:00'), [21]);
C('übermorgen 21 Uhr', AT, 'Wed 2026-12-30 12:00', at('Europe/Vienna', 'Fri 2027-01-01 21:00'), [21]);
C('um 9 heute Abend', DE, 'Mon 2026-01-19 10:00', at(BER, 'Mon 2026-01-19 21:00'), [2]);
C('20 oder 21 Uhr?', DE, 'Mon 2026-01-19 10:00', askWalls(BER, 'Mon 2026-01-19 20:00', 'Mon 2026-01-19 21:00'), [20]);
C('Buß- und Bettag 19 Uhr', { ...DE, subdivision: 'SN' }, 'Sun 2026-11-01 12:00', at(BER, 'Wed 2026-11-18 19:00'), [16]);

// ============================ French ============================
C('demain soir 21h', FR, 'Tue 2026-05-12 14:00', at(PAR, 'Wed 2026-05-13 21:00'), [21]);
C('samedi prochain 20h', FR, 'Mon 2026-05-11 12:00', askWalls(PAR, 'Sat 2026-05-16 20:00', 'Sat 2026-05-23 20:00'), [6]);
C('samedi prochain à 20h', FR, 'Sun 2026-05-17 12:00', at(PAR, 'Sat 2026-05-23 20:00'), [6]);
C('le 3 janvier à 20h, soirée galette', FR, 'Thu 2026-12-10 12:00', at(PAR, 'Sun 2027-01-03 20:00'), [5]);
C('dans 2 heures', FR, '2026-10-25T01:30:00+02:00', atIso(elapsed(PAR, '2026-10-25T01:30:00+02:00', { hours: 2 })), [11], 'elapsed across the fold: 02:30 CET');
C('on lance dans deux heures', QC, 'Fri 2026-02-20 19:15', atIso(elapsed(TOR, R(TOR, 'Fri 2026-02-20 19:15'), { hours: 2 })), [11], 'spelled-out number');
C('ce soir on fait un blind test', FR, 'Thu 2026-03-05 12:00', range(PAR, 'Thu 2026-03-05 18:00', 'Fri 2026-03-06 00:00'), [8]);
C('ce week-end ?', FR, 'Tue 2026-06-23 12:00', range(PAR, 'Sat 2026-06-27 00:00', 'Mon 2026-06-29 00:00'), [8]);
C('Noël 20h échange de cadeaux 🎁', FR, 'Sun 2026-11-15 12:00', at(PAR, 'Fri 2026-12-25 20:00'), [16]);
C('à minuit pile', FR, 'Sat 2026-08-01 22:30', at(PAR, 'Sun 2026-08-02 00:00'), [9]);
C('vendredi à midi', FR, 'Tue 2026-01-27 12:00', at(PAR, 'Fri 2026-01-30 12:00'), [9]);
C('de 21h à 1h samedi', FR, 'Wed 2026-04-08 12:00', range(PAR, 'Sat 2026-04-11 21:00', 'Sun 2026-04-12 01:00'), [10]);
C('il y a 3 heures', FR, 'Mon 2026-09-07 10:00', atIso(elapsed(PAR, R(PAR, 'Mon 2026-09-07 10:00'), { hours: -3 })), [3, 11]);
C('hier à 22h le serveur a planté', FR, 'Mon 2026-09-07 10:00', at(PAR, 'Sun 2026-09-06 22:00'), [3]);
C('demain 20h ?', FR, 'Sat 2026-02-07 00:50', askWalls(PAR, 'Sat 2026-02-07 20:00', 'Sun 2026-02-08 20:00'), [7]);
C('dimanche 2h30', FR, 'Thu 2026-03-26 12:00', ask(gapForward(PAR, 'Sun 2026-03-29 02:30')), [15]);
C('le dernier vendredi du mois à 21h', FR, 'Mon 2026-10-05 12:00', at(PAR, 'Fri 2026-10-30 21:00'), [17]);
C('on a gagné 3-1 !!', FR, 'Sat 2026-05-09 17:30', noPlan(), [18]);
C('salle 7, 4 joueurs max', FR, 'Sat 2026-05-09 17:30', noPlan(), [18]);
C('le 31 avril à 21h', FR, 'Wed 2026-04-01 12:00', impossible(), [19]);
C('ce soir 20h au bar', QC, 'Wed 2026-11-04 12:00', at(TOR, 'Wed 2026-11-04 20:00'), [21]);
C('03/04 à 19h', FR, 'Sun 2026-03-01 12:00', at(PAR, 'Fri 2026-04-03 19:00'), [21]);
C('20h ou 21h ?', FR, 'Mon 2026-06-01 12:00', askWalls(PAR, 'Mon 2026-06-01 20:00', 'Mon 2026-06-01 21:00'), [20]);
C('dans 3 jours', FR, 'Fri 2026-10-23 18:00', at(PAR, 'Mon 2026-10-26 18:00'), [11]);
C('la semaine prochaine', QC, 'Fri 2026-10-30 12:00', range(TOR, 'Mon 2026-11-02 00:00', 'Mon 2026-11-09 00:00'), [8]);
C("fête nationale 21h feux d'artifice", FR, 'Mon 2026-06-01 12:00', at(PAR, 'Tue 2026-07-14 21:00'), [16]);
C("fête nationale 21h feux d'artifice", QC, 'Mon 2026-06-01 12:00', at(TOR, 'Wed 2026-06-24 21:00'), [16], "Québec's Fête nationale (CA-QC)");

// ============================ Spanish ============================
C('mañana a las 9 de la noche', ES, 'Wed 2026-09-16 12:00', at(MAD, 'Thu 2026-09-17 21:00'), [2, 21]);
C('el sábado 21:00 en el mundo de la playa', MX, 'Tue 2026-03-10 12:00', at(MEXZ, 'Sat 2026-03-14 21:00'), [6]);
C('pasado mañana a las 22h', AR, 'Thu 2026-12-31 12:00', at(BAZ, 'Sat 2027-01-02 22:00'), [21]);
C('el 5 de enero', ES, 'Sun 2026-12-20 12:00', at(MAD, 'Tue 2027-01-05 00:00'), [4, 5]);
C('esta noche hay karaoke', MX, 'Fri 2026-06-05 12:00', range(MEXZ, 'Fri 2026-06-05 18:00', 'Sat 2026-06-06 00:00'), [8]);
C('este fin de semana', MX, 'Wed 2026-11-04 12:00', range(MEXZ, 'Sat 2026-11-07 00:00', 'Mon 2026-11-09 00:00'), [8]);
C('en media hora empezamos', ES, 'Sun 2026-03-29 01:45', atIso(elapsed(MAD, R(MAD, 'Sun 2026-03-29 01:45'), { minutes: 30 })), [11], 'elapsed across the gap: 03:15 CEST');
C('hace 2 horas', AR, 'Mon 2026-07-20 13:00', atIso(elapsed(BAZ, R(BAZ, 'Mon 2026-07-20 13:00'), { hours: -2 })), [3, 11]);
C('Navidad a las 20h', ES, 'Thu 2026-12-10 12:00', at(MAD, 'Fri 2026-12-25 20:00'), [16]);
C('el próximo viernes a las 22h', AR, 'Mon 2026-09-07 12:00', askWalls(BAZ, 'Fri 2026-09-11 22:00', 'Fri 2026-09-18 22:00'), [6]);
C('el viernes que viene a las 22', AR, 'Sat 2026-09-12 12:00', at(BAZ, 'Fri 2026-09-18 22:00'), [6], '"a las 22" is a 24-hour time');
C('a medianoche abrimos el portal', ES, 'Fri 2026-04-10 20:00', at(MAD, 'Sat 2026-04-11 00:00'), [9]);
C('el sábado a medianoche', MX, 'Mon 2026-10-26 12:00', at(MEXZ, 'Sun 2026-11-01 00:00'), [9], 'end of Saturday');
C('el sábado de 21 a 23 h', ES, 'Mon 2026-01-19 12:00', range(MAD, 'Sat 2026-01-24 21:00', 'Sat 2026-01-24 23:00'), [10]);
C('mañana a las 20h', ES, 'Fri 2026-05-08 01:00', askWalls(MAD, 'Fri 2026-05-08 20:00', 'Sat 2026-05-09 20:00'), [7]);
C('el último viernes del mes a las 21h', MX, 'Tue 2026-09-01 12:00', at(MEXZ, 'Fri 2026-09-25 21:00'), [17]);
C('ganamos 3 a 1 🏆', AR, 'Sun 2026-05-10 19:00', noPlan(), [18]);
C('somos 6 jugadores, sala 3', ES, 'Sun 2026-05-10 19:00', noPlan(), [18]);
C('el 31 de junio a las 20h', ES, 'Mon 2026-06-01 12:00', impossible(), [19]);
C('05/06 a las 20:00', ES, 'Fri 2026-04-10 12:00', at(MAD, 'Fri 2026-06-05 20:00'), [21]);
C('el domingo a las 8', MX, 'Wed 2026-02-04 12:00', askWalls(MEXZ, 'Sun 2026-02-08 08:00', 'Sun 2026-02-08 20:00'), [2]);
C('a las 10 de la mañana', ES, 'Tue 2026-02-03 12:00', at(MAD, 'Wed 2026-02-04 10:00'), [1, 2]);
C('el domingo a las 2:30 de la madrugada', ES, 'Thu 2026-10-22 12:00', ask(...foldBoth(MAD, 'Sun 2026-10-25 02:30')), [15]);
C('dentro de 3 días', MX, 'Fri 2026-04-03 18:00', at(MEXZ, 'Mon 2026-04-06 18:00'), [11]);
C('precio 20 euros la entrada', ES, 'Sun 2026-05-10 19:00', noPlan(), [18]);

// ============================ Portuguese ============================
C('amanhã às 20h', BR, 'Wed 2026-08-12 12:00', at(SAO, 'Thu 2026-08-13 20:00'), [21]);
C('sábado que vem às 21h', BR, 'Mon 2026-08-10 12:00', askWalls(SAO, 'Sat 2026-08-15 21:00', 'Sat 2026-08-22 21:00'), [6]);
C('sábado que vem às 21h', BR, 'Sun 2026-08-16 12:00', at(SAO, 'Sat 2026-08-22 21:00'), [6]);
C('hoje à noite tem festa no mundo da praia', BR, 'Fri 2026-01-09 12:00', range(SAO, 'Fri 2026-01-09 18:00', 'Sat 2026-01-10 00:00'), [8]);
C('dia 5 de janeiro', BR, 'Sun 2026-12-20 12:00', at(SAO, 'Tue 2027-01-05 00:00'), [4, 5]);
C('Natal às 20h', BR, 'Tue 2026-12-01 12:00', at(SAO, 'Fri 2026-12-25 20:00'), [16]);
C('daqui a 2 horas', BR, 'Sat 2026-05-30 22:30', atIso(elapsed(SAO, R(SAO, 'Sat 2026-05-30 22:30'), { hours: 2 })), [11]);
C('daqui a duas horas', PT, '2026-03-29T00:30:00+00:00', atIso(elapsed(LIS, '2026-03-29T00:30:00+00:00', { hours: 2 })), [11], 'spelled-out number; elapsed across the gap: 03:30 WEST');
C('há 3 horas', PT, 'Tue 2026-11-03 10:00', atIso(elapsed(LIS, R(LIS, 'Tue 2026-11-03 10:00'), { hours: -3 })), [3, 11]);
C('ontem às 22h', BR, 'Thu 2026-04-30 09:00', at(SAO, 'Wed 2026-04-29 22:00'), [3]);
C('à meia-noite', BR, 'Wed 2026-12-30 23:00', at(SAO, 'Thu 2026-12-31 00:00'), [9]);
C('sexta ao meio-dia', PT, 'Mon 2026-02-16 12:00', at(LIS, 'Fri 2026-02-20 12:00'), [9]);
C('das 20h às 23h no sábado', BR, 'Mon 2026-07-06 12:00', range(SAO, 'Sat 2026-07-11 20:00', 'Sat 2026-07-11 23:00'), [10]);
C('amanhã às 21h', BR, 'Sat 2026-10-17 01:30', askWalls(SAO, 'Sat 2026-10-17 21:00', 'Sun 2026-10-18 21:00'), [7]);
C('este fim de semana', PT, 'Wed 2026-10-21 12:00', range(LIS, 'Sat 2026-10-24 00:00', 'Mon 2026-10-26 00:00'), [8]);
C('próxima semana', BR, 'Thu 2026-02-26 12:00', range(SAO, 'Mon 2026-03-02 00:00', 'Mon 2026-03-09 00:00'), [8]);
C('última sexta do mês às 20h', BR, 'Tue 2026-09-01 12:00', at(SAO, 'Fri 2026-09-25 20:00'), [17]);
C('ganhamos de 3x1', BR, 'Sun 2026-05-10 19:00', noPlan(), [18]);
C('nível 30 finalmente', BR, 'Sun 2026-05-10 19:00', noPlan(), [18]);
C('dia 31 de setembro às 20h', BR, 'Tue 2026-09-01 12:00', impossible(), [19]);
C('05/06 às 20h', BR, 'Fri 2026-04-10 12:00', at(SAO, 'Fri 2026-06-05 20:00'), [21]);
C('domingo à 1h30 da manhã', PT, 'Thu 2026-10-22 12:00', ask(...foldBoth(LIS, 'Sun 2026-10-25 01:30')), [15]);
C('às 20h ou às 21h?', BR, 'Mon 2026-03-16 12:00', askWalls(SAO, 'Mon 2026-03-16 20:00', 'Mon 2026-03-16 21:00'), [20]);
C('domingo às 8', BR, 'Wed 2026-03-18 12:00', askWalls(SAO, 'Sun 2026-03-22 08:00', 'Sun 2026-03-22 20:00'), [2]);
C('me liga 11 98765-4321', BR, 'Sun 2026-05-10 19:00', noPlan(), [18], 'a phone number');

// ============================ Japanese ============================
C('明日の21時からイベントやります', JP, 'Wed 2026-04-15 12:00', at(TYO, 'Thu 2026-04-16 21:00'), [21]);
C('今夜9時に集合', JP, 'Wed 2026-04-15 12:00', at(TYO, 'Wed 2026-04-15 21:00'), [2]);
C('土曜日の20時から23時', JP, 'Wed 2026-04-15 12:00', range(TYO, 'Sat 2026-04-18 20:00', 'Sat 2026-04-18 23:00'), [10]);
C('12月31日 23時', JP, 'Tue 2026-12-01 12:00', at(TYO, 'Thu 2026-12-31 23:00'), [5]);
C('来週の金曜日', JP, 'Sat 2026-04-18 12:00', at(TYO, 'Fri 2026-04-24 00:00'), [4, 6]);
C('来週の金曜日21時', JP, 'Wed 2026-04-15 12:00', at(TYO, 'Fri 2026-04-24 21:00'), [6, 8], 'interpretation: 来週の金曜日 says "Friday of next week" (Mon-Sun per rule 8), not the ambiguous "next friday"');
C('大晦日の22時からカウントダウン', JP, 'Tue 2026-12-01 12:00', at(TYO, 'Thu 2026-12-31 22:00'), [16]);
C('30分後に始めます', JP, 'Sun 2026-06-07 20:45', atIso(elapsed(TYO, R(TYO, 'Sun 2026-06-07 20:45'), { minutes: 30 })), [11]);
C('2時間前に投稿した', JP, 'Sun 2026-06-07 20:45', atIso(elapsed(TYO, R(TYO, 'Sun 2026-06-07 20:45'), { hours: -2 })), [3, 11]);
C('昨日の22時', JP, 'Mon 2026-06-08 09:00', at(TYO, 'Sun 2026-06-07 22:00'), [3]);
C('今週末どう？', JP, 'Tue 2026-09-15 12:00', range(TYO, 'Sat 2026-09-19 00:00', 'Mon 2026-09-21 00:00'), [8]);
C('来週やろう', JP, 'Thu 2026-12-24 12:00', range(TYO, 'Mon 2026-12-28 00:00', 'Mon 2027-01-04 00:00'), [8]);
C('明日の正午', JP, 'Fri 2026-07-10 18:00', at(TYO, 'Sat 2026-07-11 12:00'), [9]);
C('午前0時に開場', JP, 'Fri 2026-07-10 18:00', at(TYO, 'Sat 2026-07-11 00:00'), [1, 9], '午前0時 is 00:00: its next occurrence');
C('明日の21時で', JP, 'Sat 2026-01-31 01:00', askWalls(TYO, 'Sat 2026-01-31 21:00', 'Sun 2026-02-01 21:00'), [7]);
C('月末の21時', JP, 'Tue 2028-02-01 12:00', at(TYO, 'Tue 2028-02-29 21:00'), [17]);
C('3対1で勝った', JP, 'Sun 2026-05-10 19:00', noPlan(), [18], 'a score');
C('バージョン2.1.0に更新しました', JP, 'Sun 2026-05-10 19:00', noPlan(), [18]);
C('2月30日 20時', JP, 'Sat 2026-01-10 12:00', impossible(), [19]);
C('25時から配信', JP, 'Fri 2026-05-01 12:00', impossible(), [19], '25時 (TV-style 01:00 next day) is an out-of-range hour: rule 19 forbids coercion');
C('20時か21時', JP, 'Fri 2026-05-01 12:00', askWalls(TYO, 'Fri 2026-05-01 20:00', 'Fri 2026-05-01 21:00'), [20]);
C('土曜日の8時', JP, 'Wed 2026-04-15 12:00', askWalls(TYO, 'Sat 2026-04-18 08:00', 'Sat 2026-04-18 20:00'), [2]);
C('午後8時に集合', JP, 'Wed 2026-04-15 21:00', at(TYO, 'Thu 2026-04-16 20:00'), [1]);
C('3日後の20時', JP, 'Mon 2026-11-30 12:00', at(TYO, 'Thu 2026-12-03 20:00'), [11]);
C('1時間半後', JP, 'Mon 2026-11-30 23:00', atIso(elapsed(TYO, R(TYO, 'Mon 2026-11-30 23:00'), { minutes: 90 })), [11]);
C('12月の第1月曜日', JP, 'Thu 2026-10-01 12:00', at(TYO, 'Mon 2026-12-07 00:00'), [4, 17]);
C('ルーム12で待ってます', JP, 'Sun 2026-05-10 19:00', noPlan(), [18]);
C('JST', JP, 'Sun 2026-05-10 19:00', noPlan(), [18], 'a zone alone');

// ---------------------------------------------------------------------------------------------

const out = join(dirname(fileURLToPath(import.meta.url)), 'time-phrases-2.jsonl');
writeFileSync(out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
const by = (s: Status) => lines.filter((l) => l.expect.status === s).length;
const langs: Record<string, number> = {};
for (const l of lines) {
  const k = (l.input.locale ?? 'en').slice(0, 2);
  langs[k] = (langs[k] ?? 0) + 1;
}
const rules: Record<number, number> = {};
for (const l of lines) for (const r of l.rule) rules[r] = (rules[r] ?? 0) + 1;
console.log(`${lines.length} cases -> ${out}`);
console.log(`resolved ${by('resolved')}, needs_clarification ${by('needs_clarification')}, no_plan ${by('no_plan')}`);
console.log('languages', langs);
console.log('rules', rules);
