import type { Clock } from '../lib/clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/knex.js';

/** What every service receives: no Express, no HTTP codes, no MCP. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/** The authenticated caller, as every service sees it. */
export type Credential = PersonalTokenCredential | WebSessionCredential;

export interface PersonalTokenCredential {
  kind: 'api_token';
  tokenId: string;
  ownerKind: 'user' | 'community';
  ownerUserId: string;
  ownerCommunityProfileId?: string;
  scopes: string[];
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
  scopes: string[];
  trustTier: 'personal';
  userId: string;
}

export interface Actor {
  credential?: Credential;
  /** Keyed hash of the client address, or of the shared "unknown" bucket; never the address. */
  networkRef: string;
}

export function hasUserAuthority(credential: Credential | undefined): credential is Credential & { userId: string } {
  return !!credential?.userId;
}
