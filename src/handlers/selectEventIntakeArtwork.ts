import type { Handler } from './types.js';

export const selectEventIntakeArtwork: Handler<'selectEventIntakeArtwork'> = async (req, services) => ({
  status: 200,
  body: await services.posters.selectArtwork(req.actor, req.params.draftId, req.body.posterAssetId, req.body.expectedVersion),
  headers: { 'Cache-Control': 'no-store' },
});
