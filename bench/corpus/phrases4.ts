/**
 * Generator for bench/corpus/time-phrases-4.jsonl — a fourth, independent corpus of short chat
 * phrases, written from the interpretation rules in the contract decisions (§5 "Time parsing").
 *
 *   node --import tsx bench/corpus/phrases4.ts
 *
 * Cases are stated as wall-clock times in a zone; every offset is computed here with luxon.
 * A wall time that falls in a DST gap or fold is refused unless it is given with an explicit
 * offset (X) or built by the FOLD / GAPF helpers; every reference time states its weekday, which
 * is checked.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const CHI = 'America/Chicago';
const TOR = 'America/Toronto';
const HAL = 'America/Halifax';
const MEX = 'America/Mexico_City';
const SP = 'America/Sao_Paulo';
const BUE = 'America/Argentina/Buenos_Aires';
const LON = 'Europe/London';
const BER = 'Europe/Berlin';
const VIE = 'Europe/Vienna';
const PAR = 'Europe/Paris';
const MAD = 'Europe/Madrid';
const LIS = 'Europe/Lisbon';
const TYO = 'Asia/Tokyo';
const KOL = 'Asia/Kolkata';
const SHA = 'Asia/Shanghai';
const JER = 'Asia/Jerusalem';
const SYD = 'Australia/Sydney';
const AKL = 'Pacific/Auckland';

type Dow = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';
const FMT = "yyyy-MM-dd'T'HH:mm";
const iso = (d: DateTime) => d.toISO({ suppressMilliseconds: true, suppressSeconds: true })!;

/** Every instant whose wall-clock time in `zone` is `w` (0 = gap, 2 = fold). */
function readings(w: string, zone: string): DateTime[] {
  const asUtc = DateTime.fromISO(w, { zone: 'UTC' });
  if (!asUtc.isValid || asUtc.toFormat(FMT) !== w) throw new Error(`bad wall time ${w}`);
  const offsets = new Set<number>();
  for (let h = -48; h <= 48; h++) offsets.add(asUtc.plus({ hours: h }).setZone(zone).offset);
  const out: DateTime[] = [];
  for (const o of offsets) {
    const d = asUtc.minus({ minutes: o }).setZone(zone);
    if (d.toFormat(FMT) === w && !out.some((x) => x.toMillis() === d.toMillis())) out.push(d);
  }
  return out.sort((a, b) => a.toMillis() - b.toMillis());
}

/** A wall time that exists exactly once in `zone`. */
function wall(w: string, zone: string): DateTime {
  const r = readings(w, zone);
  if (r.length === 0) throw new Error(`${w} is in a DST gap in ${zone}`);
  if (r.length > 1) throw new Error(`${w} is in a DST fold in ${zone}`);
  return r[0];
}

// ------------------------------------------------------------------------------------------------
// Expectation builders (resolved against the case's zone unless a zone is given)

type Expect = Record<string, unknown>;
type Ex = (zone: string) => Expect;
type Opt = (zone: string) => string[];

/** resolved instant at wall time w */
const R = (w: string, z?: string): Ex => (zone) => ({ status: 'resolved', at: iso(wall(w, z ?? zone)) });
/** resolved instant given with an explicit offset */
const RX = (s: string): Ex => () => ({ status: 'resolved', at: X(s)(NY)[0] });
/** resolved range */
const RR = (a: string, b: string, z?: string): Ex => (zone) => ({ status: 'resolved', start: iso(wall(a, z ?? zone)), end: iso(wall(b, z ?? zone)) });
/** resolved instant: reference instant plus a duration (elapsed for h/min; wall clock for days…) */
const ASK = (...opts: Opt[]): Ex => (zone) => ({ status: 'needs_clarification', options: opts.flatMap((o) => o(zone)) });
const NP: Ex = () => ({ status: 'no_plan' });
const NPA: Ex = () => ({ status: 'no_plan', alsoAccept: ['needs_clarification'] });

/** option: a wall time */
const W = (w: string, z?: string): Opt => (zone) => [iso(wall(w, z ?? zone))];
/** option / instant with an explicit offset, e.g. 2026-11-01T01:30-05:00 */
const X = (s: string): Opt => () => {
  const d = DateTime.fromISO(s, { setZone: true });
  if (!d.isValid || !/[+-]\d\d:\d\d$|Z$/.test(s)) throw new Error(`bad explicit instant ${s}`);
  return [iso(d)];
};
/** both instants of a wall time in a DST fold */
const FOLD = (w: string, z?: string): Opt => (zone) => {
  const r = readings(w, z ?? zone);
  if (r.length !== 2) throw new Error(`${w} is not in a fold in ${z ?? zone}`);
  return r.map(iso);
};
/** the shift-forward reading of a wall time in a DST gap (read with the offset before the gap) */
const GAPF = (w: string, z?: string): Opt => (zone) => {
  const zz = z ?? zone;
  if (readings(w, zz).length !== 0) throw new Error(`${w} is not in a gap in ${zz}`);
  const asUtc = DateTime.fromISO(w, { zone: 'UTC' });
  // A gap is where the offset increases; the reading before it uses the smaller offset of the two
  // in force a day either side.
  const before = asUtc.minus({ hours: 30 }).setZone(zz).offset;
  const after = asUtc.plus({ hours: 30 }).setZone(zz).offset;
  if (!(before < after)) throw new Error(`${w}: no offset increase around it in ${zz}`);
  const d = asUtc.minus({ minutes: before }).setZone(zz);
  if (d.toFormat(FMT) !== asUtc.plus({ minutes: after - before }).toFormat(FMT)) throw new Error(`${w}: shift-forward check failed`);
  return [iso(d)];
};

// ------------------------------------------------------------------------------------------------
// Cases

interface Spec {
  l: string; // locale
  c?: string; // country
  sd?: string; // subdivision
  z: string; // speaker zone (request timeZone)
  r: [string, Dow]; // reference wall time in z, with its weekday
  t: string; // text
  e: Ex;
  rule: number[];
  n?: string; // note
}
const specs: Spec[] = [];
const q = (s: Spec) => specs.push(s);

// Rule 1 — a bare time is its next occurrence; with another zone named, the next occurrence there.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: '9pm?', e: R('2026-03-04T21:00'), rule: [1] });
q({ l: 'en-US', z: NY, r: ['2026-03-04T22:15', 'Wed'], t: '9pm works', e: R('2026-03-05T21:00'), rule: [1] });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-06-08T16:00', 'Mon'], t: '10:30p', e: R('2026-06-08T22:30'), rule: [1] });
q({ l: 'en-US', z: NY, r: ['2026-03-07T23:30', 'Sat'], t: 'standup 9am', e: R('2026-03-08T09:00'), rule: [1], n: 'next occurrence is on the US spring-forward day: -04:00' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-01-01T00:05', 'Thu'], t: '11:30pm', e: R('2026-01-01T23:30'), rule: [1], n: 'just after midnight: 23:30 today has not passed' });
q({ l: 'en-GB', c: 'DE', z: BER, r: ['2026-06-09T10:00', 'Tue'], t: '9pm PT', e: R('2026-06-09T21:00', LA), rule: [1, 12] });
q({ l: 'en-US', z: NY, r: ['2026-06-09T23:00', 'Tue'], t: '8pm JST', e: R('2026-06-10T20:00', TYO), rule: [1, 12], n: 'Tokyo is already Wed 12:00, so the next 20:00 there is Wed 20:00 JST (no relative day, rule 14 not involved)' });
q({ l: 'en-US', z: NY, r: ['2026-10-31T20:00', 'Sat'], t: '11pm London time', e: R('2026-11-01T23:00', LON), rule: [1, 12], n: 'London is already Sun 00:00 (GMT since Oct 25)' });
q({ l: 'en-IN', c: 'IN', z: KOL, r: ['2026-08-10T18:00', 'Mon'], t: 'sync at 6:30pm UTC', e: RX('2026-08-10T18:30Z'), rule: [1, 12] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-04-04T23:00', 'Sat'], t: '7am', e: R('2026-04-05T07:00'), rule: [1], n: 'Sydney DST ends that night: +10:00' });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-02-11T21:30', 'Wed'], t: 'um 20:15', e: R('2026-02-12T20:15'), rule: [1] });
q({ l: 'de-DE', z: BER, r: ['2026-03-28T23:40', 'Sat'], t: 'treffen 14:30', e: R('2026-03-29T14:30'), rule: [1], n: 'next occurrence on the EU spring-forward day: +02:00' });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-05-11T09:00', 'Mon'], t: 'à 18h30', e: R('2026-05-11T18:30'), rule: [1] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-09-14T23:10', 'Mon'], t: 'a las 22:00', e: R('2026-09-15T22:00'), rule: [1] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-04-16T15:00', 'Thu'], t: 'às 14h', e: R('2026-04-17T14:00'), rule: [1] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-07-03T19:00', 'Fri'], t: '21時から', e: R('2026-07-03T21:00'), rule: [1] });
q({ l: 'ja-JP', z: TYO, r: ['2026-07-03T22:00', 'Fri'], t: '午後8時です', e: R('2026-07-04T20:00'), rule: [1] });

