import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { jsonBody, listOf } from "../../api-document/common";
import {
  CommentReplySchema,
  FormatQuery,
  ListRepliesQuery,
  PostReplyBody,
  UpdateReplyBody,
} from "../../api/comments";
import { getReply, listReplies, postReply, putReply, removeReply } from "./reply-handlers";
import { deleteAnswers, jsonAnswers, operation, type CommentMount } from "./mounts";

/** The five reply operations on a place's comments (a space or a change request). */
export function replyRoutes(mount: CommentMount) {
  const routes = createRouter();
  const params = mount.params;

  routes.openapi(
    createRoute({
      ...operation(mount, "replies", "list"),
      request: { params: params.comment, query: ListRepliesQuery },
      responses: jsonAnswers(listOf(CommentReplySchema), "OK"),
    }),
    (c) => listReplies(c, c.req.valid("param"), c.req.valid("query")),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "replies", "post"),
      request: { params: params.comment, query: FormatQuery, body: jsonBody(PostReplyBody) },
      responses: jsonAnswers(CommentReplySchema, "The reply was posted."),
    }),
    (c) => postReply(c, c.req.valid("param"), c.req.valid("json"), c.req.valid("query").format),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "replies", "get"),
      request: { params: params.reply, query: FormatQuery },
      responses: jsonAnswers(CommentReplySchema, "The returned comment reply."),
    }),
    (c) => getReply(c, c.req.valid("param"), c.req.valid("query").format),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "replies", "put"),
      request: { params: params.reply, query: FormatQuery, body: jsonBody(UpdateReplyBody) },
      responses: jsonAnswers(CommentReplySchema, "The reply was updated."),
    }),
    (c) => putReply(c, c.req.valid("param"), c.req.valid("json"), c.req.valid("query").format),
  );

  routes.openapi(
    createRoute({
      ...operation(mount, "replies", "delete"),
      request: { params: params.reply },
      responses: deleteAnswers,
    }),
    (c) => removeReply(c, c.req.valid("param")),
  );

  return routes;
}
