import type { Handler } from './types.js';

export const listPublicUpcomingEvents: Handler<'listPublicUpcomingEvents'> = async (req, services) => ({
  status: 200,
  body: await services.eventLists.upcoming(req.query),
});
