import type { Handler } from './types.js';

export const extractEventIntakeDraft: Handler<'extractEventIntakeDraft'> = async (req, services) => ({
  status: 200,
  body: await services.extraction.extract(req.actor, req.params.draftId, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
