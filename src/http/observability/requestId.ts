import crypto from 'node:crypto';
import type { Response } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's id is kept only when it is short and can hold nothing but an opaque label. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is safe to echo and log (a proxy's or
 * client's correlation id), else a fresh random one. A refused id is never logged.
 */
export function requestIdFor(presented: string | string[] | undefined): string {
  if (typeof presented === 'string' && SAFE_REQUEST_ID.test(presented)) return presented;
  return crypto.randomUUID();
}

/** The id given to this request (set by the request-log middleware). */
export const requestIdOf = (res: Response): string | undefined => res.locals.requestId as string | undefined;
