// Runs in: main. Which IP addresses outbound requests may reach: public unicast only. Private, loopback,
// link-local, multicast, unspecified, documentation and carrier-grade NAT ranges are refused, in IPv4 and
// IPv6 alike, including IPv4 addresses wrapped in IPv6 (mapped, compatible, NAT64, 6to4).
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

/** The IPv4 address an IPv6 address carries, if it is one of the wrapping forms. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4FromGroups(g[6], g[7]); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 6)) return v4FromGroups(g[6], g[7]); // ::a.b.c.d (compatible, deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4FromGroups(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return v4FromGroups(g[1], g[2]); // 6to4
  return null;
}

/** True when outbound requests must not reach this address. Anything unparseable is refused too. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return v4Blocked.check(address, 'ipv4');
  if (family === 6) {
    if (v6Blocked.check(address, 'ipv6')) return true;
    const inner = embeddedIpv4(address);
    return inner !== null && isBlockedAddress(inner);
  }
  return true;
}
