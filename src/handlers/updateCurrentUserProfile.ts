import type { Handler } from './types.js';

export const updateCurrentUserProfile: Handler<'updateCurrentUserProfile'> = async (req, services) => ({
  status: 200,
  body: await services.profileWrites.update(req.actor, req.params.slug, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
