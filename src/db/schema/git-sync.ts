import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { spaces } from "./spaces";

/** Which way a space syncs with its repository (GitBook's Git Sync priority, as a direction). */
export type GitSyncDirection = "both" | "import" | "export";

/** The official GitSyncOperationState values. */
export type GitSyncOpState = "running" | "failure" | "success" | "timeout";

/** The official GitSyncOperationStage values. */
export type GitSyncOpStage = "repo_fetch" | "config_check" | "content_process" | "finalize";

/** What an operation was asked to do, kept with it until its job runs. */
export interface GitSyncOpInput {
  ref: string;
  force: boolean;
  standalone: boolean;
  timestamp?: string;
  commitMessage?: string;
  /** The change request whose merge triggered an export (its commit message names it). */
  changeRequestId?: string;
  userId: string;
}

/**
 * One space's Git Sync (issue 39): the repository (URL without credentials; the credentials
 * sealed apart, never answered), branch, project directory and direction; where the last sync
 * left both sides (`syncedCommit` is the remote commit main's revision `syncedSeq` matches);
 * and the one operation running or last run, with its stage, so two syncs never overlap.
 */
export const gitSyncs = sqliteTable("git_syncs", {
  spaceId: text("space_id")
    .primaryKey()
    .references(() => spaces.id, { onDelete: "cascade" }),
  /** The official GitSyncState.installationId. */
  id: text("id").notNull(),
  url: text("url").notNull(),
  /** `user:password` sealed (src/lib/sealed.ts) and bound to the space; null: none. */
  credentials: text("credentials"),
  ref: text("ref").notNull(),
  projectDirectory: text("project_directory").notNull().default(""),
  direction: text("direction").$type<GitSyncDirection>().notNull().default("both"),
  exportOnMerge: integer("export_on_merge", { mode: "boolean" }).notNull().default(false),
  provider: text("provider").$type<"github" | "gitlab">(),
  treeUrl: text("tree_url"),
  commitUrl: text("commit_url"),
  syncedCommit: text("synced_commit"),
  syncedSeq: integer("synced_seq"),
  /** The change request the last import opened, and the commit it holds (merged: in sync). */
  importChangeRequestId: text("import_change_request_id"),
  importCommit: text("import_commit"),
  /** The newest `timestamp` an operation ran with: older ones are not applied. */
  lastTimestamp: text("last_timestamp"),
  opId: text("op_id"),
  opState: text("op_state").$type<GitSyncOpState>(),
  opDirection: text("op_direction").$type<"import" | "export">(),
  opStage: text("op_stage").$type<GitSyncOpStage>(),
  opInput: text("op_input", { mode: "json" }).$type<GitSyncOpInput>(),
  opError: text("op_error"),
  opStartedAt: text("op_started_at"),
  opUpdatedAt: text("op_updated_at"),
  opCompletedAt: text("op_completed_at"),
  /** A merge asked for an export while another operation ran: it follows that one. */
  pendingExport: text("pending_export", { mode: "json" }).$type<GitSyncOpInput>(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** A space's Git Sync row. */
export type GitSyncRow = typeof gitSyncs.$inferSelect;

/** The columns of a Git Sync row its GitSyncState shows (never the credentials). */
export type GitSyncStateRow = Pick<
  GitSyncRow,
  | "id"
  | "url"
  | "provider"
  | "treeUrl"
  | "opState"
  | "opDirection"
  | "opStage"
  | "opError"
  | "opStartedAt"
  | "opUpdatedAt"
  | "opCompletedAt"
  | "updatedAt"
>;

/** A space's sync as its Space answer shows it: the row, whether its operation still runs, the timeout. */
export interface SpaceGitSync {
  row: GitSyncStateRow;
  running: boolean;
  timeoutMs: number;
}
