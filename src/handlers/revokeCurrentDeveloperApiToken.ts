import type { Handler } from './types.js';

export const revokeCurrentDeveloperApiToken: Handler<'revokeCurrentDeveloperApiToken'> = async (req, services) => ({
  status: 200,
  body: { token: (await services.tokens.revoke(req.actor.credential!.userId!, req.params.tokenId, { actor: req.actor })) as any },
  headers: { 'Cache-Control': 'no-store' },
});
