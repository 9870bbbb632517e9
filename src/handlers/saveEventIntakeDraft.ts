import type { Handler } from './types.js';

export const saveEventIntakeDraft: Handler<'saveEventIntakeDraft'> = async (req, services) => ({
  status: 200,
  body: await services.drafts.save(req.actor, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
