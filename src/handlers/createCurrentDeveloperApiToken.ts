import type { Handler } from './types.js';

export const createCurrentDeveloperApiToken: Handler<'createCurrentDeveloperApiToken'> = async (req, services) => {
  const created = await services.tokens.create(req.actor.credential!.userId!, req.body, { actor: req.actor });
  // The raw value is in this response only: never cached, never shown again.
  return { status: 200, body: created as any, headers: { 'Cache-Control': 'no-store' } };
};
