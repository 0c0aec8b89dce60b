import { and, eq } from "drizzle-orm";
import { changeRequests, gitSyncs } from "../../db/schema";
import type { MainRevisionHook } from "../../platform/main-revision";
import { nowIso } from "../../lib/clock";
import { gitSyncQuery, isRunning } from "./operations";
import { queueOperation } from "./jobs";

/**
 * Git Sync's after-main hook: a merged import change request puts the space in step with the
 * commit it holds; any other merge exports main when the space is set to (`exportOnMerge`,
 * direction not import-only), as one commit whose message names the change request. A merge
 * while another operation runs leaves its export to follow that one.
 */
export const gitSyncAfterMain: MainRevisionHook = async (event) => {
  const { db, space } = event;
  const [row] = await gitSyncQuery(db, space.id);
  if (!row) return;
  const [merged] = await db
    .select({
      id: changeRequests.id,
      number: changeRequests.number,
      subject: changeRequests.subject,
      by: changeRequests.mergedBy,
    })
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.spaceId, space.id),
        eq(changeRequests.revisionMerged, space.revisionId),
      ),
    );
  if (!merged) return;
  if (merged.id === row.importChangeRequestId) {
    await db
      .update(gitSyncs)
      .set({
        syncedCommit: row.importCommit,
        syncedSeq: space.mainSeq,
        importChangeRequestId: null,
        importCommit: null,
        updatedAt: nowIso(),
      })
      .where(eq(gitSyncs.spaceId, space.id));
    return;
  }
  if (!row.exportOnMerge || row.direction === "import") return;
  const input = {
    ref: row.ref,
    force: false,
    standalone: false,
    commitMessage: `Merge change request #${merged.number}: ${merged.subject || "(no subject)"}`,
    changeRequestId: merged.id,
    userId: merged.by ?? "",
  };
  if (
    isRunning(row) ||
    !(await queueOperation({ db, env: { JOBS: event.jobs } }, space.id, "export", input))
  )
    await db.update(gitSyncs).set({ pendingExport: input }).where(eq(gitSyncs.spaceId, space.id));
};
