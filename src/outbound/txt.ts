import type { Outbound } from "./index";
import { OutboundError } from "./index";
import { dohUrlOf } from "./dns";

/**
 * A TXT lookup over DNS-over-HTTPS JSON (`OUTBOUND_DOH_URL`, else Cloudflare's resolver), through
 * the one outbound fetcher: what a domain's verification record says (issue 35). The answer tells
 * "no such record" (NXDOMAIN, or no TXT) apart from "the resolver did not answer" (HTTP error,
 * SERVFAIL, a malformed body, a network failure or timeout), so a resolver outage is never taken
 * for a removed record.
 */

/** What a TXT lookup found. */
export type TxtLookup = { ok: true; values: string[] } | { ok: false; reason: string };

/** DNS record type 16 (TXT); DoH JSON answers list the CNAME steps before it. */
const TXT = 16;

/** DNS RCODEs that mean the name, or its TXT record, is not there. */
const NOT_THERE: ReadonlySet<number> = new Set([0, 3]);

/** A lookup's time limit: a check waits this long at most. */
const TIMEOUT_MS = 5_000;

/** A TXT record's text: its quoted character-strings joined (RFC 1035 §3.3.14), escapes undone. */
export function txtText(data: string): string {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) =>
    (m[1] ?? "").replace(/\\(.)/g, "$1"),
  );
  return parts.length > 0 ? parts.join("") : data.trim();
}

/** The TXT values of `name`, or why the resolver gave no answer to trust. */
export async function lookupTxt(
  outbound: Outbound,
  dohUrl: string | undefined,
  name: string,
): Promise<TxtLookup> {
  const url = dohUrlOf(dohUrl);
  url.searchParams.set("name", name);
  url.searchParams.set("type", "TXT");
  let body: unknown;
  try {
    const res = await outbound.request(
      url.href,
      { headers: { accept: "application/dns-json" } },
      { timeoutMs: TIMEOUT_MS, maxBytes: 64 * 1024, maxRedirects: 0 },
    );
    if (res.status !== 200) {
      return { ok: false, reason: `the DNS resolver answered HTTP ${res.status}` };
    }
    body = res.json();
  } catch (error) {
    if (error instanceof OutboundError) {
      return { ok: false, reason: `the DNS resolver could not be reached (${error.code})` };
    }
    if (error instanceof SyntaxError) {
      return { ok: false, reason: "the DNS resolver's answer is not JSON" };
    }
    throw error;
  }
  const answer = body as { Status?: unknown; Answer?: unknown };
  if (typeof answer?.Status !== "number" || !NOT_THERE.has(answer.Status)) {
    return {
      ok: false,
      reason: `the DNS resolver failed the lookup (status ${String(answer?.Status)})`,
    };
  }
  const records = Array.isArray(answer.Answer) ? answer.Answer : [];
  const values = records
    .filter(
      (r): r is { type: number; data: string } => r?.type === TXT && typeof r.data === "string",
    )
    .map((r) => txtText(r.data));
  return { ok: true, values };
}
