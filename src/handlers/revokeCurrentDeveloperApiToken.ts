import type { Handler } from './types.js';

export const revokeCurrentDeveloperApiToken: Handler<'revokeCurrentDeveloperApiToken'> = async (req, services) => ({
  status: 200,
  body: await services.tokens.revokeForCaller(req.actor, req.params.tokenId),
  headers: { 'Cache-Control': 'no-store' },
});
