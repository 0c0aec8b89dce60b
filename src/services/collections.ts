import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { collections, contentGrants, organizations } from "../db/schema";
import {
  accessTo,
  ancestorIdsSql,
  ancestryQuery,
  callerGrantsQuery,
  roleFromTree,
  visibleSql,
  visibleTreeSql,
  type CollectionRow,
  type Membership,
} from "../auth/content-access";
import type { DefaultLevel, MemberRole } from "../auth/roles";
import { nowIso } from "../lib/clock";
import { newId } from "../lib/ids";
import { keysetAfter, type CursorKey } from "../lib/pagination";
import { keyBetween } from "../lib/position";
import { trashSpacesStatements } from "./space-cleanup";

/** SQL: ids of a collection of `organizationId` and of every collection nested in it. */
export function subtreeIdsSql(collectionId: string, organizationId: string, extra = sql``): SQL {
  return sql`WITH RECURSIVE down(id, organization_id) AS (
    SELECT id, organization_id FROM collections
      WHERE id = ${collectionId} AND organization_id = ${organizationId} ${extra}
    UNION
    SELECT c.id, c.organization_id FROM down
      CROSS JOIN collections c ON c.organization_id = down.organization_id AND c.parent_id = down.id
  ) SELECT id FROM down`;
}

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

/**
 * Creates a collection at the end of its parent (`after`: the current last sibling's position)
 * and keeps the counters exact, in one batch. Returns null when the parent vanished meanwhile.
 */
export async function createCollection(
  db: Database,
  input: { organizationId: string; parentId: string | null; title: string; after: string | null },
): Promise<CollectionRow | null> {
  const id = newId();
  const now = nowIso();
  const { organizationId, parentId } = input;
  const inserted = sql`EXISTS (SELECT 1 FROM collections WHERE id = ${id})`;
  const [, , , , rows] = await db.batch([
    db.insert(collections).values({
      id,
      organizationId,
      parentId,
      title: input.title,
      defaultLevel: "inherit",
      position: keyBetween(input.after, null),
      createdAt: now,
      updatedAt: now,
    }),
    // The parent was checked in the previous round trip; undo the insert if it is gone since.
    db.delete(collections).where(
      and(
        eq(collections.id, id),
        sql`${parentId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM collections p
            WHERE p.id = ${parentId} AND p.organization_id = ${organizationId})`,
      ),
    ),
    db
      .update(organizations)
      .set({
        collectionsCount: sql`${organizations.collectionsCount} + 1`,
        rootCollectionsCount: sql`${organizations.rootCollectionsCount} + ${parentId === null ? 1 : 0}`,
      })
      .where(and(eq(organizations.id, organizationId), inserted)),
    db
      .update(collections)
      .set({ childrenCount: sql`${collections.childrenCount} + 1` })
      .where(and(eq(collections.id, parentId ?? ""), inserted)),
    db.select().from(collections).where(eq(collections.id, id)),
  ]);
  return rows[0] ?? null;
}

/** Updates title, description and default level; returns the row as stored afterwards. */
export async function updateCollection(
  db: Database,
  id: string,
  patch: { title?: string; description?: string; defaultLevel?: DefaultLevel },
): Promise<CollectionRow | null> {
  const [row] = await db
    .update(collections)
    .set({ ...patch, updatedAt: nowIso() })
    .where(eq(collections.id, id))
    .returning();
  return row ?? null;
}

/**
 * Deletes a collection with every collection nested in it and their grants, and moves the spaces
 * inside to the trash, keeping the organization's and the parent's counters exact, in one batch
 * (a no-op if already gone).
 */
export async function deleteCollection(db: Database, collection: CollectionRow): Promise<void> {
  const { id, organizationId } = collection;
  const subtree = subtreeIdsSql(id, organizationId);
  const isRoot = sql`(SELECT COUNT(*) FROM collections
    WHERE id = ${id} AND organization_id = ${organizationId} AND parent_id IS NULL)`;
  await db.batch([
    db
      .update(organizations)
      .set({
        collectionsCount: sql`${organizations.collectionsCount} - (SELECT COUNT(*) FROM (${subtree}))`,
        rootCollectionsCount: sql`${organizations.rootCollectionsCount} - ${isRoot}`,
      })
      .where(eq(organizations.id, organizationId)),
    db
      .update(collections)
      .set({ childrenCount: sql`${collections.childrenCount} - 1` })
      .where(
        sql`${collections.id} = (SELECT parent_id FROM collections WHERE id = ${id} AND organization_id = ${organizationId})`,
      ),
    db
      .delete(contentGrants)
      .where(
        and(
          eq(contentGrants.resourceType, "collection"),
          sql`${contentGrants.resourceId} IN (${subtree})`,
        ),
      ),
    // The spaces inside go to the trash with it (restorable; a restored one comes back at the
    // top level), rather than pointing at a collection that no longer exists.
    ...trashSpacesStatements(
      db,
      sql`SELECT id FROM spaces WHERE parent_id IN (${subtree}) AND organization_id = ${organizationId}`,
    ),
    db.delete(collections).where(sql`${collections.id} IN (${subtree})`),
  ]);
}

