/**
 * Third, independent time-parsing corpus: chat messages from VR-community event chats
 * (announcements, organiser DMs, bot commands, players asking when things start), each with the
 * answer that decisions.md §5 "Interpretation rules" 1–21 require. Written from the rule text
 * only, not from the engine, its tests or the other corpora.
 *
 *   node --import tsx bench/corpus/phrases3.ts            # writes bench/corpus/time-phrases-3.jsonl
 *
 * Every case holds wall-clock times in an IANA zone; luxon turns them into instants. A wall time
 * that falls in a DST gap or fold is refused unless it carries an explicit offset, or is written
 * `gap:…` (asserted to be in a gap; becomes the shift-forward reading) or `fold:…` (asserted to be
 * in a fold; becomes both readings). The weekday written before a reference is checked, and each
 * holiday the corpus relies on is checked against the maintained holiday library (date-holidays).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Holidays from 'date-holidays';
import { DateTime } from 'luxon';

const Z = {
  NY: 'America/New_York', CHI: 'America/Chicago', DEN: 'America/Denver', PHX: 'America/Phoenix', LA: 'America/Los_Angeles',
  TOR: 'America/Toronto', HFX: 'America/Halifax', MEX: 'America/Mexico_City', BOG: 'America/Bogota',
  BUE: 'America/Argentina/Buenos_Aires', SCL: 'America/Santiago', SAO: 'America/Sao_Paulo',
  LON: 'Europe/London', DUB: 'Europe/Dublin', LIS: 'Europe/Lisbon', MAD: 'Europe/Madrid', PAR: 'Europe/Paris',
  BRU: 'Europe/Brussels', BER: 'Europe/Berlin', VIE: 'Europe/Vienna', ZRH: 'Europe/Zurich',
  KOL: 'Asia/Kolkata', DHA: 'Asia/Dhaka', RUH: 'Asia/Riyadh', SHA: 'Asia/Shanghai', TYO: 'Asia/Tokyo', SIN: 'Asia/Singapore',
  SYD: 'Australia/Sydney', AKL: 'Pacific/Auckland', UTC: 'UTC',
} as const;
type ZK = keyof typeof Z;

// ---------------------------------------------------------------------------------------------
// Wall times → instants

const WALL = /^(?:(gap|fold):)?(\d{4}-\d\d-\d\d \d\d:\d\d)(?: (Z|[+-]\d\d:\d\d))?(?: @([A-Z]+))?$/;

/** Every instant whose wall-clock time in `zone` is `local` (0 in a gap, 2 in a fold). */
function readings(local: string, zone: string): DateTime[] {
  const asUtc = DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm', { zone: 'UTC' });
  if (!asUtc.isValid) throw new Error(`bad wall time ${local}`);
  const offsets = new Set<number>();
  for (const h of [-48, -24, -6, 0, 6, 24, 48]) offsets.add(DateTime.fromMillis(asUtc.toMillis() + h * 3600e3, { zone }).offset);
  const out: DateTime[] = [];
  for (const o of offsets) {
    const dt = DateTime.fromMillis(asUtc.toMillis() - o * 60e3, { zone });
    if (dt.offset === o && dt.toFormat('yyyy-MM-dd HH:mm') === local) out.push(dt);
  }
  return out.sort((a, b) => a.toMillis() - b.toMillis());
}

const iso = (dt: DateTime) => dt.toISO({ suppressMilliseconds: true })!;

/** One wall string → one or more ISO instants (a `fold:` gives two). */
function resolve(w: string, caseZone: string): string[] {
  const m = WALL.exec(w);
  if (!m) throw new Error(`bad wall string "${w}"`);
  const [, mark, local, offset, zk] = m;
  const zone = zk ? Z[zk as ZK] : caseZone;
  if (!zone) throw new Error(`unknown zone key ${zk}`);
  if (offset) {
    if (mark) throw new Error(`${w}: gap/fold with an explicit offset`);
    const dt = DateTime.fromISO(`${local.replace(' ', 'T')}${offset === 'Z' ? 'Z' : offset}`, { setZone: true });
    if (!dt.isValid) throw new Error(`bad instant ${w}`);
    // Rendered in the named zone when one is given, otherwise with the stated offset.
    return [iso(zk ? dt.setZone(zone) : dt)];
  }
  const r = readings(local, zone);
  if (mark === 'gap') {
    if (r.length !== 0) throw new Error(`${w} is not in a DST gap of ${zone}`);
    const asUtc = DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm', { zone: 'UTC' });
    const before = DateTime.fromMillis(asUtc.toMillis() - 36 * 3600e3, { zone }).offset; // offset in force before the gap (36 h back clears any UTC offset)
    const dt = DateTime.fromMillis(asUtc.toMillis() - before * 60e3, { zone }); // the shift-forward reading
    return [iso(dt)];
  }
  if (mark === 'fold') {
    if (r.length !== 2) throw new Error(`${w} is not in a DST fold of ${zone}`);
    return r.map(iso);
  }
  if (r.length !== 1) throw new Error(`${w} in ${zone} is ${r.length ? 'in a DST fold' : 'in a DST gap'}: give an offset`);
  return [iso(r[0])];
}

// ---------------------------------------------------------------------------------------------
// Case builders

type Expect =
  | { status: 'resolved'; at: string }
  | { status: 'resolved'; start: string; end: string }
  | { status: 'needs_clarification'; options: string[] }
  | { status: 'no_plan'; alsoAccept?: ['needs_clarification'] };

const at = (w: string): Expect => ({ status: 'resolved', at: w });
const rng = (start: string, end: string): Expect => ({ status: 'resolved', start, end });
const ask = (...options: string[]): Expect => ({ status: 'needs_clarification', options });
const none = (): Expect => ({ status: 'no_plan' });
/** Rule 19: impossible values are never coerced: "no_plan or ask". */
const bad = (): Expect => ({ status: 'no_plan', alsoAccept: ['needs_clarification'] });

/** [zone, reference wall time (optionally prefixed by its weekday), locale?, country?, subdivision?] */
type Ctx = [ZK | null, string, string?, string?, string?];

interface Raw {
  text: string;
  ctx: Ctx;
  expect: Expect;
  rule: number[];
  note?: string;
}
const RAW: Raw[] = [];
const c = (text: string, ctx: Ctx, expect: Expect, rule: number[], note?: string) => RAW.push({ text, ctx, expect, rule, note });

/** Holidays the corpus relies on, checked against date-holidays: [country, date, what]. */
const HOLIDAYS: [string, string, string][] = [];
const hol = (country: string, date: string, what: string) => HOLIDAYS.push([country, date, what]);

// =============================================================================================
// ENGLISH
// =============================================================================================

// --- Rule 1: a bare time is its next occurrence; with a zone named, the next occurrence there.
c('🎉 Neon Nights #42 tonight! / world: Club Nebula (instance 3) / DJ set 9pm, 2h set / cap 40 players', ['CHI', 'Fri 2026-05-15 16:10', 'en-US', 'US'], at('2026-05-15 21:00'), [1, 2, 18], '"2h set" is a duration, 3 and 40 are counts');
c('karaoke at 7:30pm, room 214 in the Tavern world — mic check 5 min before', ['DEN', 'Tue 2026-06-09 20:05', 'en-US', 'US'], at('2026-06-10 19:30'), [1, 18], '19:30 has passed today, so tomorrow');
c('anyone up for beat saber at 11pm? lobby code 4471', ['LON', 'Thu 2026-08-20 22:40', 'en-GB', 'GB'], at('2026-08-20 23:00'), [1, 18]);
c("Starting at 2300 UTC — bring your 3.0 avatars, we're testing the new shaders", ['NY', 'Thu 2026-07-02 18:00', 'en-US', 'US'], at('2026-07-02 23:00 Z'), [1, 12, 18]);
c('Raid kicks off 2100Z, be in voice 15 min early', ['BER', 'Tue 2026-02-10 23:30', 'en-GB', 'DE'], at('2026-02-11 21:00 Z'), [1, 12, 18], '21:00Z today has passed (it is 22:30Z), so the next one');
c('Sim racing league round 5: 8:00 PM PT — 24 car grid, 45 min race', ['LIS', 'Wed 2026-04-22 09:00', 'en-GB', 'PT'], at('2026-04-22 20:00 @LA'), [1, 12, 18]);
c('Dance class 6pm Sydney time, all levels welcome 💃', ['LA', 'Tue 2026-03-10 15:00', 'en-US', 'US'], at('2026-03-11 18:00 @SYD'), [1, 12], 'it is already Wed 09:00 in Sydney; the next 18:00 there is that evening');
c('lunch meetup at noon, see you in the café world', ['CHI', 'Thu 2026-09-03 13:10', 'en-US'], at('2026-09-04 12:00'), [1, 9]);
c('quarter to 10 tonight, speedrun showcase', ['PHX', 'Mon 2026-08-03 12:00', 'en-US', 'US', 'AZ'], at('2026-08-03 21:45'), [1, 2]);
c('half past 8 tonight in the amphitheatre, 3rd row is reserved', ['SYD', 'Sat 2026-08-08 10:00', 'en-AU', 'AU'], at('2026-08-08 20:30'), [2, 18]);
c('!remind 20:00 sharp — trivia', ['KOL', 'Thu 2026-02-05 21:15', 'en-IN', 'IN'], at('2026-02-06 20:00'), [1], 'bot command; 20:00 has passed');

