import { and, asc, eq, gt, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { deleteSpacePdfs } from "../../pdf/store";
import type { Database } from "../../db/client";
import {
  changeRequestContributors,
  changeRequestReviewers,
  changeRequestReviews,
  changeRequests,
  commentReactions,
  commentReplies,
  comments,
  contentGrants,
  documentLinks,
  documents,
  fileVersions,
  pageVersions,
  purgeProgress,
  revisions,
  siteSpaces,
  spaces,
} from "../../db/schema/index";
import { searchPages, searchSpaces } from "../search/indexer";
import { nowIso } from "../../lib/clock";

/** Deleted spaces stay restorable for this long, then the purge removes them for good. */
export const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Rows deleted per statement, and statements per invocation: the bounded work of one run. */
const CHUNK = 500;
const HASHES_PER_STEP = 90; // under D1's 100 bound parameters
const STATEMENT_BUDGET = 400;

/** One space's purge context. */
interface Target {
  spaceId: string;
}

/** SQL: the space's lines (main and every change request), as a subquery. */
function linesOf(spaceId: string): SQL {
  return sql`(SELECT ${spaces.mainLineId} FROM ${spaces} WHERE ${spaces.id} = ${spaceId}
    UNION ALL SELECT ${changeRequests.lineId} FROM ${changeRequests}
    WHERE ${changeRequests.spaceId} = ${spaceId})`;
}

/** What one run did, for the log line. */
export interface PurgeReport {
  spaces: number;
  rows: number;
  objects: number;
  pending: number;
}

type Step = (
  db: Database,
  bucket: R2Bucket,
  t: Target,
  cursor: string,
) => Promise<{ done: boolean; cursor: string; rows: number; objects: number }>;

/** Deletes up to CHUNK rows of `table` matching `where`, answering how many went. */
async function deleteChunk(db: Database, table: SQLiteTable, where: SQL): Promise<number> {
  const result = await db
    .delete(table)
    .where(sql`rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${CHUNK})`)
    .run();
  return result.meta.changes ?? 0;
}

/** A step deleting up to CHUNK rows of `table` matching `where` per run; done when fewer were left. */
function chunkedDelete(table: SQLiteTable, where: (t: Target) => SQL): Step {
  return async (db, _bucket, t) => {
    const rows = await deleteChunk(db, table, where(t));
    return { done: rows < CHUNK, cursor: "", rows, objects: 0 };
  };
}

const byLines = (column: SQLiteColumn) => (t: Target) => sql`${column} IN ${linesOf(t.spaceId)}`;
const bySpace = (column: SQLiteColumn) => (t: Target) => eq(column, t.spaceId);
/** Rows hanging off the space's comments or change requests by `column`. */
const byOwner =
  (column: SQLiteColumn, owner: typeof comments | typeof changeRequests) => (t: Target) =>
    inArray(column, sql`(SELECT ${owner.id} FROM ${owner} WHERE ${owner.spaceId} = ${t.spaceId})`);
const byComment = (column: SQLiteColumn) => byOwner(column, comments);
const byChangeRequest = (column: SQLiteColumn) => byOwner(column, changeRequests);

/** Where the hashes of a kind of content are used: the version table, its line and hash columns. */
const HASH_USES = {
  files: { table: fileVersions, line: fileVersions.lineId, hash: fileVersions.hash },
  documents: { table: pageVersions, line: pageVersions.lineId, hash: pageVersions.documentHash },
} satisfies Record<string, { table: SQLiteTable; line: SQLiteColumn; hash: SQLiteColumn }>;

/**
 * One page of the hashes the space's versions use (in hash order after `cursor`), and those of
 * them no other line uses: the orphans a purge step may remove. Read while the version rows are
 * still there, so a run cut off halfway recomputes the same answer.
 */
async function orphansAfter(db: Database, kind: keyof typeof HASH_USES, t: Target, cursor: string) {
  const use: { table: SQLiteTable; line: SQLiteColumn; hash: SQLiteColumn } = HASH_USES[kind];
  const lines = linesOf(t.spaceId);
  const used = await db
    .selectDistinct({ h: sql<string>`${use.hash}` })
    .from(use.table)
    .where(and(sql`${use.line} IN ${lines}`, isNotNull(use.hash), gt(use.hash, cursor)))
    .orderBy(asc(use.hash))
    .limit(HASHES_PER_STEP);
  const hashes = used.map((r) => r.h);
  if (hashes.length === 0) return { hashes, orphans: [] };
  const shared = await db
    .selectDistinct({ h: sql<string>`${use.hash}` })
    .from(use.table)
    .where(and(inArray(use.hash, hashes), sql`${use.line} NOT IN ${lines}`));
  const keep = new Set(shared.map((r) => r.h));
  return { hashes, orphans: hashes.filter((h) => !keep.has(h)) };
}

/**
 * Removes R2 objects (and document bodies) used by the space and by no other line, a page of
 * hashes at a time, in hash order from the cursor. Runs before the version rows go.
 */
function sharedContentGc(kind: keyof typeof HASH_USES): Step {
  return async (db, bucket, t, cursor) => {
    const { hashes, orphans } = await orphansAfter(db, kind, t, cursor);
    if (hashes.length === 0) return { done: true, cursor, rows: 0, objects: 0 };
    let rows = 0;
    let objects = 0;
    if (orphans.length > 0) {
      if (kind === "files") {
        await bucket.delete(orphans.map((h) => `files/${h}`));
        objects = orphans.length;
      } else {
        const res = await db.delete(documents).where(inArray(documents.hash, orphans)).run();
        rows = res.meta.changes ?? 0;
      }
    }
    const last = hashes[hashes.length - 1]!;
    return { done: hashes.length < HASHES_PER_STEP, cursor: last, rows, objects };
  };
}

/**
 * Removes the link rows of the document bodies the next step deletes (bodies of the space no
 * other line uses): up to CHUNK rows per run, staying on the same page of hashes until its
 * orphans have none left, then moving the cursor on.
 */
const documentLinksGc: Step = async (db, _bucket, t, cursor) => {
  const { hashes, orphans } = await orphansAfter(db, "documents", t, cursor);
  if (hashes.length === 0) return { done: true, cursor, rows: 0, objects: 0 };
  let rows = 0;
  if (orphans.length > 0) {
    rows = await deleteChunk(db, documentLinks, inArray(documentLinks.documentHash, orphans));
    if (rows === CHUNK) return { done: false, cursor, rows, objects: 0 };
  }
  const last = hashes[hashes.length - 1]!;
  return { done: hashes.length < HASHES_PER_STEP, cursor: last, rows, objects: 0 };
};

/**
 * The purge, in order: shared content first (it needs the version rows to know what the space
 * used), then every table that holds the space's rows, the space row last. Later areas add their
 * tables here.
 */
const PURGE_STEPS: { name: string; run: Step }[] = [
  { name: "files in R2", run: sharedContentGc("files") },
  {
    // Rendered PDFs are keyed by space (pdfs/<spaceId>/...): one list and one delete per step.
    name: "PDFs in R2",
    run: async (_db, bucket, target) => {
      const { deleted, more } = await deleteSpacePdfs(bucket, target.spaceId);
      return { done: !more, cursor: "", rows: 0, objects: deleted };
    },
  },
  { name: "document links", run: documentLinksGc },
  { name: "document bodies", run: sharedContentGc("documents") },
  { name: "page versions", run: chunkedDelete(pageVersions, byLines(pageVersions.lineId)) },
  { name: "file versions", run: chunkedDelete(fileVersions, byLines(fileVersions.lineId)) },
  { name: "revisions", run: chunkedDelete(revisions, bySpace(revisions.spaceId)) },
  {
    name: "comment reactions",
    run: chunkedDelete(commentReactions, byComment(commentReactions.commentId)),
  },
  {
    name: "comment replies",
    run: chunkedDelete(commentReplies, byComment(commentReplies.commentId)),
  },
  { name: "comments", run: chunkedDelete(comments, bySpace(comments.spaceId)) },
  {
    name: "change request people",
    run: chunkedDelete(
      changeRequestContributors,
      byChangeRequest(changeRequestContributors.changeRequestId),
    ),
  },
  {
    name: "change request reviewers",
    run: chunkedDelete(
      changeRequestReviewers,
      byChangeRequest(changeRequestReviewers.changeRequestId),
    ),
  },
  {
    name: "change request reviews",
    run: chunkedDelete(changeRequestReviews, byChangeRequest(changeRequestReviews.changeRequestId)),
  },
  { name: "change requests", run: chunkedDelete(changeRequests, bySpace(changeRequests.spaceId)) },
  {
    name: "grants",
    run: chunkedDelete(
      contentGrants,
      (t) => and(eq(contentGrants.resourceType, "space"), eq(contentGrants.resourceId, t.spaceId))!,
    ),
  },
  { name: "site spaces", run: chunkedDelete(siteSpaces, bySpace(siteSpaces.spaceId)) },
  // Deleting search_pages rows removes their FTS5 entries through the table's trigger.
  { name: "search entries", run: chunkedDelete(searchPages, bySpace(searchPages.spaceId)) },
  { name: "search state", run: chunkedDelete(searchSpaces, bySpace(searchSpaces.spaceId)) },
];

/**
 * One invocation of the retention job: purges spaces deleted more than RETENTION_MS before `now`,
 * oldest first, within a fixed statement budget. Each step's progress is saved after it runs, so
 * the job is resumable and idempotent; the space row goes last, once every step is done.
 */
export async function purgeDeletedSpaces(
  db: Database,
  bucket: R2Bucket,
  now: number,
  statementBudget = STATEMENT_BUDGET,
): Promise<PurgeReport> {
  const cutoff = new Date(now - RETENTION_MS).toISOString();
  const candidates = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(isNotNull(spaces.deletedAt), lt(spaces.deletedAt, cutoff)))
    .orderBy(asc(spaces.deletedAt))
    .limit(25);
  const report: PurgeReport = { spaces: 0, rows: 0, objects: 0, pending: 0 };
  let budget = statementBudget;
  for (const candidate of candidates) {
    if (budget <= 0) {
      report.pending++;
      continue;
    }
    const target: Target = { spaceId: candidate.id };
    const [progress] = await db
      .select()
      .from(purgeProgress)
      .where(eq(purgeProgress.spaceId, candidate.id));
    let step = progress?.step ?? 0;
    let cursor = progress?.cursor ?? "";
    while (step < PURGE_STEPS.length && budget > 0) {
      const outcome = await PURGE_STEPS[step]!.run(db, bucket, target, cursor);
      budget -= 2;
      report.rows += outcome.rows;
      report.objects += outcome.objects;
      cursor = outcome.done ? "" : outcome.cursor;
      if (outcome.done) step++;
      await db
        .insert(purgeProgress)
        .values({ spaceId: candidate.id, step, cursor, updatedAt: nowIso() })
        .onConflictDoUpdate({
          target: purgeProgress.spaceId,
          set: { step, cursor, updatedAt: nowIso() },
        });
    }
    if (step < PURGE_STEPS.length) {
      report.pending++;
      continue;
    }
    await db.batch([
      db.delete(spaces).where(eq(spaces.id, candidate.id)),
      db.delete(purgeProgress).where(eq(purgeProgress.spaceId, candidate.id)),
    ]);
    report.rows += 1;
    report.spaces++;
  }
  return report;
}
