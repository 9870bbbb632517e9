import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../../config.js';
import { operations, type OperationId } from '../../generated/contract.js';
import { networkRef } from '../clientAddress.js';
import { codedTag, keptVariant, negotiateCoding, sendable, type Coding } from '../encoding.js';
import { REQUEST_ID_HEADER } from '../observability/requestId.js';
import { noteRoute } from '../observability/routeInfo.js';
import { PUBLIC_REVALIDATE } from '../publicCaching.js';
import type { KeptText, PublicReadCache } from '../publicReadCache.js';
import type { LaneResponse, RoutedContext } from './context.js';
import { consumeRateLimit, runSecurity, type SecurityDeps } from './security.js';
import { presentsSeveralCredentials } from '../requestGuards.js';
import { jsonContentType, problemAnswer, type Answer, type createSend } from './send.js';
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

/** How many requests the kept-read lane answered (in this process), for tests and diagnosis. */
export const keptReadLaneStats = { answered: 0 };

/** The fast lane's dependencies, with what the kept-read lane does ahead of express in place of `prelude`. */
export interface KeptReadLaneDeps extends Omit<FastLaneDeps, 'prelude'> {
  /** Starts the request's log line and metrics (src/http/observability/requestLog.ts); its id. */
  beginRequest: (req: IncomingMessage, res: LaneResponse) => string;
  /** The headers the app's first middlewares give every API answer: the security headers and the any-origin CORS headers. */
  fixedHeaders: readonly (readonly [string, string])[];
}

/** A kept answer as the kept-read lane writes it in one coding: its bytes and every header that does not change per request. */
interface PreparedAnswer {
  body: string | Buffer;
  headers: readonly string[];
}

/**
 * The kept-read lane: the fast lane's common case, ahead of express as the page lane is
 * (src/http/web/publicPages.tsx). A plain anonymous GET, without `If-None-Match`, of a URL whose
 * answer is kept and current is answered with Node's request and response alone: what the
 * first middlewares do (request id, log line and metrics), the security stage's one step that
 * applies to such a request (the anonymous route-class rate limit, which counts and may refuse:
 * the credential-in-URL check passed when the URL was kept, and there is no credential to
 * authenticate or guard), then the answer made once per kept entry and coding (the coded bytes
 * and every fixed header: security and CORS headers, `Cache-Control`, `Vary`, the coding's
 * strong `ETag`, media type and length, and the answer's own: a calendar's `Cache-Control` and
 * file name) written with the request's id and rate-limit window in
 * one `writeHead`. A refusal goes through the pipeline's last stage (`send`). Anything else
 * (a conditional request, a missing or stale entry) goes on to express, whose fast lane and
 * pipeline answer it. Only where CORS allows any origin (the default), as for the fast lane.
 */
