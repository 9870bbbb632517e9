/** Merging the result of an announcement's text with the result of its poster. */
import { finish, question } from './evidence.js';
import { type EventFields, type Evidence, type ExtractionResult, type LineupRow, ptr, type Question } from './fields.js';
import { compact } from './text.js';

const same = (a: string, b: string) => compact(a) === compact(b);
const EVENT_KEYS = ['title', 'communitySlug', 'eventDate', 'start', 'end', 'timezone', 'venueLabel', 'summary', 'sourceUrl'] as const;
const ROW_KEYS = ['performerLabel', 'personSlug', 'roleLabel', 'start', 'end'] as const;

/**
 * Text and poster read of one event. Agreeing values keep both pieces of evidence; differing ones
 * keep the text's value, mark both conflicting and ask. The poster's extra lineup rows are asked
 * about, not added: OCR misreads would otherwise appear as new performers.
 */
export function mergeExtractions(a: ExtractionResult, b: ExtractionResult): ExtractionResult {
  const evidence: Evidence[] = [];
  const questions: Question[] = [];
  const aEv = groupBy(a.evidence, (e) => e.fieldPath);
  const bEv = groupBy(b.evidence, (e) => e.fieldPath);
  const aQ = groupBy(a.questions, (q) => q.fieldPath);
  const bQ = groupBy(b.questions, (q) => q.fieldPath);
  const settled = new Set<string>();

  const mergeField = (path: string, bPath: string, va: string | null, vb: string | null): string | null => {
    const ea = aEv.get(path) ?? [];
    const eb = bEv.get(bPath) ?? [];
    // A zone that is only the draft's default gives way to one the other side states.
    if (path === ptr('event', 'timezone') && va !== null && vb !== null && !same(va, vb)) {
      const defaulted = (items: Evidence[]) => items.length > 0 && items.every((e) => e.origin === 'calculation');
      if (defaulted(ea) && !defaulted(eb)) {
        evidence.push(...eb);
        settled.add(path);
        return vb;
      }
      if (defaulted(eb) && !defaulted(ea)) {
        evidence.push(...ea);
        settled.add(path);
        return va;
      }
    }
    if (va !== null && vb !== null && !same(va, vb)) {
      evidence.push(...ea.map((e) => ({ ...e, assessment: 'conflicting' as const })), ...eb.map((e) => ({ ...e, fieldPath: path, assessment: 'conflicting' as const })));
      questions.push(question(path, `The text says "${va}" but the poster says "${vb}"; which is right?`, [va, vb]));
      settled.add(path);
      return va;
    }
    if (va !== null) {
      evidence.push(...ea, ...(vb !== null ? eb.map((e) => ({ ...e, fieldPath: path })) : []));
      settled.add(path);
      return va;
    }
    if (vb !== null) {
      evidence.push(...eb.map((e) => ({ ...e, fieldPath: path })));
      settled.add(path);
      return vb;
    }
    // Neither has a value: evidence of an unmatched name, if any, is kept.
    evidence.push(...ea, ...eb.map((e) => ({ ...e, fieldPath: path })));
    return null;
  };

  const event = {} as EventFields;
  for (const key of EVENT_KEYS) event[key] = mergeField(ptr('event', key), ptr('event', key), a.event[key], b.event[key]);
  // Evidence of event paths that are not fields (doors) passes through.
  for (const [path, items] of [...aEv, ...bEv]) if (path.startsWith('/event/') && !EVENT_KEYS.some((k) => ptr('event', k) === path)) evidence.push(...items);

  let lineup: LineupRow[];
  const rowPath = (i: number, key?: string) => (key ? ptr('lineup', i, key) : ptr('lineup', i));
  if (a.lineup.length === 0) {
    lineup = b.lineup.map((r) => ({ ...r }));
    for (const [path, items] of bEv) if (path.startsWith('/lineup')) evidence.push(...items);
    for (const [, items] of bQ) for (const q of items) if (q.fieldPath.startsWith('/lineup')) questions.push(q);
  } else {
    lineup = [];
    const taken = new Set<number>();
    a.lineup.forEach((row, i) => {
      const j = b.lineup.findIndex((r, k) => !taken.has(k) && r.performerLabel !== null && row.performerLabel !== null && same(r.performerLabel, row.performerLabel));
      if (j >= 0) taken.add(j);
      const other = j >= 0 ? b.lineup[j] : undefined;
      const merged = {} as LineupRow;
      for (const key of ROW_KEYS) {
        const path = rowPath(i, key);
        if (other) merged[key] = mergeField(path, rowPath(j, key), row[key], other[key]);
        else {
          merged[key] = row[key];
          evidence.push(...(aEv.get(path) ?? []));
        }
      }
      lineup.push(merged);
      for (const key of ROW_KEYS) {
        const path = rowPath(i, key);
        if (!settled.has(path)) questions.push(...(aQ.get(path) ?? []));
        if (other && !settled.has(path)) questions.push(...(bQ.get(rowPath(j, key)) ?? []).map((q) => ({ ...q, fieldPath: path })));
      }
    });
    for (const q of a.questions) if (q.fieldPath === ptr('lineup')) questions.push(q);
    const extra = b.lineup.filter((r, k) => !taken.has(k) && r.performerLabel !== null).map((r) => r.performerLabel!);
    if (extra.length > 0) {
      questions.push(question(ptr('lineup'), `The poster also lists ${extra.length === 1 ? 'a performer' : `${extra.length} performers`} the text does not; add them?`, extra));
    }
  }

  // Event questions: the text's, then the poster's about fields still open.
  const eventQuestions: Question[] = [];
  for (const key of EVENT_KEYS) {
    const path = ptr('event', key);
    if (settled.has(path)) {
      // The side whose value is kept keeps its own questions (e.g. a world choice); the other side's are answered.
      eventQuestions.push(...((a.event[key] === null ? bQ : aQ).get(path) ?? []));
      continue;
    }
    eventQuestions.push(...(aQ.get(path) ?? []), ...(bQ.get(path) ?? []));
  }
  for (const q of [...a.questions, ...b.questions]) if (q.fieldPath.startsWith('/event') && !EVENT_KEYS.some((k) => ptr('event', k) === q.fieldPath)) eventQuestions.push(q);

  return finish({ event, lineup, evidence: dedupe(evidence), questions: dedupe([...eventQuestions, ...questions]) });
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function dedupe<T>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = JSON.stringify(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
