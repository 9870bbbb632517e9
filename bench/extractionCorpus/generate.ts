/**
 * The seeded generator: `generateCase(seed, index)` draws a language, a shape and its variants,
 * the announcement's meaning, writes it, and computes what a right extraction is. Each case has
 * its own random stream, so `${seed}:${index}` regenerates it alone.
 */
import { caseRng, int, pick, type Rng } from '../timeGenerated/prng.js';
import { formatDate, formatTime, hhmm, LANGS, withZone, type Lang } from './lang.js';
import {
  DIRECTORY, PHRASES, TITLES, addMinutes, dateStyle, drawCommunity, drawPeople, drawVenue, drawWhen, rowStyles, timeText, timedRows, whenText, writeRow,
  type Built, type ExtractionCase, type Meaning, type RowStyle, type Shape,
} from './templates.js';
import { PEOPLE, UNKNOWN } from './directory.js';

export const DEFAULT_SEED = 20261128;

type CommunityForm = 'colon' | 'dash' | 'presents' | 'hosted' | 'person-host' | 'none';

const URL_HOSTS = ['https://example.org/e/', 'https://events.example.net/', 'https://vrc.example.com/events/'];

function drawMeaning(r: Rng, lang: Lang, o: { relative: 'tonight' | 'tomorrow' | 'weekday' | null; late: boolean; openEnd: boolean }): Meaning {
  const w = drawWhen(r, lang, { relative: o.relative, stateZone: r() < 0.55, late: o.late, openEnd: o.openEnd });
  const title = pick(r, TITLES[lang]);
  return {
    lang,
    draftZone: w.draftZone,
    zoneWord: w.zoneWord,
    zone: w.zone,
    ref: w.ref,
    day: w.day,
    relative: o.relative === 'weekday' ? null : o.relative,
    start: w.start,
    end: w.end,
    title,
    community: r() < 0.85 ? drawCommunity(r, lang) : null,
    venue: r() < 0.9 ? drawVenue(r) : null,
    rows: [],
    url: r() < 0.6 ? `${pick(r, URL_HOSTS)}${title.normalize('NFKD').replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'event'}-${int(r, 10, 99)}` : null,
  };
}

const newBuilt = (shape: Shape): Built => ({
  shape, lines: [], classes: new Set(), variant: [], poster: [], alsoRight: {}, communityNamed: false, rows: [], venueStated: false, urlStated: false, titleStated: true, endStated: true,
});

/** The title line and community line for a community form. */
function titleAndCommunity(r: Rng, m: Meaning, b: Built, form: CommunityForm): { titleLine: string; communityLine: string | null } {
  const P = PHRASES[m.lang];
  const c = m.community;
  b.variant.push(`community:${c ? form : 'none'}`);
  if (form === 'person-host') {
    const host = r() < 0.5 ? pick(r, PEOPLE).displayName : pick(r, UNKNOWN.person);
    b.classes.add('c5-person-host');
    b.alsoRight.optionalPerformers = [host];
    return { titleLine: m.title, communityLine: pick(r, P.hostedBy(host)) };
  }
  if (!c || form === 'none') return { titleLine: m.title, communityLine: null };
  b.communityNamed = true;
  b.classes.add('c5-community-form');
  switch (form) {
    case 'colon': {
      const line = m.lang === 'ja' ? `${c.written}「${m.title}」` : `${c.written}: ${m.title}`;
      b.alsoRight.title = [...new Set([line, `${c.written}: ${m.title}`])];
      return { titleLine: line, communityLine: null };
    }
    case 'dash': {
      const line = `${c.written} — ${m.title}`;
      b.alsoRight.title = [line];
      return { titleLine: line, communityLine: null };
    }
    case 'presents': {
      const line = P.presents(c.written, m.title);
      b.alsoRight.title = [line];
      return { titleLine: line, communityLine: null };
    }
    default:
      return { titleLine: m.title, communityLine: pick(r, P.hostedBy(c.written)) };
  }
}

