import type { Context } from 'openapi-backend';
import type { OperationId } from '../../generated/contract.js';
import { NOT_IMPLEMENTED, type ApiRequest, type Handler, type HandlerMap } from '../../handlers/types.js';
import { problems } from '../../services/errors.js';
import type { Services } from '../../services/index.js';
import { readUploadForm } from '../multipart.js';
import { CACHED_PUBLIC_READS, PublicReadCache } from '../publicReadCache.js';
import { uploadFormOf } from '../storageUpload.js';
import { routed, type RequestContext } from './context.js';
import { plainAnonymousGet } from './fastLane.js';
import { problemAnswer, type Answer } from './send.js';

export interface HandlerDeps {
  services: Services;
  /** This deployment's public base URL (absolute links such as `Location`). */
  baseUrl: string;
  /** Answers of anonymous public reads kept while current (absent: every call is computed). */
  publicReadCache?: PublicReadCache;
}

/**
 * Stage 4, the operation: hands the validated request and the caller to the handler of
 * `operationId`. Returns nothing for an operation marked NOT_IMPLEMENTED: left unregistered,
 * openapi-backend's `notImplemented` answers it, after security and validation as for any other.
 */
export function operationHandler<K extends OperationId>(operationId: K, handlers: HandlerMap, deps: HandlerDeps) {
  const handler: Handler<K> | typeof NOT_IMPLEMENTED = handlers[operationId];
  if (handler === NOT_IMPLEMENTED) return undefined;
  const cache = deps.publicReadCache && CACHED_PUBLIC_READS.has(operationId) ? deps.publicReadCache : undefined;
  if (!cache) return (c: Context, ctx: RequestContext): Promise<Answer> => invokeHandler(operationId, handler, c, ctx, deps);
  // Anonymous calls only: an authenticated caller's answer is computed (and sent private, no-store).
  return (c: Context, ctx: RequestContext): Promise<Answer> => {
    if (ctx.credential) return invokeHandler(operationId, handler, c, ctx, deps);
    const key = PublicReadCache.keyOf(operationId, c.validation?.coerced?.params ?? c.request.params, c.validation?.coerced?.query ?? c.request.query);
    // This URL has passed routing and validation into `key`: the fast lane may answer it again.
    if (plainAnonymousGet(ctx.req)) cache.rememberUrl(ctx.req.originalUrl, { operationId, key });
    return cache.answer(key, () => invokeHandler(operationId, handler, c, ctx, deps));
  };
}

/**
 * For the direct lane (fastLane.ts): the handler of an operation with nothing to validate (no
 * parameters, no body), called with empty params and query; nothing for one not built yet.
 */
export function directInvoker<K extends OperationId>(operationId: K, handlers: HandlerMap, deps: HandlerDeps) {
  const handler: Handler<K> | typeof NOT_IMPLEMENTED = handlers[operationId];
  if (handler === NOT_IMPLEMENTED) return undefined;
  return (ctx: RequestContext): Promise<Answer> => invokeWith(operationId, handler, { params: {}, query: {} }, ctx, deps);
}

export function invokeHandler<K extends OperationId>(operationId: K, handler: Handler<K>, c: Context, context: RequestContext, deps: HandlerDeps): Promise<Answer> {
  return invokeWith(operationId, handler, { params: c.validation?.coerced?.params ?? c.request.params, query: c.validation?.coerced?.query ?? c.request.query }, context, deps);
}

/** The handler of `operationId` with its validated (and coerced) path and query parameters. */
export async function invokeWith<K extends OperationId>(
  operationId: K,
  handler: Handler<K>,
  input: { params: unknown; query: unknown },
  context: RequestContext,
  deps: HandlerDeps,
): Promise<Answer> {
  const ctx = routed(context);
  const { req } = ctx;
  // The one place untyped input becomes the typed request of operation K: openapi-backend (or,
  // for an operation with nothing to validate, the direct lane) has just validated params, query
  // and body against K's schemas in the contract, and the security stage refused every call
  // without a credential where K admits none.
  const request = {
    operationId,
    params: input.params,
    query: input.query,
    headers: req.headers,
    body: req.body,
    actor: { credential: ctx.credential, networkRef: ctx.networkRef },
    uploadForm: uploadFormOf(req),
    readMultipart: (opts: { maxFileBytes: number }) => readUploadForm(req, opts),
    baseUrl: deps.baseUrl,
  } as ApiRequest<K>;
  return handler(request, deps.services);
}

/** openapi-backend's `notImplemented`: an operation of the contract without a handler yet answers 501. */
export function notImplemented(_c: Context, ctx: RequestContext): Answer {
  return problemAnswer(problems.notImplemented(routed(ctx).operationId));
}
