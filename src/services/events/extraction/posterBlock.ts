/**
 * A poster's block under its date and time: posters list the place, then the performers, one
 * bare line each ("Sala Luna", "Marlene K."), without the words a post would put before them.
 * People the directory knows are performers; a world it knows is the venue (venue.ts reads it);
 * the first other line, right under the time, is the venue when it says it is a place ("Hall",
 * "Sala", "ホール"), else it is proposed with a question (unless it reads as a person's name: "DJ
 * …", "Marlene K."); the other name lines are performers.
 */
import type { Draft } from './evidence.js';
import { clip, LIMIT, ptr } from './fields.js';
import { bareNameLines, type RowDraft } from './lineupRows.js';
import { type Mention, mentionIn } from './mentions.js';
import { compact, type Line } from './text.js';

/** Words that name a place, in the six languages (German ones also as the end of a compound: "Kristallhalle"). */
const PLACE_NOUN =
  /(?<![\p{L}])(?:room|hall|garden|studio|terrace|dome|club|bar|caf[eé]|lounge|plaza|arcade|grotto|cave|cellar|basement|rooftop|beach|park|tower|theat(?:er|re)|stage|sala|salle|salon|sal[aã]o|sous-sol|galp[aã]o|praia|playa|teatro|palco|jardim|jard[ií]n|terraza|terrasse|bühne|world|welt|monde|mundo)(?![\p{L}])|(?:garten|halle|keller|saal|bühne|haus)(?![\p{L}])|ホール|ガーデン|テラス|ステージ|劇場|広場|ドーム|スタジオ|カフェ|バー|クラブ|会館|ワールド/iu;

/** Names that say a person: a DJ, VJ or MC name, or a name with an initial ("Marlene K."). */
const PERSON_LIKE = /^(?:dj|vj|mc)\.?\s+\S|^\p{Lu}[\p{L}'’-]+\s+\p{Lu}\.$/u;

export interface PosterBlock {
  venue?: { name: string; line: Line; sure: boolean };
  rows: RowDraft[];
}

export function readPosterBlock(lines: Line[], used: Set<number>, mentions: Mention[]): PosterBlock {
  const bare = bareNameLines(lines, used);
  const known = (label: string, kind: Mention['kind']) => {
    const m = mentionIn(mentions, label, kind);
    return m !== undefined && compact(m.text) === compact(label);
  };
  const block: PosterBlock = { rows: [] };
  let placeSeen = false;
  bare.forEach((b, k) => {
    if (known(b.label, 'world')) {
      placeSeen = true;
      return;
    }
    if (known(b.label, 'community')) return;
    if (b.notName && (placeSeen || k > 0)) return;
    used.add(b.line.index);
    if (!known(b.label, 'person') && !PERSON_LIKE.test(b.label) && !placeSeen && k === 0) {
      placeSeen = true;
      block.venue = { name: clip(b.label, LIMIT.venueLabel), line: b.line, sure: PLACE_NOUN.test(b.label) };
      return;
    }
    block.rows.push({ line: b.line, label: b.label, role: b.role, roleInferred: false, times: {} });
  });
  return block;
}

/** The block's venue, when no other line named one. */
export function setPosterVenue(draft: Draft, block: PosterBlock | undefined) {
  const venue = block?.venue;
  if (!venue || draft.event.venueLabel !== null || draft.eventQuestions.some((q) => q.fieldPath === ptr('event', 'venueLabel'))) return;
  draft.event.venueLabel = venue.name;
  draft.evidence(ptr('event', 'venueLabel'), draft.origin, venue.line.raw, 'inferred');
  if (!venue.sure) draft.question(ptr('event', 'venueLabel'), `Is "${venue.name}" the venue? The poster gives it under the time without saying.`, [venue.name]);
}
