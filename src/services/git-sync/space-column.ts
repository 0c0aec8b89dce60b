import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { gitSyncs, type GitSyncStateRow, type SpaceGitSync } from "../../db/schema";
import { weakMemo } from "../../../core/memory/memos";
import { isRunning, OPERATION_TIMEOUT_MS } from "./operations";

/**
 * The Space's `gitSync` (official GitSyncState) read with the space itself: a column over the
 * table `spaces` (one primary-key probe of `git_syncs`, no statement of its own) or a statement
 * for a route's batch, and what the presenter needs of the row.
 */

/** Column names by row key, in one place for the column and the statement. */
const FIELDS: Record<keyof GitSyncStateRow, string> = {
  id: "id",
  url: "url",
  provider: "provider",
  treeUrl: "tree_url",
  opState: "op_state",
  opDirection: "op_direction",
  opStage: "op_stage",
  opError: "op_error",
  opStartedAt: "op_started_at",
  opUpdatedAt: "op_updated_at",
  opCompletedAt: "op_completed_at",
  updatedAt: "updated_at",
};

const OBJECT = Object.entries(FIELDS)
  .map(([key, column]) => `'${key}', g.${column}`)
  .join(", ");

/** SQL: the space's Git Sync row as JSON text (null without one), for a select from `spaces`. */
export const GIT_SYNC_COLUMN = sql<string | null>`${sql.raw(
  `(SELECT json_object(${OBJECT}) FROM git_syncs g WHERE g.space_id = "spaces"."id")`,
)}`;

/** Combined columns by their placement column, so a constant placement keeps one constant SQL. */
const WITH_PLACEMENT = weakMemo<SQL, SQL>("space answer columns");

/**
 * One column holding a space's published placement and its Git Sync (a JSON array of the two
 * JSON texts, as text): what GET /v1/spaces/{id} reads in its access statement.
 */
export function withGitSyncColumn(placement: SQL): SQL<string | null> {
  let column = WITH_PLACEMENT.get(placement);
  if (!column)
    WITH_PLACEMENT.set(
      placement,
      (column = sql`(json_array(${placement}, ${GIT_SYNC_COLUMN}) || '')`),
    );
  return column as SQL<string | null>;
}

/** `withGitSyncColumn`'s value, split: the placement's JSON text and the Git Sync's. */
export function splitGitSyncColumn(value: unknown): {
  placement: string | null;
  gitSync: string | null;
} {
  if (typeof value !== "string") return { placement: null, gitSync: null };
  const [placement = null, gitSync = null] = JSON.parse(value) as (string | null)[];
  return { placement, gitSync };
}

/** A row read (or its JSON from `GIT_SYNC_COLUMN`) as the Space answer's Git Sync; undefined: none. */
export function spaceGitSyncOf(
  value: GitSyncStateRow | string | null | undefined,
): SpaceGitSync | undefined {
  if (value === null || value === undefined) return undefined;
  const row = typeof value === "string" ? (JSON.parse(value) as GitSyncStateRow) : value;
  return { row, running: isRunning(row), timeoutMs: OPERATION_TIMEOUT_MS };
}

/** The row's columns a statement of its own reads. */
const STATE_COLUMNS = Object.fromEntries(
  Object.keys(FIELDS).map((key) => [key, gitSyncs[key as keyof GitSyncStateRow]]),
) as { [K in keyof GitSyncStateRow]: (typeof gitSyncs)[K] };

/** The space's Git Sync as a statement of a route's batch (the access check's round trip). */
export function spaceGitSyncPlan(db: Database, spaceId: string) {
  return plan(
    {
      gitSync: db.select(STATE_COLUMNS).from(gitSyncs).where(eq(gitSyncs.spaceId, spaceId)),
    },
    (r) => spaceGitSyncOf(r.gitSync[0]),
  );
}
