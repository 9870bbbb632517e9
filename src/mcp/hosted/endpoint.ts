/**
 * The hosted MCP endpoint `/mcp` (contract 4.12, 5.5, 5.14, 6.2, 7, 8.3, 9.4): Streamable HTTP,
 * stateless, served by the MCP SDK's `createMcpHandler` — the 2026-07-28 revision (per-request
 * `_meta`, `server/discover`, server identity in every result's `_meta`) with the SDK's stateless
 * fallback for 2025-era clients (`initialize`). A fresh server per request, so any instance answers.
 *
 * In front of the SDK, in this order (each refusal answers before any MCP work):
 *   0. DNS-rebinding guard (MCP transport security): when this deployment's public base URL is
 *      a loopback address (`make run`), only loopback Host headers; a browser Origin outside a
 *      configured CORS origin list → 403
 *   1. method: POST only (405 otherwise; preflights are answered by CORS)
 *   2. a credential in the URL query → 400
 *   3. the anonymous bucket is inspected when a bearer is presented (8.3 rule 4)
 *   4. authentication: only OAuth access tokens issued for the MCP resource; anything else, and
 *      invalid, expired or revoked tokens → 401 with the challenge of 5.14
 *   5. the rate limit: `anonymous_mcp_public_read` per address, or `authenticated_mcp` per
 *      token and client-wide (10×), trusted partners 100× (8.3)
 *   6. media type: a missing or non-JSON Content-Type → 415 (contract 7), as a JSON-RPC error
 *   7. the body is parsed; a JSON-RPC batch of a protocol revision without batches (any but
 *      2025-03-26; a request without MCP-Protocol-Version is 2025-03-26) → 400 with a JSON-RPC
 *      `-32600` error (admission.ts)
 *   8. a `tools/call` of a tool whose scopes the token lacks → 403 `insufficient_scope` naming
 *      them (the MCP authorization spec's step-up challenge), and without any token → 401 with
 *      the challenge
 *   9. each further message of a batch counts against the class of step 5, and each `tools/call`
 *      of a write tool against `public_write` as its REST door does; the request is admitted
 *      whole or refused whole with 429 (admission.ts)
 * HTTP refusals other than 405/415/parse errors are RFC 9457 problems, as on `/api/v0`.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import cors from 'cors';
import { createMcpHandler, localhostAllowedHostnames, validateHostHeader, type AuthInfo } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Config } from '../../config.js';
import type { RouteClass } from '../../generated/contract.js';
import type { HandlerMap } from '../../handlers/types.js';
import { assertNoCredentialInQuery, presentedCredential } from '../../http/auth.js';
import { networkRef } from '../../http/clientAddress.js';
import { sendProblem } from '../../http/problem.js';
import type { Actor, Credential } from '../../services/context.js';
import { AppError, problems } from '../../services/errors.js';
import type { Services } from '../../services/index.js';
import { AccessTokenRejected } from '../../services/oauth/issuer.js';
import { consumeAll, rateLimitHeaders, type RateLimitWindow } from '../../services/ratelimit/rateLimits.js';
import { rateLimitIdentities } from '../../services/ratelimit/identity.js';
import { missingAuthority } from './execute.js';
import { admitMessages, batchRefusal, publicWriteCalls } from './admission.js';
import { createHostedServer, hostedTool, type HostedRequestContext } from './server.js';
import { noteRoute } from '../../http/observability/routeInfo.js';
import { logEvent } from '../../lib/eventLog.js';

export const MCP_PATH = '/mcp';
const ANONYMOUS_CLASS: RouteClass = 'anonymous_mcp_public_read';
const AUTHENTICATED_CLASS: RouteClass = 'authenticated_mcp';

export interface HostedMcpDeps {
  config: Config;
  services: Services;
  handlers: HandlerMap;
}

/**
 * Contract 5.14: the challenge of every 401 on `/mcp`: `mcp:read`, plus the scopes of the tool
 * an anonymous `tools/call` asked for, so a client registers and asks for what it will need.
 */
