import type { Handler } from './types.js';

export const listCurrentDeveloperOAuthApps: Handler<'listCurrentDeveloperOAuthApps'> = async (req, services) => ({
  status: 200,
  body: await services.oauthApps.listForCaller(req.actor, req.query),
  headers: { 'Cache-Control': 'no-store' },
});
