import type { Handler } from './types.js';

export const updateCurrentUserCommunityEvent: Handler<'updateCurrentUserCommunityEvent'> = async (req, services) => ({
  status: 200,
  body: await services.ownerEvents.update(req.actor, req.params.slug, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
