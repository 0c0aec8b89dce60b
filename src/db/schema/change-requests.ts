import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Change request statuses of the official ChangeRequestStatus enum. */
export type ChangeRequestStatus = "draft" | "open" | "archived" | "merged";

/**
 * Change requests: a line of their own forked from main at `baseSeq` (moved by update-from-main),
 * with the working head at `seq`. `number` increments per space.
 */
export const changeRequests = sqliteTable(
  "change_requests",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id").notNull(),
    number: integer("number").notNull(),
    status: text("status").$type<ChangeRequestStatus>().notNull(),
    subject: text("subject").notNull().default(""),
    description: text("description", { mode: "json" }).$type<Record<string, unknown>>(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    lineId: text("line_id").notNull(),
    seq: integer("seq").notNull(),
    baseSeq: integer("base_seq").notNull(),
    revisionId: text("revision_id").notNull(),
    revisionInitial: text("revision_initial").notNull(),
    revisionMergedAncestor: text("revision_merged_ancestor"),
    revisionMerged: text("revision_merged"),
    mergedBy: text("merged_by"),
    mergedAt: text("merged_at"),
    commentsOpen: integer("comments_open").notNull().default(0),
    /** Comments on the change request, kept by triggers (migration 0004). */
    commentsCount: integer("comments_count").notNull().default(0),
    conversationsIssuesCluster: text("conversations_issues_cluster"),
    /** Conversations tied to the change request (migration 0012, src/services/conversations). */
    conversationsCount: integer("conversations_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("change_requests_number_idx").on(t.spaceId, t.number),
    index("change_requests_list_idx").on(t.spaceId, t.status, t.createdAt, t.id),
    index("change_requests_author_idx").on(t.createdBy),
  ],
);

/** Who has contributed to a change request (for the contributor filter). */
export const changeRequestContributors = sqliteTable(
  "change_request_contributors",
  {
    changeRequestId: text("change_request_id").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [
    uniqueIndex("cr_contributors_idx").on(t.changeRequestId, t.userId),
    index("cr_contributors_user_idx").on(t.userId),
  ],
);

/** Reviewers requested on a change request (for the requested-reviewer filter and merge rules). */
export const changeRequestReviewers = sqliteTable(
  "change_request_reviewers",
  {
    changeRequestId: text("change_request_id").notNull(),
    userId: text("user_id").notNull(),
    requestedAt: text("requested_at").notNull(),
    approvedAt: text("approved_at"),
    /** Who asked for the review (migration 0018; null on rows written before it). */
    requestedBy: text("requested_by"),
    /** The change request's head revision when the review was asked for (migration 0018). */
    revisionId: text("revision_id"),
  },
  (t) => [
    uniqueIndex("cr_reviewers_idx").on(t.changeRequestId, t.userId),
    index("cr_reviewers_user_idx").on(t.userId),
  ],
);

/** Official ChangeRequestReviewStatus. */
export type ChangeRequestReviewStatus = "approved" | "changes-requested";

/**
 * Reviews submitted on a change request (official ChangeRequestReview): a reviewer's decision on
 * the head revision they saw, with the requester of the review (if requested) and an optional
 * comment posted on the change request with it. Never updated: a new review supersedes.
 */
export const changeRequestReviews = sqliteTable(
  "change_request_reviews",
  {
    id: text("id").primaryKey(),
    changeRequestId: text("change_request_id").notNull(),
    reviewerId: text("reviewer_id").notNull(),
    requestedBy: text("requested_by"),
    status: text("status").$type<ChangeRequestReviewStatus>().notNull(),
    revisionId: text("revision_id").notNull(),
    commentId: text("comment_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("cr_reviews_list_idx").on(t.changeRequestId, t.createdAt, t.id),
    index("cr_reviews_reviewer_idx").on(t.changeRequestId, t.reviewerId, t.createdAt),
  ],
);

/**
 * The live co-editing rooms open on a change request's pages (src/collab): a row while a room
 * has people or unsaved edits. A content batch reads the rows of the pages it wrote in its own
 * batch (no extra round trip) and tells only those rooms to take the new Document in.
 */
export const liveRooms = sqliteTable(
  "live_rooms",
  {
    changeRequestId: text("change_request_id").notNull(),
    pageId: text("page_id").notNull(),
    openedAt: text("opened_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeRequestId, t.pageId] })],
);
