import type { NextFunction, Request, Response, RequestHandler } from 'express';
import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';
import type { Config } from '../config.js';
import { contractDocument } from '../contract/document.js';
import { createAjv } from '../contract/ajv.js';
import { ResponseValidator } from '../contract/responseValidator.js';
import { operations, type OperationId, type RouteClass } from '../generated/contract.js';
import { NOT_IMPLEMENTED, type HandlerMap } from '../handlers/types.js';
import type { Actor, Credential } from '../services/context.js';
import { AppError, problems, type FieldError } from '../services/errors.js';
import type { Services } from '../services/index.js';
import { TokenRejected } from '../services/identity/tokens.js';
import { rateLimitHeaders, type RateLimitWindow } from '../services/ratelimit/rateLimits.js';
import { rateLimitIdentity } from '../services/ratelimit/identity.js';
import { assertNoCredentialInQuery, authorize, invalidToken, presentedCredential } from './auth.js';
import { networkRef } from './clientAddress.js';
import { sendProblem, toProblem } from './problem.js';
import { parse as parseCookies } from 'cookie';
import { SESSION_COOKIE } from '../services/identity/webSessions.js';


type Meta = (typeof operations)[OperationId];

/** Turns Ajv's request errors into RFC 9457 field errors with JSON pointers into the body. */
export function toFieldErrors(errors: { instancePath: string; message?: string; keyword: string; params: any }[]): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const [, where, ...rest] = e.instancePath.split('/');
    let pointer = rest.length ? `/${rest.join('/')}` : '';
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') {
      pointer += `/${String(e.params.additionalProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      message = 'is not an accepted property';
    } else if (e.keyword === 'required' && where !== 'requestBody') {
      pointer = `/${e.params.missingProperty}`;
    } else if (e.keyword === 'required') {
      pointer += `/${e.params.missingProperty}`;
      message = 'is required';
    }
    let fe: FieldError;
    if (where === 'requestBody' || where === undefined) fe = { pointer: pointer || '', message };
    else if (where === 'query' || where === 'path') fe = { parameter: pointer.slice(1).split('/')[0] || String(e.params.missingProperty ?? ''), message };
    else if (where === 'header' || where === 'headers') fe = { header: pointer.slice(1).split('/')[0], message };
    else fe = { pointer, message };
    const key = JSON.stringify(fe);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(fe);
    }
  }
  return out;
}

const actorKindOf = (credential: Credential | undefined) => (credential ? credential.kind : 'anonymous');

interface PipelineResult {
  status: number;
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
  contentType?: string;
}

/**
 * The one fixed pipeline every operation of the contract goes through:
 * route (openapi-backend) → credential-in-URL check → anonymous-bucket preflight →
 * authentication → route-class rate limit → scope/authority guard → request validation →
 * handler (or 501) → response check against the contract (when enabled).
 */
export async function createDispatcher(deps: { config: Config; services: Services; handlers: HandlerMap }): Promise<RequestHandler> {
  const { config, services, handlers } = deps;
  const responses = config.validateResponses ? new ResponseValidator() : undefined;
  const ownOrigin = new URL(config.publicBaseUrl).origin;

  const api = new OpenAPIBackend({
    definition: structuredClone(contractDocument()) as Document,
    strict: true,
    // Quick mode compiles validators lazily; we compile the request validators eagerly below
    // and skip the response validators openapi-backend would build (responses are checked by
    // our own ResponseValidator, which also covers problem+json).
    quick: true,
    validate: () => false, // validation runs inside the pipeline, after authentication
    coerceTypes: true,
    // OpenAPI 3.1 is JSON Schema 2020-12: swap in Ajv2020 with ajv-formats, keeping openapi-backend's
    // per-context options (query and path parameters are coerced from strings).
    customizeAjv: (_default, opts) => createAjv(opts as any) as any,
  });
  // `redocly lint` is the definition check (CI); openapi-backend's bundled OpenAPI schema
  // validator predates 3.1's JSON Schema 2020-12 keywords (quick mode skips it anyway).

  const send = (res: Response, r: PipelineResult, ctx?: { method: string; path: string }) => {
    const type = r.contentType ?? 'application/json';
    if (responses) {
      const body = r.raw !== undefined && type.includes('json') ? JSON.parse(r.raw.toString()) : r.raw !== undefined ? r.raw.toString() : r.body;
      const check = responses.check({ ...ctx, status: r.status, contentType: type, body: r.status === 304 ? undefined : body });
      if (!check.ok) {
        console.error(`response breaks the contract (${ctx?.method} ${ctx?.path} ${r.status}): ${check.errors.join('; ')}`);
        return sendProblem(res, new AppError(500, '/problems/internal', 'Response breaks the contract', { code: 'CONTRACT_VIOLATION' }));
      }
    }
    for (const [k, v] of Object.entries(r.headers ?? {})) res.setHeader(k, v);
    res.status(r.status);
    if (r.status === 204 || r.status === 304) return void res.end();
    if (r.raw !== undefined) return void res.type(type).send(r.raw);
    if (r.body === undefined) return void res.end();
    res.type(type).send(type.includes('json') ? JSON.stringify(r.body) : (r.body as string | Buffer));
  };

  const pipeline = (operationId: OperationId) =>
    async function (c: Context, req: Request, res: Response) {
      const meta: Meta = operations[operationId];
      const op = { method: meta.method, path: meta.path };
      // The request log shows the path template: concrete paths can hold continuation tokens.
      res.locals.routeTemplate = meta.path;
      const net = networkRef(config, req);
      let window: RateLimitWindow | undefined;
      try {
        assertNoCredentialInQuery(req.query as Record<string, unknown>);
        const presented = presentedCredential(req.headers);
        const limited = meta.routeClass !== 'one_time_token';
        const anonymousBucket = { key: `ip:${net}`, tier: 'standard' as const };
        const anonymousClass: RouteClass = meta.anonymousRouteClass ?? 'anonymous_public_read';

        let credential: Credential | undefined;
        const sessionOperation = meta.security.some((requirement) => 'sessionCookie' in requirement);
        if (sessionOperation) {
          // Web facades: the signed-in session is the credential, and only same-origin pages may use it.
          if (req.headers.origin !== ownOrigin) throw problems.forbidden('This route accepts same-origin requests from signed-in pages only.');
          const session = await services.webSessions.resolveSession(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]);
          if (!session) throw problems.unauthorized('Sign in first.', 'Cookie realm="marquee"');
          credential = { kind: 'web_session', tokenId: session.ref, ownerKind: 'user', ownerUserId: session.user.id, userId: session.user.id, scopes: [], trustTier: 'personal' };
        }
        if (presented.kind !== 'none' && limited && !sessionOperation) {
          // Contract 8.3 rule 4: look at the anonymous bucket first without counting; a failed
          // authentication then counts against it.
          const before = await services.rateLimits.inspect(anonymousClass, anonymousBucket);
          if (!before.allowed) throw problems.rateLimited(before.retryAfterSeconds, { ...rateLimitHeaders(before), 'Retry-After': String(before.retryAfterSeconds) });
        }
        if (presented.kind === 'malformed' && !sessionOperation) {
          if (limited) await services.rateLimits.consume(anonymousClass, anonymousBucket);
          throw invalidToken('The Authorization header must be "Bearer <token>".');
        }
        if (presented.kind === 'bearer' && !sessionOperation) {
          try {
            credential = await services.tokens.authenticate(presented.token, { routeClass: meta.routeClass, networkRef: net });
          } catch (err) {
            if (!(err instanceof TokenRejected)) throw err;
            if (limited) await services.rateLimits.consume(anonymousClass, anonymousBucket);
            throw invalidToken();
          }
        }
        const actor: Actor = { credential, networkRef: net };

        // The time API's submissions are metered by the time-parse quota (contract 8.2, with the
        // injected clock; idempotent replays use no quota), not a second time here.
        const meteredElsewhere = !!credential && meta.routeClass === 'time_parse';
        if (limited && !meteredElsewhere) {
          // Anonymous calls always count against the anonymous bucket of their address, also on
          // routes that will refuse them for lack of a credential.
          const routeClass = (credential ? meta.routeClass : anonymousClass) as RouteClass;
          const identity = rateLimitIdentity(credential, net);
          window = await services.rateLimits.consume(routeClass, identity);
          if (!window.allowed) {
            if (window.firstRefusal) await services.audit.recordRateLimitBlock(window, identity, actorKindOf(credential), net);
            throw problems.rateLimited(window.retryAfterSeconds, { ...rateLimitHeaders(window), 'Retry-After': String(window.retryAfterSeconds) });
          }
        }

        authorize(meta, credential);

        // Request validation (contract schemas, Ajv 2020 + ajv-formats).
        if (meta.requestContentTypes.length && req.body !== undefined && req.headers['content-type']) {
          const type = String(req.headers['content-type']).split(';')[0].trim().toLowerCase();
          if (!(meta.requestContentTypes as readonly string[]).includes(type)) throw problems.unsupportedMediaType([...meta.requestContentTypes]);
        }
        const validation = api.validator.validateRequest(c.request, c.operation);
        if (!validation.valid) {
          const parse = validation.errors?.find((e: { keyword: string }) => e.keyword === 'parse');
          if (parse) throw problems.malformed('The request body is not valid JSON.');
          throw problems.validation(toFieldErrors(validation.errors ?? []));
        }

        const handler = handlers[operationId];
        if (handler === NOT_IMPLEMENTED) throw problems.notImplemented(operationId);
        const result = await (handler as any)(
          {
            operationId,
            params: validation.coerced?.params ?? c.request.params,
            query: validation.coerced?.query ?? c.request.query,
            headers: req.headers,
            body: req.body,
            actor,
            uploadForm: (req as Request & { uploadForm?: unknown }).uploadForm,
          },
          services,
        );
        send(res, { ...result, headers: { ...(window ? rateLimitHeaders(window) : {}), ...result.headers } }, op);
      } catch (err) {
        const problem = toProblem(err);
        send(res, { ...problem, headers: { ...(window ? rateLimitHeaders(window) : {}), ...problem.headers } }, op);
      }
    };

  const templates = Object.values(operations).map((o) => ({
    method: o.method,
    pattern: new RegExp('^' + o.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+') + '/?$'),
  }));
  const registered = Object.fromEntries((Object.keys(operations) as OperationId[]).map((id) => [id, pipeline(id)]));
  // Authentication and the scope guard run inside the pipeline (they need the rate limiter
  // between them), so openapi-backend's own security stage lets every scheme through.
  for (const scheme of Object.keys(contractDocument().components?.securitySchemes ?? {})) {
    api.registerSecurityHandler(scheme, () => true);
  }
  api.register({
    ...registered,
    notFound: (_c: Context, _req: Request, res: Response) => sendProblem(res, problems.notFound('No route matches this path.')),
    methodNotAllowed: (_c: Context, req: Request, res: Response) => {
      const allow = templates.filter((t) => t.pattern.test(req.path)).flatMap((t) => (t.method === 'get' ? ['GET', 'HEAD'] : [t.method.toUpperCase()]));
      sendProblem(res, problems.methodNotAllowed([...new Set(allow)]));
    },
  });
  await api.init();
  // Fail fast on a schema Ajv cannot compile, as a full precompile would.
  api.validator.preCompileRequestValidators();

  return (req: Request, res: Response, next: NextFunction) => {
    api
      // HEAD is GET without a body (RFC 9110 §9.3.2); express leaves the body out.
      .handleRequest({ method: req.method === 'HEAD' ? 'GET' : req.method, path: req.path, query: req.query as any, headers: req.headers as any, body: req.body }, req, res)
      .catch(next);
  };
}
