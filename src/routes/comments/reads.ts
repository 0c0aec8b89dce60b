import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { commentReplies, comments } from "../../db/schema";
import { keysetAfter, type CursorKey } from "../../lib/pagination";
import {
  commentRowsQuery,
  reactionsQuery,
  repliersQuery,
  replyRowsQuery,
} from "../../services/comments";

// The read statements of the comment routes, composed from the services' row statements; they
// belong in src/services (a comment-reads.ts beside comments.ts, see the report).

/**
 * SQL matching the comments of a place. A change request addressed by id or number in a path is
 * given as SQL selecting its id, so the statement can join the access check's batch.
 */
export function placeSql(spaceId: string, changeRequestId: string | SQL | null): SQL {
  const space = eq(comments.spaceId, spaceId);
  if (changeRequestId === null) return and(space, isNull(comments.changeRequestId))!;
  return and(space, sql`${comments.changeRequestId} = (${changeRequestId})`)!;
}

/** The three statements that present one comment: row, reactions, repliers. */
export function commentQueries(db: Database, place: SQL, commentId: string) {
  return [
    commentRowsQuery(db)
      .where(and(place, eq(comments.id, commentId)))
      .limit(1),
    reactionsQuery(db, sql`(${commentId})`),
    repliersQuery(db, sql`(${commentId})`),
  ] as const;
}

/** The reply and its reactions, when the reply belongs to the comment of the place. */
export function replyQueries(db: Database, place: SQL, commentId: string, replyId: string) {
  const inPlace = sql`SELECT ${comments.id} FROM ${comments} WHERE ${and(place, eq(comments.id, commentId))}`;
  return [
    replyRowsQuery(db)
      .where(and(eq(commentReplies.id, replyId), sql`${commentReplies.commentId} IN (${inPlace})`))
      .limit(1),
    reactionsQuery(db, sql`(${replyId})`),
  ] as const;
}

/** The list's `status` filter. */
export type CommentStatus = "all" | "open" | "resolved";

/** Comment list filters, with the official parameter names' meanings. */
export interface CommentFilters {
  status: CommentStatus;
  targetPage?: string;
  authors?: string[];
}
/** A list page position and direction. */
export interface ListOptions {
  order: "asc" | "desc";
  limit: number;
  after?: CursorKey;
}

/**
 * A page of a place's comments in posting order (keyset on posted_at, id), the filtered count,
 * and the reactions and repliers of exactly that page (through the same page as a subquery), so
 * the whole list is one round trip with the access check.
 */
export function commentListQueries<C extends BatchItem<"sqlite">>(
  db: Database,
  place: SQL,
  f: CommentFilters,
  o: ListOptions,
  /** The count from the place's counters, used when no filter but `status` applies. */
  counter: C,
) {
  const status =
    f.status === "open"
      ? isNull(comments.resolvedAt)
      : f.status === "resolved"
        ? isNotNull(comments.resolvedAt)
        : undefined;
  const base = and(
    place,
    status,
    f.targetPage !== undefined ? eq(comments.targetPage, f.targetPage) : undefined,
    f.authors?.length ? inArray(comments.postedBy, f.authors) : undefined,
  );
  const keyed = o.after
    ? and(base, keysetAfter([comments.postedAt, comments.id], o.after, o.order))
    : base;
  const dir = o.order === "asc" ? asc : desc;
  const ids = db
    .select({ id: comments.id })
    .from(comments)
    .where(keyed)
    .orderBy(dir(comments.postedAt), dir(comments.id))
    .limit(o.limit + 1);
  return [
    commentRowsQuery(db)
      .where(keyed)
      .orderBy(dir(comments.postedAt), dir(comments.id))
      .limit(o.limit + 1),
    f.targetPage === undefined && !f.authors?.length
      ? counter
      : db.select({ n: count() }).from(comments).where(base),
    reactionsQuery(db, sql`${ids}`),
    repliersQuery(db, sql`${ids}`),
  ] as const;
}

/** A page of a comment's replies, oldest first, with the count and the page's reactions. */
export function replyListQueries(
  db: Database,
  commentId: string,
  limit: number,
  after?: CursorKey,
) {
  const mine = eq(commentReplies.commentId, commentId);
  const keyed = after
    ? and(mine, keysetAfter([commentReplies.postedAt, commentReplies.id], after, "asc"))
    : mine;
  const order = [asc(commentReplies.postedAt), asc(commentReplies.id)] as const;
  const ids = db
    .select({ id: commentReplies.id })
    .from(commentReplies)
    .where(keyed)
    .orderBy(...order)
    .limit(limit + 1);
  return [
    replyRowsQuery(db)
      .where(keyed)
      .orderBy(...order)
      .limit(limit + 1),
    db.select({ n: count() }).from(commentReplies).where(mine),
    reactionsQuery(db, sql`${ids}`),
  ] as const;
}
