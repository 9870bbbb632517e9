import type { Credential } from '../context.js';
import type { RateLimitIdentity } from './rateLimits.js';

const KEY_KIND = { web_session: 'ses', api_token: 'pat', oauth: 'oat' } as const;

/** Contract 8.3 rule 2: route class plus IP (anonymous), or the credential's id (personal token, session, OAuth token). */
export function rateLimitIdentity(credential: Credential | undefined, networkRef: string): RateLimitIdentity {
  if (!credential) return { key: `ip:${networkRef}`, tier: 'standard' };
  const kind = KEY_KIND[credential.kind];
  return { key: `${kind}:${credential.tokenId}`, tier: credential.trustTier === 'trusted_partner' ? 'trusted_partner' : 'standard' };
}

/**
 * Every bucket a request counts against (contract 8.3 rule 2): the credential's own; for OAuth
 * tokens also the client-wide bucket at 10x, and for client-credentials tokens the owner's
 * bucket at 25x.
 */
export function rateLimitIdentities(credential: Credential | undefined, networkRef: string): RateLimitIdentity[] {
  const own = rateLimitIdentity(credential, networkRef);
  if (credential?.kind !== 'oauth') return [own];
  const out: RateLimitIdentity[] = [own, { key: `oac:${credential.clientId}`, tier: own.tier, multiplier: 10 }];
  if (credential.subjectType === 'client') out.push({ key: `oao:${credential.ownerCommunityProfileId ?? credential.ownerUserId ?? credential.clientId}`, tier: own.tier, multiplier: 25 });
  return out;
}
