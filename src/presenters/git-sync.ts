import type { GitSyncConfig, GitSyncState } from "../api/git-sync";
import type { GitSyncRow } from "../db/schema";
import type { GitSyncStateRow } from "../db/schema";

/** The provider GitBook's enum names for a repository (GitLab by its host, else GitHub's form). */
function providerOf(row: GitSyncStateRow): "github" | "gitlab" {
  if (row.provider) return row.provider;
  return /gitlab/i.test(new URL(row.url).hostname) ? "gitlab" : "github";
}

/**
 * The official GitSyncState of a space's sync (`git/info`); `timing` says whether its running
 * operation still counts as running, and the operation timeout.
 */
export function presentGitSyncState(
  row: GitSyncStateRow,
  timing: { running: boolean; timeoutMs: number },
): GitSyncState {
  const name = new URL(row.url).pathname.replace(/^\/+/, "").replace(/\.git$/, "");
  const state = row.opState === "running" && !timing.running ? ("timeout" as const) : row.opState;
  return {
    installationId: row.id,
    installationProvider: providerOf(row),
    installationStatus: "active",
    ...(name ? { repoName: name } : {}),
    url: row.treeUrl ?? row.url,
    ...(state && row.opDirection && row.opStartedAt
      ? {
          operation: {
            state,
            direction: row.opDirection,
            stage: row.opStage ?? "repo_fetch",
            startedAt: row.opStartedAt,
            ...(row.opCompletedAt ? { endedAt: row.opCompletedAt } : {}),
            ...(row.opError ? { error: row.opError } : {}),
          },
        }
      : {}),
    operationTimeout: timing.timeoutMs,
    updatedAt: row.updatedAt,
  };
}

/** Quire's configuration read: never the credentials, only whether some are kept. */
export function presentGitSyncConfig(row: GitSyncRow): GitSyncConfig {
  return {
    object: "git-sync-config",
    url: row.url,
    ref: row.ref,
    projectDirectory: row.projectDirectory,
    direction: row.direction,
    exportOnMerge: row.exportOnMerge,
    hasCredentials: row.credentials !== null,
    ...(row.syncedCommit ? { syncedCommit: row.syncedCommit } : {}),
  };
}
