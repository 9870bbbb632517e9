import type { Handler } from './types.js';

export const getCurrentApiCaller: Handler<'getCurrentApiCaller'> = async (req, services) => ({
  status: 200,
  body: await services.caller.describe(req.actor),
});
