import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { nowIso } from "../../lib/clock";
import {
  changeRequests,
  commentReactions,
  commentReplies,
  comments,
  spaces,
  users,
} from "../../db/schema/index";
import type { ReplyRow } from "../../db/schema";

/** Where comments live: a space's main content, or one change request (null: main). */
export interface CommentPlace {
  spaceId: string;
  changeRequestId: string | null;
}
const poster = alias(users, "poster");
const resolver = alias(users, "resolver");

/**
 * A joined user's columns under names unique in the statement (D1 returns rows keyed by column
 * name, so two `display_name` columns would collapse); all null when the user is gone.
 */
function userColumns(
  t: { displayName: SQLWrapper; email: SQLWrapper; photoURL: SQLWrapper },
  prefix: string,
) {
  return {
    name: sql<string | null>`${t.displayName}`.as(`${prefix}_name`),
    email: sql<string | null>`${t.email}`.as(`${prefix}_email`),
    photo: sql<string | null>`${t.photoURL}`.as(`${prefix}_photo`),
  };
}

/** A comment row with its poster's and resolver's columns. */
export function commentRowsQuery(db: Database) {
  return db
    .select({
      comment: comments,
      poster: userColumns(poster, "poster"),
      resolver: userColumns(resolver, "resolver"),
    })
    .from(comments)
    .leftJoin(poster, eq(poster.id, comments.postedBy))
    .leftJoin(resolver, eq(resolver.id, comments.resolvedBy));
}

/** A reply row with its poster's columns. */
export function replyRowsQuery(db: Database) {
  return db
    .select({ reply: commentReplies, poster: userColumns(users, "poster") })
    .from(commentReplies)
    .leftJoin(users, eq(users.id, commentReplies.postedBy));
}

/**
 * The reactions (with their users) on the targets of `ids` (a parenthesized list or subquery),
 * oldest first, in insertion order within one request.
 */
export function reactionsQuery(db: Database, ids: SQL) {
  return db
    .select({
      targetId: commentReactions.targetId,
      emoji: commentReactions.emoji,
      reactedAt: commentReactions.reactedAt,
      userId: commentReactions.userId,
      user: userColumns(users, "user"),
    })
    .from(commentReactions)
    .leftJoin(users, eq(users.id, commentReactions.userId))
    .where(sql`${commentReactions.targetId} IN ${ids}`)
    .orderBy(asc(commentReactions.reactedAt), sql`${commentReactions}.rowid`);
}

/** Per comment of `ids`, each distinct replier with their reply count and latest reply time. */
export function repliersQuery(db: Database, ids: SQL) {
  return db
    .select({
      commentId: commentReplies.commentId,
      userId: commentReplies.postedBy,
      count: sql<number>`count(*)`.as("n"),
      updatedAt:
        sql<string>`max(coalesce(${commentReplies.editedAt}, ${commentReplies.postedAt}))`.as(
          "updated_at",
        ),
      user: userColumns(users, "user"),
    })
    .from(commentReplies)
    .leftJoin(users, eq(users.id, commentReplies.postedBy))
    .where(sql`${commentReplies.commentId} IN ${ids}`)
    .groupBy(commentReplies.commentId, commentReplies.postedBy);
}

// Rows of the statements above, as presenters receive them.
/** Comment rows. */
export type CommentRowsResult = Awaited<ReturnType<ReturnType<typeof commentRowsQuery>["all"]>>;
/** Reaction rows. */
export type ReactionRows = Awaited<ReturnType<ReturnType<typeof reactionsQuery>["all"]>>;
/** Replier rows. */
export type ReplierRows = Awaited<ReturnType<ReturnType<typeof repliersQuery>["all"]>>;
/** Reply rows. */
export type ReplyRowsResult = Awaited<ReturnType<ReturnType<typeof replyRowsQuery>["all"]>>;

/** The open-comments counter of a place, moved by the `changes()` of the statement before it. */
function counterStep(db: Database, place: CommentPlace, sign: "+" | "-") {
  const delta = sign === "+" ? sql`+ changes()` : sql`- changes()`;
  return place.changeRequestId === null
    ? db
        .update(spaces)
        .set({ commentsOpen: sql`${spaces.commentsOpen} ${delta}` })
        .where(eq(spaces.id, place.spaceId))
    : db
        .update(changeRequests)
        .set({ commentsOpen: sql`${changeRequests.commentsOpen} ${delta}` })
        .where(eq(changeRequests.id, place.changeRequestId));
}

/** Posts a comment (open) and counts it, in one batch; returns the stored row. */
export async function createComment(
  db: Database,
  place: CommentPlace,
  row: typeof comments.$inferInsert,
) {
  const [inserted] = await db.batch([
    db.insert(comments).values(row).returning(),
    counterStep(db, place, "+"),
  ]);
  return inserted[0]!;
}

/** Runs the writes, then the reads, in one batch (atomic); returns the reads' results. */
async function writeThenRead<const R extends readonly BatchItem<"sqlite">[]>(
  db: Database,
  steps: BatchItem<"sqlite">[],
  reads: R,
): Promise<{ [K in keyof R]: Awaited<R[K]> }> {
  const all = [...steps, ...reads] as unknown as [BatchItem<"sqlite">];
  const results = await db.batch(all);
  return results.slice(steps.length) as unknown as { [K in keyof R]: Awaited<R[K]> };
}

