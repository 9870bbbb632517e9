import type { Queryable } from '../db/knex.js';
import { inTransaction } from '../db/knex.js';

/** One stored instance of an issuer model (interaction, session, grant, code, refresh token, ...). */
export interface OAuthPayloadRow {
  model: string;
  idHash: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  uidHash: string | null;
  expiresAt: number | null;
  consumedAt: number | null;
}

export interface IssuedAccessToken {
  jti: string;
  clientId: string;
  accountId: string | null;
  resource: string;
  scope: string;
  grantId: string | null;
  issuedAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

const toPayload = (r: Record<string, unknown>): OAuthPayloadRow => ({
  model: r.model as string,
  idHash: r.id_hash as string,
  payload: JSON.parse(r.payload as string) as Record<string, unknown>,
  grantId: (r.grant_id as string | null) ?? null,
  uidHash: (r.uid_hash as string | null) ?? null,
  expiresAt: r.expires_at === null || r.expires_at === undefined ? null : Number(r.expires_at),
  consumedAt: r.consumed_at === null || r.consumed_at === undefined ? null : Number(r.consumed_at),
});

const toAccessToken = (r: Record<string, unknown>): IssuedAccessToken => ({
  jti: r.jti as string,
  clientId: r.client_id as string,
  accountId: (r.account_id as string | null) ?? null,
  resource: r.resource as string,
  scope: r.scope as string,
  grantId: (r.grant_id as string | null) ?? null,
  issuedAt: Number(r.issued_at),
  expiresAt: Number(r.expires_at),
  revokedAt: r.revoked_at === null || r.revoked_at === undefined ? null : Number(r.revoked_at),
});

/** The owner of the issuer's state: `oauth_payloads` and `oauth_access_tokens`. Ids arrive hashed. */
export class OAuthIssuerRepository {
  constructor(private readonly db: Queryable) {}

  async upsertPayload(row: Omit<OAuthPayloadRow, 'consumedAt'>): Promise<void> {
    await this.db('oauth_payloads')
      .insert({
        model: row.model,
        id_hash: row.idHash,
        payload: JSON.stringify(row.payload),
        grant_id: row.grantId,
        uid_hash: row.uidHash,
        expires_at: row.expiresAt,
      })
      .onConflict(['model', 'id_hash'])
      .merge(['payload', 'grant_id', 'uid_hash', 'expires_at']);
  }

  async findPayload(model: string, idHash: string): Promise<OAuthPayloadRow | undefined> {
    const r = await this.db('oauth_payloads').where({ model, id_hash: idHash }).first();
    return r ? toPayload(r) : undefined;
  }

  async findPayloadByUid(model: string, uidHash: string): Promise<OAuthPayloadRow | undefined> {
    const r = await this.db('oauth_payloads').where({ model, uid_hash: uidHash }).first();
    return r ? toPayload(r) : undefined;
  }

  async destroyPayload(model: string, idHash: string): Promise<void> {
    await this.db('oauth_payloads').where({ model, id_hash: idHash }).delete();
  }

  /** Marks a single-use instance (a code, a rotated refresh token) consumed; false when it already was. */
  async consumePayload(model: string, idHash: string, at: number): Promise<boolean> {
    const n = await this.db('oauth_payloads').where({ model, id_hash: idHash }).whereNull('consumed_at').update({ consumed_at: at });
    return n === 1;
  }

  /** Everything issued under a grant goes with it: stored instances and the state of its access tokens. */
  async revokeGrant(grantId: string, at: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx('oauth_payloads').where({ grant_id: grantId }).delete();
      await trx('oauth_access_tokens').where({ grant_id: grantId }).whereNull('revoked_at').update({ revoked_at: at });
    });
  }

  async recordAccessToken(t: IssuedAccessToken): Promise<void> {
    await this.db('oauth_access_tokens').insert({
      jti: t.jti,
      client_id: t.clientId,
      account_id: t.accountId,
      resource: t.resource,
      scope: t.scope,
      grant_id: t.grantId,
      issued_at: t.issuedAt,
      expires_at: t.expiresAt,
      revoked_at: t.revokedAt,
    });
  }

  async findAccessToken(jti: string): Promise<IssuedAccessToken | undefined> {
    const r = await this.db('oauth_access_tokens').where({ jti }).first();
    return r ? toAccessToken(r) : undefined;
  }

  /** True when this call revoked it. */
  async revokeAccessToken(jti: string, at: number): Promise<boolean> {
    return (await this.db('oauth_access_tokens').where({ jti }).whereNull('revoked_at').update({ revoked_at: at })) === 1;
  }

  /** Active access tokens of one client, user and resource (revoking a refresh token takes them along, contract 5.13). */
  async revokeAccessTokensOf(clientId: string, accountId: string | null, resource: string, at: number): Promise<number> {
    const q = this.db('oauth_access_tokens').where({ client_id: clientId, resource }).whereNull('revoked_at');
    if (accountId === null) q.whereNull('account_id');
    else q.andWhere({ account_id: accountId });
    return q.update({ revoked_at: at });
  }

  /**
   * Everything the issuer gave an account (its account is being deleted): the grants of its
   * access tokens go with their stored instances (refresh tokens, codes), and its access tokens
   * are revoked. Returns how many access tokens were live.
   */
  async revokeAccount(accountId: string, at: number): Promise<number> {
    const grants = this.db('oauth_access_tokens').where({ account_id: accountId }).whereNotNull('grant_id').distinct('grant_id');
    await this.db('oauth_payloads').whereIn('grant_id', grants).delete();
    return this.db('oauth_access_tokens').where({ account_id: accountId }).whereNull('revoked_at').update({ revoked_at: at });
  }

  /** Expired state, a bounded batch per table. */
  async deleteExpired(now: number, batch = 1000): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const payloadKeys = await trx('oauth_payloads').where('expires_at', '<=', now).limit(batch).select('model', 'id_hash');
      let n = 0;
      for (const k of payloadKeys as { model: string; id_hash: string }[]) n += await trx('oauth_payloads').where(k).delete();
      const tokens = (await trx('oauth_access_tokens').where('expires_at', '<=', now).limit(batch).select('jti')).map((r: { jti: string }) => r.jti);
      if (tokens.length) n += await trx('oauth_access_tokens').whereIn('jti', tokens).delete();
      return n;
    });
  }
}
