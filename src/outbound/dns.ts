import { addressVerdict, type HostVerdict } from "./addresses";

/** Cloudflare's DNS-over-HTTPS JSON endpoint, used unless `OUTBOUND_DOH_URL` names another. */
const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";

/** The DNS-over-HTTPS JSON endpoint of a deployment: `OUTBOUND_DOH_URL`, else Cloudflare's. */
export function dohUrlOf(configured: string | undefined): URL {
  return new URL(configured || DEFAULT_DOH_URL);
}

interface DohAnswer {
  type: number;
  data: string;
}

/**
 * Resolves a host name's A and AAAA records over DNS-over-HTTPS and returns the worst verdict
 * among its addresses, so a public-looking name that points at a private address (DNS
 * rebinding, an internal CNAME) is refused before anything connects to it. Throws when the
 * name does not resolve.
 */
export async function resolvedVerdict(
  host: string,
  dohUrl: string | undefined,
  signal: AbortSignal,
): Promise<HostVerdict> {
  const lookups = await Promise.all(
    ["A", "AAAA"].map(async (type) => {
      const url = dohUrlOf(dohUrl);
      url.searchParams.set("name", host);
      url.searchParams.set("type", type);
      const res = await fetch(url, { headers: { accept: "application/dns-json" }, signal });
      if (!res.ok) throw new Error(`DNS lookup of ${host} failed (${res.status})`);
      const body = (await res.json()) as { Status?: number; Answer?: DohAnswer[] };
      // 1 = A, 28 = AAAA; CNAME steps (5) are followed by the resolver and listed before.
      return (body.Answer ?? []).filter((a) => a.type === 1 || a.type === 28).map((a) => a.data);
    }),
  );
  const addresses = lookups.flat();
  if (addresses.length === 0) throw new Error(`${host} does not resolve`);
  let verdict: HostVerdict = null;
  for (const address of addresses) {
    // `undefined`: the resolver answered something that is no address; refuse it too.
    const v = addressVerdict(address);
    if (v === undefined || v === "private") return "private";
    if (v === "loopback") verdict = "loopback";
  }
  return verdict;
}
