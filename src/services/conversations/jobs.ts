import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/enqueue";
import type { Bindings } from "../../env";
import type { Database } from "../../db/client";
import { insightsEngine, type EngineIssue } from "./engine";
import { isGuardConflict, progressGuard } from "./guards";
import { clusterIssueWrites, loadForProcessing, markProcessed, removePrevious } from "./process";
import type { Write } from "./writes";

/** Times a job reads again after a guard refused its batch, before the queue retries it. */
const CONFLICT_ATTEMPTS = 30;

/** A short random pause before reading again, growing with the attempt (spreads the jobs). */
function pause(attempt: number): Promise<void> {
  const ms = Math.round((5 + Math.random() * 20) * Math.min(attempt, 8));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Clusters a loaded conversation's issues: previous issues out (re-ingestion), then one
 * guarded batch per issue, the last also marking the conversation processed.
 */
async function clusterConversation(
  db: Database,
  loaded: NonNullable<Awaited<ReturnType<typeof loadForProcessing>>>,
  issues: readonly EngineIssue[],
): Promise<void> {
  if (loaded.previous.length > 0) await removePrevious(db, loaded);
  const { row } = loaded;
  for (const [i, issue] of issues.entries()) {
    const writes: Write[] = await clusterIssueWrites(db, row, issue);
    writes.push(progressGuard(db, row, i, issues.length));
    await db.batch(writes as [Write, ...Write[]]);
  }
  if (issues.length === 0) await markProcessed(db, row);
}

/**
 * Processes one ingested conversation: extracts its issues (Workers AI or the built-in engine),
 * clusters each incrementally and sets `processedAt`. Clustering writes are serialised per
 * organization (guards.ts): a batch computed from rows another job changed meanwhile fails,
 * and the job reads again (the extraction is kept). A job of an older revision, or of a
 * conversation already processed (a duplicate delivery), does nothing.
 */
export const processConversationJob = defineJob({
  kind: "conversations.process",
  payload: z.object({
    organizationId: z.string(),
    conversationId: z.string(),
    revision: z.number().int(),
  }),
  async run({ organizationId, conversationId, revision }, ctx) {
    let issues: EngineIssue[] | null = null;
    for (let attempt = 1; ; attempt++) {
      const loaded = await loadForProcessing(ctx.db, organizationId, conversationId, revision);
      if (!loaded) return;
      issues ??= await insightsEngine(ctx.env).extract(loaded.row.subject, loaded.row.parts);
      try {
        await clusterConversation(ctx.db, loaded, issues);
        return;
      } catch (error) {
        if (!isGuardConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
        await pause(attempt);
      }
    }
  },
});

/** Queues the processing of a conversation at the revision just stored. */
export function enqueueProcessing(
  env: Pick<Bindings, "JOBS">,
  payload: { organizationId: string; conversationId: string; revision: number },
): Promise<void> {
  return enqueue(env, processConversationJob, payload);
}
