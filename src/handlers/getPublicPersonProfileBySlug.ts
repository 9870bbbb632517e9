import type { Handler } from './types.js';

export const getPublicPersonProfileBySlug: Handler<'getPublicPersonProfileBySlug'> = async (req, services) => ({
  status: 200,
  body: await services.publicDirectory.profile(req.params.slug, 'person'),
});
