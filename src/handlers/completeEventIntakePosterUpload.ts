import type { Handler } from './types.js';

export const completeEventIntakePosterUpload: Handler<'completeEventIntakePosterUpload'> = async (req, services) => ({
  status: 200,
  body: await services.posters.complete(req.actor, req.params.draftId, req.body.posterAssetId),
  headers: { 'Cache-Control': 'no-store' },
});
