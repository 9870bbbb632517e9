import { parse as parseCookies } from 'cookie';
import type { RouteClass } from '../../generated/contract.js';
import { problems } from '../../services/errors.js';
import type { Services } from '../../services/index.js';
import { TokenRejected } from '../../services/identity/tokens.js';
import { AccessTokenRejected } from '../../services/oauth/issuer.js';
import { SESSION_COOKIE } from '../../services/identity/webSessions.js';
import { consumeAll, rateLimitHeaders, type RateLimitWindow } from '../../services/ratelimit/rateLimits.js';
import { rateLimitIdentities, rateLimitIdentity } from '../../services/ratelimit/identity.js';
import { assertNoCredentialInQuery, authorize, invalidToken, presentedCredential } from '../auth.js';
import type { OperationMeta, RoutedContext } from './context.js';

/**
 * Stage 2, security: one sequence of named steps, in the contract's order. A step that refuses
 * throws the problem it answers with; the dispatcher sends it.
 *
 * These run in openapi-backend's `postSecurityHandler`, not as its per-scheme security handlers
 * or `unauthorizedHandler`: those run every scheme of an operation in parallel and only yield
 * authorised / not, while the contract needs one authentication per request, the rate limit
 * between authentication and the guard (anonymous calls count before they are refused, 8.3)
 * and distinct 401/403 answers.
 */
export interface SecurityDeps {
  services: Pick<Services, 'webSessions' | 'rateLimits' | 'tokens' | 'audit' | 'oauth' | 'timeQuota'>;
  /** This deployment's origin: session routes accept same-origin requests only. */
  ownOrigin: string;
}

export type SecurityStage = (ctx: RoutedContext, deps: SecurityDeps) => void | Promise<void>;

/** Contract 8.3 rule 6: the one-time-token transports are bounded by their token or policy, not a class window. */
const rateLimited = (meta: OperationMeta) => meta.routeClass !== 'one_time_token';
/** Web facades: the signed-in session is the credential. */
const sessionOperation = (meta: OperationMeta) => meta.security.some((requirement) => 'sessionCookie' in requirement);
/**
 * The upload transports (`x-route-class: one_time_token` with `security: []`): their single-use
 * token or signed policy is the only credential; the contract admits no API credential there.
 */
const ownCredentialOnly = (meta: OperationMeta) => meta.routeClass === 'one_time_token' && meta.security.length === 0;

const anonymousBucket = (networkRef: string) => ({ key: `ip:${networkRef}`, tier: 'standard' as const });
const anonymousClass = (meta: OperationMeta): RouteClass => meta.anonymousRouteClass ?? 'anonymous_public_read';
const actorKindOf = (ctx: RoutedContext) => (ctx.credential ? ctx.credential.kind : 'anonymous');
/** The time API's quota window in the shape the pipeline reports. */
const quotaWindow = (q: { limit: number; remaining: number; resetAt: number }, now: number): RateLimitWindow => ({
  routeClass: 'time_parse',
  allowed: q.remaining > 0,
  limit: q.limit,
  remaining: q.remaining,
  resetAt: q.resetAt,
  retryAfterSeconds: Math.max(1, Math.ceil((q.resetAt - now) / 1000)),
  windowMs: Math.max(0, q.resetAt - now),
  firstRefusal: false,
});
const tooManyRequests = (window: RateLimitWindow) =>
  problems.rateLimited(window.retryAfterSeconds, { ...rateLimitHeaders(window), 'Retry-After': String(window.retryAfterSeconds) });

/** A failed authentication counts against the caller's anonymous bucket (contract 8.3 rule 4). */
async function countFailedAuthentication(ctx: RoutedContext, { services }: SecurityDeps): Promise<void> {
  if (rateLimited(ctx.meta)) await services.rateLimits.consume(anonymousClass(ctx.meta), anonymousBucket(ctx.networkRef));
}

/** Contract 4.1 / 5.2: a credential in any URL query parameter answers 400, before anything looks at it. */
export function refuseCredentialInUrl(ctx: RoutedContext): void {
  assertNoCredentialInQuery(ctx.req.query as Record<string, unknown>);
}

/**
 * Contract 8.3 rule 4: a call presenting a credential first looks at its address's anonymous
 * bucket without counting; an exhausted bucket refuses before the credential is checked.
 */
export async function inspectAnonymousBucket(ctx: RoutedContext, { services }: SecurityDeps): Promise<void> {
  const { meta } = ctx;
  if (presentedCredential(ctx.req.headers).kind === 'none' || !rateLimited(meta) || sessionOperation(meta)) return;
  const before = await services.rateLimits.inspect(anonymousClass(meta), anonymousBucket(ctx.networkRef));
  if (!before.allowed) {
    ctx.window = before;
    throw tooManyRequests(before);
  }
}

/**
 * The credential: on session routes the signed-in session of a same-origin page, elsewhere the
 * `Authorization: Bearer` token (RFC 6750 §2.1). No header is an anonymous call.
 */
const looksLikeJwt = (token: string) => /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);

