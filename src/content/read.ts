import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, fileVersions, pageVersions } from "../db/schema";
import { visibleAt, type ContentPointer, type PointerSql } from "./pointer";

const PV = "page_versions";
const FV = "file_versions";

/** Every page row visible at the pointer (tombstones included; callers drop them). */
export function treeQuery(db: Database, p: ContentPointer) {
  return db
    .select()
    .from(pageVersions)
    .where(visibleAt(p, PV, PV, "page_id"));
}

/** The visible rows of the given pages (a list, or SQL selecting page ids). */
export function pagesByIdQuery(db: Database, p: ContentPointer, pageIds: string[] | SQL) {
  const ids = Array.isArray(pageIds)
    ? inArray(pageVersions.pageId, pageIds.length ? pageIds : [""])
    : sql`${pageVersions.pageId} IN (${pageIds})`;
  return db
    .select()
    .from(pageVersions)
    .where(and(ids, visibleAt(p, PV, PV, "page_id")));
}

/** SQL selecting the ids of the pages a line has open versions of (what a change request changed). */
export function lineHeadIdsSql(lineId: string): SQL {
  return sql`SELECT page_id FROM page_versions WHERE line_id = ${lineId} AND to_seq IS NULL`;
}

/** The visible children of the given parents (null: the root). */
export function childrenQuery(db: Database, p: ContentPointer, parentIds: (string | null)[]) {
  const ids = parentIds.filter((x): x is string => x !== null);
  const wantsRoot = parentIds.includes(null);
  const parent = ids.length
    ? wantsRoot
      ? sql`(${inArray(pageVersions.parentId, ids)} OR ${isNull(pageVersions.parentId)})`
      : inArray(pageVersions.parentId, ids)
    : isNull(pageVersions.parentId);
  return db
    .select()
    .from(pageVersions)
    .where(and(parent, visibleAt(p, PV, PV, "page_id")));
}

/**
 * A page and its ancestors, visible at the pointer, in one statement: a recursive walk up the
 * parents, then the visible rows of the pages on that chain.
 */
export function pageWithAncestorsQuery(db: Database, p: ContentPointer, pageId: string) {
  return db.select().from(pageVersions).where(pageChainSql(p, pageId));
}

/** The condition of `pageWithAncestorsQuery` on `page_versions`: the page's chain, visible. */
export function pageChainSql(p: ContentPointer | PointerSql, pageId: string | SQL): SQL {
  const chain = sql`WITH RECURSIVE chain(id, depth) AS (
      SELECT ${pageId}, 0
      UNION ALL
      SELECT (SELECT pv.parent_id FROM page_versions pv WHERE pv.page_id = chain.id AND ${visibleAt(p, "pv", PV, "page_id")} LIMIT 1), depth + 1
      FROM chain WHERE chain.id IS NOT NULL AND depth < 64
    ) SELECT id FROM chain WHERE id IS NOT NULL`;
  return and(sql`${pageVersions.pageId} IN (${chain})`, visibleAt(p, PV, PV, "page_id"))!;
}

/**
 * The whole subtrees under the given pages (the pages included), visible at the pointer: what a
 * page deletion removes.
 */
export function subtreeQuery(db: Database, p: ContentPointer, rootIds: string[]) {
  const roots = sql.join(
    (rootIds.length ? rootIds : [""]).map((id) => sql`(${id})`),
    sql`, `,
  );
  const walk = sql`WITH RECURSIVE sub(id, depth) AS (
      SELECT column1, 0 FROM (VALUES ${roots})
      UNION ALL
      SELECT pv.page_id, sub.depth + 1 FROM sub CROSS JOIN page_versions pv ON pv.parent_id = sub.id
      WHERE ${visibleAt(p, "pv", PV, "page_id")} AND sub.depth < 64
    ) SELECT id FROM sub`;
  return db
    .select()
    .from(pageVersions)
    .where(and(sql`${pageVersions.pageId} IN (${walk})`, visibleAt(p, PV, PV, "page_id")));
}

/** Every file row visible at the pointer. */
export function filesQuery(db: Database, p: ContentPointer) {
  return db
    .select()
    .from(fileVersions)
    .where(visibleAt(p, FV, FV, "file_id"));
}

/** One file's visible row. */
export function fileQuery(db: Database, p: ContentPointer, fileId: string) {
  return db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.fileId, fileId), visibleAt(p, FV, FV, "file_id")));
}

/** Document bodies by content hash. */
export function documentsQuery(db: Database, hashes: string[]) {
  return db
    .select()
    .from(documents)
    .where(inArray(documents.hash, hashes.length ? hashes : [""]));
}

/** The open rows of a line: on a change-request line, exactly the pages it changed. */
export function lineHeadQuery(db: Database, lineId: string) {
  return db
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.lineId, lineId), isNull(pageVersions.toSeq)));
}

/**
 * Main rows that changed after `baseSeq`: versions opened or closed since then. Their page ids
 * are the pages main changed since a change request forked, read through an index in
 * proportion to the changes, not to the space.
 */
export function mainChangesSinceQuery(db: Database, mainLineId: string, baseSeq: number) {
  return db
    .select({ pageId: pageVersions.pageId })
    .from(pageVersions)
    .where(
      and(
        eq(pageVersions.lineId, mainLineId),
        sql`(${pageVersions.fromSeq} > ${baseSeq} OR (${pageVersions.toSeq} IS NOT NULL AND ${pageVersions.toSeq} > ${baseSeq}))`,
      ),
    );
}

/** The open file rows of a line: on a change-request line, the files it added. */
export function fileLineHeadQuery(db: Database, lineId: string) {
  return db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.lineId, lineId), isNull(fileVersions.toSeq)));
}

/**
 * The parents and sibling lists of the given pages, in statements that need no earlier read, so
 * a content batch loads a page and its neighbourhood in one round trip: the parent pages, the
 * children of those parents, and the root's children only when one of the pages is a root (an
 * uncorrelated condition SQLite evaluates once, so a space with many root pages costs nothing
 * when none of the pages is one). The pages are found by key: a NULL parent drops out of `IN`,
 * and `+` keeps the root test off the parent index, which would scan every root.
 */
export function neighbourhoodQueries(db: Database, p: ContentPointer, pageIds: string[]) {
  // Bound one by one, SQLite seeks each page by its key; through json_each it would scan the
  // line. Past 40 ids (D1 allows 100 parameters per statement) one parameter carries them all.
  const ids =
    pageIds.length <= 40
      ? sql.join(
          (pageIds.length ? pageIds : [""]).map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`SELECT value FROM json_each(${JSON.stringify(pageIds)})`;
  const parentsOf = sql`SELECT x.parent_id FROM page_versions x WHERE x.page_id IN (${ids}) AND ${visibleAt(p, "x", PV, "page_id")}`;
  const anyRoot = sql`EXISTS (SELECT 1 FROM page_versions x WHERE x.page_id IN (${ids}) AND ${visibleAt(p, "x", PV, "page_id")} AND +x.parent_id IS NULL)`;
  return [
    pagesByIdQuery(db, p, parentsOf),
    db
      .select()
      .from(pageVersions)
      .where(and(sql`${pageVersions.parentId} IN (${parentsOf})`, visibleAt(p, PV, PV, "page_id"))),
    db
      .select()
      .from(pageVersions)
      .where(and(isNull(pageVersions.parentId), anyRoot, visibleAt(p, PV, PV, "page_id"))),
  ] as const;
}
