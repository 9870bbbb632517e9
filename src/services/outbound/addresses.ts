import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses an outbound fetch may connect to: public unicast only. The tables follow the
 * IANA special-purpose address registries; anything not globally reachable is refused, and an IPv6
 * form that carries an IPv4 address (mapped, compatible, NAT64, 6to4) is judged by that address.
 * Ranges are listed here rather than taken from ipaddr.js's `range()` names, so a library update
 * cannot silently widen the policy; ipaddr.js only parses and matches.
 */
export type AddressRefusal =
  | 'unparseable'
  | 'zone_id'
  | 'unspecified'
  | 'this_network'
  | 'loopback'
  | 'private'
  | 'carrier_grade_nat'
  | 'link_local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'benchmarking'
  | 'documentation'
  | 'unique_local'
  | 'site_local'
  | 'discard'
  | 'ipv4_translated'
  | 'ipv4_compatible'
  | 'nat64_local'
  | 'teredo'
  | 'ietf_protocol';

/** How an IPv6 address carried the IPv4 address that decided its verdict. */
export type EmbeddingForm = 'ipv4_mapped' | 'ipv4_compatible' | 'nat64' | '6to4';

export type AddressVerdict =
  | {
      allowed: true;
      /** The address to connect to: an IPv4-mapped address is connected to as plain IPv4. */
      connectAddress: string;
      family: 4 | 6;
    }
  | { allowed: false; reason: AddressRefusal; embeddedIn?: EmbeddingForm };

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
type Table<R> = [Cidr, R][];

const cidr = (text: string): Cidr => ipaddr.parseCIDR(text);

// First match wins, so the narrower entries come first.
const refusedIPv4: Table<AddressRefusal> = [
  [cidr('0.0.0.0/32'), 'unspecified'],
  [cidr('0.0.0.0/8'), 'this_network'],
  [cidr('10.0.0.0/8'), 'private'],
  [cidr('100.64.0.0/10'), 'carrier_grade_nat'],
  [cidr('127.0.0.0/8'), 'loopback'],
  [cidr('169.254.0.0/16'), 'link_local'], // includes 169.254.169.254, cloud metadata
  [cidr('172.16.0.0/12'), 'private'],
  [cidr('192.0.0.0/24'), 'reserved'], // IETF protocol assignments
  [cidr('192.0.2.0/24'), 'documentation'], // TEST-NET-1
  [cidr('192.88.99.0/24'), 'reserved'], // deprecated 6to4 relay anycast
  [cidr('192.168.0.0/16'), 'private'],
  [cidr('198.18.0.0/15'), 'benchmarking'],
  [cidr('198.51.100.0/24'), 'documentation'], // TEST-NET-2
  [cidr('203.0.113.0/24'), 'documentation'], // TEST-NET-3
  [cidr('224.0.0.0/4'), 'multicast'],
  [cidr('255.255.255.255/32'), 'broadcast'],
  [cidr('240.0.0.0/4'), 'reserved'],
];

const refusedIPv6: Table<AddressRefusal> = [
  [cidr('::/128'), 'unspecified'],
  [cidr('::1/128'), 'loopback'],
  [cidr('::ffff:0:0:0/96'), 'ipv4_translated'], // SIIT, RFC 6145
  [cidr('64:ff9b:1::/48'), 'nat64_local'], // local-use translation, never globally reachable
  [cidr('100::/64'), 'discard'],
  [cidr('2001::/32'), 'teredo'], // the embedded server address is obfuscated: refused whole
  [cidr('2001:db8::/32'), 'documentation'],
  [cidr('2001::/23'), 'ietf_protocol'], // benchmarking, ORCHID and other special assignments
  [cidr('3fff::/20'), 'documentation'],
  [cidr('5f00::/16'), 'reserved'], // SRv6 segment identifiers
  [cidr('fc00::/7'), 'unique_local'],
  [cidr('fe80::/10'), 'link_local'],
  [cidr('fec0::/10'), 'site_local'],
  [cidr('ff00::/8'), 'multicast'],
];