// --- Rule 9: noon / midnight.
c("be there at midnight, we're doing the countdown world 🎆", ['DEN', 'Sat 2026-10-10 15:00', 'en-US', 'US'], at('2026-10-11 00:00'), [9]);
c('Friday at midnight — album listening party in the Lounge', ['CHI', 'Wed 2026-05-13 12:00', 'en-US', 'US'], at('2026-05-16 00:00'), [6, 9], '"<day> at midnight" is the end of Friday');
c('heads up: tomorrow at midnight the world instance resets, save your stuff', ['NY', 'Tue 2026-06-16 14:00', 'en-US', 'US'], at('2026-06-18 00:00'), [9], 'end of tomorrow (Wed) = Thu 00:00');
c('lunch meetup at noon tomorrow in the café world', ['AKL', 'Thu 2026-04-16 10:00', 'en-NZ', 'NZ'], at('2026-04-17 12:00'), [9]);

// --- Rule 2: hour without am/pm.
c('game night at 8 / world: Cozy Cabin v2 / 12 slots', ['CHI', 'Wed 2026-05-20 10:00', 'en-US', 'US'], at('2026-05-20 20:00'), [2, 18], 'soonest future reading: 08:00 has passed, 20:00 has not');
c("ok let's do 7:45 then", ['CHI', 'Wed 2026-05-20 19:50', 'en-US', 'US'], at('2026-05-21 07:45'), [2], 'both 19:45 today and 07:45 today have passed; the soonest future reading is 07:45 tomorrow');
c('June 12 at 8 for the premiere?', ['NY', 'Mon 2026-06-01 12:00', 'en-US', 'US'], ask('2026-06-12 08:00', '2026-06-12 20:00'), [2, 5]);
c('Quiz night Sat 14 Nov at 7 — teams of 4, max 6 teams', ['LON', 'Mon 2026-11-02 12:00', 'en-GB', 'GB'], at('2026-11-14 19:00'), [2, 18], 'explicit date, but rule 2: "night" means pm');
c("morning raid at 7, don't be late", ['KOL', 'Tue 2026-02-03 21:00', 'en-IN', 'IN'], at('2026-02-04 07:00'), [1, 2]);
c('tomorrow morning at 10 we open the new map', ['KOL', 'Tue 2026-02-03 21:00', 'en-IN', 'IN'], at('2026-02-04 10:00'), [2]);
c('Friday night at 11 — horror world tour, 18+ only', ['NY', 'Wed 2026-10-28 12:00', 'en-US', 'US'], at('2026-10-30 23:00'), [2, 6]);
c('2026-08-01 at 9 — v3.0 launch party?', ['TOR', 'Mon 2026-07-20 12:00', 'en-CA', 'CA'], ask('2026-08-01 09:00', '2026-08-01 21:00'), [2]);

// --- Rule 3: explicit past.
c('did anyone catch the stream yesterday at 9pm?', ['CHI', 'Thu 2026-03-12 10:00', 'en-US', 'US'], at('2026-03-11 21:00'), [3]);
c('the server crashed 2 hours ago, anyone else?', ['NY', 'Fri 2026-06-05 14:30', 'en-US', 'US'], at('2026-06-05 12:30'), [3, 11]);
c('3 days ago at noon we hit 100 members 🥳', ['SYD', 'Fri 2026-06-05 14:30', 'en-AU', 'AU'], at('2026-06-02 12:00'), [3, 9]);
c("last night's event at 10pm was wild", ['LON', 'Sat 2026-07-11 09:00', 'en-GB', 'GB'], at('2026-07-10 22:00'), [3]);
c('the last restart was 3 hours ago, right before the clocks changed', ['NY', 'Sun 2026-03-08 04:30', 'en-US', 'US'], at('2026-03-08 00:30'), [3, 11], '04:30 EDT minus 3 elapsed hours is 00:30 EST');

// --- Rules 4/5: dates without time / without year.
c('Next meetup: August 14 🎶 details TBA', ['CHI', 'Wed 2026-07-01 12:00', 'en-US', 'US'], at('2026-08-14 00:00'), [4, 5]);
c('March 3 — anniversary party, 3 years of the community!', ['NY', 'Tue 2026-03-03 18:00', 'en-US', 'US'], at('2026-03-03 00:00'), [4, 5], 'a date without a year is its next occurrence on or after today: today, at 00:00');
c('Jan 15 tournament, 32 players, $50 prize pool', ['NY', 'Mon 2026-06-01 12:00', 'en-US', 'US'], at('2027-01-15 00:00'), [4, 5, 18]);
c('on the 21st at 8pm, usual world', ['CHI', 'Mon 2026-05-25 12:00', 'en-US', 'US'], at('2026-06-21 20:00'), [5], 'interpreted: a day of month alone is its next occurrence on or after today (May 21 has passed)');
c('save the date: 2026-12-05 19:00 UTC — year-end awards, vote for best world', ['CHI', 'Fri 2026-11-20 12:00', 'en-US', 'US'], at('2026-12-05 19:00 Z'), [12, 21]);

// --- Rule 21: day/month order by locale.
c('14/08 at 20:00 — birthday bash in the Garden world', ['LON', 'Wed 2026-07-01 12:00', 'en-GB', 'GB'], at('2026-08-14 20:00'), [5, 21]);
c('auditions 03/04 at 7pm, bring a 2 min piece', ['LON', 'Sat 2026-01-10 12:00', 'en-GB', 'GB'], at('2026-04-03 19:00'), [18, 21]);
c('auditions 03/04 at 7pm, bring a 2 min piece', ['NY', 'Sat 2026-01-10 12:00', 'en-US', 'US'], at('2026-03-04 19:00'), [21]);
c('auditions 03/04 at 7pm, bring a 2 min piece', ['TOR', 'Sat 2026-01-10 12:00', 'en-CA', 'CA'], ask(), [21], 'rule 21 names en-GB (day first) and US (month first) only; Canada uses both orders, so this is left open: ask');
c('12/11 at 9pm — Remembrance meetup', ['SYD', 'Sun 2026-11-01 12:00', 'en-AU', 'AU'], at('2026-11-12 21:00'), [21], 'en-AU writes day first like en-GB');
c('12/11 at 9pm', ['NY', 'Sun 2026-11-01 12:00', 'en-US', 'US'], at('2026-12-11 21:00'), [21]);
c('13/04 at 8pm?', ['NY', 'Sat 2026-01-10 12:00', 'en-US', 'US'], bad(), [19, 21], 'month 13 in a month-first locale: not to be coerced into day-first');

// --- Rule 6: weekdays.
c('next tuesday at 8pm?', ['NY', 'Mon 2026-06-15 10:00', 'en-US', 'US'], ask('2026-06-16 20:00', '2026-06-23 20:00'), [6], 'said Monday: the first Tuesday after today is in this week');
c('next tuesday at 8pm?', ['NY', 'Sun 2026-06-14 10:00', 'en-US', 'US'], at('2026-06-16 20:00'), [6], 'said Sunday: the first Tuesday after today is already in next week (Mon–Sun)');
c('next friday 9pm, same world as always', ['LON', 'Fri 2026-06-19 12:00', 'en-GB', 'GB'], at('2026-06-26 21:00'), [6]);
c('Poll: next saturday works for the collab?', ['SYD', 'Wed 2026-06-17 12:00', 'en-AU', 'AU'], ask('2026-06-20 00:00', '2026-06-27 00:00'), [4, 6]);
c('next sunday at 3pm then', ['AKL', 'Sat 2026-06-13 11:00', 'en-NZ', 'NZ'], ask('2026-06-14 15:00', '2026-06-21 15:00'), [6], 'tomorrow (Sunday) is still this Mon–Sun week');
c('this saturday at 6pm — meet at spawn', ['CHI', 'Sat 2026-06-13 20:00', 'en-US', 'US'], at('2026-06-20 18:00'), [6], "today's 18:00 has passed: +7");
c('saturday at 10pm', ['CHI', 'Sat 2026-06-13 20:00', 'en-US', 'US'], at('2026-06-13 22:00'), [6]);
c('this friday 8pm — pride dance 🏳️‍🌈', ['DEN', 'Wed 2026-06-17 12:00', 'en-US', 'US'], at('2026-06-19 20:00'), [6]);
c('Thursday 19:00 workshop (Blender basics, 90 min, 15 seats)', ['LON', 'Thu 2026-06-18 19:30', 'en-GB', 'GB'], at('2026-06-25 19:00'), [6, 18]);
c('next wed 8pm?', ['TOR', 'Tue 2026-06-16 12:00', 'en-CA', 'CA'], ask('2026-06-17 20:00', '2026-06-24 20:00'), [6]);
c('next thursday good for everyone?', ['CHI', 'Sun 2026-06-14 18:00', 'en-US'], at('2026-06-18 00:00'), [4, 6]);
c('this sunday at 11am, brunch world', ['LON', 'Sun 2026-06-14 09:00', 'en-GB', 'GB'], at('2026-06-14 11:00'), [6]);
c('next friday 8pm', ['SYD', 'Thu 2026-06-18 12:00', 'en-AU', 'AU'], ask('2026-06-19 20:00', '2026-06-26 20:00'), [6]);

