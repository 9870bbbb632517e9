import type { Handler } from './types.js';

export const listCurrentApiUserCommunities: Handler<'listCurrentApiUserCommunities'> = async (req, services) => ({
  status: 200,
  body: await services.inventory.communities(req.actor, req.query),
  headers: { 'Cache-Control': 'no-store' },
});
