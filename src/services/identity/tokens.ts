import crypto from 'node:crypto';
import { constantTimeEqual, keyedHash, newId, randomToken } from '../../lib/crypto.js';
import { type ApiTokensRepository, type ApiTokenRow, type PersonalTrustTier } from '../../repositories/apiTokens.js';
import { type UsersRepository } from '../../repositories/users.js';
import { AppError, problems } from '../errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { actingUser, type Actor, type PersonalTokenCredential, type ServiceDeps } from '../context.js';
import type { Schemas } from '../../contract/types.js';
import type { AuditService, ChangeChannel } from '../audit.js';
import { scopes as contractScopes, type RouteClass, type Scope } from '../../generated/contract.js';

/** Decisions §2: `service_` + base64url of 32 random bytes; prefix = 12 characters after it. */
export const TOKEN_PREFIX = 'service_';
const TOKEN_PATTERN = /^service_[A-Za-z0-9_-]{43}$/;
const LOOKUP_LENGTH = 12;
/** Last-use bookkeeping and accepted-validation audit are coalesced to one write a minute per token. */
const USE_RECORD_INTERVAL_MS = 60_000;
/** Token values known to verify, kept at most (matches). */
const MAX_VERIFIED = 10_000;
const DEFAULT_SCOPES: Scope[] = ['public:read'];

export type TokenRejection = 'malformed' | 'unknown' | 'revoked' | 'expired';

/** Who asked for a lifecycle change: an API credential (the actor), a signed-in page, or the operator. */
export type TokenChannel = ChangeChannel;

export class TokenRejected extends Error {
  constructor(readonly reason: TokenRejection) {
    super(reason);
  }
}

export type TokenSummary = Schemas['ApiTokenSummary'];

const isScope = (s: string): s is Scope => (contractScopes as readonly string[]).includes(s);

