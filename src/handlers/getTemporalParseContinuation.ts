import { problems } from '../services/errors.js';
import { timeParseResponse } from '../http/timeParseReply.js';
import type { Handler } from './types.js';

export const getTemporalParseContinuation: Handler<'getTemporalParseContinuation'> = async (req, services) => {
  if (!services.timeJobs) throw problems.notImplemented(req.operationId);
  return timeParseResponse(await services.timeJobs.pollFor(req.actor, req.params.continuationToken));
};
