import type { Handler } from './types.js';

export const updateCurrentDeveloperOAuthApp: Handler<'updateCurrentDeveloperOAuthApp'> = async (req, services) => ({
  status: 200,
  body: await services.oauthApps.updateForCaller(req.actor, req.params.clientId, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
