import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { REQUEST_ID_HEADER, requestIdFor } from './requestId.js';
import { routeOf } from './routeInfo.js';

const OPERATIONAL_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Gives every request an id (echoed in `X-Request-Id`) and, when it has been answered, records it:
 * one log line (when request logging is on) and the request metrics.
 *
 * The line holds exactly these fields and nothing else: no headers, no query string, no body and
 * no concrete path (paths carry continuation tokens and intent ids; bodies carry time
 * expressions and credentials). Redaction is by construction: what is not listed is not logged.
 */
type TrackDeps = {
  logger: Logger;
  metrics: Metrics;
  logRequests: boolean;
  /** Checks where the request's client address comes from (src/http/clientAddress.ts). */
  watchClientAddress?: (req: IncomingMessage & { path?: string }) => void;
};

export function requestLog(deps: TrackDeps) {
  const track = trackRequests(deps);
  return (req: Request, res: Response, next: NextFunction): void => {
    // The fast lane (src/http/pipeline/fastLane.ts) may have begun it before handing it on.
    if (res.locals.requestId === undefined) track(req, res);
    next();
  };
}

/** Gives the request its id (in `X-Request-Id`) and records it once answered (the request-log middleware, or the lanes). */
export function trackRequests(deps: TrackDeps) {
  const begin = beginRequests(deps);
  return (req: Request, res: Response): void => {
    res.setHeader(REQUEST_ID_HEADER, begin(req, res));
  };
}

/**
 * As `trackRequests`, leaving the `X-Request-Id` header to the caller: for the page lane, which
 * writes all its headers at once (src/http/web/publicPages.tsx). The request's id.
 */
export function beginRequests(deps: TrackDeps) {
  const { logger, metrics, logRequests, watchClientAddress } = deps;
  /**
   * Records a request once its response has closed (answered, or its client gone): one listener
   * function for every request, its state in `locals`, so nothing is allocated per request for it.
   */
  function record(this: TrackedResponse) {
    const res = this;
    const req = res.req;
    const { requestId, startedAt } = res.locals as { requestId: string; startedAt: number };
    const seconds = (performance.now() - startedAt) / 1000;
    const route = routeOf(req, res);
    // A client that went away before the answer finished is recorded with the status it was given.
    const status = res.statusCode;
    metrics.observeRequest({ operationId: route.operationId, route: route.template, method: req.method ?? 'GET', status, seconds, refusedBy: route.refusedBy, routeClass: route.routeClass });
    if (!logRequests) return;
    // Probes and scrapes arrive every few seconds from the orchestrator: logged at debug only.
    const level = OPERATIONAL_ROUTES.has(route.template) ? 'debug' : 'info';
    logger[level](
      {
        requestId,
        method: req.method,
        route: route.template,
        operationId: route.operationId ?? null,
        routeClass: route.routeClass ?? null,
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      'request',
    );
  }
  // Node's request and response, with express's `locals`: the page lane begins requests before express.
  return (req: IncomingMessage, res: TrackedResponse): string => {
    watchClientAddress?.(req);
    const requestId = requestIdFor(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.locals.startedAt = performance.now();
    res.on('close', record);
    return requestId;
  };
}

type TrackedResponse = ServerResponse & { locals: Record<string, unknown> };
