import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import {
  getComment,
  listComments,
  postComment,
  putComment,
  removeComment,
} from "./comment-handlers";
import {
  CommentSchema,
  FormatQuery,
  ListCommentsQuery,
  PostCommentBody,
  CrCommentParams,
  CrCommentsParams,
  UpdateCommentBody,
} from "../../api/comments";

/** Comments on a change request (official change-request-comments operations). */
export const crCommentRoutes = createRouter();

crCommentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
    tags: ["change-request-comments"],
    summary: "List all top-level comments in a change request",
    request: { params: CrCommentsParams, query: ListCommentsQuery },
    responses: {
      200: jsonResponse(listOf(CommentSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => listComments(c, c.req.valid("param"), c.req.valid("query")),
);

crCommentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
    tags: ["change-request-comments"],
    summary: "Post a new comment on a change request",
    request: { params: CrCommentsParams, query: FormatQuery, body: jsonBody(PostCommentBody) },
    responses: {
      200: jsonResponse(CommentSchema, "The comment was posted."),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => postComment(c, c.req.valid("param"), c.req.valid("json"), c.req.valid("query").format),
);

crCommentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
    tags: ["change-request-comments"],
    summary: "Get a single comment from a change request by its ID",
    request: { params: CrCommentParams, query: FormatQuery },
    responses: {
      200: jsonResponse(CommentSchema, "The returned comment."),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => {
    const { commentId, ...path } = c.req.valid("param");
    return getComment(c, path, commentId, c.req.valid("query").format);
  },
);

crCommentRoutes.openapi(
  createRoute({
    method: "put",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
    tags: ["change-request-comments"],
    summary: "Update the content or status of a change request comment",
    request: { params: CrCommentParams, query: FormatQuery, body: jsonBody(UpdateCommentBody) },
    responses: {
      200: jsonResponse(CommentSchema, "The comment was updated."),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => {
    const { commentId, ...path } = c.req.valid("param");
    const format = c.req.valid("query").format;
    return putComment(c, path, commentId, c.req.valid("json"), format);
  },
);

crCommentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
    tags: ["change-request-comments"],
    summary: "Delete a change request comment",
    request: { params: CrCommentParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  (c) => {
    const { commentId, ...path } = c.req.valid("param");
    return removeComment(c, path, commentId);
  },
);
