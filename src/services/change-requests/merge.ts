import type { ChangeRequestRow, SpaceRow } from "../../db/schema";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, spaces } from "../../db/schema/index";

import { commitStatements, guardedSeq } from "../../content/commit";
import { conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";

import { threeWay } from "./three-way";
import { afterMainRevision } from "../content/main-hooks";
import type { Background } from "../../lib/background";

const ATTEMPTS = 3;

/** Loads the space and change request again (for a retry after a concurrent merge). */
async function reload(db: Database, spaceId: string, crId: string) {
  const [spaceRows, crRows] = await db.batch([
    db.select().from(spaces).where(eq(spaces.id, spaceId)),
    db.select().from(changeRequests).where(eq(changeRequests.id, crId)),
  ]);
  return { space: spaceRows[0]!, cr: crRows[0]! };
}

/**
 * Merges a change request into main as one new main revision, atomically. The batch is guarded
 * by main's sequence: if another merge landed in between, the batch fails as a whole, and the
 * merge is recomputed against the new main (a three-way merge), so neither loses its changes.
 */
export async function mergeChangeRequest(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  background?: Background,
): Promise<{ revision: string; space: SpaceRow; changeRequest: ChangeRequestRow }> {
  for (let attempt = 1; ; attempt++) {
    if (cr.status === "merged") throw conflict("This change request is already merged");
    if (cr.status === "archived")
      throw conflict("This change request is archived; reopen it before merging");
    if (space.editMode === "locked")
      throw conflict("This space is locked (editMode: locked): merges are refused");
    const { files, ...result } = await threeWay(db, space, cr);
    const seq = space.mainSeq + 1;
    const revisionId = newId();
    const now = nowIso();
    const statements = commitStatements(db, {
      lineId: space.mainLineId,
      seq,
      overlay: false,
      pages: result.merged,
      files: files.map(({ lineId: _line, fromSeq: _from, toSeq: _to, ...file }) => file),
      documents: result.documents.map((d) => ({ hash: d.hash, body: d.body })),
      revision: {
        id: revisionId,
        spaceId: space.id,
        lineId: space.mainLineId,
        seq,
        baseSeq: null,
        parents: [space.revisionId, cr.revisionId],
        type: "merge",
        createdBy: userId,
        createdAt: now,
      },
    });
    const wasDraft = cr.status === "draft";
    const guard = db
      .update(spaces)
      .set({
        mainSeq: guardedSeq("main_seq", space.mainSeq, seq),
        revisionId,
        updatedAt: now,
        ...(wasDraft
          ? { changeRequestsDraft: sql`${spaces.changeRequestsDraft} - 1` }
          : { changeRequestsOpen: sql`${spaces.changeRequestsOpen} - 1` }),
      })
      .where(eq(spaces.id, space.id))
      .returning();
    const markMerged = db
      .update(changeRequests)
      .set({
        status: "merged",
        revisionMerged: revisionId,
        mergedBy: userId,
        mergedAt: now,
        updatedAt: now,
      })
      .where(eq(changeRequests.id, cr.id))
      .returning();
    try {
      const [spaceRows, crRows] = await db.batch([guard, markMerged, ...statements]);
      const merged = { revision: revisionId, space: spaceRows[0]!, changeRequest: crRows[0]! };
      afterMainRevision(
        db,
        {
          space: merged.space,
          previousSeq: space.mainSeq,
          pageIds: result.merged.map((p) => p.pageId),
        },
        background,
      );
      return merged;
    } catch (err) {
      const fresh = await reload(db, space.id, cr.id);
      if (fresh.space.mainSeq === space.mainSeq || attempt >= ATTEMPTS) {
        if (fresh.space.mainSeq !== space.mainSeq)
          throw conflict("Main changed repeatedly during the merge; retry");
        throw err;
      }
      space = fresh.space;
      cr = fresh.cr;
    }
  }
}

/**
 * Brings main's changes into a change request: a three-way merge written as a new change-request
 * revision on top of main's head (only pages changed on both sides are rewritten), guarded by the
 * change request's sequence. Already up to date: nothing is written.
 */
export async function updateFromMain(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
): Promise<{ revision: string; changeRequest: ChangeRequestRow }> {
  if (cr.status === "merged" || cr.status === "archived") {
    throw conflict(`This change request is ${cr.status}: it cannot be updated from main`);
  }
  if (cr.baseSeq === space.mainSeq) return { revision: cr.revisionId, changeRequest: cr };
  const result = await threeWay(db, space, cr);
  const seq = cr.seq + 1;
  const revisionId = newId();
  const now = nowIso();
  const statements = commitStatements(db, {
    lineId: cr.lineId,
    seq,
    overlay: true,
    pages: result.both,
    files: [],
    documents: result.documents.map((d) => ({ hash: d.hash, body: d.body })),
    revision: {
      id: revisionId,
      spaceId: space.id,
      lineId: cr.lineId,
      seq,
      baseSeq: space.mainSeq,
      parents: [cr.revisionId, space.revisionId],
      type: "update",
      createdBy: userId,
      createdAt: now,
    },
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
    const [crRows] = await db.batch([guard, ...statements]);
    return { revision: revisionId, changeRequest: crRows[0]! };
  } catch (err) {
    const fresh = await reload(db, space.id, cr.id);
    if (fresh.cr.seq !== cr.seq)
      throw conflict("The change request changed during the update; retry");
    throw err;
  }
}
