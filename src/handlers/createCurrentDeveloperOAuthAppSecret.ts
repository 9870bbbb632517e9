import type { Handler } from './types.js';

export const createCurrentDeveloperOAuthAppSecret: Handler<'createCurrentDeveloperOAuthAppSecret'> = async (req, services) => {
  const created = await services.oauthApps.createSecretForCaller(req.actor, req.params.clientId, req.body);
  // The raw secret is in this response only: never cached, never shown again.
  return { status: 200, body: created, headers: { 'Cache-Control': 'no-store' } };
};
