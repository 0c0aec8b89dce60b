import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  gitSyncs,
  type GitSyncOpInput,
  type GitSyncOpStage,
  type GitSyncRow,
} from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";

/**
 * A space's one Git Sync operation at a time: started only when none runs (two syncs racing:
 * the second is refused), its stage moved as the job goes, finished with its outcome. An
 * operation whose job stopped answering is taken over after the operation timeout.
 */

/** How long an operation may run (official GitSyncState.operationTimeout, ms). */
export const OPERATION_TIMEOUT_MS = 15 * 60 * 1000;

/** The statement reading a space's Git Sync row. */
export function gitSyncQuery(db: Database, spaceId: string) {
  return db.select().from(gitSyncs).where(eq(gitSyncs.spaceId, spaceId));
}

/** Whether an operation still counts as running (not past the timeout). */
export function isRunning(row: Pick<GitSyncRow, "opState" | "opUpdatedAt">): boolean {
  return (
    row.opState === "running" && Date.parse(row.opUpdatedAt ?? "") > nowMs() - OPERATION_TIMEOUT_MS
  );
}

/** Starts an operation unless one runs: the row with its new `opId`, or null (busy). */
export async function startOperation(
  db: Database,
  spaceId: string,
  direction: "import" | "export",
  input: GitSyncOpInput,
  config: Partial<GitSyncRow> = {},
): Promise<GitSyncRow | null> {
  const now = nowIso();
  const stale = new Date(nowMs() - OPERATION_TIMEOUT_MS).toISOString();
  const [row] = await db
    .update(gitSyncs)
    .set({
      ...config,
      opId: newId(),
      opState: "running",
      opDirection: direction,
      opStage: "repo_fetch",
      opInput: input,
      opError: null,
      opStartedAt: now,
      opUpdatedAt: now,
      opCompletedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(gitSyncs.spaceId, spaceId),
        or(
          isNull(gitSyncs.opState),
          ne(gitSyncs.opState, "running"),
          lt(gitSyncs.opUpdatedAt, stale),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** The guard of the operation `opId` (a taken-over operation writes nothing more). */
function ofOperation(spaceId: string, opId: string) {
  return and(
    eq(gitSyncs.spaceId, spaceId),
    eq(gitSyncs.opId, opId),
    eq(gitSyncs.opState, "running"),
  );
}

/** Moves the running operation to `stage`; false when it is no longer this operation. */
export async function setStage(
  db: Database,
  spaceId: string,
  opId: string,
  stage: GitSyncOpStage,
): Promise<boolean> {
  const rows = await db
    .update(gitSyncs)
    .set({ opStage: stage, opUpdatedAt: nowIso() })
    .where(ofOperation(spaceId, opId))
    .returning({ id: gitSyncs.id });
  return rows.length > 0;
}

/**
 * Ends the operation: `success` (with what the sync now stands on) or `failure` with the
 * reason. Answers the export a merge asked for meanwhile, to be started next.
 */
export async function finishOperation(
  db: Database,
  spaceId: string,
  opId: string,
  outcome: { state: "success" | "failure"; error?: string; set?: Partial<GitSyncRow> },
): Promise<GitSyncOpInput | null> {
  const now = nowIso();
  const [before] = await gitSyncQuery(db, spaceId);
  const rows = await db
    .update(gitSyncs)
    .set({
      ...outcome.set,
      opState: outcome.state,
      opError: outcome.error?.slice(0, 2000) ?? null,
      opInput: null,
      opUpdatedAt: now,
      opCompletedAt: now,
      pendingExport: null,
      updatedAt: now,
    })
    .where(ofOperation(spaceId, opId))
    .returning({ id: gitSyncs.id });
  return rows.length > 0 ? (before?.pendingExport ?? null) : null;
}
