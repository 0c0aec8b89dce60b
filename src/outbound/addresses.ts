/**
 * Which hosts the outbound fetcher may reach. Literal addresses are checked against the
 * non-public IPv4 and IPv6 ranges (loopback, private, link-local and cloud metadata, carrier NAT,
 * multicast, documentation and reserved blocks, IPv4 inside IPv6); names against the names that
 * always mean "this machine" or an internal network.
 */

/** Why a host is refused, or null when it may be reached. */
export type HostVerdict = null | "loopback" | "private";

/** IPv4 ranges that are never public, as [first octets, prefix length]. */
const IPV4_BLOCKED: [number[], number][] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24],
  [[192, 88, 99], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4],
  [[240], 4],
];

/** Host names that mean the local machine or an internal network, never the internet. */
const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".intranet"];

/** Parses dotted-quad IPv4 (the URL parser has already normalised hex and octal forms). */
function parseIpv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

function ipv4Verdict(octets: number[]): HostVerdict {
  if (octets[0] === 127) return "loopback";
  for (const [prefix, bits] of IPV4_BLOCKED) {
    const value = (octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!;
    const base = ((prefix[0] ?? 0) << 24) | ((prefix[1] ?? 0) << 16) | ((prefix[2] ?? 0) << 8);
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === (base & mask) >>> 0) return "private";
  }
  return null;
}

/** Expands an IPv6 literal (without brackets) into its eight 16-bit groups, or null. */
function parseIpv6(host: string): number[] | null {
  let text = host.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = parseIpv4(tail[1]!);
    if (!v4) return null;
    const hex = `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
    text = text.slice(0, -tail[1]!.length) + hex;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function ipv6Verdict(g: number[]): HostVerdict {
  const allZeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (allZeroUntil(7) && g[7] === 1) return "loopback";
  if (allZeroUntil(8)) return "private";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d).
  const embedded =
    (allZeroUntil(5) && (g[5] === 0xffff || g[5] === 0)) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0));
  if (embedded) return ipv4Verdict([g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255]);
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return "private"; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return "private"; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return "private"; // multicast
  if (first === 0x2001 && g[1] === 0xdb8) return "private"; // documentation
  if (first === 0x2002) return ipv4Verdict([g[1]! >> 8, g[1]! & 255, g[2]! >> 8, g[2]! & 255]); // 6to4
  return null;
}

/** Whether an IP address (v4 or v6, no brackets) is non-public; null when it is no address. */
export function addressVerdict(address: string): HostVerdict | undefined {
  const v4 = parseIpv4(address);
  if (v4) return ipv4Verdict(v4);
  const v6 = address.includes(":") ? parseIpv6(address) : null;
  return v6 ? ipv6Verdict(v6) : undefined;
}

/** The verdict on a URL's hostname (as `URL.hostname` gives it, IPv6 in brackets). */
export function hostVerdict(hostname: string): HostVerdict {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const literal = host.startsWith("[") ? host.slice(1, -1) : host;
  const verdict = addressVerdict(literal);
  if (verdict !== undefined) return verdict;
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  // A single label resolves through the local search domain, never to a public site.
  if (!host.includes(".")) return "private";
  if (INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return "private";
  if (host === "metadata.google.internal" || host === "instance-data") return "private";
  return null;
}
