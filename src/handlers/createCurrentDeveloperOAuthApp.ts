import type { Handler } from './types.js';

export const createCurrentDeveloperOAuthApp: Handler<'createCurrentDeveloperOAuthApp'> = async (req, services) => {
  const created = await services.oauthApps.createForCaller(req.actor, req.body);
  // A confidential client's raw secret is in this response only: never cached, never shown again.
  return { status: 200, body: created, headers: { 'Cache-Control': 'no-store' } };
};
