import type { Handler } from './types.js';

export const createCurrentUserCommunityEvent: Handler<'createCurrentUserCommunityEvent'> = async (req, services) => ({
  status: 200,
  body: await services.ownerEvents.create(req.actor, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
