/**
 * The result being built: proposed values with their evidence and questions, kept to every limit
 * of contract 2.6 when it is finished.
 */
import { cut, clip, type EventFields, type Evidence, excerptOf, type ExtractionResult, LIMIT, type LineupRow, type Origin, type Question } from './fields.js';

export class Draft {
  readonly event: EventFields = {
    title: null,
    communitySlug: null,
    eventDate: null,
    start: null,
    end: null,
    timezone: null,
    venueLabel: null,
    summary: null,
    sourceUrl: null,
  };
  lineup: LineupRow[] = [];
  readonly eventEvidence: Evidence[] = [];
  readonly lineupEvidence: Evidence[] = [];
  readonly eventQuestions: Question[] = [];
  readonly lineupQuestions: Question[] = [];

  constructor(readonly origin: Origin) {}

  evidence(fieldPath: string, origin: Origin, excerpt: string | null, assessment: Evidence['assessment']) {
    const item: Evidence = { fieldPath: cut(fieldPath, LIMIT.fieldPath), origin, excerpt: excerptOf(excerpt), assessment };
    (fieldPath.startsWith('/lineup') ? this.lineupEvidence : this.eventEvidence).push(item);
  }

  question(fieldPath: string, reason: string, alternatives: string[]) {
    const item = question(fieldPath, reason, alternatives);
    (fieldPath.startsWith('/lineup') ? this.lineupQuestions : this.eventQuestions).push(item);
  }

  /** Nothing proposed: every field empty, no evidence, only this question. */
  withdraw(reason: string) {
    for (const key of Object.keys(this.event) as (keyof typeof this.event)[]) this.event[key] = null;
    this.lineup = [];
    this.eventEvidence.length = 0;
    this.lineupEvidence.length = 0;
    this.eventQuestions.length = 0;
    this.lineupQuestions.length = 0;
    this.question('/event', reason, []);
  }

  result(): ExtractionResult {
    return finish({
      event: this.event,
      lineup: this.lineup,
      evidence: [...this.eventEvidence, ...this.lineupEvidence],
      questions: [...this.eventQuestions, ...this.lineupQuestions],
    });
  }
}

const FIELD_ORDER = ['title', 'communitySlug', 'eventDate', 'start', 'end', 'timezone', 'doors', 'venueLabel', 'summary', 'sourceUrl'];
const ROW_ORDER = ['performerLabel', 'personSlug', 'roleLabel', 'start', 'end'];

/** Event paths in field order, then the lineup row by row, then anything else. */
function pathRank(path: string): number {
  const [, group, a, b] = path.split('/');
  if (group === 'event') {
    const i = FIELD_ORDER.indexOf(a);
    return i >= 0 ? i : FIELD_ORDER.length;
  }
  if (group === 'lineup') {
    if (a === undefined) return 20;
    const row = Number(a);
    const j = ROW_ORDER.indexOf(b ?? '');
    return Number.isInteger(row) ? 100 + row * 10 + (j >= 0 ? j : 9) : 20;
  }
  return 10_000;
}

export function question(fieldPath: string, reason: string, alternatives: string[]): Question {
  const alts = [...new Set(alternatives.map((a) => clip(a.trim(), LIMIT.alternative)).filter(Boolean))].slice(0, LIMIT.alternatives);
  return { fieldPath: cut(fieldPath, LIMIT.fieldPath), reason: clip(reason, LIMIT.reason), alternatives: alts };
}

/** Every limit of contract 2.6, whatever came before: event paths first, then the lineup. */
export function finish(r: ExtractionResult): ExtractionResult {
  const str = (v: string | null, max: number) => (typeof v === 'string' && v.length > 0 ? clip(v, max) : null);
  const exact = (v: string | null, max: number) => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null);
  const byPriority = <T extends { fieldPath: string }>(items: T[]) =>
    items.map((item, i) => ({ item, i, rank: pathRank(item.fieldPath) })).sort((a, b) => a.rank - b.rank || a.i - b.i).map(({ item }) => item);
  return {
    event: {
      title: str(r.event.title, LIMIT.title),
      communitySlug: exact(r.event.communitySlug, LIMIT.slug),
      eventDate: exact(r.event.eventDate, 10),
      start: exact(r.event.start, 5),
      end: exact(r.event.end, 5),
      timezone: exact(r.event.timezone, LIMIT.timezone),
      venueLabel: str(r.event.venueLabel, LIMIT.venueLabel),
      summary: str(r.event.summary, LIMIT.summary),
      sourceUrl: exact(r.event.sourceUrl, LIMIT.sourceUrl),
    },
    lineup: r.lineup.slice(0, LIMIT.lineup).map((row) => ({
      performerLabel: str(row.performerLabel, LIMIT.performerLabel),
      personSlug: exact(row.personSlug, LIMIT.slug),
      roleLabel: str(row.roleLabel, LIMIT.roleLabel),
      start: exact(row.start, 5),
      end: exact(row.end, 5),
    })),
    evidence: byPriority(r.evidence)
      .slice(0, LIMIT.evidence)
      .map((e) => ({ fieldPath: cut(e.fieldPath, LIMIT.fieldPath), origin: e.origin, excerpt: excerptOf(e.excerpt), assessment: e.assessment })),
    questions: byPriority(r.questions)
      .slice(0, LIMIT.questions)
      .map((q) => question(q.fieldPath, q.reason, q.alternatives)),
  };
}