export async function authenticate(ctx: RoutedContext, deps: SecurityDeps): Promise<void> {
  const { meta, req } = ctx;
  const { services } = deps;
  if (sessionOperation(meta)) {
    if (req.headers.origin !== deps.ownOrigin) throw problems.forbidden('This route accepts same-origin requests from signed-in pages only.');
    const session = await services.webSessions.resolveSession(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]);
    if (!session) throw problems.unauthorized('Sign in first.', 'Cookie realm="marquee"');
    ctx.credential = { kind: 'web_session', tokenId: session.ref, ownerKind: 'user', ownerUserId: session.user.id, userId: session.user.id, scopes: [], trustTier: 'personal' };
    return;
  }
  const presented = presentedCredential(req.headers);
  if (presented.kind === 'malformed') {
    await countFailedAuthentication(ctx, deps);
    throw invalidToken('The Authorization header must be "Bearer <token>".');
  }
  if (presented.kind === 'bearer') {
    try {
      // A JWT is an OAuth access token of this issuer, for the API resource only (contract 5.5);
      // anything else is a personal token.
      ctx.credential = looksLikeJwt(presented.token)
        ? await services.oauth.authenticate(presented.token, 'api')
        : await services.tokens.authenticate(presented.token, { routeClass: meta.routeClass, networkRef: ctx.networkRef });
    } catch (err) {
      if (!(err instanceof TokenRejected) && !(err instanceof AccessTokenRejected)) throw err;
      await countFailedAuthentication(ctx, deps);
      throw invalidToken();
    }
  }
}

/**
 * The route-class rate limit (contract 8.3). Anonymous calls always count against the anonymous
 * bucket of their address, also on routes that will refuse them for lack of a credential.
 */
export async function consumeRateLimit(ctx: RoutedContext, { services }: SecurityDeps): Promise<void> {
  const { meta, credential, networkRef } = ctx;
  // The time API's submissions are metered by the time-parse quota (contract 8.2, with the
  // injected clock; idempotent replays use no quota), not a second time here.
  const meteredElsewhere = !!credential && meta.routeClass === 'time_parse';
  if (!rateLimited(meta)) return;
  if (meteredElsewhere) {
    // Every answer of the route still reports a window (8.3 rule 9): the account's quota as it
    // stands, read without counting. The answer's own headers (a submission's, or the quota
    // that refused) replace it.
    // A credential that cannot parse (no time:parse) sees only its own count, not the account's.
    const credentialOnly = credential.kind !== 'web_session' && !credential.scopes.includes('time:parse');
    if (credential.userId) {
      ctx.window = quotaWindow(await services.timeQuota.window(credential.userId, credential.tokenId, { credentialOnly }), services.rateLimits.now());
    }
    return;
  }
  const routeClass = (credential ? meta.routeClass : anonymousClass(meta)) as RouteClass;
  const { window, identity } = await consumeAll(services.rateLimits, routeClass, rateLimitIdentities(credential, networkRef));
  ctx.window = window;
  if (!window.allowed) {
    if (window.firstRefusal) await services.audit.recordRateLimitBlock(window, identity, actorKindOf(ctx), networkRef);
    throw tooManyRequests(window);
  }
}

/**
 * Routes whose own one-time token or signed policy is the only credential refuse any
 * `Authorization` header: an API bearer sent along is refused, never used. It runs after
 * authentication, so an invalid bearer answers 401 first (as the contract says), and before
 * the guard, the request validation and the handler: the form and its policy are not looked at.
 * The upload-intent transport without its token header is refused here too (403, not the 400
 * request validation would give a missing required header).
 */
export function refuseBearerOnOwnCredentialRoute(ctx: RoutedContext): void {
  if (!ownCredentialOnly(ctx.meta)) return;
  // The upload-intent transport's credential is a header; the storage target's is in its form.
  const uploadToken = ctx.operationId === 'completeProfileAssetUploadIntent';
  if (ctx.req.headers.authorization) {
    throw problems.forbidden(
      uploadToken
        ? 'Send no Authorization header to the upload transport: the x-service-upload-token header authorises the upload.'
        : 'Send no Authorization header to the storage target: the signed policy in the form authorises the upload.',
    );
  }
  // A missing credential is a refusal (403), not a malformed request (contract 4.7).
  if (uploadToken && !ctx.req.headers['x-service-upload-token']) {
    throw problems.forbidden("Send the intent's upload token in the x-service-upload-token header.");
  }
}

/** The one scope and authority guard (contract 5.10, 5.15), from the operation's security requirements. */
export function authorizeCaller(ctx: RoutedContext): void {
  authorize(ctx.meta, ctx.credential);
}

/** The security steps, in order. */
export const securityStages: readonly SecurityStage[] = [
  refuseCredentialInUrl,
  inspectAnonymousBucket,
  authenticate,
  consumeRateLimit,
  refuseBearerOnOwnCredentialRoute,
  authorizeCaller,
];

export async function runSecurity(ctx: RoutedContext, deps: SecurityDeps): Promise<void> {
  for (const stage of securityStages) await stage(ctx, deps);
}
