import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { CommentRow } from "../../db/schema";
import { changeRequests, commentReplies, comments, spaces, users } from "../../db/schema/index";
import { plan, type Statements } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../lib/pagination";
import {
  crOfPath,
  placeOfPath,
  placeSql,
  type CommentPlace,
  type PlacePath,
} from "../../auth/comment";
import {
  commentRowsQuery,
  reactionsQuery,
  repliersQuery,
  replyRowsQuery,
  type CommentRowsResult,
  type ReactionRows,
  type ReplierRows,
} from "./rows";

/** The statements presenting one comment of the place: row, reactions, repliers. */
function commentReadPlan(db: Database, where: SQL, commentId: string) {
  return plan(
    {
      comment: commentRowsQuery(db)
        .where(and(where, eq(comments.id, commentId)))
        .limit(1),
      reactions: reactionsQuery(db, sql`(${commentId})`),
      repliers: repliersQuery(db, sql`(${commentId})`),
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
      reactions: reactionsQuery(db, sql`(${ids.replyId})`),
    },
    (r) => ({ row: r.reply[0], reactions: r.reactions }),
  );
}

/** The list's `status` filter. */
type CommentStatus = "all" | "open" | "resolved";

/** Comment list filters, with the official parameter names' meanings. */
interface CommentFilters {
  status: CommentStatus;
  targetPage?: string;
  authors?: string[];
}
/** A list page position and direction. */
interface ListOptions {
  order: "asc" | "desc";
  limit: number;
  after?: CursorKey;
}

/**
 * The place's comment count for a status from its counters (`comments_count`, kept by triggers,
 * and `comments_open`): what an unfiltered list answers as `count` without counting rows.
 */
function placeCountQuery(db: Database, path: PlacePath, status: CommentStatus) {
  const cr = crOfPath(path);
  const table = cr === null ? spaces : changeRequests;
  const n =
    status === "open"
      ? sql<number>`${table.commentsOpen}`
      : status === "resolved"
        ? sql<number>`${table.commentsCount} - ${table.commentsOpen}`
        : sql<number>`${table.commentsCount}`;
  const where = cr === null ? eq(spaces.id, path.spaceId) : sql`${changeRequests.id} = (${cr})`;
  return db.select({ n }).from(table).where(where);
}

/**
 * A page of a place's comments in posting order (keyset on posted_at, id; one row past the page)
 * and its count (from the place's counters when no filter but `status` applies), to run in the
 * access check's batch; `commentPagePlan` then reads the page's reactions, repliers and users.
 */
export function commentListPlan(db: Database, path: PlacePath, f: CommentFilters, o: ListOptions) {
  const status =
    f.status === "open"
      ? isNull(comments.resolvedAt)
      : f.status === "resolved"
        ? isNotNull(comments.resolvedAt)
        : undefined;
  const base = and(
    placeOfPath(path),
    status,
    f.targetPage !== undefined ? eq(comments.targetPage, f.targetPage) : undefined,
    f.authors?.length ? inArray(comments.postedBy, f.authors) : undefined,
  );
  const keyed = o.after
    ? and(base, keysetAfter([comments.postedAt, comments.id], o.after, o.order))
    : base;
  const dir = o.order === "asc" ? asc : desc;
  return plan(
    {
      page: db
        .select({ comment: comments })
        .from(comments)
        .where(keyed)
        .orderBy(dir(comments.postedAt), dir(comments.id))
        .limit(o.limit + 1),
      total:
        f.targetPage === undefined && !f.authors?.length
          ? placeCountQuery(db, path, f.status)
          : db.select({ n: count() }).from(comments).where(base),
    },
    (r) => ({ page: r.page, count: r.total[0]?.n ?? 0 }),
  );
}

/** Ids bound in parenthesized lists of at most 90 (D1 allows 100 parameters a statement). */
function idLists(ids: string[]): SQL[] {
  const out: SQL[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const part = ids.slice(i, i + 90).map((id) => sql`${id}`);
    out.push(sql`(${sql.join(part, sql`, `)})`);
  }
  return out;
}

type Person = { id: string; name: string | null; email: string | null; photo: string | null };

/**
 * What a list page's comments need beside their rows, in one round trip after the page (none
 * for an empty page): their reactions and repliers (only of the comments whose counters say they
 * have some, kept by triggers), and their posters and resolvers once per distinct user. Joined
 * into the page's statement instead, they would cost a user row per comment and two more reads
 * of the page's ids. `rows` keeps the row past the page, so the list knows there is a next one.
 */
export function commentPagePlan(db: Database, page: { comment: CommentRow }[], limit: number) {
  const shown = page.slice(0, limit);
  const reacted = idLists(
    shown.filter((p) => p.comment.reactionsCount > 0).map((p) => p.comment.id),
  );
  const replied = idLists(shown.filter((p) => p.comment.repliesCount > 0).map((p) => p.comment.id));
  const people = idLists([
    ...new Set(shown.flatMap((p) => [p.comment.postedBy, p.comment.resolvedBy ?? []].flat())),
  ]);
  const statements: Statements = {};
  reacted.forEach((list, i) => (statements[`reactions${i}`] = reactionsQuery(db, list)));
  replied.forEach((list, i) => (statements[`repliers${i}`] = repliersQuery(db, list)));
  people.forEach(
    (list, i) =>
      (statements[`users${i}`] = db
        .select({
          id: users.id,
          name: users.displayName,
          email: users.email,
          photo: users.photoURL,
        })
        .from(users)
        .where(sql`${users.id} IN ${list}`)),
  );
  return plan(statements, (results) => {
    const all = <T>(name: string, lists: SQL[]) =>
      lists.flatMap((_, i) => results[`${name}${i}`] as unknown as T[]);
    const byId = new Map(all<Person>("users", people).map((u) => [u.id, u] as const));
    const person = (id: string | null) => {
      const u = id ? byId.get(id) : undefined;
      return { name: u?.name ?? null, email: u?.email ?? null, photo: u?.photo ?? null };
    };
    const rows: CommentRowsResult = page.map(({ comment }) => ({
      comment,
      poster: person(comment.postedBy),
      resolver: person(comment.resolvedBy),
    }));
    return {
      rows,
      reactions: all<ReactionRows[number]>("reactions", reacted),
      repliers: all<ReplierRows[number]>("repliers", replied),
    };
  });
}

/**
 * A page of a comment's replies, oldest first (one row past the page), with the count and the
 * page's reactions.
 */
export function replyListPlan(db: Database, commentId: string, limit: number, after?: CursorKey) {
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
  return plan(
    {
      replies: replyRowsQuery(db)
        .where(keyed)
        .orderBy(...order)
        .limit(limit + 1),
      total: db.select({ n: count() }).from(commentReplies).where(mine),
      reactions: reactionsQuery(db, sql`${ids}`),
    },
    (r) => ({ rows: r.replies, count: r.total[0]?.n ?? 0, reactions: r.reactions }),
  );
}
