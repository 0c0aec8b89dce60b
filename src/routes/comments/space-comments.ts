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
  SpaceCommentParams,
  SpaceCommentsParams,
  UpdateCommentBody,
} from "../../api/comments";

/** Comments on a space's main content (official space-comments operations). */
export const spaceCommentRoutes = createRouter();

spaceCommentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/comments",
    tags: ["space-comments"],
    summary: "List all top-level comments posted on a space",
    request: { params: SpaceCommentsParams, query: ListCommentsQuery },
    responses: {
      200: jsonResponse(listOf(CommentSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => listComments(c, c.req.valid("param"), c.req.valid("query")),
);

spaceCommentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/comments",
    tags: ["space-comments"],
    summary: "Post a new comment on a space or a specific page",
    request: { params: SpaceCommentsParams, query: FormatQuery, body: jsonBody(PostCommentBody) },
    responses: {
      200: jsonResponse(CommentSchema, "The comment was posted."),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => postComment(c, c.req.valid("param"), c.req.valid("json"), c.req.valid("query").format),
);

spaceCommentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/comments/{commentId}",
    tags: ["space-comments"],
    summary: "Get a single comment from a space by its ID",
    request: { params: SpaceCommentParams, query: FormatQuery },
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

spaceCommentRoutes.openapi(
  createRoute({
    method: "put",
    path: "/spaces/{spaceId}/comments/{commentId}",
    tags: ["space-comments"],
    summary: "Update the body or status of a space comment",
    request: { params: SpaceCommentParams, query: FormatQuery, body: jsonBody(UpdateCommentBody) },
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

spaceCommentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}/comments/{commentId}",
    tags: ["space-comments"],
    summary: "Delete a space comment",
    request: { params: SpaceCommentParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  (c) => {
    const { commentId, ...path } = c.req.valid("param");
    return removeComment(c, path, commentId);
  },
);