function pickForm(r: Rng): CommunityForm {
  return pick(r, ['colon', 'dash', 'presents', 'hosted', 'hosted', 'person-host', 'none'] as CommunityForm[]);
}

/** The lineup: timed rows in one style, or an inline list. */
function lineupLines(r: Rng, m: Meaning, b: Built, inline: boolean): { lines: string[]; inlineText: string | null } {
  const P = PHRASES[m.lang];
  // As many performers as the night has room for (slots of up to 90 minutes).
  const room = m.end ? Math.max(1, Math.floor((m.end.h * 60 + m.end.m - m.start.h * 60 - m.start.m) / 90)) : 4;
  const people = drawPeople(r, m.lang, Math.min(int(r, 1, 4), room));
  if (inline || !m.end) {
    const text = pick(r, P.withList(people.map((p) => p.written)));
    b.rows = people.map((p) => ({ name: p, start: null, end: null }));
    b.classes.add('c3-inline-performers');
    if (m.lang === 'fr' && / et /.test(text)) b.classes.add('c6-zone-lookalike');
    b.variant.push(`lineup:inline-${text.split(' ')[0].replace(/[:：].*/, '')}`);
    return { lines: [], inlineText: text };
  }
  let style: RowStyle = pick(r, rowStyles(m.lang));
  const rows0 = timedRows(r, m, people, style);
  if (style === 'range-name' && m.lang === 'en' && rows0.some((x) => x.start!.h < 13 || x.end!.h > 23 || x.start!.m !== 0 || x.end!.m !== 0)) style = 'name-dash-time';
  if (style === 'range-name' && rows0.some((x) => x.start!.m !== 0 || x.end!.m !== 0)) style = 'full-range';
  const rows = style === 'b2b' || style === 'role' ? rows0 : timedRows(r, m, people, style);
  b.variant.push(`lineup:${style}`);
  b.classes.add('c3-inline-performers');
  const lines: string[] = [];
  b.alsoRight.rowEnds = {};
  rows.forEach((row, i) => {
    const w = writeRow(m.lang, row, style, r);
    lines.push(w.text);
    if (!w.endWritten) {
      b.alsoRight.rowEnds![i] = row.end ? hhmm(row.end) : null;
      b.rows.push({ ...row, end: null });
    } else b.rows.push(row);
  });
  if (r() < 0.35) {
    // Lines inside the lineup block that are not performers: the zone of the schedule, doors.
    const note = m.zoneWord ? pick(r, P.zoneNote(m.zoneWord.text)) : pick(r, P.doors(formatTime(m.lang, addMinutes(m.start, -30), 0)));
    if (m.zoneWord && m.lang === 'fr' && r() < 0.5) lines.splice(0, 0, `(${m.zoneWord.text}) ${formatTime('fr', addMinutes(m.start, -30), 0)} : ouverture des portes`);
    else lines.splice(r() < 0.5 ? 0 : lines.length, 0, note);
    b.classes.add('c4-not-performer-lines');
    if (!m.zoneWord) b.classes.add('c8-doors-rehearsal');
  }
  return { lines, inlineText: null };
}

function distractor(r: Rng, m: Meaning, b: Built): string | null {
  if (r() < 0.55) return null;
  const P = PHRASES[m.lang];
  const kind = pick(r, ['doors', 'doors', 'rehearsal', 'other'] as const);
  b.classes.add('c8-doors-rehearsal');
  b.variant.push(`distractor:${kind}`);
  if (kind === 'doors') return pick(r, P.doors(formatTime(m.lang, addMinutes(m.start, -pick(r, [30, 60])), 0)));
  if (kind === 'rehearsal') return pick(r, P.rehearsal(formatTime(m.lang, addMinutes(m.start, -pick(r, [120, 180])), 0)));
  return pick(r, P.otherTime(formatTime(m.lang, { h: pick(r, [3, 4]), m: 0 }, 0)));
}

