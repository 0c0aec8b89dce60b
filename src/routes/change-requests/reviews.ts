import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveChangeRequest } from "../../auth/change-request";
import { allowComment } from "../../auth/comment";
import { callerUserId } from "../../auth/caller";
import { forbidden, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { reviewPresenter } from "../../presenters/review";
import { storedBody } from "../../services/comments/writes";
import {
  callerRequestedPlan,
  reviewListPlan,
  reviewPlan,
} from "../../services/change-requests/review-reads";
import { submitReview } from "../../services/change-requests/review-writes";
import { ChangeRequestParams } from "../../api/change-requests";
import {
  ChangeRequestReviewSchema,
  ListReviewsQuery,
  ReviewParams,
  ReviewQuery,
  SubmitReviewBody,
} from "../../api/reviews";
import { presentedComments, REVIEWS } from "./review-steps";

/** The reviews of a change request: list, submit, read one. */
export const reviewRoutes = createRouter();

const TAGS = ["change-requests-reviews"];

reviewRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
    tags: TAGS,
    summary: "List all formal reviews submitted for a change request",
    request: { params: ChangeRequestParams, query: ListReviewsQuery },
    responses: {
      200: jsonResponse(listOf(ChangeRequestReviewSchema), "All reviews for the change request"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const path = c.req.valid("param");
    const q = c.req.valid("query");
    const cursors = REVIEWS.at(c, path.spaceId, path.changeRequestId);
    const after = await cursors.after(q.page);
    const list = reviewListPlan(c.get("db"), path, { outdated: q.outdated, limit: q.limit, after });
    const { results, ...found } = await resolveChangeRequest(
      c,
      path.spaceId,
      path.changeRequestId,
      {
        with: list.statements,
      },
    );
    requireScope(found.caller, "space:read");
    const read = list.finish(results);
    const comments = await presentedComments(c, found, read.comments, q.format);
    const body = await cursors.page({
      rows: read.rows,
      limit: q.limit,
      count: read.count,
      key: (item) => [item.review.createdAt, item.review.id],
      present: reviewPresenter(urlsOf(c), found.space.id, comments),
    });
    return c.json(body, 200);
  },
);

reviewRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
    tags: TAGS,
    summary: "Submit an approve or request-changes review for a change request",
    request: { params: ChangeRequestParams, body: jsonBody(SubmitReviewBody) },
    responses: {
      201: jsonResponse(ChangeRequestReviewSchema, "A new review has been created"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const path = c.req.valid("param");
    const input = c.req.valid("json");
    const db = c.get("db");
    const requested = callerRequestedPlan(db, path, callerUserId(c));
    const { results, ...found } = await resolveChangeRequest(
      c,
      path.spaceId,
      path.changeRequestId,
      {
        with: requested.statements,
      },
    );
    requireScope(found.caller, "space:write");
    // Official: a requested reviewer, or the space's review role.
    if (!requested.finish(results)) requireRole(found.role, "review", "review this change request");
    if (found.changeRequest.createdBy === found.caller.user.id) {
      throw forbidden("The author of a change request cannot review it");
    }
    if (input.comment !== undefined) allowComment(found, "comment on this change request");
    const written = await submitReview(db, found.changeRequest, {
      reviewerId: found.caller.user.id,
      status: input.status,
      comment:
        input.comment === undefined
          ? undefined
          : storedBody({ document: input.comment }, "comment"),
    });
    const comments = await presentedComments(
      c,
      found,
      written.comment ? [written.comment] : [],
      undefined,
    );
    const review = reviewPresenter(urlsOf(c), found.space.id, comments)(written.item);
    c.header("Location", review.urls.location);
    return c.json(review, 201);
  },
);

reviewRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}",
    tags: TAGS,
    summary: "Get a specific review on a change request by its ID",
    request: { params: ReviewParams, query: ReviewQuery },
    responses: {
      200: jsonResponse(ChangeRequestReviewSchema, "The matching change request review"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { reviewId, ...path } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const read = reviewPlan(c.get("db"), path, reviewId);
    const { results, ...found } = await resolveChangeRequest(
      c,
      path.spaceId,
      path.changeRequestId,
      {
        with: read.statements,
      },
    );
    requireScope(found.caller, "space:read");
    const { row, comments } = read.finish(results);
    if (!row) throw notFound("Change request review");
    const presented = await presentedComments(c, found, comments, format);
    return c.json(reviewPresenter(urlsOf(c), found.space.id, presented)(row), 200);
  },
);
