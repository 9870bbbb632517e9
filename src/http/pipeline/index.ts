import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { OpenAPIBackend, type Context, type Document, type Request as BackendRequest } from 'openapi-backend';
import type { Config } from '../../config.js';
import { createAjv } from '../../contract/ajv.js';
import { contractDocument } from '../../contract/document.js';
import { ResponseValidator } from '../../contract/responseValidator.js';
import { operations, type OperationId } from '../../generated/contract.js';
import type { HandlerMap } from '../../handlers/types.js';
import type { Services } from '../../services/index.js';
import { isRouted, newContext, routed, type RequestContext } from './context.js';
import { compileRouting } from './compiledRouter.js';
import { directLane, fastLane, keptReadLane, type DirectLaneDeps, type FastLaneDeps, type KeptReadLaneDeps } from './fastLane.js';
import { directInvoker, notImplemented, operationHandler, type HandlerDeps } from './invokeHandler.js';
import { PublicReadCache } from '../publicReadCache.js';
import { methodNotAllowed, notFound, route } from './route.js';
import { runSecurity, type SecurityDeps } from './security.js';
import { createSend, postResponseHandler, problemAnswer } from './send.js';
import { refuseUnstorableText, requireDeclaredMediaType, validationFail } from './validateRequest.js';

/**
 * The one fixed pipeline every operation of the contract goes through, on openapi-backend's own
 * order (routing → security → validation → operation → response):
 *
 * 1. route             `postRoutingHandler` (route.ts); `notFound` / `methodNotAllowed` answer misses
 * 2. security          `postSecurityHandler` (security.ts): credential in URL → anonymous-bucket
 *                      preflight → authentication → route-class rate limit → bearer refused on
 *                      own-credential routes → scope/authority guard
 * 3. validate request  media type, then text no field can hold (NUL, lone surrogates; both in
 *                      validateRequest.ts, last in `postSecurityHandler`), then openapi-backend's
 *                      validation; `validationFail` answers 400
 * 4. operation         the handler (invokeHandler.ts), or `notImplemented` (501)
 * 5. send              `postResponseHandler` (send.ts): checked against the contract when enabled
 *
 * A stage that refuses inside a hook throws its problem (openapi-backend hooks cannot answer
 * early); the dispatcher sends it through the same last stage.
 */
export interface Dispatcher {
  /** The full pipeline, for every request under /api and /storage. */
  dispatch: RequestHandler;
  /**
   * The lanes ahead of the app's middlewares (fastLane.ts): kept anonymous public reads answered
   * without routing and validation again.
   */
  lanes: RequestHandler[];
  /** The kept anonymous public reads (absent when disabled): the public pages keep theirs in it too. */
  publicReadCache?: PublicReadCache;
  /** The kept-read lane (fastLane.ts), ahead of express: absent when the cache is off or CORS is not any-origin. */
  keptReadLane?: ReturnType<typeof keptReadLane>;
  /** The direct lane (fastLane.ts), ahead of express: operations with nothing to validate, run directly; absent when CORS is not any-origin. */
  directLane?: ReturnType<typeof directLane>;
}

