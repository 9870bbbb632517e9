/**
 * The event's day, start, end and zone: candidate expressions from labelled lines first, read by
 * the time engine; two different days, or a reading the engine cannot settle, become questions.
 * Doors times are evidence, never the start.
 */
import { DateTime, IANAZone } from 'luxon';
import type { TimeParseOutcome } from '../../time/engine/index.js';
import type { Draft } from './evidence.js';
import { LIMIT, MAX_EXPRESSION, MAX_TIME_CANDIDATES, type Origin, ptr } from './fields.js';
import { labelled } from './labels.js';
import { DISCORD_TIMESTAMP, type Line, URL_RE } from './text.js';
import { classify, readTime, type Reading, startCanonical, type TimeClass, type TimeContext, wall, wallIn } from './timeReading.js';
import { hasClockSignal, hasDateSignal, hasTimeSignal, MONTH_OR_NUMERIC, timeSignalIndex } from './timeWords.js';
import { blankNames } from '../../time/engine/unread.js';
import { urlsOf } from './urls.js';

const DOORS = /(?<![\p{L}])(?:doors?(?:\s+open(?:s|ing)?)?|einlass(?:\s+ab)?|開場|OPEN|ouverture(?:\s+des\s+portes)?|portes|puertas|apertura(?:\s+de\s+puertas)?|abertura(?:\s+d[ao]s?\s+(?:portões|portas|casa))?|portões)\s*(?:at|@|:|-|–|um|ab|à|a\s+las|às|は)?\s*(\d{1,2}(?:\s?[:.h時]\s?\d{2})?\s*(?:[ap]\.?\s?m\.?|uhr|h|時)?)(?![\d\p{L}])/iu;
/** Rehearsals, soundchecks and past nights: their times are not the event's. */
const NOT_THE_EVENT = /(?<![\p{L}])(?:rehearsals?|soundcheck|sound\s+check|probe|répétition|balances?|ensayo|prueba\s+de\s+sonido|ensaio|teste\s+de\s+som|passagem\s+de\s+som|last\s+time|letztes\s+mal|la\s+dernière\s+fois|la\s+última\s+vez|da\s+última\s+vez|na\s+última\s+vez)(?![\p{L}])|リハ|前回/iu;
/** "… y terminamos a las 02:00", "… and go until 2am": the end said in its own clause. */
const END_CLAUSE = /[,;]?\s(?:and|und|et|y|e)\s+(?:we\s+|on\s+|wir\s+)?(?:end|finish|close|wrap\s+up|go\s+until|go\s+till|enden|hören\s+auf|gehen\s+bis|finissons|finit|termine|terminons|terminamos|acabamos|cerramos|vamos\s+até|vamos\s+hasta|seguimos\s+hasta)(?![\p{L}])|[,;]\s*(?:schluss|ende|fin|fim|final|end)\s+(?:ist|est|é|es|is)?(?![\p{L}])/iu;
/** Where the time's words end: a place, the performers, or a name in quotes. */
const AFTER_TIME = /\s(?:@\s?|(?:at|im|in\s+der(?:\s+[Ww]elt)?|au|à|no|na|em|en)\s+(?=[\p{Lu}\p{Lo}])|(?:w\/|feat\.?|ft\.|featuring|with|mit|avec|con|com)\s+(?=[\p{Lu}\p{Lo}\d])|[「『“"]|(?:presents?|präsentiert|présente|presenta|apresenta)\s)/gu;
const LEAD_IN = /(?:(?<![\p{L}])(?:this|next|on|coming|from|between|ce|cette|le|du|de|des|dès|este|esta|el|desde|entre|diesen|diesem|dieses|kommenden|am|den|von|ab|um|nesta|neste|no|na|dia|das|a\s+partir\s+d[eao]s?|à\s+partir\s+de)\s+)+$/iu;

/** The words of a line that say its time: from the first date or clock word to the place or the performers after it. */
export function timeSpan(body: string): string {
  const blanked = blankNames(body, undefined).text;
  let start = timeSignalIndex(blanked);
  if (start >= body.length) return body;
  // "von 22 bis 2 Uhr", "de 22 à 2h": a bare hour opening the range the clock word closes.
  const opened = /(?<![\d:.])\d{1,2}(?:[:.h]\d{2})?\s*(?:bis|à|a|to|till|-|–|—|às|até|hasta|〜|~)\s*$/iu.exec(body.slice(0, start));
  if (opened) start -= opened[0].length;
  // "24 de março", "13. Dezember", "the 5th of June": the day's number before its month.
  const day = /(?<![\d:.])\d{1,2}(?:st|nd|rd|th|er|\.|º|ª)?\s*(?:de\s+|of\s+)?$/iu.exec(body.slice(0, start));
  if (day) start -= day[0].length;
  const lead = LEAD_IN.exec(body.slice(0, start));
  if (lead) start -= lead[0].length;
  let end = body.length;
  for (const m of body.slice(start).matchAll(AFTER_TIME)) {
    const at = start + m.index!;
    const next = body.slice(at + m[0].length, at + m[0].length + 14);
    if (hasTimeSignal(next.split(/\s+/)[0] ?? '')) continue;
    end = at;
    break;
  }
  return body.slice(start, end).replace(/[\s·•|:–—-]+$/u, '').trim() || body;
}

/** A Japanese late-night hour ("25:00", "26時"). */
const LATE_HOUR = /(?<![\d:])2[4-9](?::[0-5]\d|時)/u;

const END_LINE = /^(?:end|ends|ending|until|till|bis|ende|fin|fim|終了)(?![\p{L}])\s*(?:at|@|:|um|à|às)?\s*/iu;

/** Doors first (their line is then not the start), then the event's time; only doors and no start is a question. */
export function readDateTime(draft: Draft, lines: Line[], used: Set<number>, ctx: TimeContext, origin: Origin) {
  const doors = readDoors(draft, lines, used, origin);
  readEventTime(draft, lines, used, ctx, origin);
  if (doors && !draft.event.start && !draft.eventQuestions.some((q) => q.fieldPath === ptr('event', 'start'))) {
    draft.question(ptr('event', 'start'), `Only a doors time is given ("${doors.clean}"); doors are not the start. When does the event start?`, []);
  }
}

interface Candidate {
  line: Line;
  text: string;
  priority: number;
  role: 'start' | 'end';
}

/** The first Discord timestamp (`<t:1764705600:F>`), and a second on its line as the end. */
function discordStamp(lines: Line[], ctx: TimeContext): { line: Line; start: DateTime; end?: DateTime } | undefined {
  for (const line of lines) {
    const stamps = [...line.raw.matchAll(DISCORD_TIMESTAMP)].map((m) => Number(m[1]) * 1000).filter((ms) => Math.abs(ms) < 8.64e15);
    if (stamps.length === 0) continue;
    const start = DateTime.fromMillis(stamps[0], { zone: ctx.defaultZone });
    if (!start.isValid) continue;
    const endMs = stamps[1];
    const end = endMs !== undefined && endMs > stamps[0] && endMs - stamps[0] <= 24 * 3600 * 1000 ? DateTime.fromMillis(endMs, { zone: ctx.defaultZone }) : undefined;
    return { line, start, end };
  }
  return undefined;
}

function readEventTime(draft: Draft, lines: Line[], used: Set<number>, ctx: TimeContext, origin: Origin) {
  // Candidate expressions: labelled lines first, then lines with date or clock words, in order.
  const candidates: Candidate[] = [];
  for (const line of lines) {
    if (used.has(line.index) || !line.clean || candidates.length >= MAX_TIME_CANDIDATES) continue;
    if (urlsOf(line.clean).length > 0 && !hasTimeSignal(line.clean.replace(URL_RE, ' '))) continue;
    if (NOT_THE_EVENT.test(line.clean)) continue;
    let body = line.clean.replace(URL_RE, ' ').replace(DOORS, ' ').replace(/\s+/g, ' ').trim();
    if (!body || !hasTimeSignal(body)) continue;
    const lab = labelled(body);
    let role: Candidate['role'] = 'start';
    let priority = 2;
    if (lab && (lab.kind === 'time' || lab.kind === 'date')) {
      body = lab.value;
      priority = 0;
    } else if (lab?.kind === 'end') {
      body = lab.value;
      role = 'end';
      priority = 0;
    } else if (lab?.kind === 'doors' || lab?.kind === 'lineup' || lab?.kind === 'link') continue;
    else if (lab) body = lab.value;
    if (END_LINE.test(body) && role === 'start') {
      body = body.replace(END_LINE, '');
      role = 'end';
    }
    if (!body || !hasTimeSignal(body)) continue;
    // Long prose: only its sentences that say a time.
    const spans = body.length > MAX_EXPRESSION ? body.split(/(?<=[.!?。！？])\s+/u).filter(hasTimeSignal).slice(0, 3) : [body];
    for (const span of spans) {
      const endClause = role === 'start' ? END_CLAUSE.exec(span) : null;
      const startText = endClause ? span.slice(0, endClause.index) : span;
      if (hasTimeSignal(startText)) candidates.push({ line, text: timeSpan(startText), priority, role });
      if (endClause && hasClockSignal(span.slice(endClause.index))) candidates.push({ line, text: timeSpan(span.slice(endClause.index + endClause[0].length)), priority, role: 'end' });
    }
  }
  candidates.sort((a, b) => a.priority - b.priority || a.line.index - b.line.index);

  const read = candidates.map((c) => {
    let r = readTime(ctx, c.text);
    let cls: TimeClass = r ? classify(r) : 'none';
    if (cls === 'ask') {
      // "Every Thursday, next one is Thursday Nov 26 at 19:00": one clause may settle what the line asks.
      const clauses = c.text.split(/\s*(?:[,;|•·]|\s[-–—/]\s)\s*/u).filter(hasTimeSignal);
      const full = clauses.length > 1 ? clauses.map((t) => readTime(ctx, t)).filter((x): x is Reading => !!x && classify(x) === 'full') : [];
      if (full.length === 1) {
        r = full[0];
        cls = 'full';
      }
    }
    return { c: r && cls === 'full' && r.text !== c.text ? { ...c, text: r.text } : c, r, cls };
  });
  const starts = read.filter((x) => x.c.role === 'start');
  const ends = read.filter((x) => x.c.role === 'end' && (x.cls === 'time' || x.cls === 'full'));

  const full = starts.filter((x) => x.cls === 'full');
  // A Discord timestamp is an exact instant without a zone: it is used unless the text says the same instant with its zone.
  const stamp = discordStamp(lines, ctx);
  if (stamp && !(full.length > 0 && Date.parse(startCanonical(full[0].r!.outcome)!.isoInstant) === stamp.start.toMillis())) {
    const { line, start, end } = stamp;
    draft.event.eventDate = start.toFormat('yyyy-MM-dd');
    draft.event.start = start.toFormat('HH:mm');
    draft.event.timezone = ctx.defaultZone;
    draft.evidence(ptr('event', 'eventDate'), origin, line.raw, 'explicit');
    draft.evidence(ptr('event', 'start'), origin, line.raw, 'explicit');
    if (end) {
      draft.event.end = end.toFormat('HH:mm');
      draft.evidence(ptr('event', 'end'), origin, line.raw, 'explicit');
    }
    draft.evidence(ptr('event', 'timezone'), 'calculation', `A Discord timestamp names an instant, not a zone; shown in ${ctx.defaultZone}.`, 'inferred');
    return;
  }
  let chosen: { reading: Reading; dateLines: Line[]; lines: Line[]; dateText: string } | undefined;
  if (full.length > 0) {
    const first = full[0];
    const firstDay = wall(startCanonical(first.r!.outcome)!).date;
    const firstInstant = startCanonical(first.r!.outcome)!.isoInstant;
    const others = full.filter((x) => {
      const c = startCanonical(x.r!.outcome)!;
      return c.isoInstant !== firstInstant && wall(c).date !== firstDay;
    });
    if (others.length > 0) {
      // Two different days: which is the event's is for the contributor to say.
      const alternatives = [first, ...others].map((x) => altLabel(x.r!.outcome));
      draft.question(ptr('event', 'eventDate'), 'The text names more than one day and time; which one is the event?', alternatives);
      return;
    }
    chosen = { reading: first.r!, dateLines: [first.c.line], lines: [first.c.line], dateText: first.c.text };
  } else {
    const date = starts.find((x) => x.cls === 'date');
    // "24:00スタートです" on a line of its own: a late-night hour the engine reads only with its day.
    const time = starts.find((x) => x.cls === 'time' || ((x.cls === 'ask' || (x.cls === 'none' && date && LATE_HOUR.test(x.c.text))) && hasClockSignal(x.c.text) && !hasDateSignal(x.c.text)));
    if (date && time) {
      const combined = readTime(ctx, `${date.c.text.replace(/(?<!\d)[\s.,;·]+$|[\s,;·]+$/u, "")} · ${time.c.text}`);
      if (combined && classify(combined) === 'full') {
        const zoneLine = combined.zoneLine ?? (combined.zoneNamed && !time.r!.zoneNamed && date.r!.zoneNamed ? date.c.line : undefined);
        chosen = { reading: { ...combined, zoneLine }, dateLines: [date.c.line], lines: [time.c.line], dateText: date.c.text };
      } else if (combined?.outcome.status === 'needs_clarification') {
        askTime(draft, combined.outcome, { line: date.c.line, text: `${date.c.text.replace(/(?<!\d)[\s.,;·]+$|[\s,;·]+$/u, "")} · ${time.c.text}`, date: date.r });
        return;
      }
    }
    if (!chosen) {
      const ask = starts.find((x) => x.cls === 'ask');
      if (ask) {
        askTime(draft, ask.r!.outcome, { line: ask.c.line, text: ask.c.text });
        if (date && ask !== date && !hasDateSignal(ask.c.text)) setDate(draft, date.r!, [date.c.line], date.c.text, origin);
        return;
      }
      if (date) {
        setDate(draft, date.r!, [date.c.line], date.c.text, origin);
        if (time && time.cls === 'time') setClock(draft, time.r!, [time.c.line], origin, ends);
        return;
      }
      if (time && time.cls === 'time') {
        // A time without a day: the day the engine would pick is a guess, so only the clock is proposed.
        setClock(draft, time.r!, [time.c.line], origin, ends);
        return;
      }
      const endAsk = read.find((x) => x.cls === 'ask');
      if (endAsk) askTime(draft, endAsk.r!.outcome, { line: endAsk.c.line, text: endAsk.c.text });
      return;
    }
  }

  setDate(draft, chosen.reading, chosen.dateLines, chosen.dateText, origin);
  setClock(draft, chosen.reading, chosen.lines, origin, ends);
}

function altLabel(o: TimeParseOutcome): string {
  const c = startCanonical(o);
  if (!c) return '';
  const w = wall(c);
  if (o.status === 'resolved' && o.kind === 'time_range') return `${w.date} ${w.time}–${wall(o.range.end.canonical).time} ${w.zone}`;
  return `${w.date} ${w.time} ${w.zone}`;
}

function askTime(draft: Draft, o: TimeParseOutcome, asked?: { line: Line; text: string; date?: Reading }) {
  if (o.status !== 'needs_clarification') return;
  const alts = o.alternatives.slice(0, LIMIT.alternatives);
  // The question is about the day when every reading has the same clock time.
  const walls = alts.map((a) => wall(a.canonical));
  const sameClock = walls.length > 1 && walls.every((w) => w.time === walls[0].time) && new Set(walls.map((w) => w.date)).size > 1;
  const sameDay = walls.length > 1 && walls.every((w) => w.date === walls[0].date);
  const dayQuestion = sameClock || (!sameDay && /\b(?:day|date|month|weekday|friday|saturday|sunday|monday|tuesday|wednesday|thursday)\b/i.test(o.question));
  draft.question(ptr('event', dayQuestion ? 'eventDate' : 'start'), o.question, alts.map((a) => a.label));
  // "Friday Nov 27, 10pm CST": the zone is open, the day is not; nor is it when every reading
  // offered keeps the day the date line reads alone ("6/20(日)" over a time line a poster's
  // reading garbled).
  const dateAlone = asked?.date && startCanonical(asked.date.outcome);
  const keepsDate = !!dateAlone && walls.length >= 1 && walls.every((w) => w.date === wall(dateAlone).date);
  if (asked && (sameDay || keepsDate) && !dayQuestion && hasDateSignal(asked.text) && !draft.event.eventDate) {
    draft.event.eventDate = walls[0].date;
    const calendar = MONTH_OR_NUMERIC.test(asked.text);
    draft.evidence(ptr('event', 'eventDate'), calendar ? draft.origin : 'calculation', asked.line.raw, calendar && YEAR.test(asked.text) ? 'explicit' : 'inferred');
  }
}
const YEAR = /(?<!\d)(?:19|20)\d{2}(?!\d)|\d{4}\s*年/;

function setDate(draft: Draft, reading: Reading, lines: Line[], dateText: string, origin: Origin) {
  const c = startCanonical(reading.outcome);
  if (!c) return;
  draft.event.eventDate = wall(c).date;
  const calendar = MONTH_OR_NUMERIC.test(dateText);
  const year = YEAR.test(dateText);
  const excerpt = lines.map((l) => l.raw).join(' / ');
  if (calendar && year) draft.evidence(ptr('event', 'eventDate'), origin, excerpt, 'explicit');
  else if (calendar) draft.evidence(ptr('event', 'eventDate'), origin, excerpt, 'inferred');
  else draft.evidence(ptr('event', 'eventDate'), 'calculation', excerpt, 'inferred');
}

function setClock(draft: Draft, reading: Reading, lines: Line[], origin: Origin, ends: { c: Candidate; r: Reading | undefined }[]) {
  const o = reading.outcome;
  const c = startCanonical(o);
  if (!c || o.status !== 'resolved') return;
  const start = wall(c);
  const excerpt = lines.map((l) => l.raw).join(' / ');
  // Notes that restate the text change nothing; the others (am/pm chosen, a zone read as another) are the engine's inference.
  const assumptions = o.assumptions.filter((a) => !/same instant|time said of the event/i.test(a));
  const assumed = assumptions.length > 0;
  draft.event.start = start.time;
  draft.evidence(ptr('event', 'start'), origin, excerpt, assumed ? 'inferred' : 'explicit');
  if (o.kind === 'time_range') {
    draft.event.end = wall(o.range.end.canonical).time;
    draft.evidence(ptr('event', 'end'), origin, excerpt, assumed ? 'inferred' : 'explicit');
  } else {
    const end = ends.find((e) => e.r && startCanonical(e.r.outcome));
    if (end) {
      const ec = startCanonical(end.r!.outcome)!;
      // The end's own zone, if it named one, else the event's.
      draft.event.end = end.r!.zoneNamed ? wallIn(ec, start.zone) : endAfter(start.time, wall(ec).time, end.c.text);
      draft.evidence(ptr('event', 'end'), origin, end.c.line.raw, end.r!.zoneNamed && ec.timeZone !== start.zone ? 'inferred' : 'explicit');
    }
  }
  if (IANAZone.isValidZone(start.zone)) {
    draft.event.timezone = start.zone;
    if (reading.zoneNamed) draft.evidence(ptr('event', 'timezone'), origin, reading.zoneLine?.raw ?? excerpt, assumed ? 'inferred' : 'explicit');
    else draft.evidence(ptr('event', 'timezone'), 'calculation', `No time zone is named; the draft's zone ${start.zone} was used.`, 'inferred');
  } else {
    // "UTC+5:30": an offset, not a zone; the times are its wall times, the zone is for the contributor to name.
    draft.question(ptr('event', 'timezone'), `The text gives the offset ${start.zone}, which is not a named time zone; which zone is the event in?`, []);
  }
  if (assumed) draft.question(ptr('event', 'start'), `The time was read with an assumption: ${assumptions.join('; ')}.`, [start.time]);
}

/**
 * An end said on its own ("… y terminamos a las 2", "vamos até às 3h") is read by the engine as the
 * next such time from now; it is the event's end, so it is the first such clock time after the start:
 * without am/pm, and not written on the 24-hour clock, the reading 12 hours apart is the other choice.
 */
function endAfter(start: string, end: string, text: string): string {
  const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  if (/[ap]\.?\s?m\.?(?![\p{L}])/iu.test(text)) return end;
  // The 24-hour clock ("02:00", "3h", "1 Uhr", "3時"): the hour as written (decisions §5.1).
  const written = /(?<![\d:.])(\d{1,2})(?:\s?[:.h時]\s?(\d{2}))?\s*(h|uhr|時)?(?![\d])/iu.exec(text);
  if (written && (/^0\d|^1[3-9]|^2[0-3]/.test(written[1]) || written[3])) {
    const h = Number(written[1]);
    const m = Number(written[2] ?? 0);
    if (h < 24 && m < 60) return hhmm(h * 60 + m);
  }
  const s = toMin(start);
  const e = toMin(end);
  const gap = (m: number) => (m - s + 1440) % 1440 || 1440;
  const other = (e + 720) % 1440;
  return hhmm(gap(other) < gap(e) ? other : e);
}

/** Doors are not the start: they become evidence (the draft's `doors`), never `event.start`. */
function readDoors(draft: Draft, lines: Line[], used: Set<number>, origin: Origin): Line | undefined {
  for (const line of lines) {
    if (used.has(line.index)) continue;
    const lab = labelled(line.clean);
    const m = DOORS.exec(line.clean);
    if (m || (lab?.kind === 'doors' && hasClockSignal(lab.value))) {
      draft.evidence(ptr('event', 'doors'), origin, line.raw, 'explicit');
      if (lab?.kind === 'doors' && !m) used.add(line.index);
      return line;
    }
  }
  return undefined;
}