// Rule 2 — hour without am/pm: soonest future reading without a date; ask on an explicit date.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'lunch at 1?', e: R('2026-03-04T13:00'), rule: [2] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T21:40', 'Wed'], t: 'at 9 then', e: R('2026-03-05T09:00'), rule: [2], n: '21:00 has passed, soonest future reading is 09:00 tomorrow' });
q({ l: 'en-US', z: NY, r: ['2026-03-08T00:30', 'Sun'], t: 'wake me at 6', e: R('2026-03-08T06:00'), rule: [2], n: 'soonest future reading is 06:00 EDT on the spring-forward day' });
q({ l: 'en-IN', c: 'IN', z: KOL, r: ['2026-03-04T07:00', 'Wed'], t: 'call at 8:30', e: R('2026-03-04T08:30'), rule: [2] });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-03-04T11:00', 'Wed'], t: 'sat at 9', e: ASK(), rule: [2, 6], n: 'weekday gives a date; am/pm not settled → ask' });
q({ l: 'en-US', z: NY, r: ['2026-06-09T10:00', 'Tue'], t: 'tomorrow 9 JST', e: ASK(), rule: [2, 12], n: 'hour without am/pm on an explicit date; Tokyo is also Tue (23:00) so rule 14 is not involved' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-02-02T09:00', 'Mon'], t: 'march 8 at 3', e: ASK(), rule: [2, 5] });
q({ l: 'en-US', z: NY, r: ['2026-01-14T09:00', 'Wed'], t: 'gm, raid tmrw 8 est?', e: ASK(), rule: [2, 12] });
q({ l: 'en-US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'yesterday at 3', e: ASK(), rule: [2, 3] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-02-02T12:00', 'Mon'], t: 'tonight at 9', e: R('2026-02-02T21:00'), rule: [2, 8] });
q({ l: 'en-GB', z: LON, r: ['2026-02-02T12:00', 'Mon'], t: 'tmrw morning 8', e: R('2026-02-03T08:00'), rule: [2] });
q({ l: 'en-US', c: 'US', z: CHI, r: ['2026-05-07T09:00', 'Thu'], t: 'sat evening at 7', e: R('2026-05-09T19:00'), rule: [2, 6] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-02T10:00', 'Mon'], t: 'heute Abend um 8', e: R('2026-03-02T20:00'), rule: [2] });
q({ l: 'de-DE', z: BER, r: ['2026-03-02T10:00', 'Mon'], t: 'morgen um 8?', e: ASK(), rule: [2], n: 'explicit date, hour without am/pm and no period word → ask' });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-02T10:00', 'Mon'], t: 'ce soir vers 9h', e: R('2026-03-02T21:00'), rule: [2] });
q({ l: 'es-MX', c: 'MX', z: MEX, r: ['2026-03-02T10:00', 'Mon'], t: 'mañana por la mañana a las 10', e: R('2026-03-03T10:00'), rule: [2] });
q({ l: 'pt-BR', z: SP, r: ['2026-03-02T10:00', 'Mon'], t: 'amanhã às 8 da noite', e: R('2026-03-03T20:00'), rule: [2] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-03-02T10:00', 'Mon'], t: '今夜9時', e: R('2026-03-02T21:00'), rule: [2] });

// Rule 3 — explicit past is taken as stated.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'yesterday 9pm', e: R('2026-03-03T21:00'), rule: [3] });
q({ l: 'en-US', z: NY, r: ['2026-03-04T10:17', 'Wed'], t: '2 hours ago', e: R('2026-03-04T08:17'), rule: [3, 11] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-08T04:00', 'Sun'], t: 'started 3 hrs ago', e: R('2026-03-08T00:00'), rule: [3, 11], n: '3 elapsed hours across the spring-forward gap: 04:00 EDT → 00:00 EST' });
q({ l: 'en-US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'last fri 8pm', e: R('2026-02-27T20:00'), rule: [3, 6], n: 'on a Wednesday the most recent Friday and the Friday of last week coincide' });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-01-01T00:20', 'Thu'], t: 'yesterday at noon', e: R('2025-12-31T12:00'), rule: [3, 9] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-04-06T09:00', 'Mon'], t: '2 days ago', e: R('2026-04-04T09:00'), rule: [3, 11], n: 'days keep wall-clock time across the Sydney DST end (+11:00)' });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-30T10:00', 'Mon'], t: 'gestern um 22 Uhr', e: R('2026-03-29T22:00'), rule: [3] });
q({ l: 'de-DE', z: BER, r: ['2026-10-27T10:00', 'Tue'], t: 'vor 3 Tagen', e: R('2026-10-24T10:00'), rule: [3, 11], n: 'days keep wall-clock time across the EU fall-back (+02:00)' });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-04T10:00', 'Wed'], t: 'hier à 21h', e: R('2026-03-03T21:00'), rule: [3] });
q({ l: 'fr-FR', z: PAR, r: ['2026-03-29T05:00', 'Sun'], t: 'il y a 4 heures', e: R('2026-03-29T00:00'), rule: [3, 11], n: '4 elapsed hours across the EU spring-forward gap: 05:00 CEST → 00:00 CET' });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-03-04T10:00', 'Wed'], t: 'hace 2 horas', e: R('2026-03-04T08:00'), rule: [3, 11] });
q({ l: 'es-ES', z: MAD, r: ['2026-03-04T10:00', 'Wed'], t: 'ayer a las 21:30', e: R('2026-03-03T21:30'), rule: [3] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-03-04T10:00', 'Wed'], t: 'ontem às 21h', e: R('2026-03-03T21:00'), rule: [3] });
q({ l: 'pt-BR', z: SP, r: ['2026-03-04T10:00', 'Wed'], t: 'há 20 minutos', e: R('2026-03-04T09:40'), rule: [3, 11] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '昨日の21時', e: R('2026-03-03T21:00'), rule: [3] });
q({ l: 'ja-JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '3時間前', e: R('2026-03-04T07:00'), rule: [3, 11] });

// Rule 4 — a date without a time is local 00:00 (precision date).
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-02-02T10:00', 'Mon'], t: 'march 8', e: R('2026-03-08T00:00'), rule: [4, 5], n: 'US spring-forward day; midnight still -05:00' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-02-02T10:00', 'Mon'], t: 'on 29 march', e: R('2026-03-29T00:00'), rule: [4, 5, 21] });
q({ l: 'en-US', z: NY, r: ['2026-02-02T10:00', 'Mon'], t: 'tomorrow then', e: R('2026-02-03T00:00'), rule: [4] });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-03-04T10:00', 'Wed'], t: 'sat?', e: R('2026-03-07T00:00'), rule: [4, 6] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-09-01T10:00', 'Tue'], t: 'sun 4 oct', e: R('2026-10-04T00:00'), rule: [4, 5, 21], n: 'Sydney spring-forward day; midnight still +10:00' });
q({ l: 'en-US', z: NY, r: ['2028-02-01T10:00', 'Tue'], t: 'feb 29', e: R('2028-02-29T00:00'), rule: [4, 5] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-12-30T10:00', 'Wed'], t: 'jan 2', e: R('2027-01-02T00:00'), rule: [4, 5] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-06-01T10:00', 'Mon'], t: 'am 24.12.', e: R('2026-12-24T00:00'), rule: [4, 5, 21] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-06-01T10:00', 'Mon'], t: 'le 14 juillet', e: R('2026-07-14T00:00'), rule: [4, 5] });
q({ l: 'es-ES', z: MAD, r: ['2026-06-01T10:00', 'Mon'], t: 'el 5 de agosto', e: R('2026-08-05T00:00'), rule: [4, 5] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-06-01T10:00', 'Mon'], t: 'dia 20 de outubro', e: R('2026-10-20T00:00'), rule: [4, 5] });
q({ l: 'ja-JP', z: TYO, r: ['2026-06-01T10:00', 'Mon'], t: '8月15日', e: R('2026-08-15T00:00'), rule: [4, 5] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-06-01T10:00', 'Mon'], t: '水曜日', e: R('2026-06-03T00:00'), rule: [4, 6] });

// Rule 5 — a date without a year is its next occurrence on or after today.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-10T10:00', 'Tue'], t: 'march 8 7pm', e: R('2027-03-08T19:00'), rule: [5] });
q({ l: 'en-US', z: NY, r: ['2026-03-08T10:00', 'Sun'], t: 'march 8', e: R('2026-03-08T00:00'), rule: [4, 5], n: 'today counts ("on or after today"); date precision → local 00:00' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-12-31T15:00', 'Thu'], t: '2 jan at 10am', e: R('2027-01-02T10:00'), rule: [5, 21] });
q({ l: 'en-US', z: NY, r: ['2027-03-03T10:00', 'Wed'], t: 'feb 29 at 8pm', e: R('2028-02-29T20:00'), rule: [5, 19], n: 'the next Feb 29 is in 2028, so the value is not impossible' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2028-02-29T10:00', 'Tue'], t: 'feb 29 8pm', e: R('2028-02-29T20:00'), rule: [5] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-06-30T12:00', 'Tue'], t: '30/6 at 7pm', e: R('2026-06-30T19:00'), rule: [5, 21] });
q({ l: 'en-IN', c: 'IN', z: KOL, r: ['2026-05-20T10:00', 'Wed'], t: '15/05 at 6pm', e: R('2027-05-15T18:00'), rule: [5, 21] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-11-20T10:00', 'Fri'], t: 'am 15.3. um 19 Uhr', e: R('2027-03-15T19:00'), rule: [5, 21] });
q({ l: 'fr-FR', z: PAR, r: ['2026-09-10T10:00', 'Thu'], t: 'le 2 septembre à 20h', e: R('2027-09-02T20:00'), rule: [5] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-12-28T10:00', 'Mon'], t: 'el 7 de enero a las 17:00', e: R('2027-01-07T17:00'), rule: [5] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-12-20T10:00', 'Sun'], t: '10/01 às 19h', e: R('2027-01-10T19:00'), rule: [5, 21] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-12-31T20:00', 'Thu'], t: '1月3日 18時', e: R('2027-01-03T18:00'), rule: [5] });

// Rule 6 — weekdays; "next <weekday>" resolves only when the first one after today is in next week.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'fri 8pm', e: R('2026-03-06T20:00'), rule: [6] });
q({ l: 'en-US', z: NY, r: ['2026-03-06T10:00', 'Fri'], t: 'fri 8pm', e: R('2026-03-06T20:00'), rule: [6], n: 'today, time not passed' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-06T21:00', 'Fri'], t: 'fri 8pm', e: R('2026-03-13T20:00'), rule: [6, 11], n: 'time passed → +7 days, now -04:00' });
q({ l: 'en-US', z: NY, r: ['2026-03-05T10:00', 'Thu'], t: 'this sat 3pm', e: R('2026-03-07T15:00'), rule: [6] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-05T10:00', 'Thu'], t: 'next saturday at noon', e: ASK(W('2026-03-07T12:00'), W('2026-03-14T12:00')), rule: [6, 9], n: 'first Saturday after today is this week → ask, offering both' });
q({ l: 'en-US', z: NY, r: ['2026-03-05T10:00', 'Thu'], t: 'next tuesday 6pm', e: R('2026-03-10T18:00'), rule: [6] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-01T10:00', 'Sun'], t: 'next monday 9am', e: R('2026-03-02T09:00'), rule: [6], n: 'tomorrow is already in next week (weeks are Mon–Sun)' });
q({ l: 'en-US', z: NY, r: ['2026-03-01T10:00', 'Sun'], t: 'next sunday 5pm', e: R('2026-03-08T17:00'), rule: [6], n: 'first Sunday after today is in next week; -04:00' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-01-10T10:00', 'Sat'], t: 'next sunday', e: ASK(W('2026-01-11T00:00'), W('2026-01-18T00:00')), rule: [4, 6] });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-06-08T09:00', 'Mon'], t: 'next wed 5pm?', e: ASK(W('2026-06-10T17:00'), W('2026-06-17T17:00')), rule: [6] });
q({ l: 'en-US', z: NY, r: ['2026-12-26T10:00', 'Sat'], t: 'next fri', e: R('2027-01-01T00:00'), rule: [4, 6] });
q({ l: 'en-US', z: NY, r: ['2026-06-10T10:00', 'Wed'], t: 'party fri 9pm PT!!', e: R('2026-06-12T21:00', LA), rule: [6, 12] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-26T10:00', 'Thu'], t: 'nächsten Samstag um 20 Uhr', e: ASK(W('2026-03-28T20:00'), W('2026-04-04T20:00')), rule: [6] });
q({ l: 'de-DE', z: BER, r: ['2026-03-25T10:00', 'Wed'], t: 'am Montag um 18 Uhr', e: R('2026-03-30T18:00'), rule: [6] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-10-19T10:00', 'Mon'], t: 'samedi prochain à 21h', e: ASK(W('2026-10-24T21:00'), W('2026-10-31T21:00')), rule: [6] });
q({ l: 'fr-FR', z: PAR, r: ['2026-10-21T10:00', 'Wed'], t: 'vendredi 20h', e: R('2026-10-23T20:00'), rule: [6] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-05-12T10:00', 'Tue'], t: 'el próximo lunes a las 18:00', e: R('2026-05-18T18:00'), rule: [6] });
q({ l: 'es-AR', c: 'AR', z: BUE, r: ['2026-05-15T22:00', 'Fri'], t: 'el viernes a las 21', e: R('2026-05-22T21:00'), rule: [6] });
q({ l: 'pt-BR', z: SP, r: ['2026-05-12T10:00', 'Tue'], t: 'sábado às 15h', e: R('2026-05-16T15:00'), rule: [6] });
q({ l: 'pt-PT', c: 'PT', z: LIS, r: ['2026-05-14T10:00', 'Thu'], t: 'próximo sábado às 21h', e: ASK(W('2026-05-16T21:00'), W('2026-05-23T21:00')), rule: [6] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-05-13T10:00', 'Wed'], t: '土曜の20時', e: R('2026-05-16T20:00'), rule: [6] });
q({ l: 'ja-JP', z: TYO, r: ['2026-05-13T10:00', 'Wed'], t: '来週の月曜 午前10時', e: R('2026-05-18T10:00'), rule: [6], n: '来週の月曜 = Monday of next week, which is also the first Monday after today' });

// Rule 7 — "tomorrow …" between midnight and early morning asks.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-07T00:20', 'Sat'], t: 'tmrw 8pm', e: ASK(), rule: [7] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-01-02T01:30', 'Fri'], t: 'tomorrow 10am', e: ASK(), rule: [7] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-04-04T00:30', 'Sat'], t: 'tmrw 9am', e: ASK(), rule: [7] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-06T23:30', 'Fri'], t: 'tmrw 8pm', e: R('2026-03-07T20:00'), rule: [7], n: 'before midnight: not ambiguous' });
q({ l: 'en-US', z: NY, r: ['2026-03-07T10:00', 'Sat'], t: 'tomorrow 10am', e: R('2026-03-08T10:00'), rule: [7] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2028-02-29T22:00', 'Tue'], t: 'tmrw 9am', e: R('2028-03-01T09:00'), rule: [7] });
q({ l: 'en-GB', z: LON, r: ['2026-03-31T23:00', 'Tue'], t: 'tomorrow 7pm', e: R('2026-04-01T19:00'), rule: [7] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-28T00:30', 'Sat'], t: 'morgen um 15 Uhr', e: ASK(), rule: [7] });
q({ l: 'de-DE', z: BER, r: ['2026-03-28T09:00', 'Sat'], t: 'morgen um 15 Uhr', e: R('2026-03-29T15:00'), rule: [7] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-05T00:15', 'Thu'], t: 'demain 14h', e: ASK(), rule: [7] });
q({ l: 'es-ES', z: MAD, r: ['2026-03-01T01:00', 'Sun'], t: 'mañana a las 17:00', e: ASK(), rule: [7] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-03-07T00:40', 'Sat'], t: 'amanhã às 19h', e: ASK(), rule: [7] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-03-06T00:30', 'Fri'], t: '明日の19時', e: ASK(), rule: [7] });
q({ l: 'ja-JP', z: TYO, r: ['2026-03-06T15:00', 'Fri'], t: '明日の19時', e: R('2026-03-07T19:00'), rule: [7] });

// Rule 8 — vague periods are ranges.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T12:00', 'Wed'], t: 'tonight', e: RR('2026-03-04T18:00', '2026-03-05T00:00'), rule: [8] });
q({ l: 'en-US', z: NY, r: ['2026-10-31T10:00', 'Sat'], t: 'tonite?', e: RR('2026-10-31T18:00', '2026-11-01T00:00'), rule: [8] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'this weekend', e: RR('2026-03-07T00:00', '2026-03-09T00:00'), rule: [8], n: 'range spans the US spring-forward' });
q({ l: 'en-US', z: NY, r: ['2026-03-07T10:00', 'Sat'], t: 'this weekend?', e: RR('2026-03-07T00:00', '2026-03-09T00:00'), rule: [8], n: 'said on the Saturday: the current weekend' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-21T10:00', 'Wed'], t: 'next week', e: RR('2026-10-26T00:00', '2026-11-02T00:00'), rule: [8] });
q({ l: 'en-GB', z: LON, r: ['2026-03-22T18:00', 'Sun'], t: 'sometime next week', e: RR('2026-03-23T00:00', '2026-03-30T00:00'), rule: [8] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-12-31T10:00', 'Thu'], t: 'next week', e: RR('2027-01-04T00:00', '2027-01-11T00:00'), rule: [8] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-10-21T10:00', 'Wed'], t: 'dieses Wochenende', e: RR('2026-10-24T00:00', '2026-10-26T00:00'), rule: [8] });
q({ l: 'de-DE', z: BER, r: ['2026-03-02T12:00', 'Mon'], t: 'nächste Woche', e: RR('2026-03-09T00:00', '2026-03-16T00:00'), rule: [8] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-05-13T10:00', 'Wed'], t: 'ce week-end', e: RR('2026-05-16T00:00', '2026-05-18T00:00'), rule: [8] });
q({ l: 'fr-FR', z: PAR, r: ['2026-05-15T09:00', 'Fri'], t: 'ce soir', e: RR('2026-05-15T18:00', '2026-05-16T00:00'), rule: [8] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-06-16T11:00', 'Tue'], t: 'esta noche', e: RR('2026-06-16T18:00', '2026-06-17T00:00'), rule: [8] });
q({ l: 'es-MX', z: MEX, r: ['2026-06-18T10:00', 'Thu'], t: 'la próxima semana', e: RR('2026-06-22T00:00', '2026-06-29T00:00'), rule: [8] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-06-17T10:00', 'Wed'], t: 'este fim de semana', e: RR('2026-06-20T00:00', '2026-06-22T00:00'), rule: [8] });
q({ l: 'pt-BR', z: SP, r: ['2026-06-17T10:00', 'Wed'], t: 'hoje à noite', e: RR('2026-06-17T18:00', '2026-06-18T00:00'), rule: [8], n: '"hoje à noite" = tonight' });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-06-17T12:00', 'Wed'], t: '今夜', e: RR('2026-06-17T18:00', '2026-06-18T00:00'), rule: [8] });
q({ l: 'ja-JP', z: TYO, r: ['2026-06-17T12:00', 'Wed'], t: '今週末', e: RR('2026-06-20T00:00', '2026-06-22T00:00'), rule: [8] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-06-17T12:00', 'Wed'], t: '来週', e: RR('2026-06-22T00:00', '2026-06-29T00:00'), rule: [8] });

// Rule 9 — noon and midnight.
q({ l: 'en-US', z: NY, r: ['2026-03-04T13:00', 'Wed'], t: 'at noon', e: R('2026-03-05T12:00'), rule: [9, 1] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T15:00', 'Wed'], t: 'deadline midnight', e: R('2026-03-05T00:00'), rule: [9] });
q({ l: 'en-US', z: NY, r: ['2026-03-05T00:30', 'Thu'], t: 'drops at midnight PT', e: R('2026-03-05T00:00', LA), rule: [9, 12], n: 'LA is still Wed 21:30, so the coming 00:00 there is Thu 00:00 PST' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-02T10:00', 'Mon'], t: 'fri at midnight', e: R('2026-03-07T00:00'), rule: [9, 6], n: 'end of Friday' });
q({ l: 'en-US', z: NY, r: ['2026-03-05T10:00', 'Thu'], t: 'sat at midnight', e: R('2026-03-08T00:00'), rule: [9, 6], n: 'end of Saturday = Sun 00:00, before the 02:00 gap' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-03-04T10:00', 'Wed'], t: 'tomorrow at midnight', e: R('2026-03-06T00:00'), rule: [9], n: 'end of tomorrow' });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-12-28T10:00', 'Mon'], t: 'dec 31 at midnight', e: R('2027-01-01T00:00'), rule: [9, 5] });
q({ l: 'en-US', z: NY, r: ['2026-12-31T22:00', 'Thu'], t: 'tomorrow noon', e: R('2027-01-01T12:00'), rule: [9] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-04T10:00', 'Wed'], t: 'Freitag um Mitternacht', e: R('2026-03-07T00:00'), rule: [9, 6] });
q({ l: 'de-DE', z: BER, r: ['2026-03-04T13:00', 'Wed'], t: 'mittags um 12', e: R('2026-03-05T12:00'), rule: [9, 1], n: '12:00 passed today → tomorrow' });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-04T10:00', 'Wed'], t: 'demain midi', e: R('2026-03-05T12:00'), rule: [9] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-03-04T16:00', 'Wed'], t: 'a medianoche', e: R('2026-03-05T00:00'), rule: [9] });
q({ l: 'pt-BR', z: SP, r: ['2026-03-04T10:00', 'Wed'], t: 'sexta ao meio-dia', e: R('2026-03-06T12:00'), rule: [9, 6] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '金曜の正午', e: R('2026-03-06T12:00'), rule: [9, 6] });

// Rule 10 — ranges.
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-06-10T10:00', 'Wed'], t: 'fri 8-11pm PT', e: RR('2026-06-12T20:00', '2026-06-12T23:00'), rule: [10, 12, 6] });
q({ l: 'en-GB', c: 'DE', z: BER, r: ['2026-06-10T10:00', 'Wed'], t: 'fri 8-11pm PT', e: RR('2026-06-12T20:00', '2026-06-12T23:00', LA), rule: [10, 12, 6] });
q({ l: 'en-US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'sat 11pm-3am', e: RR('2026-03-07T23:00', '2026-03-08T03:00'), rule: [10], n: 'end moves to the next day; 03:00 EDT is the stated clock time (3 elapsed hours)' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: '2-4pm tmrw', e: RR('2026-03-05T14:00', '2026-03-05T16:00'), rule: [10] });
q({ l: 'en-US', c: 'US', z: CHI, r: ['2026-06-08T09:00', 'Mon'], t: 'wed 7:30-9pm ET', e: RR('2026-06-10T19:30', '2026-06-10T21:00', NY), rule: [10, 12] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-06-08T09:00', 'Mon'], t: 'thu 22:00-02:00', e: RR('2026-06-11T22:00', '2026-06-12T02:00'), rule: [10], n: 'zero-padded 24-hour clock times; end moves to the next day' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-31T10:00', 'Sat'], t: 'tonight 11pm-2am', e: RR('2026-10-31T23:00', '2026-11-01T02:00'), rule: [10, 8], n: 'end is 02:00 EST (after the fold), stated clock time' });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-10-01T10:00', 'Thu'], t: 'sat 9pm-3am', e: RR('2026-10-03T21:00', '2026-10-04T03:00'), rule: [10], n: 'end is 03:00 AEDT (after the gap)' });
q({ l: 'en-US', z: NY, r: ['2026-03-02T10:00', 'Mon'], t: 'march 8 1-4am', e: RR('2026-03-08T01:00', '2026-03-08T04:00'), rule: [10, 5] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-06-08T09:00', 'Mon'], t: 'Samstag 20-23 Uhr', e: RR('2026-06-13T20:00', '2026-06-13T23:00'), rule: [10, 6] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-06-08T09:00', 'Mon'], t: 'vendredi de 19h à 23h', e: RR('2026-06-12T19:00', '2026-06-12T23:00'), rule: [10, 6] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-06-08T09:00', 'Mon'], t: 'el sábado de 22:00 a 03:00', e: RR('2026-06-13T22:00', '2026-06-14T03:00'), rule: [10, 6], n: 'zero-padded 24-hour clock times; end moves to the next day' });
q({ l: 'pt-BR', z: SP, r: ['2026-06-08T09:00', 'Mon'], t: 'sábado das 14h às 18h', e: RR('2026-06-13T14:00', '2026-06-13T18:00'), rule: [10, 6] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-06-08T09:00', 'Mon'], t: '土曜 20時〜23時', e: RR('2026-06-13T20:00', '2026-06-13T23:00'), rule: [10, 6] });

// Rule 11 — seconds/minutes/hours elapse; days/weeks/months keep the wall-clock time.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-08T00:30', 'Sun'], t: 'in 3 hours', e: R('2026-03-08T04:30'), rule: [11] });
q({ l: 'en-US', z: NY, r: ['2026-03-07T10:00', 'Sat'], t: 'in 2 days', e: R('2026-03-09T10:00'), rule: [11] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-07T10:00', 'Sat'], t: 'in 48 hours', e: R('2026-03-09T11:00'), rule: [11] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-10-24T12:00', 'Sat'], t: 'in 1 week', e: R('2026-10-31T12:00'), rule: [11] });
q({ l: 'en-GB', z: LON, r: ['2026-10-24T12:00', 'Sat'], t: 'in 24h', e: R('2026-10-25T11:00'), rule: [11] });
q({ l: 'en-US', z: LA, r: ['2026-10-26T10:00', 'Mon'], t: 'in 2 weeks', e: R('2026-11-09T10:00'), rule: [11] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-04-04T20:00', 'Sat'], t: 'in 12 hours', e: R('2026-04-05T07:00'), rule: [11] });
q({ l: 'en-NZ', c: 'NZ', z: AKL, r: ['2026-09-26T10:00', 'Sat'], t: 'in 1 day', e: R('2026-09-27T10:00'), rule: [11] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-05T09:00', 'Mon'], t: 'in a month', e: R('2026-11-05T09:00'), rule: [11] });
q({ l: 'en-US', z: NY, r: ['2028-02-28T15:00', 'Mon'], t: 'in 2 days', e: R('2028-03-01T15:00'), rule: [11] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-28T22:30', 'Sat'], t: 'in 5 Stunden', e: R('2026-03-29T04:30'), rule: [11] });
q({ l: 'de-DE', z: BER, r: ['2026-10-24T20:00', 'Sat'], t: 'in 2 Tagen', e: R('2026-10-26T20:00'), rule: [11] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-28T10:00', 'Sat'], t: 'dans 3 jours', e: R('2026-03-31T10:00'), rule: [11] });
q({ l: 'fr-FR', z: PAR, r: ['2026-10-24T23:00', 'Sat'], t: 'dans 4 heures', e: RX('2026-10-25T02:00+01:00'), rule: [11], n: '23:00 CEST + 4 elapsed hours = 02:00 CET (second pass through 02:xx)' });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-10-24T18:00', 'Sat'], t: 'dentro de 10 horas', e: R('2026-10-25T03:00'), rule: [11] });
q({ l: 'es-MX', z: MEX, r: ['2026-03-04T10:00', 'Wed'], t: 'en 2 semanas', e: R('2026-03-18T10:00'), rule: [11] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-03-04T10:00', 'Wed'], t: 'daqui a 45 minutos', e: R('2026-03-04T10:45'), rule: [11] });
q({ l: 'pt-PT', z: LIS, r: ['2026-03-28T21:00', 'Sat'], t: 'daqui a 6 horas', e: R('2026-03-29T04:00'), rule: [11], n: '21:00 WET + 6 elapsed hours = 04:00 WEST' });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '2時間後', e: R('2026-03-04T12:00'), rule: [11] });
q({ l: 'ja-JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '3日後', e: R('2026-03-07T10:00'), rule: [11] });

// Rule 12 — zone abbreviations and named zones.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-12T10:00', 'Mon'], t: '9pm EST', e: R('2026-10-12T21:00'), rule: [12], n: 'wrong-season EST = New York civil time (EDT)' });
q({ l: 'en-US', z: LA, r: ['2026-07-07T10:00', 'Tue'], t: '3pm PST', e: R('2026-07-07T15:00'), rule: [12], n: 'wrong-season PST = PDT' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-07-08T10:00', 'Wed'], t: '8pm CET', e: R('2026-07-08T20:00', BER), rule: [12], n: 'wrong-season CET = Central European civil time (CEST)' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-01-14T10:00', 'Wed'], t: '7pm EDT', e: R('2026-01-14T19:00'), rule: [12], n: 'wrong-season EDT = EST' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-03-07T10:00', 'Sat'], t: 'sun 8pm ET', e: R('2026-03-08T20:00', NY), rule: [12, 6], n: 'ET is America/New_York: EDT from that morning' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-06-09T07:00', 'Tue'], t: '9pm Tokyo time', e: R('2026-06-09T21:00', TYO), rule: [12, 1] });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-06-10T09:00', 'Wed'], t: '5pm UTC', e: RX('2026-06-10T17:00Z'), rule: [12, 1] });
q({ l: 'en-US', z: NY, r: ['2026-06-10T09:00', 'Wed'], t: '4pm GMT+2', e: RX('2026-06-10T16:00+02:00'), rule: [12, 1], n: 'GMT+2 read as UTC+02:00 (human sign, not the Etc/GMT+2 zone id)' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-11-01T09:00', 'Sun'], t: '10pm PDT', e: R('2026-11-01T22:00', LA), rule: [12], n: 'wrong-season PDT = PST' });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-07-07T10:00', 'Tue'], t: '7pm AEDT', e: R('2026-07-07T19:00'), rule: [12], n: 'wrong-season AEDT = Sydney civil time (AEST)' });
q({ l: 'en-US', z: NY, r: ['2026-07-08T09:00', 'Wed'], t: '8pm CEST', e: RX('2026-07-08T20:00+02:00'), rule: [12, 1] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-06-10T10:00', 'Wed'], t: '20 Uhr MEZ', e: R('2026-06-10T20:00'), rule: [12], n: 'wrong-season MEZ (CET) = German civil time (MESZ)' });
q({ l: 'fr-CA', c: 'CA', z: TOR, r: ['2026-07-08T10:00', 'Wed'], t: '20h heure de Paris', e: R('2026-07-08T20:00', PAR), rule: [12, 1] });
q({ l: 'es-MX', c: 'MX', z: MEX, r: ['2026-07-08T10:00', 'Wed'], t: 'a las 19:00 hora de Madrid', e: R('2026-07-08T19:00', MAD), rule: [12, 1] });
q({ l: 'pt-BR', z: SP, r: ['2026-07-08T10:00', 'Wed'], t: '15h hora de Lisboa', e: R('2026-07-08T15:00', LIS), rule: [12, 1] });
q({ l: 'ja-JP', z: LA, r: ['2026-07-07T18:00', 'Tue'], t: '日本時間の21時', e: R('2026-07-08T21:00', TYO), rule: [12, 1], n: 'Tokyo is already Wed 10:00' });

// Rule 13 — ambiguous abbreviations ask unless timeZone and country settle them.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-01-14T10:00', 'Wed'], t: '9pm IST', e: ASK(), rule: [13] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-01-14T10:00', 'Wed'], t: 'call 8pm CST', e: ASK(), rule: [13] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-07-08T10:00', 'Wed'], t: '9pm BST', e: ASK(), rule: [13], n: 'British Summer Time or Bangladesh Standard Time; a New York speaker does not settle it' });
q({ l: 'en-IN', c: 'IN', z: KOL, r: ['2026-01-14T10:00', 'Wed'], t: '9pm IST', e: R('2026-01-14T21:00'), rule: [13] });
q({ l: 'en-US', c: 'US', z: CHI, r: ['2026-01-14T10:00', 'Wed'], t: '7pm CST', e: R('2026-01-14T19:00'), rule: [13] });
q({ l: 'en-US', c: 'CN', z: SHA, r: ['2026-01-14T10:00', 'Wed'], t: '8pm CST', e: R('2026-01-14T20:00'), rule: [13] });
q({ l: 'en-CA', c: 'CA', z: HAL, r: ['2026-01-14T10:00', 'Wed'], t: '7pm AST', e: R('2026-01-14T19:00'), rule: [13] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-07-08T10:00', 'Wed'], t: '9pm BST', e: R('2026-07-08T21:00'), rule: [13] });
q({ l: 'en-US', c: 'IL', z: JER, r: ['2026-01-14T10:00', 'Wed'], t: '9pm IST', e: R('2026-01-14T21:00'), rule: [13] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-01-14T10:00', 'Wed'], t: '20 Uhr CST', e: ASK(), rule: [13] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-01-14T10:00', 'Wed'], t: '21h IST', e: ASK(), rule: [13] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-01-14T10:00', 'Wed'], t: 'a las 20:00 AST', e: ASK(), rule: [13] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-01-14T10:00', 'Wed'], t: 'às 21h CST', e: ASK(), rule: [13] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-01-14T10:00', 'Wed'], t: '21時 IST', e: ASK(), rule: [13] });

// Rule 14 — a relative day with a foreign zone whose date differs asks with both readings.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-06-08T22:00', 'Mon'], t: 'tomorrow 9pm JST', e: ASK(W('2026-06-09T21:00', TYO), W('2026-06-10T21:00', TYO)), rule: [14, 12] });
q({ l: 'en-US', z: NY, r: ['2026-06-08T08:00', 'Mon'], t: 'tomorrow 9pm JST', e: R('2026-06-09T21:00', TYO), rule: [14, 12], n: 'Tokyo is also Mon (21:00): no difference' });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-06-09T08:00', 'Tue'], t: 'today 8pm PT', e: ASK(W('2026-06-09T20:00', LA), W('2026-06-08T20:00', LA)), rule: [14, 12] });
q({ l: 'en-AU', z: SYD, r: ['2026-06-09T20:00', 'Tue'], t: 'today 8pm PT', e: R('2026-06-09T20:00', LA), rule: [14, 12], n: 'LA is also Tue (03:00)' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-01-09T20:00', 'Fri'], t: 'tomorrow 10am Tokyo time', e: ASK(W('2026-01-10T10:00', TYO), W('2026-01-11T10:00', TYO)), rule: [14, 12] });
q({ l: 'en-NZ', c: 'NZ', z: AKL, r: ['2026-06-08T09:00', 'Mon'], t: 'tomorrow 7pm PT', e: ASK(W('2026-06-09T19:00', LA), W('2026-06-08T19:00', LA)), rule: [14, 12] });
q({ l: 'en-IN', c: 'IN', z: KOL, r: ['2026-06-08T09:00', 'Mon'], t: 'tomorrow 10am ET', e: ASK(W('2026-06-09T10:00', NY), W('2026-06-08T10:00', NY)), rule: [14, 12] });
q({ l: 'en-US', z: NY, r: ['2026-06-08T15:00', 'Mon'], t: 'tomorrow 6pm London time', e: R('2026-06-09T18:00', LON), rule: [14, 12], n: 'London is also Mon (20:00)' });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-06-09T09:00', 'Tue'], t: '明日 アメリカ東部時間20時', e: ASK(W('2026-06-10T20:00', NY), W('2026-06-09T20:00', NY)), rule: [14, 12] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-06-09T08:00', 'Tue'], t: 'heute 18 Uhr PT', e: ASK(W('2026-06-09T18:00', LA), W('2026-06-08T18:00', LA)), rule: [14, 12], n: 'LA is still Mon 23:00; the LA-today reading is in the past but rule 14 asks with both' });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-06-08T23:30', 'Mon'], t: 'demain 20h heure de Tokyo', e: ASK(W('2026-06-09T20:00', TYO), W('2026-06-10T20:00', TYO)), rule: [14, 12] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-06-08T05:30', 'Mon'], t: 'hoy a las 21:00 hora de Nueva York', e: ASK(W('2026-06-08T21:00', NY), W('2026-06-07T21:00', NY)), rule: [14, 12] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-06-08T22:00', 'Mon'], t: 'amanhã 20h hora de Lisboa', e: ASK(W('2026-06-09T20:00', LIS), W('2026-06-10T20:00', LIS)), rule: [14, 12] });

// Rule 15 — DST gaps and folds.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-01T10:00', 'Sun'], t: '2:30am on march 8', e: ASK(GAPF('2026-03-08T02:30')), rule: [15, 5] });
q({ l: 'en-US', z: LA, r: ['2026-03-07T10:00', 'Sat'], t: 'tomorrow 2:15am', e: ASK(GAPF('2026-03-08T02:15')), rule: [15] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-30T10:00', 'Fri'], t: 'sun 1:30am', e: ASK(FOLD('2026-11-01T01:30')), rule: [15, 6] });
q({ l: 'en-US', z: NY, r: ['2026-10-31T23:00', 'Sat'], t: '1:30am', e: ASK(FOLD('2026-11-01T01:30')), rule: [15, 1], n: 'the next 01:30 is in the fold; rule 15 asks with both' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-30T10:00', 'Fri'], t: 'sun 1:30am EST', e: RX('2026-11-01T01:30-05:00'), rule: [15, 12] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-30T10:00', 'Fri'], t: 'sun 1:30am UTC-4', e: RX('2026-11-01T01:30-04:00'), rule: [15] });
q({ l: 'en-US', z: NY, r: ['2026-03-01T10:00', 'Sun'], t: 'march 8 2:30am EST', e: RX('2026-03-08T02:30-05:00'), rule: [15, 12], n: 'fixed abbreviation settles the gap: 02:30 EST = 03:30 EDT' });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-03-27T10:00', 'Fri'], t: 'sun 1:30am', e: ASK(GAPF('2026-03-29T01:30')), rule: [15, 6] });
q({ l: 'en-GB', z: LON, r: ['2026-10-23T10:00', 'Fri'], t: 'sun 1:15am', e: ASK(FOLD('2026-10-25T01:15')), rule: [15, 6] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-10-02T10:00', 'Fri'], t: 'sun 2:30am', e: ASK(GAPF('2026-10-04T02:30')), rule: [15, 6] });
q({ l: 'en-AU', z: SYD, r: ['2026-04-03T10:00', 'Fri'], t: 'sun 2:30am', e: ASK(FOLD('2026-04-05T02:30')), rule: [15, 6] });
q({ l: 'en-NZ', c: 'NZ', z: AKL, r: ['2026-09-25T10:00', 'Fri'], t: 'sun 2:30am', e: ASK(GAPF('2026-09-27T02:30')), rule: [15, 6] });
q({ l: 'en-NZ', z: AKL, r: ['2026-04-03T10:00', 'Fri'], t: '2:30am sunday NZST', e: RX('2026-04-05T02:30+12:00'), rule: [15, 12] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-27T10:00', 'Fri'], t: 'Sonntag um 2:30 Uhr nachts', e: ASK(GAPF('2026-03-29T02:30')), rule: [15, 6] });
q({ l: 'de-DE', z: BER, r: ['2026-10-23T10:00', 'Fri'], t: 'Sonntag 2:30 Uhr nachts', e: ASK(FOLD('2026-10-25T02:30')), rule: [15, 6] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-10-23T10:00', 'Fri'], t: 'Sonntag 2:30 Uhr nachts MEZ', e: RX('2026-10-25T02:30+01:00'), rule: [15, 12] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-27T10:00', 'Fri'], t: 'dimanche à 2h30 du matin', e: ASK(GAPF('2026-03-29T02:30')), rule: [15, 6] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-10-23T10:00', 'Fri'], t: 'el domingo a las 2:30 de la madrugada', e: ASK(FOLD('2026-10-25T02:30')), rule: [15, 6] });
q({ l: 'pt-PT', c: 'PT', z: LIS, r: ['2026-03-27T10:00', 'Fri'], t: 'domingo à 1h30 da manhã', e: ASK(GAPF('2026-03-29T01:30')), rule: [15, 6] });

// Rule 16 — holidays follow country/subdivision and take the next occurrence.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-11-02T10:00', 'Mon'], t: 'thanksgiving dinner 6pm', e: R('2026-11-26T18:00'), rule: [16] });
q({ l: 'en-CA', c: 'CA', sd: 'ON', z: TOR, r: ['2026-09-28T10:00', 'Mon'], t: 'thanksgiving 6pm', e: R('2026-10-12T18:00'), rule: [16], n: 'Canadian Thanksgiving (2nd Monday of October)' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-08-03T10:00', 'Mon'], t: 'labor day bbq 2pm', e: R('2026-09-07T14:00'), rule: [16] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-12-26T10:00', 'Sat'], t: 'christmas', e: R('2027-12-25T00:00'), rule: [16, 4], n: 'next occurrence: this year’s has passed' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-12-28T10:00', 'Mon'], t: 'MLK day', e: R('2027-01-18T00:00'), rule: [16, 4] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-03-02T10:00', 'Mon'], t: 'good friday', e: R('2026-04-03T00:00'), rule: [16, 4] });
q({ l: 'en-GB', c: 'GB', sd: 'ENG', z: LON, r: ['2026-08-03T10:00', 'Mon'], t: 'summer bank holiday', e: R('2026-08-31T00:00'), rule: [16, 4] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-01-05T10:00', 'Mon'], t: 'australia day 7pm', e: R('2026-01-26T19:00'), rule: [16] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-09-14T10:00', 'Mon'], t: 'Tag der Deutschen Einheit 15 Uhr', e: R('2026-10-03T15:00'), rule: [16] });
q({ l: 'de-DE', c: 'DE', sd: 'BY', z: BER, r: ['2026-05-04T10:00', 'Mon'], t: 'an Fronleichnam', e: R('2026-06-04T00:00'), rule: [16, 4] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-04-20T10:00', 'Mon'], t: 'Pfingstmontag', e: R('2026-05-25T00:00'), rule: [16, 4] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-04-20T10:00', 'Mon'], t: 'le lundi de Pentecôte', e: R('2026-05-25T00:00'), rule: [16, 4] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-10-01T10:00', 'Thu'], t: 'à la Toussaint', e: R('2026-11-01T00:00'), rule: [16, 4] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-03-02T10:00', 'Mon'], t: 'Viernes Santo', e: R('2026-04-03T00:00'), rule: [16, 4] });
q({ l: 'es-MX', c: 'MX', z: MEX, r: ['2026-08-03T10:00', 'Mon'], t: 'el día de la independencia', e: R('2026-09-16T00:00'), rule: [16, 4] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-03-02T10:00', 'Mon'], t: 'feriado de Tiradentes', e: R('2026-04-21T00:00'), rule: [16, 4] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-10-01T10:00', 'Thu'], t: 'no Dia de Finados', e: R('2026-11-02T00:00'), rule: [16, 4] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-06-01T10:00', 'Mon'], t: '海の日', e: R('2026-07-20T00:00'), rule: [16, 4] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-12-01T10:00', 'Tue'], t: '成人の日', e: R('2027-01-11T00:00'), rule: [16, 4] });

// Rule 17 — end of month, nth/last weekday of a month.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-02-10T10:00', 'Tue'], t: 'end of month 5pm', e: R('2026-02-28T17:00'), rule: [17], n: 'end of month with a time: the last day of the month at that time' });
q({ l: 'en-US', z: NY, r: ['2028-02-02T10:00', 'Wed'], t: 'last day of the month at noon', e: R('2028-02-29T12:00'), rule: [17, 9] });
q({ l: 'en-IN', c: 'IN', z: KOL, r: ['2026-01-05T10:00', 'Mon'], t: 'end of the month 6pm', e: R('2026-01-31T18:00'), rule: [17], n: 'end of month with a time: the last day of the month at that time' });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-10-05T10:00', 'Mon'], t: 'first saturday of november', e: R('2026-11-07T00:00'), rule: [17, 4] });
q({ l: 'en-US', z: NY, r: ['2026-10-05T10:00', 'Mon'], t: 'last friday of the month 7pm', e: R('2026-10-30T19:00'), rule: [17] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-10-01T10:00', 'Thu'], t: 'last sunday of october 1pm', e: R('2026-10-25T13:00'), rule: [17] });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-06-01T10:00', 'Mon'], t: 'first monday of july 9am', e: R('2026-07-06T09:00'), rule: [17] });
q({ l: 'en-AU', z: SYD, r: ['2026-03-02T10:00', 'Mon'], t: 'first sunday in april 10am', e: R('2026-04-05T10:00'), rule: [17], n: 'Sydney fall-back day; 10:00 is AEST' });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-02T10:00', 'Mon'], t: 'letzter Freitag im März, 19 Uhr', e: R('2026-03-27T19:00'), rule: [17] });
q({ l: 'de-DE', z: BER, r: ['2026-11-02T10:00', 'Mon'], t: 'erster Samstag im Dezember 20 Uhr', e: R('2026-12-05T20:00'), rule: [17] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-10-05T10:00', 'Mon'], t: 'le premier samedi de novembre', e: R('2026-11-07T00:00'), rule: [17, 4] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-06-01T10:00', 'Mon'], t: 'el último viernes de junio a las 21:00', e: R('2026-06-26T21:00'), rule: [17] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-06-01T10:00', 'Mon'], t: 'última sexta-feira do mês às 18h', e: R('2026-06-26T18:00'), rule: [17] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-06-01T10:00', 'Mon'], t: '7月の第2土曜日 19時', e: R('2026-07-11T19:00'), rule: [17] });

// Rule 18 — no time expression, numbers that are not times, or a zone alone.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'lol ok', e: NP, rule: [18] });
q({ l: 'en-US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'call me 555-867-5309', e: NP, rule: [18] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'we won 3-2!!', e: NP, rule: [18] });
q({ l: 'en-US', z: LA, r: ['2026-03-04T10:00', 'Wed'], t: 'pushed v2.10.3 to prod', e: NP, rule: [18] });
q({ l: 'en-US', c: 'US', z: LA, r: ['2026-03-04T10:00', 'Wed'], t: 'is that PT?', e: NP, rule: [18] });
q({ l: 'en-GB', z: LON, r: ['2026-03-04T10:00', 'Wed'], t: 'Tokyo time', e: NP, rule: [18] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-03-04T10:00', 'Wed'], t: 'room 1205, 2nd floor', e: NP, rule: [18] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'UTC', e: NP, rule: [18] });
q({ l: 'en-AU', z: SYD, r: ['2026-03-04T10:00', 'Wed'], t: 'cheers mate, see you there', e: NP, rule: [18] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-04T10:00', 'Wed'], t: 'Endstand 2:1 für Bayern', e: NP, rule: [18], n: '2:1 is a score, not 02:01' });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-04T10:00', 'Wed'], t: 'mon numéro : 06 12 34 56 78', e: NP, rule: [18] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-03-04T10:00', 'Wed'], t: 'ganamos 21-17', e: NP, rule: [18] });
q({ l: 'pt-BR', z: SP, r: ['2026-03-04T10:00', 'Wed'], t: 'versão 1.4.2 já saiu', e: NP, rule: [18] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '了解です', e: NP, rule: [18] });
q({ l: 'ja-JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '日本時間', e: NP, rule: [18] });

// Rule 19 — impossible values are never coerced: no_plan or ask.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-01-14T10:00', 'Wed'], t: 'feb 30 at 8pm', e: NPA, rule: [19] });
q({ l: 'en-US', z: NY, r: ['2026-01-14T10:00', 'Wed'], t: 'at 25:00', e: NPA, rule: [19] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-01-14T10:00', 'Wed'], t: 'tmrw 13pm', e: NPA, rule: [19] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-01-14T10:00', 'Wed'], t: '31/04 at 6pm', e: NPA, rule: [19, 21] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-01-14T10:00', 'Wed'], t: '2/29/2027 8pm', e: NPA, rule: [19] });
q({ l: 'en-US', z: NY, r: ['2026-01-14T10:00', 'Wed'], t: 'meet 9:75pm', e: NPA, rule: [19] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-01-14T10:00', 'Wed'], t: 'meet 14pm', e: NPA, rule: [19] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-01-14T10:00', 'Wed'], t: 'am 30.02. um 19 Uhr', e: NPA, rule: [19, 21] });
q({ l: 'de-DE', z: BER, r: ['2026-01-14T10:00', 'Wed'], t: 'um 24:30', e: NPA, rule: [19] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-01-14T10:00', 'Wed'], t: 'le 31 juin à 20h', e: NPA, rule: [19] });
q({ l: 'es-ES', z: MAD, r: ['2026-01-14T10:00', 'Wed'], t: 'el 31 de abril a las 20:00', e: NPA, rule: [19] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-01-14T10:00', 'Wed'], t: 'dia 30 de fevereiro', e: NPA, rule: [19] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-01-14T10:00', 'Wed'], t: '2月30日 20時', e: NPA, rule: [19] });

// Rule 20 — several times: resolve the clear event, ask on either/or.
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: '7pm or 8pm?', e: ASK(), rule: [20] });
q({ l: 'en-US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'fri or sat 9pm?', e: ASK(), rule: [20, 6] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'moved from 3pm to 5pm', e: R('2026-03-04T17:00'), rule: [20, 1] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'raid rescheduled from fri to sat 9pm', e: R('2026-03-07T21:00'), rule: [20, 6] });
q({ l: 'en-US', z: NY, r: ['2026-03-04T10:00', 'Wed'], t: 'tmrw 7pm, not 6pm', e: R('2026-03-05T19:00'), rule: [20] });
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-03-04T10:00', 'Wed'], t: 'either 8pm or 9pm, your call', e: ASK(), rule: [20] });
q({ l: 'en-AU', z: SYD, r: ['2026-03-04T10:00', 'Wed'], t: 'tue or wed 7pm?', e: ASK(), rule: [20, 6] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-03-04T10:00', 'Wed'], t: '19 oder 20 Uhr?', e: ASK(), rule: [20] });
q({ l: 'fr-FR', c: 'FR', z: PAR, r: ['2026-03-04T10:00', 'Wed'], t: 'samedi ou dimanche à 15h ?', e: ASK(), rule: [20, 6] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-03-04T10:00', 'Wed'], t: '¿a las 20:00 o a las 21:00?', e: ASK(), rule: [20] });
q({ l: 'pt-BR', z: SP, r: ['2026-03-04T10:00', 'Wed'], t: 'mudou de 19h para 21h', e: R('2026-03-04T21:00'), rule: [20, 1] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-03-04T10:00', 'Wed'], t: '19時か20時', e: ASK(), rule: [20] });

// Rule 21 — locale decides day/month order and language.
q({ l: 'en-GB', c: 'GB', z: LON, r: ['2026-02-02T10:00', 'Mon'], t: '03/04 at 7pm', e: R('2026-04-03T19:00'), rule: [21, 5] });
q({ l: 'en-US', c: 'US', z: NY, r: ['2026-02-02T10:00', 'Mon'], t: '03/04 at 7pm', e: R('2026-03-04T19:00'), rule: [21, 5] });
q({ l: 'en-AU', c: 'AU', z: SYD, r: ['2026-02-02T10:00', 'Mon'], t: '5/6 8pm', e: R('2026-06-05T20:00'), rule: [21, 5] });
q({ l: 'en-IN', z: KOL, r: ['2026-02-02T10:00', 'Mon'], t: '12/03 at 6pm', e: R('2026-03-12T18:00'), rule: [21, 5] });
q({ l: 'en-US', z: LA, r: ['2026-02-02T10:00', 'Mon'], t: '12/03 at 6pm', e: R('2026-12-03T18:00'), rule: [21, 5] });
q({ l: 'en-NZ', c: 'NZ', z: AKL, r: ['2026-02-02T10:00', 'Mon'], t: '1/10 at 6pm', e: R('2026-10-01T18:00'), rule: [21, 5] });
q({ l: 'de-DE', c: 'DE', z: BER, r: ['2026-02-02T10:00', 'Mon'], t: '10.11. 20 Uhr', e: R('2026-11-10T20:00'), rule: [21, 5] });
q({ l: 'de-AT', c: 'AT', z: VIE, r: ['2026-02-02T10:00', 'Mon'], t: 'am 1.5. um 14 Uhr', e: R('2026-05-01T14:00'), rule: [21, 5] });
q({ l: 'fr-FR', z: PAR, r: ['2026-02-02T10:00', 'Mon'], t: 'le 05/06 à 20h', e: R('2026-06-05T20:00'), rule: [21, 5] });
q({ l: 'es-ES', c: 'ES', z: MAD, r: ['2026-02-02T10:00', 'Mon'], t: 'el 07/08 a las 22:00', e: R('2026-08-07T22:00'), rule: [21, 5] });
q({ l: 'es-AR', c: 'AR', z: BUE, r: ['2026-02-02T10:00', 'Mon'], t: 'sáb 14/3 21hs', e: R('2026-03-14T21:00'), rule: [21, 5] });
q({ l: 'pt-BR', c: 'BR', z: SP, r: ['2026-02-02T10:00', 'Mon'], t: '02/03 às 19h', e: R('2026-03-02T19:00'), rule: [21, 5] });
q({ l: 'ja-JP', z: TYO, r: ['2026-02-02T10:00', 'Mon'], t: '3/4 19時', e: R('2026-03-04T19:00'), rule: [21, 5] });
q({ l: 'ja-JP', c: 'JP', z: TYO, r: ['2026-02-02T10:00', 'Mon'], t: '2026年4月3日 午後7時', e: R('2026-04-03T19:00'), rule: [21] });

// ------------------------------------------------------------------------------------------------
// Emit

function build() {
  const lines: string[] = [];
  specs.forEach((s, n) => {
    const ref = wall(s.r[0], s.z);
    const dow = ref.setLocale('en-US').toFormat('ccc');
    if (dow !== s.r[1]) throw new Error(`${s.t}: ${s.r[0]} is a ${dow}, not ${s.r[1]}`);
    const input: Record<string, string> = { text: s.t, timeZone: s.z, referenceInstant: iso(ref) };
    input.locale = s.l;
    // About half of the lines carry a country: it is kept wherever a rule depends on it (13, 16)
    // and dropped on every third other line.
    if (s.c && (s.rule.includes(13) || s.rule.includes(16) || n % 3 !== 0)) input.country = s.c;
    if (s.sd) input.subdivision = s.sd;
    const row: Record<string, unknown> = { id: `q-${String(n + 1).padStart(3, '0')}`, input, expect: s.e(s.z), rule: s.rule };
    if (s.n) row.note = s.n;
    lines.push(JSON.stringify(row));
  });
  return lines;
}

const lines = build();
const out = join(dirname(fileURLToPath(import.meta.url)), 'time-phrases-4.jsonl');
writeFileSync(out, lines.join('\n') + '\n');
const byLang: Record<string, number> = {};
for (const s of specs) byLang[s.l.slice(0, 2)] = (byLang[s.l.slice(0, 2)] ?? 0) + 1;
const byRule: Record<number, number> = {};
for (const s of specs) for (const r of s.rule) byRule[r] = (byRule[r] ?? 0) + 1;
console.log(`${lines.length} cases → ${out}`);
console.log('by language', byLang, 'with country', lines.filter((l) => l.includes('"country"')).length);
console.log('by rule', byRule);