export function mcpChallenge(baseUrl: string, error?: 'invalid_token', toolScopes: readonly string[] = []): string {
  const params = [
    ...(error ? [`error="${error}"`] : []),
    `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    `scope="${[...new Set(['mcp:read', ...toolScopes])].join(' ')}"`,
  ];
  return `Bearer ${params.join(', ')}`;
}

/** The MCP authorization spec's step-up challenge: the scopes the call needs. */
export function insufficientScopeChallenge(baseUrl: string, scopes: string[]): string {
  return `Bearer error="insufficient_scope", scope="${scopes.join(' ')}", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp", error_description="This tool needs more scopes"`;
}

/** Contract 9.3, 9.4: browser clients may call `/mcp`; preflights allow the MCP headers. */
function mcpCors(config: Config) {
  return cors({
    origin: config.corsAllowedOrigins === '*' ? '*' : config.corsAllowedOrigins,
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'mcp-method', 'mcp-name', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'],
    exposedHeaders: ['WWW-Authenticate', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'mcp-session-id'],
    maxAge: 600,
    credentials: false,
    optionsSuccessStatus: 204,
  });
}

/** A JSON-RPC error answered at the HTTP layer (no request id is known yet). */
function sendJsonRpcError(res: Response, status: number, code: number, message: string, data?: unknown): void {
  res.status(status).type('application/json').send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message, ...(data === undefined ? {} : { data }) } }));
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/**
 * DNS rebinding (MCP Streamable HTTP, security): a page on another site whose name resolves to
 * a loopback address must not reach a local server. A deployment on a loopback base URL answers
 * loopback Host names only; a configured CORS origin list also bounds browser Origins (with the
 * default `*`, any origin may call: every authority here is a bearer token, never ambient).
 */
function rebindingRefusal(config: Config, req: Request): string | undefined {
  const loopback = localhostAllowedHostnames();
  if (loopback.includes(new URL(config.publicBaseUrl).hostname)) {
    const host = validateHostHeader(req.headers.host, loopback);
    if (!host.ok) return host.message;
  }
  const origin = req.headers.origin;
  if (origin && config.corsAllowedOrigins !== '*' && !config.corsAllowedOrigins.includes(origin)) return `Origin not allowed: ${origin}`;
  return undefined;
}

/** What the SDK's per-request factory reads back from the request's pass-through auth info. */
interface McpAuthExtra {
  context: HostedRequestContext;
}

/** The `/mcp` router; mounted by the composition root before any body parser. */
export function hostedMcpRouter(deps: HostedMcpDeps): Router {
  const { config, services, handlers } = deps;
  const baseUrl = config.publicBaseUrl;
  const handler = createMcpHandler(
    (ctx) => {
      const extra = ctx.authInfo?.extra as McpAuthExtra | undefined;
      if (!extra) throw new Error('the /mcp router did not authenticate this request');
      return createHostedServer(extra.context);
    },
    {
      legacy: 'stateless',
      // A single JSON answer unless a handler emits a message before its result (no tool
      // streams progress today).
      responseMode: 'auto',
      maxRequestBodySize: config.jsonBodyLimitBytes,
      onerror: (err) => {
        // Rejected requests are reported here too; never their bodies or headers.
        if (config.env !== 'test') logEvent('warn', 'mcp_request_rejected', { errorMessage: err.message.slice(0, 300) });
      },
    },
  );
  const serve = toNodeHandler(handler, { maxRequestBodySize: config.jsonBodyLimitBytes });
  const parseJson = express.json({ limit: config.jsonBodyLimitBytes, type: () => true, strict: false });

  const router = express.Router();
  router.use(MCP_PATH, mcpCors(config));
  router.all(MCP_PATH, async (req: Request, res: Response, next: NextFunction) => {
    res.locals.routeTemplate = MCP_PATH;
    try {
      const rebinding = rebindingRefusal(config, req);
      if (rebinding) return sendJsonRpcError(res, 403, -32000, rebinding);
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        return sendJsonRpcError(res, 405, -32000, 'Method not allowed: this endpoint is stateless and answers POST only.');
      }
      assertNoCredentialInQuery(req.query as Record<string, unknown>);
      const net = networkRef(config, req);
      const credential = await authenticate(req, net, deps);
      const routeClass = credential ? AUTHENTICATED_CLASS : ANONYMOUS_CLASS;
      noteRoute(res, { routeClass });
      const identities = rateLimitIdentities(credential, net);
      const { window, identity } = await consumeAll(services.rateLimits, routeClass, identities);
      for (const [name, value] of Object.entries(rateLimitHeaders(window))) res.setHeader(name, value);
      if (!window.allowed) {
        if (window.firstRefusal) await services.audit.recordRateLimitBlock(window, identity, credential ? credential.kind : 'anonymous', net);
        throw tooManyRequests(window);
      }
      // Decisions §7, contract 8.3: each further message of a batch, and each public write,
      // counts on its own (admission.ts); the request is admitted or refused whole.
      const admit = async (body: unknown) => {
        const messages = Array.isArray(body) ? body : [body];
        const writes = credential ? publicWriteCalls(messages) : 0;
        const admitted = await admitMessages(services.rateLimits, routeClass, identities, window, messages, writes);
        for (const [name, value] of Object.entries(rateLimitHeaders(admitted.window))) res.setHeader(name, value);
        if (!admitted.allowed) {
          if (admitted.window.firstRefusal) await services.audit.recordRateLimitBlock(admitted.window, admitted.identity, credential ? credential.kind : 'anonymous', net);
          throw tooManyRequests(admitted.window);
        }
      };
      // Contract 7: after authorization, the media type.
      const contentType = req.headers['content-type'];
      if (!contentType || !JSON_MEDIA_TYPE.test(contentType)) {
        return sendJsonRpcError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json.', {
          status: 415,
          title: 'Unsupported media type',
          detail: 'Send the body as application/json; charset=utf-8.',
        });
      }
      parseJson(req, res, (err?: unknown) => {
        if (err) {
          const type = (err as { type?: string }).type;
          if (type === 'entity.too.large') return sendJsonRpcError(res, 413, -32000, `Request bodies are limited to ${config.jsonBodyLimitBytes} bytes.`);
          if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
            return sendJsonRpcError(res, 415, -32000, 'Unsupported Media Type: send the body as application/json; charset=utf-8.');
          }
          return sendJsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
        }
        const batchError = batchRefusal(req.body, req.headers);
        if (batchError) return sendJsonRpcError(res, 400, -32600, batchError);
        const actor: Actor = { credential, networkRef: net };
        const refusal = toolCallRefusal(req.body, actor, baseUrl);
        if (refusal) return sendProblem(res, refusal);
        admit(req.body).then(() => {
          const context: HostedRequestContext = { services, actor, baseUrl, handlers, routeClass };
          // Pass-through to the server factory; the bearer itself never goes further than here.
          delete req.headers.authorization;
          (req as Request & { auth?: AuthInfo }).auth = {
            token: '',
            clientId: credential?.kind === 'oauth' ? credential.clientId : '',
            scopes: credential ? [...credential.scopes] : [],
            extra: { context } satisfies McpAuthExtra as unknown as Record<string, unknown>,
          };
          serve(req, res, req.body).catch(next);
        }, (refused: unknown) => sendProblem(res, refused));
      });
    } catch (err) {
      sendProblem(res, err);
    }
  });
  return router;
}

