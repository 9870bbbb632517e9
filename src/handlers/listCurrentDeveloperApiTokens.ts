import type { Handler } from './types.js';

export const listCurrentDeveloperApiTokens: Handler<'listCurrentDeveloperApiTokens'> = async (req, services) => ({
  status: 200,
  body: await services.tokens.listForCaller(req.actor, req.query),
  headers: { 'Cache-Control': 'no-store' },
});
