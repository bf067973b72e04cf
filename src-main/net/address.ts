// Runs in: main. Which IP addresses outbound requests may reach: public unicast only. Private, loopback,
// link-local, multicast, unspecified, documentation and carrier-grade NAT ranges are refused, in IPv4 and
// IPv6 alike, including IPv4 addresses wrapped in IPv6 (mapped, compatible, SIIT-translated, NAT64 well-known
// prefix, 6to4, Teredo server and client, ISATAP); the local-use NAT64 prefix 64:ff9b:1::/48 is refused whole.
import net from 'node:net';

const v4Blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  v4Blocked.addSubnet(prefix, bits, 'ipv4');
}

const v6Blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates to the operator's own networks
] as const) {
  v6Blocked.addSubnet(prefix, bits, 'ipv6');
}

/** Expands an IPv6 address to its 8 16-bit groups (handles "::" and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let addr = address.split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(addr);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    addr = addr.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = addr.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail !== undefined ? new Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16));
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 addresses an IPv6 address carries, for each wrapping form it matches (several for Teredo). */
export function embeddedIpv4s(address: string): string[] {
  const g = ipv6Groups(address);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x) || x < 0 || x > 0xffff)) return [];
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const out: string[] = [];
  if (zeros(0, 5) && g[5] === 0xffff) out.push(v4FromGroups(g[6], g[7])); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) out.push(v4FromGroups(g[6], g[7])); // ::ffff:0:a.b.c.d (SIIT translated)
  if (zeros(0, 6)) out.push(v4FromGroups(g[6], g[7])); // ::a.b.c.d (compatible, deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) out.push(v4FromGroups(g[6], g[7])); // NAT64 64:ff9b::/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) out.push(v4FromGroups(g[6], g[7]), v4FromGroups(g[3], (g[4] & 0xff) << 8)); // local-use NAT64 (also refused whole)
  if (g[0] === 0x2002) out.push(v4FromGroups(g[1], g[2])); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) out.push(v4FromGroups(g[2], g[3]), v4FromGroups(g[6] ^ 0xffff, g[7] ^ 0xffff)); // Teredo: server, client (inverted)
  if ((g[4] & 0xfdff) === 0 && g[5] === 0x5efe) out.push(v4FromGroups(g[6], g[7])); // ISATAP interface id
  return out;
}

/** The first IPv4 address an IPv6 address carries, if it is one of the wrapping forms. */
export const embeddedIpv4 = (address: string): string | null => embeddedIpv4s(address)[0] ?? null;

/** True for loopback addresses: 127.0.0.0/8, ::1, and IPv4 loopback wrapped in IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = net.isIP(a);
  if (family === 4) return a.startsWith('127.');
  if (family === 6) {
    const g = ipv6Groups(a);
    if (g.length === 8 && g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
    const mapped = g.length === 8 && g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
    return mapped && v4FromGroups(g[6], g[7]).startsWith('127.');
  }
  return false;
}

/** True when outbound requests must not reach this address. Anything unparseable is refused too. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return v4Blocked.check(address, 'ipv4');
  if (family === 6) {
    if (v6Blocked.check(address, 'ipv6')) return true;
    return embeddedIpv4s(address).some((inner) => isBlockedAddress(inner));
  }
  return true;
}
