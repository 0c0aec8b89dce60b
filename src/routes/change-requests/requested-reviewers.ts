import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveChangeRequest } from "../../auth/change-request";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { requestedPresenter } from "../../presenters/review";
import { changeRequestPeoplePlan } from "../../services/change-requests/change-requests";
import { requestedListPlan } from "../../services/change-requests/review-reads";
import {
  removeRequestedReviewer,
  requestReviewers,
} from "../../services/change-requests/review-writes";
import { ChangeRequestParams } from "../../api/change-requests";
import {
  ListRequestedReviewersQuery,
  RequestedReviewerParams,
  RequestedReviewerSchema,
  RequestedReviewersResultSchema,
  RequestReviewersBody,
} from "../../api/reviews";
import { REQUESTED_REVIEWERS } from "./review-steps";
import type { UserLike } from "../../api/users";

/** The reviewers requested on a change request: list, request, remove. */
export const requestedReviewerRoutes = createRouter();

const TAGS = ["change-request-reviewers"];

/** The change request's author and head, for requests that predate their requester's record. */
function fallbackOf(people: Map<string, UserLike>, cr: { createdBy: string; revisionId: string }) {
  const author = people.get(cr.createdBy) ?? {
    id: cr.createdBy,
    displayName: "Unknown user",
    email: "",
    photoURL: null,
  };
  return { author, revision: cr.revisionId };
}

requestedReviewerRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
    tags: TAGS,
    summary: "List all users requested to review a change request",
    request: { params: ChangeRequestParams, query: ListRequestedReviewersQuery },
    responses: {
      200: jsonResponse(listOf(RequestedReviewerSchema), "A list of requested reviewers"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const path = c.req.valid("param");
    const q = c.req.valid("query");
    const db = c.get("db");
    const cursors = REQUESTED_REVIEWERS.at(c, path.spaceId, path.changeRequestId);
    const after = await cursors.after(q.page);
    const list = requestedListPlan(db, path, { limit: q.limit, after });
    const people = changeRequestPeoplePlan(db, path.spaceId, path.changeRequestId);
    const { results, ...found } = await resolveChangeRequest(
      c,
      path.spaceId,
      path.changeRequestId,
      {
        with: { ...list.statements, ...people.statements },
      },
    );
    requireScope(found.caller, "space:read");
    const read = list.finish(results);
    const body = await cursors.page({
      rows: read.rows,
      limit: q.limit,
      count: read.count,
      key: (item) => [item.request.requestedAt, item.request.userId],
      present: requestedPresenter(
        urlsOf(c),
        fallbackOf(people.finish(results), found.changeRequest),
      ),
    });
    return c.json(body, 200);
  },
);

requestedReviewerRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
    tags: TAGS,
    summary: "Send review requests to users for a change request",
    request: { params: ChangeRequestParams, body: jsonBody(RequestReviewersBody) },
    responses: {
      200: jsonResponse(RequestedReviewersResultSchema, "The requests have been sent"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const path = c.req.valid("param");
    const { users, ...patch } = c.req.valid("json");
    const db = c.get("db");
    const people = changeRequestPeoplePlan(db, path.spaceId, path.changeRequestId);
    const { results, ...found } = await resolveChangeRequest(
      c,
      path.spaceId,
      path.changeRequestId,
      {
        with: people.statements,
      },
    );
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "request reviews on this change request");
    const { changeRequest: cr, requested } = await requestReviewers(
      db,
      found.space.organizationId,
      found.changeRequest,
      { users, requestedBy: found.caller.user.id, patch },
    );
    const present = requestedPresenter(urlsOf(c), fallbackOf(people.finish(results), cr));
    return c.json({ users: requested.map(present) }, 200);
  },
);

requestedReviewerRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}",
    tags: TAGS,
    summary: "Remove a reviewer from a change request",
    request: { params: RequestedReviewerParams },
    responses: {
      204: { description: "Reviewer was not found" },
      205: { description: "The reviewer has been removed from the change request" },
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { userId, ...path } = c.req.valid("param");
    const found = await resolveChangeRequest(c, path.spaceId, path.changeRequestId);
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "remove reviewers from this change request");
    const removed = await removeRequestedReviewer(c.get("db"), found.changeRequest, userId);
    return c.body(null, removed ? 205 : 204);
  },
);
