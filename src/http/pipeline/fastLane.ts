import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../../config.js';
import { operations, type OperationId } from '../../generated/contract.js';
import { networkRef } from '../clientAddress.js';
import { noteRoute } from '../observability/routeInfo.js';
import type { PublicReadCache } from '../publicReadCache.js';
import type { RoutedContext } from './context.js';
import { runSecurity, type SecurityDeps } from './security.js';
import { presentsSeveralCredentials } from '../requestGuards.js';
import { problemAnswer, type Answer, type createSend } from './send.js';
import { requireDeclaredMediaType } from './validateRequest.js';

/**
 * An anonymous GET without a body: its answer depends on its URL alone (the kept public reads
 * declare no header parameters), so an equal URL is an equal request.
 */
export function plainAnonymousGet(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.headers.authorization === undefined && withoutBody(req);
}

export interface FastLaneDeps {
  config: Config;
  cache: PublicReadCache;
  security: SecurityDeps;
  send: ReturnType<typeof createSend>;
  /**
   * What the app's first middlewares do to every request (request id, log and metrics, security
   * and CORS headers): the lane runs before them and hands on to them what it does not answer.
   */
  prelude: (req: Request, res: Response) => void;
}

/**
 * The fast lane of the dispatcher, for kept anonymous public reads (src/http/publicReadCache.ts).
 * The app's first middleware, it answers a plain anonymous GET of a URL whose answer the full
 * pipeline has already validated and kept, while that answer is current (version stamp and
 * clock). It gives the request what the first middlewares would (`prelude`), then runs the same
 * security stage (the credential-in-URL check and the anonymous route-class rate limit, which
 * counts and may refuse) and the same last stage (conditional 304, `Cache-Control`, rate-limit
 * headers) as the full pipeline; routing, request validation and the handler are skipped, since
 * their outcome for this URL is the kept one. The request guards have nothing to refuse here: a
 * known URL decodes, and there is no `Authorization` header. Anything else (another method, a
 * credential, a body, an unknown URL, a stale or missing entry) goes on through the app.
 * Only where CORS allows any origin (the default): an answer's CORS headers are then fixed.
 */
export function fastLane(deps: FastLaneDeps): RequestHandler {
  const { config, cache, security, send, prelude } = deps;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!plainAnonymousGet(req)) return next();
    const known = cache.knownUrl(req.url);
    if (!known) return next();
    prelude(req, res);
    cache.current(known.key).then(
      async (answer) => {
        if (!answer) return next();
        const meta = operations[known.operationId];
        const ctx: RoutedContext = { req, res, operationId: known.operationId, meta, networkRef: networkRef(config, req) };
        noteRoute(res, { template: meta.path, operationId: known.operationId, routeClass: meta.routeClass });
        try {
          await runSecurity(ctx, security);
        } catch (err) {
          return send(ctx, problemAnswer(err, ctx.res));
        }
        send(ctx, answer);
      },
      // The stamp could not be read (the database is away): the full pipeline answers.
      () => next(),
    )
      // Anything else that fails goes to the app's error handler (a problem, never a crash).
      .catch(next);
  };
}

export interface DirectLaneDeps {
  config: Config;
  security: SecurityDeps;
  send: ReturnType<typeof createSend>;
  prelude: FastLaneDeps['prelude'];
  /** The GET operations with nothing to validate (no parameters, no body), by literal path, with their invokers. */
  operations: ReadonlyMap<string, { operationId: OperationId; invoke: (ctx: RoutedContext) => Promise<Answer> }>;
}

/**
 * The direct lane of the dispatcher, for a plain GET, with no query string and no body, of an
 * operation that has nothing to validate (no path, query or header parameters and no body:
 * `/me`, the rate-limit usage, the storage probe), whoever calls. Routing such a request is a
 * lookup of its literal path and openapi-backend would validate nothing, so the lane runs the
 * pipeline's own stages on it directly: what the first middlewares do (`prelude`), the security
 * stage (credential in URL, anonymous-bucket preflight, authentication, rate limit, guard), the
 * declared media type, the handler and the last stage. A request with several credentials (the
 * guard answers it), a query string, a body, another method or any other URL goes on through the
 * app. Only where CORS allows any origin (the default), as for the fast lane.
 */
export function directLane(deps: DirectLaneDeps): RequestHandler {
  const { config, security, send, prelude, operations: byPath } = deps;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    const found = byPath.get(req.url);
    if (!found || !withoutBody(req) || presentsSeveralCredentials(req.rawHeaders)) return next();
    prelude(req, res);
    const { operationId } = found;
    const meta = operations[operationId];
    const ctx: RoutedContext = { req, res, operationId, meta, networkRef: networkRef(config, req) };
    noteRoute(res, { template: meta.path, operationId, routeClass: meta.routeClass });
    (async () => {
      await runSecurity(ctx, security);
      requireDeclaredMediaType(ctx);
      return found.invoke(ctx);
    })()
      .then(
        (answer) => send(ctx, answer),
        (err: unknown) => send(ctx, problemAnswer(err, ctx.res)),
      )
      // Anything that fails in sending goes to the app's error handler (a problem, never a crash).
      .catch(next);
  };
}

const withoutBody = (req: IncomingMessage) => req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');
