import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, spaceExports, type SpaceExportRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { notFound } from "../../lib/errors";

/** The statement reading one export of a space (for the space check's batch). */
export function exportQuery(db: Database, spaceId: string, exportId: string) {
  return db
    .select()
    .from(spaceExports)
    .where(and(eq(spaceExports.id, exportId), eq(spaceExports.spaceId, spaceId)));
}

/**
 * Records a new export of a space (pending; the route queues its job). A change request named
 * must be one of the space's (404 otherwise, like an unknown id).
 */
export async function createExport(
  db: Database,
  input: { spaceId: string; changeRequestId?: string; format: "zip" | "tar"; userId: string },
): Promise<SpaceExportRow> {
  if (input.changeRequestId) {
    const [cr] = await db
      .select({ id: changeRequests.id })
      .from(changeRequests)
      .where(
        and(
          eq(changeRequests.id, input.changeRequestId),
          eq(changeRequests.spaceId, input.spaceId),
        ),
      );
    if (!cr) throw notFound("Change request");
  }
  const now = nowIso();
  const [row] = await db
    .insert(spaceExports)
    .values({
      id: newId(),
      spaceId: input.spaceId,
      changeRequestId: input.changeRequestId ?? null,
      format: input.format,
      status: "pending",
      createdBy: input.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** An export row, as the routes and presenters receive it. */
export type { SpaceExportRow };
