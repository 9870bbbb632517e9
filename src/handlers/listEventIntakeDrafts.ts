import type { Handler } from './types.js';

export const listEventIntakeDrafts: Handler<'listEventIntakeDrafts'> = async (req, services) => ({
  status: 200,
  body: await services.drafts.list(req.actor, req.query),
  headers: { 'Cache-Control': 'no-store' },
});
