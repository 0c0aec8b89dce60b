import type { ChangeRequestRow, SpaceRow } from "../../db/schema";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, spaces } from "../../db/schema/index";

import { guardedSeq } from "../../content/commit";
import { liveRoomsQuery, refreshRooms, type LiveRoomsBinding } from "../collab/live-rooms";
import { conflict } from "../../lib/errors";

import { threeWay } from "./three-way";
import { checkMergeRules } from "./merge-rules";
import type { MergeRules } from "../../db/schema/index";
import { commitToMain, type MainChange } from "../content/commit-to-main";
import { changeRequestRevision } from "./writes";
import type { AfterMain } from "../../platform/main-revision";
import type { Resolution } from "../../api/change-request-conflicts";

/** Loads the space and change request again (for a retry after a concurrent write). */
async function reload(db: Database, spaceId: string, crId: string) {
  const [spaceRows, crRows] = await db.batch([
    db.select().from(spaces).where(eq(spaces.id, spaceId)),
    db.select().from(changeRequests).where(eq(changeRequests.id, crId)),
  ]);
  return { space: spaceRows[0]!, cr: crRows[0]! };
}

/** A merge's checks and change, on main and the change request as they stand. */
async function mergeChange(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  rules: MergeRules,
): Promise<MainChange<{ merged: ReturnType<typeof markMerged> }>> {
  if (cr.status === "merged") throw conflict("This change request is already merged");
  if (cr.status === "archived")
    throw conflict("This change request is archived; reopen it before merging");
  if (space.editMode === "locked")
    throw conflict("This space is locked (editMode: locked): merges are refused");
  await checkMergeRules(db, rules, cr);
  const { files, ...result } = await threeWay(db, space, cr);
  const wasDraft = cr.status === "draft";
  return {
    type: "merge",
    parents: [cr.revisionId],
    pages: result.merged,
    files: files.map(({ lineId: _line, fromSeq: _from, toSeq: _to, ...file }) => file),
    documents: result.documents.map((d) => ({ hash: d.hash, body: d.body })),
    spaceSet: wasDraft
      ? { changeRequestsDraft: sql`${spaces.changeRequestsDraft} - 1` }
      : { changeRequestsOpen: sql`${spaces.changeRequestsOpen} - 1` },
    also: (revisionId, now) => ({ merged: markMerged(db, cr.id, userId, revisionId, now) }),
  };
}

/** Marks the change request merged, in the merge's batch. */
function markMerged(db: Database, crId: string, userId: string, revisionId: string, now: string) {
  return db
    .update(changeRequests)
    .set({
      status: "merged",
      revisionMerged: revisionId,
      mergedBy: userId,
      mergedAt: now,
      updatedAt: now,
    })
    .where(eq(changeRequests.id, crId))
    .returning();
}

/**
 * Merges a change request into main as one new main revision, atomically (`commitToMain`): if
 * another merge landed in between, the merge is recomputed against the new main (a three-way
 * merge), so neither loses its changes.
 */
export async function mergeChangeRequest(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  rules: MergeRules,
  after: AfterMain,
): Promise<{ revision: string; space: SpaceRow; changeRequest: ChangeRequestRow }> {
  const landed = await commitToMain(
    db,
    {
      state: { space, cr },
      userId,
      prepare: (state) => mergeChange(db, state.space, state.cr, userId, rules),
      reload: (state) => reload(db, state.space.id, state.cr.id),
      raceMessage: "Main changed repeatedly during the merge; retry",
    },
    after,
  );
  const changeRequest = landed.results.merged[0]!;
  return { revision: landed.revision, space: landed.space, changeRequest };
}

/**
 * Brings main's changes into a change request: a three-way merge written as a new change-request
 * revision on top of main's head (only pages changed on both sides are rewritten), guarded by the
 * change request's sequence. `resolutions` choose a side for each conflict (else 409). Already up
 * to date: nothing is written.
 */
export async function updateFromMain(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  live?: LiveRoomsBinding,
  resolutions?: readonly Resolution[],
): Promise<{ revision: string; changeRequest: ChangeRequestRow }> {
  if (cr.status === "merged" || cr.status === "archived") {
    throw conflict(`This change request is ${cr.status}: it cannot be updated from main`);
  }
  if (cr.baseSeq === space.mainSeq) return { revision: cr.revisionId, changeRequest: cr };
  const result = await threeWay(db, space, cr, resolutions);
  const { seq, revisionId, now, statements } = changeRequestRevision(db, space, cr, userId, {
    pages: result.both,
    files: [],
    documents: result.documents,
    baseSeq: space.mainSeq,
    parents: [cr.revisionId, space.revisionId],
    type: "update",
  });
  const guard = db
    .update(changeRequests)
    .set({
      seq: guardedSeq("seq", cr.seq, seq),
      baseSeq: space.mainSeq,
      revisionId,
      revisionMergedAncestor: space.revisionId,
      updatedAt: now,
    })
    .where(eq(changeRequests.id, cr.id))
    .returning();
  try {
    // Main's changes may reach any page of the change request: every live room re-reads.
    const [crRows, open] = await db.batch([guard, liveRoomsQuery(db, cr.id), ...statements]);
    await refreshRooms(
      live,
      cr.id,
      open.map((r) => r.pageId),
    );
    return { revision: revisionId, changeRequest: crRows[0]! };
  } catch (err) {
    const fresh = await reload(db, space.id, cr.id);
    if (fresh.cr.seq !== cr.seq)
      throw conflict("The change request changed during the update; retry");
    throw err;
  }
}
