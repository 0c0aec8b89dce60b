import type { CollectionRow } from "../../db/schema";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { Database } from "../../db/client";
import { collections } from "../../db/schema/index";
import {
  accessTo,
  ancestryQuery,
  callerGrantsQuery,
  roleFromTree,
  visibleSql,
  visibleTreeSql,
  type Membership,
} from "../../auth/content-role";
import type { DefaultLevel, MemberRole } from "../../lib/roles";
import { keysetAfter, type CursorKey } from "../../lib/pagination";

// The read side of collections (positions, restrictions, the visible list); writes are in
// collections.ts.

/** The last child (by position) of a parent, or of the top level when `parentId` is null. */
export function lastChildQuery(db: Database, organizationId: string, parentId: string | null) {
  return db
    .select({ id: collections.id, position: collections.position })
    .from(collections)
    .where(
      and(
        eq(collections.organizationId, organizationId),
        parentId === null ? isNull(collections.parentId) : eq(collections.parentId, parentId),
      ),
    )
    .orderBy(desc(collections.position), desc(collections.id))
    .limit(1);
}

/** At most one collection of the organization with no access by default (default level null). */
export function restrictedQuery(db: Database, organizationId: string) {
  return db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.organizationId, organizationId), isNull(collections.defaultLevel)))
    .limit(1);
}

/**
 * The sibling next to where a moved collection would go: the one just before (`before`) or
 * just after (`after`) the pointed collection, or the last child of the target parent (no
 * pointer; `parent` undefined: the collection's current parent).
 */
export function neighbourQuery(
  db: Database,
  input: {
    collectionId: string;
    parent: string | null | undefined;
    pointer: { id: string; side: "before" | "after" } | null;
  },
) {
  const of = (id: string, column: string) =>
    sql`(SELECT ${sql.raw(column)} FROM collections WHERE id = ${id})`;
  const { pointer } = input;
  const anchor = pointer?.id ?? input.collectionId;
  const parent = pointer || input.parent === undefined ? of(anchor, "parent_id") : input.parent;
  const siblings = sql`${collections.organizationId} = ${of(anchor, "organization_id")}
    AND ${collections.parentId} IS ${parent}`;
  const key = sql`(${collections.position}, ${collections.id})`;
  const at = pointer && sql`(${of(pointer.id, "position")}, ${pointer.id})`;
  const before = !pointer || pointer.side === "before";
  return db
    .select({ id: collections.id, position: collections.position })
    .from(collections)
    .where(and(siblings, at ? (before ? sql`${key} < ${at}` : sql`${key} > ${at}`) : undefined))
    .orderBy(
      before ? desc(collections.position) : asc(collections.position),
      before ? desc(collections.id) : asc(collections.id),
    )
    .limit(1);
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
  c: Context<AppEnv>,
  member: Membership,
  options: { nested: boolean; limit: number; after?: CursorKey; seesAll: boolean },
): Promise<{ items: ListedCollection[]; count: number }> {
  const db = c.var.db;
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
    if (!member.isGuest && member.orgRole === "admin") {
      const [rows] = await db.batch([page]);
      return { items: rows.map((row) => ({ row, role: "admin" as const })), count: total };
    }
    // Roles come from each listed collection's own ancestors and the caller's grants on them.
    const ids = sql`SELECT id FROM (${page.getSQL()})`;
    const [rows, ancestors, grants] = await db.batch([
      page,
      ancestryQuery(c, ids),
      callerGrantsQuery(c, ids),
    ]);
    const items = rows.flatMap((row) => {
      const role = accessTo(member, ancestors, grants, row.id)?.role;
      return role ? [{ row, role }] : [];
    });
    return { items, count: total };
  }
  const visible = visibleSql(member.isGuest);
  const [rows, total] = await db.batch([
    db
      .select({
        row: collections,
        level: sql<DefaultLevel>`v.v_level`.as("v_level"),
        rank: sql<number>`v.v_rank`.as("v_rank"),
      })
      .from(collections)
      .innerJoin(visibleTreeSql(c, org.id, nested), sql`v.v_id = ${collections.id}`)
      .where(and(pageWhere, visible))
      .orderBy(...order)
      .limit(limit + 1),
    db
      .select({ n: count() })
      .from(visibleTreeSql(c, org.id, nested))
      .where(visible),
  ]);
  const items = rows.flatMap(({ row, level, rank }) => {
    const role = roleFromTree(member, level, Number(rank));
    return role ? [{ row, role }] : [];
  });
  return { items, count: total[0]?.n ?? 0 };
}
