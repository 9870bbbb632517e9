import type { Handler } from './types.js';

export const revokeCurrentDeveloperOAuthAppSecret: Handler<'revokeCurrentDeveloperOAuthAppSecret'> = async (req, services) => ({
  status: 200,
  body: await services.oauthApps.revokeSecretForCaller(req.actor, req.params.clientId, req.params.secretId),
  headers: { 'Cache-Control': 'no-store' },
});
