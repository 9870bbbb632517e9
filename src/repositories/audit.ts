import type { Queryable } from '../db/knex.js';
import { json } from './rows.js';

export interface AuditRecord {
  occurredAt: number;
  action: string;
  result: string;
  actorKind: string;
  actorRef?: string | null;
  ownerRef?: string | null;
  routeClass?: string | null;
  resourceType?: string | null;
  resourceId?: string | null;
  networkRef?: string | null;
  metadata?: Record<string, unknown> | null;
}

export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async insert(r: AuditRecord): Promise<void> {
    await this.db('audit_records').insert({
      occurred_at: r.occurredAt,
      action: r.action,
      result: r.result,
      actor_kind: r.actorKind,
      actor_ref: r.actorRef ?? null,
      owner_ref: r.ownerRef ?? null,
      route_class: r.routeClass ?? null,
      resource_type: r.resourceType ?? null,
      resource_id: r.resourceId ?? null,
      network_ref: r.networkRef ?? null,
      metadata: r.metadata ? JSON.stringify(r.metadata) : null,
    });
  }

  async list(filter: { action?: string; limit?: number } = {}): Promise<AuditRecord[]> {
    const q = this.db('audit_records').orderBy('id', 'desc').limit(filter.limit ?? 100);
    if (filter.action) q.where({ action: filter.action });
    const rows = await q;
    return rows.map((r: Record<string, unknown>) => ({
      occurredAt: r.occurred_at as number,
      action: r.action as string,
      result: r.result as string,
      actorKind: r.actor_kind as string,
      actorRef: r.actor_ref as string | null,
      ownerRef: r.owner_ref as string | null,
      routeClass: r.route_class as string | null,
      resourceType: r.resource_type as string | null,
      resourceId: r.resource_id as string | null,
      networkRef: r.network_ref as string | null,
      metadata: json<Record<string, unknown> | null>(r.metadata, null),
    }));
  }
}
