import { z } from "zod";
import { defineJob, PermanentJobError, type JobDefinition } from "../../jobs/define";
import { engineOf, NO_ENGINE_MESSAGE } from "./engines/index";
import { translateBatch } from "./run/batch";
import { commitRun } from "./run/commit";
import { prepareRun } from "./run/prepare";
import { heartbeat, markFailed } from "./run/state";

const RunPayload = z.object({
  translationId: z.string().min(1),
  runId: z.string().min(1),
  step: z.enum(["start", "batch"]),
});

/** The payload of every message of a run. */
export type RunMessage = z.infer<typeof RunPayload>;

/**
 * A translation run as a chain of queue messages: `start` prepares the work list, then one
 * `batch` message per bounded batch of pages, the last of which commits the result as one main
 * revision. Each message first refreshes the run lock; a message of a replaced or deleted run
 * does nothing. After the last attempt the run is `failed` with its error; the pages already
 * translated stay staged for the next run.
 */
export const translationRunJob: JobDefinition<RunMessage> = defineJob({
  kind: "translations.run",
  payload: RunPayload,
  maxAttempts: 3,
  async run(payload, ctx) {
    const t = await heartbeat(ctx.db, payload);
    if (!t) return;
    if (payload.step === "start") {
      await prepareRun(ctx.db, t);
      await ctx.enqueue(translationRunJob, { ...payload, step: "batch" });
      return;
    }
    const engine = engineOf(ctx.env, ctx.outbound);
    if (!engine) throw new PermanentJobError(NO_ENGINE_MESSAGE);
    const outcome = await translateBatch(ctx.db, t, engine);
    console.log(JSON.stringify({ translation: t.id, run: t.runId, ...outcome }));
    if (outcome.more) await ctx.enqueue(translationRunJob, payload);
    else await commitRun(ctx.db, t, ctx.afterMain);
  },
  async onFailed(payload, error, ctx) {
    await markFailed(ctx.db, payload, error);
  },
});
