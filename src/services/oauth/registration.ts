import { keyedHash, randomToken } from '../../lib/crypto.js';
import { DuplicateKeyError } from '../../repositories/index.js';
import type { OAuthApplicationRow, OAuthGrantType, OAuthScope } from '../../repositories/oauthApplications.js';
import type { AuditService } from '../audit.js';
import type { ServiceDeps } from '../context.js';
import { redirectUriProblem, newApplicationRow } from '../identity/oauthApps.js';
import { tighterWindow, type RateLimitIdentity, type RateLimits, type RateLimitWindow } from '../ratelimit/rateLimits.js';
import { DEFAULT_MAX_URL_LENGTH } from '../outbound/guardedFetch.js';
import { CLIENT_METADATA_DOCUMENT_SCOPES, MINIMAL_READ_SCOPES } from './clientMetadataDocument.js';
import { resourcesOf } from './resources.js';

/**
 * Constrained Dynamic Client Registration for hosted MCP clients (RFC 7591; contract 5.11, 8.3
 * rule 3, 9.5). A registration becomes an `oauth_applications` row: public, no owner, bound to
 * the MCP resource, within the dynamic-client scope ceiling. There is no management endpoint,
 * so no registration access token is issued: a client that loses its id registers again.
 */

export const DYNAMIC_REGISTRATION_ROUTE_CLASS = 'oauth_dynamic_client_registration' as const;
/** RFC 7591 metadata is small; anything larger is not a client's registration. */
export const REGISTRATION_BODY_LIMIT_BYTES = 16 * 1024;
/** Client ids of dynamic clients: `mqd_` + 24 base64url characters (18 bytes), told apart from developer apps (`mq_`) at a glance. */
export const DYNAMIC_CLIENT_ID_PREFIX = 'mqd_';

/**
 * What a dynamic client may hold (5.11, 9.5): `mcp:read`, optionally `public:read` and
 * `profile:read`, and the profile, assets and events write scopes (9.5's list plus
 * `events:contribute`, decisions §7: the intake tools of 5.18 need it). The same ceiling as
 * Client ID Metadata Document clients, which also become dynamic MCP clients (5.12).
 * `assets:contribute` stays with developer-registered apps.
 */
export const DYNAMIC_CLIENT_SCOPES: readonly OAuthScope[] = CLIENT_METADATA_DOCUMENT_SCOPES;
/** 9.5: `mcp:write` only together with at least one of these (and `events:contribute`, decisions §7). */
const MCP_WRITE_COMPANIONS: readonly OAuthScope[] = ['assets:write', 'events:write', 'events:contribute', 'profile:write', 'profile:contribute'];
/** 5.11: an omitted registration scope means public reads only. */
const DEFAULT_SCOPES: readonly OAuthScope[] = MINIMAL_READ_SCOPES;
/**
 * Grants: `authorization_code` always; `refresh_token` only beside it. MCP clients register both
 * (the MCP SDK's default metadata does), and with ten-minute access tokens a client without
 * refresh would send its user back to the consent page every ten minutes. Refresh tokens of
 * public clients rotate on every use and a reused one ends the grant (5.7).
 */
const ALLOWED_GRANTS: readonly OAuthGrantType[] = ['authorization_code', 'refresh_token'];

const MAX_REDIRECT_URIS = 20;
/** `oauth_applications.display_name` holds 120 characters. */
const MAX_CLIENT_NAME_LENGTH = 120;
/** `oauth_applications.software_id` holds 255 characters. */
const MAX_SOFTWARE_ID_LENGTH = 255;
const MAX_SOFTWARE_VERSION_LENGTH = 64;
/** Contract 8.3 rule 3: aggregate buckets at 10x (software identity) and 25x (redirect hostname) the per-network quota. */
const SOFTWARE_MULTIPLIER = 10;
const REDIRECT_HOST_MULTIPLIER = 25;

const SCOPE_STRING = /^[\x21\x23-\x5B\x5D-\x7E]+(?: [\x21\x23-\x5B\x5D-\x7E]+)*$/; // RFC 6749 §3.3
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

export type RegistrationErrorCode = 'invalid_client_metadata' | 'invalid_redirect_uri';

/** Why a request could not even be read as registration metadata (the HTTP layer's findings). */
export type UnreadableRegistration = 'media_type' | 'json' | 'too_large';