export async function createDispatcher(deps: {
  config: Config;
  services: Services;
  handlers: HandlerMap;
  compileValidatorsOnFirstUse?: boolean;
  /** What the app's first middlewares do to a request (see fastLane.ts). */
  prelude: FastLaneDeps['prelude'];
  /** For the kept-read lane ahead of express: what the first middlewares do, as the page lane has it. */
  beginRequest: KeptReadLaneDeps['beginRequest'];
  fixedHeaders: KeptReadLaneDeps['fixedHeaders'];
}): Promise<Dispatcher> {
  const { config, services, handlers } = deps;
  const send = createSend(config.validateResponses ? new ResponseValidator() : undefined);
  const security: SecurityDeps = { services, ownOrigin: new URL(config.publicBaseUrl).origin };

  const api = new OpenAPIBackend({
    definition: withoutSecurityRequirements(structuredClone(contractDocument()) as Document),
    strict: true,
    // Quick mode compiles validators lazily; we compile the request validators eagerly below
    // and skip the response validators openapi-backend would build (responses are checked by
    // our own ResponseValidator, which also covers problem+json).
    quick: true,
    // openapi-backend validates after postSecurityHandler, i.e. after our security stage. An
    // operation without parameters or body called without a query has nothing to validate.
    validate: (c: Context) => !(NOTHING_TO_VALIDATE.has(c.operation?.operationId ?? '') && isEmptyQuery(c.request.query)),
    coerceTypes: true,
    // OpenAPI 3.1 is JSON Schema 2020-12: swap in Ajv2020 with ajv-formats, keeping openapi-backend's
    // per-context options (query and path parameters are coerced from strings).
    customizeAjv: (_default, opts) => createAjv(opts),
  });
  // `redocly lint` is the definition check (CI); openapi-backend's bundled OpenAPI schema
  // validator predates 3.1's JSON Schema 2020-12 keywords (quick mode skips it anyway).


  const publicReadCache = config.publicReadCache ? new PublicReadCache({ version: () => services.publicDirectory.readVersion(), versionNow: () => services.publicDirectory.readVersionNow(), clock: services.clock }) : undefined;
  const handlerDeps: HandlerDeps = { services, baseUrl: config.publicBaseUrl, publicReadCache };
  const operationHandlers: Record<string, (c: Context, ctx: RequestContext) => Promise<unknown>> = {};
  for (const id of Object.keys(operations) as OperationId[]) {
    const handler = operationHandler(id, handlers, handlerDeps);
    if (handler) operationHandlers[id] = handler;
  }
  // The lanes rely on the app's CORS headers being the fixed any-origin ones (the default).
  const lanes: RequestHandler[] = [];
  let keptReads: Dispatcher['keptReadLane'];
  let directReads: Dispatcher['directLane'];
  if (config.corsAllowedOrigins === '*') {
    if (publicReadCache) keptReads = keptReadLane({ config, cache: publicReadCache, security, send, beginRequest: deps.beginRequest, fixedHeaders: deps.fixedHeaders });
    if (publicReadCache) lanes.push(fastLane({ config, cache: publicReadCache, security, send, prelude: deps.prelude }));
    const directOperations: DirectLaneDeps['operations'] = new Map(
      [...NOTHING_TO_VALIDATE].flatMap((id) => {
        const operationId = id as OperationId;
        const invoke = directInvoker(operationId, handlers, handlerDeps);
        return invoke && operations[operationId].method === 'get' ? [[operations[operationId].path, { operationId, invoke }] as const] : [];
      }),
    );
    directReads = directLane({ config, security, send, prelude: deps.prelude as unknown as DirectLaneDeps['prelude'], operations: directOperations });
  }

  api.register({
    postRoutingHandler: route(config),
    notFound,
    methodNotAllowed,
    postSecurityHandler: async (c: Context, ctx: RequestContext) => {
      const routedCtx = routed(ctx);
      await runSecurity(routedCtx, security);
      requireDeclaredMediaType(routedCtx);
      refuseUnstorableText(c);
    },
    validationFail,
    ...operationHandlers,
    notImplemented,
    postResponseHandler: postResponseHandler(send),
  });
  await api.init();
  compileRouting(api);
  // Fail fast on a schema Ajv cannot compile, as a full precompile would. The server instead
  // compiles each operation's validators on its first request (quick mode): compiling them all
  // would hold its first answer back by about half a second; the tests compile them all.
  if (!deps.compileValidatorsOnFirstUse) api.validator.preCompileRequestValidators();

  const dispatch = (req: Request, res: Response, next: NextFunction) => {
    const ctx = newContext(req, res);
    api
      .handleRequest(backendRequest(req), ctx)
      // A refusal thrown by a stage of a routed request is answered like any other; anything
      // before routing goes to express's error handler.
      .catch((err: unknown) => (isRouted(ctx) ? send(ctx, problemAnswer(err, ctx.res)) : next(err)));
  };
  return { dispatch, lanes, publicReadCache, keptReadLane: keptReads, directLane: directReads };
}

/**
 * openapi-backend's copy of the contract carries no security requirements: authentication and
 * the guard are our security stage (security.ts, from the generated operation metadata), which
 * needs the rate limit between them, so openapi-backend's per-scheme handlers would only let
 * every scheme through, at a cost on every request.
 */
function withoutSecurityRequirements(definition: Document): Document {
  delete definition.security;
  for (const item of Object.values(definition.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const) delete item?.[method]?.security;
  }
  return definition;
}

/** Operations whose requests hold nothing to validate when they come without a query (no parameters, no body). */
const NOTHING_TO_VALIDATE: ReadonlySet<string> = new Set(
  Object.values((contractDocument() as Document).paths ?? {}).flatMap((item) =>
    (['get', 'put', 'post', 'delete', 'patch'] as const)
      .map((method) => item?.[method])
      .filter((op) => op?.operationId && !op.requestBody && !(op.parameters?.length || item?.parameters?.length))
      .map((op) => op!.operationId!),
  ),
);

const isEmptyQuery = (query: Record<string, unknown> | undefined) => {
  for (const _ in query) return false;
  return true;
};

/** The request as openapi-backend routes and validates it. */
function backendRequest(req: Request): BackendRequest {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = value;
  return {
    // HEAD is GET without a body (RFC 9110 §9.3.2); express leaves the body out.
    method: req.method === 'HEAD' ? 'GET' : req.method,
    path: req.path,
    // express 5's default ("simple") query parser yields only strings and string arrays.
    query: req.query as Record<string, string | string[]>,
    headers,
    body: req.body,
  };
}
