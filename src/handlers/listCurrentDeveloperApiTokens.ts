import type { Handler } from './types.js';

export const listCurrentDeveloperApiTokens: Handler<'listCurrentDeveloperApiTokens'> = async (req, services) => {
  const page = await services.tokens.list(req.actor.credential!.userId!, {
    includeRevoked: req.query.includeRevoked,
    limit: req.query.limit,
    cursor: req.query.cursor,
  });
  return { status: 200, body: page as any, headers: { 'Cache-Control': 'no-store' } };
};
