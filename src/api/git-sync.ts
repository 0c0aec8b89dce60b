import { z } from "@hono/zod-openapi";

/**
 * Git Sync's wire shapes (issue 39): GitBook's importGitRepository / exportToGitRepository
 * bodies and GitSyncState (`git/info`, the Space's `gitSync`), in the official shapes, and
 * Quire's per-space configuration (an extension: GitBook keeps it in its installations).
 */

const Url = z.string().min(1).max(2048);
const Ref = z
  .string()
  .min(1)
  .max(256)
  .refine((v) => !/[\s~^:?*[\\]|\.\.|@\{|\/\/|\/$|\.lock$/.test(v), "not a valid Git ref")
  .openapi({ description: 'Git ref, as "refs/heads/main" (or "main")' });
const Directory = z
  .string()
  .max(512)
  .refine((v) => !v.split("/").includes(".."), "must not leave the repository");

/** Deprecated metadata about the Git provider (official UpdateSpaceGitInfo). */
const GitInfo = z
  .object({
    provider: z.enum(["github", "gitlab"]).optional(),
    url: z.string().max(2048).optional(),
  })
  .openapi("UpdateSpaceGitInfo");

/** What both operations share (the official bodies' common fields). */
const GitOperationFields = {
  url: Url.openapi({
    description: "URL of the Git repository. It can contain basic auth credentials.",
  }),
  ref: Ref,
  repoCacheID: z.string().max(256).optional(),
  repoTreeURL: z.string().max(2048).optional(),
  repoCommitURL: z.string().max(2048).optional(),
  repoProjectDirectory: Directory.optional(),
  timestamp: z.iso.datetime({ offset: true }).optional().openapi({
    description:
      "When the triggering event happened: an operation older than the last one run is not applied",
  }),
  force: z.boolean().optional(),
  standalone: z.boolean().optional(),
  gitInfo: GitInfo.optional(),
};

/** Body of importGitRepository (official ImportGitRepository). */
export const ImportGitRepositoryBody = z.object(GitOperationFields).openapi("ImportGitRepository");

/** Body of exportToGitRepository (official ExportToGitRepository). */
export const ExportToGitRepositoryBody = z
  .object({ ...GitOperationFields, commitMessage: z.string().min(1).max(10_000) })
  .openapi("ExportToGitRepository");

/** The official GitSyncState: the installation (the space's configuration) and its latest operation. */
export const GitSyncStateSchema = z
  .object({
    repoName: z.string().optional(),
    installationStatus: z.enum(["unauthenticated", "active", "pending"]),
    installationProvider: z.enum(["github", "gitlab", "github-legacy"]),
    installationId: z.string(),
    url: z.string().optional(),
    operation: z
      .object({
        state: z.enum(["running", "failure", "success", "timeout"]),
        direction: z.enum(["export", "import"]),
        stage: z.enum(["repo_fetch", "config_check", "content_process", "finalize"]).openapi({
          description: "Quire extension: the operation's stage (official GitSyncOperationStage)",
        }),
        startedAt: z.string(),
        endedAt: z.string().optional(),
        error: z.string().optional(),
      })
      .optional(),
    operationTimeout: z.number().int().optional(),
    updatedAt: z.string().optional(),
  })
  .openapi("GitSyncState");

/** Quire's Git Sync configuration of a space, as read: never the credentials, only whether some are kept. */
export const GitSyncConfigSchema = z
  .object({
    object: z.literal("git-sync-config"),
    url: z.string(),
    ref: z.string(),
    projectDirectory: z.string(),
    direction: z.enum(["both", "import", "export"]),
    exportOnMerge: z.boolean(),
    hasCredentials: z.boolean(),
    syncedCommit: z.string().optional(),
  })
  .openapi("GitSyncConfig");

/** Body of the configuration write (Quire extension): credentials in the URL or as a token. */
export const GitSyncConfigBody = z
  .object({
    url: Url.openapi({
      description: "The repository; basic-auth credentials may be in it (kept sealed)",
    }),
    ref: Ref.default("refs/heads/main"),
    projectDirectory: Directory.default(""),
    direction: z.enum(["both", "import", "export"]).default("both"),
    exportOnMerge: z.boolean().default(false),
    token: z.string().min(1).max(1000).optional().openapi({
      description: "An access token (sent as basic auth's password), kept sealed; never answered",
    }),
  })
  .strict();

/** The wire form of GitSyncState. */
export type GitSyncState = z.infer<typeof GitSyncStateSchema>;

/** The wire form of the configuration read. */
export type GitSyncConfig = z.infer<typeof GitSyncConfigSchema>;
