import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { gitSyncs, type GitSyncDirection, type GitSyncRow } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { GitSyncRefused } from "./errors";
import { sealCredentials, splitRepositoryUrl, tokenCredentials } from "./remote";

/** What a space's Git Sync is set to; credentials in the URL or as a token. */
export interface GitSyncSettings {
  url: string;
  ref: string;
  projectDirectory?: string;
  direction?: GitSyncDirection;
  exportOnMerge?: boolean;
  token?: string;
  provider?: "github" | "gitlab";
  treeUrl?: string;
  commitUrl?: string;
}

/**
 * The row's configuration from new settings: the URL without its credentials, the credentials
 * sealed (those of the URL or the token; none given: the stored ones, while the URL stays the
 * same repository). A URL that is not an http(s) URL is a 400 naming `field`.
 */
export async function configOf(
  secret: string,
  spaceId: string,
  stored: GitSyncRow | undefined,
  settings: GitSyncSettings,
  field: string,
): Promise<Partial<GitSyncRow> & { url: string; ref: string }> {
  let split;
  try {
    split = splitRepositoryUrl(settings.url, field);
  } catch (error) {
    if (error instanceof GitSyncRefused) throw badRequest(error.message);
    throw error;
  }
  const plain = settings.token ? tokenCredentials(settings.token) : split.credentials;
  const credentials = plain
    ? await sealCredentials(secret, spaceId, plain)
    : stored?.url === split.url
      ? stored.credentials
      : null;
  return {
    url: split.url,
    credentials,
    ref: settings.ref,
    ...(settings.projectDirectory !== undefined
      ? { projectDirectory: settings.projectDirectory }
      : {}),
    ...(settings.direction ? { direction: settings.direction } : {}),
    ...(settings.exportOnMerge !== undefined ? { exportOnMerge: settings.exportOnMerge } : {}),
    ...(settings.provider ? { provider: settings.provider } : {}),
    ...(settings.treeUrl ? { treeUrl: settings.treeUrl } : {}),
    ...(settings.commitUrl ? { commitUrl: settings.commitUrl } : {}),
  };
}

/** Makes the space's Git Sync row when it has none (before an operation starts on it). */
export async function ensureGitSync(
  db: Database,
  spaceId: string,
  config: Partial<GitSyncRow> & { url: string; ref: string },
): Promise<void> {
  const now = nowIso();
  await db
    .insert(gitSyncs)
    .values({ ...config, spaceId, id: newId(), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** Writes the space's configuration (made or replaced); the sync's standing is kept while the repository stays the same. */
export async function saveGitSync(
  db: Database,
  spaceId: string,
  stored: GitSyncRow | undefined,
  config: Partial<GitSyncRow> & { url: string; ref: string },
): Promise<GitSyncRow> {
  if (!stored) {
    await ensureGitSync(db, spaceId, config);
  }
  const moved = stored && (stored.url !== config.url || stored.ref !== config.ref);
  const [row] = await db
    .update(gitSyncs)
    .set({
      ...config,
      ...(moved
        ? { syncedCommit: null, syncedSeq: null, importChangeRequestId: null, importCommit: null }
        : {}),
      updatedAt: nowIso(),
    })
    .where(eq(gitSyncs.spaceId, spaceId))
    .returning();
  return row!;
}

/** Removes the space's Git Sync (its credentials with it). */
export async function deleteGitSync(db: Database, spaceId: string): Promise<void> {
  await db.delete(gitSyncs).where(eq(gitSyncs.spaceId, spaceId));
}
