import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Comments on a space's main content (`changeRequestId` null) or on a change request. `body` is
 * the canonical JSON Document (`markdown` its markdown form); `revisionId` is the revision the
 * target was checked against when the comment was posted. A comment is open while `resolvedAt`
 * is null; the open ones are counted by `spaces.comments_open` / `change_requests.comments_open`,
 * kept exact in the writers' batches.
 */
export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id").notNull(),
    changeRequestId: text("change_request_id"),
    postedBy: text("posted_by").notNull(),
    postedAt: text("posted_at").notNull(),
    editedAt: text("edited_at"),
    body: text("body").notNull(),
    revisionId: text("revision_id").notNull(),
    targetPage: text("target_page"),
    targetNode: text("target_node"),
    tableRecord: text("table_record"),
    tableDefinition: text("table_definition"),
    resolvedAt: text("resolved_at"),
    resolvedBy: text("resolved_by"),
    /** Replies and reactions on the comment itself, kept by triggers (migration 0005): a list
     * page reads the threads of only the comments that have some. */
    repliesCount: integer("replies_count").notNull().default(0),
    reactionsCount: integer("reactions_count").notNull().default(0),
    /** `body` rendered as the markdown a read returns, written with it (null: a row from before
     * migration 0009, rendered on read). */
    markdown: text("markdown"),
  },
  (t) => [
    index("comments_list_idx").on(t.spaceId, t.changeRequestId, t.postedAt, t.id),
    index("comments_page_idx").on(t.spaceId, t.changeRequestId, t.targetPage, t.postedAt),
  ],
);

/** Replies to a comment, listed in posting order; deleting the comment deletes them. */
export const commentReplies = sqliteTable(
  "comment_replies",
  {
    id: text("id").primaryKey(),
    commentId: text("comment_id").notNull(),
    postedBy: text("posted_by").notNull(),
    postedAt: text("posted_at").notNull(),
    editedAt: text("edited_at"),
    body: text("body").notNull(),
    /** `body` as markdown, like `comments.markdown`. */
    markdown: text("markdown"),
  },
  (t) => [index("comment_replies_list_idx").on(t.commentId, t.postedAt, t.id)],
);

/**
 * Emoji reactions on a comment or a reply (`targetId`), one row per (target, user, emoji) so a
 * user's reaction counts once. `commentId` is the comment itself or the reply's comment, so
 * deleting a comment drops every reaction of its thread in one statement.
 */
export const commentReactions = sqliteTable(
  "comment_reactions",
  {
    targetId: text("target_id").notNull(),
    commentId: text("comment_id").notNull(),
    userId: text("user_id").notNull(),
    emoji: text("emoji").notNull(),
    reactedAt: text("reacted_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.targetId, t.userId, t.emoji] }),
    index("comment_reactions_comment_idx").on(t.commentId),
  ],
);
