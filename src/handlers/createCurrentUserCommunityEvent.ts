import type { Handler } from './types.js';

export const createCurrentUserCommunityEvent: Handler<'createCurrentUserCommunityEvent'> = async (req, services) => {
  const key = req.headers['idempotency-key'];
  return {
    status: 200,
    body: await services.ownerEvents.create(req.actor, req.body, typeof key === 'string' ? key : undefined),
    headers: { 'Cache-Control': 'no-store' },
  };
};
