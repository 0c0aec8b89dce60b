import type { SpaceRow } from "../../db/schema";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { contentGrants, spaces } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";
import { neighbourQuery, treeMoveKey, pointerOf, type TreePosition } from "../ordering/move";
import { leaveSitesStatements } from "./cleanup";
import { lastSpaceQuery, liveSiblingsSql, parentExists } from "./spaces";

// Moving a space within its organization, and transferring it to another one.

/**
 * What a space move reads besides access (in the same round trip): the pointed space and the
 * sibling on the far side of the gap (`parent` undefined: the current parent); `finish` gives the
 * sort key of the space moved into `to` (400/409 as `treeMoveKey`).
 */
export function spaceMovePlan(
  db: Database,
  spaceId: string,
  move: { parent: string | null | undefined; position: TreePosition | undefined },
) {
  const { side, id } = pointerOf("space", move.position);
  const current = sql`(SELECT parent_id FROM spaces WHERE id = ${spaceId})`;
  const org = sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`;
  return plan(
    {
      pointed: db
        .select()
        .from(spaces)
        .where(eq(spaces.id, id ?? ""))
        .limit(1),
      neighbour: spaceNeighbourQuery(db, {
        organizationId: org,
        parentId: move.parent === undefined ? current : move.parent,
        ...(id ? { pointer: { id, side } } : {}),
      }),
    },
    (results) => (space: SpaceRow, to: string | null) =>
      treeMoveKey("space", {
        item: space,
        to,
        position: move.position,
        pointed: () => {
          const other = results.pointed[0];
          const live = other && !other.deletedAt && other.organizationId === space.organizationId;
          return live ? other : null;
        },
        neighbour: results.neighbour[0],
      }),
  );
}

/**
 * The live sibling just before (`before`) or just after (`after`) the pointed space, among the
 * pointed space's siblings; without a pointer, the last live space of `parentId`.
 */
function spaceNeighbourQuery(
  db: Database,
  input: {
    organizationId: string | SQL;
    parentId: string | null | SQL;
    pointer?: { id: string; side: "before" | "after" };
  },
) {
  const { pointer } = input;
  if (!pointer) return lastSpaceQuery(db, input.organizationId, input.parentId);
  const of = (column: string) =>
    sql`(SELECT ${sql.raw(column)} FROM spaces WHERE id = ${pointer.id})`;
  const at = sql`(${of("position")}, ${pointer.id})`;
  const siblings = liveSiblingsSql(of("parent_id"), of("organization_id"));
  return neighbourQuery(db, spaces, siblings, at, pointer.side === "before");
}

/**
 * Moves a live space under `parentId` (null: top level) at `position`, in one statement guarded
 * by the state read before (same parent and position, target collection still there), so a
 * concurrent change makes it a no-op (null). `in-collection` visibility needs a collection: a
 * space moved to the top level becomes `private`.
 */
export async function moveSpace(
  db: Database,
  space: SpaceRow,
  target: { parentId: string | null; position: string },
): Promise<SpaceRow | null> {
  const to = target.parentId;
  const visibility =
    to === null && space.visibility === "in-collection" ? "private" : space.visibility;
  const [row] = await db
    .update(spaces)
    .set({ parentId: to, position: target.position, visibility, updatedAt: nowIso() })
    .where(
      and(
        eq(spaces.id, space.id),
        isNull(spaces.deletedAt),
        sql`${spaces.parentId} IS ${space.parentId}`,
        eq(spaces.position, space.position),
        parentExists(to, space.organizationId),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Transfers a live space to the top level of another organization, in one batch: its merge rules
 * (which name members of the old organization) fall back to `inherit`, and grants held by teams
 * of the old organization are dropped. Returns null if the space changed meanwhile.
 */
export async function transferSpace(
  db: Database,
  space: SpaceRow,
  target: { organizationId: string; position: string },
): Promise<SpaceRow | null> {
  const { id, organizationId: from } = space;
  const to = target.organizationId;
  const [moved] = await db.batch([
    db
      .update(spaces)
      .set({
        organizationId: to,
        parentId: null,
        position: target.position,
        visibility: space.visibility === "in-collection" ? "private" : space.visibility,
        mergeRules: space.mergeRules.type === "rules" ? { type: "inherit" } : space.mergeRules,
        updatedAt: nowIso(),
      })
      .where(and(eq(spaces.id, id), eq(spaces.organizationId, from), isNull(spaces.deletedAt)))
      .returning(),
    db
      .delete(contentGrants)
      .where(
        and(
          eq(contentGrants.resourceType, "space"),
          eq(contentGrants.resourceId, id),
          eq(contentGrants.principalType, "team"),
          sql`${contentGrants.principalId} IN (SELECT id FROM teams WHERE organization_id = ${from})`,
          sql`EXISTS (SELECT 1 FROM spaces WHERE id = ${id} AND organization_id = ${to})`,
        ),
      ),
    ...leaveSitesStatements(db, id, from, to),
  ]);
  return moved[0] ?? null;
}
