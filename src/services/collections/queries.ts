import type { CollectionRow } from "../../db/schema";
import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { collections } from "../../db/schema/index";
import { accessTo, roleFromTree, roleRowsQuery } from "../../auth/content-role";
import { readRoleRows, visibleSql, visibleTreeSql } from "../../auth/access-sql";
import { kindOf } from "../../auth/role-rule";
import { type Membership } from "../../auth/organization";
import type { DefaultLevel, MemberRole } from "../../lib/roles";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { neighbourQuery } from "../ordering/move";

// The read side of collections (positions, restrictions, the visible list); writes are in
// collections.ts.

/** The last child (by position) of a parent, or of the top level when `parentId` is null. */
export function lastChildQuery(db: Database, organizationId: string, parentId: string | null) {
  const siblings = and(
    eq(collections.organizationId, organizationId),
    parentId === null ? isNull(collections.parentId) : eq(collections.parentId, parentId),
  );
  return neighbourQuery(db, collections, siblings, null, true);
}

/** The position of the last child of a parent (null: the level is empty), as a plan. */
export function lastChildPlan(db: Database, organizationId: string, parentId: string | null) {
  return plan(
    { last: lastChildQuery(db, organizationId, parentId) },
    (results) => results.last[0]?.position ?? null,
  );
}

/**
 * Whether some collection of the organization has no access by default (default level null):
 * then members do not see every collection. A plan reading at most one row.
 */
export function restrictedPlan(db: Database, organizationId: string) {
  return plan(
    {
      restricted: db
        .select({ id: collections.id })
        .from(collections)
        .where(
          and(eq(collections.organizationId, organizationId), isNull(collections.defaultLevel)),
        )
        .limit(1),
    },
    (results) => results.restricted.length > 0,
  );
}

/** A listed collection with the caller's effective role on it. */
export interface ListedCollection {
  row: CollectionRow;
  role: MemberRole;
}

/**
 * A page of the collections the caller sees, oldest first, and their exact count, in one round
 * trip. When the caller sees them all (`seesAll`), the page is a keyset read, the count comes
 * from the organization's counters and roles from the page's ancestors; otherwise every
 * collection of the organization is evaluated (`visibleTreeSql`) for both page and count.
 */
export async function listCollections(
  db: Database,
  callerId: SQL,
  member: Membership,
  options: { nested: boolean; limit: number; after?: CursorKey; seesAll: boolean },
): Promise<{ items: ListedCollection[]; count: number }> {
  const { org } = member;
  const { nested, limit, after } = options;
  const order = [asc(collections.createdAt), asc(collections.id)];
  const pageWhere = and(
    eq(collections.organizationId, org.id),
    nested ? undefined : isNull(collections.parentId),
    after ? keysetAfter([collections.createdAt, collections.id], after) : undefined,
  );
  if (options.seesAll) {
    const page = db
      .select()
      .from(collections)
      .where(pageWhere)
      .orderBy(...order)
      .limit(limit + 1);
    const total = nested ? org.collectionsCount : org.rootCollectionsCount;
    if (kindOf(member) === "admin") {
      const [rows] = await db.batch([page]);
      return { items: rows.map((row) => ({ row, role: "admin" as const })), count: total };
    }
    // Roles come from each listed collection's own ancestors and the caller's grants on them.
    const ids = sql`SELECT id FROM (${page.getSQL()})`;
    const [rows, roles] = await db.batch([page, roleRowsQuery(db, callerId, ids)]);
    const { tree } = readRoleRows(roles[0]?.roles);
    const items = rows.flatMap((row) => {
      const role = accessTo(member, tree.rows, tree.grants, row.id)?.role;
      return role ? [{ row, role }] : [];
    });
    return { items, count: total };
  }
  const visible = visibleSql(kindOf(member));
  const [rows, total] = await db.batch([
    db
      .select({
        row: collections,
        level: sql<DefaultLevel>`v.v_level`.as("v_level"),
        rank: sql<number>`v.v_rank`.as("v_rank"),
      })
      .from(collections)
      .innerJoin(visibleTreeSql(callerId, org.id, nested), sql`v.v_id = ${collections.id}`)
      .where(and(pageWhere, visible))
      .orderBy(...order)
      .limit(limit + 1),
    db
      .select({ n: count() })
      .from(visibleTreeSql(callerId, org.id, nested))
      .where(visible),
  ]);
  const items = rows.flatMap(({ row, level, rank }) => {
    const role = roleFromTree(member, level, Number(rank));
    return role ? [{ row, role }] : [];
  });
  return { items, count: total[0]?.n ?? 0 };
}
