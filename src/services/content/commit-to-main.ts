import type { SpaceRow } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { revisions, spaces } from "../../db/schema/index";
import { runStatements, type NoStatements, type Results, type Statements } from "../../db/plan";

import {
  commitStatements,
  guardedSeq,
  type CommitInput,
  type FileState,
} from "../../content/commit";
import type { PageState } from "../../content/state";
import { conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import type { AfterMain } from "../../platform/main-revision";
import { afterMainRevision } from "./main-hooks";
import { liveRoomsQuery, refreshRooms, roomKey, roomsOf } from "../collab/live-rooms";

const ATTEMPTS = 3;

/** A new revision on a line: what it changes, and how it is recorded (`revisions` row). */
export type RevisionInput = Omit<CommitInput, "revision"> &
  Pick<typeof revisions.$inferInsert, "spaceId" | "baseSeq" | "parents" | "type" | "createdBy">;

/**
 * A new revision's id and time, and the statements writing it (`commitStatements`): the one
 * place a commit on main or on a change request becomes a `revisions` row.
 */
export function newRevision(db: Database, input: RevisionInput) {
  const revisionId = newId();
  const now = nowIso();
  const { spaceId, baseSeq, parents, type, createdBy, ...commit } = input;
  const revision = { id: revisionId, spaceId, lineId: commit.lineId, seq: commit.seq };
  const statements = commitStatements(db, {
    ...commit,
    revision: { ...revision, baseSeq, parents, type, createdBy, createdAt: now },
  });
  return { revisionId, now, statements };
}

/** What one write puts on main, computed against the main it was given. */
export interface MainChange<A extends Statements = NoStatements> {
  type: NonNullable<(typeof revisions.$inferInsert)["type"]>;
  /** The new revision's parents after main's head (a merge adds the change request's head). */
  parents: string[];
  pages: PageState[];
  files: FileState[];
  documents: { hash: string; body: string }[];
  /** More of the space row to set with main's sequence (a merge moves its counters). */
  spaceSet?: SQLiteUpdateSetSource<typeof spaces>;
  /** Statements of the same batch, after the space's update (a merge marks its change request). */
  also?: (revisionId: string, now: string) => A;
}

/** The state a main write starts from: at least the space, reloaded after a concurrent write. */
export interface MainState {
  space: SpaceRow;
}

/** How a write on main is computed, checked and retried. */
export interface MainWrite<S extends MainState, A extends Statements> {
  state: S;
  userId: string;
  /** Checks the state and computes the change; re-run on a fresh state after a lost race. */
  prepare: (state: S) => Promise<MainChange<A>>;
  /** Reads the state again after a failed batch (undefined: it is gone). */
  reload: (state: S) => Promise<S | undefined>;
  /** The 409 when main keeps changing under the write. */
  raceMessage: string;
}

/**
 * The one commit-to-main step (a merge, a template applied to main, a translation run): writes the change as a new
 * main revision in one batch guarded by main's sequence. If another write landed on main in
 * between, the batch fails as a whole and the change is computed again on the new main (up to
 * three times). The open live rooms on main of the pages it wrote are read in the same batch and
 * told to merge the new Document in (`after.rooms`; awaited, as a content batch awaits its
 * change request's rooms). Then the after-main hooks of `after` run (`afterMainRevision`):
 * required, so every write to main (merge, template, translation run, a live room's save)
 * notifies integrations and indexes search the same way.
 */
export async function commitToMain<S extends MainState, A extends Statements = NoStatements>(
  db: Database,
  write: MainWrite<S, A>,
  after: AfterMain,
): Promise<{ revision: string; space: SpaceRow; results: Results<A> }> {
  let state = write.state;
  for (let attempt = 1; ; attempt++) {
    const { space } = state;
    const change = await write.prepare(state);
    const seq = space.mainSeq + 1;
    const { revisionId, now, statements } = newRevision(db, {
      spaceId: space.id,
      lineId: space.mainLineId,
      seq,
      overlay: false,
      pages: change.pages,
      files: change.files,
      documents: change.documents,
      baseSeq: null,
      parents: [space.revisionId, ...change.parents],
      type: change.type,
      createdBy: write.userId,
    });
    const guard = db
      .update(spaces)
      .set({
        mainSeq: guardedSeq("main_seq", space.mainSeq, seq),
        revisionId,
        updatedAt: now,
        ...change.spaceSet,
      })
      .where(eq(spaces.id, space.id))
      .returning();
    const also = change.also?.(revisionId, now) ?? ({} as A);
    const commit = Object.fromEntries(statements.map((stmt, i) => [`#commit${i}`, stmt]));
    const key = roomKey(space.id, null);
    const rooms = after.rooms ? { "#rooms": liveRoomsQuery(db, key) } : {};
    let landed: Awaited<ReturnType<typeof runStatements>>;
    try {
      // One batch, in this order: main's guarded update, the write's own statements, the commit
      // (and main's open rooms, read with it: no extra round trip).
      landed = await runStatements(db, { "#space": guard, ...also, ...commit, ...rooms });
    } catch (err) {
      const fresh = await write.reload(state);
      if (!fresh || fresh.space.mainSeq === space.mainSeq) throw err;
      if (attempt >= ATTEMPTS) throw conflict(write.raceMessage);
      state = fresh;
      continue;
    }
    // The revision landed: what follows it never re-runs the write.
    const { "#space": rows, "#rooms": open, ...results } = landed;
    const updated = (rows as SpaceRow[])[0]!;
    const pageIds = change.pages.map((p) => p.pageId);
    if (open) await refreshRooms(after.rooms, key, roomsOf(open as { pageId: string }[], pageIds));
    await afterMainRevision({ space: updated, previousSeq: space.mainSeq, pageIds }, after);
    return { revision: revisionId, space: updated, results: results as Results<A> };
  }
}
