import type { CommentRow } from "../../db/schema";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { commentReplies, comments, users } from "../../db/schema/index";
import { keysetAfter, type CursorKey } from "../../lib/pagination";
import {
  commentRowsQuery,
  reactionsQuery,
  repliersQuery,
  replyRowsQuery,
  type CommentRowsResult,
  type ReactionRows,
  type ReplierRows,
} from "./comments";

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
 * A page of a place's comments in posting order (keyset on posted_at, id) and its count, to run
 * in the access check's batch; `pageExtras` then reads the page's reactions and repliers.
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
  return [
    db
      .select({ comment: comments })
      .from(comments)
      .where(keyed)
      .orderBy(dir(comments.postedAt), dir(comments.id))
      .limit(o.limit + 1),
    f.targetPage === undefined && !f.authors?.length
      ? counter
      : db.select({ n: count() }).from(comments).where(base),
  ] as const;
}

/**
 * What a list page's comments need beside their rows, in one round trip after the page: their
 * reactions and repliers (only of the comments whose counters say they have some, kept by
 * triggers), and their posters and resolvers once per distinct user
 * (ids bound in chunks under D1's 100 parameters). Joined into the page's statement instead,
 * they would cost a user row per comment and two more reads of the page's ids.
 */
export async function pageExtras(
  db: Database,
  page: { comment: CommentRow }[],
): Promise<{ rows: CommentRowsResult; reactions: ReactionRows; repliers: ReplierRows }> {
  if (page.length === 0) return { rows: [], reactions: [], repliers: [] };
  const lists = (ids: string[]) => {
    const out: SQL[] = [];
    for (let i = 0; i < ids.length; i += 90) {
      const part = ids.slice(i, i + 90).map((id) => sql`${id}`);
      out.push(sql`(${sql.join(part, sql`, `)})`);
    }
    return out;
  };
  const reacted = lists(page.filter((p) => p.comment.reactionsCount > 0).map((p) => p.comment.id));
  const replied = lists(page.filter((p) => p.comment.repliesCount > 0).map((p) => p.comment.id));
  const people = [
    ...new Set(page.flatMap((p) => [p.comment.postedBy, p.comment.resolvedBy ?? []].flat())),
  ];
  const userLists = lists(people);
  const [first, ...rest] = [
    ...reacted.map((list) => reactionsQuery(db, list)),
    ...replied.map((list) => repliersQuery(db, list)),
    ...userLists.map((list) =>
      db
        .select({
          id: users.id,
          name: users.displayName,
          email: users.email,
          photo: users.photoURL,
        })
        .from(users)
        .where(sql`${users.id} IN ${list}`),
    ),
  ];
  const results = (await db.batch([first!, ...rest])) as unknown[];
  const [a, b] = [reacted.length, reacted.length + replied.length];
  type Person = { id: string; name: string | null; email: string | null; photo: string | null };
  const byId = new Map((results.slice(b).flat() as Person[]).map((u) => [u.id, u] as const));
  const person = (id: string | null) => {
    const u = id ? byId.get(id) : undefined;
    return { name: u?.name ?? null, email: u?.email ?? null, photo: u?.photo ?? null };
  };
  return {
    rows: page.map(({ comment }) => ({
      comment,
      poster: person(comment.postedBy),
      resolver: person(comment.resolvedBy),
    })),
    reactions: results.slice(0, a).flat() as ReactionRows,
    repliers: results.slice(a, b).flat() as ReplierRows,
  };
}

/**
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
