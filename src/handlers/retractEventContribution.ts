import type { Handler } from './types.js';

export const retractEventContribution: Handler<'retractEventContribution'> = async (req, services) => ({
  status: 200,
  body: await services.publishing.retract(req.actor, req.params.slug),
  headers: { 'Cache-Control': 'no-store' },
});
