import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orgEmailDomains, organizations } from "../../../db/schema/index";
import type { OrgEmailDomainRow } from "../../../db/schema";
import { plan, runStatements } from "../../../db/plan";
import { keysetAfter } from "../../../http/pagination";
import { MAX_EMAIL_DOMAINS } from "../../../api/organizations";
import { conflict } from "../../../lib/errors";
import { newDomainToken } from "../../../lib/domain-records";

/**
 * An organization's e-mail domains as a resource of their own (`/v1/orgs/{id}/domains`, a Quire
 * extension): the same list as the organization's `emailDomains` (adding a domain here lists it
 * there, removing it here unlists it; `PATCH /v1/orgs/{id}` with `emailDomains` adds and removes
 * rows the same way), each row with its verification standing (src/db/schema/organizations.ts).
 */

/** Plan: a page of an organization's domains (by name) and their count. */
export function domainListPlan(
  db: Database,
  organizationId: string,
  limit: number,
  after?: readonly [string],
) {
  return plan(
    {
      rows: db
        .select()
        .from(orgEmailDomains)
        .where(
          and(
            eq(orgEmailDomains.organizationId, organizationId),
            after ? keysetAfter([orgEmailDomains.domain], [...after]) : undefined,
          ),
        )
        .orderBy(asc(orgEmailDomains.domain))
        .limit(limit + 1),
      count: db
        .select({ n: count() })
        .from(orgEmailDomains)
        .where(eq(orgEmailDomains.organizationId, organizationId)),
    },
    (r) => ({ rows: r.rows, count: r.count[0]?.n ?? 0 }),
  );
}

/** Plan: one domain of an organization, or undefined. */
export function domainPlan(db: Database, organizationId: string, domain: string) {
  return plan(
    {
      domain: db
        .select()
        .from(orgEmailDomains)
        .where(
          and(
            eq(orgEmailDomains.organizationId, organizationId),
            eq(orgEmailDomains.domain, domain),
          ),
        )
        .limit(1),
    },
    (r): OrgEmailDomainRow | undefined => r.domain[0],
  );
}

/** The JSON column holds the domain (an organization's `emailDomains`). */
function listed(organizationId: string, domain: string) {
  return sql`EXISTS (SELECT 1 FROM ${organizations} o, json_each(o.email_domains) j
    WHERE o.id = ${organizationId} AND j.value = ${domain})`;
}

/**
 * Adds a domain in ONE batch: appended to `emailDomains` unless listed already (409 past
 * `MAX_EMAIL_DOMAINS`), its row written pending with a new token unless it exists. Answers the
 * row and whether it is new.
 */
export async function addDomain(
  db: Database,
  organizationId: string,
  domain: string,
): Promise<{ row: OrgEmailDomainRow; created: boolean }> {
  const r = await runStatements(db, {
    appended: db
      .update(organizations)
      .set({ emailDomains: sql`json_insert(${organizations.emailDomains}, '$[#]', ${domain})` })
      .where(
        and(
          eq(organizations.id, organizationId),
          sql`NOT ${listed(organizationId, domain)}`,
          sql`json_array_length(${organizations.emailDomains}) < ${MAX_EMAIL_DOMAINS}`,
        ),
      )
      .returning({ id: organizations.id }),
    inserted: db
      .insert(orgEmailDomains)
      .select(
        db
          .select({
            domain: sql<string>`${domain}`.as("domain"),
            organizationId: organizations.id,
            token: sql<string>`${newDomainToken()}`.as("token"),
            status: sql<string>`'pending'`.as("status"),
            verifiedAt: sql<null>`NULL`.as("verified_at"),
            lastCheckedAt: sql<null>`NULL`.as("last_checked_at"),
            lastResult: sql<null>`NULL`.as("last_result"),
            misses: sql<number>`0`.as("misses"),
            operatorVerified: sql<boolean>`0`.as("operator_verified"),
          })
          .from(organizations)
          .where(and(eq(organizations.id, organizationId), listed(organizationId, domain))),
      )
      .onConflictDoNothing()
      .returning({ domain: orgEmailDomains.domain }),
    row: domainPlan(db, organizationId, domain).statements.domain,
  });
  const row = r.row[0];
  if (!row) {
    throw conflict(`An organization lists at most ${MAX_EMAIL_DOMAINS} e-mail domains`);
  }
  return { row, created: r.inserted.length > 0 };
}

/** Removes a domain from `emailDomains` and its row, in one batch; false when it was not listed. */
export async function removeDomain(
  db: Database,
  organizationId: string,
  domain: string,
): Promise<boolean> {
  const r = await runStatements(db, {
    unlisted: db
      .update(organizations)
      .set({
        emailDomains: sql`(SELECT json_group_array(j.value) FROM json_each(${organizations.emailDomains}) j
          WHERE j.value != ${domain})`,
      })
      .where(and(eq(organizations.id, organizationId), listed(organizationId, domain)))
      .returning({ id: organizations.id }),
    deleted: db
      .delete(orgEmailDomains)
      .where(
        and(eq(orgEmailDomains.organizationId, organizationId), eq(orgEmailDomains.domain, domain)),
      )
      .returning({ domain: orgEmailDomains.domain }),
  });
  return r.unlisted.length + r.deleted.length > 0;
}
