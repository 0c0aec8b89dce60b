import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { commentReactions, commentReplies, comments, users } from "../../db/schema/index";
import { userColumns } from "../../db/joined-user";

const poster = alias(users, "poster");
const resolver = alias(users, "resolver");

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

/** A reaction's columns with its user's, as the reaction statements select them. */
export function reactionFields() {
  return {
    targetId: commentReactions.targetId,
    emoji: commentReactions.emoji,
    reactedAt: commentReactions.reactedAt,
    userId: commentReactions.userId,
    user: userColumns(users, "user"),
  };
}

/** Reactions oldest first, in insertion order within one request. */
export const REACTION_ORDER = [asc(commentReactions.reactedAt), sql`${commentReactions}.rowid`];

/** A replier's columns (per comment and user: count, latest reply time) with the user's. */
export function replierFields() {
  return {
    commentId: commentReplies.commentId,
    userId: commentReplies.postedBy,
    count: sql<number>`count(*)`.as("n"),
    updatedAt:
      sql<string>`max(coalesce(${commentReplies.editedAt}, ${commentReplies.postedAt}))`.as(
        "updated_at",
      ),
    user: userColumns(users, "user"),
  };
}

// Rows of the statements above, as presenters receive them.
/** Comment rows. */
export type CommentRowsResult = Awaited<ReturnType<ReturnType<typeof commentRowsQuery>["all"]>>;
