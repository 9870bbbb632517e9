import type { Handler } from './types.js';

export const listCurrentApiUserContributions: Handler<'listCurrentApiUserContributions'> = async (req, services) => ({
  status: 200,
  body: await services.publishing.contributions(req.actor, req.query),
  headers: { 'Cache-Control': 'no-store' },
});
