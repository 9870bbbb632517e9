import { actingCredential, type Actor, type Credential } from '../context.js';
import type { Schemas } from '../../contract/types.js';
import type { RouteClass } from '../../generated/contract.js';
import type { RateLimits } from '../ratelimit/rateLimits.js';
import { rateLimitIdentity } from '../ratelimit/identity.js';
import { ROUTE_CLASS_LIMITS, WINDOW_MS } from '../ratelimit/policy.js';

/** Contract 2.13 / 4.5: what the caller's credential is, and its authenticated public-read window. */
export class CallerService {
  constructor(private readonly rateLimits: RateLimits) {}

  /** Contract 4.4: the default policy table plus the caller's class and current public-read window. */
  async usage(actor: Actor): Promise<Schemas['ApiRateLimitUsageResponse']> {
    const { credential, networkRef } = actor;
    const routeClass = credential ? 'authenticated_public_read' : 'anonymous_public_read';
    const identity = rateLimitIdentity(credential, networkRef);
    const w = await this.rateLimits.inspect(routeClass, identity);
    return {
      caller: {
        authenticated: !!credential,
        credentialKind: credential?.kind === 'api_token' ? 'personal_api_token' : 'anonymous',
        quotaTier: identity.tier,
        routeClass,
      },
      currentWindow: { routeClass, limit: w.limit, remaining: w.remaining, resetAt: w.resetAt, retryAfterSeconds: w.retryAfterSeconds, windowMs: w.windowMs },
      policies: (Object.entries(ROUTE_CLASS_LIMITS) as [RouteClass, [number, number]][]).map(([rc, [limit, trustedPartnerLimit]]) => ({ routeClass: rc, limit, trustedPartnerLimit, windowMs: WINDOW_MS })),
    };
  }

  /** `/me`: the credential as the contract shows it (never a raw value) and its public-read window. */
  async describe(actor: Actor): Promise<Schemas['ApiMeResponse']> {
    const credential = actingCredential(actor);
    const window = await this.rateLimits.inspect('authenticated_public_read', rateLimitIdentity(credential, actor.networkRef));
    return {
      credential: describeCredential(credential),
      rateLimit: {
        routeClass: window.routeClass,
        limit: window.limit,
        remaining: window.remaining,
        resetAt: window.resetAt,
        retryAfterSeconds: window.retryAfterSeconds,
        windowMs: window.windowMs,
      },
    };
  }
}

/** A credential as `/me` shows it (contract 2.13): never a raw value, hash or secret. */
function describeCredential(credential: Credential): Schemas['ApiMeCredential'] {
  if (credential.kind === 'oauth') {
    const out: Schemas['ApiMeCredential'] = {
      kind: 'oauth',
      clientId: credential.clientId,
      applicationId: credential.applicationId,
      subjectType: credential.subjectType,
      scopes: credential.scopes.filter((s): s is Exclude<typeof s, 'time:parse'> => s !== 'time:parse'),
      trustTier: credential.trustTier,
    };
    if (credential.ownerKind) out.ownerKind = credential.ownerKind;
    if (credential.ownerUserId) out.ownerUserId = credential.ownerUserId;
    if (credential.ownerCommunityProfileId) out.ownerCommunityProfileId = credential.ownerCommunityProfileId;
    if (credential.userId) out.userId = credential.userId;
    return out;
  }
  const out: Schemas['ApiMeCredential'] = {
    kind: 'api_token',
    tokenId: credential.tokenId,
    ownerKind: credential.ownerKind,
    ownerUserId: credential.ownerUserId,
    scopes: credential.scopes,
    trustTier: credential.trustTier,
  };
  if (credential.ownerCommunityProfileId) out.ownerCommunityProfileId = credential.ownerCommunityProfileId;
  return out;
}
