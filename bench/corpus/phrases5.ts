/**
 * Generator for bench/corpus/time-phrases-5.jsonl — an independent evaluation corpus written from
 * the interpretation rules (contract decisions §5) only, weighted toward non-English chat.
 *
 *   node --import tsx bench/corpus/phrases5.ts
 *
 * Every case is written as wall-clock times in an IANA zone; offsets are computed with luxon.
 * Wall times in a DST gap or fold are refused unless an explicit offset is given; stated weekdays
 * are checked.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime, IANAZone } from 'luxon';

const BER = 'Europe/Berlin';
const VIE = 'Europe/Vienna';
const ZRH = 'Europe/Zurich';
const PAR = 'Europe/Paris';
const MAD = 'Europe/Madrid';
const LIS = 'Europe/Lisbon';
const LON = 'Europe/London';
const MEX = 'America/Mexico_City';
const BUE = 'America/Argentina/Buenos_Aires';
const SAO = 'America/Sao_Paulo';
const TOR = 'America/Toronto';
const NY = 'America/New_York';
const CHI = 'America/Chicago';
const LA = 'America/Los_Angeles';
const HAL = 'America/Halifax';
const TYO = 'Asia/Tokyo';
const SHA = 'Asia/Shanghai';
const KOL = 'Asia/Kolkata';

type Status = 'resolved' | 'needs_clarification' | 'no_plan';
interface Expect {
  status: Status;
  at?: string;
  start?: string;
  end?: string;
  options?: string[];
  alsoAccept?: Status[];
}
type ExpectF = Expect | ((ref: DateTime) => Expect);

const DOW = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const fmt = (d: DateTime) => d.toISO({ suppressMilliseconds: true })!;

/** The instants that a wall time names in a zone: 0 (gap), 1, or 2 (fold). */
function readings(zone: string, wall: string): DateTime[] {
  const z = IANAZone.create(zone);
  const asUtc = DateTime.fromISO(wall, { zone: 'utc' });
  if (!asUtc.isValid) throw new Error(`bad wall time ${wall}`);
  const base = asUtc.toMillis();
  const offs = new Set<number>();
  for (const h of [-36, -12, 0, 12, 36]) offs.add(z.offset(base + h * 3600_000));
  const out: DateTime[] = [];
  for (const o of offs) {
    const ms = base - o * 60_000;
    if (z.offset(ms) === o) out.push(DateTime.fromMillis(ms, { zone }));
  }
  return out.sort((a, b) => a.toMillis() - b.toMillis());
}

function checkDow(d: DateTime, dow: string | undefined, what: string) {
  if (dow && DOW[d.weekday] !== dow) throw new Error(`${what}: ${fmt(d)} is a ${DOW[d.weekday]}, not ${dow}`);
}

/** An unambiguous wall time in a zone (refuses gap and fold). */
function w(zone: string, wall: string, dow?: string): string {
  const r = readings(zone, wall);
  if (r.length !== 1) throw new Error(`${zone} ${wall}: ${r.length ? 'in a DST fold' : 'in a DST gap'}`);
  checkDow(r[0], dow, `${zone} ${wall}`);
  return fmt(r[0]);
}
/** A wall time in a DST gap, read with the offset in force before the change ("shift forward"). */
function fwd(zone: string, wall: string): string {
  if (readings(zone, wall).length !== 0) throw new Error(`${zone} ${wall} is not in a gap`);
  const z = IANAZone.create(zone);
  const base = DateTime.fromISO(wall, { zone: 'utc' }).toMillis();
  const before = z.offset(base - 36 * 3600_000);
  return fmt(DateTime.fromMillis(base - before * 60_000, { zone }));
}
/** Both instants of a wall time in a DST fold, earlier first. */
function fold(zone: string, wall: string): string[] {
  const r = readings(zone, wall);
  if (r.length !== 2) throw new Error(`${zone} ${wall} is not in a fold`);
  return r.map(fmt);
}
/** An instant written with an explicit offset. */
function x(iso: string): string {
  const d = DateTime.fromISO(iso, { setZone: true });
  if (!d.isValid || !/[+-]\d\d:\d\d$|Z$/.test(iso)) throw new Error(`bad explicit instant ${iso}`);
  return iso;
}

const I = (zone: string, wall: string, dow?: string): Expect => ({ status: 'resolved', at: w(zone, wall, dow) });
const IX = (iso: string): Expect => ({ status: 'resolved', at: x(iso) });
const RG = (zone: string, s: string, e: string, dow?: string): Expect => ({ status: 'resolved', start: w(zone, s, dow), end: w(zone, e) });
const Q = (...options: string[]): Expect => ({ status: 'needs_clarification', options });
/** An ask where the rule names no alternatives: options [] (the natural readings go into the note). */
const QO = (...readings: string[]): Expect & { readings?: string[] } => ({ status: 'needs_clarification', options: [], readings });
const NP: Expect = { status: 'no_plan' };
const NP19: Expect = { status: 'no_plan', alsoAccept: ['needs_clarification'] };
/** Elapsed time from the reference instant, written in the case's zone. */
const EL = (dur: { minutes?: number; hours?: number }) => (ref: DateTime): Expect => {
  const ms = ((dur.hours ?? 0) * 60 + (dur.minutes ?? 0)) * 60_000;
  return { status: 'resolved', at: fmt(DateTime.fromMillis(ref.toMillis() + ms, { zone: ref.zone })) };
};

const LOCALE: Record<string, string> = { de: 'de-DE', fr: 'fr-FR', es: 'es-ES', pt: 'pt-BR', ja: 'ja-JP', en: 'en-US' };
interface Opts {
  loc?: string;
  country?: string;
  sub?: string;
  note?: string;
}
interface Case {
  id: string;
  input: { text: string; timeZone: string; referenceInstant: string; locale: string; country?: string; subdivision?: string };
  expect: Expect;
  rule: number[];
  note?: string;
}
const cases: Case[] = [];

/** k(language, text, zone, reference wall time, reference weekday, expectation, rules, options) */
function k(lang: string, text: string, zone: string, refWall: string, refDow: string, e: ExpectF, rule: number[], o: Opts = {}) {
  const r = readings(zone, refWall);
  if (r.length !== 1) throw new Error(`reference ${zone} ${refWall} is in a gap or fold`);
  checkDow(r[0], refDow, `reference of "${text}"`);
  const ref = r[0];
  const expect: Expect & { readings?: string[] } = typeof e === 'function' ? e(ref) : { ...e };
  let note = o.note;
  if (expect.readings) {
    note = [note, `natural readings: ${expect.readings.join(', ')}`].filter(Boolean).join('; ');
    delete expect.readings;
  }
  const input: Case['input'] = { text, timeZone: zone, referenceInstant: fmt(ref), locale: o.loc ?? LOCALE[lang] };
  if (o.country) input.country = o.country;
  if (o.sub) input.subdivision = o.sub;
  const c: Case = { id: `m-${String(cases.length + 1).padStart(3, '0')}`, input, expect, rule };
  if (note) c.note = note;
  cases.push(c);
}

// =============================================================================================
// German (de-DE unless noted)