export function summarizeToken(t: ApiTokenRow): TokenSummary {
  const s: TokenSummary = {
    id: t.id,
    tokenPrefix: `${TOKEN_PREFIX}${t.tokenPrefix}`,
    ownerKind: t.ownerKind,
    ownerUserId: t.ownerUserId,
    label: t.label,
    scopes: t.scopes,
    status: t.status,
    trustTier: t.trustTier,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
  if (t.ownerCommunityProfileId) s.ownerCommunityProfileId = t.ownerCommunityProfileId;
  if (t.expiresAt !== null) s.expiresAt = t.expiresAt;
  if (t.lastUsedAt !== null) s.lastUsedAt = t.lastUsedAt;
  if (t.lastUsedRouteClass !== null) s.lastUsedRouteClass = t.lastUsedRouteClass;
  if (t.revokedAt !== null) s.revokedAt = t.revokedAt;
  if (t.revokeReason !== null) s.revokeReason = t.revokeReason;
  return s;
}

const cursorToKey = (cursor: string) => {
  const [createdAt, id] = decodeCursor<[number, string]>(cursor, ['number', 'string']);
  return { createdAt, id };
};

export class PersonalTokensService {
  /** SHA-256 of token values that verified → their verifier (matches), oldest first. */
  private readonly verified = new Map<string, string>();
  private readonly repo: ApiTokensRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
  ) {
    this.repo = deps.repos.apiTokens;
    this.users = deps.repos.users;
  }

  private verifier(value: string) {
    return keyedHash(this.deps.config.secretKey, 'api-token', value);
  }

  /**
   * Whether `value` is the token whose stored verifier is `verifierHash`. A value that matched
   * once is known by its SHA-256 (never by itself; the most recent MAX_VERIFIED), so the keyed
   * hash is worked out once per token rather than on every request; the row's verifier is still
   * the one compared, read under the token-row version stamp like the rest of the row.
   */
  private matches(value: string, verifierHash: string): boolean {
    const digest = crypto.hash('sha256', value, 'base64url');
    const known = this.verified.get(digest);
    if (known !== undefined && constantTimeEqual(known, verifierHash)) return true;
    if (!constantTimeEqual(verifierHash, this.verifier(value))) return false;
    if (known === undefined && this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(digest, verifierHash);
    return true;
  }

  /**
   * Creates a user-owned token. When another credential creates it (the API route), the new
   * token may not carry scopes that credential lacks: developer:write is not a way to escalate.
   */
  private async auditLifecycle(
    action: 'personal_token.create' | 'personal_token.revoke',
    result: string,
    channel: TokenChannel,
    ownerUserId: string,
    tokenId: string,
    metadata?: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.recordChange({ action, result, channel, ownerRef: ownerUserId, resourceType: 'personal_token', resourceId: tokenId, metadata });
  }


  async create(
    ownerUserId: string,
    input: { label: string; scopes?: string[]; expiresAt?: number },
    channel: TokenChannel = 'operator',
  ): Promise<Schemas['DeveloperTokenCreateResponse']> {
    const actor = typeof channel === 'string' ? undefined : channel.actor;
    const now = this.deps.clock.now();
    const requested = [...new Set(input.scopes ?? DEFAULT_SCOPES)];
    const unknown = requested.filter((s) => !isScope(s));
    if (unknown.length) throw problems.validation([{ pointer: '/scopes', message: `unknown scopes: ${unknown.join(' ')}` }]);
    const scopes = requested.filter(isScope);
    if (actor?.credential) {
      const held = new Set(actor.credential.scopes);
      const beyond = scopes.filter((s) => !held.has(s));
      if (beyond.length) {
        throw problems.forbidden(`A credential can only create tokens within its own scopes; missing: ${beyond.join(' ')}.`);
      }
    }
    if (input.expiresAt !== undefined && input.expiresAt <= now) {
      throw problems.validation([{ pointer: '/expiresAt', message: 'must be in the future' }]);
    }
    if (!(await this.users.findById(ownerUserId))) throw problems.notFound('No such user.');

    for (let attempt = 0; ; attempt++) {
      const tokenValue = `${TOKEN_PREFIX}${randomToken(32)}`;
      const row: ApiTokenRow = {
        id: newId('tok'),
        tokenPrefix: tokenValue.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + LOOKUP_LENGTH),
        verifierHash: this.verifier(tokenValue),
        ownerKind: 'user',
        ownerUserId,
        ownerCommunityProfileId: null,
        label: input.label,
        scopes,
        trustTier: 'personal',
        status: 'active',
        expiresAt: input.expiresAt ?? null,
        createdAt: now,
        updatedAt: now,
        lastUsedAt: null,
        lastUsedRouteClass: null,
        revokedAt: null,
        revokeReason: null,
      };
      try {
        await this.repo.insert(row);
      } catch (err) {
        // A lookup-prefix collision (2^-72 per pair) is retried with fresh randomness.
        if (attempt < 2 && (await this.repo.findByPrefix(row.tokenPrefix))) continue;
        throw err;
      }
      await this.auditLifecycle('personal_token.create', 'created', channel, ownerUserId, row.id, { scopes, label: row.label });
      return { token: summarizeToken(row), tokenValue };
    }
  }

  /** Validates a presented value. Revocation takes effect at once: nothing is cached. */
  async authenticate(value: string, context: { routeClass: RouteClass | 'one_time_token'; networkRef: string }): Promise<PersonalTokenCredential> {
    const now = this.deps.clock.now();
    const reject = async (reason: TokenRejection, tokenId?: string, ownerUserId?: string): Promise<never> => {
      await this.audit.record({
        action: 'personal_token.validate',
        result: `rejected_${reason}`,
        actorKind: 'api_token',
        actorRef: tokenId ?? null,
        ownerRef: ownerUserId ?? null,
        routeClass: context.routeClass,
        actor: { networkRef: context.networkRef },
      });
      throw new TokenRejected(reason);
    };
    if (!TOKEN_PATTERN.test(value)) return reject('malformed');
    const row = await this.repo.findByPrefix(value.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + LOOKUP_LENGTH));
    if (!row || !this.matches(value, row.verifierHash)) return reject('unknown');
    if (row.status !== 'active') return reject('revoked', row.id, row.ownerUserId);
    if (row.expiresAt !== null && row.expiresAt <= now) return reject('expired', row.id, row.ownerUserId);

    // Use is recorded by the route class of the call (one-time-token routes never carry a bearer).
    if (context.routeClass !== 'one_time_token' && (row.lastUsedAt === null || now - row.lastUsedAt >= USE_RECORD_INTERVAL_MS)) {
      await this.repo.recordUse(row.id, now, context.routeClass);
      await this.audit.record({
        action: 'personal_token.validate',
        result: 'accepted',
        actorKind: 'api_token',
        actorRef: row.id,
        ownerRef: row.ownerUserId,
        routeClass: context.routeClass,
        actor: { networkRef: context.networkRef },
      });
    }
    const credential: PersonalTokenCredential = {
      kind: 'api_token',
      tokenId: row.id,
      ownerKind: row.ownerKind,
      ownerUserId: row.ownerUserId,
      scopes: row.scopes,
      trustTier: row.trustTier,
    };
    if (row.ownerCommunityProfileId) credential.ownerCommunityProfileId = row.ownerCommunityProfileId;
    if (row.ownerKind === 'user') credential.userId = row.ownerUserId;
    return credential;
  }

  /** The API route: a token for the acting user, within the scopes of the credential asking. */
  createForCaller(actor: Actor, input: Schemas['DeveloperTokenCreateRequest']): Promise<Schemas['DeveloperTokenCreateResponse']> {
    return this.create(actingUser(actor).userId, input, { actor });
  }

  listForCaller(actor: Actor, opts: { includeRevoked?: boolean; limit?: number; cursor?: string }): Promise<Schemas['DeveloperTokensResponse']> {
    return this.list(actingUser(actor).userId, opts);
  }

  async revokeForCaller(actor: Actor, tokenId: string): Promise<Schemas['DeveloperTokenResponse']> {
    return { token: await this.revoke(actingUser(actor).userId, tokenId, { actor }) };
  }

  async list(
    ownerUserId: string,
    opts: { includeRevoked?: boolean; limit?: number; cursor?: string },
  ): Promise<Schemas['DeveloperTokensResponse']> {
    const page = await this.repo.listByOwner(ownerUserId, {
      includeRevoked: opts.includeRevoked ?? false,
      limit: opts.limit ?? 50,
      after: opts.cursor ? cursorToKey(opts.cursor) : undefined,
    });
    return { tokens: page.tokens.map(summarizeToken), nextCursor: page.next ? encodeCursor([page.next.createdAt, page.next.id]) : null };
  }

  /** Idempotent: revoking an already revoked token answers its record again. Others' tokens are not found. */
  async revoke(ownerUserId: string, tokenId: string, channel: TokenChannel = 'operator'): Promise<TokenSummary> {
    const row = await this.repo.findById(tokenId);
    if (!row || row.ownerUserId !== ownerUserId) throw problems.notFound('No such token.');
    const changed = await this.repo.revoke(tokenId, this.deps.clock.now(), 'revoked_by_owner');
    if (changed) await this.auditLifecycle('personal_token.revoke', 'revoked', channel, ownerUserId, tokenId);
    return summarizeToken((await this.repo.findById(tokenId))!);
  }

  /** Operator action (contract 8.3 rule 1: promotion is manual). */
  async setTrustTier(tokenId: string, tier: PersonalTrustTier): Promise<TokenSummary> {
    if (!(await this.repo.setTrustTier(tokenId, tier, this.deps.clock.now()))) {
      throw new AppError(404, '/problems/not-found', 'No such token', { code: 'NOT_FOUND' });
    }
    await this.audit.record({
      action: 'personal_token.trust_tier',
      result: tier,
      actorKind: 'operator',
      resourceType: 'personal_token',
      resourceId: tokenId,
    });
    return summarizeToken((await this.repo.findById(tokenId))!);
  }
}
