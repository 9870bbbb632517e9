import { isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';
import { keyedHash } from '../lib/crypto.js';

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
