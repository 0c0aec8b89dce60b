import type { OrganizationRow } from "../../db/schema";
import { and, asc, count, eq, inArray, ne, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orgEmailDomains, organizations, orgMembers } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { conflict, UnknownReference } from "../../lib/errors";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import type { MemberRole } from "../../lib/roles";
import { plan, runBoth, runStatements } from "../../db/plan";
import type { UpdateOrganizationInput } from "../../api/organizations";
import { newDomainToken } from "../../lib/domain-records";

/** Normalizes e-mail domains: trimmed, lowercased, without duplicates. */
function normalizeDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase()).filter(Boolean))];
}

/**
 * Creates an organization with its first admin, atomically (one D1 batch): the organization,
 * its e-mail domain index rows and the owner's membership, with the member counter at 1.
 */
export async function createOrganization(
  db: Database,
  input: { title: string; ownerId: string; emailDomains?: string[] },
) {
  const id = newId();
  const now = nowIso();
  const domains = normalizeDomains(input.emailDomains ?? []);
  const { inserted } = await runStatements(db, {
    inserted: db
      .insert(organizations)
      .values({ id, title: input.title, createdAt: now, emailDomains: domains, membersCount: 1 })
      .returning(),
    owner: db
      .insert(orgMembers)
      .values({ organizationId: id, userId: input.ownerId, role: "admin", joinedAt: now }),
    ...Object.fromEntries(
      domains.map((domain, i) => [
        `domain${i}`,
        db.insert(orgEmailDomains).values({ domain, organizationId: id, token: newDomainToken() }),
      ]),
    ),
  });
  return inserted[0]!;
}

/**
 * Adds a user to an organization (or changes nothing if already a member), keeping the member
 * counter exact: the counter moves only when a row was really inserted.
 */
export async function addMember(
  db: Database,
  input: { organizationId: string; userId: string; role: MemberRole | null },
) {
  await db.batch([
    db
      .insert(orgMembers)
      .values({
        organizationId: input.organizationId,
        userId: input.userId,
        role: input.role,
        joinedAt: nowIso(),
      })
      .onConflictDoNothing(),
    db
      .update(organizations)
      .set({ membersCount: sql`${organizations.membersCount} + changes()` })
      .where(eq(organizations.id, input.organizationId)),
  ]);
}

/**
 * A page of the user's organizations with their exact count, as a plan to run with the caller's
 * authentication: keyset on the membership (joined_at, organization_id) through
 * `org_members_user_idx`; disabled memberships are left out.
 */
export function organizationsPagePlan(
  db: Database,
  userId: SQL | string,
  limit: number,
  after?: CursorKey,
) {
  const mine = and(eq(orgMembers.userId, userId), eq(orgMembers.disabled, false));
  const keys = [orgMembers.joinedAt, orgMembers.organizationId];
  const statements = {
    rows: db
      .select({ org: organizations, role: orgMembers.role, joinedAt: orgMembers.joinedAt })
      .from(orgMembers)
      .innerJoin(organizations, eq(organizations.id, orgMembers.organizationId))
      .where(after ? and(mine, keysetAfter(keys, after)) : mine)
      .orderBy(asc(orgMembers.joinedAt), asc(orgMembers.organizationId))
      .limit(limit + 1),
    total: db.select({ n: count() }).from(orgMembers).where(mine),
  };
  return plan(statements, (results) => ({
    rows: results.rows,
    count: results.total[0]?.n ?? 0,
  }));
}

/** Most organizations one e-mail domain lookup returns. */
const MAX_DOMAIN_ORGS = 100;

/**
 * The organizations listing `domain` that the user may see: those they are an enabled member of,
 * or those that verified the domain when the user's verified e-mail address is on it (they may
 * join: an unverified claim of a domain lets nobody in).
 */
