import type { Handler } from './types.js';

export const getPublicProfileLogos: Handler<'getPublicProfileLogos'> = async (req, services) => ({
  status: 200,
  body: await services.profileAssets.logos(req.params.slug),
});
