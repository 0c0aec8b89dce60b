import { and, eq } from "drizzle-orm";
import { orgEmailDomains } from "../../src/db/schema";
import { testDb } from "./factories";

/**
 * E-mail domain verification in the tests: publishing a TXT record in the fake DNS of
 * test/network/dns-txt.ts, and marking a domain verified outright (by a check, or by the
 * operator) for the tests whose subject is something else (an SSO sign-in, joining by domain).
 */

/** Sets the TXT values of `name` in the fake DNS (an empty list removes them). */
export async function publishTxt(name: string, values: string[]): Promise<void> {
  const res = await fetch(`https://cloudflare-dns.com/__txt?name=${encodeURIComponent(name)}`, {
    method: "PUT",
    body: JSON.stringify({ values }),
  });
  if (!res.ok) throw new Error(`TXT not published: ${res.status}`);
}

/** Marks an organization's listed domains verified (as a check that found the record would). */
export async function markVerified(organizationId: string, domains: string[]): Promise<void> {
  await setDomainStatus(organizationId, domains, "verified");
}

/**
 * Marks an organization's listed domains verified by the operator, as `npm run admin -- org domain
 * verify` does (scripts/lib/statements.mjs), never checked yet.
 */
export async function markOperatorVerified(
  organizationId: string,
  domains: string[],
): Promise<void> {
  for (const domain of domains) {
    await testDb()
      .update(orgEmailDomains)
      .set({ status: "verified", verifiedAt: new Date().toISOString(), operatorVerified: true })
      .where(
        and(eq(orgEmailDomains.organizationId, organizationId), eq(orgEmailDomains.domain, domain)),
      );
  }
}

/** Sets the standing of an organization's listed domains outright. */
export async function setDomainStatus(
  organizationId: string,
  domains: string[],
  status: "pending" | "verified" | "failed",
): Promise<void> {
  const now = new Date().toISOString();
  const verified = status === "verified";
  for (const domain of domains) {
    await testDb()
      .update(orgEmailDomains)
      .set({
        status,
        verifiedAt: verified ? now : null,
        lastCheckedAt: now,
        lastResult: verified ? "found" : "absent",
      })
      .where(
        and(eq(orgEmailDomains.organizationId, organizationId), eq(orgEmailDomains.domain, domain)),
      );
  }
}
