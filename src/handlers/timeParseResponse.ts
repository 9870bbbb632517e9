import type { Services } from '../services/index.js';
import type { SubmitResult, TimeParseRequestBody } from '../services/time/jobs.js';
import type { Actor } from '../services/context.js';
import type { IncomingHttpHeaders } from 'node:http';
import { problems } from '../services/errors.js';

/** 200 with the outcome, or 202 pending with Retry-After (and Location on submission). */
export async function timeParseResponse(services: Services, caller: { userId: string; tokenId: string }, result: SubmitResult, withLocation: boolean) {
  // The time API's window is the quota service's per-minute count (contract 8.2), not a route-class bucket.
  const usage = await services.timeQuota.usage(caller.userId, caller.tokenId);
  const used = Math.max(usage.minute.accountCount, usage.minute.credentialCount ?? 0);
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(usage.minute.limit),
    'RateLimit-Remaining': String(Math.max(0, usage.minute.limit - used)),
    'RateLimit-Reset': String(Math.ceil(usage.minute.resetAt / 1000)),
    'Cache-Control': 'no-store',
  };
  if (result.kind === 'done') return { status: 200 as const, body: result.body, headers };
  headers['Retry-After'] = String(result.body.retryAfterSeconds);
  if (withLocation) headers.Location = `${services.deps.config.publicBaseUrl}/api/v0/time/parse/${result.continuationToken}`;
  return { status: 202 as const, body: result.body, headers };
}

/** Submission through the API or the web facade: the same job service, differing only in Location. */
export async function submitTimeParse(
  services: Services,
  req: { actor: Actor; headers: IncomingHttpHeaders; body: TimeParseRequestBody; operationId: string },
  withLocation: boolean,
) {
  if (!services.timeJobs) throw problems.notImplemented(req.operationId);
  const caller = { userId: req.actor.credential!.userId!, tokenId: req.actor.credential!.tokenId };
  const key = req.headers['idempotency-key'];
  const result = await services.timeJobs.submit(caller, req.body, typeof key === 'string' ? key : undefined);
  return timeParseResponse(services, caller, result, withLocation);
}
