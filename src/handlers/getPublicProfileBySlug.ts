import type { Handler } from './types.js';

export const getPublicProfileBySlug: Handler<'getPublicProfileBySlug'> = async (req, services) => ({
  status: 200,
  body: await services.publicDirectory.profile(req.params.slug, undefined),
});
