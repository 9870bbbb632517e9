import type { Handler } from './types.js';

export const listCurrentApiUserProfiles: Handler<'listCurrentApiUserProfiles'> = async (req, services) => ({
  status: 200,
  body: await services.inventory.profiles(req.actor, req.query),
  headers: { 'Cache-Control': 'no-store' },
});
