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

export interface AuditFilter {
  action?: string;
  actionFamily?: string;
  refs?: string[];
  since?: number;
  until?: number;
  limit?: number;
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

  /**
   * Records newest first. `action` matches one action exactly; `actionFamily` the actions
   * before their dot (`personal_token` → `personal_token.create`, …); `refs` records whose actor
   * or owner is one of these ids; `since`/`until` bound `occurred_at` (epoch ms, inclusive).
   */
  async list(filter: AuditFilter = {}): Promise<AuditRecord[]> {
    const q = this.db('audit_records').orderBy([{ column: 'occurred_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(filter.limit ?? 100);
    if (filter.action) q.where({ action: filter.action });
    if (filter.actionFamily) {
      // A prefix test both dialects read alike (LIKE differs in case and escaping).
      const prefix = `${filter.actionFamily}.`;
      q.whereRaw('substr(action, 1, ?) = ?', [prefix.length, prefix]);
    }
    if (filter.refs) {
      const refs = filter.refs;
      q.where((w) => w.whereIn('actor_ref', refs).orWhereIn('owner_ref', refs));
    }
    if (filter.since !== undefined) q.where('occurred_at', '>=', filter.since);
    if (filter.until !== undefined) q.where('occurred_at', '<=', filter.until);
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
