import { and, eq, sql } from "drizzle-orm";
import type { MemberRole } from "../../src/lib/roles";
import {
  collections,
  contentGrants,
  organizations,
  orgEmailDomains,
  orgMembers,
  teamMembers,
  teams,
} from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { createInvite } from "../../src/services/members/invites";
import { testDb, unique } from "./factories";

/** A fresh e-mail domain no other test uses. */
export function uniqueDomain(): string {
  return `${unique("d").toLowerCase()}.example`;
}

/** An invite link through the service. */
export async function makeInvite(
  organizationId: string,
  createdBy: string,
  role: MemberRole | null = "read",
) {
  return createInvite(testDb(), { organizationId, role, createdBy });
}

/** The stored organization row, for asserting counters and settings. */
export async function readOrg(organizationId: string) {
  const [row] = await testDb()
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row!;
}

/** The domains indexed for an organization in `org_email_domains`, sorted. */
export async function indexedDomains(organizationId: string) {
  const rows = await testDb()
    .select({ domain: orgEmailDomains.domain })
    .from(orgEmailDomains)
    .where(eq(orgEmailDomains.organizationId, organizationId));
  return rows.map((r) => r.domain).sort();
}

/** Sets stored organization fields directly (settings the tests start from). */
export async function setOrg(
  organizationId: string,
  fields: Partial<typeof organizations.$inferInsert>,
) {
  await testDb().update(organizations).set(fields).where(eq(organizations.id, organizationId));
}

/** The stored membership row, or undefined. */
export async function readMembership(organizationId: string, userId: string) {
  const [row] = await testDb()
    .select()
    .from(orgMembers)
    .where(and(eq(orgMembers.organizationId, organizationId), eq(orgMembers.userId, userId)));
  return row;
}

/** Disables (or re-enables) a membership. */
export async function setDisabled(organizationId: string, userId: string, disabled = true) {
  await testDb()
    .update(orgMembers)
    .set({ disabled })
    .where(and(eq(orgMembers.organizationId, organizationId), eq(orgMembers.userId, userId)));
}

/** Sets a membership's timestamps, so ordering tests do not depend on the clock. */
export async function setMembershipTimes(
  organizationId: string,
  userId: string,
  times: { joinedAt?: string; lastSeenAt?: string | null },
) {
  await testDb()
    .update(orgMembers)
    .set(times)
    .where(and(eq(orgMembers.organizationId, organizationId), eq(orgMembers.userId, userId)));
}

/**
 * A team holding the given users, written directly with exact counters (organization teams
 * counter and team members counter), independent of the teams area's services.
 */
export async function makeTeamWith(organizationId: string, userIds: string[]) {
  const db = testDb();
  const id = newId();
  const now = new Date().toISOString();
  const title = unique("Team ");
  await db.batch([
    db.insert(teams).values({
      id,
      organizationId,
      title,
      titleLower: title.toLowerCase(),
      createdAt: now,
      membersCount: userIds.length,
    }),
    db
      .update(organizations)
      .set({ teamsCount: sql`${organizations.teamsCount} + 1` })
      .where(eq(organizations.id, organizationId)),
    ...userIds.map((userId) =>
      db.insert(teamMembers).values({ teamId: id, userId, role: "member", addedAt: now }),
    ),
  ]);
  return id;
}

/** The stored team row and how many membership rows it really has. */
export async function readTeamCounts(teamId: string) {
  const db = testDb();
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  const rows = await db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return { counter: team?.membersCount, rows: rows.length };
}

/** A valid rich-text Document with one paragraph (valid against the official JSONDocument). */
export function paragraphDocument(text: string) {
  return {
    object: "document",
    data: { schemaVersion: 1 },
    nodes: [
      {
        object: "block",
        type: "paragraph",
        nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
      },
    ],
  };
}

/** A collection of the organization (written directly) with an explicit grant to the user. */
export async function makeCollectionGrant(organizationId: string, userId: string) {
  const db = testDb();
  const id = newId();
  const now = new Date().toISOString();
  await db.batch([
    db.insert(collections).values({
      id,
      organizationId,
      title: unique("Collection "),
      position: "a0",
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(contentGrants).values({
      resourceType: "collection",
      resourceId: id,
      principalType: "user",
      principalId: userId,
      role: "edit",
      createdAt: now,
    }),
  ]);
  return id;
}

/** How many explicit grants the user holds on a resource. */
export async function countGrants(resourceId: string, userId: string) {
  const rows = await testDb()
    .select()
    .from(contentGrants)
    .where(and(eq(contentGrants.resourceId, resourceId), eq(contentGrants.principalId, userId)));
  return rows.length;
}