export function organizationsForDomainPlan(db: Database, userId: SQL | string, domain: string) {
  const onDomain = sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId}
    AND u.email_verified = 1 AND substr(u.email, instr(u.email, '@') + 1) = ${domain})`;
  const orgs = db
    .select({ org: organizations, role: orgMembers.role, disabled: orgMembers.disabled })
    .from(orgEmailDomains)
    .innerJoin(organizations, eq(organizations.id, orgEmailDomains.organizationId))
    .leftJoin(
      orgMembers,
      and(eq(orgMembers.organizationId, organizations.id), eq(orgMembers.userId, userId)),
    )
    .where(
      and(
        eq(orgEmailDomains.domain, domain),
        // A member sees it; anyone else only through a verified address on a VERIFIED domain.
        sql`((${orgMembers.userId} IS NOT NULL AND ${orgMembers.disabled} = 0)
          OR (${onDomain} AND ${orgEmailDomains.status} = 'verified'))`,
      ),
    )
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(MAX_DOMAIN_ORGS);
  return plan({ orgs }, (results) => results.orgs);
}

/**
 * Checks an update against other rows in one round trip: the hostname is free (409) and every
 * merge-rule reviewer is an enabled member (400 naming the entry).
 */
async function checkUpdate(db: Database, org: OrganizationRow, input: UpdateOrganizationInput) {
  const reviewers = [
    ...new Set(
      input.mergeRules?.type === "rules" ? input.mergeRules.rules.flatMap((r) => r.users) : [],
    ),
  ];
  const newHostname = input.hostname !== undefined && input.hostname !== org.hostname;
  if (!newHostname && reviewers.length === 0) return;
  const chunks: string[][] = [];
  for (let i = 0; i < reviewers.length; i += 90) chunks.push(reviewers.slice(i, i + 90));
  const memberReads = chunks.map((chunk) =>
    db
      .select({ id: orgMembers.userId })
      .from(orgMembers)
      .where(
        and(
          eq(orgMembers.organizationId, org.id),
          eq(orgMembers.disabled, false),
          inArray(orgMembers.userId, chunk),
        ),
      ),
  );
  const { own, extra: found } = await runBoth(
    db,
    {
      taken: db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.hostname, input.hostname ?? ""), ne(organizations.id, org.id)))
        .limit(1),
    },
    Object.fromEntries(memberReads.map((read, i) => [`members${i}`, read])),
  );
  const taken = own.taken;
  if (newHostname && taken.length > 0) {
    throw conflict(`The hostname ${input.hostname} is already taken`);
  }
  const members = new Set(
    Object.values(found)
      .flat()
      .map((r) => r.id),
  );
  const rules = input.mergeRules?.type === "rules" ? input.mergeRules.rules : [];
  rules.forEach((rule, i) =>
    rule.users.forEach((user, j) => {
      if (!members.has(user)) {
        const field = `mergeRules.rules[${i}].users[${j}]`;
        throw new UnknownReference(field, "not a member of this organization");
      }
    }),
  );
}

/**
 * Applies an organization update: checks (hostname free, reviewers are members, default site
 * exists), then one batch that writes the row and keeps `org_email_domains` in sync with it: the
 * rows of domains no longer listed are deleted, new ones are written pending with their token,
 * and the domains kept keep their verification (src/services/organizations/domains/).
 */
export async function updateOrganization(
  db: Database,
  org: OrganizationRow,
  input: UpdateOrganizationInput,
): Promise<OrganizationRow> {
  // Sites do not exist yet, so no site can be the default content; null clears it.
  if (input.defaultContent) throw new UnknownReference("defaultContent.site", "no such site");
  await checkUpdate(db, org, input);
  const { defaultContent, emailDomains, ...fields } = input;
  const set: Partial<typeof organizations.$inferInsert> = { ...fields };
  if (defaultContent === null) set.defaultContentSite = null;
  const domains = emailDomains ? normalizeDomains(emailDomains) : undefined;
  if (domains) set.emailDomains = domains;
  if (Object.keys(set).length === 0) return org;

  const update = db.update(organizations).set(set).where(eq(organizations.id, org.id)).returning();
  try {
    const { updated } = await runStatements(
      db,
      domains
        ? {
            unindex: db
              .delete(orgEmailDomains)
              .where(
                and(
                  eq(orgEmailDomains.organizationId, org.id),
                  domains.length > 0 ? notInArray(orgEmailDomains.domain, domains) : undefined,
                ),
              ),
            updated: update,
            ...Object.fromEntries(
              domains.map((domain, i) => [
                `domain${i}`,
                db
                  .insert(orgEmailDomains)
                  .values({ domain, organizationId: org.id, token: newDomainToken() })
                  .onConflictDoNothing(),
              ]),
            ),
          }
        : { updated: update },
    );
    return updated[0] ?? org;
  } catch (err) {
    // Another organization took the hostname between the check and the write.
    if (input.hostname !== undefined) await checkUpdate(db, org, { hostname: input.hostname });
    throw err;
  }
}
