import { AuditRepository, type AuditRecord } from '../repositories/audit.js';
import type { ServiceDeps, Actor } from './context.js';

export type AuditEntry = Omit<AuditRecord, 'occurredAt' | 'actorKind' | 'actorRef' | 'networkRef'> & {
  actor?: Actor;
  actorKind?: string;
  actorRef?: string | null;
};

/** The one writer of audit records (contract 6.2): ids and keyed hashes only, never secrets. */
export class AuditService {
  private readonly repo: AuditRepository;
  constructor(private readonly deps: ServiceDeps) {
    this.repo = new AuditRepository(deps.db);
  }

  async record(entry: AuditEntry): Promise<void> {
    const credential = entry.actor?.credential;
    await this.repo.insert({
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

  list(filter: { action?: string; limit?: number } = {}) {
    return this.repo.list(filter);
  }
}
