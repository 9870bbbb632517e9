import type { Handler } from './types.js';

export const listPublicPersonEvents: Handler<'listPublicPersonEvents'> = async (req, services) => ({
  status: 200,
  body: await services.eventLists.ofPerson(req.params.slug),
});
