import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import { deleteSpacePdfs } from "../../pdf/store";
import type { Database } from "../../db/client";
import { purgeProgress, spaces } from "../../db/schema/index";
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

/** SQL for the space's lines (main and every change request), bound with the space id twice. */
const LINES = `(SELECT main_line_id FROM spaces WHERE id = ? UNION ALL SELECT line_id FROM change_requests WHERE space_id = ?)`;

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

const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** Deletes up to CHUNK rows of `table` matching `where`; done when fewer were left. */
function chunkedDelete(
  table: string,
  where: (t: Target) => { sql: string; params: unknown[] },
): Step {
  return async (db, _bucket, t) => {
    const w = where(t);
    const d1 = (db as unknown as { $client: D1Database }).$client;
    const result = await d1
      .prepare(
        `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${w.sql} LIMIT ${CHUNK})`,
      )
      .bind(...w.params)
      .run();
    const rows = result.meta.changes ?? 0;
    return { done: rows < CHUNK, cursor: "", rows, objects: 0 };
  };
}

const byLines = (column: string) => (t: Target) => ({
  sql: `${column} IN ${LINES}`,
  params: [t.spaceId, t.spaceId],
});
const bySpace = (column: string) => (t: Target) => ({ sql: `${column} = ?`, params: [t.spaceId] });
/** Rows hanging off the space's rows of `owner` (comments, change requests) by `column`. */
const byOwner = (column: string, owner: string) => (t: Target) => ({
  sql: `${column} IN (SELECT id FROM ${owner} WHERE space_id = ?)`,
  params: [t.spaceId],
});
const byComment = byOwner("comment_id", "comments");
const byChangeRequest = byOwner("change_request_id", "change_requests");

/**
 * One page of the hashes the space's versions use (in hash order after `cursor`), and those of
 * them no other line uses: the orphans a purge step may remove. Read while the version rows are
 * still there, so a run cut off halfway recomputes the same answer.
 */
async function orphansAfter(
  d1: D1Database,
  kind: "files" | "documents",
  t: Target,
  cursor: string,
) {
  const table = kind === "files" ? "file_versions" : "page_versions";
  const column = kind === "files" ? "hash" : "document_hash";
  const lines = [t.spaceId, t.spaceId];
  const { results } = await d1
    .prepare(
      `SELECT DISTINCT ${column} AS h FROM ${table} WHERE line_id IN ${LINES} AND ${column} IS NOT NULL
         AND ${column} > ? ORDER BY ${column} LIMIT ${HASHES_PER_STEP}`,
    )
    .bind(...lines, cursor)
    .all<{ h: string }>();
  const hashes = results.map((r) => r.h);
  if (hashes.length === 0) return { hashes, orphans: [] };
  const { results: shared } = await d1
    .prepare(
      `SELECT DISTINCT ${column} AS h FROM ${table} WHERE ${column} IN (${placeholders(hashes.length)})
         AND line_id NOT IN ${LINES}`,
    )
    .bind(...hashes, ...lines)
    .all<{ h: string }>();
  const keep = new Set(shared.map((r) => r.h));
  return { hashes, orphans: hashes.filter((h) => !keep.has(h)) };
}

/**
 * Removes R2 objects (and document bodies) used by the space and by no other line, a page of
 * hashes at a time, in hash order from the cursor. Runs before the version rows go.
 */
function sharedContentGc(kind: "files" | "documents"): Step {
  return async (db, bucket, t, cursor) => {
    const d1 = (db as unknown as { $client: D1Database }).$client;
    const { hashes, orphans } = await orphansAfter(d1, kind, t, cursor);
    if (hashes.length === 0) return { done: true, cursor, rows: 0, objects: 0 };
    let rows = 0;
    let objects = 0;
    if (orphans.length > 0) {
      if (kind === "files") {
        await bucket.delete(orphans.map((h) => `files/${h}`));
        objects = orphans.length;
      } else {
        const res = await d1
          .prepare(`DELETE FROM documents WHERE hash IN (${placeholders(orphans.length)})`)
          .bind(...orphans)
          .run();
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
  const d1 = (db as unknown as { $client: D1Database }).$client;
  const { hashes, orphans } = await orphansAfter(d1, "documents", t, cursor);
  if (hashes.length === 0) return { done: true, cursor, rows: 0, objects: 0 };
  let rows = 0;
  if (orphans.length > 0) {
    const res = await d1
      .prepare(
        `DELETE FROM document_links WHERE rowid IN (SELECT rowid FROM document_links
           WHERE document_hash IN (${placeholders(orphans.length)}) LIMIT ${CHUNK})`,
      )
      .bind(...orphans)
      .run();
    rows = res.meta.changes ?? 0;
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
  { name: "page versions", run: chunkedDelete("page_versions", byLines("line_id")) },
  { name: "file versions", run: chunkedDelete("file_versions", byLines("line_id")) },
  { name: "revisions", run: chunkedDelete("revisions", bySpace("space_id")) },
  { name: "comment reactions", run: chunkedDelete("comment_reactions", byComment) },
  { name: "comment replies", run: chunkedDelete("comment_replies", byComment) },
  { name: "comments", run: chunkedDelete("comments", bySpace("space_id")) },
  {
    name: "change request people",
    run: chunkedDelete("change_request_contributors", byChangeRequest),
  },
  {
    name: "change request reviewers",
    run: chunkedDelete("change_request_reviewers", byChangeRequest),
  },
  { name: "change requests", run: chunkedDelete("change_requests", bySpace("space_id")) },
  {
    name: "grants",
    run: chunkedDelete("content_grants", (t) => ({
      sql: `resource_type = 'space' AND resource_id = ?`,
      params: [t.spaceId],
    })),
  },
  { name: "site spaces", run: chunkedDelete("site_spaces", bySpace("space_id")) },
  // Deleting search_pages rows removes their FTS5 entries through the table's trigger.
  { name: "search entries", run: chunkedDelete("search_pages", bySpace("space_id")) },
  { name: "search state", run: chunkedDelete("search_spaces", bySpace("space_id")) },
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
