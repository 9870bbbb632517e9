import type { Handler } from './types.js';

export const publishEventIntakeDraft: Handler<'publishEventIntakeDraft'> = async (req, services) => ({
  status: 200,
  body: await services.publishing.publish(req.actor, req.params.draftId, req.body.expectedVersion, req.body.idempotencyKey),
  headers: { 'Cache-Control': 'no-store' },
});
