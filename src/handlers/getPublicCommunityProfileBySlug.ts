import type { Handler } from './types.js';

export const getPublicCommunityProfileBySlug: Handler<'getPublicCommunityProfileBySlug'> = async (req, services) => ({
  status: 200,
  body: await services.publicDirectory.profile(req.params.slug, 'community'),
});
