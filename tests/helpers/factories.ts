import crypto from 'node:crypto';
import type { Services } from '../../src/services/index.js';

let n = 0;

/** A user whose deciding fields are explicit in the call. */
export async function makeUser(services: Services, opts: { verified?: boolean; email?: string } = {}) {
  const user = await services.users.create({
    email: opts.email ?? `user${++n}-${crypto.randomBytes(3).toString('hex')}@example.test`,
    password: 'correct horse battery staple',
  });
  if (opts.verified) await services.users.verifyEmail(user.id);
  return user;
}

/** A personal token with exactly `scopes`; returns the raw value and its id. */
export async function makeToken(services: Services, userId: string, scopes: string[], label = 'test token') {
  const { token, tokenValue } = await services.tokens.create(userId, { label, scopes });
  return { id: token.id, value: tokenValue };
}

/** A community-owned token (no user authority, contract 5.10), stored the way the service stores tokens. */
export async function makeCommunityToken(services: Services, ownerUserId: string, communityProfileId: string, scopes: string[]) {
  const { token, tokenValue } = await services.tokens.create(ownerUserId, { label: 'community', scopes });
  await services.deps.db('api_tokens').where({ id: token.id }).update({ owner_kind: 'community', owner_community_profile_id: communityProfileId });
  return { id: token.id, value: tokenValue };
}