const tooManyRequests = (window: RateLimitWindow) =>
  problems.rateLimited(window.retryAfterSeconds, { ...rateLimitHeaders(window), 'Retry-After': String(window.retryAfterSeconds) });

/**
 * Contract 5.5: `/mcp` accepts only OAuth access tokens issued for the MCP resource. A personal
 * token, an API-resource token, and any malformed, unknown, expired or revoked token answer 401
 * with the challenge; the failure counts against the address's anonymous bucket (8.3 rule 4).
 */
async function authenticate(req: Request, net: string, { config, services }: HostedMcpDeps): Promise<Credential | undefined> {
  const presented = presentedCredential(req.headers);
  if (presented.kind === 'none') return undefined;
  const anonymous = { key: `ip:${net}`, tier: 'standard' as const };
  const before = await services.rateLimits.inspect(ANONYMOUS_CLASS, anonymous);
  if (!before.allowed) throw tooManyRequests(before);
  const refuse = async (detail: string) => {
    await services.rateLimits.consume(ANONYMOUS_CLASS, anonymous);
    return problems.unauthorized(detail, mcpChallenge(config.publicBaseUrl, 'invalid_token'));
  };
  if (presented.kind === 'malformed') throw await refuse('The Authorization header must be "Bearer <token>".');
  try {
    return await services.oauth.authenticate(presented.token, 'mcp');
  } catch (err) {
    if (!(err instanceof AccessTokenRejected)) throw err;
    throw await refuse('The bearer credential is not an active OAuth access token issued for this MCP endpoint.');
  }
}

/**
 * A `tools/call` whose tool needs a credential the request lacks is refused at the HTTP layer,
 * where MCP clients look for authorization challenges: no token → 401 with the challenge; a token
 * without the tool's scopes → 403 `insufficient_scope` naming exactly the scopes the tool needs.
 * Other authority failures (no user behind the token) are tool errors.
 */
function toolCallRefusal(body: unknown, actor: Actor, baseUrl: string): AppError | undefined {
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    if (!message || typeof message !== 'object' || (message as { method?: unknown }).method !== 'tools/call') continue;
    const tool = hostedTool((message as { params?: { name?: unknown } }).params?.name);
    if (!tool) continue;
    const missing = missingAuthority(tool.authority, actor);
    if (missing?.kind === 'credential') {
      return problems.unauthorized(`The tool ${tool.name} needs an MCP access token.`, mcpChallenge(baseUrl, undefined, tool.authority.anonymous ? [] : tool.authority.scopes));
    }
    if (missing?.kind === 'scopes') {
      return problems.insufficientScope(missing.scopes, insufficientScopeChallenge(baseUrl, missing.scopes));
    }
  }
  return undefined;
}
