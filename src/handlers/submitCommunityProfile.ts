import type { Handler } from './types.js';

export const submitCommunityProfile: Handler<'submitCommunityProfile'> = async (req, services) => {
  const key = req.headers['idempotency-key'];
  return {
    status: 201,
    body: await services.profileWrites.submit(req.actor, req.body, typeof key === 'string' ? key : undefined),
    headers: { 'Cache-Control': 'no-store' },
  };
};
