import type { SpaceRow } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { spaces } from "../../db/schema/index";

import { applyChanges, type Applied } from "../../content/apply";
import type { Change } from "../../content/change-schema";
import { mainPointer } from "../../content/pointers";
import { Workspace } from "../../content/workspace";
import { conflict, RefusedValue } from "../../lib/errors";
import { commitToMain, newRevision } from "../content/commit-to-main";
import type { SpaceContent } from "../spaces/spaces";
import type { AfterMain } from "../../platform/main-revision";

/** Template batches insert pages, a live room's save updates one; neither reverts. */
const noRevert = async (): Promise<never> => {
  throw new RefusedValue("", "a write straight to main cannot revert pages");
};

/**
 * Applies a batch of changes straight to main as one new `edits` revision (a template's new
 * pages, a live room's `update_page` on main), through the same commit-to-main step as a merge
 * (`commitToMain`) but without a change request: positions, slug suffixes and `baseDocumentId`
 * are checked again on the new main if another write landed in between. The after-main hooks
 * run afterwards, as after a merge. Answers what the landed attempt applied.
 */
export async function commitPagesToMain(
  db: Database,
  space: SpaceRow,
  userId: string,
  changes: Change[],
  after: AfterMain,
): Promise<{ revision: string; space: SpaceRow; applied: Applied }> {
  let applied: Applied | undefined;
  const landed = await commitToMain(
    db,
    {
      state: { space },
      userId,
      prepare: async ({ space }) => {
        if (space.editMode === "locked")
          throw conflict("This space is locked (editMode: locked): its content cannot be changed");
        const workspace = new Workspace(db, mainPointer(space));
        applied = await applyChanges(workspace, changes, noRevert);
        return {
          type: "edits",
          parents: [],
          pages: applied.pages,
          files: [],
          documents: applied.documents.map((d) => ({ hash: d.hash, body: d.body })),
        };
      },
      reload: async ({ space }) => {
        const [fresh] = await db.select().from(spaces).where(eq(spaces.id, space.id));
        return fresh ? { space: fresh } : undefined;
      },
      raceMessage: "Main changed repeatedly during the write; retry",
    },
    after,
  );
  return { revision: landed.revision, space: landed.space, applied: applied! };
}

/**
 * The pages of a template as the initial content of a new space (`insertSpace`'s `content`):
 * computed on the new, empty main line and written as its second revision in the space's own
 * creation batch, so a failure leaves no space rather than an empty one.
 */
export function templateSpaceContent(
  db: Database,
  userId: string,
  changes: Change[],
): SpaceContent {
  return async ({ id, mainLineId, revisionId }) => {
    const pointer = { spaceId: id, mainLineId, lineId: mainLineId, seq: 1, baseSeq: 1, revisionId };
    const applied = await applyChanges(new Workspace(db, pointer), changes, noRevert);
    const seq = 2;
    const revision = newRevision(db, {
      spaceId: id,
      lineId: mainLineId,
      seq,
      overlay: false,
      pages: applied.pages,
      files: [],
      documents: applied.documents.map((d) => ({ hash: d.hash, body: d.body })),
      baseSeq: null,
      parents: [revisionId],
      type: "edits",
      createdBy: userId,
    });
    const head = db
      .update(spaces)
      .set({ mainSeq: seq, revisionId: revision.revisionId, updatedAt: revision.now })
      .where(eq(spaces.id, id));
    return {
      statements: [head, ...revision.statements],
      pageIds: applied.pages.map((p) => p.pageId),
    };
  };
}
