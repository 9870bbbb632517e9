import type { Handler } from './types.js';

export const listCurrentApiUserEvents: Handler<'listCurrentApiUserEvents'> = async (req, services) => {
  const { items, nextCursor } = await services.inventory.events(req.actor.credential!.userId!, req.query);
  return { status: 200, body: { events: items as any, nextCursor }, headers: { 'Cache-Control': 'no-store' } };
};
