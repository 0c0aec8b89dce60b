import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { changeRequests, fileVersions, spaces } from "../../db/schema/index";
import { plan, type NoStatements } from "../../db/plan";
import { changeRequestMatch } from "../../auth/change-request";
import type { TemplateTarget } from "../../auth/template-target";

/** A file version found for a slot: a `deleted` row is a change request's tombstone. */
export interface SlotFileRow {
  fileId: string;
  deleted: boolean;
}

/** SQL: the file version is valid on `line` at `seq` (columns of the joined rows). */
function validOn(line: AnySQLiteColumn, seq: AnySQLiteColumn): SQL {
  // Unary + keeps SQLite on the (line_id, file_id) primary key rather than a from_seq range.
  return and(
    eq(fileVersions.lineId, line),
    sql`+${fileVersions.fromSeq} <= ${seq}`,
    or(isNull(fileVersions.toSeq), sql`+${fileVersions.toSeq} > ${seq}`),
  )!;
}

/**
 * The versions of the given files visible in the target's content, read without knowing the
 * target's lines yet (they are joined from the space and change request rows), so the check runs
 * in the same round trip as authentication and the access check. The rule is the one of
 * `visibleAt` (src/content/pointer.ts): on a change request, its own row of a file wins over
 * main's row at the request's base.
 */
function slotFilesQuery(db: Database, target: TemplateTarget, fileIds: string[]) {
  const ids = inArray(fileVersions.fileId, fileIds.length ? fileIds : [""]);
  const columns = { fileId: fileVersions.fileId, deleted: fileVersions.deleted };
  if (target.changeRequest === undefined) {
    return db
      .select(columns)
      .from(fileVersions)
      .innerJoin(spaces, eq(spaces.id, target.spaceId))
      .where(and(ids, validOn(spaces.mainLineId, spaces.mainSeq)));
  }
  const overridden = sql`EXISTS (SELECT 1 FROM file_versions o
    WHERE o.file_id = ${fileVersions.fileId} AND o.line_id = ${changeRequests.lineId}
      AND +o.from_seq <= ${changeRequests.seq}
      AND (o.to_seq IS NULL OR +o.to_seq > ${changeRequests.seq}))`;
  return db
    .select(columns)
    .from(fileVersions)
    .innerJoin(spaces, eq(spaces.id, target.spaceId))
    .innerJoin(changeRequests, changeRequestMatch(target.spaceId, target.changeRequest))
    .where(
      and(
        ids,
        or(
          validOn(changeRequests.lineId, changeRequests.seq),
          and(validOn(spaces.mainLineId, changeRequests.baseSeq), sql`NOT ${overridden}`),
        ),
      ),
    );
}

/**
 * The plan reading the files a request's `contentRefs` name in the target's content (statement
 * `slotFiles`), to run in the access round trip; `finish` gives the rows `planTemplate` checks.
 * No template (`fileIds` null): no statement.
 */
export function slotFilesPlan(db: Database, target: TemplateTarget, fileIds: string[] | null) {
  const statements: { slotFiles: ReturnType<typeof slotFilesQuery> } | NoStatements =
    fileIds === null ? {} : { slotFiles: slotFilesQuery(db, target, fileIds) };
  return plan(statements, (r): SlotFileRow[] => ("slotFiles" in r ? r.slotFiles : []));
}
