/**
 * Extraction (contract 2.6): reads an event announcement (pasted chat text, or a poster's text
 * as OCR recognised it) and proposes draft fields with evidence and open questions. Pure apart
 * from the injected directory lookup: it never writes, and never guesses where the text does not
 * settle a value (the field stays null and a question is asked instead).
 *
 * Dates and times are read by the project's time engine; everything else here is line-level
 * heuristics over the cleaned text (markdown, emoji and Discord markup removed).
 *
 * This module composes the readers, in an order that matters (each marks the lines it used):
 *   text.ts        the announcement as cleaned lines      lineupRows.ts  lineup rows as written
 *   timeReading.ts the time engine, zone and languages    dateTime.ts    day, start, end, zone, doors
 *   lineup.ts      row times placed, people looked up     urls.ts        the event page address
 *   community.ts   the host                                title.ts       the title
 *   venue.ts       the venue or world                      summary.ts     the description
 *   merge.ts       a text result merged with a poster's   evidence.ts    the result being built
 *   posterText.ts  a poster's OCR lines cleaned first     posterTitle.ts a poster's title by layout
 *   posterBlock.ts a poster's bare place and name lines
 * with fields.ts (types and limits), labels.ts ("Label: value" lines), timeWords.ts (date, time
 * and zone words, from the engine's lists) and lookup.ts (directory matches) shared by them.
 */
import { findCommunity, readCommunity } from './community.js';
import { readDateTime } from './dateTime.js';
import { Draft } from './evidence.js';
import { cut, type ExtractionInput, type ExtractionResult, LIMIT, ptr } from './fields.js';
import { readPeople, resolveLineup } from './lineup.js';
import { readMentions } from './mentions.js';
import { nameKey } from '../../../lib/searchText.js';
import { readRows } from './lineupRows.js';
import { DateTime } from 'luxon';
import { notAnEventCue } from './notice.js';
import { readSummary } from './summary.js';
import { splitLines, words } from './text.js';
import { timeContext } from './timeReading.js';
import { directoryNames, posterLayout } from './posterTitle.js';
import { readPosterBlock, setPosterVenue } from './posterBlock.js';
import { askAboutDoubtfulLines, preparePosterText } from './posterText.js';
import { findTitle } from './title.js';
import { readSourceUrl } from './urls.js';
import { readVenue } from './venue.js';

export type { DirectoryEntry, DirectoryLookup, ExtractionInput, ExtractionResult } from './fields.js';
export { mergeExtractions } from './merge.js';

export async function extractEvent(input: ExtractionInput): Promise<ExtractionResult> {
  const draft = new Draft(input.origin === 'poster' ? 'poster' : 'text');
  try {
    await extractInto(draft, input);
  } catch {
    // A defect must not lose the contributor's paste: what was read so far is still a proposal.
  }
  return draft.result();
}

async function extractInto(draft: Draft, raw: ExtractionInput): Promise<void> {
  const origin = draft.origin;
  // A poster's OCR reading: stray marks and junk lines out, doubtful lines marked.
  const prepared = origin === 'poster' ? preparePosterText(cut(typeof raw.text === 'string' ? raw.text : '', LIMIT.text), raw.layout, raw) : undefined;
  const input = prepared ? { ...raw, text: prepared.text } : raw;
  const text = cut(typeof input.text === 'string' ? input.text : '', LIMIT.text);
  const { lines, strict } = splitLines(text);
  const lookup = input.lookup;
  const used = new Set<number>();
  // The people, communities and worlds of the directory that the text names.
  const mentions = await readMentions(lookup, lines);

  // Lineup rows first, so their times are not read as the event's.
  const people = new Set(mentions.filter((m) => m.kind === 'person').map((m) => m.key));
  const rows = readRows(lines, used, (name) => people.has(nameKey(name)));
  // The zone the text names outside expressions, then the event's date and time.
  const tctx = timeContext(lines, used, input, text);
  readDateTime(draft, lines, used, tctx, origin);
  // A poster's place and performers under its date and time, one bare line each.
  const block = origin === 'poster' ? readPosterBlock(lines, used, mentions) : undefined;
  if (block?.rows.length) {
    rows.push(...block.rows);
    rows.sort((a, b) => a.line.index - b.line.index);
  }
  // Lineup times, now that the event's start is known.
  resolveLineup(draft, rows, origin);
  readSourceUrl(draft, lines, origin);

  // Community, title, venue, summary; people last, once the lineup is final.
  const community = findCommunity(lines, used, mentions);
  // In text that is mostly symbols, a title needs two real words.
  const layout = origin === 'poster' ? posterLayout(lines, input.layout) : undefined;
  const poster = layout && { lines: layout, isDirectoryName: await directoryNames(layout, lookup) };
  const title = findTitle(lines, used, origin, strict ? 2 : 1, mentions, poster);
  if (title) {
    draft.event.title = title.value;
    draft.evidence(ptr('event', 'title'), origin, title.excerpt, title.assessment);
  }
  await readCommunity(draft, community, title?.value, lookup, mentions);
  if (community && words(community.line.clean).length < 8) used.add(community.line.index);
  await readVenue(draft, lines, used, lookup, mentions, new Set(rows.filter((r) => used.has(r.line.index)).map((r) => r.line.index)));
  setPosterVenue(draft, block);
  readSummary(draft, lines, used, title?.lines ?? []);
  await readPeople(draft, lookup, mentions);
  if (prepared) askAboutDoubtfulLines(draft, prepared);

  // Not an announcement (a recap, a call for DJs, the rules): nothing is proposed, and it says why.
  // Said at the top, it decides; said further down, only when no coming day and time were read.
  const today = DateTime.fromMillis(input.referenceInstant, { zone: draft.event.timezone ?? input.timeZone ?? 'UTC' }).toISODate() ?? '';
  const coming = draft.event.eventDate !== null && draft.event.eventDate >= today && (draft.event.start !== null || draft.lineup.some((r) => r.start !== null));
  const cue = notAnEventCue(lines);
  if (cue && (cue.opening || !coming)) draft.withdraw(`This does not read as an announcement of a coming event ("${cue.words}"); nothing was filled in. Paste the event's announcement, or fill the form yourself.`);
}
