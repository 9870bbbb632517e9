import type { Handler } from './types.js';

export const listCurrentApiUserProfiles: Handler<'listCurrentApiUserProfiles'> = async (req, services) => {
  const { items, nextCursor } = await services.inventory.profiles(req.actor.credential!.userId!, req.query);
  return { status: 200, body: { profiles: items as any, nextCursor }, headers: { 'Cache-Control': 'no-store' } };
};
