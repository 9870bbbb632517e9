import { problems } from '../services/errors.js';
import { timeParseResponse } from './timeParseResponse.js';
import type { Handler } from './types.js';

export const getTemporalParseContinuation: Handler<'getTemporalParseContinuation'> = async (req, services) => {
  if (!services.timeJobs) throw problems.notImplemented('getTemporalParseContinuation');
  const caller = { userId: req.actor.credential!.userId!, tokenId: req.actor.credential!.tokenId };
  const result = await services.timeJobs.poll(caller.userId, req.params.continuationToken);
  return (await timeParseResponse(services, caller, result, false)) as any;
};
