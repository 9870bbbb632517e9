import { DateTime } from 'luxon';
import type { EngineInput, EngineOutcome, TimeParser } from '../../src/services/time/jobs.js';
import type { components } from '../../src/generated/openapi.js';

/**
 * A stand-in time engine with contract-shaped answers, for API tests that are about the route
 * (quotas, jobs, headers) rather than the parser: "in an hour" resolves, anything else has no
 * plan. Warm unless told otherwise; while `gate` is set, parses wait for it (a parse in flight).
 */
export class StandInParser implements TimeParser {
  warm = true;
  gate?: Promise<void>;
  isWarm() {
    return this.warm;
  }
  async parse(input: EngineInput): Promise<EngineOutcome> {
    await this.gate;
    if (input.text !== 'in an hour') return { status: 'no_plan', reason: 'No time expression found.' };
    const at = DateTime.fromMillis(input.referenceInstant + 3_600_000, { zone: input.timeZone });
    return {
      status: 'resolved',
      kind: 'instant',
      epoch: Math.floor(at.toSeconds()),
      canonical: {
        isoInstant: at.toUTC().toISO({ suppressMilliseconds: true })!,
        zonedDateTime: `${at.toISO({ suppressMilliseconds: true })}[${input.timeZone}]`,
        timeZone: input.timeZone,
        precision: 'relative',
        weekday: at.setLocale('en').toFormat('cccc').toLowerCase() as components['schemas']['TimeCanonical']['weekday'],
      },
      confidence: 0.95,
      method: 'rule_plan',
      assumptions: [],
    };
  }
}
