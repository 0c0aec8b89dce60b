import { z } from "zod";
import { defineJob, type JobContext } from "../../jobs/define";
import { enqueue } from "../../jobs/enqueue";
import { GitObjectError } from "../../git/objects";
import { GitRemoteError, PackError } from "../../git/errors";
import { OutboundError } from "../../outbound";
import { ApiError } from "../../lib/errors";
import { ImportRefused } from "../spaces-io/apply-plan";
import { GitSyncRefused } from "./errors";
import { runGitExport } from "./export";
import { runGitImport } from "./import";
import { finishOperation, gitSyncQuery, startOperation } from "./operations";
import { r2Spill } from "./spill";

/** The reason people read for an error that ends an operation, or null: retry it (a platform error). */
function refusal(error: unknown): string | null {
  if (error instanceof GitRemoteError) {
    if (error.reason === "auth")
      return `${error.message}: check the repository URL's credentials or the token`;
    return error.message;
  }
  if (error instanceof OutboundError) {
    if (error.code === "timeout") return `The Git remote did not answer in time (${error.message})`;
    if (error.code === "too_large")
      return `The repository is over the 1 GiB limit (${error.message})`;
    return `The Git remote cannot be reached: ${error.message}`;
  }
  if (error instanceof PackError)
    return `The Git remote sent a pack Quire refuses: ${error.message}`;
  if (error instanceof GitObjectError)
    return `The repository holds an object Quire cannot read: ${error.message}`;
  if (error instanceof GitSyncRefused || error instanceof ImportRefused) return error.message;
  if (error instanceof ApiError && error.status < 500) return error.message;
  return null;
}

/** Runs the space's current operation, if `opId` is still it; ends it with its outcome. */
async function runOperation(ctx: JobContext, spaceId: string, opId: string): Promise<void> {
  const [row] = await gitSyncQuery(ctx.db, spaceId);
  if (!row || row.opId !== opId || row.opState !== "running" || !row.opInput) return;
  const input = row.opInput;
  const direction = row.opDirection ?? "import";
  let outcome: Parameters<typeof finishOperation>[3];
  if (input.timestamp && row.lastTimestamp && input.timestamp < row.lastTimestamp) {
    outcome = {
      state: "failure",
      error: `This ${direction} is older (${input.timestamp}) than the last operation (${row.lastTimestamp}); it was not applied`,
    };
  } else {
    // Fetched blobs past the memory budget go to R2 for the operation's time.
    const spill = r2Spill(ctx.env.FILES, spaceId, opId);
    try {
      const done =
        direction === "import"
          ? await runGitImport(ctx, row, opId, input, spill)
          : await runGitExport(ctx, row, opId, input, spill);
      const stamp = input.timestamp ? { lastTimestamp: input.timestamp } : {};
      outcome = {
        state: "success",
        ...(done.error ? { error: done.error } : {}),
        set: { ...done.set, ...stamp },
      };
    } catch (error) {
      const reason = refusal(error);
      if (reason === null) throw error;
      outcome = { state: "failure", error: reason };
    } finally {
      await spill.clear();
    }
  }
  const next = await finishOperation(ctx.db, spaceId, opId, outcome);
  // A merge asked for an export while this ran: it runs now.
  if (next) await queueOperation(ctx, spaceId, "export", next);
}

/** Starts an operation and queues its job; false when another one runs. */
export async function queueOperation(
  ctx: Pick<JobContext, "db"> & { env: { JOBS: Queue<unknown> } },
  spaceId: string,
  direction: "import" | "export",
  input: Parameters<typeof startOperation>[3],
  config?: Parameters<typeof startOperation>[4],
): Promise<boolean> {
  const row = await startOperation(ctx.db, spaceId, direction, input, config);
  if (!row?.opId) return false;
  await enqueue(ctx.env, gitSyncJob, { spaceId, opId: row.opId });
  return true;
}

/**
 * One Git Sync operation (import or export) of a space; retried on platform errors (three
 * attempts), while a refusal (wrong password, missing ref, bad tree, moved branch) ends it at
 * once with its reason in `git/info`.
 */
export const gitSyncJob = defineJob<{ spaceId: string; opId: string }>({
  kind: "gitsync.run",
  payload: z.object({ spaceId: z.string().min(1).max(64), opId: z.string().min(1).max(64) }),
  maxAttempts: 3,
  run: (payload, ctx) => runOperation(ctx, payload.spaceId, payload.opId),
  onFailed: async (payload, error, ctx) => {
    const message = error instanceof Error ? error.message : String(error);
    await finishOperation(ctx.db, payload.spaceId, payload.opId, {
      state: "failure",
      error: `The operation failed: ${message}`,
    });
  },
});
