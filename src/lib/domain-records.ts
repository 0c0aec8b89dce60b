/**
 * What an organization publishes to prove it holds one of its e-mail domains (issue 35), and the
 * one rule of what a DNS check does to a domain's standing. Pure: no database, no network.
 */

/** Where an organization's proof of a domain stands (src/services/organizations/domains/). */
export type DomainStatus = "pending" | "verified" | "failed";

/** What the last DNS check of a domain saw. */
export type DomainCheckResult = "found" | "absent" | "mismatch" | "unreachable";

/** The TXT record's name for a domain. */
export function txtName(domain: string): string {
  return `_quire.${domain}`;
}

/** The TXT record's value for a token. */
export function txtValue(token: string): string {
  return `quire-verification=${token}`;
}

/** A new random token (16 bytes, hex), as drizzle/0022_email_domain_tokens.sql writes them. */
export function newDomainToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Consecutive checks without the record after which a verified domain is failed. */
const MISSES_TO_FAIL = 3;

/** What the TXT values of `_quire.<domain>` say about this organization's token. */
export function resultOf(values: readonly string[], token: string): DomainCheckResult {
  const mine = txtValue(token);
  if (values.some((v) => v.trim() === mine)) return "found";
  return values.some((v) => v.trim().startsWith("quire-verification=")) ? "mismatch" : "absent";
}

/** A domain's standing as stored. */
export interface Standing {
  status: DomainStatus;
  verifiedAt: string | null;
  misses: number;
  /** Verified by the deployment's operator (`npm run admin -- org domain verify`), not by DNS. */
  operatorVerified: boolean;
}

/**
 * A check's effect: found verifies (and keeps the first verification's time); a missing or
 * wrong record counts a miss against a verified domain, and `MISSES_TO_FAIL` in a row fail it
 * (new people are refused again); a pending or failed domain stays as it is; a resolver that did
 * not answer changes nothing. An operator's verification stands whatever DNS says (a private
 * network's domain has no public record): only the operator takes it back, or the domain's
 * removal.
 */
export function afterCheck(was: Standing, result: DomainCheckResult, now: string): Standing {
  if (result === "unreachable" || was.operatorVerified) return was;
  if (result === "found") {
    return {
      status: "verified",
      verifiedAt: was.status === "verified" ? (was.verifiedAt ?? now) : now,
      misses: 0,
      operatorVerified: false,
    };
  }
  if (was.status !== "verified") return { ...was, misses: 0 };
  const misses = was.misses + 1;
  return misses >= MISSES_TO_FAIL
    ? { status: "failed", verifiedAt: null, misses, operatorVerified: false }
    : { ...was, misses };
}

/** What the last check saw, in words for an admin (the API's `lastCheck.message`). */
export function resultMessage(domain: string, result: DomainCheckResult): string {
  switch (result) {
    case "found":
      return `The TXT record ${txtName(domain)} holds this organization's value.`;
    case "absent":
      return `No TXT record ${txtName(domain)} with a quire-verification value was found.`;
    case "mismatch":
      return `The TXT record ${txtName(domain)} holds another quire-verification value than this organization's.`;
    case "unreachable":
      return "The DNS resolver did not answer: nothing changed; check again later.";
  }
}