// --- Rule 7: "tomorrow" between midnight and early morning.
c('tomorrow at 8pm then?', ['CHI', 'Tue 2026-06-16 00:20', 'en-US', 'US'], ask('2026-06-16 20:00', '2026-06-17 20:00'), [7], 'interpreted: the question offers both days');
c('see you tomorrow 9pm for the rematch', ['SYD', 'Sat 2026-02-07 03:00', 'en-AU', 'AU'], ask('2026-02-07 21:00', '2026-02-08 21:00'), [7]);
c("gn all, tomorrow's session is at 7pm", ['AKL', 'Thu 2026-07-23 01:15', 'en-NZ', 'NZ'], ask('2026-07-23 19:00', '2026-07-24 19:00'), [7]);
c('tomorrow at 8pm sounds good', ['CHI', 'Tue 2026-06-16 11:00', 'en-US', 'US'], at('2026-06-17 20:00'), [7], 'late morning: not the early-morning case');

// --- Rule 8: vague periods.
c('anyone around tonight?', ['CHI', 'Fri 2026-05-15 15:00', 'en-US', 'US'], rng('2026-05-15 18:00', '2026-05-16 00:00'), [8]);
c('what are we doing this weekend 👀', ['CHI', 'Wed 2026-05-13 12:00', 'en-US', 'US'], rng('2026-05-16 00:00', '2026-05-18 00:00'), [8]);
c("next week I'm free, let's schedule the collab", ['SYD', 'Thu 2026-05-14 12:00', 'en-AU', 'AU'], rng('2026-05-18 00:00', '2026-05-25 00:00'), [8]);
c('this weekend is the charity stream!', ['LON', 'Sat 2026-05-16 11:00', 'en-GB', 'GB'], rng('2026-05-16 00:00', '2026-05-18 00:00'), [8], 'said on the Saturday: the weekend under way');
c('next week then', ['KOL', 'Sun 2026-05-17 20:00', 'en-IN', 'IN'], rng('2026-05-18 00:00', '2026-05-25 00:00'), [8], 'said on Sunday: next week starts tomorrow');
c('this weekend — spooky world crawl 👻', ['NY', 'Wed 2026-10-28 12:00', 'en-US', 'US'], rng('2026-10-31 00:00', '2026-11-02 00:00'), [8, 11], 'the range spans the fall-back; ends are wall-clock 00:00');

// --- Rule 10: ranges.
c('Open mic 8-11pm / sign-up sheet in world / 5 min slots', ['CHI', 'Fri 2026-04-10 12:00', 'en-US', 'US'], rng('2026-04-10 20:00', '2026-04-10 23:00'), [10, 18]);
c('afterparty 11pm–3am 🎧', ['DEN', 'Sat 2026-04-11 14:00', 'en-US', 'US'], rng('2026-04-11 23:00', '2026-04-12 03:00'), [10]);
c('Tuesday jam 9–11pm EST, all instruments welcome', ['BER', 'Tue 2026-01-20 10:00', 'en-GB', 'DE'], rng('2026-01-20 21:00 @NY', '2026-01-20 23:00 @NY'), [6, 10, 12], 'it is Tuesday 04:00 in New York too');
c('Halloween bash Oct 31 10pm–4am', ['NY', 'Tue 2026-10-20 12:00', 'en-US', 'US'], rng('2026-10-31 22:00', '2026-11-01 04:00'), [10, 11], 'end is the stated clock time (EST after the fold)');
c('chill stream 8:30-10 pm', ['PHX', 'Mon 2026-08-03 12:00', 'en-US', 'US'], rng('2026-08-03 20:30', '2026-08-03 22:00'), [10]);
c('from 7 to 9 pm JST, J-pop night', ['LA', 'Wed 2026-08-05 10:00', 'en-US', 'US'], rng('2026-08-06 19:00 @TYO', '2026-08-06 21:00 @TYO'), [1, 10, 12], 'it is Thu 02:00 in Tokyo; next 19:00 there');
c('Sat Mar 7 10pm–4am all-nighter', ['NY', 'Mon 2026-03-02 12:00', 'en-US', 'US'], rng('2026-03-07 22:00', '2026-03-08 04:00'), [10, 11]);
c('Sat 4 April 11pm–4am, last night of daylight saving party', ['SYD', 'Mon 2026-03-30 12:00', 'en-AU', 'AU', 'NSW'], rng('2026-04-04 23:00', '2026-04-05 04:00'), [10, 11]);
c('starts 21:00, ends around 23:30', ['LON', 'Fri 2026-05-15 12:00', 'en-GB', 'GB'], at('2026-05-15 21:00'), [10, 20], 'start is the event; a range 21:00–23:30 scores too');

// --- Rule 11: elapsed vs calendar units.
c('server restart in 24 hours', ['NY', 'Sat 2026-03-07 20:00', 'en-US', 'US'], at('2026-03-08 21:00'), [11], '24 elapsed hours across the spring-forward');
c('rematch in 1 day, same world', ['NY', 'Sat 2026-03-07 20:00', 'en-US', 'US'], at('2026-03-08 20:00'), [11]);
c('finals in 2 weeks', ['LON', 'Tue 2026-10-20 19:00', 'en-GB', 'GB'], at('2026-11-03 19:00'), [11]);
c('doors open in 90 minutes', ['NY', 'Sun 2026-11-01 00:45', 'en-US', 'US'], at('2026-11-01 01:15 -05:00'), [11], '00:45 EDT + 90 elapsed minutes = 01:15 EST (second pass)');
c('event in 3 hours, be ready', ['SYD', 'Sun 2026-10-04 00:30', 'en-AU', 'AU'], at('2026-10-04 04:30'), [11]);
c('a week from now, same time', ['BER', 'Wed 2026-03-25 18:00', 'en-GB', 'DE'], at('2026-04-01 18:00'), [11]);
c('in 48 hours', ['AKL', 'Sat 2026-04-04 10:00', 'en-NZ', 'NZ'], at('2026-04-06 09:00'), [11]);
c('in 2 days', ['AKL', 'Sat 2026-04-04 10:00', 'en-NZ', 'NZ'], at('2026-04-06 10:00'), [11]);
c('in 1 month', ['CHI', 'Sat 2026-02-28 12:00', 'en-US', 'US'], at('2026-03-28 12:00'), [11]);
c('in 24 hours', ['SYD', 'Sat 2026-04-04 12:00', 'en-AU', 'AU'], at('2026-04-05 11:00'), [11]);
c('in 2 hours 30 minutes', ['LON', 'Sat 2026-10-24 23:45', 'en-GB', 'GB'], at('2026-10-25 01:15 Z'), [11], '23:45 BST + 2h30 elapsed = 01:15 GMT (second pass)');

// --- Rule 12: abbreviations and region words.
c("Movie night 9pm EST 🍿 — we're watching a 2h film", ['CHI', 'Wed 2026-07-08 12:00', 'en-US', 'US'], at('2026-07-08 21:00 @NY'), [1, 12, 18], 'EST in July = New York civil time (EDT)');
c('8pm BST, hope that works for the EU folks', ['LON', 'Wed 2026-12-02 12:00', 'en-GB', 'GB'], at('2026-12-02 20:00'), [12, 13], 'BST settled as British by Europe/London + GB; in December = GMT');
c('7pm PST sharp', ['TYO', 'Fri 2026-08-14 12:00', 'en-US', 'JP'], at('2026-08-14 19:00 @LA'), [1, 12]);
c('9pm CET, EU meetup', ['LIS', 'Wed 2026-07-15 10:00', 'en-GB', 'PT'], at('2026-07-15 21:00 @BER'), [1, 12]);
c('8pm EDT ice skating world ⛸️', ['DEN', 'Thu 2026-12-03 12:00', 'en-US', 'US'], at('2026-12-03 20:00 @NY'), [12]);
c('6pm AEDT — watch party for the finals', ['AKL', 'Wed 2026-06-10 10:00', 'en-NZ', 'NZ'], at('2026-06-10 18:00 @SYD'), [1, 12]);
c('Rodeo world tour 7pm MST', ['PHX', 'Wed 2026-07-15 10:00', 'en-US', 'US', 'AZ'], at('2026-07-15 19:00 -07:00'), [12, 13], 'in Arizona MST is the civil time all year, so MST is not out of season here');
c('8pm UK time, 4v4 tournament', ['CHI', 'Tue 2026-05-05 10:00', 'en-US', 'US'], at('2026-05-05 20:00 @LON'), [1, 12, 18]);
c('noon pacific, dev Q&A', ['KOL', 'Tue 2026-11-10 20:00', 'en-IN', 'IN'], at('2026-11-10 12:00 @LA'), [9, 12]);
c('7:30pm Sydney time meetup', ['LON', 'Thu 2026-01-15 12:00', 'en-GB', 'GB'], at('2026-01-16 19:30 @SYD'), [1, 12], 'it is 23:00 in Sydney');
c('21:00 UTC+9 for the Asia-Pacific crowd', ['BER', 'Sun 2026-03-01 10:00', 'en-GB', 'DE'], at('2026-03-01 21:00 +09:00'), [1, 12]);
c('8pm GMT-3 (Brazil folks)', ['MAD', 'Sun 2026-09-20 15:00', 'en-GB', 'ES'], at('2026-09-20 20:00 -03:00'), [1, 12], 'human GMT-3 = UTC−03:00');
c('19:00 +05:30 standup for the Bangalore team', ['CHI', 'Wed 2026-04-01 12:00', 'en-US', 'US'], at('2026-04-02 19:00 +05:30'), [1, 12], 'it is 22:30 at +05:30');
c('10am eastern time / Q&A with the world creator', ['DEN', 'Mon 2026-02-16 06:00', 'en-US', 'US'], at('2026-02-16 10:00 @NY'), [1, 12]);

