import { and, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { fileVersions, pageVersions } from "../../db/schema";
import type { FileRow, PageRow } from "../../db/schema";
import { runStatements } from "../../db/plan";
import { visibleAt, type ContentPointer, type PointerSql } from "../../content/pointer";

/**
 * What content changed between two states (official getRevisionSemanticChanges and
 * getChangeRequestChanges; docs/compatibility.md, "Semantic changes"): the pages and files whose
 * versions differ, read in one round trip by their keys. A revision of main is compared with
 * main one sequence before; a revision of a change request with the line's previous revision
 * (main's changes included when it was updated from main); a change request with main where it
 * forked. At most `CAP` pages and `CAP` files are compared (by id); `more` counts the rest.
 */

/** At most this many pages and this many files are compared. */
const CAP = 1000;

/** Two states of a space and the keys that may differ between them (SQL selecting `id`). */
export interface ChangeWindow {
  before: ContentPointer | PointerSql;
  after: ContentPointer | PointerSql;
  pageIds: SQL;
  fileIds: SQL;
}

/** SQL: the keys `table` has rows of on `line` opened or closed at a sequence in (from, to]. */
function touchedSql(table: "page_versions" | "file_versions", line: string, from: SQL, to: number) {
  const key = sql.raw(table === "page_versions" ? "page_id" : "file_id");
  const t = sql.raw(table);
  return sql`SELECT ${key} AS id FROM ${t} WHERE line_id = ${line} AND from_seq > ${from} AND from_seq <= ${to}
    UNION SELECT ${key} FROM ${t} WHERE line_id = ${line} AND to_seq > ${from} AND to_seq <= ${to}`;
}

/** The window of a stored revision: against the state its line had one sequence before. */
export function revisionWindow(p: ContentPointer): ChangeWindow {
  const prev = sql`${p.seq - 1}`;
  if (p.lineId === p.mainLineId) {
    return {
      before: { ...p, seq: p.seq - 1, baseSeq: p.seq - 1 },
      after: p,
      pageIds: touchedSql("page_versions", p.lineId, prev, p.seq),
      fileIds: touchedSql("file_versions", p.lineId, prev, p.seq),
    };
  }
  // The line's previous revision may sit on an older main (an update from main moved the base).
  const prevBase = sql`COALESCE((SELECT base_seq FROM revisions WHERE line_id = ${p.lineId} AND seq = ${p.seq - 1}), ${p.baseSeq})`;
  const union = (table: "page_versions" | "file_versions") =>
    sql`${touchedSql(table, p.lineId, prev, p.seq)} UNION ${touchedSql(table, p.mainLineId, prevBase, p.baseSeq)}`;
  return {
    before: {
      main: false,
      mainLineId: sql`${p.mainLineId}`,
      lineId: sql`${p.lineId}`,
      seq: prev,
      baseSeq: prevBase,
    },
    after: p,
    pageIds: union("page_versions"),
    fileIds: union("file_versions"),
  };
}

/** The window of a change request: its working head against main where it forked. */
export function changeRequestWindow(p: ContentPointer): ChangeWindow {
  const open = (table: string, key: string) =>
    sql`SELECT ${sql.raw(key)} AS id FROM ${sql.raw(table)} WHERE line_id = ${p.lineId} AND to_seq IS NULL`;
  return {
    before: { ...p, lineId: p.mainLineId, seq: p.baseSeq },
    after: p,
    pageIds: open("page_versions", "page_id"),
    fileIds: open("file_versions", "file_id"),
  };
}

/** A page or file that changed: its row before and after (null where it did not exist). */
interface Changed<R> {
  before: R | null;
  after: R | null;
}

/** What a window's read found: the changed pages and files, their parents, and the overflow. */
export interface WindowChanges {
  pages: Changed<PageRow>[];
  files: Changed<FileRow>[];
  /** The changed pages with their ancestors, before and after (paths, moves' parents). */
  chains: { before: PageRow[]; after: PageRow[] };
  /** Keys past the comparison cap, not compared. */
  uncompared: number;
}

/** Rows keyed by id, live ones only (a change request's tombstones hide a page). */
function live<R extends { deleted: boolean }>(rows: R[], key: (r: R) => string): Map<string, R> {
  return new Map(rows.filter((r) => !r.deleted).map((r) => [key(r), r]));
}

/** A version row: its key's state on a line from a sequence on. */
type Version = { deleted: boolean; lineId: string; fromSeq: number };

/** Pairs before and after rows by key, leaving out keys seen at the same version on both sides. */
function pair<R extends Version>(before: R[], after: R[], key: (r: R) => string): Changed<R>[] {
  const b = live(before, key);
  const a = live(after, key);
  const ids = [...new Set([...b.keys(), ...a.keys()])].sort();
  const same = (x?: R, y?: R) => x && y && x.lineId === y.lineId && x.fromSeq === y.fromSeq;
  return ids
    .filter((id) => !same(b.get(id), a.get(id)))
    .map((id) => ({ before: b.get(id) ?? null, after: a.get(id) ?? null }));
}

/** Reads a window's changed pages and files, their parents and counts, in one round trip. */
export async function readWindow(db: Database, w: ChangeWindow): Promise<WindowChanges> {
  const PV = "page_versions";
  const FV = "file_versions";
  const pageKeys = sql`SELECT id FROM (${w.pageIds}) ORDER BY id LIMIT ${CAP}`;
  const fileKeys = sql`SELECT id FROM (${w.fileIds}) ORDER BY id LIMIT ${CAP}`;
  // The changed pages and their ancestors (for paths and moves' parents): a walk up from each.
  const chainsAt = (p: ContentPointer | PointerSql) => {
    const up = sql`WITH RECURSIVE chain(id, depth) AS (
        SELECT id, 0 FROM (${pageKeys})
        UNION
        SELECT (SELECT pv.parent_id FROM page_versions pv
          WHERE pv.page_id = chain.id AND ${visibleAt(p, "pv", PV, "page_id")} LIMIT 1), depth + 1
        FROM chain WHERE chain.id IS NOT NULL AND depth < 64
      ) SELECT id FROM chain WHERE id IS NOT NULL`;
    return db
      .select()
      .from(pageVersions)
      .where(and(sql`${pageVersions.pageId} IN (${up})`, visibleAt(p, PV, PV, "page_id")));
  };
  const filesAt = (p: ContentPointer | PointerSql) =>
    db
      .select()
      .from(fileVersions)
      .where(and(sql`${fileVersions.fileId} IN (${fileKeys})`, visibleAt(p, FV, FV, "file_id")));
  const counted = (ids: SQL) =>
    db.select({ n: sql<number>`q.n` }).from(sql`(SELECT COUNT(*) AS n FROM (${ids})) AS q`);
  const r = await runStatements(db, {
    pagesBefore: chainsAt(w.before),
    pagesAfter: chainsAt(w.after),
    filesBefore: filesAt(w.before),
    filesAfter: filesAt(w.after),
    pageKeys: db.select({ id: sql<string>`k.id` }).from(sql`(${pageKeys}) AS k`),
    pageCount: counted(w.pageIds),
    fileCount: counted(w.fileIds),
  });
  const byPage = (row: PageRow) => row.pageId;
  const over = (n: number | undefined) => Math.max(0, (n ?? 0) - CAP);
  const keys = new Set(r.pageKeys.map((k) => k.id));
  const changed = (rows: PageRow[]) => rows.filter((row) => keys.has(row.pageId));
  return {
    // The chains hold ancestors too: only the keys that may have changed are compared.
    pages: pair(changed(r.pagesBefore), changed(r.pagesAfter), byPage),
    files: pair(r.filesBefore, r.filesAfter, (row: FileRow) => row.fileId),
    chains: { before: r.pagesBefore, after: r.pagesAfter },
    uncompared: over(r.pageCount[0]?.n) + over(r.fileCount[0]?.n),
  };
}
