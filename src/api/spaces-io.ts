import { z } from "@hono/zod-openapi";
import { pathString } from "./common";
import { SpaceParams } from "./spaces";

/** Path of one export of a space. */
export const ExportParams = SpaceParams.extend({ exportId: pathString("exportId") });

/** Body of a space export (Quire extension): the archive format and, optionally, a change request. */
export const StartExportBody = z
  .object({
    format: z.enum(["zip", "tar"]).default("zip").openapi({ description: "The archive format" }),
    changeRequest: z.string().min(1).max(64).optional().openapi({
      description: "Export this change request's content instead of the main revision",
    }),
  })
  .strict();

/** The states of a background run, as GitBook's import runs name them. */
const RunStatus = z.enum(["pending", "in-progress", "completed", "failed", "cancelled"]);

/** How far a run is: items done of the total (0 of 0 before the total is known). */
export const RunProgress = z
  .object({ done: z.number().int(), total: z.number().int() })
  .openapi("SpacesIoProgress");

/** What a finished run made: counts and every warning (beyond 500, counted in `moreWarnings`). */
export const RunResult = z
  .object({
    pages: z.number().int(),
    files: z.number().int(),
    warnings: z.array(z.string()),
    moreWarnings: z.number().int().optional(),
  })
  .openapi("SpacesIoResult");

/** A space export (Quire extension). */
export const SpaceExportSchema = z
  .object({
    object: z.literal("space-export"),
    id: z.string(),
    space: z.string(),
    changeRequest: z.string().optional(),
    format: z.enum(["zip", "tar"]),
    status: RunStatus,
    reason: z.string().optional(),
    progress: RunProgress,
    result: RunResult.optional(),
    archive: z
      .object({
        size: z.number().int(),
        downloadURL: z.string().openapi({ description: "Signed, expires after 10 minutes" }),
      })
      .optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().optional(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("SpaceExport");

/** The wire form of a space export. */
export type SpaceExport = z.infer<typeof SpaceExportSchema>;