// --- Rule 13: ambiguous abbreviations.
c('raid at 8pm CST, 20 man', ['BER', 'Thu 2026-02-05 12:00', 'en-GB', 'DE'], ask(), [13]);
c('raid at 8pm CST, 20 man', ['CHI', 'Thu 2026-02-05 12:00', 'en-US', 'US'], at('2026-02-05 20:00'), [13]);
c('9pm CST watch party', ['CHI', 'Wed 2026-07-08 12:00', 'en-US', 'US'], at('2026-07-08 21:00'), [12, 13], 'settled as US Central; out of season → CDT');
c('7pm IST cricket watch party 🏏', ['KOL', 'Sat 2026-04-18 12:00', 'en-IN', 'IN'], at('2026-04-18 19:00'), [13]);
c('7pm IST ok for you?', ['LON', 'Sat 2026-04-18 12:00', 'en-GB', 'GB'], ask(), [13], 'India / Irish / Israel: London + GB settles none');
c('8pm IST trad session in the pub world 🍀', ['DUB', 'Fri 2026-07-17 12:00', 'en-IE', 'IE'], at('2026-07-17 20:00'), [13], 'Irish Standard Time = Dublin summer civil time');
c('7pm AST, maritime meetup', ['HFX', 'Thu 2026-01-22 12:00', 'en-CA', 'CA', 'NS'], at('2026-01-22 19:00'), [13]);
c('7pm AST', ['RUH', 'Thu 2026-01-22 12:00', 'en-US', 'SA'], at('2026-01-22 19:00'), [13], 'Arabia Standard Time');
c('7pm AST?', ['NY', 'Thu 2026-01-22 12:00', 'en-US'], ask(), [13]);
c('9pm BST', ['DHA', 'Fri 2026-03-06 12:00', 'en-US', 'BD'], at('2026-03-06 21:00'), [13], 'Bangladesh Standard Time');
c('9pm BST works?', ['NY', 'Mon 2026-06-08 12:00', 'en-US', 'US'], ask(), [13], 'British Summer Time / Bangladesh Standard Time; New York + US settles neither');
c('8pm CST', ['SHA', 'Mon 2026-06-08 12:00', 'en-US', 'CN'], at('2026-06-08 20:00'), [13], 'China Standard Time');

// --- Rule 14: relative day + foreign zone with a different date.
c('tomorrow 9pm JST for the Tokyo crowd', ['LA', 'Mon 2026-06-15 20:00', 'en-US', 'US'], ask('2026-06-16 21:00 @TYO', '2026-06-17 21:00 @TYO'), [14], 'Tokyo is already Tuesday');
c('tomorrow 8pm UK time', ['NY', 'Mon 2026-06-15 10:00', 'en-US', 'US'], at('2026-06-16 20:00 @LON'), [12, 14], 'same date in both zones: no question');
c('tomorrow at 8pm Auckland time', ['CHI', 'Tue 2026-02-10 20:00', 'en-US', 'US'], ask('2026-02-11 20:00 @AKL', '2026-02-12 20:00 @AKL'), [14]);
c('tomorrow 9am ET, dev stream', ['SYD', 'Mon 2026-09-14 08:00', 'en-AU', 'AU'], ask('2026-09-15 09:00 @NY', '2026-09-14 09:00 @NY'), [14], 'New York is still Sunday');
c('tomorrow at 20:00 CET', ['LIS', 'Sat 2026-01-10 23:30', 'en-GB', 'PT'], ask('2026-01-11 20:00 @BER', '2026-01-12 20:00 @BER'), [12, 14], 'Berlin is already Sunday 00:30');

// --- Rule 15: DST gaps and folds.
c('Mar 8 at 2:30am — sunrise world hike', ['NY', 'Sun 2026-03-01 12:00', 'en-US', 'US'], ask('gap:2026-03-08 02:30'), [15]);
c('Nov 1 1:30am late night build session', ['NY', 'Mon 2026-10-26 12:00', 'en-US', 'US'], ask('fold:2026-11-01 01:30'), [15]);
c('Nov 1 1:30am EST', ['NY', 'Mon 2026-10-26 12:00', 'en-US', 'US'], at('2026-11-01 01:30 -05:00'), [12, 15]);
c('Nov 1 at 1:30am EDT', ['NY', 'Mon 2026-10-26 12:00', 'en-US', 'US'], at('2026-11-01 01:30 -04:00'), [12, 15]);
c('Nov 1 1:30am PT', ['LA', 'Mon 2026-10-26 12:00', 'en-US', 'US'], ask('fold:2026-11-01 01:30'), [12, 15], 'PT is a zone, not a fixed offset: the fold stays');
c('5 April 2:30am — sunrise party', ['SYD', 'Wed 2026-04-01 12:00', 'en-AU', 'AU'], ask('fold:2026-04-05 02:30'), [15]);
c('4 Oct 2:15am stargazing', ['SYD', 'Thu 2026-10-01 12:00', 'en-AU', 'AU'], ask('gap:2026-10-04 02:15'), [15]);
c('27 Sep 2:30am', ['AKL', 'Wed 2026-09-23 12:00', 'en-NZ', 'NZ'], ask('gap:2026-09-27 02:30'), [15]);
c('5 Apr 2:45am NZST', ['AKL', 'Wed 2026-04-01 12:00', 'en-NZ', 'NZ'], at('2026-04-05 02:45 +12:00'), [12, 15]);
c('29 March 1:30am', ['LON', 'Mon 2026-03-23 12:00', 'en-GB', 'GB'], ask('gap:2026-03-29 01:30'), [15]);
c('25 Oct 1:30am — clocks go back, extra hour of dancing!', ['LON', 'Mon 2026-10-19 12:00', 'en-GB', 'GB'], ask('fold:2026-10-25 01:30'), [15]);
c('25 Oct 1:30am UTC', ['LON', 'Mon 2026-10-19 12:00', 'en-GB', 'GB'], at('2026-10-25 01:30 Z'), [12, 15]);

// --- Rule 16: holidays.
hol('US', '2026-11-26', 'Thanksgiving'); hol('US', '2026-05-25', 'Memorial Day'); hol('US', '2026-09-07', 'Labor Day'); hol('US', '2026-07-04', 'Independence Day');
hol('US', '2026-12-24', 'Christmas Eve'); hol('US', '2026-12-31', "New Year's Eve"); hol('GB', '2026-12-26', 'Boxing Day'); hol('GB', '2027-03-29', 'Easter Monday');
hol('CA', '2026-07-01', 'Canada Day'); hol('AU', '2027-01-26', 'Australia Day');
c('Thanksgiving potluck world, 6pm, bring virtual pie 🥧', ['NY', 'Mon 2026-11-02 12:00', 'en-US', 'US'], at('2026-11-26 18:00'), [16]);
c('Memorial Day BBQ at 2pm in the lake world', ['CHI', 'Fri 2026-05-01 12:00', 'en-US', 'US', 'IL'], at('2026-05-25 14:00'), [16]);
c('Labor Day hangout, all day', ['DEN', 'Thu 2026-08-20 12:00', 'en-US', 'US', 'CO'], at('2026-09-07 00:00'), [4, 16]);
c('Independence Day fireworks at 9pm 🎆 / world: Desert Sky', ['PHX', 'Sat 2026-06-20 12:00', 'en-US', 'US', 'AZ'], at('2026-07-04 21:00'), [16], 'the holiday is July 4; the library lists Fri July 3 separately as its "substitute day"');
c('Christmas Eve 8pm carols, lyrics on the world board', ['NY', 'Tue 2026-12-01 12:00', 'en-US', 'US'], at('2026-12-24 20:00'), [16]);
c("New Year's Eve party 10pm–2am", ['CHI', 'Tue 2026-12-01 12:00', 'en-US', 'US'], rng('2026-12-31 22:00', '2027-01-01 02:00'), [10, 16]);
c('Boxing Day stream at 3pm', ['LON', 'Thu 2026-12-10 12:00', 'en-GB', 'GB'], at('2026-12-26 15:00'), [16]);
c('Easter Monday 11am egg hunt 🥚', ['LON', 'Fri 2026-05-01 12:00', 'en-GB', 'GB'], at('2027-03-29 11:00'), [5, 16], "this year's has passed: next year's");
c('Canada Day 1pm parade world', ['TOR', 'Mon 2026-06-01 12:00', 'en-CA', 'CA', 'ON'], at('2026-07-01 13:00'), [16]);
c('Australia Day bbq 12pm', ['SYD', 'Mon 2026-06-01 12:00', 'en-AU', 'AU', 'NSW'], at('2027-01-26 12:00'), [9, 16]);
c('Thanksgiving dinner in VR?', ['LON', 'Mon 2026-11-02 12:00', 'en'], ask(), [16], 'no country and no locale region: US or Canadian Thanksgiving? ask');
c('Labour Day party at 3pm', ['SIN', 'Mon 2026-03-02 12:00'], ask(), [16], 'no country, no locale: Labour Day differs by country');

