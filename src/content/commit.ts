import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { documents, fileVersions, pageVersions, revisions } from "../db/schema";
import { documentLinkStatements } from "./links";
import type { PageState } from "./state";

/** A file version to write. */
export interface FileState {
  fileId: string;
  deleted: boolean;
  name: string;
  contentType: string;
  size: number;
  hash: string;
  width: number | null;
  height: number | null;
  createdAt: string;
}

/** What one commit writes on a line. */
export interface CommitInput {
  lineId: string;
  /** The new sequence number on the line. */
  seq: number;
  /** True for a change-request line: deletions are tombstones that hide the base's page. */
  overlay: boolean;
  pages: PageState[];
  files: FileState[];
  documents: { hash: string; body: string }[];
  revision: typeof revisions.$inferInsert;
}

type Stmt = BatchItem<"sqlite">;

const ROWS_PER_INSERT = 4; // 23 columns a row: stays under D1's 100 bound parameters

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The statements of a commit: close the open versions of every changed page and file, open the
 * new ones, store new document bodies (content-addressed, so existing ones are kept), and record
 * the revision. Rows written follow the size of the change, never the size of the space.
 */
export function commitStatements(db: Database, input: CommitInput): Stmt[] {
  const stmts: Stmt[] = [];
  for (const ids of chunks(
    input.pages.map((p) => p.pageId),
    90,
  )) {
    stmts.push(
      db
        .update(pageVersions)
        .set({ toSeq: input.seq })
        .where(
          and(
            eq(pageVersions.lineId, input.lineId),
            // `+` keeps SQLite on the key index: the open-rows index would scan every open row.
            sql`+${pageVersions.toSeq} IS NULL`,
            inArray(pageVersions.pageId, ids),
          ),
        ),
    );
  }
  const opened = input.pages.filter((p) => input.overlay || !p.deleted);
  for (const group of chunks(opened, ROWS_PER_INSERT)) {
    stmts.push(
      db
        .insert(pageVersions)
        .values(
          group.map((p) => ({ ...p, lineId: input.lineId, fromSeq: input.seq, toSeq: null })),
        ),
    );
  }
  for (const ids of chunks(
    input.files.map((f) => f.fileId),
    90,
  )) {
    stmts.push(
      db
        .update(fileVersions)
        .set({ toSeq: input.seq })
        .where(
          and(
            eq(fileVersions.lineId, input.lineId),
            // `+` keeps SQLite on the key index: the open-rows index would scan every open row.
            sql`+${fileVersions.toSeq} IS NULL`,
            inArray(fileVersions.fileId, ids),
          ),
        ),
    );
  }
  const files = input.files.filter((f) => input.overlay || !f.deleted);
  for (const group of chunks(files, 6)) {
    stmts.push(
      db
        .insert(fileVersions)
        .values(
          group.map((f) => ({ ...f, lineId: input.lineId, fromSeq: input.seq, toSeq: null })),
        ),
    );
  }
  for (const doc of input.documents) {
    stmts.push(db.insert(documents).values(doc).onConflictDoNothing());
  }
  stmts.push(...documentLinkStatements(db, input.documents));
  stmts.push(db.insert(revisions).values(input.revision));
  return stmts;
}

/** The next sequence guard: sets `seq` to next only if it is still `current`, else fails the batch. */
export function guardedSeq(column: string, current: number, next: number) {
  return sql`CASE WHEN ${sql.raw(column)} = ${current} THEN ${next} ELSE NULL END`;
}
