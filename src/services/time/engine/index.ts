import { executePlan, toOutcome, alternative, type Reading } from './executor.js';
import { holidayCountry, normalize, planTimeExpression } from './planner.js';
import { unplannedExpression } from './chronoCheck.js';
import type { TimeParseInput, TimeParseOutcome } from './types.js';
import { DEFAULT_TIME_ZONE } from './defaultZone.js';
import { disagreement } from './verify.js';

export type * from './types.js';
export { planTimeExpression } from './planner.js';
export { executePlan } from './executor.js';

export { DEFAULT_TIME_ZONE } from './defaultZone.js';

/** Text → a `TimeParseResult` without `requestId` (decisions §5). Pure: the reference instant is given. */
export function parseTimeExpression(input: TimeParseInput): TimeParseOutcome {
  try {
    return parseUnguarded(input);
  } catch {
    // A defect must never become a timestamp, nor an error for the caller: say it was not read.
    return { status: 'no_plan', reason: 'The expression could not be read.' };
  }
}

/**
 * Decisions §5.1: any text is a request, even one with nothing to read. Text with no letter and no
 * digit in any script (empty, only white space of any kind, emoji or punctuation) cannot hold a
 * time, so it answers `no_plan` saying why before any rule runs.
 */
export function emptyTextReason(text: string): string | undefined {
  if (/[\p{L}\p{N}]/u.test(text)) return undefined;
  return /^[\s\p{Z}\p{Cc}\p{Cf}]*$/u.test(text)
    ? 'The text is empty or only white space, so there is no time to read.'
    : 'The text has no words or numbers (only symbols, emoji or punctuation), so there is no time to read.';
}

/** The engine without its guard, for tests that look for defects. */
export function parseUnguarded(input: TimeParseInput): TimeParseOutcome {
  const empty = emptyTextReason(input.text);
  if (empty) return { status: 'no_plan', reason: empty };
  const speakerZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const planned = planTimeExpression({ ...input, timeZone: speakerZone });
  if (planned.status === 'no_plan' && planned.code === 'ask') {
    return { status: 'needs_clarification', question: 'Part of this time could not be read safely; please give a day and a clock time.', alternatives: [] };
  }
  if (planned.status === 'no_plan') {
    // Only text with a number is worth a second opinion: the words-only phrasings chrono-node knows, we read.
    const seen = planned.code === 'no_expression' && /\d/.test(input.text) ? unplannedExpression(normalize(input.text), input.locale, input.referenceInstant) : undefined;
    if (seen) return { status: 'needs_clarification', question: `"${seen}" looks like a time, but it could not be read safely; please give a day and a clock time.`, alternatives: [] };
    return { status: 'no_plan', reason: planned.reason };
  }
  const ctx = { referenceInstant: input.referenceInstant, speakerZone, country: holidayCountry(input), subdivision: input.subdivision };

  if (planned.status === 'same_instant') {
    const outs: Reading[][] = [];
    let question: string | undefined;
    for (const plan of planned.plans) {
      const out = executePlan(plan, ctx);
      if ('failure' in out) return { status: 'no_plan', reason: out.failure };
      outs.push(out.readings);
      question ??= out.question;
    }
    const first = outs[0][0];
    const agree = outs.every((r) => r.length === 1 && !r[0].confirm && r[0].start === first.start && r[0].end === first.end);
    const unconfirmed = agree && !question ? planned.plans.map((p, i) => disagreement(p, outs[i][0], ctx)).find(Boolean) : undefined;
    if (agree && !question && !unconfirmed) return toOutcome([first], undefined, [...planned.notes, 'The times given in each zone are the same instant.']);
    if (unconfirmed) return safetyNet(unconfirmed, outs.flat());
    const readings = outs.flat();
    return {
      status: 'needs_clarification',
      question: question ?? 'The times given in different zones are not the same instant; which one is right?',
      alternatives: readings.slice(0, 10).map((r) => alternative(r, readings.length)),
    };
  }

  if (planned.status === 'either_or') {
    const readings: Reading[] = [];
    for (const plan of planned.plans) {
      const out = executePlan(plan, ctx);
      if ('failure' in out) return { status: 'no_plan', reason: out.failure };
      readings.push(...out.readings);
    }
    return { status: 'needs_clarification', question: planned.question, alternatives: readings.slice(0, 10).map((r) => alternative(r, readings.length)) };
  }

  const out = executePlan(planned.plan, ctx);
  if ('failure' in out) return { status: 'no_plan', reason: out.failure };
  if (out.readings.length === 0) {
    if (out.question) return { status: 'needs_clarification', question: out.question, alternatives: [] };
    return { status: 'no_plan', reason: 'No reading of the expression could be computed.' };
  }
  if (planned.confirm) {
    return { status: 'needs_clarification', question: planned.confirm, alternatives: out.readings.slice(0, 10).map((r) => alternative(r, out.readings.length)) };
  }
  if (planned.unread) {
    // Numbers we could not place may change the meaning: offer, never resolve.
    return {
      status: 'needs_clarification',
      question: `The numbers ${planned.unread} were not understood as part of the time; do you mean one of these?`,
      alternatives: out.readings.slice(0, 10).map((r) => alternative(r, out.readings.length)),
    };
  }
  // The safety net: a single reading about to resolve is read back against what the text stated.
  const only = out.readings.length === 1 && !out.question && !out.readings[0].confirm ? out.readings[0] : undefined;
  const why = only ? disagreement(planned.plan, only, ctx) : undefined;
  if (why) return safetyNet(why, out.readings);
  return toOutcome(out.readings, out.question, planned.notes);
}

/** A reading that failed its read-back is offered, never resolved. */
function safetyNet(why: string, readings: Reading[]): TimeParseOutcome {
  return { status: 'needs_clarification', question: `${why} Please confirm the day and time.`, alternatives: readings.slice(0, 10).map((r) => alternative(r, readings.length)) };
}
