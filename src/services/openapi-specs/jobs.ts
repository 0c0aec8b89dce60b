import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { processSpec, recordProcessingFailure } from "./process";

/**
 * Processes one spec's current source (`processSpec`): queued by every create, PUT, the
 * scheduled re-fetch of URL specs and the scheduled recovery of stuck specs. Three attempts:
 * expected failures (fetch, parse) are recorded on the spec and end the run; only platform
 * errors are retried.
 */
export const processSpecJob = defineJob<{ specId: string }>({
  kind: "openapi.process",
  payload: z.object({ specId: z.string().min(1).max(64) }),
  maxAttempts: 3,
  run: (payload, ctx) => processSpec(ctx, payload.specId),
  onFailed: (payload, error, ctx) => recordProcessingFailure(ctx, payload.specId, error),
});
