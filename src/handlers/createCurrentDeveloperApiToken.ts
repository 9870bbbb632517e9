import type { Handler } from './types.js';

export const createCurrentDeveloperApiToken: Handler<'createCurrentDeveloperApiToken'> = async (req, services) => {
  const created = await services.tokens.createForCaller(req.actor, req.body);
  // The raw value is in this response only: never cached, never shown again.
  return { status: 200, body: created, headers: { 'Cache-Control': 'no-store' } };
};
