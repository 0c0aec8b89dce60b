import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { failExport, runExport } from "./export";

/** Writes one space export's archive (`runExport`); three attempts, then the export fails. */
export const exportSpaceJob = defineJob<{ exportId: string }>({
  kind: "spaces.export",
  payload: z.object({ exportId: z.string().min(1).max(64) }),
  maxAttempts: 3,
  run: (payload, ctx) => runExport(ctx, payload.exportId),
  onFailed: (payload, error, ctx) =>
    failExport(ctx, payload.exportId, error instanceof Error ? error.message : String(error)),
});