// --- Rule 17: "as stated".
c('last friday of the month 8pm — monthly meetup', ['CHI', 'Sun 2026-05-10 12:00', 'en-US', 'US'], at('2026-05-29 20:00'), [17]);
c('first saturday of november', ['SYD', 'Mon 2026-10-05 12:00', 'en-AU', 'AU'], at('2026-11-07 00:00'), [4, 17]);
c('second tuesday of next month at 7pm', ['LON', 'Sun 2026-05-10 12:00', 'en-GB', 'GB'], at('2026-06-09 19:00'), [17]);
c('last sunday in june, 3pm', ['TOR', 'Mon 2026-06-01 12:00', 'en-CA', 'CA'], at('2026-06-28 15:00'), [17]);
c('first friday of december 9pm — winter ball ❄️', ['KOL', 'Sun 2026-11-15 12:00', 'en-IN', 'IN'], at('2026-12-04 21:00'), [17]);

// --- Rule 18: no time expression.
c('call me at +1 (415) 555-0132 if the world crashes', ['LA', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18]);
c('GG! final score 21-19, rematch whenever', ['CHI', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18]);
c('patch 2.14.3 is live, please update your SDK to 3.5.0', ['NY', 'Tue 2026-05-12 12:00', 'en-US'], none(), [18]);
c('tickets are $12.50, VIP $25', ['DEN', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18]);
c('rated it 10/10 would dance again', ['NY', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18]);
c("what's EST?", ['LON', 'Tue 2026-05-12 12:00', 'en-GB', 'GB'], none(), [18]);
c("I'm on CET btw", ['BER', 'Tue 2026-05-12 12:00', 'en-GB', 'DE'], none(), [18]);
c('our radio world runs 24/7 📻', ['SYD', 'Tue 2026-05-12 12:00', 'en-AU', 'AU'], none(), [18]);
c('been in VRChat since 2019', ['CHI', 'Tue 2026-05-12 12:00', 'en-US'], none(), [18]);
c("meet in room 1204, it's the blue door", ['NY', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18]);
c('spawn coords: 48.8566, 2.3522', ['PAR', 'Tue 2026-05-12 12:00', 'en-GB', 'FR'], none(), [18]);
c('4/5 stars from me', ['NY', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18], 'a rating, not April 5');
c("UK number is 020 7946 0958, text don't call", ['LON', 'Tue 2026-05-12 12:00', 'en-GB', 'GB'], none(), [18]);
c('rank 12 on the leaderboard, best lap 4:32.18', ['LON', 'Tue 2026-05-12 12:00', 'en-GB', 'GB'], none(), [18], 'a lap time, not 04:32');
c("I'm pacific btw", ['LA', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18]);
c('each DJ gets a 2h set, 3 DJs total', ['DEN', 'Tue 2026-05-12 12:00', 'en-US', 'US'], none(), [18]);
c('Sydney time is so confusing lol', ['AKL', 'Tue 2026-05-12 12:00', 'en-NZ', 'NZ'], none(), [18]);
c('score was 7:5 in the final round', ['LON', 'Tue 2026-05-12 12:00', 'en-GB'], none(), [18]);
c('Australia/Sydney', ['SYD', 'Tue 2026-05-12 12:00', 'en-AU', 'AU'], none(), [18]);
c('hey whats up', [null, 'Tue 2026-05-12 12:00'], none(), [18]);

// --- Rule 19: impossible values.
c('Feb 30 at 8pm, save the date!', ['NY', 'Tue 2026-01-06 12:00', 'en-US', 'US'], bad(), [19]);
c('starts 25:00 server time', ['LON', 'Tue 2026-05-12 12:00', 'en-GB', 'GB'], bad(), [19]);
c('13pm in the plaza', ['CHI', 'Tue 2026-05-12 12:00', 'en-US', 'US'], bad(), [19]);
c('April 31st 7pm', ['DEN', 'Tue 2026-03-10 12:00', 'en-US', 'US'], bad(), [19]);
c('10:75pm karaoke', ['SYD', 'Tue 2026-05-12 12:00', 'en-AU', 'AU'], bad(), [19]);
c('31/09 at 8pm', ['LON', 'Tue 2026-05-12 12:00', 'en-GB', 'GB'], bad(), [19, 21], 'September has 30 days');
c('Feb 29 2026 meetup', ['TOR', 'Tue 2026-01-06 12:00', 'en-CA', 'CA'], bad(), [19], '2026 is not a leap year');

// --- Rule 20: several times.
c('moved from 8pm to 9pm tonight, sorry!', ['CHI', 'Fri 2026-05-15 12:00', 'en-US', 'US'], at('2026-05-15 21:00'), [20]);
c("last week's was 8pm, this week 9pm Friday 🕺", ['NY', 'Mon 2026-05-11 12:00', 'en-US', 'US'], at('2026-05-15 21:00'), [6, 20]);
c('8pm or 9pm? vote 👍 / 👎', ['SYD', 'Tue 2026-05-12 12:00', 'en-AU', 'AU'], ask('2026-05-12 20:00', '2026-05-12 21:00'), [20]);
c('Saturday or Sunday at 6pm, whichever gets more votes', ['LON', 'Wed 2026-05-13 12:00', 'en-GB', 'GB'], ask('2026-05-16 18:00', '2026-05-17 18:00'), [6, 20]);
c('Event starts 9pm (world opens 8:30pm for early birds)', ['DEN', 'Thu 2026-05-14 12:00', 'en-US', 'US'], at('2026-05-14 21:00'), [20]);
c('was Friday 8pm, now Saturday 8pm (venue world update)', ['CHI', 'Wed 2026-05-13 12:00', 'en-US', 'US'], at('2026-05-16 20:00'), [6, 20]);
c('reminder: 8pm tonight, not 7pm like the flyer said', ['AKL', 'Fri 2026-05-15 12:00', 'en-NZ', 'NZ'], at('2026-05-15 20:00'), [20]);
c('UPDATE: Sunday 5pm → Sunday 6pm, same world, 20 slots', ['PHX', 'Wed 2026-05-13 12:00', 'en-US', 'US'], at('2026-05-17 18:00'), [6, 18, 20], 'the arrow marks the new time');

