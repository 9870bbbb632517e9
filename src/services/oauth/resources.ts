import { scopes, type Scope } from '../../generated/contract.js';

export type OAuthScope = Exclude<Scope, 'time:parse'>;

/** Scopes an OAuth client may hold: every scope but `time:parse` (contract 5.16, decisions). */
export const OAUTH_SCOPES = scopes.filter((s): s is OAuthScope => s !== 'time:parse');

/** Scopes that only make sense at the hosted MCP resource. */
export const MCP_ONLY_SCOPES: readonly OAuthScope[] = ['mcp:read', 'mcp:write'];

/** Scopes an MCP-resource token may carry (contract 5.18, 9.5): MCP access plus what tools act with. */
export const MCP_RESOURCE_SCOPES: readonly OAuthScope[] = [
  'mcp:read', 'mcp:write', 'public:read', 'events:contribute', 'events:write', 'profile:read', 'profile:write',
  'profile:contribute', 'community:read', 'assets:write', 'assets:contribute',
];

/** Scopes an API-resource token may carry: everything but the MCP-only scopes. */
export const API_RESOURCE_SCOPES: readonly OAuthScope[] = OAUTH_SCOPES.filter((s) => !MCP_ONLY_SCOPES.includes(s));

export interface ResourceIdentifiers {
  /** `/api/v0` of this deployment. */
  api: string;
  /** Hosted `/mcp` of this deployment. */
  mcp: string;
}

/** Client metadata naming the one resource a client may ask tokens for (see the issuer's getResourceServerInfo). */
export const ONLY_RESOURCE_METADATA = 'marquee_resource';

export const resourcesOf = (publicBaseUrl: string): ResourceIdentifiers => ({ api: `${publicBaseUrl}/api/v0`, mcp: `${publicBaseUrl}/mcp` });

/**
 * Contract 5.8: without an explicit `resource`, an MCP scope selects the MCP resource, anything
 * else the API resource.
 */
export function inferResource(requestedScope: string | undefined, resources: ResourceIdentifiers): string {
  const requested = (requestedScope ?? '').split(' ').filter(Boolean);
  return requested.some((s) => (MCP_ONLY_SCOPES as readonly string[]).includes(s)) ? resources.mcp : resources.api;
}