/** RFC 7591 §3.2.1 client information of a registered dynamic client. */
export interface DynamicClientInformation {
  client_id: string;
  /** Seconds since the epoch. */
  client_id_issued_at: number;
  redirect_uris: string[];
  grant_types: OAuthGrantType[];
  response_types: ['code'];
  token_endpoint_auth_method: 'none';
  scope: string;
  client_name?: string;
  software_id?: string;
}

export type RegistrationOutcome =
  | { kind: 'registered'; client: DynamicClientInformation; window: RateLimitWindow }
  | { kind: 'refused'; error: RegistrationErrorCode; description: string }
  | { kind: 'rate_limited'; window: RateLimitWindow };

/** A refusal as RFC 7591 §3.2.2 words it, plus a short reason code for the audit record. */
class Refusal extends Error {
  constructor(
    readonly error: RegistrationErrorCode,
    readonly description: string,
    readonly reason: string,
  ) {
    super(description);
  }
}

const metadataRefusal = (reason: string, description: string) => new Refusal('invalid_client_metadata', description, reason);
const redirectRefusal = (description: string) => new Refusal('invalid_redirect_uri', description, 'redirect_uris');

/** The registration a request asks for, once every constraint holds. */
interface AcceptedMetadata {
  redirectUris: string[];
  grants: OAuthGrantType[];
  scopes: OAuthScope[];
  clientName: string | null;
  softwareId: string | null;
  softwareVersion: string | null;
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function optionalText(doc: Record<string, unknown>, field: string, max: number): string | null {
  const v = doc[field];
  if (v === undefined) return null;
  if (typeof v !== 'string' || v.trim() === '' || v.length > max || CONTROL.test(v)) {
    throw metadataRefusal(field, `${field} must be a non-blank string of at most ${max} characters without control characters.`);
  }
  return v;
}

/** Checks RFC 7591 metadata against contract 5.11. Unknown metadata is ignored (RFC 7591 §2); nothing is silently replaced. */
export function acceptRegistrationMetadata(body: unknown, mcpResource: string): AcceptedMetadata {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw metadataRefusal('json', 'The registration must be a JSON object.');
  const doc = body as Record<string, unknown>;

  // Public clients only (5.7, 5.11): no secret is issued, none is accepted.
  const authMethod = doc.token_endpoint_auth_method ?? 'none';
  if (authMethod !== 'none') {
    throw metadataRefusal('token_endpoint_auth_method', 'Only public clients can register: token_endpoint_auth_method must be none.');
  }
  if (doc.client_secret !== undefined || doc.client_secret_expires_at !== undefined) {
    throw metadataRefusal('client_secret', 'Dynamic clients are public and have no client secret.');
  }

  if (doc.redirect_uris === undefined) throw redirectRefusal('redirect_uris is required.');
  if (!isStringArray(doc.redirect_uris) || doc.redirect_uris.length === 0) throw redirectRefusal('redirect_uris must be a non-empty array of strings.');
  const redirectUris = [...new Set(doc.redirect_uris)];
  if (redirectUris.length > MAX_REDIRECT_URIS) throw redirectRefusal(`At most ${MAX_REDIRECT_URIS} redirect_uris can be registered.`);
  for (const uri of redirectUris) {
    const problem = uri.length > DEFAULT_MAX_URL_LENGTH ? `must be at most ${DEFAULT_MAX_URL_LENGTH} characters` : redirectUriProblem(uri);
    if (problem) throw redirectRefusal(`Redirect URI ${JSON.stringify(uri.slice(0, 200))} ${problem}.`);
  }

  let grants: OAuthGrantType[] = ['authorization_code'];
  if (doc.grant_types !== undefined) {
    if (!isStringArray(doc.grant_types)) throw metadataRefusal('grant_types', 'grant_types must be an array of strings.');
    const asked = new Set(doc.grant_types);
    const other = [...asked].filter((g) => !(ALLOWED_GRANTS as readonly string[]).includes(g));
    if (other.length || !asked.has('authorization_code')) {
      throw metadataRefusal('grant_types', 'grant_types must be authorization_code, optionally with refresh_token.');
    }
    grants = ALLOWED_GRANTS.filter((g) => asked.has(g));
  }
  if (doc.response_types !== undefined) {
    if (!isStringArray(doc.response_types) || [...new Set(doc.response_types)].join(' ') !== 'code') {
      throw metadataRefusal('response_types', 'response_types must be code.');
    }
  }

  // The MCP resource only (5.11). RFC 7591 names no resource metadata; a client that names one anyway must name MCP.
  for (const field of ['resource', 'resources'] as const) {
    const v = doc[field];
    if (v === undefined) continue;
    const named = typeof v === 'string' ? [v] : isStringArray(v) ? v : undefined;
    if (!named || named.some((r) => r !== mcpResource)) {
      throw metadataRefusal('resource', `Dynamic clients can only be registered for the MCP resource ${mcpResource}.`);
    }
  }

  let scopes: OAuthScope[] = [...DEFAULT_SCOPES];
  if (doc.scope !== undefined) {
    if (typeof doc.scope !== 'string' || !SCOPE_STRING.test(doc.scope)) throw metadataRefusal('scope', 'scope must be a space-separated list of scopes.');
    const asked = new Set(doc.scope.split(' '));
    const refused = [...asked].filter((s) => !(DYNAMIC_CLIENT_SCOPES as readonly string[]).includes(s));
    if (refused.length) {
      throw metadataRefusal('scope', `Dynamic MCP clients cannot hold ${refused.slice(0, 5).join(' ')}; allowed: ${DYNAMIC_CLIENT_SCOPES.join(' ')}.`);
    }
    if (!asked.has('mcp:read')) throw metadataRefusal('scope', 'A dynamic MCP client needs mcp:read.');
    if (asked.has('mcp:write') && !MCP_WRITE_COMPANIONS.some((s) => asked.has(s))) {
      throw metadataRefusal('scope', `mcp:write needs at least one of ${MCP_WRITE_COMPANIONS.join(', ')}.`);
    }
    scopes = DYNAMIC_CLIENT_SCOPES.filter((s) => asked.has(s));
  }

  return {
    redirectUris,
    grants,
    scopes,
    clientName: optionalText(doc, 'client_name', MAX_CLIENT_NAME_LENGTH),
    softwareId: optionalText(doc, 'software_id', MAX_SOFTWARE_ID_LENGTH),
    softwareVersion: optionalText(doc, 'software_version', MAX_SOFTWARE_VERSION_LENGTH),
  };
}

/**
 * The rules of `POST /oauth/register`: rate limits per network (before the body is read), then
 * per software identity and redirect hostname; the constraints of 5.11; the stored client; the
 * audit record (6.2). Knows nothing of HTTP: outcomes, not status codes.
 */
export class DynamicRegistrationService {
  private readonly mcpResource: string;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
    private readonly rateLimits: RateLimits,
  ) {
    this.mcpResource = resourcesOf(deps.config.publicBaseUrl).mcp;
  }

