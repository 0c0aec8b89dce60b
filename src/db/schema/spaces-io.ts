import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";
import { spaces } from "./spaces";

/** The states of a background run (an export or an import), as GitBook's import runs name them. */
export type SpacesIoStatus = "pending" | "in-progress" | "completed" | "failed" | "cancelled";

/** What a finished run made: its counts and every warning (nothing dropped silently). */
export interface SpacesIoResult {
  pages: number;
  files: number;
  warnings: string[];
  /** Warnings beyond the first `warnings.length`, counted only. */
  moreWarnings?: number;
}

/**
 * A space exported as a Git Sync repository (Quire extension): which content (the main revision
 * or a change request), the archive format, progress and, once completed, the archive's R2 key.
 */
export const spaceExports = sqliteTable(
  "space_exports",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    changeRequestId: text("change_request_id"),
    format: text("format").$type<"zip" | "tar">().notNull(),
    status: text("status").$type<SpacesIoStatus>().notNull(),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    archiveKey: text("archive_key"),
    archiveSize: integer("archive_size"),
    result: text("result", { mode: "json" }).$type<SpacesIoResult>(),
    reason: text("reason"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [index("space_exports_space_idx").on(t.spaceId, t.createdAt)],
);

/** A space export row. */
export type SpaceExportRow = typeof spaceExports.$inferSelect;

/** Where an import run reads from: uploaded files (their storage keys) or another GitBook API. */
export type ImportRunSource =
  | { type: "file"; files: string[] }
  | { type: "gitbook"; url: string; spaceId: string };

/** One page an import made or updated (official ContentImportRun.pages). */
export interface ImportRunPage {
  id: string;
  type: "page" | "folder";
  status: "complete" | "pending";
  sourceURL?: string;
}

/**
 * GitBook's import runs (`startImportRun`): the source, the target space and the change request
 * the content lands in, the status with progress, the pages made and the warnings. A GitBook-API
 * source's token is kept only until the run ends (`source_token`, cleared then).
 */
export const importRuns = sqliteTable(
  "import_runs",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    spaceId: text("space_id").notNull(),
    changeRequestId: text("change_request_id"),
    /** The page the import goes under (official ContentImportTarget.page), or the top level. */
    underPageId: text("under_page_id"),
    /** True when the run opened the change request itself (archived again on failure). */
    ownChangeRequest: integer("own_change_request", { mode: "boolean" }).notNull(),
    source: text("source", { mode: "json" }).$type<ImportRunSource>().notNull(),
    sourceToken: text("source_token"),
    status: text("status").$type<SpacesIoStatus>().notNull(),
    reason: text("reason"),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    pages: text("pages", { mode: "json" }).$type<ImportRunPage[]>(),
    result: text("result", { mode: "json" }).$type<SpacesIoResult>(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    startedAt: text("started_at"),
    completedAt: text("completed_at"),
  },
  (t) => [index("import_runs_org_idx").on(t.organizationId, t.createdAt, t.id)],
);

/** An import run row. */
export type ImportRunRow = typeof importRuns.$inferSelect;
