import { problems } from '../services/errors.js';
import { timeParseResponse } from '../http/timeParseReply.js';
import type { Handler } from './types.js';

export const parseTemporalExpression: Handler<'parseTemporalExpression'> = async (req, services) => {
  if (!services.timeJobs) throw problems.notImplemented(req.operationId);
  const key = req.headers['idempotency-key'];
  const reply = await services.timeJobs.submitFor(req.actor, req.body, typeof key === 'string' ? key : undefined);
  return timeParseResponse(reply, req.baseUrl);
};
