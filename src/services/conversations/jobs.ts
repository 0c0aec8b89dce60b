import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/enqueue";
import type { Bindings } from "../../env";
import { insightsEngine } from "./engine";
import { clusterIssueWrites, loadForProcessing, markProcessed, removePrevious } from "./process";
import type { Write } from "./writes";

/**
 * Processes one ingested conversation: extracts its issues (Workers AI or the built-in engine),
 * clusters each incrementally and sets `processedAt`. A job of an older revision (the same id
 * was ingested again) or of a processed conversation does nothing, so redelivery is harmless.
 */
export const processConversationJob = defineJob({
  kind: "conversations.process",
  payload: z.object({
    organizationId: z.string(),
    conversationId: z.string(),
    revision: z.number().int(),
  }),
  async run({ organizationId, conversationId, revision }, ctx) {
    const loaded = await loadForProcessing(ctx.db, organizationId, conversationId, revision);
    if (!loaded) return;
    if (loaded.previous.length > 0) await removePrevious(ctx.db, loaded.previous);
    const { row } = loaded;
    const engine = insightsEngine(ctx.env);
    const issues = await engine.extract(row.subject, row.parts);
    for (const [i, issue] of issues.entries()) {
      const writes: Write[] = await clusterIssueWrites(ctx.db, row, issue);
      // The last issue's batch also marks the conversation processed (one round trip less).
      if (i === issues.length - 1) writes.push(markProcessed(ctx.db, row, issues.length));
      await ctx.db.batch(writes as [Write, ...Write[]]);
    }
    if (issues.length === 0) await markProcessed(ctx.db, row, 0);
  },
});

/** Queues the processing of a conversation at the revision just stored. */
export function enqueueProcessing(
  env: Pick<Bindings, "JOBS">,
  payload: { organizationId: string; conversationId: string; revision: number },
): Promise<void> {
  return enqueue(env, processConversationJob, payload);
}