// =============================================================================================
// GERMAN
// =============================================================================================
hol('DE', '2026-12-24', 'Heiligabend'); hol('AT', '2026-12-31', 'Silvester'); hol('DE', '2026-10-03', 'Tag der Deutschen Einheit'); hol('CH', '2026-08-01', 'Bundesfeiertag');
c('🎉 Tanzabend heute um 20 Uhr in der Welt „Sternenhalle“ / max. 40 Spieler / Eintritt frei', ['BER', 'Fri 2026-05-15 14:00', 'de-DE', 'DE'], at('2026-05-15 20:00'), [1, 18]);
c('nächsten Dienstag um 20 Uhr?', ['BER', 'Mon 2026-05-11 12:00', 'de-DE', 'DE'], ask('2026-05-12 20:00', '2026-05-19 20:00'), [6]);
c('nächsten Dienstag um 20 Uhr?', ['BER', 'Sun 2026-05-10 12:00', 'de-DE', 'DE'], at('2026-05-12 20:00'), [6]);
c('Heiligabend um 18 Uhr Bescherung in der Hütten-Welt 🎄', ['BER', 'Tue 2026-12-01 12:00', 'de-DE', 'DE'], at('2026-12-24 18:00'), [16]);
c('Silvesterparty ab 22 Uhr 🥂', ['VIE', 'Tue 2026-12-15 12:00', 'de-AT', 'AT'], at('2026-12-31 22:00'), [16]);
c('Tag der Deutschen Einheit – Sondertreffen um 15 Uhr', ['BER', 'Tue 2026-09-01 12:00', 'de-DE', 'DE'], at('2026-10-03 15:00'), [16]);
c('Am Bundesfeiertag grillen wir ab 12 Uhr 🇨🇭', ['ZRH', 'Mon 2026-06-01 12:00', 'de-CH', 'CH', 'ZH'], at('2026-08-01 12:00'), [16]);
c('Pfingstmontag Grillen um 14 Uhr?', ['BER', 'Fri 2026-05-01 12:00', 'de'], ask(), [16], 'no country and no locale region: ask which country');
c('Am 30. Februar um 20 Uhr?', ['BER', 'Tue 2026-01-06 12:00', 'de-DE', 'DE'], bad(), [19]);
c('Wir starten um 25 Uhr', ['BER', 'Tue 2026-05-12 12:00', 'de-DE', 'DE'], bad(), [19]);
c('heute Abend um 8 im Club', ['BER', 'Sat 2026-05-16 11:00', 'de-DE', 'DE'], at('2026-05-16 20:00'), [2]);
c('am 12.06. um 8?', ['BER', 'Mon 2026-06-01 12:00', 'de-DE', 'DE'], ask('2026-06-12 08:00', '2026-06-12 20:00'), [2, 21]);
c('Workshop am 03.04. um 19 Uhr, 12 Plätze', ['BER', 'Sat 2026-01-10 12:00', 'de-DE', 'DE'], at('2026-04-03 19:00'), [18, 21]);
c("in 2 Stunden geht's los", ['BER', 'Sun 2026-03-29 01:30', 'de-DE', 'DE'], at('2026-03-29 04:30'), [11], '01:30 CET + 2 elapsed hours = 04:30 CEST');
c('Wir haben 3:2 gewonnen! 🏆', ['BER', 'Tue 2026-05-12 12:00', 'de-DE', 'DE'], none(), [18], 'a score, not 03:02');
c('Ruf mich an: 030 901820', ['BER', 'Tue 2026-05-12 12:00', 'de-DE', 'DE'], none(), [18]);
c('am 29. März um 2:30 Uhr früh Sonnenaufgang-Wanderung', ['BER', 'Mon 2026-03-23 12:00', 'de-DE', 'DE'], ask('gap:2026-03-29 02:30'), [15]);
c('am 25. Oktober um 2:30 Uhr früh', ['BER', 'Mon 2026-10-19 12:00', 'de-DE', 'DE'], ask('fold:2026-10-25 02:30'), [15]);
c('was machen wir dieses Wochenende?', ['ZRH', 'Wed 2026-05-13 12:00', 'de-CH', 'CH'], rng('2026-05-16 00:00', '2026-05-18 00:00'), [8]);
c('nächste Woche hab ich Zeit', ['VIE', 'Thu 2026-05-14 12:00', 'de-AT', 'AT'], rng('2026-05-18 00:00', '2026-05-25 00:00'), [8]);
c('Freitag um Mitternacht Hörspiel-Premiere', ['BER', 'Wed 2026-05-13 12:00', 'de-DE', 'DE'], at('2026-05-16 00:00'), [6, 9]);
c('gestern um 21 Uhr war der Server down', ['BER', 'Thu 2026-03-12 10:00', 'de-DE', 'DE'], at('2026-03-11 21:00'), [3]);
c('20 Uhr MEZ, Spieleabend', ['LIS', 'Wed 2026-07-15 10:00', 'de-DE', 'PT'], at('2026-07-15 20:00 @BER'), [1, 12], 'MEZ (= CET) in July: Berlin civil time (MESZ)');
c('am ersten Samstag im Dezember um 19 Uhr Weihnachtsmarkt-Welt', ['BER', 'Sun 2026-11-15 12:00', 'de-DE', 'DE'], at('2026-12-05 19:00'), [17]);
c('morgen um 20 Uhr dann', ['BER', 'Fri 2026-05-15 00:30', 'de-DE', 'DE'], ask('2026-05-15 20:00', '2026-05-16 20:00'), [7]);
c('Statt 19 Uhr jetzt 20 Uhr! Bitte weitersagen', ['BER', 'Fri 2026-05-15 12:00', 'de-DE', 'DE'], at('2026-05-15 20:00'), [20]);
c('19 oder 20 Uhr?', ['VIE', 'Fri 2026-05-15 12:00', 'de-AT', 'AT'], ask('2026-05-15 19:00', '2026-05-15 20:00'), [20]);
c('um 20 Uhr Tokioter Zeit', ['BER', 'Mon 2026-06-01 10:00', 'de-DE', 'DE'], at('2026-06-01 20:00 @TYO'), [1, 12]);

// =============================================================================================
// FRENCH
// =============================================================================================
hol('FR', '2026-12-25', 'Noël'); hol('FR', '2026-11-01', 'Toussaint');
c('Soirée quiz ce soir à 21h / salle 12 / 6 équipes max', ['PAR', 'Fri 2026-05-15 15:00', 'fr-FR', 'FR'], at('2026-05-15 21:00'), [1, 18]);
c('rdv demain à 20h30 dans le monde « Café Lumière »', ['BRU', 'Tue 2026-05-12 18:00', 'fr-BE', 'BE'], at('2026-05-13 20:30'), [1]);
c('samedi prochain à 20h ?', ['PAR', 'Wed 2026-05-13 12:00', 'fr-FR', 'FR'], ask('2026-05-16 20:00', '2026-05-23 20:00'), [6]);
c('mardi prochain 19h', ['TOR', 'Sun 2026-05-10 12:00', 'fr-CA', 'CA', 'QC'], at('2026-05-12 19:00'), [6]);
c('Noël à 18h, échange de cadeaux virtuel 🎁', ['PAR', 'Tue 2026-12-01 12:00', 'fr-FR', 'FR'], at('2026-12-25 18:00'), [16]);
c("le 14 juillet à 22h feux d'artifice 🎆", ['PAR', 'Mon 2026-06-01 12:00', 'fr-FR', 'FR'], at('2026-07-14 22:00'), [5]);
c('pour la Toussaint on fait une soirée contes', ['PAR', 'Thu 2026-10-01 12:00', 'fr-FR', 'FR'], at('2026-11-01 00:00'), [4, 16]);
c('le 31 juin à 20h', ['PAR', 'Tue 2026-05-12 12:00', 'fr-FR', 'FR'], bad(), [19]);
c('on commence à 25h', ['BRU', 'Tue 2026-05-12 12:00', 'fr-BE', 'BE'], bad(), [19]);
c('atelier le 03/04 à 19h', ['PAR', 'Sat 2026-01-10 12:00', 'fr-FR', 'FR'], at('2026-04-03 19:00'), [21]);
c('dans 2 heures', ['PAR', 'Sun 2026-10-25 01:30', 'fr-FR', 'FR'], at('2026-10-25 02:30 +01:00'), [11], '01:30 CEST + 2 elapsed hours = the second 02:30 (CET)');
c('ce week-end on fait quoi ?', ['PAR', 'Wed 2026-05-13 12:00', 'fr-FR', 'FR'], rng('2026-05-16 00:00', '2026-05-18 00:00'), [8]);
c('la semaine prochaine', ['BRU', 'Thu 2026-05-14 12:00', 'fr-BE', 'BE'], rng('2026-05-18 00:00', '2026-05-25 00:00'), [8]);
c("t'es dispo ce soir ?", ['TOR', 'Fri 2026-05-15 14:00', 'fr-CA', 'CA'], rng('2026-05-15 18:00', '2026-05-16 00:00'), [8]);
c('à minuit on lance le compte à rebours', ['PAR', 'Sat 2026-05-16 15:00', 'fr-FR', 'FR'], at('2026-05-17 00:00'), [9]);
c('hier à 21h le monde a planté', ['PAR', 'Thu 2026-03-12 10:00', 'fr-FR', 'FR'], at('2026-03-11 21:00'), [3]);
c('le premier samedi de décembre à 20h', ['PAR', 'Sun 2026-11-15 12:00', 'fr-FR', 'FR'], at('2026-12-05 20:00'), [17]);
c('le dernier vendredi du mois à 21h', ['PAR', 'Sun 2026-05-10 12:00', 'fr-FR', 'FR'], at('2026-05-29 21:00'), [17]);
c('Appelle-moi au 06 12 34 56 78', ['PAR', 'Tue 2026-05-12 12:00', 'fr-FR', 'FR'], none(), [18]);
c('entrée 9,99 €', ['BRU', 'Tue 2026-05-12 12:00', 'fr-BE', 'BE'], none(), [18]);
c('20h ou 21h ?', ['PAR', 'Fri 2026-05-15 12:00', 'fr-FR', 'FR'], ask('2026-05-15 20:00', '2026-05-15 21:00'), [20]);
c('déplacé de 20h à 21h ce soir', ['PAR', 'Fri 2026-05-15 12:00', 'fr-FR', 'FR'], at('2026-05-15 21:00'), [20], '"déplacé de … à …" = moved from … to …, not a range');
c('demain à 20h alors', ['PAR', 'Sat 2026-05-16 01:00', 'fr-FR', 'FR'], ask('2026-05-16 20:00', '2026-05-17 20:00'), [7]);
c('21h heure de Paris', ['TOR', 'Fri 2026-05-15 10:00', 'fr-CA', 'CA', 'QC'], at('2026-05-15 21:00 @PAR'), [1, 12]);
c('19h HNE', ['TOR', 'Wed 2026-07-08 12:00', 'fr-CA', 'CA', 'QC'], at('2026-07-08 19:00'), [12], 'HNE = heure normale de l’Est (EST); in July = EDT');
c('le 25 octobre à 2h30 du matin', ['PAR', 'Mon 2026-10-19 12:00', 'fr-FR', 'FR'], ask('fold:2026-10-25 02:30'), [15]);
c('demain 20h heure de Tokyo', ['TOR', 'Mon 2026-06-15 21:00', 'fr-CA', 'CA'], ask('2026-06-16 20:00 @TYO', '2026-06-17 20:00 @TYO'), [14], 'Tokyo is already Tuesday');

