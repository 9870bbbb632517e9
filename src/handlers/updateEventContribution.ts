import type { Handler } from './types.js';

export const updateEventContribution: Handler<'updateEventContribution'> = async (req, services) => ({
  status: 200,
  body: await services.publishing.correct(req.actor, req.params.slug, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
