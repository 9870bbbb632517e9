import type { Handler } from './types.js';

export const getPublicProfileAssets: Handler<'getPublicProfileAssets'> = async (req, services) => ({
  status: 200,
  body: await services.profileAssets.list(req.params.slug),
});
