import type { Handler } from './types.js';

export const createCurrentUserProfileAssetUploadIntent: Handler<'createCurrentUserProfileAssetUploadIntent'> = async (req, services) => ({
  status: 200,
  body: await services.assetUploads.createIntent(req.actor, req.params.slug, req.body),
  // The answer carries the one-time upload token.
  headers: { 'Cache-Control': 'no-store' },
});
