import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';
import {
  createGuardedFetch,
  type GuardedFetch,
  type ResolvedAddress,
} from '../../../src/services/outbound/guardedFetch.js';

/**
 * Offline TLS for the guarded fetcher's tests: a throwaway certificate authority, leaf
 * certificates for made-up host names, HTTPS servers on 127.0.0.1, and a fetcher that trusts the
 * test authority, maps the made-up names to loopback and lets exactly the test server's loopback
 * address past the public-address policy.
 */

export const TEST_HOST = 'client.example.test';
export const OTHER_HOST = 'other.example.test';
export const LOOPBACK = '127.0.0.1';

export interface TestPki {
  ca: string;
  leaf: (hostname: string) => Promise<{ key: string; cert: string }>;
}

export async function makeTestPki(): Promise<TestPki> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(Date.now() + 24 * 3600_000);
  const authority = await generate([{ name: 'commonName', value: 'Marquee Test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return {
    ca: authority.cert,
    leaf: async (hostname) => {
      const pems = await generate([{ name: 'commonName', value: hostname }], {
        keyType: 'ec',
        algorithm: 'sha256',
        notBeforeDate,
        notAfterDate,
        ca: { key: authority.private, cert: authority.cert },
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames: [{ type: 2, value: hostname }] },
        ],
      });
      return { key: pems.private, cert: pems.cert };
    },
  };
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  servername: string | false | null;
}

export interface TestServer {
  port: number;
  seen: SeenRequest[];
  close: () => Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** An HTTPS server on 127.0.0.1 presenting the given certificate; `handler` is swapped per test. */
export async function startTlsServer(credentials: { key: string; cert: string }): Promise<TestServer & { handle: (h: Handler) => void }> {
  let handler: Handler = (_req, res) => res.end();
  const seen: SeenRequest[] = [];
  const server = https.createServer(credentials, (req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      servername: (req.socket as TLSSocket).servername,
    });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    handle: (h) => {
      handler = h;
      seen.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A resolver that answers from a table and counts its calls. */
export function tableResolver(table: Record<string, ResolvedAddress[]>) {
  const calls: string[] = [];
  const resolver = async (hostname: string) => {
    calls.push(hostname);
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { resolver, calls };
}

export const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
export const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/** A fetcher for the tests: trusts the test authority; only the listed loopback addresses pass. */
export function testFetch(
  ca: string,
  table: Record<string, ResolvedAddress[]>,
  allowed: string[] = [LOOPBACK],
): { fetch: GuardedFetch; calls: string[] } {
  const { resolver, calls } = tableResolver(table);
  return { fetch: createGuardedFetch({ resolver, ca, allowAddress: (a) => allowed.includes(a) }), calls };
}
