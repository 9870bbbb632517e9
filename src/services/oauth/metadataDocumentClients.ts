import type { ServiceDeps } from '../context.js';
import type { OAuthApplicationRow } from '../../repositories/oauthApplications.js';
import { DuplicateKeyError } from '../../repositories/index.js';
import type { GuardedFetch } from '../outbound/guardedFetch.js';
import { newApplicationRow } from '../identity/oauthApps.js';
import { ClientMetadataDocumentError, MINIMAL_READ_SCOPES, fetchClientMetadataDocument, isClientIdMetadataDocumentUrl } from './clientMetadataDocument.js';

/** How long an accepted document is trusted before it is fetched again. */
export const DOCUMENT_CACHE_MS = 5 * 60_000;

const minimalReadsWithin = (ceiling: readonly string[]) => MINIMAL_READ_SCOPES.filter((s) => ceiling.includes(s)).join(' ');

export interface DocumentClient {
  application: OAuthApplicationRow;
  /** What an authorization that omits scope gets (minimal reads within the document's ceiling). */
  defaultScope: string;
}

/**
 * Client ID Metadata Document clients (contract 5.12): a URL-form client id is fetched during
 * authorization through the guarded fetcher, validated, and becomes a public MCP client row
 * (`registration = metadata_document`), refreshed after `DOCUMENT_CACHE_MS`. A document that
 * can no longer be fetched or validated stops the client; an operator-revoked row stays revoked.
 */
export class MetadataDocumentClients {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly mcpResource: string,
    private readonly fetch?: GuardedFetch,
  ) {}

  static handles(clientId: string): boolean {
    return isClientIdMetadataDocumentUrl(clientId);
  }

  async resolve(clientId: string): Promise<DocumentClient | undefined> {
    if (!MetadataDocumentClients.handles(clientId)) return undefined;
    const { repos, clock } = this.deps;
    const now = clock.now();
    const existing = await repos.oauthApplications.findByClientId(clientId);
    if (existing && (existing.status !== 'active' || existing.registration !== 'metadata_document')) return undefined;
    if (existing && now - existing.updatedAt < DOCUMENT_CACHE_MS) return { application: existing, defaultScope: minimalReadsWithin(existing.allowedScopes) };
    let document;
    try {
      document = await fetchClientMetadataDocument(clientId, { fetch: this.fetch });
    } catch (err) {
      if (err instanceof ClientMetadataDocumentError) return undefined;
      throw err;
    }
    const fields = {
      displayName: (document.clientName ?? new URL(clientId).host).slice(0, 120),
      redirectUris: document.redirectUris,
      allowedGrants: document.grantTypes,
      allowedScopes: document.scopeCeiling,
    };
    const defaultScope = document.defaultScope.join(' ');
    if (existing) {
      const updatedAt = Math.max(now, existing.updatedAt + 1);
      await repos.oauthApplications.updateIfCurrent(existing.id, existing.updatedAt, updatedAt, fields);
      return { application: { ...existing, ...fields, updatedAt }, defaultScope };
    }
    const application = newApplicationRow(now, {
      clientId,
      registration: 'metadata_document' as const,
      clientType: 'public' as const,
      resource: this.mcpResource,
      ...fields,
    });
    try {
      await repos.withTransaction((r) => r.oauthApplications.insert(application));
    } catch (err) {
      // Two first authorizations racing: the other one stored it.
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    return { application, defaultScope };
  }
}
