import { problems } from '../services/errors.js';
import { timeParseResponse } from '../http/timeParseReply.js';
import type { Handler } from './types.js';

/** The signed-in facade: same service and rules; a 202 has no Location (poll by replaying the key). */
export const parseTemporalExpressionWebSession: Handler<'parseTemporalExpressionWebSession'> = async (req, services) => {
  if (!services.timeJobs) throw problems.notImplemented(req.operationId);
  const key = req.headers['idempotency-key'];
  return timeParseResponse(await services.timeJobs.submitFor(req.actor, req.body, typeof key === 'string' ? key : undefined));
};
