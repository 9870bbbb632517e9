import type { Credential } from '../context.js';
import type { RateLimits } from '../ratelimit/rateLimits.js';
import { rateLimitIdentity } from '../ratelimit/identity.js';

/** Contract 2.13 / 4.5: what the caller's credential is, and its authenticated public-read window. */
export class CallerService {
  constructor(private readonly rateLimits: RateLimits) {}

  async describe(credential: Credential, networkRef: string) {
    const window = await this.rateLimits.inspect('authenticated_public_read', rateLimitIdentity(credential, networkRef));
    const cred: Record<string, unknown> = {
      kind: 'api_token',
      tokenId: credential.tokenId,
      ownerKind: credential.ownerKind,
      ownerUserId: credential.ownerUserId,
      scopes: credential.scopes,
      trustTier: credential.trustTier,
    };
    if (credential.ownerCommunityProfileId) cred.ownerCommunityProfileId = credential.ownerCommunityProfileId;
    return {
      credential: cred,
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
