import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Bindings } from "../../../env";
import type { Database } from "../../../db/client";
import { orgEmailDomains } from "../../../db/schema/index";
import type { OrgEmailDomainRow } from "../../../db/schema";
import { createOutbound } from "../../../outbound/index";
import { lookupTxt } from "../../../outbound/txt";
import { afterCheck, resultOf, txtName } from "../../../lib/domain-records";

/**
 * DNS checks of an organization's domains: "Check now" (`POST …/domains/{domain}/check`) and the
 * scheduled re-check of verified domains (src/scheduled.ts), both through one `checkDomain`.
 */

/** The bindings a check reads: the outbound fetcher's policy and its resolver. */
type CheckEnv = Pick<
  Bindings,
  "OUTBOUND_ALLOW_LOOPBACK" | "PUBLIC_APP_URL" | "OUTBOUND_DNS_CHECK" | "OUTBOUND_DOH_URL"
>;

/** A check's answer: the row as it now stands, and the resolver's reason when it did not answer. */
export interface CheckOutcome {
  row: OrgEmailDomainRow;
  /** Why the resolver gave nothing to trust (the row's standing was left as it was). */
  unreachable?: string;
}

/** How often a verified domain is re-checked. */
const RECHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Most domains one scheduled run checks (each is one DNS-over-HTTPS request). */
const RECHECK_LIMIT = 25;

/**
 * Looks `_quire.<domain>` up and writes what it saw (the standing of `afterCheck`, the time and
 * result of the check). The write is bound to the row's token: a domain removed and added again
 * meanwhile (a new token) is not touched. Answers the row as written (or as read, if it went).
 */
export async function checkDomain(
  env: CheckEnv,
  db: Database,
  row: OrgEmailDomainRow,
  now: string,
): Promise<CheckOutcome> {
  const lookup = await lookupTxt(createOutbound(env), env.OUTBOUND_DOH_URL, txtName(row.domain));
  const result = lookup.ok ? resultOf(lookup.values, row.token) : "unreachable";
  const { status, verifiedAt, misses, operatorVerified } = row;
  const standing = afterCheck({ status, verifiedAt, misses, operatorVerified }, result, now);
  const [written] = await db
    .update(orgEmailDomains)
    .set({ ...standing, lastCheckedAt: now, lastResult: result })
    .where(
      and(
        eq(orgEmailDomains.organizationId, row.organizationId),
        eq(orgEmailDomains.domain, row.domain),
        eq(orgEmailDomains.token, row.token),
      ),
    )
    .returning();
  const outcome: CheckOutcome = { row: written ?? row };
  if (!lookup.ok) outcome.unreachable = lookup.reason;
  return outcome;
}

/** What one scheduled run did. */
export interface RecheckReport {
  checked: number;
  verified: number;
  missed: number;
  failed: number;
  unreachable: number;
}

/**
 * The scheduled re-check: verified domains not checked for `RECHECK_INTERVAL_MS` (not those the
 * operator verified: no check changes them, see `afterCheck`), oldest check first, at most
 * `limit` per run (a checked domain moves to the end of that order, so the runs go round every
 * verified domain). A record gone for `MISSES_TO_FAIL` checks in a row fails its domain
 * (src/lib/domain-records.ts).
 */
export async function recheckDomains(
  env: CheckEnv,
  db: Database,
  now: number,
  limit = RECHECK_LIMIT,
): Promise<RecheckReport> {
  const cutoff = new Date(now - RECHECK_INTERVAL_MS).toISOString();
  const due = await db
    .select()
    .from(orgEmailDomains)
    .where(
      and(
        eq(orgEmailDomains.status, "verified"),
        eq(orgEmailDomains.operatorVerified, false),
        or(isNull(orgEmailDomains.lastCheckedAt), lte(orgEmailDomains.lastCheckedAt, cutoff)),
      ),
    )
    .orderBy(
      asc(orgEmailDomains.lastCheckedAt),
      asc(orgEmailDomains.organizationId),
      asc(orgEmailDomains.domain),
    )
    .limit(limit);
  const at = new Date(now).toISOString();
  const outcomes = await Promise.all(due.map((row) => checkDomain(env, db, row, at)));
  const report: RecheckReport = { checked: 0, verified: 0, missed: 0, failed: 0, unreachable: 0 };
  for (const { row, unreachable } of outcomes) {
    report.checked++;
    if (unreachable) report.unreachable++;
    else if (row.status === "failed") report.failed++;
    else if (row.misses > 0) report.missed++;
    else report.verified++;
  }
  return report;
}
