import type { SpaceRow } from "../../db/schema";
import { siteSpacesCleanupStatements } from "../sites/structure";
import { removeSpaceFromIndexStatements } from "../search/indexer";
import { and, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import type { BatchItem } from "drizzle-orm/batch";
import { keyAfterLast } from "../ordering/position";
import { neighbourQuery } from "../ordering/move";
import { fileVersions, pageVersions, revisions, spaces } from "../../db/schema/index";
import type { SpaceMergeRules } from "../../db/schema/index";

import type { DefaultLevel } from "../../lib/roles";
import { createSpaceStatements, type NewSpace } from "./create";
import { nowIso, nowMs } from "../../lib/clock";

/** SQL: the live (not deleted) spaces of an organization under a parent (null: top level). */
export const liveSiblingsSql = (parentId: string | null | SQL, organizationId: string | SQL) =>
  and(
    eq(spaces.organizationId, organizationId),
    sql`${spaces.parentId} IS ${parentId}`,
    isNull(spaces.deletedAt),
  );

/**
 * The sort key of a space appended under a parent collection (null: the top level), as a plan
 * reading the last live sibling.
 */
export function spaceAppendPlan(
  db: Database,
  organizationId: string | SQL,
  parentId: string | null | SQL,
) {
  return plan({ last: lastSpaceQuery(db, organizationId, parentId) }, (results) =>
    keyAfterLast(results.last[0]?.position ?? null),
  );
}

/** `spaceAppendPlan` for the level of an existing space (where its duplicate goes). */
export function appendBesidePlan(db: Database, spaceId: string) {
  return spaceAppendPlan(
    db,
    sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`,
    sql`(SELECT parent_id FROM spaces WHERE id = ${spaceId})`,
  );
}

/** The last live space (by position) under a parent collection, or at the top level (null). */
export function lastSpaceQuery(
  db: Database,
  organizationId: string | SQL,
  parentId: string | null | SQL,
) {
  return neighbourQuery(db, spaces, liveSiblingsSql(parentId, organizationId), null, true);
}

/** SQL: true when `parentId` is null or a collection of the organization (guards writes). */
export const parentExists = (parentId: string | null, organizationId: string) =>
  sql`(${parentId} IS NULL OR EXISTS (SELECT 1 FROM collections WHERE id = ${parentId} AND organization_id = ${organizationId}))`;

/**
 * The initial content of a new space, as statements for its creation batch: given the new
 * space's ids, the statements (run after the row exists, they move main's sequence themselves)
 * and the page ids they write.
 */
export type SpaceContent = (space: {
  id: string;
  mainLineId: string;
  revisionId: string;
}) => Promise<{
  statements: BatchItem<"sqlite">[];
  pageIds: string[];
}>;

/**
 * Creates a space (row and first revision) in one batch, with a copy of another line's current
 * content when `copyFrom` (a main line id) is given: one statement per versions table, however
 * large the space. Everything is undone in the same batch if the parent collection vanished
 * since it was checked. Returns the stored row (null: parent gone) and the copied page ids.
 */
export async function insertSpace(
  db: Database,
  input: NewSpace,
  copyFrom?: string,
  content?: SpaceContent,
): Promise<{ row: SpaceRow | null; pageIds: string[] }> {
  const { id, mainLineId, revisionId, statements } = createSpaceStatements(db, input);
  const line = sql`(SELECT main_line_id FROM spaces WHERE id = ${id})`;
  const gone = sql`NOT ${parentExists(input.parentId ?? null, input.organizationId)}`;
  // Without a source, the copies select nothing ("" is no line).
  const source = copyFrom ?? "";
  // The initial content's revision goes in the same batch: a space is never left half-filled.
  const filled = content ? await content({ id, mainLineId, revisionId }) : null;
  // It runs before the undo statements, which remove its rows too if the parent vanished.
  const own = filled?.statements ?? [];
  const results = await db.batch([
    statements[0],
    statements[1],
    db
      .insert(pageVersions)
      .select(copyLineSql(pageVersions, source, line))
      .returning({ pageId: pageVersions.pageId }),
    db.insert(fileVersions).select(copyLineSql(fileVersions, source, line)),
    ...own,
    db.delete(pageVersions).where(and(sql`${pageVersions.lineId} = ${line}`, gone)),
    db.delete(fileVersions).where(and(sql`${fileVersions.lineId} = ${line}`, gone)),
    db.delete(revisions).where(and(eq(revisions.spaceId, id), gone)),
    db.delete(spaces).where(and(eq(spaces.id, id), gone)),
    db.select().from(spaces).where(eq(spaces.id, id)),
  ]);
  const pages = results[2] as { pageId: string }[];
  const row = (results[results.length - 1] as SpaceRow[])[0] ?? null;
  if (filled) return { row, pageIds: row ? filled.pageIds : [] };
  return { row, pageIds: row ? pages.map((p) => p.pageId) : [] };
}

/**
 * SQL selecting the open (current) versions of one line as rows of a new line at sequence 1,
 * column by column in the schema's order, for `INSERT ... SELECT`: one statement however large
 * the space. Document bodies and file bytes are content-addressed, so the copy shares them.
 */
function copyLineSql(table: typeof pageVersions | typeof fileVersions, from: string, to: SQL): SQL {
  // Drizzle's INSERT lists every non-generated column in this order; these tables have none.
  const names = Object.values(getTableColumns(table)).map((col) => col.name);
  const values = names.map((n) =>
    n === "line_id"
      ? to
      : n === "from_seq"
        ? sql`1`
        : n === "to_seq"
          ? sql`NULL`
          : sql.identifier(n),
  );
  return sql`SELECT ${sql.join(values, sql`, `)} FROM ${table}
    WHERE line_id = ${from} AND to_seq IS NULL AND deleted = 0`;
}

/** The stored fields of a space update (`emoji` "" clears it). */
export interface SpacePatch {
  title?: string;
  emoji?: string;
  editMode?: "live" | "locked";
  defaultLevel?: DefaultLevel;
  language?: string;
  mergeRules?: SpaceMergeRules;
}

/** Updates a live space's fields and `updatedAt`; returns the row as stored afterwards. */
export async function updateSpace(
  db: Database,
  id: string,
  patch: SpacePatch,
): Promise<SpaceRow | null> {
  const [row] = await db
    .update(spaces)
    .set({ ...patch, updatedAt: nowIso() })
    .where(and(eq(spaces.id, id), isNull(spaces.deletedAt)))
    .returning();
  return row ?? null;
}

/** How long a deleted space can be restored before the retention job purges it (spec §8). */
const SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** True for a space deleted longer ago than the retention period: it is gone for good. */
export function isPastRetention(space: { deletedAt: string | null }): boolean {
  return space.deletedAt !== null && Date.parse(space.deletedAt) <= nowMs() - SPACE_RETENTION_MS;
}

/**
 * Marks a space deleted (a no-op when it already is): it leaves lists, reads and search, and its
 * site spaces are removed in the same batch (sites keep exact counters).
 */
export async function softDeleteSpace(db: Database, id: string): Promise<void> {
  await db.batch([
    db
      .update(spaces)
      .set({ deletedAt: nowIso() })
      .where(and(eq(spaces.id, id), isNull(spaces.deletedAt))),
    ...siteSpacesCleanupStatements(db, id),
    ...removeSpaceFromIndexStatements(db, id),
  ]);
}

/**
 * Restores a space deleted at `deletedAt` (guarded: a concurrent change makes it a no-op). A
 * space whose parent collection is gone meanwhile comes back at the top level. The caller
 * rebuilds its search index (`reindexSpace`) after answering.
 */
export async function restoreSpace(db: Database, space: SpaceRow): Promise<SpaceRow | null> {
  const orphan = sql`NOT ${parentExists(space.parentId, space.organizationId)}`;
  const [row] = await db
    .update(spaces)
    .set({
      deletedAt: null,
      parentId: sql`CASE WHEN ${orphan} THEN NULL ELSE ${spaces.parentId} END`,
      visibility: sql`CASE WHEN ${orphan} AND ${spaces.visibility} = 'in-collection' THEN 'private' ELSE ${spaces.visibility} END`,
    })
    .where(and(eq(spaces.id, space.id), eq(spaces.deletedAt, space.deletedAt ?? "")))
    .returning();
  return row ?? null;
}

/** Whether a space exists and is not deleted: a signed download of its files dies with it. */
export async function isSpaceLive(db: Database, spaceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
    .limit(1);
  return rows.length > 0;
}
