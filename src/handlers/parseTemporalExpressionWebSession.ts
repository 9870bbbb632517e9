import { submitTimeParse } from './timeParseResponse.js';
import type { Handler } from './types.js';

/** The signed-in facade: same service and rules; a 202 has no Location (poll by replaying the key). */
export const parseTemporalExpressionWebSession: Handler<'parseTemporalExpressionWebSession'> = async (req, services) =>
  (await submitTimeParse(services, req, false)) as any;