function venueLine(r: Rng, m: Meaning, b: Built, inline: boolean): string | null {
  if (!m.venue) return null;
  b.venueStated = true;
  b.classes.add(m.venue.known ? 'c1-world-inline' : 'c1-venue-unknown');
  const P = PHRASES[m.lang];
  if (inline) return pick(r, P.at(m.venue.written));
  return `${P.labels.venue}: ${m.venue.written}`;
}

function tagWhen(m: Meaning, b: Built, weekdayDate: boolean) {
  if (m.relative || weekdayDate) b.classes.add('c7-relative-date');
  if (m.zoneWord) b.classes.add('c6-zone-word');
  if ((m.end && m.end.h >= 24) || m.start.h >= 24) b.classes.add('c7-late-night');
}

function posterOf(m: Meaning, b: Built, titleLine: string, communityLine: string | null, dateLine: string, time: string) {
  const p = b.poster;
  p.push({ text: titleLine, role: 'title' });
  if (communityLine) p.push({ text: communityLine, role: 'community' });
  p.push({ text: dateLine, role: 'date' });
  p.push({ text: time, role: 'time' });
  if (b.venueStated && m.venue) p.push({ text: m.venue.written, role: 'venue' });
  for (const row of b.rows) p.push({ text: row.start ? `${m.lang === 'ja' ? `${row.start.h}:${String(row.start.m).padStart(2, '0')}` : hhmm(row.start)} ${row.name.written}` : row.name.written, role: 'lineup' });
  if (b.urlStated && m.url) p.push({ text: m.url, role: 'url' });
}

// ---------------------------------------------------------------------------------------------
// Shapes

const EMOJI = ['🎉', '🎶', '✨', '🌙', '🔥', '🪩', '🎧'];

function discord(r: Rng, lang: Lang): { m: Meaning; b: Built } {
  const relative = pick(r, [null, null, 'tonight', 'tomorrow', 'weekday'] as const);
  const m = drawMeaning(r, lang, { relative, late: lang === 'ja' && r() < 0.4, openEnd: r() < 0.1 });
  const b = newBuilt('discord');
  const P = PHRASES[lang];
  const { titleLine, communityLine } = titleAndCommunity(r, m, b, pickForm(r));
  const e = pick(r, EMOJI);
  const head = pick(r, [`# ${e} ${titleLine} ${e}`, `**${titleLine}**`, `${e}${e} **${titleLine}** ${e}${e}`, `## ${titleLine}`]);
  b.variant.push(`head:${head.slice(0, 2)}`);
  if (head.includes(e)) b.classes.add('c2-title-in-prose');
  const style = relative === 'weekday' ? 'weekday-date' : dateStyle(r, lang);
  const date = whenText(m, r, style);
  const time = timeText(m, r, r() < 0.6);
  const lineup = lineupLines(r, m, b, r() < 0.3);
  const venue = venueLine(r, m, b, r() < 0.6);
  const dis = distractor(r, m, b);
  tagWhen(m, b, style === 'weekday-date');
  const L = b.lines;
  if (r() < 0.5) L.push('@everyone');
  L.push(head);
  if (communityLine) L.push(r() < 0.5 ? communityLine : `*${communityLine}*`);
  L.push('');
  if (r() < 0.5) L.push(`📅 **${date}** · ⏰ ${time}`);
  else L.push(`📅 ${date}`, `⏰ ${time}`);
  if (venue) L.push(`📍 ${venue}`);
  if (dis) L.push(dis);
  if (lineup.inlineText) L.push(`🎧 ${lineup.inlineText}`);
  else {
    L.push('', `🎧 **${P.labels.lineup}**`);
    L.push(...lineup.lines.map((l) => pick(r, ['- ', '• ', '> ', '']) + l));
  }
  if (m.url) {
    b.urlStated = true;
    L.push('', `🔗 ${m.url}`);
  }
  if (r() < 0.4) L.push(pick(r, P.hype));
  if (P.lookalike.length && r() < 0.25) {
    L.push(pick(r, P.lookalike));
    b.classes.add('c6-zone-lookalike');
  }
  posterOf(m, b, titleLine, communityLine, date, time);
  return { m, b };
}

