/**
 * Generator of bench/corpus/time-phrases.jsonl.
 *
 * Cases are written here with wall-clock times in the zone they are stated in ("2026-11-20 20:00"),
 * and luxon turns them into ISO 8601 strings with the right UTC offset for that zone on that date,
 * so no offset is ever guessed by hand. A wall time that does not exist (DST gap) or exists twice
 * (DST fold) is refused unless it is written with an explicit offset ("2026-11-01T01:30-04:00").
 *
 * The expectations were written from the interpretation rules of decisions.md §5 only (never from
 * the engine). Rule numbers refer to that list.
 *
 *   node --import tsx bench/corpus/offsets.ts            # rewrite the corpus
 *   node --import tsx bench/corpus/offsets.ts --check    # exit 1 when the file on disk differs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { DateTime, IANAZone } from 'luxon';

// ---------------------------------------------------------------------------------------------
// Offsets

const HAS_OFFSET = /(?:[zZ]|[+-]\d\d:?\d\d)$/;

/** Wall-clock "YYYY-MM-DD HH:mm[:ss]" in `zone` (or any ISO string with an offset) → ISO with offset in `zone`. */
export function iso(wall: string, zone: string): string {
  if (!IANAZone.isValidZone(zone)) throw new Error(`bad zone ${zone}`);
  const s = wall.trim().replace(' ', 'T');
  if (HAS_OFFSET.test(s)) {
    const dt = DateTime.fromISO(s, { setZone: true });
    if (!dt.isValid) throw new Error(`bad instant ${wall}`);
    return dt.setZone(zone).toISO({ suppressMilliseconds: true })!;
  }
  const asUtc = DateTime.fromISO(s, { zone: 'UTC' });
  if (!asUtc.isValid) throw new Error(`bad wall time ${wall}`);
  const want = asUtc.toFormat("yyyy-MM-dd'T'HH:mm:ss");
  const z = IANAZone.create(zone);
  const candidates = new Set<number>();
  for (const probe of [-6, -3, 0, 3, 6]) {
    const off = z.offset(asUtc.toMillis() + probe * 3600_000);
    const ms = asUtc.toMillis() - off * 60_000;
    if (DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss") === want) candidates.add(ms);
  }
  if (candidates.size === 0) throw new Error(`${wall} does not exist in ${zone} (DST gap): write it with an offset`);
  if (candidates.size > 1) throw new Error(`${wall} is ambiguous in ${zone} (DST fold): write it with an offset`);
  return DateTime.fromMillis([...candidates][0], { zone }).toISO({ suppressMilliseconds: true })!;
}

// ---------------------------------------------------------------------------------------------
// Case DSL

interface Ctx {
  tz?: string; // omitted = the request leaves timeZone out (default America/New_York)
  ref: string; // wall time in tz (or ISO with offset)
  locale?: string;
  country?: string;
  subdivision?: string;
}
type Exp =
  | { k: 'at'; t: string; zone?: string }
  | { k: 'range'; s: string; e: string; zone?: string }
  | { k: 'ask'; opts: string[]; zone?: string }
  | { k: 'none'; orAsk?: boolean };

const at = (t: string, zone?: string): Exp => ({ k: 'at', t, zone });
const range = (s: string, e: string, zone?: string): Exp => ({ k: 'range', s, e, zone });
const ask = (opts: string[] = [], zone?: string): Exp => ({ k: 'ask', opts, zone });
const none: Exp = { k: 'none' };
/** Rule 19: "no_plan or ask" — both are right, a resolved answer is not. */
const impossible: Exp = { k: 'none', orAsk: true };

interface Line {
  id: string;
  input: Record<string, unknown>;
  expect: Record<string, unknown>;
  rule: number[];
  note?: string;
}
const lines: Line[] = [];
const counters: Record<string, number> = {};
let lang = 'en';

function c(text: string, ctx: Ctx, exp: Exp, rule: number[], note?: string) {
  const zone = ctx.tz ?? 'America/New_York';
  counters[lang] = (counters[lang] ?? 0) + 1;
  const id = `${lang}-${String(counters[lang]).padStart(3, '0')}`;
  const input: Record<string, unknown> = { text };
  if (ctx.tz) input.timeZone = ctx.tz;
  input.referenceInstant = iso(ctx.ref, zone);
  if (ctx.locale) input.locale = ctx.locale;
  if (ctx.country) input.country = ctx.country;
  if (ctx.subdivision) input.subdivision = ctx.subdivision;
  let expect: Record<string, unknown>;
  switch (exp.k) {
    case 'at':
      expect = { status: 'resolved', at: iso(exp.t, exp.zone ?? zone) };
      break;
    case 'range':
      expect = { status: 'resolved', start: iso(exp.s, exp.zone ?? zone), end: iso(exp.e, exp.zone ?? zone) };
      break;
    case 'ask':
      expect = { status: 'needs_clarification', options: exp.opts.map((o) => iso(o, exp.zone ?? zone)) };
      break;
    case 'none':
      expect = exp.orAsk ? { status: 'no_plan', alsoAccept: ['needs_clarification'] } : { status: 'no_plan' };
      break;
  }
  const line: Line = { id, input, expect, rule: [...rule].sort((a, b) => a - b) };
  if (note) line.note = note;
  lines.push(line);
}
const w = (base: Ctx, more: Partial<Ctx>): Ctx => ({ ...base, ...more });

// ---------------------------------------------------------------------------------------------
// Contexts (weekday of each reference in the comment)

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const CHI = 'America/Chicago';
const LON = 'Europe/London';
const BER = 'Europe/Berlin';
const PAR = 'Europe/Paris';
const MAD = 'Europe/Madrid';
const TYO = 'Asia/Tokyo';
const SYD = 'Australia/Sydney';
const SAO = 'America/Sao_Paulo';

const NY1: Ctx = { tz: NY, ref: '2026-11-18 15:00', locale: 'en-US' }; // Wed
const NY2: Ctx = { tz: NY, ref: '2026-11-20 10:00', locale: 'en-US' }; // Fri
const NY3: Ctx = { tz: NY, ref: '2026-11-22 14:00', locale: 'en-US' }; // Sun
const NYSAT: Ctx = { tz: NY, ref: '2026-11-21 10:00', locale: 'en-US' }; // Sat
const NYM: Ctx = { tz: NY, ref: '2026-11-19 00:30', locale: 'en-US' }; // Thu, just after midnight
const LA1: Ctx = { tz: LA, ref: '2026-07-08 11:00', locale: 'en-US' }; // Wed
const LON1: Ctx = { tz: LON, ref: '2026-06-17 19:00', locale: 'en-GB', country: 'GB' }; // Wed
const BERen: Ctx = { tz: BER, ref: '2026-09-16 12:00' }; // Wed
const TYOen: Ctx = { tz: TYO, ref: '2026-05-20 20:00' }; // Wed
const SYD1: Ctx = { tz: SYD, ref: '2026-08-12 09:00', locale: 'en-AU' }; // Wed
const SAOen: Ctx = { tz: SAO, ref: '2026-04-15 16:00' }; // Wed

// =============================================================================================
// English
lang = 'en';

// Rule 1 — bare time = next occurrence
c('9pm', NY1, at('2026-11-18 21:00'), [1]);
c('10am', NY1, at('2026-11-19 10:00'), [1], '10:00 has passed today, so tomorrow');
c('stream @ 7:15pm', LA1, at('2026-07-08 19:15'), [1]);
c('21:00', LON1, at('2026-06-17 21:00'), [1]);
c('9pm', SAOen, at('2026-04-15 21:00'), [1]);
c('9pm JST', NY1, at('2026-11-19 21:00', TYO), [1, 12], 'ref is 2026-11-19 05:00 in Tokyo; next 21:00 there');
c('4am JST', NY1, at('2026-11-20 04:00', TYO), [1, 12], 'ref is 05:00 in Tokyo, 04:00 has passed there');
c('8pm PT', NY1, at('2026-11-18 20:00', LA), [1, 12]);
c('9pm tokyo time', LA1, at('2026-07-09 21:00', TYO), [1, 12], 'ref is 2026-07-09 03:00 in Tokyo');
c('8pm CET', NY1, at('2026-11-19 20:00', BER), [1, 12], 'ref is 21:00 CET; CET in November is in season');
c('9pm UTC', NY1, at('2026-11-18T21:00Z'), [1, 12], 'ref is 20:00Z');
c('9pm', { tz: NY, ref: '2026-03-08 10:00' }, at('2026-03-08 21:00'), [1], 'day of the US spring-forward');
c('9am', { tz: BER, ref: '2026-10-24 20:00' }, at('2026-10-25 09:00'), [1], 'after the EU fall-back');
c('12:30am', { tz: NY, ref: '2026-12-31 23:00' }, at('2027-01-01 00:30'), [1], 'next occurrence crosses the year');
c('9pm', { ref: '2026-11-18T20:00:00Z' }, at('2026-11-18 21:00'), [1], 'timeZone omitted: America/New_York');

// Rule 2 — hour without am/pm
c('at 9', NY1, at('2026-11-18 21:00'), [2], 'at 15:00 the soonest future reading is 21:00');
c('at 9', w(NY1, { ref: '2026-11-18 08:00' }), at('2026-11-18 09:00'), [2]);
c('at 9', w(NY1, { ref: '2026-11-18 22:00' }), at('2026-11-19 09:00'), [2], 'both today readings passed; 09:00 tomorrow is the soonest');
c('at 5:30', NY1, at('2026-11-18 17:30'), [2], 'an hour with minutes and no am/pm: soonest future reading');
c('dec 5 at 9', NY1, ask(['2026-12-05 09:00', '2026-12-05 21:00']), [2, 5], 'explicit date, no am/pm: ask am or pm');
c('friday at 8', NY1, ask(['2026-11-20 08:00', '2026-11-20 20:00']), [2, 6], 'a named day counts as an explicit date: both readings are in the future');
c('tomorrow at 7', NY1, ask(['2026-11-19 07:00', '2026-11-19 19:00']), [2], 'tomorrow is an explicit date: ask am or pm');
c('sat at 11', LA1, ask(['2026-07-11 11:00', '2026-07-11 23:00']), [2, 6], 'named day, no am/pm');
c('tonight at 9', NY1, at('2026-11-18 21:00'), [2]);
c('tomorrow night at 8', NY1, at('2026-11-19 20:00'), [2]);
c('tomorrow morning at 10', NY1, at('2026-11-19 10:00'), [2]);
c('friday night 10', NY1, at('2026-11-20 22:00'), [2, 6], 'night means pm');

// Rule 3 — explicit past
c('yesterday 9pm', NY1, at('2026-11-17 21:00'), [3]);
c('2 hours ago', NY1, at('2026-11-18 13:00'), [3, 11]);
c('3 days ago', NY1, at('2026-11-15 15:00'), [3, 11], 'days keep the wall-clock time');
c('last night at 11pm', NY1, at('2026-11-17 23:00'), [3]);
c('the stream started 45 minutes ago', LA1, at('2026-07-08 10:15'), [3, 11]);
c('yesterday', NY1, at('2026-11-17 00:00'), [3, 4]);
c('last friday 8pm', NY1, at('2026-11-13 20:00'), [3], 'said on Wednesday 18th: the Friday before, 13th');
c('2 hours ago', { tz: NY, ref: '2026-03-08 04:00' }, at('2026-03-08T01:00-05:00'), [3, 11], 'elapsed across the spring-forward: 08:00Z − 2h = 06:00Z');
c('1 week ago', { tz: NY, ref: '2026-03-10 20:00' }, at('2026-03-03 20:00'), [3, 11], 'weeks keep wall-clock across DST');
c('yesterday 8pm', { tz: SYD, ref: '2026-01-01 10:00' }, at('2025-12-31 20:00'), [3], 'year boundary');

// Rule 4 — date without time = local 00:00
c('dec 5', NY1, at('2026-12-05 00:00'), [4, 5]);
c('tomorrow', NY1, at('2026-11-19 00:00'), [4]);
c('saturday', NY1, at('2026-11-21 00:00'), [4, 6]);
c('12/24', NY1, at('2026-12-24 00:00'), [4, 5, 21]);
c('the day after tomorrow', NY1, at('2026-11-20 00:00'), [4]);
c('jan 15', LON1, at('2027-01-15 00:00'), [4, 5]);
c('feb 29 2028', NY1, at('2028-02-29 00:00'), [4], 'leap day');

// Rule 5 — date without a year: next occurrence on or after today
c('jan 3 8pm', { tz: NY, ref: '2026-12-31 15:00', locale: 'en-US' }, at('2027-01-03 20:00'), [5]);
c('dec 31 11pm', { tz: NY, ref: '2026-12-31 15:00', locale: 'en-US' }, at('2026-12-31 23:00'), [5]);
c('nov 10 7pm', NY1, at('2027-11-10 19:00'), [5], 'Nov 10 has passed this year');
c('nov 18 9pm', NY1, at('2026-11-18 21:00'), [5], 'today counts');
c('feb 29', { tz: NY, ref: '2027-03-10 12:00', locale: 'en-US' }, at('2028-02-29 00:00'), [4, 5], 'next Feb 29 is in 2028');
c('feb 29 at 8pm', NY1, at('2028-02-29 20:00'), [5], 'next Feb 29 is in 2028');
c('march 1', { tz: NY, ref: '2028-02-28 12:00', locale: 'en-US' }, at('2028-03-01 00:00'), [4, 5], '2028 is a leap year: 2 days ahead');
c('30 june 9pm', LON1, at('2026-06-30 21:00'), [5, 21]);

// Rule 6 — weekdays
c('friday 9pm', NY1, at('2026-11-20 21:00'), [6]);
c('this friday 9pm', NY1, at('2026-11-20 21:00'), [6]);
c('wednesday 10am', NY1, at('2026-11-25 10:00'), [6], "today's time passed: +7");
c('next friday 10pm', NY1, ask(['2026-11-20 22:00', '2026-11-27 22:00']), [6], 'Wed: first Friday after today is this week → ask both');
c('next saturday at noon', NY1, ask(['2026-11-21 12:00', '2026-11-28 12:00']), [6, 9]);
c('next friday', NY1, ask(['2026-11-20 00:00', '2026-11-27 00:00']), [4, 6]);
c('next monday 7pm', NY1, at('2026-11-23 19:00'), [6], 'first Monday after today is in next week');
c('next wednesday 8pm', NY1, at('2026-11-25 20:00'), [6], 'said on a Wednesday: first one after today is next week');
c('next fri 8pm', NY2, at('2026-11-27 20:00'), [6], 'said on a Friday: the first Friday after today is next week');
c('next friday 9pm', NY3, at('2026-11-27 21:00'), [6], 'said on Sunday 22nd: weeks are Mon–Sun, so Fri 27th is next week');
c('next sunday 3pm', NYSAT, ask(['2026-11-22 15:00', '2026-11-29 15:00']), [6], 'said on Saturday: tomorrow is still this week');
c('fri 8am', NY2, at('2026-11-27 08:00'), [6], "today's 08:00 passed: +7");
c('next thursday 8pm', LON1, ask(['2026-06-18 20:00', '2026-06-25 20:00']), [6]);
c('next monday', TYOen, at('2026-05-25 00:00'), [4, 6]);
c('sunday 9pm', { tz: NY, ref: '2026-10-29 12:00', locale: 'en-US' }, at('2026-11-01 21:00'), [6], 'after the fall-back: EST');
c('fri 9pm', { tz: NY, ref: '2026-12-30 12:00', locale: 'en-US' }, at('2027-01-01 21:00'), [6], 'crosses the year');
c('next saturday 9pm', { tz: SYD, ref: '2026-10-01 12:00', locale: 'en-AU' }, ask(['2026-10-03 21:00', '2026-10-10 21:00']), [6], 'Thu: Sat 3rd is this week');

// Rule 7 — "tomorrow" said after midnight
c('tomorrow 9am', NYM, ask(['2026-11-19 09:00', '2026-11-20 09:00']), [7], '00:30: the speaker may mean later today');
c('tmrw 8pm', NYM, ask(['2026-11-19 20:00', '2026-11-20 20:00']), [7]);
c('tomorrow at noon', w(NYM, { ref: '2026-11-19 01:15' }), ask(['2026-11-19 12:00', '2026-11-20 12:00']), [7, 9]);
c('tomorrow', NYM, ask(), [4, 7], 'the rules say ask; which dates to offer is left open');
c('tomorrow 9pm', { tz: LON, ref: '2026-06-18 00:45', locale: 'en-GB' }, ask(['2026-06-18 21:00', '2026-06-19 21:00']), [7]);
c('tomorrow 8pm', { tz: TYO, ref: '2026-05-21 01:00' }, ask(['2026-05-21 20:00', '2026-05-22 20:00']), [7]);
c('tomorrow 9am', w(NY1, { ref: '2026-11-18 23:30' }), at('2026-11-19 09:00'), [7], 'before midnight: plain tomorrow');
c('tomorrow 8pm', { tz: NY, ref: '2026-12-31 15:00', locale: 'en-US' }, at('2027-01-01 20:00'), [7]);
c('tomorrow 8pm', { tz: NY, ref: '2028-02-28 12:00', locale: 'en-US' }, at('2028-02-29 20:00'), [7], 'leap day');
c('tomorrow 9pm', { tz: NY, ref: '2026-03-07 12:00', locale: 'en-US' }, at('2026-03-08 21:00'), [7, 11], 'tomorrow is the spring-forward day');

// Rule 8 — vague periods are ranges
c('tonight', NY1, range('2026-11-18 18:00', '2026-11-19 00:00'), [8]);
c('this weekend', NY1, range('2026-11-21 00:00', '2026-11-23 00:00'), [8]);
c('this weekend', NYSAT, range('2026-11-21 00:00', '2026-11-23 00:00'), [8], 'said on the Saturday: the current weekend');
c('this weekend', { tz: NY, ref: '2026-10-28 12:00', locale: 'en-US' }, range('2026-10-31 00:00', '2026-11-02 00:00'), [8], 'weekend spans the US fall-back');
c('this weekend', { tz: BER, ref: '2026-10-21 12:00' }, range('2026-10-24 00:00', '2026-10-26 00:00'), [8], 'weekend spans the EU fall-back');
c('this weekend', { tz: SYD, ref: '2026-10-01 12:00', locale: 'en-AU' }, range('2026-10-03 00:00', '2026-10-05 00:00'), [8], 'weekend spans the Sydney spring-forward');
c('next week', NY1, range('2026-11-23 00:00', '2026-11-30 00:00'), [8]);
c('next week', NY3, range('2026-11-23 00:00', '2026-11-30 00:00'), [8], 'said on Sunday: next week starts tomorrow');
c('next week', { tz: NY, ref: '2026-12-30 12:00', locale: 'en-US' }, range('2027-01-04 00:00', '2027-01-11 00:00'), [8]);
c('next week', { tz: NY, ref: '2026-02-25 12:00', locale: 'en-US' }, range('2026-03-02 00:00', '2026-03-09 00:00'), [8], 'week contains the US spring-forward');
c('karaoke tonight 10pm-1am', NY1, range('2026-11-18 22:00', '2026-11-19 01:00'), [8, 10]);
c('tonight 8-11', NY1, range('2026-11-18 20:00', '2026-11-18 23:00'), [2, 8, 10], 'tonight = pm for both ends');

// Rule 9 — noon / midnight
c('noon', NY1, at('2026-11-19 12:00'), [1, 9]);
c('noon tomorrow', NY1, at('2026-11-19 12:00'), [9]);
c('midnight', NY1, at('2026-11-19 00:00'), [9]);
c('midnight', { tz: NY, ref: '2026-12-31 20:00', locale: 'en-US' }, at('2027-01-01 00:00'), [9]);
c('friday at midnight', NY1, at('2026-11-21 00:00'), [9], 'end of Friday');
c('tomorrow at midnight', NY1, at('2026-11-20 00:00'), [9], 'end of tomorrow');
c('saturday at midnight', { tz: NY, ref: '2026-10-28 12:00', locale: 'en-US' }, at('2026-11-01 00:00'), [9], 'end of Sat Oct 31, still EDT');
c('dec 31 at midnight', NY1, at('2027-01-01 00:00'), [9], 'end of Dec 31');
c('12pm', NY1, at('2026-11-19 12:00'), [1, 9]);

// Rule 10 — ranges
c('fri 8-11pm PT', NY1, range('2026-11-20 20:00', '2026-11-20 23:00', LA), [10, 12]);
c('8-11pm', NY1, range('2026-11-18 20:00', '2026-11-18 23:00'), [10]);
c('8–11pm', LA1, range('2026-07-08 20:00', '2026-07-08 23:00'), [10]);
c('sat 9pm-2am', NY1, range('2026-11-21 21:00', '2026-11-22 02:00'), [10]);
c('sat 9pm to 1am ET', LA1, range('2026-07-11 21:00', '2026-07-12 01:00', NY), [10, 12]);
c('7:30-9pm', NY1, range('2026-11-18 19:30', '2026-11-18 21:00'), [10]);
c('sat 11pm-2am', { tz: NY, ref: '2026-10-28 12:00', locale: 'en-US' }, range('2026-10-31 23:00', '2026-11-01 02:00'), [10], 'end after the fall-back');
c('22:00-02:00', LON1, range('2026-06-17 22:00', '2026-06-18 02:00'), [10]);
c('9-11pm JST', NY1, range('2026-11-19 21:00', '2026-11-19 23:00', TYO), [1, 10, 12]);
c('friday 11pm - 3am', NY1, range('2026-11-20 23:00', '2026-11-21 03:00'), [10]);
c('thursday 8pm to midnight', NY1, range('2026-11-19 20:00', '2026-11-20 00:00'), [9, 10]);
c('dec 31 10pm-2am', NY1, range('2026-12-31 22:00', '2027-01-01 02:00'), [5, 10]);
c('thursday 20:00-23:00 CEST', { tz: NY, ref: '2026-07-08 12:00', locale: 'en-US' }, range('2026-07-09 20:00', '2026-07-09 23:00', BER), [10, 12]);

// Rule 11 — elapsed vs wall-clock
c('in 2 hours', NY1, at('2026-11-18 17:00'), [11]);
c('in 90 minutes', NY1, at('2026-11-18 16:30'), [11]);
c('in 2 hours', { tz: NY, ref: '2026-11-01T00:30-04:00' }, at('2026-11-01T01:30-05:00'), [11], 'elapsed across the fall-back: 04:30Z + 2h');
c('in 3 hours', { tz: NY, ref: '2026-03-08 00:30' }, at('2026-03-08 04:30'), [11], 'elapsed across the spring-forward: 05:30Z + 3h = 08:30Z');
c('3 days from now', { tz: NY, ref: '2026-03-06 15:00' }, at('2026-03-09 15:00'), [11], 'days keep wall-clock');
c('in 1 day', { tz: NY, ref: '2026-03-07 20:00' }, at('2026-03-08 20:00'), [11]);
c('in 24 hours', { tz: NY, ref: '2026-03-07 20:00' }, at('2026-03-08 21:00'), [11], 'elapsed: 01:00Z + 24h');
c('in a week', { tz: BER, ref: '2026-10-20 19:00' }, at('2026-10-27 19:00'), [11]);
c('in 1 month', { tz: NY, ref: '2026-10-15 20:00' }, at('2026-11-15 20:00'), [11]);
c('in 2 days', { tz: SYD, ref: '2026-04-04 10:00' }, at('2026-04-06 10:00'), [11]);
c('in 48 hours', { tz: SYD, ref: '2026-10-03 12:00' }, at('2026-10-05 13:00'), [11], 'elapsed across the Sydney spring-forward');
c('in 12 hours', { tz: LON, ref: '2026-10-24 20:00', locale: 'en-GB' }, at('2026-10-25 07:00'), [11], 'elapsed across the UK fall-back');

// Rule 12 — abbreviations and named zones
c('9pm EST', { tz: NY, ref: '2026-10-14 12:00', locale: 'en-US' }, at('2026-10-14 21:00'), [12], 'EST in October = New York civil time (EDT)');
c('9pm EST', NY1, at('2026-11-18 21:00'), [12]);
c('9pm EDT', { tz: NY, ref: '2026-12-02 12:00', locale: 'en-US' }, at('2026-12-02 21:00'), [12], 'EDT in December = civil time (EST)');
c('8pm PST', LA1, at('2026-07-08 20:00'), [12], 'PST in July = civil time (PDT)');
c('8pm PDT', NY1, at('2026-11-18 20:00', LA), [12], 'PDT in November = civil time (PST)');
c('7pm ET', LA1, at('2026-07-08 19:00', NY), [12]);
c('7pm PT', LON1, at('2026-06-17 19:00', LA), [12], 'ref is 11:00 in LA');
c('saturday 21:00 CET', { tz: NY, ref: '2026-07-08 12:00', locale: 'en-US' }, at('2026-07-11 21:00', BER), [12], 'CET in July = central European civil time (CEST)');
c('9pm CEST', { tz: BER, ref: '2026-12-02 12:00' }, at('2026-12-02 21:00'), [12], 'CEST in December = civil time (CET)');
c('monday 7:30pm ET', TYOen, at('2026-05-25 19:30', NY), [6, 12], 'ref is Wed 07:00 in NY');
c('friday 8pm sydney time', NY1, at('2026-11-20 20:00', SYD), [6, 12], 'ref is Thu 07:00 in Sydney');
c('8pm EST tomorrow', { tz: NY, ref: '2026-06-10 12:00', locale: 'en-US' }, at('2026-06-11 20:00'), [12], 'EST in June = civil time (EDT)');

// Rule 13 — ambiguous abbreviations
c('9pm CST', NY1, ask(), [13], 'no country: US Central, China, Cuba… which to offer is left open');
c('9pm CST', { tz: CHI, ref: '2026-11-18 12:00', locale: 'en-US', country: 'US' }, at('2026-11-18 21:00'), [13]);
c('9pm CST', { tz: CHI, ref: '2026-07-08 12:00', locale: 'en-US', country: 'US' }, at('2026-07-08 21:00'), [12, 13], 'settled to US Central; wrong-season = civil time (CDT)');
c('9pm CST', { tz: NY, ref: '2026-11-18 15:00', locale: 'en-US', country: 'US' }, at('2026-11-18 21:00', CHI), [13], 'US user: CST is US Central');
c('9pm CST', { tz: LON, ref: '2026-11-18 12:00', locale: 'en-GB', country: 'GB' }, ask(), [13], 'neither zone nor country settles CST');
c('8pm IST', NY1, ask(), [13], 'India, Israel or Ireland');
c('8pm IST', { tz: 'Asia/Kolkata', ref: '2026-11-18 12:00', locale: 'en-IN', country: 'IN' }, at('2026-11-18 20:00'), [13]);
c('8pm IST', { tz: 'Asia/Jerusalem', ref: '2026-12-02 12:00', country: 'IL' }, at('2026-12-02 20:00'), [13]);
c('8pm IST', { tz: 'Europe/Dublin', ref: '2026-07-08 12:00', locale: 'en-IE', country: 'IE' }, at('2026-07-08 20:00'), [13], 'Irish Standard Time is the Irish summer time');
c('9pm AST', NY1, ask(), [13], 'Atlantic or Arabia');
c('9pm AST', { tz: 'America/Halifax', ref: '2026-12-02 12:00', locale: 'en-CA', country: 'CA' }, at('2026-12-02 21:00'), [13]);
c('sunday 3pm BST', NY1, ask(), [13], 'British Summer or Bangladesh Standard; no country');
c('sunday 3pm BST', LON1, at('2026-06-21 15:00'), [13]);
c('3pm BST', { tz: 'Asia/Dhaka', ref: '2026-06-17 12:00', country: 'BD' }, at('2026-06-17 15:00'), [13]);

// Rule 14 — relative day with a foreign zone whose date differs
c('tomorrow 9pm JST', NY1, ask(['2026-11-19 21:00', '2026-11-20 21:00'], TYO), [14], 'NY Wed 18th 15:00 = Tokyo Thu 19th 05:00');
c('tomorrow 9pm JST', w(NY1, { ref: '2026-11-18 09:00' }), at('2026-11-19 21:00', TYO), [14], 'same date in both zones (Tokyo 23:00)');
c('tomorrow 8pm PT', { tz: TYO, ref: '2026-05-20 10:00' }, ask(['2026-05-21 20:00', '2026-05-20 20:00'], LA), [14], 'Tokyo Wed 20th 10:00 = LA Tue 19th 18:00');
c('tomorrow 10am berlin time', { tz: LA, ref: '2026-09-16 20:00', locale: 'en-US' }, ask(['2026-09-17 10:00', '2026-09-18 10:00'], BER), [14], 'LA 16th 20:00 = Berlin 17th 05:00');
c('tomorrow 9pm JST', LA1, ask(['2026-07-09 21:00', '2026-07-10 21:00'], TYO), [14], 'LA 8th 11:00 = Tokyo 9th 03:00');
c('tomorrow 8pm ET', w(LA1, { ref: '2026-07-08 22:00' }), ask(['2026-07-09 20:00', '2026-07-10 20:00'], NY), [14], 'LA 8th 22:00 = NY 9th 01:00');
c('tomorrow 8pm ET', LA1, at('2026-07-09 20:00', NY), [14], 'same date');
c('meetup tomorrow 9 JST', NY1, ask(), [2, 14], 'no am/pm on a date, and the Tokyo date differs: several readings');
c('tomorrow 7pm london time', w(SYD1, { ref: '2026-08-12 08:30' }), ask(['2026-08-13 19:00', '2026-08-12 19:00'], LON), [14], 'Sydney 12th 08:30 = London 11th 23:30');

// Rule 15 — DST gap and fold
c('march 8 2:30am', { tz: NY, ref: '2026-03-01 12:00', locale: 'en-US' }, ask(['2026-03-08T03:30-04:00']), [15], 'gap: shift-forward reading 03:30 EDT');
c('sunday 2:30am', { tz: NY, ref: '2026-03-05 12:00', locale: 'en-US' }, ask(['2026-03-08T03:30-04:00']), [6, 15]);
c('2:30am', { tz: NY, ref: '2026-03-07 22:00', locale: 'en-US' }, ask(['2026-03-08T03:30-04:00']), [1, 15], 'next occurrence of 02:30 is in the gap');
c('nov 1 1:30am', { tz: NY, ref: '2026-10-20 12:00', locale: 'en-US' }, ask(['2026-11-01T01:30-04:00', '2026-11-01T01:30-05:00']), [15]);
c('1:30am', { tz: NY, ref: '2026-10-31 22:00', locale: 'en-US' }, ask(['2026-11-01T01:30-04:00', '2026-11-01T01:30-05:00']), [1, 15]);
c('nov 1 1:30am EST', { tz: NY, ref: '2026-10-20 12:00', locale: 'en-US' }, at('2026-11-01T01:30-05:00'), [15]);
c('nov 1 1:30am EDT', { tz: NY, ref: '2026-10-20 12:00', locale: 'en-US' }, at('2026-11-01T01:30-04:00'), [15]);
c('march 8 2:30am EST', { tz: NY, ref: '2026-03-01 12:00', locale: 'en-US' }, at('2026-03-08T02:30-05:00'), [15], 'fixed abbreviation settles: 07:30Z');
c('march 29 2:30am', { tz: BER, ref: '2026-03-10 12:00' }, ask(['2026-03-29T03:30+02:00']), [15]);
c('oct 25 2:30am', { tz: BER, ref: '2026-10-10 12:00' }, ask(['2026-10-25T02:30+02:00', '2026-10-25T02:30+01:00']), [15]);
c('march 29 1:30am', { tz: LON, ref: '2026-03-10 12:00', locale: 'en-GB' }, ask(['2026-03-29T02:30+01:00']), [15]);
c('25 oct 1:30am', { tz: LON, ref: '2026-10-10 12:00', locale: 'en-GB' }, ask(['2026-10-25T01:30+01:00', '2026-10-25T01:30+00:00']), [15, 21]);
c('oct 4 2:30am', { tz: SYD, ref: '2026-09-20 12:00' }, ask(['2026-10-04T03:30+11:00']), [15]);
c('april 5 2:30am', { tz: SYD, ref: '2026-03-20 12:00' }, ask(['2026-04-05T02:30+11:00', '2026-04-05T02:30+10:00']), [15]);
c('march 29 2:15am CET', { tz: BER, ref: '2026-03-10 12:00' }, at('2026-03-29T02:15+01:00'), [15], 'fixed abbreviation: 01:15Z');
c('oct 25 2:30am CET', { tz: BER, ref: '2026-10-10 12:00' }, at('2026-10-25T02:30+01:00'), [15]);
c('sat 11pm to sun 1:30am', { tz: NY, ref: '2026-10-28 12:00', locale: 'en-US' }, ask(['2026-10-31 23:00']), [10, 15], 'range end falls in the fold');

// Rule 16 — holidays
const US: Partial<Ctx> = { country: 'US' };
c('thanksgiving 7pm', w(NY1, US), at('2026-11-26 19:00'), [16]);
c('thanksgiving', w(NY1, US), at('2026-11-26 00:00'), [4, 16]);
c('thanksgiving', { tz: NY, ref: '2026-11-28 12:00', locale: 'en-US', country: 'US' }, at('2027-11-25 00:00'), [4, 16], 'this year’s has passed');
c('christmas 8pm', w(NY1, US), at('2026-12-25 20:00'), [16]);
c('christmas', { tz: NY, ref: '2026-12-26 12:00', locale: 'en-US', country: 'US' }, at('2027-12-25 00:00'), [4, 16]);
c('christmas eve 6pm', { tz: BER, ref: '2026-11-18 12:00', country: 'DE' }, at('2026-12-24 18:00'), [16]);
c("new year's eve 10pm", w(NY1, US), at('2026-12-31 22:00'), [16]);
c("new year's day", { tz: NY, ref: '2026-12-31 15:00', locale: 'en-US', country: 'US' }, at('2027-01-01 00:00'), [4, 16]);
c('independence day 9pm', { tz: LA, ref: '2026-06-01 12:00', locale: 'en-US', country: 'US' }, at('2026-07-04 21:00'), [16], 'the day itself, not the observed substitute (Jul 3)');
c('thanksgiving 6pm', { tz: 'America/Toronto', ref: '2026-09-20 12:00', locale: 'en-CA', country: 'CA', subdivision: 'ON' }, at('2026-10-12 18:00'), [16], 'Canadian Thanksgiving');
c('epiphany 8pm', { tz: BER, ref: '2026-12-10 12:00', country: 'DE', subdivision: 'BY' }, at('2027-01-06 20:00'), [16]);
c('christmas day 3pm', w(SYD1, { country: 'AU' }), at('2026-12-25 15:00'), [16]);
c("new year's eve party 11pm", { tz: TYO, ref: '2026-12-01 12:00', country: 'JP' }, at('2026-12-31 23:00'), [16]);

// Rule 17 — month positions
c('end of month 8pm', NY1, at('2026-11-30 20:00'), [17]);
c('end of the month at 9pm', { tz: NY, ref: '2027-02-10 12:00', locale: 'en-US' }, at('2027-02-28 21:00'), [17]);
c('end of month 9pm', { tz: NY, ref: '2028-02-10 12:00', locale: 'en-US' }, at('2028-02-29 21:00'), [17], 'leap year');
c('last day of the month', NY1, at('2026-11-30 00:00'), [4, 17]);
c('last friday of the month', NY1, at('2026-11-27 00:00'), [4, 17]);
c('last friday of the month 9pm', { tz: NY, ref: '2026-10-05 12:00', locale: 'en-US' }, at('2026-10-30 21:00'), [17]);
c('first saturday of november', { tz: NY, ref: '2026-10-10 12:00', locale: 'en-US' }, at('2026-11-07 00:00'), [4, 17]);
c('first saturday of november', NY1, at('2027-11-06 00:00'), [4, 5, 17], 'this year’s has passed: next occurrence (rule 5)');
c('last sunday of march 3pm', { tz: LON, ref: '2026-02-01 12:00', locale: 'en-GB' }, at('2026-03-29 15:00'), [17]);
c('second tuesday of december 7pm', NY1, at('2026-12-08 19:00'), [17]);
c('first monday of next month 8pm', NY1, at('2026-12-07 20:00'), [17]);
c('last saturday of the month 9pm', SYD1, at('2026-08-29 21:00'), [17]);

// Rule 18 — no time expression
c('call me at 555-1234', NY1, none, [18]);
c('my number is 212-555-0199', NY1, none, [18]);
c('we won 3-2 lol', NY1, none, [18]);
c('update to v2.10.3 before joining', NY1, none, [18]);
c('meet in room 12', NY1, none, [18]);
c('EST', NY1, none, [18]);
c('what timezone is everyone in? im PST', LA1, none, [18]);
c('lol that was fun', NY1, none, [18]);
c('the event was great, 10/10', NY1, none, [18], 'a rating, not Oct 10');
c('50-50 chance i make it', LON1, none, [18]);
c('server on port 8080', BERen, none, [18]);

// Rule 19 — impossible values
c('feb 30 8pm', NY1, impossible, [19]);
c('25:00', NY1, impossible, [19]);
c('13pm', NY1, impossible, [19]);
c('april 31 at 9pm', NY1, impossible, [19]);
c('feb 29 2027 8pm', NY1, impossible, [19], '2027 is not a leap year');
c('31/04 8pm', LON1, impossible, [19, 21], 'en-GB: 31 April');
c('friday 24:30', NY1, impossible, [19]);

// Rule 20 — several times
c('is it 8 or 9pm?', NY1, ask(['2026-11-18 20:00', '2026-11-18 21:00']), [20]);
c('8pm or 9pm tonight?', NY1, ask(['2026-11-18 20:00', '2026-11-18 21:00']), [20]);
c('saturday or sunday 8pm?', NY1, ask(['2026-11-21 20:00', '2026-11-22 20:00']), [20]);
c('friday 8pm or saturday 8pm, vote!', NY1, ask(['2026-11-20 20:00', '2026-11-21 20:00']), [20]);
c('either 7pm or 8pm works', LA1, ask(['2026-07-08 19:00', '2026-07-08 20:00']), [20]);
c('we moved the meetup from 8pm to 9pm', NY1, at('2026-11-18 21:00'), [20], 'the event is the new time');
c("it's 3pm now, party starts at 9pm", NY1, at('2026-11-18 21:00'), [20], '3pm is the current time, not the event');
c('practice was yesterday at 6pm, the real show is friday 9pm', NY1, at('2026-11-20 21:00'), [20]);
c('rescheduled: was thursday 8pm, now friday 8pm', NY1, at('2026-11-20 20:00'), [20]);
c('doors 8pm, show starts 9pm', NY1, at('2026-11-18 21:00'), [20], 'our reading of rule 20: the start of the show is the event; doors open before it');

// Chat-style variants (case, spacing, abbreviations)
c('Sat 9PM-1AM EST', NY1, range('2026-11-21 21:00', '2026-11-22 01:00'), [10, 12]);
c('tmrw @ 9pm', NY1, at('2026-11-19 21:00'), [7]);
c('TONIGHT 9PM!!', NY1, at('2026-11-18 21:00'), [1, 2]);
c('8 PM tonight', LA1, at('2026-07-08 20:00'), [1, 2]);
c('fri 8pm est', NY1, at('2026-11-20 20:00'), [6, 12]);
c('starting in 2 hrs', NY1, at('2026-11-18 17:00'), [11]);
c('u free at 9?', NY1, at('2026-11-18 21:00'), [2]);
c('8pm on the 28th', NY1, at('2026-11-28 20:00'), [5], 'day of month only: next occurrence is this month');
c('tomorrow 9pm CET', NY1, at('2026-11-19 21:00', BER), [12, 14], 'same calendar date in Berlin (21:00 there): no ask');

// Rule 21 — day/month order
c('03/04 8pm', { tz: LON, ref: '2026-02-10 12:00', locale: 'en-GB' }, at('2026-04-03 20:00'), [21]);
c('03/04 8pm', { tz: NY, ref: '2026-02-10 12:00', locale: 'en-US' }, at('2026-03-04 20:00'), [21]);
c('5/11 at 7pm', LON1, at('2026-11-05 19:00'), [21]);
c('5/11 at 7pm', { tz: NY, ref: '2026-02-10 12:00', locale: 'en-US' }, at('2026-05-11 19:00'), [21]);
c('12/01 9pm', LON1, at('2027-01-12 21:00'), [5, 21]);
c('12/01 9pm', NY1, at('2026-12-01 21:00'), [21]);
c('31/12 11pm', LON1, at('2026-12-31 23:00'), [21]);
c('29/02/2028 8pm', LON1, at('2028-02-29 20:00'), [21]);
c('2/29/2028 8pm', NY1, at('2028-02-29 20:00'), [21]);
c('1/2 8pm', LON1, at('2027-02-01 20:00'), [5, 21]);

// =============================================================================================
// German
lang = 'de';
const DE1: Ctx = { tz: BER, ref: '2026-09-16 18:00', locale: 'de-DE', country: 'DE' }; // Mi
c('morgen um 20 Uhr', DE1, at('2026-09-17 20:00'), [21]);
c('um 21:30', DE1, at('2026-09-16 21:30'), [1, 21]);
c('heute Abend', DE1, range('2026-09-16 18:00', '2026-09-17 00:00'), [8, 21]);
c('heute Abend um 9', DE1, at('2026-09-16 21:00'), [2, 21]);
c('Samstag um 20 Uhr', DE1, at('2026-09-19 20:00'), [6, 21]);
c('nächsten Samstag um 20 Uhr', DE1, ask(['2026-09-19 20:00', '2026-09-26 20:00']), [6, 21]);
c('nächsten Montag um 19 Uhr', DE1, at('2026-09-21 19:00'), [6, 21]);
c('in 2 Stunden', DE1, at('2026-09-16 20:00'), [11, 21]);
c('vor 2 Stunden', DE1, at('2026-09-16 16:00'), [3, 21]);
c('gestern um 21 Uhr', DE1, at('2026-09-15 21:00'), [3, 21]);
c('dieses Wochenende', DE1, range('2026-09-19 00:00', '2026-09-21 00:00'), [8, 21]);
c('Freitag 20-23 Uhr', DE1, range('2026-09-18 20:00', '2026-09-18 23:00'), [10, 21]);
c('Freitag um Mitternacht', DE1, at('2026-09-19 00:00'), [9, 21]);
c('am 3.10. um 18 Uhr', DE1, at('2026-10-03 18:00'), [5, 21]);
c('Heiligabend 18 Uhr', DE1, at('2026-12-24 18:00'), [16, 21], 'Heiligabend = Heiliger Abend (Christmas Eve) in the DE calendar');
c('Silvester 22 Uhr', DE1, at('2026-12-31 22:00'), [16, 21]);
c('morgen um 20 Uhr', w(DE1, { ref: '2026-09-17 00:30' }), ask(['2026-09-17 20:00', '2026-09-18 20:00']), [7, 21]);
c('am 25.10. um 02:30 Uhr', w(DE1, { ref: '2026-10-01 12:00' }), ask(['2026-10-25T02:30+02:00', '2026-10-25T02:30+01:00']), [15, 21], '02:30 in 24-hour notation; fold');
c('am 29.03. um 02:30 Uhr', w(DE1, { ref: '2026-03-01 12:00' }), ask(['2026-03-29T03:30+02:00']), [15, 21], 'gap');
c('Samstag 21 Uhr MEZ', DE1, at('2026-09-19 21:00'), [12, 21], 'MEZ in September = civil time (MESZ)');
c('ist es um 20 oder 21 Uhr?', DE1, ask(['2026-09-16 20:00', '2026-09-16 21:00']), [20, 21]);
c('erster Samstag im November', DE1, at('2026-11-07 00:00'), [4, 17, 21]);
c('Ende des Monats um 20 Uhr', DE1, at('2026-09-30 20:00'), [17, 21]);
c('ruf mich an: 030 1234567', DE1, none, [18, 21]);
c('wir haben 3:2 gewonnen', DE1, none, [18, 21]);
c('am 30.02. um 20 Uhr', DE1, impossible, [19, 21]);
c('morgen um 19:30', { tz: 'Europe/Vienna', ref: '2026-12-30 12:00', locale: 'de-AT', country: 'AT' }, at('2026-12-31 19:30'), [21]);
c('Freitag 22 bis 2 Uhr', DE1, range('2026-09-18 22:00', '2026-09-19 02:00'), [10, 21]);

// =============================================================================================
// French
lang = 'fr';
const FR1: Ctx = { tz: PAR, ref: '2026-09-16 18:00', locale: 'fr-FR', country: 'FR' }; // mer.
c('demain à 21h', FR1, at('2026-09-17 21:00'), [21]);
c('ce soir', FR1, range('2026-09-16 18:00', '2026-09-17 00:00'), [8, 21]);
c('ce soir à 9h', FR1, at('2026-09-16 21:00'), [2, 21], 'soir = pm');
c('samedi à 20h', FR1, at('2026-09-19 20:00'), [6, 21]);
c('samedi prochain à 20h', FR1, ask(['2026-09-19 20:00', '2026-09-26 20:00']), [6, 21]);
c('dans 2 heures', FR1, at('2026-09-16 20:00'), [11, 21]);
c('il y a 2 heures', FR1, at('2026-09-16 16:00'), [3, 21]);
c('hier à 21h', FR1, at('2026-09-15 21:00'), [3, 21]);
c('ce week-end', FR1, range('2026-09-19 00:00', '2026-09-21 00:00'), [8, 21]);
c('la semaine prochaine', FR1, range('2026-09-21 00:00', '2026-09-28 00:00'), [8, 21]);
c('vendredi de 20h à 23h', FR1, range('2026-09-18 20:00', '2026-09-18 23:00'), [10, 21]);
c('vendredi de 22h à 2h', FR1, range('2026-09-18 22:00', '2026-09-19 02:00'), [10, 21]);
c('à minuit', FR1, at('2026-09-17 00:00'), [9, 21]);
c('vendredi à minuit', FR1, at('2026-09-19 00:00'), [9, 21]);
c('samedi à midi', FR1, at('2026-09-19 12:00'), [9, 21]);
c('le 25/12 à 18h', FR1, at('2026-12-25 18:00'), [5, 21]);
c('le 3/10 à 20h', FR1, at('2026-10-03 20:00'), [5, 21], 'day first');
c('le 14 juillet à 22h', w(FR1, { ref: '2026-06-01 12:00' }), at('2026-07-14 22:00'), [5, 21]);
c('demain à 21h', w(FR1, { ref: '2026-09-17 00:30' }), ask(['2026-09-17 21:00', '2026-09-18 21:00']), [7, 21]);
c('le 25 octobre à 2h30', w(FR1, { ref: '2026-10-01 12:00' }), ask(['2026-10-25T02:30+02:00', '2026-10-25T02:30+01:00']), [15, 21], 'fold');
c('le premier samedi de novembre', FR1, at('2026-11-07 00:00'), [4, 17, 21]);
c('fin du mois à 20h', FR1, at('2026-09-30 20:00'), [17, 21]);
c('à 21h heure de Tokyo', FR1, at('2026-09-17 21:00', TYO), [1, 12, 21], 'ref is 01:00 on the 17th in Tokyo');
c('20h ou 21h ?', FR1, ask(['2026-09-16 20:00', '2026-09-16 21:00']), [20, 21]);
c('appelle-moi au 06 12 34 56 78', FR1, none, [18, 21]);
c('on a gagné 3-2', FR1, none, [18, 21]);
c('le 30 février à 20h', FR1, impossible, [19, 21]);
c('demain à 20h', { tz: 'America/Toronto', ref: '2026-11-18 12:00', locale: 'fr-CA', country: 'CA' }, at('2026-11-19 20:00'), [21]);

// =============================================================================================
// Spanish
lang = 'es';
const ES1: Ctx = { tz: MAD, ref: '2026-09-16 18:00', locale: 'es-ES', country: 'ES' }; // mié.
c('mañana a las 21:00', ES1, at('2026-09-17 21:00'), [21]);
c('esta noche', ES1, range('2026-09-16 18:00', '2026-09-17 00:00'), [8, 21]);
c('esta noche a las 10', ES1, at('2026-09-16 22:00'), [2, 21]);
c('el sábado a las 20h', ES1, at('2026-09-19 20:00'), [6, 21]);
c('el próximo sábado a las 20:00', ES1, ask(['2026-09-19 20:00', '2026-09-26 20:00']), [6, 21]);
c('el próximo lunes a las 19:00', ES1, at('2026-09-21 19:00'), [6, 21]);
c('dentro de 2 horas', ES1, at('2026-09-16 20:00'), [11, 21]);
c('hace 2 horas', ES1, at('2026-09-16 16:00'), [3, 21]);
c('ayer a las 21:00', ES1, at('2026-09-15 21:00'), [3, 21]);
c('este fin de semana', ES1, range('2026-09-19 00:00', '2026-09-21 00:00'), [8, 21]);
c('la próxima semana', ES1, range('2026-09-21 00:00', '2026-09-28 00:00'), [8, 21]);
c('el viernes de 20:00 a 23:00', ES1, range('2026-09-18 20:00', '2026-09-18 23:00'), [10, 21]);
c('el viernes de 22:00 a 02:00', ES1, range('2026-09-18 22:00', '2026-09-19 02:00'), [10, 21]);
c('a medianoche', ES1, at('2026-09-17 00:00'), [9, 21]);
c('el viernes a medianoche', ES1, at('2026-09-19 00:00'), [9, 21]);
c('el sábado al mediodía', ES1, at('2026-09-19 12:00'), [9, 21]);
c('el 25/12 a las 18:00', ES1, at('2026-12-25 18:00'), [5, 21]);
c('el 3/10 a las 20:00', ES1, at('2026-10-03 20:00'), [5, 21], 'day first');
c('mañana a las 21:00', w(ES1, { ref: '2026-09-17 00:30' }), ask(['2026-09-17 21:00', '2026-09-18 21:00']), [7, 21]);
c('el 29 de marzo a las 02:30', w(ES1, { ref: '2026-03-01 12:00' }), ask(['2026-03-29T03:30+02:00']), [15, 21], 'gap');
c('dentro de 3 días', ES1, at('2026-09-19 18:00'), [11, 21], 'days keep the wall-clock time');
c('el primer sábado de noviembre a las 20:00', ES1, at('2026-11-07 20:00'), [17, 21]);
c('¿a las 20:00 o a las 21:00?', ES1, ask(['2026-09-16 20:00', '2026-09-16 21:00']), [20, 21]);
c('ganamos 3-2', ES1, none, [18, 21]);
c('mi número es 612 345 678', ES1, none, [18, 21]);
c('el 30 de febrero a las 20:00', ES1, impossible, [19, 21]);
c('mañana a las 20:00', { tz: 'America/Mexico_City', ref: '2026-11-18 12:00', locale: 'es-MX', country: 'MX' }, at('2026-11-19 20:00'), [21]);
c('el sábado a las 21:00 hora de Madrid', { tz: 'America/Mexico_City', ref: '2026-11-18 12:00', locale: 'es-MX', country: 'MX' }, at('2026-11-21 21:00', MAD), [6, 12, 21]);

// =============================================================================================
// Portuguese
lang = 'pt';
const BR1: Ctx = { tz: SAO, ref: '2026-09-16 18:00', locale: 'pt-BR', country: 'BR' }; // qua.
c('amanhã às 20h', BR1, at('2026-09-17 20:00'), [21]);
c('hoje à noite', BR1, range('2026-09-16 18:00', '2026-09-17 00:00'), [8, 21]);
c('hoje à noite às 9', BR1, at('2026-09-16 21:00'), [2, 21]);
c('sábado às 15h', BR1, at('2026-09-19 15:00'), [6, 21]);
c('próximo sábado às 20h', BR1, ask(['2026-09-19 20:00', '2026-09-26 20:00']), [6, 21]);
c('próxima segunda às 19h', BR1, at('2026-09-21 19:00'), [6, 21]);
c('daqui a 2 horas', BR1, at('2026-09-16 20:00'), [11, 21]);
c('há 2 horas', BR1, at('2026-09-16 16:00'), [3, 21]);
c('ontem às 21h', BR1, at('2026-09-15 21:00'), [3, 21]);
c('este fim de semana', BR1, range('2026-09-19 00:00', '2026-09-21 00:00'), [8, 21]);
c('semana que vem', BR1, range('2026-09-21 00:00', '2026-09-28 00:00'), [8, 21]);
c('sexta das 20h às 23h', BR1, range('2026-09-18 20:00', '2026-09-18 23:00'), [10, 21]);
c('sexta das 22h às 2h', BR1, range('2026-09-18 22:00', '2026-09-19 02:00'), [10, 21]);
c('meia-noite', BR1, at('2026-09-17 00:00'), [9, 21]);
c('sexta à meia-noite', BR1, at('2026-09-19 00:00'), [9, 21]);
c('sábado ao meio-dia', BR1, at('2026-09-19 12:00'), [9, 21]);
c('25/12 às 18h', BR1, at('2026-12-25 18:00'), [5, 21]);
c('dia 3/10 às 20h', BR1, at('2026-10-03 20:00'), [5, 21], 'day first');
c('amanhã às 20h', w(BR1, { ref: '2026-09-17 00:30' }), ask(['2026-09-17 20:00', '2026-09-18 20:00']), [7, 21]);
c('natal às 20h', BR1, at('2026-12-25 20:00'), [16, 21]);
c('primeiro sábado de novembro', BR1, at('2026-11-07 00:00'), [4, 17, 21]);
c('daqui a 3 dias às 20h', BR1, at('2026-09-19 20:00'), [11, 21]);
c('é às 20h ou 21h?', BR1, ask(['2026-09-16 20:00', '2026-09-16 21:00']), [20, 21]);
c('ganhamos de 3x2', BR1, none, [18, 21]);
c('meu número é (11) 91234-5678', BR1, none, [18, 21]);
c('30/02 às 20h', BR1, impossible, [19, 21]);
c('amanhã às 21h', { tz: 'Europe/Lisbon', ref: '2026-12-30 12:00', locale: 'pt-PT', country: 'PT' }, at('2026-12-31 21:00'), [21]);
c('sábado às 21h horário de Brasília', { tz: 'America/Manaus', ref: '2026-09-16 18:00', locale: 'pt-BR', country: 'BR' }, at('2026-09-19 21:00', SAO), [6, 12, 21]);

// =============================================================================================
// Japanese
lang = 'ja';
const JA1: Ctx = { tz: TYO, ref: '2026-09-16 18:00', locale: 'ja-JP', country: 'JP' }; // 水
c('明日の21時', JA1, at('2026-09-17 21:00'), [21]);
c('今夜', JA1, range('2026-09-16 18:00', '2026-09-17 00:00'), [8, 21]);
c('今夜9時', JA1, at('2026-09-16 21:00'), [2, 21]);
c('土曜日の20時', JA1, at('2026-09-19 20:00'), [6, 21]);
c('来週の土曜日20時', JA1, at('2026-09-26 20:00'), [6, 21], '来週の土曜日 is literally "Saturday of next week"');
c('2時間後', JA1, at('2026-09-16 20:00'), [11, 21]);
c('2時間前', JA1, at('2026-09-16 16:00'), [3, 21]);
c('昨日の21時', JA1, at('2026-09-15 21:00'), [3, 21]);
c('今週末', JA1, range('2026-09-19 00:00', '2026-09-21 00:00'), [8, 21]);
c('来週', JA1, range('2026-09-21 00:00', '2026-09-28 00:00'), [8, 21]);
c('金曜日の20時から23時', JA1, range('2026-09-18 20:00', '2026-09-18 23:00'), [10, 21]);
c('金曜日の22時から2時まで', JA1, range('2026-09-18 22:00', '2026-09-19 02:00'), [10, 21]);
c('正午', JA1, at('2026-09-17 12:00'), [1, 9, 21]);
c('12月25日18時', JA1, at('2026-12-25 18:00'), [5, 21]);
c('10月3日20時', JA1, at('2026-10-03 20:00'), [5, 21]);
c('明日の21時', w(JA1, { ref: '2026-09-17 00:30' }), ask(['2026-09-17 21:00', '2026-09-18 21:00']), [7, 21]);
c('3日後の20時', JA1, at('2026-09-19 20:00'), [11, 21]);
c('11月の第1土曜日', JA1, at('2026-11-07 00:00'), [4, 17, 21]);
c('月末の20時', JA1, at('2026-09-30 20:00'), [17, 21]);
c('午後9時', JA1, at('2026-09-16 21:00'), [1, 21]);
c('ニューヨーク時間の21時', JA1, at('2026-09-16 21:00', NY), [1, 12, 21], 'ref is 05:00 in New York');
c('土曜の夜9時', JA1, at('2026-09-19 21:00'), [2, 6, 21], '夜 = night = pm');
c('9時', JA1, at('2026-09-16 21:00'), [2, 21], 'no am/pm, no date: soonest future reading');
c('20時か21時？', JA1, ask(['2026-09-16 20:00', '2026-09-16 21:00']), [20, 21]);
c('電話番号は090-1234-5678', JA1, none, [18, 21]);
c('3対2で勝った', JA1, none, [18, 21]);
c('2月30日20時', JA1, impossible, [19, 21]);
c('大晦日の23時', w(JA1, { ref: '2026-12-01 12:00' }), at('2026-12-31 23:00'), [16, 21]);

// ---------------------------------------------------------------------------------------------

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'time-phrases.jsonl');
export function render(): string {
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = render();
  if (process.argv.includes('--check')) {
    const same = readFileSync(OUT, 'utf8') === text;
    console.log(same ? 'corpus up to date' : 'corpus differs from generator');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(OUT, text);
  const per = Object.entries(counters).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`wrote ${lines.length} lines to ${OUT} (${per})`);
}
