import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import { serve } from '../../src/http/requestGuards.js';

/**
 * The fault tests need what a multi-instance deployment shares: PostgreSQL and Redis. On the
 * embedded default (SQLite, in-memory limits) there is nothing shared to fail, so they are skipped
 * and say why.
 */
export const sharedBackends = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
export const describeWithSharedBackends = (name: string, fn: () => void) =>
  sharedBackends ? describe(name, fn) : describe.skip(`${name} — skipped: needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis)`, fn);

export interface Listening {
  url: string;
  server: http.Server;
  /** supertest takes a base URL as well as an app: requests then go over real loopback HTTP. */
  target: RequestListener;
  close(): Promise<void>;
}

/** Serves an app on an ephemeral loopback port, the way src/server.ts serves it. */
export async function listen(app: RequestListener): Promise<Listening> {
  const server = await new Promise<http.Server>((resolve, reject) => {
    const s = serve(app, 0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    target: url as unknown as RequestListener,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `check` until it holds or `deadlineMs` passes (then fails with `what`). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, deadlineMs = 15_000, everyMs = 50): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    let last: unknown;
    try {
      const value = await check();
      if (value) return value as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