function oneLiner(r: Rng, lang: Lang): { m: Meaning; b: Built } {
  const relative = pick(r, ['tonight', 'tomorrow', 'weekday', null] as const);
  const m = drawMeaning(r, lang, { relative, late: lang === 'ja' && r() < 0.4, openEnd: r() < 0.1 });
  const b = newBuilt('one-liner');
  const form = pick(r, ['colon', 'colon', 'dash', 'presents', 'none'] as CommunityForm[]);
  const { titleLine } = titleAndCommunity(r, m, b, form);
  const style = relative === 'weekday' ? 'weekday-date' : dateStyle(r, lang);
  const date = whenText(m, r, style);
  const time = timeText(m, r, r() < 0.6);
  const venue = venueLine(r, m, b, true);
  const lineup = lineupLines(r, m, b, true);
  tagWhen(m, b, style === 'weekday-date');
  const parts = lang === 'ja' ? [date, time, titleLine, venue ? `@${m.venue!.written}` : '', lineup.inlineText ?? ''] : [titleLine, date, time, venue ?? '', lineup.inlineText ?? ''];
  if (lang === 'ja' && venue) b.venueStated = true;
  b.lines.push(parts.filter(Boolean).join(' ') + (r() < 0.3 ? ` ${pick(r, ['🔥', '!!', '🎶'])}` : ''));
  posterOf(m, b, titleLine, null, date, time);
  return { m, b };
}

function letter(r: Rng, lang: Lang): { m: Meaning; b: Built } {
  const m = drawMeaning(r, lang, { relative: null, late: lang === 'ja' && r() < 0.3, openEnd: r() < 0.15 });
  const b = newBuilt('letter');
  const P = PHRASES[lang];
  const form = pick(r, ['hosted', 'person-host', 'none', 'none'] as CommunityForm[]);
  const { communityLine } = titleAndCommunity(r, m, b, form === 'none' && m.community ? 'hosted' : form);
  const date = formatDate(lang, m.day, pick(r, ['long', 'numeric']));
  const zoned = (t: string) => withZone(lang, t, m.zoneWord);
  const start = zoned(formatTime(lang, m.start, 0));
  const end = m.end ? formatTime(lang, m.end, 0) : null;
  b.endStated = !!m.end;
  const L = b.lines;
  L.push(pick(r, P.greeting), '');
  if (r() < 0.5) {
    L.push(pick(r, P.invite(m.title, date)));
  } else {
    L.push(pick(r, P.inviteProse(m.title)));
    L.push(lang === 'ja' ? `日にちは${date}です。` : `${P.labels.date}: ${date}${date.endsWith('.') ? '' : '.'}`);
    b.classes.add('c2-title-in-prose');
  }
  b.variant.push('letter:invite');
  L.push(pick(r, P.times(start, end)));
  const dis = distractor(r, m, b);
  if (dis) L.push(dis);
  if (m.venue) {
    b.venueStated = true;
    b.classes.add(m.venue.known ? 'c1-world-inline' : 'c1-venue-unknown');
    L.push(pick(r, P.venueSentence(m.venue.written)));
  }
  const people = drawPeople(r, lang, int(r, 1, 3));
  b.rows = people.map((p) => ({ name: p, start: null, end: null }));
  const ls = pick(r, P.lineupSentence(people.map((p) => p.written))).replace(/\.\.$/, '.');
  if (lang === 'fr' && / et /.test(ls)) b.classes.add('c6-zone-lookalike');
  b.classes.add('c3-inline-performers');
  L.push(ls);
  if (P.lookalike.length && r() < 0.3) {
    L.push(pick(r, P.lookalike));
    b.classes.add('c6-zone-lookalike');
  }
  L.push('', pick(r, P.closing));
  if (communityLine) L.push(r() < 0.5 ? communityLine : `— ${communityLine}`);
  if (m.url) {
    b.urlStated = true;
    L.push(m.url);
  }
  tagWhen(m, b, false);
  posterOf(m, b, m.title, communityLine, date, m.end ? `${start} – ${end}` : start);
  return { m, b };
}

