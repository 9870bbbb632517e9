import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { operations, type OperationId } from '../../generated/contract.js';
import type { Credential } from '../../services/context.js';
import type { RateLimitWindow } from '../../services/ratelimit/rateLimits.js';

/** What the contract says about one operation (generated from openapi.yaml). */
export type OperationMeta = (typeof operations)[OperationId];

/**
 * What the stages of one request hand on to each other. The dispatcher creates it empty for
 * every request and passes it to each openapi-backend hook; each stage fills in what it
 * produces.
 */
export interface RequestContext {
  readonly req: Request;
  readonly res: Response;
  /** route: the operation of the contract the request reached. */
  operationId?: OperationId;
  meta?: OperationMeta;
  /** route: keyed hash of the client address (contract 8.3 rule 7). */
  networkRef?: string;
  /** authentication: the caller's credential; absent for anonymous calls. */
  credential?: Credential;
  /** rate limit: the window the call counted against; its headers go on every answer. */
  window?: RateLimitWindow;
}

/** The context once the route stage has matched an operation. */
export interface RoutedContext extends RequestContext {
  operationId: OperationId;
  meta: OperationMeta;
  networkRef: string;
}

export const newContext = (req: Request, res: Response): RequestContext => ({ req, res });

export const isRouted = (ctx: RequestContext): ctx is RoutedContext => ctx.operationId !== undefined && ctx.meta !== undefined && ctx.networkRef !== undefined;

/** For stages that openapi-backend only calls after routing succeeded. */
export function routed(ctx: RequestContext): RoutedContext {
  if (!isRouted(ctx)) throw new Error('pipeline stage ran before the route stage');
  return ctx;
}

export const isOperationId = (id: string | undefined): id is OperationId => id !== undefined && Object.hasOwn(operations, id);

/**
 * A response as the lanes ahead of express hold it (the page lane, the kept-read lane): Node's,
 * with the `locals` express gives every response.
 */
export type LaneResponse = ServerResponse & { locals: Record<string, unknown> };
