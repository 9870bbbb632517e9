import type { Handler } from './types.js';

export const beginEventIntakePosterUpload: Handler<'beginEventIntakePosterUpload'> = async (req, services) => ({
  status: 200,
  body: await services.posters.begin(req.actor, req.params.draftId, req.body),
  headers: { 'Cache-Control': 'no-store' },
});
