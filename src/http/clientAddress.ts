import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';
import { keyedHash } from '../lib/crypto.js';
import { logEvent } from '../lib/eventLog.js';

const UNKNOWN = 'unknown';

/**
 * One client, one key: an IPv4-mapped IPv6 address is its IPv4 form, and an IPv6 address is
 * its /64 (one subscriber's network: rotating the interface id must not open new buckets).
 * Anything else (a header value that is not an address) is kept as it is.
 */
export function normalizeAddress(address: string): string {
  let a = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(a)) return a;
  a = a.replace(/%.*$/, ''); // zone index (fe80::1%eth0)
  if (!isIPv6(a)) return address.trim();
  const [head, tail = ''] = a.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = a.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four groups matter here.
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Contract 8.3 rule 7: the client address comes only from the TCP peer (platform-derived: no
 * caller chooses it; the default) or one operator-configured single-value header. Caller-
 * supplied forwarded-for headers are never read; with `none` everyone shares one "unknown"
 * bucket. Only a keyed hash of the address is kept.
 */
export function networkRef(config: Config, req: IncomingMessage): string {
  let address = UNKNOWN;
  if (config.clientIp.source === 'socket') {
    // The peer of a connection never changes: its ref is hashed once per connection (keep-alive).
    let refs = socketRefs.get(config);
    if (!refs) socketRefs.set(config, (refs = new WeakMap()));
    const known = refs.get(req.socket);
    if (known) return known;
    const ref = refOf(config, req.socket.remoteAddress ?? UNKNOWN);
    refs.set(req.socket, ref);
    return ref;
  } else if (config.clientIp.source === 'header') {
    const value = req.headers[config.clientIp.header];
    // A single-value header: a list means something in front is misconfigured or spoofed.
    if (typeof value === 'string' && value.trim() && !value.includes(',')) address = value.trim();
  }
  return refOf(config, address);
}

const socketRefs = new WeakMap<Config, WeakMap<object, string>>();
const refOf = (config: Config, address: string) => keyedHash(config.secretKey, 'network', address === UNKNOWN ? UNKNOWN : normalizeAddress(address)).slice(0, 22);

/** Headers a reverse proxy adds with the client's address. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;
/** Orchestrators probe these directly, without passing through the proxy. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

const privatePeers = new BlockList();
for (const [net, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16], ['100.64.0.0', 10]] as const) privatePeers.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) privatePeers.addSubnet(net, prefix, 'ipv6');

/** A private, loopback or link-local peer: where a proxy in front of the service connects from. */
export function isPrivatePeer(address: string | undefined): boolean {
  if (!address) return false;
  const a = normalizeAddress(address);
  if (isIPv4(a)) return privatePeers.check(a, 'ipv4');
  const v6 = address.replace(/%.*$/, '');
  return isIPv6(v6) && privatePeers.check(v6, 'ipv6');
}

/**
 * What is wrong with where client addresses come from, judged by one request:
 * - `proxy_address_used`: the TCP peer is used (`socket`) but the request carries a proxy's
 *   forwarding headers, so every client behind that proxy has the proxy's address and shares
 *   its buckets (anonymous reads, sign-in failures per network, account-mail requests);
 * - `configured_header_missing`: the configured header is absent (or holds a list), so the
 *   request counts as "unknown", a bucket every such request shares.
 */
export type ClientAddressProblem = 'proxy_address_used' | 'configured_header_missing';

export function clientAddressProblem(config: Config, req: IncomingMessage & { path?: string }): ClientAddressProblem | undefined {
  if (config.clientIp.source === 'socket') {
    return FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined) ? 'proxy_address_used' : undefined;
  }
  if (config.clientIp.source === 'header' && !PROBES.has(req.path ?? '')) {
    const value = req.headers[config.clientIp.header];
    return typeof value === 'string' && value.trim() && !value.includes(',') ? undefined : 'configured_header_missing';
  }
  return undefined;
}

const WARNINGS: Record<ClientAddressProblem, string> = {
  proxy_address_used:
    'Requests carry X-Forwarded-For, Forwarded or X-Real-IP, but CLIENT_IP_HEADER=socket keys clients by the TCP peer. Behind a reverse proxy every client then has the proxy\'s address and shares its rate limits and sign-in throttling: set CLIENT_IP_HEADER to the one header the proxy sets and callers cannot.',
  configured_header_missing:
    'A request arrived without the header CLIENT_IP_HEADER names (or with a list in it): such requests share one "unknown" client address. Make the proxy in front set that header on every request.',
};

/**
 * Watches every request for a misconfigured client-address source: each kind of problem is one
 * loud `client_address_misconfigured` warning per process on the event log, and every request
 * showing it is counted (`onProblem`, a metric). A warning, not a refusal: the requests are the
 * deployment's own traffic, and the operator fixes the configuration.
 */
export function clientAddressWatch(config: Config, onProblem: (problem: ClientAddressProblem) => void): (req: IncomingMessage & { path?: string }) => void {
  const warned = new Set<ClientAddressProblem>();
  return (req) => {
    const problem = clientAddressProblem(config, req);
    if (!problem) return;
    onProblem(problem);
    if (warned.has(problem)) return;
    warned.add(problem);
    logEvent('warn', 'client_address_misconfigured', {
      problem,
      clientIpSource: config.clientIp.source,
      ...(config.clientIp.source === 'header' ? { clientIpHeader: config.clientIp.header } : {}),
      privatePeer: isPrivatePeer(req.socket?.remoteAddress),
      advice: WARNINGS[problem],
    });
  };
}
