import type { RouteClass } from '../../generated/contract.js';

export const WINDOW_MS = 60_000;

/** Contract 8.3 (fixed 60-second windows): [standard, trusted partner]. */
export const ROUTE_CLASS_LIMITS: Record<RouteClass, [number, number]> = {
  anonymous_public_read: [120, 120],
  profile_asset_file: [1200, 1200],
  authenticated_public_read: [600, 60000],
  developer_credential_management: [30, 30],
  oauth_authorize: [60, 60],
  oauth_token: [30, 30],
  oauth_dynamic_client_registration: [10, 10],
  asset_upload_intent: [30, 3000],
  public_write: [30, 3000],
  anonymous_mcp_public_read: [60, 60],
  authenticated_mcp: [300, 30000],
  // Contract 8.2: the time API's per-credential burst is 6 a minute; trust tiers do not raise it.
  time_parse: [6, 6],
};

export type QuotaTier = 'standard' | 'trusted_partner';

export function limitFor(routeClass: RouteClass, tier: QuotaTier): number {
  const [standard, trusted] = ROUTE_CLASS_LIMITS[routeClass];
  return tier === 'trusted_partner' ? trusted : standard;
}
