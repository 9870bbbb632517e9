import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { PROBLEM_JSON } from '../problem.js';

/** A dependency readiness checks: its name in the answer, and a probe that throws when it is unreachable. */
export interface ReadinessCheck {
  name: 'database' | 'rateLimitStore';
  probe(): Promise<unknown>;
}

/** A probe that hangs counts as failed after this long (a readiness probe must answer). */
export const READINESS_TIMEOUT_MS = 2_000;

function withinTimeout(probe: () => Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
    timer.unref();
  });
  return Promise.race([probe(), timeout]).finally(() => clearTimeout(timer));
}

/** The checks of this deployment: the database always, Redis when it holds the rate limits. */
export function readinessChecks(deps: { pingDatabase: () => Promise<void>; redis?: Redis }): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [{ name: 'database', probe: deps.pingDatabase }];
  const { redis } = deps;
  // The in-process store is part of the process: reachable whenever the process answers.
  if (redis) checks.push({ name: 'rateLimitStore', probe: () => redis.ping() });
  return checks;
}

/** GET /healthz: liveness. The process answers; no dependency is asked (a database outage must not restart it). */
export function healthz(_req: Request, res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.json({ status: 'ok' });
}

/**
 * GET /readyz: readiness. 200 when every dependency answers; otherwise 503 problem+json naming
 * the failed dependencies (never an address, connection string or driver message).
 */
export function readyz(checks: ReadinessCheck[], timeoutMs = READINESS_TIMEOUT_MS) {
  return async (_req: Request, res: Response): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store');
    const outcomes = await Promise.all(
      checks.map(async (c) => [c.name, await withinTimeout(c.probe, timeoutMs).then(() => 'ok' as const, () => 'unavailable' as const)] as const),
    );
    const failed = outcomes.filter(([, state]) => state !== 'ok').map(([name]) => name);
    const body = Object.fromEntries(outcomes);
    if (!failed.length) {
      res.json({ status: 'ready', checks: body });
      return;
    }
    res.setHeader('Retry-After', '5');
    res
      .status(503)
      .type(PROBLEM_JSON)
      .send(
        JSON.stringify({
          type: '/problems/not-ready',
          title: 'Not ready',
          status: 503,
          detail: `Unreachable: ${failed.join(', ')}.`,
          code: 'NOT_READY',
          checks: body,
        }),
      );
  };
}
