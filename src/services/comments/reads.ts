import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { CommentRow } from "../../db/schema";
import { commentReplies, comments } from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter } from "../../http/pagination";
import { placeOfPath, placeSql, type CommentPlace, type PlacePath } from "../../auth/comment";
import { commentRowsQuery, replyRowsQuery, type CommentRowsResult } from "./rows";
import { commentListStatements, type CommentFilters, type ListOptions } from "./list-statements";
import {
  pageExtraPlan,
  reactionsStatement,
  repliersStatement,
  replyPageReactionsStatement,
} from "./extra-statements";

/** The statements presenting one comment of the place: row, reactions, repliers. */
function commentReadPlan(db: Database, where: SQL, commentId: string) {
  return plan(
    {
      comment: commentRowsQuery(db)
        .where(and(where, eq(comments.id, commentId)))
        .limit(1),
      reactions: reactionsStatement(db, [commentId]),
      repliers: repliersStatement(db, [commentId]),
    },
    (r) => ({ row: r.comment[0], reactions: r.reactions, repliers: r.repliers }),
  );
}

/** One comment of the path's place with its reactions and repliers (row undefined: absent). */
export function commentPlan(db: Database, path: PlacePath, commentId: string) {
  return commentReadPlan(db, placeOfPath(path), commentId);
}

/** One comment of a resolved place, read back after a write. */
export function placeCommentPlan(db: Database, place: CommentPlace, commentId: string) {
  return commentReadPlan(db, placeSql(place.spaceId, place.changeRequestId), commentId);
}

/** The reply and its reactions, when the reply belongs to the comment of the path's place. */
export function replyPlan(
  db: Database,
  path: PlacePath,
  ids: { commentId: string; replyId: string },
) {
  const inPlace = sql`SELECT ${comments.id} FROM ${comments} WHERE ${and(placeOfPath(path), eq(comments.id, ids.commentId))}`;
  return plan(
    {
      reply: replyRowsQuery(db)
        .where(
          and(eq(commentReplies.id, ids.replyId), sql`${commentReplies.commentId} IN (${inPlace})`),
        )
        .limit(1),
      reactions: reactionsStatement(db, [ids.replyId]),
    },
    (r) => ({ row: r.reply[0], reactions: r.reactions }),
  );
}

/**
 * A page of a place's comments in posting order (keyset on posted_at, id; one row past the page)
 * and its count (from the place's counters when no filter but `status` applies), to run in the
 * access check's batch; `commentPagePlan` then reads the page's reactions, repliers and users.
 * Both statements are prepared (`list-statements.ts`).
 */
export function commentListPlan(db: Database, path: PlacePath, f: CommentFilters, o: ListOptions) {
  return plan(commentListStatements(db, path, f, o), (r) => ({
    page: r.page,
    count: r.total[0]?.n ?? 0,
  }));
}

/**
 * What a list page's comments need beside their rows, in one round trip after the page (none
 * for an empty page): their reactions and repliers (only of the comments whose counters say they
 * have some, kept by triggers), and their posters and resolvers once per distinct user. Joined
 * into the page's statement instead, they would cost a user row per comment and two more reads
 * of the page's ids. `rows` keeps the row past the page, so the list knows there is a next one.
 */
export function commentPagePlan(db: Database, page: { comment: CommentRow }[], limit: number) {
  const shown = page.slice(0, limit).map((p) => p.comment);
  const extra = pageExtraPlan(db, {
    reacted: shown.filter((c) => c.reactionsCount > 0).map((c) => c.id),
    replied: shown.filter((c) => c.repliesCount > 0).map((c) => c.id),
    people: [
      ...new Set(shown.flatMap((c) => (c.resolvedBy ? [c.postedBy, c.resolvedBy] : [c.postedBy]))),
    ],
  });
  return plan(extra.statements, (results) => {
    const { reactions, repliers, people } = extra.finish(results);
    const byId = new Map(people.map((u) => [u.id, u] as const));
    const person = (id: string | null) => {
      const u = id ? byId.get(id) : undefined;
      return { name: u?.name ?? null, email: u?.email ?? null, photo: u?.photo ?? null };
    };
    const rows: CommentRowsResult = page.map(({ comment }) => ({
      comment,
      poster: person(comment.postedBy),
      resolver: person(comment.resolvedBy),
    }));
    return { rows, reactions, repliers };
  });
}

/**
 * A page of a comment's replies, oldest first (one row past the page), with the count and the
 * page's reactions.
 */
export function replyListPlan(
  db: Database,
  commentId: string,
  limit: number,
  after?: readonly [string, string],
) {
  const mine = eq(commentReplies.commentId, commentId);
  const keyed = after
    ? and(mine, keysetAfter([commentReplies.postedAt, commentReplies.id], after, "asc"))
    : mine;
  const order = [asc(commentReplies.postedAt), asc(commentReplies.id)] as const;
  return plan(
    {
      replies: replyRowsQuery(db)
        .where(keyed)
        .orderBy(...order)
        .limit(limit + 1),
      total: db.select({ n: count() }).from(commentReplies).where(mine),
      reactions: replyPageReactionsStatement(db, commentId, limit + 1, after),
    },
    (r) => ({ rows: r.replies, count: r.total[0]?.n ?? 0, reactions: r.reactions }),
  );
}
