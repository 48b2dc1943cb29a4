/**
 * Whether an IP address is one a fetched web page may live at: public unicast only. Anything
 * inside the server's own network (private, loopback, link-local and cloud metadata, CGNAT),
 * multicast, reserved or documentation space is refused, including IPv6 forms that carry an IPv4
 * address (mapped, compatible, NAT64, 6to4), so no spelling reaches an internal host.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** [network, prefix length]: IANA special-purpose and non-unicast IPv4 space (RFC 6890 and later). */
const BLOCKED_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches localhost on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const BLOCKED_V4_RANGES = BLOCKED_V4.map(([network, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (v4Number(network) & mask) >>> 0, mask };
});

export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicV4(v4Number(address));
  // A zone id (fe80::1%eth0) only ever names a link-local address.
  if (!isIPv6(address) || address.includes('%')) return false;
  return isPublicV6(v6Words(address));
}

function isPublicV4(value: number): boolean {
  return !BLOCKED_V4_RANGES.some(({ base, mask }) => (value & mask) >>> 0 === base);
}

function isPublicV6(w: number[]): boolean {
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  const embedded = (hi: number) => ((w[hi] << 16) | w[hi + 1]) >>> 0;
  // ::ffff:a.b.c.d: the socket connects to the IPv4 address.
  if (zero(0, 5) && w[5] === 0xffff) return isPublicV4(embedded(6));
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d.
  if (zero(0, 6)) return false;
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they embed.
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return isPublicV4(embedded(6));
  if (w[0] === 0x2002) return isPublicV4(embedded(1));
  // Only global unicast (2000::/3): no unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8, local NAT64 64:ff9b:1::/48.
  if ((w[0] & 0xe000) !== 0x2000) return false;
  // 2001::/23 holds Teredo (2001::/32, which hides an IPv4 address), benchmarking and ORCHID.
  if (w[0] === 0x2001 && w[1] < 0x200) return false;
  // Documentation: 2001:db8::/32 and 3fff::/20.
  if (w[0] === 0x2001 && w[1] === 0xdb8) return false;
  return !(w[0] === 0x3fff && w[1] < 0x1000);
}

/** Dotted decimal to a 32-bit number; only called on what `isIPv4` accepted. */
function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

/** The eight 16-bit words of an address `isIPv6` accepted (with `::` and a dotted tail expanded). */
function v6Words(address: string): number[] {
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = v4Number(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headWords = head ? head.split(':') : [];
  const tailWords = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - headWords.length - tailWords.length).fill('0');
  return [...headWords, ...fill, ...tailWords].map((h) => parseInt(h, 16));
}
