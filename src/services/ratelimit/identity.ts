import type { Credential } from '../context.js';
import type { RateLimitIdentity } from './rateLimits.js';

const KEY_KIND = { web_session: 'ses', api_token: 'pat', oauth: 'oat' } as const;

/** Contract 8.3 rule 2: route class plus IP (anonymous), or the credential's id (personal token, session, OAuth token). */
export function rateLimitIdentity(credential: Credential | undefined, networkRef: string): RateLimitIdentity {
  if (!credential) return { key: `ip:${networkRef}`, tier: 'standard' };
  const kind = KEY_KIND[credential.kind];
  return { key: `${kind}:${credential.tokenId}`, tier: credential.trustTier === 'trusted_partner' ? 'trusted_partner' : 'standard' };
}