function labelled(r: Rng, lang: Lang): { m: Meaning; b: Built } {
  const relative = pick(r, [null, null, null, 'tomorrow', 'weekday'] as const);
  const m = drawMeaning(r, lang, { relative, late: lang === 'ja' && r() < 0.3, openEnd: r() < 0.1 });
  const b = newBuilt('labelled');
  const P = PHRASES[lang];
  const form = pickForm(r);
  const { titleLine, communityLine } = titleAndCommunity(r, m, b, form === 'hosted' || form === 'person-host' ? form : pick(r, [form, 'hosted'] as CommunityForm[]));
  const style = relative === 'weekday' ? 'weekday-date' : dateStyle(r, lang);
  const date = whenText(m, r, style);
  const time = timeText(m, r, r() < 0.6);
  const lineup = lineupLines(r, m, b, r() < 0.25);
  const L = b.lines;
  L.push(r() < 0.5 ? titleLine : `**${titleLine}**`, '');
  L.push(`${P.labels.date}: ${date}`, `${P.labels.time}: ${time}`);
  const dis = distractor(r, m, b);
  if (dis) L.push(dis);
  const venue = venueLine(r, m, b, false);
  if (venue) L.push(venue);
  if (communityLine) {
    // "Host: X" keeps the community's (or the person's) name alone after the label.
    const name = b.communityNamed ? m.community!.written : b.alsoRight.optionalPerformers![0];
    L.push(r() < 0.5 ? `${P.labels.host}: ${name}` : communityLine);
  }
  if (lineup.inlineText) L.push(`${P.labels.lineup}: ${lineup.inlineText.replace(/^(w\/|with|mit|avec|con|com|feat\.|出演[:：])\s*/u, '')}`);
  else L.push(`${P.labels.lineup}:`, ...lineup.lines);
  if (m.url) {
    b.urlStated = true;
    L.push(`${P.labels.info}: ${m.url}`);
  }
  tagWhen(m, b, style === 'weekday-date');
  posterOf(m, b, titleLine, communityLine, date, time);
  return { m, b };
}

function lineupList(r: Rng, lang: Lang): { m: Meaning; b: Built } {
  const m = drawMeaning(r, lang, { relative: pick(r, [null, null, 'tonight'] as const), late: lang === 'ja' && r() < 0.5, openEnd: false });
  const b = newBuilt('lineup-list');
  const P = PHRASES[lang];
  const { titleLine, communityLine } = titleAndCommunity(r, m, b, pick(r, ['colon', 'none', 'presents'] as CommunityForm[]));
  const date = whenText(m, r, dateStyle(r, lang));
  const time = timeText(m, r, r() < 0.5);
  const lineup = lineupLines(r, m, b, false);
  const L = b.lines;
  L.push(`**${titleLine}** — ${date}`, time);
  if (m.venue && r() < 0.7) L.push(venueLine(r, m, b, true)!);
  const dis = distractor(r, m, b);
  L.push('');
  const block = [...lineup.lines];
  if (dis) block.splice(int(r, 0, block.length), 0, dis);
  L.push(...block);
  if (m.url && r() < 0.5) {
    b.urlStated = true;
    L.push('', m.url);
  }
  tagWhen(m, b, false);
  posterOf(m, b, titleLine, communityLine, date, time);
  return { m, b };
}

