import type { Handler } from './types.js';

export const getPublicEventBySlug: Handler<'getPublicEventBySlug'> = async (req, services) => ({
  status: 200,
  body: await services.publicEvents.event(req.params.slug),
});