  /** Contract 8.3 rule 3, first step: counts the request against its network's bucket. */
  async admitNetwork(networkRef: string): Promise<RateLimitWindow> {
    return this.consume({ key: `ip:${networkRef}`, tier: 'standard' }, networkRef);
  }

  /** A request whose body is not readable registration metadata: refused and audited. */
  async refuseUnreadable(networkRef: string, why: UnreadableRegistration): Promise<Extract<RegistrationOutcome, { kind: 'refused' }>> {
    const description = {
      media_type: 'The registration must be sent as application/json.',
      json: 'The registration body is not valid JSON.',
      too_large: `The registration body exceeds ${REGISTRATION_BODY_LIMIT_BYTES} bytes.`,
    }[why];
    return this.refused(networkRef, metadataRefusal(why, description));
  }

  /**
   * Registers a dynamic MCP client from RFC 7591 metadata, already admitted by `admitNetwork`
   * into `networkWindow`. The window an answer reports is the one that binds: the first that
   * refuses, else the one with the least room left among the network's and the aggregates'.
   */
  async register(body: unknown, networkRef: string, networkWindow: RateLimitWindow): Promise<RegistrationOutcome> {
    let accepted: AcceptedMetadata;
    try {
      accepted = acceptRegistrationMetadata(body, this.mcpResource);
    } catch (err) {
      if (err instanceof Refusal) return this.refused(networkRef, err);
      throw err;
    }

    // Contract 8.3 rule 3, then: the aggregates. Only registrations that would be stored count
    // here; refused ones are already bounded by the network's bucket.
    let tightest = networkWindow;
    for (const identity of this.aggregateIdentities(accepted)) {
      const window = await this.consume(identity, networkRef);
      if (!window.allowed) return { kind: 'rate_limited', window };
      tightest = tighterWindow(tightest, window);
    }

    const app = await this.store(accepted);
    await this.audit.record({
      action: 'oauth_app.dynamic_registration',
      result: 'accepted',
      actor: { networkRef },
      routeClass: DYNAMIC_REGISTRATION_ROUTE_CLASS,
      resourceType: 'oauth_application',
      resourceId: app.id,
      metadata: {
        clientId: app.clientId,
        allowedGrants: app.allowedGrants,
        allowedScopes: app.allowedScopes,
        redirectHosts: this.redirectHosts(accepted.redirectUris),
        ...(accepted.softwareId !== null ? { softwareId: accepted.softwareId } : {}),
        ...(accepted.softwareVersion !== null ? { softwareVersion: accepted.softwareVersion } : {}),
      },
    });

    const client: DynamicClientInformation = {
      client_id: app.clientId,
      client_id_issued_at: Math.floor(app.createdAt / 1000),
      redirect_uris: app.redirectUris,
      grant_types: app.allowedGrants,
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: app.allowedScopes.join(' '),
    };
    if (accepted.clientName !== null) client.client_name = accepted.clientName;
    if (accepted.softwareId !== null) client.software_id = accepted.softwareId;
    return { kind: 'registered', client, window: tightest };
  }

