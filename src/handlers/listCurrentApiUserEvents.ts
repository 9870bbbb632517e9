import type { Handler } from './types.js';

export const listCurrentApiUserEvents: Handler<'listCurrentApiUserEvents'> = async (req, services) => ({
  status: 200,
  body: await services.inventory.events(req.actor, req.query),
  headers: { 'Cache-Control': 'no-store' },
});
