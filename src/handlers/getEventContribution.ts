import type { Handler } from './types.js';

export const getEventContribution: Handler<'getEventContribution'> = async (req, services) => ({
  status: 200,
  body: await services.publishing.contribution(req.actor, req.params.slug),
  headers: { 'Cache-Control': 'no-store' },
});
