import type { Handler } from './types.js';

export const getApiRateLimitUsage: Handler<'getApiRateLimitUsage'> = async (req, services) => ({
  status: 200,
  body: await services.caller.usage(req.actor),
});