k('de', 'heut abend um 8 im club?', BER, '2026-09-08T14:00', 'Tue', I(BER, '2026-09-08T20:00'), [2], { note: '"abend" means pm' });
k('de', 'morgen früh um 9 treffen wir uns am spawn', BER, '2026-09-08T16:00', 'Tue', I(BER, '2026-09-09T09:00', 'Wed'), [2], { note: '"früh" (morning) means am' });
k('de', 'am Wochenende jemand da?', BER, '2026-09-09T12:00', 'Wed', RG(BER, '2026-09-12T00:00', '2026-09-14T00:00', 'Sat'), [8]);
k('de', 'Do 19:30 wieder Tanzabend', BER, '2026-09-07T10:00', 'Mon', I(BER, '2026-09-10T19:30', 'Thu'), [6, 21]);
k('de', 'übermorgen 20 Uhr?', BER, '2026-09-07T10:00', 'Mon', I(BER, '2026-09-09T20:00', 'Wed'), [21]);
k('de', 'heute abend um halb neun gehts los', BER, '2026-09-11T17:00', 'Fri', I(BER, '2026-09-11T20:30'), [2, 21], { note: '"halb neun" = 8:30; "abend" means pm' });
k('de', 'nächsten Dienstag um 20 Uhr', BER, '2026-09-11T18:00', 'Fri', I(BER, '2026-09-15T20:00', 'Tue'), [6], { note: 'first Tuesday after today is already in next week' });
k('de', 'nächsten Mittwoch 21 Uhr?', BER, '2026-09-07T12:00', 'Mon', Q(w(BER, '2026-09-09T21:00', 'Wed'), w(BER, '2026-09-16T21:00', 'Wed')), [6], { note: 'first Wednesday after today is in this week: ask, offering both' });
k('de', 'in ner Stunde gehts los', BER, '2026-09-12T19:12', 'Sat', EL({ hours: 1 }), [11]);
k('de', 'um 8 abends bei mir in der world', BER, '2026-09-12T10:00', 'Sat', I(BER, '2026-09-12T20:00'), [2]);
k('de', 'um 8?', BER, '2026-09-12T15:00', 'Sat', I(BER, '2026-09-12T20:00'), [2], { note: 'hour without am/pm and without date: soonest future reading (20:00 today)' });
k('de', 'Treffen 21 Uhr', BER, '2026-09-12T22:30', 'Sat', I(BER, '2026-09-13T21:00'), [1]);
k('de', '20 Uhr New Yorker Zeit', BER, '2026-09-12T23:00', 'Sat', I(NY, '2026-09-12T20:00'), [1, 12], { note: 'next 20:00 in New York is later today there (02:00 tomorrow in Berlin)' });
k('de', 'gestern 21 Uhr war mega', BER, '2026-09-13T12:00', 'Sun', I(BER, '2026-09-12T21:00'), [3]);
k('de', 'hat vor 2 Stunden angefangen', BER, '2026-09-13T12:00', 'Sun', EL({ hours: -2 }), [3, 11]);
k('de', 'am 15. Mai', BER, '2026-04-20T10:00', 'Mon', I(BER, '2026-05-15T00:00'), [4, 5]);
k('de', 'am 3. Januar um 19 Uhr', BER, '2026-12-10T10:00', 'Thu', I(BER, '2027-01-03T19:00'), [5]);
k('de', 'am 20.9. um 8', BER, '2026-09-09T12:00', 'Wed', QO(w(BER, '2026-09-20T08:00'), w(BER, '2026-09-20T20:00')), [2], { note: 'hour without am/pm on an explicit date: ask (the rule names no alternatives)' });
k('de', 'morgen 20 Uhr', BER, '2026-09-12T01:30', 'Sat', Q(), [7], { note: 'said at 01:30: "morgen" may mean Saturday or Sunday' });
k('de', 'heute abend', BER, '2026-09-11T15:00', 'Fri', RG(BER, '2026-09-11T18:00', '2026-09-12T00:00'), [8]);
k('de', 'nächste Woche', BER, '2026-09-09T12:00', 'Wed', RG(BER, '2026-09-14T00:00', '2026-09-21T00:00', 'Mon'), [8]);
k('de', 'um Mitternacht', BER, '2026-09-11T21:00', 'Fri', I(BER, '2026-09-12T00:00'), [9]);
k('de', 'Freitag um Mitternacht', BER, '2026-09-08T12:00', 'Tue', I(BER, '2026-09-12T00:00', 'Sat'), [9], { note: 'end of Friday' });
k('de', 'Samstag Mittag', BER, '2026-09-09T12:00', 'Wed', I(BER, '2026-09-12T12:00', 'Sat'), [9, 6]);
k('de', 'von 20 bis 23 Uhr', BER, '2026-09-09T12:00', 'Wed', RG(BER, '2026-09-09T20:00', '2026-09-09T23:00'), [10, 1]);
k('de', 'heute 22 bis 2 Uhr', BER, '2026-09-09T12:00', 'Wed', RG(BER, '2026-09-09T22:00', '2026-09-10T02:00'), [10]);
k('de', 'in 24 Stunden', BER, '2026-03-28T20:00', 'Sat', EL({ hours: 24 }), [11], { note: 'elapsed across the 29 March change: 21:00 CEST' });
k('de', 'in einer Woche', BER, '2026-03-28T20:00', 'Sat', I(BER, '2026-04-04T20:00'), [11], { note: 'weeks keep the wall-clock time across DST' });
k('de', 'in 90 Minuten', BER, '2026-10-25T01:45', 'Sun', EL({ minutes: 90 }), [11], { note: 'elapsed time across the fold: 02:15 CET, not a wall-time question' });
k('de', '21 Uhr MEZ', LON, '2026-07-08T12:00', 'Wed', I(BER, '2026-07-08T21:00'), [12], { note: 'MEZ in July is the wrong season: Central European civil time (CEST)' });
k('de', '20 Uhr MESZ', BER, '2026-01-14T12:00', 'Wed', I(BER, '2026-01-14T20:00'), [12], { note: 'MESZ in January: civil time CET' });
k('de', 'um 20 Uhr CST', BER, '2026-09-09T12:00', 'Wed', Q(), [13]);
k('de', 'morgen 20 Uhr japanischer Zeit', BER, '2026-09-09T23:30', 'Wed', Q(w(TYO, '2026-09-10T20:00'), w(TYO, '2026-09-11T20:00')), [14], { note: 'already 10 Sept in Tokyo' });
k('de', 'morgen 20 Uhr New Yorker Zeit', BER, '2026-09-09T14:00', 'Wed', I(NY, '2026-09-10T20:00'), [14, 12], { note: 'same calendar date in New York: no question' });
k('de', 'am 29.3. um 2:30 Uhr früh', BER, '2026-03-20T12:00', 'Fri', Q(fwd(BER, '2026-03-29T02:30')), [15]);
k('de', 'am 25.10. um 2:30 Uhr früh', BER, '2026-10-20T12:00', 'Tue', Q(...fold(BER, '2026-10-25T02:30')), [15]);
k('de', '25.10. 2:30 Uhr früh MESZ', BER, '2026-10-20T12:00', 'Tue', IX('2026-10-25T02:30:00+02:00'), [15]);
k('de', 'Heiligabend um 20 Uhr', BER, '2026-12-01T12:00', 'Tue', I(BER, '2026-12-24T20:00'), [16], { country: 'DE' });
k('de', 'Silvester ab 22 Uhr', BER, '2026-12-20T12:00', 'Sun', I(BER, '2026-12-31T22:00'), [16], { country: 'DE' });
k('de', 'Silvester um 23 Uhr', BER, '2026-12-31T22:00', 'Thu', I(BER, '2026-12-31T23:00'), [16], { country: 'DE', note: 'the next occurrence is today' });
k('de', 'Tag der Deutschen Einheit', BER, '2026-10-05T12:00', 'Mon', I(BER, '2027-10-03T00:00'), [16, 4], { country: 'DE' });
k('de', 'am Nationalfeiertag um 18 Uhr', VIE, '2026-10-01T12:00', 'Thu', I(VIE, '2026-10-26T18:00'), [16], { loc: 'de-AT', country: 'AT' });
k('de', 'am Bundesfeiertag um 21 Uhr', ZRH, '2026-07-20T12:00', 'Mon', I(ZRH, '2026-08-01T21:00'), [16], { loc: 'de-CH', country: 'CH' });
k('de', 'an Fronleichnam um 19 Uhr', BER, '2026-05-20T12:00', 'Wed', I(BER, '2026-06-04T19:00'), [16], { country: 'DE', sub: 'BY' });
k('de', 'am letzten Freitag des Monats um 20 Uhr', BER, '2026-06-03T12:00', 'Wed', I(BER, '2026-06-26T20:00', 'Fri'), [17]);
k('de', 'Endstand 3:1 für uns 😎', BER, '2026-09-12T22:00', 'Sat', NP, [18]);
k('de', 'Ticket kostet 20€', BER, '2026-09-12T22:00', 'Sat', NP, [18]);
k('de', 'meine Nummer: 0176 1234567', BER, '2026-09-12T22:00', 'Sat', NP, [18]);
k('de', 'Raum 12, Level 30, wir brauchen noch 5 Spieler', BER, '2026-09-12T22:00', 'Sat', NP, [18]);
k('de', 'alles in MEZ bitte', BER, '2026-09-12T22:00', 'Sat', NP, [18], { note: 'a zone alone' });
k('de', 'am 30. Februar um 20 Uhr', BER, '2026-01-20T12:00', 'Tue', NP19, [19]);
k('de', 'um 25:00 Uhr', BER, '2026-09-12T12:00', 'Sat', NP19, [19]);
k('de', 'Samstag oder Sonntag um 20 Uhr?', BER, '2026-09-09T12:00', 'Wed', QO(w(BER, '2026-09-12T20:00', 'Sat'), w(BER, '2026-09-13T20:00', 'Sun')), [20]);
k('de', 'bin ab 18 Uhr online, das Event ist Freitag um 21 Uhr', BER, '2026-09-08T12:00', 'Tue', I(BER, '2026-09-11T21:00', 'Fri'), [20], { note: 'the event time is clear; 18 Uhr is when the speaker is online' });
k('de', '3.4. 20 Uhr', BER, '2026-03-10T12:00', 'Tue', I(BER, '2026-04-03T20:00'), [21, 5], { note: 'German: day first' });
k('de', 'Samstag 21 Uhr', BER, '2026-09-12T22:00', 'Sat', I(BER, '2026-09-19T21:00', 'Sat'), [6], { note: "today's 21:00 has passed: +7" });
k('de', 'diesen Samstag um 21 Uhr', BER, '2026-09-12T20:00', 'Sat', I(BER, '2026-09-12T21:00', 'Sat'), [6]);
k('de', 'letzten Samstag um 20 Uhr', BER, '2026-09-09T12:00', 'Wed', I(BER, '2026-09-05T20:00', 'Sat'), [3]);
k('de', 'Do 19:30', BER, '2026-09-10T00:20', 'Thu', I(BER, '2026-09-10T19:30', 'Thu'), [6], { note: 'just after midnight on Thursday: today' });