// =============================================================================================
// SPANISH
// =============================================================================================
hol('AR', '2026-12-24', 'Nochebuena');
c('🎤 Noche de karaoke hoy a las 21:00 / mundo «La Cantina» / máx. 30 jugadores', ['MEX', 'Fri 2026-05-15 12:00', 'es-MX', 'MX'], at('2026-05-15 21:00'), [1, 18]);
c('mañana a las 8 de la noche, torneo 1v1', ['BOG', 'Tue 2026-05-12 12:00', 'es-CO', 'CO'], at('2026-05-13 20:00'), [2]);
c('¿el próximo martes a las 20:00?', ['MAD', 'Mon 2026-05-11 12:00', 'es-ES', 'ES'], ask('2026-05-12 20:00', '2026-05-19 20:00'), [6]);
c('el sábado a las 22 h fiesta en la playa virtual', ['BUE', 'Wed 2026-05-13 12:00', 'es-AR', 'AR'], at('2026-05-16 22:00'), [6]);
c('Nochebuena a las 21, cena virtual con la comunidad 🎄', ['BUE', 'Tue 2026-12-01 12:00', 'es-AR', 'AR'], at('2026-12-24 21:00'), [16]);
c('el 31 de abril a las 20h', ['MAD', 'Tue 2026-03-10 12:00', 'es-ES', 'ES'], bad(), [19]);
c('empezamos a las 25h', ['MEX', 'Tue 2026-05-12 12:00', 'es-MX', 'MX'], bad(), [19]);
c('el 05/06 a las 20:00', ['BOG', 'Fri 2026-05-01 12:00', 'es-CO', 'CO'], at('2026-06-05 20:00'), [21]);
c('dentro de 2 horas arrancamos', ['MAD', 'Sun 2026-03-29 01:30', 'es-ES', 'ES'], at('2026-03-29 04:30'), [11]);
c('¿qué hacemos este fin de semana?', ['MEX', 'Wed 2026-05-13 12:00', 'es-MX', 'MX'], rng('2026-05-16 00:00', '2026-05-18 00:00'), [8]);
c('la semana que viene', ['MAD', 'Thu 2026-05-14 12:00', 'es-ES', 'ES'], rng('2026-05-18 00:00', '2026-05-25 00:00'), [8]);
c('¿esta noche hay evento?', ['BOG', 'Fri 2026-05-15 14:00', 'es-CO', 'CO'], rng('2026-05-15 18:00', '2026-05-16 00:00'), [8]);
c('a medianoche abrimos el portal', ['BUE', 'Sat 2026-05-16 15:00', 'es-AR', 'AR'], at('2026-05-17 00:00'), [9]);
c('al mediodía', ['MEX', 'Sat 2026-05-16 09:00', 'es-MX'], at('2026-05-16 12:00'), [9]);
c('ayer a las 9 de la noche se cayó el servidor', ['MAD', 'Thu 2026-03-12 10:00', 'es-ES', 'ES'], at('2026-03-11 21:00'), [3]);
c('el primer sábado de diciembre a las 19h', ['MAD', 'Sun 2026-11-15 12:00', 'es-ES', 'ES'], at('2026-12-05 19:00'), [17]);
c('el último viernes de mayo a las 20h', ['MEX', 'Sun 2026-05-10 12:00', 'es-MX', 'MX'], at('2026-05-29 20:00'), [17]);
c('Llámame al +52 55 1234 5678', ['MEX', 'Tue 2026-05-12 12:00', 'es-MX', 'MX'], none(), [18]);
c('¡ganamos 3-1! 🏆', ['BUE', 'Tue 2026-05-12 12:00', 'es-AR', 'AR'], none(), [18]);
c('la entrada cuesta $150 MXN', ['MEX', 'Tue 2026-05-12 12:00', 'es-MX', 'MX'], none(), [18]);
c('¿a las 20:00 o a las 21:00? votad', ['MAD', 'Fri 2026-05-15 12:00', 'es-ES', 'ES'], ask('2026-05-15 20:00', '2026-05-15 21:00'), [20]);
c('se cambió de las 20 a las 21 h', ['MAD', 'Fri 2026-05-15 12:00', 'es-ES', 'ES'], at('2026-05-15 21:00'), [20], '"se cambió de … a …" = moved from … to …, not a range');
c('mañana a las 20h entonces', ['MAD', 'Sat 2026-05-16 00:40', 'es-ES', 'ES'], ask('2026-05-16 20:00', '2026-05-17 20:00'), [7]);
c('20:00 hora de España', ['BOG', 'Fri 2026-05-15 10:00', 'es-CO', 'CO'], at('2026-05-15 20:00 @MAD'), [1, 12]);
c('el 6 de septiembre a las 0:30', ['SCL', 'Tue 2026-09-01 12:00', 'es-CL', 'CL'], ask('gap:2026-09-06 00:30'), [15], 'Chile springs forward at midnight');
c('a las 8', ['BOG', 'Fri 2026-05-15 10:00', 'es-CO', 'CO'], at('2026-05-15 20:00'), [2]);
c('el 12 de octubre a las 8', ['MAD', 'Fri 2026-05-15 12:00', 'es-ES', 'ES'], ask('2026-10-12 08:00', '2026-10-12 20:00'), [2, 5]);

// =============================================================================================
// PORTUGUESE
// =============================================================================================
hol('BR', '2026-12-25', 'Natal'); hol('BR', '2026-12-31', 'Véspera de Ano Novo'); hol('PT', '2026-06-10', 'Dia de Portugal');
c("Festa hoje às 21h no mundo 'Praia Neon' / limite 40 pessoas", ['SAO', 'Fri 2026-05-15 12:00', 'pt-BR', 'BR'], at('2026-05-15 21:00'), [1, 18]);
c('amanhã às 19h30 ensaio do coral', ['LIS', 'Tue 2026-05-12 12:00', 'pt-PT', 'PT'], at('2026-05-13 19:30'), [1]);
c('na próxima terça às 20h?', ['SAO', 'Mon 2026-05-11 12:00', 'pt-BR', 'BR'], ask('2026-05-12 20:00', '2026-05-19 20:00'), [6]);
c('sábado às 22h tem baile', ['SAO', 'Wed 2026-05-13 12:00', 'pt-BR', 'BR'], at('2026-05-16 22:00'), [6]);
c('Natal às 20h, ceia virtual 🎄', ['SAO', 'Tue 2026-12-01 12:00', 'pt-BR', 'BR', 'SP'], at('2026-12-25 20:00'), [16]);
c('véspera de Ano Novo às 23h, contagem regressiva', ['SAO', 'Tue 2026-12-01 12:00', 'pt-BR', 'BR'], at('2026-12-31 23:00'), [16]);
c('no Dia de Portugal às 15h', ['LIS', 'Mon 2026-06-01 12:00', 'pt-PT', 'PT'], at('2026-06-10 15:00'), [16]);
c('31 de junho às 20h', ['SAO', 'Tue 2026-05-12 12:00', 'pt-BR', 'BR'], bad(), [19]);
c('começa às 25h', ['LIS', 'Tue 2026-05-12 12:00', 'pt-PT', 'PT'], bad(), [19]);
c('05/06 às 20h', ['SAO', 'Fri 2026-05-01 12:00', 'pt-BR', 'BR'], at('2026-06-05 20:00'), [21]);
c('daqui a 2 horas', ['LIS', 'Sun 2026-10-25 00:30', 'pt-PT', 'PT'], at('2026-10-25 01:30 +00:00'), [11], '00:30 WEST + 2 elapsed hours = the second 01:30 (WET)');
c('o que vamos fazer este fim de semana?', ['SAO', 'Wed 2026-05-13 12:00', 'pt-BR', 'BR'], rng('2026-05-16 00:00', '2026-05-18 00:00'), [8]);
c('semana que vem tô livre', ['SAO', 'Thu 2026-05-14 12:00', 'pt-BR', 'BR'], rng('2026-05-18 00:00', '2026-05-25 00:00'), [8]);
c('hoje à noite tem evento?', ['LIS', 'Fri 2026-05-15 14:00', 'pt-PT', 'PT'], rng('2026-05-15 18:00', '2026-05-16 00:00'), [8]);
c('à meia-noite abrimos o portal', ['SAO', 'Sat 2026-05-16 15:00', 'pt-BR', 'BR'], at('2026-05-17 00:00'), [9]);
c('ontem às 21h o servidor caiu', ['SAO', 'Thu 2026-03-12 10:00', 'pt-BR', 'BR'], at('2026-03-11 21:00'), [3]);
c('no primeiro sábado de dezembro às 19h', ['LIS', 'Sun 2026-11-15 12:00', 'pt-PT', 'PT'], at('2026-12-05 19:00'), [17]);
c('me liga no (11) 98765-4321', ['SAO', 'Tue 2026-05-12 12:00', 'pt-BR', 'BR'], none(), [18]);
c('ganhamos de 2 a 1 🏆', ['SAO', 'Tue 2026-05-12 12:00', 'pt-BR', 'BR'], none(), [18], 'a score, not a range');
c('entrada R$ 25,00', ['SAO', 'Tue 2026-05-12 12:00', 'pt-BR'], none(), [18]);
c('20h ou 21h?', ['SAO', 'Fri 2026-05-15 12:00', 'pt-BR', 'BR'], ask('2026-05-15 20:00', '2026-05-15 21:00'), [20]);
c('mudou das 20h para as 21h', ['SAO', 'Fri 2026-05-15 12:00', 'pt-BR', 'BR'], at('2026-05-15 21:00'), [20]);
c('amanhã às 20h então', ['SAO', 'Sat 2026-05-16 01:30', 'pt-BR', 'BR'], ask('2026-05-16 20:00', '2026-05-17 20:00'), [7]);
c('20h hora de Lisboa', ['SAO', 'Fri 2026-05-15 10:00', 'pt-BR', 'BR'], at('2026-05-15 20:00 @LIS'), [1, 12]);
c('29 de março à 1h30 da manhã', ['LIS', 'Mon 2026-03-23 12:00', 'pt-PT', 'PT'], ask('gap:2026-03-29 01:30'), [15]);
c('25 de outubro à 1h30 da manhã', ['LIS', 'Mon 2026-10-19 12:00', 'pt-PT', 'PT'], ask('fold:2026-10-25 01:30'), [15]);
c('a sessão é às 8', ['SAO', 'Fri 2026-05-15 10:00', 'pt-BR', 'BR'], at('2026-05-15 20:00'), [2]);