const globalUnicast = cidr('2000::/3');
const ipv4Mapped = cidr('::ffff:0:0/96');
const ipv4Compatible = cidr('::/96');
const unspecifiedOrLoopback = cidr('::/127');
const nat64WellKnown = cidr('64:ff9b::/96');
const sixToFour = cidr('2002::/16');

function firstMatch<R>(address: ipaddr.IPv4 | ipaddr.IPv6, table: Table<R>): R | undefined {
  for (const [range, result] of table) if (address.kind() === range[0].kind() && address.match(range)) return result;
  return undefined;
}

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function judgeIPv4(address: ipaddr.IPv4): AddressVerdict {
  const reason = firstMatch(address, refusedIPv4);
  return reason ? { allowed: false, reason } : { allowed: true, connectAddress: address.toString(), family: 4 };
}

function judgeIPv6(address: ipaddr.IPv6): AddressVerdict {
  // Forms that carry an IPv4 address are judged by it before the general table.
  const parts = address.parts;
  if (address.match(ipv4Mapped)) {
    const verdict = judgeIPv4(ipv4FromParts(parts[6], parts[7]));
    return verdict.allowed ? verdict : { ...verdict, embeddedIn: 'ipv4_mapped' };
  }
  if (address.match(ipv4Compatible) && !address.match(unspecifiedOrLoopback)) {
    // Deprecated (RFC 4291) and not routed: refused even when the IPv4 address is public.
    const verdict = judgeIPv4(ipv4FromParts(parts[6], parts[7]));
    return verdict.allowed
      ? { allowed: false, reason: 'ipv4_compatible' }
      : { ...verdict, embeddedIn: 'ipv4_compatible' };
  }
  if (address.match(nat64WellKnown)) {
    const verdict = judgeIPv4(ipv4FromParts(parts[6], parts[7]));
    if (!verdict.allowed) return { ...verdict, embeddedIn: 'nat64' };
    return { allowed: true, connectAddress: address.toString(), family: 6 };
  }
  if (address.match(sixToFour)) {
    const verdict = judgeIPv4(ipv4FromParts(parts[1], parts[2]));
    if (!verdict.allowed) return { ...verdict, embeddedIn: '6to4' };
    return { allowed: true, connectAddress: address.toString(), family: 6 };
  }
  const reason = firstMatch(address, refusedIPv6);
  if (reason) return { allowed: false, reason };
  if (!address.match(globalUnicast)) return { allowed: false, reason: 'reserved' };
  return { allowed: true, connectAddress: address.toString(), family: 6 };
}

/**
 * IPv6 text to an address, through the WHATWG URL serializer first: it writes every form in hex
 * (`::127.0.0.1` becomes `::7f00:1`), so ipaddr.js never sees a dotted tail, which it would read
 * as IPv4-mapped even when the address is IPv4-compatible.
 */
function parseIPv6(text: string): ipaddr.IPv6 | null {
  if (!net.isIPv6(text)) return null;
  return ipaddr.IPv6.parse(new URL(`https://[${text}]/`).hostname.slice(1, -1));
}

/**
 * The verdict on one address as a resolver or a URL gives it: dotted-quad IPv4 (four decimal
 * parts only, so `127.1` or `0x7f.0.0.1` are refused as unparseable) or IPv6 without brackets.
 */
export function judgeAddress(text: string): AddressVerdict {
  if (typeof text !== 'string') return { allowed: false, reason: 'unparseable' };
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return judgeIPv4(ipaddr.IPv4.parse(text));
  if (text.includes('%')) return { allowed: false, reason: 'zone_id' };
  const address = parseIPv6(text);
  return address ? judgeIPv6(address) : { allowed: false, reason: 'unparseable' };
}

export function isPublicAddress(text: string): boolean {
  return judgeAddress(text).allowed;
}

/** True when the text is an IP address literal (as opposed to a host name). */
export function isIpLiteral(text: string): boolean {
  return net.isIP(text) !== 0;
}
