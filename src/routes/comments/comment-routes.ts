import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import {
  CommentSchema,
  FormatQuery,
  ListCommentsQuery,
  PostCommentBody,
  UpdateCommentBody,
} from "../../api/comments";
import {
  getComment,
  listComments,
  postComment,
  putComment,
  removeComment,
} from "./comment-handlers";
import type { CommentMount } from "./mounts";

/** The five comment operations of a place (a space or a change request), under its mount. */
export function commentRoutes(mount: CommentMount) {
  const routes = createRouter();
  const { prefix, tag, params } = mount;
  const summary = mount.summaries.comments;
  const list = `${prefix}/comments`;
  const one = `${prefix}/comments/{commentId}`;

  routes.openapi(
    createRoute({
      method: "get",
      path: list,
      tags: [tag],
      summary: summary.list,
      request: { params: params.place, query: ListCommentsQuery },
      responses: {
        200: jsonResponse(listOf(CommentSchema), "OK"),
        ...errorResponses(400, 403, 404),
      },
    }),
    (c) => listComments(c, c.req.valid("param"), c.req.valid("query")),
  );

  routes.openapi(
    createRoute({
      method: "post",
      path: list,
      tags: [tag],
      summary: summary.post,
      request: { params: params.place, query: FormatQuery, body: jsonBody(PostCommentBody) },
      responses: {
        200: jsonResponse(CommentSchema, "The comment was posted."),
        ...errorResponses(400, 403, 404),
      },
    }),
    (c) => postComment(c, c.req.valid("param"), c.req.valid("json"), c.req.valid("query").format),
  );

  routes.openapi(
    createRoute({
      method: "get",
      path: one,
      tags: [tag],
      summary: summary.get,
      request: { params: params.comment, query: FormatQuery },
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

  routes.openapi(
    createRoute({
      method: "put",
      path: one,
      tags: [tag],
      summary: summary.put,
      request: { params: params.comment, query: FormatQuery, body: jsonBody(UpdateCommentBody) },
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

  routes.openapi(
    createRoute({
      method: "delete",
      path: one,
      tags: [tag],
      summary: summary.delete,
      request: { params: params.comment },
      responses: { ...noContent, ...errorResponses(403, 404) },
    }),
    (c) => {
      const { commentId, ...path } = c.req.valid("param");
      return removeComment(c, path, commentId);
    },
  );

  return routes;
}