// =============================================================================================
// JAPANESE
// =============================================================================================
hol('JP', '2027-01-01', '元日'); hol('JP', '2026-12-31', '大晦日');
c('今夜21時から集会！ワールド「星空ラウンジ」、定員40人', ['TYO', 'Fri 2026-05-15 12:00', 'ja-JP', 'JP'], at('2026-05-15 21:00'), [1, 18]);
c('明日の20時半からライブ', ['TYO', 'Tue 2026-05-12 12:00', 'ja-JP', 'JP'], at('2026-05-13 20:30'), [1]);
c('来週の火曜日20時', ['TYO', 'Mon 2026-05-11 12:00', 'ja-JP', 'JP'], at('2026-05-19 20:00'), [6, 8], '来週の火曜日 = the Tuesday of next week, explicitly');
c('土曜日の22時にダンスイベント', ['TYO', 'Wed 2026-05-13 12:00', 'ja-JP', 'JP'], at('2026-05-16 22:00'), [6]);
c('元日の0時にカウントダウン！', ['TYO', 'Tue 2026-12-01 12:00', 'ja-JP', 'JP'], at('2027-01-01 00:00'), [16]);
c('大晦日の23時から年越しイベント', ['TYO', 'Tue 2026-12-01 12:00', 'ja-JP', 'JP'], at('2026-12-31 23:00'), [16]);
c('2月30日の20時', ['TYO', 'Tue 2026-01-06 12:00', 'ja-JP', 'JP'], bad(), [19]);
c('25時から開始', ['TYO', 'Tue 2026-05-12 12:00', 'ja-JP', 'JP'], bad(), [19], 'the broadcast "25時" convention is a coercion rule 19 forbids');
c('4/3 20時から', ['TYO', 'Sat 2026-01-10 12:00', 'ja-JP', 'JP'], at('2026-04-03 20:00'), [21], 'ja writes month first');
c('2時間後に開始', ['TYO', 'Fri 2026-05-15 12:00', 'ja-JP', 'JP'], at('2026-05-15 14:00'), [11]);
c('今週末なにする？', ['TYO', 'Wed 2026-05-13 12:00', 'ja-JP', 'JP'], rng('2026-05-16 00:00', '2026-05-18 00:00'), [8]);
c('来週ひま？', ['TYO', 'Thu 2026-05-14 12:00', 'ja-JP', 'JP'], rng('2026-05-18 00:00', '2026-05-25 00:00'), [8]);
c('今夜空いてる？', ['TYO', 'Fri 2026-05-15 14:00', 'ja-JP', 'JP'], rng('2026-05-15 18:00', '2026-05-16 00:00'), [8]);
c('今夜0時に新ワールド公開', ['TYO', 'Fri 2026-05-15 15:00', 'ja-JP', 'JP'], at('2026-05-16 00:00'), [9], 'tonight at 0:00 = the coming midnight');
c('昨日の21時にサーバー落ちた', ['TYO', 'Thu 2026-03-12 10:00', 'ja-JP', 'JP'], at('2026-03-11 21:00'), [3]);
c('11月の第1土曜日20時', ['TYO', 'Mon 2026-10-05 12:00', 'ja-JP', 'JP'], at('2026-11-07 20:00'), [17]);
c('電話番号は090-1234-5678です', ['TYO', 'Tue 2026-05-12 12:00', 'ja-JP', 'JP'], none(), [18]);
c('3対1で勝った！', ['TYO', 'Tue 2026-05-12 12:00', 'ja-JP', 'JP'], none(), [18]);
c('参加費500円', ['TYO', 'Tue 2026-05-12 12:00', 'ja-JP'], none(), [18]);
c('20時か21時、どっちがいい？', ['TYO', 'Fri 2026-05-15 12:00', 'ja-JP', 'JP'], ask('2026-05-15 20:00', '2026-05-15 21:00'), [20]);
c('20時から21時に変更になりました', ['TYO', 'Fri 2026-05-15 12:00', 'ja-JP', 'JP'], at('2026-05-15 21:00'), [20], '"A から B に変更" = changed from A to B, not a range');
c('明日の20時でいい？', ['TYO', 'Sat 2026-05-16 00:30', 'ja-JP', 'JP'], ask('2026-05-16 20:00', '2026-05-17 20:00'), [7]);
c('日本時間21時スタート', ['LA', 'Fri 2026-05-15 10:00', 'ja-JP', 'US'], at('2026-05-16 21:00 @TYO'), [1, 12], 'it is Sat 02:00 in Tokyo');
c('明日21時(日本時間)', ['LA', 'Mon 2026-06-15 20:00', 'ja-JP', 'US'], ask('2026-06-16 21:00 @TYO', '2026-06-17 21:00 @TYO'), [14]);
c('8時からやろう', ['TYO', 'Fri 2026-05-15 10:00', 'ja-JP', 'JP'], at('2026-05-15 20:00'), [2]);
c('5月1日の8時', ['TYO', 'Wed 2026-04-15 12:00', 'ja-JP', 'JP'], ask('2026-05-01 08:00', '2026-05-01 20:00'), [2, 5]);
c('午後9時〜11時 まったり雑談会', ['TYO', 'Fri 2026-05-15 12:00', 'ja-JP', 'JP'], rng('2026-05-15 21:00', '2026-05-15 23:00'), [10]);

// =============================================================================================
// Emit

function checkHolidays() {
  const cache = new Map<string, Holidays>();
  for (const [country, date, what] of HOLIDAYS) {
    const hd = cache.get(country) ?? new Holidays(country);
    cache.set(country, hd);
    const found = (hd.getHolidays(Number(date.slice(0, 4))) as { date: string; name: string }[]).filter(
      (h) => h.date.slice(0, 10) === date && !/substitute|振替/i.test(h.name),
    );
    if (!found.length) throw new Error(`holiday library lists no ${what} on ${date} for ${country}`);
  }
}

function build() {
  checkHolidays();
  const lines: string[] = [];
  RAW.forEach((r, n) => {
    const id = `z-${String(n + 1).padStart(3, '0')}`;
    const [zk, refRaw, locale, country, subdivision] = r.ctx;
    const zone = zk ? Z[zk] : 'America/New_York';
    const wm = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (.*)$/.exec(refRaw);
    const refWall = wm ? wm[2] : refRaw;
    const [ref] = resolve(refWall, zone);
    if (wm && DateTime.fromISO(ref, { setZone: true }).toFormat('ccc') !== wm[1]) throw new Error(`${id}: ${refRaw} is not a ${wm[1]}`);
    const one = (w: string) => {
      const out = resolve(w, zone);
      if (out.length !== 1) throw new Error(`${id}: ${w} gives ${out.length} instants`);
      return out[0];
    };
    const e = r.expect;
    let expect: Record<string, unknown>;
    if (e.status === 'resolved' && 'at' in e) expect = { status: 'resolved', at: one(e.at) };
    else if (e.status === 'resolved' && 'start' in e) expect = { status: 'resolved', start: one(e.start), end: one(e.end) };
    else if (e.status === 'needs_clarification') expect = { status: 'needs_clarification', options: e.options.flatMap((o) => resolve(o, zone)) };
    else expect = { ...e };
    const input: Record<string, string> = { text: r.text };
    if (zk) input.timeZone = zone;
    input.referenceInstant = ref;
    if (locale) input.locale = locale;
    if (country) input.country = country;
    if (subdivision) input.subdivision = subdivision;
    const line: Record<string, unknown> = { id, input, expect, rule: r.rule };
    if (r.note) line.note = r.note;
    lines.push(JSON.stringify(line));
  });
  return lines;
}

const lines = build();
const out = join(dirname(fileURLToPath(import.meta.url)), 'time-phrases-3.jsonl');
writeFileSync(out, lines.join('\n') + '\n');
const langs: Record<string, number> = {};
const statuses: Record<string, number> = {};
for (const l of lines) {
  const j = JSON.parse(l);
  const lang = (j.input.locale ?? 'en').slice(0, 2);
  langs[lang] = (langs[lang] ?? 0) + 1;
  statuses[j.expect.status] = (statuses[j.expect.status] ?? 0) + 1;
}
console.log(`wrote ${lines.length} cases to ${out}`, langs, statuses);
