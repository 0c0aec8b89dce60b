import type { SpaceRow } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { spaces } from "../../db/schema/index";

import { applyChanges } from "../../content/apply";
import type { Change } from "../../content/change-schema";
import { commitStatements, guardedSeq } from "../../content/commit";
import { mainPointer } from "../../content/pointers";
import { Workspace } from "../../content/workspace";
import type { Background } from "../../lib/background";
import { badRequest, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { afterMainRevision } from "../content/main-hooks";

const ATTEMPTS = 3;

/** Template batches only insert pages; a revert has no source revision here. */
const noRevert = async (): Promise<never> => {
  throw badRequest("body: a template cannot revert pages");
};

/**
 * Applies a batch of new pages straight to main as one new `edits` revision, the way a merge
 * writes main (`commitStatements` on the main line, guarded by main's sequence) but without a
 * change request. If another write landed on main in between, the batch fails as a whole and is
 * recomputed on the new main (positions and slug suffixes depend on it). The main-revision hooks
 * (search indexing, links) run afterwards, as after a merge.
 */
export async function commitPagesToMain(
  db: Database,
  space: SpaceRow,
  userId: string,
  changes: Change[],
  background?: Background,
): Promise<{ revision: string; space: SpaceRow }> {
  for (let attempt = 1; ; attempt++) {
    if (space.editMode === "locked")
      throw conflict("This space is locked (editMode: locked): its content cannot be changed");
    const applied = await applyChanges(new Workspace(db, mainPointer(space)), changes, noRevert);
    const seq = space.mainSeq + 1;
    const revisionId = newId();
    const now = nowIso();
    const statements = commitStatements(db, {
      lineId: space.mainLineId,
      seq,
      overlay: false,
      pages: applied.pages,
      files: [],
      documents: applied.documents.map((d) => ({ hash: d.hash, body: d.body })),
      revision: {
        id: revisionId,
        spaceId: space.id,
        lineId: space.mainLineId,
        seq,
        baseSeq: null,
        parents: [space.revisionId],
        type: "edits",
        createdBy: userId,
        createdAt: now,
      },
    });
    const guard = db
      .update(spaces)
      .set({ mainSeq: guardedSeq("main_seq", space.mainSeq, seq), revisionId, updatedAt: now })
      .where(eq(spaces.id, space.id))
      .returning();
    try {
      const [rows] = await db.batch([guard, ...statements]);
      const updated = rows[0]!;
      afterMainRevision(
        db,
        {
          space: updated,
          previousSeq: space.mainSeq,
          pageIds: applied.pages.map((p) => p.pageId),
        },
        background,
      );
      return { revision: revisionId, space: updated };
    } catch (err) {
      const [fresh] = await db.select().from(spaces).where(eq(spaces.id, space.id));
      if (!fresh || fresh.mainSeq === space.mainSeq) throw err;
      if (attempt >= ATTEMPTS) throw conflict("Main changed repeatedly during the write; retry");
      space = fresh;
    }
  }
}
