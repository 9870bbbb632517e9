import { describe, expect, test } from '@jest/globals';
import { isPublicAddress, judgeAddress, type AddressRefusal } from '../../../src/services/outbound/addresses.js';

// [address, expected verdict]: 'public' or the refusal reason.
const table: [string, 'public' | AddressRefusal][] = [
  // IPv4 that passes
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['93.184.215.14', 'public'],
  ['172.15.255.255', 'public'], // just below 172.16/12
  ['172.32.0.1', 'public'], // just above 172.16/12
  ['100.63.255.255', 'public'], // just below 100.64/10
  ['100.128.0.1', 'public'], // just above 100.64/10
  ['192.0.3.1', 'public'],
  ['223.255.255.254', 'public'],
  // IPv4 refused
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this_network'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier_grade_nat'],
  ['100.127.255.254', 'carrier_grade_nat'],
  ['169.254.169.254', 'link_local'], // cloud metadata
  ['169.254.0.1', 'link_local'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.254', 'benchmarking'],
  // IPv4 spellings that are not four decimal parts
  ['127.1', 'unparseable'],
  ['0x7f.0.0.1', 'unparseable'],
  ['0177.0.0.1', 'unparseable'],
  ['2130706433', 'unparseable'],
  ['localhost', 'unparseable'],
  ['', 'unparseable'],
  // IPv6 that passes
  ['2606:4700:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['2a00:1450:4001:80b::200e', 'public'],
  ['::ffff:8.8.8.8', 'public'], // IPv4-mapped public
  ['64:ff9b::808:808', 'public'], // NAT64 of 8.8.8.8
  ['2002:808:808::1', 'public'], // 6to4 of 8.8.8.8
  // IPv6 refused
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['fe80::1', 'link_local'],
  ['febf:ffff::1', 'link_local'],
  ['fe80::1%eth0', 'zone_id'],
  ['fc00::1', 'unique_local'],
  ['fd12:3456:789a::1', 'unique_local'],
  ['fec0::1', 'site_local'],
  ['ff02::1', 'multicast'],
  ['ff05::2', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['2001:db8:ffff::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001::1', 'teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['2001:2::1', 'ietf_protocol'], // benchmarking
  ['2001:20::1', 'ietf_protocol'], // ORCHIDv2
  ['100::1', 'discard'],
  ['64:ff9b:1::a00:1', 'nat64_local'],
  ['::ffff:0:7f00:1', 'ipv4_translated'],
  ['5f00::1', 'reserved'],
  ['4000::1', 'reserved'], // outside global unicast 2000::/3
  ['::8.8.8.8', 'ipv4_compatible'], // deprecated even with a public IPv4 inside
];

// IPv6 forms that carry a refused IPv4 address are refused for that address's reason.
const embedded: [string, AddressRefusal, string][] = [
  ['::ffff:127.0.0.1', 'loopback', 'ipv4_mapped'],
  ['::ffff:7f00:1', 'loopback', 'ipv4_mapped'],
  ['::ffff:10.0.0.1', 'private', 'ipv4_mapped'],
  ['::ffff:169.254.169.254', 'link_local', 'ipv4_mapped'],
  ['::ffff:a9fe:a9fe', 'link_local', 'ipv4_mapped'],
  ['::ffff:0.0.0.0', 'unspecified', 'ipv4_mapped'],
  ['::ffff:100.64.0.1', 'carrier_grade_nat', 'ipv4_mapped'],
  ['0:0:0:0:0:ffff:192.168.0.1', 'private', 'ipv4_mapped'],
  ['::127.0.0.1', 'loopback', 'ipv4_compatible'],
  ['::7f00:1', 'loopback', 'ipv4_compatible'],
  ['::10.1.2.3', 'private', 'ipv4_compatible'],
  ['64:ff9b::127.0.0.1', 'loopback', 'nat64'],
  ['64:ff9b::a00:1', 'private', 'nat64'],
  ['64:ff9b::169.254.169.254', 'link_local', 'nat64'],
  ['64:ff9b::c0a8:1', 'private', 'nat64'],
  ['2002:7f00:1::', 'loopback', '6to4'],
  ['2002:a00:1::1', 'private', '6to4'],
  ['2002:a9fe:a9fe::1', 'link_local', '6to4'],
  ['2002:c0a8:101::1', 'private', '6to4'],
  ['2002:6440:1::1', 'carrier_grade_nat', '6to4'],
];

describe('public-address policy', () => {
  test('the table covers at least forty addresses', () => {
    expect(table.length + embedded.length).toBeGreaterThanOrEqual(40);
  });

  test.each(table)('when the address is %s, then the verdict is %s', (address, expected) => {
    const verdict = judgeAddress(address);
    if (expected === 'public') {
      expect(verdict.allowed).toBe(true);
      expect(isPublicAddress(address)).toBe(true);
    } else {
      expect(verdict).toMatchObject({ allowed: false, reason: expected });
      expect(isPublicAddress(address)).toBe(false);
    }
  });

  test.each(embedded)('when %s carries a refused IPv4 address, then it is refused as %s (%s)', (address, reason, form) => {
    expect(judgeAddress(address)).toEqual({ allowed: false, reason, embeddedIn: form });
  });

  test('when an IPv4-mapped public address passes, then the connection goes to the plain IPv4 address', () => {
    expect(judgeAddress('::ffff:8.8.8.8')).toEqual({ allowed: true, connectAddress: '8.8.8.8', family: 4 });
  });

  test('when a NAT64 address of a public IPv4 passes, then the connection keeps the IPv6 address', () => {
    expect(judgeAddress('64:ff9b::8.8.8.8')).toEqual({ allowed: true, connectAddress: '64:ff9b::808:808', family: 6 });
  });

  test('when the input is not a string, then it is refused as unparseable', () => {
    expect(judgeAddress(undefined as unknown as string)).toEqual({ allowed: false, reason: 'unparseable' });
  });
});
