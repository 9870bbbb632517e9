import { problems } from '../services/errors.js';
import { timeParseResponse } from './timeParseResponse.js';
import type { Handler } from './types.js';

/** The signed-in facade: same service and rules; a 202 has no Location (poll by replaying the key). */
export const parseTemporalExpressionWebSession: Handler<'parseTemporalExpressionWebSession'> = async (req, services) => {
  if (!services.timeJobs) throw problems.notImplemented('parseTemporalExpressionWebSession');
  const caller = { userId: req.actor.credential!.userId!, tokenId: req.actor.credential!.tokenId };
  const key = req.headers['idempotency-key'];
  const result = await services.timeJobs.submit(caller, req.body, typeof key === 'string' ? key : undefined);
  return (await timeParseResponse(services, caller, result, false)) as any;
};
