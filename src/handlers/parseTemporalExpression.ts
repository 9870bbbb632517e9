import { problems } from '../services/errors.js';
import { timeParseResponse } from './timeParseResponse.js';
import type { Handler } from './types.js';

export const parseTemporalExpression: Handler<'parseTemporalExpression'> = async (req, services) => {
  if (!services.timeJobs) throw problems.notImplemented('parseTemporalExpression');
  const caller = { userId: req.actor.credential!.userId!, tokenId: req.actor.credential!.tokenId };
  const key = req.headers['idempotency-key'];
  const result = await services.timeJobs.submit(caller, req.body, typeof key === 'string' ? key : undefined);
  return (await timeParseResponse(services, caller, result, true)) as any;
};
