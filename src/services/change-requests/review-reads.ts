import { and, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import type { ChangeRequestReviewRow, CommentRow, RequestedReviewerRow } from "../../db/schema";
import {
  changeRequestReviewers,
  changeRequestReviews,
  comments,
  users,
} from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter } from "../../http/pagination";
import { changeRequestIdSql } from "../../auth/change-request";
import type { UserLike } from "../../api/users";
import { userColumns } from "../../db/joined-user";

const reviewer = alias(users, "reviewer");
const requester = alias(users, "requester");
const requested = alias(users, "requested");

/** A joined user's columns as read (all null: the user is gone). */
interface UserColumns {
  name: string | null;
  email: string | null;
  photo: string | null;
}

/** The user a row names, from its joined columns (undefined when the row names nobody). */
function userFrom(id: string | null, u: UserColumns): UserLike | undefined {
  if (id === null) return undefined;
  return { id, displayName: u.name ?? "Unknown user", email: u.email ?? "", photoURL: u.photo };
}

/**
 * SQL: whether review `r` is outdated. A review is outdated once the change request's head moved
 * past the revision it was made on, or the same reviewer reviewed again, or they were asked to
 * review again after it: only a review that is not outdated speaks for the content as it is.
 */
export function outdatedSql(r: typeof changeRequestReviews = changeRequestReviews): SQL<number> {
  return sql<number>`(${r.revisionId} <> (SELECT c.revision_id FROM change_requests c
      WHERE c.id = ${r.changeRequestId})
    OR EXISTS (SELECT 1 FROM change_request_reviews n
      WHERE n.change_request_id = ${r.changeRequestId} AND n.reviewer_id = ${r.reviewerId}
        AND (n.created_at > ${r.createdAt} OR (n.created_at = ${r.createdAt} AND n.id > ${r.id})))
    OR EXISTS (SELECT 1 FROM change_request_reviewers q
      WHERE q.change_request_id = ${r.changeRequestId} AND q.user_id = ${r.reviewerId}
        AND q.requested_at > ${r.createdAt}))`;
}

/** A review as read: its row, its people, whether it is outdated. */
interface ReviewItem {
  review: ChangeRequestReviewRow;
  reviewer: UserLike;
  requestedBy?: UserLike;
  outdated: boolean;
}

/** The review columns with the reviewer's and requester's, each under a distinct name. */
const reviewColumns = {
  review: changeRequestReviews,
  outdated: outdatedSql().as("review_outdated"),
  reviewer: userColumns(reviewer, "reviewer"),
  requester: userColumns(requester, "requester"),
};

interface ReviewSelectRow {
  review: ChangeRequestReviewRow;
  outdated: number;
  reviewer: UserColumns;
  requester: UserColumns;
}

function reviewItem(r: ReviewSelectRow): ReviewItem {
  const requestedBy = userFrom(r.review.requestedBy, r.requester);
  return {
    review: r.review,
    reviewer: userFrom(r.review.reviewerId, r.reviewer)!,
    ...(requestedBy ? { requestedBy } : {}),
    outdated: Boolean(Number(r.outdated)),
  };
}

/** Reviews with their people, filtered by `where`. */
function reviewRows(db: Database, where: SQL | undefined) {
  return db
    .select(reviewColumns)
    .from(changeRequestReviews)
    .leftJoin(reviewer, eq(reviewer.id, changeRequestReviews.reviewerId))
    .leftJoin(requester, eq(requester.id, changeRequestReviews.requestedBy))
    .where(where);
}

/** The path of a change request (space and id or number), as the routes have it. */
interface ChangeRequestPath {
  spaceId: string;
  changeRequestId: string;
}

/** SQL matching the reviews of the path's change request, before it is loaded. */
function ofChangeRequest(path: ChangeRequestPath): SQL {
  return sql`${changeRequestReviews.changeRequestId} = (${changeRequestIdSql(
    path.spaceId,
    path.changeRequestId,
  )})`;
}

/** The comments the reviews selected by `ids` (a subquery of comment ids) posted. */
function commentsOf(db: Database, ids: SQLWrapper) {
  return db.select().from(comments).where(inArray(comments.id, ids));
}

/** Filters and page of the review list. */
interface ReviewListOptions {
  outdated?: boolean;
  limit: number;
  after?: readonly [string, string];
}

/** The review list's keyset columns: newest first, ties broken by id. */
const REVIEW_KEYS = [changeRequestReviews.createdAt, changeRequestReviews.id] as const;

/**
 * The plan of a change request's review list, to run in its access check's batch: a page
 * (newest first, one row past it), the exact count for the filter, and the page's comments.
 */