  private async store(accepted: AcceptedMetadata): Promise<OAuthApplicationRow> {
    const now = this.deps.clock.now();
    for (let attempt = 0; ; attempt++) {
      const clientId = `${DYNAMIC_CLIENT_ID_PREFIX}${randomToken(18)}`;
      const app: OAuthApplicationRow = newApplicationRow(now, {
        clientId,
        registration: 'dynamic' as const,
        clientType: 'public' as const,
        // The consent page names the client by this; without a name, by its id.
        displayName: accepted.clientName ?? clientId,
        redirectUris: accepted.redirectUris,
        allowedGrants: accepted.grants,
        allowedScopes: accepted.scopes,
        resource: this.mcpResource,
        softwareId: accepted.softwareId,
      });
      try {
        await this.deps.repos.withTransaction((repos) => repos.oauthApplications.insert(app));
        return app;
      } catch (err) {
        // A client-id collision (2^-144 per pair) is retried with fresh randomness.
        if (err instanceof DuplicateKeyError && attempt < 2) continue;
        throw err;
      }
    }
  }

  /**
   * The aggregate buckets of 8.3 rule 3: the normalized software identity (when the client
   * names one) at 10x, each unique redirect hostname at 25x. Keys are keyed hashes, so neither
   * the store nor the audit trail holds what the client sent.
   */
  private aggregateIdentities(accepted: AcceptedMetadata): RateLimitIdentity[] {
    const ref = (purpose: string, value: string) => keyedHash(this.deps.config.secretKey, purpose, value).slice(0, 22);
    const out: RateLimitIdentity[] = [];
    if (accepted.softwareId !== null) {
      const normalized = accepted.softwareId.normalize('NFKC').trim().toLowerCase();
      out.push({ key: `sw:${ref('dcr-software', normalized)}`, tier: 'standard', multiplier: SOFTWARE_MULTIPLIER });
    }
    for (const host of this.redirectHosts(accepted.redirectUris)) {
      out.push({ key: `rh:${ref('dcr-redirect-host', host)}`, tier: 'standard', multiplier: REDIRECT_HOST_MULTIPLIER });
    }
    return out;
  }

  /** Unique redirect hostnames, as the URL parser normalizes them (lower case, punycode). */
  private redirectHosts(uris: string[]): string[] {
    return [...new Set(uris.map((u) => new URL(u).hostname))];
  }

  private async consume(identity: RateLimitIdentity, networkRef: string): Promise<RateLimitWindow> {
    const window = await this.rateLimits.consume(DYNAMIC_REGISTRATION_ROUTE_CLASS, identity);
    if (!window.allowed && window.firstRefusal) await this.audit.recordRateLimitBlock(window, identity, 'anonymous', networkRef);
    return window;
  }

  private async refused(networkRef: string, refusal: Refusal): Promise<Extract<RegistrationOutcome, { kind: 'refused' }>> {
    await this.audit.record({
      action: 'oauth_app.dynamic_registration',
      result: 'refused',
      actor: { networkRef },
      routeClass: DYNAMIC_REGISTRATION_ROUTE_CLASS,
      metadata: { error: refusal.error, reason: refusal.reason },
    });
    return { kind: 'refused', error: refusal.error, description: refusal.description };
  }
}
