import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { jsonBody, listOf } from "../../api-document/common";
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
import { deleteAnswers, jsonAnswers, operation, type CommentMount } from "./mounts";

/** The five comment operations of a place (a space or a change request), under its mount. */
export function commentRoutes(mount: CommentMount) {
  const routes = createRouter();
  const params = mount.params;

  routes.openapi(
    createRoute({
      ...operation(mount, "comments", "list"),
      request: { params: params.place, query: ListCommentsQuery },
      responses: jsonAnswers(listOf(CommentSchema), "OK"),
    }),
    (c) => listComments(c, c.req.valid("param"), c.req.valid("query")),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "comments", "post"),
      request: { params: params.place, query: FormatQuery, body: jsonBody(PostCommentBody) },
      responses: jsonAnswers(CommentSchema, "The comment was posted."),
    }),
    (c) => postComment(c, c.req.valid("param"), c.req.valid("json"), c.req.valid("query").format),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "comments", "get"),
      request: { params: params.comment, query: FormatQuery },
      responses: jsonAnswers(CommentSchema, "The returned comment."),
    }),
    (c) => getComment(c, c.req.valid("param"), c.req.valid("query").format),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "comments", "put"),
      request: { params: params.comment, query: FormatQuery, body: jsonBody(UpdateCommentBody) },
      responses: jsonAnswers(CommentSchema, "The comment was updated."),
    }),
    (c) => putComment(c, c.req.valid("param"), c.req.valid("json"), c.req.valid("query").format),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "comments", "delete"),
      request: { params: params.comment },
      responses: deleteAnswers,
    }),
    (c) => removeComment(c, c.req.valid("param")),
  );

  return routes;
}
