import type { Handler } from './types.js';

export const searchPublicCatalog: Handler<'searchPublicCatalog'> = async (req, services) => ({
  status: 200,
  body: await services.search.search(req.query),
});