// =============================================================================================
// French (fr-FR unless noted)

k('fr', 'ce soir 21h ?', PAR, '2026-11-12T15:00', 'Thu', I(PAR, '2026-11-12T21:00'), [1]);
k('fr', 'demain aprèm vers 15h', PAR, '2026-11-12T10:00', 'Thu', I(PAR, '2026-11-13T15:00', 'Fri'), [2]);
k('fr', 'jeudi prochain 20h30', PAR, '2026-11-13T18:00', 'Fri', I(PAR, '2026-11-19T20:30', 'Thu'), [6], { note: 'first Thursday after today is in next week' });
k('fr', 'jeudi prochain à 21h', PAR, '2026-11-09T12:00', 'Mon', Q(w(PAR, '2026-11-12T21:00', 'Thu'), w(PAR, '2026-11-19T21:00', 'Thu')), [6]);
k('fr', 'dans 1h30', PAR, '2026-11-12T19:47', 'Thu', EL({ minutes: 90 }), [11]);
k('fr', 'à 20h heure de Paris', TOR, '2026-11-12T10:00', 'Thu', I(PAR, '2026-11-12T20:00'), [1, 12], { loc: 'fr-CA', note: '16:00 in Paris at the reference' });
k('fr', 'le 1er mai', PAR, '2026-04-15T10:00', 'Wed', I(PAR, '2026-05-01T00:00'), [4, 5]);
k('fr', 'ce soir', PAR, '2026-11-12T14:00', 'Thu', RG(PAR, '2026-11-12T18:00', '2026-11-13T00:00'), [8]);
k('fr', 'ce week-end', PAR, '2026-11-13T23:00', 'Fri', RG(PAR, '2026-11-14T00:00', '2026-11-16T00:00', 'Sat'), [8]);
k('fr', 'la semaine prochaine', PAR, '2026-11-15T11:00', 'Sun', RG(PAR, '2026-11-16T00:00', '2026-11-23T00:00', 'Mon'), [8], { note: 'said on Sunday: next week starts tomorrow' });
k('fr', 'à minuit', PAR, '2026-11-12T20:00', 'Thu', I(PAR, '2026-11-13T00:00'), [9]);
k('fr', 'samedi à minuit', PAR, '2026-11-11T12:00', 'Wed', I(PAR, '2026-11-15T00:00', 'Sun'), [9], { note: 'end of Saturday' });
k('fr', 'à midi', PAR, '2026-11-12T14:00', 'Thu', I(PAR, '2026-11-13T12:00'), [9, 1]);
k('fr', 'de 21h à 1h', PAR, '2026-11-12T12:00', 'Thu', RG(PAR, '2026-11-12T21:00', '2026-11-13T01:00'), [10]);
k('fr', 'de 20h à 22h heure de Paris', TOR, '2026-11-12T09:00', 'Thu', RG(PAR, '2026-11-12T20:00', '2026-11-12T22:00'), [10, 12], { loc: 'fr-CA' });
k('fr', 'hier soir à 22h', PAR, '2026-11-12T12:00', 'Thu', I(PAR, '2026-11-11T22:00'), [3]);
k('fr', "ça a commencé il y a 3 heures", PAR, '2026-11-12T12:00', 'Thu', EL({ hours: -3 }), [3, 11]);
k('fr', 'dans 2 jours', PAR, '2026-10-23T20:00', 'Fri', I(PAR, '2026-10-25T20:00', 'Sun'), [11], { note: 'days keep the wall-clock time across the 25 Oct change' });
k('fr', 'dans 48 heures', PAR, '2026-10-23T20:00', 'Fri', EL({ hours: 48 }), [11], { note: 'elapsed: 19:00 CET' });
k('fr', '21h CET', PAR, '2026-08-05T12:00', 'Wed', I(PAR, '2026-08-05T21:00'), [12], { note: 'CET in August: civil time CEST' });
k('fr', 'à 20h IST', PAR, '2026-11-12T12:00', 'Thu', Q(), [13]);
k('fr', 'demain à 20h heure de Tokyo', PAR, '2026-11-11T23:30', 'Wed', Q(w(TYO, '2026-11-12T20:00'), w(TYO, '2026-11-13T20:00')), [14]);
k('fr', 'demain 21h', PAR, '2026-11-12T00:40', 'Thu', Q(), [7]);
k('fr', 'le 29 mars à 2h30 du matin', PAR, '2026-03-20T12:00', 'Fri', Q(fwd(PAR, '2026-03-29T02:30')), [15]);
k('fr', 'le 25 octobre à 2h30 du matin', PAR, '2026-10-20T12:00', 'Tue', Q(...fold(PAR, '2026-10-25T02:30')), [15]);
k('fr', 'le 25 octobre à 2h30 du matin (UTC+1)', PAR, '2026-10-20T12:00', 'Tue', IX('2026-10-25T02:30:00+01:00'), [15]);
k('fr', 'à Noël vers 18h', PAR, '2026-12-01T12:00', 'Tue', I(PAR, '2026-12-25T18:00'), [16], { country: 'FR' });
k('fr', 'pour la Toussaint', PAR, '2026-11-05T12:00', 'Thu', I(PAR, '2027-11-01T00:00'), [16, 4], { country: 'FR' });
k('fr', 'le soir de la fête nationale à 22h', PAR, '2026-07-01T12:00', 'Wed', I(PAR, '2026-07-14T22:00'), [16], { country: 'FR' });
k('fr', 'le dernier vendredi du mois à 21h', PAR, '2026-07-02T12:00', 'Thu', I(PAR, '2026-07-31T21:00', 'Fri'), [17]);
k('fr', 'le premier samedi de novembre', PAR, '2026-10-01T12:00', 'Thu', I(PAR, '2026-11-07T00:00', 'Sat'), [17, 4]);
k('fr', 'on a gagné 3-1 !!', PAR, '2026-11-12T22:00', 'Thu', NP, [18]);
k('fr', "l'entrée c'est 20€", PAR, '2026-11-12T22:00', 'Thu', NP, [18]);
k('fr', "mon num c'est 06 12 34 56 78", PAR, '2026-11-12T22:00', 'Thu', NP, [18]);
k('fr', 'salle 12, niveau 30, il manque 5 joueurs', PAR, '2026-11-12T22:00', 'Thu', NP, [18]);
k('fr', 'la version 2.1.3 est dispo', PAR, '2026-11-12T22:00', 'Thu', NP, [18]);
k('fr', 'tout est en heure de Paris', PAR, '2026-11-12T22:00', 'Thu', NP, [18], { note: 'a zone alone' });
k('fr', 'le 31 avril à 20h', PAR, '2026-04-10T12:00', 'Fri', NP19, [19]);
k('fr', 'rdv à 25h', PAR, '2026-11-12T12:00', 'Thu', NP19, [19]);
k('fr', 'samedi ou dimanche à 21h ?', PAR, '2026-11-11T12:00', 'Wed', QO(w(PAR, '2026-11-14T21:00', 'Sat'), w(PAR, '2026-11-15T21:00', 'Sun')), [20]);
k('fr', "je rentre du taf à 18h, l'event c'est à 21h", PAR, '2026-11-12T12:00', 'Thu', I(PAR, '2026-11-12T21:00'), [20]);
k('fr', '12/05 à 20h', PAR, '2026-04-20T12:00', 'Mon', I(PAR, '2026-05-12T20:00'), [21, 5], { note: 'French: day first' });
k('fr', 'mardi 19h', PAR, '2026-11-11T12:00', 'Wed', I(PAR, '2026-11-17T19:00', 'Tue'), [6]);
k('fr', 'samedi 21h', PAR, '2026-11-14T22:00', 'Sat', I(PAR, '2026-11-21T21:00', 'Sat'), [6]);
k('fr', 'ce samedi à 21h', PAR, '2026-11-14T20:00', 'Sat', I(PAR, '2026-11-14T21:00', 'Sat'), [6]);
k('fr', 'le 15 à 20h', PAR, '2026-06-20T12:00', 'Sat', I(PAR, '2026-07-15T20:00'), [5], { note: 'day of month only: next 15th' });
k('fr', 'à 9h ?', PAR, '2026-11-12T15:00', 'Thu', I(PAR, '2026-11-12T21:00'), [2], { note: 'hour without am/pm and without date: soonest future reading' });
k('fr', 'le 20 juin à 8h', PAR, '2026-06-10T12:00', 'Wed', QO(w(PAR, '2026-06-20T08:00'), w(PAR, '2026-06-20T20:00')), [2], { note: 'hour without am/pm on an explicit date: ask (the rule names no alternatives)' });
k('fr', 'ce soir à 9h', PAR, '2026-12-31T16:00', 'Thu', I(PAR, '2026-12-31T21:00'), [2], { note: '"soir" means pm' });
k('fr', 'demain matin à 10h', PAR, '2026-01-31T18:00', 'Sat', I(PAR, '2026-02-01T10:00', 'Sun'), [2], { note: 'month end' });

