import type { Handler } from './types.js';

export const listPublicActiveWorlds: Handler<'listPublicActiveWorlds'> = async (req, services) => ({
  status: 200,
  body: await services.eventLists.activeWorlds(req.query),
});
