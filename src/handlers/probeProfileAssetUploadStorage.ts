import type { Handler } from './types.js';

/** 503 carries the probe result itself, so monitors read one shape either way. */
export const probeProfileAssetUploadStorage: Handler<'probeProfileAssetUploadStorage'> = async (_req, services) => {
  const body = await services.profileAssets.probeStorage();
  const headers = { 'Cache-Control': 'no-store' };
  return body.storageReachable ? { status: 200, body, headers } : { status: 503, body, headers };
};
