import type { Handler } from './types.js';

export const getPublicClaimStatus: Handler<'getPublicClaimStatus'> = async (req, services) => ({
  status: 200,
  body: await services.publicDirectory.claimStatus(req.params.slug),
});
