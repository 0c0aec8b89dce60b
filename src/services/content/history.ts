import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, revisions, spaces, users } from "../../db/schema/index";
import type { RevisionRow } from "../../db/schema";
import { userColumns } from "../../db/joined-user";
import { plan } from "../../db/plan";
import type { UserLike } from "../../api/users";

/**
 * A space's history, read from what the versioned content already stores: the main line's
 * revisions are its `revisions` rows (sequences 1 to `main_seq`, so the count is the space's
 * counter), and the revisions that changed a page are those at which one of its main-line
 * `page_versions` rows opens or closes (a range of the primary key: no scan of the line). Each
 * plan runs in the access check's round trip; the list pages on the sequence, newest first.
 */

/** A listed revision with who made it and, for a merge, the change request it merged. */
export interface HistoryEntry {
  row: RevisionRow;
  author: UserLike | null;
  changeRequest: { id: string; number: number; subject: string } | null;
}

/** One page of a history, `limit + 1` rows, and the exact count. */
export interface HistoryPage {
  rows: HistoryEntry[];
  count: number;
}

/** A history's keyset position: the revision's sequence on the main line. */
export type HistoryKey = readonly [number];

/** SQL: the main line of the space `spaceId`. */
function mainLineOf(spaceId: string): SQL {
  return sql`(SELECT ${spaces.mainLineId} FROM ${spaces} WHERE ${spaces.id} = ${spaceId})`;
}

const entryColumns = {
  revision: revisions,
  author: userColumns(users, "author"),
  crId: sql<string | null>`${changeRequests.id}`.as("cr_id"),
  crNumber: sql<number | null>`${changeRequests.number}`.as("cr_number"),
  crSubject: sql<string | null>`${changeRequests.subject}`.as("cr_subject"),
};

interface EntryRow {
  revision: RevisionRow;
  author: { name: string | null; email: string | null; photo: string | null };
  crId: string | null;
  crNumber: number | null;
  crSubject: string | null;
}

function entryOf(r: EntryRow): HistoryEntry {
  const { revision, author } = r;
  return {
    row: revision,
    author:
      revision.createdBy !== null && author.name !== null
        ? {
            id: revision.createdBy,
            displayName: author.name,
            email: author.email ?? "",
            photoURL: author.photo,
          }
        : null,
    changeRequest:
      r.crId !== null && r.crNumber !== null
        ? { id: r.crId, number: Number(r.crNumber), subject: r.crSubject ?? "" }
        : null,
  };
}

/** The page of main-line revisions of `spaceId` matching `where`, newest first. */
function entriesQuery(db: Database, spaceId: string, where: SQL | undefined, o: HistoryOptions) {
  return db
    .select(entryColumns)
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.createdBy))
    .leftJoin(
      changeRequests,
      and(
        eq(changeRequests.spaceId, revisions.spaceId),
        eq(changeRequests.revisionMerged, revisions.id),
      ),
    )
    .where(
      and(
        eq(revisions.spaceId, spaceId),
        sql`${revisions.lineId} = ${mainLineOf(spaceId)}`,
        where,
        o.after ? lt(revisions.seq, o.after[0]) : undefined,
      ),
    )
    .orderBy(desc(revisions.seq))
    .limit(o.limit + 1);
}

/** Page options of a history. */
export interface HistoryOptions {
  limit: number;
  after?: HistoryKey;
}

/** The plan of a space's history: a page of main's revisions and their count (`main_seq`). */
export function spaceHistoryPlan(db: Database, spaceId: string, o: HistoryOptions) {
  return plan(
    {
      history: entriesQuery(db, spaceId, undefined, o),
      total: db.select({ n: spaces.mainSeq }).from(spaces).where(eq(spaces.id, spaceId)),
    },
    (r): HistoryPage => ({
      rows: (r.history as EntryRow[]).map(entryOf),
      count: Number(r.total[0]?.n ?? 0),
    }),
  );
}

/** SQL: the main-line sequences at which a version of `pageId` opens or closes. */
function pageSeqsSql(spaceId: string, pageId: string): SQL {
  const line = mainLineOf(spaceId);
  return sql`SELECT from_seq FROM page_versions WHERE line_id = ${line} AND page_id = ${pageId}
    UNION SELECT to_seq FROM page_versions
      WHERE line_id = ${line} AND page_id = ${pageId} AND to_seq IS NOT NULL`;
}

/**
 * The plan of a page's history: the main-line revisions that created, changed, moved or deleted
 * it, newest first, and their count. A page main never had counts 0 (the route's 404).
 */
export function pageHistoryPlan(db: Database, spaceId: string, pageId: string, o: HistoryOptions) {
  const seqs = pageSeqsSql(spaceId, pageId);
  return plan(
    {
      history: entriesQuery(db, spaceId, sql`${revisions.seq} IN (${seqs})`, o),
      total: db.select({ n: sql<number>`COUNT(*)` }).from(sql`(${seqs})`),
    },
    (r): HistoryPage => ({
      rows: (r.history as EntryRow[]).map(entryOf),
      count: Number(r.total[0]?.n ?? 0),
    }),
  );
}

/** The cursor key of a listed entry. */
export function historyKey(entry: HistoryEntry): HistoryKey {
  return [entry.row.seq];
}
