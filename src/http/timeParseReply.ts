import { operations } from '../generated/contract.js';
import type { TimeParseReply } from '../services/time/jobs.js';
import { quotaHeaders } from './problem.js';

const continuationPath = (token: string) => operations.getTemporalParseContinuation.path.replace('{continuationToken}', encodeURIComponent(token));

/**
 * The HTTP shape of a time-parse reply: 200 with the outcome, or 202 pending with Retry-After
 * (and, where `baseUrl` is given, Location of the continuation). A submission's window headers
 * report the time API's quota (contract 8.2, 8.3 rule 9); a poll's are the pipeline's
 * route-class window (authenticated public reads).
 */
export function timeParseResponse(reply: TimeParseReply, baseUrl?: string) {
  const { result, window } = reply;
  const headers: Record<string, string> = {
    ...(window ? quotaHeaders(window) : {}),
    'Cache-Control': 'no-store',
  };
  if (result.kind === 'done') return { status: 200 as const, body: result.body, headers };
  headers['Retry-After'] = String(result.body.retryAfterSeconds);
  if (baseUrl !== undefined) headers.Location = `${baseUrl}${continuationPath(result.continuationToken)}`;
  return { status: 202 as const, body: result.body, headers };
}
