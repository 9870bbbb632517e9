import type { Handler } from './types.js';

export const revokeCurrentDeveloperOAuthApp: Handler<'revokeCurrentDeveloperOAuthApp'> = async (req, services) => ({
  status: 200,
  body: await services.oauthApps.revokeForCaller(req.actor, req.params.clientId),
  headers: { 'Cache-Control': 'no-store' },
});
