import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import {
  CommentReplySchema,
  FormatQuery,
  ListRepliesQuery,
  PostReplyBody,
  UpdateReplyBody,
} from "../../api/comments";
import { getReply, listReplies, postReply, putReply, removeReply } from "./reply-handlers";
import type { CommentMount } from "./mounts";

/** The five reply operations on a place's comments (a space or a change request). */
export function replyRoutes(mount: CommentMount) {
  const routes = createRouter();
  const { prefix, tag, params } = mount;
  const summary = mount.summaries.replies;
  const list = `${prefix}/comments/{commentId}/replies`;
  const one = `${prefix}/comments/{commentId}/replies/{commentReplyId}`;

  routes.openapi(
    createRoute({
      method: "get",
      path: list,
      tags: [tag],
      summary: summary.list,
      request: { params: params.comment, query: ListRepliesQuery },
      responses: {
        200: jsonResponse(listOf(CommentReplySchema), "OK"),
        ...errorResponses(400, 403, 404),
      },
    }),
    (c) => {
      const { commentId, ...path } = c.req.valid("param");
      return listReplies(c, path, commentId, c.req.valid("query"));
    },
  );

  routes.openapi(
    createRoute({
      method: "post",
      path: list,
      tags: [tag],
      summary: summary.post,
      request: { params: params.comment, query: FormatQuery, body: jsonBody(PostReplyBody) },
      responses: {
        200: jsonResponse(CommentReplySchema, "The reply was posted."),
        ...errorResponses(400, 403, 404),
      },
    }),
    (c) => {
      const { commentId, ...path } = c.req.valid("param");
      const format = c.req.valid("query").format;
      return postReply(c, path, commentId, c.req.valid("json"), format);
    },
  );

  routes.openapi(
    createRoute({
      method: "get",
      path: one,
      tags: [tag],
      summary: summary.get,
      request: { params: params.reply, query: FormatQuery },
      responses: {
        200: jsonResponse(CommentReplySchema, "The returned comment reply."),
        ...errorResponses(400, 403, 404),
      },
    }),
    (c) => {
      const { commentId, commentReplyId, ...path } = c.req.valid("param");
      const ids = { commentId, replyId: commentReplyId };
      return getReply(c, path, ids, c.req.valid("query").format);
    },
  );

  routes.openapi(
    createRoute({
      method: "put",
      path: one,
      tags: [tag],
      summary: summary.put,
      request: { params: params.reply, query: FormatQuery, body: jsonBody(UpdateReplyBody) },
      responses: {
        200: jsonResponse(CommentReplySchema, "The reply was updated."),
        ...errorResponses(400, 403, 404),
      },
    }),
    (c) => {
      const { commentId, commentReplyId, ...path } = c.req.valid("param");
      const ids = { commentId, replyId: commentReplyId };
      return putReply(c, path, ids, c.req.valid("json"), c.req.valid("query").format);
    },
  );

  routes.openapi(
    createRoute({
      method: "delete",
      path: one,
      tags: [tag],
      summary: summary.delete,
      request: { params: params.reply },
      responses: { ...noContent, ...errorResponses(403, 404) },
    }),
    (c) => {
      const { commentId, commentReplyId, ...path } = c.req.valid("param");
      return removeReply(c, path, { commentId, replyId: commentReplyId });
    },
  );

  return routes;
}
