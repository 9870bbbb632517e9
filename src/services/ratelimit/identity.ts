import type { Credential } from '../context.js';
import type { RateLimitIdentity } from './rateLimits.js';

/** Contract 8.3 rule 2: route class plus IP (anonymous) or personal token id. */
export function rateLimitIdentity(credential: Credential | undefined, networkRef: string): RateLimitIdentity {
  if (!credential) return { key: `ip:${networkRef}`, tier: 'standard' };
  const kind = credential.kind === 'web_session' ? 'ses' : 'pat';
  return { key: `${kind}:${credential.tokenId}`, tier: credential.trustTier === 'trusted_partner' ? 'trusted_partner' : 'standard' };
}
