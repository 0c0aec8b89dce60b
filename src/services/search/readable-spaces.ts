import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { collections, contentGrants, spaces } from "../../db/schema/index";
import { chainOf, effectiveRole } from "../../auth/content-role";
import { principalSql } from "../../auth/access-sql";
import { runStatements, type Results } from "../../db/plan";
import type { MemberRole } from "../../lib/roles";

/**
 * The reads behind `readableSpaceIds` (the organization's live spaces and collections, the
 * member's grants), for the access check's batch: `userId` may be SQL naming the caller.
 */
export function readableSpacesQueries(db: Database, organizationId: string, userId: string | SQL) {
  return {
    spaces: db
      .select({ id: spaces.id, parentId: spaces.parentId, defaultLevel: spaces.defaultLevel })
      .from(spaces)
      .where(and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt))),
    collections: db
      .select()
      .from(collections)
      .where(eq(collections.organizationId, organizationId)),
    grants: db
      .select({
        type: contentGrants.resourceType,
        id: contentGrants.resourceId,
        role: contentGrants.role,
      })
      .from(contentGrants)
      .where(principalSql(sql`${userId}`)),
  };
}

/** The rows `readableSpacesQueries` returns, by name. */
export type ReadableSpacesRows = Results<ReturnType<typeof readableSpacesQueries>>;

/**
 * The live spaces of an organization a member can read, by the effective role computed where
 * every access check computes it (`effectiveRole` over the collection chain and the member's
 * grants). Null for an organization admin: every live space.
 */
export async function readableSpaceIds(
  db: Database,
  input: { organizationId: string; userId: string; role: MemberRole | null },
  rows?: ReadableSpacesRows,
): Promise<string[] | null> {
  if (input.role === "admin") return null;
  const read =
    rows ??
    (await runStatements(db, readableSpacesQueries(db, input.organizationId, input.userId)));
  const { spaces: spaceRows, collections: collectionRows, grants: grantRows } = read;
  const grants = new Map<string, MemberRole[]>();
  for (const g of grantRows)
    grants.set(`${g.type}:${g.id}`, [...(grants.get(`${g.type}:${g.id}`) ?? []), g.role]);
  return spaceRows
    .filter((space) => {
      const chain = space.parentId ? chainOf(collectionRows, space.parentId) : [];
      const role = effectiveRole({
        orgRole: input.role,
        isGuest: input.role === null,
        chain: [{ defaultLevel: space.defaultLevel }, ...chain],
        grants: [`space:${space.id}`, ...chain.map((c) => `collection:${c.id}`)].flatMap(
          (key) => grants.get(key) ?? [],
        ),
      });
      return role !== null;
    })
    .map((space) => space.id);
}
