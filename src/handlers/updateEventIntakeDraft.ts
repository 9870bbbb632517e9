import type { Handler } from './types.js';

export const updateEventIntakeDraft: Handler<'updateEventIntakeDraft'> = async (req, services) => ({
  status: 200,
  body: await services.drafts.update(req.actor, req.params.draftId, req.body.expectedVersion, req.body.patch),
  headers: { 'Cache-Control': 'no-store' },
});
