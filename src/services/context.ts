import type { Clock } from '../lib/clock.js';
import type { Config } from '../config.js';
import type { Repositories } from '../repositories/index.js';
import type { Scope } from '../generated/contract.js';
import { problems } from './errors.js';

/** What every service receives: no Express, no HTTP codes, no MCP, no knex. */
export interface ServiceDeps {
  /** Built once by the composition root; `repos.withTransaction` is the unit of work. */
  repos: Repositories;
  clock: Clock;
  config: Config;
}

/** The authenticated caller, as every service sees it. */
export type Credential = PersonalTokenCredential | WebSessionCredential | OAuthCredential;

export interface PersonalTokenCredential {
  kind: 'api_token';
  tokenId: string;
  ownerKind: 'user' | 'community';
  ownerUserId: string;
  ownerCommunityProfileId?: string;
  scopes: Scope[];
  trustTier: 'personal' | 'trusted_partner';
  /** Contract 5.10: user-owned personal tokens act for their user; community-owned ones do not. */
  userId?: string;
}

/**
 * A signed-in browser session, accepted only by operations whose contract security lists
 * `sessionCookie` (the web facades). `tokenId` is a reference to the session (a prefix of its
 * keyed hash) so per-credential counting works the same way.
 */
export interface WebSessionCredential {
  kind: 'web_session';
  tokenId: string;
  ownerKind: 'user';
  ownerUserId: string;
  ownerCommunityProfileId?: undefined;
  scopes: Scope[];
  trustTier: 'personal';
  userId: string;
}

/**
 * An OAuth access token of this issuer (contract 5.4, 5.9, 5.10): user-delegated (`userId`
 * set: user authority) or application-owned (client credentials: no user authority).
 */
export interface OAuthCredential {
  kind: 'oauth';
  /** The token's `jti`. */
  tokenId: string;
  clientId: string;
  applicationId: string;
  subjectType: 'user' | 'client';
  ownerKind?: 'user' | 'community';
  ownerUserId?: string;
  ownerCommunityProfileId?: string;
  scopes: Scope[];
  trustTier: 'standard' | 'trusted_partner';
  /** The resource the token was issued for (its audience). */
  resource: string;
  userId?: string;
}

export interface Actor {
  credential?: Credential;
  /** Keyed hash of the client address, or of the shared "unknown" bucket; never the address. */
  networkRef: string;
}

export function hasUserAuthority(credential: Credential | undefined): credential is Credential & { userId: string } {
  return !!credential?.userId;
}

/** The caller's credential on operations that require one (the pipeline refused anonymous calls). */
export function actingCredential(actor: Actor): Credential {
  if (!actor.credential) throw problems.unauthorized('This route needs a bearer credential.', 'Bearer realm="marquee"');
  return actor.credential;
}

/** A credential that acts for a user: the only kind user-scoped operations accept (contract 5.10). */
export interface UserCaller {
  userId: string;
  /** The credential's id (per-credential counting); a session reference for web sessions. */
  tokenId: string;
  credential: Credential & { userId: string };
}

/**
 * The user an operation acts for. The route guard already refused any other credential on
 * operations marked with user authority; this is the typed check services rely on.
 */
export function actingUser(actor: Actor): UserCaller {
  const credential = actor.credential;
  if (!hasUserAuthority(credential)) throw problems.userAuthorityRequired();
  return { userId: credential.userId, tokenId: credential.tokenId, credential };
}
