import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../../config.js';
import { problems } from '../../services/errors.js';
import type { TimeParser } from '../../services/time/jobs.js';
import { sendProblem } from '../problem.js';

/**
 * The service's Prometheus metrics, on a registry of their own (one per app instance, so several
 * apps in one process never share or collide); the process's own metrics are added when served.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'operation_id' | 'route' | 'method' | 'status'>;
  private readonly latency: Histogram<'operation_id' | 'route'>;
  private readonly refusals: Counter<'route_class'>;
  private readonly clientAddressProblems: Counter<'problem'>;

  constructor(opts: { timeParser?: TimeParser; processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'marquee_http_requests_total',
      help: 'HTTP requests answered, by contract operationId (or "none" outside the contract), route template, method and status.',
      labelNames: ['operation_id', 'route', 'method', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'marquee_http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its answer, by contract operationId and route template.',
      labelNames: ['operation_id', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.refusals = new Counter({
      name: 'marquee_rate_limit_refusals_total',
      help: 'Requests answered 429, by the route class whose window or quota refused them.',
      labelNames: ['route_class'],
      registers,
    });
    this.clientAddressProblems = new Counter({
      name: 'marquee_client_address_misconfigured_requests_total',
      help: 'Requests showing that client addresses are misconfigured: proxy_address_used (forwarding headers while CLIENT_IP_HEADER=socket), configured_header_missing (the named header absent).',
      labelNames: ['problem'],
      registers,
    });
    const pool = opts.timeParser;
    const poolGauge = (name: string, help: string, read: (s: NonNullable<ReturnType<NonNullable<TimeParser['stats']>>>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const stats = pool?.stats?.();
          if (stats) this.set(read(stats));
        },
      });
    poolGauge('marquee_time_parse_pool_workers', 'Worker threads of the time-parse pool.', (s) => s.workers);
    poolGauge('marquee_time_parse_pool_queued', 'Time parses waiting for a worker.', (s) => s.queued);
    poolGauge('marquee_time_parse_pool_active', 'Time parses running in a worker.', (s) => s.active);
    poolGauge('marquee_time_parse_pool_warm', '1 once the time-parse pool has finished its warm-up parse, else 0.', (s) => (s.warm ? 1 : 0));
    this.withProcessMetrics = opts.processMetrics !== false;
  }

  private readonly withProcessMetrics: boolean;

  /** The exposition: this app's metrics, then the process's. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    const registry = this.withProcessMetrics ? Registry.merge([this.registry, processRegistry()]) : this.registry;
    return { contentType: registry.contentType, text: await registry.metrics() };
  }

  /** Counts one request showing a misconfigured client-address source (src/http/clientAddress.ts). */
  countClientAddressProblem(problem: string): void {
    this.clientAddressProblems.inc({ problem });
  }

  /** Records one finished request (labels are bounded: operationIds and route templates only). */
  observeRequest(r: { operationId?: string; route: string; method: string; status: number; seconds: number; refusedBy?: string; routeClass?: string }): void {
    const operationId = r.operationId ?? 'none';
    this.requests.inc({ operation_id: operationId, route: r.route, method: r.method, status: String(r.status) });
    this.latency.observe({ operation_id: operationId, route: r.route }, r.seconds);
    if (r.status === 429) this.refusals.inc({ route_class: r.refusedBy ?? r.routeClass ?? 'unclassified' });
  }
}

let processMetrics: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, event-loop lag, GC, handles) describe the process,
 * not an app: one collector per process, shared by the apps it runs, on a registry of its own.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * Who may read `/metrics`. With METRICS_TOKEN set, only a caller presenting it as a bearer; without
 * one, the embedded default (development, test) serves them to anyone who reaches it (it listens on
 * loopback by default), and production does not serve them at all.
 */
export type MetricsAccess = { kind: 'token'; token: string } | { kind: 'open' } | { kind: 'disabled' };

export function metricsAccess(config: Pick<Config, 'env' | 'metricsToken'>): MetricsAccess {
  if (config.metricsToken) return { kind: 'token', token: config.metricsToken };
  return config.env === 'production' ? { kind: 'disabled' } : { kind: 'open' };
}

const sameSecret = (presented: string, expected: string) => {
  const a = crypto.createHash('sha256').update(presented).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/** GET /metrics: the Prometheus text exposition, behind the configured access. */
export function metricsEndpoint(metrics: Metrics, access: MetricsAccess) {
  return async (req: Request, res: Response): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store');
    // Disabled metrics look like any unknown path.
    if (access.kind === 'disabled') return sendProblem(res, problems.notFound('No route matches this path.'));
    if (access.kind === 'token') {
      const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
      if (!match || !sameSecret(match[1], access.token)) return sendProblem(res, problems.unauthorized('Present the metrics token as a bearer.', 'Bearer realm="metrics"'));
    }
    const { contentType, text } = await metrics.exposition();
    res.type(contentType).send(text);
  };
}

