import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { failExport, runExport } from "./export";
import { failImport, runImport } from "./import-run";

/** Writes one space export's archive (`runExport`); three attempts, then the export fails. */
export const exportSpaceJob = defineJob<{ exportId: string }>({
  kind: "spaces.export",
  payload: z.object({ exportId: z.string().min(1).max(64) }),
  maxAttempts: 3,
  run: (payload, ctx) => runExport(ctx, payload.exportId),
  onFailed: (payload, error, ctx) =>
    failExport(ctx, payload.exportId, error instanceof Error ? error.message : String(error)),
});

/** Runs one import (`runImport`); three attempts, then the run fails with the error. */
export const importRunJob = defineJob<{ runId: string }>({
  kind: "imports.run",
  payload: z.object({ runId: z.string().min(1).max(64) }),
  maxAttempts: 3,
  run: (payload, ctx) => runImport(ctx, payload.runId),
  onFailed: (payload, error, ctx) =>
    failImport(ctx, payload.runId, error instanceof Error ? error.message : String(error)),
});
