import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { keyedHash } from '../../lib/crypto.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories/index.js';

/** oidc-provider client metadata, as the issuer reads it for a client id. */
export type ClientMetadataSource = (clientId: string) => Promise<AdapterPayload | undefined>;

/** Models whose single use is enforced by the store: a second consumption is refused. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

/**
 * The issuer's storage adapter (oidc-provider's Adapter interface) over the issuer repository.
 * Instance ids are stored only as keyed hashes: for codes and refresh tokens the id is the
 * credential itself, and for interactions it is the consent transaction id (contract 5.7,
 * 5.13). The raw id is dropped from the stored payload and put back on lookup. Clients come
 * from the OAuth applications, never from this store.
 */
export function createAdapterClass(deps: { repos: Repositories; secretKey: Buffer; clock: Clock; clients: ClientMetadataSource }) {
  const { repos, secretKey, clock } = deps;
  const hash = (model: string, id: string) => keyedHash(secretKey, `oauth-${model}`, id);

  return class IssuerAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === 'Client') throw new Error('clients are OAuth applications, not issuer state');
      const stored: AdapterPayload = { ...payload };
      if (stored.jti === id) delete stored.jti;
      await repos.oauthIssuer.upsertPayload({
        model: this.model,
        idHash: hash(this.model, id),
        payload: stored as Record<string, unknown>,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        uidHash: typeof payload.uid === 'string' ? hash(`${this.model}-uid`, payload.uid) : null,
        expiresAt: expiresIn ? clock.now() + expiresIn * 1000 : null,
      });
    }

    private restore(id: string, row: { payload: Record<string, unknown>; consumedAt: number | null; expiresAt: number | null } | undefined): AdapterPayload | undefined {
      if (!row) return undefined;
      if (row.expiresAt !== null && row.expiresAt <= clock.now()) return undefined;
      return { ...row.payload, jti: id, ...(row.consumedAt !== null ? { consumed: true } : {}) } as AdapterPayload;
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return deps.clients(id);
      return this.restore(id, await repos.oauthIssuer.findPayload(this.model, hash(this.model, id)));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const row = await repos.oauthIssuer.findPayloadByUid(this.model, hash(`${this.model}-uid`, uid));
      if (!row) return undefined;
      const payload = this.restore(uid, row);
      // The instance id is not recoverable from a uid lookup except where they are the same.
      if (payload && this.model !== 'Interaction') delete payload.jti;
      return payload;
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined; // no device flow
    }

    async destroy(id: string): Promise<void> {
      await repos.oauthIssuer.destroyPayload(this.model, hash(this.model, id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await repos.oauthIssuer.revokeGrant(grantId, clock.now());
    }

    async consume(id: string): Promise<void> {
      const first = await repos.oauthIssuer.consumePayload(this.model, hash(this.model, id), clock.now());
      // Two requests racing with the same code or refresh token: only one may use it.
      if (!first && SINGLE_USE.has(this.model)) throw new errors.InvalidGrant('grant request is invalid');
    }
  };
}