/** What an update asks for; the route has checked who may do each part. */
export interface CommentChange {
  body?: string;
  resolved?: boolean;
  added: string[];
  removed: string[];
}

/** Statements adding and removing the caller's reactions on a comment or reply (removal wins). */
function reactionSteps(
  db: Database,
  target: { id: string; commentId: string; table: "comments" | "comment_replies" },
  userId: string,
  change: CommentChange,
  now: string,
) {
  const steps: BatchItem<"sqlite">[] = [];
  if (change.added.length) {
    const emojis = JSON.stringify(change.added);
    const exists = sql`EXISTS (SELECT 1 FROM ${sql.raw(target.table)} WHERE id = ${target.id})`;
    const rows = sql`SELECT ${target.id}, ${target.commentId}, ${userId}, value, ${now}
      FROM json_each(${emojis}) WHERE ${exists}`;
    steps.push(db.insert(commentReactions).select(rows).onConflictDoNothing());
  }
  if (change.removed.length) {
    steps.push(
      db
        .delete(commentReactions)
        .where(
          and(
            eq(commentReactions.targetId, target.id),
            eq(commentReactions.userId, userId),
            inArray(commentReactions.emoji, change.removed),
          ),
        ),
    );
  }
  return steps;
}

/**
 * Applies an update in one batch: the body (only the author's own row matches), the resolved
 * state (guarded by the current state, so the open counter moves by `changes()` and stays exact
 * under concurrent requests), the caller's reactions; then reads the comment back.
 */
export async function updateComment<const R extends readonly BatchItem<"sqlite">[]>(
  db: Database,
  place: CommentPlace,
  commentId: string,
  userId: string,
  change: CommentChange,
  reads: R,
) {
  const now = nowIso();
  const id = eq(comments.id, commentId);
  const steps: BatchItem<"sqlite">[] = [];
  if (change.body !== undefined) {
    steps.push(
      db
        .update(comments)
        .set({ body: change.body, editedAt: now })
        .where(and(id, eq(comments.postedBy, userId))),
    );
  }
  if (change.resolved !== undefined) {
    const resolve = change.resolved;
    steps.push(
      db
        .update(comments)
        .set(
          resolve
            ? { resolvedAt: now, resolvedBy: userId }
            : { resolvedAt: null, resolvedBy: null },
        )
        .where(and(id, resolve ? isNull(comments.resolvedAt) : isNotNull(comments.resolvedAt))),
      counterStep(db, place, resolve ? "-" : "+"),
    );
  }
  const target = { id: commentId, commentId, table: "comments" as const };
  steps.push(...reactionSteps(db, target, userId, change, now));
  return writeThenRead(db, steps, reads);
}

/**
 * Deletes a comment with its replies and every reaction of its thread in one batch; the open
 * counter drops by `changes()` of deleting it while open, so a resolved comment leaves it alone.
 */
export async function deleteComment(db: Database, place: CommentPlace, commentId: string) {
  const id = eq(comments.id, commentId);
  await db.batch([
    db.delete(comments).where(and(id, isNull(comments.resolvedAt))),
    counterStep(db, place, "-"),
    db.delete(comments).where(id),
    db.delete(commentReplies).where(eq(commentReplies.commentId, commentId)),
    db.delete(commentReactions).where(eq(commentReactions.commentId, commentId)),
  ]);
}

/** Posts a reply if its comment still exists, and reads it back (empty: the comment is gone). */
export async function createReply(db: Database, row: ReplyRow) {
  const [, rows] = await db.batch([
    db.insert(commentReplies).select(
      sql`SELECT ${row.id}, id, ${row.postedBy}, ${row.postedAt}, NULL, ${row.body}
        FROM comments WHERE id = ${row.commentId}`,
    ),
    replyRowsQuery(db).where(eq(commentReplies.id, row.id)).limit(1),
  ]);
  return rows;
}

/** Updates a reply's body (author only) and the caller's reactions, then reads it back. */
export async function updateReply<const R extends readonly BatchItem<"sqlite">[]>(
  db: Database,
  reply: ReplyRow,
  userId: string,
  change: CommentChange,
  reads: R,
) {
  const now = nowIso();
  const own = and(eq(commentReplies.id, reply.id), eq(commentReplies.postedBy, userId));
  const target = { id: reply.id, commentId: reply.commentId, table: "comment_replies" as const };
  const steps = [
    ...(change.body === undefined
      ? []
      : [db.update(commentReplies).set({ body: change.body, editedAt: now }).where(own)]),
    ...reactionSteps(db, target, userId, change, now),
  ];
  return writeThenRead(db, steps, reads);
}

/** Deletes a reply and its reactions in one batch. */
export async function deleteReply(db: Database, replyId: string) {
  await db.batch([
    db.delete(commentReplies).where(eq(commentReplies.id, replyId)),
    db.delete(commentReactions).where(eq(commentReactions.targetId, replyId)),
  ]);
}