function jaLabelled(r: Rng): { m: Meaning; b: Built } {
  const m = drawMeaning(r, 'ja', { relative: pick(r, [null, null, null, 'tonight'] as const), late: r() < 0.5, openEnd: r() < 0.1 });
  const b = newBuilt('ja-labelled');
  const c = m.community;
  const form = pick(r, ['hosted', 'presents', 'prose', 'person-host', 'none'] as const);
  let titleLine = `「${m.title}」`;
  let communityLine: string | null = null;
  if (form === 'person-host') communityLine = titleAndCommunity(r, m, b, 'person-host').communityLine;
  else if (c && form !== 'none') {
    b.communityNamed = true;
    b.classes.add('c5-community-form');
    b.variant.push(`community:${form}`);
    if (form === 'presents') {
      titleLine = `${c.written} presents「${m.title}」`;
      b.alsoRight.title = [`${c.written} presents「${m.title}」`];
    } else if (form === 'prose') {
      titleLine = `${c.written}で「${m.title}」開催します！`;
      b.classes.add('c2-title-in-prose');
    }
    communityLine = `■主催：${c.written}`;
  }
  const date = m.relative ? `${pick(r, ['今夜', '本日'])}` : formatDate('ja', m.day, pick(r, ['long', 'short']));
  const time = m.end ? `${m.start.h}:${String(m.start.m).padStart(2, '0')}〜${m.end.h >= 24 && r() < 0.4 ? `翌${m.end.h - 24}:${String(m.end.m).padStart(2, '0')}` : `${m.end.h}:${String(m.end.m).padStart(2, '0')}`}` : `${m.start.h}:${String(m.start.m).padStart(2, '0')}〜`;
  const zoned = withZone('ja', time, m.zoneWord);
  const L = b.lines;
  L.push(pick(r, ['【告知】', '【イベント告知】', '📢【告知】']), titleLine, '');
  const doors = r() < 0.5;
  if (doors) {
    b.classes.add('c8-doors-rehearsal');
    L.push(`■日時：${date} OPEN ${formatTime('ja', addMinutes(m.start, -30), 0)} / START ${formatTime('ja', m.start, 0)}${m.zoneWord ? `（${m.zoneWord.text}）` : ''}`);
    if (m.end) L.push(`■終了：${m.end.h}:${String(m.end.m).padStart(2, '0')}`);
  } else L.push(`■日時：${date} ${zoned}`);
  if (m.venue) {
    b.venueStated = true;
    b.classes.add(m.venue.known ? 'c1-world-inline' : 'c1-venue-unknown');
    L.push(`■会場：${m.venue.written}`);
  }
  const lineup = lineupLines(r, m, b, r() < 0.4);
  if (lineup.inlineText) L.push(`■${lineup.inlineText}`);
  else L.push('■タイムテーブル', ...lineup.lines);
  if (communityLine) L.push(communityLine.startsWith('■') ? communityLine : `■${communityLine}`);
  if (m.url) {
    b.urlStated = true;
    L.push(`■詳細：${m.url}`);
  }
  if (r() < 0.5) L.push('', pick(r, ['皆様のご来場お待ちしております！', 'お気軽にどうぞ〜']));
  tagWhen(m, b, false);
  if (m.relative) b.classes.add('c7-relative-date');
  posterOf(m, b, titleLine, communityLine, date, zoned);
  return { m, b };
}

function notAnnouncement(r: Rng, lang: Lang): { m: Meaning; b: Built } {
  const m = drawMeaning(r, lang, { relative: null, late: false, openEnd: false });
  const b = newBuilt('not-announcement');
  const P = PHRASES[lang];
  const kind = pick(r, P.notAnnouncement);
  const [a, bb] = drawPeople(r, lang, 2);
  const text = kind.text({
    title: m.title,
    community: m.community?.written ?? pick(r, UNKNOWN.community),
    venue: m.venue?.written ?? pick(r, UNKNOWN.world),
    a: a.written,
    b: bb.written,
    time: formatTime(lang, { h: pick(r, [21, 22, 2, 3]), m: 0 }, 0),
    url: `https://forms.example.org/${kind.kind}-${int(r, 100, 999)}`,
    date: formatDate(lang, m.day, 'numeric'),
  });
  b.lines.push(...text.split('\n'));
  b.notAnnouncement = true;
  b.classes.add('c2-not-announcement');
  b.variant.push(`kind:${kind.kind}`);
  b.poster = b.lines.map((t) => ({ text: t, role: 'other' as const }));
  return { m, b };
}