// =============================================================================================
// Spanish (es-ES, es-MX, es-AR)

k('es', 'mañana a la noche a las 10', BUE, '2026-06-09T15:00', 'Tue', I(BUE, '2026-06-10T22:00'), [2], { loc: 'es-AR', note: '"a la noche" means pm' });
k('es', '¿el finde quién se conecta?', MAD, '2026-06-10T12:00', 'Wed', RG(MAD, '2026-06-13T00:00', '2026-06-15T00:00', 'Sat'), [8]);
k('es', 'el sábado 22hs', BUE, '2026-06-10T12:00', 'Wed', I(BUE, '2026-06-13T22:00', 'Sat'), [6], { loc: 'es-AR' });
k('es', 'dentro de media hora', MAD, '2026-06-10T20:10', 'Wed', EL({ minutes: 30 }), [11]);
k('es', 'a las 8 y cuarto', MAD, '2026-06-10T15:00', 'Wed', I(MAD, '2026-06-10T20:15'), [2], { note: 'hour without am/pm and without date: soonest future reading' });
k('es', 'pasado mañana a las 21', MEX, '2026-06-08T10:00', 'Mon', I(MEX, '2026-06-10T21:00', 'Wed'), [21], { loc: 'es-MX' });
k('es', 'esta noche a las 10', MEX, '2026-06-10T13:00', 'Wed', I(MEX, '2026-06-10T22:00'), [2], { loc: 'es-MX' });
k('es', 'esta noche', MAD, '2026-06-10T16:00', 'Wed', RG(MAD, '2026-06-10T18:00', '2026-06-11T00:00'), [8]);
k('es', 'la semana que viene', MAD, '2026-06-14T11:00', 'Sun', RG(MAD, '2026-06-15T00:00', '2026-06-22T00:00', 'Mon'), [8]);
k('es', 'el próximo martes a las 20', MAD, '2026-06-12T12:00', 'Fri', I(MAD, '2026-06-16T20:00', 'Tue'), [6]);
k('es', 'el próximo jueves a las 21', MEX, '2026-06-09T12:00', 'Tue', Q(w(MEX, '2026-06-11T21:00', 'Thu'), w(MEX, '2026-06-18T21:00', 'Thu')), [6], { loc: 'es-MX' });
k('es', 'el martes que viene', BUE, '2026-06-14T12:00', 'Sun', I(BUE, '2026-06-16T00:00', 'Tue'), [6, 4], { loc: 'es-AR', note: 'said on Sunday: the first Tuesday after today is in next week' });
k('es', 'a medianoche', MAD, '2026-06-10T21:00', 'Wed', I(MAD, '2026-06-11T00:00'), [9]);
k('es', 'el viernes a medianoche', MEX, '2026-06-09T12:00', 'Tue', I(MEX, '2026-06-13T00:00', 'Sat'), [9], { loc: 'es-MX' });
k('es', 'quedamos al mediodía', MAD, '2026-06-10T09:00', 'Wed', I(MAD, '2026-06-10T12:00'), [9]);
k('es', 'de 9 a 11 de la noche', MEX, '2026-06-10T12:00', 'Wed', RG(MEX, '2026-06-10T21:00', '2026-06-10T23:00'), [10], { loc: 'es-MX', note: 'the trailing "de la noche" applies to both ends' });
k('es', 'de 22 a 2 hs', BUE, '2026-06-10T12:00', 'Wed', RG(BUE, '2026-06-10T22:00', '2026-06-11T02:00'), [10], { loc: 'es-AR' });
k('es', 'ayer a las 9 de la noche', MAD, '2026-06-10T12:00', 'Wed', I(MAD, '2026-06-09T21:00'), [3]);
k('es', 'empezó hace 2 horas', MEX, '2026-06-10T12:00', 'Wed', EL({ hours: -2 }), [3, 11], { loc: 'es-MX' });
k('es', 'en 3 días', MAD, '2026-03-27T21:00', 'Fri', I(MAD, '2026-03-30T21:00', 'Mon'), [11]);
k('es', 'en 72 horas', MAD, '2026-03-27T21:00', 'Fri', EL({ hours: 72 }), [11], { note: 'elapsed across 29 March: 22:00 CEST' });
k('es', 'a las 21 CET', MAD, '2026-07-08T12:00', 'Wed', I(MAD, '2026-07-08T21:00'), [12], { note: 'CET in July: civil time CEST' });
k('es', 'a las 21 hora de México', MAD, '2026-06-10T12:00', 'Wed', I(MEX, '2026-06-10T21:00'), [1, 12]);
k('es', 'a las 20 CST', MEX, '2026-07-10T12:00', 'Fri', I(MEX, '2026-07-10T20:00'), [13], { loc: 'es-MX', country: 'MX', note: 'timeZone and country settle CST: central Mexico (UTC-6 all year)' });
k('es', 'a las 20 CST', MAD, '2026-06-10T12:00', 'Wed', Q(), [13]);
k('es', 'a las 21 AST', BUE, '2026-06-10T12:00', 'Wed', Q(), [13], { loc: 'es-AR', country: 'AR', note: 'Argentina does not settle AST' });
k('es', 'mañana a las 20 hora de España', MEX, '2026-06-10T18:00', 'Wed', Q(w(MAD, '2026-06-11T20:00'), w(MAD, '2026-06-12T20:00')), [14], { loc: 'es-MX', note: 'already 11 June in Spain' });
k('es', 'mañana a las 21', MAD, '2026-06-11T01:15', 'Thu', Q(), [7]);
k('es', 'el 29 de marzo a las 2:30 de la madrugada', MAD, '2026-03-20T12:00', 'Fri', Q(fwd(MAD, '2026-03-29T02:30')), [15]);
k('es', 'el 25 de octubre a las 2:30 de la madrugada', MAD, '2026-10-20T12:00', 'Tue', Q(...fold(MAD, '2026-10-25T02:30')), [15]);
k('es', 'el 5 de abril a las 2:30 de la madrugada', MEX, '2026-03-25T12:00', 'Wed', I(MEX, '2026-04-05T02:30'), [15], { loc: 'es-MX', note: 'Mexico City has no DST any more: no gap' });
k('es', 'el día de la independencia a las 18', MEX, '2026-09-01T12:00', 'Tue', I(MEX, '2026-09-16T18:00'), [16], { loc: 'es-MX', country: 'MX' });
k('es', 'en Navidad a las 22', MAD, '2026-12-01T12:00', 'Tue', I(MAD, '2026-12-25T22:00'), [16], { country: 'ES' });
k('es', 'el Día de la Independencia a las 20', BUE, '2026-06-20T12:00', 'Sat', I(BUE, '2026-07-09T20:00'), [16], { loc: 'es-AR', country: 'AR' });
k('es', 'el último viernes del mes a las 22', MAD, '2026-10-05T12:00', 'Mon', I(MAD, '2026-10-30T22:00', 'Fri'), [17]);
k('es', 'el primer sábado de noviembre a las 21', MEX, '2026-10-05T12:00', 'Mon', I(MEX, '2026-11-07T21:00', 'Sat'), [17], { loc: 'es-MX' });
k('es', 'ganamos 3 a 1 😎', BUE, '2026-06-10T22:00', 'Wed', NP, [18], { loc: 'es-AR' });
k('es', 'la entrada sale 20€', MAD, '2026-06-10T22:00', 'Wed', NP, [18]);
k('es', 'mi número es 612 345 678', MAD, '2026-06-10T22:00', 'Wed', NP, [18]);
k('es', 'sala 12, nivel 30, somos 5 jugadores', MEX, '2026-06-10T22:00', 'Wed', NP, [18], { loc: 'es-MX' });
k('es', 'todo en hora de Madrid', MAD, '2026-06-10T22:00', 'Wed', NP, [18], { note: 'a zone alone' });
k('es', 'el 31 de junio a las 20', MAD, '2026-06-10T12:00', 'Wed', NP19, [19]);
k('es', 'a las 25:00', MEX, '2026-06-10T12:00', 'Wed', NP19, [19], { loc: 'es-MX' });
k('es', '¿a las 21 o a las 22?', MAD, '2026-06-10T12:00', 'Wed', QO(w(MAD, '2026-06-10T21:00'), w(MAD, '2026-06-10T22:00')), [20]);
k('es', '03/04 a las 20', MAD, '2026-03-10T12:00', 'Tue', I(MAD, '2026-04-03T20:00'), [21, 5], { note: 'Spanish: day first' });
k('es', 'el sábado 13 a las 8', MAD, '2026-06-10T12:00', 'Wed', QO(w(MAD, '2026-06-13T08:00', 'Sat'), w(MAD, '2026-06-13T20:00', 'Sat')), [2], { note: 'hour without am/pm on an explicit date: ask (the rule names no alternatives)' });
k('es', 'a las ocho de la noche', MEX, '2026-06-10T10:00', 'Wed', I(MEX, '2026-06-10T20:00'), [2, 21], { loc: 'es-MX' });
k('es', 'mañana a las 21', BUE, '2026-12-31T18:00', 'Thu', I(BUE, '2027-01-01T21:00'), [21], { loc: 'es-AR', note: 'year end' });
k('es', 'el 2 de enero', MAD, '2026-12-31T18:00', 'Thu', I(MAD, '2027-01-02T00:00'), [5, 4]);
k('es', 'salgo del laburo a las 18, el evento es a las 22', BUE, '2026-06-10T12:00', 'Wed', I(BUE, '2026-06-10T22:00'), [20], { loc: 'es-AR' });

