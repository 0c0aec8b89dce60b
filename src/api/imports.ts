import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { pathString } from "./common";
import { OrgParams } from "./organizations";
import { RunProgress, RunResult } from "./spaces-io";

/** Path of one import run. */
export const ImportRunParams = OrgParams.extend({ importRunId: pathString("importRunId") });

/** Official ContentImportSource: a website (not supported yet) or uploaded files (storage keys). */
const ImportSource = z.discriminatedUnion("type", [
  z.object({ type: z.literal("website"), url: z.url().max(2048) }).strict(),
  z
    .object({
      type: z.literal("file"),
      files: z.array(z.string().min(1).max(512)).min(1).max(50).openapi({
        description: "Keys of files uploaded through generateStorageUploadURL (kind import_file)",
      }),
    })
    .strict(),
  z
    .object({
      type: z.literal("gitbook"),
      url: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .openapi({ description: "The API's base URL, e.g. https://api.gitbook.com" }),
      token: z
        .string()
        .min(1)
        .max(4096)
        .optional()
        .openapi({ description: "A token of the source API (kept until the run ends)" }),
      spaceId: z.string().min(1).max(128),
    })
    .strict()
    .openapi({
      description: "Quire extension: copy a space from another GitBook API (GitBook or Quire)",
    }),
]);

/** Official ContentImportTarget. */
const ImportTarget = z
  .object({
    space: z.string().min(1).max(64),
    changeRequest: z.string().min(1).max(64).optional(),
    page: z.string().min(1).max(64).optional(),
  })
  .strict();

/** Body of startImportRun. */
export const StartImportBody = z
  .object({
    source: ImportSource,
    target: ImportTarget,
    site: z.string().max(64).optional(),
    enhance: z
      .boolean()
      .optional()
      .openapi({ description: "Accepted; Quire never rewrites content with AI" }),
  })
  .strict();

/** Query of listImportRuns. */
export const ImportRunListQuery = pagedQuery.extend({
  space: z.string().max(64).optional(),
  changeRequest: z.string().max(64).optional(),
  site: z.string().max(64).optional(),
  status: z
    .enum(["active", "pending", "in-progress", "completed", "failed", "cancelled"])
    .optional(),
});

/** Official ContentImportRun, with Quire's progress and result. */
export const ImportRunSchema = z
  .object({
    object: z.literal("import-run"),
    id: z.string(),
    startedAt: z.string().optional(),
    completedAt: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    status: z.enum(["pending", "in-progress", "completed", "failed", "cancelled"]),
    reason: z.string().optional(),
    source: z.object({ type: z.string() }).passthrough(),
    target: z.object({
      space: z.string(),
      changeRequest: z.string().optional(),
      page: z.string().optional(),
    }),
    createdBy: z.string(),
    urls: z.object({ location: z.string() }),
    pages: z.array(
      z.object({
        id: z.string(),
        type: z.enum(["page", "folder"]),
        status: z.enum(["complete", "pending"]),
      }),
    ),
    progress: RunProgress.openapi({ description: "Quire extension" }),
    result: RunResult.optional().openapi({ description: "Quire extension" }),
  })
  .openapi("ImportRun");

/** The wire form of an import run. */
export type ImportRun = z.infer<typeof ImportRunSchema>;

/** Body of generateStorageUploadURL (official StorageFileMetadata and StorageUploadKind). */
export const StorageUploadBody = z
  .object({
    file: z
      .object({
        name: z.string().min(1).max(256),
        type: z.string().min(1).max(255),
        size: z.number().int().min(1),
      })
      .strict(),
    kind: z.enum(["customization_font", "import_file", "organization_file"]),
  })
  .strict();

/** Official StorageUploadURL. */
export const StorageUploadUrlSchema = z
  .object({ object: z.literal("storage-signed-url"), url: z.string(), key: z.string() })
  .openapi("StorageUploadURL");

/** How much of a signed upload arrived (Quire extension: resumable uploads). */
export const UploadProgressSchema = z
  .object({
    object: z.literal("storage-upload"),
    size: z.number().int(),
    received: z.number().int(),
    complete: z.boolean(),
  })
  .openapi("StorageUploadProgress");

/** Query of the signed upload (the URL generateStorageUploadURL answers). */
export const SignedUploadQuery = z.object({
  key: z.string().max(512),
  size: z.string().max(20),
  expires: z.string().max(20),
  sig: z.string().max(128),
});
