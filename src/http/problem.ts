import type { Response } from 'express';
import { AppError, problems } from '../services/errors.js';
import { isDatabaseUnavailable } from '../db/knex.js';
import { errorFields, logEvent } from '../lib/eventLog.js';
import { requestIdOf } from './observability/requestId.js';

export const PROBLEM_JSON = 'application/problem+json';

export interface ProblemResponse {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  contentType: typeof PROBLEM_JSON;
}

/** RateLimit headers (Unix seconds for the reset, contract 8.3 rule 9) of a per-account quota. */
export function quotaHeaders(q: { limit: number; remaining: number; resetAt: number }): Record<string, string> {
  return { 'RateLimit-Limit': String(q.limit), 'RateLimit-Remaining': String(q.remaining), 'RateLimit-Reset': String(Math.ceil(q.resetAt / 1000)) };
}

/** A database outage answers 503 (retry later), not 500: nothing is wrong with the request. */
const databaseUnavailable = () => problems.serviceUnavailable('The database is temporarily unavailable; the request was not completed.');

/**
 * The one mapper from errors to RFC 9457 problems. A lost database connection becomes a 503;
 * other unknown errors a bare 500. Both are logged (src/lib/eventLog.ts) with the request's id
 * when the caller knows it; refusals (AppError) are not.
 */
export function toProblem(err: unknown, instance?: string, requestId?: string): ProblemResponse {
  const unavailable = !(err instanceof AppError) && isDatabaseUnavailable(err);
  const e = err instanceof AppError ? err : unavailable ? databaseUnavailable() : problems.internal();
  if (!(err instanceof AppError)) {
    logEvent(unavailable ? 'warn' : 'error', unavailable ? 'database_unavailable' : 'unexpected_error', { ...(requestId ? { requestId } : {}), ...errorFields(err) });
  }
  const { detail, code, retryAfterSeconds, errors, choices, quota } = e.options;
  const body: Record<string, unknown> = { type: e.type, title: e.title, status: e.status };
  if (detail !== undefined && e.expose) body.detail = detail;
  if (instance) body.instance = instance;
  if (code) body.code = code;
  if (retryAfterSeconds !== undefined) body.retryAfterSeconds = retryAfterSeconds;
  if (errors?.length) body.errors = errors;
  if (choices?.length) body.choices = choices;
  if (quota) body.quota = { name: quota.name, limit: quota.limit, remaining: quota.remaining, resetAt: quota.resetAt };
  const headers = { ...(e.options.headers ?? {}) };
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
  // A refusing quota is the limit this answer is about: its RateLimit headers replace the
  // route-class window's, so they agree with Retry-After (contract 8.3 rule 9).
  if (quota) Object.assign(headers, quotaHeaders(quota));
  return { status: e.status, headers, body, contentType: PROBLEM_JSON };
}

export function sendProblem(res: Response, err: unknown, instance?: string): void {
  const p = toProblem(err, instance, requestIdOf(res));
  for (const [name, value] of Object.entries(p.headers)) res.setHeader(name, value);
  res.status(p.status).type(PROBLEM_JSON).send(JSON.stringify(p.body));
}
