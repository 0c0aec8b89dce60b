import type { CollectionRow } from "../../db/schema";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { collections, contentGrants, organizations } from "../../db/schema/index";
import { ancestorIdsSql } from "../../auth/access-sql";
import { nowIso } from "../../lib/clock";
import { neighbourQuery, pointerOf, treeMoveKey, type TreePosition } from "../ordering/move";
import { keyAfterLast } from "../ordering/position";
import { lastChildQuery } from "./queries";
import { subtreeIdsSql } from "./collections";

// Moving a collection within its organization, and transferring it to another one.

/**
 * What a collection move reads besides access (in the same round trip): the sibling on the far
 * side of the gap; `finish` gives the sort key of the collection moved into `to`, the pointed
 * collection looked up by the route among those the caller sees (400/409 as `treeMoveKey`).
 */
export function collectionMovePlan(
  db: Database,
  collectionId: string,
  move: { parent: string | null | undefined; position: TreePosition | undefined },
) {
  const { side, id } = pointerOf("collection", move.position);
  return plan(
    {
      neighbour: collectionNeighbourQuery(db, {
        collectionId,
        parent: move.parent,
        pointer: id ? { id, side } : null,
      }),
    },
    (results) =>
      (
        collection: CollectionRow,
        to: string | null,
        pointed: (id: string) => CollectionRow | null | undefined,
      ) =>
        treeMoveKey("collection", {
          item: collection,
          to,
          position: move.position,
          pointed,
          neighbour: results.neighbour[0],
        }),
  );
}

/** The sort key of a collection transferred to the end of another organization's top level. */
export function collectionTransferPlan(db: Database, organizationId: string) {
  return plan({ last: lastChildQuery(db, organizationId, null) }, (results) =>
    keyAfterLast(results.last[0]?.position ?? null),
  );
}

/**
 * The sibling next to where a moved collection would go: the one just before (`before`) or
 * just after (`after`) the pointed collection, or the last child of the target parent (no
 * pointer; `parent` undefined: the collection's current parent).
 */
function collectionNeighbourQuery(
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
  const at = pointer && sql`(${of(pointer.id, "position")}, ${pointer.id})`;
  const before = !pointer || pointer.side === "before";
  return neighbourQuery(db, collections, siblings, at, before);
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
