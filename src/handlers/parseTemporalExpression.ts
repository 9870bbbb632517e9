import { submitTimeParse } from './timeParseResponse.js';
import type { Handler } from './types.js';

export const parseTemporalExpression: Handler<'parseTemporalExpression'> = async (req, services) =>
  (await submitTimeParse(services, req, true)) as any;