export function keptReadLane(deps: KeptReadLaneDeps) {
  const { config, cache, security, send, beginRequest, fixedHeaders } = deps;
  const prepared = new WeakMap<KeptText, Partial<Record<Coding, PreparedAnswer>>>();
  const prepare = (kept: KeptText, coding: Coding): PreparedAnswer => {
    const coded = keptVariant(kept.raw, kept.bytes, coding, kept.etag);
    const headers: string[] = [];
    for (const [name, value] of fixedHeaders) headers.push(name, value);
    const own = kept.headers ?? {};
    headers.push('ETag', codedTag(kept.etag, coded.coding), 'Cache-Control', own['Cache-Control'] ?? PUBLIC_REVALIDATE, 'Content-Type', jsonContentType(kept.contentType), 'Vary', 'Accept-Encoding');
    for (const name in own) if (name !== 'Cache-Control') headers.push(name, own[name]);
    if (coded.coding !== 'identity') headers.push('Content-Encoding', coded.coding);
    headers.push('Content-Length', String(typeof coded.bytes === 'string' ? kept.bytes : coded.bytes.length));
    return { body: sendable(coded.bytes, kept.bytes), headers };
  };
  const preparedAnswer = (kept: KeptText, coding: Coding) => {
    let byCoding = prepared.get(kept);
    if (!byCoding) prepared.set(kept, (byCoding = {}));
    return (byCoding[coding] ??= prepare(kept, coding));
  };

  const answer = (req: IncomingMessage, res: LaneResponse, next: () => void, operationId: OperationId, hit: KeptText) => {
    const requestId = beginRequest(req, res);
    const meta = operations[operationId];
    // The stages below read only Node's request and response (headers, `res.req`, `locals`).
    const ctx = { req, res, operationId, meta, networkRef: networkRef(config, req) } as unknown as RoutedContext;
    noteRoute(res, { template: meta.path, operationId, routeClass: meta.routeClass });
    keptReadLaneStats.answered++;
    consumeRateLimit(ctx, security)
      .then(
        () => {
          const { window } = ctx;
          const kept = preparedAnswer(hit, negotiateCoding(req));
          // The window's headers as rateLimitHeaders names them, written with the rest at once.
          res.writeHead(
            200,
            window
              ? [REQUEST_ID_HEADER, requestId, 'RateLimit-Limit', String(window.limit), 'RateLimit-Remaining', String(window.remaining), 'RateLimit-Reset', String(Math.ceil(window.resetAt / 1000)), ...kept.headers]
              : [REQUEST_ID_HEADER, requestId, ...kept.headers],
          );
          res.end(kept.body);
        },
        (err: unknown) => {
          res.setHeader(REQUEST_ID_HEADER, requestId);
          for (const [name, value] of fixedHeaders) res.setHeader(name, value);
          send(ctx, problemAnswer(err, ctx.res));
        },
      )
      .catch((err: unknown) => {
        // Nothing sent yet: the app answers (its error handler, a problem); else the connection goes.
        if (!res.headersSent) return next();
        res.destroy(err instanceof Error ? err : undefined);
      });
  };

  return (req: IncomingMessage, res: LaneResponse, next: () => void): void => {
    if (!plainAnonymousGet(req) || req.headers['if-none-match'] !== undefined) return next();
    const known = cache.knownUrl(req.url!);
    if (!known) return next();
    cache.version().then(
      (version) => {
        const hit = cache.kept(known.key, version);
        if (!hit) return next();
        answer(req, res, next, known.operationId, hit);
      },
      // The stamp could not be read (the database is away): the full pipeline answers.
      () => next(),
    );
  };
}

export interface DirectLaneDeps {
  config: Config;
  security: SecurityDeps;
  send: ReturnType<typeof createSend>;
  /**
   * What the app's first middlewares do to every request (request id, log line and metrics,
   * security and CORS headers), on Node's request and response: the lane runs ahead of express.
   */
  prelude: (req: IncomingMessage, res: LaneResponse) => void;
  /** The GET operations with nothing to validate (no parameters, no body), by literal path, with their invokers. */
  operations: ReadonlyMap<string, { operationId: OperationId; invoke: (ctx: RoutedContext) => Promise<Answer> }>;
}

/** The query of a request the direct lane takes: its URL is a literal path, without a query string. */
const NO_QUERY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/**
 * The direct lane, ahead of express as the page and kept-read lanes are, for a plain GET, with
 * no query string and no body, of an operation that has nothing to validate (no path, query or
 * header parameters and no body: `/me`, the rate-limit usage, the storage probe), whoever calls.
 * Routing such a request is a lookup of its literal path and openapi-backend would validate
 * nothing, so the lane runs the pipeline's own stages on Node's request and response: what the
 * first middlewares do (`prelude`), the security stage (credential in URL, anonymous-bucket
 * preflight, authentication, rate limit, guard), the declared media type, the handler and the
 * last stage. Express's own work on every request (its request and response prototypes, the
 * router's walk of the middlewares) is a third of a bare express answer. A request with several
 * credentials (the guard answers it), a query string, a body, another method or any other URL goes
 * on to express. Only where CORS allows any origin (the default), as for the fast lane.
 */
export function directLane(deps: DirectLaneDeps) {
  const { config, security, send, prelude, operations: byPath } = deps;
  return (req: IncomingMessage, res: LaneResponse, next: () => void): void => {
    if (req.method !== 'GET') return next();
    const found = byPath.get(req.url!);
    if (!found || !withoutBody(req) || presentsSeveralCredentials(req.rawHeaders)) return next();
    prelude(req, res);
    const { operationId } = found;
    const meta = operations[operationId];
    // The stages read Node's request and response, and the request's query (none: a literal path).
    (req as IncomingMessage & { query?: unknown }).query = NO_QUERY;
    const ctx = { req, res, operationId, meta, networkRef: networkRef(config, req) } as unknown as RoutedContext;
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
      .catch((err: unknown) => {
        // Nothing sent yet: the app answers (its error handler, a problem); else the connection goes.
        if (!res.headersSent) return next();
        res.destroy(err instanceof Error ? err : undefined);
      });
  };
}

const withoutBody = (req: IncomingMessage) => req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');
