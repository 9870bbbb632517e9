import type { Handler } from './types.js';

export const listCurrentApiUserCommunities: Handler<'listCurrentApiUserCommunities'> = async (req, services) => {
  const { items, nextCursor } = await services.inventory.profiles(req.actor.credential!.userId!, { ...req.query, profileType: 'community' });
  return { status: 200, body: { communities: items as any, nextCursor }, headers: { 'Cache-Control': 'no-store' } };
};
