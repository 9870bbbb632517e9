import type { Handler } from './types.js';

export const listPublicCommunityEvents: Handler<'listPublicCommunityEvents'> = async (req, services) => ({
  status: 200,
  body: await services.eventLists.ofCommunity(req.params.slug, req.query),
});
