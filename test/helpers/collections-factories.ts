import { and, eq } from "drizzle-orm";
import type { DefaultLevel, MemberRole } from "../../src/lib/roles";
import { collections, contentGrants, organizations, teamMembers, teams } from "../../src/db/schema";
import { createCollection } from "../../src/services/collections/collections";
import { lastChildQuery } from "../../src/services/collections/queries";
import { newId } from "../../src/lib/ids";
import { testDb, unique } from "./factories";

/** A collection at the end of its parent (or of the top level), through the service. */
export async function makeCollection(
  organizationId: string,
  options: { parent?: string | null; title?: string; defaultLevel?: DefaultLevel } = {},
) {
  const db = testDb();
  const parentId = options.parent ?? null;
  const [last] = await lastChildQuery(db, organizationId, parentId);
  const row = await createCollection(db, {
    organizationId,
    parentId,
    title: options.title ?? unique("Col "),
    after: last?.position ?? null,
  });
  if (!row) throw new Error("makeCollection: parent not found");
  if (options.defaultLevel === undefined) return row;
  const [updated] = await db
    .update(collections)
    .set({ defaultLevel: options.defaultLevel })
    .where(eq(collections.id, row.id))
    .returning();
  return updated!;
}

/** Grants a role on a collection to a user or a team. */
export async function grant(
  collectionId: string,
  principal: { user: string } | { team: string },
  role: MemberRole,
) {
  const isUser = "user" in principal;
  await testDb()
    .insert(contentGrants)
    .values({
      resourceType: "collection",
      resourceId: collectionId,
      principalType: isUser ? "user" : "team",
      principalId: isUser ? principal.user : principal.team,
      role,
      createdAt: new Date().toISOString(),
    });
}

/** A bare team with the given members (rows only; the teams area owns the real service). */
export async function makeBareTeam(organizationId: string, userIds: string[] = []) {
  const db = testDb();
  const id = newId();
  const now = new Date().toISOString();
  const title = unique("Team ");
  await db.insert(teams).values({
    id,
    organizationId,
    title,
    titleLower: title.toLowerCase(),
    createdAt: now,
    membersCount: userIds.length,
  });
  for (const userId of userIds) {
    await db.insert(teamMembers).values({ teamId: id, userId, role: "member", addedAt: now });
  }
  return id;
}

/** The stored collection row, or undefined once deleted. */
export async function readCollection(id: string) {
  const [row] = await testDb().select().from(collections).where(eq(collections.id, id));
  return row;
}

/** The organization's collection counters, and the real counts they must equal. */
export async function collectionCounters(organizationId: string) {
  const db = testDb();
  const [org] = await db
    .select({ all: organizations.collectionsCount, roots: organizations.rootCollectionsCount })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const rows = await db
    .select({ parentId: collections.parentId })
    .from(collections)
    .where(eq(collections.organizationId, organizationId));
  return {
    stored: { all: org?.all, roots: org?.roots },
    actual: { all: rows.length, roots: rows.filter((r) => r.parentId === null).length },
  };
}

/** The grants stored on a collection. */
export async function grantsOn(collectionId: string) {
  return testDb()
    .select()
    .from(contentGrants)
    .where(
      and(eq(contentGrants.resourceType, "collection"), eq(contentGrants.resourceId, collectionId)),
    );
}