// =============================================================================================
// Portuguese (pt-BR unless noted; pt-PT in Lisbon)

const PT = { loc: 'pt-PT' };
k('pt', 'amanhã de manhã às 9', SAO, '2026-08-11T16:00', 'Tue', I(SAO, '2026-08-12T09:00'), [2], { note: '"de manhã" means am' });
k('pt', 'sábado às 21h', SAO, '2026-08-11T12:00', 'Tue', I(SAO, '2026-08-15T21:00', 'Sat'), [6]);
k('pt', 'hoje à noite', SAO, '2026-08-11T14:00', 'Tue', RG(SAO, '2026-08-11T18:00', '2026-08-12T00:00'), [8]);
k('pt', 'hoje à noite às 9', SAO, '2026-08-11T14:00', 'Tue', I(SAO, '2026-08-11T21:00'), [2]);
k('pt', 'daqui a pouco', SAO, '2026-08-11T14:00', 'Tue', { status: 'needs_clarification', options: [], alsoAccept: ['no_plan'] }, [18], { note: 'vague, no clock time: the rules give no instant; ask or no_plan, never a guessed instant' });
k('pt', 'dia 15 às 20h', SAO, '2026-08-20T12:00', 'Thu', I(SAO, '2026-09-15T20:00'), [5], { note: 'day of month only: next 15th' });
k('pt', 'daqui a 2 horas', SAO, '2026-08-11T19:05', 'Tue', EL({ hours: 2 }), [11]);
k('pt', 'em 30 minutos', LIS, '2026-08-11T20:40', 'Tue', EL({ minutes: 30 }), [11], PT);
k('pt', 'na próxima terça às 20h', SAO, '2026-08-14T12:00', 'Fri', I(SAO, '2026-08-18T20:00', 'Tue'), [6]);
k('pt', 'na próxima quinta às 21h', SAO, '2026-08-10T12:00', 'Mon', Q(w(SAO, '2026-08-13T21:00', 'Thu'), w(SAO, '2026-08-20T21:00', 'Thu')), [6]);
k('pt', 'terça que vem às 21h', LIS, '2026-08-16T12:00', 'Sun', I(LIS, '2026-08-18T21:00', 'Tue'), [6], { ...PT, note: 'said on Sunday: first Tuesday after today is in next week' });
k('pt', 'semana que vem', SAO, '2026-08-12T12:00', 'Wed', RG(SAO, '2026-08-17T00:00', '2026-08-24T00:00', 'Mon'), [8]);
k('pt', 'este fim de semana', LIS, '2026-08-13T12:00', 'Thu', RG(LIS, '2026-08-15T00:00', '2026-08-17T00:00', 'Sat'), [8], PT);
k('pt', 'à meia-noite', SAO, '2026-08-11T21:00', 'Tue', I(SAO, '2026-08-12T00:00'), [9]);
k('pt', 'sexta à meia-noite', LIS, '2026-08-11T12:00', 'Tue', I(LIS, '2026-08-15T00:00', 'Sat'), [9], { ...PT, note: 'end of Friday' });
k('pt', 'ao meio-dia', SAO, '2026-08-11T13:00', 'Tue', I(SAO, '2026-08-12T12:00'), [9, 1]);
k('pt', 'das 20h às 23h', SAO, '2026-08-11T12:00', 'Tue', RG(SAO, '2026-08-11T20:00', '2026-08-11T23:00'), [10]);
k('pt', 'das 22h às 2h', LIS, '2026-08-11T12:00', 'Tue', RG(LIS, '2026-08-11T22:00', '2026-08-12T02:00'), [10], PT);
k('pt', 'ontem às 22h', SAO, '2026-08-11T12:00', 'Tue', I(SAO, '2026-08-10T22:00'), [3]);
k('pt', 'começou há 2 horas', LIS, '2026-08-11T12:00', 'Tue', EL({ hours: -2 }), [3, 11], PT);
k('pt', 'daqui a 3 dias', LIS, '2026-10-23T20:00', 'Fri', I(LIS, '2026-10-26T20:00', 'Mon'), [11], PT);
k('pt', 'daqui a 72 horas', LIS, '2026-10-23T20:00', 'Fri', EL({ hours: 72 }), [11], { ...PT, note: 'elapsed across 25 Oct: 19:00 WET' });
k('pt', 'às 21h horário de Brasília', LIS, '2026-08-11T12:00', 'Tue', I(SAO, '2026-08-11T21:00'), [1, 12], PT);
k('pt', 'às 20h WET', LIS, '2026-07-08T12:00', 'Wed', I(LIS, '2026-07-08T20:00'), [12], { ...PT, note: 'WET in July: civil time WEST' });
k('pt', 'às 20h CST', SAO, '2026-08-11T12:00', 'Tue', Q(), [13]);
k('pt', 'amanhã às 9h horário de Lisboa', SAO, '2026-06-10T22:00', 'Wed', Q(w(LIS, '2026-06-11T09:00'), w(LIS, '2026-06-12T09:00')), [14], { note: 'already 11 June in Lisbon' });
k('pt', 'amanhã às 20h', SAO, '2026-08-12T00:30', 'Wed', Q(), [7]);
k('pt', '29 de março à 1h30 da manhã', LIS, '2026-03-20T12:00', 'Fri', Q(fwd(LIS, '2026-03-29T01:30')), [15], PT);
k('pt', '25 de outubro à 1h30 da madrugada', LIS, '2026-10-20T12:00', 'Tue', Q(...fold(LIS, '2026-10-25T01:30')), [15], PT);
k('pt', '1º de novembro à 0h30', SAO, '2026-10-20T12:00', 'Tue', I(SAO, '2026-11-01T00:30'), [15], { note: 'Brazil has no DST: no gap' });
k('pt', 'no Natal às 20h', SAO, '2026-12-01T12:00', 'Tue', I(SAO, '2026-12-25T20:00'), [16], { country: 'BR' });
k('pt', 'no feriado de Tiradentes', SAO, '2026-05-01T12:00', 'Fri', I(SAO, '2027-04-21T00:00'), [16, 4], { country: 'BR' });
k('pt', 'no Dia da Independência às 16h', SAO, '2026-08-20T12:00', 'Thu', I(SAO, '2026-09-07T16:00'), [16], { country: 'BR' });
k('pt', 'no Dia de Portugal às 21h', LIS, '2026-06-01T12:00', 'Mon', I(LIS, '2026-06-10T21:00'), [16], { ...PT, country: 'PT' });
k('pt', 'última sexta do mês às 21h', SAO, '2026-07-02T12:00', 'Thu', I(SAO, '2026-07-31T21:00', 'Fri'), [17]);
k('pt', 'primeiro sábado de novembro', LIS, '2026-10-01T12:00', 'Thu', I(LIS, '2026-11-07T00:00', 'Sat'), [17, 4], PT);
k('pt', 'ganhamos de 3 a 1 kkkk', SAO, '2026-08-11T22:00', 'Tue', NP, [18]);
k('pt', 'o ingresso é R$ 20', SAO, '2026-08-11T22:00', 'Tue', NP, [18]);
k('pt', 'meu zap é (11) 98765-4321', SAO, '2026-08-11T22:00', 'Tue', NP, [18]);
k('pt', 'sala 12, nível 30, somos 5 jogadores', SAO, '2026-08-11T22:00', 'Tue', NP, [18]);
k('pt', 'tudo no horário de Brasília', SAO, '2026-08-11T22:00', 'Tue', NP, [18], { note: 'a zone alone' });
k('pt', '31 de abril às 20h', SAO, '2026-04-10T12:00', 'Fri', NP19, [19]);
k('pt', 'às 25h', LIS, '2026-08-11T12:00', 'Tue', NP19, [19], PT);
k('pt', 'sábado ou domingo às 20h?', SAO, '2026-08-12T12:00', 'Wed', QO(w(SAO, '2026-08-15T20:00', 'Sat'), w(SAO, '2026-08-16T20:00', 'Sun')), [20]);
k('pt', '03/04 às 20h', SAO, '2026-03-10T12:00', 'Tue', I(SAO, '2026-04-03T20:00'), [21, 5], { note: 'Portuguese: day first' });
k('pt', 'às 8', SAO, '2026-08-11T15:00', 'Tue', I(SAO, '2026-08-11T20:00'), [2], { note: 'hour without am/pm and without date: soonest future reading' });
k('pt', 'às nove da noite', SAO, '2026-08-11T10:00', 'Tue', I(SAO, '2026-08-11T21:00'), [2, 21]);
k('pt', 'chego em casa às 18h, o evento é às 21h', SAO, '2026-08-11T12:00', 'Tue', I(SAO, '2026-08-11T21:00'), [20]);
k('pt', 'dia 10 às 8', SAO, '2026-08-01T12:00', 'Sat', QO(w(SAO, '2026-08-10T08:00'), w(SAO, '2026-08-10T20:00')), [2], { note: 'hour without am/pm on an explicit date: ask (the rule names no alternatives)' });
k('pt', 'às 21h', SAO, '2026-08-11T22:30', 'Tue', I(SAO, '2026-08-12T21:00'), [1]);

