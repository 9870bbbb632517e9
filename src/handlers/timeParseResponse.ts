import type { Services } from '../services/index.js';
import type { SubmitResult } from '../services/time/jobs.js';

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
