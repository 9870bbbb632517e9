import type { Handler } from './types.js';

export const getPublicWorldEventsBySlug: Handler<'getPublicWorldEventsBySlug'> = async (req, services) => ({
  status: 200,
  body: await services.eventLists.ofWorld(req.params.slug),
});