// ---------------------------------------------------------------------------------------------

const SHAPE_WEIGHTS: [Shape, number][] = [
  ['discord', 5], ['one-liner', 3], ['letter', 3], ['labelled', 4], ['lineup-list', 3], ['ja-labelled', 0], ['not-announcement', 2],
];

function drawShape(r: Rng, lang: Lang): Shape {
  const weights = SHAPE_WEIGHTS.map(([s, w]) => [s, s === 'ja-labelled' && lang === 'ja' ? 5 : w] as const);
  const total = weights.reduce((n, [, w]) => n + w, 0);
  let x = r() * total;
  for (const [s, w] of weights) {
    if ((x -= w) < 0) return s;
  }
  return 'discord';
}

export function generateCase(seed: number, index: number): ExtractionCase {
  const r = caseRng(seed, index);
  const language = LANGS[index % LANGS.length];
  const shape = drawShape(r, language);
  const { m, b } =
    shape === 'discord' ? discord(r, language)
    : shape === 'one-liner' ? oneLiner(r, language)
    : shape === 'letter' ? letter(r, language)
    : shape === 'labelled' ? labelled(r, language)
    : shape === 'lineup-list' ? lineupList(r, language)
    : shape === 'ja-labelled' ? jaLabelled(r)
    : notAnnouncement(r, language);
  return finish(`${seed}:${index}`, m, b);
}

/** What a right extraction is, from the meaning and what the text states. */
function finish(id: string, m: Meaning, b: Built): ExtractionCase {
  // A name or date that ends in a dot also ends its sentence ("Marlene K.", "am 13.12.").
  const base = { id, language: m.lang, shape: b.shape, text: b.lines.map((l) => l.replace(/([^.\s])\.\.(?=\s|$)/g, '$1.')).join('\n'), timeZone: m.draftZone, referenceInstant: m.ref.toMillis(), poster: { lines: b.poster } };
  const template = `${m.lang}/${b.shape}/${[...b.variant].sort().join(',')}`;
  const classes = [...b.classes].sort();
  if (b.notAnnouncement) {
    const event = { title: null, communitySlug: null, eventDate: null, start: null, end: null, timezone: null, venueLabel: null, sourceUrl: null };
    return { ...base, expected: { event, lineup: [], notAnnouncement: true }, template, classes, alsoRight: {} };
  }
  const startDay = m.day.plus({ days: Math.floor(m.start.h / 24) });
  const alsoRight = { ...b.alsoRight, timezone: m.zoneWord ? m.zoneWord.also : [null] };
  return {
    ...base,
    expected: {
      event: {
        title: b.titleStated ? m.title : null,
        communitySlug: b.communityNamed ? (m.community?.slug ?? null) : null,
        eventDate: startDay.toISODate(),
        start: hhmm(m.start),
        end: b.endStated && m.end ? hhmm(m.end) : null,
        timezone: m.zone,
        venueLabel: b.venueStated && m.venue ? m.venue.expected : null,
        sourceUrl: b.urlStated ? m.url : null,
      },
      lineup: b.rows.map((row) => ({ performerLabel: row.name.written, personSlug: row.name.slug, start: row.start ? hhmm(row.start) : null, end: row.end ? hhmm(row.end) : null })),
    },
    template,
    classes,
    alsoRight,
  };
}

export function generateCases(seed: number, count: number): ExtractionCase[] {
  return Array.from({ length: count }, (_, i) => generateCase(seed, i));
}

export { DIRECTORY };