/**
 * Moves a collection under `parentId` (null: top level) at `position`, rewriting its row and
 * the affected counters in one batch. Every statement is guarded by the state read before
 * (same parent and position, target still there and not inside the collection), so a
 * concurrent change makes the whole move a no-op; returns the row as stored afterwards.
 */
export async function moveCollection(
  db: Database,
  collection: CollectionRow,
  target: { parentId: string | null; position: string },
): Promise<CollectionRow | null> {
  const { id, organizationId: org, parentId: from, position: was } = collection;
  const to = target.parentId;
  const guard = sql`EXISTS (SELECT 1 FROM collections WHERE id = ${id} AND organization_id = ${org}
      AND parent_id IS ${from} AND position = ${was})
    AND (${to} IS NULL OR (EXISTS (SELECT 1 FROM collections WHERE id = ${to} AND organization_id = ${org})
      AND ${id} NOT IN (${ancestorIdsSql(to === null ? [] : [to])})))`;
  const rootDelta = (to === null ? 1 : 0) - (from === null ? 1 : 0);
  const reparented = sql`${from} IS NOT ${to}`;
  const [, , , , rows] = await db.batch([
    db
      .update(organizations)
      .set({
        rootCollectionsCount: sql`${organizations.rootCollectionsCount} + ${rootDelta}`,
      })
      .where(and(eq(organizations.id, org), sql`${rootDelta} <> 0`, guard)),
    db
      .update(collections)
      .set({ childrenCount: sql`${collections.childrenCount} - 1` })
      .where(and(eq(collections.id, from ?? ""), reparented, guard)),
    db
      .update(collections)
      .set({ childrenCount: sql`${collections.childrenCount} + 1` })
      .where(and(eq(collections.id, to ?? ""), reparented, guard)),
    db
      .update(collections)
      .set({ parentId: to, position: target.position, updatedAt: nowIso() })
      .where(and(eq(collections.id, id), guard)),
    db.select().from(collections).where(eq(collections.id, id)),
  ]);
  const row = rows[0];
  return row && row.parentId === to && row.position === target.position ? row : null;
}

/**
 * Transfers a top-level collection and everything nested in it to another organization, at the
 * end of its top level: counters of both organizations stay exact and grants to teams of the
 * old organization are dropped, in one batch. Returns null if the collection changed meanwhile.
 */
export async function transferCollection(
  db: Database,
  collection: CollectionRow,
  target: { organizationId: string; position: string },
): Promise<CollectionRow | null> {
  const { id, organizationId: from } = collection;
  const to = target.organizationId;
  const subtree = subtreeIdsSql(id, from, sql`AND parent_id IS NULL`);
  const size = sql`(SELECT COUNT(*) FROM (${subtree}))`;
  const roots = sql`(SELECT COUNT(*) FROM collections WHERE id = ${id} AND organization_id = ${from} AND parent_id IS NULL)`;
  const counters = (org: string, sign: SQL) =>
    db
      .update(organizations)
      .set({
        collectionsCount: sql`${organizations.collectionsCount} ${sign} ${size}`,
        rootCollectionsCount: sql`${organizations.rootCollectionsCount} ${sign} ${roots}`,
      })
      .where(eq(organizations.id, org));
  const [, , , , , rows] = await db.batch([
    counters(to, sql.raw("+")),
    counters(from, sql.raw("-")),
    db
      .delete(contentGrants)
      .where(
        and(
          eq(contentGrants.resourceType, "collection"),
          eq(contentGrants.principalType, "team"),
          sql`${contentGrants.resourceId} IN (${subtree})`,
          sql`${contentGrants.principalId} IN (SELECT id FROM teams WHERE organization_id = ${from})`,
        ),
      ),
    db
      .update(collections)
      .set({ position: target.position, updatedAt: nowIso() })
      .where(
        and(
          eq(collections.id, id),
          eq(collections.organizationId, from),
          isNull(collections.parentId),
        ),
      ),
    db
      .update(collections)
      .set({ organizationId: to })
      .where(sql`${collections.id} IN (${subtree})`),
    db.select().from(collections).where(eq(collections.id, id)),
  ]);
  const row = rows[0];
  return row && row.organizationId === to ? row : null;
}
