import type { Handler } from './types.js';

export const getEventIntakeDraft: Handler<'getEventIntakeDraft'> = async (req, services) => ({
  status: 200,
  body: await services.drafts.read(req.actor, req.params.draftId),
  headers: { 'Cache-Control': 'no-store' },
});
