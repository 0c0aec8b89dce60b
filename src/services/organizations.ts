import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { orgEmailDomains, organizations, orgMembers } from "../db/schema";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/clock";
import type { MemberRole } from "../auth/roles";

/** Normalizes e-mail domains: trimmed, lowercased, without duplicates. */
export function normalizeDomains(domains: readonly string[]): string[] {
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
  const [inserted] = await db.batch([
    db
      .insert(organizations)
      .values({ id, title: input.title, createdAt: now, emailDomains: domains, membersCount: 1 })
      .returning(),
    db
      .insert(orgMembers)
      .values({ organizationId: id, userId: input.ownerId, role: "admin", joinedAt: now }),
    ...domains.map((domain) => db.insert(orgEmailDomains).values({ domain, organizationId: id })),
  ]);
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
