import type { Urls } from "../http/urls";
import type { Comment } from "../api/comments";
import type { ChangeRequestReview, RequestedReviewer } from "../api/reviews";
import type { UserLike } from "../api/users";
import type { ChangeRequestReviewRow, RequestedReviewerRow } from "../db/schema";
import { changeRequestPath } from "./change-request";
import { presentUser } from "./user";

/** What a review is presented from: its row, its people, whether it is outdated. */
interface ReviewView {
  review: ChangeRequestReviewRow;
  reviewer: UserLike;
  requestedBy?: UserLike;
  outdated: boolean;
}

/** What a requested reviewer is presented from: the request and its people. */
interface RequestedView {
  request: RequestedReviewerRow;
  user: UserLike;
  requestedBy?: UserLike;
}

/** The API location of a review. */
function reviewPath(spaceId: string, changeRequestId: string, reviewId: string): string {
  return `${changeRequestPath(spaceId, changeRequestId)}/reviews/${reviewId}`;
}

/**
 * A presenter of a change request's reviews: each with its comment (already presented, by id;
 * a deleted comment is left out). A review is never edited, so `updatedAt` is `createdAt`.
 */
export function reviewPresenter(
  urls: Urls,
  spaceId: string,
  comments: ReadonlyMap<string, Comment>,
) {
  return (item: ReviewView): ChangeRequestReview => {
    const row = item.review;
    const comment = row.commentId !== null ? comments.get(row.commentId) : undefined;
    return {
      object: "change-request-review",
      id: row.id,
      revision: row.revisionId,
      reviewer: presentUser(urls, item.reviewer),
      ...(item.requestedBy ? { requestedBy: presentUser(urls, item.requestedBy) } : {}),
      status: row.status,
      outdated: item.outdated,
      ...(comment ? { comment } : {}),
      createdAt: row.createdAt,
      updatedAt: row.createdAt,
      urls: { location: urls.api(reviewPath(spaceId, row.changeRequestId, row.id)) },
    };
  };
}

/**
 * A requested reviewer. A request written before requests kept their requester and revision
 * (migration 0018) shows the change request's author and head, its best knowledge of both.
 */
export function requestedPresenter(urls: Urls, cr: { author: UserLike; revision: string }) {
  return (item: RequestedView): RequestedReviewer => ({
    object: "change-request-requested-reviewer",
    revision: item.request.revisionId ?? cr.revision,
    requestedBy: presentUser(urls, item.requestedBy ?? cr.author),
    createdAt: item.request.requestedAt,
    kind: "user",
    user: presentUser(urls, item.user),
  });
}
