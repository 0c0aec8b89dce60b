import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { nowIso } from "../../lib/clock";
import {
  changeRequests,
  commentReactions,
  commentReplies,
  comments,
  spaces,
} from "../../db/schema/index";
import type { ReplyRow } from "../../db/schema";
import { plan, type Statements } from "../../db/plan";
import { documentFromInput, markdownOf } from "../../content/documents";
import type { CommentBodyValue } from "../../api/comments";
import type { CommentPlace, PlacePath } from "../../auth/comment";
import { placeCommentPlan, replyPlan } from "./reads";
import { replyRowsQuery } from "./rows";

/** A body as comments and replies store it: the canonical JSON Document and its markdown. */
export interface StoredBody {
  body: string;
  markdown: string;
}

/**
 * The markdown a read returns for a stored body, without the trailing newline pages carry;
 * written beside the body so reads do not render it (the presenter renders rows without it).
 */
function bodyMarkdown(body: string): string {
  return markdownOf(body).replace(/\n+$/, "");
}

/** A body input as comments store it: the canonical JSON Document string and its markdown. */
export function storedBody(input: CommentBodyValue, field: string): StoredBody {
  const body = JSON.stringify(documentFromInput(input, field, { wantTitle: false }).document);
  return { body, markdown: bodyMarkdown(body) };
}

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

/**
 * Posts a comment (open, its markdown beside its body) and counts it, in one batch; finishes
 * with the stored row.
 */
export function createCommentPlan(
  db: Database,
  place: CommentPlace,
  row: typeof comments.$inferInsert & StoredBody,
) {
  return plan(
    { comment: db.insert(comments).values(row).returning(), counter: counterStep(db, place, "+") },
    (r) => r.comment[0]!,
  );
}

/** What an update asks for; the route has checked who may do each part. */
interface CommentChange {
  body?: StoredBody;
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
  const steps: Statements = {};
  if (change.added.length) {
    const emojis = JSON.stringify(change.added);
    const exists = sql`EXISTS (SELECT 1 FROM ${sql.raw(target.table)} WHERE id = ${target.id})`;
    const rows = sql`SELECT ${target.id}, ${target.commentId}, ${userId}, value, ${now}
      FROM json_each(${emojis}) WHERE ${exists}`;
    steps.addReactions = db.insert(commentReactions).select(rows).onConflictDoNothing();
  }
  if (change.removed.length) {
    steps.removeReactions = db
      .delete(commentReactions)
      .where(
        and(
          eq(commentReactions.targetId, target.id),
          eq(commentReactions.userId, userId),
          inArray(commentReactions.emoji, change.removed),
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
export function updateCommentPlan(
  db: Database,
  place: CommentPlace,
  commentId: string,
  userId: string,
  change: CommentChange,
) {
  const now = nowIso();
  const id = eq(comments.id, commentId);
  const steps: Statements = {};
  if (change.body !== undefined) {
    steps.body = db
      .update(comments)
      .set({ ...change.body, editedAt: now })
      .where(and(id, eq(comments.postedBy, userId)));
  }
  if (change.resolved !== undefined) {
    const resolve = change.resolved;
    steps.resolve = db
      .update(comments)
      .set(
        resolve ? { resolvedAt: now, resolvedBy: userId } : { resolvedAt: null, resolvedBy: null },
      )
      .where(and(id, resolve ? isNull(comments.resolvedAt) : isNotNull(comments.resolvedAt)));
    steps.counter = counterStep(db, place, resolve ? "-" : "+");
  }
  const target = { id: commentId, commentId, table: "comments" as const };
  const read = placeCommentPlan(db, place, commentId);
  return plan(
    { ...steps, ...reactionSteps(db, target, userId, change, now), ...read.statements },
    (r) => read.finish(r),
  );
}

/**
 * Deletes a comment with its replies and every reaction of its thread in one batch; the open
 * counter drops by `changes()` of deleting it while open, so a resolved comment leaves it alone.
 */
export function deleteCommentPlan(db: Database, place: CommentPlace, commentId: string) {
  const id = eq(comments.id, commentId);
  return plan(
    {
      open: db.delete(comments).where(and(id, isNull(comments.resolvedAt))),
      counter: counterStep(db, place, "-"),
      comment: db.delete(comments).where(id),
      replies: db.delete(commentReplies).where(eq(commentReplies.commentId, commentId)),
      reactions: db.delete(commentReactions).where(eq(commentReactions.commentId, commentId)),
    },
    () => undefined,
  );
}

/**
 * Posts a reply (its markdown beside its body) if its comment still exists, and reads it back
 * (undefined: the comment is gone).
 */
export function createReplyPlan(db: Database, row: Omit<ReplyRow, "markdown"> & StoredBody) {
  return plan(
    {
      insert: db.insert(commentReplies).select(
        sql`SELECT ${row.id}, id, ${row.postedBy}, ${row.postedAt}, NULL, ${row.body},
          ${row.markdown}
        FROM comments WHERE id = ${row.commentId}`,
      ),
      reply: replyRowsQuery(db).where(eq(commentReplies.id, row.id)).limit(1),
    },
    (r) => r.reply[0],
  );
}

/** Updates a reply's body (author only) and the caller's reactions, then reads it back. */
export function updateReplyPlan(
  db: Database,
  path: PlacePath,
  reply: { id: string; commentId: string },
  userId: string,
  change: CommentChange,
) {
  const now = nowIso();
  const own = and(eq(commentReplies.id, reply.id), eq(commentReplies.postedBy, userId));
  const target = { id: reply.id, commentId: reply.commentId, table: "comment_replies" as const };
  const steps: Statements = {};
  if (change.body !== undefined) {
    steps.body = db
      .update(commentReplies)
      .set({ ...change.body, editedAt: now })
      .where(own);
  }
  const read = replyPlan(db, path, { commentId: reply.commentId, replyId: reply.id });
  return plan(
    { ...steps, ...reactionSteps(db, target, userId, change, now), ...read.statements },
    (r) => read.finish(r),
  );
}

/** Deletes a reply and its reactions in one batch. */
export function deleteReplyPlan(db: Database, replyId: string) {
  return plan(
    {
      reply: db.delete(commentReplies).where(eq(commentReplies.id, replyId)),
      reactions: db.delete(commentReactions).where(eq(commentReactions.targetId, replyId)),
    },
    () => undefined,
  );
}