export function reviewListPlan(db: Database, path: ChangeRequestPath, o: ReviewListOptions) {
  const filter =
    o.outdated === undefined ? undefined : sql`${outdatedSql()} = ${o.outdated ? 1 : 0}`;
  const base = and(ofChangeRequest(path), filter);
  const where = and(base, o.after ? keysetAfter(REVIEW_KEYS, o.after, "desc") : undefined);
  const order = REVIEW_KEYS.map((k) => desc(k));
  const pageIds = db
    .select({ id: changeRequestReviews.commentId })
    .from(changeRequestReviews)
    .where(where)
    .orderBy(...order)
    .limit(o.limit + 1);
  return plan(
    {
      page: reviewRows(db, where)
        .orderBy(...order)
        .limit(o.limit + 1),
      total: db.select({ n: count() }).from(changeRequestReviews).where(base),
      comments: commentsOf(db, pageIds),
    },
    (r) => ({
      rows: (r.page as ReviewSelectRow[]).map(reviewItem),
      count: r.total[0]?.n ?? 0,
      comments: r.comments as CommentRow[],
    }),
  );
}

/** The plan reading one review of the path's change request (undefined: none) and its comment. */
export function reviewPlan(db: Database, path: ChangeRequestPath, reviewId: string) {
  const where = and(ofChangeRequest(path), eq(changeRequestReviews.id, reviewId));
  const ids = db
    .select({ id: changeRequestReviews.commentId })
    .from(changeRequestReviews)
    .where(where);
  return plan({ review: reviewRows(db, where).limit(1), comments: commentsOf(db, ids) }, (r) => {
    const row = (r.review as ReviewSelectRow[])[0];
    return { row: row ? reviewItem(row) : undefined, comments: r.comments as CommentRow[] };
  });
}

/** A requested reviewer as read: the request and its people. */
interface RequestedItem {
  request: RequestedReviewerRow;
  user: UserLike;
  requestedBy?: UserLike;
}

interface RequestedSelectRow {
  request: RequestedReviewerRow;
  user: UserColumns;
  requester: UserColumns;
}

/** Requested reviewers with their people, filtered by `where`. */
function requestedRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      request: changeRequestReviewers,
      user: userColumns(requested, "requested"),
      requester: userColumns(requester, "requester"),
    })
    .from(changeRequestReviewers)
    .leftJoin(requested, eq(requested.id, changeRequestReviewers.userId))
    .leftJoin(requester, eq(requester.id, changeRequestReviewers.requestedBy))
    .where(where);
}

function requestedItem(r: RequestedSelectRow): RequestedItem {
  const requestedBy = userFrom(r.request.requestedBy, r.requester);
  return {
    request: r.request,
    user: userFrom(r.request.userId, r.user)!,
    ...(requestedBy ? { requestedBy } : {}),
  };
}

/** The requested-reviewer list's keyset columns: oldest request first, ties broken by user. */
const REQUESTED_KEYS = [changeRequestReviewers.requestedAt, changeRequestReviewers.userId] as const;

/** The plan of a change request's requested reviewers: a page (one row past it) and the count. */
export function requestedListPlan(
  db: Database,
  path: ChangeRequestPath,
  o: { limit: number; after?: readonly [string, string] },
) {
  const base = sql`${changeRequestReviewers.changeRequestId} = (${changeRequestIdSql(
    path.spaceId,
    path.changeRequestId,
  )})`;
  const where = and(base, o.after ? keysetAfter(REQUESTED_KEYS, o.after, "asc") : undefined);
  return plan(
    {
      page: requestedRows(db, where)
        .orderBy(...REQUESTED_KEYS)
        .limit(o.limit + 1),
      total: db.select({ n: count() }).from(changeRequestReviewers).where(base),
    },
    (r) => ({
      rows: (r.page as RequestedSelectRow[]).map(requestedItem),
      count: r.total[0]?.n ?? 0,
    }),
  );
}

/** The requested reviewers of a change request among `userIds`, with their people. */
export function requestedOfUsers(db: Database, changeRequestId: string, userIds: string[]) {
  return requestedRows(
    db,
    and(
      eq(changeRequestReviewers.changeRequestId, changeRequestId),
      inArray(changeRequestReviewers.userId, userIds),
    ),
  );
}

/** The rows `requestedOfUsers` reads, as items. */
export function requestedItems(rows: unknown[]): RequestedItem[] {
  return (rows as RequestedSelectRow[]).map(requestedItem);
}

/** One review read back by id (after its insert), with its people. */
export function reviewById(db: Database, reviewId: string) {
  return reviewRows(db, eq(changeRequestReviews.id, reviewId)).limit(1);
}

/** The rows `reviewById` reads, as an item. */
export function reviewItems(rows: unknown[]): ReviewItem[] {
  return (rows as ReviewSelectRow[]).map(reviewItem);
}

/**
 * Whether the caller (their user id as SQL, `callerUserId`) is a requested reviewer of the path's
 * change request: a statement for the access check's batch.
 */
export function callerRequestedPlan(db: Database, path: ChangeRequestPath, callerId: SQL) {
  return plan(
    {
      callerRequested: db
        .select({ userId: changeRequestReviewers.userId })
        .from(changeRequestReviewers)
        .where(
          and(
            sql`${changeRequestReviewers.changeRequestId} = (${changeRequestIdSql(
              path.spaceId,
              path.changeRequestId,
            )})`,
            sql`${changeRequestReviewers.userId} = (${callerId})`,
          ),
        )
        .limit(1),
    },
    (r) => r.callerRequested.length > 0,
  );
}
