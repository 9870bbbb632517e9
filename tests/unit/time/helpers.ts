import { expect } from '@jest/globals';
import { createAjv } from '../../../src/contract/ajv.js';
import { contractDocument } from '../../../src/contract/document.js';
import { parseTimeExpression, type TimeParseInput, type TimeParseOutcome } from '../../../src/services/time/engine/index.js';

/** Wednesday 18 Nov 2026, 15:00 in New York (20:00Z): the default "now" of these tests. */
export const WED_3PM_NY = Date.parse('2026-11-18T20:00:00Z');

const ajv = createAjv();
ajv.addSchema(contractDocument() as object, 'openapi.json');
const validateResult = ajv.compile({ $ref: 'openapi.json#/components/schemas/TimeParseResult' });

/** Parses and checks the outcome (with a requestId added, as the server does) against the contract. */
export function parse(text: string, extra: Partial<TimeParseInput> = {}): TimeParseOutcome {
  const outcome = parseTimeExpression({ text, referenceInstant: WED_3PM_NY, ...extra });
  const ok = validateResult({ requestId: 'req_test', ...outcome });
  if (!ok) throw new Error(`"${text}" does not satisfy TimeParseResult: ${ajv.errorsText(validateResult.errors)}\n${JSON.stringify(outcome)}`);
  return outcome;
}

/** Unix seconds of an RFC 3339 instant with offset. */
export const epoch = (iso: string) => Date.parse(iso) / 1000;

export function expectInstant(outcome: TimeParseOutcome, iso: string, precision?: string) {
  expect(outcome.status).toBe('resolved');
  if (outcome.status !== 'resolved' || outcome.kind !== 'instant') throw new Error(`expected an instant, got ${JSON.stringify(outcome)}`);
  expect(outcome.epoch).toBe(epoch(iso));
  if (precision) expect(outcome.canonical.precision).toBe(precision);
  return outcome;
}

export function expectRange(outcome: TimeParseOutcome, startIso: string, endIso: string) {
  if (outcome.status !== 'resolved' || outcome.kind !== 'time_range') throw new Error(`expected a range, got ${JSON.stringify(outcome)}`);
  expect(outcome.range.start.epoch).toBe(epoch(startIso));
  expect(outcome.range.end.epoch).toBe(epoch(endIso));
  expect(outcome.epoch).toBe(epoch(startIso));
  return outcome;
}

/** Asserts a clarification offering exactly these instants (or range starts), in any order. */
export function expectAsk(outcome: TimeParseOutcome, isos: string[]) {
  if (outcome.status !== 'needs_clarification') throw new Error(`expected needs_clarification, got ${JSON.stringify(outcome)}`);
  expect(outcome.alternatives.map((a) => a.epoch).sort()).toEqual(isos.map(epoch).sort());
  return outcome;
}

export function expectNoPlan(outcome: TimeParseOutcome) {
  if (outcome.status !== 'no_plan') throw new Error(`expected no_plan, got ${JSON.stringify(outcome)}`);
  return outcome;
}
