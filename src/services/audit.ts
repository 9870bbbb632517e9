import { type AuditRepository, type AuditRecord, type AuditFilter } from '../repositories/audit.js';
import type { ServiceDeps, Actor } from './context.js';

export type AuditEntry = Omit<AuditRecord, 'occurredAt' | 'actorKind' | 'actorRef' | 'networkRef'> & {
  actor?: Actor;
  actorKind?: string;
  actorRef?: string | null;
};

/**
 * Records hold ids and keyed hashes only; a metadata member whose name says it is a secret is
 * still never shown, so a future writer's mistake cannot reach an operator's terminal.
 */
const SECRET_KEY = /secret|password|verifier|hash|token_?value|^(access|refresh|id)_?token$|^code$/i;
function withoutSecrets(metadata: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[withheld]' : v]));
}

/** Who asked for a credential lifecycle change: an API credential (the actor), a signed-in page, or the operator. */
export type ChangeChannel = { actor: Actor } | 'web_session' | 'operator';

/** The one writer of audit records (contract 6.2): ids and keyed hashes only, never secrets. */
export class AuditService {
  private readonly repo: AuditRepository;
  constructor(private readonly deps: ServiceDeps) {
    this.repo = deps.repos.audit;
  }

  async record(entry: AuditEntry): Promise<void> {
    await this.recordIn(this.deps.repos, entry);
  }

  /**
   * The same record written through `repos` — pass the repositories of a unit of work
   * (`repos.withTransaction`) so the record commits or rolls back with the write it describes.
   */
  async recordIn(repos: Pick<ServiceDeps['repos'], 'audit'>, entry: AuditEntry): Promise<void> {
    const credential = entry.actor?.credential;
    await repos.audit.insert({
      occurredAt: this.deps.clock.now(),
      action: entry.action,
      result: entry.result,
      actorKind: entry.actorKind ?? (credential ? credential.kind : 'anonymous'),
      actorRef: entry.actorRef ?? (credential ? credential.tokenId : null),
      ownerRef: entry.ownerRef ?? (credential ? credential.ownerUserId : null),
      routeClass: entry.routeClass ?? null,
      resourceType: entry.resourceType ?? null,
      resourceId: entry.resourceId ?? null,
      networkRef: entry.actor?.networkRef ?? null,
      metadata: entry.metadata ?? null,
    });
  }

  /** A lifecycle change of a credential (token, OAuth application), attributed to the channel that asked. */
  async recordChange(entry: Omit<AuditEntry, 'actor' | 'actorKind'> & { channel: ChangeChannel }): Promise<void> {
    const { channel, ...rest } = entry;
    const actor = typeof channel === 'string' ? undefined : channel.actor;
    await this.record({ ...rest, actor, actorKind: actor?.credential?.kind ?? (typeof channel === 'string' ? channel : 'anonymous') });
  }

  /** Contract 6.2: a blocked rate-limit attempt (route class, identity kind, tier, limit, time). */
  async recordRateLimitBlock(
    window: { routeClass: string; limit: number; windowMs: number; resetAt: number },
    identity: { key: string; tier: string },
    identityKind: string,
    networkRef: string,
  ): Promise<void> {
    const [kind, ref] = identity.key.split(':');
    await this.record({
      action: 'rate_limit.blocked',
      result: 'refused',
      actorKind: identityKind,
      actorRef: kind === 'ip' ? null : ref,
      routeClass: window.routeClass,
      actor: { networkRef },
      metadata: { quotaTier: identity.tier, limit: window.limit, windowMs: window.windowMs, resetAt: window.resetAt },
    });
  }

  list(filter: AuditFilter = {}) {
    return this.repo.list(filter);
  }

  /**
   * The operator's reading of the audit trail, newest first. `kind` is an action
   * (`personal_token.create`) or an action family (`personal_token`); `actorRefs` are the ids a
   * record may name as its actor or owner (a user's id, a token id, an OAuth client id).
   */
  async search(filter: { kind?: string; actorRefs?: string[]; since?: number; until?: number; limit?: number }): Promise<AuditRecord[]> {
    const kind = filter.kind?.trim();
    const records = await this.repo.list({
      ...(kind ? (kind.includes('.') ? { action: kind } : { actionFamily: kind }) : {}),
      refs: filter.actorRefs,
      since: filter.since,
      until: filter.until,
      limit: filter.limit ?? 50,
    });
    return records.map((r) => (r.metadata ? { ...r, metadata: withoutSecrets(r.metadata) } : r));
  }
}