// =============================================================================================
// Japanese (ja-JP)

k('ja', '今夜9時', TYO, '2026-06-11T15:00', 'Thu', I(TYO, '2026-06-11T21:00'), [2], { note: '今夜 (tonight) means pm' });
k('ja', '明日の午後3時', TYO, '2026-06-11T10:00', 'Thu', I(TYO, '2026-06-12T15:00'), [2]);
k('ja', '土曜の21時から', TYO, '2026-06-10T12:00', 'Wed', I(TYO, '2026-06-13T21:00', 'Sat'), [6]);
k('ja', '来週の水曜日', TYO, '2026-06-11T12:00', 'Thu', I(TYO, '2026-06-17T00:00', 'Wed'), [8, 4], { note: 'Wednesday of next week (Mon–Sun)' });
k('ja', '30分後', TYO, '2026-06-11T20:15', 'Thu', EL({ minutes: 30 }), [11]);
k('ja', '12月31日の23時', TYO, '2026-12-10T12:00', 'Thu', I(TYO, '2026-12-31T23:00'), [5]);
k('ja', '午前2時半', TYO, '2026-06-11T22:00', 'Thu', I(TYO, '2026-06-12T02:30'), [1]);
k('ja', '今夜', TYO, '2026-06-11T14:00', 'Thu', RG(TYO, '2026-06-11T18:00', '2026-06-12T00:00'), [8]);
k('ja', '今週末', TYO, '2026-06-10T12:00', 'Wed', RG(TYO, '2026-06-13T00:00', '2026-06-15T00:00', 'Sat'), [8]);
k('ja', '来週', TYO, '2026-06-11T12:00', 'Thu', RG(TYO, '2026-06-15T00:00', '2026-06-22T00:00', 'Mon'), [8]);
k('ja', '0時に集合', TYO, '2026-06-11T21:00', 'Thu', I(TYO, '2026-06-12T00:00'), [1, 9]);
k('ja', '正午に集合', TYO, '2026-06-11T09:00', 'Thu', I(TYO, '2026-06-11T12:00'), [9]);
k('ja', '21時〜23時', TYO, '2026-06-11T12:00', 'Thu', RG(TYO, '2026-06-11T21:00', '2026-06-11T23:00'), [10]);
k('ja', '22時から翌2時まで', TYO, '2026-06-11T12:00', 'Thu', RG(TYO, '2026-06-11T22:00', '2026-06-12T02:00'), [10]);
k('ja', '午後9時から11時まで', TYO, '2026-06-11T12:00', 'Thu', RG(TYO, '2026-06-11T21:00', '2026-06-11T23:00'), [10], { note: 'one 午後 (pm) marker applies to both ends' });
k('ja', '昨日の21時', TYO, '2026-06-11T12:00', 'Thu', I(TYO, '2026-06-10T21:00'), [3]);
k('ja', '2時間前に始まった', TYO, '2026-06-11T12:00', 'Thu', EL({ hours: -2 }), [3, 11]);
k('ja', '3日後', BER, '2026-03-27T21:00', 'Fri', I(BER, '2026-03-30T21:00', 'Mon'), [11], { note: 'days keep the wall-clock time across DST' });
k('ja', '72時間後', BER, '2026-03-27T21:00', 'Fri', EL({ hours: 72 }), [11]);
k('ja', '1ヶ月後', BER, '2026-03-15T20:00', 'Sun', I(BER, '2026-04-15T20:00'), [11], { note: 'months keep the wall-clock time across DST' });
k('ja', 'ドイツ時間の20時', TYO, '2026-06-11T12:00', 'Thu', I(BER, '2026-06-11T20:00'), [1, 12]);
k('ja', '21時 CET', TYO, '2026-07-08T12:00', 'Wed', I(BER, '2026-07-08T21:00'), [12], { note: 'CET in July: Central European civil time (CEST)' });
k('ja', '20時 CST', TYO, '2026-06-11T12:00', 'Thu', Q(), [13]);
k('ja', '明日のドイツ時間20時', TYO, '2026-06-11T06:30', 'Thu', Q(w(BER, '2026-06-11T20:00'), w(BER, '2026-06-12T20:00')), [14, 7], { note: 'still 10 June in Germany (and said early in the morning)' });
k('ja', '明日20時', TYO, '2026-06-11T01:00', 'Thu', Q(), [7]);
k('ja', '3月29日の午前2時半', BER, '2026-03-20T12:00', 'Fri', Q(fwd(BER, '2026-03-29T02:30')), [15]);
k('ja', '10月25日の午前2時半', BER, '2026-10-20T12:00', 'Tue', Q(...fold(BER, '2026-10-25T02:30')), [15]);
k('ja', '10月25日 午前2時半(UTC+1)', BER, '2026-10-20T12:00', 'Tue', IX('2026-10-25T02:30:00+01:00'), [15]);
k('ja', '元日', TYO, '2026-12-20T12:00', 'Sun', I(TYO, '2027-01-01T00:00'), [16, 4], { country: 'JP' });
k('ja', '大晦日の22時から', TYO, '2026-12-01T12:00', 'Tue', I(TYO, '2026-12-31T22:00'), [16], { country: 'JP' });
k('ja', '成人の日', TYO, '2026-06-01T12:00', 'Mon', I(TYO, '2027-01-11T00:00', 'Mon'), [16, 4], { country: 'JP' });
k('ja', '今月最後の金曜日の21時', TYO, '2026-07-02T12:00', 'Thu', I(TYO, '2026-07-31T21:00', 'Fri'), [17]);
k('ja', '11月の第1土曜日', TYO, '2026-10-01T12:00', 'Thu', I(TYO, '2026-11-07T00:00', 'Sat'), [17, 4]);
k('ja', '3対1で勝った！', TYO, '2026-06-11T22:00', 'Thu', NP, [18]);
k('ja', '参加費500円です', TYO, '2026-06-11T22:00', 'Thu', NP, [18]);
k('ja', '電話番号は090-1234-5678', TYO, '2026-06-11T22:00', 'Thu', NP, [18]);
k('ja', '部屋12、レベル30、あと5人', TYO, '2026-06-11T22:00', 'Thu', NP, [18]);
k('ja', '全部日本時間で', TYO, '2026-06-11T22:00', 'Thu', NP, [18], { note: 'a zone alone' });
k('ja', '2月30日の21時', TYO, '2026-01-20T12:00', 'Tue', NP19, [19]);
k('ja', '25時から', TYO, '2026-06-11T12:00', 'Thu', NP19, [19], { note: '25時 is never coerced (rule 19 names "25:00")' });
k('ja', '土曜か日曜の21時', TYO, '2026-06-10T12:00', 'Wed', QO(w(TYO, '2026-06-13T21:00', 'Sat'), w(TYO, '2026-06-14T21:00', 'Sun')), [20]);
k('ja', '5/12 20時', TYO, '2026-04-20T12:00', 'Mon', I(TYO, '2026-05-12T20:00'), [21, 5], { note: 'Japanese: month first' });
k('ja', '9時', TYO, '2026-06-11T15:00', 'Thu', I(TYO, '2026-06-11T21:00'), [2], { note: 'hour without am/pm and without date: soonest future reading' });
k('ja', '次の火曜日の21時', TYO, '2026-06-12T12:00', 'Fri', I(TYO, '2026-06-16T21:00', 'Tue'), [6], { note: 'first Tuesday after today is in next week' });
k('ja', '今度の土曜日', TYO, '2026-06-10T12:00', 'Wed', I(TYO, '2026-06-13T00:00', 'Sat'), [6, 4], { note: '今度の = this coming (nearest) Saturday; a date without time is 00:00' });
k('ja', '朝9時', TYO, '2026-06-11T15:00', 'Thu', I(TYO, '2026-06-12T09:00'), [2, 1]);
k('ja', '6月20日の8時', TYO, '2026-06-10T12:00', 'Wed', QO(w(TYO, '2026-06-20T08:00'), w(TYO, '2026-06-20T20:00')), [2], { note: 'hour without am/pm on an explicit date: ask (the rule names no alternatives)' });
k('ja', '日本時間21時', LA, '2026-06-10T12:00', 'Wed', I(TYO, '2026-06-11T21:00'), [1, 12], { note: '04:00 on 11 June in Tokyo at the reference' });
k('ja', '18時に帰宅、イベントは21時から', TYO, '2026-06-11T12:00', 'Thu', I(TYO, '2026-06-11T21:00'), [20]);
k('ja', '土曜の21時', TYO, '2026-06-13T22:00', 'Sat', I(TYO, '2026-06-20T21:00', 'Sat'), [6]);

