import { sql, type SQL } from "drizzle-orm";

/**
 * Where a revision's content lives: rows of `lineId` valid at `seq`, and for a change-request
 * line, main rows valid at `baseSeq` for the pages the change request has not touched.
 */
export interface ContentPointer {
  spaceId: string;
  mainLineId: string;
  lineId: string;
  seq: number;
  /** Main sequence under a change-request line; equal to `seq` on main. */
  baseSeq: number;
  revisionId: string;
}

/**
 * A pointer whose values are SQL (a prepared statement's placeholders, or subqueries reading the
 * space's head), with whether it is on the main line said outright.
 */
export interface PointerSql {
  main: boolean;
  mainLineId: SQL;
  lineId: SQL;
  seq: SQL;
  baseSeq: SQL;
}

/** True when the pointer is on the space's main line. */
export function isMain(p: ContentPointer | PointerSql): boolean {
  return "main" in p ? p.main : p.lineId === p.mainLineId;
}

/** SQL: row alias `a` is valid on `line` at `seq`. */
function validOn(a: string, line: string | SQL, seq: number | SQL): SQL {
  const t = sql.raw(a);
  // Unary + keeps SQLite from range-scanning (line_id, from_seq): the parent and key indexes are
  // far more selective, and without statistics the planner would otherwise pick the range.
  return sql`${t}.line_id = ${line} AND +${t}.from_seq <= ${seq} AND (${t}.to_seq IS NULL OR +${t}.to_seq > ${seq})`;
}

/**
 * SQL predicate on alias `a` of a versions table (`page_versions` or `file_versions`, key column
 * `key`): the row is the version visible at the pointer. On main it is the line's valid row; on a
 * change request, the line's own row wins over main's row of the same key.
 */
export function visibleAt(
  p: ContentPointer | PointerSql,
  a: string,
  table: string,
  key: string,
): SQL {
  const own = validOn(a, p.lineId, p.seq);
  if (isMain(p)) return sql`(${own})`;
  const base = validOn(a, p.mainLineId, p.baseSeq);
  const same = sql.raw(`o.${key} = ${a}.${key}`);
  const overridden = sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} o WHERE ${same} AND ${validOn("o", p.lineId, p.seq)})`;
  // The redundant `line_id IN (...)` lets SQLite seek (line_id, key) or (line_id, parent_id)
  // through one index; with only the OR it plans one range per branch on line_id alone and,
  // when the keys come from a subquery, scans the whole line.
  const lines = sql`${sql.raw(a)}.line_id IN (${p.lineId}, ${p.mainLineId})`;
  return sql`(${lines} AND ((${own}) OR ((${base}) AND NOT ${overridden})))`;
}
