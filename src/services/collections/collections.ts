import type { CollectionRow } from "../../db/schema";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { collections, contentGrants, organizations } from "../../db/schema/index";
import type { DefaultLevel } from "../../lib/roles";
import { nowIso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { keyAfterLast } from "../ordering/position";
import { trashSpacesStatements } from "../spaces/cleanup";

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
      position: keyAfterLast(input.after),
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