// =============================================================================================
// English (en-US unless noted)

const GB = { loc: 'en-GB' };
k('en', '9pm EST', NY, '2026-10-14T12:00', 'Wed', I(NY, '2026-10-14T21:00'), [12], { note: 'EST in October: civil time EDT' });
k('en', 'tonight at 9', NY, '2026-10-14T15:00', 'Wed', I(NY, '2026-10-14T21:00'), [2]);
k('en', 'tomorrow morning at 10', NY, '2026-10-14T18:00', 'Wed', I(NY, '2026-10-15T10:00'), [2]);
k('en', 'next friday 8pm', NY, '2026-10-12T12:00', 'Mon', Q(w(NY, '2026-10-16T20:00', 'Fri'), w(NY, '2026-10-23T20:00', 'Fri')), [6]);
k('en', 'next friday 8pm', NY, '2026-10-17T12:00', 'Sat', I(NY, '2026-10-23T20:00', 'Fri'), [6]);
k('en', 'next monday', NY, '2026-10-18T12:00', 'Sun', I(NY, '2026-10-19T00:00', 'Mon'), [6, 4], { note: 'said on Sunday: tomorrow is already in next week' });
k('en', 'next sunday at 3pm', NY, '2026-10-17T12:00', 'Sat', Q(w(NY, '2026-10-18T15:00', 'Sun'), w(NY, '2026-10-25T15:00', 'Sun')), [6]);
k('en', 'this saturday 9pm', NY, '2026-10-14T12:00', 'Wed', I(NY, '2026-10-17T21:00', 'Sat'), [6]);
k('en', 'saturday 9pm', NY, '2026-10-17T22:00', 'Sat', I(NY, '2026-10-24T21:00', 'Sat'), [6]);
k('en', 'friday 9pm', NY, '2026-10-16T00:10', 'Fri', I(NY, '2026-10-16T21:00', 'Fri'), [6], { note: 'just after midnight on Friday: today' });
k('en', 'in 2 hours', NY, '2026-03-08T00:30', 'Sun', EL({ hours: 2 }), [11], { note: 'elapsed across the US change: 03:30 EDT' });
k('en', 'in 1 day', NY, '2026-03-07T20:00', 'Sat', I(NY, '2026-03-08T20:00', 'Sun'), [11]);
k('en', 'in 90 minutes', NY, '2026-11-01T00:45', 'Sun', EL({ minutes: 90 }), [11], { note: 'elapsed into the fold: 01:15 EST' });
k('en', 'in a week', NY, '2026-10-28T19:00', 'Wed', I(NY, '2026-11-04T19:00', 'Wed'), [11]);
k('en', 'in 168 hours', NY, '2026-10-28T19:00', 'Wed', EL({ hours: 168 }), [11]);
k('en', '3/4 at 8pm', NY, '2026-02-10T12:00', 'Tue', I(NY, '2026-03-04T20:00'), [21, 5], { note: 'en-US: month first' });
k('en', '3/4 at 8pm', LON, '2026-02-10T12:00', 'Tue', I(LON, '2026-04-03T20:00'), [21, 5], { ...GB, note: 'en-GB: day first' });
k('en', '10/11 at 9pm', LON, '2026-09-01T12:00', 'Tue', I(LON, '2026-11-10T21:00'), [21, 5], GB);
k('en', '10/11 at 9pm', NY, '2026-09-01T12:00', 'Tue', I(NY, '2026-10-11T21:00'), [21, 5]);
k('en', 'feb 30 at 8pm', NY, '2026-01-20T12:00', 'Tue', NP19, [19]);
k('en', 'april 31 at 9pm', NY, '2026-04-10T12:00', 'Fri', NP19, [19]);
k('en', 'meet at 13pm', NY, '2026-10-14T10:00', 'Wed', NP19, [19]);
k('en', 'see you at 25:00', NY, '2026-10-14T10:00', 'Wed', NP19, [19]);
k('en', '8pm CST', CHI, '2026-01-14T12:00', 'Wed', I(CHI, '2026-01-14T20:00'), [13], { country: 'US' });
k('en', '8pm IST', KOL, '2026-06-10T12:00', 'Wed', I(KOL, '2026-06-10T20:00'), [13], { loc: 'en-IN', country: 'IN' });
k('en', '8pm CST', SHA, '2026-06-10T12:00', 'Wed', I(SHA, '2026-06-10T20:00'), [13], { country: 'CN', note: 'timeZone and country settle CST: China Standard Time' });
k('en', '8pm IST', NY, '2026-06-10T12:00', 'Wed', Q(), [13]);
k('en', '8pm AST', HAL, '2026-01-14T12:00', 'Wed', I(HAL, '2026-01-14T20:00'), [13], { loc: 'en-CA', country: 'CA' });
k('en', '9pm CST', LON, '2026-01-14T12:00', 'Wed', Q(), [13], GB);
k('en', '8pm ET', LON, '2026-06-10T12:00', 'Wed', I(NY, '2026-06-10T20:00'), [12, 1], GB);
k('en', '8pm CET', LON, '2026-07-08T12:00', 'Wed', I(BER, '2026-07-08T20:00'), [12], { ...GB, note: 'CET in July: civil time CEST' });
k('en', '9pm PST', LA, '2026-07-08T12:00', 'Wed', I(LA, '2026-07-08T21:00'), [12], { country: 'US', note: 'PST in July: civil time PDT' });
k('en', '8pm EDT', NY, '2026-12-09T12:00', 'Wed', I(NY, '2026-12-09T20:00'), [12], { note: 'EDT in December: civil time EST' });
k('en', '9pm BST', LON, '2026-01-14T12:00', 'Wed', I(LON, '2026-01-14T21:00'), [12, 13], { ...GB, country: 'GB', note: 'BST settled as British by zone and country; wrong season: GMT' });
k('en', '8pm Tokyo time', NY, '2026-06-10T09:00', 'Wed', I(TYO, '2026-06-11T20:00'), [1, 12], { note: 'already 22:00 in Tokyo' });
k('en', '9pm to 11pm Tokyo time', NY, '2026-06-10T09:00', 'Wed', RG(TYO, '2026-06-11T21:00', '2026-06-11T23:00'), [10, 1, 12]);
k('en', 'christmas at 7pm', NY, '2026-12-01T12:00', 'Tue', I(NY, '2026-12-25T19:00'), [16], { country: 'US' });
k('en', 'thanksgiving', NY, '2026-11-01T12:00', 'Sun', I(NY, '2026-11-26T00:00', 'Thu'), [16, 4], { country: 'US' });
k('en', 'thanksgiving', TOR, '2026-10-01T12:00', 'Thu', I(TOR, '2026-10-12T00:00', 'Mon'), [16, 4], { loc: 'en-CA', country: 'CA', sub: 'ON' });
k('en', "new year's eve at 10pm", NY, '2026-12-01T12:00', 'Tue', I(NY, '2026-12-31T22:00'), [16], { country: 'US' });
k('en', 'last friday of the month 9pm', NY, '2026-10-05T12:00', 'Mon', I(NY, '2026-10-30T21:00', 'Fri'), [17]);
k('en', 'first saturday of november', NY, '2026-10-05T12:00', 'Mon', I(NY, '2026-11-07T00:00', 'Sat'), [17, 4]);
k('en', 'last day of the month at 9pm', NY, '2026-02-10T12:00', 'Tue', I(NY, '2026-02-28T21:00'), [17]);
k('en', 'we won 3:1 lol', NY, '2026-10-14T22:00', 'Wed', NP, [18]);
k('en', 'v1.2.3 is out', NY, '2026-10-14T22:00', 'Wed', NP, [18]);
k('en', 'call me 555-123-4567', NY, '2026-10-14T22:00', 'Wed', NP, [18]);
k('en', '$20 entry', NY, '2026-10-14T22:00', 'Wed', NP, [18]);
k('en', 'room 12, level 30, need 5 players', NY, '2026-10-14T22:00', 'Wed', NP, [18]);
k('en', 'all times in UTC', NY, '2026-10-14T22:00', 'Wed', NP, [18], { note: 'a zone alone' });
k('en', 'hey everyone!', NY, '2026-10-14T22:00', 'Wed', NP, [18]);
k('en', 'meet at noon', NY, '2026-10-14T13:00', 'Wed', I(NY, '2026-10-15T12:00'), [9, 1]);
k('en', 'at midnight', NY, '2026-10-14T20:00', 'Wed', I(NY, '2026-10-15T00:00'), [9]);
k('en', 'friday at midnight', NY, '2026-10-14T12:00', 'Wed', I(NY, '2026-10-17T00:00', 'Sat'), [9], { note: 'end of Friday' });
k('en', '8-11pm', NY, '2026-10-14T12:00', 'Wed', RG(NY, '2026-10-14T20:00', '2026-10-14T23:00'), [10]);
k('en', '10pm-2am', NY, '2026-10-14T12:00', 'Wed', RG(NY, '2026-10-14T22:00', '2026-10-15T02:00'), [10]);
k('en', 'yesterday 9pm', NY, '2026-10-14T12:00', 'Wed', I(NY, '2026-10-13T21:00'), [3]);
k('en', 'started 2 hours ago', NY, '2026-10-14T12:00', 'Wed', EL({ hours: -2 }), [3, 11]);
k('en', 'last saturday 8pm', NY, '2026-10-14T12:00', 'Wed', I(NY, '2026-10-10T20:00', 'Sat'), [3]);
k('en', 'saturday or sunday at 8pm?', NY, '2026-10-14T12:00', 'Wed', QO(w(NY, '2026-10-17T20:00', 'Sat'), w(NY, '2026-10-18T20:00', 'Sun')), [20]);
k('en', '8pm or 9pm?', NY, '2026-10-14T12:00', 'Wed', QO(w(NY, '2026-10-14T20:00'), w(NY, '2026-10-14T21:00')), [20]);
k('en', "i'm off work at 5pm but the event is friday 9pm", NY, '2026-10-13T12:00', 'Tue', I(NY, '2026-10-16T21:00', 'Fri'), [20]);
k('en', 'tomorrow 8pm', NY, '2026-10-15T00:45', 'Thu', Q(), [7]);
k('en', 'tmrw at 7pm?', LON, '2026-10-15T02:10', 'Thu', Q(), [7], GB);
k('en', 'tomorrow at 8pm Tokyo time', LA, '2026-06-10T16:00', 'Wed', Q(w(TYO, '2026-06-11T20:00'), w(TYO, '2026-06-12T20:00')), [14], { note: 'already 11 June in Tokyo' });
k('en', 'tomorrow 9pm ET', LON, '2026-06-10T13:00', 'Wed', I(NY, '2026-06-11T21:00'), [14, 12], { ...GB, note: 'same calendar date in New York' });
k('en', 'march 8 2:30am', NY, '2026-03-01T12:00', 'Sun', Q(fwd(NY, '2026-03-08T02:30')), [15]);
k('en', 'nov 1 1:30am', NY, '2026-10-20T12:00', 'Tue', Q(...fold(NY, '2026-11-01T01:30')), [15]);
k('en', 'nov 1 1:30am EST', NY, '2026-10-20T12:00', 'Tue', IX('2026-11-01T01:30:00-05:00'), [15]);
k('en', 'nov 1 1:30am EDT', NY, '2026-10-20T12:00', 'Tue', IX('2026-11-01T01:30:00-04:00'), [15]);
k('en', '29 march 1:30am', LON, '2026-03-20T12:00', 'Fri', Q(fwd(LON, '2026-03-29T01:30')), [15], GB);
k('en', 'at 8', NY, '2026-10-14T15:00', 'Wed', I(NY, '2026-10-14T20:00'), [2]);
k('en', 'at 9', NY, '2026-10-14T07:00', 'Wed', I(NY, '2026-10-14T09:00'), [2]);
k('en', 'on june 20 at 8', NY, '2026-06-10T12:00', 'Wed', Q(w(NY, '2026-06-20T08:00'), w(NY, '2026-06-20T20:00')), [2]);
k('en', 'june 20', NY, '2026-06-10T12:00', 'Wed', I(NY, '2026-06-20T00:00'), [4]);
k('en', 'jan 3 at 7pm', NY, '2026-12-10T12:00', 'Thu', I(NY, '2027-01-03T19:00'), [5]);
k('en', 'dec 25', NY, '2026-12-25T10:00', 'Fri', I(NY, '2026-12-25T00:00'), [4, 5], { note: 'on or after today: today, 00:00' });
k('en', 'tonight', NY, '2026-10-14T16:00', 'Wed', RG(NY, '2026-10-14T18:00', '2026-10-15T00:00'), [8]);
k('en', 'this weekend', NY, '2026-10-15T12:00', 'Thu', RG(NY, '2026-10-17T00:00', '2026-10-19T00:00', 'Sat'), [8]);
k('en', 'next week', NY, '2026-10-14T12:00', 'Wed', RG(NY, '2026-10-19T00:00', '2026-10-26T00:00', 'Mon'), [8]);
k('en', '9pm', NY, '2026-10-14T22:00', 'Wed', I(NY, '2026-10-15T21:00'), [1]);
k('en', '9:30pm', NY, '2026-10-15T00:20', 'Thu', I(NY, '2026-10-15T21:30'), [1], { note: 'just after midnight: today' });

// =============================================================================================
// Output

const here = dirname(fileURLToPath(import.meta.url));
writeFileSync(join(here, 'time-phrases-5.jsonl'), cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
const by = (f: (c: Case) => string) => cases.reduce<Record<string, number>>((m, c) => ((m[f(c)] = (m[f(c)] ?? 0) + 1), m), {});
const rules: Record<number, number> = {};
for (const c of cases) for (const r of c.rule) rules[r] = (rules[r] ?? 0) + 1;
console.log(`${cases.length} cases`);
console.log('languages', by((c) => c.input.locale.slice(0, 2)));
console.log('statuses', by((c) => c.expect.status));
console.log('rules', rules);
