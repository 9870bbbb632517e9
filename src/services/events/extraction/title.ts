/** The event's title: a "Name:" line, else the first heading-like line that is not a greeting, a date or a detail. */
import { HOSTED_BY, PRESENTS } from './community.js';
import { clip, type Evidence, LIMIT, type Origin } from './fields.js';
import { labelled, sectionHeader } from './labels.js';
import { compact, DOMAIN_LIKE, HAS_URL, hasLetters, type Line, URL_RE, wordCount, words } from './text.js';
import { blankNames } from '../../time/engine/unread.js';
import { type Mention, mentionIn } from './mentions.js';
import { posterTitle, type PosterLayoutLine } from './posterTitle.js';
import { hasClockSignal, hasTimeSignal, onlyTime, timeSignalIndex } from './timeWords.js';
import { AT_WORLD } from './venue.js';

export const GREETING = /^(?:hey|hi|hello|hallo|hola|olá|ola|bonjour|salut|yo|greetings|attention|reminder|heads up|psa|announcement|event announcement|new event|📢|liebe|hallo zusammen|moin|servus|coucou|buenas|bonsoir|los geht'?s|treffpunkt|see you|bis dann|à bientôt|até lá|bom dia|boa noite|oi|みなさん|皆さん|こんにちは|こんばんは)(?![\p{L}])/iu;

/** A name in quotes: 「…」, 『…』, “…”, "…", «…», „…“. */
const QUOTED = /「([^」]{1,80})」|『([^』]{1,80})』|“([^”]{2,80})”|"([^"]{2,80})"|«\s?([^»]{2,80}?)\s?»|„([^“”"]{2,80})[“”"]/u;
/** 【告知】, [EVENT], 〔お知らせ〕 before the line's words. */
const TAG = /^\s*(?:【[^】]{0,16}】|\[[^\]]{0,16}\]|〔[^〕]{0,16}〕|［[^］]{0,16}］)\s*/u;
const ANNOUNCE = /^(?:event\s+announcement|announcement|new\s+event|reminder|psa|heads\s+up|save\s+the\s+date|ankündigung|annonce|anuncio|aviso|anúncio|告知|お知らせ|イベント告知)\s*[!:：\-–—|]*\s*/iu;
/** Where the performers begin: "w/ A, B", "feat. A", "with A", "mit A", "avec A", "con A", "com A". */
const PERFORMERS_FROM = /\s(?:(?i:w\/|feat\.?|ft\.|featuring|with|mit|avec|con|com)\s+(?=[\p{Lu}\p{Lo}\d"“'])|出演\s*[:：は])/u;
/** Where the place begins: "at Midnight Arcade", "@ X", "im X", "au X", "no X". */
const PLACE_FROM = /\s(?:(?i:at|@|im|in\s+der|au|à\s+la|no|na|em|en\s+el|en)\s+(?=[\p{Lu}\p{Lo}"“'「])|@(?=[\p{L}\p{N}]))/u;
/** The announcement's verbs after the name: "is back", "開催します". */
const TRAILING_VERB = /\s*(?:(?<=\p{L}\s+)ein|is\s+back|returns|is\s+here|is\s+happening|is\s+on|kommt|ist\s+zurück|ist\s+wieder\s+da|revient|est\s+de\s+retour|vuelve|regresa|está\s+de\s+volta|volta|を?開催(?:します|決定|いたします|予定)?|やります|します|です)\s*$/iu;
/** Words that join a name to what follows it ("Rooftop Session this", "Noche de Neón el"). */
const TRAILING_JOINER = /(?:\s+|^|(?<=[¡¿]))(?:this|next|on|at|the|and|am|an|um|ab|le|la|les|ce|cette|et|el|este|esta|y|neste|nesta|o|a|e|no|na|dieses|diesen|kommenden|coming|de|du|des|do|da|em|las|los|les|à|às|no\s+dia|el\s+día|le\s+jour|am\s+tag|dia|día|に|で|の|は|が|、)\s*$/iu;

/** The event's name inside a heading line: without the community before it, the date, place and performers after it. */
export function titleCore(clean: string, mentions: Mention[] = []): string | undefined {
  // 【告知】 before the words goes; 【ネオンナイト】 alone on its line is the name.
  const tagged = TAG.exec(clean);
  let s = clean.replace(TAG, '').replace(ANNOUNCE, '').replace(TAG, '').trim();
  if (!hasLetters(s, 1) && tagged) s = tagged[0].trim().slice(1, -1).replace(ANNOUNCE, '').trim();
  // "Neon Reverie: Rooftop Session", "Neon Reverie — Rooftop Session", "Neon Reverie presents …"
  const presents = PRESENTS.exec(s);
  if (presents && !hasTimeSignal(blankNames(presents[1], undefined).text)) s = presents[2] ?? '';
  const community = mentionIn(mentions, s.slice(0, 80), 'community');
  if (community) {
    const at = s.toLowerCase().indexOf(community.text.toLowerCase());
    const after = s.slice(at + community.text.length);
    const sep = /^\s*(?:[:：|｜/]|[-–—]{1,2}|\s[xX×]\s|主催(?:の|で)?)\s*/u.exec(after);
    if (at <= 2 && sep && /\p{L}/u.test(after)) s = after.slice(sep[0].length);
  }
  const hosted = HOSTED_BY.exec(s);
  if (hosted) s = s.slice(0, hosted.index);
  const segments = s.split(/\s+(?:—|–|-|\||·|\/\/|•)\s+|\s*[|•!?！？。]\s*|,\s+/u);
  // "Noches de Cumbia VR — Nuit Ambient", "Glitter Tide Crew — Vague Électrique vendredi…": two names
  // around a dash. A known community is the host, the other the title; neither known, both stay.
  const pair = /^(.+?)\s+[—–|]\s+(.+)$/u.exec(s.replace(/[!?！？。]+$/u, '').trim());
  if (pair && !GREETING.test(pair[1])) {
    const a = nameIn(pair[1], mentions);
    const b = nameIn(pair[2], mentions);
    const known = (v: string | undefined) => (v ? mentionIn(mentions, v) : undefined);
    const isName = (v: string | undefined, m = known(v)) => m && compact(m.text) === compact(v!);
    // The second name leads its part ("Vague Électrique vendredi…"); one after a date there is something else.
    const leads = b !== undefined && compact(pair[2]).replace(/^[^\p{L}\p{N}]+/u, '').startsWith(compact(b).replace(/^[^\p{L}\p{N}]+/u, ''));
    if (a && b && leads && !hasTimeSignal(a) && !hasTimeSignal(b)) {
      if (isName(a) && known(a)!.kind === 'community') return b;
      if ((isName(b) && known(b)!.kind === 'community') || WEAK_HEAD.test(a)) return WEAK_HEAD.test(a) ? b : a;
      if (!isName(a) && !isName(b) && !PERFORMERS_FROM.test(` ${pair[1]}`) && !PLACE_FROM.test(` ${pair[1]}`)) {
        const whole = tidyTitle(`${a} — ${b}`);
        if (whole) return whole;
      }
    }
  }
  for (let seg of segments) {
    seg = seg.trim();
    if (!seg || !hasLetters(seg)) continue;
    const named = nameIn(seg, mentions);
    if (named) return named;
  }
  return undefined;
}

/** Words before a date that do not name anything: "Rendez-vous le", "Nos vemos el", "今度の". */
const WEAK_HEAD = /^(?:rendez-vous|nos\s+vemos|see\s+you|join\s+us|meet\s+us|wir\s+sehen\s+uns|man\s+sieht\s+sich|on\s+se\s+voit|on\s+se\s+retrouve|a\s+gente\s+se\s+vê|vemo-nos|nos\s+encontramos|今度の|次回の|次の|来週の|今週の)?(?:\s*(?:le|el|la|on|am|no|na|o|a|at|the|this|next|coming|ce|cette|este|esta|diesen|nesta|neste|dia|día))*$/iu;
/** A clause that leads into a clock time: "Empezamos a las", "We start at", "Ça se passe de". */
const CLOCK_CLAUSE = /(?:^|\s)(?:a\s+las|a\s+la|at|à|às|um|ab|from|de|das|von|desde|dès)$/iu;
/** Words between a date and the name after it: "pour", "for", "zur", "em", "en". */
const TAIL_LEAD = /^(?:(?:pour|for|to|zu[rm]?|para|a|à|au|em|en|no|na|in|im|at|de)\s+|d'|[:\-–—、,]\s*)/iu;
/** Time words and what joins them: "23:30〜翌3:30（日本時間）", "de 22h à 2h", "19 Uhr MEZ". */
const TIME_JOINER = /^(?:[-–—~〜/·,.:()（）]+|de|du|à|a|au|to|till|until|bis|von|um|ab|y|e|et|and|und|às|das|dos|até|hasta|jusqu'à|et|from|h|uhr|hrs?|[ap]\.?m\.?)$/iu;

function timeRunEnd(seg: string, from: number): number {
  const re = /\S+/gu;
  re.lastIndex = from;
  let m: RegExpExecArray | null;
  let end = from;
  // A name holding a time word ("Friday Night Funk") ends the run.
  const blanked = blankNames(seg, undefined).text;
  while ((m = re.exec(seg))) {
    const t = m[0];
    if (/^\p{Lu}/u.test(t) && blanked.slice(m.index, m.index + t.length).trim() === '') break;
    // "18 mai": a month that is a date only beside its day.
    const dayBefore = /(?<!\S)(\d{1,2})\.?\s+$/u.exec(seg.slice(0, m.index));
    if (hasTimeSignal(t) || (dayBefore && hasTimeSignal(`${dayBefore[1]} ${t}`)) || TIME_JOINER.test(t) || /^[\d\p{P}\p{S}]+$/u.test(t) || ZONE_WORD.test(t)) {
      end = m.index + t.length;
      continue;
    }
    break;
  }
  return end;
}
const ZONE_WORD = /^[（(]?(?:日本時間|jst|cet|cest|mez|mesz|utc|gmt|et|pt|ct|est|edt|pst|pdt)[)）]?$/iu;

/** The name in one part of a heading: the words before its date, or after it when those only lead in. */
function nameIn(segment: string, mentions: Mention[]): string | undefined {
  let seg = segment;
  const cutAt = timeIndex(seg);
  const dayNumber = cutAt < seg.length ? /\s*\d{1,2}(?:st|nd|rd|th|er|º|ª|\.)?\s*(?:de\s+|of\s+)?$/u.exec(seg.slice(0, cutAt)) : null;
  const headRaw = seg.slice(0, cutAt - (dayNumber?.[0].length ?? 0));
  const tail = cutAt < seg.length ? seg.slice(timeRunEnd(seg, cutAt)).trim().replace(TAIL_LEAD, '').replace(TAIL_LEAD, '') : '';
  const headWords = tidyTitle(headRaw.replace(/^[¡¿\s]+/u, ''));
  const weak = !headWords || WEAK_HEAD.test(headWords);
  if (cutAt < seg.length && weak && tail && !CLOCK_CLAUSE.test(headRaw.trim())) {
    const fromTail = clean(tail, mentions);
    if (fromTail) return fromTail;
  }
  if (CLOCK_CLAUSE.test(headRaw.trim()) && hasClockSignal(seg.slice(cutAt, cutAt + 12))) return undefined;
  seg = segment;
  const perf = PERFORMERS_FROM.exec(` ${seg}`);
  if (perf) seg = ` ${seg}`.slice(0, perf.index).trim();
  const place = PLACE_FROM.exec(` ${seg}`);
  if (place) seg = ` ${seg}`.slice(0, place.index).trim();
  // Date words before the name ("12月5日 月夜の朗読会", "Ce samedi : …"): the leading ones go.
  const ws = seg.split(/\s+/);
  const blankedLead = blankNames(seg, undefined).text;
  let lead = 0;
  let timed = false;
  let offset = 0;
  while (lead < ws.length) {
    const w = ws[lead].replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    // A name holding a time word ("Friday Night Funk") starts the name, wherever it is…
    offset = lead === 0 ? 0 : seg.indexOf(ws[lead], offset);
    if (/^\p{Lu}/u.test(w) && blankedLead.slice(offset, offset + ws[lead].length).trim() === '') break;
    // So does a name the directory knows ("Les Nuits Pixel": its "Les" is no joiner).
    const rest = seg.slice(offset).toLowerCase();
    if (mentions.some((m) => rest.startsWith(m.text.toLowerCase()))) break;
    offset += ws[lead].length;
    if (w && onlyTime(ws.slice(0, lead + 1).join(' '))) timed = true;
    else if (!(w === '' || TRAILING_JOINER.test(` ${w}`))) break;
    lead++;
  }
  if (timed) seg = ws.slice(lead).join(' ');
  // The day's number before its month ("4 de julho", "13. Dezember") belongs to the date.
  const at = timeIndex(seg);
  const head = seg.slice(0, at).replace(at < seg.length ? /\s+\d{1,2}(?:st|nd|rd|th|er|º|ª|\.)?\s*(?:de\s+|of\s+)?$/u : /$^/u, '');
  return finishName(head);
}

/** A name from words after a date: without the place, the performers or a second date. */
function clean(text: string, mentions: Mention[]): string | undefined {
  let seg = text;
  const perf = PERFORMERS_FROM.exec(` ${seg}`);
  if (perf) seg = ` ${seg}`.slice(0, perf.index).trim();
  const place = PLACE_FROM.exec(` ${seg}`);
  if (place) seg = ` ${seg}`.slice(0, place.index).trim();
  seg = seg.slice(0, timeIndex(seg));
  const v = finishName(seg);
  if (!v) return undefined;
  // A known place or community after the date is not the event's name.
  const known = mentionIn(mentions, v);
  return known && compact(known.text) === compact(v) && known.kind !== 'person' ? undefined : v;
}

/** "Tanzsalon Do.", "Forró Digital qui.": a short weekday left at the end, its date cut off after it. */
const SHORT_WEEKDAY_END = /\s+(?:(?:Mo|Di|Mi|Do|Fr|Sa|So)\.|(?:mon|tue|wed|thu|fri|sat|sun|lun|mar|mer|jeu|ven|sam|dim|mié|jue|vie|sáb|dom|seg|ter|qua|qui|sex|sab)\.?)$/u;

function finishName(text: string): string | undefined {
  let seg = tidyTitle(text).replace(SHORT_WEEKDAY_END, '');
  for (let k = 0; k < 3; k++) seg = tidyTitle(seg.replace(TRAILING_VERB, '').replace(TRAILING_JOINER, ''));
  if (!seg || !hasLetters(seg) || onlyTime(seg)) return undefined;
  return seg;
}

/**
 * Where the date or time after a name begins. Names that hold time words are names (the time
 * engine's rule: "Midnight Garden", "Friday Night Funk"), and so is a weekday closing a capitalised
 * name with no date after it ("Techno Tuesday is back").
 */
/** "mer. 01/09", "Do., 30.07.", "sáb 12/12": a short weekday before a date in figures. */
const SHORT_WEEKDAY_DATE = /(?<![\p{L}])(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mo|di|mi|do|fr|sa|so|lun|mar|mer|jeu|ven|sam|dim|mié|jue|vie|sáb|dom|seg|ter|qua|qui|sex|sab)\.?,?\s+\d{1,2}[./]\d{1,2}/iu;

function timeIndex(seg: string): number {
  const short = SHORT_WEEKDAY_DATE.exec(seg)?.index ?? seg.length;
  return Math.min(short, timeIndexOf(seg));
}

function timeIndexOf(seg: string): number {
  const blanked = blankNames(seg, undefined).text;
  const first = timeSignalIndex(seg);
  let from = 0;
  for (;;) {
    const rest = blanked.slice(from);
    const i = timeSignalIndex(rest);
    if (i >= rest.length) break;
    const at = from + i;
    const word = /^\p{Lu}\p{Ll}+/u.exec(seg.slice(at))?.[0];
    const before = /(\p{Lu}[\p{L}'’-]*)\s+$/u.exec(seg.slice(0, at));
    const after = seg.slice(at + (word?.length ?? 0));
    if (word && before && hasTimeSignal(word) && after.trim() && !DATE_AFTER.test(after) && !hasTimeSignal(before[1]) && !hasTimeSignal(after.slice(0, 12))) {
      from = at + word.length;
      continue;
    }
    return firstInsideName(seg, blanked, first, at);
  }
  return firstInsideName(seg, blanked, first, seg.length);
}

/** What follows a day word that says the date: a number, a clock, "at". */
const DATE_AFTER = /^\s*(?:[,.]?\s*\d|the\s+\d|at\s|um\s|à\s|a\s+las\s|às\s|@|[-–—|·])/iu;

/** "Rooftop Session Saturday 9pm": a day word ending a name, with the date after it, is the date. */
function firstInsideName(seg: string, blanked: string, first: number, found: number): number {
  if (first >= found) return found;
  const word = /^[\p{L}]+/u.exec(seg.slice(first))?.[0] ?? '';
  const end = first + word.length;
  const endsName = blanked.slice(first, end).trim() === '' && (end >= blanked.length || blanked[end] !== ' ' || blanked.slice(end).trimStart().length !== blanked.slice(end).length);
  const rest = seg.slice(end);
  return endsName && (DATE_AFTER.test(rest) || !rest.trim() || hasTimeSignal(rest.slice(0, 14))) ? first : found;
}

/** A quoted name that is not a name of the directory. */
function quotedName(clean: string, mentions: Mention[]): string | undefined {
  const m = QUOTED.exec(clean);
  const v = m?.slice(1).find((g) => g !== undefined)?.trim();
  if (!v || !hasLetters(v) || onlyTime(v)) return undefined;
  const known = mentionIn(mentions, v);
  if (known && known.text.length >= v.length - 2) return undefined;
  return v;
}

interface TitlePick {
  value: string;
  excerpt: string;
  assessment: Evidence['assessment'];
  lines: number[];
}

/** "NEON NIGHTS — Sat Nov 28, 9pm EST": the part that is not the date. */
function titlePart(clean: string): string | undefined {
  const segments = clean.split(/\s+(?:—|–|-|\||·|\/\/|•|@)\s+|\s*[|•]\s*/u).map((s) => s.trim()).filter(Boolean);
  for (const seg of segments) {
    if (!hasLetters(seg)) continue;
    if (onlyTime(seg)) continue;
    if (hasTimeSignal(seg) && segments.length > 1) continue;
    return seg;
  }
  return undefined;
}

function tidyTitle(s: string): string {
  return s
    // "TONIGHT!! Bass Haven Takeover": the day word belongs to the date, not the name.
    .replace(/^(?:tonight|today|tomorrow|this\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|heute|ce\s+soir|hoy|hoje|今夜|今日)\s*[!:.,\-–—|]+\s*(?=\S)/iu, '')
    .replace(/^(?:TONIGHT|TODAY|TOMORROW)\s+(?=\p{Lu})/u, '')
    .replace(/^[^\p{L}\p{N}"'“‘(\[¡¿]+/u, '')
    .replace(/[^\p{L}\p{N}!?)\]"'”’.]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** OCR strays between words of a poster heading: lone bars, quotes, underscores. */
const posterTidy = (s: string) => s.replace(/(^|\s)[|_~'"`»«•.]+(?=\s|$)/gu, '$1').replace(/\s+/g, ' ').trim();

/** A poster's layout (index-aligned with the lines) and the directory's names, for `posterTitle`. */
export interface PosterLayout {
  lines: PosterLayoutLine[];
  isDirectoryName: (line: string) => boolean | 'community' | 'world';
}

export function findTitle(lines: Line[], used: Set<number>, origin: Origin, minWords: number, mentions: Mention[] = [], poster?: PosterLayout): TitlePick | undefined {
  if (origin === 'poster' && poster) {
    const byLayout = posterTitle(poster.lines, poster.isDirectoryName, used);
    const value = byLayout && tidyTitle(posterTidy(byLayout.value));
    if (byLayout && value && hasLetters(value)) return pick(value, lines[byLayout.lines[0]], byLayout.lines, lines);
  }
  // "Name: Glow Party" says it outright, wherever it stands.
  for (const line of lines) {
    const lab = used.has(line.index) ? undefined : labelled(line.clean);
    const v = lab?.kind === 'title' ? tidyTitle(lab.value) : '';
    if (v && hasLetters(v)) return pick(v, line, [line.index]);
  }
  // 「月夜の朗読会」, “Rooftop Session”: a quoted name in the first lines says it outright.
  for (const line of lines.filter((l) => l.clean && !used.has(l.index)).slice(0, 6)) {
    if (labelled(line.clean)) continue;
    const q = quotedName(line.clean, mentions);
    if (q) return { value: clip(q, LIMIT.title), excerpt: line.raw, assessment: 'explicit', lines: [line.index] };
  }
  let fallback: TitlePick | undefined;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    const clean = origin === 'poster' ? posterTidy(line.clean) : line.clean;
    if (used.has(line.index) || !clean || !hasLetters(clean)) continue;
    const lab = labelled(clean);
    if (lab?.kind === 'title') {
      const v = tidyTitle(lab.value);
      if (v && hasLetters(v)) return pick(v, line, [line.index]);
      continue;
    }
    if (lab) continue;
    if (sectionHeader(clean)) continue;
    const noUrl = clean.replace(URL_RE, ' ').trim();
    if (!hasLetters(noUrl) || words(noUrl).length === 0) continue;
    if (DOMAIN_LIKE.test(noUrl) && words(noUrl).length <= 2) continue;
    if (GREETING.test(clean.replace(/^[¡¿\s]+/u, '')) && words(clean).length <= 12) continue;
    const candidate = noUrl.replace(AT_WORLD, ' ').trim();
    if (onlyTime(candidate)) continue;
    // Prose names the event in words such as "join us for X", or in a short name that opens it.
    const ws = words(candidate);
    const long = ws.length > 14 && ws.filter((w) => /^\p{Ll}/u.test(w)).length > ws.length / 2;
    const inv = INVITED.exec(candidate);
    const invited = inv ? titleCore(inv[1], mentions) : undefined;
    if (invited && wordCount(invited) >= minWords && words(invited).length <= 8) return { value: clip(invited, LIMIT.title), excerpt: line.raw, assessment: 'inferred', lines: [] };
    const core = titleCore(candidate, mentions);
    if (!core || wordCount(core) < minWords) continue;
    if (long && words(core).length > 6) continue;
    // The name of a sentence: the sentence still describes the event.
    if (long) return { value: clip(core, LIMIT.title), excerpt: line.raw, assessment: 'inferred', lines: [] };
    let value = core;
    // A line that is only the community's name: the event's own name may follow it.
    const community = mentionIn(mentions, value, 'community');
    if (community && compact(community.text) === compact(value)) {
      fallback ??= pick(value, line, [line.index]);
      continue;
    }
    const indices = [line.index];
    // Posters break a title over lines ("NEON" / "NIGHTS"): join short upper-case lines that follow.
    if (origin === 'poster' && words(value).length <= 3) {
      for (let j = k + 1; j < lines.length && j <= k + 3; j++) {
        const next = posterTidy(lines[j].clean);
        if (!next || used.has(lines[j].index) || labelled(next) || hasTimeSignal(next) || HAS_URL.test(next)) break;
        const n = tidyTitle(next);
        if (!n || words(n).length > 3 || n !== n.toUpperCase() || !hasLetters(n) || (value + ' ' + n).length > 60) break;
        value = `${value} ${n}`;
        indices.push(lines[j].index);
      }
    }
    return pick(value, line, indices, lines);
  }
  return fallback;
}

/** "join us for Rooftop Session on Saturday": the words after the invitation. */
const INVITED = /(?:invite\s+you\s+to|los\s+invitamos\s+a|les\s+invitamos\s+a|convidamos\s+vocês\s+para|convidamos\s+você\s+para|wir\s+laden\s+euch(?:\s+herzlich)?\s+zu[rm]?|steigt\s+(?:wieder|endlich|erneut)|wir\s+feiern\s+(?:wieder|erneut)|our\s+next\s+night,|join\s+us\s+(?:for|at)|come\s+(?:to|join)|welcome\s+to|lädt\s+(?:euch|dich|sie)\s+(?:zu[rm]?|ein\s+zu[rm]?)|laden\s+euch\s+(?:zu[rm]?)|willkommen\s+(?:zu[rm]?|bei)|vous\s+invite\s+à|vous\s+invitons\s+à|rejoignez[- ]nous\s+pour|te\s+invitamos\s+a|os\s+invitamos\s+a|únete\s+a|convidamos\s+(?:você|vocês)\s+para|venha\s+para|venham\s+para)\s+(?:the\s+|our\s+|la\s+|le\s+|l'|el\s+|al\s+|a\s+|o\s+|unserer?\s+|unserem\s+|notre\s+|nuestra\s+|nuestro\s+|nossa\s+|nosso\s+)?(.+)$/iu;

function pick(value: string, line: Line, indices: number[], lines?: Line[]): TitlePick {
  const shortened = value.length > LIMIT.title;
  const joined = indices.length > 1;
  const excerpt = joined && lines ? indices.map((i) => lines[i].raw).join(' / ') : line.raw;
  return { value: clip(value, LIMIT.title), excerpt, assessment: shortened || joined ? 'inferred' : 'explicit', lines: indices };
}
