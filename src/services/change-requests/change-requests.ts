import type { ChangeRequestRow } from "../../db/schema";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, spaces, users, type ChangeRequestStatus } from "../../db/schema/index";
import { plan } from "../../db/plan";

import { changeRequestMatch } from "../../auth/change-request";
import { conflict } from "../../lib/errors";
import { nowIso } from "../../lib/clock";
import type { UserLike } from "../../api/users";

/** The users a change request names (creator, merger), for its presentation. */
export function changeRequestUsersQuery(db: Database, match: SQL) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      photoURL: users.photoURL,
    })
    .from(users)
    .where(
      sql`${users.id} IN (SELECT created_by FROM change_requests WHERE ${match}
        UNION ALL SELECT merged_by FROM change_requests WHERE ${match})`,
    );
}

/** Users rows by id. */
export function usersById(rows: readonly UserLike[]): Map<string, UserLike> {
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * The plan reading the users a change request (by id or number) names, to run with its access
 * check (statement `people`); `finish` gives them by id.
 */
export function changeRequestPeoplePlan(db: Database, spaceId: string, idOrNumber: string) {
  const match = changeRequestMatch(spaceId, idOrNumber);
  return plan({ people: changeRequestUsersQuery(db, match) }, (r) => usersById(r.people));
}

/** The space counter a status counts in (archived and merged count in neither). */
function counterOf(status: ChangeRequestStatus) {
  if (status === "open") return "changeRequestsOpen" as const;
  if (status === "draft") return "changeRequestsDraft" as const;
  return null;
}

/** What a change-request update may set. */
export interface ChangeRequestPatch {
  subject?: string;
  description?: Record<string, unknown>;
  status?: "draft" | "open" | "archived";
}

/**
 * Updates a change request's subject, description and status in one batch. The update is
 * guarded by the status read (a concurrent status change makes it a 409, never a double count),
 * and a status change moves the space's open/draft counters by `changes()` of that guarded
 * update, in the same batch. Merged is final.
 */
export async function updateChangeRequest(
  db: Database,
  cr: ChangeRequestRow,
  patch: ChangeRequestPatch,
): Promise<ChangeRequestRow> {
  const moving = patch.status !== undefined && patch.status !== cr.status;
  if (moving && cr.status === "merged") {
    throw conflict("This change request is merged: its status cannot change");
  }
  if (Object.keys(patch).length === 0) return cr;
  const update = db
    .update(changeRequests)
    .set({ ...patch, updatedAt: nowIso() })
    .where(and(eq(changeRequests.id, cr.id), eq(changeRequests.status, cr.status)))
    .returning();
  const set: Partial<Record<"changeRequestsOpen" | "changeRequestsDraft", SQL>> = {};
  const from = moving ? counterOf(cr.status) : null;
  const to = moving ? counterOf(patch.status!) : null;
  if (from) set[from] = sql`${spaces[from]} - changes()`;
  if (to) set[to] = sql`${spaces[to]} + changes()`;
  const [rows] =
    from || to
      ? await db.batch([update, db.update(spaces).set(set).where(eq(spaces.id, cr.spaceId))])
      : [await update];
  const row = rows[0];
  if (!row)
    throw conflict("The change request was changed by another request at the same time; retry");
  return row;
}
