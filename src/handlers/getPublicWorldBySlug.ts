import type { Handler } from './types.js';

export const getPublicWorldBySlug: Handler<'getPublicWorldBySlug'> = async (req, services) => ({
  status: 200,
  body: await services.publicDirectory.world(req.params.slug),
});
